//! Fusion of the BM25 and vector result lists, at document level.
//!
//! Each side first collapses its hits to one per document (the best chunk, i.e. the first seen in rank
//! order). Two families of fusion:
//! - reciprocal rank fusion (RRF): every document scores `sum over lists of w / (k + rank)` with 1-based
//!   ranks and a per-side weight `w` (the standard RRF is k = 60, both weights 1);
//! - score fusion: `w_bm25 * bm25 / best bm25 + w_vector * cosine`, so a side that is sure of its best
//!   document (a large score gap) weighs more than one whose list is flat.
//!
//! Ties are broken by the better single rank, then by the BM25 order, so the fused order is
//! deterministic. [`FUSION`] is the variant search uses, chosen by cross-validation on the
//! development set (`medagent eval --fusion`).

use std::collections::HashMap;
use std::hash::Hash;

/// The RRF constant: k = 60, as in the original RRF (Cormack, Clarke and Buettcher, 2009).
pub const RRF_K: f64 = 60.0;

/// How the two lists are combined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fusion {
    /// Weighted reciprocal rank fusion.
    Rrf { k: f64, bm25_weight: f64, vector_weight: f64 },
    /// Weighted sum of the max-normalised BM25 score and the cosine similarity.
    Scores { bm25_weight: f64, vector_weight: f64 },
}

/// The fusion search uses: the cosine similarity plus a twentieth of the max-normalised BM25 score, so
/// keywords break near-ties of the vector side and a document BM25 alone found ranks below every
/// document both sides found. Chosen by 5-fold cross-validation over the tune split of the development
/// set (`medagent eval --fusion` lists the 64 variants tried): the folds picked this or RRF with k 10
/// and the vector side weighted 10, which score within 0.001 MRR@10 of each other on the whole tune
/// split (one rank of one question). The vector side alone is far stronger than BM25 on everyday
/// wording (MRR@10 0.84 against 0.44); plain RRF (k 60, equal weights, 0.66) and equal-weight score
/// fusion fell well below it.
pub const FUSION: Fusion = Fusion::Scores { bm25_weight: 0.05, vector_weight: 1.0 };

/// Keyword terms (as [`crate::core::tokenizer::tokenize`] counts them) up to which BM25 keeps its
/// whole weight in score fusion ([`Fusion::for_query`]); an everyday question has fewer. Chosen among
/// 5, 7, 10, 14, 20 and 40 on the long-message development sets, and between 5 and 10 by
/// leave-one-set-out over every English and Korean development set: every fold picks 10 (5 wins the
/// long sets by 0.001 MRR@10 on average and loses up to 0.008 on short questions).
pub const LONG_QUERY_TERMS: usize = 10;

impl Fusion {
    /// The fusion for a query of `terms` keyword terms: score fusion's BM25 weight shrinks as
    /// `LONG_QUERY_TERMS / terms` beyond [`LONG_QUERY_TERMS`] terms (RRF is left as it is). A long
    /// message matches many pages on its incidental words (age, other medicines, the story), so its
    /// BM25 order is mostly noise while the sentence model still reads its topic.
    pub fn for_query(self, terms: usize) -> Fusion {
        match self {
            Fusion::Scores { bm25_weight, vector_weight } if terms > LONG_QUERY_TERMS => {
                Fusion::Scores { bm25_weight: bm25_weight * LONG_QUERY_TERMS as f64 / terms as f64, vector_weight }
            }
            other => other,
        }
    }

    /// A short name for reports: `rrf k=60 b=1 v=1.5`, `scores b=0.3 v=1`.
    pub fn describe(&self) -> String {
        match *self {
            Fusion::Rrf { k, bm25_weight, vector_weight } => format!("rrf k={k} b={bm25_weight} v={vector_weight}"),
            Fusion::Scores { bm25_weight, vector_weight } => format!("scores b={bm25_weight} v={vector_weight}"),
        }
    }
}

/// Reciprocal rank fusion of several ranked lists of the same kind of item (the results of each
/// search query of a plan): every item scores `sum over lists of 1 / (RRF_K + rank)`, ties keep the
/// order in which items were first seen (the first list first), and each item appears once.
pub fn fuse_ranked_lists<K: Clone + Eq + Hash>(lists: &[Vec<K>]) -> Vec<K> {
    let mut scores: HashMap<K, (f64, usize)> = HashMap::new();
    let mut seen = 0;
    for list in lists {
        for (rank, item) in list.iter().enumerate() {
            let entry = scores.entry(item.clone()).or_insert_with(|| {
                seen += 1;
                (0.0, seen)
            });
            entry.0 += 1.0 / (RRF_K + rank as f64 + 1.0);
        }
    }
    let mut fused: Vec<(K, (f64, usize))> = scores.into_iter().collect();
    crate::core::order::sort_by(&mut fused, |a, b| b.1 .0.total_cmp(&a.1 .0).then(a.1 .1.cmp(&b.1 .1)));
    fused.into_iter().map(|(item, _)| item).collect()
}

/// One chunk hit from one retriever, in rank order: the document it belongs to and the chunk itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate<D> {
    /// The document (MedQuAD question-answer pair) the chunk belongs to.
    pub doc: D,
    /// The chunk that matched, when the retriever ranks chunks (the vector side); `None` when it ranks
    /// whole documents (BM25).
    pub chunk: Option<u32>,
    /// The retriever's score (BM25 score, or cosine similarity).
    pub score: f64,
}

