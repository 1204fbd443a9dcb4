//! Feature flags (each part of the agent can be switched off) and the six ablation profiles: from the
//! plain baseline, each profile turns on one more part, so the study measures what each adds.

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
}

/// The hard cap on refine iterations.
pub const MAX_ITERATIONS_CAP: usize = 5;

impl Default for Flags {
    fn default() -> Self {
        profile("full_context_engineering").expect("known profile")
    }
}

/// The ablation profiles' names, in the order the study reports them.
pub const PROFILES: [&str; 6] = [
    "baseline",
    "self_refine_heuristic",
    "self_refine_llm_quality",
    "self_refine_dynamic_query",
    "self_refine_full_safety",
    "full_context_engineering",
];

/// The flags of an ablation profile, by name.
pub fn profile(name: &str) -> Option<Flags> {
    let step = PROFILES.iter().position(|p| *p == name)?;
    Some(Flags {
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
    })
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
        let json = serde_json::to_string(&all[3]).unwrap();
        assert_eq!(serde_json::from_str::<Flags>(&json).unwrap(), all[3]);
        let partial: Flags = serde_json::from_str(r#"{"max_refine_iterations": 99}"#).unwrap();
        assert_eq!(partial.iteration_limit(), MAX_ITERATIONS_CAP);
    }
}
