//! Node 3: what this message says about the patient (six slots).

use super::{json, Detail, Env, State};
use crate::extract::extract;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> Detail {
    let lexicon = env.lexicon.filter(|_| state.flags.lexicon_extraction);
    state.slots = extract(&state.user_text, lexicon);
    json!({"slots": state.slots, "lexicon": lexicon.is_some()})
}
