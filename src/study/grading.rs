//! What needs a model to measure, after RAGAS. Faithfulness: the model says for each of the answer's
//! sentences (split here, not by the model: a small model restating a long answer runs past any
//! token limit) whether the passages support it; the score is the supported share.
//! Answer relevancy: the model writes questions the answer answers; the score is their mean cosine
//! to the real question with the embedding model. A reply that is not the JSON asked for gives no
//! score (counted apart in the report), never a made-up one.

use crate::core::citation;
use crate::llm::{CallPurpose, ChatRequest, Llm};
use crate::pipeline::nodes::grade;
use crate::pipeline::ports::Embedder;

/// Questions generated per answer for answer relevancy.
const QUESTIONS: usize = 3;

/// The reply to one grading request; `list_len` fixes the length of the list asked for, when known.
async fn ask(
    llm: &dyn Llm,
    purpose: CallPurpose,
    list_len: Option<usize>,
    system: &str,
    user: String,
) -> Option<String> {
    let request = ChatRequest {
        max_tokens: Some(600),
        temperature: Some(0.0),
        list_len,
        ..ChatRequest::new(purpose, system, user)
    };
    llm.complete(&request, &mut |_| {}).await.ok().map(|c| c.text)
}

/// The first JSON array in `reply`: the list of the object asked for (`{"statements": [...]}`), or a
/// bare array (models without structured output wrap it in prose or code fences).
fn json_array(reply: &str) -> Option<Vec<serde_json::Value>> {
    let start = reply.find('[')?;
    let end = reply.rfind(']')?;
    serde_json::from_str(reply.get(start..=end)?).ok()
}

const VERDICTS_PROMPT: &str = "For each numbered STATEMENT, decide whether the PASSAGES support it. \
Reply with JSON only: {\"verdicts\": [1, 0, ...]}, 1 (supported) or 0 (not supported), one per statement in order.";

const QUESTIONS_PROMPT: &str = "Write 3 different questions that the ANSWER answers, in the ANSWER's language. \
Reply with JSON only: {\"questions\": [\"...\", ...]}.";

/// Sentences of an answer graded for faithfulness: its first ones, as RAGAS caps its statements.
const SENTENCES: usize = 10;

/// The share of the answer's sentences the passages support.
pub async fn faithfulness(llm: &dyn Llm, answer: &str, passages: &[&str]) -> Option<f64> {
    let statements: Vec<String> = grade::sentences(answer).take(SENTENCES).map(citation::strip).collect();
    if statements.is_empty() {
        return None;
    }
    let numbered: String = statements.iter().enumerate().map(|(i, s)| format!("{}. {s}\n", i + 1)).collect();
    let sources: String = passages.iter().enumerate().map(|(i, p)| format!("[{}] {p}\n", i + 1)).collect();
    let user = format!("PASSAGES:\n{sources}\nSTATEMENTS:\n{numbered}");
    let reply = ask(llm, CallPurpose::Support, Some(statements.len()), VERDICTS_PROMPT, user).await?;
    let verdicts: Vec<f64> = json_array(&reply)?.iter().filter_map(|v| v.as_f64()).collect();
    if verdicts.len() != statements.len() {
        return None;
    }
    Some(verdicts.iter().filter(|v| **v >= 0.5).count() as f64 / verdicts.len() as f64)
}

/// The mean cosine between the question and questions generated from the answer.
pub async fn answer_relevancy(llm: &dyn Llm, embedder: &dyn Embedder, question: &str, answer: &str) -> Option<f64> {
    let reply =
        ask(llm, CallPurpose::Questions, Some(QUESTIONS), QUESTIONS_PROMPT, format!("ANSWER:\n{answer}")).await?;
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

    const ANSWER: &str = "Gout is a kind of arthritis [1]. It is caused by uric acid [2].\nIt is contagious.\nSources:";

    #[test]
    fn faithfulness_is_the_supported_share_of_sentences_and_bad_json_gives_none() {
        let llm = Replies(RefCell::new(vec!["Sure:\n```json\n[1, 1, 0]\n```"]));
        let score = pollster::block_on(faithfulness(&llm, ANSWER, &["passage"])).unwrap();
        assert!((score - 2.0 / 3.0).abs() < 1e-9);
        let llm = Replies(RefCell::new(vec!["[1]"]));
        assert_eq!(pollster::block_on(faithfulness(&llm, ANSWER, &["passage"])), None);
        let llm = Replies(RefCell::new(vec!["I cannot do that."]));
        assert_eq!(pollster::block_on(faithfulness(&llm, ANSWER, &["passage"])), None);
        let llm = Replies(RefCell::new(vec![]));
        assert_eq!(pollster::block_on(faithfulness(&llm, "Hello!", &["passage"])), None, "nothing to grade, no call");
    }

    /// Records each request's user message and schema, and replies like [`Replies`].
    struct Recorded(Replies, RefCell<Vec<(String, serde_json::Value)>>);

    impl Llm for Recorded {
        fn name(&self) -> String {
            "recorded".into()
        }
        fn complete<'a>(
            &'a self,
            request: &'a ChatRequest,
            on_token: &'a mut dyn FnMut(&str),
        ) -> LocalFuture<'a, Result<Completion, LlmError>> {
            let user = request.messages.last().map(|m| m.content.clone()).unwrap_or_default();
            self.1.borrow_mut().push((user, request.schema().unwrap_or_default()));
            self.0.complete(request, on_token)
        }
    }

    #[test]
    fn each_sentence_gets_exactly_one_verdict_and_its_citations_are_not_graded() {
        // A small model asked for verdicts writes them until its token limit unless the schema holds
        // the list to the number of sentences.
        let llm = Recorded(Replies(RefCell::new(vec!["[1, 0, 1]"])), RefCell::default());
        pollster::block_on(faithfulness(&llm, ANSWER, &["passage"])).unwrap();
        let asked = llm.1.borrow();
        let (user, schema) = &asked[0];
        assert_eq!(schema["properties"]["verdicts"]["minItems"], 3);
        assert_eq!(schema["properties"]["verdicts"]["maxItems"], 3);
        assert!(user.contains("1. Gout is a kind of arthritis") && user.contains("\n3. It is contagious.\n"), "{user}");
        assert!(!user.contains("[2]"), "the answer's own citation numbers are not the passages': {user}");
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
