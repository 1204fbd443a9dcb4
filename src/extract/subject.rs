//! Whom a message is about: the writer, or another person they name ("my son is 3 and has a
//! fever", "할머니 대신 써요", "typing for my grandma"), clause by clause, and which of them the
//! message is mainly about.
//!
//! How it reads a message:
//! - Person mentions: a relation ([`relations()`]: in English after "my" / "our", e.g. "my 16 year
//!   old son", "my little boy", "my 3-year-old", or alone for the words people use as names, "Mom";
//!   in Korean as written, "아들이", "우리 애", "외할머니"), a name the app keeps, the writer ("I",
//!   "my", "mine", "저는", "제가", "제 ..."), or a pronoun ("she", "his").
//! - Mentions that name nobody the facts are about: the one typing for the writer ("손주가 대신
//!   물어봐요", "my grandson is typing this for me"), a companion ("친구랑 술을 마셨는데", "with my
//!   friend"), a pronoun that reports ("she said", "he told me"), and the writer asked to pass a
//!   question on ("my mom asked me to post this").
//! - Not the writer: "I" inside quotation marks is the one quoted (the person named before, else
//!   nobody: "My mom asked me to post this for her: "I am 59""), and "they" is a person named
//!   before (singular, "partner (they/them, 30)"), both named last with "both", else no mention.
//! - A relation at a sentence's start without "my" is a person when an age comes before it or
//!   brackets after it ("4yo son diagnosed with strep", "partner (they/them, 30) has been"); a
//!   child's age alone is a child when words after it say something of them ("3 yr old has").
//! - A Korean clause that names nobody but speaks in the honorific ("하루날 드시는데 잠을
//!   못주무신대요") is someone the writer honours, never the writer (a doctor's request to the
//!   writer, "드시래요", is no such clause).
//! - Clauses: a sentence is cut at a comma or a joining word ("and", "but", "because", "-고",
//!   "-는데" ...) only where the words after it name someone, so "my son is 3 and has a fever" stays
//!   one clause about the son and "I have gout and my mother has diabetes" is two.
//! - A clause is about the person it names (a relation or a name before a pronoun, a pronoun
//!   before the writer: "I think he has the flu" is his), about everyone it joins ("my wife and I
//!   both", "me 24f and my sister 27 both", "아빠랑 엄마 둘 다"), else about whom the clause before was ("My mother has diabetes.
//!   메트포르민을 드세요" is all hers). A pronoun refers to the last person named that it fits; one
//!   that fits nobody is someone the message does not name ([`Subject::Unnamed`]): their facts are
//!   nobody's, never the writer's.
//! - The message is mainly about the person a question names ("can she drink alcohol?"), else the
//!   one it states most facts about (ties: the one a question names, then the first).

use super::Gender;
use super::TEXT_WORDS;
use crate::core::site::{site_text, site_words, SiteText};
use crate::core::tokenizer::is_korean_particle;
use serde::Serialize;

/// Who a clause of a message is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Subject {
    /// The writer (the person the conversation is with).
    #[default]
    Me,
    /// Another person, by relation ([`Relation::id`], "mother") or by the name the app knows them by.
    Other(String),
    /// Someone the message speaks of ("he has a fever") without saying who.
    Unnamed,
}

/// A subject is written as its label ("self", "mother", "Jane", "someone").
impl Serialize for Subject {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.label())
    }
}

impl Subject {
    /// The person in one word: "self", the relation ("son"), the name, or "someone".
    pub fn label(&self) -> &str {
        match self {
            Subject::Me => "self",
            Subject::Other(who) => who,
            Subject::Unnamed => "someone",
        }
    }

    /// As `ask --json` reports a person: "self", the relation ("son"), "name:" and the name
    /// ("name:Jane"), or "someone".
    pub fn key(&self) -> String {
        match self {
            Subject::Other(name) if self.relation().is_none() => format!("name:{name}"),
            _ => self.label().to_string(),
        }
    }

    /// The relation this subject is named by, when it is one.
    pub fn relation(&self) -> Option<&'static Relation> {
        match self {
            Subject::Other(who) => relation(who),
            _ => None,
        }
    }

    /// The person in words a user reads, in Korean or English ("your son" / "아들"; a name as it is).
    pub fn describe(&self, korean: bool) -> String {
        match (self, self.relation()) {
            (Subject::Me, _) => if korean { "나" } else { "you" }.into(),
            (Subject::Unnamed, _) => if korean { "다른 사람" } else { "someone else" }.into(),
            (_, Some(r)) if korean => r.ko.into(),
            (_, Some(r)) => format!("your {}", r.en.to_lowercase()),
            (Subject::Other(name), None) => name.clone(),
        }
    }
}

/// A relation by which a message speaks of another person.
#[derive(Debug, PartialEq, Eq)]
pub struct Relation {
    /// What `ask --json` reports and a person kept for it is called on the command line.
    pub id: &'static str,
    /// The name a person added for it gets ("Son", "아들").
    pub en: &'static str,
    pub ko: &'static str,
    /// The gender the relation says.
    pub gender: Option<Gender>,
    /// English nouns, after "my" / "our" (lowercase; several words allowed).
    en_words: &'static [&'static str],
    /// English words that name the person alone, like a name ("Mom", "Grandma").
    en_alone: &'static [&'static str],
    /// Korean words; one of a single syllable only at the start of a written word, before a
    /// particle or nothing ("딸이", not "딸기").
    ko_words: &'static [&'static str],
}

/// The relations, with the words that name them (the `relation` lines of `text_words.tsv`, in its
/// order). The longest word found wins: "할아버지" is a grandfather, not the "아버지" inside it; "my
/// mother-in-law" is no mother.
pub fn relations() -> &'static [Relation] {
    static RELATIONS: std::sync::OnceLock<Vec<Relation>> = std::sync::OnceLock::new();
    RELATIONS.get_or_init(|| TEXT_WORDS.lines("relation").map(Relation::read).collect())
}

impl Relation {
    /// The relation of a `relation` line's items: its id, English and Korean name, gender (`male`,
    /// `female` or none), then its English words, English words alone and Korean words, each list
    /// separated by `|`.
    fn read(line: &'static str) -> Relation {
        let mut items = line.split('\t');
        let mut item = || items.next().unwrap_or_else(|| panic!("a relation line has 7 items: {line}"));
        // Read once and kept for the program's life, as the words were when built in.
        let words = |list: &'static str| -> &'static [&'static str] {
            Box::leak(list.split('|').filter(|w| !w.is_empty()).collect())
        };
        Relation {
            id: item(),
            en: item(),
            ko: item(),
            gender: match item() {
                "male" => Some(Gender::Male),
                "female" => Some(Gender::Female),
                _ => None,
            },
            en_words: words(item()),
            en_alone: words(item()),
            ko_words: words(item()),
        }
    }
}

/// The relation called `id`.
pub fn relation(id: &str) -> Option<&'static Relation> {
    relations().iter().find(|r| r.id == id)
}

/// The words of `relation`, English and Korean: what a person the app keeps may be named ("Mom",
/// "엄마") for facts about that relation to be theirs.
pub fn relation_words(relation_id: &str) -> Vec<&'static str> {
    relation(relation_id)
        .map(|r| r.en_words.iter().chain(r.ko_words).chain([&r.en, &r.ko]).copied().collect())
        .unwrap_or_default()
}

// Words between "my" and a relation noun that describe the person ("my 16 year old son", "my
// little boy", "my elderly mother").
site_words!(TEXT_WORDS, en_modifiers);

/// English words of the writer (compared with a message's lowercase words).
const EN_FIRST_PERSON: &[&str] = &["i", "i'm", "im", "i've", "ive", "i'd", "i'll", "me", "my", "mine", "myself"];

/// English pronouns of another person, with the gender they say.
const EN_PRONOUNS: &[(&str, Gender)] = &[
    ("he", Gender::Male),
    ("he's", Gender::Male),
    ("hes", Gender::Male),
    ("his", Gender::Male),
    ("him", Gender::Male),
    ("himself", Gender::Male),
    ("she", Gender::Female),
    ("she's", Gender::Female),
    ("shes", Gender::Female),
    ("her", Gender::Female),
    ("hers", Gender::Female),
    ("herself", Gender::Female),
];

/// English words of the writer with others ("we both take omeprazole"): the writer and the person
/// named last, when said of both; else no mention ("we gave him tylenol" is about him).
const EN_WE: &[&str] = &["we", "we're", "we've", "us"];

// English pronouns that may be one person without a gender ("partner (they/them) can't sleep"):
// they refer to a person named before them, and name nobody when there is none (doctors, "they
// gave me antibiotics").
site_words!(TEXT_WORDS, en_neutral_pronouns);

// Verbs after which a person reports rather than is reported on ("she said my blood pressure ...").
site_words!(TEXT_WORDS, en_reporting);

/// Verbs by which someone asks the writer to pass their question on ("my mom asked me to post this
/// for her", "she wants me to ask"): the writer after them only passes it on.
const EN_REQUESTING: &[&str] = &["asked", "asks", "begged", "wants", "wanted", "told"];

// Verbs of the one typing a message for the writer ("my grandson is typing this for me").
site_words!(TEXT_WORDS, en_typing);

/// Korean verbs of the one who writes the message down (써요, 올립니다, 적어요).
const KO_TYPING: &[&str] = &["써요", "씁니다", "써봐요", "올려요", "올립니다", "올려봐요", "적어요", "적습니다"];

/// Words before "my" that make the person a companion, not the one the clause is about.
const EN_COMPANION: &[&str] = &["with"];

/// Verbs after "I" that only hedge what the writer says ("amlodipine 5mg i think", "I guess it's
/// strep"): whom the clause is about is someone else it names, or whom the clause before was about.
const EN_HEDGES: &[&str] = &["think", "guess", "believe", "suppose", "assume", "thought"];

// Korean words of the writer, at the start of a written word.
site_words!(TEXT_WORDS, ko_first_person);
/// Korean words of the writer that are a word of their own ("제 혈압", "내 혈당").
const KO_FIRST_PERSON_ALONE: &[&str] = &["제", "내", "저", "나"];

/// Korean pronouns of another person, at the start of a written word ("걔가", "그분이"), with the
/// gender they say: whom they refer to is never the writer.
const KO_PRONOUNS: &[(&str, Option<Gender>)] =
    &[("걔", None), ("그분", None), ("그애", None), ("그녀", Some(Gender::Female))];

/// Korean words after a person that make them the cause of what the clause says ("남편 때문에").
const KO_CAUSE: &[&str] = &["때문", "탓에", "덕분"];

/// Korean endings after a relation word that make it a companion ("친구랑 술을 마셨는데").
const KO_COMPANION: &[&str] = &["랑", "이랑", "하고", "와", "과"];
/// Words that make joined people one subject ("아빠랑 엄마 둘 다", "both").
const TOGETHER: &[&str] = &["둘다", "둘 다", "모두", "다같이", "셋 다", "두분다", "두분 모두"];

/// A person a message speaks of, where.
#[derive(Clone, Debug, PartialEq)]
struct Mention {
    start: usize,
    end: usize,
    who: Who,
}

#[derive(Clone, Debug, PartialEq)]
enum Who {
    /// A relation or a name.
    Person(String, Option<Gender>),
    Writer,
    /// Another person by a pronoun, with the gender it says ("she"; none for "걔", "그분").
    Pronoun(Option<Gender>),
}

/// What a mention does in its clause.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Role {
    /// The clause may be about them.
    Subject,
    /// Typing for the writer, with them, or reporting: the clause is not about them.
    Aside,
    /// Joined to the next person ("X랑" before "둘 다").
    Joined,
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// Whether `word` is part of an age said beside a person ("8", "34f", "7 months", "4yo"): a number, or
/// a unit of age.
fn says_an_age(word: &str) -> bool {
    const UNITS: &[&str] =
        &["months", "month", "mo", "mos", "weeks", "wks", "yo", "y/o", "years", "yrs", "year", "old"];
    let number = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) && word.len() - number.len() <= 3
        || UNITS.contains(&word)
}

/// The lowercase words of `text` with their byte spans (letters, digits, apostrophes, hyphens and
/// slashes inside a word; Hangul and Latin apart).
fn words(text: &str) -> Vec<(usize, usize, String)> {
    let mut out: Vec<(usize, usize, String)> = Vec::new();
    let mut current: Option<(usize, usize, String, bool)> = None;
    for (i, c) in text.char_indices() {
        let inside = c.is_alphanumeric() || (matches!(c, '\'' | '’' | '-' | '/') && current.is_some());
        let hangul = is_hangul(c);
        match (&mut current, inside) {
            (Some((_, end, word, h)), true) if *h == hangul => {
                *end = i + c.len_utf8();
                word.extend(c.to_lowercase().map(|c| if c == '’' { '\'' } else { c }));
            }
            (_, true) => {
                if let Some((s, e, w, _)) = current.take() {
                    out.push((s, e, w));
                }
                current = Some((i, i + c.len_utf8(), c.to_lowercase().collect(), hangul));
            }
            (_, false) => {
                if let Some((s, e, w, _)) = current.take() {
                    out.push((s, e, w));
                }
            }
        }
    }
    if let Some((s, e, w, _)) = current {
        out.push((s, e, w));
    }
    for word in &mut out {
        let trimmed = word.2.trim_end_matches(['\'', '-', '/']).len();
        word.2.truncate(trimmed);
    }
    out
}

/// Units of a baby's age ("4 month old", "6-week-old", "18mo").
const BABY_UNITS: &[&str] = &["month", "week", "day", "mo", "wk"];

/// Short ways of writing an age after its number ("2yo", "18mo").
const AGE_SUFFIXES: &[&str] = &["yo", "y/o", "yr", "yrs", "y", "mo", "mos", "m", "wk", "wks"];

/// Whether a written word is a number or an age ("3", "16", "3-year-old", "8-month-old", "2yo"), maybe
/// possessive ("my 2yo's fever").
fn is_age_word(word: &str) -> bool {
    let word = word.strip_suffix("'s").unwrap_or(word);
    let unit = word.trim_start_matches(|c: char| c.is_ascii_digit());
    unit.len() < word.len()
        && (AGE_SUFFIXES.contains(&unit)
            || word.split('-').all(|part| part.chars().all(|c| c.is_ascii_digit()) || en_modifiers().contains(&part)))
}

/// Whether a describing word ends an age that names a child ("my 3 year old", "my 2yo").
fn ends_an_age(word: &str) -> bool {
    let word = word.strip_suffix("'s").unwrap_or(word);
    matches!(word, "old" | "yo" | "y/o") || (is_age_word(word) && !word.chars().all(|c| c.is_ascii_digit()))
}

