//! Search end to end: BM25 (tokenize the query, fetch the shards it needs, score), the vector side,
//! and their RRF fusion, each describing the best documents. Async over a [`FileSource`] so the
//! browser can fetch shards over HTTP while the CLI reads them from disk.

use super::asked::{asked_first, asked_with};
use super::aspects::{AspectModel, ASPECTS_FILE};
use super::file_source::FileSource;
use super::fusion::{fuse as fuse_lists, Candidate, FUSION};
use super::index_files::{LoadedIndex, Manifest, STATS};
use super::topics::fitting_topics_first;
use super::vectors::VectorSearch;
use crate::core::files::MANIFEST;
pub use crate::core::ports::IndexError;
use crate::core::tokenizer::tokenize;
use crate::lexicon::file::{decode, LEXICON_FILE};
use crate::lexicon::Lexicon;
use crate::medicines::file::INTERACTIONS_FILE;
use crate::medicines::Interactions;
use serde::Serialize;

/// Which retrieval answers a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchMode {
    /// Keyword search (BM25Okapi).
    Bm25,
    /// Nearest chunks by all-MiniLM-L6-v2 embedding.
    Vector,
    /// Both, fused by [`FUSION`], each side contributing 2k candidates.
    #[default]
    Hybrid,
}

impl SearchMode {
    /// The mode's name as the CLI and the trace spell it.
    pub fn name(self) -> &'static str {
        match self {
            SearchMode::Bm25 => "bm25",
            SearchMode::Vector => "vector",
            SearchMode::Hybrid => "hybrid",
        }
    }
}

/// One search result: a MedQuAD document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hit {
    /// Document number inside the index.
    #[serde(skip)]
    pub doc: u32,
    /// The MedQuAD id.
    pub id: String,
    /// BM25 score, vector cosine or RRF score, by the mode that ranked the list.
    pub score: f64,
    /// 1-based rank among the BM25 documents (`None` when BM25 did not return it).
    pub bm25_rank: Option<usize>,
    /// 1-based rank among the vector documents (`None` when the vector side did not return it).
    pub vector_rank: Option<usize>,
    /// The chunk of the answer the vector side matched, when it ranked the document best.
    #[serde(skip)]
    pub chunk: Option<u16>,
    pub focus: String,
    pub qtype: String,
    /// The MedQuAD question.
    pub title: String,
    #[serde(skip)]
    pub url: String,
    #[serde(skip)]
    pub source: String,
}

/// Loads `lexicon.bin` of `index`: the concept lexicon (the Korean bridge and slot extraction need
/// it), checked against the index's manifest.
pub async fn open_lexicon(source: &dyn FileSource, index: &LoadedIndex) -> Result<Lexicon, IndexError> {
    let bytes = source.fetch(LEXICON_FILE).await?;
    index.manifest.verify(LEXICON_FILE, &bytes).map_err(corrupt)?;
    decode(&bytes).map_err(corrupt)
}

/// Loads `interactions.bin` of `index`: the medicine interaction tables (the interaction check needs
/// them), checked against the index's manifest.
pub async fn open_interactions(source: &dyn FileSource, index: &LoadedIndex) -> Result<Interactions, IndexError> {
    let bytes = source.fetch(INTERACTIONS_FILE).await?;
    index.manifest.verify(INTERACTIONS_FILE, &bytes).map_err(corrupt)?;
    crate::medicines::file::decode(&bytes).map_err(corrupt)
}

/// A file that is there but does not read as it should.
fn corrupt(error: impl std::fmt::Display) -> IndexError {
    IndexError::Corrupt(error.to_string())
}

/// Loads `manifest.json`, `stats.bin` and `aspects.bin`: what every search needs first.
pub async fn open(source: &dyn FileSource) -> Result<LoadedIndex, IndexError> {
    let manifest = Manifest::parse(&source.fetch(MANIFEST).await?).map_err(corrupt)?;
    let stats = source.fetch(STATS).await?;
    let aspects = source.fetch(ASPECTS_FILE).await?;
    let mut index = LoadedIndex::new(manifest, &stats).map_err(corrupt)?;
    index.manifest.verify(ASPECTS_FILE, &aspects).map_err(corrupt)?;
    index.aspects = Some(AspectModel::decode(&aspects).map_err(corrupt)?);
    Ok(index)
}

/// The question types `query` asks, as search reads them: the table's words, else the index's
/// learned model ([`asked_with`]).
pub fn asked_of<'a>(index: &'a LoadedIndex, query: &str) -> Vec<&'a str> {
    asked_with(query, index.aspects.as_ref())
}

