//! A deterministic LLM for tests: replies are chosen by what the request is (Query Flow's plan,
//! rerank, sufficiency and grade, the judge, rewrite, conversation summary, answer) and by a
//! script, and every request is recorded.

use super::{query_flow, ChatRequest, Completion, Llm, LlmError, LocalFuture};
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
    /// The answer; `{sources}` becomes "[1] [2]" for as many sources as the prompt numbers.
    pub answer: String,
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
}

impl Default for Script {
    fn default() -> Self {
        Script {
            judge: judge_json(0.9, &[]),
            rewrite: "diabetes symptoms complications".into(),
            summary: "Summary of {turns} earlier exchanges: the patient asked about diabetes.".into(),
            summary_fail: None,
            answer: "Based on the sources {sources}, here is what applies to you.".into(),
            plan: r#"{"normalized_query": "{question}", "intent": "explain", "answer_style": "normal", "subqueries": [], "rewrites": [], "constraints": []}"#.into(),
            rerank: r#"{"ranking": [0]}"#.into(),
            sufficiency: r#"{"score": 0.9, "verdict": "enough", "missing_aspects": []}"#.into(),
            grade: r#"{"grounded": true, "score": 0.95, "reason": ""}"#.into(),
            fail: None,
        }
    }
}

/// A judge reply with all three scores `score`.
pub fn judge_json(score: f64, missing: &[&str]) -> String {
    serde_json::json!({
        "grounding_score": score, "completeness_score": score, "accuracy_score": score,
        "missing_info": missing, "improvement_suggestions": [], "safety_concerns": []
    })
    .to_string()
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

/// Whether `request` asks for a conversation-memory summary.
fn is_summary(request: &ChatRequest) -> bool {
    request.messages.last().is_some_and(|m| m.content.ends_with(super::prompts::SUMMARY_CUE))
}

impl ScriptedLlm {
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
            let cue = request.messages.last().map_or("", |m| m.content.lines().next().unwrap_or(""));
            let text = if cue == query_flow::PLAN_CUE {
                let question = request.messages.last().and_then(|m| query_flow::planned_question(&m.content));
                let question = question.and_then(|q| q.lines().next()).unwrap_or_default();
                self.script.plan.replace("{question}", &question.replace('"', "'"))
            } else if cue == query_flow::RERANK_CUE {
                self.script.rerank.clone()
            } else if cue == query_flow::SUFFICIENCY_CUE {
                self.script.sufficiency.clone()
            } else if cue == query_flow::GRADE_CUE {
                self.script.grade.clone()
            } else if summary {
                self.script.summary.replace("{turns}", &prompt.matches("\nAssistant: ").count().to_string())
            } else if request.json {
                self.script.judge.clone()
            } else if prompt.contains("Rewritten query:") {
                self.script.rewrite.clone()
            } else {
                let sources = (1..=9)
                    .filter(|n| prompt.contains(&format!("\n[{n}] ")))
                    .map(|n| format!("[{n}]"))
                    .collect::<Vec<_>>();
                self.script.answer.replace("{sources}", &sources.join(" "))
            };
            for piece in text.split_inclusive(' ') {
                on_delta(piece);
            }
            Ok(Completion { text, usage: None })
        })
    }
}
