//! Transliteration: Korean writes foreign disease and drug names by their sound (렙토스피라증,
//! 길랑바레 증후군, 쿠싱, 클로피도그렐). Both the Hangul word and the English names of the lexicon's
//! conditions and drugs are reduced to a rough common sound form (k/g/c -> k, b/p/f/v -> p,
//! d/t -> t, r/l -> l, Korean's inserted ㅡ dropped ...), and the Hangul word is matched to the
//! English name whose sound form is closest by edit distance, if it is close enough.

use super::{ConceptKind, Lexicon};
use std::collections::HashMap;

/// Korean endings of transliterated names with the English word they stand for: they are removed
/// before the name is compared ("렙토스피라증" is compared as 렙토스피라).
pub const NAME_ENDINGS: &[(&str, &str)] = &[
    ("증후군", "syndrome"),
    ("바이러스", "virus"),
    ("감염증", "infection"),
    ("감염", "infection"),
    ("질환", "disease"),
    // 혈증 (血症) and 뇨증 (尿症) are the -emia and -uria of the English name (갈락토스혈증 is
    // galactosemia, compared as 갈락토스 with galactos-).
    ("혈증", ""),
    ("뇨증", ""),
    ("증", ""),
    ("병", "disease"),
    ("균", "bacteria"),
    ("열", "fever"),
];

/// English words that are no part of a name's sound (compared names drop them).
const GENERIC_WORDS: &[&str] = &["syndrome", "disease", "infection", "infections", "fever", "virus", "disorder"];

/// Similarity (1 - edit distance / longer length) a match needs, by the Hangul word's syllables: the
/// shorter the word, the closer (쿠싱 must match almost exactly; native words such as 할머니 come
/// within one letter of some English name).
fn min_similarity(syllables: usize) -> f64 {
    match syllables {
        0..=2 => 0.9,
        3 => 0.85,
        _ => 0.75,
    }
}
/// Sound forms shorter than this are too ambiguous to match ("kot" would match many names).
const MIN_SOUND_LEN: usize = 4;

/// An English name reachable by transliteration.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    /// The sound form of the name without its generic words.
    sound: String,
    /// Also without a Greek/Latin disease ending (-osis, -itis, -iasis, -emia, -uria), when it has one.
    stem: Option<String>,
    /// The sound form as Korean spelling hears the name, when that differs ([`as_korean_hears`]).
    heard: Option<String>,
    /// The lexicon name.
    name: String,
    /// The concept it names (`None` for a corpus topic name).
    concept: Option<u32>,
}

/// A Hangul word matched to an English name.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// The English name as the lexicon has it (concept names are lowercase).
    pub name: String,
    /// The concept it names (`None` for a corpus topic name).
    pub concept: Option<u32>,
    /// 1 - edit distance / longer length of the two sound forms.
    pub similarity: f64,
}

/// The English condition, drug and topic names, bucketed by the first consonant of their sound form.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Index {
    entries: Vec<Entry>,
    buckets: HashMap<String, Vec<u32>>,
    /// Every sound form of an entry (its sound, stem and heard forms) -> the entries with it: a Hangul
    /// word that sounds exactly like a name matches it with similarity 1, which no name beats, so
    /// no edit distance need be run.
    exact: HashMap<String, Vec<u32>>,
}

impl Index {
    /// Indexes the English names of conditions, symptoms and drugs, and the corpus's topic names, that
    /// are one or two words besides generic ones ("syndrome", "disease" ...).
    pub fn new(lexicon: &Lexicon) -> Index {
        let mut index = Index::default();
        for (name, concept) in lexicon.names() {
            let kind = lexicon.concepts()[concept as usize].kind;
            if name.is_ascii() && !matches!(kind, ConceptKind::Lab | ConceptKind::Vital) {
                index.add(name, Some(concept));
            }
        }
        for topic in lexicon.topics() {
            index.add(topic, None);
        }
        index
    }

