//! What identifies and describes each step of a turn: the graph's nodes ([`Node`]), the step kinds
//! of a trace ([`StepKind`]: triage or a node), and what each step decided ([`StepDetail`], a variant
//! per step over one detail type per node, in the order the agent runs them).
//!
//! The details live here, not beside each node's code, so that the trace (and the turn state that
//! holds it) does not import the nodes that write it: the nodes, the graph and the trace all import
//! this file, and it imports none of them.

use super::answer::{AnswerKind, Refusal};
use super::flags::MemoryMode;
use crate::core::Quality;
use crate::extract::{Slots, Subject};
use crate::llm::query_flow::{QueryPlan, Sufficiency};
use crate::llm::Usage;
use crate::medicines::Checked;
use crate::triage::Triage;
use serde::{Deserialize, Serialize};

/// The nodes: the agent's ten, then Query Flow's five.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    CheckSimilarity,
    ClassifyIntent,
    ExtractSlots,
    StoreMemory,
    AssembleContext,
    Retrieve,
    GenerateAnswer,
    Refine,
    QualityCheck,
    StoreResponse,
    Plan,
    Expand,
    Rerank,
    JudgeSufficiency,
    Grade,
}

impl Node {
    pub const ALL: [Node; 15] = [
        Node::CheckSimilarity,
        Node::ClassifyIntent,
        Node::ExtractSlots,
        Node::StoreMemory,
        Node::AssembleContext,
        Node::Retrieve,
        Node::GenerateAnswer,
        Node::Refine,
        Node::QualityCheck,
        Node::StoreResponse,
        Node::Plan,
        Node::Expand,
        Node::Rerank,
        Node::JudgeSufficiency,
        Node::Grade,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Node::CheckSimilarity => "check_similarity",
            Node::ClassifyIntent => "classify_intent",
            Node::ExtractSlots => "extract_slots",
            Node::StoreMemory => "store_memory",
            Node::AssembleContext => "assemble_context",
            Node::Retrieve => "retrieve",
            Node::GenerateAnswer => "generate_answer",
            Node::Refine => "refine",
            Node::QualityCheck => "quality_check",
            Node::StoreResponse => "store_response",
            Node::Plan => "plan",
            Node::Expand => "expand",
            Node::Rerank => "rerank",
            Node::JudgeSufficiency => "judge_sufficiency",
            Node::Grade => "grade",
        }
    }
}

/// What a step of the turn ran: the triage check and the medicine interaction check (before the
/// graph) or one of the graph's nodes. Written in traces as its name ("triage", "interactions",
/// "retrieve", ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Triage,
    Interactions,
    Node(Node),
}

impl StepKind {
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Triage => "triage",
            StepKind::Interactions => "interactions",
            StepKind::Node(node) => node.name(),
        }
    }

    /// The step named `name`, if there is one.
    pub fn named(name: &str) -> Option<StepKind> {
        if let Some(step) = [StepKind::Triage, StepKind::Interactions].into_iter().find(|s| s.name() == name) {
            return Some(step);
        }
        Node::ALL.into_iter().find(|n| n.name() == name).map(StepKind::Node)
    }

    /// The graph node, unless this is a check before the graph.
    pub fn node(self) -> Option<Node> {
        match self {
            StepKind::Triage | StepKind::Interactions => None,
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
    Interactions(Checked),
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

// extract_slots

/// Whom the message is about, the slots found for them, and whether the lexicon helped find them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SlotsDetail {
    pub about: Subject,
    pub slots: Slots,
    pub lexicon: bool,
    /// Facts about other people, by whom.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<(Subject, Slots)>,
}

// store_memory

/// What was remembered: nothing with memory off, else the facts new to the profile and its summary.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum MemoryDetail {
    /// `{"memory": "none"}`.
    Off { memory: MemoryMode },
    Stored {
        new_facts: usize,
        profile_summary: String,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        others: Vec<OtherFacts>,
    },
}

/// Where the facts about another person went.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OtherFacts {
    /// The relation or name the message used ("someone" when it named nobody).
    pub about: String,
    /// The id of the person they were stored for; `None`: the device keeps nobody by that name.
    pub stored_for: Option<String>,
    pub new_facts: usize,
}

// check_similarity

/// What the lookup found; `embedder` names the embedding the similarity was measured with.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "cache", rename_all = "snake_case")]
pub enum CacheDetail {
    /// The response cache is off.
    Disabled {
        embedder: String,
    },
    Hit {
        similarity: f32,
        cached_query: String,
        embedder: String,
    },
    Miss {
        best_similarity: f32,
        threshold: f32,
        embedder: String,
    },
}

// classify_intent

/// How complex the question is (active retrieval: it sets how many documents to fetch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Complexity {
    Simple,
    Moderate,
    Complex,
}

impl Complexity {
    /// Documents to retrieve: 3 / 8 / 15.
    pub fn k(self) -> usize {
        match self {
            Complexity::Simple => 3,
            Complexity::Moderate => 8,
            Complexity::Complex => 15,
        }
    }
}