/// The English person mentions of `text`.
fn english_mentions(text: &str, names: &[String]) -> Vec<(Mention, Role)> {
    let words = words(text);
    let quotes = quotations(text);
    let mut found: Vec<(Mention, Role)> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].2.as_str();
        // A determiner, then describing words, then the relation noun (or an age: "my 3 year old");
        // at a sentence's start the same without the determiner, where the words after it say
        // something of the person ("husband is 61", "wife's been", "4 month old has had").
        // "your daughter" (a doctor quoted) is someone else too, never the writer.
        // "both kids", "all three kids", "the kids": a group of the writer's family, never the writer
        // ("the" before one person only where words say something of them: "the patient I care
        // for", "the baby has had"; see [`the_one`]).
        // Such a word names no child by an age alone ("no pain at all. 60 y/o male" is the writer).
        let group = matches!(w, "both" | "all" | "the");
        let determiner = group || matches!(w, "my" | "our" | "your");
        let from = if determiner { i + 1 } else { i };
        let relation = (determiner || at_sentence_start(text, &words, i))
            .then(|| relation_from(&words, from, determiner && !group))
            .flatten()
            .filter(|_| !group || !at_sentence_start(text, &words, from))
            .filter(|&(_, end)| w != "the" || plural(&words[end - 1].2) || the_one(&words, end))
            .filter(|&(_, end)| {
                determiner
                    || says_of_person(&words, end)
                    || described(text, &words, from, end)
                    || relative_clause(&words, end)
                    || named_after(text, &words, end)
                    || possessed(&words, end).is_some()
            })
            // A relation already named ("my baby ... the doctor gave baby nystatin and me
            // fluconazole") is that person wherever its noun stands again, without "my" too.
            .or_else(|| {
                (!determiner).then(|| relation_from(&words, i, false)).flatten().filter(|(kin, _)| {
                    matches!(kin, Kin::One(r) if found.iter().any(|(m, _)| matches!(&m.who, Who::Person(id, _) if id == r.id)))
                })
            });
        if let Some((r, end)) = relation {
            // "Jenny (my roommate)", "Tom, my coworker", "Jake (roommate)": the relation describes
            // the one just named. Only "my" after a name and a comma: "both my kids, son is 5" names the son.
            let apposed = found.last().is_some_and(|(m, _)| {
                let between = text[m.end..words[i].0].trim();
                matches!(&m.who, Who::Person(id, _) if self::relation(id).is_none())
                    && m.start < words[i].0
                    && ((w == "my" && matches!(between, "(" | ",")) || between == "(")
            });
            if apposed {
                i = end;
                continue;
            }
            // "my roommate Jake", "aunt Rosa has": the person is the one named, whom the relation
            // describes (its gender too).
            if let (Kin::One(r), true) = (r, named_after(text, &words, end)) {
                let name = text[words[end].0..words[end].1].trim_end_matches("'s").trim_end_matches("’s");
                let who = Who::Person(name.to_string(), r.gender);
                found.push((Mention { start: words[i].0, end: words[end].1, who }, Role::Subject));
                i = end + 1;
                continue;
            }
            // "my sister's son": the person is the second relation, named by the two.
            if let (Kin::One(first), Some((second, chain_end))) = (r, possessed(&words, end)) {
                found.push((person_of_chain(words[i].0, words[chain_end - 1].1, first, second), Role::Subject));
                i = chain_end;
                continue;
            }
            let companion = i > 0 && EN_COMPANION.contains(&words[i - 1].2.as_str());
            let reports = words.get(end).is_some_and(|n| en_reporting().contains(&n.2.as_str()));
            let aside = reports || typing_after(&words, end) || owns_a_thing(&words, i, end) || gives(&words, end);
            let role = if companion || aside { Role::Aside } else { Role::Subject };
            found.extend(people_of(words[i].0, words[end - 1].1, r).into_iter().map(|m| (m, role)));
            // "my son and daughter", "son (8) and daughter (4)": the second noun shares the
            // determiner, past an age said between them.
            let past_age = |k: usize| {
                let age = words[k.min(words.len())..].iter().take_while(|w| says_an_age(&w.2)).count();
                let joined = matches!(words.get(k + age).map(|w| w.2.as_str()), Some("and" | "&"));
                if age > 0 && joined {
                    k + age
                } else {
                    k
                }
            };
            let mut k = past_age(end);
            while matches!(words.get(k).map(|w| w.2.as_str()), Some("and" | "or" | "&")) {
                match relation_at(&words, k + 1) {
                    Some((r, n)) => {
                        found.extend(
                            people_of(words[k + 1].0, words[k + n].1, r).into_iter().map(|m| (m, Role::Subject)),
                        );
                        k = past_age(k + 1 + n);
                    }
                    _ => break,
                }
            }
            i = k;
            continue;
        }
        // "dose for a 14 kg kid", "is 94% ok for an 80 year old": someone the question is about,
        // never the writer.
        if matches!(w, "a" | "an") && i > 0 && words[i - 1].2 == "for" {
            if let Some((mention, end)) = asked_for(text, &words, i) {
                found.push((mention, Role::Subject));
                i = end;
                continue;
            }
        }
        if matches!(w, "my" | "our" | "your") {
            // "my" before anything else is the writer's ("my feet", "my doctor"); "our" may be anyone's.
            if w == "my" {
                found.push(writer_mention(&words, i, &quotes));
            }
            i += 1;
            continue;
        }
        let before = i.checked_sub(1).map(|p| words[p].2.as_str());
        if let Some((r, n)) = relations()
            .iter()
            .find_map(|r| r.en_alone.iter().find_map(|alone| words_match(&words, i, alone).map(|n| (r, n))))
        {
            // "her mom", "his dad": someone else's parent, no one of the writer's.
            let others = matches!(before, Some("her" | "his" | "their" | "a" | "an" | "as" | "new" | "single"));
            if !others && !matches!(before, Some("working" | "other" | "your")) {
                let aside = typing_after(&words, i + n) || gives(&words, i + n);
                let role = if aside { Role::Aside } else { Role::Subject };
                found.push((person(words[i].0, words[i + n - 1].1, r), role));
                i += n;
                continue;
            }
        }
        if let Some(name) =
            names.iter().find(|n| !has_hangul_text(n) && words_match(&words, i, &n.to_lowercase()).is_some())
        {
            let n = name.split_whitespace().count();
            let who = Who::Person(name.clone(), None);
            found.push((Mention { start: words[i].0, end: words[i + n - 1].1, who }, Role::Subject));
            i += n;
            continue;
        }
        // A given name ("Jane has", "ava's 11 months"), unless it names the person just before it
        // ("my friend Tom") or a doctor ("Dr. Kim").
        let after_person = i > 0 && found.last().is_some_and(|(m, _)| m.end == words[i - 1].1);
        let titled = matches!(before, Some("dr" | "doctor" | "nurse" | "dr." | "mr" | "mrs" | "ms" | "prof"));
        // A name after a word of place or time is a place or a day ("moved from Georgia", "since
        // Sunday").
        let placed = matches!(
            before,
            Some("in" | "from" | "at" | "near" | "visiting" | "outside" | "around" | "since" | "on" | "until" | "till")
        );
        if !after_person && !titled && !placed {
            if let Some(name) = english_given_name(&text[words[i].0..words[i].1]) {
                let who = Who::Person(name.to_string(), None);
                found.push((Mention { start: words[i].0, end: words[i].1, who }, Role::Subject));
                i += 1;
                continue;
            }
            if at_sentence_start(text, &words, i)
                && (named_by_age(text, &words, i) || described_as_person(text, &words, i))
            {
                let who = Who::Person(text[words[i].0..words[i].1].to_string(), None);
                found.push((Mention { start: words[i].0, end: words[i].1, who }, Role::Subject));
                i += 1;
                continue;
            }
        }
        let named_before = found.iter().any(|(m, _)| matches!(m.who, Who::Person(..)));
        let both_of_us = |k: usize| words.get(k).is_some_and(|n| n.2 == "both" || n.2 == "all");
        let we_both = EN_WE.contains(&w) && (both_of_us(i + 1) || i > 1 && both_of_us(i - 2));
        if we_both && named_before {
            found.push((Mention { start: words[i].0, end: words[i].1, who: Who::Writer }, Role::Joined));
        } else if EN_FIRST_PERSON.contains(&w) {
            found.push(writer_mention(&words, i, &quotes));
        } else if en_neutral_pronouns().contains(&w) && named_before {
            // "they gave me azithromycin": a giver is no one the clause is about.
            let role = if gives(&words, i + 1) { Role::Aside } else { Role::Subject };
            found.push((Mention { start: words[i].0, end: words[i].1, who: Who::Pronoun(None) }, role));
        } else if let Some((_, gender)) = EN_PRONOUNS.iter().find(|(p, _)| *p == w) {
            let next = words.get(i + 1).map(|w| w.2.as_str());
            let reports = next.is_some_and(|n| en_reporting().contains(&n));
            // "she started him on amoxicillin": the giver only when a subject ("gave her" is the taker).
            let giver = matches!(w, "he" | "she") && gives(&words, i + 1);
            let role = if reports || giver || typing_after(&words, i + 1) { Role::Aside } else { Role::Subject };
            found.push((Mention { start: words[i].0, end: words[i].1, who: Who::Pronoun(Some(*gender)) }, role));
        }
        i += 1;
    }
    found
}

/// Whether the words at `at` say the writer gave a medicine ("I gave zyrtec", "I gave her motrin"),
/// as the one who cares for someone: no gift of their own body ("gave birth", "gave blood").
fn gives_a_medicine(words: &[(usize, usize, String)], at: usize) -> bool {
    let at = at + usize::from(words.get(at).is_some_and(|w| matches!(w.2.as_str(), "just" | "already" | "also")));
    let verb = words.get(at).is_some_and(|w| matches!(w.2.as_str(), "gave" | "give"));
    let what = words.get(at + 1).map(|w| w.2.as_str());
    verb && !matches!(what, None | Some("birth" | "blood" | "up" | "in" | "myself" | "me" | "away" | "notice"))
}

/// Verbs by which one person gives another a medicine or a treatment ("mom gave him zyrtec", "she
/// started him on amoxicillin"): the giver is no one the clause is about.
const EN_GIVING: &[&str] =
    &["gave", "give", "gives", "giving", "started", "starts", "put", "puts", "prescribed", "switched"];

/// Whether the person ending at word `end` gives the one after ("gave him", "put her on", "gave my son",
/// "they gave me").
fn gives(words: &[(usize, usize, String)], end: usize) -> bool {
    let verb = words.get(end).is_some_and(|w| EN_GIVING.contains(&w.2.as_str()));
    let taker = words
        .get(end + 1)
        .is_some_and(|w| matches!(w.2.as_str(), "him" | "her" | "them" | "me" | "my" | "our" | "baby"));
    verb && taker
}

// Things a person owns that a message uses or goes to ("on my roommates meter", "at my friend's
// wedding"): their owner is no one the clause is about.
site_words!(TEXT_WORDS, owned_things);

/// Whether the relation at words `at..end` ("my" first) is only the owner of a thing the writer
/// uses or is at ("my blood sugar was 287 on my roommates meter", "at my sister's house").
fn owns_a_thing(words: &[(usize, usize, String)], at: usize, end: usize) -> bool {
    let placed = at > 0 && matches!(words[at - 1].2.as_str(), "on" | "at" | "from" | "using" | "in" | "into" | "with");
    let noun = &words[end - 1].2;
    let possessive = noun.ends_with("'s") || noun.ends_with('s');
    placed && possessive && words.get(end).is_some_and(|n| owned_things().contains(&n.2.as_str()))
}

/// The person "for a ..." at word `at` describes, and the word after the description: a relation
/// within a few words ("for a 14 kg kid": a child), else an age ("for an 80 year old": someone).
/// The description ends at a mark or another person's "my" ("took ibuprofen for a bad headache. my
/// son ..." is the writer's headache).
fn asked_for(text: &str, words: &[(usize, usize, String)], at: usize) -> Option<(Mention, usize)> {
    let numbered = |k: usize| words[k].2.starts_with(|c: char| c.is_ascii_digit());
    for k in at + 1..words.len().min(at + 5) {
        let marked = !text[words[k - 1].1..words[k].0].trim().is_empty();
        if marked || matches!(words[k].2.as_str(), "my" | "our" | "your" | "his" | "her" | "their") {
            return None;
        }
        if let Some((kin, n)) = relation_at(words, k) {
            let mention = people_of(words[at].0, words[k + n - 1].1, kin).into_iter().next()?;
            return Some((mention, k + n));
        }
        if words[k].2 == "old" && (at + 1..k).any(numbered) {
            return Some((Mention { start: words[at].0, end: words[k].1, who: Who::Pronoun(None) }, k + 1));
        }
    }
    None
}

/// The mention of an English first-person word at word `i` ("I", "me", "my").
fn writer_mention(words: &[(usize, usize, String)], i: usize, quotes: &[std::ops::Range<usize>]) -> (Mention, Role) {
    let (start, end) = (words[i].0, words[i].1);
    if quotes.iter().any(|q| q.contains(&start)) {
        // "My mom asked me to post this for her: "I am 59 ..."": the one quoted speaks, not the
        // writer; whom they are is the person named before (nobody's when none is).
        return (Mention { start, end, who: Who::Pronoun(None) }, Role::Subject);
    }
    // "she asked me to ask": the writer only passes the question on; "amlodipine 5mg i think":
    // the writer only hedges; "i'm doing the typing": the writer only types.
    let passes_on = i > 0 && EN_REQUESTING.contains(&words[i - 1].2.as_str())
        || words[i].2 == "i" && words.get(i + 1).is_some_and(|n| EN_HEDGES.contains(&n.2.as_str()))
        || words[i].2 == "i" && gives_a_medicine(words, i + 1)
        // "so i'm doing the typing": the writer only types for the one the message is about.
        || matches!(words[i].2.as_str(), "i" | "i'm" | "im") && typing_after(words, i + 1)
        || observes(words, i)
        || matches!(words[i].2.as_str(), "i" | "i've" | "ive" | "i'm" | "im") && applies_to_another(words, i + 1)
        || asks_what_to_do(words, i);
    (Mention { start, end, who: Who::Writer }, if passes_on { Role::Aside } else { Role::Subject })
}

/// Whether the writer's "i" at word `i` only asks what to do ("what do i do", "should i call 911"):
/// the asker, not whom the clause is about ("words are coming out slurred rn what do i do").
fn asks_what_to_do(words: &[(usize, usize, String)], i: usize) -> bool {
    let asks = i > 0 && matches!(words[i - 1].2.as_str(), "do" | "should" | "can" | "could" | "shall");
    let act = words.get(i + 1).is_some_and(|w| matches!(w.2.as_str(), "do" | "call"));
    words[i].2 == "i" && asks && act
}

/// The words that stand for the one the writer handles or acts on ("put it on her", "touch his belly").
const HANDLED: &[&str] = &["it", "him", "her", "them", "his", "their"];

/// Whether the words at `at` say the writer puts a cream or a care on someone else ("I've been putting
/// hydrocortisone cream on it", "applying vaseline to her rash"); "putting on weight" is no care.
fn applies_to_another(words: &[(usize, usize, String)], at: usize) -> bool {
    const APPLY: &[&str] = &["put", "putting", "apply", "applying", "applied", "rub", "rubbing", "rubbed", "spreading"];
    let at = at
        + words[at.min(words.len())..]
            .iter()
            .take_while(|w| matches!(w.2.as_str(), "been" | "just" | "already" | "also"))
            .count();
    let verb = words.get(at).is_some_and(|w| APPLY.contains(&w.2.as_str()));
    let on = words.iter().enumerate().skip(at + 2).take(6).any(|(k, w)| {
        matches!(w.2.as_str(), "on" | "to") && words.get(k + 1).is_some_and(|t| HANDLED.contains(&t.2.as_str()))
    });
    verb && on
}

/// Whether the writer's "i" at word `i` only handles or watches someone or something else: the
/// one they act on right after the verb ("should i take her in", "i held him all night", "do i need
/// to take her in"), or in a clause of when or if ("rash doesnt fade when i press a glass on it",
/// "cries when i touch his belly"). The clause is about whom or what is handled, not about the writer.
fn observes(words: &[(usize, usize, String)], i: usize) -> bool {
    let when = i > 0 && matches!(words[i - 1].2.as_str(), "when" | "whenever" | "if");
    let handled = || words[i + 1..].iter().take(5).any(|w| HANDLED.contains(&w.2.as_str()));
    let is = |at: usize, said: &[&str]| words.get(at).is_some_and(|w| said.contains(&w.2.as_str()));
    let needs_to = is(i + 1, &["need", "have", "want", "got"]) && is(i + 2, &["to"]);
    let verb = if needs_to { i + 3 } else { i + 1 };
    words[i].2 == "i" && (when && handled() || is(verb + 1, &["him", "her", "them"]))
}

/// The byte ranges of `text` inside double quotation marks ("...", “...”); an unclosed quotation
/// runs to the end.
fn quotations(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in text.char_indices() {
        match (c, open) {
            ('"' | '“', None) => open = Some(i + c.len_utf8()),
            ('"' | '”', Some(from)) => {
                out.push(from..i);
                open = None;
            }
            _ => {}
        }
    }
    out.extend(open.map(|from| from..text.len()));
    // "my grandpa asked me to type this. he says: i take tamsulosin": the words a relative reports
    // after a colon are quoted too, to the end (a doctor's "you have ..." is said to the writer).
    if !text.contains(':') {
        return out;
    }
    let lower = text.to_lowercase();
    let relative = |w: &str| {
        matches!(w, "he" | "she") || relations().iter().any(|r| r.en_words.contains(&w) || r.en_alone.contains(&w))
    };
    let reported = en_reporting().iter().filter_map(|verb| {
        lower.match_indices(&format!("{verb}:")).map(|(at, said)| at + said.len()).find(|&at| {
            let before = lower[..at - verb.len() - 1].trim_end();
            let reporter = before.rsplit(|c: char| !c.is_alphabetic()).next().unwrap_or("");
            relative(reporter) && !out.iter().any(|q| q.contains(&at))
        })
    });
    let first = reported.min();
    out.extend(first.map(|from| from..text.len()));
    out
}

