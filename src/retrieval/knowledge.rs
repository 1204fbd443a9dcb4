//! The knowledge base the pipeline searches: the static index (loaded part by part from a
//! [`FileSource`]) with the Korean bridge, plus the vector side once it is loaded, giving each
//! document's passage that best matches the query.
//!
//! Hybrid search needs the embedding model and the vector files, which arrive after the app is
//! usable (and may be missing natively); until then BM25 answers alone and the trace says why.

use super::corpus::is_boilerplate;
use super::file_source::FileSource;
use super::index_files::LoadedIndex;
use super::relevance::judge;
use super::search::{asked_of, load_answers, search_with_signals, Hit, SearchMode};
use super::vectors::VectorSearch;
use crate::core::has_hangul;
use crate::core::ports::{Checked, Embedder, Found, IndexError, Knowledge, SearchReport};
use crate::core::tokenizer::tokenize;
use crate::core::LocalFuture;
use crate::core::{Evidence, PassageLocation};
use crate::lexicon::bridge::{bridge, BridgedQuery};
use crate::lexicon::Lexicon;
use crate::medicines::Interactions;
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

/// Where the vector side of search stands.
#[derive(Clone)]
pub enum VectorSide {
    /// Still downloading or loading: BM25 serves alone meanwhile.
    Loading,
    /// Loaded: searches are hybrid.
    Ready(Rc<dyn VectorSearch>),
    /// Could not be loaded (the reason, for the trace); BM25 serves alone.
    Unavailable(String),
}

/// BM25 over the static index files, fused with the vector side when it is ready.
pub struct IndexKnowledge<S: FileSource> {
    pub source: S,
    pub index: RefCell<LoadedIndex>,
    pub lexicon: Lexicon,
    /// The medicine interaction tables (`interactions.bin`, loaded with the lexicon).
    pub interactions: Interactions,
    /// The vector side; the browser sets it when the model and vectors have arrived.
    pub vectors: RefCell<VectorSide>,
    /// The keyword index's document count, kept apart because the vectors may arrive while a
    /// search holds the index.
    documents: usize,
}

impl<S: FileSource> IndexKnowledge<S> {
    /// The knowledge base over `index`; hybrid once [`Self::set_vectors`] gives it a ready vector side.
    pub fn new(
        source: S,
        index: LoadedIndex,
        lexicon: Lexicon,
        interactions: Interactions,
        vectors: VectorSide,
    ) -> Self {
        let knowledge = IndexKnowledge {
            documents: index.document_count() as usize,
            source,
            index: RefCell::new(index),
            lexicon,
            interactions,
            vectors: RefCell::new(VectorSide::Loading),
        };
        knowledge.set_vectors(vectors);
        knowledge
    }

    /// Changes the vector side (loaded, or failed to load). A vector index over another corpus than
    /// the keyword index is refused (its document numbers would name the wrong documents).
    pub fn set_vectors(&self, vectors: VectorSide) {
        let documents = self.documents;
        let vectors = match vectors {
            VectorSide::Ready(v) if v.documents() != documents => VectorSide::Unavailable(format!(
                "the vector index covers {} documents, the keyword index {documents}: they were built from different corpora",
                v.documents()
            )),
            other => other,
        };
        *self.vectors.borrow_mut() = vectors;
    }

    /// The vector side when it is ready.
    pub fn ready_vectors(&self) -> Option<Rc<dyn VectorSearch>> {
        QuestionEmbedder(&self.vectors).ready()
    }

    /// The search mode the current vector side allows, and how to describe it in the trace.
    fn method(&self) -> (SearchMode, String) {
        match &*self.vectors.borrow() {
            VectorSide::Ready(_) => (SearchMode::Hybrid, "hybrid".into()),
            VectorSide::Loading => (SearchMode::Bm25, "bm25 (vectors still loading)".into()),
            VectorSide::Unavailable(why) => (SearchMode::Bm25, format!("bm25 (vectors unavailable: {why})")),
        }
    }
}

