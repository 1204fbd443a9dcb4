//! Editing a remembered fact by hand (the profile panel): the value as the user types it, checked
//! the way the extractor checks what it reads, so an edit can never store what a message could not.
//!
//! What can be edited: a reading (vitals, labs: the number, or systolic/diastolic), a demographic
//! (age, age group, gender, pregnancy) and how long a condition, symptom or medication has lasted
//! (empty for "not said"). The concept itself (which condition) is the lexicon's and stays.

use super::profile::{demographic_value, duration_in, Fact, SlotKind};
use crate::core::Lang;
use crate::extract::{MeasureKind, DIASTOLIC};

/// Why an edited value was refused; [`EditError::message`] tells the user what to type instead.
#[derive(Clone, Debug, PartialEq)]
pub enum EditError {
    /// A reading must be a number in this range.
    Number {
        min: f64,
        max: f64,
        unit: String,
    },
    /// Blood pressure is "systolic/diastolic".
    BloodPressure,
    Age,
    AgeGroup,
    Gender,
    YesNo,
    Duration,
}

/// `input` without a trailing word from `suffixes` (case-insensitive), trimmed.
fn strip_suffix<'a>(input: &'a str, suffixes: &[&str]) -> &'a str {
    let input = input.trim();
    let lower = input.to_lowercase();
    suffixes
        .iter()
        .find(|s| lower.ends_with(&s.to_lowercase()))
        .map_or(input, |s| input[..input.len() - s.len()].trim_end())
}

/// "10년", "10 years", "3 months", "2주" -> the stored form ("10년", "3개월", "2주").
fn duration(input: &str) -> Option<String> {
    let input = input.trim();
    let digits: String = input.chars().take_while(char::is_ascii_digit).collect();
    let n: u32 = digits.parse().ok().filter(|n| (1..=99).contains(n))?;
    let unit = input[digits.len()..].trim().to_lowercase();
    let unit = match unit.trim_end_matches('s') {
        "년" | "year" | "yr" => "년",
        "개월" | "달" | "month" => "개월",
        "주" | "week" => "주",
        "일" | "day" => "일",
        _ => return None,
    };
    Some(format!("{n}{unit}"))
}

impl Fact {
    /// The value as the edit box shows it in `lang` (what [`Fact::edited`] reads back).
    pub fn editable_value(&self, lang: Lang) -> String {
        match (&self.measurement, self.slot, self.key.as_str()) {
            (Some(m), _, _) => m.display().trim_end_matches(m.unit.as_str()).trim().to_string(),
            (None, SlotKind::Demographics, "gender" | "pregnant") => demographic_value(&self.key, &self.value, lang),
            (None, SlotKind::Demographics, _) => self.value.clone(),
            (None, _, _) => duration_in(&self.value, lang),
        }
    }

