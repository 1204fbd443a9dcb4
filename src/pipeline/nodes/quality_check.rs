//! Node 9: retrieve again, or stop? Stops when the question needs no documents, at the iteration
//! limit, when quality reaches the threshold, and (with safety stops on) when the new documents are
//! at least 80 % the same as the previous iteration's (Jaccard) or quality improved by less than 0.05.

use super::{json, Detail, Env, State};
use std::collections::HashSet;

/// Jaccard similarity of two document-id lists.
pub fn jaccard(a: &[String], b: &[String]) -> f64 {
    let a: HashSet<&String> = a.iter().collect();
    let b: HashSet<&String> = b.iter().collect();
    let union = a.union(&b).count();
    if union == 0 {
        0.0
    } else {
        a.intersection(&b).count() as f64 / union as f64
    }
}

pub async fn run(state: &mut State, _env: &mut Env<'_>) -> Detail {
    let limit = state.flags.iteration_limit();
    let score = state.quality.overall;
    let history = &state.retrieved_docs_history;
    let duplicate = match history.len() {
        n if n >= 2 => Some(jaccard(&history[n - 1], &history[n - 2])),
        _ => None,
    };
    let scores = &state.quality_score_history;
    let improvement = (scores.len() >= 2).then(|| scores[scores.len() - 1] - scores[scores.len() - 2]);
    let needs_more = score < state.flags.quality_threshold || !state.quality.missing_info.is_empty();
    let stop = if !state.needs_retrieval {
        Some("the question needs no documents".to_string())
    } else if state.iteration_count >= limit {
        Some(format!("iteration limit reached ({limit})"))
    } else if !needs_more {
        Some(format!("quality {score:.2} reached the threshold {:.2}", state.flags.quality_threshold))
    } else if state.flags.safety_stops && duplicate.is_some_and(|j| j >= 0.8) {
        Some(format!("the documents repeat the previous iteration's (Jaccard {:.2})", duplicate.unwrap_or_default()))
    } else if state.flags.safety_stops && improvement.is_some_and(|d| d < 0.05) {
        Some(format!("quality stopped improving ({:+.2})", improvement.unwrap_or_default()))
    } else {
        None
    };
    match &stop {
        Some(reason) => state.stop_reason = Some(reason.clone()),
        None => state.iteration_count += 1,
    }
    json!({
        "score": score, "iteration": state.iteration_count, "limit": limit, "jaccard": duplicate,
        "improvement": improvement, "decision": if stop.is_some() { "stop" } else { "retrieve again" }, "reason": stop,
    })
}
