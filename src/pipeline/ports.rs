//! What the pipeline needs from outside, as traits: the knowledge base, the query embedder, a
//! clock. The browser and the CLI plug in their implementations; tests plug in small ones.

pub use crate::core::ports::{Embedder, IndexError, Knowledge};
use crate::core::LocalFuture;

/// Wall-clock milliseconds (since the Unix epoch) and a monotonic millisecond counter.
pub trait Clock {
    fn now_ms(&self) -> f64;
    fn monotonic_ms(&self) -> f64;
}

/// The lexical embedder: hashed index terms (used until a sentence-embedding model is loaded).
pub struct LexicalEmbedder;

impl Embedder for LexicalEmbedder {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>> {
        Box::pin(async move { crate::core::similarity::lexical_embedding(text) })
    }
    fn describe(&self) -> String {
        "lexical".into()
    }
}
