//! Query Flow's sufficiency judge, before anything is generated: is the evidence enough to answer?
//! A score from 0 to 1, a verdict and the aspects that are missing. Below `min_sufficiency` the
//! turn retrieves again with a query for the missing aspects added to its own, while the loop has
//! rounds left (`max_sufficiency_iterations`), something is missing to search for, the new round found other
//! documents than the last (Jaccard below 0.8) and the score rose by 0.05 at least. One short call
//! here is far cheaper than the corrective loop, which generates a whole answer and judges it.
//!
//! The model judges when the turn may call it. The local judge (no model, or a reply that is not
//! the verdict asked for) scores the share of the query's terms that the passages contain, reading
//! a Korean query through the concept lexicon, and names the terms not found as missing.

use super::quality_check::jaccard;
use super::{passages, Env, State};
use crate::core::tokenizer::tokenize;
use crate::lexicon::bridge::bridge;
use crate::llm::query_flow::{parse_sufficiency, sufficiency_prompt, Sufficiency, Verdict};
use crate::pipeline::step::SufficiencyDetail;
use crate::pipeline::trace::CallPurpose;
use std::collections::HashSet;

/// Missing aspects the local judge names at most.
const MISSING: usize = 3;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> SufficiencyDetail {
    let query = state.topic_query();
    let evidence = passages(&state.retrieved_docs);
    let prompt = sufficiency_prompt(&state.user_text, &query, &evidence);
    let reply = super::ask_json(state, env, CallPurpose::Sufficiency, prompt, 200, "verdict", parse_sufficiency).await;
    let (verdict, method, why) = match reply {
        Ok(verdict) => (verdict, "model", None),
        Err(no) => (local(state, env, &query), "local", no.why()),
    };
    let previous = state.sufficiency.last().map(|s| s.score);
    let rounds = state.sufficiency.len() + 1;
    let limit = state.flags.sufficiency_limit();
    let history = &state.retrieved_docs_history;
    let repeated =
        (history.len() >= 2 && rounds >= 2).then(|| jaccard(&history[history.len() - 1], &history[history.len() - 2]));
    let improvement = previous.map(|p| verdict.score - p);
    let stop = if verdict.score >= state.flags.min_sufficiency {
        Some("enough")
    } else if rounds >= limit {
        Some("round limit")
    } else if verdict.missing_aspects.is_empty() {
        Some("nothing named as missing")
    } else if repeated.is_some_and(|j| j >= 0.8) {
        Some("same documents again")
    } else if improvement.is_some_and(|d| d < 0.05) {
        Some("no progress")
    } else if state.stop_reason.is_some() {
        Some("stopped")
    } else {
        None
    };
    state.retrieve_again = stop.is_none();
    state.sufficiency.push(verdict.clone());
    SufficiencyDetail {
        method,
        why,
        verdict,
        round: rounds,
        limit,
        threshold: state.flags.min_sufficiency,
        jaccard: repeated,
        improvement,
        decision: if stop.is_none() { "retrieve again" } else { "answer" },
        reason: stop,
    }
}

/// The local verdict: the share of the query's terms found in the passages.
fn local(state: &State, env: &Env<'_>, query: &str) -> Sufficiency {
    let english = env.services.lexicon.map_or_else(|| query.to_string(), |lexicon| bridge(lexicon, query).text);
    // The query's words that are index terms (not stop words), each once, named as written.
    let mut terms: Vec<(String, Vec<String>)> = Vec::new();
    for word in english.split(|c: char| !c.is_alphanumeric() && c != '-') {
        let stems = tokenize(word);
        if !stems.is_empty() && !terms.iter().any(|(w, _)| w.eq_ignore_ascii_case(word)) {
            terms.push((word.to_lowercase(), stems));
        }
    }
    let found: HashSet<String> =
        state.retrieved_docs.iter().flat_map(|d| tokenize(&format!("{} {}", d.title, d.passage))).collect();
    let missing: Vec<String> =
        terms.iter().filter(|(_, stems)| stems.iter().any(|s| !found.contains(s))).map(|(w, _)| w.clone()).collect();
    let score = match (state.retrieved_docs.is_empty(), terms.is_empty()) {
        (true, _) => 0.0,
        (false, true) => 1.0,
        (false, false) => (terms.len() - missing.len()) as f64 / terms.len() as f64,
    };
    Sufficiency {
        score,
        verdict: if score >= state.flags.min_sufficiency { Verdict::Enough } else { Verdict::NotEnough },
        // Nothing found at all: searching the same terms again cannot help.
        missing_aspects: if state.retrieved_docs.is_empty() {
            Vec::new()
        } else {
            missing.into_iter().take(MISSING).collect()
        },
    }
}
