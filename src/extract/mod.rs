//! Slot extraction: what a message says about the patient, in six slots (demographics, conditions,
//! symptoms, medications, vitals, labs). Numbers come from the one reader of vital signs and lab
//! values ([`crate::core::vitals`]), demographics from [`patterns`]; concepts from the
//! lexicon; a negated concept ("no fever", "열은 없어요", "denies chest pain") or one only asked
//! about ("What causes gout?") adds nothing; a medicine said not to be taken, or no longer ("I
//! stopped warfarin", "아스피린은 끊었어요"), is kept apart so the profile forgets it; a duration
//! next to a condition ("10년째 당뇨") is kept with it.

mod negation;
pub mod patterns;

pub use crate::core::vitals::{MeasureKind, DIASTOLIC};

use crate::core::vitals::{self, Reading};
use crate::lexicon::{ConceptKind, Lexicon};
use serde::{Deserialize, Serialize};

/// Gender as stated by the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Male,
    Female,
}

/// Demographic facts of one message.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Demographics {
    pub age: Option<u32>,
    /// "40대" / "in my 40s" -> 40.
    pub age_group: Option<u32>,
    pub gender: Option<Gender>,
    pub pregnant: Option<bool>,
}

impl Demographics {
    pub fn is_empty(&self) -> bool {
        self.age.is_none() && self.age_group.is_none() && self.gender.is_none() && self.pregnant.is_none()
    }
}

/// A condition, symptom or medication mentioned (not negated).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConceptSlot {
    /// Lexicon concept id (ICD-10 code, DrugBank id, ...).
    pub id: String,
    pub en: String,
    pub ko: String,
    /// The words the user used.
    pub said: String,
    /// How long, as said ("10년", "3 years"), when given next to it.
    pub duration: Option<String>,
}

/// A number the user reported, with its unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    pub kind: MeasureKind,
    pub value: f64,
    /// The diastolic pressure for blood pressure.
    pub second: Option<f64>,
    pub unit: String,
}

impl Measurement {
    /// "140/90 mmHg", "8.2 %".
    pub fn display(&self) -> String {
        let v = |x: f64| if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{x}") };
        match self.second {
            Some(d) => format!("{}/{} {}", v(self.value), v(d), self.unit),
            None => format!("{} {}", v(self.value), self.unit),
        }
    }
}

/// The numbers of `text` the profile keeps: each kind at most once, its first reading (a glucose in
/// mg/dL; a fasting one said makes any other glucose no fact of its own; a meter's LO or HI is no number).
pub fn measurements(text: &str) -> Vec<Measurement> {
    let readings: Vec<Reading> = vitals::read(text).into_iter().filter(|r| !r.off_scale).collect();
    let fasting = readings.iter().any(|r| r.kind == MeasureKind::FastingGlucose);
    let mut out: Vec<Measurement> = Vec::new();
    for r in readings {
        if out.iter().any(|m| m.kind == r.kind) || (fasting && r.kind == MeasureKind::BloodGlucose) {
            continue;
        }
        let (value, unit) = match r.kind {
            // Whole mg/dL, as meters and labs give it (2.1 mmol/L is 38, not 37.800000000000004).
            MeasureKind::FastingGlucose | MeasureKind::BloodGlucose => (r.mg_dl().round(), vitals::Unit::MgPerDl),
            _ => (r.value, r.unit),
        };
        out.push(Measurement { kind: r.kind, value, second: r.second, unit: unit.symbol().into() });
    }
    out.sort_by_key(|m| m.kind);
    out
}

/// Everything one message says about the patient.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Slots {
    pub demographics: Demographics,
    pub conditions: Vec<ConceptSlot>,
    pub symptoms: Vec<ConceptSlot>,
    pub medications: Vec<ConceptSlot>,
    pub vitals: Vec<Measurement>,
    pub labs: Vec<Measurement>,
    /// Medicines the message says are not, or no longer, taken: the profile forgets them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stopped: Vec<ConceptSlot>,
}

