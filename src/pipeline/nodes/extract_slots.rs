//! Node 3: what this message says about the patient (six slots), and apart from it what it says
//! about other people ("my mother has diabetes"), so those facts never land in the user's profile.

use super::{Env, State};
use crate::extract::extract_by_subject;
use crate::pipeline::step::SlotsDetail;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> SlotsDetail {
    let lexicon = env.services.lexicon.filter(|_| state.flags.lexicon_extraction);
    let names: Vec<String> =
        state.people.iter().filter(|(id, _)| *id != state.user_id).map(|(_, name)| name.clone()).collect();
    let mut found = extract_by_subject(&state.user_text, lexicon, &names).into_iter();
    state.slots = found.next().map(|(_, own)| own).unwrap_or_default();
    state.others = found.collect();
    SlotsDetail { slots: state.slots.clone(), lexicon: lexicon.is_some(), others: state.others.clone() }
}