    fn add(&mut self, name: &str, concept: Option<u32>) {
        let lower = name.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || c == '-')
            .map(|w| w.trim_end_matches("'s").trim_end_matches('\''))
            .filter(|w| !w.is_empty() && !GENERIC_WORDS.contains(w))
            .collect();
        // Two-word heads cover hyphenated eponyms (Guillain-Barre); longer names are descriptions.
        if words.is_empty() || words.len() > 2 {
            return;
        }
        let sound = english_sound(&words.concat());
        if sound.len() < MIN_SOUND_LEN {
            return;
        }
        let stem = ["osis", "iasis", "itis", "emia", "uria"]
            .iter()
            .find_map(|ending| sound.strip_suffix(ending))
            .filter(|s| s.len() >= MIN_SOUND_LEN)
            .map(str::to_string);
        let at = self.entries.len() as u32;
        let heard = Some(english_sound(&as_korean_hears(&words.concat()))).filter(|h| *h != sound);
        for key in std::iter::once(&sound).chain(&heard).map(|s| bucket(s)) {
            let list = self.buckets.entry(key).or_default();
            if list.last() != Some(&at) {
                list.push(at);
            }
        }
        for form in std::iter::once(&sound).chain(&stem).chain(&heard) {
            let list = self.exact.entry(form.clone()).or_default();
            if list.last() != Some(&at) {
                list.push(at);
            }
        }
        self.entries.push(Entry { sound, stem, heard, name: name.to_string(), concept });
    }

    /// How many English names (and of which concepts) can be reached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The concepts whose names are indexed.
    pub fn concepts(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries.iter().filter_map(|e| e.concept)
    }

    /// How many corpus topic names are indexed.
    pub fn topics(&self) -> usize {
        self.entries.iter().filter(|e| e.concept.is_none()).count()
    }

    /// The English name closest in sound to the Hangul `word` (without its name ending), if close
    /// enough. Ties go to the shorter name (the plain name before its variants).
    pub fn lookup(&self, word: &str) -> Option<Match> {
        self.lookup_among(word, |_| true)
    }

    /// [`Index::lookup`] among the names whose concept (`None` for a corpus topic name) `accept`s.
    pub fn lookup_among(&self, word: &str, accept: impl Fn(Option<u32>) -> bool) -> Option<Match> {
        let sound = hangul_sound(word);
        if sound.chars().count() < MIN_SOUND_LEN {
            return None;
        }
        // An exact sound: the shortest such name wins, as it would below.
        let exact = self.exact.get(&sound).into_iter().flatten().filter(|&&i| accept(self.entries[i as usize].concept));
        if let Some(&i) = exact.min_by_key(|&&i| (self.entries[i as usize].name.len(), i)) {
            let entry = &self.entries[i as usize];
            return Some(Match { name: entry.name.clone(), concept: entry.concept, similarity: 1.0 });
        }
        let candidates = self.buckets.get(&bucket(&sound))?;
        let needed = min_similarity(word.chars().count());
        // Each letter one form has more than the other costs at least 1, so a form whose length
        // differs by more than the similarity allows cannot reach it (the edit distance is not run).
        let reachable = |english: &&String| {
            let longer = sound.len().max(english.len());
            sound.len().abs_diff(english.len()) as f64 <= (1.0 - needed) * longer as f64
        };
        let mut best: Option<(f64, usize, u32)> = None;
        for &i in candidates {
            let entry = &self.entries[i as usize];
            if !accept(entry.concept) {
                continue;
            }
            let similarity = std::iter::once(&entry.sound)
                .chain(&entry.stem)
                .chain(&entry.heard)
                .filter(reachable)
                .filter_map(|english| similarity_reaching(&sound, english, needed))
                .fold(0.0, f64::max);
            let key = (similarity, usize::MAX - entry.name.len(), u32::MAX - i);
            if best.is_none_or(|b| key.partial_cmp(&b).is_some_and(|o| o.is_gt())) {
                best = Some(key);
            }
        }
        let (similarity, _, i) = best?;
        let entry = &self.entries[(u32::MAX - i) as usize];
        (similarity >= needed).then(|| Match { name: entry.name.clone(), concept: entry.concept, similarity })
    }
}

/// An English name as Korean loanword spelling hears it: an r before a consonant is not written
/// (warfarin / 와파린, gilbert / 길버트) and a first g before i or e is hard (길버트, not 질버트).
fn as_korean_hears(word: &str) -> String {
    let letters: Vec<char> = word.chars().collect();
    let vowel = |c: Option<&char>| c.is_none_or(|c| "aeiouy".contains(*c));
    let mut out = String::with_capacity(word.len());
    for (i, &c) in letters.iter().enumerate() {
        if c == 'r' && i > 0 && !vowel(letters.get(i + 1)) {
            continue;
        }
        out.push(if i == 0 && c == 'g' { 'k' } else { c });
    }
    out
}