/// Which stage decided: the rules (small talk), the medical facts named, or the wording; or none
/// (active retrieval off: every message is searched).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Disabled,
    Rules,
    Slots,
    Content,
}

/// The route decided: search or not, with how many passages.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct IntentDetail {
    pub stage: Stage,
    pub needs_retrieval: bool,
    pub k: usize,
    /// What a stage found (absent when active retrieval is off).
    #[serde(flatten)]
    pub classified: Option<Classified>,
}

/// What the classifying stages found.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Classified {
    pub complexity: Complexity,
    /// Medical concepts and measurements named in the message.
    pub medical_facts: usize,
    /// What a question that names nothing medical was searched with besides its own words.
    pub refers_back_to: Option<String>,
}

// plan

/// The plan, who wrote it, and the queries it searches.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlanDetail {
    /// "model" or "local".
    pub source: &'static str,
    /// Why the plan is local when a model is configured.
    pub why: Option<String>,
    pub plan: QueryPlan,
    /// What is searched: the local plan's query first, then the model's queries that were kept.
    pub queries: Vec<String>,
    /// The model's queries not searched: they share no concept or topic word with the message.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<String>,
}

// retrieve

/// What was searched and found. `k` is the passages asked for per query.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum RetrieveDetail {
    /// Every search failed: the turn answers without evidence.
    Failed { queries: Vec<Searched>, k: usize, error: String },
    Found {
        /// The first query (the one a loop round or a rewrite changed).
        query: String,
        queries: Vec<Searched>,
        k: usize,
        /// How the search ran (e.g. BM25 only while the vectors load).
        search: String,
        loop_round: bool,
        /// Passages pooled this turn so far.
        pool: usize,
        documents: Vec<RankedDocument>,
    },
}

/// One query searched and what came of it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Searched {
    pub query: String,
    #[serde(flatten)]
    pub outcome: SearchOutcome,
}

/// The documents a search found, or why it failed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum SearchOutcome {
    Found {
        search: String,
        found: usize,
    },
    /// Searched at the same depth in an earlier round of this turn: that ranked list is used again.
    Reused {
        reused: usize,
    },
    Failed {
        error: String,
    },
}

/// A document kept, with its place in each ranking (`None`: not ranked there).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RankedDocument {
    pub id: String,
    pub title: String,
    pub bm25_rank: Option<usize>,
    pub vector_rank: Option<usize>,
    pub rrf_rank: Option<usize>,
    pub score: f64,
}

// expand

/// The passages widened, of the top ones tried.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ExpandDetail {
    pub widened: Vec<Widened>,
    pub of: usize,
}

/// One widened passage and its length before and after, in characters.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Widened {
    pub id: String,
    pub chars_before: usize,
    pub chars_after: usize,
}

// rerank

/// The candidates and, when there were any, their new order.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RerankDetail {
    pub candidates: usize,
    #[serde(flatten)]
    pub reranked: Option<Reranked>,
}

/// How the candidates were reordered and how many were kept.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Reranked {
    /// "model and local" (the model's ranking fused with the local one) or "local" (no model, or its
    /// reply was no ranking).
    pub method: &'static str,
    pub why: Option<String>,
    pub query: String,
    pub kept: usize,
    pub order: Vec<Moved>,
}

/// A candidate in its new place, with its place before (from 1).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Moved {
    pub id: String,
    pub title: String,
    pub was: usize,
}

// judge_sufficiency

/// The verdict on the evidence so far and whether to search again.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SufficiencyDetail {
    /// "model" or "local".
    pub method: &'static str,
    /// Why the verdict is local when a model is configured.
    pub why: Option<String>,
    #[serde(flatten)]
    pub verdict: Sufficiency,
    pub round: usize,
    pub limit: usize,
    pub threshold: f64,
    /// Overlap of the last two retrievals' documents, from the second round on.
    pub jaccard: Option<f64>,
    pub improvement: Option<f64>,
    /// "retrieve again" or "answer".
    pub decision: &'static str,
    /// Why the loop ends, when it does.
    pub reason: Option<&'static str>,
}

// assemble_context

/// How the prompt was filled: tokens per section, the conversation memory used, the evidence.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AssembleDetail {
    pub tokens: Vec<SectionTokens>,
    pub evidence_compressed: bool,
    pub memory: MemoryUsed,
    pub documents: usize,
    pub nothing_relevant_found: bool,
}

/// A section of the assembled prompt, in the order the prompt has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PromptSection {
    System,
    Profile,
    Memory,
    Evidence,
    Question,
}

/// Tokens one section of the prompt takes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SectionTokens {
    pub section: PromptSection,
    pub tokens: usize,
}

/// The conversation memory in the prompt, tier by tier.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MemoryUsed {
    pub mode: MemoryMode,
    pub recent: usize,
    pub recalled: usize,
    pub recalled_archived: usize,
    pub summarised: Summarised,
    /// "llm", "extractive" or "llm+extractive"; `None` when no summary was used.
    pub summary_source: Option<&'static str>,
}

