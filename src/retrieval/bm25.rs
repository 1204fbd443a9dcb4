//! BM25Okapi scoring, exactly as Python's rank_bm25 computes it, so scores can be checked against it.
//!
//! With N documents, n(t) of them containing term t, document length |d| and mean length avgdl:
//! `idf(t) = ln(N - n + 0.5) - ln(n + 0.5)`; a negative idf is replaced by `epsilon * mean idf`
//! (the mean taken over all terms before the replacement);
//! `score(d, q) = sum over query terms t (repeats count) of
//!  idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * |d| / avgdl))`.
//! Top-k uses a bounded heap: the corpus is never sorted.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

/// The BM25Okapi parameters (rank_bm25's defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    pub k1: f64,
    pub b: f64,
    pub epsilon: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params { k1: 1.5, b: 0.75, epsilon: 0.25 }
    }
}

/// One document containing a term, and how often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posting {
    pub doc: u32,
    pub tf: u32,
}

/// A term's idf (after the epsilon rule) and its postings, in document order.
#[derive(Clone, Debug, PartialEq)]
pub struct TermPostings {
    pub idf: f64,
    pub postings: Vec<Posting>,
}

/// The collection-wide numbers scoring needs besides the postings.
#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    /// Token count of every document, by document number.
    pub doc_len: Vec<u32>,
    pub avgdl: f64,
}

/// A whole in-memory BM25 index: what the index builder makes before writing the static files.
#[derive(Clone, Debug)]
pub struct Bm25Index {
    pub collection: Collection,
    /// Every term with its postings.
    pub terms: HashMap<String, TermPostings>,
}

impl Bm25Index {
    /// Builds the index from the tokens of each document, in document order.
    pub fn build(docs: &[Vec<String>], params: Params) -> Bm25Index {
        let mut terms: HashMap<String, TermPostings> = HashMap::new();
        // Term order of first appearance, so the mean idf is summed in rank_bm25's order.
        let mut first_seen: Vec<String> = Vec::new();
        let mut doc_len = Vec::with_capacity(docs.len());
        let mut total_len: u64 = 0;
        for (doc, tokens) in docs.iter().enumerate() {
            doc_len.push(tokens.len() as u32);
            total_len += tokens.len() as u64;
            let mut tf: Vec<(&str, u32)> = Vec::new();
            let mut seen: HashMap<&str, usize> = HashMap::new();
            for token in tokens {
                match seen.get(token.as_str()) {
                    Some(&i) => tf[i].1 += 1,
                    None => {
                        seen.insert(token, tf.len());
                        tf.push((token, 1));
                    }
                }
            }
            for (term, count) in tf {
                let entry = terms.entry(term.to_string()).or_insert_with(|| {
                    first_seen.push(term.to_string());
                    TermPostings { idf: 0.0, postings: Vec::new() }
                });
                entry.postings.push(Posting { doc: doc as u32, tf: count });
            }
        }
        let n = docs.len() as f64;
        let mut idf_sum = 0.0;
        let mut negative = Vec::new();
        for term in &first_seen {
            let entry = terms.get_mut(term).expect("seen terms are indexed");
            let df = entry.postings.len() as f64;
            entry.idf = (n - df + 0.5).ln() - (df + 0.5).ln();
            idf_sum += entry.idf;
            if entry.idf < 0.0 {
                negative.push(term);
            }
        }
        let eps = params.epsilon * idf_sum / first_seen.len().max(1) as f64;
        for term in negative {
            terms.get_mut(term).expect("indexed").idf = eps;
        }
        let avgdl = if docs.is_empty() { 0.0 } else { total_len as f64 / n };
        Bm25Index { collection: Collection { doc_len, avgdl }, terms }
    }

    /// The top `k` documents for the query tokens.
    pub fn search(&self, query: &[String], k: usize, params: Params) -> Vec<(u32, f64)> {
        let terms: Vec<Option<&TermPostings>> = query.iter().map(|t| self.terms.get(t)).collect();
        top_k(&self.collection, &terms, k, params)
    }
}

/// Scores every document that contains a query term and returns the best `k`, best first (ties by
/// lower document number). `query` has one entry per query token, `None` for unknown terms.
pub fn top_k(collection: &Collection, query: &[Option<&TermPostings>], k: usize, params: Params) -> Vec<(u32, f64)> {
    let mut scores: HashMap<u32, f64> = HashMap::new();
    for term in query.iter().flatten() {
        for p in &term.postings {
            let tf = p.tf as f64;
            let dl = collection.doc_len[p.doc as usize] as f64;
            // Same operation order as rank_bm25's numpy expression.
            let contribution = term.idf
                * (tf * (params.k1 + 1.0) / (tf + params.k1 * (1.0 - params.b + params.b * dl / collection.avgdl)));
            *scores.entry(p.doc).or_insert(0.0) += contribution;
        }
    }
    best_k(scores.into_iter(), k)
}

