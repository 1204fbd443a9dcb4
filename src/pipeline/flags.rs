//! Feature flags (each part of the agent can be switched off) and the eight ablation profiles: from the
//! plain baseline, each of the first six turns on one more part of the context-engineering agent, so
//! the study measures what each adds; `query_flow` is the seeds' second system (plan, retrieve, expand,
//! rerank, sufficiency loop, generate, grounding grade) as written, and `full_agent` the full agent
//! with Query Flow's planner, pre-generation sufficiency judge and grade added.
//!
//! Both flows are flags on one graph rather than two graphs: they share eight of their steps
//! (cache, retrieval, generation, storage), so one graph with optional nodes keeps every combination
//! valid and comparable, and a new part is one flag the study can switch on in either flow.

use serde::{Deserialize, Serialize};

/// How an answer is judged after generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RefineStrategy {
    /// Corrective RAG: judge, rewrite the query, retrieve again when quality is low.
    Corrective,
    /// Basic RAG: score 1.0, never retry.
    Basic,
}

/// Whether the profile is remembered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MemoryMode {
    Structured,
    None,
}

/// Every switch of the pipeline. Any combination is valid and every turn ends: iterations are
/// capped at [`MAX_ITERATIONS_CAP`] whatever `max_refine_iterations` says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Flags {
    pub self_refine_enabled: bool,
    pub max_refine_iterations: usize,
    pub quality_threshold: f64,
    pub refine_strategy: RefineStrategy,
    /// Judge with the LLM (else the heuristic).
    pub llm_quality_check: bool,
    /// Rewrite the query from the judge's missing_info before retrieving again.
    pub dynamic_query_rewrite: bool,
    /// The two safety stops (duplicate documents, stagnating quality).
    pub safety_stops: bool,
    /// Skip retrieval for greetings and size k by complexity.
    pub active_retrieval_enabled: bool,
    pub response_cache_enabled: bool,
    /// Dynamic k (3/8/15) instead of a fixed 8.
    pub dynamic_rag_routing: bool,
    pub memory_mode: MemoryMode,
    /// Concept lexicon in slot extraction (the MedCAT flag); patterns always run.
    pub lexicon_extraction: bool,
    /// Query Flow's planner: the message becomes an English search query (and sub-queries) before
    /// retrieval; each query is searched and the lists are fused.
    pub query_planning: bool,
    /// Add the previous and next chunk of the same document to the top passages.
    pub neighbour_expansion: bool,
    /// Rerank the pooled passages (the model when it may be called, else a local cross-score).
    pub rerank: bool,
    /// Judge before generating whether the evidence is enough; retrieve again with what is missing.
    pub sufficiency_check: bool,
    /// The sufficiency score below which retrieval runs again.
    pub min_sufficiency: f64,
    /// Retrievals of the sufficiency loop at most (capped at [`MAX_ITERATIONS_CAP`]).
    pub max_sufficiency_iterations: usize,
    /// Grade the answer's grounding after generating; regenerate an ungrounded answer once.
    pub grounding_grade: bool,
    /// The most model calls one turn may make, whatever else is switched on: when it is reached,
    /// every later step uses its local version (and one call is kept for the answer).
    pub max_llm_calls_per_turn: usize,
}

/// The hard cap on refine iterations.
pub const MAX_ITERATIONS_CAP: usize = 5;

/// Model calls per turn by default: plan, answer, grade and one more (a judge or a rerank).
pub const DEFAULT_MAX_LLM_CALLS: usize = 4;

impl Default for Flags {
    fn default() -> Self {
        profile(DEFAULT_PROFILE).expect("known profile")
    }
}

/// The ablation profiles' names, in the order the study reports them.
pub const PROFILES: [&str; 8] = [
    "baseline",
    "self_refine_heuristic",
    "self_refine_llm_quality",
    "self_refine_dynamic_query",
    "self_refine_full_safety",
    "full_context_engineering",
    "query_flow",
    "full_agent",
];

