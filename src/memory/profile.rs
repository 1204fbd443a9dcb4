//! The patient profile: facts from the conversation in six slots, each with when it was said and a
//! temporal weight `w = exp(-lambda * hours)` (vitals 0.1, labs 0.05, symptoms
//! 0.02, medications 0.005, conditions 0.001; demographics do not decay). The same fact said again
//! refreshes its time instead of adding a copy (same concept id; vitals and labs within tolerance).
//! A medicine said to be stopped, or not taken, is forgotten.

use crate::core::Lang;
use crate::extract::{ConceptSlot, Gender, Measurement, Slots};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The six slots of the profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SlotKind {
    Demographics,
    Conditions,
    Symptoms,
    Medications,
    Vitals,
    Labs,
}

impl SlotKind {
    pub const ALL: [SlotKind; 6] = [
        SlotKind::Demographics,
        SlotKind::Conditions,
        SlotKind::Symptoms,
        SlotKind::Medications,
        SlotKind::Vitals,
        SlotKind::Labs,
    ];

    /// Decay rate per hour.
    pub fn lambda(self) -> f64 {
        match self {
            SlotKind::Demographics => 0.0,
            SlotKind::Conditions => 0.001,
            SlotKind::Symptoms => 0.02,
            SlotKind::Medications => 0.005,
            SlotKind::Vitals => 0.1,
            SlotKind::Labs => 0.05,
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (SlotKind::Demographics, Lang::Ko) => "인적 정보",
            (SlotKind::Demographics, Lang::En) => "About",
            (SlotKind::Conditions, Lang::Ko) => "질환",
            (SlotKind::Conditions, Lang::En) => "Conditions",
            (SlotKind::Symptoms, Lang::Ko) => "증상",
            (SlotKind::Symptoms, Lang::En) => "Symptoms",
            (SlotKind::Medications, Lang::Ko) => "복용약",
            (SlotKind::Medications, Lang::En) => "Medications",
            (SlotKind::Vitals, Lang::Ko) => "활력징후",
            (SlotKind::Vitals, Lang::En) => "Vitals",
            (SlotKind::Labs, Lang::Ko) => "검사 수치",
            (SlotKind::Labs, Lang::En) => "Labs",
        }
    }
}

/// Facts whose weight fell below this are left out of summaries and fingerprints (still kept and shown).
pub const FADED: f64 = 0.05;

/// One remembered fact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fact {
    pub slot: SlotKind,
    /// What the fact is about: a concept id, a measurement kind ("hba1c"), or "age"/"gender"/...
    pub key: String,
    pub en: String,
    pub ko: String,
    /// The value as shown ("65", "male", "180 mg/dL", "10년"); empty for a bare concept.
    pub value: String,
    /// The reading, for vitals and labs (used for the dedup tolerance).
    pub measurement: Option<Measurement>,
    /// When it was last said, in milliseconds since the Unix epoch.
    pub said_at_ms: f64,
}

impl Fact {
    /// The temporal weight at `now_ms`.
    pub fn weight(&self, now_ms: f64) -> f64 {
        let hours = ((now_ms - self.said_at_ms) / 3_600_000.0).max(0.0);
        (-self.slot.lambda() * hours).exp()
    }

    /// The fact as one phrase in `lang`.
    pub fn describe(&self, lang: Lang) -> String {
        let name = match lang {
            Lang::Ko if !self.ko.is_empty() => &self.ko,
            _ => &self.en,
        };
        match (self.slot, self.value.is_empty()) {
            (_, true) => name.clone(),
            (SlotKind::Conditions | SlotKind::Medications | SlotKind::Symptoms, false) => {
                format!("{name} ({})", duration_in(&self.value, lang))
            }
            _ => format!("{name}: {}", demographic_value(&self.key, &self.value, lang)),
        }
    }
}

