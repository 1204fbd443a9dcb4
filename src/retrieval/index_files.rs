//! The static index files the browser fetches, how they are built from the corpus, and how they
//! are loaded part by part.
//!
//! Files (each in the container of [`crate::core::format`]), laid out by when they are needed:
//! - `stats.bin` (first): document count N, mean length, every document's token count, shard layout.
//!   Payload: varint N, f64 avgdl, varint postings_shards, varint docs_per_meta_shard,
//!   varint docs_per_text_shard, then N varint lengths.
//! - `postings-NNN.bin` (per query): the terms whose FNV-1a hash falls in shard NNN, sorted. Payload:
//!   varint term count, then per term: string term, f64 idf, varint df, df pairs of
//!   (varint doc-number delta, varint tf). A query fetches only the shards of its terms.
//! - `docs-NNN.bin` (per result): metadata of documents [NNN*D, NNN*D + D). Payload: varint count,
//!   then per document: strings id, source, focus, qtype, question, url; varint chunk count; per chunk
//!   varint start, varint end (byte offsets into the answer).
//! - `text-NNN.bin` (per cited passage): answers of documents [NNN*T, NNN*T + T). Payload: varint
//!   count, then one string per document.
//! - `aspects.bin` (first): the learned reader of the aspect a question asks (`super::aspects`).
//! - `manifest.json`: format version, corpus hash, counts, and every file's size and SHA-256.
//!
//! Every file is checked against the manifest when it is loaded (listed, size, SHA-256; the manifest's
//! format version first): a damaged or mixed-up file is a clear error naming it, never different
//! rankings.

use super::aspects::AspectModel;
use super::bm25::{self, Bm25Index, Collection, Params, Posting, TermPostings};
use super::corpus::{chunk_answer, Chunk, Document};
use crate::core::files::{sha256_hex, FileEntry, MANIFEST};
use crate::core::format::{FileKind, FormatError, Reader, Writer, FORMAT_VERSION};
use crate::core::tokenizer::tokenize;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// Number of postings shards: a query of a few terms fetches a few of them.
pub const POSTINGS_SHARDS: u32 = 64;
/// Documents per metadata shard.
pub const DOCS_PER_META_SHARD: u32 = 256;
/// Documents per answer-text shard (smaller: text is most of the bytes).
pub const DOCS_PER_TEXT_SHARD: u32 = 64;

/// The stats file's name.
pub const STATS: &str = "stats.bin";

/// What `manifest.json` says: enough to check a built index is complete, current and uncorrupted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub format_version: u16,
    /// SHA-256 (hex) of the compressed corpus file the index was built from.
    pub corpus_sha256: String,
    /// SHA-256 (hex) over the lexicon source files, in name order.
    pub lexicon_sources_sha256: String,
    /// SHA-256 (hex) over the interaction table source files (`index/interactions/`), in name order.
    pub interactions_sources_sha256: String,
    /// SHA-256 (hex) over the labelled question sets the aspect model was trained on, in name order.
    #[serde(default)]
    pub aspects_sources_sha256: String,
    pub documents: u32,
    pub chunks: u32,
    pub terms: u32,
    pub files: Vec<IndexFile>,
}

/// One file of the built index: its name, then its size and hash (`{"name", "bytes", "sha256"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexFile {
    pub name: String,
    #[serde(flatten)]
    pub file: FileEntry,
}

/// What to do about an index file that fails its check.
const REBUILD: &str = "rebuild the index with scripts/build-index.sh (in the browser: reload the page; if this persists, the site's index files are damaged)";

impl Manifest {
    /// Reads `manifest.json` and checks that this version of medagent reads its files.
    pub fn parse(bytes: &[u8]) -> Result<Manifest, FormatError> {
        let manifest: Manifest = serde_json::from_slice(bytes)
            .map_err(|e| FormatError(format!("{MANIFEST} of the index is unreadable ({e}): {REBUILD}")))?;
        if manifest.format_version != FORMAT_VERSION {
            return Err(FormatError(format!(
                "the index was built in format {} and this medagent reads format {FORMAT_VERSION}: {REBUILD}",
                manifest.format_version
            )));
        }
        Ok(manifest)
    }

