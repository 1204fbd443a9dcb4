//! Everyday words that state a symptom ("can't sleep", "bruised", "잠을 못자요", "속이 쓰려요"), read
//! from the table `symptom_words.tsv` (its header says the format): what people say where the
//! lexicon has no name, each read as the concept it states, by the table's names (the lexicon's
//! names for some of these ICD-10 ids are its categories', not the complaint: R14 "Flatulence and
//! related conditions").

use crate::core::site::{site_text, SiteText};
use crate::lexicon::{Concept, ConceptKind};
use std::sync::OnceLock;

/// The table: natively built in; the app fetches it from the site before the first message (its
/// SHA-256 is this build's, `build.rs`), so the app's wasm does not carry it.
pub static SYMPTOM_WORDS: SiteText =
    site_text!("triage/symptom_words.tsv", "symptom_words.sha256", include_str!("symptom_words.tsv"));

/// One word of the table and the concept it states (an index into [`Table::concepts`]).
struct Word {
    text: String,
    korean: bool,
    concept: usize,
}

struct Table {
    concepts: Vec<Concept>,
    words: Vec<Word>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(SYMPTOM_WORDS.text()))
}

/// Reads the table; a line without its four columns is a mistake in the table, caught by the tests.
fn parse(tsv: &str) -> Table {
    let mut table = Table { concepts: Vec::new(), words: Vec::new() };
    for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let [id, en, ko, words] = line.split('\t').collect::<Vec<_>>()[..] else { continue };
        let concept = table.concepts.len();
        table.concepts.push(Concept { id: id.into(), kind: ConceptKind::Symptom, en: en.into(), ko: ko.into() });
        for word in words.split('|').map(str::trim).filter(|w| !w.is_empty()) {
            let korean = crate::core::has_hangul(word);
            let text = if korean { word.to_string() } else { word.to_ascii_lowercase() };
            // A Korean word is also matched as written without its spaces (잠을 못자 = 잠을못자).
            if korean && word.contains(' ') {
                table.words.push(Word { text: word.replace(' ', ""), korean, concept });
            }
            table.words.push(Word { text, korean, concept });
        }
    }
    // Longest first, so "잠을 통 못자" is read before a shorter word inside it.
    crate::core::order::sort_by_key(&mut table.words, |w| std::cmp::Reverse(w.text.len()));
    table
}

/// The table's concept of `id`, when the table has a row for it.
pub fn concept(id: &str) -> Option<&'static Concept> {
    table().concepts.iter().find(|c| c.id == id)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '\''
}