/// Whether a relation noun at a sentence's start, from word `from` to `end`, is described as a
/// person: an age before it ("4yo son diagnosed with strep") or words in brackets after it
/// ("partner (they/them, 30) has been").
fn described(text: &str, words: &[(usize, usize, String)], from: usize, end: usize) -> bool {
    let aged = (from..end - 1).any(|k| is_age_word(&words[k].2));
    let bracketed = words.get(end).is_some_and(|next| text[words[end - 1].1..next.0].contains('('));
    aged || bracketed
}

/// Whether the capitalized word `i`, at a sentence's start and on no list, is someone's name
/// because an age describes it ("Minjun is 3 and has", "Seoah (6) has", "Leon, 4, has"): whom its
/// clause is about is then unclear, and never the writer. A measure is no name ("Temp is 39").
fn named_by_age(text: &str, words: &[(usize, usize, String)], i: usize) -> bool {
    let capitalized = capitalized(&text[words[i].0..words[i].1]);
    let w = words[i].2.as_str();
    if !capitalized || is_pronoun(w) {
        return false;
    }
    let Some(next) = words.get(i + 1) else { return false };
    let between = &text[words[i].1..next.0];
    let at = if matches!(next.2.as_str(), "is" | "was" | "turned") && between.trim().is_empty() {
        i + 2
    } else if between.contains(['(', ',']) {
        i + 1
    } else {
        return false;
    };
    let Some(age) = words.get(at) else { return false };
    // A bracketed or comma'd age is closed the same way ("Leon, 4, has"; "Hi, 45 yo female" is no one).
    let closed = words.get(at + 1).map_or(&text[age.1..], |n| &text[age.1..n.0]).contains([',', ')']);
    if at == i + 1 && !closed {
        return false;
    }
    let years = age.2.trim_end_matches(|c: char| !c.is_ascii_digit()).parse::<u32>().ok();
    // The age says years ("3yo", "3 years old") or the person's words go on after it ("is 3 and
    // has", "(6) has"): "Weight is 70 and I have" and "Temp is 39 and rising" name nobody.
    let mut k = at + 1;
    let unit =
        words.get(k).is_some_and(|n| matches!(n.2.as_str(), "yo" | "y/o" | "years" | "year" | "months" | "month"));
    if matches!(words.get(k).map(|n| n.2.as_str()), Some("and" | "but")) {
        k += 1;
    }
    // "Priya is 8 and she breaks out": a pronoun after "and" goes on about them too.
    let pronoun = k > at + 1 && words.get(k).is_some_and(|n| EN_PRONOUNS.iter().any(|(p, _)| *p == n.2));
    let goes_on = pronoun || words.get(k).is_some_and(|n| en_says_of().contains(&n.2.as_str()) && n.2 != "and");
    let ends = unit || goes_on || (ends_an_age(&age.2) && !age.2.chars().all(|c| c.is_ascii_digit()));
    let measured = || crate::core::vitals::read(text).iter().any(|r| r.start < age.1 && r.end > words[i].0);
    is_age_word(&age.2) && years.is_some_and(|y| y <= 120) && ends && !measured()
}

// Words that say what person someone named is ("Marcus, a guy I work with", "Dana, my coworker").
site_words!(TEXT_WORDS, person_nouns);

/// Whether the capitalized word `i`, at a sentence's start and on no list, is someone's name
/// because the words after its comma say what person they are ("Marcus, a guy I work with, says";
/// "Hi, a quick question" is no one).
fn described_as_person(text: &str, words: &[(usize, usize, String)], i: usize) -> bool {
    let capitalized = capitalized(&text[words[i].0..words[i].1]);
    let w = words[i].2.as_str();
    let Some(next) = words.get(i + 1) else { return false };
    let comma = text[words[i].1..next.0].trim() == ",";
    let noun = |k: usize| words.get(k).is_some_and(|n| person_nouns().contains(&n.2.as_str()));
    capitalized
        && comma
        && !is_pronoun(w)
        && matches!(next.2.as_str(), "a" | "an" | "my" | "our")
        && (noun(i + 2) || noun(i + 3))
}

/// The English given name a written word is ("Jane", "ava's"), as given_names.txt spells it.
fn english_given_name(word: &str) -> Option<&'static str> {
    let bare = word.strip_suffix("'s").or_else(|| word.strip_suffix("’s")).unwrap_or(word);
    let capital = bare.starts_with(|c: char| c.is_uppercase());
    let english = &given_names().english;
    let lower = bare.to_lowercase();
    let at = english.binary_search_by(|(n, _, _)| n.as_str().cmp(&lower)).ok()?;
    let (_, name, capital_only) = &english[at];
    (capital || !capital_only).then_some(*name)
}

fn has_hangul_text(text: &str) -> bool {
    text.chars().any(is_hangul)
}

fn person(start: usize, end: usize, r: &Relation) -> Mention {
    Mention { start, end, who: Who::Person(r.id.to_string(), r.gender) }
}

/// The relation a possessive relation noun ending at word `end` leads to ("my sister's (15-year-old)
/// son"; without its apostrophe when the words run on one space apart: "neighbors little girl", not
/// "my daughters, son"), with where it ends.
fn possessed(words: &[(usize, usize, String)], end: usize) -> Option<(&'static Relation, usize)> {
    let noun = &words.get(end - 1)?.2;
    let unmarked = !noun.ends_with("'s") && noun.ends_with('s');
    if !noun.ends_with("'s") && !unmarked {
        return None;
    }
    let mut j = end;
    while j < words.len() && (en_modifiers().contains(&words[j].2.as_str()) || is_age_word(&words[j].2)) {
        j += 1;
    }
    match relation_at(words, j)? {
        (Kin::One(second), n) if !unmarked || (end..=j).all(|k| words[k].0 == words[k - 1].1 + 1) => {
            Some((second, j + n))
        }
        _ => None,
    }
}

/// The relations of one person named through another, by the first and the second ("sister" and
/// "son" make a nephew); a pair not listed is named by both ("friend's son").
const CHAINS: &[(&[&str], &str, &str)] = &[
    (&["sister", "brother", "sibling"], "son", "nephew"),
    (&["sister", "brother", "sibling"], "daughter", "niece"),
    (&["son", "daughter", "child"], "son", "grandchild"),
    (&["son", "daughter", "child"], "daughter", "grandchild"),
    (&["son", "daughter", "child"], "child", "grandchild"),
    (&["mother", "father"], "mother", "grandmother"),
    (&["mother", "father"], "father", "grandfather"),
];

/// The mention of the person `second` of `first` ("my sister's son").
fn person_of_chain(start: usize, end: usize, first: &Relation, second: &Relation) -> Mention {
    let chained = CHAINS.iter().find(|(firsts, s, _)| firsts.contains(&first.id) && *s == second.id);
    match chained.and_then(|(_, _, id)| relation(id)) {
        Some(r) => person(start, end, r),
        None => Mention { start, end, who: Who::Person(format!("{}'s {}", first.id, second.id), second.gender) },
    }
}

/// The relation whose English noun starts at word `at`, with the number of words it takes (the
/// longest noun wins: "mother in law" before "mother"; a plural or a possessive without its
/// apostrophe is the noun: "my husbands sugar").
fn relation_at(words: &[(usize, usize, String)], at: usize) -> Option<(Kin, usize)> {
    let pair = PAIRS
        .iter()
        .find(|(word, _)| words_match(words, at, word).is_some())
        .map(|(_, ids)| (Kin::Pair(ids[0], ids[1]), 1));
    pair.or_else(|| {
        relations()
            .iter()
            .flat_map(|r| r.en_words.iter().map(move |w| (r, *w)))
            .filter_map(|(r, noun)| {
                words_match(words, at, noun)
                    .or_else(|| words.get(at).filter(|w| w.2.strip_suffix('s') == Some(noun)).map(|_| 1))
                    .map(|n| (r, n))
            })
            .max_by_key(|(_, n)| *n)
            .map(|(r, n)| (Kin::One(r), n))
    })
}