    /// Checks `bytes`, loaded as file `name`, against the manifest: listed, same size, same SHA-256.
    pub fn verify(&self, name: &str, bytes: &[u8]) -> Result<(), FormatError> {
        let entry = self.files.iter().find(|f| f.name == name);
        let problem = match entry {
            None => format!("{name} is not listed in the index's {MANIFEST}"),
            Some(e) if e.file.bytes != bytes.len() as u64 => {
                format!("{name} is {} bytes, the index's {MANIFEST} says {}", bytes.len(), e.file.bytes)
            }
            Some(e) if e.file.sha256 != sha256_hex(bytes) => {
                format!("{name} does not have the SHA-256 that the index's {MANIFEST} lists: it is damaged or from another build")
            }
            Some(_) => return Ok(()),
        };
        Err(FormatError(format!("{problem}; {REBUILD}")))
    }
}

impl IndexFile {
    pub fn of(name: &str, bytes: &[u8]) -> IndexFile {
        IndexFile { name: name.to_string(), file: FileEntry::of(bytes) }
    }
}

/// The collection numbers and shard layout (`stats.bin`).
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub collection: Collection,
    pub postings_shards: u32,
    pub docs_per_meta_shard: u32,
    pub docs_per_text_shard: u32,
}

/// A document's metadata as the browser shows it in results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocMeta {
    pub id: String,
    pub source: String,
    pub focus: String,
    pub qtype: String,
    /// The MedQuAD question, used as the result's title.
    pub question: String,
    pub url: String,
    /// The answer's chunks (byte ranges of the answer text).
    pub chunks: Vec<Chunk>,
}

/// The postings shard a term lives in (FNV-1a, stable across platforms and versions).
pub fn shard_of_term(term: &str, shards: u32) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in term.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash % shards
}

pub fn postings_file(shard: u32) -> String {
    format!("postings-{shard:03}.bin")
}
pub fn meta_file(shard: u32) -> String {
    format!("docs-{shard:03}.bin")
}
pub fn text_file(shard: u32) -> String {
    format!("text-{shard:03}.bin")
}

/// The files of a freshly built index, in a fixed order, and its manifest.
pub struct BuiltIndex {
    pub files: Vec<(String, Vec<u8>)>,
    pub manifest: Manifest,
}

