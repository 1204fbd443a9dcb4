//! The one reader of vital signs, lab values and their units, as people write them in Korean and
//! English ("체온 38.5도", "temp 102F", "혈당 40", "2.5 mmol", "sugar reads LO", "혈압 180에 110",
//! "bp 190/120", "산소포화도 88%", "pulse 88", "HbA1c 8.2%", "LDL 160", "몸무게 62kg").
//!
//! A message is read once into [`Reading`]s: each a kind, the value in the unit said (or the unit
//! its size implies when none is said), and where it was said. Slot extraction keeps the first of
//! each kind for the profile; triage keeps the latest and judges it against thresholds in one unit
//! ([`Reading::celsius`], [`Reading::mg_dl`]). A number without a label that names what it measures
//! is no reading ("2 pills", "I'm 45"), except the forms that say it by their shape or unit alone
//! ("150/95", "39.5도", "100.8F", "110 bpm").

use crate::core::site::{site_pattern, site_text, site_words, SiteText};
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// The word lists and regular expressions of this module, by name (`vitals_words.tsv`, whose header
/// says the format): natively built in; the app fetches the file from the site before the first
/// message, so its wasm does not carry them.
pub static VITALS_WORDS: SiteText =
    site_text!("triage/vitals_words.tsv", "vitals_words.sha256", include_str!("vitals_words.tsv"));

/// What a measurement measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum MeasureKind {
    BloodPressure,
    HeartRate,
    Temperature,
    Weight,
    OxygenSaturation,
    FastingGlucose,
    BloodGlucose,
    Hba1c,
    TotalCholesterol,
    LdlCholesterol,
    HdlCholesterol,
    Triglycerides,
    UricAcid,
    Creatinine,
    Egfr,
    Inr,
    Tsh,
    Hemoglobin,
    Alt,
    Ast,
    Psa,
    Potassium,
    Sodium,
    Bun,
    Ferritin,
    VitaminD,
    Crp,
    Bilirubin,
    FreeT4,
    Platelets,
    VitaminB12,
}

impl MeasureKind {
    /// Whether it is a vital sign (else a lab value). A blood glucose is a reading the person takes
    /// themselves (a meter, a sensor) and is kept as one, like a pressure; a fasting glucose is a
    /// laboratory's value.
    pub fn is_vital(self) -> bool {
        matches!(
            self,
            MeasureKind::BloodPressure
                | MeasureKind::HeartRate
                | MeasureKind::Temperature
                | MeasureKind::Weight
                | MeasureKind::OxygenSaturation
                | MeasureKind::BloodGlucose
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
            (MeasureKind::OxygenSaturation, false) => "Oxygen saturation",
            (MeasureKind::OxygenSaturation, true) => "산소포화도",
            (MeasureKind::FastingGlucose, false) => "Fasting glucose",
            (MeasureKind::FastingGlucose, true) => "공복혈당",
            (MeasureKind::BloodGlucose, false) => "Blood glucose",
            (MeasureKind::BloodGlucose, true) => "혈당",
            (MeasureKind::Hba1c, _) => "HbA1c",
            (MeasureKind::TotalCholesterol, false) => "Total cholesterol",
            (MeasureKind::TotalCholesterol, true) => "총콜레스테롤",
            (MeasureKind::LdlCholesterol, _) => "LDL",
            (MeasureKind::HdlCholesterol, _) => "HDL",
            (MeasureKind::Triglycerides, false) => "Triglycerides",
            (MeasureKind::Triglycerides, true) => "중성지방",
            (MeasureKind::UricAcid, false) => "Uric acid",
            (MeasureKind::UricAcid, true) => "요산",
            (MeasureKind::Creatinine, false) => "Creatinine",
            (MeasureKind::Creatinine, true) => "크레아티닌",
            (MeasureKind::Egfr, false) => "eGFR",
            (MeasureKind::Egfr, true) => "사구체여과율(eGFR)",
            (MeasureKind::Inr, _) => "INR",
            (MeasureKind::Tsh, false) => "TSH",
            (MeasureKind::Tsh, true) => "갑상선자극호르몬(TSH)",
            (MeasureKind::Hemoglobin, false) => "Hemoglobin",
            (MeasureKind::Hemoglobin, true) => "혈색소",
            (MeasureKind::Alt, _) => "ALT",
            (MeasureKind::Ast, _) => "AST",
            (MeasureKind::Psa, _) => "PSA",
            (MeasureKind::Potassium, false) => "Potassium",
            (MeasureKind::Potassium, true) => "칼륨",
            (MeasureKind::Sodium, false) => "Sodium",
            (MeasureKind::Sodium, true) => "나트륨",
            (MeasureKind::Bun, _) => "BUN",
            (MeasureKind::Ferritin, false) => "Ferritin",
            (MeasureKind::Ferritin, true) => "페리틴",
            (MeasureKind::VitaminD, false) => "Vitamin D",
            (MeasureKind::VitaminD, true) => "비타민 D",
            (MeasureKind::Crp, _) => "CRP",
            (MeasureKind::Bilirubin, false) => "Bilirubin",
            (MeasureKind::Bilirubin, true) => "빌리루빈",
            (MeasureKind::FreeT4, false) => "Free T4",
            (MeasureKind::FreeT4, true) => "유리 T4",
            (MeasureKind::Platelets, false) => "Platelets",
            (MeasureKind::Platelets, true) => "혈소판",
            (MeasureKind::VitaminB12, false) => "Vitamin B12",
            (MeasureKind::VitaminB12, true) => "비타민 B12",
        }
    }

