//! A deterministic LLM for tests: replies are chosen by the request's purpose (Query Flow's plan,
//! rerank, sufficiency and grade, the judge, rewrite, conversation summary, answer) and by a
//! script, and every request is recorded.

use super::{CallPurpose, ChatRequest, Completion, Llm, LlmError, LocalFuture, CARE_LEVEL};
use std::cell::RefCell;

/// What the scripted model answers.
#[derive(Clone, Debug)]
pub struct Script {
    /// The judge's reply (a JSON object, or anything to test bad JSON).
    pub judge: String,
    /// The rewriter's reply.
    pub rewrite: String,
    /// The conversation-memory summary; `{turns}` becomes how many exchanges it was given.
    pub summary: String,
    /// Fail only the conversation-memory summaries with this error.
    pub summary_fail: Option<LlmError>,
    /// The answer; `{sources}` becomes "[1] [2]" for as many sources as the prompt numbers, and
    /// `{quotes}` the first sentence of each numbered source with its citation (an answer the
    /// answer checks accept, in English).
    pub answer: String,
    /// Every answer after this model's first (the one written again after an answer check refused
    /// the first; `{sources}` as in `answer`); `None`: the same as `answer`.
    pub answer_again: Option<String>,
    /// The planner's reply; `{question}` becomes the question of the plan prompt.
    pub plan: String,
    /// The reranker's reply.
    pub rerank: String,
    /// The sufficiency judge's reply.
    pub sufficiency: String,
    /// The grader's reply.
    pub grade: String,
    /// Fail every call with this error.
    pub fail: Option<LlmError>,
    /// The triage level this model gives as the `care_level` key of a structured reply. Like a
    /// provider that enforces the reply's schema, it writes the key only when the request's schema
    /// names it.
    pub care_level: Option<String>,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            judge: judge_json(0.9, &[]),
            rewrite: "diabetes symptoms complications".into(),
            summary: "Summary of {turns} earlier exchanges: the patient asked about diabetes.".into(),
            summary_fail: None,
            answer: "{quotes}".into(),
            answer_again: None,
            plan: r#"{"normalized_query": "{question}", "intent": "explain", "answer_style": "normal", "subqueries": [], "rewrites": [], "constraints": []}"#.into(),
            rerank: r#"{"ranking": [0]}"#.into(),
            sufficiency: r#"{"score": 0.9, "verdict": "enough", "missing_aspects": []}"#.into(),
            grade: r#"{"grounded": true, "score": 0.95, "reason": ""}"#.into(),
            fail: None,
            care_level: None,
        }
    }
}

/// The first sentence of each numbered source of `prompt` (`[n] title` then its text on the next
/// line), cited: "Gout is a painful arthritis [1]."
fn quotes(prompt: &str) -> String {
    let quoted: Vec<String> = (1..=9)
        .filter_map(|n| {
            let at = prompt.find(&format!("\n[{n}] "))?;
            let text = prompt[at + 1..].lines().nth(1)?;
            let sentence = text.split_inclusive(['.', '!', '?']).next()?.trim().trim_end_matches(['.', '!', '?']);
            (!sentence.is_empty()).then(|| format!("{sentence} [{n}]."))
        })
        .collect();
    if quoted.is_empty() {
        return "There are no numbered sources to quote.".into();
    }
    quoted.join(" ")
}

/// A judge reply with all three scores `score`.
pub fn judge_json(score: f64, missing: &[&str]) -> String {
    serde_json::json!({
        "grounding_score": score, "completeness_score": score, "accuracy_score": score,
        "missing_info": missing, "improvement_suggestions": [], "safety_concerns": []
    })
    .to_string()
}

/// `reply` with the `care_level` key set to `level`, when the request's schema names the key and
/// the reply is a JSON object.
fn with_care_level(reply: String, request: &ChatRequest, level: &str) -> String {
    let allowed = request.schema().is_some_and(|s| s["properties"].get(CARE_LEVEL).is_some());
    match serde_json::from_str::<serde_json::Value>(&reply) {
        Ok(serde_json::Value::Object(mut fields)) if allowed => {
            fields.insert(CARE_LEVEL.into(), level.into());
            serde_json::Value::Object(fields).to_string()
        }
        _ => reply,
    }
}

/// The scripted model.
#[derive(Default)]
pub struct ScriptedLlm {
    pub script: Script,
    /// Every request received, in order.
    pub requests: RefCell<Vec<ChatRequest>>,
}

impl ScriptedLlm {
    pub fn new(script: Script) -> Self {
        ScriptedLlm { script, requests: RefCell::default() }
    }
}

fn is_summary(request: &ChatRequest) -> bool {
    request.purpose == CallPurpose::MemorySummary
}

impl ScriptedLlm {
    /// How many answer requests arrived so far (this one included).
    fn answers_so_far(&self) -> usize {
        self.requests.borrow().iter().filter(|r| r.purpose == CallPurpose::Answer).count()
    }

    /// The conversation-memory summary requests received so far (their user message).
    pub fn summary_requests(&self) -> Vec<String> {
        let requests = self.requests.borrow();
        requests.iter().filter(|r| is_summary(r)).filter_map(|r| r.messages.last()).map(|m| m.content.clone()).collect()
    }
}

impl Llm for ScriptedLlm {
    fn name(&self) -> String {
        "scripted".into()
    }

    fn complete<'a>(
        &'a self,
        request: &'a ChatRequest,
        on_delta: &'a mut dyn FnMut(&str),
    ) -> LocalFuture<'a, Result<Completion, LlmError>> {
        Box::pin(async move {
            self.requests.borrow_mut().push(request.clone());
            if let Some(err) = &self.script.fail {
                return Err(err.clone());
            }
            let prompt: String = request.messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>().join("\n");
            let summary = is_summary(request);
            if let Some(err) = self.script.summary_fail.as_ref().filter(|_| summary) {
                return Err(err.clone());
            }
            let text = match request.purpose {
                CallPurpose::Plan => {
                    // A plan request's user message is the question.
                    let question = request.messages.last().map_or("", |m| m.content.trim());
                    let question = question.lines().next().unwrap_or_default();
                    self.script.plan.replace("{question}", &question.replace('"', "'"))
                }
                CallPurpose::Rerank => self.script.rerank.clone(),
                CallPurpose::Sufficiency => self.script.sufficiency.clone(),
                CallPurpose::Grade => self.script.grade.clone(),
                CallPurpose::MemorySummary => {
                    self.script.summary.replace("{turns}", &prompt.matches("\nAssistant: ").count().to_string())
                }
                CallPurpose::Judge => self.script.judge.clone(),
                CallPurpose::Rewrite => self.script.rewrite.clone(),
                CallPurpose::Answer | CallPurpose::Support | CallPurpose::Questions | CallPurpose::Probe => {
                    let sources = (1..=9)
                        .filter(|n| prompt.contains(&format!("\n[{n}] ")))
                        .map(|n| format!("[{n}]"))
                        .collect::<Vec<_>>();
                    let again = self.script.answer_again.as_ref().filter(|_| self.answers_so_far() > 1);
                    again
                        .unwrap_or(&self.script.answer)
                        .replace("{sources}", &sources.join(" "))
                        .replace("{quotes}", &quotes(&prompt))
                }
            };
            let text = match &self.script.care_level {
                Some(level) => with_care_level(text, request, level),
                None => text,
            };
            for piece in text.split_inclusive(' ') {
                on_delta(piece);
            }
            Ok(Completion { text, usage: None })
        })
    }
}