/// Whom a relation noun names: one relation, or two people at once ("my parents").
#[derive(Clone, Copy, Debug)]
enum Kin {
    One(&'static Relation),
    Pair(&'static str, &'static str),
}

/// Words that name two relations at once, in English and Korean.
const PAIRS: &[(&str, [&str; 2])] = &[
    ("parents", ["father", "mother"]),
    ("folks", ["father", "mother"]),
    ("grandparents", ["grandfather", "grandmother"]),
    ("부모님", ["father", "mother"]),
    ("부모", ["father", "mother"]),
    ("조부모님", ["grandfather", "grandmother"]),
    ("남매쌍둥이", ["son", "daughter"]),
    ("엄마아빠", ["mother", "father"]),
    ("아빠엄마", ["father", "mother"]),
    ("엄빠", ["mother", "father"]),
    ("쌍둥이남매", ["son", "daughter"]),
];

/// The mentions of the people `kin` names at `start..end` (two, at the same place, for a pair).
fn people_of(start: usize, end: usize, kin: Kin) -> Vec<Mention> {
    match kin {
        Kin::One(r) => vec![person(start, end, r)],
        Kin::Pair(a, b) => [a, b].into_iter().filter_map(relation).map(|r| person(start, end, r)).collect(),
    }
}

/// The relation named from word `from`: describing words, then the relation noun ("16 year old
/// son"), or an age alone that names a child ("3 year old" after a determiner, "4 month old"
/// without), with where it ends.
fn relation_from(words: &[(usize, usize, String)], from: usize, determiner: bool) -> Option<(Kin, usize)> {
    let mut j = from;
    // "my 2 year old's fever": the possessive ends the description.
    while j < words.len() && (en_modifiers().contains(&words[j].2.trim_end_matches("'s")) || is_age_word(&words[j].2)) {
        j += 1;
    }
    // A describing word may be the noun itself ("our baby is 2 months old").
    if relation_at(words, j).is_none() {
        if let Some(k) = (from..j).rev().find(|&k| relation_at(words, k).is_some()) {
            j = k;
        }
    }
    if let Some((kin, n)) = relation_at(words, j) {
        return Some((kin, j + n));
    }
    let described_age = j > from && ends_an_age(&words[j - 1].2);
    // Without "my" a baby's age names a child ("4 month old has"; "38 yrs old." is the writer), and
    // so does a child's age that words after it say something of ("3 yr old has a barking cough").
    let baby = (from..j).any(|k| BABY_UNITS.iter().any(|u| words[k].2.contains(u)));
    let years = words.get(from).and_then(|w| w.2.trim_end_matches(|c: char| !c.is_ascii_digit()).parse::<u32>().ok());
    // Its words one space or hyphen apart ("9, 38 yrs old. is this" is a reading, an age, a question).
    let one_phrase = j < words.len() && (from + 1..=j).all(|k| words[k].0 == words[k - 1].1 + 1);
    let child_said_of = one_phrase
        && years.is_some_and(|y| y < 18)
        && words.get(j).is_some_and(|w| en_says_of().contains(&w.2.as_str()));
    (described_age && (determiner || baby || child_said_of))
        .then(|| relation("child").map(|r| (Kin::One(r), j)))
        .flatten()
}

/// Whether lower-case word `w` is an English personal pronoun, of the writer or of someone ("I",
/// "she"): never a name.
fn is_pronoun(w: &str) -> bool {
    EN_FIRST_PERSON.contains(&w)
        || EN_PRONOUNS.iter().any(|(p, _)| *p == w)
        || en_neutral_pronouns().contains(&w)
        || EN_WE.contains(&w)
        || matches!(w, "you" | "it")
}

/// Whether a written word is a capital and lower-case letters after it, as a name is written ("Leon",
/// "Tomás", "Eun-ji"; not "I", "USA" or "iPhone").
fn capitalized(written: &str) -> bool {
    let mut parts = written.split('-');
    let first = parts.next().unwrap_or("");
    let mut chars = first.chars();
    chars.next().is_some_and(char::is_uppercase)
        && written.chars().count() > 1
        && chars.all(char::is_lowercase)
        && parts
            .all(|p| !p.is_empty() && p.chars().all(char::is_alphabetic) && p.chars().skip(1).all(char::is_lowercase))
}

// Words that may start a sentence with a capital and go on like a person's ("Nothing has helped",
// "Today was worse", "Temp is 39"), but name no one.
site_words!(TEXT_WORDS, not_names);

// Words after a name that go on about the person ("Emeka been having", "Kenji has").
site_words!(TEXT_WORDS, name_goes_on);

/// The words of `text` that are the given name of someone no list holds: a word with a capital
/// that starts a sentence and goes on like a person ("Emeka been having nosebleeds", "Priya's been
/// getting migraines", "Priya (my roommate) has") in a message that speaks of him or her later ("he
/// is 10"), unless `known` reads it as something else (a condition, a medicine: "Tylenol has not
/// helped her").
pub fn unlisted_names(text: &str, known: impl Fn(&str) -> bool) -> Vec<String> {
    let words = words(text);
    let mut out: Vec<String> = Vec::new();
    for i in 0..words.len() {
        let written = &text[words[i].0..words[i].1];
        let bare = written.strip_suffix("'s").or_else(|| written.strip_suffix("’s")).unwrap_or(written);
        let w = bare.to_lowercase();
        if !capitalized(bare) || bare.chars().count() < 3 || !at_sentence_start(text, &words, i) {
            continue;
        }
        let person_word = is_pronoun(&w)
            || not_names().contains(&w.as_str())
            || relations().iter().any(|r| r.en_words.contains(&w.as_str()) || r.en_alone.contains(&w.as_str()))
            || english_given_name(bare).is_some();
        // "Priya (my roommate) has": who the name is, in brackets after it.
        let introduced = text[words[i].1..].trim_start().starts_with('(')
            && words.get(i + 1).is_some_and(|n| matches!(n.2.as_str(), "my" | "our"))
            && relation_at(&words, i + 2).is_some();
        let goes_on = bare.len() < written.len()
            || introduced
            || words.get(i + 1).is_some_and(|n| name_goes_on().contains(&n.2.as_str()));
        let spoken_of_later = words[i + 1..].iter().any(|n| EN_PRONOUNS.iter().any(|(p, _)| *p == n.2));
        if !person_word && goes_on && spoken_of_later && !known(bare) && !out.iter().any(|n| *n == bare) {
            out.push(bare.to_string());
        }
    }
    out
}

/// Whether word `i` starts a sentence or a part of one (the message's start, or after ". ", ", ",
/// "- ", a line break).
fn at_sentence_start(text: &str, words: &[(usize, usize, String)], i: usize) -> bool {
    i == 0 || text[words[i - 1].1..words[i].0].contains(['.', '!', '?', '\n', ';', ':', ',', '-', '('])
}

// Words after a person named without "my" that say something of them ("husband is 61", "friend
// of mine has gout", "son has asthma"); a possessive ("wife's") or a number ("newborn 10 days
// old") does too.
site_words!(TEXT_WORDS, en_says_of);

/// Whether an English relation noun names several people ("kids", "parents", "children").
fn plural(noun: &str) -> bool {
    noun.ends_with('s') || noun == "children"
}

/// Whether the words from `end` say something of the person named just before (see [`en_says_of()`]).
fn says_of_person(words: &[(usize, usize, String)], end: usize) -> bool {
    let last = words[end - 1].2.as_str();
    // "husbands gout is back": a possessive without its apostrophe (a plural noun is listed whole).
    let unmarked_possessive = last
        .strip_suffix('s')
        .is_some_and(|noun| relations().iter().any(|r| r.en_words.contains(&noun) && !r.en_words.contains(&last)));
    // A verb in the past or of one person now ("husband tested positive", "son sprained his
    // ankle", "coworker sneezes nonstop") says something too.
    let verb = |w: &str| {
        let letters = w.len() > 3 && w.chars().all(|c| c.is_ascii_alphabetic());
        letters && (w.len() > 4 && w.ends_with("ed") || w.ends_with('s') && !w.ends_with("ss") && !plural(last))
    };
    last.ends_with("'s")
        || unmarked_possessive
        || words.get(end).is_some_and(|(_, _, w)| {
            en_says_of().contains(&w.as_str()) || verb(w) || w.starts_with(|c: char| c.is_ascii_digit())
        })
}

/// Whether a singular relation noun after "the", ending before word `end`, is someone the writer
/// speaks of: a relative clause follows ("the patient I care for", "the lady who lives next
/// door") or words that say something of them ("the baby has had"); "the girl at the desk" is
/// nobody.
fn the_one(words: &[(usize, usize, String)], end: usize) -> bool {
    let next = words.get(end).map_or("", |w| w.2.as_str());
    relative_clause(words, end) || !matches!(next, "of" | "and" | "&" | "with") && says_of_person(words, end)
}

/// Whether a relative clause follows the person named before word `end` ("patient I care for is
/// 67", "the lady who lives next door").
fn relative_clause(words: &[(usize, usize, String)], end: usize) -> bool {
    const CARE: &[&str] = &["care", "look", "take", "help", "babysit", "nanny", "watch", "work", "live", "visit"];
    let at = |k: usize| words.get(k).map_or("", |w| w.2.as_str());
    matches!(at(end), "who" | "that") || matches!(at(end), "i" | "we") && CARE.contains(&at(end + 1))
}

/// Whether a name follows a relation noun ending before word `end` ("my roommate Jake", "coworker
/// Dev sneezes"): a given name, or a word written as a name that words after say something of.
fn named_after(text: &str, words: &[(usize, usize, String)], end: usize) -> bool {
    let Some(w) = words.get(end) else { return false };
    let written = &text[w.0..w.1];
    let goes_on = words.get(end + 1).is_some_and(|n| !n.2.starts_with(|c: char| c.is_ascii_digit()))
        && says_of_person(words, end + 1);
    capitalized(written.trim_end_matches("'s").trim_end_matches("’s"))
        && !is_pronoun(&w.2)
        && !not_names().contains(&w.2.as_str())
        && (english_given_name(written).is_some() || goes_on)
}

/// How many words of `words` from `at` spell `phrase` (its words apart by spaces; a written word
/// may also be the phrase's words joined by hyphens, or the phrase with a possessive "'s").
fn words_match(words: &[(usize, usize, String)], at: usize, phrase: &str) -> Option<usize> {
    let first = words.get(at)?.2.as_str();
    let bare = |w: &str| w.strip_suffix("'s").unwrap_or(w).to_string();
    if bare(first) == phrase || bare(first) == phrase.replace(' ', "-") {
        return Some(1);
    }
    let parts: Vec<&str> = phrase.split(' ').collect();
    if parts.len() < 2 || words.len() < at + parts.len() {
        return None;
    }
    let last = parts.len() - 1;
    let same = parts.iter().enumerate().all(|(k, p)| {
        let w = &words[at + k].2;
        if k == last {
            bare(w) == *p
        } else {
            w == p
        }
    });
    same.then_some(parts.len())
}

/// Whether the words from `at` say the person types or writes the message ("is typing this").
fn typing_after(words: &[(usize, usize, String)], at: usize) -> bool {
    words.iter().skip(at).take(3).any(|(_, _, w)| en_typing().contains(&w.as_str()))
        && !words.iter().skip(at).take(3).any(|(_, _, w)| w == "for")
        || words.get(at).is_some_and(|w| en_typing().contains(&w.2.as_str()))
}

/// The Korean person mentions of `text`.
fn korean_mentions(text: &str, names: &[String]) -> Vec<(Mention, Role)> {
    let mut found: Vec<(Mention, Role)> = Vec::new();
    let words = words(text);
    let quotes = quotations(text);
    for (k, (start, end, word)) in words.iter().enumerate() {
        if !word.starts_with(is_hangul) {
            continue;
        }
        let next = words.get(k + 1).map(|w| w.2.as_str()).unwrap_or("");
        if ko_first_person().iter().any(|p| says_i(word, p))
            || (KO_FIRST_PERSON_ALONE.contains(&word.as_str()) && !next.is_empty() && next.starts_with(is_hangul))
            || (word == "저" && next.starts_with(|c: char| c.is_ascii_digit()))
        {
            if quotes.iter().any(|q| q.contains(start)) {
                // "엄마가 전해 달래요: "나는 59세인데 ..."": the one quoted speaks (see english_mentions).
                found.push((Mention { start: *start, end: *end, who: Who::Pronoun(None) }, Role::Subject));
                continue;
            }
            let role = if KO_COMPANION.iter().any(|c| word.ends_with(c)) {
                Role::Joined
            } else if next.starts_with("대신") || KO_TYPING.iter().any(|t| next.starts_with(t)) {
                // "남편이 운전중이라 제가 대신 써요", "아버지가 핸드폰을 잘 못하셔서 제가 써요": the writer only
                // types; the message is the other person's.
                Role::Aside
            } else {
                Role::Subject
            };
            found.push((Mention { start: *start, end: *end, who: Who::Writer }, role));
            continue;
        }
        if let Some((_, gender)) = KO_PRONOUNS.iter().find(|(p, _)| {
            word.strip_prefix(p).is_some_and(|rest| rest.is_empty() || is_korean_particle(rest) || rest == "께서")
        }) {
            found.push((Mention { start: *start, end: *end, who: Who::Pronoun(*gender) }, Role::Subject));
            continue;
        }
        // A word written right after a number is its counter or type, not a person ("1형 당뇨" is type 1
        // diabetes, no older brother), unless it is an age or a school year said before the person
        // ("7살아들", "20개월아기", "고3아들").
        let (start, word) = if text[..*start].ends_with(|c: char| c.is_ascii_digit()) {
            match person_after_number(text, *start, word) {
                Some(skip) => (start + skip, &word[skip..]),
                None => continue,
            }
        } else {
            (*start, word.as_str())
        };
        // The longest relation word (or name) in the written word.
        let best = relations()
            .iter()
            .flat_map(|r| r.ko_words.iter().map(move |w| (Some(r), *w)))
            .chain(names.iter().filter(|n| has_hangul_text(n)).map(|n| (None, n.as_str())))
            .filter_map(|(r, w)| korean_word_at(word, w).map(|at| (r, w, at)))
            .max_by_key(|(_, w, _)| w.chars().count());
        let previous = k.checked_sub(1).map_or("", |p| words[p].2.as_str());
        // "우리 둘째", "둘째 5살", "둘째 돌 지났는데" (its first birthday): a child, not "the second".
        let ordinal_child = ["막내", "첫째", "둘째", "셋째"].contains(&word)
            && (["우리", "저희", "울"].contains(&previous)
                || ["돌", "백일"].iter().any(|d| next.starts_with(d))
                || next.chars().all(|c| c.is_ascii_digit())
                    && words.get(k + 2).is_some_and(|w| w.2.starts_with('살') || w.2.starts_with("개월")));
        if ordinal_child {
            found.extend(relation("child").map(|r| (person(start, *end, r), Role::Subject)));
            continue;
        }
        // Two people in one word ("부모님이", "엄마아빠"), unless a longer relation word holds it.
        let pair = PAIRS
            .iter()
            .filter(|(w, _)| best.is_none_or(|(_, b, _)| w.chars().count() > b.chars().count()))
            .find_map(|(w, ids)| korean_word_at(word, w).map(|at| (at, Kin::Pair(ids[0], ids[1]))));
        let best = best.filter(|_| pair.is_none());
        let Some((r, w, at)) = best else {
            // Two people in one word, or a child or friend by their given name ("지훈이가").
            if let Some((at, kin)) = pair {
                found.extend(people_of(start + at, *end, kin).into_iter().map(|m| (m, Role::Subject)));
            } else if let Some(name) =
                korean_given_name(word, at_sentence_start(text, &words, k) || previous_ends_a_sentence(&words, k))
            {
                let who = Who::Person(name.to_string(), None);
                found.push((Mention { start, end: *end, who }, Role::Subject));
            } else if let Some(name) = korean_name_by_age(word, &words, k)
                .filter(|_| at_sentence_start(text, &words, k) || ["우리", "저희", "울"].contains(&previous))
            {
                let who = Who::Person(name.to_string(), None);
                found.push((Mention { start, end: *end, who }, Role::Subject));
            }
            continue;
        };
        let rest = &word[at + w.len()..];
        // "회사 후배 지훈씨가", "룸메 서연이가": the relation says who the one named after it is.
        if r.is_some() && rest.is_empty() && korean_given_name(next, true).is_some() {
            continue;
        }
        let who = match r {
            Some(r) => Who::Person(r.id.to_string(), r.gender),
            None => Who::Person(w.to_string(), None),
        };
        let role = if matches!(rest, "가" | "이" | "께서") && next.starts_with("대신") {
            // "손주가 대신 물어봐요": the grandchild types; "할머니 대신 써요": the message is hers.
            Role::Aside
        } else if rest == "인"
            && (ko_first_person().iter().any(|p| says_i(next, p)) || KO_FIRST_PERSON_ALONE.contains(&next))
        {
            // "아들인 제가 대신 여쭤봅니다": the relation is who the writer is.
            Role::Aside
        } else if KO_CAUSE.iter().any(|c| rest.starts_with(c) || next.starts_with(c)) {
            // "저는 남편 때문에 스트레스로 두통이 와요": the cause, not whom the clause is about.
            Role::Aside
        } else if KO_COMPANION.contains(&rest) {
            Role::Joined
        } else {
            Role::Subject
        };
        found.push((Mention { start: start + at, end: *end, who }, role));
    }
    found
}

/// Where a person may start in the Korean written word at byte `start`, right after a number: past an
/// age's counter ("7살아들", "20개월아기", "3학년딸"), or at once after a school year ("고3아들", "중2딸").
/// None: the word is the number's own counter or type ("1형", "3일째").
fn person_after_number(text: &str, start: usize, word: &str) -> Option<usize> {
    const AGE_COUNTERS: &[&str] = &["개월", "살", "세", "주", "돌", "학년"];
    if let Some(counter) = AGE_COUNTERS.iter().find(|c| word.len() > c.len() && word.starts_with(*c)) {
        return Some(counter.len());
    }
    let before = text[..start].trim_end_matches(|c: char| c.is_ascii_digit());
    let school_year =
        ["고", "중", "초"].iter().any(|y| before.strip_suffix(y).is_some_and(|b| !b.ends_with(is_hangul)));
    school_year.then_some(0)
}

/// Syllables common in Korean given names, as their first and as their last (a last one ends in a
/// consonant, so the name takes the familiar "-이": "지훈이", "서연이가"), and everyday words
/// spelled with them.
const KO_NAME_FIRST: &str =
    "가건경규나다도동민미보상서석선성세소수승시아연영예우유윤은의이재정제주준지진찬채태하한해현혜호효희";
const KO_NAME_LAST: &str =
    "건경규민빈석선성숙승연영욱원윤은율준진찬철현혁형훈환람린솔슬온근길남범병봉순식신안완운웅종중창춘충택필학헌홍";
site_words!(TEXT_WORDS, ko_not_names);

/// Whether Korean written word `word` is the writer's word `cue` ("저는", "나도요"): "나는" with more
/// after it is the verb 나다 ("콧물만 나는데", "열이 나는지").
fn says_i(word: &str, cue: &str) -> bool {
    word.strip_prefix(cue).is_some_and(|rest| cue != "나는" || matches!(rest, "" | "요"))
}

/// Titles written right after a Korean given name: "씨", a teacher's, a senior's, and the words
/// for an elder brother or sister one calls by name.
const KO_NAME_TITLES: &[&str] = &["씨", "형", "오빠", "언니", "누나", "쌤", "선배"];

/// The given name a Korean written word is ("서연이", "민준이가", "수아는"): a name of
/// given_names.txt before a particle (or "-이" and a particle), or any two name syllables with
/// "-이" and a particle ("지훈이가"); with "-이" alone only at the start of a sentence ("서연이
/// 열이 나요"), where it is not the subject particle of a word.
fn korean_given_name(word: &str, sentence_start: bool) -> Option<&str> {
    const AFTER: &[&str] = &["가", "는", "도", "랑", "한테", "를", "의", "네", "와", "는요", "가요", "도요"];
    let fits = |rest: &str| rest.is_empty() || AFTER.contains(&rest) || is_korean_particle(rest);
    // "지훈씨가", "민수형이", "지은언니가": the name with a title or the word for an elder sibling,
    // then its particle.
    let titled = |rest: &str| KO_NAME_TITLES.iter().any(|t| rest.strip_prefix(t).is_some_and(fits));
    let familiar = |rest: &str| match rest.strip_prefix('이') {
        Some("") => sentence_start,
        Some(after) => AFTER.contains(&after),
        None => false,
    };
    let listed = given_names().korean.iter().find_map(|n| {
        let rest = word.strip_prefix(n)?;
        (fits(rest) || familiar(rest) || titled(rest)).then_some(*n)
    });
    listed.or_else(|| {
        let mut chars = word.char_indices();
        let (_, a) = chars.next()?;
        let (_, b) = chars.next()?;
        let at = chars.next().map_or(word.len(), |(i, _)| i);
        let name = &word[..at];
        let named = KO_NAME_FIRST.contains(a) && KO_NAME_LAST.contains(b) && !ko_not_names().contains(&name);
        (named && (familiar(&word[at..]) || titled(&word[at..]))).then_some(name)
    })
}

/// The name in Korean written word `k` that no list holds but an age right after it describes
/// ("도담이는 6살인데", "라온이가 18개월"): a name of one to three syllables with its subject or topic
/// particle ("-이" before it after a consonant). Whom such a clause is about is unclear, so it is
/// never the writer's.
fn korean_name_by_age<'a>(word: &'a str, words: &[(usize, usize, String)], k: usize) -> Option<&'a str> {
    let number = words.get(k + 1)?.2.as_str();
    let unit = words.get(k + 2).map_or("", |w| w.2.as_str());
    let aged = number.chars().all(|c| c.is_ascii_digit()) && ["살", "개월", "세"].iter().any(|u| unit.starts_with(u));
    // "-이는" / "-이가" after a final consonant, "-는" / "-가" after none ("천식있는 35살" is no name).
    let final_consonant =
        |n: &str| n.chars().last().is_some_and(|c| is_hangul(c) && !(c as u32 - 0xAC00).is_multiple_of(28));
    let name = [("이는", true), ("이가", true), ("는", false), ("가", false)]
        .iter()
        .find_map(|(p, consonant)| word.strip_suffix(p).filter(|n| final_consonant(n) == *consonant))?;
    let syllables = name.chars().count();
    (aged && (1..=3).contains(&syllables) && name.chars().all(is_hangul)).then_some(name)
}

/// Whether the written word before word `k` ends a sentence said without a full stop ("나요 서연이").
fn previous_ends_a_sentence(words: &[(usize, usize, String)], k: usize) -> bool {
    k > 0 && words[k - 1].2.ends_with(['요', '다', 'ㅠ', 'ㅜ'])
}

/// The given names of given_names.txt (the hand-compiled ones and about 4,700 census names): built in
/// natively; the app fetches the file from the site before the first message (its SHA-256 is this
/// build's, `build.rs`), so the app's wasm does not carry it.
pub static GIVEN_NAMES: SiteText =
    site_text!("triage/given_names.txt", "given_names.sha256", include_str!("given_names.txt"));

/// The names of [`GIVEN_NAMES`], read once.
struct GivenNames {
    /// Each English name in lower case, as listed, and whether it is a name only written with a
    /// capital, sorted by the lower case.
    english: Vec<(String, &'static str, bool)>,
    korean: Vec<&'static str>,
}

fn given_names() -> &'static GivenNames {
    static NAMES: std::sync::OnceLock<GivenNames> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = GivenNames { english: Vec::new(), korean: Vec::new() };
        let lines = GIVEN_NAMES.text().lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        for line in lines {
            let (name, capital_only) = line.strip_suffix(" *").map_or((line, false), |n| (n, true));
            if has_hangul_text(name) {
                names.korean.push(name);
            } else {
                names.english.push((name.to_lowercase(), name, capital_only));
            }
        }
        crate::core::order::sort_by(&mut names.english, |a, b| a.0.cmp(&b.0));
        names
    })
}