/// Summarised blocks used, by who summarised them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Summarised {
    pub llm: usize,
    pub extractive: usize,
}

// generate_answer

/// Why a step runs its local version instead of calling the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoCall {
    /// No model is configured.
    NoModel,
    /// The turn has used its `max_llm_calls_per_turn`.
    Budget,
    /// A call earlier in the turn failed: asking again would fail the same way and only add waiting.
    Failed,
}

impl NoCall {
    /// Why a step ran locally, for the trace; `None` when no model is configured (nothing to explain).
    pub fn why(self) -> Option<String> {
        match self {
            NoCall::NoModel => None,
            NoCall::Budget => Some("the turn's model-call budget".into()),
            NoCall::Failed => Some("the model failed earlier in this turn".into()),
        }
    }
}

/// Who answered and how it went. `responder` is the model's name, or `"offline"`.
#[derive(Clone, Debug, PartialEq)]
pub enum AnswerDetail {
    /// The offline responder answered (no model, or no call left); `chars` of answer.
    Offline { why: NoCall, emergency: Option<String>, chars: usize },
    /// The model answered, again after an ungrounded grade when `regenerated`. `refused`: the
    /// answer checks each of its answers failed (the first written again once); `shown` says whether
    /// its answer or the evidence answer is the answer.
    Answered {
        responder: String,
        emergency: Option<String>,
        usage: Option<Usage>,
        regenerated: bool,
        refused: Vec<Refusal>,
        shown: AnswerKind,
    },
    /// The user stopped the answer; what had streamed is kept.
    Stopped { responder: String, kept_chars: usize },
    /// The reply broke off; what had arrived is kept.
    CutOff { responder: String, kept_chars: usize },
    /// The model failed; the offline responder answered instead.
    Failed { responder: String, error: String },
}

/// One flat object per outcome, e.g. `{"responder": "offline", "why": "no_model", "emergency": null,
/// "chars": 120}`, `{"responder": "...", "stopped": true, "kept_chars": 40}`, `{"responder": "...",
/// "error": "cut off", "kept_chars": 40}`, `{"responder": "...", "error": "...", "fallback": "offline"}`.
impl serde::Serialize for AnswerDetail {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        match self {
            AnswerDetail::Offline { why, emergency, chars } => {
                map.serialize_entry("responder", "offline")?;
                map.serialize_entry("why", why)?;
                map.serialize_entry("emergency", emergency)?;
                map.serialize_entry("chars", chars)?;
            }
            AnswerDetail::Answered { responder, emergency, usage, regenerated, refused, shown } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("emergency", emergency)?;
                map.serialize_entry("usage", usage)?;
                map.serialize_entry("regenerated", regenerated)?;
                map.serialize_entry("refused", refused)?;
                map.serialize_entry("shown", shown)?;
            }
            AnswerDetail::Stopped { responder, kept_chars } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("stopped", &true)?;
                map.serialize_entry("kept_chars", kept_chars)?;
            }
            AnswerDetail::CutOff { responder, kept_chars } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("error", "cut off")?;
                map.serialize_entry("kept_chars", kept_chars)?;
            }
            AnswerDetail::Failed { responder, error } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("error", error)?;
                map.serialize_entry("fallback", "offline")?;
            }
        }
        map.end()
    }
}

// grade

/// The grade and what followed.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GradeDetail {
    /// "model" or "local".
    pub method: &'static str,
    /// Why the grade is local when a model is configured.
    pub why: Option<String>,
    /// The model's verdict and the score's threshold together.
    pub grounded: bool,
    pub score: f64,
    pub reason: String,
    /// "keep", "answer again" or "warn".
    pub decision: &'static str,
    pub regenerations: usize,
}

// refine

/// The answer's quality as the strategy judged it, and the query for the next pass.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "strategy", rename_all = "snake_case")]
pub enum RefineDetail {
    /// Every answer passes.
    Basic {
        score: f64,
    },
    Corrective {
        quality: Quality,
        rewritten_query: Option<String>,
    },
}

// quality_check

/// The loop's decision: stop (with the reason, in English and as a code) or retrieve again.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct QualityCheckDetail {
    pub score: f64,
    pub iteration: usize,
    pub limit: usize,
    pub jaccard: Option<f64>,
    pub improvement: Option<f64>,
    /// "stop" or "retrieve again".
    pub decision: &'static str,
    pub reason: Option<String>,
    pub reason_code: Option<&'static str>,
}

// store_response

/// Whether the answer was cached, and the summary of a block of earlier exchanges, if one waited.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StoreDetail {
    pub cached: bool,
    pub cache_entries: usize,
    pub memory_summary: Option<SummaryDetail>,
}

/// Who summarised the block of exchanges (`block`: its first and last index).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SummaryDetail {
    pub block: (usize, usize),
    /// "llm", or "extractive" when the model was not asked (`why`) or failed (`error`).
    pub source: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}
