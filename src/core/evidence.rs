//! What retrieval finds and what the judge says of an answer: passed between retrieval, the
//! responders, the cache and the pipeline, so it lives below all of them.

use serde::{Deserialize, Serialize};

/// A passage found for the question: one MedQuAD document, its best chunk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// The MedQuAD id.
    pub id: String,
    pub title: String,
    pub passage: String,
    pub url: String,
    pub source: String,
    pub focus: String,
    pub qtype: String,
    pub score: f64,
    pub bm25_rank: Option<usize>,
    pub vector_rank: Option<usize>,
    pub rrf_rank: Option<usize>,
    /// Where the passage is in the index; `None` when it is not one chunk of an indexed document
    /// (a test's knowledge base, a neighbour-expanded passage, an entry cached by an older version).
    #[serde(default)]
    pub location: Option<PassageLocation>,
}

/// A chunk of an indexed document: the document's number and the chunk's place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassageLocation {
    pub doc: u32,
    pub chunk: u16,
}

/// The judge's verdict on an answer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Quality {
    pub grounding: f64,
    pub completeness: f64,
    pub accuracy: f64,
    /// 0.4 grounding + 0.3 completeness + 0.3 accuracy (or the heuristic's own mix).
    pub overall: f64,
    pub missing_info: Vec<String>,
    pub suggestions: Vec<String>,
    pub safety_concerns: Vec<String>,
    /// Who judged; `None` before the answer was judged (a cache hit is not judged again).
    pub method: Option<QualityMethod>,
}

/// Who judged an answer (written in the trace as "llm", "heuristic", "heuristic-fallback", "basic").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QualityMethod {
    /// The LLM judge.
    Llm,
    /// The heuristic judge: no model, or the LLM judge is switched off.
    Heuristic,
    /// The heuristic judge because the model's verdict was unusable JSON.
    HeuristicFallback,
    /// Basic refinement: every answer scores 1.0, nothing is judged.
    Basic,
}

impl QualityMethod {
    /// The name the trace writes.
    pub fn name(self) -> &'static str {
        match self {
            QualityMethod::Llm => "llm",
            QualityMethod::Heuristic => "heuristic",
            QualityMethod::HeuristicFallback => "heuristic-fallback",
            QualityMethod::Basic => "basic",
        }
    }
}
