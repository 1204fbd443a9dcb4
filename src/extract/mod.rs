//! Slot extraction: what a message says about the patient, in six slots (demographics, conditions,
//! symptoms, medications, vitals, labs). Numbers come from the one reader of vital signs and lab
//! values ([`crate::core::vitals`]), demographics from [`patterns`]; concepts from the
//! lexicon; a negated concept ("no fever", "열은 없어요", "denies chest pain") or one only asked
//! about ("What causes gout?") adds nothing; a medicine said not to be taken, or no longer ("I
//! stopped warfarin", "아스피린은 끊었어요"), is kept apart so the profile forgets it; a duration
//! next to a condition ("10년째 당뇨") is kept with it.

mod negation;
pub mod patterns;
pub mod subject;
mod symptom_words;
mod text_words;

pub use crate::core::vitals::{MeasureKind, DIASTOLIC};
pub use subject::{relation, relation_words, relations, Relation, Subject, GIVEN_NAMES};
pub use symptom_words::SYMPTOM_WORDS;
pub use text_words::TEXT_WORDS;

use crate::core::site::{site_pattern, site_words};
use crate::core::vitals::{self, Reading};
use crate::lexicon::{Concept, ConceptKind, Lexicon};
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
        self.count() == 0
    }

    /// How many demographic facts are known.
    pub fn count(&self) -> usize {
        [self.age.is_some(), self.age_group.is_some(), self.gender.is_some(), self.pregnant.is_some()]
            .into_iter()
            .filter(|&known| known)
            .count()
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
        let shown = match self.second {
            Some(d) => format!("{}/{} {}", v(self.value), v(d), self.unit),
            None => format!("{} {}", v(self.value), self.unit),
        };
        shown.trim_end().to_string()
    }
}

/// The numbers of `text` the profile keeps: each kind at most once, its first reading (a glucose in
/// mg/dL; a fasting one said makes any other glucose no fact of its own; a meter's LO or HI is no number).
pub fn measurements(text: &str) -> Vec<Measurement> {
    kept(&readings(text))
}

/// The readings of `text` that say a number (a meter's LO or HI says none).
fn readings(text: &str) -> Vec<Reading> {
    vitals::read(text).into_iter().filter(|r| !r.off_scale).collect()
}

/// The readings the profile keeps, as measurements (see [`measurements`]).
fn kept(readings: &[Reading]) -> Vec<Measurement> {
    let fasting = readings.iter().any(|r| r.kind == MeasureKind::FastingGlucose);
    let mut out: Vec<Measurement> = Vec::new();
    for r in readings.iter().copied() {
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
    crate::core::order::sort_by_key(&mut out, |m| m.kind);
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
    /// Medicines the message only asks about taking ("can I take ibuprofen?", "타이레놀 먹어도
    /// 되나요?"): no profile keeps them (the profile would say they are taken); the conversation
    /// keeps them for the interaction check of its later turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asked: Vec<ConceptSlot>,
}

impl Slots {
    /// The number of medical facts (conditions, symptoms, medications, vitals, labs): what active
    /// retrieval counts to judge complexity.
    pub fn concept_count(&self) -> usize {
        self.conditions.len() + self.symptoms.len() + self.medications.len() + self.vitals.len() + self.labs.len()
    }

    /// Whether the message states nothing a profile keeps (a medicine only asked about is none).
    pub fn is_empty(&self) -> bool {
        self.demographics.is_empty() && self.concept_count() == 0 && self.stopped.is_empty()
    }
}

/// Whether the medicine mentioned at `start..end` of `text` is said not to be taken, or no longer
/// ("I stopped warfarin", "와파린은 끊었어요"), or is one the person is allergic to; asked about or
/// planned is taken.
pub fn medicine_not_taken(text: &str, start: usize, end: usize) -> bool {
    negation::is_not_taken(text, start, end) || negation::is_allergy(text, start, end)
}

/// Whether the medicine mentioned at `start..end` of `text` is only asked about taking ("can I take
/// ibuprofen?", "타이레놀 먹어도 되나요?"), not said to be taken.
pub fn medicine_asked_about(text: &str, start: usize, end: usize) -> bool {
    negation::is_asked_whether_to_take(text, start, end)
}

/// Extracts the slots of `text`. Without a lexicon only the patterns run.
pub fn extract(text: &str, lexicon: Option<&Lexicon>) -> Slots {
    let mut slots = Slots { demographics: patterns::demographics(text), ..Slots::default() };
    let readings = readings(text);
    for m in kept(&readings) {
        if m.kind.is_vital() {
            slots.vitals.push(m);
        } else {
            slots.labs.push(m);
        }
    }
    let Some(lexicon) = lexicon else { return slots };
    for (concept, start, end) in concept_mentions(text, lexicon, &readings) {
        // Labs and vitals are measured by the patterns; their names alone are no fact about the patient,
        // and a topic (a test, a procedure, alcohol) never is one.
        // A medicine the person is allergic to is none they take, nor one they stopped.
        if concept.kind == ConceptKind::Medication && negation::is_allergy(text, start, end) {
            continue;
        }
        let not_taken = concept.kind == ConceptKind::Medication && medicine_not_taken(text, start, end);
        let asked = concept.kind == ConceptKind::Medication && !not_taken && medicine_asked_about(text, start, end);
        let target = match concept.kind {
            ConceptKind::Condition => &mut slots.conditions,
            ConceptKind::Symptom => &mut slots.symptoms,
            ConceptKind::Medication if not_taken => &mut slots.stopped,
            ConceptKind::Medication if asked => &mut slots.asked,
            ConceptKind::Medication => &mut slots.medications,
            ConceptKind::Lab | ConceptKind::Vital | ConceptKind::Topic => continue,
        };
        if target.iter().any(|s| s.id == concept.id)
            || (!not_taken && !asked && negation::is_negated(text, start, end))
            || (!asked && negation::is_only_asked_about(text, start, end))
        {
            continue;
        }
        target.push(ConceptSlot {
            id: concept.id.clone(),
            en: concept.en.clone(),
            ko: concept.ko.clone(),
            said: text[start..end].to_string(),
            duration: (concept.kind == ConceptKind::Condition)
                .then(|| patterns::duration_near(text, start, end))
                .flatten(),
        });
        // A medicine taken that is named for a condition says the person has it.
        let treated = (concept.kind == ConceptKind::Medication && !not_taken && !asked)
            .then(|| condition_treated(&text[start..end], lexicon))
            .flatten();
        if let Some(condition) = treated.filter(|c| !slots.conditions.iter().any(|s| s.id == c.id)) {
            slots.conditions.push(ConceptSlot {
                id: condition.id.clone(),
                en: condition.en.clone(),
                ko: condition.ko.clone(),
                said: text[start..end].to_string(),
                duration: None,
            });
        }
    }
    // Said taken in one place and asked about in another: it is taken.
    slots.asked.retain(|a| !slots.medications.iter().any(|m| m.id == a.id));
    without_untyped(&mut slots.conditions);
    slots
}

/// Drops a condition the same list also holds with its type ("diabetic ... type 2": type 2
/// diabetes, not diabetes as well): the general name adds nothing and would read as any type.
fn without_untyped(conditions: &mut Vec<ConceptSlot>) {
    const TYPE_WORDS: &[&str] = &["type", "stage", "1", "2", "3", "4", "5", "i", "ii", "iii", "iv"];
    let words = |c: &ConceptSlot| c.en.to_lowercase().split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let typed = |general: &ConceptSlot, specific: &ConceptSlot| {
        let (g, s) = (words(general), words(specific));
        let extra: Vec<&String> = s.iter().filter(|w| !g.contains(w)).collect();
        !g.is_empty()
            && g.iter().all(|w| s.contains(w))
            && extra.iter().any(|w| w.as_str() == "type" || w.as_str() == "stage")
            && extra.iter().all(|w| TYPE_WORDS.contains(&w.as_str()))
    };
    let all = conditions.clone();
    conditions.retain(|c| !all.iter().any(|other| other.id != c.id && typed(c, other)));
}

/// The concepts `text` names, in order, with where: the lexicon's names, the everyday stems that
/// state a symptom ("발이 부어요", "저려요"; a name found there wins) and the everyday symptom words
/// of [`symptom_words`] ("can't sleep", "속이 쓰려요"), each where a body part said
/// just before it puts it ("허리가 아파요" is low back pain, "무릎이 아파요" knee pain). A medicine
/// named inside a lab reading is the lab's name ("칼륨 수치가 5.8", "uric acid 9.1").
fn concept_mentions<'a>(text: &str, lexicon: &'a Lexicon, readings: &[Reading]) -> Vec<(&'a Concept, usize, usize)> {
    let in_reading = |start: usize, end: usize| readings.iter().any(|r| r.start <= start && end <= r.end);
    let mut found: Vec<(&Concept, usize, usize)> = lexicon
        .find(text)
        .into_iter()
        .filter(|m| !(m.concept.kind == ConceptKind::Medication && in_reading(m.start, m.end)))
        .map(|m| (m.concept, m.start, m.end))
        .collect();
    let phrases = lexicon.find_phrases(text);
    for p in &phrases {
        if let Some(concept) = p.concept {
            if !found.iter().any(|&(_, start, end)| start < p.end && p.start < end) {
                found.push((concept, p.start, p.end));
            }
        }
    }
    // The everyday symptom words of the table, where no name of a fact was found (a topic's, a
    // lab's or a vital's name states nothing: "7키로 빠졌어요" is weight loss, not a weight).
    let states =
        |c: &Concept| matches!(c.kind, ConceptKind::Condition | ConceptKind::Symptom | ConceptKind::Medication);
    for (concept, start, end) in symptom_words::find(text) {
        // The longest reading wins: a complaint's words are not the name they hold or say alone
        // ("cold sore" and "always cold" are no cold, "소변볼때 아프" is no bare pain, "heartburn" the
        // complaint, not reflux disease); a name that reaches past them wins over them.
        let holds = |s: usize, e: usize| start <= s && e <= end;
        if !found.iter().any(|&(c, s, e)| s < end && start < e && states(c) && !holds(s, e)) {
            found.retain(|&(_, s, e)| !(s < end && start < e));
            found.push((concept, start, end));
        }
    }
    found.extend(diabetes_by_type(text, lexicon, readings, &found));
    found.extend(stated_by_numbers(text, lexicon, readings, &found));
    crate::core::order::sort_by_key(&mut found, |&(_, start, _)| start);
    for mention in found.iter_mut().filter(|(c, _, _)| c.kind == ConceptKind::Symptom) {
        let (_, start, end) = *mention;
        let part = phrases.iter().rfind(|p| p.concept.is_none() && p.end <= start);
        let Some(part) = part.filter(|p| just_before(text, p.end, start)) else { continue };
        if let Some(located) = lexicon.located(part.phrase, mention.0) {
            *mention = (located, part.start, end);
        }
    }
    // A complaint the table lists is a symptom under the plain name people use, whatever kind and
    // name the lexicon gives its id ("불면증" is insomnia the symptom; R60 is swelling, not edema).
    for mention in &mut found {
        if let Some(plain) = symptom_words::concept(&mention.0.id) {
            mention.0 = plain;
        }
    }
    found
}