/// Builds every static file from the corpus. `progress(stage, done, total)` reports as it goes.
/// Deterministic: the same documents give the same bytes.
pub fn build(docs: &[Document], corpus_sha256: &str, progress: &mut dyn FnMut(&str, usize, usize)) -> BuiltIndex {
    let mut tokens = Vec::with_capacity(docs.len());
    for (i, doc) in docs.iter().enumerate() {
        tokens.push(tokenize(&doc.indexed_text()));
        if i % 256 == 0 || i + 1 == docs.len() {
            progress("tokenize", i + 1, docs.len());
        }
    }
    let index = Bm25Index::build(&tokens, Params::default());
    let mut files = Vec::new();

    let mut w = Writer::default();
    w.varint(docs.len() as u64);
    w.f64(index.collection.avgdl);
    w.varint(POSTINGS_SHARDS.into());
    w.varint(DOCS_PER_META_SHARD.into());
    w.varint(DOCS_PER_TEXT_SHARD.into());
    for len in &index.collection.doc_len {
        w.varint((*len).into());
    }
    files.push((STATS.to_string(), w.finish(FileKind::Stats)));

    let mut shards: Vec<BTreeMap<&str, &TermPostings>> = vec![BTreeMap::new(); POSTINGS_SHARDS as usize];
    for (term, postings) in &index.terms {
        shards[shard_of_term(term, POSTINGS_SHARDS) as usize].insert(term, postings);
    }
    for (shard, terms) in shards.iter().enumerate() {
        let mut w = Writer::default();
        w.varint(terms.len() as u64);
        for (term, postings) in terms {
            w.string(term);
            w.f64(postings.idf);
            w.varint(postings.postings.len() as u64);
            let mut prev = 0;
            for p in &postings.postings {
                w.varint((p.doc - prev).into());
                w.varint(p.tf.into());
                prev = p.doc;
            }
        }
        files.push((postings_file(shard as u32), w.finish(FileKind::Postings)));
        progress("postings", shard + 1, shards.len());
    }

    let mut chunk_count = 0;
    for (shard, group) in docs.chunks(DOCS_PER_META_SHARD as usize).enumerate() {
        let mut w = Writer::default();
        w.varint(group.len() as u64);
        for doc in group {
            for field in [&doc.id, &doc.source, &doc.focus, &doc.qtype, &doc.question, &doc.url] {
                w.string(field);
            }
            let chunks = chunk_answer(&doc.answer);
            chunk_count += chunks.len();
            w.varint(chunks.len() as u64);
            for chunk in chunks {
                w.varint(chunk.start.into());
                w.varint(chunk.end.into());
            }
        }
        files.push((meta_file(shard as u32), w.finish(FileKind::DocMeta)));
        progress("documents", (shard + 1) * DOCS_PER_META_SHARD as usize, docs.len());
    }
    for (shard, group) in docs.chunks(DOCS_PER_TEXT_SHARD as usize).enumerate() {
        let mut w = Writer::default();
        w.varint(group.len() as u64);
        for doc in group {
            w.string(&doc.answer);
        }
        files.push((text_file(shard as u32), w.finish(FileKind::DocText)));
    }

    let manifest = Manifest {
        format_version: FORMAT_VERSION,
        corpus_sha256: corpus_sha256.to_string(),
        lexicon_sources_sha256: String::new(),
        interactions_sources_sha256: String::new(),
        aspects_sources_sha256: String::new(),
        documents: docs.len() as u32,
        chunks: chunk_count as u32,
        terms: index.terms.len() as u32,
        files: files.iter().map(|(name, bytes)| IndexFile::of(name, bytes)).collect(),
    };
    BuiltIndex { files, manifest }
}

/// Reads `stats.bin`.
pub fn parse_stats(bytes: &[u8]) -> Result<Stats, FormatError> {
    let mut r = Reader::open(bytes, FileKind::Stats, STATS)?;
    let n = r.u32()?;
    let avgdl = r.f64()?;
    let postings_shards = r.u32()?;
    let docs_per_meta_shard = r.u32()?;
    let docs_per_text_shard = r.u32()?;
    if postings_shards == 0 || docs_per_meta_shard == 0 || docs_per_text_shard == 0 {
        return Err(FormatError(format!("{STATS} has a zero shard size: rebuild the index")));
    }
    let doc_len = (0..n).map(|_| r.u32()).collect::<Result<Vec<_>, _>>()?;
    r.finish()?;
    Ok(Stats { collection: Collection { doc_len, avgdl }, postings_shards, docs_per_meta_shard, docs_per_text_shard })
}

/// Reads a postings shard into its terms.
pub fn parse_postings(bytes: &[u8], name: &str, n_docs: u32) -> Result<HashMap<String, TermPostings>, FormatError> {
    let mut r = Reader::open(bytes, FileKind::Postings, name)?;
    let count = r.u32()?;
    let mut terms = HashMap::with_capacity(count as usize);
    for _ in 0..count {
        let term = r.string()?;
        let idf = r.f64()?;
        let df = r.u32()?;
        let mut postings = Vec::with_capacity(df.min(n_docs) as usize);
        let mut doc = 0u32;
        for _ in 0..df {
            doc = doc
                .checked_add(r.u32()?)
                .filter(|&d| d < n_docs)
                .ok_or_else(|| FormatError(format!("{name} points past the last document: rebuild the index")))?;
            postings.push(Posting { doc, tf: r.u32()? });
        }
        terms.insert(term, TermPostings { idf, postings });
    }
    r.finish()?;
    Ok(terms)
}

