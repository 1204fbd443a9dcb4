//! The messages between the page and the embedding worker (the `embed-worker` binary, a Web Worker).
//!
//! The worker owns the vector side of search in the browser: it downloads the embedding model and the
//! vector index itself (so tens of megabytes never cross threads), embeds questions and searches the
//! lists of the vector index near them (fetching those it lacks) off the main thread, so typing and scrolling never wait for it. Every message is one JSON
//! string (`postMessage(string)`), a [`ToWorker`] from the page or a [`FromWorker`] back:
//!
//! ```text
//! worker -> page   {"started":{}}                              listening; the page may send load
//! page -> worker   {"load":{"model":"model/","vectors":"index/vectors/","probe":null}}
//! worker -> page   {"progress":{"part":"model","loaded":1048576,"total":45000000}}   repeatedly
//! worker -> page   {"ready":{"ms":2345.0,"bytes":43000000,"documents":16407,"hash_ms":210.0}}  or {"load_failed":{"message":"..."}}
//! page -> worker   {"embed":{"id":7,"text":"..."}}            -> {"embedded":{"id":7,"vector":[...],"ms":12.5}}
//! page -> worker   {"nearest":{"id":8,"text":"...","chunks":40}}
//!                  -> {"found":{"id":8,"matches":[[doc,nth,score],...],"embed_ms":..,"search_ms":..,"fetched_bytes":..}}
//! worker -> page   {"failed":{"id":8,"message":"..."}}        a request that could not be answered
//! ```

use serde::{Deserialize, Serialize};

/// A request from the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToWorker {
    /// Download and load the model and the vector index from these base URLs (ending in `/`);
    /// `probe` overrides the lists searched per question.
    Load { model: String, vectors: String, probe: Option<usize> },
    /// Embed one text.
    Embed { id: u32, text: String },
    /// Embed a question and find its nearest `chunks` chunks.
    Nearest { id: u32, text: String, chunks: usize },
}

/// A reply or report from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromWorker {
    /// The worker is listening (messages sent before this are lost).
    Started {},
    /// Bytes of one part (`"model"` or `"vectors"`) downloaded so far, of `total`.
    Progress { part: String, loaded: u64, total: u64 },
    /// Model and vectors are loaded: how long it took, how many bytes were downloaded, how many
    /// documents the vector index covers, and the milliseconds spent on their SHA-256 (taken as the
    /// bytes arrived).
    Ready {
        ms: f64,
        bytes: u64,
        documents: usize,
        #[serde(default)]
        hash_ms: f64,
        /// Bytes of the worker's wasm memory once loaded.
        #[serde(default)]
        memory: u64,
    },
    /// Loading failed; search stays keyword-only.
    LoadFailed { message: String },
    /// The answer to [`ToWorker::Embed`].
    Embedded { id: u32, vector: Vec<f32>, ms: f64 },
    /// The answer to [`ToWorker::Nearest`]: `(document, chunk of document, similarity)` best first,
    /// and the bytes of vector lists the search had to fetch (0 when they were all in memory).
    Found {
        id: u32,
        matches: Vec<(u32, u16, f32)>,
        embed_ms: f64,
        search_ms: f64,
        #[serde(default)]
        fetched_bytes: u64,
    },
    /// A request failed.
    Failed { id: u32, message: String },
}

impl ToWorker {
    /// The message as sent.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("worker messages always serialise")
    }
}

impl FromWorker {
    /// The message as sent.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("worker messages always serialise")
    }
}

/// Parses a message, with an error that says which side sent something unreadable.
pub fn parse<'a, T: Deserialize<'a>>(json: &'a str) -> Result<T, String> {
    serde_json::from_str(json).map_err(|e| format!("unreadable embedding-worker message ({e}): {json:.120}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_have_the_documented_shape_and_round_trip() {
        let load = ToWorker::Load { model: "model/".into(), vectors: "index/vectors/".into(), probe: None };
        assert_eq!(load.to_json(), r#"{"load":{"model":"model/","vectors":"index/vectors/","probe":null}}"#);
        assert_eq!(FromWorker::Started {}.to_json(), r#"{"started":{}}"#);
        let found =
            FromWorker::Found { id: 8, matches: vec![(3, 1, 0.75)], embed_ms: 1.0, search_ms: 2.0, fetched_bytes: 0 };
        assert_eq!(parse::<FromWorker>(&found.to_json()).unwrap(), found);
        assert!(found.to_json().contains(r#""matches":[[3,1,0.75]]"#));
    }

    #[test]
    fn garbage_is_an_error_that_names_the_worker() {
        let error = parse::<FromWorker>("{\"nonsense\":1}").unwrap_err();
        assert!(error.contains("embedding-worker"), "{error}");
    }
}
