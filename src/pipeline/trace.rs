//! The trace of a turn: the nodes in the order they ran, how long each took, what each decided.

use serde::{Deserialize, Serialize};

/// One node's run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub node: String,
    pub ms: f64,
    /// What the node decided (cache similarity, k, slots, documents with ranks, scores, ...).
    pub detail: serde_json::Value,
}

/// The steps of one turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    pub steps: Vec<Step>,
}

impl Trace {
    pub fn path(&self) -> Vec<&str> {
        self.steps.iter().map(|s| s.node.as_str()).collect()
    }
}