/// The bucket of a sound form: its first consonant (vowels, and whether a word starts with one,
/// differ too often between the two languages to key on; later consonants too: behcet / 베체트).
fn bucket(sound: &str) -> String {
    sound.chars().filter(|c| !"aeiou".contains(*c)).take(1).collect()
}

/// 1 - edit distance / longer length, where one vowel for another costs half: vowels are what the
/// two languages render least alike (ㅓ stands for the u of "hunt", the o of "ton", the er of "-mer").
#[cfg(test)]
fn similarity(a: &str, b: &str) -> f64 {
    similarity_reaching(a, b, 0.0).unwrap_or(0.0)
}

/// [`similarity`] if it is at least `needed`, else `None`, found without finishing the edit distance
/// once every way through it costs too much. Sound forms are ASCII, so the letters are bytes.
fn similarity_reaching(a: &str, b: &str, needed: f64) -> Option<f64> {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let longer = a.len().max(b.len());
    if longer == 0 {
        return Some(1.0);
    }
    // The most edits the similarity allows (a hair over, so rounding never refuses an exact one).
    let allowed = (1.0 - needed) * longer as f64 + 1e-9;
    let vowel = |c: u8| b"aeiou".contains(&c);
    let mut previous: Vec<f64> = (0..=b.len()).map(|j| j as f64).collect();
    let mut current = vec![0.0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = (i + 1) as f64;
        for (j, &cb) in b.iter().enumerate() {
            let cost = match (ca == cb, vowel(ca) && vowel(cb)) {
                (true, _) => 0.0,
                (false, true) => 0.5,
                (false, false) => 1.0,
            };
            current[j + 1] = (previous[j] + cost).min(previous[j + 1] + 1.0).min(current[j] + 1.0);
        }
        // Costs never fall from one row to the next: past the allowed edits in every column, the
        // distance can only end past them too.
        if current.iter().all(|&c| c > allowed) {
            return None;
        }
        std::mem::swap(&mut previous, &mut current);
    }
    let distance = previous[b.len()];
    (distance <= allowed).then(|| 1.0 - distance / longer as f64)
}

