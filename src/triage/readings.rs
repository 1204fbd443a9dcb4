//! Layer 2's numbers: blood pressure, glucose, temperature, oxygen saturation and an infant's age,
//! as people write them ("bp 230/125", "190 over 120", "혈압이 200에 120", "39.5도", "100.8F",
//! "sugar is 480", "2.5 mmol", "산소포화도 88", "6 week old", "생후 2개월").
//!
//! Why a layer of its own: a number is dangerous only past a threshold and often only with a symptom
//! (a pressure of 200/120 with a headache), which no word list can express. Slot extraction
//! ([`crate::extract::patterns`]) reads the values the profile keeps; triage needs more forms and
//! the place of each number in the message (to quote it and to see whether it is a past reading),
//! so it reads them here and falls back on extraction's values.

use super::text::{aside, View};
use crate::extract::{patterns, MeasureKind};
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

pattern!(
    blood_pressure,
    r"(?:혈압|\bbp\b|blood pressure|pressure)\D{0,15}?(\d{2,3})\s*(?:/|over|에|-|\\)\s*(\d{2,3})|\b(\d{2,3})\s*/\s*(\d{2,3})\b"
);
pattern!(glucose, r"(?:혈당|blood sugar|sugar|glucose|\bbg\b|\bbs\b)\D{0,20}?(\d{1,3}(?:\.\d)?)\s*(mmol|mg)?");
pattern!(
    temperature,
    r"(?:열|체온|fever|temp\w*|thermometer|therm)\D{0,15}?(\d{2,3}(?:\.\d{1,2})?)\s*(도|℃|°c|°f|c\b|f\b|degrees)?|(\d{2,3}(?:\.\d{1,2})?)\s*(도|℃|°c|°f|f\b)|\b((?:3[5-9]|4[0-2])\.\d)\b\s*(kg|kilo\w*|lbs?|%|mmol|cm|mm|km|miles?|키로|킬로|시간|주|살)?"
);
pattern!(
    oxygen,
    r"(?:산소\s*포화도|산소|spo2|sp02|\bo2\b|\bsats\b|saturation|oxygen(?: level)?|pulse ?ox\w*|oximeter)\D{0,25}?(\d{2,3})\s*%?"
);
pattern!(
    meter_range,
    r"(?:meter|glucometer|monitor|cgm|libre|dexcom|sugar reading|glucose reading|혈당계|혈당|측정기)[^.\n]{0,25}?\b(lo|hi)\b"
);
pattern!(
    infant_age_en,
    r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[ -]?(day|week|wk|month|mo)s?[ -]?(?:old|baby|infant|newborn|son|daughter|girl|boy|bub)\b|\b(newborn)\b|\b(?:baby|infant|son|daughter|girl|boy|she|he)(?: is| who is| that is| just turned|'s) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (day|week|month)s?\b|\bborn (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (day|week|month)s? ago\b|\((\d{1,2}) ?(day|week|wk|month|mo)s?(?: old)?\)"
);
pattern!(
    infant_age_ko,
    r"(?:생후|태어난지|낳은지)(\d{1,3})(일|주|개월|달)|(\d{1,2})(일|주|개월|달)(?:된|됐|되었|짜리|차|째|아기|아가|애기|신생아|영아|아들|딸|남아|여아)|(신생아)|(?:생후|태어난지)?(한|두|세|네|다섯)(주|달)(?:된|짜리|아기|아가|애기|밖에)"
);

/// Every match of `re` in `text` that `read` accepts, with its span, in message order.
fn all<'t>(
    re: &'t Regex,
    text: &'t str,
    mut read: impl FnMut(&regex_lite::Captures) -> Option<(f64, Option<f64>)> + 't,
) -> impl Iterator<Item = Reading> + 't {
    re.captures_iter(text).filter_map(move |c| {
        let (value, second) = read(&c)?;
        let whole = c.get(0)?;
        Some(Reading { value, second, start: whole.start(), end: whole.end() })
    })
}

/// The first reading: an infant's age is said once, at the start.
fn first(
    re: &Regex,
    text: &str,
    read: impl FnMut(&regex_lite::Captures) -> Option<(f64, Option<f64>)>,
) -> Option<Reading> {
    all(re, text, read).next()
}

/// The last reading: a message that gives two ("48, gave juice, now 110") tells the latest last.
fn latest(
    re: &Regex,
    text: &str,
    read: impl FnMut(&regex_lite::Captures) -> Option<(f64, Option<f64>)>,
) -> Option<Reading> {
    all(re, text, read).last()
}

fn number(c: &regex_lite::Captures, i: usize) -> Option<f64> {
    c.get(i)?.as_str().parse().ok()
}

