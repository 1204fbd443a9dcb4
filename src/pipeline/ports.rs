//! What the pipeline needs from outside, as traits: the knowledge base, the query embedder, a
//! clock. The browser and the CLI plug in their implementations; tests plug in small ones.

use super::state::Evidence;
use crate::llm::LocalFuture;

/// Searches the medical knowledge base.
pub trait Knowledge {
    /// The best `k` passages for `query` (Korean is bridged to English inside).
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Vec<Evidence>, String>>;
    /// What the search uses, for the trace ("bm25", "hybrid", "bm25 (vectors still loading)").
    fn describe(&self) -> String;
}

/// Turns text into a vector for the response cache and conversation recall.
pub trait Embedder {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>>;
    fn describe(&self) -> String;
}

/// Wall-clock milliseconds (since the Unix epoch) and a monotonic millisecond counter.
pub trait Clock {
    fn now_ms(&self) -> f64;
    fn monotonic_ms(&self) -> f64;
}

/// The lexical embedder: hashed index terms (used until a sentence-embedding model is loaded).
pub struct LexicalEmbedder;

impl Embedder for LexicalEmbedder {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>> {
        Box::pin(async move { crate::memory::similarity::lexical_embedding(text) })
    }
    fn describe(&self) -> String {
        "lexical".into()
    }
}
