//! Query Flow's neighbour expansion: each of the top passages gets the chunks just before and after
//! it in the same document, so a passage cut at a chunk boundary (a list whose heading is in the
//! previous chunk, a dose in the next) is whole. The widened passage replaces the chunk in the
//! turn's evidence and pool; it is no longer one chunk, so it is not widened again.

use super::{Env, State};
use crate::pipeline::step::{ExpandDetail, Widened};

/// Passages widened at most: the ones the answer leans on.
const TOP: usize = 3;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> ExpandDetail {
    let mut widened = Vec::new();
    for i in 0..state.retrieved_docs.len().min(TOP) {
        let Some(text) = env.services.knowledge.widen(&state.retrieved_docs[i]).await else { continue };
        let doc = &mut state.retrieved_docs[i];
        widened.push(Widened {
            id: doc.id.clone(),
            chars_before: doc.passage.chars().count(),
            chars_after: text.chars().count(),
        });
        doc.passage = text;
        doc.location = None;
        let doc = doc.clone();
        if let Some(pooled) = state.pool_all.iter_mut().find(|p| p.id == doc.id) {
            *pooled = doc;
        }
    }
    ExpandDetail { widened, of: state.retrieved_docs.len().min(TOP) }
}