/// Fetches every named file not loaded yet, all at once (each is a round trip to the host), and adds
/// them in order.
async fn load(index: &mut LoadedIndex, source: &dyn FileSource, names: Vec<String>) -> Result<(), IndexError> {
    let fetched = futures_util::future::join_all(names.iter().map(|name| source.fetch(name))).await;
    for (name, bytes) in names.iter().zip(fetched) {
        index.add_file(name, &bytes?).map_err(corrupt)?;
    }
    Ok(())
}

/// A ranked document before its metadata is loaded.
struct Ranked {
    doc: u32,
    score: f64,
    bm25_rank: Option<usize>,
    vector_rank: Option<usize>,
    chunk: Option<u16>,
}

/// What the two sides saw of the best documents, for the relevance check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SearchSignals {
    /// Cosine similarity of the vector side's best chunk (`None` when the vector side did not run).
    pub best_similarity: Option<f64>,
    /// The share of the query's idf weight that BM25's best document contains (`None` when BM25 did
    /// not run); a query word the corpus lacks weighs as much as its known words do on average.
    pub keyword_coverage: Option<f64>,
}

/// Documents ranked at least, whatever the `k` asked, before the asked aspect's pages move up.
const ASKED_POOL: usize = 10;

/// Search for `query` (already bridged to English where needed): the top `k` documents by `mode`.
/// `vectors` is the vector side when it is loaded; vector and hybrid searches need it.
pub async fn search(
    index: &mut LoadedIndex,
    source: &dyn FileSource,
    vectors: Option<&dyn VectorSearch>,
    mode: SearchMode,
    query: &str,
    k: usize,
) -> Result<Vec<Hit>, IndexError> {
    Ok(search_with_signals(index, source, vectors, mode, query, k).await?.0)
}

/// [`search`], also returning what each side saw of its best document.
pub async fn search_with_signals(
    index: &mut LoadedIndex,
    source: &dyn FileSource,
    vectors: Option<&dyn VectorSearch>,
    mode: SearchMode,
    query: &str,
    k: usize,
) -> Result<(Vec<Hit>, SearchSignals), IndexError> {
    // A topic's page of the asked aspect moves first within the topic (below); it is looked for among
    // at least the first ASKED_POOL documents, so a small `k` (a turn's dynamic k) still gets it.
    let (k, wanted) = (k.max(ASKED_POOL), k);
    let need_vectors = || {
        vectors.ok_or_else(|| {
            IndexError::NotLoaded(format!(
                "{} search needs the vector index and the embedding model, which are not loaded",
                mode.name()
            ))
        })
    };
    let mut signals = SearchSignals::default();
    let ranked = match mode {
        SearchMode::Bm25 => bm25_ranked(index, source, query, k, &mut signals).await?,
        SearchMode::Vector => vector_ranked(need_vectors()?, query, k, &mut signals).await?,
        SearchMode::Hybrid => {
            // Both sides at once: in the browser the vector side runs in the worker (embedding, then
            // fetching lists) while the page fetches the keyword shards.
            let vectors = need_vectors()?;
            let mut semantic_signals = SearchSignals::default();
            let (keyword, semantic) = futures_util::future::join(
                bm25_ranked(index, source, query, 2 * k, &mut signals),
                vector_ranked(vectors, query, 2 * k, &mut semantic_signals),
            )
            .await;
            signals.best_similarity = semantic_signals.best_similarity;
            fuse(&keyword?, &semantic?, k, tokenize(query).len())
        }
    };
    let hits = describe(index, source, ranked).await?;
    // The topic's page of the asked aspect first among that topic's results (see super::asked).
    let asked = asked_of(index, query);
    let order = asked_first(&hits, &asked, |h| &h.focus, |h| &h.qtype);
    let hits: Vec<Hit> = order.into_iter().map(|i| hits[i].clone()).collect();
    // Then, within a family of topics ("Kidney Stones", "... in Children"), the one that fits the
    // question first (see super::topics).
    let order = fitting_topics_first(&hits, query, &asked, |h| &h.focus, |h| &h.qtype);
    Ok((order.into_iter().take(wanted).map(|i| hits[i].clone()).collect(), signals))
}

/// BM25 search: the top `k` documents. Shorthand for [`search`] in [`SearchMode::Bm25`].
pub async fn bm25(
    index: &mut LoadedIndex,
    source: &dyn FileSource,
    query: &str,
    k: usize,
) -> Result<Vec<Hit>, IndexError> {
    search(index, source, None, SearchMode::Bm25, query, k).await
}

async fn bm25_ranked(
    index: &mut LoadedIndex,
    source: &dyn FileSource,
    query: &str,
    k: usize,
    signals: &mut SearchSignals,
) -> Result<Vec<Ranked>, IndexError> {
    let terms = tokenize(query);
    let missing = index.missing_for_terms(&terms);
    load(index, source, missing).await?;
    let best = index.bm25(&terms, k);
    signals.keyword_coverage = Some(best.first().map_or(0.0, |&(doc, _)| index.term_coverage(&terms, doc)));
    Ok(best
        .into_iter()
        .enumerate()
        .map(|(i, (doc, score))| Ranked { doc, score, bm25_rank: Some(i + 1), vector_rank: None, chunk: None })
        .collect())
}