/// Where Korean relation word `w` stands in the written word `word` for a person: at its start,
/// or after a word that qualifies it ("큰아들", "막내딸"); followed by a particle, an honorific or
/// nothing when it is one syllable, or "아이" / "아기" (so "딸기", "아이스크림" and "애매" are no
/// people).
fn korean_word_at(word: &str, w: &str) -> Option<usize> {
    // Before: words of which side or which one ("친정", the wife's own family) or of which school
    // ("대학생아들", "중딩딸"); after: honorifics and the fond endings ("딸래미", "아들램").
    const BEFORE: &[&str] = &[
        "큰",
        "작은",
        "막내",
        "첫째",
        "둘째",
        "셋째",
        "외",
        "친",
        "친정",
        "우리",
        "제",
        "울",
        "초딩",
        "중딩",
        "고딩",
        "대딩",
        "초등학생",
        "중학생",
        "고등학생",
        "대학생",
    ];
    const AFTER: &[&str] = &[
        "께",
        "님",
        "아이",
        "내미",
        "래미",
        "램",
        "냄",
        "이가",
        "이는",
        "이도",
        "이랑",
        "이한테",
        "인데",
        "이고",
        "이라",
    ];
    let at = word.find(w)?;
    if at > 0 && !BEFORE.contains(&&word[..at]) {
        return None;
    }
    let rest = &word[at + w.len()..];
    let strict = w.chars().count() == 1
        || matches!(w, "아이" | "아기" | "부인" | "아가" | "애기" | "막내" | "첫째" | "둘째" | "셋째");
    // An ordinal alone is "the second (day)": a child only with a particle ("둘째가").
    let ordinal = matches!(w, "막내" | "첫째" | "둘째" | "셋째");
    let fits =
        rest.is_empty() || is_korean_particle(rest) || AFTER.iter().chain(KO_COMPANION).any(|a| rest.starts_with(a));
    // 부인과 is gynaecology; "친구집", "언니네" are a place ("친구집 갔다오더니": the one who went is
    // whom the clause is about).
    let place = rest.starts_with('집') || rest.starts_with('네');
    let misread = (strict && !fits) || (ordinal && rest.is_empty()) || (w == "부인" && rest.starts_with('과')) || place;
    (!misread).then_some(at)
}

/// Words that say a gender their relation does not ("girlfriend" is a partner, and a woman).
const WORD_GENDERS: &[(&str, Gender)] = &[
    ("boyfriend", Gender::Male),
    ("bf", Gender::Male),
    ("fiance", Gender::Male),
    ("fiancé", Gender::Male),
    ("grandson", Gender::Male),
    ("girlfriend", Gender::Female),
    ("gf", Gender::Female),
    ("fiancee", Gender::Female),
    ("fiancée", Gender::Female),
    ("granddaughter", Gender::Female),
    ("남자친구", Gender::Male),
    ("남친", Gender::Male),
    ("손자", Gender::Male),
    ("여자친구", Gender::Female),
    ("여친", Gender::Female),
    ("손녀", Gender::Female),
];

/// The gender the word naming a person says, when its relation says none.
fn word_gender(said: &str) -> Option<Gender> {
    let said = said.to_lowercase();
    let parts: Vec<&str> = said.split(|c: char| !c.is_alphanumeric()).collect();
    let names = |w: &str| parts.iter().any(|p| *p == w || (has_hangul_text(w) && p.starts_with(w)));
    WORD_GENDERS.iter().find(|(w, _)| names(w)).map(|(_, g)| *g)
}

/// Every person mention of `text` in order, with its role.
fn mentions(text: &str, names: &[String]) -> Vec<(Mention, Role)> {
    let mut all = english_mentions(text, names);
    all.extend(korean_mentions(text, names));
    for (m, _) in &mut all {
        if let Who::Person(_, gender @ None) = &mut m.who {
            *gender = word_gender(&text[m.start..m.end]);
        }
    }
    crate::core::order::sort_by_key(&mut all, |(m, _)| m.start);
    all
}

/// The clauses of a message as byte ranges: its sentences, each cut at a comma or a joining word
/// only where what follows names someone (and what comes before is more than a person's name).
fn clauses(text: &str, all: &[(Mention, Role)]) -> Vec<(usize, usize)> {
    const JOINS: &[&str] = &[
        " and ",
        " but ",
        " while ",
        " because ",
        " since ",
        " so ",
        " although ",
        " though ",
        " whereas ",
        "고 ",
        "데 ",
        "라 ",
        "니까 ",
        "지만 ",
        "며 ",
        "면서 ",
        "서 ",
        // A Korean sentence ended without a full stop ("감기에요 아기는 콧물만 나고").
        "요 ",
        // Or with a tearful or laughing face after it ("옮았나봐요ㅋㅋ 둘다").
        "ㅠ ",
        "ㅜ ",
        "ㅋ ",
        "ㅎ ",
        // A plain or formal sentence end without a full stop ("98키로입니다 여자친구가", "했다 아이가").
        "니다 ",
        "었다 ",
        "았다 ",
        "했다 ",
        "였다 ",
    ];
    // A Korean person set against another ("남편 혈압 145/92 저는 128/85", "저는 LDL 160 남편은
    // 195요") starts a clause of their own: where such mentions start, in order.
    let said = |m: &Mention| &text[m.start..m.end];
    let mut contrasts: Vec<usize> = all
        .iter()
        .filter(|(m, _)| said(m).ends_with(['는', '은']) && has_hangul_text(said(m)))
        .map(|(m, _)| m.start)
        .collect();
    // So may words said of both after the second ("열이 저는 39.1도 남편은 38.5 둘다 근육통"): where
    // "둘다" follows a person set against another (not "아빠랑 엄마 둘 다", one subject).
    let mut of_both: Vec<usize> = Vec::new();
    for together in ["둘다", "둘 다", "두분다", "두분 다"] {
        for (i, _) in text.match_indices(together) {
            // Only the value said between them ("남편은 38.5 둘다"), not a clause of their own
            // ("남편은 39도 넘고요 타미플루는 둘다", cut where its own words start).
            let last = all.iter().filter(|(m, _)| m.end <= i).max_by_key(|(m, _)| m.start);
            if last.is_some_and(|(m, _)| contrasts.contains(&m.start) && text[m.end..i].split_whitespace().count() <= 1)
            {
                of_both.push(i);
            }
        }
    }
    contrasts.extend(of_both);
    contrasts.sort_unstable();
    let mut out = Vec::new();
    let mut start = 0;
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let in_number = rest.starts_with(['.', ',', ':'])
            && text[..i].chars().next_back().is_some_and(|c| c.is_ascii_digit())
            && rest[1..].starts_with(|c: char| c.is_ascii_digit());
        // A quotation is a clause of its own: whom it is about is not the writer by default.
        if rest.starts_with(['.', '!', '?', '\n', ';', '"', '“', '”']) && !in_number {
            out.extend(cut_sentence(text, start, i + 1, &cuts, all));
            start = i + 1;
            cuts.clear();
            i += 1;
            continue;
        }
        if i > start && contrasts.binary_search(&i).is_ok() {
            cuts.push((i, i));
        }
        // A colon (of a list, or an emoticon: "both kids have strep :( son is 6") cuts as a comma.
        if rest.starts_with([',', ':']) && !in_number {
            cuts.push((i, i + 1));
        } else if let Some(join) = JOINS.iter().find(|j| rest.get(..j.len()).is_some_and(|r| r.eq_ignore_ascii_case(j)))
        {
            // "and so does my husband": "so" begins the words said of the next person, no joining word.
            let after = words(&rest[join.len()..]);
            let so_does = join == &" so "
                && after.first().is_some_and(|(_, _, w)| matches!(w.as_str(), "does" | "do" | "did" | "is" | "has"))
                && after.get(1).is_some_and(|(_, _, w)| matches!(w.as_str(), "my" | "our" | "his" | "her" | "their"));
            if !so_does {
                cuts.push((i, i + join.len()));
            }
        }
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
    out.extend(cut_sentence(text, start, text.len(), &cuts, all));
    out.retain(|&(s, e)| !text[s..e].trim().is_empty());
    out
}

/// The sentence `start..end` cut where a clause names someone new.
fn cut_sentence(
    text: &str,
    start: usize,
    end: usize,
    cuts: &[(usize, usize)],
    all: &[(Mention, Role)],
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = start;
    for (k, &(at, after)) in cuts.iter().enumerate() {
        let next_cut = cuts.get(k + 1).map_or(end, |c| c.0);
        let names_someone = all.iter().any(|(m, _)| m.start >= after && m.start < next_cut);
        // "my husband and I", "Me (41) and ...": at most one word besides the people, and no Korean
        // one ("저도 고혈압이고 남편도" is two clauses).
        let before_is_a_person = {
            // A pronoun is no person named here ("she's 15, I'm 42" is two clauses).
            let inside = |s: usize, e: usize| {
                all.iter().any(|(m, _)| m.start <= from + s && from + e <= m.end && !matches!(m.who, Who::Pronoun(_)))
            };
            let part = words(&text[from..at]);
            // An age in brackets beside a person ("baby (7 months) and I") is part of their mention.
            let part_text = &text[from..at];
            let bracketed = |s: usize| part_text[..s].rfind('(') > part_text[..s].rfind(')');
            let others: Vec<&String> = part
                .iter()
                .filter(|(s, e, w)| !inside(*s, *e) && w != "both" && !(bracketed(*s) && says_an_age(w)))
                .map(|(_, _, w)| w)
                .collect();
            let covered = part.len() > others.len();
            // "I'm 38 and he's 6": a pronoun after is no person joined to the one before.
            let person_after =
                all.iter().any(|(m, _)| m.start >= after && m.start < next_cut && !matches!(m.who, Who::Pronoun(_)));
            // The word besides them joins or describes ("and", "&", "41"), never says something
            // ("so does my husband, we both take ...").
            let joins = |w: &String| {
                !w.starts_with(is_hangul) && !en_says_of().contains(&w.as_str())
                    || matches!(w.as_str(), "and" | "&" | "with")
            };
            covered && person_after && others.len() <= 1 && others.iter().all(|w| joins(w))
        };
        // "남편은 39도 넘고요 타미플루는 둘다 처방받아서": words said of both, naming nobody, are a
        // clause of their own (whom it is about is the pair joined before).
        // Only once the pair was said to be both before ("저랑 친구랑 굴 먹고 둘다 토했어요" joins them here).
        let says_both = |part: &str| {
            let part = part.to_lowercase();
            TOGETHER.iter().any(|t| contains_word(&part, t)) || contains_word(&part, "both")
        };
        // So are they after two people named apart ("아빠는 당뇨라 ... 엄마는 고혈압으로 ... 드시는데 두분
        // 다 어지럽대요").
        let mut before: Vec<&str> = all
            .iter()
            .filter(|(m, role)| m.end <= at && *role != Role::Aside)
            .filter_map(|(m, _)| match &m.who {
                Who::Person(id, _) => Some(id.as_str()),
                _ => None,
            })
            .collect();
        before.sort_unstable();
        before.dedup();
        // Or after one person and the writer apart ("아들이 장염걸렸는데 저까지 옮았나봐요 둘다 설사하고";
        // "나랑 친구랑 ... 둘다" joins them in one clause).
        let writer_before = all.iter().any(|(m, role)| m.end <= at && m.who == Who::Writer && *role == Role::Subject);
        let of_both = !names_someone
            && says_both(text.get(after..next_cut).unwrap_or(""))
            && (says_both(&text[..at]) || before.len() > 1 || before.len() == 1 && writer_before);
        if (names_someone && !before_is_a_person) || of_both {
            out.push((from, after));
            from = after;
        }
    }
    out.push((from, end));
    out
}

/// One clause: where it is and whom it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Clause {
    pub start: usize,
    pub end: usize,
    pub subjects: Vec<Subject>,
    /// It names its subject (not carried from the clause before).
    pub named: bool,
    /// It asks a question.
    pub question: bool,
}

/// Whom each clause of `text` is about. `names`: the people the app keeps (besides the writer).
pub fn clauses_of(text: &str, names: &[String]) -> Vec<Clause> {
    read(text, names).clauses
}

/// Whom a message speaks of: its clauses, and the gender it says of each other person (by the word
/// that names them, "girlfriend", "남친", or by the pronoun that refers to them, "friend of mine
/// ... his uric acid").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reading {
    pub clauses: Vec<Clause>,
    pub genders: Vec<(Subject, Gender)>,
    /// The person the message says outright it asks for ("my question is about my husband").
    pub asked_for: Option<Subject>,
}

/// The [`Reading`] of `text`. `names`: the people the app keeps (besides the writer).
pub fn read(text: &str, names: &[String]) -> Reading {
    let names = own_names(names);
    let all = mentions(text, &names);
    let lower = text.to_lowercase();
    let mut out: Vec<Clause> = Vec::new();
    // The people named so far, latest last, with their gender (for pronouns).
    let mut named: Vec<(Subject, Option<Gender>)> = Vec::new();
    let mut genders: Vec<(Subject, Gender)> = Vec::new();
    let mut current = vec![Subject::Me];
    // The people last joined as one subject ("my husband and I both ..."), for a later clause
    // said of both that names nobody ("둘다 타미플루 처방받았어요", "we're both on amoxicillin").
    let mut last_group: Vec<Subject> = Vec::new();
    // The writer has spoken of themselves: "both" after one other person named is the two of them.
    let mut writer_spoke = false;
    let quotes = quotations(text);
    // Whether the writer speaks of themselves before anyone else is named: the order of a pair said
    // of both ("I have reflux and so does my husband, we both ..." names the writer first).
    let writer_first = {
        let first = all.iter().filter(|(m, role)| *role != Role::Aside && !matches!(m.who, Who::Pronoun(_)));
        first.min_by_key(|(m, _)| m.start).is_some_and(|(m, _)| m.who == Who::Writer)
    };
    for (start, end) in clauses(text, &all) {
        let here: Vec<&(Mention, Role)> = all.iter().filter(|(m, _)| m.start >= start && m.start < end).collect();
        // Everyone the clause names may be what its pronoun refers to ("friend asked me - he's 29").
        for (m, _) in &here {
            if let Who::Person(id, gender) = &m.who {
                let subject = Subject::Other(id.clone());
                named.retain(|(s, _)| *s != subject);
                if let Some(g) = gender {
                    genders.push((subject.clone(), *g));
                }
                named.push((subject, *gender));
            }
        }
        let clause_text = &lower[start..end];
        let together = TOGETHER.iter().any(|t| contains_word(clause_text, t));
        let people: Vec<&Mention> = here
            .iter()
            .filter(|(m, role)| *role == Role::Subject && matches!(m.who, Who::Person(..)))
            .map(|(m, _)| m)
            .collect();
        // "애기랑 저랑 같이 장염 걸렸어요": two joined by 랑 with 같이 (together) are both.
        let joined = joined_group(text, &here, together || contains_word(clause_text, "같이"));
        let given = given_to(text, &here, clause_text);
        // Only "we" / "저희" of the writer: the pair speaking of themselves.
        let names_one = here.iter().any(|(m, role)| {
            *role != Role::Aside && (m.who != Who::Writer || !matches!(&lower[m.start..m.end], "저희" | "우리"))
        });
        let of_both = together || contains_word(clause_text, "both");
        // "we both take omeprazole": the writer and the person named last.
        let we_both = here
            .iter()
            .any(|(m, role)| m.who == Who::Writer && *role == Role::Joined && !has_hangul_text(&text[m.start..m.end]));
        let subjects = if joined.len() > 1 {
            joined
        } else if we_both && !named.is_empty() && people.is_empty() {
            in_order(writer_first, named[named.len() - 1].0.clone())
        } else if of_both && !names_one && last_group.len() > 1 {
            last_group.clone()
        } else if (together || clause_text.trim_start_matches(|c: char| !c.is_alphanumeric()).starts_with("both "))
            && !names_one
            && (named.len() > 1 || named.len() == 1 && writer_spoke)
        {
            // "아빠는 당뇨 ... 엄마는 고혈압 ... 두분 다 어지럽다고 하세요", "dad has afib, mom has
            // parkinsons. both are scheduled for surgery": the two named last; "My husband has type 1
            // ... I have type 2 ... both on insulin": the writer and the one named.
            match named.len() {
                1 => in_order(writer_first, named[0].0.clone()),
                n => named[n - 2..].iter().map(|(s, _)| s.clone()).collect(),
            }
        } else if together && people.len() == 1 && is_named_writer(&here) {
            // "딸 14살 저 45살 둘다 빈혈이래요": the one named and the writer.
            vec![subject_of(&people[0].who), Subject::Me]
        } else if let Some(m) = given {
            vec![subject_of(&m.who)]
        } else if let Some(m) = people.first() {
            vec![subject_of(&m.who)]
        } else if let Some((m, _)) =
            here.iter().find(|(m, role)| *role == Role::Subject && matches!(m.who, Who::Pronoun(_)))
        {
            let Who::Pronoun(gender) = m.who else { unreachable!() };
            let fits = |g: &Option<Gender>| g.is_none() || gender.is_none() || *g == gender;
            let both = gender.is_none()
                && ["both", "either", "each"].iter().any(|w| contains_word(clause_text, w))
                && named.len() >= 2;
            match named.iter_mut().rev().find(|(_, g)| fits(g)) {
                // "my dad's 70 and my mom's 68 and they both got the flu", "is grapefruit a problem
                // for either of them?": the two named last.
                Some(_) if both => named[named.len() - 2..].iter().map(|(s, _)| s.clone()).collect(),
                Some((who, said)) => {
                    // The pronoun says the gender the relation ("friend") or the name did not.
                    if let (None, Some(gender)) = (*said, gender) {
                        *said = Some(gender);
                        genders.push((who.clone(), gender));
                    }
                    vec![who.clone()]
                }
                None => vec![Subject::Unnamed],
            }
        } else if current != [Subject::Me]
            && gives_in_korean(clause_text)
            && !here.is_empty()
            && here.iter().all(|(m, _)| m.who == Who::Writer && !is_dative(&text[m.start..m.end]))
        {
            // "제가 해열제 먹였어요": the writer gives it to whom the message was about ("저한테 ... 줬어요"
            // is given to the writer).
            current.clone()
        } else if here.iter().any(|(m, role)| *role != Role::Aside && m.who == Who::Writer) {
            vec![Subject::Me]
        } else if here.is_empty() && quotes.iter().any(|q| q.contains(&start)) && current.contains(&Subject::Me) {
            // A quotation that names nobody is about the person it is said to or by ("told my
            // father "you have angina""); after the writer or nobody named ("선생님이 "세기관지염이에요"라고
            // 하셨어요") it is someone the message does not say: nobody's, and the clauses after it go
            // on as before.
            out.push(Clause { start, end, subjects: vec![Subject::Unnamed], named: false, question: false });
            continue;
        } else if current == [Subject::Me] && honours_someone(&text[start..end]) {
            // "전립선비대증으로 하루날 드시는데 잠을 못주무신대요": a Korean speaker never honours
            // themselves, so a clause naming nobody with an honorific verb is someone else's.
            vec![Subject::Unnamed]
        } else {
            current.clone()
        };
        let is_named = !here.iter().all(|(_, role)| *role == Role::Aside) && !here.is_empty();
        // "저도 검사 받아봐야겠죠..?": a question mark after dots ends the same question. One of what
        // to do for someone ("119 불러야되죠?", "병원 데려가야 할까요?") asks nothing of the writer.
        let question = (text[start..end].contains('?') || text[end..].trim_start_matches(['.', '…']).starts_with('?'))
            && !ko_acting_for().iter().any(|w| clause_text.contains(w));
        if subjects.len() > 1 {
            last_group = subjects.clone();
        }
        writer_spoke |= is_named_writer(&here);
        current = subjects.clone();
        out.push(Clause { start, end, subjects, named: is_named, question });
    }
    said_after(text, &all, &mut out);
    settle_unnamed(text, &all, &mut out);
    genders.extend(pronoun_genders(&all, &out, &quotes, &genders));
    Reading { clauses: out, genders, asked_for: asked_for_outright(text, &all) }
}

