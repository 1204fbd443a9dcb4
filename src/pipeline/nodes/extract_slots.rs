//! Node 3: what this message says about the patient (six slots).

use super::{Env, State};
use crate::extract::{extract, Slots};

/// The slots found, and whether the lexicon helped find them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SlotsDetail {
    pub slots: Slots,
    pub lexicon: bool,
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> SlotsDetail {
    let lexicon = env.lexicon.filter(|_| state.flags.lexicon_extraction);
    state.slots = extract(&state.user_text, lexicon);
    SlotsDetail { slots: state.slots.clone(), lexicon: lexicon.is_some() }
}