/// A demographic value as a person reads it in `lang` ("65" → "65세", "male" → "남성"); others unchanged.
pub(super) fn demographic_value(key: &str, value: &str, lang: Lang) -> String {
    let ko = lang == Lang::Ko;
    match (key, value) {
        ("age", _) if ko => format!("{value}세"),
        ("age_group", _) => {
            if ko {
                format!("{value}대")
            } else {
                format!("{value}s")
            }
        }
        ("gender", "male") if ko => "남성".into(),
        ("gender", "female") if ko => "여성".into(),
        ("pregnant", "yes") if ko => "예".into(),
        ("pregnant", "no") if ko => "아니요".into(),
        _ => value.to_string(),
    }
}

/// A duration as extracted ("10년", "3개월") in `lang` ("10 years").
pub(super) fn duration_in(value: &str, lang: Lang) -> String {
    if lang == Lang::Ko {
        return value.to_string();
    }
    for (ko, en) in [("년", "years"), ("개월", "months"), ("주", "weeks"), ("일", "days")] {
        if let Some(n) = value.strip_suffix(ko) {
            return format!("{n} {en}");
        }
    }
    value.to_string()
}

/// One person's profile.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub facts: Vec<Fact>,
}

/// All profiles on this device, by user id (e.g. family members).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProfileStore {
    pub profiles: BTreeMap<String, Profile>,
}

impl ProfileStore {
    /// Adds what `slots` says about `user` ([`Profile::add`]); returns how many facts were new.
    pub fn update(&mut self, user: &str, slots: &Slots, now_ms: f64) -> usize {
        self.profiles.entry(user.to_string()).or_default().add(slots, now_ms)
    }

    pub fn profile(&self, user: &str) -> Option<&Profile> {
        self.profiles.get(user)
    }
}

impl Profile {
    /// The profile of one message's facts alone (someone the device keeps no profile for).
    pub fn of(slots: &Slots, now_ms: f64) -> Profile {
        let mut profile = Profile::default();
        profile.add(slots, now_ms);
        profile
    }

    /// Adds what `slots` says, said at `now_ms`, and forgets the medicines it says are stopped;
    /// returns how many facts were new.
    pub fn add(&mut self, slots: &Slots, now_ms: f64) -> usize {
        self.facts.retain(|f| !(f.slot == SlotKind::Medications && slots.stopped.iter().any(|s| s.id == f.key)));
        let mut added = 0;
        for fact in Fact::all_of(slots, now_ms) {
            match self.facts.iter_mut().find(|old| same_fact(old, &fact)) {
                Some(old) => {
                    old.said_at_ms = now_ms;
                    // A reading within tolerance is the same fact, but the newest value is the current one.
                    if !fact.value.is_empty() {
                        old.value = fact.value;
                        old.measurement = fact.measurement;
                    }
                }
                None => {
                    self.facts.push(fact);
                    added += 1;
                }
            }
        }
        added
    }
}

