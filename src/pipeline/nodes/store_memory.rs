//! Node 4: remember the new facts in the profile and summarise it for the prompt. Facts the message
//! states about another person go to that person's profile when the device keeps them (named by
//! the relation, "Mother" / "엄마", or by the name the message used), else nowhere.

use super::{Env, State};
use crate::extract::{relation_words, Subject};
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::step::{MemoryDetail, OtherFacts};

pub async fn run(state: &mut State, env: &mut Env<'_>) -> MemoryDetail {
    if state.flags.memory_mode == MemoryMode::None {
        state.profile_summary.clear();
        return MemoryDetail::Off { memory: MemoryMode::None };
    }
    let now = env.services.clock.now_ms();
    let added = env.memory.profiles.update(&state.user_id, &state.slots, now);
    let mut others = Vec::new();
    for (subject, slots) in &state.others {
        let Subject::Other(about) = subject else { continue };
        let person = person_for(&state.people, &state.user_id, about);
        let new_facts = person.map_or(0, |id| env.memory.profiles.update(id, slots, now));
        others.push(OtherFacts { about: about.clone(), stored_for: person.map(str::to_string), new_facts });
    }
    state.profile_summary =
        env.memory.profiles.profile(&state.user_id).map_or_else(String::new, |p| p.summary(state.lang(), now));
    MemoryDetail::Stored { new_facts: added, profile_summary: state.profile_summary.clone(), others }
}

/// The id of the person (not `user`) called `about`, or named by one of its relation's words.
fn person_for<'a>(people: &'a [(String, String)], user: &str, about: &str) -> Option<&'a str> {
    let words = relation_words(about);
    people
        .iter()
        .filter(|(id, _)| id != user)
        .find(|(_, name)| {
            let name = name.trim().to_lowercase();
            !name.is_empty() && (name == about.to_lowercase() || words.iter().any(|w| *w == name))
        })
        .map(|(id, _)| id.as_str())
}