impl Slots {
    /// The number of medical facts (conditions, symptoms, medications, vitals, labs): what active
    /// retrieval counts to judge complexity.
    pub fn concept_count(&self) -> usize {
        self.conditions.len() + self.symptoms.len() + self.medications.len() + self.vitals.len() + self.labs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.demographics.is_empty() && self.concept_count() == 0 && self.stopped.is_empty()
    }
}

/// Whether the medicine mentioned at `start..end` of `text` is said not to be taken, or no longer
/// ("I stopped warfarin", "와파린은 끊었어요"); asked about or planned is taken.
pub fn medicine_not_taken(text: &str, start: usize, end: usize) -> bool {
    negation::is_not_taken(text, start, end)
}

/// Extracts the slots of `text`. Without a lexicon only the patterns run.
pub fn extract(text: &str, lexicon: Option<&Lexicon>) -> Slots {
    let mut slots = Slots { demographics: patterns::demographics(text), ..Slots::default() };
    for m in measurements(text) {
        if m.kind.is_vital() {
            slots.vitals.push(m);
        } else {
            slots.labs.push(m);
        }
    }
    let Some(lexicon) = lexicon else { return slots };
    for mention in lexicon.find(text) {
        let concept = mention.concept;
        // Labs and vitals are measured by the patterns; their names alone are no fact about the patient,
        // and a topic (a test, a procedure, alcohol) never is one.
        let not_taken = concept.kind == ConceptKind::Medication && medicine_not_taken(text, mention.start, mention.end);
        let target = match concept.kind {
            ConceptKind::Condition => &mut slots.conditions,
            ConceptKind::Symptom => &mut slots.symptoms,
            ConceptKind::Medication if not_taken => &mut slots.stopped,
            ConceptKind::Medication => &mut slots.medications,
            ConceptKind::Lab | ConceptKind::Vital | ConceptKind::Topic => continue,
        };
        if target.iter().any(|s| s.id == concept.id)
            || (!not_taken && negation::is_negated(text, mention.start, mention.end))
            || negation::is_only_asked_about(text, mention.start, mention.end)
        {
            continue;
        }
        target.push(ConceptSlot {
            id: concept.id.clone(),
            en: concept.en.clone(),
            ko: concept.ko.clone(),
            said: text[mention.start..mention.end].to_string(),
            duration: (concept.kind == ConceptKind::Condition)
                .then(|| patterns::duration_near(text, mention.start, mention.end))
                .flatten(),
        });
    }
    slots
}

/// The relations by which a message speaks of another person, each with the words that name it
/// (English with "my", so "mother" in "mother's day" or a disease name is no person). The longest
/// word found wins: "할아버지" is a grandfather, not the "아버지" inside it.
const RELATIONS: &[(&str, &[&str])] = &[
    ("mother", &["my mother", "my mom", "my mum", "my mommy", "어머니", "엄마", "어머님", "모친"]),
    ("father", &["my father", "my dad", "아버지", "아빠", "아버님", "부친"]),
    ("wife", &["my wife", "아내", "와이프", "집사람"]),
    ("husband", &["my husband", "남편"]),
    ("son", &["my son", "아들"]),
    ("daughter", &["my daughter", "우리 딸", "제 딸", "내 딸", "딸이", "딸은", "딸아이"]),
    ("grandmother", &["my grandmother", "my grandma", "할머니"]),
    ("grandfather", &["my grandfather", "my grandpa", "할아버지"]),
    ("brother", &["my brother", "남동생", "오빠", "형이", "형은"]),
    ("sister", &["my sister", "여동생", "언니", "누나"]),
    ("child", &["my child", "my kid", "my baby", "우리 아이", "아기"]),
    ("partner", &["my partner", "my boyfriend", "my girlfriend"]),
    ("friend", &["my friend", "친구"]),
];

/// Words by which a clause speaks of the user again after another person was named.
/// (English words with the spaces around them: the clause is compared padded with a space each side.)
const FIRST_PERSON: &[&str] =
    &[" i ", " i'm ", " i've ", " i'd ", " me ", " me. ", " myself", "저는", "제가", "나는", "내가", "저도", "나도"];

