//! The vector side of search: embed the question with all-MiniLM-L6-v2 and find the nearest corpus
//! chunks in the HNSW map.
//!
//! [`VectorSearch`] is what hybrid search asks for; [`LocalVectors`] answers it in-process (natively
//! in the CLI, and inside the browser's embedding worker, which the page reaches by messages).

use super::chunk_map::{ChunkMap, ChunkPlace};
use super::vector_index::VectorIndex;
use crate::core::ports::IndexError;
use crate::core::LocalFuture;
use crate::embed::Embedder;
use std::cell::RefCell;

/// One chunk near the question.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VectorMatch {
    /// The chunk's document and position.
    pub place: ChunkPlace,
    /// Cosine similarity to the question (higher is closer).
    pub score: f32,
}

/// Semantic search over the corpus chunks.
pub trait VectorSearch {
    /// How many documents the vector index covers (it must be the keyword index's corpus).
    fn documents(&self) -> usize;
    /// The L2-normalised embedding of `text`.
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Result<Vec<f32>, IndexError>>;
    /// The `chunks` chunks nearest to `text`, best first (fewer when the map's ef_search caps them).
    fn nearest<'a>(&'a self, text: &'a str, chunks: usize) -> LocalFuture<'a, Result<Vec<VectorMatch>, IndexError>>;
}

/// The embedder, the HNSW map and the chunk map, loaded in this thread.
pub struct LocalVectors {
    embedder: Embedder,
    index: VectorIndex,
    chunks: ChunkMap,
    /// The last text embedded and its embedding: a turn embeds its question for the response cache
    /// and then again to search, and the model is the slow part.
    last: RefCell<Option<(String, Vec<f32>)>>,
}

impl LocalVectors {
    /// Takes the loaded model and loads the vector files (`hnsw.bin`, `chunks.bin`); `ef_search`
    /// overrides the value stored in the map. Fails with a message saying what to rebuild when the two
    /// files disagree.
    pub fn load(
        embedder: Embedder,
        hnsw: &[u8],
        chunk_counts: &[u8],
        ef_search: Option<usize>,
    ) -> Result<LocalVectors, IndexError> {
        let index =
            VectorIndex::from_bytes_with_ef_search(hnsw, ef_search).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let chunks = ChunkMap::from_bytes(chunk_counts).map_err(IndexError::Corrupt)?;
        if chunks.chunks() != index.len() {
            return Err(IndexError::Corrupt(format!(
                "the vector index has {} chunks but chunks.bin describes {}; rebuild with `medagent index build --vectors`",
                index.len(),
                chunks.chunks()
            )));
        }
        Ok(LocalVectors { embedder, index, chunks, last: RefCell::new(None) })
    }

    /// The question's embedding (asynchronous: the browser's copy of the model fetches the rows of the
    /// question's tokens it does not have yet).
    pub async fn embed_now(&self, text: &str) -> Result<Vec<f32>, IndexError> {
        if let Some((last, vector)) = &*self.last.borrow() {
            if last == text {
                return Ok(vector.clone());
            }
        }
        let vector = self.embedder.embed(text).await.map_err(|e| IndexError::Failed(e.to_string()))?;
        *self.last.borrow_mut() = Some((text.to_string(), vector.clone()));
        Ok(vector)
    }

    /// The chunks nearest to an embedding, best first.
    pub fn nearest_to(&self, query_vector: &[f32], chunks: usize) -> Vec<VectorMatch> {
        self.index
            .search(query_vector, chunks)
            .into_iter()
            .filter_map(|hit| Some(VectorMatch { place: self.chunks.place(hit.chunk)?, score: hit.score }))
            .collect()
    }

    /// The map itself (for recall measurements against exact search).
    pub fn index(&self) -> &VectorIndex {
        &self.index
    }

    /// The chunk layout.
    pub fn chunk_map(&self) -> &ChunkMap {
        &self.chunks
    }
}

impl VectorSearch for LocalVectors {
    fn documents(&self) -> usize {
        self.chunks.documents()
    }

    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Result<Vec<f32>, IndexError>> {
        Box::pin(self.embed_now(text))
    }

    fn nearest<'a>(&'a self, text: &'a str, chunks: usize) -> LocalFuture<'a, Result<Vec<VectorMatch>, IndexError>> {
        Box::pin(async move { Ok(self.nearest_to(&self.embed_now(text).await?, chunks)) })
    }
}
