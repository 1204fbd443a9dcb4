//! The Synthea patients the study's conversations are built from (`index/synthea/patients.jsonl`,
//! Apache-2.0, see `index/synthea/LICENSE-Synthea.md`), and how a patient names their conditions,
//! medicines and symptoms in Korean and English, with the lexicon concept each name stands for and
//! the MedQuAD focus names that answer questions about it.

use crate::memory::profile::SlotKind;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The compact patients file, built into the binary so the browser and the CLI read the same one.
pub const PATIENTS_JSONL: &str = include_str!("../../index/synthea/patients.jsonl");

/// One Synthea patient as compacted by `scripts/synthea-patients.py`.
#[derive(Clone, Debug, Deserialize)]
pub struct Patient {
    /// The first eight characters of Synthea's id.
    pub id: String,
    /// `YYYY-MM-DD`.
    pub birthdate: String,
    pub deathdate: Option<String>,
    /// "M" or "F".
    pub gender: String,
    /// Date of the last observation (`YYYY-MM-DD`): the day the conversation is set on.
    pub last_seen: Option<String>,
    /// Active conditions, Synthea's descriptions.
    pub conditions: Vec<String>,
    /// Active medications, Synthea's descriptions.
    pub medications: Vec<String>,
    /// Latest readings: systolic, diastolic, heart_rate, weight_kg, temperature_c, glucose, hba1c,
    /// total_cholesterol, ldl, hdl.
    pub readings: BTreeMap<String, f64>,
}

impl Patient {
    /// Age in whole years on the day of the conversation (the death date for the deceased).
    pub fn age(&self) -> u32 {
        let day = self.deathdate.as_deref().or(self.last_seen.as_deref()).unwrap_or("2024-01-01");
        let ymd = |d: &str| -> (i32, i32, i32) {
            let mut parts = d.split('-').map(|p| p.parse::<i32>().unwrap_or(0));
            (parts.next().unwrap_or(0), parts.next().unwrap_or(0), parts.next().unwrap_or(0))
        };
        let (by, bm, bd) = ymd(&self.birthdate);
        let (y, m, d) = ymd(day);
        let years = y - by - i32::from((m, d) < (bm, bd));
        years.max(0) as u32
    }

    pub fn is_male(&self) -> bool {
        self.gender == "M"
    }

    pub fn reading(&self, key: &str) -> Option<f64> {
        self.readings.get(key).copied()
    }
}

/// Reads the patients file (JSON lines).
pub fn parse_patients(text: &str) -> Result<Vec<Patient>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("patients line {}: {e}", i + 1)))
        .collect()
}

/// The patients shipped with medagent.
pub fn bundled_patients() -> Vec<Patient> {
    parse_patients(PATIENTS_JSONL).expect("the bundled patients file parses")
}

/// How a patient names one concept, the lexicon id it stands for, and the MedQuAD focus names
/// whose documents are about it.
#[derive(Clone, Copy, Debug)]
pub struct Naming {
    pub slot: SlotKind,
    pub id: &'static str,
    pub en: &'static str,
    pub ko: &'static str,
    pub focus: &'static [&'static str],
}

const fn naming(
    slot: SlotKind,
    id: &'static str,
    en: &'static str,
    ko: &'static str,
    focus: &'static [&'static str],
) -> Naming {
    Naming { slot, id, en, ko, focus }
}

use SlotKind::{Conditions as C, Medications as M, Symptoms as S};

/// Synthea condition descriptions (lowercase substring) -> how the patient says it, most important
/// first (a patient introduces their first three). Synthea's social findings ("Stress (finding)",
/// "Full-time employment") and past events ("History of ...") are not conditions a patient reports.
pub const CONDITIONS: &[(&str, Naming)] = &[
    (
        "coronary heart disease",
        naming(C, "I25", "heart disease", "관상동맥질환", &["Coronary Heart Disease", "Coronary Artery Disease"]),
    ),
    ("myocardial infarction", naming(C, "I21", "a past heart attack", "심근경색", &["Heart Attack"])),
    ("cardiac arrest", naming(C, "I46", "cardiac arrest", "심장정지", &["Cardiac Arrest", "Sudden Cardiac Arrest"])),
    ("hypertension", naming(C, "I10", "high blood pressure", "고혈압", &["High Blood Pressure"])),
    ("preeclampsia", naming(C, "O14", "preeclampsia", "전자간증", &["preeclampsia"])),
    ("chronic obstructive bronchitis", naming(C, "J44", "COPD", "만성 폐쇄성 폐질환", &["COPD", "Chronic Bronchitis"])),
    ("asthma", naming(C, "J45", "asthma", "천식", &["Asthma"])),
    ("hyperlipidemia", naming(C, "E78", "high cholesterol", "고지혈증", &["High Blood Cholesterol"])),
    ("prediabetes", naming(C, "R73", "prediabetes", "당뇨 전단계", &["Prediabetes", "Diabetes"])),
    ("anemia", naming(C, "D64", "anemia", "빈혈", &["Anemia"])),
    ("migraine", naming(C, "G43", "migraines", "편두통", &["Migraine"])),
    ("osteoarthritis", naming(C, "M19", "osteoarthritis", "골관절염", &["Osteoarthritis"])),
    ("allergic rhinitis", naming(C, "J30", "allergic rhinitis", "알레르기 비염", &["Hay Fever", "Allergy"])),
    ("chronic sinusitis", naming(C, "J32", "chronic sinusitis", "만성 부비동염", &["Sinusitis"])),
    ("obesity", naming(C, "E66", "obesity", "비만", &["Obesity"])),
    ("low back pain", naming(S, "M54.5", "back pain", "허리 통증", &["Back Pain"])),
];

