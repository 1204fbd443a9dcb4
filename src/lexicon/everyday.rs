//! Everyday Korean: the words people use to say how they feel ("두근거려요", "속이 더부룩해요",
//! "욱신거리고"), mapped to the English words the corpus uses (palpitations, bloating, throbbing pain).
//! Each entry is a stem, so any ending matches: Korean words are a stem plus endings, so a stem
//! found at the start of a written word is that word whatever its ending.
//!
//! Source format (`everyday_ko.tsv`, tab-separated, no header, `#` comment lines):
//! `korean stems (| separated)  english words  [concept id]`. The optional third column names the
//! symptom or condition the stems state about the person ("부어" -> R60 swelling), as a concept id of
//! the lexicon: slot extraction reads them as that fact. A stem is matched at the start of a written word,
//! spaces inside it not mattering ("속이 더부룩" = "속이더부룩"); a stem written with a leading `~`
//! may also start inside a word (heads of compounds: "~통증" in "허리통증"). One-syllable stems
//! ("목", "배") must be a whole word or be followed by a particle.

use super::source_error::SourceError;
use serde::{Deserialize, Serialize};

/// One everyday stem and the English it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Phrase {
    /// The stem, without spaces.
    pub ko: String,
    /// English search words.
    pub en: String,
    /// May start inside a written word.
    pub inside: bool,
    /// The id of the symptom or condition the stem states, if it states one.
    pub concept: Option<String>,
}

/// The source file's name, for errors.
const FILE: &str = "everyday_ko.tsv";

/// Parses the everyday vocabulary. Errors name the line.
pub fn parse(text: &str) -> Result<Vec<Phrase>, SourceError> {
    let mut phrases = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let Some((ko, rest)) = line.split_once('\t') else {
            return Err(SourceError::at(FILE, n, "expected korean stems, a tab, english words"));
        };
        let (en, concept) = match rest.split_once('\t') {
            Some((en, id)) => (en.trim(), Some(id.trim().to_string())),
            None => (rest.trim(), None),
        };
        if en.is_empty() || concept.as_ref().is_some_and(|id| id.is_empty() || id.contains('\t')) {
            return Err(SourceError::at(FILE, n, "expected english words, then at most a concept id"));
        }
        for stem in ko.split('|').map(str::trim).filter(|s| !s.is_empty()) {
            let (inside, stem) = match stem.strip_prefix('~') {
                Some(rest) => (true, rest),
                None => (false, stem),
            };
            let ko: String = stem.chars().filter(|c| !c.is_whitespace()).collect();
            phrases.push(Phrase { ko, en: en.to_string(), inside, concept: concept.clone() });
        }
    }
    Ok(phrases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_are_read_without_spaces_and_with_their_inside_mark() {
        let phrases =
            parse("# palpitations\n두근|쿵쾅\tpalpitations\tR00.2\n속이 더부룩\tbloating\n~통증\tpain\n").unwrap();
        let stems: Vec<(&str, &str, bool, Option<&str>)> =
            phrases.iter().map(|p| (p.ko.as_str(), p.en.as_str(), p.inside, p.concept.as_deref())).collect();
        assert_eq!(
            stems,
            vec![
                ("두근", "palpitations", false, Some("R00.2")),
                ("쿵쾅", "palpitations", false, Some("R00.2")),
                ("속이더부룩", "bloating", false, None),
                ("통증", "pain", true, None)
            ]
        );
    }

    #[test]
    fn a_line_without_english_is_an_error_naming_it() {
        let error = parse("# x\n두근\n").unwrap_err();
        assert_eq!((error.file, error.line), ("everyday_ko.tsv", Some(2)));
        assert!(error.to_string().contains("line 2"), "{error}");
        assert!(parse("두근\tpalpitations\t\n").is_err(), "an empty concept column");
    }
}
