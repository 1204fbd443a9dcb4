//! The bilingual concept lexicon ("our MedCAT"): conditions, symptoms, medications, labs and vitals
//! with stable ids and Korean + English names, and a matcher that finds them in free text.
//!
//! "고혈압", "high blood pressure" and "hypertension" are one concept (ICD-10 I10). Ids: the
//! ICD-10 code for conditions and symptoms, the DrugBank id for medications, `CLASS:*` for the
//! classes of medicines people name instead of a medicine (혈압약, NSAIDs; [`medicines`]), `LAB:*` /
//! `VITAL:*` for labs and vitals. Built from the sources in `index/lexicon/` by [`build`]; stored for the browser
//! as `lexicon.bin` ([`file`]); Korean questions are bridged to English search terms by [`bridge`].

pub mod bridge;
pub mod build;
pub mod coverage;
pub mod everyday;
pub mod file;
pub mod focus;
pub mod medicines;
pub mod readings;
mod source_error;
pub use source_error::SourceError;

/// Version of the rules [`build`] reads the source files with: bump it when the same sources give
/// other concepts (an index built before is then stale). 2: DrugBank's allergenic extracts are topics.
pub const RULES_VERSION: u32 = 2;
mod names;
pub mod translit;

use crate::core::tokenizer::is_korean_particle;
use everyday::Phrase;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// What kind of thing a concept is (it decides the profile slot it fills).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConceptKind {
    Condition,
    Symptom,
    Medication,
    Lab,
    Vital,
    /// What a question may be about but no fact about a person: a test, a procedure, healthy living,
    /// alcohol or tobacco. Searched for, never a profile slot.
    Topic,
}

impl ConceptKind {
    pub const ALL: [ConceptKind; 6] = [
        ConceptKind::Condition,
        ConceptKind::Symptom,
        ConceptKind::Medication,
        ConceptKind::Lab,
        ConceptKind::Vital,
        ConceptKind::Topic,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ConceptKind::Condition => "condition",
            ConceptKind::Symptom => "symptom",
            ConceptKind::Medication => "medication",
            ConceptKind::Lab => "lab",
            ConceptKind::Vital => "vital",
            ConceptKind::Topic => "topic",
        }
    }
}

/// One concept with its display names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concept {
    /// Stable id: ICD-10 code, DrugBank id, `CLASS:*`, or `LAB:*` / `VITAL:*`.
    pub id: String,
    pub kind: ConceptKind,
    /// English display name (also the English search term for the Korean bridge).
    pub en: String,
    /// Korean display name (empty when no Korean name is known).
    pub ko: String,
}

impl Concept {
    /// A class of medicines (혈압약), not one medicine.
    pub fn is_class(&self) -> bool {
        self.id.starts_with(medicines::CLASS_PREFIX)
    }

    /// A combination product (Bactrim, 울트라셋): a class whose members are its ingredients.
    pub fn is_combination(&self) -> bool {
        self.id.strip_prefix(medicines::CLASS_PREFIX).is_some_and(|class| class.starts_with(medicines::COMBINATION))
    }
}

/// A concept found in a text: which one, and where (byte offsets into the text searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention<'a> {
    pub concept: &'a Concept,
    pub start: usize,
    pub end: usize,
}

/// An everyday Korean stem found in a text (byte offsets into the text searched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhraseMention<'a> {
    pub phrase: &'a Phrase,
    /// The symptom or condition the stem states ("부어요" -> Swelling), if it states one.
    pub concept: Option<&'a Concept>,
    pub start: usize,
    pub end: usize,
}

/// The lexicon: concepts and the normalised names that point to them, and the everyday Korean stems.
#[derive(Clone, Debug)]
pub struct Lexicon {
    concepts: Vec<Concept>,
    /// Normalised name -> concept index.
    names: HashMap<String, u32>,
    /// Distinct name lengths in characters, longest first (the matcher tries these).
    lengths: Vec<usize>,
    phrases: Vec<Phrase>,
    /// Stem -> phrase index (the first entry of a stem wins).
    phrase_stems: HashMap<String, u32>,
    /// Distinct stem lengths in syllables, longest first.
    phrase_lengths: Vec<usize>,
    /// The concept each phrase states (by phrase index), if it states one.
    phrase_concepts: Vec<Option<u32>>,
    /// The corpus's English topic names (only the transliteration matcher reaches them).
    topics: Vec<String>,
    /// (medicine, class) concept index pairs, sorted: which classes each medicine belongs to.
    memberships: Vec<(u32, u32)>,
    /// Concepts whose English is a corpus topic (a MedQuAD focus), sorted.
    foci: Vec<u32>,
    /// Normalised name -> the only way it may be written: acronyms match in capitals alone ("WAS" is
    /// Wiskott-Aldrich syndrome, "was" is not).
    acronyms: HashMap<String, String>,
    /// Concept id -> the first concept with it.
    by_id: HashMap<String, u32>,
    /// The transliteration index over the English names, built on the first Korean loanword.
    translit: OnceLock<translit::Index>,
}

