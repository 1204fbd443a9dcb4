//! Node 8: judge the answer, by the refine strategy. Corrective: the LLM judge when enabled and a
//! model is configured, else the heuristic; then, when quality is low and dynamic rewriting is on,
//! a better query for the next retrieval. Basic: score 1.0, no retry.

use super::{Env, State};
use crate::llm::{judge, prompts, ChatRequest};
use crate::pipeline::flags::RefineStrategy;
use crate::pipeline::state::{Quality, QualityMethod};
use crate::pipeline::step::RefineDetail;
use crate::pipeline::trace::CallPurpose;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> RefineDetail {
    if state.flags.refine_strategy == RefineStrategy::Basic {
        state.quality = Quality {
            grounding: 1.0,
            completeness: 1.0,
            accuracy: 1.0,
            overall: 1.0,
            method: Some(QualityMethod::Basic),
            ..Quality::default()
        };
        state.quality_score_history.push(1.0);
        return RefineDetail::Basic { score: 1.0 };
    }
    let passages = super::passages(&state.retrieved_docs);
    let profile_terms: Vec<String> = state
        .about_profile
        .as_ref()
        .map(|p| p.facts.iter().flat_map(|f| [f.en.clone(), f.ko.clone()]).collect())
        .unwrap_or_default();
    let llm = if state.flags.llm_quality_check { super::model_for(state, env, CallPurpose::Judge).ok() } else { None };
    // The judge reads the answer as the user sees it.
    let answer = state.answer_text();
    let heuristic = || judge::heuristic(&answer, passages.len(), &profile_terms);
    state.quality = match llm {
        Some(llm) => {
            let (system, user) = prompts::judge(&state.user_text, &state.profile_for_prompt(), &answer, &passages);
            let request = ChatRequest { temperature: Some(0.0), ..ChatRequest::new(CallPurpose::Judge, system, user) };
            match super::call(env, llm, &request, None).await.ok().and_then(|c| judge::parse(&c.text)) {
                Some(q) => q,
                None => Quality { method: Some(QualityMethod::HeuristicFallback), ..heuristic() },
            }
        }
        None => heuristic(),
    };
    state.quality_score_history.push(state.quality.overall);
    let mut rewritten = None;
    if state.flags.dynamic_query_rewrite
        && state.quality.overall < state.flags.quality_threshold
        && state.needs_retrieval
    {
        let query = match super::model_for(state, env, CallPurpose::Rewrite) {
            Ok(llm) => {
                let (system, user) = prompts::rewrite(
                    &state.user_text,
                    &state.quality.missing_info,
                    &answer,
                    &state.profile_for_prompt(),
                );
                let request = ChatRequest {
                    max_tokens: Some(200),
                    temperature: Some(0.3),
                    ..ChatRequest::new(CallPurpose::Rewrite, system, user)
                };
                super::call(env, llm, &request, None).await.ok().and_then(|c| prompts::rewritten_query(&c.text))
            }
            Err(_) => None,
        };
        // Without a model: the question plus what the judge found missing and the profile's conditions.
        let query = query.unwrap_or_else(|| {
            let mut parts = vec![state.user_text.clone()];
            parts.extend(state.quality.missing_info.iter().cloned());
            parts.extend(state.slots.conditions.iter().map(|c| c.en.clone()));
            parts.join(" ")
        });
        state.query_for_retrieval = Some(query.clone());
        state.rewritten_queries.push(query.clone());
        rewritten = Some(query);
    }
    RefineDetail::Corrective { quality: state.quality.clone(), rewritten_query: rewritten }
}
