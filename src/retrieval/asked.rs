//! What aspect a question asks (treatment, causes, symptoms, tests, outlook, inheritance ...), read
//! from its words with a small table and, where the table hears nothing, by the learned model of
//! [`super::aspects`]; used only to order the pages of one topic among the results: MedQuAD has a page
//! per aspect of a topic, and the sentence model finds the topic far more surely than the aspect.

use super::aspects::AspectModel;
use crate::core::tokenizer::tokenize;

/// MedQuAD question types and the English words that ask for them (matched by their stems, as the
/// tokenizer stems the question). `information` has no words: it is what a question asks when it
/// names no aspect.
pub const ASKED: &[(&str, &[&str])] = &[
    ("treatment", &["treat", "treatment", "therapy", "cure", "medication", "surgery", "manage"]),
    ("causes", &["cause", "why"]),
    ("symptoms", &["symptom", "sign"]),
    ("exams and tests", &["test", "diagnose", "diagnosis", "exam", "scan"]),
    ("outlook", &["outlook", "prognosis", "survival", "expectancy"]),
    ("inheritance", &["inherit", "hereditary"]),
    ("genetic changes", &["gene", "mutation"]),
    ("frequency", &["common", "prevalence"]),
    ("prevention", &["prevent", "prevention", "avoid"]),
    ("susceptibility", &["risk"]),
    ("complications", &["complication"]),
    ("stages", &["stage"]),
];

/// The question types `query` asks for, in table order (none when it names no aspect).
pub fn asked(query: &str) -> Vec<&'static str> {
    let stems = tokenize(query);
    ASKED
        .iter()
        .filter(|(_, words)| words.iter().any(|w| tokenize(w).iter().any(|s| stems.contains(s))))
        .map(|&(qtype, _)| qtype)
        .collect()
}

/// The learned model names an aspect only when it gives it at least this probability. Chosen on the
/// development sets with the model trained without the set scored (`medagent eval --aspects held-out`).
pub const MODEL_SURE: f64 = 0.4;

/// The question types `query` asks: the table's ([`asked`]) when its words name any; else the
/// `model`'s likeliest type when it is sure of it ([`MODEL_SURE`]) and it is an aspect, not the
/// overview (`information`), which a question naming no aspect gets without reordering.
pub fn asked_with<'a>(query: &str, model: Option<&'a AspectModel>) -> Vec<&'a str> {
    let named = asked(query);
    if !named.is_empty() {
        return named;
    }
    model
        .and_then(|m| m.likeliest(query))
        .filter(|&(qtype, p)| qtype != "information" && p >= MODEL_SURE)
        .map(|(qtype, _)| vec![qtype])
        .unwrap_or_default()
}

/// The order of `results` (their indices) in which, among the results of one topic (same focus,
/// case-insensitive), those of an asked type come first: every topic keeps the places it had, and the
/// order is otherwise kept. Nothing moves when nothing is asked.
pub fn asked_first<T>(
    results: &[T],
    asked: &[&str],
    focus: impl Fn(&T) -> &str,
    qtype: impl Fn(&T) -> &str,
) -> Vec<usize> {
    if asked.is_empty() {
        return (0..results.len()).collect();
    }
    let topics: Vec<String> = results.iter().map(|r| focus(r).to_lowercase()).collect();
    order_within_groups(results.len(), |a, b| topics[a] == topics[b], |i| (!asked.contains(&qtype(&results[i])), i))
}

/// The order of `len` results in which the members of each group (results `same` holds together) are
/// ordered by `key` within the places the group holds: every group keeps its places, and the members
/// of no other group move.
pub fn order_within_groups<K: Ord>(
    len: usize,
    same: impl Fn(usize, usize) -> bool,
    key: impl Fn(usize) -> K,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut placed = vec![false; len];
    for first in 0..len {
        if placed[first] {
            continue;
        }
        let places: Vec<usize> = (first..len).filter(|&i| same(first, i)).collect();
        let mut members = places.clone();
        crate::core::order::sort_by_key(&mut members, |&i| key(i));
        for (&place, member) in places.iter().zip(members) {
            order[place] = member;
            placed[place] = true;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_aspect_is_read_from_the_question_words() {
        assert_eq!(asked("How is gout treated?"), ["treatment"]);
        assert_eq!(asked("What causes gout and how is it diagnosed?"), ["causes", "exams and tests"]);
        assert!(asked("What is gout?").is_empty());
    }

    #[test]
    fn the_model_is_heard_only_where_the_table_names_nothing() {
        use super::super::aspects::{train, Example};
        let of = |text: &str, qtype: &str| Example { text: text.into(), qtypes: vec![qtype.into()] };
        let model = train(&[
            of("is that gum disease", "symptoms"),
            of("is that shingles on my arm", "symptoms"),
            of("is that a migraine", "symptoms"),
            of("what is gout", "information"),
            of("what is asthma", "information"),
        ]);
        assert_eq!(asked_with("bleeding gums is that gum disease", Some(&model)), ["symptoms"]);
        assert_eq!(
            asked_with("is that gout, how is it treated", Some(&model)),
            ["treatment"],
            "the table's words first"
        );
        assert!(asked_with("what is eczema", Some(&model)).is_empty(), "the overview moves nothing");
        assert!(asked_with("bleeding gums is that gum disease", None).is_empty());
    }

    #[test]
    fn the_asked_page_of_a_topic_moves_up_within_that_topic_only() {
        let results = [("Gout", "information"), ("Asthma", "treatment"), ("gout", "treatment"), ("Gout", "causes")];
        let order = asked_first(&results, &["treatment"], |r| r.0, |r| r.1);
        // Gout's places (0, 2, 3) now hold its treatment page first; Asthma stays second.
        assert_eq!(order, [2, 1, 0, 3]);
        assert_eq!(asked_first(&results, &[], |r| r.0, |r| r.1), [0, 1, 2, 3]);
    }
}