/// Removes doubled letters ("ll" -> "l").
fn collapse(sound: String) -> String {
    let mut out = String::with_capacity(sound.len());
    for c in sound.chars() {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    out
}

/// The sound form of an English word: letters as Korean loanword spelling hears them.
pub fn english_sound(word: &str) -> String {
    let letters: Vec<char> = word.to_lowercase().chars().filter(|c| c.is_ascii_lowercase()).collect();
    let mut out = String::with_capacity(letters.len());
    let mut i = 0;
    while i < letters.len() {
        let c = letters[i];
        let next = letters.get(i + 1).copied();
        let soft = next.is_some_and(|n| "eiy".contains(n));
        let (sound, used) = match (c, next) {
            ('p', Some('h')) => ("p", 2),
            ('t', Some('h')) => ("t", 2),
            ('s', Some('h')) => ("s", 2),
            ('c', Some('h')) => ("k", 2),
            ('c', Some('k')) => ("k", 2),
            ('n', Some('g')) if !soft => ("n", 2),
            ('q', Some('u')) => ("ku", 2),
            ('c', _) if soft => ("s", 1),
            ('g', _) if soft => ("j", 1),
            ('c' | 'k' | 'g' | 'q', _) => ("k", 1),
            ('b' | 'p' | 'f' | 'v', _) => ("p", 1),
            ('d' | 't', _) => ("t", 1),
            ('r' | 'l', _) => ("l", 1),
            ('z' | 'j', _) => ("j", 1),
            ('x', _) => ("ks", 1),
            ('y', _) => ("i", 1),
            ('w', _) => ("u", 1),
            ('h', _) => ("", 1),
            _ => ("", 0),
        };
        if used == 0 {
            out.push(c);
            i += 1;
        } else {
            out.push_str(sound);
            i += used;
        }
    }
    // A silent final e ("meniere", "amlodipine").
    if out.len() > MIN_SOUND_LEN && out.ends_with('e') {
        out.pop();
    }
    collapse(out)
}

const INITIALS: [&str; 19] =
    ["k", "k", "n", "t", "t", "l", "m", "p", "p", "s", "s", "", "j", "j", "j", "k", "t", "p", ""];
const VOWELS: [&str; 21] = [
    "a", "e", "ia", "ie", "o", "e", "io", "ie", "o", "ua", "ue", "ue", "io", "u", "uo", "ue", "ui", "iu", "", "i", "i",
];
const FINALS: [&str; 28] = [
    "", "k", "k", "k", "n", "n", "n", "t", "l", "l", "l", "l", "l", "l", "l", "l", "m", "p", "p", "s", "s", "n", "t",
    "t", "k", "t", "p", "",
];

/// The sound form of a Hangul word, comparable with [`english_sound`]. Non-Hangul characters are
/// left out.
pub fn hangul_sound(word: &str) -> String {
    let mut out = String::new();
    for c in word.chars() {
        let Some(index) = (c as u32).checked_sub(0xAC00).filter(|&i| i < 11172) else { continue };
        let (initial, vowel, last) = (index / 588, (index % 588) / 28, index % 28);
        out.push_str(INITIALS[initial as usize]);
        out.push_str(VOWELS[vowel as usize]);
        out.push_str(FINALS[last as usize]);
    }
    if out.len() > MIN_SOUND_LEN && out.ends_with('e') {
        out.pop();
    }
    collapse(out)
}

/// A Hangul word without its name ending, and the English word the ending stands for.
pub fn strip_name_ending(word: &str) -> (&str, &'static str) {
    for &(ending, english) in NAME_ENDINGS {
        if let Some(stem) = word.strip_suffix(ending) {
            if stem.chars().count() >= 2 {
                return (stem, english);
            }
        }
    }
    (word, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sound_forms_of_the_two_scripts_meet() {
        assert_eq!(hangul_sound("클로피도그렐"), english_sound("clopidogrel"));
        assert_eq!(hangul_sound("쿠싱"), english_sound("cushing"));
        assert_eq!(hangul_sound("로수바스타틴"), english_sound("rosuvastatin"));
        assert_eq!(hangul_sound("가와사키"), english_sound("kawasaki"));
        assert!(similarity(&hangul_sound("길랑바레"), &english_sound("guillainbarre")) >= min_similarity(4));
        assert!(similarity(&hangul_sound("레지오넬라"), &english_sound("legionella")) >= min_similarity(5));
        assert!(similarity(&hangul_sound("알츠하이머"), &english_sound("alzheimer")) >= min_similarity(5));
    }

    #[test]
    fn names_are_heard_as_korean_spells_them() {
        for (hangul, english) in [("길버트", "gilbert"), ("와파린", "warfarin")] {
            let heard = english_sound(&as_korean_hears(english));
            assert!(similarity(&hangul_sound(hangul), &heard) >= min_similarity(3), "{hangul} {heard}");
        }
        // Read as English spells it, gilbert starts with a j (as 질베르 does) and 길버트 misses it.
        assert!(similarity(&hangul_sound("길버트"), &english_sound("gilbert")) < min_similarity(3));
        // An r before a vowel is written (로), a soft g after the first letter stays soft.
        assert_eq!(as_korean_hears("rosuvastatin"), "rosuvastatin");
        assert_eq!(as_korean_hears("angina"), "angina");
    }

    #[test]
    fn unlike_words_are_not_similar() {
        assert!(similarity(&hangul_sound("아버지"), &english_sound("aspirin")) < min_similarity(3));
        assert!(similarity(&hangul_sound("병원"), &english_sound("byssinosis")) < min_similarity(2));
        assert!(similarity(&hangul_sound("할머니"), &english_sound("almond")) < min_similarity(3));
    }

    #[test]
    fn name_endings_are_removed_with_their_english() {
        assert_eq!(strip_name_ending("렙토스피라증"), ("렙토스피라", ""));
        assert_eq!(strip_name_ending("쿠싱증후군"), ("쿠싱", "syndrome"));
        assert_eq!(strip_name_ending("한타바이러스"), ("한타", "virus"));
        assert_eq!(strip_name_ending("병"), ("병", ""));
    }
}