/// Chunks asked of the vector side per wanted document: a document's chunks often crowd the top.
const CHUNKS_PER_DOCUMENT: usize = 4;

/// The top `k` documents by their best chunk's similarity.
async fn vector_ranked(
    vectors: &dyn VectorSearch,
    query: &str,
    k: usize,
    signals: &mut SearchSignals,
) -> Result<Vec<Ranked>, IndexError> {
    // An empty query has no meaning to embed: its nearest chunks would be arbitrary.
    if query.trim().is_empty() {
        signals.best_similarity = Some(0.0);
        return Ok(Vec::new());
    }
    let matches = vectors.nearest(query, k * CHUNKS_PER_DOCUMENT).await?;
    signals.best_similarity = Some(matches.first().map_or(0.0, |m| f64::from(m.score)));
    let mut seen = std::collections::HashSet::new();
    Ok(matches
        .into_iter()
        .filter(|m| seen.insert(m.place.doc))
        .take(k)
        .enumerate()
        .map(|(i, m)| Ranked {
            doc: m.place.doc,
            score: f64::from(m.score),
            bm25_rank: None,
            vector_rank: Some(i + 1),
            chunk: Some(m.place.nth),
        })
        .collect())
}

/// [`FUSION`] for a query of `terms` keyword terms ([`super::fusion::Fusion::for_query`]) of the two
/// document lists (each already one entry per document), the top `k`.
fn fuse(keyword: &[Ranked], semantic: &[Ranked], k: usize, terms: usize) -> Vec<Ranked> {
    let candidates = |list: &[Ranked]| -> Vec<Candidate<u32>> {
        list.iter().map(|r| Candidate { doc: r.doc, chunk: r.chunk.map(u32::from), score: r.score }).collect()
    };
    fuse_lists(&candidates(keyword), &candidates(semantic), FUSION.for_query(terms))
        .into_iter()
        .take(k)
        .map(|f| Ranked {
            doc: f.doc,
            score: f.score,
            bm25_rank: f.bm25_rank,
            vector_rank: f.vector_rank,
            chunk: f.chunk.map(|c| c as u16),
        })
        .collect()
}

/// Loads the metadata of the ranked documents and describes them.
async fn describe(
    index: &mut LoadedIndex,
    source: &dyn FileSource,
    ranked: Vec<Ranked>,
) -> Result<Vec<Hit>, IndexError> {
    let docs: Vec<u32> = ranked.iter().map(|r| r.doc).collect();
    let missing = index.missing_for_docs(&docs, false);
    load(index, source, missing).await?;
    ranked
        .into_iter()
        .map(|r| {
            let meta = index
                .meta(r.doc)
                .ok_or_else(|| IndexError::Corrupt(format!("document {} is not in the index", r.doc)))?;
            Ok(Hit {
                doc: r.doc,
                id: meta.id.clone(),
                score: r.score,
                bm25_rank: r.bm25_rank,
                vector_rank: r.vector_rank,
                chunk: r.chunk,
                focus: meta.focus.clone(),
                qtype: meta.qtype.clone(),
                title: meta.question.clone(),
                url: meta.url.clone(),
                source: meta.source.clone(),
            })
        })
        .collect()
}

/// Fetches the answer text of these documents (for evidence passages).
pub async fn load_answers(index: &mut LoadedIndex, source: &dyn FileSource, docs: &[u32]) -> Result<(), IndexError> {
    let missing = index.missing_for_docs(docs, true);
    load(index, source, missing).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::LocalFuture;
    use std::collections::HashMap;

    /// Index files in memory; a name not in the map is missing.
    struct Files(HashMap<&'static str, Vec<u8>>);

    impl FileSource for Files {
        fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, IndexError>> {
            let found = self.0.get(name).cloned().ok_or_else(|| IndexError::Missing(format!("no {name}")));
            Box::pin(async move { found })
        }
    }

    /// A caller can tell a missing index (build it) from a damaged one (rebuild it).
    #[test]
    fn a_missing_file_and_a_corrupt_one_are_told_apart() {
        let missing = pollster::block_on(open(&Files(HashMap::new()))).err();
        assert_eq!(missing, Some(IndexError::Missing(format!("no {MANIFEST}"))));
        let damaged = Files(HashMap::from([(MANIFEST, b"{not json".to_vec())]));
        let corrupt = pollster::block_on(open(&damaged)).err();
        assert!(matches!(corrupt, Some(IndexError::Corrupt(_))), "{corrupt:?}");
        assert_eq!(IndexError::Busy.to_string(), "the index is busy with another search");
    }
}