    /// This fact with the value the user typed, said now (`now_ms`), or why the value cannot be used.
    pub fn edited(&self, input: &str, now_ms: f64) -> Result<Fact, EditError> {
        let mut fact = self.clone();
        fact.said_at_ms = now_ms;
        if let Some(reading) = &mut fact.measurement {
            let unit = reading.unit.clone();
            let raw = strip_suffix(input, &[unit.as_str()]);
            if reading.kind == MeasureKind::BloodPressure {
                let (s, d) = raw.split_once('/').ok_or(EditError::BloodPressure)?;
                let (s, d): (f64, f64) = (
                    s.trim().parse().map_err(|_| EditError::BloodPressure)?,
                    d.trim().parse().map_err(|_| EditError::BloodPressure)?,
                );
                if !(reading.kind.plausible().contains(&s) && DIASTOLIC.contains(&d) && s > d) {
                    return Err(EditError::BloodPressure);
                }
                reading.value = s;
                reading.second = Some(d);
            } else {
                let range = reading.kind.plausible();
                let bad = || EditError::Number { min: *range.start(), max: *range.end(), unit: unit.clone() };
                let value: f64 = raw.parse().map_err(|_| bad())?;
                if !value.is_finite() || !range.contains(&value) {
                    return Err(bad());
                }
                reading.value = value;
            }
            fact.value = reading.display();
            return Ok(fact);
        }
        fact.value = match (self.slot, self.key.as_str()) {
            (SlotKind::Demographics, "age") => {
                let age: u32 =
                    strip_suffix(input, &["years old", "years", "세", "살"]).parse().map_err(|_| EditError::Age)?;
                if !(1..=120).contains(&age) {
                    return Err(EditError::Age);
                }
                age.to_string()
            }
            (SlotKind::Demographics, "age_group") => {
                let decade: u32 = strip_suffix(input, &["대", "s"]).parse().map_err(|_| EditError::AgeGroup)?;
                if !decade.is_multiple_of(10) || !(10..=100).contains(&decade) {
                    return Err(EditError::AgeGroup);
                }
                decade.to_string()
            }
            (SlotKind::Demographics, "gender") => match input.trim().to_lowercase().as_str() {
                "male" | "m" | "man" | "남" | "남성" | "남자" => "male".into(),
                "female" | "f" | "woman" | "여" | "여성" | "여자" => "female".into(),
                _ => return Err(EditError::Gender),
            },
            (SlotKind::Demographics, _) => match input.trim().to_lowercase().as_str() {
                "yes" | "y" | "예" | "네" => "yes".into(),
                "no" | "n" | "아니요" | "아니오" => "no".into(),
                _ => return Err(EditError::YesNo),
            },
            // Conditions, symptoms, medications: how long, or nothing.
            _ if input.trim().is_empty() => String::new(),
            _ => duration(input).ok_or(EditError::Duration)?,
        };
        Ok(fact)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::Measurement;

    fn fact(slot: SlotKind, key: &str, value: &str, measurement: Option<Measurement>) -> Fact {
        Fact {
            slot,
            key: key.into(),
            en: key.into(),
            ko: key.into(),
            value: value.into(),
            measurement,
            said_at_ms: 0.0,
        }
    }

    fn reading(kind: MeasureKind, value: f64, second: Option<f64>, unit: &str) -> Fact {
        let m = Measurement { kind, value, second, unit: unit.into() };
        let slot = if kind.is_vital() { SlotKind::Vitals } else { SlotKind::Labs };
        fact(slot, "x", &m.display(), Some(m))
    }

    #[test]
    fn readings_take_a_plausible_number_with_or_without_the_unit() {
        let glucose = reading(MeasureKind::FastingGlucose, 180.0, None, "mg/dL");
        assert_eq!(glucose.editable_value(Lang::Ko), "180");
        let edited = glucose.edited(" 126 mg/dl ", 5.0).unwrap();
        assert_eq!(edited.value, "126 mg/dL");
        assert_eq!(edited.measurement.as_ref().unwrap().value, 126.0);
        assert_eq!(edited.said_at_ms, 5.0, "an edit is the fact said now");
        assert_eq!(glucose.edited("lots", 5.0), Err(EditError::Number { min: 20.0, max: 700.0, unit: "mg/dL".into() }));
        assert!(glucose.edited("9000", 5.0).is_err());
        assert!(glucose.edited("NaN", 5.0).is_err());
        let a1c = reading(MeasureKind::Hba1c, 8.2, None, "%");
        assert_eq!(a1c.edited("7.1%", 0.0).unwrap().value, "7.1 %");
    }

    #[test]
    fn blood_pressure_is_systolic_over_diastolic() {
        let bp = reading(MeasureKind::BloodPressure, 140.0, Some(90.0), "mmHg");
        assert_eq!(bp.editable_value(Lang::En), "140/90");
        assert_eq!(bp.edited("130 / 85 mmHg", 0.0).unwrap().value, "130/85 mmHg");
        for bad in ["130", "85/130", "abc/def", "400/90"] {
            assert_eq!(bp.edited(bad, 0.0), Err(EditError::BloodPressure), "{bad}");
        }
    }

    #[test]
    fn demographics_read_korean_and_english() {
        let age = fact(SlotKind::Demographics, "age", "65", None);
        assert_eq!(age.editable_value(Lang::Ko), "65");
        assert_eq!(age.edited("66세", 0.0).unwrap().value, "66");
        assert_eq!(age.edited("67 years old", 0.0).unwrap().value, "67");
        assert_eq!(age.edited("0", 0.0), Err(EditError::Age));
        assert_eq!(age.edited("sixty", 0.0), Err(EditError::Age));
        let gender = fact(SlotKind::Demographics, "gender", "male", None);
        assert_eq!(gender.editable_value(Lang::Ko), "남성");
        assert_eq!(gender.edited("여성", 0.0).unwrap().value, "female");
        assert_eq!(gender.edited("Female", 0.0).unwrap().value, "female");
        assert_eq!(gender.edited("?", 0.0), Err(EditError::Gender));
        let group = fact(SlotKind::Demographics, "age_group", "40", None);
        assert_eq!(group.editable_value(Lang::En), "40");
        assert_eq!(group.edited("50대", 0.0).unwrap().value, "50");
        assert_eq!(group.edited("45", 0.0), Err(EditError::AgeGroup));
        let pregnant = fact(SlotKind::Demographics, "pregnant", "yes", None);
        assert_eq!(pregnant.edited("아니요", 0.0).unwrap().value, "no");
        assert_eq!(pregnant.edited("maybe", 0.0), Err(EditError::YesNo));
    }

    #[test]
    fn concepts_edit_how_long_they_have_lasted() {
        let diabetes = fact(SlotKind::Conditions, "E14", "10년", None);
        assert_eq!(diabetes.editable_value(Lang::Ko), "10년");
        assert_eq!(diabetes.editable_value(Lang::En), "10 years");
        assert_eq!(diabetes.edited("12 years", 0.0).unwrap().value, "12년");
        assert_eq!(diabetes.edited("3개월", 0.0).unwrap().value, "3개월");
        assert_eq!(diabetes.edited("", 0.0).unwrap().value, "");
        assert_eq!(diabetes.edited("forever", 0.0), Err(EditError::Duration));
        let bare = fact(SlotKind::Symptoms, "R51", "", None);
        assert_eq!(bare.editable_value(Lang::En), "");
        assert_eq!(bare.edited("2 weeks", 0.0).unwrap().describe(Lang::En), "R51 (2 weeks)");
    }

    #[test]
    fn every_error_explains_itself_in_both_languages() {
        let errors = [
            EditError::Number { min: 20.0, max: 700.0, unit: "mg/dL".into() },
            EditError::BloodPressure,
            EditError::Age,
            EditError::AgeGroup,
            EditError::Gender,
            EditError::YesNo,
            EditError::Duration,
        ];
        for e in errors {
            let (ko, en) = (e.message(Lang::Ko), e.message(Lang::En));
            assert!(ko.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)), "{ko}");
            assert_ne!(ko, en);
            assert!(!en.contains('{'), "{en}");
        }
        assert!(EditError::Number { min: 20.0, max: 700.0, unit: "mg/dL".into() }.message(Lang::En).contains("20"));
    }
}