/// A scored document in the top-k heap, ordered so the heap's top is the worst kept.
#[derive(PartialEq)]
struct Kept(f64, u32);

impl Eq for Kept {}

impl PartialOrd for Kept {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Kept {
    fn cmp(&self, other: &Self) -> Ordering {
        // Higher score is better; on a tie the lower document number is better.
        other.0.total_cmp(&self.0).then(self.1.cmp(&other.1))
    }
}

/// The best `k` of `(doc, score)` pairs, best first, with a heap of size k.
pub fn best_k(scored: impl Iterator<Item = (u32, f64)>, k: usize) -> Vec<(u32, f64)> {
    if k == 0 {
        return Vec::new();
    }
    let mut heap: BinaryHeap<Kept> = BinaryHeap::with_capacity(k + 1);
    for (doc, score) in scored {
        let candidate = Kept(score, doc);
        if heap.len() < k {
            heap.push(candidate);
        } else if heap.peek().is_some_and(|worst| candidate < *worst) {
            heap.pop();
            heap.push(candidate);
        }
    }
    heap.into_sorted_vec().into_iter().map(|Kept(score, doc)| (doc, score)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(texts: &[&str]) -> Vec<Vec<String>> {
        texts.iter().map(|t| t.split_whitespace().map(str::to_string).collect()).collect()
    }

    #[test]
    fn matches_rank_bm25_on_a_small_corpus() {
        // Reference values from rank_bm25 0.2.2: BM25Okapi(corpus).get_scores(["diabetes", "symptoms"]).
        let corpus = docs(&[
            "diabetes symptoms thirst",
            "diabetes treatment insulin metformin",
            "asthma symptoms wheeze",
            "hypertension treatment salt",
        ]);
        let index = Bm25Index::build(&corpus, Params::default());
        // n=4: idf(diabetes)=idf(symptoms)=ln(2.5)-ln(2.5)=0 -> both are zero, and the mean idf
        // over 10 terms is (8 * ln(3.5/1.5) + 2*0) / 10 (treatment also appears twice).
        let rare = (3.5f64).ln() - (1.5f64).ln();
        assert!((index.terms["thirst"].idf - rare).abs() < 1e-12);
        assert_eq!(index.terms["diabetes"].idf, 0.0);
        let hits = index.search(&["thirst".into()], 10, Params::default());
        assert_eq!(hits.len(), 1);
        let dl = 3.0;
        let avgdl = 13.0 / 4.0;
        let expected = rare * (1.0 * 2.5 / (1.0 + 1.5 * (1.0 - 0.75 + 0.75 * dl / avgdl)));
        assert!((hits[0].1 - expected).abs() < 1e-12);
    }

    #[test]
    fn negative_idf_uses_epsilon_times_the_mean() {
        let corpus = docs(&["common rare", "common", "common", "common other"]);
        let index = Bm25Index::build(&corpus, Params::default());
        let common = (0.5f64).ln() - (4.5f64).ln();
        let rare = (3.5f64).ln() - (1.5f64).ln();
        let mean = (common + rare + rare) / 3.0;
        assert!((index.terms["common"].idf - 0.25 * mean).abs() < 1e-12);
    }

    #[test]
    fn top_k_keeps_the_best_and_breaks_ties_by_document() {
        let scored = vec![(5, 1.0), (2, 3.0), (9, 3.0), (1, 0.5), (7, 2.0)];
        assert_eq!(best_k(scored.clone().into_iter(), 3), vec![(2, 3.0), (9, 3.0), (7, 2.0)]);
        assert_eq!(best_k(scored.clone().into_iter(), 0), vec![]);
        assert_eq!(best_k(scored.into_iter(), 10).len(), 5);
    }

    #[test]
    fn repeated_query_terms_count_twice_like_rank_bm25() {
        let corpus = docs(&["a b", "c d", "e f", "g h", "a"]);
        let index = Bm25Index::build(&corpus, Params::default());
        let once = index.search(&["b".into()], 1, Params::default())[0].1;
        let twice = index.search(&["b".into(), "b".into()], 1, Params::default())[0].1;
        assert!((twice - 2.0 * once).abs() < 1e-12);
    }
}