    /// The values taken as real in the unit they are kept in (first number; for blood pressure the
    /// systolic one, see [`DIASTOLIC`]): what an edit in the profile panel accepts.
    pub fn plausible(self) -> RangeInclusive<f64> {
        match self {
            MeasureKind::BloodPressure => 70.0..=260.0,
            MeasureKind::HeartRate => 25.0..=250.0,
            // Celsius or Fahrenheit.
            MeasureKind::Temperature => 30.0..=115.0,
            // Kilograms or pounds.
            MeasureKind::Weight => 2.0..=660.0,
            MeasureKind::OxygenSaturation => 50.0..=100.0,
            MeasureKind::FastingGlucose => 20.0..=700.0,
            MeasureKind::BloodGlucose => 20.0..=900.0,
            MeasureKind::Hba1c => 3.0..=20.0,
            MeasureKind::LdlCholesterol => 10.0..=500.0,
            MeasureKind::HdlCholesterol => 5.0..=200.0,
            MeasureKind::TotalCholesterol => 50.0..=600.0,
            MeasureKind::Triglycerides => 20.0..=5000.0,
            MeasureKind::UricAcid => 1.0..=20.0,
            MeasureKind::Creatinine => 0.1..=20.0,
            MeasureKind::Egfr => 2.0..=150.0,
            MeasureKind::Inr => 0.5..=10.0,
            MeasureKind::Tsh => 0.005..=150.0,
            MeasureKind::Hemoglobin => 3.0..=25.0,
            MeasureKind::Alt | MeasureKind::Ast => 3.0..=5000.0,
            MeasureKind::Psa => 0.01..=5000.0,
            MeasureKind::Potassium => 1.5..=9.0,
            MeasureKind::Sodium => 100.0..=180.0,
            MeasureKind::Bun => 1.0..=200.0,
            MeasureKind::Ferritin => 1.0..=10000.0,
            MeasureKind::VitaminD => 2.0..=200.0,
            MeasureKind::Crp => 0.01..=500.0,
            MeasureKind::Bilirubin => 0.1..=40.0,
            MeasureKind::FreeT4 => 0.1..=10.0,
            // Thousands per microlitre.
            MeasureKind::Platelets => 1.0..=2000.0,
            MeasureKind::VitaminB12 => 50.0..=3000.0,
        }
    }

    /// Two readings closer than this are the same fact said again (dedup in the profile).
    pub fn tolerance(self) -> f64 {
        match self {
            MeasureKind::BloodPressure | MeasureKind::HeartRate => 5.0,
            MeasureKind::Temperature => 0.2,
            MeasureKind::Weight | MeasureKind::OxygenSaturation => 1.0,
            MeasureKind::FastingGlucose | MeasureKind::BloodGlucose => 5.0,
            MeasureKind::Hba1c | MeasureKind::Inr | MeasureKind::Creatinine => 0.1,
            MeasureKind::TotalCholesterol | MeasureKind::LdlCholesterol | MeasureKind::HdlCholesterol => 5.0,
            MeasureKind::Triglycerides => 10.0,
            MeasureKind::UricAcid | MeasureKind::Hemoglobin => 0.3,
            MeasureKind::Tsh | MeasureKind::Psa | MeasureKind::Potassium => 0.2,
            MeasureKind::Egfr | MeasureKind::Sodium | MeasureKind::Bun | MeasureKind::VitaminD => 2.0,
            MeasureKind::Alt | MeasureKind::Ast | MeasureKind::Ferritin => 5.0,
            MeasureKind::Crp => 1.0,
            MeasureKind::Bilirubin => 0.3,
            MeasureKind::FreeT4 => 0.1,
            MeasureKind::Platelets => 5.0,
            MeasureKind::VitaminB12 => 10.0,
        }
    }
}

/// The diastolic pressures taken as real (below the systolic one).
pub const DIASTOLIC: RangeInclusive<f64> = 40.0..=160.0;

/// The body temperatures taken as real, in °C (a number outside is a room, a bath or an oven).
const BODY_CELSIUS: RangeInclusive<f64> = 30.0..=43.5;

/// A unit a reading is given in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Celsius,
    Fahrenheit,
    MgPerDl,
    MmolPerL,
    MmHg,
    Percent,
    Bpm,
    Kg,
    Lb,
    GPerDl,
    UPerL,
    NgPerMl,
    MiuPerL,
    MlPerMin,
    MgPerL,
    NgPerDl,
    PgPerMl,
    /// Thousands per microlitre (a platelet count).
    ThousandPerUl,
    /// A ratio without a unit (INR).
    Ratio,
}

impl Unit {
    /// As the profile shows it and keeps it.
    pub fn symbol(self) -> &'static str {
        match self {
            Unit::Celsius => "°C",
            Unit::Fahrenheit => "°F",
            Unit::MgPerDl => "mg/dL",
            Unit::MmolPerL => "mmol/L",
            Unit::MmHg => "mmHg",
            Unit::Percent => "%",
            Unit::Bpm => "bpm",
            Unit::Kg => "kg",
            Unit::Lb => "lb",
            Unit::GPerDl => "g/dL",
            Unit::UPerL => "U/L",
            Unit::NgPerMl => "ng/mL",
            Unit::MiuPerL => "mIU/L",
            Unit::MlPerMin => "mL/min/1.73m²",
            Unit::MgPerL => "mg/L",
            Unit::NgPerDl => "ng/dL",
            Unit::PgPerMl => "pg/mL",
            Unit::ThousandPerUl => "×10³/µL",
            Unit::Ratio => "",
        }
    }
}

/// Glucose: mg/dL per mmol/L.
const GLUCOSE_MG_PER_MMOL: f64 = 18.0;

/// One reading of a message, where it was said.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    pub kind: MeasureKind,
    /// In `unit`; for a meter past its range ("LO", "HI"), the end of the range it is past.
    pub value: f64,
    /// The diastolic pressure, for blood pressure.
    pub second: Option<f64>,
    pub unit: Unit,
    /// A glucose meter showed LO or HI: no number was said.
    pub off_scale: bool,
    /// The byte span in the message.
    pub start: usize,
    pub end: usize,
}

impl Reading {
    /// A temperature in °C.
    pub fn celsius(&self) -> f64 {
        match self.unit {
            Unit::Fahrenheit => (self.value - 32.0) * 5.0 / 9.0,
            _ => self.value,
        }
    }

    /// A weight in kilograms.
    fn in_kg(&self) -> f64 {
        match self.unit {
            Unit::Lb => self.value * 0.4536,
            _ => self.value,
        }
    }

    /// A glucose in mg/dL.
    pub fn mg_dl(&self) -> f64 {
        match self.unit {
            Unit::MmolPerL => self.value * GLUCOSE_MG_PER_MMOL,
            _ => self.value,
        }
    }

