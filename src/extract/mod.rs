//! Slot extraction: what a message says about the patient, in six slots (demographics, conditions,
//! symptoms, medications, vitals, labs). Numbers come from patterns ([`patterns`]); concepts from the
//! lexicon; a negated concept ("no fever", "열은 없어요", "denies chest pain") or one only asked
//! about ("What causes gout?") adds nothing; a duration
//! next to a condition ("10년째 당뇨") is kept with it.

mod negation;
pub mod patterns;

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

/// What a measurement measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum MeasureKind {
    BloodPressure,
    HeartRate,
    Temperature,
    Weight,
    FastingGlucose,
    BloodGlucose,
    Hba1c,
    TotalCholesterol,
    LdlCholesterol,
    HdlCholesterol,
}

impl MeasureKind {
    /// Whether it is a vital sign (else a lab value).
    pub fn is_vital(self) -> bool {
        matches!(
            self,
            MeasureKind::BloodPressure | MeasureKind::HeartRate | MeasureKind::Temperature | MeasureKind::Weight
        )
    }

    pub fn name(self, ko: bool) -> &'static str {
        match (self, ko) {
            (MeasureKind::BloodPressure, false) => "Blood pressure",
            (MeasureKind::BloodPressure, true) => "혈압",
            (MeasureKind::HeartRate, false) => "Heart rate",
            (MeasureKind::HeartRate, true) => "맥박",
            (MeasureKind::Temperature, false) => "Temperature",
            (MeasureKind::Temperature, true) => "체온",
            (MeasureKind::Weight, false) => "Weight",
            (MeasureKind::Weight, true) => "체중",
            (MeasureKind::FastingGlucose, false) => "Fasting glucose",
            (MeasureKind::FastingGlucose, true) => "공복혈당",
            (MeasureKind::BloodGlucose, false) => "Blood glucose",
            (MeasureKind::BloodGlucose, true) => "혈당",
            (MeasureKind::Hba1c, _) => "HbA1c",
            (MeasureKind::TotalCholesterol, false) => "Total cholesterol",
            (MeasureKind::TotalCholesterol, true) => "총콜레스테롤",
            (MeasureKind::LdlCholesterol, _) => "LDL",
            (MeasureKind::HdlCholesterol, _) => "HDL",
        }
    }

    /// The readings taken as real (first number; for blood pressure the systolic one, see
    /// [`DIASTOLIC`]): what the patterns extract and what an edit in the profile panel accepts.
    pub fn plausible(self) -> std::ops::RangeInclusive<f64> {
        match self {
            MeasureKind::BloodPressure => 70.0..=260.0,
            MeasureKind::HeartRate => 25.0..=250.0,
            // Celsius or Fahrenheit.
            MeasureKind::Temperature => 30.0..=115.0,
            // Kilograms or pounds.
            MeasureKind::Weight => 2.0..=660.0,
            MeasureKind::FastingGlucose => 20.0..=700.0,
            MeasureKind::BloodGlucose => 20.0..=900.0,
            MeasureKind::Hba1c => 3.0..=20.0,
            MeasureKind::LdlCholesterol => 10.0..=500.0,
            MeasureKind::HdlCholesterol => 5.0..=200.0,
            MeasureKind::TotalCholesterol => 50.0..=600.0,
        }
    }

    /// Two readings closer than this are the same fact said again (dedup in the profile).
    pub fn tolerance(self) -> f64 {
        match self {
            MeasureKind::BloodPressure => 5.0,
            MeasureKind::HeartRate => 5.0,
            MeasureKind::Temperature => 0.2,
            MeasureKind::Weight => 1.0,
            MeasureKind::FastingGlucose | MeasureKind::BloodGlucose => 5.0,
            MeasureKind::Hba1c => 0.1,
            MeasureKind::TotalCholesterol | MeasureKind::LdlCholesterol | MeasureKind::HdlCholesterol => 5.0,
        }
    }
}

/// The diastolic pressures taken as real (below the systolic one).
pub const DIASTOLIC: std::ops::RangeInclusive<f64> = 40.0..=160.0;

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

/// Everything one message says about the patient.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Slots {
    pub demographics: Demographics,
    pub conditions: Vec<ConceptSlot>,
    pub symptoms: Vec<ConceptSlot>,
    pub medications: Vec<ConceptSlot>,
    pub vitals: Vec<Measurement>,
    pub labs: Vec<Measurement>,
}

impl Slots {
    /// The number of medical facts (conditions, symptoms, medications, vitals, labs): what active
    /// retrieval counts to judge complexity.
    pub fn concept_count(&self) -> usize {
        self.conditions.len() + self.symptoms.len() + self.medications.len() + self.vitals.len() + self.labs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.demographics.is_empty() && self.concept_count() == 0
    }
}

/// Extracts the slots of `text`. Without a lexicon only the patterns run.
pub fn extract(text: &str, lexicon: Option<&Lexicon>) -> Slots {
    let mut slots = Slots { demographics: patterns::demographics(text), ..Slots::default() };
    for m in patterns::measurements(text) {
        if m.kind.is_vital() {
            slots.vitals.push(m);
        } else {
            slots.labs.push(m);
        }
    }
    let Some(lexicon) = lexicon else { return slots };
    for mention in lexicon.find(text) {
        let concept = mention.concept;
        // Labs and vitals are measured by the patterns; their names alone are no fact about the patient.
        let target = match concept.kind {
            ConceptKind::Condition => &mut slots.conditions,
            ConceptKind::Symptom => &mut slots.symptoms,
            ConceptKind::Medication => &mut slots.medications,
            ConceptKind::Lab | ConceptKind::Vital => continue,
        };
        if target.iter().any(|s| s.id == concept.id)
            || negation::is_negated(text, mention.start, mention.end)
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
