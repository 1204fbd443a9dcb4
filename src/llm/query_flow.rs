//! What Query Flow asks a model, and how its replies are read: the plan of a question, the rerank of
//! pooled passages, the sufficiency of the evidence before answering, and the grounding grade of an
//! answer. Each prompt asks for one JSON object (its request's purpose names the object's schema,
//! which is also how test models know what to answer), and has a strict parser: a reply that is not the JSON asked for (prose, a wrong type, a
//! score outside 0..=1, an index that names no passage) is refused with `None`, and the pipeline
//! falls back to its deterministic local version of the step.

use super::prompt_file::filled;
use serde::{Deserialize, Serialize};

/// Search queries a plan may add beside its normalised query.
pub const MAX_SUBQUERIES: usize = 3;
/// Passages a rerank sees at most.
pub const MAX_RERANK: usize = 10;

/// How a question is searched and answered, as a planner wrote it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct QueryPlan {
    /// The question as one clean English search query.
    pub normalized_query: String,
    /// explain, howto, troubleshoot, compare, safety, ...
    #[serde(default)]
    pub intent: String,
    /// short, normal or detailed.
    #[serde(default)]
    pub answer_style: String,
    /// Up to three English sub-questions for the parts of a compound question.
    #[serde(default)]
    pub subqueries: Vec<String>,
    /// Other wordings of the question (kept for the trace; not searched).
    #[serde(default)]
    pub rewrites: Vec<String>,
    /// Constraints on the answer, such as "answer in Korean".
    #[serde(default)]
    pub constraints: Vec<String>,
}

impl QueryPlan {
    /// The queries searched: the normalised query, then each sub-question, without repeats.
    pub fn search_queries(&self) -> Vec<String> {
        let mut queries: Vec<String> = Vec::new();
        for q in std::iter::once(&self.normalized_query).chain(self.subqueries.iter().take(MAX_SUBQUERIES)) {
            let q = q.trim();
            if !q.is_empty() && !queries.iter().any(|seen| seen.eq_ignore_ascii_case(q)) {
                queries.push(q.to_string());
            }
        }
        queries
    }
}

/// The outermost JSON object of a reply. The request asked for the schema with the provider's
/// structured-output feature; a server without one may still wrap the JSON in prose or code fences.
pub fn json_object(reply: &str) -> Option<&str> {
    let start = reply.find('{')?;
    let end = reply.rfind('}')?;
    reply.get(start..=end)
}

/// The reply's [`json_object`] read as `T`; `None` when there is none or it is not a `T`. Read through
/// a `Value`, as the app reads its records: the app's wasm then holds serde's `Value` reader of each
/// type, not also a text reader per type.
pub fn read_object<T: serde::de::DeserializeOwned>(reply: &str) -> Option<T> {
    let value: serde_json::Value = serde_json::from_str(json_object(reply)?).ok()?;
    T::deserialize(&value).ok()
}

/// The plan's JSON schema (the fields of [`QueryPlan`]).
pub const PLAN_SCHEMA: &str = r#"{"type": "object",
 "properties": {"normalized_query": {"type": "string"}, "intent": {"type": "string"}, "answer_style": {"type": "string"},
  "subqueries": {"type": "array", "items": {"type": "string"}}, "rewrites": {"type": "array", "items": {"type": "string"}},
  "constraints": {"type": "array", "items": {"type": "string"}}},
 "required": ["normalized_query", "subqueries"]}"#;

/// The rerank's JSON schema.
pub const RERANK_SCHEMA: &str = r#"{"type": "object", "properties": {"ranking": {"type": "array", "items": {"type": "integer"}}}, "required": ["ranking"]}"#;

/// The sufficiency verdict's JSON schema.
pub const SUFFICIENCY_SCHEMA: &str = r#"{"type": "object",
 "properties": {"score": {"type": "number"}, "verdict": {"type": "string", "enum": ["enough", "not_enough"]},
  "missing_aspects": {"type": "array", "items": {"type": "string"}}},
 "required": ["score", "verdict"]}"#;

/// The grade's JSON schema.
pub const GRADE_SCHEMA: &str = r#"{"type": "object",
 "properties": {"grounded": {"type": "boolean"}, "score": {"type": "number"}, "reason": {"type": "string"}},
 "required": ["grounded", "score"]}"#;

fn valid_score(score: f64) -> bool {
    (0.0..=1.0).contains(&score)
}