    /// Whether the value is one a body can have, judged in one unit per kind.
    fn plausible(&self) -> bool {
        match self.kind {
            MeasureKind::BloodPressure => {
                self.kind.plausible().contains(&self.value)
                    && self.second.is_some_and(|d| DIASTOLIC.contains(&d) && d < self.value)
            }
            MeasureKind::Temperature => BODY_CELSIUS.contains(&self.celsius()),
            MeasureKind::FastingGlucose | MeasureKind::BloodGlucose => self.kind.plausible().contains(&self.mg_dl()),
            kind => kind.plausible().contains(&self.value),
        }
    }
}

// The text is read ASCII-lowercased (byte offsets stay those of the message). Between a label and
// its number anything but a digit may stand ("혈압이 오늘 아침에 200에 120", "sugar is 480"), up to
// a few words.
site_pattern!(VITALS_WORDS, blood_pressure);
// Between the label and its number a few words may stand ("맥박 재보니 118", "heart rate jumps to
// like 140", "분당"), but no sentence's end and no oximeter's name ("pulse ox 93" is oxygen).
site_pattern!(VITALS_WORDS, heart_rate);
// A later value a reading went to, right after its first ("from 1.1 to 1.6", "62 down to 48",
// "7.2에서 9.1로"): the value now.
site_pattern!(VITALS_WORDS, went_to);
// A bare decimal in a body temperature's range ("checked and hes 38.1", "im at 100.4", "103.1 an
// hour ago", group 5) is one, unless a unit follows it (group 6: a weight, a length, a duration, a pregnancy's weeks). A number that
// names a fever ("a 103.5 fever", group 7) or that a fever spikes to ("still spiking 102", group 8)
// is one too.
site_pattern!(VITALS_WORDS, temperature);
// A number in kilograms or pounds alone (groups 5 and 6) is a weight ("down to 58kg", "he's 47,
// 120kg", "down to 218 lbs") unless the words around it say a change ("lost 10kg", "8키로
// 빠졌어요": see [`WEIGHT_CHANGE`]) or it is the weight a change started from ("68키로에서
// 61키로", "from 240 to 212 lbs"). After its label a weight needs no unit ("몸무게 94", "he weighs 260").
site_pattern!(VITALS_WORDS, weight);

// A weight said to go from one number to another after its label, with no unit ("weight went from
// 165 to 142", "체중이 80에서 72로"): the weight it went from (group 1) and to (group 2).
site_pattern!(VITALS_WORDS, weight_from_to);
// A height in feet and inches, then a bare number: the weight in pounds ("i'm 5'4 and 168 now", "5'10,
// 190").
site_pattern!(VITALS_WORDS, height_then_weight);
// The number a weight is now, said bare right after the weight it was ("born 3.4 kg now 3.1").
site_pattern!(VITALS_WORDS, now_bare);
// Units and words after a bare number that make it no weight ("5'4 and 30 years old", "now 3 days").
site_words!(VITALS_WORDS, not_weight_after);

// Things whose warmth is said in Fahrenheit like a fever's ("the bath water was 100.4"): a bare
// number a few words after one, or followed by "out" ("it's 99.5 out"), is no body temperature
// ("gave him a bath and he's still 102.3" is his).
site_words!(VITALS_WORDS, things_warm);

// Units after a number said near the word sugar that make it no blood sugar.
site_words!(VITALS_WORDS, not_sugar_after);

// Words just before or after a number of kilograms that make it a change of weight, not a weight:
// those of a loss, then those of a gain.
site_words!(VITALS_WORDS, weight_lost);
site_words!(VITALS_WORDS, weight_gained);

/// Which way a weight changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeightChange {
    Loss,
    Gain,
}

/// What a number of kilograms or pounds says: the weight now, an amount lost or gained, or the
/// weight a change started from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum WeightSaid {
    Now,
    Changed(WeightChange),
    From,
}

/// The weights of the lowercase `text`, each with what it says.
fn weights(text: &str) -> Vec<(WeightSaid, Reading)> {
    let mut out = Vec::new();
    // Said bare, a weight is in pounds after an English label and in kilograms after a Korean one.
    let bare_unit = |label: &str| if label.is_ascii() { Unit::Lb } else { Unit::Kg };
    let at = |value: f64, unit: Unit, start: usize, end: usize| Reading {
        kind: MeasureKind::Weight,
        value,
        second: None,
        unit,
        off_scale: false,
        start,
        end,
    };
    // "weight went from 165 to 142": the weight it went from, then the weight now.
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for c in weight_from_to().captures_iter(text) {
        let (Some(whole), Some(from), Some(to)) = (c.get(0), c.get(1), c.get(2)) else { continue };
        let unit = bare_unit(&text[whole.start()..from.start()]);
        let (Ok(a), Ok(b)) = (from.as_str().parse(), to.as_str().parse()) else { continue };
        let (was, now) = (at(a, unit, whole.start(), from.end()), at(b, unit, to.start(), whole.end()));
        if was.plausible() && now.plausible() {
            out.extend([(WeightSaid::From, was), (WeightSaid::Now, now)]);
            spans.push((whole.start(), whole.end()));
        }
    }
    // "i'm 5'4 and 168 now": after a height, a bare number of pounds (an age or a unit after it says otherwise).
    for c in height_then_weight().captures_iter(text) {
        let (Some(whole), Some(n)) = (c.get(0), c.get(1)) else { continue };
        let after = text[n.end()..].trim_start();
        let Ok(value) = n.as_str().parse::<f64>() else { continue };
        if (80.0..=450.0).contains(&value) && !not_weight_after().iter().any(|w| after.starts_with(w)) {
            out.push((WeightSaid::Now, at(value, Unit::Lb, whole.start(), whole.end())));
        }
    }
    for c in weight().captures_iter(text) {
        let Some(whole) = c.get(0) else { continue };
        if spans.iter().any(|&(s, e)| s < whole.end() && whole.start() < e) {
            continue;
        }
        let mut said_as = WeightSaid::Now;
        if let Some(bare) = c.get(5) {
            let before = &text[..bare.start()];
            let before = &before[before.char_indices().rev().nth(11).map_or(0, |(i, _)| i)..];
            // Words before another number are that number's ("down 3 kg (94kg now)").
            let before = before.rsplit(|c: char| c.is_ascii_digit()).next().unwrap_or(before);
            let after: String = text[whole.end()..].chars().take(8).collect();
            // Korean says the change after the number ("5키로 빠졌어요"); a Korean word before it is
            // another clause's ("살이 빠져서 지금 58키로").
            let of = |words: &str, list: &[&str], korean: bool| {
                list.iter().any(|w| (korean || w.is_ascii()) && words.contains(w))
            };
            let changed = |words: &str, korean: bool| {
                if of(words, weight_lost(), korean) {
                    Some(WeightChange::Loss)
                } else if of(words, weight_gained(), korean) {
                    Some(WeightChange::Gain)
                } else {
                    None
                }
            };
            let former = after.trim_start().starts_with("에서") || before.trim_end().ends_with("from");
            let before_change = changed(before, false).filter(|_| !before.contains("down to"));
            // "25키로까지 빠졌어요": down to that weight, the weight now.
            let reached = after.trim_start().starts_with("까지");
            if reached {
                said_as = WeightSaid::Now;
            } else if former {
                said_as = WeightSaid::From;
            } else if let Some(change) = before_change.or(changed(&after, true)) {
                said_as = WeightSaid::Changed(change);
            }
        }
        let unit_said = |g: usize| c.get(g).is_some_and(|m| m.as_str().starts_with(['l', 'p']));
        let bare = c.get(1).is_some() && c.get(2).is_none();
        let unit = match [2, 4, 6].into_iter().any(unit_said) {
            true => Unit::Lb,
            false if bare => bare_unit(whole.as_str()),
            false => Unit::Kg,
        };
        let value = [1, 3, 5].into_iter().find_map(|g| c.get(g)?.as_str().parse().ok());
        let Some(value) = value else { continue };
        let reading = at(value, unit, whole.start(), whole.end());
        if !reading.plausible() {
            continue;
        }
        // "born 3.4 kg now 3.1": the weight said now, bare, is the weight it went to.
        let now = now_bare().captures(&text[whole.end()..]).and_then(|n| {
            let (all, number) = (n.get(0)?, n.get(1)?);
            let after = text[whole.end() + all.end()..].trim_start();
            let value = number.as_str().parse().ok()?;
            let now = at(value, unit, whole.end() + number.start(), whole.end() + all.end());
            (!not_weight_after().iter().any(|w| after.starts_with(w)) && now.plausible()).then_some(now)
        });
        match now {
            Some(now) if said_as == WeightSaid::Now => {
                out.extend([(WeightSaid::From, reading), (WeightSaid::Now, now)])
            }
            _ => out.push((said_as, reading)),
        }
    }
    crate::core::order::sort_by_key(&mut out, |(_, r)| r.start);
    out
}

