//! Node 10: keep the exchange in the conversation and the answer in the cache (with the profile
//! fingerprint), unless it came from the cache or failed.

use super::{json, Detail, Env, State};
use crate::memory::cache::CacheEntry;
use crate::memory::conversation::Exchange;
use crate::pipeline::state::Mode;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> Detail {
    let now = env.clock.now_ms();
    env.memory.conversations.entry(state.user_id.clone()).or_default().push(Exchange {
        user: state.user_text.clone(),
        answer: state.answer.clone(),
        embedding: state.query_vector.clone(),
        at_ms: now,
    });
    let cacheable = state.flags.response_cache_enabled
        && state.mode == Mode::Agent
        && !state.cache_hit
        && state.error.is_none()
        && state.emergency.is_none()
        && !state.answer.trim().is_empty();
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
    json!({"cached": cacheable, "cache_entries": env.memory.cache.entries.len()})
}
