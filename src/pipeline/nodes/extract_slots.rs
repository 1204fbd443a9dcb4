//! Node 3: what this message says, by whom: the person the chat is with, or someone they name ("my
//! son is 3 and has a fever"); and whom it is mainly about, whose facts the turn works with.

use super::{Env, State};
use crate::extract::extract_by_subject;
use crate::pipeline::step::SlotsDetail;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> SlotsDetail {
    let lexicon = env.services.lexicon.filter(|_| state.flags.lexicon_extraction);
    let names: Vec<String> =
        state.people.iter().filter(|(id, _)| *id != state.user_id).map(|(_, name)| name.clone()).collect();
    let found = extract_by_subject(&state.user_text, lexicon, &names);
    state.slots = found.of(&found.about).cloned().unwrap_or_default();
    state.about = found.about;
    state.facts = found.people;
    SlotsDetail {
        about: state.about.clone(),
        slots: state.slots.clone(),
        lexicon: lexicon.is_some(),
        others: state.facts.iter().filter(|(who, _)| *who != crate::extract::Subject::Me).cloned().collect(),
    }
}
