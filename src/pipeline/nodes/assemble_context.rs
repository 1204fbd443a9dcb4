//! Node 5: put the prompt together within the token budget: system prompt, profile, conversation
//! memory (three tiers), numbered evidence, question.

use super::{json, Detail, Env, State};
use crate::pipeline::context::assemble;
use crate::pipeline::flags::MemoryMode;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> Detail {
    let lang = state.lang();
    if state.profile_summary.is_empty() && state.flags.memory_mode == MemoryMode::Structured {
        // Small talk skips store_memory; the profile still shapes the answer.
        let now = env.clock.now_ms();
        state.profile_summary =
            env.memory.profiles.profile(&state.user_id).map_or_else(String::new, |p| p.summary(lang, now));
    }
    let recollection =
        env.memory.conversations.get(&state.user_id).map(|c| c.recall(&state.query_vector)).unwrap_or_default();
    let mut lines: Vec<String> = recollection
        .recalled
        .iter()
        .chain(&recollection.recent)
        .map(|e| format!("User: {}\nAssistant: {}", e.user, e.answer.chars().take(400).collect::<String>()))
        .collect();
    lines.splice(recollection.recalled.len()..recollection.recalled.len(), recollection.summary.iter().cloned());
    let assembled = assemble(&state.user_text, &state.profile_summary, &lines, &state.retrieved_docs, lang);
    state.system_prompt = assembled.system;
    state.user_prompt = assembled.user;
    state.token_plan = assembled.plan;
    json!({
        "tokens": state.token_plan.iter().map(|(s, t)| json!({"section": s, "tokens": t})).collect::<Vec<_>>(),
        "evidence_compressed": assembled.compressed,
        "memory": {"recent": recollection.recent.len(), "summarised": recollection.summary.len(), "recalled": recollection.recalled.len()},
        "documents": state.retrieved_docs.len(),
    })
}
