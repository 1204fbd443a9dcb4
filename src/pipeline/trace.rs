//! The trace of a turn: the nodes in the order they ran, how long each took, what each decided.

use super::graph::Node;
use serde::{Deserialize, Serialize};

/// What a step of the turn ran: the triage check (before the graph) or one of the graph's nodes.
/// Written in traces as its name ("triage", "retrieve", ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Triage,
    Node(Node),
}

impl StepKind {
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Triage => "triage",
            StepKind::Node(node) => node.name(),
        }
    }

    /// The step named `name`, if there is one.
    pub fn named(name: &str) -> Option<StepKind> {
        if name == StepKind::Triage.name() {
            return Some(StepKind::Triage);
        }
        Node::ALL.into_iter().find(|n| n.name() == name).map(StepKind::Node)
    }

    /// The graph node, unless this is the triage step.
    pub fn node(self) -> Option<Node> {
        match self {
            StepKind::Triage => None,
            StepKind::Node(node) => Some(node),
        }
    }
}

impl Serialize for StepKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for StepKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        StepKind::named(&name).ok_or_else(|| serde::de::Error::custom(format!("unknown step {name:?}")))
    }
}

/// One node's run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub node: StepKind,
    pub ms: f64,
    /// What the node decided (cache similarity, k, slots, documents with ranks, scores, ...).
    pub detail: serde_json::Value,
}

/// What a model call was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallPurpose {
    /// The planner's search plan.
    Plan,
    /// Reranking the pooled passages.
    Rerank,
    /// Judging whether the evidence is enough before answering.
    Sufficiency,
    /// The answer (again, after an ungrounded grade or a low quality score).
    Answer,
    /// The grounding grade of the answer.
    Grade,
    /// The quality judge of the corrective loop.
    Judge,
    /// Rewriting the query for the corrective loop.
    Rewrite,
    /// Summarising earlier exchanges for conversation memory.
    MemorySummary,
}

impl CallPurpose {
    /// Calls made before the answer: one call is always kept back for the answer itself.
    pub fn before_answer(self) -> bool {
        matches!(self, CallPurpose::Plan | CallPurpose::Rerank | CallPurpose::Sufficiency)
    }
}

/// One model call: what it was for and the index of the trace step that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelCall {
    pub purpose: CallPurpose,
    pub step: usize,
}

/// The steps of one turn and the model calls they made.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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

    #[test]
    fn steps_are_written_by_name_and_read_back() {
        let step = Step { node: StepKind::Node(Node::QualityCheck), ms: 1.5, detail: serde_json::json!({}) };
        let json = serde_json::to_string(&step).unwrap();
        assert!(json.contains(r#""node":"quality_check""#), "{json}");
        assert_eq!(serde_json::from_str::<Step>(&json).unwrap(), step);
        assert_eq!(serde_json::to_string(&StepKind::Triage).unwrap(), r#""triage""#);
        let unknown = serde_json::from_str::<StepKind>(r#""judge""#).unwrap_err().to_string();
        assert!(unknown.contains("unknown step \"judge\""), "{unknown}");
    }
}