// Korean words of acting for someone else: calling an ambulance, taking them to a doctor.
site_words!(TEXT_WORDS, ko_acting_for);

// Korean verbs of feeding someone (a medicine), at a written word's start ("먹여도", not "주먹이").
site_words!(TEXT_WORDS, ko_feeding);

// Korean verbs of giving a medicine or a care to someone ("먹였어요", "발라줬는데", "맞혔어요").
site_words!(TEXT_WORDS, ko_giving);

/// Whether a Korean mention is the one something is given or said to ("아기한테", "저에게", "할머니께도").
fn is_dative(said: &str) -> bool {
    ["한테", "에게", "께"].iter().any(|p| said.ends_with(p) || said.strip_suffix('도').is_some_and(|s| s.ends_with(p)))
}

/// Whether a Korean clause gives a medicine or a care ("먹였어요", "발라줬는데").
fn gives_in_korean(clause: &str) -> bool {
    words(clause).iter().any(|(_, _, w)| ko_giving().iter().any(|v| w.contains(v)))
}

/// The person a Korean clause gives a medicine or a care to ("남편이 아기한테 해열제를 먹였는데"):
/// whom it is about, not the giver.
fn given_to<'a>(text: &str, here: &[&'a (Mention, Role)], clause: &str) -> Option<&'a Mention> {
    let gives = gives_in_korean(clause);
    let taker =
        here.iter().map(|(m, _)| m).find(|m| matches!(m.who, Who::Person(..)) && is_dative(&text[m.start..m.end]));
    taker.filter(|_| gives)
}

/// The writer and `other` in the order the message first names them.
fn in_order(writer_first: bool, other: Subject) -> Vec<Subject> {
    if writer_first {
        vec![Subject::Me, other]
    } else {
        vec![other, Subject::Me]
    }
}

/// Whether the writer speaks of themselves among these mentions ("I have type 2", "저는 39.1도").
fn is_named_writer(here: &[&(Mention, Role)]) -> bool {
    here.iter().any(|(m, role)| m.who == Who::Writer && *role == Role::Subject)
}

/// A Korean person said after what is said of them ("계속 토해요 우리 둘째가ㅠㅠ", "열이 39도에요
/// 우리 애가", "기침을 한달째 하세요 울아버지.."): the clause before, which names nobody and ends as a
/// sentence does, is theirs. The person must end their own words with a subject particle (or none,
/// before a break) and nothing said after it before a break (an emoticon, a stop, the end): "머리가
/// 아파요 아들이 열이 나요" is two people.
fn said_after(text: &str, all: &[(Mention, Role)], clauses: &mut [Clause]) {
    for k in 1..clauses.len() {
        let (c, prev) = (&clauses[k], &clauses[k - 1]);
        if prev.named || prev.subjects != [Subject::Me] || !c.named {
            continue;
        }
        let first = all
            .iter()
            .filter(|(m, role)| *role == Role::Subject && m.start >= c.start && m.start < c.end)
            .min_by_key(|(m, _)| m.start);
        let Some((m @ Mention { who: Who::Person(..), .. }, _)) = first else { continue };
        let said = &text[m.start..m.end];
        let alone = words(&text[c.start..m.start]).len() <= 1;
        let after = text[m.end..].trim_start();
        let breaks = |ch: char| "ㅠㅜㅋㅎ~.!?…;^".contains(ch);
        let broke = after.is_empty() || after.starts_with(breaks);
        // "아들이ㅠㅠ 열이 나요": the words after the break have a subject of their own, so the
        // person goes on to speak of themselves.
        let next = words(after.trim_start_matches(|ch: char| ch.is_whitespace() || breaks(ch)))
            .into_iter()
            .next()
            .map(|(_, _, w)| w);
        let goes_on = next.is_some_and(|w| has_hangul_text(&w) && w.ends_with(['이', '가']));
        let before = text[prev.start..prev.end].trim_end_matches(|ch: char| !is_hangul(ch));
        let ended = before.ends_with(['요', '다', '네', '죠', '음', '어', '아', '해', '함', '임', '야']);
        // With a subject particle ("우리 애가"), or bare before a break ("하세요 울아버지..").
        let subject = said.ends_with(['가', '이', '는', '은'])
            || !is_dative(said) && !KO_COMPANION.iter().any(|c| said.ends_with(c)) && !after.is_empty();
        if has_hangul_text(said) && subject && alone && broke && !goes_on && ended {
            clauses[k - 1].subjects = clauses[k].subjects.clone();
        }
    }
}

/// Whom the clauses that name nobody are about, once the whole message is read:
/// - An English message whose writer never speaks of themselves ("Fever of 39.4 since last night,
///   she won't eat") is about the person it first names from its start (English writers say "I";
///   Korean ones leave themselves unsaid, so this holds for English only).
/// - A Korean writer who feeds someone a medicine and never speaks of themselves leaves unsaid whom
///   they care for: someone unnamed.
/// - Someone unnamed (a pronoun that refers back to nobody, "for an 80 year old", a Korean
///   honorific) is the one other person the message names, when it names exactly one.
fn settle_unnamed(text: &str, all: &[(Mention, Role)], clauses: &mut [Clause]) {
    let writer_speaks = all.iter().any(|(m, role)| m.who == Who::Writer && *role != Role::Aside);
    // "..., my daughter has it too": the person is set beside whom the clauses before were about.
    let beside = |c: &Clause| {
        let said = text[c.start..c.end].to_lowercase();
        ["too", "also", "either", "as well"].iter().any(|w| contains_word(&said, w))
    };
    // The person named must be what the clause is about, at its start ("..., she won't eat"), not
    // a word in passing ("on sertraline, is a drink at my friends wedding ok").
    let starts_clause = |c: &Clause| {
        all.iter()
            .filter(|(m, role)| *role != Role::Aside && m.start >= c.start && m.start < c.end)
            .min_by_key(|(m, _)| m.start)
            .is_some_and(|(m, _)| words(&text[c.start..m.start]).len() <= 1)
    };
    if !writer_speaks && !has_hangul_text(text) {
        if let Some(first) = clauses
            .iter()
            .position(|c| c.named && c.subjects != [Subject::Me])
            .filter(|&k| starts_clause(&clauses[k]) && !beside(&clauses[k]))
        {
            let subjects = clauses[first].subjects.clone();
            for c in &mut clauses[..first] {
                if !c.named && c.subjects == [Subject::Me] {
                    c.subjects = subjects.clone();
                }
            }
        }
    }
    // A Korean writer who feeds someone a medicine and never speaks of themselves ("열이 39.5도에요
    // 해열제 먹여도 안떨어지고 애가 축 처져있어요") is a carer: what they leave unsaid is the cared-for
    // one's. Only feeding says so: one may put cream or drops on oneself ("연고 발라도 되나요").
    let feeds = || words(text).iter().any(|(_, _, w)| ko_feeding().iter().any(|f| w.starts_with(f)));
    if !writer_speaks && feeds() {
        for c in clauses.iter_mut().filter(|c| !c.named && c.subjects == [Subject::Me]) {
            c.subjects = vec![Subject::Unnamed];
        }
    }
    let mut others: Vec<&Subject> = Vec::new();
    for s in clauses.iter().flat_map(|c| &c.subjects) {
        if matches!(s, Subject::Other(_)) && !others.contains(&s) {
            others.push(s);
        }
    }
    let Some(one) = others.first().filter(|_| others.len() == 1).map(|s| (*s).clone()) else { return };
    // A pronoun of the other gender is someone else still ("남편이랑 아들이 왔어요. 그녀가 열이 나요").
    let gender = all.iter().find_map(|(m, _)| match &m.who {
        Who::Person(id, gender) if Subject::Other(id.clone()) == one => *gender,
        _ => None,
    });
    let other_gender = |c: &Clause| {
        all.iter().any(|(m, _)| {
            m.start >= c.start
                && m.start < c.end
                && matches!((&m.who, gender), (Who::Pronoun(Some(said)), Some(g)) if *said != g)
        })
    };
    for c in clauses.iter_mut() {
        if c.subjects.contains(&Subject::Unnamed) && !other_gender(c) {
            for s in &mut c.subjects {
                if *s == Subject::Unnamed {
                    *s = one.clone();
                }
            }
        }
    }
}

/// The gender the pronouns say of a person no word naming them gives one ("Jenny (my roommate) ...
/// a rash on her chest", "Marcus ... his left arm"), where they can refer to that one person only:
/// the one other person the message names, or the one other person named in the pronoun's clause.
/// Pronouns that disagree say nothing; the writer is never given a gender this way.
fn pronoun_genders(
    all: &[(Mention, Role)],
    clauses: &[Clause],
    quotes: &[std::ops::Range<usize>],
    known: &[(Subject, Gender)],
) -> Vec<(Subject, Gender)> {
    let person = |m: &Mention, role: Role| match &m.who {
        Who::Person(id, _) if role != Role::Aside => Some(Subject::Other(id.clone())),
        _ => None,
    };
    let pronoun = |m: &Mention| match m.who {
        Who::Pronoun(Some(g)) if !quotes.iter().any(|q| q.contains(&m.start)) => Some(g),
        _ => None,
    };
    // One person and the one gender its pronouns say, within `range`.
    let single = |range: std::ops::Range<usize>| -> Option<(Subject, Gender)> {
        let inside = || all.iter().filter(|(m, _)| range.contains(&m.start));
        let mut people: Vec<Subject> = Vec::new();
        for who in inside().filter_map(|(m, role)| person(m, *role)) {
            if !people.contains(&who) {
                people.push(who);
            }
        }
        let mut said: Vec<Gender> = inside().filter_map(|(m, _)| pronoun(m)).collect();
        said.dedup();
        match (people.as_slice(), said.as_slice()) {
            ([who], [g]) => Some((who.clone(), *g)),
            _ => None,
        }
    };
    let whole = clauses.first().map_or(0, |c| c.start)..clauses.last().map_or(0, |c| c.end);
    let mut out: Vec<(Subject, Gender)> = Vec::new();
    // Several people: only a pronoun inside the one person's own clause.
    let candidates = std::iter::once(single(whole)).chain(clauses.iter().map(|c| single(c.start..c.end)));
    for (who, g) in candidates.flatten() {
        if !known.iter().chain(&out).any(|(s, _)| *s == who) {
            out.push((who, g));
        }
    }
    out
}

// Honorific Korean verbs said of a person (taking, sleeping, being: "드시는데", "주무신대요",
// "계셔서") and honorific hearsay endings ("아프신대요", "힘드시대요").
site_words!(TEXT_WORDS, ko_honorific_verbs);
const KO_HONORIFIC_HEARSAY: &[&str] = &["신대요", "시대요", "셨대요", "신대"];
/// Honorific reported speech ("아프다고 하십니다": he says it hurts), written without spaces: it is
/// found however the clause spaces it.
const KO_HONORIFIC_SAYS: &[&str] = &["다고하십니다", "다고하시네요", "다고하시는데", "다고하셔서", "다고하시고"];

/// Whether a clause says something of someone in the honorific ("드시는데", "못주무신대요", "아프다고
/// 하십니다"), which a writer never uses of themselves. A request to the writer ("드시래요", "드시라고
/// 하셨어요": a doctor telling them to take it) and a question are not.
fn honours_someone(clause: &str) -> bool {
    let unspaced = clause.replace(' ', "");
    let says = KO_HONORIFIC_SAYS.iter().any(|s| unspaced.contains(s));
    !clause.contains('?')
        && (says
            || words(clause).iter().any(|(_, _, w)| {
                let request = w.contains("시라") || w.contains("시래") || w.contains("세요");
                !request
                    && (ko_honorific_verbs().iter().any(|v| w.contains(v))
                        || KO_HONORIFIC_HEARSAY.iter().any(|e| w.ends_with(e)))
            }))
}

/// The names among `names` that are no relation word ("Mom" is read as the mother, and found
/// under that name by whoever keeps her).
fn own_names(names: &[String]) -> Vec<String> {
    let relation_word = |name: &str| {
        let name = name.trim().to_lowercase();
        relations().iter().any(|r| r.en_words.iter().chain(r.ko_words).any(|w| *w == name))
    };
    names.iter().filter(|n| n.trim().chars().count() >= 2 && !relation_word(n)).cloned().collect()
}

fn subject_of(who: &Who) -> Subject {
    match who {
        Who::Person(id, _) => Subject::Other(id.clone()),
        Who::Writer => Subject::Me,
        Who::Pronoun(_) => Subject::Unnamed,
    }
}