/// Where `text` says a weight changed, and which way: an amount lost or gained ("lost 8 kg", "5키로
/// 빠졌어요", "put on 2kg"), or a weight said to go from one number to the next ("from 82 kg to 74
/// kg", "68키로에서 61키로").
pub fn weight_changes(text: &str) -> Vec<(usize, usize, WeightChange)> {
    let lower = text.to_ascii_lowercase();
    let found = weights(&lower);
    let mut out = Vec::new();
    for (k, (said_as, reading)) in found.iter().enumerate() {
        match said_as {
            WeightSaid::Changed(change) => out.push((reading.start, reading.end, *change)),
            WeightSaid::From => {
                // The next weight, within the sentence, is where it went.
                let next = found[k + 1..].iter().find(|(s, _)| *s == WeightSaid::Now);
                let Some((_, to)) =
                    next.filter(|(_, to)| !lower[reading.end..to.start].contains(['.', '?', '!', '\n']))
                else {
                    continue;
                };
                let (from, now) = (reading.in_kg(), to.in_kg());
                if from != now {
                    let change = if now < from { WeightChange::Loss } else { WeightChange::Gain };
                    out.push((reading.start, to.end, change));
                }
            }
            WeightSaid::Now => {}
        }
    }
    out
}
site_pattern!(VITALS_WORDS, oxygen);
// Fasting when the label says so (group 1). Past a few words the number needs a verb before it ("her
// sugar on the fingerstick was 180", "checked my sugar with my mom's meter ... and got 142") or stays in
// the sentence ("sugar with machine this morning 280"). A home meter or sensor saying a figure is a blood glucose
// ("his meter says 2.4 mmol", "my dexcom is at 48"). "BG" joined to what follows by a hyphen is a
// product code ("BG-777"), not a reading.
site_pattern!(VITALS_WORDS, glucose);
// A meter past its range shows LO or HI instead of a number.
site_pattern!(VITALS_WORDS, meter_range);
// A clock time or a duration ("2am", "7:30", "2시간", "새벽 3시", "20 mins").
site_pattern!(VITALS_WORDS, clock_or_duration);
// Words of a reading the person takes at home (a meter, a finger stick, a sensor).
site_words!(VITALS_WORDS, home_meter);