// The words that make a name a medicine's: a medicine named for a condition is the condition's name
// and one of these ("골다공증약", "gout medicine", "blood pressure pills").
site_words!(TEXT_WORDS, medicine_words);

/// What a medicine lowers, named as a measurement, and the condition of those who take it: "혈압약"
/// and "blood pressure pills" are for high blood pressure.
const MEASURED_CONDITIONS: &[(&str, &str)] = &[
    ("혈압", "I10"),
    ("blood pressure", "I10"),
    ("bp", "I10"),
    ("콜레스테롤", "E78"),
    ("cholesterol", "E78"),
    ("혈당", "E14"),
    ("blood sugar", "E14"),
    ("sugar", "E14"),
];

/// The condition a medicine named for it says its taker has ("골다공증약" osteoporosis, "gout
/// medicine" gout, "혈압약" high blood pressure): the lexicon's condition in the words before the
/// medicine word, or the condition of a measurement the medicine lowers. A medicine named as itself
/// ("metformin", "statin") says nothing of why it is taken.
fn condition_treated<'a>(said: &str, lexicon: &'a Lexicon) -> Option<&'a Concept> {
    let lower = said.to_lowercase();
    let name = medicine_words().iter().find_map(|w| lower.strip_suffix(w))?.trim();
    if name.is_empty() {
        return None;
    }
    let named = lexicon.find(name).into_iter().find(|m| m.concept.kind == ConceptKind::Condition);
    let measured = || MEASURED_CONDITIONS.iter().find(|(words, _)| name.ends_with(words));
    match named {
        Some(m) => Some(m.concept),
        None => lexicon.concept(measured()?.1),
    }
}

/// The ICD-10 ids of what numbers state: a fever, a weight loss, a weight gain.
const FEVER: &str = "R50";
const WEIGHT_LOSS: &str = "R63.4";
const WEIGHT_GAIN: &str = "R63.5";

/// The symptoms a message states by its numbers, where no word already says them: a temperature of
/// 38 °C (100.4 °F) or more is a fever, a weight lost or gained ("lost 8 kg", "from 82 kg to 74
/// kg") a weight loss or gain.
fn stated_by_numbers<'a>(
    text: &str,
    lexicon: &'a Lexicon,
    readings: &[Reading],
    found: &[(&Concept, usize, usize)],
) -> Vec<(&'a Concept, usize, usize)> {
    let mut out: Vec<(&'a Concept, usize, usize)> = Vec::new();
    let fever = readings.iter().find(|r| r.kind == MeasureKind::Temperature && r.celsius() >= 38.0);
    if let (Some(r), Some(concept)) = (fever, lexicon.concept(FEVER)) {
        out.push((concept, r.start, r.end));
    }
    for (start, end, change) in vitals::weight_changes(text) {
        let id = match change {
            vitals::WeightChange::Loss => WEIGHT_LOSS,
            vitals::WeightChange::Gain => WEIGHT_GAIN,
        };
        if let Some(concept) = symptom_words::concept(id).or_else(|| lexicon.concept(id)) {
            out.push((concept, start, end));
        }
    }
    // A symptom said in words is said there; the numbers add it only where the words do not.
    out.retain(|(c, _, _)| !found.iter().any(|(f, _, _)| f.id == c.id));
    out
}

/// The words that name a diabetes by its type alone, and that diabetes's ICD-10 id in the lexicon.
const DIABETES_TYPES: &[(&str, &str)] = &[
    ("type 1", "E10"),
    ("type one", "E10"),
    ("type i", "E10"),
    ("t1d", "E10"),
    ("type 2", "E11"),
    ("type two", "E11"),
    ("type ii", "E11"),
    ("t2d", "E11"),
];

/// A diabetes said by its type alone ("type 1, on humalog", "he has type 2"), where the message
/// speaks of blood sugar: a glucose or HbA1c reading, or insulin or a diabetes found by name.
/// Elsewhere a type is no diabetes ("type 2 hypersensitivity").
fn diabetes_by_type<'a>(
    text: &str,
    lexicon: &'a Lexicon,
    readings: &[Reading],
    found: &[(&Concept, usize, usize)],
) -> Vec<(&'a Concept, usize, usize)> {
    let sugar = readings
        .iter()
        .any(|r| matches!(r.kind, MeasureKind::BloodGlucose | MeasureKind::FastingGlucose | MeasureKind::Hba1c))
        || found.iter().any(|(c, _, _)| {
            let en = c.en.to_lowercase();
            en.contains("insulin") || en.contains("diabetes")
        });
    if !sugar {
        return Vec::new();
    }
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for (words, id) in DIABETES_TYPES {
        for (start, _) in lower.match_indices(words) {
            let end = start + words.len();
            let whole = !lower[..start].ends_with(|c: char| c.is_alphanumeric())
                && !lower[end..].starts_with(|c: char| c.is_alphanumeric());
            let named = found.iter().any(|&(_, s, e)| s < end && start < e);
            if !whole || named {
                continue;
            }
            if let Some(concept) = lexicon.concept(id) {
                out.push((concept, start, end));
            }
        }
    }
    out
}

/// Whether `text[end..start]` is a few characters of the same clause (a particle, an adverb: "가 너무 ").
fn just_before(text: &str, end: usize, start: usize) -> bool {
    let gap = &text[end..start];
    gap.chars().count() <= 8 && !gap.contains(['.', ',', '!', '?', ';', '\n'])
}

/// What a message says, by whom: the writer's facts first (empty when it says nothing about them),
/// then each other person's, and whom it is mainly about (see [`subject`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BySubject {
    /// The person the message is mainly about.
    pub about: Subject,
    pub people: Vec<(Subject, Slots)>,
}

impl BySubject {
    /// The facts of `who` (none when the message says nothing about them).
    pub fn of(&self, who: &Subject) -> Option<&Slots> {
        self.people.iter().find(|(s, _)| s == who).map(|(_, slots)| slots)
    }
}

/// The slots of a message by whom they are about. Runs of clauses about the same person are read
/// together; a message about the writer alone is extracted whole, exactly as [`extract`] does.
/// `names`: the names of the other people the app keeps, so "Jane has diabetes" is Jane's.
pub fn extract_by_subject(text: &str, lexicon: Option<&Lexicon>, names: &[String]) -> BySubject {
    let mut found = read_by_subject(text, lexicon, names);
    // The writer is no young child unless they say so of themselves ("I'm a 9-year-old boy"): an age
    // under ten read as theirs is a child's the words did not tie to the child ("I'm a mom of a 4
    // month old"), which the writer's profile never keeps. A message that never speaks of its writer
    // is then all the child's ("18 month old, 11 kg, teething and 38.4 fever. how much tylenol can he
    // have").
    let stated = |age: u32| {
        writer_states_age()
            .captures_iter(text)
            .any(|c| c.get(1).or(c.get(2)).and_then(|n| n.as_str().parse().ok()) == Some(age))
    };
    let young = |slots: &Slots| slots.demographics.age.is_some_and(|age| age < WRITER_MIN_AGE && !stated(age));
    let Some(at) = found.people.iter().position(|(s, slots)| *s == Subject::Me && young(slots)) else { return found };
    if subject::names_the_writer(text, names) {
        found.people[at].1.demographics.age = None;
        return found;
    }
    let child = Subject::Other("child".into());
    let (_, theirs) = found.people.remove(at);
    let unnamed = found.people.iter().position(|(s, _)| *s == Subject::Unnamed).map(|k| found.people.remove(k).1);
    let slots = person_slots(&mut found.people, &child);
    merge(slots, theirs);
    merge(slots, unnamed.unwrap_or_default());
    if matches!(found.about, Subject::Me | Subject::Unnamed) {
        found.about = child;
    }
    found
}

// The writer saying their own age: "I'm 9", "I am a 9-year-old", "저는 9살" (group 1 or 2).
site_pattern!(TEXT_WORDS, writer_states_age);

/// The writer's gender as `text` says it: never a word naming someone else ("저는 남편 때문에", "my
/// mom gave me tylenol").
fn writer_gender(text: &str, names: &[String]) -> Option<Gender> {
    let mut own_words = text.to_string();
    for (start, end) in subject::other_mention_spans(&own_words, names) {
        own_words.replace_range(start..end, &" ".repeat(end - start));
    }
    patterns::demographics(&own_words).gender
}

/// The youngest age a writer is taken to be.
const WRITER_MIN_AGE: u32 = 10;

