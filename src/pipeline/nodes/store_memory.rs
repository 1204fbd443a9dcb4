//! Node 4: remember the new facts in the profile and summarise it for the prompt.

use super::{Env, State};
use crate::pipeline::flags::MemoryMode;

/// What was remembered: nothing with memory off, else the facts new to the profile and its summary.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum MemoryDetail {
    /// `{"memory": "none"}`.
    Off {
        memory: MemoryMode,
    },
    Stored {
        new_facts: usize,
        profile_summary: String,
    },
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> MemoryDetail {
    if state.flags.memory_mode == MemoryMode::None {
        state.profile_summary.clear();
        return MemoryDetail::Off { memory: MemoryMode::None };
    }
    let now = env.clock.now_ms();
    let added = env.memory.profiles.update(&state.user_id, &state.slots, now);
    state.profile_summary =
        env.memory.profiles.profile(&state.user_id).map_or_else(String::new, |p| p.summary(state.lang(), now));
    MemoryDetail::Stored { new_facts: added, profile_summary: state.profile_summary.clone() }
}