/// The readings of `view` that describe now.
pub fn read(view: &View) -> Readings {
    let text = view.lower.as_str();
    let blood_pressure = latest(blood_pressure(), text, |c| {
        let (s, d) = (number(c, 1).or(number(c, 3))?, number(c, 2).or(number(c, 4))?);
        (MeasureKind::BloodPressure.plausible().contains(&s) && crate::extract::DIASTOLIC.contains(&d) && s > d)
            .then_some((s, Some(d)))
    });
    let glucose = latest(glucose(), text, |c| {
        let v = number(c, 1)?;
        // "2.5 mmol" or a small decimal: mmol/L (18 mg/dL each).
        let mmol = c.get(2).is_some_and(|u| u.as_str() == "mmol") || (v < 35.0 && v.fract() != 0.0);
        let mg = if mmol { v * 18.0 } else { v };
        (20.0..=900.0).contains(&mg).then_some((mg, None))
    });
    let temperature = latest(temperature(), text, |c| {
        // A bare "38.1" is a temperature (a weight, a length or a duration says its unit).
        if c.get(6).is_some() {
            return None;
        }
        let v = number(c, 1).or(number(c, 3)).or(number(c, 5))?;
        let unit = c.get(2).or(c.get(4)).map_or("", |u| u.as_str());
        let celsius = if unit.ends_with('f') || (95.0..=110.0).contains(&v) { (v - 32.0) * 5.0 / 9.0 } else { v };
        (30.0..=43.5).contains(&celsius).then_some((celsius, None))
    });
    // A meter that shows LO or HI is past its range (under about 20 or over about 600 mg/dL).
    let glucose = latest(meter_range(), text, |c| Some((if c.get(1)?.as_str() == "lo" { 20.0 } else { 600.0 }, None)))
        .filter(|m| glucose.is_none_or(|g| g.start < m.start))
        .or(glucose);
    let oxygen = latest(oxygen(), text, |c| number(c, 1).filter(|v| (50.0..=100.0).contains(v)).map(|v| (v, None)));
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
        let told = [(1, 2), (4, 5), (6, 7), (8, 9)].into_iter().find_map(|(n, u)| Some((count(c, n)?, c.get(u)?)));
        match (told, c.get(3)) {
            (Some((n, unit)), _) => Some((days(n, unit.as_str()), None)),
            (_, Some(_)) => Some((14.0, None)),
            _ => None,
        }
    })
    .or_else(|| {
        // Korean ages are read on the compact text ("2 개월 아기" and "2개월아기" alike).
        let r = first(infant_age_ko(), &view.compact, |c| {
            // Native numerals for small counts: "한 달 된 아기", "두 주".
            let native = c.get(6).and_then(|w| ["한", "두", "세", "네", "다섯"].iter().position(|n| *n == w.as_str()));
            match (
                number(c, 1).or(number(c, 3)).or(native.map(|i| i as f64 + 1.0)),
                c.get(2).or(c.get(4)).or(c.get(7)),
                c.get(5),
            ) {
                (Some(n), Some(unit), _) => Some((days(n, unit.as_str()), None)),
                (_, _, Some(_)) => Some((14.0, None)),
                _ => None,
            }
        })?;
        let (start, end) = view.span_of_compact(r.start, r.end);
        Some(Reading { start, end, ..r })
    });
    let mut readings = Readings { blood_pressure, glucose, temperature, oxygen, infant_age_days };
    // What extraction reads and these patterns did not: quoted (and judged past or not) as the
    // whole message.
    let whole =
        |m: crate::extract::Measurement| Some(Reading { value: m.value, second: m.second, start: 0, end: text.len() });
    for m in patterns::measurements(view.text) {
        match m.kind {
            MeasureKind::BloodPressure if readings.blood_pressure.is_none() => readings.blood_pressure = whole(m),
            MeasureKind::Temperature if readings.temperature.is_none() && m.unit == "°C" => {
                readings.temperature = whole(m)
            }
            MeasureKind::FastingGlucose | MeasureKind::BloodGlucose if readings.glucose.is_none() => {
                readings.glucose = whole(m)
            }
            _ => {}
        }
    }
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
        assert_eq!(of("태어난지 6주된 아기").infant_age_days.map(|r| r.value), Some(42.0));
        assert_eq!(of("임신 30주인데").infant_age_days, None);
        assert_eq!(of("한 달 된 아기").infant_age_days.map(|r| r.value), Some(30.0));
        assert_eq!(of("glucose meter says 2.5 mmol").glucose.map(|r| r.value), Some(45.0));
        assert_eq!(of("sugar is 480").glucose.map(|r| r.value), Some(480.0));
        assert_eq!(of("산소포화도가 88이에요").oxygen.map(|r| r.value), Some(88.0));
        assert_eq!(of("last year my bp was 200/120").blood_pressure, None);
        // A bare decimal in the range of a body temperature is one; with a unit it is not.
        assert_eq!(of("felt warm so i checked and hes 38.1").temperature.map(|r| r.value), Some(38.1));
        assert_eq!(of("she weighs 38.5 kg").temperature, None);
    }
}
