//! Node 4: remember the new facts in the profile and summarise it for the prompt.

use super::{json, Detail, Env, State};
use crate::pipeline::flags::MemoryMode;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> Detail {
    if state.flags.memory_mode == MemoryMode::None {
        state.profile_summary.clear();
        return json!({"memory": "none"});
    }
    let now = env.clock.now_ms();
    let added = env.memory.profiles.update(&state.user_id, &state.slots, now);
    state.profile_summary =
        env.memory.profiles.profile(&state.user_id).map_or_else(String::new, |p| p.summary(state.lang(), now));
    json!({"new_facts": added, "profile_summary": state.profile_summary})
}
