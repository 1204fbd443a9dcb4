//! Node 1: is this question already answered for this profile? (response cache, cosine >= 0.85)

use super::{Env, State};
use crate::core::answer::Answer;
use crate::memory::cache::{ProfileKey, THRESHOLD};
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::state::TurnEvent;
use crate::pipeline::step::CacheDetail;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> CacheDetail {
    state.query_vector = env.services.embedder.embed(&state.user_text).await;
    // The fingerprint of the profile this message's facts made (store_memory ran first), of the person
    // the message is about: the answer is shaped by that profile, so a hit must have been made for
    // exactly it.
    state.profile_fingerprint = match state.flags.memory_mode {
        MemoryMode::None => ProfileKey::MemoryOff,
        MemoryMode::Structured => state.profile_key(env.services.clock.now_ms()),
    };
    if !state.flags.response_cache_enabled {
        return CacheDetail::Disabled { embedder: env.services.embedder.describe() };
    }
    let best = env.memory.cache.best_similarity(&state.user_text, &state.query_vector, &state.profile_fingerprint);
    state.cache_similarity = best;
    if let Some((entry, similarity)) =
        env.memory.cache.lookup(&state.user_text, &state.query_vector, &state.profile_fingerprint, THRESHOLD)
    {
        state.cache_hit = true;
        // Answers are cached without a notice (a turn with one is not cached); this turn's goes first,
        // before the cached answer as it was.
        state.answer = Answer { notice: state.triage_notice.clone(), ..entry.answer.clone() };
        state.retrieved_docs = entry.evidence.clone();
        state.quality.overall = entry.quality;
        (env.on_event)(TurnEvent::AnswerStarted);
        (env.on_event)(TurnEvent::Delta(&state.answer.after_notice(state.lang())));
        return CacheDetail::Hit {
            similarity,
            cached_query: entry.query.clone(),
            embedder: env.services.embedder.describe(),
        };
    }
    CacheDetail::Miss { best_similarity: best, threshold: THRESHOLD, embedder: env.services.embedder.describe() }
}
