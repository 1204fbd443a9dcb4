//! The one tokenizer of the knowledge index, used when the index is built and when a query is
//! searched, natively and in the browser.
//!
//! English: lowercase, split into Unicode words, drop stop words, Snowball (Porter2) stemming.
//! Korean: Hangul runs are split from Latin/digit runs ("HbA1c는" -> "hba1c", "는"), then common
//! particles and copula endings are stripped ("당뇨병은" -> "당뇨병"). Lone particles are dropped.

use rust_stemmers::{Algorithm, Stemmer};
use std::sync::OnceLock;

/// English stop words (the NLTK list), matched on the lowercased word before stemming.
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "am",
    "an",
    "and",
    "any",
    "are",
    "aren",
    "as",
    "at",
    "be",
    "because",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "can",
    "couldn",
    "d",
    "did",
    "didn",
    "do",
    "does",
    "doesn",
    "doing",
    "don",
    "down",
    "during",
    "each",
    "few",
    "for",
    "from",
    "further",
    "had",
    "hadn",
    "has",
    "hasn",
    "have",
    "haven",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "herself",
    "him",
    "himself",
    "his",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "isn",
    "it",
    "its",
    "itself",
    "just",
    "ll",
    "m",
    "ma",
    "me",
    "mightn",
    "more",
    "most",
    "mustn",
    "my",
    "myself",
    "needn",
    "no",
    "nor",
    "not",
    "now",
    "o",
    "of",
    "off",
    "on",
    "once",
    "only",
    "or",
    "other",
    "our",
    "ours",
    "ourselves",
    "out",
    "over",
    "own",
    "re",
    "s",
    "same",
    "shan",
    "she",
    "should",
    "shouldn",
    "so",
    "some",
    "such",
    "t",
    "than",
    "that",
    "the",
    "their",
    "theirs",
    "them",
    "themselves",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "to",
    "too",
    "under",
    "until",
    "up",
    "ve",
    "very",
    "was",
    "wasn",
    "we",
    "were",
    "weren",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "whom",
    "why",
    "will",
    "with",
    "won",
    "wouldn",
    "y",
    "you",
    "your",
    "yours",
    "yourself",
    "yourselves",
];

/// Korean particles and endings stripped from the end of a Hangul word, longest first.
const KOREAN_SUFFIXES: &[&str] = &[
    "이었습니다",
    "였습니다",
    "입니까",
    "입니다",
    "인가요",
    "이에요",
    "에서는",
    "에게서",
    "으로는",
    "이라는",
    "이라고",
    "에서",
    "에게",
    "한테",
    "으로",
    "까지",
    "부터",
    "처럼",
    "보다",
    "이나",
    "이랑",
    "하고",
    "인가",
    "예요",
    "이요",
    "은",
    "는",
    "이",
    "가",
    "을",
    "를",
    "에",
    "의",
    "로",
    "와",
    "과",
    "도",
    "만",
    "나",
    "랑",
    "요",
];

/// Whether `word` is one of the Korean particles or endings the tokenizer strips ("이", "은", "에서" ...).
pub fn is_korean_particle(word: &str) -> bool {
    KOREAN_SUFFIXES.contains(&word)
}

fn stemmer() -> &'static Stemmer {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::English))
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// Splits `text` into index terms. Deterministic; never fails; the empty string gives no terms.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut terms = Vec::new();
    for word in words(text) {
        if word.chars().next().is_some_and(is_hangul) {
            if let Some(stem) = strip_korean_suffix(&word) {
                terms.push(stem.to_string());
            }
        } else if !STOP_WORDS.contains(&word.as_str()) {
            terms.push(stemmer().stem(&word).into_owned());
        }
    }
    terms
}

/// Lowercased runs of letters and digits, split where Hangul meets other scripts.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    let mut chars = text.chars().peekable();
    std::iter::from_fn(move || {
        while chars.peek().is_some_and(|c| !c.is_alphanumeric()) {
            chars.next();
        }
        let first = chars.next()?;
        let hangul = is_hangul(first);
        let mut word: String = first.to_lowercase().collect();
        while let Some(&c) = chars.peek() {
            if !c.is_alphanumeric() || is_hangul(c) != hangul {
                break;
            }
            word.extend(c.to_lowercase());
            chars.next();
        }
        Some(word)
    })
}

/// The stem of a Hangul word without its particle; `None` for a lone particle.
pub fn strip_korean_suffix(word: &str) -> Option<&str> {
    if is_korean_particle(word) {
        return None;
    }
    let syllables = word.chars().count();
    for suffix in KOREAN_SUFFIXES {
        if let Some(stem) = word.strip_suffix(suffix) {
            // Keep at least one syllable, and never strip a one-syllable word to nothing.
            if !stem.is_empty() && syllables > suffix.chars().count() {
                return Some(stem);
            }
        }
    }
    Some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_lowercased_stemmed_and_stopped() {
        assert_eq!(tokenize("What are the symptoms of Diabetes?"), vec!["symptom", "diabet"],);
        assert_eq!(
            tokenize("High blood pressure (hypertension) causes"),
            vec!["high", "blood", "pressur", "hypertens", "caus"]
        );
    }

    #[test]
    fn korean_particles_are_stripped() {
        assert_eq!(tokenize("당뇨병 초기 증상은 무엇인가요"), vec!["당뇨병", "초기", "증상", "무엇"]);
        assert_eq!(tokenize("고혈압이 있어요"), vec!["고혈압", "있어"]);
    }

    #[test]
    fn mixed_scripts_split_at_the_boundary() {
        assert_eq!(tokenize("HbA1c는 8.2%입니다"), vec!["hba1c", "8", "2"]);
        assert_eq!(tokenize("메트포르민500mg"), vec!["메트포르민", "500mg"]);
    }

    #[test]
    fn odd_input_gives_sensible_terms() {
        assert!(tokenize("").is_empty());
        assert!(tokenize("🙂🙂 ... !!!").is_empty());
        assert_eq!(tokenize("는"), Vec::<String>::new());
        assert_eq!(tokenize("이"), Vec::<String>::new());
        let big = "diabetes 당뇨 ".repeat(10_000);
        assert_eq!(tokenize(&big).len(), 20_000);
    }
}
