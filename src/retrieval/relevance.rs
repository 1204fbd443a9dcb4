//! The relevance check: do the passages found answer the question at all? Search always returns
//! its nearest passages, even for a question the corpus knows nothing about ("car insurance", a
//! disease MedQuAD lacks); quoting them as "what the medical sources say" misleads. The check reads
//! three signals: whether the bridge understood any of a Korean question's topic words, the vector
//! side's best cosine similarity, and the share of the query's idf weight in BM25's best document.
//! Thresholds were chosen on the development set's answerable and unanswerable questions and on
//! consumer questions written blind (`medagent eval` prints the check's precision and recall).

use super::search::SearchSignals;
use crate::lexicon::bridge::BridgedQuery;
use serde::Serialize;

/// The best chunk's cosine similarity (all-MiniLM-L6-v2) an answerable question reaches: on the tune
/// split 0.45 kept 99% of the answerable questions and rejected 94% of the unanswerable ones (0.40
/// rejected 81%, 0.50 lost 3% more answerable ones).
pub const MIN_SIMILARITY: f64 = 0.45;
/// The share of the query's idf weight (over the words the corpus knows and the ones it lacks) BM25's
/// best document must hold when it is the only judge (the vector side not loaded): the best keyword
/// match should be about most of what was asked.
pub const MIN_KEYWORD_COVERAGE: f64 = 0.3;
/// The same share when the vector side judges too. A long message spreads its weight over many
/// words (its story, a brand name, a typo), so at 0.3 a tenth of answerable English consumer
/// questions were refused, and no unanswerable development question more than by similarity alone.
pub const MIN_KEYWORD_COVERAGE_WITH_VECTORS: f64 = 0.1;

/// The verdict and why, for the trace.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Relevance {
    pub relevant: bool,
    pub reason: String,
}

/// Judges the best passages of a search for `bridged` from what the search saw.
pub fn judge(signals: &SearchSignals, bridged: &BridgedQuery) -> Relevance {
    let min_keywords =
        if signals.best_similarity.is_some() { MIN_KEYWORD_COVERAGE_WITH_VECTORS } else { MIN_KEYWORD_COVERAGE };
    judge_at(signals, bridged, MIN_SIMILARITY, min_keywords)
}

/// [`judge`] with other thresholds (the development set's threshold sweep).
pub fn judge_at(signals: &SearchSignals, bridged: &BridgedQuery, min_similarity: f64, min_keywords: f64) -> Relevance {
    let verdict = |relevant: bool, reason: String| Relevance { relevant, reason };
    if bridged.text.trim().is_empty() {
        let unknown = if bridged.unknown.is_empty() {
            String::new()
        } else {
            format!(" (not understood: {})", bridged.unknown.join(", "))
        };
        return verdict(false, format!("no search terms: nothing in the question was understood{unknown}"));
    }
    // Of a Korean question's topic words the bridge must understand one. People write around the
    // names they ask about ("엄마가 대상포진 걸렸었는데 또 걸릴 수도 있나요?") and the words around
    // them are not all in the lexicon: asking for half, 55% of answerable consumer questions quoted
    // nothing, while the unanswerable ones are the vector side's to reject.
    if bridged.coverage <= 0.0 {
        return verdict(
            false,
            format!(
                "none of the question's topic words was understood (not understood: {})",
                bridged.unknown.join(", ")
            ),
        );
    }
    if let Some(coverage) = signals.keyword_coverage.filter(|&c| c < min_keywords) {
        return verdict(
            false,
            format!(
                "the best keyword match holds {:.0}% of the question's keyword weight (needs {:.0}%)",
                coverage * 100.0,
                min_keywords * 100.0
            ),
        );
    }
    match signals.best_similarity {
        Some(similarity) => verdict(
            similarity >= min_similarity,
            format!(
                "best passage similarity {similarity:.2} {} {min_similarity:.2}",
                if similarity >= min_similarity { ">=" } else { "<" }
            ),
        ),
        None => verdict(true, "keywords matched (the vector side is not loaded)".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bridged(text: &str, coverage: f64) -> BridgedQuery {
        BridgedQuery {
            text: text.into(),
            concepts: Vec::new(),
            qtypes: Vec::new(),
            phrases: Vec::new(),
            transliterations: Vec::new(),
            coverage,
            unknown: Vec::new(),
        }
    }

    fn signals(similarity: f64) -> SearchSignals {
        SearchSignals { best_similarity: Some(similarity), keyword_coverage: Some(1.0) }
    }

    #[test]
    fn nothing_understood_is_never_relevant() {
        let verdict = judge(&signals(0.9), &bridged("  ", 1.0));
        assert!(!verdict.relevant);
        assert!(verdict.reason.contains("no search terms"), "{verdict:?}");
    }

    #[test]
    fn a_question_none_of_whose_topic_words_was_understood_fails_and_says_why() {
        let verdict = judge(&signals(0.9), &bridged("insurance", 0.0));
        assert!(!verdict.relevant);
        assert!(verdict.reason.contains("none of the question's topic words"), "{verdict:?}");
        // One topic word in five understood is enough: the rest are often the words around a name.
        assert!(judge(&signals(0.9), &bridged("shingles", 0.2)).relevant);
    }

    #[test]
    fn the_similarity_threshold_decides_otherwise() {
        assert!(judge(&signals(MIN_SIMILARITY + 0.01), &bridged("gout treatment", 1.0)).relevant);
        let below = judge(&signals(MIN_SIMILARITY - 0.01), &bridged("car insurance", 1.0));
        assert!(!below.relevant);
        assert!(below.reason.contains('<'), "{below:?}");
    }

    #[test]
    fn a_name_the_corpus_lacks_fails_on_keywords() {
        let keyword = |coverage| SearchSignals { best_similarity: None, keyword_coverage: Some(coverage) };
        assert!(judge(&keyword(0.9), &bridged("gout", 1.0)).relevant);
        let verdict = judge(&keyword(0.1), &bridged("leptospirosis spread", 1.0));
        assert!(!verdict.relevant);
        assert!(verdict.reason.contains("keyword weight"), "{verdict:?}");
        let strong_vector = SearchSignals { best_similarity: Some(0.9), keyword_coverage: Some(0.05) };
        assert!(!judge(&strong_vector, &bridged("leptospirosis spread", 1.0)).relevant);
        // With the vector side a long message's spread-out keywords are no reason to refuse.
        let long_message = SearchSignals { best_similarity: Some(0.6), keyword_coverage: Some(0.2) };
        assert!(judge(&long_message, &bridged("husband numb feet months cause", 1.0)).relevant);
    }
}
