//! The knowledge base the pipeline searches: the static index (loaded part by part from a
//! [`FileSource`]) with the Korean bridge, giving each document's passage that best matches the query.

use super::index_files::LoadedIndex;
use super::search::{bm25, load_answers, FileSource};
use super::tokenizer::tokenize;
use crate::lexicon::bridge::bridge;
use crate::lexicon::Lexicon;
use crate::llm::LocalFuture;
use crate::pipeline::ports::Knowledge;
use crate::pipeline::state::Evidence;
use std::cell::RefCell;
use std::collections::HashSet;

/// BM25 over the static index files.
pub struct IndexKnowledge<S: FileSource> {
    pub source: S,
    pub index: RefCell<LoadedIndex>,
    pub lexicon: Lexicon,
}

impl<S: FileSource> Knowledge for IndexKnowledge<S> {
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Vec<Evidence>, String>> {
        Box::pin(async move {
            let text = bridge(&self.lexicon, query).text;
            // The index is only borrowed across awaits of this search; the pipeline runs one search at a time.
            let mut index =
                self.index.try_borrow_mut().map_err(|_| "the index is busy with another search".to_string())?;
            let hits = bm25(&mut index, &self.source, &text, k).await?;
            let docs: Vec<u32> = hits.iter().map(|h| h.doc).collect();
            load_answers(&mut index, &self.source, &docs).await?;
            let terms: HashSet<String> = tokenize(&text).into_iter().collect();
            Ok(hits
                .into_iter()
                .map(|hit| {
                    let passage = best_chunk(&index, hit.doc, &terms);
                    Evidence {
                        id: hit.id,
                        title: hit.title,
                        passage,
                        url: hit.url,
                        source: hit.source,
                        focus: hit.focus,
                        qtype: hit.qtype,
                        score: hit.score,
                        bm25_rank: Some(hit.bm25_rank),
                        vector_rank: None,
                        rrf_rank: None,
                    }
                })
                .collect())
        })
    }

    fn describe(&self) -> String {
        "bm25".into()
    }
}

/// The chunk of the document's answer sharing the most terms with the query (the first on ties).
fn best_chunk(index: &LoadedIndex, doc: u32, terms: &HashSet<String>) -> String {
    let (Some(meta), Some(answer)) = (index.meta(doc), index.answer(doc)) else { return String::new() };
    meta.chunks
        .iter()
        .map(|c| &answer[c.start as usize..c.end as usize])
        .enumerate()
        .max_by_key(|(i, text)| (tokenize(text).iter().filter(|t| terms.contains(*t)).count(), usize::MAX - i))
        .map(|(_, text)| text.to_string())
        .unwrap_or_default()
}