/// Medication ingredients (lowercase substring of Synthea's description) -> how the patient says it.
pub const MEDICATIONS: &[(&str, Naming)] = &[
    ("lisinopril", naming(M, "DB00722", "lisinopril", "리시노프릴", &[])),
    ("amlodipine", naming(M, "DB00381", "amlodipine", "암로디핀", &[])),
    ("hydrochlorothiazide", naming(M, "DB00999", "hydrochlorothiazide", "히드로클로로티아지드", &[])),
    ("simvastatin", naming(M, "DB00641", "simvastatin", "심바스타틴", &[])),
    ("albuterol", naming(M, "DB01001", "albuterol", "벤토린", &[])),
    ("fluticasone", naming(M, "DB13867", "fluticasone", "플루티카손", &[])),
    ("loratadine", naming(M, "DB00455", "loratadine", "로라타딘", &[])),
    ("fexofenadine", naming(M, "DB00950", "fexofenadine", "펙소페나딘", &[])),
    ("diphenhydramine", naming(M, "DB01075", "diphenhydramine", "디펜히드라민", &[])),
    ("epinephrine", naming(M, "DB00668", "epinephrine", "에피네프린", &[])),
    ("ferrous sulfate", naming(M, "DB13257", "iron supplement", "철분제", &[])),
    ("naproxen", naming(M, "DB00788", "naproxen", "나프록센", &[])),
    ("oxycodone", naming(M, "DB00497", "oxycodone", "옥시코돈", &[])),
    ("acetaminophen", naming(M, "DB00316", "Tylenol", "타이레놀", &[])),
    ("enoxaparin", naming(M, "DB01225", "enoxaparin", "에녹사파린", &[])),
];

const HEADACHE: Naming = naming(S, "R51", "headaches", "두통", &["Headache"]);
const DIZZY: Naming = naming(S, "R42", "dizziness", "어지럼증", &["Dizziness and Vertigo"]);
const FATIGUE: Naming = naming(S, "R53", "fatigue", "피로", &["Fatigue"]);
const COUGH: Naming = naming(S, "R05", "a cough", "기침", &["Cough"]);
const BREATHLESS: Naming = naming(S, "R06.0", "shortness of breath", "호흡곤란", &["Breathing Problems"]);
const WHEEZING: Naming = naming(S, "R06.2", "wheezing", "쌕쌕거림", &[]);
const THIRST: Naming = naming(S, "R63.1", "excessive thirst", "갈증", &[]);
const URINATION: Naming = naming(S, "R35", "frequent urination", "빈뇨", &[]);
const STUFFY: Naming = naming(S, "R09.81", "a stuffy nose", "코막힘", &[]);
const NAUSEA: Naming = naming(S, "R11", "nausea", "메스꺼움", &[]);
const JOINT: Naming = naming(S, "M25.5", "joint pain", "관절통", &["Osteoarthritis"]);
const SWELLING: Naming = naming(S, "R60", "swollen ankles", "발목 부종", &["Edema"]);
const ITCHING: Naming = naming(S, "L29", "itching", "가려움", &["Itching"]);
const BELLY: Naming = naming(S, "R10", "stomach pain", "복통", &["Abdominal Pain"]);

/// The new symptoms a patient with this condition (lexicon id) reports in the third turn.
pub fn symptoms_for(condition: Option<&str>, patient_index: usize) -> [Naming; 2] {
    match condition {
        Some("I10") => [HEADACHE, DIZZY],
        Some("I25" | "I21" | "I46") => [BREATHLESS, FATIGUE],
        Some("O14") => [SWELLING, HEADACHE],
        Some("J44") => [BREATHLESS, COUGH],
        Some("J45") => [WHEEZING, COUGH],
        Some("E78") => [FATIGUE, DIZZY],
        Some("R73") => [THIRST, URINATION],
        Some("D64") => [FATIGUE, DIZZY],
        Some("G43") => [NAUSEA, HEADACHE],
        Some("M19") => [JOINT, FATIGUE],
        Some("J30") => [STUFFY, ITCHING],
        Some("J32") => [STUFFY, HEADACHE],
        _ => {
            // No condition to go by: a common complaint, varied over the patients.
            let pairs = [[COUGH, FATIGUE], [BELLY, NAUSEA], [HEADACHE, FATIGUE], [ITCHING, COUGH]];
            pairs[patient_index % pairs.len()]
        }
    }
}

/// The first naming whose key occurs in `description` (case-insensitive).
pub fn name_of(table: &'static [(&str, Naming)], description: &str) -> Option<Naming> {
    let lower = description.to_lowercase();
    table.iter().find(|(key, _)| lower.contains(key)).map(|(_, n)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_patients_parse_with_plausible_ages() {
        let patients = bundled_patients();
        assert_eq!(patients.len(), 27);
        assert!(patients.iter().all(|p| p.age() < 110 && (p.gender == "M" || p.gender == "F")));
        let first = &patients[0];
        // Born 2014-10-06, last seen 2023-10-10: nine.
        assert_eq!(first.age(), 9);
        assert_eq!(name_of(CONDITIONS, "Body mass index 30+ - obesity (finding)").unwrap().id, "E66");
        assert!(name_of(CONDITIONS, "Full-time employment (finding)").is_none());
        assert_eq!(name_of(MEDICATIONS, "amLODIPine 2.5 MG Oral Tablet").unwrap().id, "DB00381");
    }
}