/// The symptom words of `text`, each as (the concept the table gives it, start, end), left to right,
/// not overlapping (the longest word wins).
pub fn find(text: &str) -> Vec<(&'static Concept, usize, usize)> {
    let table = table();
    // ASCII lowercase keeps every byte offset of the text.
    let lower = text.to_ascii_lowercase();
    let mut found: Vec<(&'static Concept, usize, usize)> = Vec::new();
    for word in &table.words {
        for (start, _) in lower.match_indices(word.text.as_str()) {
            let end = start + word.text.len();
            let before = lower[..start].chars().next_back();
            let after = lower[end..].chars().next();
            // Korean: at the start of a written word, any ending after it; English: whole words.
            let fits = if word.korean {
                before.is_none_or(|c| !crate::core::is_hangul(c))
            } else {
                before.is_none_or(|c| !is_word_char(c)) && after.is_none_or(|c| !is_word_char(c))
            };
            if fits && !found.iter().any(|&(_, s, e)| s < end && start < e) {
                found.push((&table.concepts[word.concept], start, end));
            }
        }
    }
    crate::core::order::sort_by_key(&mut found, |&(_, start, _)| start);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<&'static str> {
        find(text).into_iter().map(|(c, _, _)| c.id.as_str()).collect()
    }

    #[test]
    fn every_line_of_the_table_has_its_columns_and_words() {
        let tsv = include_str!("symptom_words.tsv");
        let rows = tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        for line in rows {
            let columns: Vec<&str> = line.split('\t').collect();
            assert_eq!(columns.len(), 4, "{line}");
            assert!(columns.iter().all(|c| !c.trim().is_empty()), "{line}");
        }
        assert_eq!(table().concepts.len(), tsv.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).count());
    }

    #[test]
    fn everyday_words_state_their_symptom_in_both_languages() {
        assert_eq!(ids("요즘 잠을 통 못자요"), ["G47.0"]);
        assert_eq!(ids("잠을못자요"), ["G47.0"], "written without its space");
        assert_eq!(ids("cant sleep. like at all."), ["G47.0"]);
        assert_eq!(ids("손목이 퉁퉁 붓고 시퍼렇게 멍들었어요"), ["R60", "R60", "R23.3", "R23.3"]);
        assert_eq!(ids("nicked myself and it bruised"), ["R23.3"]);
        assert_eq!(ids("속이 쓰려요"), ["R12"]);
        assert_eq!(ids("귀에서 삐- 소리가 계속 나요"), ["H93.1"]);
        assert_eq!(ids("feel kinda achy and tired all the time"), ["M79.1", "R53"]);
        // Issue 39's misses by kind: weight lost by a number, confusion, stiff fingers, throat pain.
        assert_eq!(ids("3달만에 7키로가 빠졌어요"), ["R63.4"]);
        assert_eq!(ids("has been really confused since yesterday"), ["R41.0"]);
        assert_eq!(ids("할머니가 자꾸 헛소리를 하세요"), ["R41.0"]);
        assert_eq!(ids("아침마다 손가락이 뻣뻣해요"), ["M25.6"]);
        assert_eq!(ids("my joints are stiff every morning"), ["M25.6"]);
        assert_eq!(ids("목이 따끔거려요"), ["R07.0"]);
        assert_eq!(ids("swallowing hurts"), ["R07.0"]);
    }

    #[test]
    fn the_common_complaints_of_a_family_doctor_are_read_by_their_plain_name() {
        let names = |text: &str| find(text).into_iter().map(|(c, _, _)| c.en.as_str()).collect::<Vec<_>>();
        assert_eq!(names("my feet are puffy"), ["Swelling"]);
        assert_eq!(names("발이 퉁퉁 부었어요"), ["Swelling", "Swelling"]);
        assert_eq!(names("pins and needles in my hands"), ["Numbness"]);
        assert_eq!(names("손이 저려요"), ["Numbness"]);
        assert_eq!(names("newborn looks yellow"), ["Jaundice"]);
        assert_eq!(names("아기가 분유 먹고 자꾸 게워요"), ["Spitting up"]);
        assert_eq!(names("wets the bed most nights"), ["Bedwetting"]);
        assert_eq!(names("코가 꽉 막혔어요"), ["Nasal congestion"]);
        assert_eq!(names("gained 15 lbs"), ["Weight gain"]);
        assert_eq!(names("살이 15키로나 쪘어요"), ["Weight gain"]);
        assert_eq!(names("white spots on his tonsils"), ["White spots on tonsils"]);
        assert_eq!(names("침도 못삼켜요"), ["Difficulty swallowing"]);
        assert!(table().concepts.len() >= 60, "the common complaints, not only a set's misses");
    }

    #[test]
    fn every_concept_has_one_row() {
        let mut ids: Vec<&str> = table().concepts.iter().map(|c| c.id.as_str()).collect();
        let rows = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), rows, "a concept's words belong in its one row");
        assert_eq!(concept("R60").map(|c| c.en.as_str()), Some("Swelling"));
        assert!(concept("E11").is_none());
    }

    #[test]
    fn a_word_inside_another_word_is_none() {
        // English words are whole words; a Korean word starts a written word.
        assert!(ids("the achyranthes plant").is_empty());
        assert!(ids("unbruised").is_empty());
        assert!(ids("우리가래요").is_empty(), "가래 inside a word");
        // The longest word wins where two overlap.
        assert_eq!(ids("토할거같아요"), ["R11"]);
    }
}