/// Reads a metadata shard.
pub fn parse_meta(bytes: &[u8], name: &str) -> Result<Vec<DocMeta>, FormatError> {
    let mut r = Reader::open(bytes, FileKind::DocMeta, name)?;
    let count = r.u32()?;
    let mut docs = Vec::with_capacity(count.min(1 << 16) as usize);
    for _ in 0..count {
        let mut field = || r.string();
        let (id, source, focus, qtype, question, url) = (field()?, field()?, field()?, field()?, field()?, field()?);
        let chunk_count = r.u32()?;
        let chunks = (0..chunk_count)
            .map(|_| Ok(Chunk { start: r.u32()?, end: r.u32()? }))
            .collect::<Result<Vec<_>, FormatError>>()?;
        docs.push(DocMeta { id, source, focus, qtype, question, url, chunks });
    }
    r.finish()?;
    Ok(docs)
}

/// Reads an answer-text shard.
pub fn parse_text(bytes: &[u8], name: &str) -> Result<Vec<String>, FormatError> {
    let mut r = Reader::open(bytes, FileKind::DocText, name)?;
    let count = r.u32()?;
    let texts = (0..count).map(|_| r.string()).collect::<Result<Vec<_>, _>>()?;
    r.finish()?;
    Ok(texts)
}

/// Bytes of shard files (as fetched) a [`LoadedIndex`] keeps between searches: about ten questions'
/// worth, so follow-up questions find their shards in memory, while a long session or a corpus far
/// larger than the browser holds does not make the page grow without end.
pub const SHARD_CACHE_BYTES: u64 = 8 << 20;

/// A shard file's kind (its name's prefix) and number: `postings-012.bin` is `("postings-", 12)`.
fn shard_of_file(name: &str) -> Option<(&'static str, u32)> {
    ["postings-", "docs-", "text-"]
        .into_iter()
        .find_map(|prefix| Some((prefix, name.strip_prefix(prefix)?.strip_suffix(".bin")?.parse().ok()?)))
}

/// The index as far as it has been loaded: `stats.bin` first, then shards as queries need them, the
/// least recently used dropped past [`SHARD_CACHE_BYTES`] when a search starts (never during one, so a
/// search always finds the shards it loaded). The same code serves the browser (files fetched over
/// HTTP) and the CLI (files read from disk).
pub struct LoadedIndex {
    pub stats: Stats,
    /// What every file must match when it is added.
    pub manifest: Manifest,
    postings: HashMap<u32, HashMap<String, TermPostings>>,
    meta: HashMap<u32, Vec<DocMeta>>,
    text: HashMap<u32, Vec<String>>,
    /// Each loaded shard file: its size and the search that last used it.
    held: HashMap<String, Held>,
    /// The number of the current search.
    search: u64,
    /// Bytes kept between searches (default [`SHARD_CACHE_BYTES`]).
    pub cache_bytes: u64,
    /// The learned reader of the aspect a question asks (`aspects.bin`, loaded with the stats by
    /// `search::open`); without it the aspect is read by the table alone.
    pub aspects: Option<AspectModel>,
}

#[derive(Debug, Clone, Copy)]
struct Held {
    bytes: u64,
    used: u64,
}

impl LoadedIndex {
    /// The index of `manifest` from its `stats.bin` bytes (checked against the manifest).
    pub fn new(manifest: Manifest, stats: &[u8]) -> Result<LoadedIndex, FormatError> {
        manifest.verify(STATS, stats)?;
        let stats = parse_stats(stats)?;
        Ok(LoadedIndex {
            stats,
            manifest,
            postings: HashMap::new(),
            meta: HashMap::new(),
            text: HashMap::new(),
            held: HashMap::new(),
            search: 0,
            cache_bytes: SHARD_CACHE_BYTES,
            aspects: None,
        })
    }

    /// Starts a search: drops the least recently used shards while more than `cache_bytes` are held.
    pub fn start_search(&mut self) {
        self.search += 1;
        let mut held: Vec<(u64, String, u64)> = self.held.iter().map(|(n, h)| (h.used, n.clone(), h.bytes)).collect();
        let mut total: u64 = held.iter().map(|(_, _, bytes)| bytes).sum();
        held.sort_unstable();
        for (_, name, bytes) in held {
            if total <= self.cache_bytes {
                break;
            }
            self.drop_file(&name);
            total -= bytes;
        }
    }