impl Fact {
    /// Every fact `slots` states, said at `now_ms`.
    pub fn all_of(slots: &Slots, now_ms: f64) -> Vec<Fact> {
        let d = &slots.demographics;
        let demographic = |key: &str, en: &str, ko: &str, value: String| Fact {
            slot: SlotKind::Demographics,
            key: key.into(),
            en: en.into(),
            ko: ko.into(),
            value,
            measurement: None,
            said_at_ms: now_ms,
        };
        let mut facts = Vec::new();
        if let Some(age) = d.age {
            facts.push(demographic("age", "Age", "나이", age.to_string()));
        }
        if let Some(group) = d.age_group {
            facts.push(demographic("age_group", "Age group", "연령대", group.to_string()));
        }
        if let Some(g) = d.gender {
            let value = if g == Gender::Male { "male" } else { "female" };
            facts.push(demographic("gender", "Gender", "성별", value.into()));
        }
        if let Some(p) = d.pregnant {
            facts.push(demographic("pregnant", "Pregnant", "임신", if p { "yes" } else { "no" }.into()));
        }
        let concept = |slot: SlotKind, c: &ConceptSlot| Fact {
            slot,
            key: c.id.clone(),
            en: c.en.clone(),
            ko: c.ko.clone(),
            value: c.duration.clone().unwrap_or_default(),
            measurement: None,
            said_at_ms: now_ms,
        };
        facts.extend(slots.conditions.iter().map(|c| concept(SlotKind::Conditions, c)));
        facts.extend(slots.symptoms.iter().map(|c| concept(SlotKind::Symptoms, c)));
        facts.extend(slots.medications.iter().map(|c| concept(SlotKind::Medications, c)));
        for m in slots.vitals.iter().chain(&slots.labs) {
            facts.push(Fact {
                slot: if m.kind.is_vital() { SlotKind::Vitals } else { SlotKind::Labs },
                key: serde_json::to_value(m.kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
                en: m.kind.name(false).into(),
                ko: m.kind.name(true).into(),
                value: m.display(),
                measurement: Some(m.clone()),
                said_at_ms: now_ms,
            });
        }
        facts
    }
}

/// Whether `new` restates `old`: same demographic or concept, or a reading within tolerance.
fn same_fact(old: &Fact, new: &Fact) -> bool {
    if old.slot != new.slot || old.key != new.key {
        return false;
    }
    match (&old.measurement, &new.measurement) {
        (Some(a), Some(b)) => {
            let tol = a.kind.tolerance();
            (a.value - b.value).abs() <= tol && a.second.zip(b.second).is_none_or(|(x, y)| (x - y).abs() <= tol)
        }
        _ => true,
    }
}

impl Profile {
    /// Facts that still count at `now_ms`, by slot, heaviest first; the latest reading per vital/lab.
    pub fn current(&self, now_ms: f64) -> Vec<&Fact> {
        let mut facts: Vec<&Fact> = self.facts.iter().filter(|f| f.weight(now_ms) >= FADED).collect();
        crate::core::order::sort_by(&mut facts, |a, b| a.slot.cmp(&b.slot).then(b.said_at_ms.total_cmp(&a.said_at_ms)));
        let mut seen_measures: Vec<&str> = Vec::new();
        facts.retain(|f| {
            if f.measurement.is_none() {
                return true;
            }
            let first = !seen_measures.contains(&f.key.as_str());
            seen_measures.push(&f.key);
            first
        });
        facts
    }

    /// One-line summary for prompts ("65세 남성 | 질환: 당뇨병 (10년) | ..."), empty when nothing counts.
    pub fn summary(&self, lang: Lang, now_ms: f64) -> String {
        let facts = self.current(now_ms);
        let value = |key: &str| facts.iter().find(|f| f.key == key).map(|f| f.value.as_str());
        let mut parts = Vec::new();
        let gender = value("gender").map(|g| match (g, lang) {
            ("male", Lang::Ko) => "남성",
            ("female", Lang::Ko) => "여성",
            ("male", Lang::En) => "male",
            _ => "female",
        });
        let who = match (value("age"), value("age_group"), gender, lang) {
            (Some(a), _, Some(g), Lang::Ko) => format!("{a}세 {g}"),
            (Some(a), _, Some(g), Lang::En) => format!("{a}-year-old {g}"),
            (Some(a), _, None, Lang::Ko) => format!("{a}세"),
            (Some(a), _, None, Lang::En) => format!("age {a}"),
            (None, Some(d), Some(g), Lang::Ko) => format!("{d}대 {g}"),
            (None, Some(d), Some(g), Lang::En) => format!("{g} in their {d}s"),
            (None, Some(d), None, Lang::Ko) => format!("{d}대"),
            (None, Some(d), None, Lang::En) => format!("in their {d}s"),
            (None, None, Some(g), _) => g.to_string(),
            (None, None, None, _) => String::new(),
        };
        if !who.is_empty() {
            parts.push(who);
        }
        if value("pregnant") == Some("yes") {
            parts.push(if lang == Lang::Ko { "임신 중".into() } else { "pregnant".into() });
        }
        for slot in [SlotKind::Conditions, SlotKind::Symptoms, SlotKind::Medications] {
            let names: Vec<String> = facts.iter().filter(|f| f.slot == slot).map(|f| f.describe(lang)).collect();
            if !names.is_empty() {
                parts.push(format!("{}: {}", slot.label(lang), names.join(", ")));
            }
        }
        for f in facts.iter().filter(|f| matches!(f.slot, SlotKind::Vitals | SlotKind::Labs)) {
            parts.push(f.describe(lang));
        }
        parts.join(" | ")
    }

