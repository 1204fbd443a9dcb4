//! The bilingual concept lexicon ("our MedCAT"): conditions, symptoms, medications, labs and vitals
//! with stable ids and Korean + English names, and a matcher that finds them in free text.
//!
//! "고혈압", "high blood pressure" and "hypertension" are one concept (ICD-10 I10). Ids: the
//! ICD-10 code for conditions and symptoms, the DrugBank id for medications, `LAB:*` / `VITAL:*` for
//! labs and vitals. Built from the sources in `index/lexicon/` by [`build`]; stored for the browser
//! as `lexicon.bin` ([`file`]); Korean questions are bridged to English search terms by [`bridge`].

pub mod bridge;
pub mod build;
pub mod file;
mod names;

use crate::retrieval::tokenizer::is_korean_particle;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

/// What kind of thing a concept is (it decides the profile slot it fills).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConceptKind {
    Condition,
    Symptom,
    Medication,
    Lab,
    Vital,
}

impl ConceptKind {
    pub const ALL: [ConceptKind; 5] =
        [ConceptKind::Condition, ConceptKind::Symptom, ConceptKind::Medication, ConceptKind::Lab, ConceptKind::Vital];

    pub fn name(self) -> &'static str {
        match self {
            ConceptKind::Condition => "condition",
            ConceptKind::Symptom => "symptom",
            ConceptKind::Medication => "medication",
            ConceptKind::Lab => "lab",
            ConceptKind::Vital => "vital",
        }
    }
}

/// One concept with its display names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concept {
    /// Stable id: ICD-10 code, DrugBank id, or `LAB:*` / `VITAL:*`.
    pub id: String,
    pub kind: ConceptKind,
    /// English display name (also the English search term for the Korean bridge).
    pub en: String,
    /// Korean display name (empty when no Korean name is known).
    pub ko: String,
}

/// A concept found in a text: which one, and where (byte offsets into the text searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention<'a> {
    pub concept: &'a Concept,
    pub start: usize,
    pub end: usize,
}

/// The lexicon: concepts and the normalised names that point to them.
#[derive(Clone, Debug, PartialEq)]
pub struct Lexicon {
    concepts: Vec<Concept>,
    /// Normalised name -> concept index.
    names: HashMap<String, u32>,
    /// Distinct name lengths in characters, longest first (the matcher tries these).
    lengths: Vec<usize>,
}

/// Lowercases and folds runs of white space into one space: the form names are matched in.
pub fn normalise(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

impl Lexicon {
    /// Assembles a lexicon from concepts and (normalised name, concept index) pairs.
    pub fn new(concepts: Vec<Concept>, names: HashMap<String, u32>) -> Lexicon {
        let lengths: BTreeSet<usize> = names.keys().map(|n| n.chars().count()).collect();
        Lexicon { concepts, names, lengths: lengths.into_iter().rev().collect() }
    }

    pub fn concepts(&self) -> &[Concept] {
        &self.concepts
    }

    /// Every (name, concept index) pair, sorted by name (for the file writer and reports).
    pub fn names(&self) -> Vec<(&str, u32)> {
        let mut names: Vec<(&str, u32)> = self.names.iter().map(|(n, &i)| (n.as_str(), i)).collect();
        names.sort_unstable();
        names
    }

    pub fn concept(&self, id: &str) -> Option<&Concept> {
        self.concepts.iter().find(|c| c.id == id)
    }

    /// The concept a normalised name points to.
    pub fn lookup(&self, name: &str) -> Option<&Concept> {
        self.names.get(&normalise(name)).map(|&i| &self.concepts[i as usize])
    }

    /// Finds concept mentions in `text`: at each word start the longest known name wins; English
    /// names end at a word boundary (a plural "s"/"es" may follow); a one-syllable Korean name may
    /// be followed only by a particle ("열이" yes, "열심히" no), longer ones by anything.
    pub fn find<'a>(&'a self, text: &str) -> Vec<Mention<'a>> {
        // Lowercased characters with their byte spans in `text`, white space folded to one space.
        let mut chars: Vec<(char, usize, usize)> = Vec::with_capacity(text.len());
        for (at, c) in text.char_indices() {
            let end = at + c.len_utf8();
            if c.is_whitespace() {
                if chars.last().is_some_and(|&(p, _, _)| p == ' ') {
                    chars.last_mut().expect("checked").2 = end;
                } else {
                    chars.push((' ', at, end));
                }
            } else {
                for lower in c.to_lowercase() {
                    chars.push((lower, at, end));
                }
            }
        }
        let mut mentions = Vec::new();
        let mut i = 0;
        let mut candidate = String::new();
        while i < chars.len() {
            let c = chars[i].0;
            let word_start = c.is_alphanumeric()
                && (i == 0 || {
                    let p = chars[i - 1].0;
                    !p.is_alphanumeric() || is_hangul(p) != is_hangul(c)
                });
            if !word_start {
                i += 1;
                continue;
            }
            let mut matched = None;
            for &len in &self.lengths {
                if i + len > chars.len() {
                    continue;
                }
                candidate.clear();
                candidate.extend(chars[i..i + len].iter().map(|&(c, _, _)| c));
                if let Some(&concept) = self.names.get(&candidate) {
                    if let Some(end) = self.accept_end(&chars, i, i + len) {
                        matched = Some((concept, end));
                        break;
                    }
                }
            }
            match matched {
                Some((concept, end)) => {
                    mentions.push(Mention {
                        concept: &self.concepts[concept as usize],
                        start: chars[i].1,
                        end: chars[end - 1].2,
                    });
                    i = end;
                }
                None => i += 1,
            }
        }
        mentions
    }

    /// Where a name occupying `chars[start..end]` really ends, if the text around it allows it.
    fn accept_end(&self, chars: &[(char, usize, usize)], start: usize, end: usize) -> Option<usize> {
        let last = chars[end - 1].0;
        let next = chars.get(end).map(|&(c, _, _)| c);
        if is_hangul(last) {
            if !next.is_some_and(is_hangul) || end - start > 1 {
                return Some(end);
            }
            // A one-syllable name must be followed by a particle, not by more of a word.
            let rest: String = chars[end..].iter().map(|&(c, _, _)| c).take_while(|&c| is_hangul(c)).collect();
            return is_korean_particle(&rest).then_some(end);
        }
        match next {
            Some(c) if c.is_alphanumeric() && !is_hangul(c) => {
                // Plurals: "headaches", "kidney stones".
                for suffix in ["s", "es"] {
                    let n = suffix.len();
                    let follows =
                        chars.get(end..end + n).is_some_and(|s| s.iter().map(|&(c, _, _)| c).eq(suffix.chars()));
                    let boundary = chars.get(end + n).is_none_or(|&(c, _, _)| !c.is_alphanumeric());
                    if follows && boundary {
                        return Some(end + n);
                    }
                }
                None
            }
            _ => Some(end),
        }
    }
}