/// One fused document: its best chunk, fused score and the rank it had on each side (1-based; `None`
/// when that side did not return it).
#[derive(Debug, Clone, PartialEq)]
pub struct FusedHit<D> {
    /// The document.
    pub doc: D,
    /// The chunk to show for the document: the vector side's chunk when that side ranked the document
    /// at least as well as BM25, else `None` (the caller picks the passage).
    pub chunk: Option<u32>,
    /// The fused score.
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

/// Plain RRF (both weights 1) of the two chunk-level lists.
pub fn rrf<D: Clone + Eq + Hash>(bm25: &[Candidate<D>], vector: &[Candidate<D>], k: f64) -> Vec<FusedHit<D>> {
    fuse(bm25, vector, Fusion::Rrf { k, bm25_weight: 1.0, vector_weight: 1.0 })
}

/// Fuses the two chunk-level lists (each best first) into documents ordered by fused score.
pub fn fuse<D: Clone + Eq + Hash>(bm25: &[Candidate<D>], vector: &[Candidate<D>], fusion: Fusion) -> Vec<FusedHit<D>> {
    let mut fused: Vec<FusedHit<D>> = Vec::new();
    let mut slot: HashMap<D, usize> = HashMap::new();
    let best_bm25 = bm25.iter().map(|c| c.score).fold(0.0, f64::max);
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
            entry.score += match fusion {
                Fusion::Rrf { k, bm25_weight, vector_weight } => {
                    (if side == 0 { bm25_weight } else { vector_weight }) / (k + rank as f64)
                }
                Fusion::Scores { bm25_weight, .. } if side == 0 => {
                    if best_bm25 > 0.0 {
                        bm25_weight * hit.score / best_bm25
                    } else {
                        0.0
                    }
                }
                Fusion::Scores { vector_weight, .. } => vector_weight * hit.score,
            };
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
    crate::core::order::sort_by(&mut fused, |a, b| b.score.total_cmp(&a.score).then(best_rank(a).cmp(&best_rank(b))));
    fused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(docs: &[(&'static str, u32)]) -> Vec<Candidate<&'static str>> {
        docs.iter().map(|&(doc, chunk)| Candidate { doc, chunk: Some(chunk), score: 0.5 }).collect()
    }

    fn documents(docs: &[&'static str]) -> Vec<Candidate<&'static str>> {
        docs.iter().map(|&doc| Candidate { doc, chunk: None, score: 1.0 }).collect()
    }

    #[test]
    fn ranked_lists_fuse_by_reciprocal_rank_then_first_seen() {
        // B is second in both lists and beats A, first in one list only; C and D tie and keep the order seen.
        let fused = fuse_ranked_lists(&[vec!["A", "B", "C"], vec!["D", "B"], vec![]]);
        assert_eq!(fused, ["B", "A", "D", "C"]);
        assert!(fuse_ranked_lists::<u32>(&[]).is_empty());
    }

    #[test]
    fn rrf_of_two_rankings_worked_example() {
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
        // D (1/63) before C (1/65), as the worked example ranks them.
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

    #[test]
    fn weights_let_the_stronger_side_lead() {
        // BM25 ranks X first, the vector side A; equal weights tie at rank 1 vs 2 (X wins by BM25 order
        // only through the tie rule), a heavier vector side puts A first.
        let bm25 = documents(&["X", "A"]);
        let vector = list(&[("A", 1), ("X", 2)]);
        let heavier_vector = Fusion::Rrf { k: RRF_K, bm25_weight: 1.0, vector_weight: 2.0 };
        assert_eq!(fuse(&bm25, &vector, heavier_vector)[0].doc, "A");
        let heavier_bm25 = Fusion::Rrf { k: RRF_K, bm25_weight: 2.0, vector_weight: 1.0 };
        assert_eq!(fuse(&bm25, &vector, heavier_bm25)[0].doc, "X");
    }

    #[test]
    fn a_long_message_leans_on_the_vector_side() {
        // BM25 is sure of X (the story's incidental words), the vector side slightly prefers A.
        let bm25 =
            vec![Candidate { doc: "X", chunk: None, score: 10.0 }, Candidate { doc: "A", chunk: None, score: 2.0 }];
        let vector = vec![
            Candidate { doc: "A", chunk: Some(1), score: 0.62 },
            Candidate { doc: "X", chunk: Some(2), score: 0.60 },
        ];
        let short = FUSION.for_query(LONG_QUERY_TERMS);
        assert_eq!(short, FUSION);
        assert_eq!(fuse(&bm25, &vector, short)[0].doc, "X");
        assert_eq!(fuse(&bm25, &vector, FUSION.for_query(8 * LONG_QUERY_TERMS))[0].doc, "A");
    }

    #[test]
    fn score_fusion_uses_the_size_of_the_gap() {
        // BM25 barely prefers X; the vector side is much surer of A.
        let bm25 =
            vec![Candidate { doc: "X", chunk: None, score: 10.0 }, Candidate { doc: "A", chunk: None, score: 9.8 }];
        let vector = vec![
            Candidate { doc: "A", chunk: Some(1), score: 0.80 },
            Candidate { doc: "X", chunk: Some(2), score: 0.30 },
        ];
        let fused = fuse(&bm25, &vector, Fusion::Scores { bm25_weight: 1.0, vector_weight: 1.0 });
        assert_eq!(fused[0].doc, "A");
        assert!((fused[0].score - (0.98 + 0.80)).abs() < 1e-9);
    }
}
