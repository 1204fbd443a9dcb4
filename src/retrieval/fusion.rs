//! Reciprocal rank fusion (RRF) of the BM25 and vector result lists, at document level.
//!
//! Each side first collapses its hits to one per document (the best chunk, i.e. the first seen in rank
//! order), then every document scores `sum over lists of 1 / (k + rank)` with 1-based ranks and
//! k = 60 (seed 000 section 4.5). Ties are broken by the better single rank, then by the BM25 order, so
//! the fused order is deterministic.

use std::collections::HashMap;
use std::hash::Hash;

/// The RRF constant from seed 000.
pub const RRF_K: f64 = 60.0;

/// One chunk hit from one retriever, in rank order: the document it belongs to and the chunk itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate<D> {
    /// The document (MedQuAD question-answer pair) the chunk belongs to.
    pub doc: D,
    /// The chunk that matched, when the retriever ranks chunks (the vector side); `None` when it ranks
    /// whole documents (BM25).
    pub chunk: Option<u32>,
}

/// One fused document: its best chunk, RRF score and the rank it had on each side (1-based; `None` when
/// that side did not return it).
#[derive(Debug, Clone, PartialEq)]
pub struct FusedHit<D> {
    /// The document.
    pub doc: D,
    /// The chunk to show for the document: the vector side's chunk when that side ranked the document
    /// at least as well as BM25, else `None` (the caller picks the passage).
    pub chunk: Option<u32>,
    /// Sum of `1 / (k + rank)` over the lists that returned the document.
    pub score: f64,
    /// Rank among the BM25 documents.
    pub bm25_rank: Option<usize>,
    /// Rank among the vector documents.
    pub vector_rank: Option<usize>,
}

/// Keeps the first (best) hit of each document, preserving order.
pub fn best_chunk_per_document<D: Clone + Eq + Hash>(hits: &[Candidate<D>]) -> Vec<Candidate<D>> {
    let mut seen = std::collections::HashSet::new();
    hits.iter().filter(|h| seen.insert(h.doc.clone())).cloned().collect()
}

/// Fuses the two chunk-level lists (each best first) into documents ordered by RRF score.
pub fn rrf<D: Clone + Eq + Hash>(bm25: &[Candidate<D>], vector: &[Candidate<D>], k: f64) -> Vec<FusedHit<D>> {
    let mut fused: Vec<FusedHit<D>> = Vec::new();
    let mut slot: HashMap<D, usize> = HashMap::new();
    for (side, list) in [bm25, vector].into_iter().enumerate() {
        for (i, hit) in best_chunk_per_document(list).into_iter().enumerate() {
            let rank = i + 1;
            let at = *slot.entry(hit.doc.clone()).or_insert_with(|| {
                fused.push(FusedHit {
                    doc: hit.doc.clone(),
                    chunk: hit.chunk,
                    score: 0.0,
                    bm25_rank: None,
                    vector_rank: None,
                });
                fused.len() - 1
            });
            let entry = &mut fused[at];
            entry.score += 1.0 / (k + rank as f64);
            if side == 0 {
                entry.bm25_rank = Some(rank);
            } else {
                // The vector side's chunk is shown unless BM25 ranked the document better.
                if entry.bm25_rank.is_none_or(|b| rank <= b) {
                    entry.chunk = hit.chunk;
                }
                entry.vector_rank = Some(rank);
            }
        }
    }
    let best_rank = |h: &FusedHit<D>| h.bm25_rank.unwrap_or(usize::MAX).min(h.vector_rank.unwrap_or(usize::MAX));
    // A stable sort keeps the BM25-first insertion order for full ties.
    fused.sort_by(|a, b| b.score.total_cmp(&a.score).then(best_rank(a).cmp(&best_rank(b))));
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(docs: &[(&'static str, u32)]) -> Vec<Candidate<&'static str>> {
        docs.iter().map(|&(doc, chunk)| Candidate { doc, chunk: Some(chunk) }).collect()
    }

    fn documents(docs: &[&'static str]) -> Vec<Candidate<&'static str>> {
        docs.iter().map(|&doc| Candidate { doc, chunk: None }).collect()
    }

    #[test]
    fn seed_000_section_4_5_example() {
        // BM25: A rank 1, B rank 3, C rank 5; FAISS: B rank 1, A rank 2, D rank 3.
        let bm25 = documents(&["A", "X", "B", "Y", "C"]);
        let vector = list(&[("B", 1), ("A", 0), ("D", 3)]);
        let fused = rrf(&bm25, &vector, RRF_K);
        let order: Vec<&str> = fused.iter().map(|h| h.doc).collect();
        assert_eq!(&order[..2], &["A", "B"]);
        let score = |d: &str| fused.iter().find(|h| h.doc == d).unwrap().score;
        assert!((score("A") - 0.0325).abs() < 5e-5, "{}", score("A"));
        assert!((score("B") - 0.0323).abs() < 5e-5, "{}", score("B"));
        assert!((score("C") - 0.0154).abs() < 5e-5);
        assert!((score("D") - 0.0159).abs() < 5e-5);
        // D (1/63) before C (1/65), as in the seed's final ranking.
        let pos = |d: &str| order.iter().position(|x| *x == d).unwrap();
        assert!(pos("D") < pos("C"));
        let a = &fused[0];
        assert_eq!((a.bm25_rank, a.vector_rank), (Some(1), Some(2)));
        let d = fused.iter().find(|h| h.doc == "D").unwrap();
        assert_eq!((d.bm25_rank, d.vector_rank), (None, Some(3)));
    }

    #[test]
    fn chunks_of_one_document_count_once_at_their_best_rank() {
        // Doc A has three chunks among the BM25 hits; B is the second document, not the fourth hit.
        let bm25 = list(&[("A", 5), ("A", 6), ("A", 7), ("B", 8)]);
        let fused = rrf(&bm25, &[], RRF_K);
        assert_eq!(fused.len(), 2);
        assert_eq!((fused[0].doc, fused[0].chunk), ("A", Some(5)));
        assert_eq!(fused[1].bm25_rank, Some(2));
    }

    #[test]
    fn the_shown_chunk_comes_from_the_side_that_ranked_the_document_best() {
        let bm25 = documents(&["X", "A"]);
        let vector = list(&[("A", 3), ("X", 4)]);
        let fused = rrf(&bm25, &vector, RRF_K);
        let chunk = |d: &str| fused.iter().find(|h| h.doc == d).unwrap().chunk;
        // A: vector rank 1 beats BM25 rank 2; X: BM25 rank 1 beats vector rank 2.
        assert_eq!((chunk("A"), chunk("X")), (Some(3), None));
    }
}