impl<S: FileSource> Knowledge for IndexKnowledge<S> {
    // The index is borrowed across the search's awaits on purpose (it loads parts as it goes); a second
    // search meanwhile gets a clear error from try_borrow_mut instead of a panic.
    #[allow(clippy::await_holding_refcell_ref)]
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
        Box::pin(async move {
            let bridged = bridge(&self.lexicon, query);
            let (mode, method) = self.method();
            let vectors = self.ready_vectors();
            // The index is only borrowed across awaits of this search; the pipeline runs one search at a time.
            let mut index = self.index.try_borrow_mut().map_err(|_| IndexError::Busy)?;
            index.start_search();
            let (hits, signals) =
                search_with_signals(&mut index, &self.source, vectors.as_deref(), mode, &bridged.text, k).await?;
            let relevance = judge(&signals, &bridged);
            let checked = Checked {
                matched: matched(&self.lexicon, &bridged),
                best_similarity: signals.best_similarity,
                relevant: relevance.relevant,
                reason: relevance.reason,
            };
            let asked = asked_of(&index, &bridged.text).into_iter().map(str::to_string).collect();
            let report = SearchReport { method, checked: Some(checked), asked };
            if !relevance.relevant {
                return Ok(Found { evidence: Vec::new(), report });
            }
            let docs: Vec<u32> = hits.iter().map(|h| h.doc).collect();
            load_answers(&mut index, &self.source, &docs).await?;
            let terms: HashSet<String> = tokenize(&bridged.text).into_iter().collect();
            let evidence = hits
                .into_iter()
                .enumerate()
                .map(|(i, hit)| evidence(&index, hit, i + 1, mode, &terms))
                .filter(|e| !e.passage.is_empty())
                .collect();
            Ok(Found { evidence, report })
        })
    }

    fn widen<'a>(&'a self, evidence: &'a Evidence) -> LocalFuture<'a, Option<String>> {
        Box::pin(async move {
            let at = evidence.location?;
            // The answer was loaded by the search that found the passage.
            widened(&*self.index.try_borrow().ok()?, at)
        })
    }

    fn describe(&self) -> String {
        self.method().1
    }
}