fn read_by_subject(text: &str, lexicon: Option<&Lexicon>, names: &[String]) -> BySubject {
    // Someone named by a name no list holds ("Emeka been having nosebleeds, he is 10"), where the
    // lexicon reads the word as nothing else.
    let mut names = names.to_vec();
    if let Some(lexicon) = lexicon {
        let known = |word: &str| !lexicon.find(word).is_empty() || !symptom_words::find(word).is_empty();
        names.extend(subject::unlisted_names(text, known));
    }
    let names = names.as_slice();
    let reading = subject::read(text, names);
    let clauses = reading.clauses;
    if clauses.iter().all(|c| c.subjects == [Subject::Me]) {
        let mut mine = extract(text, lexicon);
        // A relation of the writer's ("my mom gave me tylenol") says nothing of the writer's gender;
        // a word the writer describes themselves with does ("I'm a 9-year-old boy").
        let lower = text.to_lowercase();
        let of_the_writer = subject::other_mention_spans(text, names).into_iter().any(|(start, end)| {
            let before = lower[..start].trim_end();
            let said = &lower[start..end];
            ["my", "our", "우리", "제", "저희"].iter().any(|w| before.ends_with(w) || said.starts_with(w))
        });
        if of_the_writer {
            mine.demographics.gender = writer_gender(text, names);
        }
        return BySubject { about: Subject::Me, people: vec![(Subject::Me, mine)] };
    }
    let mut people: Vec<(Subject, Slots)> = vec![(Subject::Me, Slots::default())];
    let ages_after = subject::korean_ages_after(text, names);
    // An age said after one person ("딸 8살 아들 5살") is not the next one's age before.
    let claimed = |start: usize| ages_after.iter().any(|&(at, _, _)| at < start && start - at <= 12);
    let ages_before: Vec<(usize, Subject, u32)> = subject::person_mention_starts(text, names)
        .into_iter()
        .filter(|(start, _)| !claimed(*start))
        .filter_map(|(start, who)| patterns::age_before(&text[..start]).map(|age| (start, who, age)))
        .chain(ages_after.iter().cloned())
        .chain(subject::ages_within_mentions(text, names))
        .collect();
    // The ages said right after a person ("my husband (43)", "me 24f", "I'm 42"; a bare number
    // where a sentence starts, "son 14 sprained", or before "both"/"and": "my sister 27 both"),
    // with where the person's mention ends.
    let writer_ends = subject::writer_mention_ends(text).into_iter().map(|end| (end, Subject::Me, false));
    let ages_after_people: Vec<(usize, Subject, u32)> = subject::person_mention_ends(text, names)
        .into_iter()
        .chain(writer_ends)
        .filter_map(|(end, who, starts_sentence)| {
            let after = &text[end..];
            let joined = || after.trim_start().trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
            let bare = (starts_sentence || joined().starts_with("both") || joined().starts_with("and "))
                .then(|| patterns::bare_age_after(after))
                .flatten();
            // "Mia and Noah (4yo twins)": an age said of a group is each one's, not the last one's.
            let near: String = after.chars().take(16).collect::<String>().to_lowercase();
            let of_group = subject::group_words().iter().any(|g| near.contains(g));
            subject::age_after_mention(text, end).or(bare).filter(|_| !of_group).map(|age| (end, who, age))
        })
        .collect();
    let mut at = 0;
    // What the runs before measured or dosed: a bare number set against it ("his LDL 162, mine
    // 131", "hers 14 and mine 18", "저는 씬지로이드 50 먹고 엄마는 100 드세요") is the same measure or medicine.
    let mut contrast = Contrast::default();
    // How many facts each person has only by such a contrast: no count of what the message is about.
    let mut borrowed: Vec<(Subject, usize)> = Vec::new();
    // The slots of the run before, for a run that says its person has the same ("so does my
    // husband", "저도 같은 약 먹어요").
    let mut previous: Option<Slots> = None;
    while at < clauses.len() {
        let run_end =
            (at..clauses.len()).find(|&k| clauses[k].subjects != clauses[at].subjects).unwrap_or(clauses.len());
        let subjects = &clauses[at].subjects;
        let mut found = extract(&text[clauses[at].start..clauses[run_end - 1].end], lexicon);
        let run = clauses[at].start..clauses[run_end - 1].end;
        let mut added = contrast.fill(&text[run.clone()], &mut found);
        if let Some(before) = &previous {
            added += found.take_shared(&text[run.clone()], before);
        }
        if subjects.len() > 1 {
            // "My husband and I": the words of a relation say nothing of the writer's gender; an
            // age said before or right after one of them is theirs alone ("10살 아들이랑 저 둘다",
            // "me 24f and my sister 27 both"), and one said of the writer and another is one of
            // theirs, never both ("(he's 33, I'm 30)") unless said so ("we're both 50"); a group's is
            // each one's ("Mia and Noah (4yo twins)").
            found.demographics.gender = None;
            let said_beside = ages_before.iter().chain(&ages_after_people).any(|(start, _, _)| run.contains(start));
            let lower = text[run.clone()].to_lowercase();
            let both_are = found
                .demographics
                .age
                .is_some_and(|age| ["both ", "둘다 ", "둘 다 "].iter().any(|b| lower.contains(&format!("{b}{age}"))));
            if said_beside || subjects.contains(&Subject::Me) && !both_are {
                found.demographics.age = None;
            }
        }
        for who in subjects {
            if added > 0 {
                borrowed.push((who.clone(), added));
            }
            let mut slots = found.clone();
            // The gender of another person is what the words naming them say ("girlfriend", "his"),
            // else a pregnancy's, else the sex their age is said with ("my friend (24F)", "5살
            // 여아에요"); never a gender word of the clause, which may be anyone's.
            if *who != Subject::Me {
                let said = reading.genders.iter().find(|(s, _)| s == who).map(|(_, g)| *g);
                let pregnant = (slots.demographics.pregnant == Some(true)).then_some(Gender::Female);
                let profile = (subjects.len() == 1).then(|| patterns::profile_sex(&text[run.clone()])).flatten();
                slots.demographics.gender = said.or(pregnant).or(profile);
            } else {
                slots.demographics.gender = writer_gender(&text[run.clone()], names);
            }
            merge(person_slots(&mut people, who), slots);
        }
        previous = Some(found);
        at = run_end;
    }
    // An age said beside a person's mention is theirs, over one their clauses hold, which may be the
    // next person's ("6살 아들은 열이 38.5고 3살 딸은": 3 is the daughter's).
    for (_, who, age) in ages_before {
        person_slots(&mut people, &who).demographics.age = Some(age);
    }
    // "My son is 3", "my mother, who is 85": the age said right after the person.
    for (_, who, age) in ages_after_people {
        let slots = person_slots(&mut people, &who);
        slots.demographics.age = slots.demographics.age.or(Some(age));
    }
    let clauses = child_unnamed(clauses, &mut people);
    let outright = reading.asked_for.filter(|who| people.iter().any(|(s, slots)| s == who && !slots.is_empty()));
    let by_the_way =
        clauses.iter().any(|c| c.named && c.subjects == [Subject::Me] && said_by_the_way(&text[c.start..c.end]));
    let about = outright.unwrap_or_else(|| main_subject(&clauses, &people, &borrowed, by_the_way));
    BySubject { about, people }
}

// Words that say a person has the conditions (or complaints) of the one before ("I have acid
// reflux and so does my husband", "my sister has it too", "my dad just got diagnosed too", "takes
// rizatriptan for his", "남편도 그래요", "엄마도 마찬가지", "동생도 진단받았어요"), and words that say they take the same medicine ("저도 같은 약 먹는데",
// "on the same meds").
site_words!(TEXT_WORDS, same_condition);
// A Korean cue is found however it is spaced ("같은 약" = "같은약", inside "똑같은 약" too).
site_words!(TEXT_WORDS, same_medicine);

impl Slots {
    /// Takes from `before` (the run said before this one) what `run`'s words say this person shares:
    /// its conditions and complaints when this run states none of its own, its medicines when it
    /// names none. How many facts it took.
    fn take_shared(&mut self, run: &str, before: &Slots) -> usize {
        let said = run.to_lowercase();
        let says = |cues: &[&str]| cues.iter().any(|cue| subject::contains_word(&said, cue));
        // "takes rizatriptan for his": the possessive at the end stands for the condition.
        let for_theirs = ["for his", "for hers", "for her", "for theirs"]
            .iter()
            .any(|p| said.trim_end_matches(|c: char| !c.is_alphanumeric()).ends_with(p));
        let count = self.concept_count();
        if (says(same_condition()) || for_theirs) && self.conditions.is_empty() && self.symptoms.is_empty() {
            self.conditions.extend(before.conditions.iter().cloned());
            self.symptoms.extend(before.symptoms.iter().cloned());
        }
        if says(same_medicine()) && self.medications.is_empty() {
            self.medications.extend(before.medications.iter().cloned());
        }
        self.concept_count() - count
    }
}

/// Someone said only as "he" or "she" whom the message gives a child's age, under 18 ("hes 3 months
/// and i think he has thrush", "she's 15, periods are super heavy") is the writer's child: a parent
/// names their own child this way, and the facts are kept as the child's.
fn child_unnamed(mut clauses: Vec<subject::Clause>, people: &mut [(Subject, Slots)]) -> Vec<subject::Clause> {
    const CHILD_UNDER: u32 = 18;
    let child = Subject::Other("child".into());
    let Some(at) = people
        .iter()
        .position(|(s, slots)| *s == Subject::Unnamed && slots.demographics.age.is_some_and(|a| a < CHILD_UNDER))
    else {
        return clauses;
    };
    if people.iter().any(|(s, _)| *s == child) {
        return clauses;
    }
    people[at].0 = child.clone();
    for s in clauses.iter_mut().flat_map(|c| c.subjects.iter_mut()) {
        if *s == Subject::Unnamed {
            *s = child.clone();
        }
    }
    clauses
}

/// What the runs of a message read so far give a bare number said of another person: the words
/// that name the last measure ("ldl ", or the run's words when it names a measure without a
/// number, "low on vitamin d"), and the medicine last said with a dose.
#[derive(Default)]
struct Contrast {
    basis: Option<String>,
    dosed: Option<ConceptSlot>,
}

impl Contrast {
    /// Adds to `found`, the slots of `run`, the measure or medicine a bare number there sets
    /// against the runs before (how many facts it added); then remembers what `run` measured or dosed.
    fn fill(&mut self, run: &str, found: &mut Slots) -> usize {
        let read = readings(run);
        let said = found.vitals.is_empty() && found.labs.is_empty();
        let before = found.concept_count();
        match contrast_number(run).filter(|_| said && read.is_empty()) {
            Some(number) => {
                let measured = self.basis.as_deref().map(|basis| {
                    let words = format!("{basis} {number}");
                    let theirs: Vec<Reading> = readings(&words).into_iter().filter(|r| r.end == words.len()).collect();
                    kept(&theirs)
                });
                for m in measured.unwrap_or_default() {
                    if m.kind.is_vital() {
                        found.vitals.push(m);
                    } else {
                        found.labs.push(m);
                    }
                }
                if found.medications.is_empty() && found.vitals.is_empty() && found.labs.is_empty() {
                    found.medications.extend(self.dosed.clone());
                }
                found.concept_count() - before
            }
            None => {
                self.basis = match read.last() {
                    Some(r) => {
                        let digit = run[r.start..r.end].find(|c: char| c.is_ascii_digit()).unwrap_or(0);
                        Some(run[r.start..r.start + digit].to_string())
                    }
                    None => Some(run.to_string()),
                };
                let dosed = found.medications.len() == 1 && run.contains(|c: char| c.is_ascii_digit());
                self.dosed = dosed.then(|| found.medications[0].clone());
                0
            }
        }
    }
}

