//! Query Flow's planner: the message becomes a plan: one clean English search query naming the
//! condition, symptom or medicine, up to three English sub-queries for a compound question, and the
//! answer's style and language (the user's: a Korean question is searched in English and answered
//! in Korean). The model writes the plan when the turn may call it; it sees the profile, so "is my
//! medicine safe with this?" becomes a query naming the medicine. Without a model, or when its
//! reply is not the plan asked for, the local plan is the message bridged to English by the concept
//! lexicon, with the profile's medicines or conditions added when the message refers to "my
//! medicine" or "my condition".
//!
//! The model's plan only adds queries: the local plan's query (the user's own words, bridged to the
//! concepts the lexicon knows) is always searched first, and each query the model wrote is searched
//! beside it only when it shares a concept or a topic word with the message; the lists are fused by
//! rank. So a plan about the wrong topic (a small model reading numb feet in a diabetic as gout)
//! adds nothing, and a good plan can only add passages next to what the offline plan finds.

use super::{Env, State};
use crate::core::tokenizer::tokenize;
use crate::core::Lang;
use crate::lexicon::bridge::bridge;
use crate::lexicon::Lexicon;
use crate::llm::query_flow::{parse_plan, plan_prompt, QueryPlan};
use crate::memory::profile::SlotKind;
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::step::PlanDetail;
use crate::pipeline::trace::CallPurpose;

/// Words by which a message refers to the person's own medicines.
const OWN_MEDICINES: &[&str] = &[
    "my medicine",
    "my medication",
    "my meds",
    "my pills",
    "my drugs",
    "내 약",
    "제 약",
    "먹는 약",
    "복용 중인 약",
    "복용하는 약",
    "먹고 있는 약",
];
/// Words by which a message refers to the person's own conditions.
const OWN_CONDITIONS: &[&str] = &["my condition", "my disease", "my illness", "내 병", "제 병", "지병", "앓고 있는 병"];

/// Words that frame a question rather than name its topic: sharing one is not sharing a topic.
const QUESTION_FRAME: &str = "symptoms signs treatment treat causes cause diagnosis prevention prevent risk \
    complications outlook information care management manage help";

pub async fn run(state: &mut State, env: &mut Env<'_>) -> PlanDetail {
    let language = match state.lang() {
        Lang::Ko => "Korean",
        Lang::En => "English",
    };
    let local = local_plan(state, env, language);
    let prompt = plan_prompt(&state.user_text, &state.profile_for_prompt(), language);
    let (plan, source, why) =
        match super::ask_json(state, env, CallPurpose::Plan, prompt, 400, "plan", parse_plan).await {
            Ok(plan) => (plan, "model", None),
            Err(no) => (local.clone(), "local", no.why()),
        };
    let model_plan = (source == "model").then_some(&plan);
    let (queries, dropped) = planned_queries(env.services.lexicon, &state.user_text, &local, model_plan);
    state.plan = Some(plan.clone());
    state.planned_queries = queries.clone();
    PlanDetail { source, why, queries, dropped, plan }
}

/// The queries a turn searches, and the model's queries left out: the local plan's first, then each
/// query of the model's plan (when it wrote one) that shares a concept or a topic word with the message.
pub fn planned_queries(
    lexicon: Option<&Lexicon>,
    message: &str,
    local: &QueryPlan,
    model: Option<&QueryPlan>,
) -> (Vec<String>, Vec<String>) {
    let mut queries = local.search_queries();
    let mut dropped = Vec::new();
    if let Some(plan) = model {
        let topic = Topic::of(lexicon, message, &local.normalized_query);
        for query in plan.search_queries() {
            if queries.iter().any(|q| q.eq_ignore_ascii_case(&query)) {
                continue;
            }
            if topic.shared_by(lexicon, &query) {
                queries.push(query);
            } else {
                dropped.push(query);
            }
        }
    }
    (queries, dropped)
}

/// What a message is about: the lexicon's concepts in it and the topic words of its search query.
struct Topic {
    concepts: Vec<String>,
    words: Vec<String>,
}

impl Topic {
    fn of(lexicon: Option<&Lexicon>, message: &str, query: &str) -> Topic {
        Topic { concepts: concepts(lexicon, message), words: topic_words(&format!("{message} {query}")) }
    }

    /// Whether `query` names a concept or a topic word of the message.
    fn shared_by(&self, lexicon: Option<&Lexicon>, query: &str) -> bool {
        concepts(lexicon, query).iter().any(|c| self.concepts.contains(c))
            || topic_words(query).iter().any(|w| self.words.contains(w))
    }
}

fn concepts(lexicon: Option<&Lexicon>, text: &str) -> Vec<String> {
    lexicon.map(|lexicon| bridge(lexicon, text).concepts).unwrap_or_default()
}

/// The search terms of `text` that are not question frames ("symptoms", "treatment").
fn topic_words(text: &str) -> Vec<String> {
    let frame = tokenize(QUESTION_FRAME);
    tokenize(text).into_iter().filter(|t| !frame.contains(t)).collect()
}

/// The message as the local plan searches it: bridged to English by the lexicon; a message the lexicon
/// understood nothing of (or no lexicon) is searched as it is.
pub fn bridged_query(lexicon: Option<&Lexicon>, message: &str) -> String {
    let bridged = lexicon.map(|lexicon| bridge(lexicon, message).text).unwrap_or_default();
    if bridged.trim().is_empty() {
        message.to_string()
    } else {
        bridged
    }
}

/// The deterministic plan: the message in the English the search would make of it, with the named
/// medicines or conditions of the profile when the message refers to them without naming them.
pub fn local_plan(state: &State, env: &Env<'_>, language: &str) -> QueryPlan {
    let mut query = bridged_query(env.services.lexicon, &state.user_text);
    let lower = state.user_text.to_lowercase();
    let refers = |cues: &[&str]| cues.iter().any(|c| lower.contains(c));
    // memory_mode none is the no-memory ablation: the profile is not used.
    let profile = state.about_profile.as_ref().filter(|_| state.flags.memory_mode == MemoryMode::Structured);
    let named = |kind: SlotKind| -> Vec<String> {
        profile.map(|p| p.facts.iter().filter(|f| f.slot == kind).map(|f| f.en.clone()).collect()).unwrap_or_default()
    };
    let mut added = Vec::new();
    if refers(OWN_MEDICINES) {
        added.extend(named(SlotKind::Medications));
    }
    if refers(OWN_CONDITIONS) {
        added.extend(named(SlotKind::Conditions));
    }
    for name in added {
        if !query.to_lowercase().contains(&name.to_lowercase()) {
            query = format!("{query} {name}");
        }
    }
    QueryPlan {
        normalized_query: query.trim().to_string(),
        intent: String::new(),
        answer_style: "normal".into(),
        subqueries: Vec::new(),
        rewrites: Vec::new(),
        constraints: vec![format!("answer in {language}")],
    }
}