/// Reads a plan; `None` unless it is a JSON object with a non-empty `normalized_query` and string
/// lists. More than three sub-questions are cut to three; blank entries are dropped.
pub fn parse_plan(reply: &str) -> Option<QueryPlan> {
    let mut plan: QueryPlan = read_object(reply)?;
    plan.normalized_query = plan.normalized_query.trim().to_string();
    if plan.normalized_query.is_empty() {
        return None;
    }
    for list in [&mut plan.subqueries, &mut plan.rewrites, &mut plan.constraints] {
        list.retain(|s| !s.trim().is_empty());
    }
    plan.subqueries.truncate(MAX_SUBQUERIES);
    Some(plan)
}

/// The planner's prompts: the instructions and the patient's profile in the system message, the
/// question alone as the user message. The plan sees the profile, so "is my medicine safe with this?"
/// becomes a query naming the medicine.
pub fn plan_prompt(question: &str, profile: &str, answer_language: &str) -> (String, String) {
    let profile = if profile.is_empty() { "(none)" } else { profile };
    let system = filled("plan", &[("profile", profile), ("answer_language", answer_language)]);
    (system, question.to_string())
}

/// Reads a rerank: `{"ranking": [i, ...]}` with indices into the `count` passages shown. Repeats are
/// dropped; passages the model left out follow in their retrieval order. `None` when the reply is
/// not that JSON, names an index that is not a passage, or names none.
pub fn parse_rerank(reply: &str, count: usize) -> Option<Vec<usize>> {
    #[derive(Deserialize)]
    struct Reply {
        ranking: Vec<usize>,
    }
    let reply: Reply = read_object(reply)?;
    if reply.ranking.is_empty() || reply.ranking.iter().any(|&i| i >= count) {
        return None;
    }
    let mut order: Vec<usize> = Vec::with_capacity(count);
    for i in reply.ranking.into_iter().chain(0..count) {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    Some(order)
}

/// The reranker's prompts: the query and up to [`MAX_RERANK`] passages numbered from 0.
pub fn rerank_prompt(query: &str, passages: &[(String, String)]) -> (String, String) {
    let system =
        "You rank medical passages by how well they answer a query. Reply with one JSON object only.".to_string();
    let listed: Vec<String> = passages
        .iter()
        .take(MAX_RERANK)
        .enumerate()
        .map(|(i, (title, text))| format!("[{i}] {title}: {}", text.chars().take(300).collect::<String>()))
        .collect();
    let user = format!(
        "Query:\n{query}\n\nPassages:\n{}\n\n\
Return the passage indices from most to least relevant: {{\"ranking\": [2, 0, 1]}}",
        listed.join("\n")
    );
    (system, user)
}

/// Whether the evidence is enough to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Enough,
    NotEnough,
}

/// The sufficiency judge's verdict on the evidence gathered so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sufficiency {
    /// 0 (nothing useful) to 1 (everything the question asks).
    pub score: f64,
    pub verdict: Verdict,
    /// What the evidence lacks, as short English search phrases.
    #[serde(default)]
    pub missing_aspects: Vec<String>,
}

/// Reads a sufficiency verdict; `None` unless the JSON has a score in 0..=1 and a verdict.
pub fn parse_sufficiency(reply: &str) -> Option<Sufficiency> {
    let mut verdict: Sufficiency = read_object(reply)?;
    if !valid_score(verdict.score) {
        return None;
    }
    verdict.missing_aspects.retain(|s| !s.trim().is_empty());
    Some(verdict)
}

/// The sufficiency judge's prompts.
pub fn sufficiency_prompt(question: &str, query: &str, passages: &[(String, String)]) -> (String, String) {
    let system =
        "You decide whether medical passages are enough to answer a question. Reply with one JSON object only."
            .to_string();
    let user = format!(
        "Question:\n{question}\n\nSearch query:\n{query}\n\nPassages:\n{}\n\n\
Return JSON: score from 0.0 (nothing useful) to 1.0 (answers every part), verdict \"enough\" or \"not_enough\", \
missing_aspects: short English search phrases for what the passages lack.\n\
{{\"score\": 0.5, \"verdict\": \"not_enough\", \"missing_aspects\": [\"gout diet\"]}}",
        numbered(passages, 400)
    );
    (system, user)
}

/// The grounding grade of an answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Grade {
    pub grounded: bool,
    /// The share of the answer's claims the cited passages support, 0..=1.
    pub score: f64,
    /// Which claims are unsupported, in a sentence (given to the model when it answers again).
    #[serde(default)]
    pub reason: String,
}

