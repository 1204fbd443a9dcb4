//! Keyword search end to end: tokenize the query, fetch the shards it needs, score, and describe
//! the best documents. Async over a [`FileSource`] so the browser can fetch shards over HTTP while
//! the CLI reads them from disk.

use super::index_files::{parse_stats, LoadedIndex, STATS};
use super::tokenizer::tokenize;
use crate::lexicon::file::{decode, LEXICON_FILE};
use crate::lexicon::Lexicon;
use crate::llm::LocalFuture;
use serde::Serialize;

/// Where the static index files come from (HTTP in the browser, a folder natively).
pub trait FileSource {
    /// The bytes of the named file of the static index.
    fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, String>>;
}

/// One search result: a MedQuAD document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hit {
    /// Document number inside the index.
    #[serde(skip)]
    pub doc: u32,
    /// The MedQuAD id.
    pub id: String,
    pub score: f64,
    /// 1-based rank in the BM25 list.
    #[serde(skip)]
    pub bm25_rank: usize,
    pub focus: String,
    pub qtype: String,
    /// The MedQuAD question.
    pub title: String,
    #[serde(skip)]
    pub url: String,
    #[serde(skip)]
    pub source: String,
}

/// Loads `lexicon.bin`: the concept lexicon (the Korean bridge and slot extraction need it).
pub async fn open_lexicon(source: &dyn FileSource) -> Result<Lexicon, String> {
    let bytes = source.fetch(LEXICON_FILE).await?;
    decode(&bytes).map_err(|e| e.to_string())
}

/// Loads `stats.bin`: the one file every search needs first.
pub async fn open(source: &dyn FileSource) -> Result<LoadedIndex, String> {
    let bytes = source.fetch(STATS).await?;
    Ok(LoadedIndex::new(parse_stats(&bytes).map_err(|e| e.to_string())?))
}

/// Fetches and adds every named file not loaded yet.
async fn load(index: &mut LoadedIndex, source: &dyn FileSource, names: Vec<String>) -> Result<(), String> {
    for name in names {
        let bytes = source.fetch(&name).await?;
        index.add_file(&name, &bytes).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// BM25 search for `query` (already bridged to English where needed): the top `k` documents.
pub async fn bm25(index: &mut LoadedIndex, source: &dyn FileSource, query: &str, k: usize) -> Result<Vec<Hit>, String> {
    let terms = tokenize(query);
    load(index, source, index.missing_for_terms(&terms)).await?;
    let scored = index.bm25(&terms, k);
    let docs: Vec<u32> = scored.iter().map(|(doc, _)| *doc).collect();
    load(index, source, index.missing_for_docs(&docs, false)).await?;
    Ok(scored
        .into_iter()
        .enumerate()
        .map(|(i, (doc, score))| {
            let meta = index.meta(doc).expect("metadata shard was just loaded");
            Hit {
                doc,
                id: meta.id.clone(),
                score,
                bm25_rank: i + 1,
                focus: meta.focus.clone(),
                qtype: meta.qtype.clone(),
                title: meta.question.clone(),
                url: meta.url.clone(),
                source: meta.source.clone(),
            }
        })
        .collect())
}

/// Fetches the answer text of these documents (for evidence passages).
pub async fn load_answers(index: &mut LoadedIndex, source: &dyn FileSource, docs: &[u32]) -> Result<(), String> {
    load(index, source, index.missing_for_docs(docs, true)).await
}
