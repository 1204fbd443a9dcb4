//! The ten nodes, one file each. Every node reads and updates the [`TurnState`] and returns what it
//! decided, for the trace. The order they run in is decided in `graph.rs`, not here.

pub mod assemble_context;
pub mod check_similarity;
pub mod classify_intent;
pub mod extract_slots;
pub mod generate_answer;
pub mod quality_check;
pub mod refine;
pub mod retrieve;
pub mod store_memory;
pub mod store_response;

use super::ports::{Clock, Embedder, Knowledge};
use super::state::{TurnEvent, TurnState};
use crate::lexicon::Lexicon;
use crate::llm::Llm;
use crate::memory::Memory;

/// What the nodes work with besides the state: the services and the memory of this device.
pub struct Env<'a> {
    pub knowledge: &'a dyn Knowledge,
    /// The configured model; `None` means the offline evidence responder.
    pub llm: Option<&'a dyn Llm>,
    pub embedder: &'a dyn Embedder,
    pub lexicon: Option<&'a Lexicon>,
    pub clock: &'a dyn Clock,
    pub memory: &'a mut Memory,
    /// Receives progress and the answer as it streams.
    pub on_event: &'a mut dyn FnMut(TurnEvent),
}

/// Shorthand for a node's trace detail.
pub type Detail = serde_json::Value;

/// The model, if it is one that generates text.
pub fn generative<'a>(env: &Env<'a>) -> Option<&'a dyn Llm> {
    env.llm.filter(|l| l.is_generative())
}

pub(crate) use serde_json::json;

/// The state every node works on.
pub type State = TurnState;
