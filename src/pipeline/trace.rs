//! The trace of a turn: the nodes in the order they ran, how long each took, what each decided.
//!
//! What a step decided is typed: each node defines its detail next to the code that decides it
//! (`nodes::retrieve::RetrieveDetail`, ...), and [`StepDetail`] is the one enum over them, a
//! variant per step. The readers (the trace panel's model in `trace_view`, the tests) match on the
//! variant and read fields, so a renamed or removed field is a compile error where it is read, not
//! an empty panel. One enum rather than a trait object: the set of steps is closed (the graph's
//! nodes and triage), and a reader needs the concrete type to read a field.
//!
//! The JSON is the edge format (`medagent ask --json` merges a step's detail into the step's
//! object): the enum serializes untagged, as the variant's own object, so every key stays where
//! it was when the details were built as JSON. A step's `node` already says which variant it holds.
//! Traces live only as long as the session (nothing stores them), so they are written, never read
//! back: `Step` is `Serialize` only.

use super::graph::Node;
use super::nodes::{
    assemble_context::AssembleDetail, check_similarity::CacheDetail, classify_intent::IntentDetail,
    expand::ExpandDetail, extract_slots::SlotsDetail, generate_answer::AnswerDetail, grade::GradeDetail,
    judge_sufficiency::SufficiencyDetail, plan::PlanDetail, quality_check::QualityCheckDetail, refine::RefineDetail,
    rerank::RerankDetail, retrieve::RetrieveDetail, store_memory::MemoryDetail, store_response::StoreDetail,
};
use crate::triage::Triage;
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
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub node: StepKind,
    pub ms: f64,
    /// What the node decided (cache similarity, k, slots, documents with ranks, scores, ...).
    pub detail: StepDetail,
}

/// Declares [`StepDetail`] with a variant per step, and the conversion of each node's detail into it.
macro_rules! step_details {
    ($($variant:ident($detail:ty)),* $(,)?) => {
        /// What a step decided: the variant of the step's node (see the module doc).
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum StepDetail {
            $($variant($detail),)*
        }

        $(impl From<$detail> for StepDetail {
            fn from(detail: $detail) -> Self {
                StepDetail::$variant(detail)
            }
        })*
    };
}

step_details! {
    Triage(Triage),
    ExtractSlots(SlotsDetail),
    StoreMemory(MemoryDetail),
    CheckSimilarity(CacheDetail),
    ClassifyIntent(IntentDetail),
    Plan(PlanDetail),
    Retrieve(RetrieveDetail),
    Expand(ExpandDetail),
    Rerank(RerankDetail),
    JudgeSufficiency(SufficiencyDetail),
    AssembleContext(AssembleDetail),
    GenerateAnswer(AnswerDetail),
    Grade(GradeDetail),
    Refine(RefineDetail),
    QualityCheck(QualityCheckDetail),
    StoreResponse(StoreDetail),
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