    /// Bytes of shard files held now.
    pub fn held_bytes(&self) -> u64 {
        self.held.values().map(|h| h.bytes).sum()
    }

    fn drop_file(&mut self, name: &str) {
        self.held.remove(name);
        match shard_of_file(name) {
            Some(("postings-", s)) => drop(self.postings.remove(&s)),
            Some(("docs-", s)) => drop(self.meta.remove(&s)),
            Some(("text-", s)) => drop(self.text.remove(&s)),
            _ => {}
        }
    }

    /// Marks a held file as used by the current search; false if it is not held.
    fn use_file(&mut self, name: &str) -> bool {
        match self.held.get_mut(name) {
            Some(held) => {
                held.used = self.search;
                true
            }
            None => false,
        }
    }

    pub fn document_count(&self) -> u32 {
        self.stats.collection.doc_len.len() as u32
    }

    /// The postings files still missing for these query terms (those held are marked as used).
    pub fn missing_for_terms(&mut self, terms: &[String]) -> Vec<String> {
        let mut shards: Vec<u32> = terms.iter().map(|t| shard_of_term(t, self.stats.postings_shards)).collect();
        shards.sort_unstable();
        shards.dedup();
        shards.into_iter().map(postings_file).filter(|name| !self.use_file(name)).collect()
    }

    /// The metadata (and, with `text`, answer) files still missing for these documents (those held are
    /// marked as used).
    pub fn missing_for_docs(&mut self, docs: &[u32], text: bool) -> Vec<String> {
        let mut names = Vec::new();
        for &doc in docs {
            names.push(meta_file(doc / self.stats.docs_per_meta_shard));
            if text {
                names.push(text_file(doc / self.stats.docs_per_text_shard));
            }
        }
        names.sort();
        names.dedup();
        names.retain(|name| !self.use_file(name));
        names
    }

    /// Adds a fetched file (by its name) to what is loaded, once it matches the manifest.
    pub fn add_file(&mut self, name: &str, bytes: &[u8]) -> Result<(), FormatError> {
        self.manifest.verify(name, bytes)?;
        match shard_of_file(name) {
            Some(("postings-", s)) => {
                drop(self.postings.insert(s, parse_postings(bytes, name, self.document_count())?))
            }
            Some(("docs-", s)) => drop(self.meta.insert(s, parse_meta(bytes, name)?)),
            Some(("text-", s)) => drop(self.text.insert(s, parse_text(bytes, name)?)),
            _ => return Err(FormatError(format!("{name} is not a file of the static index"))),
        }
        self.held.insert(name.to_string(), Held { bytes: bytes.len() as u64, used: self.search });
        Ok(())
    }

    /// BM25 top-k over the loaded postings; the caller loads [`Self::missing_for_terms`] first.
    pub fn bm25(&self, terms: &[String], k: usize) -> Vec<(u32, f64)> {
        let query: Vec<Option<&TermPostings>> = terms
            .iter()
            .map(|t| self.postings.get(&shard_of_term(t, self.stats.postings_shards)).and_then(|shard| shard.get(t)))
            .collect();
        bm25::top_k(&self.stats.collection, &query, k, Params::default())
    }

    /// The share of the query terms' idf weight that document `doc` contains. A term the corpus lacks
    /// (a typo, an abbreviation it never uses, a subject it never covers) weighs as much as the known
    /// terms do on average; a query of only such terms covers 0.
    pub fn term_coverage(&self, terms: &[String], doc: u32) -> f64 {
        let mut distinct: Vec<&String> = terms.iter().collect();
        distinct.sort_unstable();
        distinct.dedup();
        let (mut matched, mut known, mut unknown) = (0.0, 0.0, 0usize);
        let mut known_count = 0usize;
        for term in distinct {
            let postings =
                self.postings.get(&shard_of_term(term, self.stats.postings_shards)).and_then(|shard| shard.get(term));
            let Some(postings) = postings else {
                unknown += 1;
                continue;
            };
            let weight = postings.idf.max(0.0);
            known += weight;
            known_count += 1;
            if postings.postings.binary_search_by_key(&doc, |posting| posting.doc).is_ok() {
                matched += weight;
            }
        }
        if known_count == 0 || known <= 0.0 {
            return 0.0;
        }
        matched / (known + known / known_count as f64 * unknown as f64)
    }

