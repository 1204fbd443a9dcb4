//! The vector side of search: embed the question with all-MiniLM-L6-v2 and find the nearest corpus
//! chunks in the inverted-file index (fetching the lists a question needs).
//!
//! [`VectorSearch`] is what hybrid search asks for; [`LocalVectors`] answers it in-process (natively
//! in the CLI, and inside the browser's embedding worker, which the page reaches by messages).

use super::chunk_map::{ChunkMap, ChunkPlace};
use super::file_source::FileSource;
use super::vector_index::{list_file, search_lists, Centroids, VectorHit, VectorList};
use super::vector_manifest::VectorManifest;
use super::windows::{windows, WINDOW_PIECES};
use crate::core::files::FileEntry;
use crate::core::ports::IndexError;
use crate::core::LocalFuture;
use crate::embed::Embedder;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

/// One chunk near the question.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VectorMatch {
    /// The chunk's document and position.
    pub place: ChunkPlace,
    /// Cosine similarity to the question (higher is closer).
    pub score: f32,
}

/// The whole message's share of a chunk's score when a long message is searched by windows
/// ([`LocalVectors::nearest_to_any`]); set before measuring, not tuned.
pub const WHOLE_SHARE: f32 = 0.5;

/// Semantic search over the corpus chunks.
pub trait VectorSearch {
    /// How many documents the vector index covers (it must be the keyword index's corpus).
    fn documents(&self) -> usize;
    /// The L2-normalised embedding of `text`.
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Result<Vec<f32>, IndexError>>;
    /// The `chunks` chunks nearest to `text`, best first.
    fn nearest<'a>(&'a self, text: &'a str, chunks: usize) -> LocalFuture<'a, Result<Vec<VectorMatch>, IndexError>>;
}

/// The embedder, the centroid graph and the chunk map, loaded in this thread, and the lists fetched so
/// far.
pub struct LocalVectors {
    embedder: Embedder,
    centroids: Centroids,
    chunks: ChunkMap,
    lists: ListStore,
    /// Lists searched per question.
    probe: usize,
    /// The last text embedded and its embedding: a turn embeds its question for the response cache
    /// and then again to search, and the model is the slow part.
    last: RefCell<Option<(String, Vec<f32>)>>,
}

