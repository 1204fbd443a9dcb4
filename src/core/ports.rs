//! What the pipeline needs from the knowledge base and a query embedder, as traits: retrieval
//! implements them, the pipeline calls them, tests plug in small ones.

use super::{Evidence, LocalFuture};

/// Searches the medical knowledge base.
pub trait Knowledge {
    /// The best `k` passages for `query` (Korean is bridged to English inside).
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Vec<Evidence>, String>>;
    /// What the search uses, for the trace ("bm25", "hybrid", "bm25 (vectors still loading)").
    fn describe(&self) -> String;
    /// The passage of `evidence` with the chunks just before and after it in the same document, so
    /// a passage cut at a chunk boundary is whole; `None` when it has no neighbours or the knowledge
    /// base cannot tell.
    fn widen<'a>(&'a self, evidence: &'a Evidence) -> LocalFuture<'a, Option<String>> {
        let _ = evidence;
        Box::pin(async { None })
    }
}

/// Turns text into a vector for the response cache and conversation recall.
pub trait Embedder {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>>;
    fn describe(&self) -> String;
}
