//! Node 9: retrieve again, or stop? Stops when the question needs no documents, at the iteration
//! limit, when quality reaches the threshold, when a model answered and the turn's call budget has
//! no call left for another answer, and (with safety stops on) when the new documents are
//! at least 80 % the same as the previous iteration's (Jaccard) or quality improved by less than 0.05.

use super::{Env, State};
use crate::core::Lang;
use crate::pipeline::step::{NoCall, QualityCheckDetail};
use crate::pipeline::stop::StopReason;
use crate::pipeline::trace::CallPurpose;
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

pub async fn run(state: &mut State, env: &mut Env<'_>) -> QualityCheckDetail {
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
    // Another pass means another answer; with a model, that needs a call the budget still allows.
    let budget = state.flags.max_llm_calls_per_turn;
    let out_of_calls = matches!(super::may_call(state, env, CallPurpose::Answer), Err(NoCall::Budget));
    let stop = if !state.needs_retrieval {
        Some(StopReason::NoDocumentsNeeded)
    } else if state.iteration_count >= limit {
        Some(StopReason::IterationLimit { limit })
    } else if !needs_more {
        Some(StopReason::QualityReached { score, threshold: state.flags.quality_threshold })
    } else if out_of_calls {
        Some(StopReason::CallBudget { limit: budget })
    } else if let Some(jaccard) = duplicate.filter(|j| state.flags.safety_stops && *j >= 0.8) {
        Some(StopReason::DuplicateDocuments { jaccard })
    } else {
        improvement
            .filter(|d| state.flags.safety_stops && *d < 0.05)
            .map(|improvement| StopReason::QualityStagnant { improvement })
    };
    // The trace keeps the English sentence (its readers and tools expect it) and adds the code.
    let (reason, code) = stop.as_ref().map(|r| (r.describe(Lang::En), r.code())).unzip();
    if stop.is_none() {
        state.iteration_count += 1;
    }
    state.stop_reason = stop;
    QualityCheckDetail {
        score,
        iteration: state.iteration_count,
        limit,
        jaccard: duplicate,
        improvement,
        decision: if code.is_some() { "stop" } else { "retrieve again" },
        reason,
        reason_code: code,
    }
}