/// What the bridge matched the question to, for the trace.
fn matched(lexicon: &Lexicon, bridged: &BridgedQuery) -> String {
    let mut parts: Vec<String> =
        bridged.concepts.iter().filter_map(|id| lexicon.concept(id)).map(|c| format!("{} ({})", c.en, c.id)).collect();
    parts.extend(bridged.phrases.iter().map(|(ko, en)| format!("{ko} -> {en}")));
    parts.extend(bridged.transliterations.iter().map(|(ko, en, s)| format!("{ko} ~ {en} (sound {s:.2})")));
    parts.extend(bridged.qtypes.iter().map(|q| format!("asks: {q}")));
    if !bridged.unknown.is_empty() {
        parts.push(format!("not understood: {}", bridged.unknown.join(" ")));
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// A search hit as evidence: its passage is the chunk the vector side matched, else the chunk sharing
/// the most terms with the query; site notices and link lists are never the passage.
fn evidence(index: &LoadedIndex, hit: Hit, rank: usize, mode: SearchMode, terms: &HashSet<String>) -> Evidence {
    let (chunk, passage) = passage(index, hit.doc, hit.chunk, terms).unwrap_or_default();
    Evidence {
        location: (!passage.is_empty()).then_some(PassageLocation { doc: hit.doc, chunk }),
        id: hit.id,
        title: hit.title,
        passage,
        url: hit.url,
        source: hit.source,
        focus: hit.focus,
        qtype: hit.qtype,
        score: hit.score,
        bm25_rank: hit.bm25_rank,
        vector_rank: hit.vector_rank,
        rrf_rank: (mode == SearchMode::Hybrid).then_some(rank),
    }
}

/// Chunk `nth` of the document and its text, or (without one, or when it is boilerplate) the chunk
/// sharing the most terms with the query (the first on ties); `None` when every chunk is boilerplate.
fn passage(index: &LoadedIndex, doc: u32, nth: Option<u16>, terms: &HashSet<String>) -> Option<(u16, String)> {
    let (meta, answer) = (index.meta(doc)?, index.answer(doc)?);
    let chunk_text = |c: &super::corpus::Chunk| &answer[c.start as usize..c.end as usize];
    if let Some(n) = nth.filter(|&n| meta.chunks.get(usize::from(n)).is_some_and(|c| !is_boilerplate(chunk_text(c)))) {
        return Some((n, chunk_text(&meta.chunks[usize::from(n)]).to_string()));
    }
    meta.chunks
        .iter()
        .map(chunk_text)
        .enumerate()
        .filter(|(_, text)| !is_boilerplate(text))
        .max_by_key(|(i, text)| (tokenize(text).iter().filter(|t| terms.contains(*t)).count(), usize::MAX - i))
        .map(|(i, text)| (i as u16, text.to_string()))
}

/// The text from the chunk before `at` to the chunk after it (chunks may overlap, so the span is
/// taken from the answer, not the chunks joined), leaving out a neighbour that is boilerplate.
fn widened(index: &LoadedIndex, at: PassageLocation) -> Option<String> {
    let (meta, answer) = (index.meta(at.doc)?, index.answer(at.doc)?);
    let chunk = usize::from(at.chunk);
    let usable = |i: usize| meta.chunks.get(i).filter(|c| !is_boilerplate(&answer[c.start as usize..c.end as usize]));
    let own = meta.chunks.get(chunk)?;
    let first = chunk.checked_sub(1).and_then(usable).unwrap_or(own);
    let last = usable(chunk + 1).unwrap_or(own);
    if std::ptr::eq(first, own) && std::ptr::eq(last, own) {
        return None;
    }
    answer.get(first.start as usize..last.end.max(own.end) as usize).map(str::to_string)
}

/// The knowledge base embeds questions as its search does: [`QuestionEmbedder`] over its vector side.
impl<S: FileSource> Embedder for IndexKnowledge<S> {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>> {
        Box::pin(async move { QuestionEmbedder(&self.vectors).embed(text).await })
    }

    fn describe(&self) -> String {
        QuestionEmbedder(&self.vectors).describe()
    }
}

/// Embeds questions for the response cache and conversation recall: with all-MiniLM-L6-v2 when the
/// vector side is ready and the text is not Korean, else with the lexical embedding (vectors of another
/// length, so the two kinds never match each other in the cache).
///
/// Why not MiniLM for Korean: its English vocabulary reads Hangul as loose jamo, so unrelated Korean
/// questions look alike ("편두통은 어떻게 치료하나요" and "천식은 왜 생기나요" have cosine 0.87, above the
/// cache's 0.85): a cached answer would be served for the wrong question. The lexical embedding of the
/// Korean words matches only questions that share them.
pub struct QuestionEmbedder<'a>(pub &'a RefCell<VectorSide>);

impl QuestionEmbedder<'_> {
    fn ready(&self) -> Option<Rc<dyn VectorSearch>> {
        match &*self.0.borrow() {
            VectorSide::Ready(v) => Some(v.clone()),
            _ => None,
        }
    }

    /// The sentence model, when it is ready and can read `text`.
    fn model_for(&self, text: &str) -> Option<Rc<dyn VectorSearch>> {
        self.ready().filter(|_| !has_hangul(text))
    }
}

impl Embedder for QuestionEmbedder<'_> {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>> {
        Box::pin(async move {
            if let Some(vectors) = self.model_for(text) {
                if let Ok(vector) = vectors.embed(text).await {
                    return vector;
                }
            }
            crate::core::similarity::lexical_embedding(text)
        })
    }

    fn describe(&self) -> String {
        if self.ready().is_some() { "all-MiniLM-L6-v2 (lexical for Korean)" } else { "lexical" }.into()
    }
}
