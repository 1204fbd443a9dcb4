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

/// What a search found, and how it searched.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub evidence: Vec<Evidence>,
    pub report: SearchReport,
}

/// How one search ran, for the trace: the method, what the question was matched to, and whether the
/// relevance check let the passages through.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// "hybrid", "bm25 (vectors still loading)", ...
    pub method: String,
    /// What the question was matched to (concepts, phrases, ...) and the relevance check's decision;
    /// `None` when the knowledge base does neither.
    pub checked: Option<Checked>,
    /// The question types the search read the question to ask (MedQuAD's: "treatment", "causes" ...):
    /// each topic's pages of them come first among its results. Empty when it asks none.
    pub asked: Vec<String>,
}

/// What a knowledge base with a lexicon and a relevance check decided about a question.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// What the question was matched to, in words ("diabetes (C0011849), asks: symptoms").
    pub matched: String,
    /// The best cosine of a passage to the question, when vectors were searched.
    pub best_similarity: Option<f64>,
    /// The corpus answers the question: the passages are quoted; else none is.
    pub relevant: bool,
    /// Why, in words.
    pub reason: String,
}

impl SearchReport {
    /// A search by `method` with no matching or relevance check of its own.
    pub fn method(method: impl Into<String>) -> Self {
        SearchReport { method: method.into(), checked: None, asked: Vec::new() }
    }
}

/// The trace's line: `hybrid; matched: ...; best vector similarity 0.61; relevance passed: ...`.
impl fmt::Display for SearchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.method)?;
        if let Some(checked) = &self.checked {
            write!(f, "; matched: {}", checked.matched)?;
            if let Some(similarity) = checked.best_similarity {
                write!(f, "; best vector similarity {similarity:.2}")?;
            }
            let decision = if checked.relevant { "passed" } else { "failed, nothing quoted" };
            write!(f, "; relevance {decision}: {}", checked.reason)?;
        }
        if !self.asked.is_empty() {
            write!(f, "; pages first: {}", self.asked.join(", "))?;
        }
        Ok(())
    }
}

/// Searches the medical knowledge base.
pub trait Knowledge {
    /// The best `k` passages for `query` (Korean is bridged to English inside), and how it searched.
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Found, IndexError>>;
    /// What the search uses, before any search ("bm25", "hybrid", "bm25 (vectors still loading)").
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_report_reads_as_the_traces_line() {
        assert_eq!(SearchReport::method("bm25 (vectors still loading)").to_string(), "bm25 (vectors still loading)");
        let checked = Checked {
            matched: "gout (C0018099), asks: treatment".into(),
            best_similarity: Some(0.614),
            relevant: false,
            reason: "similarity 0.61 below 0.45".into(),
        };
        let report = SearchReport { method: "hybrid".into(), checked: Some(checked), asked: Vec::new() };
        assert_eq!(
            report.to_string(),
            "hybrid; matched: gout (C0018099), asks: treatment; best vector similarity 0.61; \
relevance failed, nothing quoted: similarity 0.61 below 0.45"
        );
    }
}
