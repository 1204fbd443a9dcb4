//! `index/vectors/manifest.json`: what the committed vector files were built from, so stale vectors are
//! detected (a test compares it with the committed corpus and the model) and the browser can check what
//! it downloaded.
//!
//! ```json
//! { "format_version": 2, "model": "all-MiniLM-L6-v2", "model_hash": "<ModelFiles::fingerprint>",
//!   "corpus_hash": "<chunk_fingerprint>", "chunks": 12345, "dims": 384,
//!   "quantization": "int8 per vector (one f32 scale)",
//!   "ivf": { "seed": 7882829, "lists": 801, "iterations": 12, "probe": 128 },
//!   "files": { "centroids.bin": { "bytes": 1, "sha256": "..." }, "chunks.bin": {...},
//!              "list-0000.bin": {...}, ... } }
//! ```
//!
//! Every file of the index is listed: the browser fetches a list only when a question needs it and
//! checks it against its entry here.

use super::corpus::{chunk_answer, Document};
use super::vector_index::{list_file, BuiltIndex, IvfParams, CENTROIDS_FILE, FORMAT_VERSION};
use crate::core::files::hex;
use crate::core::files::FileEntry;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The manifest of the vector index (module docs show the JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VectorManifest {
    /// `hnsw.bin` layout version.
    pub format_version: u32,
    /// Human-readable model name.
    pub model: String,
    /// Fingerprint of the f32 model files the chunks were embedded with.
    pub model_hash: String,
    /// Fingerprint of the chunk list that was embedded.
    pub corpus_hash: String,
    /// Number of chunks (= vectors in the lists).
    pub chunks: usize,
    /// Embedding dimensions.
    pub dims: usize,
    /// How vectors are stored.
    pub quantization: String,
    /// The inverted file's build and search parameters.
    pub ivf: IvfParams,
    /// Size and SHA-256 of each file.
    pub files: BTreeMap<String, FileEntry>,
}

impl VectorManifest {
    /// The manifest for an index just built (`files` gets the centroid and list files; the caller adds
    /// the chunk map).
    pub fn new(model_hash: String, corpus_hash: String, chunks: usize, ivf: IvfParams, index: &BuiltIndex) -> Self {
        let mut files = BTreeMap::from([(CENTROIDS_FILE.to_string(), FileEntry::of(&index.centroids.to_bytes()))]);
        for (n, list) in index.lists.iter().enumerate() {
            files.insert(list_file(n as u32), FileEntry::of(&list.to_bytes()));
        }
        VectorManifest {
            format_version: FORMAT_VERSION,
            model: "all-MiniLM-L6-v2".into(),
            model_hash,
            corpus_hash,
            chunks,
            dims: crate::embed::DIMS,
            quantization: "int8 per vector (one f32 scale)".into(),
            ivf,
            files,
        }
    }
}

/// Name of the chunk map inside `index/vectors/`: one byte per document in corpus order, its number of
/// chunks. Chunk ids in `hnsw.bin` count through the documents in that order, so prefix sums of this file
/// map a chunk id to (document ordinal, chunk within the document) without loading the document shards.
pub const CHUNK_COUNTS_FILE: &str = "chunks.bin";

/// What the vector index embeds: every chunk of every document, in corpus order.
pub struct ChunkList {
    /// Chunks per document (the content of [`CHUNK_COUNTS_FILE`]).
    pub counts: Vec<u8>,
    /// The text embedded for each chunk: the document's question, then the chunk, so that a later chunk
    /// of a long answer still says what it is about.
    pub texts: Vec<String>,
    /// [`chunk_fingerprint`] of the list: the manifest's `corpus_hash`.
    pub fingerprint: String,
}

impl ChunkList {
    /// The chunk list of `docs`; fails if a document has more chunks than [`CHUNK_COUNTS_FILE`] can say.
    pub fn of(docs: &[Document]) -> Result<ChunkList, String> {
        let mut counts = Vec::with_capacity(docs.len());
        let mut texts = Vec::new();
        let mut ids = Vec::new();
        for doc in docs {
            let chunks = chunk_answer(&doc.answer);
            let count = u8::try_from(chunks.len()).map_err(|_| {
                format!("document {} has {} chunks; the chunk map holds at most 255", doc.id, chunks.len())
            })?;
            counts.push(count);
            for chunk in &chunks {
                texts.push(format!("{}\n{}", doc.question, &doc.answer[chunk.start as usize..chunk.end as usize]));
                ids.push(doc.id.as_str());
            }
        }
        let fingerprint = chunk_fingerprint(ids.into_iter().zip(texts.iter().map(String::as_str)));
        Ok(ChunkList { counts, texts, fingerprint })
    }
}

/// SHA-256 of the chunk list in order: each chunk's document id and text, length-prefixed so that no two
/// different lists hash alike. Changes whenever the chunker or the corpus does.
pub fn chunk_fingerprint<'a>(chunks: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut h = Sha256::new();
    for (doc, text) in chunks {
        for part in [doc, text] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
    }
    hex(&h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_fingerprint_sees_boundaries_and_order() {
        let a = chunk_fingerprint([("d1", "ab"), ("d2", "c")]);
        assert_ne!(a, chunk_fingerprint([("d1", "a"), ("d2", "bc")]));
        assert_ne!(a, chunk_fingerprint([("d2", "c"), ("d1", "ab")]));
        assert_eq!(a, chunk_fingerprint([("d1", "ab"), ("d2", "c")]));
    }
}