    /// A document's metadata, if its shard is loaded.
    pub fn meta(&self, doc: u32) -> Option<&DocMeta> {
        let shard = self.meta.get(&(doc / self.stats.docs_per_meta_shard))?;
        shard.get((doc % self.stats.docs_per_meta_shard) as usize)
    }

    /// A document's answer text, if its shard is loaded.
    pub fn answer(&self, doc: u32) -> Option<&str> {
        let shard = self.text.get(&(doc / self.stats.docs_per_text_shard))?;
        shard.get((doc % self.stats.docs_per_text_shard) as usize).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, question: &str, answer: &str) -> Document {
        Document {
            id: id.into(),
            source: "NIDDK".into(),
            focus: id.into(),
            qtype: "symptoms".into(),
            question: question.into(),
            answer: answer.into(),
            url: format!("https://example.nih.gov/{id}"),
        }
    }

    fn corpus() -> Vec<Document> {
        (0..600)
            .map(|i| match i % 3 {
                0 => doc(&format!("D{i}"), "What are the symptoms of diabetes?", "Thirst and frequent urination."),
                1 => doc(&format!("H{i}"), "How is high blood pressure treated?", "Less salt, more exercise."),
                _ => doc(&format!("A{i}"), "What causes asthma?", &"Airway inflammation. ".repeat(i % 7 + 1)),
            })
            .collect()
    }

    fn open(built: &BuiltIndex) -> LoadedIndex {
        LoadedIndex::new(built.manifest.clone(), &built.files[0].1).unwrap()
    }

    fn load_all(built: &BuiltIndex) -> LoadedIndex {
        let mut index = open(built);
        for (name, bytes) in &built.files[1..] {
            index.add_file(name, bytes).unwrap();
        }
        index
    }

    #[test]
    fn build_is_deterministic_and_manifest_matches_files() {
        let a = build(&corpus(), "abc", &mut |_, _, _| {});
        let b = build(&corpus(), "abc", &mut |_, _, _| {});
        assert_eq!(a.files, b.files);
        assert_eq!(a.manifest, b.manifest);
        for ((name, bytes), entry) in a.files.iter().zip(&a.manifest.files) {
            assert_eq!(name, &entry.name);
            assert_eq!(bytes.len() as u64, entry.file.bytes);
            assert_eq!(sha256_hex(bytes), entry.file.sha256);
        }
        assert_eq!(a.manifest.documents, 600);
    }

    #[test]
    fn loaded_files_search_like_the_in_memory_index() {
        let docs = corpus();
        let built = build(&docs, "abc", &mut |_, _, _| {});
        let index = load_all(&built);
        let tokens: Vec<Vec<String>> = docs.iter().map(|d| tokenize(&d.indexed_text())).collect();
        let memory = Bm25Index::build(&tokens, Params::default());
        let query = tokenize("asthma airway inflammation");
        assert_eq!(index.bm25(&query, 10), memory.search(&query, 10, Params::default()));
        let best = index.bm25(&query, 1)[0].0;
        assert_eq!(index.meta(best).unwrap().question, "What causes asthma?");
        assert!(index.answer(best).unwrap().starts_with("Airway inflammation."));
    }

    #[test]
    fn a_query_needs_only_the_shards_of_its_terms() {
        let built = build(&corpus(), "abc", &mut |_, _, _| {});
        let mut index = open(&built);
        let needed = index.missing_for_terms(&tokenize("diabetes symptoms"));
        assert!((1..=2).contains(&needed.len()), "{needed:?}");
        assert_eq!(
            index.missing_for_docs(&[0, 1, 300], true),
            vec!["docs-000.bin", "docs-001.bin", "text-000.bin", "text-004.bin"]
        );
    }