/// The number a run says bare after the person it is about, as a value set against another's
/// ("mine 131", "hers 14", "she's on 100", "엄마는 100 드세요"), when nothing follows it but the
/// end of the clause or its verb.
fn contrast_number(run: &str) -> Option<&str> {
    let rest = run.trim_start_matches(|c: char| !c.is_alphanumeric());
    let (first, after) = rest.split_once(char::is_whitespace)?;
    let first = first.to_lowercase();
    let owner = matches!(first.as_str(), "mine" | "hers" | "his" | "theirs")
        || (first.ends_with(['는', '은']) && first.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)));
    // "she's 80" is an age: a pronoun sets a number against another's only as a dose ("she's on 100").
    let pronoun = matches!(first.as_str(), "she's" | "he's" | "shes" | "hes" | "she" | "he");
    let after = after.trim_start();
    let verb = ["on ", "takes "].iter().find_map(|w| after.strip_prefix(w));
    let after = match (owner, pronoun, verb) {
        (true, _, _) => ["is ", "was ", "at "].iter().find_map(|w| after.strip_prefix(w)).unwrap_or(after),
        (_, true, Some(rest)) => rest,
        _ => return None,
    }
    .trim_start();
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.').len();
    let number = after[..digits].trim_end_matches('.');
    let tail = after[number.len()..].trim_start();
    let ends = tail.is_empty()
        || tail.starts_with(['.', ',', ';', '!', '?', ')'])
        || tail.starts_with("and ")
        || tail.starts_with("but ")
        || tail.starts_with(|c: char| ('\u{AC00}'..='\u{D7A3}').contains(&c))
        || tail.starts_with(['ㅠ', 'ㅜ', 'ㅋ', 'ㅎ', '~']);
    (!number.is_empty() && number.starts_with(|c: char| c.is_ascii_digit()) && ends).then_some(number)
}

/// The slots kept for `who`, added empty when new.
fn person_slots<'a>(people: &'a mut Vec<(Subject, Slots)>, who: &Subject) -> &'a mut Slots {
    let at = match people.iter().position(|(s, _)| s == who) {
        Some(at) => at,
        None => {
            people.push((who.clone(), Slots::default()));
            people.len() - 1
        }
    };
    &mut people[at].1
}

// Words by which the writer says their own facts only by the way, beside another person's ("fwiw
// I'm 40", "I'm on warfarin myself", "참고로 저도 위염있어서", "제 얘기는 아니고"). Not "too" or "저도":
// "my husband has strep and now my throat hurts too" asks for the writer.
site_words!(TEXT_WORDS, writer_by_the_way);

/// Whether a clause of the writer says their facts only by the way.
fn said_by_the_way(clause: &str) -> bool {
    let lower = clause.to_lowercase();
    writer_by_the_way().iter().any(|cue| subject::contains_word(&lower, cue))
}

/// The relations of a child of the writer.
const CHILD_RELATIONS: &[&str] = &["son", "daughter", "child", "grandchild"];

