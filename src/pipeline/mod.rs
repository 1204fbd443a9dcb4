//! The agent pipeline: ten nodes over one [`state::TurnState`], wired in [`graph`] (read that file
//! first: the whole flow is there), switched by [`flags`], recorded in a [`trace`].

pub mod context;
pub mod flags;
pub mod graph;
pub mod nodes;
pub mod ports;
mod second_opinion;
pub mod state;
pub mod step;
pub mod stop;
pub mod tokens;
pub mod trace;

/// The answer as a value lives in `core` (the answer cache in `memory` keeps it too); the turn's vocabulary names it here.
pub use crate::core::answer;
