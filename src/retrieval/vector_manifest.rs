//! `index/vectors/manifest.json`: what the committed vector files were built from, so stale vectors are
//! detected (a test compares it with the committed corpus and the model) and the browser can check what
//! it downloaded.
//!
//! ```json
//! { "format_version": 1, "model": "all-MiniLM-L6-v2", "model_hash": "<ModelFiles::fingerprint>",
//!   "corpus_hash": "<chunk_fingerprint>", "chunks": 12345, "dims": 384,
//!   "quantization": "int8 per vector (one f32 scale)",
//!   "hnsw": { "seed": 7882829, "ef_construction": 100, "ef_search": 64 },
//!   "files": { "hnsw.bin": { "bytes": 1, "sha256": "..." } } }
//! ```

use super::corpus::{chunk_answer, Document};
use super::vector_index::{HnswParams, FORMAT_VERSION};
use crate::core::files::hex;
use crate::core::files::FileEntry;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Name of the HNSW file inside `index/vectors/`.
pub const HNSW_FILE: &str = "hnsw.bin";

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
    /// Number of chunks (= points in the map).
    pub chunks: usize,
    /// Embedding dimensions.
    pub dims: usize,
    /// How vectors are stored.
    pub quantization: String,
    /// HNSW build parameters.
    pub hnsw: HnswParams,
    /// Size and SHA-256 of each file.
    pub files: BTreeMap<String, FileEntry>,
}

impl VectorManifest {
    /// The manifest for an index just built.
    pub fn new(model_hash: String, corpus_hash: String, chunks: usize, hnsw: HnswParams, hnsw_bytes: &[u8]) -> Self {
        VectorManifest {
            format_version: FORMAT_VERSION,
            model: "all-MiniLM-L6-v2".into(),
            model_hash,
            corpus_hash,
            chunks,
            dims: crate::embed::DIMS,
            quantization: "int8 per vector (one f32 scale)".into(),
            hnsw,
            files: BTreeMap::from([(HNSW_FILE.to_string(), FileEntry::of(hnsw_bytes))]),
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