impl LocalVectors {
    /// Takes the loaded model and loads the vector index's start files (`centroids.bin`, `chunks.bin`,
    /// both already checked against `manifest`); lists come from `source` as questions need them.
    /// `probe` overrides the manifest's lists per question. Fails with a message saying what to rebuild
    /// when the files disagree.
    pub fn load(
        embedder: Embedder,
        manifest: &VectorManifest,
        centroids: &[u8],
        chunk_counts: &[u8],
        source: Box<dyn FileSource>,
        probe: Option<usize>,
    ) -> Result<LocalVectors, IndexError> {
        let probe = probe.unwrap_or(manifest.ivf.probe as usize).max(1);
        let centroids = Centroids::from_bytes(centroids).map_err(|e| IndexError::Corrupt(e.to_string()))?;
        let chunks = ChunkMap::from_bytes(chunk_counts).map_err(IndexError::Corrupt)?;
        if chunks.chunks() != manifest.chunks {
            return Err(IndexError::Corrupt(format!(
                "the vector index has {} chunks but chunks.bin describes {}; rebuild with `medagent index build --vectors`",
                manifest.chunks,
                chunks.chunks()
            )));
        }
        let lists = ListStore::new(source, manifest, centroids.lists());
        Ok(LocalVectors { embedder, centroids, chunks, lists, probe, last: RefCell::new(None) })
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

    /// The embeddings `text` is searched by: its own, then (for a message longer than
    /// [`WINDOW_PIECES`]) one per window of it (see [`super::windows`]).
    pub async fn query_vectors(&self, text: &str) -> Result<Vec<Vec<f32>>, IndexError> {
        let whole = self.embed_now(text).await?;
        let windows = windows(text, WINDOW_PIECES, |t| self.embedder.token_ids(t).len().saturating_sub(2));
        if windows.len() < 2 {
            return Ok(vec![whole]);
        }
        let windows: Vec<&str> = windows.iter().map(String::as_str).collect();
        let mut vectors = self.embedder.embed_batch(&windows).await.map_err(|e| IndexError::Failed(e.to_string()))?;
        vectors.insert(0, whole);
        Ok(vectors)
    }

    /// The chunks nearest to a query's embeddings ([`Self::query_vectors`]), best first. With one
    /// embedding, its nearest chunks; with windows, each chunk among any embedding's nearest scores
    /// [`WHOLE_SHARE`] of its similarity to the whole message plus the rest of its best similarity
    /// to a window, so the question at a long message's end counts, and one window about an
    /// incidental matter does not outweigh the whole. An embedding that did not return a chunk
    /// counts its last returned similarity (an upper bound).
    pub async fn nearest_to_any(&self, vectors: &[Vec<f32>], chunks: usize) -> Result<Vec<VectorMatch>, IndexError> {
        let Some((whole, windows)) = vectors.split_first() else { return Ok(Vec::new()) };
        if windows.is_empty() {
            return self.nearest_to(whole, chunks).await;
        }
        let mut lists = Vec::with_capacity(vectors.len());
        for vector in vectors {
            lists.push(self.nearest_to(vector, chunks).await?);
        }
        let floors: Vec<f32> = lists.iter().map(|l| l.last().map_or(0.0, |m| m.score)).collect();
        let mut scores: HashMap<ChunkPlace, Vec<f32>> = HashMap::new();
        for (i, list) in lists.iter().enumerate() {
            for m in list {
                scores.entry(m.place).or_insert_with(|| floors.clone())[i] = m.score;
            }
        }
        let mut found: Vec<VectorMatch> = scores
            .into_iter()
            .map(|(place, s)| {
                let best_window = s[1..].iter().copied().fold(f32::MIN, f32::max);
                VectorMatch { place, score: WHOLE_SHARE * s[0] + (1.0 - WHOLE_SHARE) * best_window }
            })
            .collect();
        crate::core::order::sort_by(&mut found, |a, b| {
            b.score.total_cmp(&a.score).then((a.place.doc, a.place.nth).cmp(&(b.place.doc, b.place.nth)))
        });
        found.truncate(chunks);
        Ok(found)
    }

    /// The chunks nearest to an embedding, best first, from the lists nearest to it (fetched if needed).
    pub async fn nearest_to(&self, query_vector: &[f32], chunks: usize) -> Result<Vec<VectorMatch>, IndexError> {
        let hits = self.search(query_vector, chunks, self.probe).await?;
        Ok(hits
            .into_iter()
            .filter_map(|hit| Some(VectorMatch { place: self.chunks.place(hit.chunk)?, score: hit.score }))
            .collect())
    }

    /// The `k` best chunks among the `probe` lists nearest `query_vector` (every list: exact search).
    pub async fn search(&self, query_vector: &[f32], k: usize, probe: usize) -> Result<Vec<VectorHit>, IndexError> {
        let nearest = self.centroids.nearest_lists(query_vector, probe);
        let lists = self.lists.get(&nearest).await?;
        Ok(search_lists(lists.iter().map(|list| &**list), query_vector, k))
    }

    /// Exact search: every list (for recall measurements; fetches the whole index).
    pub async fn exact_search(&self, query_vector: &[f32], k: usize) -> Result<Vec<VectorHit>, IndexError> {
        self.search(query_vector, k, self.centroids.lists() as usize).await
    }

    /// The lists `probe` would search for `query_vector`, and their bytes (what a question fetches).
    pub fn probed(&self, query_vector: &[f32], probe: usize) -> (Vec<u32>, u64) {
        let lists = self.centroids.nearest_lists(query_vector, probe);
        let bytes = lists.iter().map(|&l| self.lists.file_bytes(l)).sum();
        (lists, bytes)
    }

    /// Lists searched per question.
    pub fn probe(&self) -> usize {
        self.probe
    }

    /// Bytes of list files fetched so far.
    pub fn fetched_bytes(&self) -> u64 {
        self.lists.cache.borrow().fetched_bytes
    }

    /// The chunk layout.
    pub fn chunk_map(&self) -> &ChunkMap {
        &self.chunks
    }
}

/// The lists, fetched on demand, checked against the manifest and kept (up to [`LIST_CACHE_BYTES`];
/// the least recently used go first).
struct ListStore {
    source: Box<dyn FileSource>,
    /// Each list's file entry, by list number.
    entries: Vec<Option<FileEntry>>,
    cache: RefCell<ListCache>,
}

/// Bytes of lists kept in memory: the whole index of today's corpus, a bounded share of a larger one.
pub const LIST_CACHE_BYTES: usize = 32 << 20;

#[derive(Default)]
struct ListCache {
    lists: HashMap<u32, Rc<VectorList>>,
    /// List numbers, least recently used first.
    order: VecDeque<u32>,
    bytes: usize,
    fetched_bytes: u64,
}

impl ListStore {
    fn new(source: Box<dyn FileSource>, manifest: &VectorManifest, lists: u32) -> ListStore {
        let entries = (0..lists).map(|l| manifest.files.get(&list_file(l)).cloned()).collect();
        ListStore { source, entries, cache: RefCell::default() }
    }