    #[test]
    fn past_the_budget_a_new_search_drops_the_shards_used_longest_ago_and_fetches_them_again() {
        let built = build(&corpus(), "abc", &mut |_, _, _| {});
        let mut index = open(&built);
        index.cache_bytes = u64::MAX;
        let docs_per = index.stats.docs_per_text_shard;
        let mut fetches = Vec::new();
        // Searches over documents of text shards 0, 1, 2, 0 (used again), 3 and 4; the budget is what
        // the first three loaded.
        for (search, shard) in [0, 1, 2, 0, 3, 4].into_iter().enumerate() {
            if search == 3 {
                index.cache_bytes = index.held_bytes();
            }
            index.start_search();
            for name in index.missing_for_docs(&[shard * docs_per], true) {
                let bytes = &built.files.iter().find(|(n, _)| *n == name).unwrap().1;
                index.add_file(&name, bytes).unwrap();
                fetches.push(name);
            }
            // Within a search nothing is dropped: its answer is there.
            assert!(index.answer(shard * docs_per).is_some());
        }
        let texts: Vec<&String> = fetches.iter().filter(|n| n.starts_with("text-")).collect();
        // Shard 0, used again by the fourth search, was still held then.
        assert_eq!(texts, ["text-000.bin", "text-001.bin", "text-002.bin", "text-003.bin", "text-004.bin"]);
        index.start_search();
        assert!(index.held_bytes() <= index.cache_bytes, "{} held", index.held_bytes());
        // The shard used last is kept, the one used longest ago (1) went first and is fetched again.
        assert!(index.answer(4 * docs_per).is_some() && index.answer(docs_per).is_none());
        assert!(index.missing_for_docs(&[docs_per], true).contains(&text_file(1)));
    }

    #[test]
    fn corrupt_shards_are_refused() {
        let built = build(&corpus(), "abc", &mut |_, _, _| {});
        let mut index = open(&built);
        let (name, bytes) =
            built.files.iter().filter(|(n, _)| n.starts_with("postings-")).max_by_key(|(_, b)| b.len()).unwrap();
        let err = index.add_file(name, &bytes[..bytes.len() - 3]).unwrap_err();
        assert!(err.0.contains("bytes, the index's manifest.json says"), "{err}");
        assert!(parse_postings(&bytes[..bytes.len() - 3], name, 600).unwrap_err().0.contains("truncated"));
        assert!(index.add_file("evil.bin", bytes).unwrap_err().0.contains("not listed"));
        assert!(index.add_file("docs-000.bin", bytes).unwrap_err().0.starts_with("docs-000.bin is"));
        assert!(parse_meta(bytes, "docs-000.bin").unwrap_err().0.contains("expected"));
    }

    /// One flipped bit in `stats.bin` (the document lengths, which change rankings without breaking
    /// the format) is a clear error naming the file and what to do, not different rankings.
    #[test]
    fn one_flipped_bit_in_stats_is_a_clear_error() {
        let built = build(&corpus(), "abc", &mut |_, _, _| {});
        let mut stats = built.files[0].1.clone();
        let last = stats.len() - 1;
        stats[last] ^= 1;
        assert!(parse_stats(&stats).is_ok(), "the format alone cannot see this damage");
        let err = LoadedIndex::new(built.manifest.clone(), &stats).err().expect("refused").0;
        assert!(
            err.contains("stats.bin") && err.contains("SHA-256") && err.contains("scripts/build-index.sh"),
            "{err}"
        );
        // A manifest of another format version is refused before any file is read.
        let mut other = built.manifest.clone();
        other.format_version += 1;
        let err = Manifest::parse(&serde_json::to_vec(&other).unwrap()).unwrap_err().0;
        assert!(err.contains("format") && err.contains("rebuild"), "{err}");
        assert!(Manifest::parse(&serde_json::to_vec(&built.manifest).unwrap()).is_ok());
    }
}