/// Whom the message is mainly about: the other person a question names ("can she drink
/// alcohol?"), else the writer when they state as many facts of their own as anyone else (or ask
/// of themselves), not by the way, and no child of theirs has any, else the one it states most
/// facts about, or when the writer states none, any other person it states facts about (ties: the
/// one a question names, then the first named), else the first other person named, else the
/// writer. A value only set against another's ("mine 131") counts for nobody: whom the message is
/// about is who it states in full.
fn main_subject(
    clauses: &[subject::Clause],
    people: &[(Subject, Slots)],
    borrowed: &[(Subject, usize)],
    by_the_way: bool,
) -> Subject {
    let asked: Vec<&Subject> =
        clauses.iter().filter(|c| c.question && c.named && c.subjects.len() == 1).map(|c| &c.subjects[0]).collect();
    if let Some(other) = asked.iter().find(|s| matches!(s, Subject::Other(_))) {
        return (*other).clone();
    }
    // A relation's gender is no fact the message states; a medicine asked about for them says whom
    // the message is about.
    let count = |who: &Subject, slots: &Slots| {
        let d = &slots.demographics;
        let said = slots.concept_count()
            + slots.asked.len()
            + usize::from(d.age.is_some())
            + usize::from(d.pregnant.is_some());
        let lent: usize = borrowed.iter().filter(|(s, _)| s == who).map(|(_, n)| n).sum();
        said.saturating_sub(lent)
    };
    // A writer who states facts of their own asks for themselves ("my mom had breast cancer; I'm
    // 40, when should I be screened?"), unless they also speak of their child, whom a parent asks
    // for, or join another to themselves ("my wife and I both ...": the one named first).
    let child = |s: &Subject| s.relation().is_some_and(|r| CHILD_RELATIONS.contains(&r.id));
    let first_joined = clauses.iter().find(|c| c.subjects.len() > 1 && c.subjects.contains(&Subject::Me));
    let joined = first_joined.is_some();
    let others_stated = people.iter().any(|(s, slots)| *s != Subject::Me && count(s, slots) > 0);
    // A writer who says their own facts by the way ("fwiw I'm 40", "참고로 저도 위염있어서") speaks
    // of them beside the one the message is about.
    let aside = by_the_way && others_stated;
    // The writer's facts make the message theirs when no other person has more, or when the writer
    // asks a question of themselves ("... 저도 검사해봐야겠죠?"): "저 37살이고 건강한편인데 남자친구가
    // 일주일째 두통에 구토까지 해서 걱정이에요" is about the boyfriend.
    let mine = people.iter().find(|(s, _)| *s == Subject::Me).map_or(0, |(s, slots)| count(s, slots));
    let theirs = people.iter().filter(|(s, _)| *s != Subject::Me).map(|(s, slots)| count(s, slots)).max().unwrap_or(0);
    let own = !aside && mine > 0 && (theirs <= mine || asked.contains(&&Subject::Me));
    // A writer who names themselves first of the people joined ("me and my son both got strep", "저랑
    // 남편 둘다 독감") asks for themselves.
    if !aside && mine > 0 && first_joined.is_some_and(|c| c.subjects[0] == Subject::Me) {
        return Subject::Me;
    }
    if own && !joined && !people.iter().any(|(s, slots)| child(s) && count(s, slots) > 0) {
        return Subject::Me;
    }
    // "both kids have strep, son is 7, daughter is 4": the kids are the son and the daughter, not a
    // third person.
    let a_son_or_daughter = people
        .iter()
        .any(|(s, slots)| s.relation().is_some_and(|r| matches!(r.id, "son" | "daughter")) && count(s, slots) > 0);
    let group_child = |s: &Subject| a_son_or_daughter && *s == Subject::Other("child".into());
    let candidates = || people.iter().filter(|(s, _)| (!aside || *s != Subject::Me) && !group_child(s));
    let most = candidates().map(|(s, slots)| count(s, slots)).max().unwrap_or(0);
    if most > 0 {
        // Among other people only, everyone with facts is a candidate and the first named wins ("아빠는
        // 당뇨고 엄마는 고혈압이라 노바스크 드세요": the father, though the mother has more facts).
        let others_only = !candidates().any(|(s, slots)| *s == Subject::Me && count(s, slots) > 0);
        let tied: Vec<&Subject> = candidates()
            .filter(|(s, slots)| if others_only { count(s, slots) > 0 } else { count(s, slots) == most })
            .map(|(s, _)| s)
            .collect();
        if let Some(asked) = asked.iter().find(|s| tied.contains(s)) {
            return (*asked).clone();
        }
        // The first named alone of those tied, in the order the message names them ("both parents had
        // their shots but my mom (75) now has shingles and dad (78) a cough": the mother), else the
        // first named with others; with the writer joined to them, the first of those joined.
        let alone = clauses.iter().filter(|c| c.subjects.len() == 1 && !joined).flat_map(|c| &c.subjects);
        let order = clauses.iter().flat_map(|c| &c.subjects);
        return alone.chain(order).find(|s| tied.contains(s)).cloned().unwrap_or_else(|| tied[0].clone());
    }
    let named = clauses.iter().filter(|c| c.named).flat_map(|c| &c.subjects);
    named.clone().find(|s| matches!(s, Subject::Other(_))).cloned().unwrap_or(Subject::Me)
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
        (&mut slots.asked, more.asked),
    ] {
        for concept in from {
            if !into.iter().any(|c| c.id == concept.id) {
                into.push(concept);
            }
        }
    }
    slots.asked.retain(|a| !slots.medications.iter().any(|m| m.id == a.id));
    without_untyped(&mut slots.conditions);
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

    fn by_subject(text: &str, names: &[&str]) -> BySubject {
        let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        extract_by_subject(text, None, &names)
    }

    fn other(who: &str) -> Subject {
        Subject::Other(who.into())
    }

    fn symptom_ids(found: &BySubject, who: &Subject) -> Vec<String> {
        found.of(who).map(|s| s.symptoms.iter().map(|c| c.id.clone()).collect()).unwrap_or_default()
    }

    #[test]
    fn a_person_said_to_have_the_same_takes_what_the_one_before_has() {
        use crate::lexicon::build::testing::{lexicon, CLASSES, FOCI, MEDICINES};
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        let read = |text: &str| extract_by_subject(text, Some(&lexicon), &[]);
        for text in [
            "I have a headache and so does my husband",
            "I get headaches all the time. my husband has it too",
            "머리가 아파요. 남편도 그래요",
            "I've had headaches for years and now my husband just got diagnosed too",
            "제가 두통이 심한데 남편도 진단받았어요",
        ] {
            let found = read(text);
            assert_eq!(symptom_ids(&found, &other("husband")), ["R51"], "{text}");
            assert_eq!(symptom_ids(&found, &Subject::Me), ["R51"], "{text}");
        }
        // A person who says their own complaints takes none of the writer's.
        assert_eq!(symptom_ids(&read("I have a headache and my husband has a cough too"), &other("husband")), ["R05"]);
        assert_eq!(symptom_ids(&read("I have a headache and my husband has a fever"), &other("husband")), ["R50"]);

        let found = read("남편이 코자 먹는데 저도 같은약 먹어요");
        let medicines = |who: &Subject| -> Vec<String> {
            found.of(who).map(|s| s.medications.iter().map(|c| c.id.clone()).collect()).unwrap_or_default()
        };
        assert_eq!(medicines(&Subject::Me), ["DB00678"]);
        assert_eq!(medicines(&other("husband")), ["DB00678"]);
    }

    #[test]
    fn the_writer_given_a_medicine_takes_it_and_a_giver_says_nothing_of_the_writer() {
        use crate::lexicon::build::testing::{lexicon, CLASSES, FOCI, MEDICINES};
        let lexicon = lexicon("", MEDICINES, CLASSES, FOCI).unwrap();
        let found = extract_by_subject("my husband has the flu. they gave me advil too", Some(&lexicon), &[]);
        assert_eq!(found.of(&Subject::Me).unwrap().medications.len(), 1, "{found:?}");
        let found = extract_by_subject("my mom gave me tylenol for my headache", Some(&lexicon), &[]);
        let mine = found.of(&Subject::Me).unwrap();
        assert_eq!((mine.medications.len(), mine.demographics.gender), (1, None), "{found:?}");
    }

    #[test]
    fn someone_said_only_as_he_or_she_with_a_childs_age_is_the_writers_child() {
        let found = by_subject("she's 4 and has a rash on her belly", &[]);
        assert_eq!(found.about, other("child"));
        assert_eq!(found.of(&other("child")).unwrap().demographics.age, Some(4));
        // An adult's age says no child: still someone the message does not name.
        assert_eq!(by_subject("he's 70 and has a cough", &[]).about, Subject::Unnamed);
    }

    #[test]
    fn a_value_set_against_anothers_before_an_emoticon_is_the_writers() {
        let found = by_subject("딸은 헤모글로빈 10.2 저는 9.5 ㅠ", &[]);
        let mine = found.of(&Subject::Me).unwrap();
        assert_eq!(mine.labs.iter().map(|m| m.value).collect::<Vec<_>>(), [9.5]);
    }

    #[test]
    fn a_mothers_facts_are_hers_and_the_users_stay_the_users() {
        let found = by_subject("My mother has type 2 diabetes and tingling feet, she is 72 years old.", &[]);
        assert_eq!(found.about, other("mother"));
        assert!(found.of(&Subject::Me).unwrap().is_empty(), "nothing about the user: {found:?}");
        let hers = found.of(&other("mother")).unwrap();
        assert_eq!((hers.demographics.gender, hers.demographics.age), (Some(Gender::Female), Some(72)));

        let mixed = by_subject("I am a 45 year old man and my wife is pregnant.", &[]);
        let mine = mixed.of(&Subject::Me).unwrap();
        assert_eq!((mine.demographics.gender, mine.demographics.age), (Some(Gender::Male), Some(45)));
        assert_eq!(mine.demographics.pregnant, None);
        assert_eq!(mixed.of(&other("wife")).unwrap().demographics.pregnant, Some(true));

        let korean = by_subject("할아버지가 혈압이 160/100이에요. 저는 38세예요.", &[]);
        assert_eq!(korean.of(&other("grandfather")).unwrap().vitals.len(), 1, "not the 아버지 inside 할아버지");
        assert_eq!(korean.of(&Subject::Me).unwrap().demographics.age, Some(38));

        let by_name = by_subject("Jane is 80 years old.", &["Jane"]);
        assert_eq!(by_name.of(&other("Jane")).unwrap().demographics.age, Some(80));
        // Nobody else named: the whole message is the user's, as before.
        let text = "I am 50 and my blood pressure is 150/95";
        assert_eq!(
            by_subject(text, &[]),
            BySubject { about: Subject::Me, people: vec![(Subject::Me, extract(text, None))] }
        );
        assert!(relation_words("mother").contains(&"mom"));
    }

    #[test]
    fn facts_of_someone_only_pronouned_or_unlisted_never_reach_the_writer() {
        let mine = |text: &str| {
            let found = by_subject(text, &[]);
            assert_eq!(found.people.iter().map(|(_, s)| s.vitals.len()).sum::<usize>(), 1, "{found:?}");
            found.of(&Subject::Me).cloned().unwrap_or_default()
        };
        // A Korean pronoun with nobody named before it: nobody's.
        let first = mine("걔가 어제부터 열이 38.9도예요. 우리 애 6살이에요.");
        assert!(first.vitals.is_empty() && first.demographics.age.is_none(), "{first:?}");
        let neighbor = mine("My neighbor is 70 and his blood pressure was 180/110.");
        assert!(neighbor.vitals.is_empty() && neighbor.demographics.age.is_none(), "{neighbor:?}");
        let quoted = mine("The doctor said, \"Your daughter's temperature is 39.1.\"");
        assert!(quoted.vitals.is_empty(), "{quoted:?}");
    }

    /// The writer's facts of `text`, none expected: `text` says nothing of them.
    fn nothing_of_the_writer(text: &str, about: &str) {
        let found = by_subject(text, &[]);
        assert!(found.of(&Subject::Me).is_none_or(Slots::is_empty), "{text}: {found:?}");
        assert_eq!(found.about, other(about), "{text}");
    }

    #[test]
    fn a_relation_described_without_my_is_that_person() {
        // An age before it, brackets after it, or a colloquial word for the child.
        nothing_of_the_writer("4yo son diagnosed w strep, on amoxicillin day 3. now hes got a rash all over", "son");
        nothing_of_the_writer("partner (they/them, 30) has been on prednisone 40 for an asthma flare", "partner");
        nothing_of_the_writer("twins are 4 and both have gastroenteritis", "child");
        nothing_of_the_writer("딸램이 9살인데 밤마다 다리가 아프대요", "daughter");
        nothing_of_the_writer("아들램이 열이 38.5도예요", "son");
        nothing_of_the_writer("쌍둥이 둘다 장염이에요 4살이구요", "child");
    }

    #[test]
    fn a_relation_in_its_fond_or_family_side_form_is_that_person() {
        // A fond ending or the side of the family a relation word takes is still the relation.
        nothing_of_the_writer("딸래미 15살인데 생리를 석달에 한번 할까말까 해요 몸무게는 48키로고요", "daughter");
        nothing_of_the_writer("친정아빠 크레아티닌 2.4 나왔대요 투석 얘기까지 나와서 너무 걱정돼요", "father");
        nothing_of_the_writer("친정오빠가 통풍이 있어요 요산이 9.1이래요", "brother");
        // The Korean family words as English speakers of Korean families write them.
        nothing_of_the_writer("my umma's potassium came back 3.0, she takes hctz for her blood pressure", "mother");
        nothing_of_the_writer("My appa is 70 and his a1c was 8.1", "father");
        nothing_of_the_writer("Typing this for my halmoni. She's 85 and has arthritis in both knees", "grandmother");
        nothing_of_the_writer("my abuelo has diabetes and his sugar was 250 this morning", "grandfather");
        nothing_of_the_writer("my old man's sugar was 250 this morning", "father");
        nothing_of_the_writer("my 2yo's temp is 39.4 tonight", "child");
        nothing_of_the_writer("my 2 year old's temp is 39.4 tonight", "child");
        // The writer who types for someone says nothing of themselves by typing.
        nothing_of_the_writer(
            "posting for my grandpa (he's 90 so i'm doing the typing). sugar was 250 this morning",
            "grandfather",
        );
    }

    #[test]
    fn a_message_that_says_whom_it_asks_for_is_about_them() {
        let husband = Subject::Other("husband".into());
        let text = "Some background: I'm 34 and had a c-section 6 weeks ago. Anyway my question is about my \
                    husband, he's had a sore throat and a fever for 3 days";
        assert_eq!(by_subject(text, &[]).about, husband);
        let korean = by_subject("저도 당뇨가 있는데 남편 대신 여쭤봐요 남편이 혈당이 300이 넘어요", &[]);
        assert_eq!(korean.about, husband);
        // Asking for something is no person asked for.
        assert_eq!(
            by_subject("I'm 34 with a sore throat, asking for advice. my husband has it too", &[]).about,
            Subject::Me
        );
    }

    #[test]
    fn a_childs_age_said_of_alone_and_a_relation_in_dialect_are_that_person() {
        // A child's age at a sentence's start that words after it say something of is a child.
        nothing_of_the_writer("3 yr old has a barking cough like a seal and this high pitched noise at night", "child");
        nothing_of_the_writer("6 wk old spits up after every single feed and arches her back screaming", "child");
        // A message that ends where a person would be named is read whole.
        assert_eq!(by_subject("been on prednisone for a rash and", &[]).about, Subject::Me);
        let adult = by_subject("fasting glucose 108 and a1c 5.9, 38 yrs old. is this prediabetes?", &[]);
        assert_eq!(adult.of(&Subject::Me).and_then(|s| s.demographics.age), Some(38), "{adult:?}");
        // A relation said in its dialect or nursery spelling.
        nothing_of_the_writer(
            "할아부지 부탁으로 올려요 전립선비대증으로 하루날 드시는데 잠을 못주무신대요",
            "grandfather",
        );
        nothing_of_the_writer("엄니가 요즘 무릎이 아프대요", "mother");
        nothing_of_the_writer("grampa is 88 and his ankles are swollen", "grandfather");
    }

    #[test]
    fn a_korean_clause_in_the_honorific_is_never_the_writers() {
        // Nobody named, an honorific verb: someone the writer honours, never the writer.
        let found = by_subject("혈압약 드시는데 아침에 혈압이 165/100 나오셨고 잠을 못주무신대요", &[]);
        assert!(found.of(&Subject::Me).is_none_or(Slots::is_empty), "{found:?}");
        assert_eq!(found.about, Subject::Unnamed);
        // The writer's own readings stay theirs, and so do those a doctor tells them of.
        let mine = by_subject("저는 혈압이 150/95예요. 하루 한 번 약 드시래요.", &[]);
        assert_eq!(mine.of(&Subject::Me).map(|s| s.vitals.len()), Some(1), "{mine:?}");
        let told = by_subject("의사 선생님이 혈압이 150/95라고 하셨어요", &[]);
        assert_eq!(told.about, Subject::Me, "{told:?}");
    }

    #[test]
    fn a_type_written_after_a_number_is_no_person() {
        let found = by_subject("아들이 8살인데 1형 당뇨 진단받았어요. 밥 먹기 전에 인슐린 맞혀요.", &[]);
        assert_eq!(found.people.iter().map(|(s, _)| s.key()).collect::<Vec<_>>(), ["self", "son"], "{found:?}");
        let found = by_subject("2형 당뇨라서 메트포르민 먹어요", &[]);
        assert_eq!(found.about, Subject::Me, "{found:?}");
    }

    #[test]
    fn a_group_of_the_writers_family_without_my_is_theirs() {
        nothing_of_the_writer("both kids have the flu. they are 9 and 6 and have a fever of 102", "child");
        nothing_of_the_writer("The kids all have strep throat and a fever of 39", "child");
        nothing_of_the_writer("애들 둘다 독감이래요 열이 39도예요", "child");
        // The group named first does not take the gender of the one named after it.
        let found = by_subject("both kids have strep :( son is 6, daughter is 9", &[]);
        assert_eq!(found.of(&other("son")).and_then(|s| s.demographics.gender), Some(Gender::Male), "{found:?}");
        // "the" before one person is nobody the message names, and the writer's facts stay theirs.
        let found = by_subject("The girl at the pharmacy said my blood pressure of 150/95 is high", &[]);
        assert_eq!(found.of(&Subject::Me).map(|s| s.vitals.len()), Some(1), "{found:?}");
        // Nor is an age alone after such a word a child.
        let found = by_subject("blood in my pee today, no pain at all. 60 y/o male", &[]);
        assert_eq!(found.about, Subject::Me, "{found:?}");
        assert_eq!(found.of(&Subject::Me).and_then(|s| s.demographics.age), Some(60), "{found:?}");
    }

    #[test]
    fn a_question_passed_on_is_the_askers() {
        nothing_of_the_writer(
            "Writing this for my mother-in-law, she asked me to ask in english. 68yo, takes levothyroxine.",
            "mother-in-law",
        );
        nothing_of_the_writer(
            "My mom asked me to post this for her: \"I am 59. I have had hot flashes for a year.\"",
            "mother",
        );
        nothing_of_the_writer(
            "my friend asked me to ask for them since their english isnt great - headache and fever of 39.5",
            "friend",
        );
        nothing_of_the_writer("엄마가 이렇게 전해 달래요: \"나는 59세인데 안면홍조가 있어요\"", "mother");
        nothing_of_the_writer("친구가 한국말이 서툴러서 대신 물어봐요. 두통이 있고 열이 39.5도예요", "friend");
        // A quotation that names nobody is nobody's, in both languages; the clauses after it go on.
        let korean = by_subject("선생님이 \"열이 39도네요\"라고 하셨어요. 우리 아기 5개월인데 기침해요.", &[]);
        assert!(korean.of(&Subject::Me).is_none_or(Slots::is_empty), "{korean:?}");
        let english = by_subject("The nurse said \"her temperature is 39.4\" and my son is 5.", &[]);
        assert!(english.of(&Subject::Me).is_none_or(Slots::is_empty), "{english:?}");
        nothing_of_the_writer("애들 둘 다 열이 39도예요. 큰애는 7살이에요.", "child");
        // Said to or by someone named before it: theirs.
        let told = by_subject("My dad says his doctor told him: \"Your blood pressure is 170/100.\"", &[]);
        assert_eq!(told.of(&other("father")).unwrap().vitals.len(), 1, "{told:?}");
        let dictated = by_subject("우리 아빠가 불러주는대로 씀 \"PSA 3.9 나왔음\" 이렇게 쓰라네요", &[]);
        assert_eq!(dictated.of(&other("father")).unwrap().labs.len(), 1, "{dictated:?}");
        // A quotation nobody named says: nobody's.
        let unnamed = by_subject("\"I am 59 and my blood pressure is 150/95\" was the post", &[]);
        assert!(unnamed.of(&Subject::Me).is_none_or(Slots::is_empty), "{unnamed:?}");
        // "they" with nobody named before is no one ("they gave me antibiotics"): the writer's.
        let mine = by_subject("they said my blood pressure is 150/95", &[]);
        assert_eq!(mine.about, Subject::Me);
        assert_eq!(mine.of(&Subject::Me).unwrap().vitals.len(), 1);
        // "they both": the two named last.
        let both = by_subject("my dad's 70 and my mom's 68 and they both got the flu", &[]);
        assert!(both.of(&Subject::Me).is_none_or(Slots::is_empty), "{both:?}");
        assert_eq!(both.of(&other("father")).unwrap().demographics.age, Some(70));
        assert_eq!(both.of(&other("mother")).unwrap().demographics.age, Some(68));
    }

    #[test]
    fn an_age_said_after_a_person_is_theirs_not_the_next_ones() {
        let age = |found: &BySubject, who: &str| found.of(&other(who)).and_then(|s| s.demographics.age);
        let korean = by_subject("딸 8살 아들 5살 둘다 머릿니가 옮아왔어요", &[]);
        assert_eq!((age(&korean, "daughter"), age(&korean, "son")), (Some(8), Some(5)), "{korean:?}");
        let before = by_subject("4살 아들이랑 2살 딸 둘다 열이 나요", &[]);
        assert_eq!((age(&before, "son"), age(&before, "daughter")), (Some(4), Some(2)), "{before:?}");
        let joined = by_subject("아들 9살이랑 딸 6살 둘다 기침하고 콧물나요", &[]);
        assert_eq!((age(&joined, "son"), age(&joined, "daughter")), (Some(9), Some(6)), "{joined:?}");
        assert_eq!(age(&by_subject("son 14 sprained his ankle at soccer", &[]), "son"), Some(14));
        assert_eq!(age(&by_subject("daughter 5 got stung by a bee", &[]), "daughter"), Some(5));
        assert_eq!(age(&by_subject("My son 2 weeks ago had a fever.", &[]), "son"), None);
        // An age in brackets or commas between two people joined by "and", and a bare number in
        // brackets after a Korean relation.
        for text in [
            "son (8) and daughter (4) both have a temp of 39.2",
            "my son, 8, and daughter, 4, both have a temp of 39.2",
        ] {
            let found = by_subject(text, &[]);
            assert_eq!((age(&found, "son"), age(&found, "daughter")), (Some(8), Some(4)), "{text}: {found:?}");
            assert_eq!(found.of(&other("daughter")).unwrap().vitals.len(), 1, "{text}");
        }
        assert_eq!(age(&by_subject("고3 아들(18) 시험기간만 되면 배가 아파요", &[]), "son"), Some(18));
        // The next person's age said before them is theirs, not the clause's before.
        let two = by_subject("6살 아들은 열이 38.5고 3살 딸은 열이 37.9도예요", &[]);
        assert_eq!((age(&two, "son"), age(&two, "daughter")), (Some(6), Some(3)), "{two:?}");
    }

    #[test]
    fn a_childs_age_and_readings_are_the_childs() {
        let found = by_subject("My son is 3 and has had a fever of 39.2 since yesterday with a runny nose", &[]);
        assert_eq!(found.about, other("son"));
        let his = found.of(&other("son")).unwrap();
        assert_eq!((his.demographics.age, his.demographics.gender), (Some(3), Some(Gender::Male)));
        assert_eq!((his.vitals[0].kind, his.vitals[0].value), (MeasureKind::Temperature, 39.2));
        for (text, age) in [
            ("My father-in-law, 72, was told his PSA is 6.5.", 72),
            ("My son (6) has a runny nose.", 6),
            ("Hi, I'm writing on behalf of my mother, who is 85 and has heart failure.", 85),
            ("My friend Tom is 45 and his ALT came back at 120.", 45),
            ("딸이 일곱 살인데 열이 나요", 7),
        ] {
            let found = by_subject(text, &[]);
            let (_, slots) = found.people.iter().find(|(s, _)| *s == found.about).unwrap();
            assert_eq!(slots.demographics.age, Some(age), "{text}");
        }
        // "34 weeks pregnant" is no age.
        assert_eq!(by_subject("My wife is 34 weeks pregnant.", &[]).of(&other("wife")).unwrap().demographics.age, None);
    }

    #[test]
    fn a_relation_described_by_any_word_and_the_age_in_its_mention_are_that_persons() {
        // The writer's profile never keeps a twin's reading or a child's age said in the child's words.
        let twin = by_subject("my twin brother's bp is 160/100 and mine is 150/95 lol genetics", &[]);
        assert_eq!(twin.of(&other("brother")).unwrap().vitals[0].value, 160.0, "{twin:?}");
        assert_eq!(twin.of(&Subject::Me).unwrap().vitals.iter().map(|v| v.value).collect::<Vec<_>>(), [150.0]);
        let korean = by_subject("쌍둥이 오빠 혈압이 160/100이고 저는 150/95예요", &[]);
        assert_eq!(korean.of(&Subject::Me).unwrap().vitals.iter().map(|v| v.value).collect::<Vec<_>>(), [150.0]);
        for text in ["my 12yo daughter and I both have lice ugh", "my 7 year old son and I both have a cough"] {
            let both = by_subject(text, &[]);
            assert_eq!(both.of(&Subject::Me).unwrap().demographics.age, None, "{text}: {both:?}");
            let child = both.people.iter().find(|(s, _)| *s != Subject::Me).unwrap();
            assert!(matches!(child.1.demographics.age, Some(12 | 7)), "{text}: {both:?}");
        }
        let pair = by_subject("my brother and I both have high blood pressure (he's 33, I'm 30)", &[]);
        assert_ne!(pair.of(&Subject::Me).unwrap().demographics.age, Some(33), "{pair:?}");
        let same = by_subject("husband and I both got labs back. his LDL 165, mine 142. we're both 50", &[]);
        assert_eq!(same.of(&Subject::Me).unwrap().demographics.age, Some(50), "{same:?}");
        let twins = by_subject("Mia and Noah (4yo twins) both have croup", &["Mia", "Noah"]);
        assert_eq!(twins.of(&other("Mia")).unwrap().demographics.age, Some(4), "a group's age is each one's");
        let korean = by_subject("12살 딸이랑 저 둘다 머릿니가 있어요", &[]);
        assert_eq!(korean.of(&Subject::Me).unwrap().demographics.age, None, "{korean:?}");
        assert_eq!(korean.of(&other("daughter")).unwrap().demographics.age, Some(12));
    }

    #[test]
    fn people_joined_with_their_ages_keep_their_own_ages() {
        let age = |found: &BySubject, who: &Subject| found.of(who).and_then(|s| s.demographics.age);
        for (text, mine, theirs, who) in [
            ("me 24f and my sister 27 both get migraines", 24, 27, "sister"),
            ("Me (41) and my husband (43) both had cholesterol checked", 41, 43, "husband"),
            ("my daughter and I both get migraines. she's 15, I'm 42", 42, 15, "daughter"),
            ("my son's 16 and i'm 44, we both have ADHD", 44, 16, "son"),
        ] {
            let found = by_subject(text, &[]);
            assert_eq!(
                (age(&found, &Subject::Me), age(&found, &other(who))),
                (Some(mine), Some(theirs)),
                "{text}: {found:?}"
            );
        }
        // A baby's age in months between the two: the baby's alone, and the pair still both.
        let found = by_subject("baby (7 months) and I both have a temp of 38.5 lol", &[]);
        assert_eq!((age(&found, &Subject::Me), age(&found, &other("child"))), (None, Some(0)), "{found:?}");
        assert_eq!(found.of(&other("child")).unwrap().vitals.len(), 1, "{found:?}");
        // Weeks of a pregnancy are no age beside a person: the writer's pregnancy is hers alone.
        let pregnant = by_subject("I'm 29 weeks pregnant and my toddler just got hand foot and mouth", &[]);
        assert_eq!(pregnant.of(&other("child")).unwrap().demographics.pregnant, None, "{pregnant:?}");
        assert_eq!(pregnant.of(&Subject::Me).unwrap().demographics.pregnant, Some(true));
        // A baby's age the words tie to nobody is never the writer's.
        let mom = by_subject("I'm a mom of a 4 month old and I have mastitis", &[]);
        assert_eq!(age(&mom, &Subject::Me), None, "{mom:?}");
        // A young writer who says their age keeps it.
        for (text, said) in [("Hi, I'm a 9-year-old boy.", 9), ("저는 9살 남자아이예요.", 9)] {
            assert_eq!(age(&by_subject(text, &[]), &Subject::Me), Some(said), "{text}");
        }
        let found = by_subject("me (28M) and my girlfriend both got food poisoning", &[]);
        let mine = found.of(&Subject::Me).unwrap();
        assert_eq!((mine.demographics.age, mine.demographics.gender), (Some(28), Some(Gender::Male)), "{found:?}");
        assert_eq!(found.of(&other("partner")).unwrap().demographics.age, None);
        let korean = by_subject("저 24살이고 언니 27살인데 둘다 편두통이 있어요", &[]);
        assert_eq!(age(&korean, &other("sister")), Some(27), "{korean:?}");
        assert_ne!(age(&korean, &other("sister")), Some(24));
    }

    #[test]
    fn two_people_keep_their_own_facts() {
        let both =
            by_subject("My husband and I both have high blood pressure. His is 160/100 and mine is 150/95.", &[]);
        let (his, mine) = (both.of(&other("husband")).unwrap(), both.of(&Subject::Me).unwrap());
        assert_eq!(his.vitals[0].value, 160.0);
        assert_eq!(mine.vitals[0].value, 150.0);
        assert_eq!(mine.demographics.gender, None, "husband says nothing of the writer");
        // A pronoun nobody fits: the facts are nobody's, never the writer's.
        let unclear = by_subject("He has had a fever of 39 since last night.", &[]);
        assert_eq!(unclear.about, Subject::Unnamed);
        assert!(unclear.of(&Subject::Me).unwrap().is_empty());
        assert_eq!(unclear.of(&Subject::Unnamed).unwrap().vitals.len(), 1);
    }

    #[test]
    fn an_age_sex_weeks_and_readings_said_of_another_are_theirs() {
        let friend = by_subject("my friend (24F) took like 6 benadryl to sleep", &[]);
        let hers = &friend.of(&other("friend")).unwrap().demographics;
        assert_eq!((hers.age, hers.gender), (Some(24), Some(Gender::Female)), "{friend:?}");
        let wife = by_subject("wife is 38 weeks, contractions every 8 min. do we go now??", &[]);
        assert_eq!(wife.of(&other("wife")).unwrap().demographics.pregnant, Some(true), "{wife:?}");
        assert_eq!(wife.of(&other("wife")).unwrap().demographics.age, None, "{wife:?}");
        assert!(wife.of(&Subject::Me).is_none_or(|s| s.demographics.pregnant.is_none()), "{wife:?}");
        let mother = by_subject("저희 엄마 70이신데 당뇨 20년 되셨어요", &[]);
        assert_eq!(mother.of(&other("mother")).unwrap().demographics.age, Some(70), "{mother:?}");
        assert!(mother.of(&Subject::Me).is_none_or(|s| s.demographics.age.is_none()), "{mother:?}");
        let husband = by_subject("he weighs 260 and his doc says sleep apnea. my husband snores", &[]);
        assert!(husband.of(&Subject::Me).is_none_or(|s| s.vitals.is_empty()), "{husband:?}");
        let both = by_subject("저랑 남편 둘다 독감이에요 열이 저는 39.1도 남편은 38.5", &[]);
        let temp = |who: &Subject| both.of(who).map(|s| s.vitals.iter().map(|v| v.value).collect::<Vec<_>>());
        assert_eq!((temp(&Subject::Me), temp(&other("husband"))), (Some(vec![39.1]), Some(vec![38.5])), "{both:?}");
    }

    #[test]
    fn a_persons_gender_is_what_names_them_never_another_persons_word() {
        let found = by_subject("남편이 통풍이 도졌어요 저는 남편 때문에 두통이 와요", &[]);
        assert_eq!(found.of(&Subject::Me).and_then(|s| s.demographics.gender), None, "남편 is no word of the writer's");
        assert_eq!(found.of(&other("husband")).unwrap().demographics.gender, Some(Gender::Male));
        let friend = by_subject("friend of mine has gout, his uric acid is 7.8", &[]);
        assert_eq!(friend.of(&other("friend")).unwrap().demographics.gender, Some(Gender::Male));
        let pregnant = by_subject("friend is 24 weeks pregnant and has a UTI", &[]);
        assert_eq!(pregnant.of(&other("friend")).unwrap().demographics.gender, Some(Gender::Female));
        // An age said before one of two people is theirs alone.
        let two = by_subject("10살 아들이랑 저 둘다 코로나 확진이에요", &[]);
        assert_eq!(two.of(&other("son")).unwrap().demographics.age, Some(10));
        assert_eq!(two.of(&Subject::Me).unwrap().demographics.age, None);
    }

    #[test]
    fn a_pronoun_that_can_only_be_one_person_says_their_gender_never_the_writers() {
        let gender = |found: &BySubject, who: &Subject| found.of(who).and_then(|s| s.demographics.gender);
        let jenny = by_subject("Jenny (my roommate) has had a 103 fever and now a rash on her chest.", &[]);
        assert_eq!(jenny.people.len(), 2, "the roommate is Jenny: {jenny:?}");
        assert_eq!(gender(&jenny, &other("Jenny")), Some(Gender::Female), "{jenny:?}");
        let jake = by_subject("Jake (roommate) cut his hand on a broken glass, it's deep", &["Jake"]);
        assert_eq!(jake.people.len(), 2, "the roommate is Jake: {jake:?}");
        assert_eq!(gender(&jake, &other("Jake")), Some(Gender::Male), "{jake:?}");
        let papa = by_subject("my grandpa (we call him Papa) is 80 and gets dizzy when he stands", &[]);
        assert_eq!(papa.of(&other("grandfather")).unwrap().demographics.age, Some(80), "{papa:?}");
        let marcus = by_subject(
            "Marcus, a guy I work with, says his left arm goes numb when he sleeps. He's 50. Should he see a neuro?",
            &[],
        );
        let his = marcus.of(&other("Marcus")).unwrap();
        assert_eq!((his.demographics.age, his.demographics.gender), (Some(50), Some(Gender::Male)), "{marcus:?}");
        assert_eq!(gender(&marcus, &Subject::Me), None, "a guy the writer works with is not the writer");
        let priya = by_subject("Priya is 8 and she breaks out in hives", &[]);
        let hers = priya.of(&other("Priya")).unwrap();
        assert_eq!((hers.demographics.age, hers.demographics.gender), (Some(8), Some(Gender::Female)), "{priya:?}");
        let baby = by_subject("Baby is 4 months old, has a rash on her cheeks", &[]);
        assert_eq!(gender(&baby, &other("child")), Some(Gender::Female), "{baby:?}");
        let bro = by_subject("bro is 27 and he's been losing weight without trying", &[]);
        assert_eq!(bro.of(&other("brother")).unwrap().demographics.age, Some(27), "{bro:?}");
        // Two people and a pronoun in a clause of neither: nobody's gender.
        let two = by_subject("Jenny has a cold. Alex has a fever. she is tired", &["Jenny", "Alex"]);
        assert_eq!((gender(&two, &other("Jenny")), gender(&two, &other("Alex"))), (None, Some(Gender::Female)));
        // The writer's own "I'm 38" is theirs, a pronoun's age after it the other's.
        let pair = by_subject("me and my son both have strep, I'm 38 and he's 6", &[]);
        assert_eq!(pair.of(&Subject::Me).unwrap().demographics.age, Some(38), "{pair:?}");
        assert_eq!(pair.of(&other("son")).unwrap().demographics.age, Some(6), "{pair:?}");
    }

    #[test]
    fn what_is_said_of_both_is_each_ones_and_a_value_set_against_another_is_the_owners() {
        let concepts = |found: &BySubject, who: &Subject| found.of(who).map_or(0, |s| s.concept_count());
        // Without a lexicon only numbers are facts: what is said of both holds each one's reading.
        let both = by_subject(
            "남편이랑 저랑 둘다 독감 걸렸어요 남편은 열이 39도고 저는 기침이 심해요 둘다 체온 38.5도예요",
            &[],
        );
        assert_eq!(concepts(&both, &Subject::Me), 1, "{both:?}");
        assert_eq!(concepts(&both, &other("husband")), 2, "{both:?}");
        let value = |found: &BySubject, who: &Subject| {
            found.of(who).map(|s| s.labs.iter().map(|l| l.value).collect::<Vec<_>>())
        };
        let ldl = by_subject("my husband and i both got our cholesterol done. his LDL 162, mine 131.", &[]);
        assert_eq!(value(&ldl, &other("husband")), Some(vec![162.0]), "{ldl:?}");
        assert_eq!(value(&ldl, &Subject::Me), Some(vec![131.0]), "{ldl:?}");
        let d = by_subject("wife (36) and me (39) both came back low on vitamin d, hers 14 and mine 18.", &[]);
        assert_eq!(value(&d, &other("wife")), Some(vec![14.0]), "{d:?}");
        assert_eq!(value(&d, &Subject::Me), Some(vec![18.0]), "{d:?}");
        // A value only set against another's does not make the message about its owner.
        let mom = by_subject("my mom's LDL is 210 and mine is 195 and we both eat pretty healthy. familial?", &[]);
        assert_eq!((&mom.about, value(&mom, &Subject::Me)), (&other("mother"), Some(vec![195.0])));
        // An age after a weight is no weight.
        let dad = by_subject("My dad weighs 90kg. He's 60.", &[]);
        assert_eq!(dad.of(&other("father")).unwrap().vitals.len(), 1, "{dad:?}");
    }

    #[test]
    fn the_main_person_is_the_one_a_question_names_or_the_one_with_most_facts() {
        assert_eq!(by_subject("My friend has epilepsy. Can she drink alcohol?", &[]).about, other("friend"));
        assert_eq!(
            by_subject("My dad had a heart attack at 50. I'm 45, should I get checked?", &[]).about,
            Subject::Me
        );
        assert_eq!(by_subject("I have a cold. My son has a fever of 39 and a cough.", &[]).about, other("son"));
        assert_eq!(by_subject("손주가 대신 물어봐요. 제가 78세인데 통풍이 있어요.", &[]).about, Subject::Me);
        // A writer with facts of their own asks for themselves, unless a child of theirs has facts.
        assert_eq!(by_subject("My mom has osteoporosis. I'm 38 and my scan said osteopenia.", &[]).about, Subject::Me);
        assert_eq!(by_subject("my son (6) has strep and now I have a sore throat too", &[]).about, other("son"));
        assert_eq!(by_subject("Jane has back pain. She's 44.", &[]).about, other("Jane"));
        // A question for "either of them" asks for both, so the first named of two with as many facts
        // is the main person, not the last one "them" would otherwise stand for.
        let parents = "Dad (72) has diabetes and takes Januvia, Mom (69) has high cholesterol and takes Crestor. \
                       Is grapefruit a problem for either of them?";
        assert_eq!(by_subject(parents, &[]).about, other("father"));
        // Of other people only, the first named with facts, though a later one has more; a group of
        // kids is the son or daughter named.
        assert_eq!(by_subject("dad is 80 and mom is 78, she has a cough and dizziness", &[]).about, other("father"));
        assert_eq!(
            by_subject("both kids are sick. my son is 6 and my daughter is 3 and has a cough", &[]).about,
            other("son")
        );
        // A question the writer asks of themselves, its mark after dots, makes the message theirs.
        let own = "저 45살이고 엄마가 유방암 수술 하셨어요. 저도 검사 받아봐야겠죠..? 너무 무섭네요";
        assert!(subject::clauses_of(own, &[]).iter().any(|c| c.question && c.subjects == [Subject::Me]));
        // A writer who says their own facts by the way speaks of them beside the one asked about.
        let aside = "저도 고혈압 있는 50대인데요 제 얘기는 아니고 저희 아버지가 82세신데 어지럽다고 하세요";
        assert_eq!(by_subject(aside, &[]).about, other("father"));
        assert_eq!(
            by_subject("fwiw I'm 40 and have asthma. my dad is 70 and has been coughing", &[]).about,
            other("father")
        );
    }

    #[test]
    fn the_writer_who_only_handles_someone_is_no_one_the_clause_is_about() {
        let text = "kid has a rash and fever 39. rash doesnt fade when i press a glass on it";
        let clauses = subject::clauses_of(text, &[]);
        assert!(clauses.iter().all(|c| c.subjects == [other("child")]), "{clauses:?}");
        // The writer's own complaint when they do something stays theirs.
        let own = subject::clauses_of("my son has a cold. my head hurts when i bend over", &[]);
        assert_eq!(own.last().map(|c| c.subjects.clone()), Some(vec![Subject::Me]));
        // So does one the writer acts on right after the verb.
        let taken = subject::clauses_of("fever since last night and she won't eat. should i take her in?", &[]);
        assert!(taken.iter().all(|c| c.subjects != [Subject::Me]), "{taken:?}");
        let needed =
            by_subject("Fever of 39.2 since last night, she won't eat. Do I need to take her in tonight?", &[]);
        assert!(needed.of(&Subject::Me).is_none_or(|s| s.vitals.is_empty() && s.symptoms.is_empty()), "{needed:?}");
        // A Korean one who calls 119 for a colleague asks nothing of themselves.
        let called =
            "직장동료가 갑자기 가슴이 쥐어짜듯이 아프다고 식은땀 흘려요 저도 협심증 있어서 무서워요 119 불러야되죠?";
        assert_eq!(by_subject(called, &[]).about, other("colleague"));
    }

    #[test]
    fn a_message_that_never_speaks_of_its_writer_and_gives_a_toddlers_age_is_the_childs() {
        let found =
            by_subject("Quick one: 18 month old, 11 kg, teething and 38.4 fever. how much tylenol can he have", &[]);
        assert_eq!(found.about, other("child"));
        assert!(found.of(&Subject::Me).is_none(), "{found:?}");
        assert_eq!(found.of(&other("child")).and_then(|s| s.demographics.age), Some(1));
        // A writer who speaks of themselves keeps their own facts.
        let mine = by_subject("I'm a mom of a 4 month old and I have mastitis", &[]);
        assert_eq!(mine.about, Subject::Me);
    }

    #[test]
    fn a_korean_carer_who_feeds_a_medicine_leaves_the_cared_for_unsaid() {
        let found = by_subject("열이 39.5도에요 해열제 먹여도 안떨어지고 애가 축 처져있어요", &[]);
        assert_eq!(found.about, other("child"));
        assert!(found.of(&Subject::Me).is_none_or(|s| s.vitals.is_empty()), "{found:?}");
        // Cream or drops one may put on oneself, and a word with the letters inside, say nothing.
        assert_eq!(by_subject("스테로이드 연고 계속 발라도 되나요 팔이 가려워요", &[]).about, Subject::Me);
        assert_eq!(by_subject("손가락 마디가 아프고 주먹이 안쥐어져요", &[]).about, Subject::Me);
    }

    #[test]
    fn a_korean_relation_written_after_an_age_or_a_school_year_is_that_person() {
        let son = by_subject("7살아들 열이 나요", &[]);
        assert_eq!(son.about, other("son"));
        assert_eq!(son.of(&other("son")).and_then(|s| s.demographics.age), Some(7));
        assert_eq!(by_subject("고3아들 ADHD로 콘서타 먹는데 점심을 안먹어요", &[]).about, other("son"));
        assert_eq!(by_subject("중2딸이 생리통이 심해요", &[]).about, other("daughter"));
        assert_eq!(by_subject("대학생아들 두통이 심해요", &[]).about, other("son"));
        // A number's own counter or type is no one.
        assert_eq!(by_subject("1형 당뇨 있어요 3일째 열이 나요", &[]).about, Subject::Me);
    }

    #[test]
    fn great_aunts_and_godparents_are_other_people() {
        assert_eq!(by_subject("my great-aunt has dementia", &[]).about, other("aunt"));
        assert_eq!(by_subject("my godmother is on chemo for breast cancer", &[]).about, other("godmother"));
        assert_eq!(by_subject("이모할머니가 고관절 골절로 수술하셨어요", &[]).about, other("aunt"));
    }

    #[test]
    fn a_korean_daughter_or_son_said_as_a_baby_is_that_child() {
        let found = by_subject("7개월 딸아기 기저귀 발진이 너무 심해요", &[]);
        assert_eq!(found.about, other("daughter"));
        assert!(found.of(&Subject::Me).is_none_or(|s| s.symptoms.is_empty()), "{found:?}");
        assert_eq!(by_subject("아들애가 밤새 기침해요", &[]).about, other("son"));
    }

    #[test]
    fn a_korean_name_with_a_siblings_title_an_ordinal_child_and_the_man_next_door_are_others() {
        assert_eq!(by_subject("은지 14살 여자앤데요 빈혈이 심해요", &[]).about, other("은지"));
        assert_eq!(by_subject("민수형이 간경화래요", &[]).about, other("민수"));
        let second = by_subject("둘째 돌 지났는데 몸무게가 8키로밖에 안돼요", &[]);
        assert_eq!(second.about, other("child"));
        assert!(second.of(&Subject::Me).is_none_or(|s| s.vitals.is_empty()), "{second:?}");
        let next_door = by_subject("old man next door fell and hit his head", &[]);
        assert_eq!(next_door.about, other("neighbor"));
        assert!(next_door.of(&Subject::Me).is_none_or(|s| s.demographics.gender.is_none()), "{next_door:?}");
    }

    #[test]
    fn a_step_parent_a_friends_house_a_teen_said_as_she_and_names_of_many_languages() {
        assert_eq!(by_subject("새아빠가 심방세동 있어서 와파린 드세요", &[]).about, other("father"));
        assert_eq!(by_subject("민준이가 친구집 갔다오더니 눈이 부었어요", &[]).about, other("민준"));
        assert_eq!(by_subject("she's 15 and gets dizzy when she stands up", &[]).about, other("child"));
        assert_eq!(by_subject("Priya is 34 and pregnant", &[]).about, other("Priya"));
        assert_eq!(by_subject("Kwame is 50 and has gout", &[]).about, other("Kwame"));
    }

    #[test]
    fn the_verb_naneunde_is_no_writer_and_a_relative_reports_after_a_colon() {
        // "콧물만 나는데" is the runny nose of the baby just named, not "나는" (I).
        let baby = subject::clauses_of("아기는 6개월이고 콧물만 나는데 저는 기침이 심해요", &[]);
        assert_eq!(baby[0].subjects, [other("child")], "{baby:?}");
        assert!(baby[0].end > "아기는 6개월이고 콧물만 나는데".len(), "{baby:?}");
        let grandpa = "my grandpa asked me to type this. he says: i take tamsulosin and i get dizzy. bp 100/60";
        let found = by_subject(grandpa, &[]);
        assert_eq!(found.about, other("grandfather"));
        assert!(found.of(&Subject::Me).is_none_or(|s| s.vitals.is_empty()), "{found:?}");
        // The writer who puts a cream on someone else is no one the clause is about.
        let cream = "my 6yo daughter has itchy patches, I've been putting hydrocortisone cream on it for a week";
        assert!(subject::clauses_of(cream, &[]).iter().all(|c| c.subjects == [other("daughter")]));
        // The writer who asks what to do is the asker, not whom the words are about.
        let droop = "my friends face is drooping on one side and words are coming out slurred rn what do i do";
        assert!(subject::clauses_of(droop, &[]).iter().all(|c| c.subjects == [other("friend")]));
        // A doctor's words after a colon are said to the writer.
        let told = subject::clauses_of("the doctor said: you have a sinus infection. i have a headache", &[]);
        assert_eq!(told.last().map(|c| c.subjects.clone()), Some(vec![Subject::Me]));
    }

    #[test]
    fn a_fever_reading_said_of_he_or_she_is_no_age() {
        let found = by_subject("my son has a fever and chills, he's 101 now", &[]);
        assert_eq!(found.of(&other("son")).and_then(|s| s.demographics.age), None);
        assert_eq!(
            by_subject("my grandpa has a cough. he's 97", &[])
                .of(&other("grandfather"))
                .and_then(|s| s.demographics.age),
            Some(97)
        );
    }
}