    fn file_bytes(&self, list: u32) -> u64 {
        self.entries.get(list as usize).and_then(|e| e.as_ref()).map_or(0, |e| e.bytes)
    }

    /// The lists `wanted`, fetching (all at once) those not in memory.
    async fn get(&self, wanted: &[u32]) -> Result<Vec<Rc<VectorList>>, IndexError> {
        let missing: Vec<u32> = wanted.iter().copied().filter(|l| !self.cache.borrow().lists.contains_key(l)).collect();
        let fetched = futures_util::future::join_all(missing.iter().map(|&l| self.fetch(l))).await;
        let mut cache = self.cache.borrow_mut();
        for list in fetched {
            let list = list?;
            cache.fetched_bytes += list.bytes() as u64;
            cache.insert(Rc::new(list));
        }
        Ok(wanted.iter().filter_map(|l| cache.touch(*l)).collect())
    }

    async fn fetch(&self, list: u32) -> Result<VectorList, IndexError> {
        let name = list_file(list);
        let entry = self.entries.get(list as usize).and_then(|e| e.as_ref()).ok_or_else(|| {
            IndexError::Corrupt(format!(
                "{name} is missing from the vector manifest; rebuild with `medagent index build --vectors`"
            ))
        })?;
        let bytes = self.source.fetch(&name).await?;
        if FileEntry::of(&bytes) != *entry {
            return Err(IndexError::Corrupt(format!(
                "{name} does not match the vector manifest (size or SHA-256): it is damaged or from another build; reload, or rebuild with `medagent index build --vectors`"
            )));
        }
        VectorList::from_bytes(&bytes, list).map_err(|e| IndexError::Corrupt(format!("{name}: {e}")))
    }
}

impl ListCache {
    fn insert(&mut self, list: Rc<VectorList>) {
        let number = list.number();
        self.bytes += list.bytes();
        if let Some(old) = self.lists.insert(number, list) {
            self.bytes -= old.bytes();
            self.order.retain(|&l| l != number);
        }
        self.order.push_back(number);
        while self.bytes > LIST_CACHE_BYTES && self.order.len() > 1 {
            let Some(oldest) = self.order.pop_front() else { break };
            if let Some(gone) = self.lists.remove(&oldest) {
                self.bytes -= gone.bytes();
            }
        }
    }

    /// The list if held, marked as just used.
    fn touch(&mut self, list: u32) -> Option<Rc<VectorList>> {
        let found = self.lists.get(&list).cloned()?;
        self.order.retain(|&l| l != list);
        self.order.push_back(list);
        Some(found)
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
        Box::pin(async move { self.nearest_to_any(&self.query_vectors(text).await?, chunks).await })
    }
}