impl PartialEq for Lexicon {
    fn eq(&self, other: &Self) -> bool {
        // The transliteration index is derived from the names.
        self.concepts == other.concepts
            && self.names == other.names
            && self.phrases == other.phrases
            && self.topics == other.topics
            && self.memberships == other.memberships
            && self.acronyms == other.acronyms
            && self.foci == other.foci
    }
}

/// The form names are matched in: lowercase, runs of white space one space, and none between two
/// Hangul syllables (Korean is matched as it is written, spaces inside a compound not mattering:
/// "갑상선 기능 항진증" is 갑상선기능항진증, "척수소뇌성 운동실조증 6형" 척수소뇌성운동실조증 6형).
pub fn normalise(name: &str) -> String {
    matching_chars(name).iter().map(|c| c.c).collect()
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

impl Lexicon {
    /// Assembles a lexicon from concepts, (normalised name, concept index) pairs, everyday phrases,
    /// the corpus's topic names, (medicine, class) concept index pairs, the acronyms among the names
    /// as they must be written, and the concepts whose English is a corpus topic.
    pub fn new(
        concepts: Vec<Concept>,
        names: HashMap<String, u32>,
        phrases: Vec<Phrase>,
        topics: Vec<String>,
        mut memberships: Vec<(u32, u32)>,
        acronyms: Vec<String>,
        mut foci: Vec<u32>,
    ) -> Lexicon {
        memberships.sort_unstable();
        memberships.dedup();
        foci.sort_unstable();
        foci.dedup();
        let mut by_id = HashMap::with_capacity(concepts.len());
        for (i, concept) in concepts.iter().enumerate() {
            by_id.entry(concept.id.clone()).or_insert(i as u32);
        }
        let lengths: BTreeSet<usize> = names.keys().map(|n| n.chars().count()).collect();
        let mut phrase_stems = HashMap::new();
        for (i, phrase) in phrases.iter().enumerate() {
            phrase_stems.entry(phrase.ko.clone()).or_insert(i as u32);
        }
        let phrase_lengths: BTreeSet<usize> = phrase_stems.keys().map(|n| n.chars().count()).collect();
        let phrase_concepts =
            phrases.iter().map(|p| p.concept.as_deref().and_then(|id| by_id.get(id).copied())).collect();
        Lexicon {
            concepts,
            names,
            lengths: lengths.into_iter().rev().collect(),
            phrases,
            phrase_stems,
            phrase_lengths: phrase_lengths.into_iter().rev().collect(),
            phrase_concepts,
            topics,
            memberships,
            foci,
            acronyms: acronyms.into_iter().map(|a| (normalise(&a), a)).collect(),
            by_id,
            translit: OnceLock::new(),
        }
    }

    /// The corpus's English topic names.
    pub fn topics(&self) -> &[String] {
        &self.topics
    }

    /// The everyday Korean phrases.
    pub fn phrases(&self) -> &[Phrase] {
        &self.phrases
    }

    /// The transliteration index over the English condition and drug names (built on first use).
    pub fn translit(&self) -> &translit::Index {
        self.translit.get_or_init(|| translit::Index::new(self))
    }

    /// Finds everyday Korean stems in `text`, longest first, left to right, not overlapping.
    pub fn find_phrases(&self, text: &str) -> Vec<PhraseMention<'_>> {
        let chars = matching_chars(text);
        let mut found = Vec::new();
        let mut i = 0;
        let mut candidate = String::new();
        while i < chars.len() {
            let word_start = chars[i].word_start(i.checked_sub(1).map(|p| &chars[p]));
            let mut matched = None;
            if is_hangul(chars[i].c) {
                for &len in &self.phrase_lengths {
                    if i + len > chars.len() {
                        continue;
                    }
                    candidate.clear();
                    candidate.extend(chars[i..i + len].iter().map(|c| c.c));
                    let Some(&p) = self.phrase_stems.get(&candidate) else { continue };
                    let phrase = &self.phrases[p as usize];
                    if (word_start || phrase.inside) && self.accept_end(&chars, i, i + len).is_some() {
                        matched = Some((p as usize, i + len));
                        break;
                    }
                }
            }
            match matched {
                Some((p, end)) => {
                    let concept = self.phrase_concepts[p].map(|c| &self.concepts[c as usize]);
                    let phrase = &self.phrases[p];
                    found.push(PhraseMention { phrase, concept, start: chars[i].start, end: chars[end - 1].end });
                    i = end;
                }
                None => i += 1,
            }
        }
        found
    }

    pub fn concepts(&self) -> &[Concept] {
        &self.concepts
    }

    /// The concept of `what` where the body part `part` says it is: "lower back" and Pain is Low
    /// back pain, "knee" and Pain knee pain, when the lexicon has that name (each of the part's
    /// English words is tried, then all of them).
    pub fn located(&self, part: &Phrase, what: &Concept) -> Option<&Concept> {
        let what = what.en.to_lowercase();
        std::iter::once(part.en.as_str())
            .chain(part.en.split_whitespace())
            .filter_map(|place| self.lookup(&format!("{place} {what}")))
            .find(|c| matches!(c.kind, ConceptKind::Symptom | ConceptKind::Condition))
    }

    /// Every (name, concept index) pair, sorted by name (for the file writer and reports).
    pub fn names(&self) -> Vec<(&str, u32)> {
        let mut names: Vec<(&str, u32)> = self.names.iter().map(|(n, &i)| (n.as_str(), i)).collect();
        names.sort_unstable();
        names
    }

    pub fn concept(&self, id: &str) -> Option<&Concept> {
        self.by_id.get(id).map(|&i| &self.concepts[i as usize])
    }

    /// The acronyms among the names as they must be written, sorted (for the file writer).
    pub fn acronyms(&self) -> Vec<&str> {
        let mut acronyms: Vec<&str> = self.acronyms.values().map(String::as_str).collect();
        acronyms.sort_unstable();
        acronyms
    }

    /// The concepts whose English is a corpus topic, sorted (for the file writer).
    pub fn foci(&self) -> &[u32] {
        &self.foci
    }

    /// Whether the concept at `index` searches with a corpus topic's name (its English is a focus).
    pub fn is_focus(&self, index: u32) -> bool {
        self.foci.binary_search(&index).is_ok()
    }

    /// What a search for medicine `concept` adds: the corpus has no page of most medicines, but one
    /// of their classes (warfarin's Blood Thinners, amoxicillin's Antibiotics), or of the disease a
    /// class is named after (oseltamivir's 독감약, flu medicine: Flu); a combination product's are
    /// its ingredients'. Empty for a medicine that is a topic itself, or a class.
    pub fn class_topics(&self, concept: &Concept) -> Vec<&Concept> {
        let Some(&index) = self.by_id.get(&concept.id) else { return Vec::new() };
        if concept.is_combination() {
            let mut topics: Vec<&Concept> = Vec::new();
            for topic in self.members_of(&concept.id).into_iter().flat_map(|m| self.class_topics(m)) {
                if !topics.iter().any(|t| t.id == topic.id) {
                    topics.push(topic);
                }
            }
            return topics;
        }
        if concept.kind != ConceptKind::Medication || concept.is_class() || self.is_focus(index) {
            return Vec::new();
        }
        self.class_indices(index)
            .filter(|&class| !self.concepts[class as usize].is_combination())
            .filter_map(|class| match &self.concepts[class as usize] {
                topic if self.is_focus(class) => Some(topic),
                class => self.named_condition(&class.ko),
            })
            .collect()
    }

    /// Every (medicine, class) concept index pair, sorted (for the file writer).
    pub fn memberships(&self) -> &[(u32, u32)] {
        &self.memberships
    }

    /// The classes medicine `id` (a DrugBank id) belongs to (`CLASS:*` concepts; none for a
    /// medicine the medicines list lacks).
    pub fn classes_of(&self, id: &str) -> Vec<&Concept> {
        let Some(&medicine) = self.by_id.get(id) else { return Vec::new() };
        self.class_indices(medicine).map(|class| &self.concepts[class as usize]).collect()
    }

    /// The class concept indices of the medicine at `medicine`.
    fn class_indices(&self, medicine: u32) -> impl Iterator<Item = u32> + '_ {
        let from = self.memberships.partition_point(|&(m, _)| m < medicine);
        self.memberships[from..].iter().take_while(move |&&(m, _)| m == medicine).map(|&(_, class)| class)
    }

    /// The medicines of class `id` (a `CLASS:*` concept id), in the order of their concepts.
    pub fn members_of(&self, id: &str) -> Vec<&Concept> {
        let Some(&class) = self.by_id.get(id) else { return Vec::new() };
        self.memberships.iter().filter(|&&(_, c)| c == class).map(|&(m, _)| &self.concepts[m as usize]).collect()
    }

    /// The corpus topic on the child's form of `concept` (a condition or symptom whose own topic, or
    /// whose adult one, "Nephrotic Syndrome in Adults", has a child's: "Childhood Nephrotic Syndrome",
    /// "Urinary Tract Infections in Children", "Diabetes in Children and Teens").
    pub fn child_form(&self, concept: &Concept) -> Option<&Concept> {
        if !matches!(concept.kind, ConceptKind::Condition | ConceptKind::Symptom) {
            return None;
        }
        let en = concept.en.to_lowercase();
        let base = en.strip_suffix(" in adults").unwrap_or(&en);
        let forms = [
            format!("childhood {base}"),
            format!("{base} in children"),
            format!("{base}s in children"),
            format!("{base} in children and teens"),
        ];
        // A focus is named by its English, not looked up by it (its English may be another
        // concept's name), so the foci are read through.
        self.foci
            .iter()
            .map(|&i| &self.concepts[i as usize])
            .find(|c| forms.iter().any(|form| c.en.eq_ignore_ascii_case(form)))
    }

    /// The concept a normalised name points to.
    pub fn lookup(&self, name: &str) -> Option<&Concept> {
        self.names.get(&normalise(name)).map(|&i| &self.concepts[i as usize])
    }

    /// Finds concept mentions in `text`: at each word start the longest known name wins; English
    /// names end at a word boundary (a plural "s"/"es" may follow); a one-syllable Korean name may
    /// be followed only by a particle or a space ("열이" yes, "열심히" no), longer ones by anything.
    /// Korean is matched as it is written: spaces inside a compound do not matter ("폐 색전증" finds
    /// 폐색전증) and the common disease suffixes stand for each other ("렙토스피라증" finds
    /// 렙토스피라병, "쿠싱" finds 쿠싱증후군).
    pub fn find<'a>(&'a self, text: &str) -> Vec<Mention<'a>> {
        let chars = matching_chars(text);
        let mut mentions = Vec::new();
        let mut i = 0;
        let mut candidate = String::new();
        while i < chars.len() {
            if !chars[i].word_start(i.checked_sub(1).map(|p| &chars[p])) {
                i += 1;
                continue;
            }
            // The written Hangul word starting here: a suffix variant is tried only for a candidate
            // that is the whole word, or the word without its particle (렙토스피라증 of 렙토스피라증은).
            let word_end =
                (i + 1..chars.len()).find(|&j| !is_hangul(chars[j].c) || chars[j].after_space).unwrap_or(chars.len());
            let mut matched = None;
            for &len in &self.lengths {
                if i + len > chars.len() {
                    continue;
                }
                // Two syllables written apart are two words ("코 자주" is no 코자, a medicine).
                if len == 2 && chars[i + 1].after_space {
                    continue;
                }
                candidate.clear();
                candidate.extend(chars[i..i + len].iter().map(|c| c.c));
                let Some(end) = self.accept_end(&chars, i, i + len) else { continue };
                // A name written apart whose last part is one syllable ends as a one-syllable name
                // does: 수두 증상 is chickenpox's symptoms, not 수두증 (hydrocephalus) and 상.
                let last_part = (i + 1..end).rev().find(|&j| chars[j].after_space);
                if last_part.is_some_and(|j| end - j == 1 && self.accept_end(&chars, j, end).is_none()) {
                    continue;
                }
                if self.acronyms.get(&candidate).is_some_and(|a| *a != text[chars[i].start..chars[i + len - 1].end]) {
                    continue;
                }
                let whole_word = i + len == word_end
                    || (i + len < word_end
                        && is_korean_particle(&chars[i + len..word_end].iter().map(|c| c.c).collect::<String>()));
                let variant = || if whole_word { self.suffix_variant(&candidate) } else { None };
                if let Some(concept) = self.names.get(&candidate).copied().or_else(variant) {
                    matched = Some((concept, end));
                    break;
                }
                if let Some(found) = self.without_adjective_suffix(&chars, i, len) {
                    matched = Some(found);
                    break;
                }
            }
            match matched {
                Some((concept, end)) => {
                    mentions.push(Mention {
                        concept: &self.concepts[concept as usize],
                        start: chars[i].start,
                        end: chars[end - 1].end,
                    });
                    i = end;
                }
                None => i += 1,
            }
        }
        mentions
    }

    /// A name of `len` syllables written with the adjective suffix 성 (性) after one of its first
    /// syllables, as older and everyday Korean names have it: 다발성골수종 and 다발성 경화증 name what
    /// KCD now calls 다발골수종 and 다발경화증. The concept and where the written name ends.
    fn without_adjective_suffix(&self, chars: &[MatchChar], start: usize, len: usize) -> Option<(u32, usize)> {
        let written = chars.get(start..start + len + 1)?;
        if len < 3 || !written.iter().all(|c| is_hangul(c.c)) {
            return None;
        }
        let at = (2..len).find(|&k| written[k].c == '성')?;
        let name: String = written.iter().enumerate().filter(|&(k, _)| k != at).map(|(_, c)| c.c).collect();
        let concept = *self.names.get(&name)?;
        Some((concept, self.accept_end(chars, start, start + len + 1)?))
    }

    /// The condition a written class word is named after (뇌전증약 -> epilepsy, 말라리아 예방약 ->
    /// malaria, 전립선비대증 치료제 -> enlarged prostate): the longest condition name the word begins
    /// with, leaving at least one syllable of it.
    pub fn named_condition(&self, written: &str) -> Option<&Concept> {
        let chars: Vec<char> = normalise(written).chars().collect();
        (2..chars.len())
            .rev()
            .filter_map(|k| self.names.get(&chars[..k].iter().collect::<String>()))
            .map(|&i| &self.concepts[i as usize])
            .find(|c| matches!(c.kind, ConceptKind::Condition | ConceptKind::Symptom))
    }

    /// The concept named by the end of a Korean compound the lexicon does not know whole: Korean
    /// compounds put their head last (좌측유방암 is a 유방암, 급성장염 a 장염). The head must be a
    /// name of at least two syllables, no generic disease word (한타바이러스 is no 바이러스 in
    /// general), and leave at least one syllable before it; the longest wins.
    pub fn compound_head(&self, word: &str) -> Option<&Concept> {
        let starts: Vec<usize> = word.char_indices().map(|(i, _)| i).skip(1).collect();
        starts
            .into_iter()
            .map(|at| &word[at..])
            .filter(|head| head.chars().count() >= 2 && head.chars().all(is_hangul) && !GENERIC_HEADS.contains(head))
            .find_map(|head| self.names.get(head).copied().or_else(|| self.suffix_variant(head)))
            .map(|i| &self.concepts[i as usize])
    }

    /// The concept of a Korean disease name written with another common suffix, or with none. A
    /// word the everyday vocabulary knows means that, not the disease its name begins: 갑상선
    /// "thyroid" is no 갑상선염 (thyroiditis), 진드기 "tick" no 진드기증 (acariasis); 쿠싱 and 원형탈모
    /// are 쿠싱증후군 and 원형탈모증.
    fn suffix_variant(&self, name: &str) -> Option<u32> {
        if !name.chars().last().is_some_and(is_hangul) || name.chars().count() < 2 {
            return None;
        }
        let stripped = DISEASE_SUFFIXES.iter().find_map(|s| name.strip_suffix(s));
        let stem = stripped.unwrap_or(name);
        if stem.chars().count() < 2 {
            return None;
        }
        std::iter::once(String::new())
            .chain(DISEASE_SUFFIXES.iter().map(|s| s.to_string()))
            .map(|suffix| format!("{stem}{suffix}"))
            .filter(|variant| variant != name)
            .find_map(|variant| self.names.get(&variant).copied())
            .filter(|_| stripped.is_some() || !self.is_everyday_word(stem))
    }

    /// Whether `word` is an everyday word, alone or with its particle (다리에 "on the leg"): such a
    /// word is no foreign name with its disease ending left off (다리에병, Darier disease).
    fn is_everyday_word(&self, word: &str) -> bool {
        self.phrase_stems.contains_key(word)
            || crate::core::tokenizer::strip_korean_suffix(word)
                .is_some_and(|stem| stem != word && self.phrase_stems.contains_key(stem))
    }

    /// Where a name occupying `chars[start..end]` really ends, if the text around it allows it.
    fn accept_end(&self, chars: &[MatchChar], start: usize, end: usize) -> Option<usize> {
        let last = chars[end - 1].c;
        let next = chars.get(end);
        if is_hangul(last) {
            if !next.is_some_and(|n| is_hangul(n.c) && !n.after_space) || end - start > 1 {
                return Some(end);
            }
            // A one-syllable name must be followed by a particle, not by more of a word.
            let word: String = chars[end..]
                .iter()
                .enumerate()
                .take_while(|(j, c)| is_hangul(c.c) && (*j == 0 || !c.after_space))
                .map(|(_, c)| c.c)
                .collect();
            return is_korean_particle(&word).then_some(end);
        }
        match next.map(|n| n.c) {
            Some(c) if c.is_alphanumeric() && !is_hangul(c) => {
                // Plurals: "headaches", "kidney stones".
                for suffix in ["s", "es"] {
                    let n = suffix.len();
                    let follows = chars.get(end..end + n).is_some_and(|s| s.iter().map(|c| c.c).eq(suffix.chars()));
                    let boundary = chars.get(end + n).is_none_or(|c| !c.c.is_alphanumeric());
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

/// Generic disease words: as the head of a compound they say too little to stand for it.
const GENERIC_HEADS: &[&str] =
    &["바이러스", "감염", "감염증", "질환", "질병", "증후군", "장애", "염증", "손상", "종양", "세균", "기형", "이상"];

/// Korean disease-name endings that people use for one another (렙토스피라증 / 렙토스피라병,
/// 쿠싱 / 쿠싱증후군); longest first so 증후군 is removed whole.
pub const DISEASE_SUFFIXES: &[&str] = &["증후군", "감염증", "질환", "증", "병", "염"];

/// One character of a text as names are matched in it.
#[derive(Clone, Copy, Debug)]
struct MatchChar {
    /// Lowercased; white space as one ' ' (white space between two Hangul syllables is left out).
    c: char,
    /// Byte span in the text.
    start: usize,
    end: usize,
    /// A space was left out just before this syllable: it begins a written word.
    after_space: bool,
}

impl MatchChar {
    /// Whether a word begins here. Hangul written right after a digit is the number's counter or unit
    /// (30분만에 "in 30 minutes"), never the start of a name (분만, childbirth).
    fn word_start(&self, previous: Option<&MatchChar>) -> bool {
        self.c.is_alphanumeric()
            && previous.is_none_or(|p| {
                self.after_space
                    || !p.c.is_alphanumeric()
                    || (is_hangul(p.c) != is_hangul(self.c) && !(p.c.is_ascii_digit() && is_hangul(self.c)))
            })
    }
}

/// The characters of `text` names are matched against (see [`MatchChar`]).
fn matching_chars(text: &str) -> Vec<MatchChar> {
    let mut chars: Vec<MatchChar> = Vec::with_capacity(text.len());
    let mut pending_space: Option<(usize, usize)> = None;
    for (at, c) in text.char_indices() {
        let end = at + c.len_utf8();
        if c.is_whitespace() {
            pending_space = Some((pending_space.map_or(at, |(s, _)| s), end));
            continue;
        }
        let mut after_space = false;
        if let Some((s, e)) = pending_space.take() {
            if is_hangul(c) && chars.last().is_some_and(|p| is_hangul(p.c)) {
                after_space = true;
            } else if !chars.is_empty() {
                chars.push(MatchChar { c: ' ', start: s, end: e, after_space: false });
            }
        }
        for lower in c.to_lowercase() {
            chars.push(MatchChar { c: lower, start: at, end, after_space });
            after_space = false;
        }
    }
    chars
}