/// The profile a new user gets.
pub const DEFAULT_PROFILE: &str = "full_context_engineering";

/// The flags of an ablation profile, by name.
pub fn profile(name: &str) -> Option<Flags> {
    match name {
        "query_flow" => {
            let mut flags = cumulative(0);
            flags.query_planning = true;
            flags.neighbour_expansion = true;
            flags.rerank = true;
            flags.sufficiency_check = true;
            flags.grounding_grade = true;
            flags.response_cache_enabled = true;
            // The seed's retriever has no profile memory and always searches (10 passages, 5 kept).
            flags.memory_mode = MemoryMode::None;
            Some(flags)
        }
        "full_agent" => {
            let mut flags = cumulative(5);
            flags.query_planning = true;
            flags.sufficiency_check = true;
            flags.grounding_grade = true;
            Some(flags)
        }
        _ => Some(cumulative(PROFILES[..6].iter().position(|p| *p == name)?)),
    }
}

/// The first six profiles: step `step` turns on one more part of the context-engineering agent.
fn cumulative(step: usize) -> Flags {
    Flags {
        self_refine_enabled: step >= 1,
        max_refine_iterations: 2,
        quality_threshold: 0.5,
        refine_strategy: if step >= 1 { RefineStrategy::Corrective } else { RefineStrategy::Basic },
        llm_quality_check: step >= 2,
        dynamic_query_rewrite: step >= 3,
        safety_stops: step >= 4,
        active_retrieval_enabled: step >= 5,
        response_cache_enabled: step >= 5,
        dynamic_rag_routing: step >= 5,
        memory_mode: MemoryMode::Structured,
        lexicon_extraction: true,
        query_planning: false,
        neighbour_expansion: false,
        rerank: false,
        sufficiency_check: false,
        min_sufficiency: 0.7,
        max_sufficiency_iterations: 3,
        grounding_grade: false,
        max_llm_calls_per_turn: DEFAULT_MAX_LLM_CALLS,
    }
}

impl Flags {
    /// The iteration limit actually applied.
    pub fn iteration_limit(&self) -> usize {
        if self.self_refine_enabled {
            self.max_refine_iterations.min(MAX_ITERATIONS_CAP)
        } else {
            0
        }
    }

    /// The sufficiency loop's retrieval limit actually applied.
    pub fn sufficiency_limit(&self) -> usize {
        self.max_sufficiency_iterations.clamp(1, MAX_ITERATIONS_CAP)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_build_up_and_serialise() {
        let all: Vec<Flags> = PROFILES.iter().map(|p| profile(p).unwrap()).collect();
        assert_eq!(all[0].refine_strategy, RefineStrategy::Basic);
        assert!(!all[0].self_refine_enabled);
        assert!(all[2].llm_quality_check && !all[2].dynamic_query_rewrite);
        assert!(all[4].safety_stops && !all[4].response_cache_enabled);
        assert!(all[5].active_retrieval_enabled && all[5].response_cache_enabled);
        assert!(profile("nonsense").is_none());
        let query_flow = profile("query_flow").unwrap();
        assert!(query_flow.query_planning && query_flow.rerank && query_flow.grounding_grade);
        assert!(!query_flow.self_refine_enabled && query_flow.memory_mode == MemoryMode::None);
        let full_agent = profile("full_agent").unwrap();
        assert!(full_agent.active_retrieval_enabled && full_agent.sufficiency_check && !full_agent.rerank);
        assert!(all.iter().all(|f| f.max_llm_calls_per_turn == DEFAULT_MAX_LLM_CALLS));
        let json = serde_json::to_string(&all[3]).unwrap();
        assert_eq!(serde_json::from_str::<Flags>(&json).unwrap(), all[3]);
        let partial: Flags = serde_json::from_str(r#"{"max_refine_iterations": 99}"#).unwrap();
        assert_eq!(partial.iteration_limit(), MAX_ITERATIONS_CAP);
    }
}
