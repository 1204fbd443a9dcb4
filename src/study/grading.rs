//! What needs a model to measure, as RAGAS defines it. Faithfulness: the model lists the answer's
//! statements, then says for each whether the passages support it; the score is the supported share.
//! Answer relevancy: the model writes questions the answer answers; the score is their mean cosine
//! to the real question with the embedding model. A reply that is not the JSON asked for gives no
//! score (counted apart in the report), never a made-up one.

use crate::llm::{CallPurpose, ChatRequest, Llm};
use crate::pipeline::ports::Embedder;

/// Questions generated per answer for answer relevancy.
const QUESTIONS: usize = 3;

async fn ask(llm: &dyn Llm, purpose: CallPurpose, system: &str, user: String) -> Option<String> {
    let request =
        ChatRequest { max_tokens: Some(600), temperature: Some(0.0), ..ChatRequest::new(purpose, system, user) };
    llm.complete(&request, &mut |_| {}).await.ok().map(|c| c.text)
}

/// The first JSON array in `reply`: the list of the object asked for (`{"statements": [...]}`), or a
/// bare array (models without structured output wrap it in prose or code fences).
fn json_array(reply: &str) -> Option<Vec<serde_json::Value>> {
    let start = reply.find('[')?;
    let end = reply.rfind(']')?;
    serde_json::from_str(reply.get(start..=end)?).ok()
}

const STATEMENTS_PROMPT: &str = "Break the ANSWER into short standalone factual statements (at most 10). \
Reply with JSON only: {\"statements\": [\"...\", ...]}.";

const VERDICTS_PROMPT: &str = "For each numbered STATEMENT, decide whether the PASSAGES support it. \
Reply with JSON only: {\"verdicts\": [1, 0, ...]}, 1 (supported) or 0 (not supported), one per statement in order.";

const QUESTIONS_PROMPT: &str = "Write 3 different questions that the ANSWER answers, in the ANSWER's language. \
Reply with JSON only: {\"questions\": [\"...\", ...]}.";

/// The share of the answer's statements the passages support.
pub async fn faithfulness(llm: &dyn Llm, answer: &str, passages: &[&str]) -> Option<f64> {
    let reply = ask(llm, CallPurpose::Statements, STATEMENTS_PROMPT, format!("ANSWER:\n{answer}")).await?;
    let statements: Vec<String> =
        json_array(&reply)?.into_iter().filter_map(|v| v.as_str().map(str::to_string)).collect();
    if statements.is_empty() {
        return None;
    }
    let numbered: String = statements.iter().enumerate().map(|(i, s)| format!("{}. {s}\n", i + 1)).collect();
    let sources: String = passages.iter().enumerate().map(|(i, p)| format!("[{}] {p}\n", i + 1)).collect();
    let reply =
        ask(llm, CallPurpose::Support, VERDICTS_PROMPT, format!("PASSAGES:\n{sources}\nSTATEMENTS:\n{numbered}"))
            .await?;
    let verdicts: Vec<f64> = json_array(&reply)?.iter().filter_map(|v| v.as_f64()).collect();
    if verdicts.len() != statements.len() {
        return None;
    }
    Some(verdicts.iter().filter(|v| **v >= 0.5).count() as f64 / verdicts.len() as f64)
}

/// The mean cosine between the question and questions generated from the answer.
pub async fn answer_relevancy(llm: &dyn Llm, embedder: &dyn Embedder, question: &str, answer: &str) -> Option<f64> {
    let reply = ask(llm, CallPurpose::Questions, QUESTIONS_PROMPT, format!("ANSWER:\n{answer}")).await?;
    let generated: Vec<String> = json_array(&reply)?
        .into_iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .filter(|q| !q.trim().is_empty())
        .take(QUESTIONS)
        .collect();
    if generated.is_empty() {
        return None;
    }
    let asked = embedder.embed(question).await;
    let mut total = 0.0;
    for q in &generated {
        total += cosine(&asked, &embedder.embed(q).await);
    }
    Some(total / generated.len() as f64)
}

fn cosine(a: &[f32], b: &[f32]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| f64::from(*x) * f64::from(*y)).sum();
    let norm = |v: &[f32]| v.iter().map(|x| f64::from(*x).powi(2)).sum::<f64>().sqrt();
    let n = norm(a) * norm(b);
    if n == 0.0 {
        0.0
    } else {
        dot / n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{Completion, LlmError, LocalFuture};
    use crate::pipeline::ports::LexicalEmbedder;
    use std::cell::RefCell;

    /// Replies in turn from a list.
    struct Replies(RefCell<Vec<&'static str>>);

    impl Llm for Replies {
        fn name(&self) -> String {
            "replies".into()
        }
        fn complete<'a>(
            &'a self,
            _: &'a ChatRequest,
            _: &'a mut dyn FnMut(&str),
        ) -> LocalFuture<'a, Result<Completion, LlmError>> {
            let text = self.0.borrow_mut().remove(0).to_string();
            Box::pin(async move { Ok(Completion { text, usage: None }) })
        }
    }

    #[test]
    fn faithfulness_is_the_supported_share_and_bad_json_gives_none() {
        let llm = Replies(RefCell::new(vec![
            "Sure:\n```json\n[\"Gout is arthritis.\", \"It is caused by uric acid.\", \"It is contagious.\"]\n```",
            "[1, 1, 0]",
        ]));
        let score = pollster::block_on(faithfulness(&llm, "answer", &["passage"])).unwrap();
        assert!((score - 2.0 / 3.0).abs() < 1e-9);
        let llm = Replies(RefCell::new(vec!["[\"a\", \"b\"]", "[1]"]));
        assert_eq!(pollster::block_on(faithfulness(&llm, "answer", &["passage"])), None);
        let llm = Replies(RefCell::new(vec!["I cannot do that."]));
        assert_eq!(pollster::block_on(faithfulness(&llm, "answer", &["passage"])), None);
    }

    #[test]
    fn relevancy_is_higher_for_questions_on_the_same_topic() {
        let same = Replies(RefCell::new(vec!["[\"How is gout treated?\", \"What treats gout attacks?\"]"]));
        let other = Replies(RefCell::new(vec!["[\"What is glaucoma?\"]"]));
        let q = "How do doctors treat gout?";
        let near = pollster::block_on(answer_relevancy(&same, &LexicalEmbedder, q, "a")).unwrap();
        let far = pollster::block_on(answer_relevancy(&other, &LexicalEmbedder, q, "a")).unwrap();
        assert!(near > far, "{near} {far}");
    }
}