/// The people a clause joins as one subject: persons (and the writer) next to each other, joined by
/// "and" ("my husband and I", "both my wife and I") or, with a word such as "둘 다", by "랑" / "와".
fn joined_group(text: &str, here: &[&(Mention, Role)], together: bool) -> Vec<Subject> {
    let candidates: Vec<&Mention> = here
        .iter()
        .filter(|(m, role)| *role != Role::Aside && !matches!(m.who, Who::Pronoun(_)))
        .map(|(m, _)| m)
        .collect();
    for window in candidates.windows(2) {
        let (a, b) = (window[0], window[1]);
        // One word for two people ("my parents").
        if (a.start, a.end) == (b.start, b.end) {
            return vec![subject_of(&a.who), subject_of(&b.who)];
        }
        if b.start < a.end {
            continue;
        }
        let between = without_descriptor(&text[a.end..b.start]).to_lowercase();
        let english = matches!(between.as_str(), "and" | "&" | "and both" | ", and" | "and my" | "and our");
        // "4살 아들이랑 2살 딸 둘다": the second one's age may come between.
        let aged = between.split_whitespace().count() == 1 && super::patterns::age_before(&between).is_some();
        // "할머니 할아버지 두분다": two relation words written bare, one after the other, join too.
        let bare = |m: &Mention| relations().iter().any(|r| r.ko_words.contains(&&text[m.start..m.end]));
        // "아들(10살)이랑 남편이 둘다": the first one's age in brackets, then the joining particle.
        let bracketed = text[a.end..b.start].starts_with('(') && KO_COMPANION.contains(&between.as_str());
        let korean = together
            && ((between.is_empty() || aged) && KO_COMPANION.iter().any(|c| text[a.start..a.end].ends_with(c))
                || between.is_empty() && bare(a)
                || bracketed);
        if english || korean {
            let mut group = vec![subject_of(&a.who), subject_of(&b.who)];
            group.dedup();
            return group;
        }
    }
    // "친구랑 어제 굴 먹고 둘다 토했어요": the one the writer was with, and the writer.
    let with_writer: Vec<&Mention> = here
        .iter()
        .filter(|(m, role)| *role == Role::Joined && matches!(m.who, Who::Person(..)))
        .map(|(m, _)| m)
        .collect();
    if together && candidates.len() == 1 && with_writer.len() == 1 {
        return vec![Subject::Me, subject_of(&with_writer[0].who)];
    }
    Vec::new()
}

/// The words between two people joined without the age and sex said of the first ("me 24f and my
/// sister", "Me (41) and my husband", "me (28M) and"): what joins them.
fn without_descriptor(between: &str) -> &str {
    let rest = between.trim_start();
    let rest = match rest.strip_prefix('(') {
        Some(inside)
            if inside.find(')').is_some_and(|close| inside[..close].contains(|c: char| c.is_ascii_digit())) =>
        {
            &inside[inside.find(')').unwrap_or(0) + 1..]
        }
        _ => {
            let token = rest.split(|c: char| c.is_whitespace() || c == ',').next().unwrap_or("");
            let digits = token.trim_end_matches(['m', 'f', 'M', 'F']);
            let aged = !digits.is_empty() && digits.len() <= 3 && digits.chars().all(|c| c.is_ascii_digit());
            if aged {
                &rest[token.len()..]
            } else {
                rest
            }
        }
    };
    rest.trim_start_matches([',', ' ']).trim()
}

/// Where the writer names themselves in English as "I" or "me" (for an age said right after: "me
/// (41) and my husband (43)", "I'm 42"), never inside a quotation.
pub fn writer_mention_ends(text: &str) -> Vec<usize> {
    english_mentions(text, &[])
        .into_iter()
        .filter(|(m, role)| *role == Role::Subject && m.who == Who::Writer)
        .filter(|(m, _)| matches!(text[m.start..m.end].to_lowercase().as_str(), "me" | "i" | "i'm" | "im"))
        .map(|(m, _)| m.end)
        .collect()
}

/// Whether `text` speaks of its writer anywhere ("I", "my", "저는", "제가").
pub fn names_the_writer(text: &str, names: &[String]) -> bool {
    mentions(text, &own_names(names)).iter().any(|(m, _)| m.who == Who::Writer)
}

/// Whether `word` is in `text` as a word of its own (for Latin words) or at all (Korean).
pub(crate) fn contains_word(text: &str, word: &str) -> bool {
    if has_hangul_text(word) {
        return text.replace(' ', "").contains(&word.replace(' ', ""));
    }
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric()) && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// The English age said right after a person's mention: "my son is 3", "my mother, who is 85",
/// "my father-in-law, 72,", "my son (6)", "my friend Tom is 45".
pub fn age_after_mention(text: &str, mention_end: usize) -> Option<u32> {
    super::patterns::age_after(&text[mention_end..])
}

/// Where each person is mentioned in `text` as a relation or a name (for the age said after it),
/// and whether the mention starts a sentence ("son 14 sprained his ankle", where a bare number
/// after it is the age).
pub fn person_mention_ends(text: &str, names: &[String]) -> Vec<(usize, Subject, bool)> {
    english_mentions(text, &own_names(names))
        .into_iter()
        .filter(|(m, role)| *role == Role::Subject && matches!(m.who, Who::Person(..)))
        .map(|(m, _)| {
            let before = text[..m.start].trim_end();
            let starts = before.is_empty() || before.ends_with(['.', '!', '?', '\n', ';', ':', ',', '-', '(']);
            (m.end, subject_of(&m.who), starts)
        })
        .collect()
}

/// Where each person is mentioned in `text` as a relation or a name, in any language (for the age
/// said before it: "10살 아들이랑", "6개월 아기").
pub fn person_mention_starts(text: &str, names: &[String]) -> Vec<(usize, Subject)> {
    mentions(text, &own_names(names))
        .into_iter()
        .filter(|(m, role)| *role != Role::Aside && matches!(m.who, Who::Person(..)))
        .map(|(m, _)| (m.start, subject_of(&m.who)))
        .collect()
}

// Words that say outright whom the message asks for: before the person in English ("my question is
// about my husband", "asking on behalf of my dad"), after them in Korean ("남편 대신 여쭤봐요", "엄마에
// 대해 질문드려요").
site_words!(TEXT_WORDS, asked_for_before);
site_words!(TEXT_WORDS, asked_for_after);

/// The person `text` says outright it asks for, whatever else the writer says of themselves ("Some
/// background: I'm 34 ... my question is about my husband"), among its mentions `all`.
fn asked_for_outright(text: &str, all: &[(Mention, Role)]) -> Option<Subject> {
    let lower = text.to_lowercase();
    let people =
        all.iter().filter(|(m, role)| *role != Role::Aside && matches!(m.who, Who::Person(..))).map(|(m, _)| m);
    // Only a determiner may stand between the cue and the person ("about my husband", "대신 ").
    let close =
        |gap: &str| gap.split_whitespace().all(|w| matches!(w, "my" | "our" | "the" | "에" | "님")) && gap.len() <= 8;
    let found = people.into_iter().find(|m| {
        asked_for_before()
            .iter()
            .any(|cue| lower[..m.start].rfind(cue).is_some_and(|at| close(&lower[at + cue.len()..m.start])))
            || asked_for_after()
                .iter()
                .any(|cue| lower[m.end..].find(cue).is_some_and(|at| close(&lower[m.end..m.end + at])))
    });
    found.map(|m| subject_of(&m.who))
}

// Relation words that name several people at once: an age said with them is each one's ("Mia and
// Noah (4yo twins)").
site_words!(TEXT_WORDS, pub group_words);

/// The ages said inside a person's own mention ("my 12yo daughter", "my 3 year old son"), with where
/// the mention starts: that person's age, never another's said in the same clause.
pub fn ages_within_mentions(text: &str, names: &[String]) -> Vec<(usize, Subject, u32)> {
    mentions(text, &own_names(names))
        .into_iter()
        .filter(|(m, role)| *role != Role::Aside && matches!(m.who, Who::Person(..)))
        .filter(|(m, _)| !group_words().iter().any(|g| text[m.start..m.end].to_lowercase().ends_with(g)))
        .filter_map(|(m, _)| {
            let age = super::patterns::demographics(&text[m.start..m.end]).age?;
            Some((m.start, subject_of(&m.who), age))
        })
        .collect()
}

/// The Korean ages said right after a person: in brackets after anyone ("지안이(4살)", "첫째딸(3살)")
/// or after a relation word written bare ("딸 8살 아들 5살": the daughter is 8, the son 5), with
/// where each age starts (an age said after one person is not the next one's "age before").
pub fn korean_ages_after(text: &str, names: &[String]) -> Vec<(usize, Subject, u32)> {
    let bare = |said: &str| relations().iter().any(|r| r.ko_words.contains(&said));
    mentions(text, &own_names(names))
        .into_iter()
        .filter(|(m, role)| *role != Role::Aside && matches!(m.who, Who::Person(..)))
        .filter_map(|(m, _)| {
            let (at, age) = super::patterns::korean_age_at(&text[m.end..])?;
            let bracketed = text[m.end..].starts_with('(');
            (bracketed || bare(&text[m.start..m.end])).then(|| (m.end + at, subject_of(&m.who), age))
        })
        .collect()
}

