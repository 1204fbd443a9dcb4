//! Layer 2's numbers: blood pressure, glucose, temperature and oxygen saturation as the one reader
//! of vital signs reads them ([`crate::core::vitals`]), in one unit each, and an infant's age as
//! people write it ("6 week old", "생후 2개월").
//!
//! Why a layer of its own: a number is dangerous only past a threshold and often only with a symptom
//! (a pressure of 200/120 with a headache), which no word list can express. Triage keeps the latest
//! reading of each kind (a message that gives two, "48, gave juice, now 110", tells the latest last)
//! and its place in the message (to quote it and to see whether it is a past reading).

use super::text::{aside, View, TEXT_PATTERNS};
use crate::core::site::site_pattern;
use crate::core::vitals::{self, MeasureKind};
use regex_lite::Regex;

/// A number read from the message, where it was said.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    pub value: f64,
    /// The diastolic pressure, for blood pressure.
    pub second: Option<f64>,
    pub start: usize,
    pub end: usize,
}

/// The numbers of one message that describe now (a reading from last year is left out).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Readings {
    /// mmHg.
    pub blood_pressure: Option<Reading>,
    /// mg/dL (mmol/L converted).
    pub glucose: Option<Reading>,
    /// Degrees Celsius (Fahrenheit converted).
    pub temperature: Option<Reading>,
    /// Percent.
    pub oxygen: Option<Reading>,
    /// An infant's age in days, when the message gives one.
    pub infant_age_days: Option<Reading>,
}

impl Readings {
    pub fn all_mut(&mut self) -> [&mut Option<Reading>; 5] {
        [
            &mut self.blood_pressure,
            &mut self.glucose,
            &mut self.temperature,
            &mut self.oxygen,
            &mut self.infant_age_days,
        ]
    }
}

site_pattern!(TEXT_PATTERNS, infant_age_en);
site_pattern!(TEXT_PATTERNS, infant_age_ko);

// A bare number told as what a glucose reading came to after treatment: "now 6.2", "15분 뒤에
// 110 됐어요", "now I'm sitting at 132", "드시고 나서는 148이에요". What follows the number is checked in code (no minutes, degrees or percent).
site_pattern!(TEXT_PATTERNS, glucose_after);

site_pattern!(TEXT_PATTERNS, treatment);
site_pattern!(TEXT_PATTERNS, ko_baby);

/// The first match of `re` in `text` that `read` accepts, with its span: an infant's age is said
/// once, at the start.
fn first(re: &Regex, text: &str, mut read: impl FnMut(&regex_lite::Captures) -> Option<f64>) -> Option<Reading> {
    re.captures_iter(text).find_map(|c| {
        let value = read(&c)?;
        let whole = c.get(0)?;
        Some(Reading { value, second: None, start: whole.start(), end: whole.end() })
    })
}

/// The value a glucose reading came to later in the message, in the same unit (a first reading
/// under 35 is mmol/L), when it is told as a bare number: "3.5, ate candy, now 6.2".
fn glucose_came_to(text: &str, first: Reading) -> Option<Reading> {
    let mmol = first.value < 35.0 * 18.0
        && text.get(first.start..first.end).is_some_and(|s| {
            s.split(|c: char| !(c.is_ascii_digit() || c == '.')).filter_map(|n| n.parse::<f64>().ok()).any(|n| n < 35.0)
        });
    glucose_after()
        .captures_iter(text.get(first.end..)?)
        .filter_map(|c| {
            let (n, unit) = match (c.get(1), c.get(3)) {
                (Some(n), _) => (n, c.get(2).map_or("", |u| u.as_str().trim())),
                (_, Some(n)) => (n, ""),
                _ => return None,
            };
            // "now 10 minutes later", "then 38.5 degrees": another measure.
            const OTHER: [&str; 12] =
                ["min", "hour", "hr", "sec", "%", "°", "degree", "kg", "lb", "bpm", "day", "week"];
            if OTHER.iter().any(|o| unit.starts_with(o)) {
                return None;
            }
            let raw: f64 = n.as_str().parse().ok()?;
            let value = match mmol {
                true if raw < 35.0 => raw * 18.0,
                false if (20.0..=600.0).contains(&raw) => raw,
                _ => return None,
            };
            Some(Reading { value, second: None, start: first.end + n.start(), end: first.end + n.end() })
        })
        .last()
}