/// Who a clause of a message is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// The user (the person the conversation is with).
    Me,
    /// Another person, by relation ("mother") or by the name the app knows them by.
    Other(String),
}

/// The words of `relation` (one of [`RELATIONS`]), without the English "my ": what a person the app
/// keeps may be named ("Mom", "엄마").
pub fn relation_words(relation: &str) -> Vec<&'static str> {
    RELATIONS
        .iter()
        .filter(|(r, _)| *r == relation)
        .flat_map(|(_, words)| words.iter().map(|w| w.strip_prefix("my ").unwrap_or(w)))
        .collect()
}

/// The other person a clause names: the relation of its longest relation word, else one of `names`.
fn named_other(clause: &str, names: &[String]) -> Option<String> {
    let lower = clause.to_lowercase();
    let relation = RELATIONS
        .iter()
        .flat_map(|(relation, words)| words.iter().map(move |w| (*relation, *w)))
        .filter(|(_, word)| lower.contains(word))
        .max_by_key(|(_, word)| word.chars().count())
        .map(|(relation, _)| relation.to_string());
    relation
        .or_else(|| names.iter().find(|n| n.chars().count() >= 2 && contains_word(&lower, &n.to_lowercase())).cloned())
}

/// Whether `word` is in `text` as a word of its own (not inside a longer Latin word).
fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric()) && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// The clauses of a message: split at sentence and clause marks, English "and" / "but" / "while",
/// and Korean connective endings, so "I have gout and my mother has diabetes" is two clauses.
fn clauses(text: &str) -> Vec<&str> {
    const JOINS: &[&str] = &[" and ", " but ", " while ", "고 ", "는데 ", "지만 ", "며 "];
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        // A decimal point or a thousands comma ("8.2", "1,500") ends nothing.
        let in_number = rest.starts_with(['.', ','])
            && digit_before(text, i)
            && rest[1..].starts_with(|c: char| c.is_ascii_digit());
        let cut = if rest.starts_with(['.', '!', '?', '\n', ';', ',']) && !in_number {
            Some(1)
        } else {
            JOINS.iter().find(|j| rest.starts_with(**j)).map(|j| j.len())
        };
        match cut {
            Some(len) => {
                out.push(&text[start..i + len]);
                i += len;
                start = i;
            }
            None => i += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    out.push(&text[start..]);
    out.retain(|c| !c.trim().is_empty());
    out
}

fn digit_before(text: &str, i: usize) -> bool {
    text[..i].chars().next_back().is_some_and(|c| c.is_ascii_digit())
}

/// The slots of a message by whom they are about: the user's own first, then each other person's.
/// A clause names its subject or keeps the one before it ("my mother has diabetes and tingling
/// feet" is all the mother's), until one speaks of the user again ("... and I have gout"). A message
/// that names nobody else is extracted whole, exactly as [`extract`] does. `names`: the names of the
/// other people the app keeps, so "Jane has diabetes" is Jane's.
pub fn extract_by_subject(text: &str, lexicon: Option<&Lexicon>, names: &[String]) -> Vec<(Subject, Slots)> {
    let parts = clauses(text);
    if parts.iter().all(|c| named_other(c, names).is_none()) {
        return vec![(Subject::Me, extract(text, lexicon))];
    }
    let mut by_subject: Vec<(Subject, Slots)> = vec![(Subject::Me, Slots::default())];
    let mut subject = Subject::Me;
    for clause in parts {
        let lower = format!(" {} ", clause.to_lowercase());
        subject = match named_other(clause, names) {
            Some(other) => Subject::Other(other),
            None if FIRST_PERSON.iter().any(|w| lower.contains(w)) => Subject::Me,
            None => subject,
        };
        let found = extract(clause, lexicon);
        let at = match by_subject.iter().position(|(s, _)| *s == subject) {
            Some(at) => at,
            None => {
                by_subject.push((subject.clone(), Slots::default()));
                by_subject.len() - 1
            }
        };
        merge(&mut by_subject[at].1, found);
    }
    by_subject
}

/// Adds `more` to `slots` (a concept already there is not repeated; a demographic said first stays).
fn merge(slots: &mut Slots, more: Slots) {
    let d = &mut slots.demographics;
    d.age = d.age.or(more.demographics.age);
    d.age_group = d.age_group.or(more.demographics.age_group);
    d.gender = d.gender.or(more.demographics.gender);
    d.pregnant = d.pregnant.or(more.demographics.pregnant);
    for (into, from) in [
        (&mut slots.conditions, more.conditions),
        (&mut slots.symptoms, more.symptoms),
        (&mut slots.medications, more.medications),
        (&mut slots.stopped, more.stopped),
    ] {
        for concept in from {
            if !into.iter().any(|c| c.id == concept.id) {
                into.push(concept);
            }
        }
    }
    slots.vitals.extend(more.vitals);
    slots.labs.extend(more.labs);
}

#[cfg(test)]
mod measurement_tests {
    use super::*;

    fn said(text: &str) -> Vec<String> {
        measurements(text).iter().map(|m| format!("{:?} {}", m.kind, m.display())).collect()
    }

    #[test]
    fn the_profile_keeps_the_first_reading_of_each_kind_in_its_unit() {
        assert_eq!(said("bp 150/95 this morning, 140/90 now"), ["BloodPressure 150/95 mmHg"]);
        assert_eq!(said("temp 101.5F"), ["Temperature 101.5 °F"]);
        // Glucose is kept in mg/dL whatever unit it was said in.
        assert_eq!(said("blood sugar 5.5 mmol"), ["BloodGlucose 99 mg/dL"]);
        assert_eq!(said("sugar reading 2.1"), ["BloodGlucose 38 mg/dL"]);
        assert_eq!(said("공복혈당 130, 식후 혈당 200"), ["FastingGlucose 130 mg/dL"]);
        assert_eq!(said("산소포화도 95%, 맥박 80"), ["HeartRate 80 bpm", "OxygenSaturation 95 %"]);
        // A meter's LO is no number to keep; a count of pills is no measurement.
        assert!(said("my meter says LO").is_empty());
        assert!(said("I took 3 pills, 2 hours ago").is_empty());
    }
}

#[cfg(test)]
mod subject_tests {
    use super::*;

    fn subjects(text: &str, names: &[&str]) -> Vec<(Subject, Slots)> {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        extract_by_subject(text, None, &names)
    }

    #[test]
    fn a_mothers_facts_are_hers_and_the_users_stay_the_users() {
        let found = subjects("My mother has type 2 diabetes and tingling feet, she is 72 years old.", &[]);
        assert!(found[0].1.is_empty(), "nothing about the user: {found:?}");
        let (who, hers) = &found[1];
        assert_eq!(*who, Subject::Other("mother".into()));
        assert_eq!((hers.demographics.gender, hers.demographics.age), (Some(Gender::Female), Some(72)));

        let mixed = subjects("I am a 45 year old man and my wife is pregnant.", &[]);
        assert_eq!((mixed[0].1.demographics.gender, mixed[0].1.demographics.age), (Some(Gender::Male), Some(45)));
        assert_eq!(mixed[1].1.demographics.pregnant, Some(true));
        assert_eq!(mixed[0].1.demographics.pregnant, None);

        let korean = subjects("할아버지가 혈압이 160/100이에요. 저는 38세예요.", &[]);
        assert_eq!(korean[1].0, Subject::Other("grandfather".into()), "not the 아버지 inside 할아버지");
        assert_eq!(korean[1].1.vitals.len(), 1);
        assert_eq!(korean[0].1.demographics.age, Some(38));

        let by_name = subjects("Jane is 80 years old.", &["Jane"]);
        assert_eq!((by_name[1].0.clone(), by_name[1].1.demographics.age), (Subject::Other("Jane".into()), Some(80)));
        // Nobody else named: the whole message is the user's, as before.
        assert_eq!(
            subjects("I am 50 and my blood pressure is 150/95", &[]),
            vec![(Subject::Me, extract("I am 50 and my blood pressure is 150/95", None))]
        );
        assert_eq!(relation_words("mother")[..2], ["mother", "mom"]);
    }
}
