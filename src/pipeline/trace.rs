//! The trace of a turn: the nodes in the order they ran, how long each took, what each decided.
//!
//! What a step decided is typed: each node's detail is a type of [`super::step`] (`RetrieveDetail`,
//! ...), and [`StepDetail`] is the one enum over them, a variant per step. The readers (the trace panel's model in `trace_view`, the tests) match on the
//! variant and read fields, so a renamed or removed field is a compile error where it is read, not
//! an empty panel. One enum rather than a trait object: the set of steps is closed (the graph's
//! nodes and triage), and a reader needs the concrete type to read a field.
//!
//! The JSON is the edge format (`medagent ask --json` merges a step's detail into the step's
//! object): the enum serializes untagged, as the variant's own object, so every key stays where
//! it was when the details were built as JSON. A step's `node` already says which variant it holds.
//! Traces live only as long as the session (nothing stores them), so they are written, never read
//! back: `Step` is `Serialize` only.

use super::step::{StepDetail, StepKind};
use serde::{Deserialize, Serialize};

/// One node's run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub node: StepKind,
    pub ms: f64,
    /// What the node decided (cache similarity, k, slots, documents with ranks, scores, ...).
    pub detail: StepDetail,
}

pub use crate::llm::CallPurpose;

/// One model call: what it was for and the index of the trace step that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelCall {
    pub purpose: CallPurpose,
    pub step: usize,
}

/// The steps of one turn and the model calls they made.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Trace {
    pub steps: Vec<Step>,
    #[serde(default)]
    pub model_calls: Vec<ModelCall>,
}

impl Trace {
    /// The names of the steps, in the order they ran.
    pub fn path(&self) -> Vec<&'static str> {
        self.steps.iter().map(|s| s.node.name()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::step::{Node, RefineDetail};

    #[test]
    fn steps_are_written_by_name_with_their_detail_flat() {
        let detail = RefineDetail::Basic { score: 1.0 };
        let step = Step { node: StepKind::Node(Node::Refine), ms: 1.5, detail: detail.into() };
        let json = serde_json::to_value(&step).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"node": "refine", "ms": 1.5, "detail": {"strategy": "basic", "score": 1.0}})
        );
        assert_eq!(serde_json::to_string(&StepKind::Triage).unwrap(), r#""triage""#);
        assert_eq!(serde_json::from_str::<StepKind>(r#""quality_check""#).unwrap(), StepKind::Node(Node::QualityCheck));
        let unknown = serde_json::from_str::<StepKind>(r#""judge""#).unwrap_err().to_string();
        assert!(unknown.contains("unknown step \"judge\""), "{unknown}");
    }
}