    /// A fingerprint of the facts that shape answers now: answers cached for one fingerprint are
    /// never served to a profile with another.
    pub fn fingerprint(&self, now_ms: f64) -> String {
        let mut keys: Vec<String> = self.current(now_ms).iter().map(|f| format!("{}={}", f.key, f.value)).collect();
        keys.sort();
        crate::core::files::sha256_hex(keys.join("\n").as_bytes())[..16].to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::{Demographics, MeasureKind};

    const HOUR: f64 = 3_600_000.0;

    fn bp(s: f64, d: f64) -> Slots {
        Slots {
            vitals: vec![Measurement {
                kind: MeasureKind::BloodPressure,
                value: s,
                second: Some(d),
                unit: "mmHg".into(),
            }],
            ..Slots::default()
        }
    }

    #[test]
    fn decay_matches_the_seed_examples() {
        // The specification's example: blood pressure said 1 h, 12 h and 48 h ago weighs 0.90, 0.30, 0.01.
        let mut store = ProfileStore::default();
        store.update("a", &bp(140.0, 90.0), 0.0);
        let fact = &store.profile("a").unwrap().facts[0];
        assert!((fact.weight(HOUR) - 0.90).abs() < 0.005);
        assert!((fact.weight(12.0 * HOUR) - 0.30).abs() < 0.005);
        assert!((fact.weight(48.0 * HOUR) - 0.01).abs() < 0.005);
        let condition = Fact { slot: SlotKind::Conditions, ..fact.clone() };
        assert!((condition.weight(693.0 * HOUR) - 0.5).abs() < 0.01, "conditions halve in 693 h");
    }

    #[test]
    fn every_slot_halves_at_its_seed_half_life() {
        // The specification's table: half-lives 7 h, 14 h, 35 h, 139 h (6 days), 693 h (29 days).
        let fact = |slot| Fact {
            slot,
            key: "k".into(),
            en: String::new(),
            ko: String::new(),
            value: String::new(),
            measurement: None,
            said_at_ms: 0.0,
        };
        for (slot, half_life) in [
            (SlotKind::Vitals, 7.0),
            (SlotKind::Labs, 14.0),
            (SlotKind::Symptoms, 35.0),
            (SlotKind::Medications, 139.0),
            (SlotKind::Conditions, 693.0),
        ] {
            let w = fact(slot).weight(half_life * HOUR);
            assert!((w - 0.5).abs() < 0.01, "{slot:?}: {w}");
        }
        assert_eq!(fact(SlotKind::Demographics).weight(1e6 * HOUR), 1.0, "age and sex do not fade");
    }

    #[test]
    fn the_seed_blood_pressure_history_shows_the_latest_reading() {
        // The specification's example: 145/92 said 48 h ago, 150/95 12 h ago, 140/90 1 h ago.
        let mut store = ProfileStore::default();
        let now = 48.0 * HOUR;
        store.update("a", &bp(145.0, 92.0), now - 48.0 * HOUR);
        store.update("a", &bp(150.0, 95.0), now - 12.0 * HOUR);
        store.update("a", &bp(140.0, 90.0), now - HOUR);
        let profile = store.profile("a").unwrap();
        assert_eq!(profile.summary(Lang::En, now), "Blood pressure: 140/90 mmHg");
        let current = profile.current(now);
        assert!((current[0].weight(now) - 0.90).abs() < 0.005);
        // 150/95 restated 145/92 (within 5 mmHg): one fact, now weighing exp(-0.1 x 12) = 0.30.
        let older: Vec<f64> =
            profile.facts.iter().filter(|f| f.value != "140/90 mmHg").map(|f| f.weight(now)).collect();
        assert_eq!(older.len(), 1);
        assert!((older[0] - 0.30).abs() < 0.005, "{older:?}");
    }

    #[test]
    fn the_same_fact_said_again_is_not_duplicated() {
        let mut store = ProfileStore::default();
        assert_eq!(store.update("a", &bp(140.0, 90.0), 0.0), 1);
        assert_eq!(store.update("a", &bp(142.0, 88.0), HOUR), 0, "within 5 mmHg: same reading");
        assert_eq!(store.profile("a").unwrap().facts[0].said_at_ms, HOUR);
        assert_eq!(store.profile("a").unwrap().facts[0].value, "142/88 mmHg", "the newest value is shown");
        assert_eq!(store.update("a", &bp(160.0, 100.0), 2.0 * HOUR), 1, "a new reading");
        let current = store.profile("a").unwrap().current(2.0 * HOUR);
        assert_eq!(current.len(), 1, "only the latest reading counts");
        assert_eq!(current[0].value, "160/100 mmHg");
    }

    #[test]
    fn summary_in_both_languages_and_profiles_are_separate() {
        let mut store = ProfileStore::default();
        let slots = Slots {
            demographics: Demographics { age: Some(65), gender: Some(Gender::Male), ..Demographics::default() },
            conditions: vec![ConceptSlot {
                id: "E14".into(),
                en: "Diabetes".into(),
                ko: "당뇨병".into(),
                said: "당뇨".into(),
                duration: Some("10년".into()),
            }],
            labs: vec![Measurement { kind: MeasureKind::Hba1c, value: 8.2, second: None, unit: "%".into() }],
            ..Slots::default()
        };
        store.update("dad", &slots, 0.0);
        let dad = store.profile("dad").unwrap();
        assert_eq!(dad.summary(Lang::Ko, 0.0), "65세 남성 | 질환: 당뇨병 (10년) | HbA1c: 8.2 %");
        assert_eq!(dad.summary(Lang::En, 0.0), "65-year-old male | Conditions: Diabetes (10 years) | HbA1c: 8.2 %");
        assert!(store.profile("mom").is_none());
        let fp = dad.fingerprint(0.0);
        store.update("dad", &bp(150.0, 95.0), 0.0);
        assert_ne!(store.profile("dad").unwrap().fingerprint(0.0), fp, "a new fact changes the fingerprint");
        // Labs fade after a few days and leave the summary.
        assert!(!store.profile("dad").unwrap().summary(Lang::En, 100.0 * HOUR).contains("HbA1c"));
    }

    #[test]
    fn a_medicine_said_stopped_is_forgotten() {
        let medicine =
            |id: &str| ConceptSlot { id: id.into(), en: id.into(), ko: String::new(), said: id.into(), duration: None };
        let mut store = ProfileStore::default();
        store.update("a", &Slots { medications: vec![medicine("DB00682")], ..Slots::default() }, 0.0);
        let stopped =
            Slots { stopped: vec![medicine("DB00682")], medications: vec![medicine("DB00945")], ..Slots::default() };
        store.update("a", &stopped, HOUR);
        let keys: Vec<&str> = store.profile("a").unwrap().facts.iter().map(|f| f.key.as_str()).collect();
        assert_eq!(keys, ["DB00945"], "warfarin forgotten, aspirin kept");
    }

    #[test]
    fn profiles_survive_serde() {
        let mut store = ProfileStore::default();
        store.update("a", &bp(120.0, 80.0), 5.0);
        let json = serde_json::to_string(&store).unwrap();
        assert_eq!(serde_json::from_str::<ProfileStore>(&json).unwrap(), store);
    }
}
