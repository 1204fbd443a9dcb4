//! Node 10: keep the exchange in the conversation and the answer in the cache (with the profile
//! fingerprint), unless it came from the cache or failed. With a model configured, it then has the
//! model summarise the next block of earlier exchanges for conversation memory (tier 2): one bounded
//! call, after the answer, so the next turn's prompt has it; on any failure tier 2 stays extractive.

use super::{Env, State};
use crate::llm::{prompts, ChatRequest};
use crate::memory::cache::CacheEntry;
use crate::memory::conversation::Exchange;
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::state::Mode;
use crate::pipeline::step::{StoreDetail, SummaryDetail};
use crate::pipeline::stop::StopReason;
use crate::pipeline::tokens::truncate;
use crate::pipeline::trace::CallPurpose;

/// The most tokens a block summary may take in the prompt (the prompt asks for 30 words).
const SUMMARY_TOKENS: usize = 80;

/// Summarises the conversation's next pending block with the model, when this turn may call it.
async fn summarise_memory(state: &mut State, env: &mut Env<'_>) -> Option<SummaryDetail> {
    let block = env.memory.conversations.get(&state.user_id).and_then(|c| c.pending_block())?;
    let extractive = |why, error| Some(SummaryDetail { block, source: "extractive", why, error });
    // Without a model, or when the answer's call failed (the model is unreachable now), or on a
    // cache hit (which costs no model call), or past the turn's call budget, tier 2 stays extractive for now.
    let why_not = if env.services.llm.is_none() {
        Some("no model")
    } else if state.error.is_some() {
        Some("the model failed this turn")
    } else if state.cache_hit {
        Some("cache hit")
    } else if state.stop_reason == Some(StopReason::Stopped) {
        Some("stopped: nothing is sent after Stop")
    } else {
        None
    };
    let llm = match why_not {
        Some(why) => Err(why),
        None => {
            super::model_for(state, env, CallPurpose::MemorySummary).map_err(|_| "the turn's model-call budget is used")
        }
    };
    let llm = match llm {
        Ok(llm) => llm,
        Err(why) => return extractive(Some(why), None),
    };
    let exchanges: Vec<(String, String)> = env
        .memory
        .conversations
        .get(&state.user_id)?
        .block(block)
        .iter()
        .map(|e| (e.user.clone(), e.answer.clone()))
        .collect();
    let (system, user) = prompts::conversation_summary(&exchanges, state.lang());
    let request = ChatRequest {
        max_tokens: Some(120),
        temperature: Some(0.0),
        ..ChatRequest::new(CallPurpose::MemorySummary, system, user)
    };
    match super::call(env, llm, &request, None).await {
        Ok(done) if !done.text.trim().is_empty() => {
            env.memory
                .conversations
                .get_mut(&state.user_id)?
                .store_summary(block, truncate(done.text.trim(), SUMMARY_TOKENS));
            Some(SummaryDetail { block, source: "llm", why: None, error: None })
        }
        Ok(_) => extractive(None, Some("empty summary".to_string())),
        Err(error) => extractive(None, Some(error.to_string())),
    }
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> StoreDetail {
    let now = env.services.clock.now_ms();
    env.memory.conversations.entry(state.user_id.clone()).or_default().push(Exchange {
        user: state.user_text.clone(),
        // What the answer says: not the notice and preamble around it, nor a model text shown apart
        // as unsupported (that is not what was answered).
        answer: state.answer.body.clone(),
        embedding: state.query_vector.clone(),
        at_ms: now,
    });
    let cacheable = state.flags.response_cache_enabled
        && state.mode == Mode::Agent
        && !state.cache_hit
        && state.error.is_none()
        && state.emergency.is_none()
        && state.stop_reason != Some(StopReason::Stopped)
        && !state.answer.body.trim().is_empty();
    if cacheable {
        env.memory.cache.store(CacheEntry {
            query: state.user_text.clone(),
            embedding: state.query_vector.clone(),
            fingerprint: state.profile_fingerprint.clone(),
            answer: state.answer.clone(),
            evidence: state.retrieved_docs.clone(),
            quality: state.quality.overall,
            last_used: 0,
        });
    }
    // LLM mode is the plain baseline and memory_mode none uses no memory: neither needs a summary.
    let memory_summary = if state.mode == Mode::Agent && state.flags.memory_mode == MemoryMode::Structured {
        summarise_memory(state, env).await
    } else {
        None
    };
    StoreDetail { cached: cacheable, cache_entries: env.memory.cache.entries.len(), memory_summary }
}