fn number(c: &regex_lite::Captures, i: usize) -> Option<f64> {
    c.get(i)?.as_str().parse().ok()
}

/// The readings of `view` that describe now.
pub fn read(view: &View) -> Readings {
    let text = view.lower.as_str();
    // A treatment is no reading ("had 4 glucose tabs and 20 min later").
    let all: Vec<vitals::Reading> = vitals::read(view.text)
        .into_iter()
        .filter(|r| !text.get(r.start..r.end).is_some_and(|s| treatment().is_match(s)))
        .collect();
    // The latest reading of the kinds `of`, its value in the unit the rules judge it in.
    let latest = |of: &[MeasureKind], value: fn(&vitals::Reading) -> f64| {
        let r = all.iter().rfind(|r| of.contains(&r.kind))?;
        Some(Reading { value: value(r), second: r.second, start: r.start, end: r.end })
    };
    let blood_pressure = latest(&[MeasureKind::BloodPressure], |r| r.value);
    let glucose = latest(&[MeasureKind::FastingGlucose, MeasureKind::BloodGlucose], vitals::Reading::mg_dl)
        .map(|g| glucose_came_to(text, g).unwrap_or(g));
    let temperature = latest(&[MeasureKind::Temperature], vitals::Reading::celsius);
    let oxygen = latest(&[MeasureKind::OxygenSaturation], |r| r.value);
    let days = |n: f64, unit: &str| match unit {
        "day" | "일" => n,
        "week" | "wk" | "주" => n * 7.0,
        _ => n * 30.0,
    };
    let count = |c: &regex_lite::Captures, i: usize| {
        number(c, i).or_else(|| {
            const WORDS: [&str; 12] =
                ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
            WORDS.iter().position(|w| Some(*w) == c.get(i).map(|m| m.as_str())).map(|p| p as f64 + 1.0)
        })
    };
    let infant_age_days = first(infant_age_en(), text, |c| {
        let told =
            [(1, 2), (4, 5), (6, 7), (8, 9), (10, 11)].into_iter().find_map(|(n, u)| Some((count(c, n)?, c.get(u)?)));
        match (told, c.get(3)) {
            (Some((n, unit)), _) => Some(days(n, unit.as_str())),
            (_, Some(_)) => Some(14.0),
            _ => None,
        }
    })
    .or_else(|| {
        // Korean ages are read on the compact text ("2 개월 아기" and "2개월아기" alike).
        let r = first(infant_age_ko(), &view.compact, |c| {
            // Native numerals for small counts: "한 달 된 아기", "두 주".
            let native = c.get(6).and_then(|w| ["한", "두", "세", "네", "다섯"].iter().position(|n| *n == w.as_str()));
            match (
                number(c, 1).or(number(c, 3)).or(native.map(|i| i as f64 + 1.0)).or(number(c, 8)).or(number(c, 10)),
                c.get(2).or(c.get(4)).or(c.get(7)).or(c.get(9)).or(c.get(11)),
                c.get(5),
            ) {
                (Some(n), Some(unit), _) => Some(days(n, unit.as_str())),
                (_, _, Some(_)) => Some(14.0),
                _ => None,
            }
        })?;
        // "3일 됐는데" is a baby's age only in a message about a baby ("항생제 먹고 3일 됐는데" is
        // how long a medicine has been taken).
        let said = &view.compact[r.start..r.end];
        if !said.starts_with(['생', '태', '낳', '(']) && !ko_baby().is_match(said) && !ko_baby().is_match(&view.compact)
        {
            return None;
        }
        // "임신 8개월" is a pregnancy, not a baby's age.
        if view.compact[..r.start].ends_with("임신") {
            return None;
        }
        let (start, end) = view.span_of_compact(r.start, r.end);
        Some(Reading { start, end, ..r })
    });
    let mut readings = Readings { blood_pressure, glucose, temperature, oxygen, infant_age_days };
    // A reading from the past ("last year my pressure was 200/120") says nothing about now.
    for reading in readings.all_mut() {
        if reading.is_some_and(|r| aside(view, r.start, r.end).is_some()) {
            *reading = None;
        }
    }
    readings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> Readings {
        read(&View::new(text))
    }

    #[test]
    fn numbers_as_people_write_them() {
        assert_eq!(of("혈압이 200에 120인데").blood_pressure.map(|r| (r.value, r.second)), Some((200.0, Some(120.0))));
        assert_eq!(of("blood pressure 190 over 120").blood_pressure.map(|r| r.value), Some(190.0));
        assert_eq!(of("우리 아기 열이 39.5도인데").temperature.map(|r| r.value), Some(39.5));
        assert_eq!(of("열이 39도예요").temperature.map(|r| r.value), Some(39.0));
        let f = of("2 month old baby with fever 100.8F").temperature.unwrap().value;
        assert!((f - 38.2).abs() < 0.05, "{f}");
        assert_eq!(of("2 month old baby").infant_age_days.map(|r| r.value), Some(60.0));
        // Chat style: "baby 7 weeks", the age after the word.
        assert_eq!(of("hi new mom here\nbaby 7 weeks\nshe feels hot").infant_age_days.map(|r| r.value), Some(49.0));
        assert_eq!(of("my baby 3 weeks overdue now").infant_age_days, None);
        assert_eq!(of("태어난지 6주된 아기").infant_age_days.map(|r| r.value), Some(42.0));
        assert_eq!(of("임신 30주인데").infant_age_days, None);
        assert_eq!(of("한 달 된 아기").infant_age_days.map(|r| r.value), Some(30.0));
        // An age told last or in brackets: "...울어요 5개월", "둘째(7개월)가".
        assert_eq!(of("아기가 토하고 열나요 5개월").infant_age_days.map(|r| r.value), Some(150.0));
        assert_eq!(of("둘째(7개월)가 숨을 빨리 쉬어요 아기").infant_age_days.map(|r| r.value), Some(210.0));
        assert_eq!(of("아기가 덜 움직여요 임신 8개월").infant_age_days, None);
        assert_eq!(of("glucose meter says 2.5 mmol").glucose.map(|r| r.value), Some(45.0));
        assert_eq!(of("sugar is 480").glucose.map(|r| r.value), Some(480.0));
        assert_eq!(of("산소포화도가 88이에요").oxygen.map(|r| r.value), Some(88.0));
        assert_eq!(of("last year my bp was 200/120").blood_pressure, None);
        // The latest of two, and a meter past its range.
        assert_eq!(of("sugar was 48, gave juice, now sugar 110").glucose.map(|r| r.value), Some(110.0));
        // The value it came to after treatment, told as a bare number, in the first one's unit.
        assert_eq!(of("sugar was low 3.5\nate candy\nnow 6.2 feel fine").glucose.map(|r| r.value.round()), Some(112.0));
        assert_eq!(of("혈당이 62 나와서 사탕 먹였더니 20분 뒤에 105 됐어요").glucose.map(|r| r.value), Some(105.0));
        assert_eq!(
            of("dexcom beeped at 3.6, had jelly babies and im back at 6.1 now").glucose.map(|r| r.value.round()),
            Some(110.0)
        );
        assert_eq!(of("sugar is 45 and now 10 minutes later he is sweaty").glucose.map(|r| r.value), Some(45.0));
        assert_eq!(of("his meter just says LO").glucose.map(|r| r.value), Some(20.0));
        assert_eq!(of("temp 102F").temperature.map(|r| (r.value * 10.0).round()), Some(389.0));
        // A bare decimal in the range of a body temperature is one; with a unit it is not.
        assert_eq!(of("felt warm so i checked and hes 38.1").temperature.map(|r| r.value), Some(38.1));
        assert_eq!(of("she weighs 38.5 kg").temperature, None);
        assert_eq!(of("my bmi is 38.5 and i get short of breath").temperature, None);
        assert_eq!(of("38.5 weeks pregnant and tired").temperature, None);
    }
}