/// Reads a grade; `None` unless the JSON has `grounded` and a score in 0..=1.
pub fn parse_grade(reply: &str) -> Option<Grade> {
    let grade: Grade = read_object(reply)?;
    valid_score(grade.score).then_some(grade)
}

/// The grader's prompts.
pub fn grade_prompt(answer: &str, passages: &[(String, String)]) -> (String, String) {
    let system = "You check medical answers against their sources. Reply with one JSON object only.".to_string();
    let user = format!(
        "Passages:\n{}\n\nAnswer:\n{answer}\n\n\
Is every claim of the answer supported by the passage it cites? Return JSON: grounded true or false, \
score from 0.0 to 1.0 (the share of supported claims), reason: which claims are unsupported.\n\
{{\"grounded\": true, \"score\": 0.9, \"reason\": \"\"}}",
        numbered(passages, 600)
    );
    (system, user)
}

/// Passages as `[n] title\ntext`, numbered from 1 as the answer cites them, each cut to `chars`.
fn numbered(passages: &[(String, String)], chars: usize) -> String {
    if passages.is_empty() {
        return "(none)".into();
    }
    passages
        .iter()
        .enumerate()
        .map(|(i, (title, text))| format!("[{}] {title}\n{}", i + 1, text.chars().take(chars).collect::<String>()))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_is_read_strictly() {
        let plan = parse_plan(
            "```json\n{\"normalized_query\": \" gout treatment \", \"subqueries\": [\"a\", \"\", \"b\", \"c\", \"d\"], \"intent\": \"howto\"}\n```",
        )
        .unwrap();
        assert_eq!(plan.normalized_query, "gout treatment");
        assert_eq!(plan.subqueries, ["a", "b", "c"]);
        assert_eq!(plan.search_queries(), ["gout treatment", "a", "b", "c"]);
        for junk in [
            "",
            "gout",
            "{}",
            "{\"normalized_query\": \"\"}",
            "{\"normalized_query\": 3}",
            "{\"normalized_query\": \"x\", \"subqueries\": \"a\"}",
        ] {
            assert!(parse_plan(junk).is_none(), "{junk}");
        }
        let repeated =
            QueryPlan { normalized_query: "Gout".into(), subqueries: vec!["gout".into()], ..QueryPlan::default() };
        assert_eq!(repeated.search_queries(), ["Gout"]);
    }

    #[test]
    fn a_rerank_names_passages_that_exist() {
        assert_eq!(parse_rerank("{\"ranking\": [2, 0, 2]}", 4), Some(vec![2, 0, 1, 3]));
        for junk in
            ["[2, 0]", "{\"ranking\": []}", "{\"ranking\": [4]}", "{\"ranking\": [-1]}", "{\"ranking\": \"2,0\"}", "no"]
        {
            assert!(parse_rerank(junk, 4).is_none(), "{junk}");
        }
    }

    #[test]
    fn sufficiency_and_grade_need_scores_in_range() {
        let s =
            parse_sufficiency("{\"score\": 0.4, \"verdict\": \"not_enough\", \"missing_aspects\": [\"diet\", \" \"]}")
                .unwrap();
        assert_eq!((s.verdict, s.missing_aspects), (Verdict::NotEnough, vec!["diet".to_string()]));
        for junk in [
            "{\"score\": 1.4, \"verdict\": \"enough\"}",
            "{\"score\": 0.4, \"verdict\": \"maybe\"}",
            "{\"score\": 0.4}",
            "enough",
        ] {
            assert!(parse_sufficiency(junk).is_none(), "{junk}");
        }
        assert!(parse_grade("{\"grounded\": false, \"score\": 0.3, \"reason\": \"dose not in sources\"}").is_some());
        for junk in [
            "{\"grounded\": \"yes\", \"score\": 0.3}",
            "{\"grounded\": true, \"score\": -0.1}",
            "{\"score\": 0.3}",
            "ok",
        ] {
            assert!(parse_grade(junk).is_none(), "{junk}");
        }
    }

    #[test]
    fn the_plan_is_asked_of_the_question_as_written_with_the_profile_in_the_instructions() {
        let (system, user) = plan_prompt("통풍 치료는?\n식단도요", "65세 | 통풍", "Korean");
        assert_eq!(user, "통풍 치료는?\n식단도요");
        assert!(system.contains("Patient profile:\n65세 | 통풍") && system.contains("answer in Korean"), "{system}");
        assert!(plan_prompt("gout?", "", "English").0.contains("Patient profile:\n(none)"));
    }
}