/// The sentence of `text` around byte `at`: from the last full stop, question or exclamation mark or
/// line break before it to the next.
fn sentence_of(text: &str, at: usize) -> &str {
    let from = text[..at].rfind(['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let to = text[at..].find(['.', '!', '?', '\n']).map_or(text.len(), |i| at + i);
    &text[from..to]
}
/// A lab value read by its name: the kind, and the unit its values are in; the names it is written
/// with (a regular expression over the lowercase text; Korean and English) are the item of
/// [`lab_names()`] at its place in [`LAB_NAMES`]. Each is read the same
/// way: the name, a few words ("수치가", "came back at", "is"), the number; where names overlap the
/// longest one read wins ("LDL cholesterol 160" is no total cholesterol, "당화혈색소" no 혈색소).
struct LabName {
    kind: MeasureKind,
    unit: Unit,
}

site_words!(VITALS_WORDS, lab_names);

const LAB_NAMES: &[LabName] = &[
    LabName { kind: MeasureKind::Hba1c, unit: Unit::Percent },
    LabName { kind: MeasureKind::LdlCholesterol, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::HdlCholesterol, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::TotalCholesterol, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::Triglycerides, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::UricAcid, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::Creatinine, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::Egfr, unit: Unit::MlPerMin },
    LabName { kind: MeasureKind::Inr, unit: Unit::Ratio },
    LabName { kind: MeasureKind::Tsh, unit: Unit::MiuPerL },
    LabName { kind: MeasureKind::Hemoglobin, unit: Unit::GPerDl },
    LabName { kind: MeasureKind::Alt, unit: Unit::UPerL },
    LabName { kind: MeasureKind::Ast, unit: Unit::UPerL },
    LabName { kind: MeasureKind::Psa, unit: Unit::NgPerMl },
    LabName { kind: MeasureKind::Potassium, unit: Unit::MmolPerL },
    LabName { kind: MeasureKind::Sodium, unit: Unit::MmolPerL },
    LabName { kind: MeasureKind::Bun, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::Ferritin, unit: Unit::NgPerMl },
    LabName { kind: MeasureKind::VitaminD, unit: Unit::NgPerMl },
    LabName { kind: MeasureKind::Crp, unit: Unit::MgPerL },
    LabName { kind: MeasureKind::Bilirubin, unit: Unit::MgPerDl },
    LabName { kind: MeasureKind::FreeT4, unit: Unit::NgPerDl },
    LabName { kind: MeasureKind::Platelets, unit: Unit::ThousandPerUl },
    LabName { kind: MeasureKind::VitaminB12, unit: Unit::PgPerMl },
];

/// What may stand between a lab's name and its number: a few words that are no number and end no
/// sentence ("수치가", "level came back at", "is").
const LAB_BETWEEN: &str = r"[^\d\n.?!]{0,24}?";

/// The compiled reader of each of [`LAB_NAMES`]: group 1 the name, group 2 the number.
fn lab_patterns() -> &'static [regex_lite::Regex] {
    static CELL: std::sync::OnceLock<Vec<regex_lite::Regex>> = std::sync::OnceLock::new();
    CELL.get_or_init(|| {
        lab_names()
            .iter()
            .map(|names| {
                let re = format!(r"({}){LAB_BETWEEN}(\d{{1,4}}(?:\.\d{{1,2}})?)", names);
                regex_lite::Regex::new(&re).expect("valid pattern")
            })
            .collect()
    })
}

/// Every reading of `text`, in message order.
pub fn read(text: &str) -> Vec<Reading> {
    let lower = text.to_ascii_lowercase();
    let text = lower.as_str();
    let mut out = Vec::new();
    let mut add = |kind: MeasureKind, c: &regex_lite::Captures, value: Option<f64>, second: Option<f64>, unit: Unit| {
        let (Some(value), Some(whole)) = (value, c.get(0)) else { return };
        let reading = Reading { kind, value, second, unit, off_scale: false, start: whole.start(), end: whole.end() };
        if reading.plausible() {
            out.push(reading);
        }
    };
    let number = |c: &regex_lite::Captures, i: usize| -> Option<f64> { c.get(i)?.as_str().parse().ok() };
    /// The unit said, in group `i` or `j`.
    fn said<'t>(c: &regex_lite::Captures<'t>, i: usize, j: usize) -> &'t str {
        c.get(i).or(c.get(j)).map_or("", |m| m.as_str())
    }

    for c in blood_pressure().captures_iter(text) {
        let (s, d) = (number(&c, 1).or(number(&c, 3)), number(&c, 2).or(number(&c, 4)));
        add(MeasureKind::BloodPressure, &c, s, d, Unit::MmHg);
    }
    for c in heart_rate().captures_iter(text) {
        let between = c.get(1).map_or("", |m| m.as_str());
        if between.contains("ox") || between.contains("산소") {
            continue;
        }
        add(MeasureKind::HeartRate, &c, number(&c, 2).or(number(&c, 3)), None, Unit::Bpm);
    }
    for c in temperature().captures_iter(text) {
        let not_a_temperature = c.get(5).is_some_and(|m| {
            let before = &text[..m.start()];
            let before = &before[before.char_indices().rev().nth(9).map_or(0, |(i, _)| i)..];
            // A price, a weight or a sugar said just before is no temperature; nor, in the same
            // sentence, a thing's in Fahrenheit ("the bath water was 100.4").
            let near = &text[text[..m.start()].char_indices().rev().nth(15).map_or(0, |(i, _)| i)..m.start()];
            let near = near.rsplit(['.', '!', '?', '\n', ',']).next().unwrap_or("");
            let of_a_thing = m.as_str().starts_with(['9', '1'])
                && (text[m.end()..].trim_start().starts_with("out")
                    || things_warm().iter().any(|w| near.split(|c: char| !c.is_alphanumeric()).any(|x| x == *w)));
            c.get(6).is_some()
                || of_a_thing
                || ["bmi", "체질량", "$", "weigh", "sugar", "glucose", "혈당", "몸무게", "체중"]
                    .iter()
                    .any(|w| before.contains(w))
        });
        if not_a_temperature {
            continue;
        }
        let value = number(&c, 1).or(number(&c, 3)).or(number(&c, 5)).or(number(&c, 7)).or(number(&c, 8));
        let unit = match said(&c, 2, 4) {
            "°f" | "f" => Unit::Fahrenheit,
            "°c" | "℃" | "c" => Unit::Celsius,
            // "도" and "degrees" name no scale: a fever in Fahrenheit is past 95.
            _ if value.is_some_and(|v| (95.0..=110.0).contains(&v)) => Unit::Fahrenheit,
            _ => Unit::Celsius,
        };
        add(MeasureKind::Temperature, &c, value, None, unit);
    }
    for c in oxygen().captures_iter(text) {
        add(MeasureKind::OxygenSaturation, &c, number(&c, 1).or(number(&c, 2)), None, Unit::Percent);
    }
    // A clock time or a duration is no sugar, and a reading may come after one ("cgm went off at 2am
    // reading 58", "혈당기로 밥먹고 2시간후 230"): the glucose pattern reads the text with their digits
    // blanked (the same length, so its offsets are the text's).
    let mut timeless = text.to_string();
    for m in clock_or_duration().find_iter(text) {
        let blanked: String = m.as_str().chars().map(|c| if c.is_ascii_digit() { 'x' } else { c }).collect();
        timeless.replace_range(m.range(), &blanked);
    }
    for c in glucose().captures_iter(&timeless) {
        // A fasting sugar on a home meter is a reading the person takes, kept as a blood glucose
        // ("fasting sugar on my meter was 186", "공복에 손가락 찔러서 재보니 180").
        let home = || c.get(0).is_some_and(|m| home_meter().iter().any(|w| sentence_of(text, m.start()).contains(w)));
        let kind = if c.get(1).is_some() && !home() { MeasureKind::FastingGlucose } else { MeasureKind::BloodGlucose };
        // "cut out sugar and lost 20 lbs", "sugar for 30 minutes": a number with another unit is no sugar.
        let after = c.get(2).map_or("", |m| text[m.end()..].trim_start());
        if not_sugar_after().iter().any(|u| after.starts_with(u)) {
            continue;
        }
        let value = number(&c, 2);
        // Said as mmol, or a small decimal ("5.6"): mmol/L.
        let unit = match c.get(3).map(|u| u.as_str()) {
            Some("mmol") => Unit::MmolPerL,
            Some(_) => Unit::MgPerDl,
            None if value.is_some_and(|v| v < 35.0 && v.fract() != 0.0) => Unit::MmolPerL,
            None => Unit::MgPerDl,
        };
        add(kind, &c, value, None, unit);
    }
    // Labs by name: a name inside a longer one read at the same place is no reading of its own.
    let mut labs: Vec<(Reading, usize, usize)> = Vec::new();
    for (lab, pattern) in LAB_NAMES.iter().zip(lab_patterns()) {
        for c in pattern.captures_iter(text) {
            let (Some(name), Some(whole)) = (c.get(1), c.get(0)) else { continue };
            let Some(mut value) = number(&c, 2) else { continue };
            let (start, mut end) = (whole.start(), whole.end());
            // "went from 1.1 to 1.6": the value now is the one it went to.
            if let Some(to) = went_to().captures(&text[end..]) {
                if let (Some(now), Some(all)) = (number(&to, 1), to.get(0)) {
                    value = now;
                    end += all.end();
                }
            }
            // Koreans count platelets in 만 (ten thousand) per µL: "혈소판 9만" is 90 ×10³/µL.
            if lab.unit == Unit::ThousandPerUl {
                let rest = &text[end..];
                let spaces = rest.len() - rest.trim_start().len();
                if rest[spaces..].starts_with('만') {
                    value *= 10.0;
                    end += spaces + '만'.len_utf8();
                }
            }
            let reading = Reading { kind: lab.kind, value, second: None, unit: lab.unit, off_scale: false, start, end };
            if reading.plausible() {
                labs.push((reading, name.start(), name.end()));
            }
        }
    }
    let inside_longer = |&(r, s, e): &(Reading, usize, usize)| {
        labs.iter().any(|&(o, os, oe)| o.kind != r.kind && os <= s && e <= oe && oe - os > e - s)
    };
    // Another lab named between a name and its number has that number ("간수치가 높대요 AST 120 ALT
    // 150": the liver values are the two named after).
    let named_between =
        |&(r, _, e): &(Reading, usize, usize)| labs.iter().any(|&(o, os, _)| o.kind != r.kind && e <= os && os < r.end);
    out.extend(labs.iter().filter(|l| !inside_longer(l) && !named_between(l)).map(|(r, _, _)| *r));
    out.extend(weights(text).into_iter().filter(|(said, _)| *said == WeightSaid::Now).map(|(_, r)| r));
    for c in meter_range().captures_iter(text) {
        let (Some(shown), Some(whole)) = (c.get(1).or(c.get(2)), c.get(0)) else { continue };
        // About 20 and 600 mg/dL, where home meters stop counting.
        let value = if shown.as_str() == "lo" { 20.0 } else { 600.0 };
        out.push(Reading {
            kind: MeasureKind::BloodGlucose,
            value,
            second: None,
            unit: Unit::MgPerDl,
            off_scale: true,
            start: whole.start(),
            end: whole.end(),
        });
    }
    crate::core::order::sort_by_key(&mut out, |r| r.start);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_its_line_and_every_line_is_read() {
        let (patterns, words) =
            crate::core::site::check_named_lines(&VITALS_WORDS, "VITALS_WORDS", &[include_str!("vitals.rs")], &[]);
        assert!(patterns > 10 && words > 4, "{patterns} {words}");
        assert_eq!(lab_names().len(), LAB_NAMES.len());
    }

    #[test]
    fn weights_in_kilograms_alone_and_labs_by_name() {
        let kinds = |text: &str| read(text).iter().map(|r| (r.kind, r.value)).collect::<Vec<_>>();
        assert_eq!(kinds("몸무게 65키로예요"), [(MeasureKind::Weight, 65.0)]);
        assert_eq!(kinds("he's down to 58kg"), [(MeasureKind::Weight, 58.0)]);
        assert_eq!(kinds("she's 43 kg now"), [(MeasureKind::Weight, 43.0)]);
        // A change of weight is no weight.
        assert!(kinds("lost 10kg this year").is_empty());
        assert!(kinds("3달만에 10키로 빠졌어요").is_empty());
        // The weight now, not the one a change started from; in pounds alone too.
        assert_eq!(kinds("석달만에 68키로에서 61키로 됐어요"), [(MeasureKind::Weight, 61.0)]);
        assert_eq!(kinds("down to 218 lbs on ozempic"), [(MeasureKind::Weight, 218.0)]);
        assert_eq!(kinds("went from 240 lbs to 212 lbs"), [(MeasureKind::Weight, 212.0)]);
        assert!(kinds("lost 30 lbs since spring").is_empty());
        // Words of a change said before another number are that number's; a Korean word of change
        // before a number is another clause's.
        assert_eq!(kinds("down 3 kg (94kg now)"), [(MeasureKind::Weight, 94.0)]);
        assert_eq!(kinds("한달새 5키로나 빠졌어요 지금 58키로"), [(MeasureKind::Weight, 58.0)]);
        assert_eq!(kinds("a 103.5 fever since last night"), [(MeasureKind::Temperature, 103.5)]);
        assert_eq!(kinds("still spiking 102"), [(MeasureKind::Temperature, 102.0)]);
        // A lab that went from one value to another is the value it went to.
        assert_eq!(kinds("creatinine went from 1.1 to 1.6"), [(MeasureKind::Creatinine, 1.6)]);
        assert_eq!(kinds("egfr went from 62 down to 48"), [(MeasureKind::Egfr, 48.0)]);
        assert_eq!(kinds("당화혈색소가 7.2에서 8.1로 올랐어요"), [(MeasureKind::Hba1c, 8.1)]);
        // A few words may stand between a pulse and its number, but no oximeter.
        assert_eq!(kinds("맥박 재보니 118이에요"), [(MeasureKind::HeartRate, 118.0)]);
        assert_eq!(kinds("heart rate jumps to like 140"), [(MeasureKind::HeartRate, 140.0)]);
        assert_eq!(kinds("pulse ox says 93"), [(MeasureKind::OxygenSaturation, 93.0)]);
        let changes = |text: &str| weight_changes(text).into_iter().map(|(_, _, c)| c).collect::<Vec<_>>();
        assert_eq!(changes("lost 8 kg in 2 months"), [WeightChange::Loss]);
        assert_eq!(changes("5키로 쪘어요"), [WeightChange::Gain]);
        assert_eq!(changes("went from 240 lbs to 212 lbs"), [WeightChange::Loss]);
        assert_eq!(changes("from 50kg to 58kg"), [WeightChange::Gain]);
        assert!(changes("she's 43 kg now").is_empty());
        assert_eq!(kinds("38.4C this morning"), [(MeasureKind::Temperature, 38.4)]);
        assert_eq!(kinds("newborn, bilirubin was 14"), [(MeasureKind::Bilirubin, 14.0)]);
        assert_eq!(kinds("황달수치가 15래요"), [(MeasureKind::Bilirubin, 15.0)]);
        assert_eq!(kinds("TSH 0.08 and free T4 2.9"), [(MeasureKind::Tsh, 0.08), (MeasureKind::FreeT4, 2.9)]);
        assert_eq!(kinds("platelets came back 98"), [(MeasureKind::Platelets, 98.0)]);
        assert_eq!(kinds("피검사에서 혈소판이 9만이래요"), [(MeasureKind::Platelets, 90.0)]);
        assert_eq!(kinds("혈소판 25 만"), [(MeasureKind::Platelets, 250.0)]);
        assert_eq!(
            kinds("vitamin D is 18 and B12 is 210"),
            [(MeasureKind::VitaminD, 18.0), (MeasureKind::VitaminB12, 210.0)]
        );
        assert_eq!(kinds("vit D came back 14"), [(MeasureKind::VitaminD, 14.0)]);
        // A lab named between another's name and the number has the number.
        assert_eq!(
            kinds("간수치가 높게나왔대요 AST 120 ALT 150"),
            [(MeasureKind::Ast, 120.0), (MeasureKind::Alt, 150.0)]
        );
    }

    /// (kind, value, unit) of every reading.
    fn of(text: &str) -> Vec<(MeasureKind, f64, Unit)> {
        read(text).into_iter().map(|r| (r.kind, r.value, r.unit)).collect()
    }

    #[test]
    fn korean_forms() {
        assert_eq!(of("체온 38.5도"), [(MeasureKind::Temperature, 38.5, Unit::Celsius)]);
        assert_eq!(of("혈당 40"), [(MeasureKind::BloodGlucose, 40.0, Unit::MgPerDl)]);
        let bp = read("혈압 180에 110이에요");
        assert_eq!((bp[0].kind, bp[0].value, bp[0].second), (MeasureKind::BloodPressure, 180.0, Some(110.0)));
        assert_eq!(of("산소포화도 88%"), [(MeasureKind::OxygenSaturation, 88.0, Unit::Percent)]);
        assert_eq!(of("공복혈당은 약 130이에요"), [(MeasureKind::FastingGlucose, 130.0, Unit::MgPerDl)]);
        assert_eq!(of("맥박은 72회였어요"), [(MeasureKind::HeartRate, 72.0, Unit::Bpm)]);
        assert_eq!(of("몸무게 62kg"), [(MeasureKind::Weight, 62.0, Unit::Kg)]);
        assert_eq!(of("당화혈색소가 7.2%"), [(MeasureKind::Hba1c, 7.2, Unit::Percent)]);
    }

    #[test]
    fn english_forms_and_spans() {
        let text = "temp 102F and bp 190/120";
        let found = read(text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!((found[0].kind, found[0].unit), (MeasureKind::Temperature, Unit::Fahrenheit));
        assert_eq!(&text[found[0].start..found[0].end], "temp 102F");
        assert_eq!(&text[found[1].start..found[1].end], "bp 190/120");
        assert_eq!((found[1].value, found[1].second), (190.0, Some(120.0)));
        assert_eq!(
            of("pulse 88, weighs 180 lbs"),
            [(MeasureKind::HeartRate, 88.0, Unit::Bpm), (MeasureKind::Weight, 180.0, Unit::Lb)]
        );
        assert_eq!(of("LDL cholesterol 160"), [(MeasureKind::LdlCholesterol, 160.0, Unit::MgPerDl)]);
        assert_eq!(of("SpO2 91%"), [(MeasureKind::OxygenSaturation, 91.0, Unit::Percent)]);
    }

    #[test]
    fn units_and_conversions() {
        let f = read("fever 100.8F")[0];
        assert_eq!(f.unit, Unit::Fahrenheit);
        assert!((f.celsius() - 38.2).abs() < 0.05, "{}", f.celsius());
        assert_eq!(read("체온 38.5℃")[0].celsius(), 38.5);
        let mmol = read("glucose meter says 2.5 mmol")[0];
        assert_eq!((mmol.unit, mmol.mg_dl()), (Unit::MmolPerL, 45.0));
        assert_eq!(read("blood sugar 180 mg/dl")[0].mg_dl(), 180.0);
        // A home meter or sensor told without the word sugar; a meter of anything else is no glucose.
        assert_eq!(read("his meter says 2.4 mmol and he's sweaty")[0].mg_dl().round(), 43.0);
        assert_eq!(read("my meter says 38 mg/dl")[0].mg_dl(), 38.0);
        assert_eq!(read("dexcom is at 48 and dropping")[0].mg_dl(), 48.0);
        assert!(read("fell about 3 meter off a ladder, 40 minutes ago").is_empty());
        let lo = read("my sugar reads LO");
        assert_eq!(lo.len(), 1);
        assert!(lo[0].off_scale && lo[0].mg_dl() <= 20.0, "{lo:?}");
    }

    #[test]
    fn a_value_without_a_unit_takes_the_one_its_size_implies() {
        assert_eq!(of("temp 39.4"), [(MeasureKind::Temperature, 39.4, Unit::Celsius)]);
        assert_eq!(of("his temperature is 103"), [(MeasureKind::Temperature, 103.0, Unit::Fahrenheit)]);
        assert_eq!(of("blood sugar 5.6"), [(MeasureKind::BloodGlucose, 5.6, Unit::MmolPerL)]);
        assert_eq!(of("blood sugar 56"), [(MeasureKind::BloodGlucose, 56.0, Unit::MgPerDl)]);
        assert_eq!(of("혈압 150/95"), [(MeasureKind::BloodPressure, 150.0, Unit::MmHg)]);
    }

    #[test]
    fn a_weight_said_bare_after_its_label_a_height_or_the_weight_it_was() {
        let kinds = |text: &str| read(text).iter().map(|r| (r.kind, r.value, r.unit)).collect::<Vec<_>>();
        let w = MeasureKind::Weight;
        assert_eq!(kinds("38살 남 키170 몸무게 94 건강검진"), [(w, 94.0, Unit::Kg)]);
        assert_eq!(kinds("she's lost about 20 lbs and weighs 98 now"), [(w, 98.0, Unit::Lb)]);
        assert_eq!(kinds("he weighs 260 and his doc says sleep apnea"), [(w, 260.0, Unit::Lb)]);
        assert_eq!(kinds("weighed myself this morning, 212 lbs"), [(w, 212.0, Unit::Lb)]);
        assert_eq!(kinds("gained 15 lbs since the shot, i'm 5'4 and 168 now"), [(w, 168.0, Unit::Lb)]);
        assert_eq!(kinds("born 3.4 kg now 3.1. im breastfeeding"), [(w, 3.1, Unit::Kg)]);
        assert_eq!(kinds("weight went from 165 to 142 in 4 months"), [(w, 142.0, Unit::Lb)]);
        assert_eq!(kinds("점심을 안먹어서 25키로까지 빠졌어요"), [(w, 25.0, Unit::Kg)]);
        let changes = |text: &str| weight_changes(text).into_iter().map(|(_, _, c)| c).collect::<Vec<_>>();
        assert_eq!(changes("weight went from 165 to 142 in 4 months"), [WeightChange::Loss]);
        // A height alone, an age after it, a count: no weight.
        assert!(kinds("i'm 5'4 and 30 years old").is_empty());
        assert!(kinds("키170 이에요").is_empty());
        assert!(kinds("i'm 5'4").is_empty());
        assert!(kinds("weight loss for 2 weeks, 8-10 a day").is_empty());
    }

    #[test]
    fn a_sugar_after_a_clock_time_or_a_duration_and_a_fasting_one_on_a_home_meter() {
        let kinds = |text: &str| read(text).iter().map(|r| (r.kind, r.value)).collect::<Vec<_>>();
        let (g, f) = (MeasureKind::BloodGlucose, MeasureKind::FastingGlucose);
        assert_eq!(kinds("cgm alarm went off at 2am reading 58"), [(g, 58.0)]);
        assert_eq!(kinds("혈당기로 재봤는데 밥먹고 2시간후 230 나옴"), [(g, 230.0)]);
        assert_eq!(kinds("sugar was 140 at 7:30 this morning"), [(g, 140.0)]);
        // Fasting on a home meter is the person's own reading; at a check-up it is a lab.
        assert_eq!(kinds("fasting sugar on my meter this morning was 186"), [(g, 186.0)]);
        assert_eq!(kinds("아침 공복에 손가락 찔러서 재보니 180이에요"), [(g, 180.0)]);
        assert_eq!(kinds("건강검진에서 공복혈당 112 나왔어요"), [(f, 112.0)]);
        assert_eq!(kinds("검진 결과 공복 105래요"), [(f, 105.0)]);
        // A time or a duration alone is no sugar.
        assert!(kinds("공복 12시간 지키고 피검사 했어요").is_empty());
        assert!(kinds("checked my sugar at 3pm").is_empty());
    }

    #[test]
    fn a_fever_said_without_a_unit_a_sugar_after_a_few_words_an_oxygen_before_its_name() {
        let kinds = |text: &str| read(text).iter().map(|r| (r.kind, r.value)).collect::<Vec<_>>();
        let t = MeasureKind::Temperature;
        assert_eq!(kinds("fever since last night, 103.1 an hour ago. tylenol at 8pm"), [(t, 103.1)]);
        assert_eq!(read("kid has strep and now im at 100.4")[0].unit, Unit::Fahrenheit);
        assert_eq!(kinds("a low fever, 99.9"), [(t, 99.9)]);
        // Weather, food, money, weights: no temperature.
        assert!(kinds("it's 95 out and the pool is 82").is_empty());
        assert!(kinds("paid $100.50 for the visit").is_empty());
        assert!(kinds("the bath water was 100.4 degrees").is_empty());
        assert!(kinds("it's 99.5 out today").is_empty());
        assert_eq!(kinds("gave him a lukewarm bath and he's still 102.3"), [(t, 102.3)]);
        assert_eq!(kinds("weighs 101.5 lbs"), [(MeasureKind::Weight, 101.5)]);
        let g = MeasureKind::BloodGlucose;
        assert_eq!(kinds("her sugar on the fingerstick was 180 even though"), [(g, 180.0)]);
        assert_eq!(kinds("checked my sugar with my mom's meter this morning before eating and got 142"), [(g, 142.0)]);
        assert_eq!(kinds("she check sugar with machine this morning 280"), [(g, 280.0)]);
        assert!(kinds("cut out sugar and lost 20 lbs").is_empty());
        assert!(kinds("no sugar for 30 days now").is_empty());
        let o = MeasureKind::OxygenSaturation;
        assert_eq!(kinds("is 94% oxygen ok?? i have asthma"), [(o, 94.0)]);
        assert_eq!(kinds("the pulse ox says 94 at rest"), [(o, 94.0)]);
        assert!(kinds("94% of people, top 10, 24/7").is_empty());
    }

    #[test]
    fn numbers_that_are_no_reading() {
        assert!(read("I took 2 pills of tylenol 500 an hour ago").is_empty());
        assert!(read("I'm 45 years old, 65세 남성").is_empty());
        assert!(read("the room is 25도 and the oven 200 degrees").is_empty());
        assert!(read("fever for 3 days").is_empty());
        // Implausible: no body has these.
        assert!(read("혈압 999/1").is_empty());
        assert!(read("temp 50").is_empty());
        assert!(read("oxygen 30%").is_empty());
    }
}