/// Where `text` names someone other than the writer (a relation, a name, a pronoun), last first
/// (so each can be blanked without moving the others).
pub fn other_mention_spans(text: &str, names: &[String]) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = mentions(text, &own_names(names))
        .into_iter()
        .filter(|(m, _)| m.who != Who::Writer)
        .map(|(m, _)| (m.start, m.end))
        .collect();
    // "a guy I work with", "a woman at my gym": a person the writer describes, not the writer.
    let words = words(text);
    for (k, w) in words.iter().enumerate().skip(1) {
        let described = matches!(words[k - 1].2.as_str(), "a" | "an" | "this" | "that")
            && matches!(w.2.as_str(), "guy" | "man" | "woman" | "girl" | "lady" | "dude" | "boy")
            && words.get(k + 1).is_some_and(|n| matches!(n.2.as_str(), "i" | "who" | "that" | "from" | "at" | "in"));
        if described {
            spans.push((w.0, w.1));
        }
    }
    crate::core::order::sort_by(&mut spans, |a, b| b.cmp(a));
    spans.dedup();
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    fn about(text: &str) -> Vec<Vec<String>> {
        clauses_of(text, &[]).into_iter().map(|c| c.subjects.iter().map(|s| s.label().to_string()).collect()).collect()
    }

    fn whole(text: &str) -> Vec<String> {
        let mut all: Vec<String> = about(text).into_iter().flatten().collect();
        all.dedup();
        all
    }

    #[test]
    fn a_relation_and_what_follows_it_are_that_persons() {
        assert_eq!(whole("My son is 3 and has had a fever of 39.2 since yesterday with a runny nose"), ["son"]);
        assert_eq!(whole("아들이 3살인데 어제부터 열이 39.2도이고 콧물이 나요"), ["son"]);
        assert_eq!(whole("우리 애가 5살인데 기침을 하고 콧물이 나요."), ["child"]);
        assert_eq!(whole("My 16 year old son fainted at practice."), ["son"]);
        assert_eq!(whole("Can my 4 year old have ibuprofen?"), ["child"]);
        assert_eq!(whole("My teenage daughter (15) has cramps."), ["daughter"]);
        assert_eq!(whole("Grandma is 88 and keeps falling; she takes donepezil."), ["grandmother"]);
        assert_eq!(whole("할아버지가 혈압이 160/100이에요."), ["grandfather"], "not the 아버지 inside 할아버지");
        assert_eq!(whole("My mother-in-law is 75."), ["mother-in-law"]);
        assert_eq!(whole("딸기를 먹고 배가 아파요"), ["self"], "딸기 is no daughter");
        assert_eq!(whole("I'm a new mom and my back hurts"), ["self"]);
        assert_eq!(whole("my 2yo has a runny nose"), ["child"]);
        assert_eq!(whole("막내가 두 살인데 설사를 해요"), ["child"]);
        assert_eq!(whole("둘째 날부터 열이 나요"), ["self"], "the second day is no second child");
        // A person named through another is that person, never the first.
        assert_eq!(whole("My sister's 15-year-old son has asthma."), ["nephew"]);
        assert_eq!(whole("My friend's daughter has a fever."), ["friend's daughter"]);
    }

    #[test]
    fn a_korean_pronoun_is_never_the_writer() {
        // Named before: the pronoun is theirs.
        assert_eq!(whole("아들이 8살이에요. 걔가 어제부터 설사를 해요."), ["son"]);
        assert_eq!(whole("시어머니가 오셨어요. 그분이 요즘 어지럽대요."), ["mother-in-law"]);
        // Named only after: the one other person the message names; not at all: nobody's, never
        // the writer's.
        assert_eq!(about("그분이 요즘 혈압약을 드시는데 어지럽대요. 저희 시어머니요.")[0], ["mother-in-law"]);
        assert_eq!(about("걔가 어제부터 설사를 해요.")[0], ["someone"]);
        // 그녀 says she is a woman: not the son named before.
        assert_eq!(about("남편이랑 아들이 왔어요. 그녀가 열이 나요.")[1], ["someone"]);
        assert_eq!(whole("그래서 열이 나요"), ["self"], "그래서 is no pronoun");
    }

    #[test]
    fn a_quoted_your_relation_and_a_neighbor_are_other_people() {
        assert_eq!(about("The doctor said, \"Your daughter has asthma.\"")[1], ["daughter"]);
        assert_eq!(whole("Your blood pressure is high."), ["self"], "'your' alone names nobody else");
        assert_eq!(about("My neighbor is diabetic and asked me what a normal sugar is.")[0], ["neighbor"]);
        assert_eq!(about("옆집 아저씨가 당뇨인데 혈당이 250이래요.")[0], ["neighbor"]);
        // A neighbor's child, with or without the apostrophe, is the child, not the writer.
        let child = ["neighbor's daughter"];
        assert_eq!(about("neighbor's little girl got stung by a bee")[0], child);
        assert_eq!(about("neighbors little girl got stung by a bee")[0], child);
    }

    #[test]
    fn the_one_typing_for_the_writer_is_not_the_subject() {
        assert_eq!(whole("손주가 대신 물어봐요. 제가 78세인데 통풍이 있어요."), ["self"]);
        assert_eq!(whole("할머니 대신 써요. 할머니가 82세이시고 요즘 발이 부어요."), ["grandmother"]);
        assert_eq!(whole("남편이 운전중이라 제가 대신 써요. 방금부터 옆구리가 아프대요."), ["husband"]);
        assert_eq!(whole("My grandson is typing this for me. I'm 79 and my knees hurt."), ["self"]);
        assert_eq!(whole("Typing this for my grandma: she's 82 and has high blood pressure."), ["grandmother"]);
    }

    #[test]
    fn clauses_change_subject_only_where_someone_is_named() {
        assert_eq!(about("I have gout and my mother has diabetes"), [vec!["self"], vec!["mother"]]);
        assert_eq!(about("저는 천식이 있고 아들은 아토피가 있어요."), [vec!["self"], vec!["son"]]);
        assert_eq!(about("My mother has diabetes. 메트포르민을 드세요."), [vec!["mother"], vec!["mother"]]);
        assert_eq!(
            about("My dad has type 2 diabetes, his HbA1c is 8.4 and he takes metformin. He's 68."),
            [vec!["father"], vec!["father"], vec!["father"], vec!["father"]]
        );
        // A pronoun is the last person it fits; the writer again where they speak of themselves.
        assert_eq!(
            whole("My wife and I are both 40. She has migraines, and I have gout."),
            ["wife", "self", "wife", "self"]
        );
        assert_eq!(about("His LDL is 190."), [vec!["someone"]], "a pronoun nobody fits is nobody's");
        assert_eq!(whole("The doctor said she thinks my blood pressure is high"), ["self"]);
    }

    #[test]
    fn a_relation_without_my_at_a_sentences_start_is_that_person() {
        assert_eq!(whole("husband is 61 and his PSA went up to 5.3"), ["husband"]);
        assert_eq!(whole("wife's been having hot flashes, she's 51"), ["wife"]);
        assert_eq!(whole("4 month old has had a runny nose for 3 days"), ["child"]);
        assert_eq!(whole("2yo daughter fell asleep with a bottle"), ["daughter"]);
        assert_eq!(whole("friend of mine has gout. his uric acid is 7.8"), ["friend"]);
        assert_eq!(whole("Nana was just put on prednisone"), ["grandmother"]);
        assert_eq!(whole("my husbands fasting sugar was 182"), ["husband"], "a possessive without its apostrophe");
        assert_eq!(whole("husbands gout is back, his toe is red hot and swollen"), ["husband"]);
        assert_eq!(whole("husband snores like a chainsaw"), ["husband"]);
        assert_eq!(whole("4 month old with a runny nose and cough"), ["child"]);
        assert_eq!(
            whole("fasting glucose 108 and a1c 5.9, 38 yrs old."),
            ["self"],
            "without 'my' only a baby's age names a child"
        );
        // A relation word that says nothing of a person is none.
        assert_eq!(whole("Baby aspirin every day, is that ok for me?"), ["self"]);
        // A reporting friend is what a pronoun after it refers to.
        assert_eq!(whole("friend asked me to ask - he's 29 and his blood pressure is 150/100"), ["friend"]);
    }

    /// Whom the clause holding `word` is about.
    fn of_word(text: &str, word: &str) -> Vec<String> {
        let at = text.find(word).unwrap();
        let clause = clauses_of(text, &[]).into_iter().find(|c| (c.start..c.end).contains(&at)).unwrap();
        clause.subjects.iter().map(|s| s.label().to_string()).collect()
    }

    #[test]
    fn a_name_no_list_holds_is_that_person_when_an_age_describes_it() {
        assert_eq!(whole("Minjun is 3 and has a barking cough at night"), ["Minjun"]);
        assert_eq!(whole("Seoah (6) has had a fever since Sunday"), ["Seoah"]);
        assert_eq!(whole("Leon, 4, keeps coughing"), ["Leon"]);
        assert_eq!(whole("도담이는 6살인데 콧물이랑 기침이 열흘째예요"), ["도담"]);
        assert_eq!(whole("우리 라온이가 18개월인데 열이 나요"), ["라온"]);
        // A measure is no name, and a word an age does not describe is nobody.
        assert_eq!(whole("Weight is 70 and I have a cough"), ["self"]);
        assert_eq!(whole("Temp is 39 and rising"), ["self"]);
        assert_eq!(whole("Coughing for 3 days, is 3 days too long?"), ["self"]);
        assert_eq!(whole("기침은 3일째예요"), ["self"]);
        assert_eq!(whole("Hi, 45 yo female. I have a cough"), ["self"]);
        assert_eq!(whole("천식있는 35살 남자입니다"), ["self"]);
    }

    #[test]
    fn a_relation_named_before_is_that_person_without_my() {
        let text = "my baby (3 mo) and I both have thrush, doctor gave baby nystatin and me fluconazole";
        assert_eq!(of_word(text, "nystatin"), ["child"]);
        assert_eq!(of_word(text, "fluconazole"), ["self"], "the writer's own medicine stays theirs");
        let korean = "아기(3개월)랑 저 둘다 아구창이에요. 의사가 아기한테 니스타틴, 저한테 플루코나졸 줬어요";
        assert_eq!(of_word(korean, "니스타틴"), ["child"]);
        assert_eq!(of_word(korean, "플루코나졸"), ["self"]);
        // Without the relation named before, a bare noun stays a word ("baby aspirin").
        assert_eq!(whole("I take baby aspirin daily"), ["self"]);
    }

    #[test]
    fn a_given_name_is_that_person_never_the_writer() {
        assert_eq!(whole("Jane has been having lower back pain. She's 44."), ["Jane"]);
        assert_eq!(whole("ava's 11 months and her thigh is red"), ["Ava"]);
        assert_eq!(
            whole("I'll mark the date and take my pills"),
            ["self"],
            "'mark' is a name only written with a capital"
        );
        assert_eq!(whole("My friend Tom is 45."), ["Tom"], "a name after a relation is that person");
        assert_eq!(whole("지훈이가 어제부터 배가 아프대요"), ["지훈"]);
        assert_eq!(whole("서연이 어린이집에서 옮아왔나봐요"), ["서연"], "a listed name with the familiar -이");
        assert_eq!(whole("도현이는 열이 나요"), ["도현"]);
        assert_eq!(whole("두통이 심해요"), ["self"], "a symptom is no name");
        assert_eq!(whole("성인이 먹어도 되나요"), ["self"], "an everyday word spelled with name syllables");
    }

    #[test]
    fn a_pair_word_names_both_and_genders_come_from_words_and_pronouns() {
        assert_eq!(about("both my parents have high cholesterol."), [vec!["father", "mother"]]);
        assert_eq!(about("부모님이 고혈압이 있으세요"), [vec!["father", "mother"]]);
        let genders = |text: &str| read(text, &[]).genders;
        assert!(genders("my girlfriend has a UTI").contains(&(Subject::Other("partner".into()), Gender::Female)));
        assert!(genders("남친이 허리디스크래요").contains(&(Subject::Other("partner".into()), Gender::Male)));
        assert!(genders("friend of mine has gout, his uric acid is 7.8")
            .contains(&(Subject::Other("friend".into()), Gender::Male)));
        assert_eq!(Subject::Other("Jane".into()).key(), "name:Jane");
        assert_eq!(Subject::Other("son".into()).key(), "son");
    }

    #[test]
    fn a_korean_sentence_without_a_full_stop_ends_its_clause() {
        // A child by birth order: after 우리 or before an age; alone it is "the second (day)".
        assert_eq!(whole("우리 둘째 2살인데 열이 39.5도였어요"), ["child"]);
        assert_eq!(whole("첫째(4살)가 열이 38.8도예요"), ["child"]);
        assert_eq!(whole("둘째 날부터 열이 나요"), ["self"]);
        assert_eq!(about("저도 고혈압이고 남편도 당뇨가 있어요."), [vec!["self"], vec!["husband"]]);
        assert_eq!(about("남편 혈압 145/92 저는 128/85 나왔어요"), [vec!["husband"], vec!["self"]]);
        assert_eq!(about("아빠가 통풍이 있으신데 저도 요산이 7.9 나왔어요"), [vec!["father"], vec!["self"]]);
        assert_eq!(about("엄마가 고혈압이라 그런지 저도 혈압이 138/88이에요"), [vec!["mother"], vec!["self"]]);
        assert_eq!(
            about("남편이 통풍이 도졌어요 저는 남편 때문에 스트레스로 두통이 와요"),
            [vec!["husband"], vec!["self"]],
            "the cause is not whom the clause is about"
        );
        assert_eq!(
            about("남편이랑 저 둘다 불면증이에요 남편은 자낙스 처방받았고 저는 멜라토닌 먹어요"),
            [vec!["husband", "self"], vec!["husband"], vec!["self"]]
        );
    }

    #[test]
    fn people_joined_are_one_subject() {
        assert_eq!(about("My husband and I both have high cholesterol."), [vec!["husband", "self"]]);
        assert_eq!(about("아빠랑 엄마 둘 다 고지혈증이 있어요."), [vec!["father", "mother"]]);
        assert_eq!(about("저랑 남편 둘 다 고혈압이 있어요."), [vec!["self", "husband"]]);
        assert_eq!(about("할머니 할아버지 두분다 백내장 수술하셨어요"), [vec!["grandmother", "grandfather"]]);
        assert_eq!(about("엄마 아빠 둘 다 고지혈증이 있어요."), [vec!["mother", "father"]]);
        assert_eq!(about("Both mom and dad have high cholesterol."), [vec!["mother", "father"]]);
        assert_eq!(whole("친구랑 술을 마셨는데 머리가 아파요"), ["self"], "a companion is not the subject");
    }

    #[test]
    fn a_person_named_without_my_is_never_the_writer() {
        // A relation at a sentence's start, then a verb in the past or of one person now.
        assert_eq!(
            about("husband tested positive for covid yesterday and now my throat is killing me")[0],
            ["husband"]
        );
        assert_eq!(whole("toddler ate some of grandma's pills off the floor, amlodipine 5mg i think"), ["child"]);
        // "the" before one person with a relative clause or words said of them.
        assert_eq!(whole("The patient I care for is 79, on warfarin, and she fell yesterday"), ["patient"]);
        assert_eq!(whole("the lady I look after (89) has been way more confused since Tuesday"), ["patient"]);
        assert_eq!(whole("patient I care for is 67 with parkinsons, on carbidopa levodopa"), ["patient"]);
        // A name after a relation is that person.
        assert_eq!(whole("coworker Dev sneezes nonstop and his eyes puff up"), ["Dev"]);
        assert_eq!(whole("aunt Rosa has had lupus forever"), ["Rosa"]);
        assert_eq!(whole("회사 후배 지훈씨가 어제부터 38.4도 열나고 목아프대요"), ["지훈"]);
        // The one a question is for ("for an 80 year old"), the one other person named.
        assert_eq!(whole("is 94% oxygen ok for an 80 year old? dad has copd"), ["father"]);
        assert_eq!(whole("how much tylenol for a 14 kg kid. she has a temp of 38.8"), ["child"]);
        let text = "I took ibuprofen for a bad headache. my baby is 3 months old";
        assert_eq!(about(text), [vec!["self"], vec!["child"]], "the description ends with its sentence");
        // A writer who never speaks of themselves: the person named first at a clause's start.
        assert_eq!(whole("Fever of 39.4 since last night, she won't eat anything. she's 6."), ["someone"]);
        assert_eq!(
            about("on sertraline 100mg, is one or two drinks at my friends wedding gonna be a problem")[0],
            ["self"],
            "a person named in passing"
        );
        assert_eq!(about("fever 39 since last night. my daughter has it too")[0], ["self"], "set beside the writer");
        // "her mom" is someone else's.
        assert_eq!(
            whole("neighbors little girl got stung by a bee. she is 5. her mom isnt home"),
            ["neighbor's daughter"]
        );
        assert_eq!(
            about("아버지가 폰을 잘 못하셔서 아들인 제가 대신 여쭤봅니다. 당뇨 있으셔서 자누비아 드세요")[1],
            ["father"]
        );
    }

    #[test]
    fn people_said_to_be_both_are_each_one() {
        let last = |text: &str| about(text).pop().unwrap();
        assert_eq!(
            last(
                "아빠는 2형당뇨라 다이아벡스 드시고 엄마는 고혈압으로 노바스크 드시는데 두분 다 요즘 어지럽다고 하세요"
            ),
            ["father", "mother"]
        );
        assert_eq!(
            last("dad has afib and is on eliquis, mom has parkinsons. both are scheduled for cataract surgery"),
            ["father", "mother"]
        );
        assert_eq!(last("친구랑 어제 굴 먹고 둘다 밤새 설사하고 토했음"), ["self", "friend"]);
        assert_eq!(last("아들(10살)이랑 남편이 둘다 알레르기비염이라 재채기에 콧물에 난리에요"), ["son", "husband"]);
        assert_eq!(whole("엄마아빠 두분다 무릎이 아프세요"), ["mother", "father"]);
        assert_eq!(about("남매쌍둥이 5살인데 둘다 장염이래요")[0], ["son", "daughter"]);
        assert_eq!(whole("엄마랑 나 둘다 갑상선저하증이에요"), ["mother", "self"]);
        assert_eq!(
            about("I have acid reflux and so does my husband, we both take omeprazole 20mg every morning")[2],
            ["self", "husband"]
        );
        assert_eq!(about("my son has a fever. we gave him tylenol")[1], ["son"], "\"we\" alone is no one");
    }

    #[test]
    fn a_korean_person_said_after_their_sentence_is_whom_it_was_about() {
        assert_eq!(whole("계속 토해요 우리 둘째가ㅠㅠ 새벽부터 5번째에요 4살이에요"), ["child"]);
        assert_eq!(whole("열이 39도에요 우리 애가"), ["child"]);
        assert_eq!(whole("기침을 한달째 하세요 울아버지.. 담배도 피시고 70세세요"), ["father"]);
        assert_eq!(whole("혈압이 160/95 나왔다네요 시엄니가. 약은 안드시고 계세요"), ["mother-in-law"]);
        // The writer who only writes it down; the one who says it in the honorific.
        let text = "아버지가 핸드폰을 잘 못하셔서 제가 써요. 3일전부터 옆구리가 아프고 소변에 피가 나온다고 하십니다";
        assert_eq!(whole(text), ["father"]);
        // A person who goes on to say their own words is a second person.
        assert_eq!(whole("머리가 아파요 아들이 열이 나요"), ["self", "son"]);
        assert_eq!(whole("머리가 아파요 아들이ㅠㅠ 열이 나요"), ["self", "son"], "an emoticon after a subject");
    }

    #[test]
    fn a_korean_sentence_ended_formally_ends_its_clause() {
        assert_eq!(about("29살 남자 몸무게 98키로입니다 여자친구가 코골이가 심해요"), [vec!["self"], vec!["partner"]]);
    }

    #[test]
    fn the_owner_of_a_thing_used_is_no_one_the_clause_is_about() {
        assert_eq!(whole("my blood sugar was 287 after dinner on my roommates meter"), ["self"]);
        assert_eq!(whole("I had a rash at my sister's wedding"), ["self"]);
        // Words said of the person's own body or illness are theirs.
        assert_eq!(whole("I put cream on my son's rash"), ["son"]);
    }

    #[test]
    fn so_does_starts_the_words_said_of_the_next_person() {
        assert_eq!(about("I have acid reflux and so does my husband"), [vec!["self"], vec!["husband"]]);
        assert_eq!(about("I have a cold so my son stayed home"), [vec!["self"], vec!["son"]]);
    }

    #[test]
    fn two_joined_with_together_in_korean_are_both() {
        assert_eq!(about("애기랑 저랑 같이 장염 걸렸어요"), [vec!["child", "self"]]);
    }

    #[test]
    fn a_care_givers_short_name_is_no_persons_name() {
        let names = unlisted_names("Pedi said reflux and put him on famotidine. he is 5 months", |_| false);
        assert!(names.is_empty(), "{names:?}");
        let names = unlisted_names("GI put him on prednisone and he is worse", |_| false);
        assert!(names.is_empty(), "{names:?}");
        // A name said with who the person is, in brackets.
        let names = unlisted_names("Tsering (my roommate) has a fever and a rash on her chest", |_| false);
        assert_eq!(names, ["Tsering"]);
    }

    #[test]
    fn the_one_given_a_medicine_is_whom_it_is_for_not_the_giver() {
        let text = "my little brother is 9 and his lips are swollen. mom gave him zyrtec";
        assert_eq!(of_word(text, "zyrtec"), ["brother"]);
        let text = "my ex texted me that our son has strep and she started him on amoxicillin";
        assert_eq!(of_word(text, "strep"), ["son"], "who texts reports");
        assert_eq!(of_word(text, "amoxicillin"), ["son"]);
        assert_eq!(of_word("my wife gave our daughter motrin at 8", "motrin"), ["daughter"]);
        assert_eq!(whole("남편이 아기한테 해열제를 먹였는데 열이 안 내려요"), ["child"]);
        assert_eq!(whole("엄마가 동생한테 연고 발라줬어요"), ["sibling"]);
        // Giving nothing ("gave up"), the one who gives is the one the clause is about.
        assert_eq!(whole("my mom gave up sugar and her A1c is 6.1"), ["mother"]);
        assert_eq!(whole("엄마가 요즘 밥을 안 드세요"), ["mother"]);
    }

    #[test]
    fn both_after_two_people_set_apart_is_the_two_of_them() {
        let text = "저랑 남편 둘다 독감이에요 열이 저는 39.1도 남편은 38.5 둘다 근육통 심해요";
        assert_eq!(of_word(text, "근육통"), ["self", "husband"]);
        assert_eq!(of_word("딸 14살 저 45살 둘다 빈혈이래요", "빈혈"), ["daughter", "self"]);
        let text = "아들이 장염걸렸는데 저까지 옮았나봐요ㅋㅋ 둘다 설사하고 배아파서";
        assert_eq!(of_word(text, "설사"), ["son", "self"], "both: the one named and the writer after");
        assert_eq!(of_word("나랑 친구랑 같은날 조개 먹고 둘다 배아프고 설사함", "설사"), ["self", "friend"]);
        // The two in the order the message names them.
        let text = "My husband has type 1. I have type 2 and mine was 210. both on insulin";
        assert_eq!(of_word(text, "insulin"), ["husband", "self"]);
        // Without the writer speaking of themselves, "both" is no pair with them.
        assert_eq!(of_word("My husband has type 1. both on insulin", "insulin"), ["husband"]);
    }

    #[test]
    fn a_writer_who_gives_a_medicine_gives_it_to_whom_the_message_is_about() {
        let text = "9yo daughter with peanut allergy ate a cookie, lips swelling. I gave zyrtec. do I use the epipen??";
        assert_eq!(of_word(text, "zyrtec"), ["daughter"]);
        assert_eq!(of_word("아들이 열이 나요. 제가 해열제 먹였어요", "해열제"), ["son"]);
        // A gift of the writer's own is theirs.
        assert_eq!(of_word("my son has a cold. I gave birth 3 weeks ago and I'm bleeding", "bleeding"), ["self"]);
        assert_eq!(whole("kiddo is 11, headache and stiff neck since this morning"), ["child"]);
    }
}
