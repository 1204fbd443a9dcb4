//! What the pipeline needs from the knowledge base and a query embedder, as traits: retrieval
//! implements them, the pipeline calls them, tests plug in small ones.

use super::{Evidence, LocalFuture};
use std::fmt;

/// Why the knowledge index could not answer, by what a caller can do about it. The message (its
/// `Display`) is the one the user sees: it names the file and what to do next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexError {
    /// A file of the index is not there: build the index (natively), or the site lacks it.
    Missing(String),
    /// A file is there but not what the manifest says (truncated, corrupt, another build): rebuild.
    Corrupt(String),
    /// Another search holds the index: try again when it is done.
    Busy,
    /// The search needs a part that is not loaded (the vector side): use keyword search or wait.
    NotLoaded(String),
    /// Reading or computing failed another way (network, permissions, the embedding model).
    Failed(String),
}

impl fmt::Display for IndexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IndexError::Busy => f.write_str("the index is busy with another search"),
            IndexError::Missing(message)
            | IndexError::Corrupt(message)
            | IndexError::NotLoaded(message)
            | IndexError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for IndexError {}

/// The command line reports an error as its message (its last line); the browser shows it.
impl From<IndexError> for String {
    fn from(error: IndexError) -> String {
        error.to_string()
    }
}

/// Searches the medical knowledge base.
pub trait Knowledge {
    /// The best `k` passages for `query` (Korean is bridged to English inside).
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Vec<Evidence>, IndexError>>;
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
