//! Node 4: remember the new facts, each in the profile of the person it is about, and summarise the
//! profile the answer is fitted to. The person the chat is with keeps their own facts; facts about
//! someone else go to that person's profile when the device keeps them (named by the relation,
//! "Mother" / "엄마", or by the name the message used), else nowhere: the turn reports them
//! (`state.others`) so the app can offer to add the person, and the answer still uses them.

use super::{Env, State};
use crate::extract::{relation_words, Subject};
use crate::memory::profile::Profile;
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::state::OthersFacts;
use crate::pipeline::step::{MemoryDetail, OtherFacts};

pub async fn run(state: &mut State, env: &mut Env<'_>) -> MemoryDetail {
    state.others.clear();
    if state.flags.memory_mode == MemoryMode::None {
        state.about_profile = None;
        state.profile_summary.clear();
        return MemoryDetail::Off { memory: MemoryMode::None };
    }
    let now = env.services.clock.now_ms();
    let mut added = 0;
    let mut reported = Vec::new();
    for (who, slots) in &state.facts {
        let kept_for = match who {
            Subject::Me => Some(state.user_id.as_str()),
            Subject::Other(about) => person_for(&state.people, &state.user_id, about),
            Subject::Unnamed => None,
        };
        let new_facts = kept_for.map_or(0, |id| env.memory.profiles.update(id, slots, now));
        if *who == Subject::Me {
            added = new_facts;
            continue;
        }
        if slots.is_empty() {
            continue;
        }
        reported.push(OtherFacts {
            about: who.label().to_string(),
            stored_for: kept_for.map(str::to_string),
            new_facts,
        });
        state.others.push(OthersFacts {
            about: who.clone(),
            slots: slots.clone(),
            kept_for: kept_for.map(str::to_string),
        });
    }
    // The profile the answer is fitted to: the person the message is about, as stored now; someone
    // the device keeps no profile for is known by this message's facts alone.
    let kept = match &state.about {
        Subject::Me => Some(state.user_id.as_str()),
        _ => state.others.iter().find(|o| o.about == state.about).and_then(|o| o.kept_for.as_deref()),
    };
    state.about_profile = match kept {
        Some(id) => env.memory.profiles.profile(id).cloned(),
        None => Some(Profile::of(&state.slots, now)).filter(|p| !p.facts.is_empty()),
    };
    state.profile_summary = state.about_profile.as_ref().map_or_else(String::new, |p| p.summary(state.lang(), now));
    MemoryDetail::Stored { new_facts: added, profile_summary: state.profile_summary.clone(), others: reported }
}

/// The id of the person (not `user`) called `about`, or named by one of its relation's words.
fn person_for<'a>(people: &'a [(String, String)], user: &str, about: &str) -> Option<&'a str> {
    let words = relation_words(about);
    people
        .iter()
        .filter(|(id, _)| id != user)
        .find(|(_, name)| {
            let name = name.trim().to_lowercase();
            !name.is_empty() && (name == about.to_lowercase() || words.iter().any(|w| w.to_lowercase() == name))
        })
        .map(|(id, _)| id.as_str())
}
