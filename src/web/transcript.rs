//! The conversation as the chat column shows it, kept across reloads: the `medagent.transcript` record,
//! each person's turns (question, answer, sources, badges), the last [`MAX_TURNS`] per person.

use crate::persist::{check_as, RecordKind};
use crate::pipeline::state::Evidence;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Turns kept per person; older ones drop off (the agent's own memory keeps its summaries).
pub const MAX_TURNS: usize = 200;

/// One shown turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedTurn {
    pub question: String,
    pub answer: String,
    pub evidence: Vec<Evidence>,
    pub cached: bool,
    pub emergency: bool,
    pub error: Option<String>,
}

/// Every person's shown conversation, by profile name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Transcript {
    pub turns: BTreeMap<String, Vec<SavedTurn>>,
}

impl Transcript {
    /// Replaces `user`'s turns, keeping the newest [`MAX_TURNS`].
    pub fn set(&mut self, user: &str, mut turns: Vec<SavedTurn>) {
        let excess = turns.len().saturating_sub(MAX_TURNS);
        turns.drain(..excess);
        self.turns.insert(user.to_string(), turns);
    }
}

/// Where the browser stores the transcript.
pub static TRANSCRIPT_RECORD: RecordKind =
    RecordKind { key: "medagent.transcript", schema: 1, migrations: &[], check: check_as::<Transcript> };
