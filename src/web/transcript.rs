//! The conversation as the chat column shows it, kept across reloads: the `medagent.transcript` record,
//! each person's turns (question, answer, sources, badges), the last [`MAX_TURNS`] per person.

use crate::persist::{check_as, RecordKind};
use crate::pipeline::state::Evidence;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Turns kept per person: the same cap as the agent's conversation memory. Older ones go, counted in
/// [`Transcript::dropped`] so the chat can say so.
pub const MAX_TURNS: usize = crate::memory::conversation::MAX_EXCHANGES;

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
    /// Turns let go past [`MAX_TURNS`], per person.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dropped: BTreeMap<String, usize>,
}

impl Transcript {
    /// Replaces `user`'s turns, keeping the newest [`MAX_TURNS`].
    pub fn set(&mut self, user: &str, mut turns: Vec<SavedTurn>) {
        let excess = turns.len().saturating_sub(MAX_TURNS);
        turns.drain(..excess);
        if excess > 0 {
            *self.dropped.entry(user.to_string()).or_default() += excess;
        }
        self.turns.insert(user.to_string(), turns);
    }
}

/// Where the browser stores the transcript.
pub static TRANSCRIPT_RECORD: RecordKind =
    RecordKind { key: "medagent.transcript", schema: 1, migrations: &[], check: check_as::<Transcript>, secrets: &[] };
