//! The regular-expression side of slot extraction: age and age group,
//! gender, pregnancy, blood pressure, heart rate, temperature, weight, fasting and random glucose,
//! HbA1c, cholesterol; Korean and English phrasings; durations.

use super::{Demographics, Gender, MeasureKind, Measurement, DIASTOLIC};
use regex_lite::Regex;

pattern!(age_ko, r"(\d{1,3})\s*(?:살|세|歲)");
pattern!(
    age_en,
    r"(?i)\b(?:i am|i'm|im|aged?|age:?)\s*(\d{1,3})\b|\b(\d{1,3})[\s-]*(?:years?|yrs?|y/?o)[\s-]*old\b|\b(\d{1,3})\s*(?:yo|y/o)\b"
);
pattern!(age_group_ko, r"([1-9])0\s*대");
pattern!(age_group_en, r"(?i)\bin (?:my|his|her|their) ([1-9])0s\b");
pattern!(male, r"(?i)남성|남자|남편|아버지|아빠|\bmale\b|\bman\b|\bhusband\b|\bfather\b|\bdad\b|\bhe\b");
pattern!(
    female,
    r"(?i)여성|여자|임산부|임신|아내|어머니|엄마|\bfemale\b|\bwoman\b|\bwife\b|\bmother\b|\bmom\b|\bpregnant\b|\bshe\b"
);
pattern!(pregnant, r"(?i)임신|임산부|\bpregnan(?:t|cy)\b");
pattern!(not_pregnant, r"(?i)임신(?:은|이)?\s*(?:아니|안\s*했|하지\s*않)|\bnot pregnant\b");
pattern!(
    blood_pressure,
    r"(?i)(?:혈압|\bbp\b|blood pressure)?[^\d/]{0,12}?\b(\d{2,3})\s*/\s*(\d{2,3})\b\s*(?:mm\s*hg)?"
);
pattern!(
    heart_rate,
    r"(?i)(?:맥박|심박수?|heart rate|pulse|\bhr\b)\s*(?:은|는|이|가|:|is|of|was)?\s*(\d{2,3})\s*(?:회|bpm|/min|번)?"
);
pattern!(
    temperature,
    r"(?i)(?:체온|열이|temperature|temp|fever of)\s*(?:은|는|이|가|:|is|of|was)?\s*(\d{2,3}(?:\.\d)?)\s*(?:도|℃|°c|°f|c\b|f\b)?|(\d{2,3}\.\d)\s*(?:도|℃|°c)"
);
pattern!(
    weight,
    r"(?i)(?:체중|몸무게|weigh(?:t|s)?)\s*(?:은|는|이|가|:|is|of)?\s*(\d{2,3}(?:\.\d)?)\s*(kg|킬로|lbs?|pounds)|(\d{2,3}(?:\.\d)?)\s*(kg|킬로)(?:\s*(?:나가|이에요|입니다))"
);
pattern!(
    fasting_glucose,
    r"(?i)(?:공복\s*혈당|fasting (?:blood )?(?:glucose|sugar)|\bfbs\b|\bfpg\b)\s*(?:은|는|이|가|:|is|was|of)?\s*(?:약\s*)?(\d{2,3})"
);
pattern!(
    blood_glucose,
    r"(?i)(?:혈당|blood (?:glucose|sugar)|glucose|sugar (?:level|reading))\s*(?:수치)?\s*(?:은|는|이|가|:|is|was|of)?\s*(?:약\s*)?(\d{2,3})"
);
pattern!(
    hba1c,
    r"(?i)(?:hba1c|a1c|당화\s*혈색소)\s*(?:수치)?\s*(?:은|는|이|가|:|is|was|of)?\s*(\d{1,2}(?:\.\d{1,2})?)\s*%?"
);
pattern!(ldl, r"(?i)\bldl(?:\s*콜레스테롤|\s*cholesterol)?\s*(?:은|는|이|가|:|is|was|of)?\s*(\d{2,3})");
pattern!(hdl, r"(?i)\bhdl(?:\s*콜레스테롤|\s*cholesterol)?\s*(?:은|는|이|가|:|is|was|of)?\s*(\d{2,3})");
pattern!(
    total_cholesterol,
    r"(?i)(?:총\s*)?(?:콜레스테롤|cholesterol)\s*(?:수치)?\s*(?:은|는|이|가|:|is|was|of)?\s*(\d{2,3})"
);
pattern!(
    duration,
    r"(?i)(\d{1,2})\s*(년|개월|달|주|일)\s*(?:째|전부터|동안|간)?|(?:for|over)\s+(\d{1,2})\s+(years?|months?|weeks?|days?)|(\d{1,2})\s+(years?|months?)\s+ago"
);

/// Age, age group, gender and pregnancy.
pub fn demographics(text: &str) -> Demographics {
    let first_number = |re: &Regex| -> Option<u32> {
        re.captures_iter(text).find_map(|c| c.iter().skip(1).flatten().next().and_then(|m| m.as_str().parse().ok()))
    };
    let age = first_number(age_ko()).or_else(|| first_number(age_en())).filter(|a| (1..=120).contains(a));
    let age_group = first_number(age_group_ko()).or_else(|| first_number(age_group_en())).map(|d| d * 10);
    let pregnant = if not_pregnant().is_match(text) { Some(false) } else { pregnant().is_match(text).then_some(true) };
    // The first gender word decides ("65세 남성, 아내가 ..." is about a man).
    let first = |re: &Regex| re.find(text).map(|m| m.start());
    let gender = match (first(male()), first(female())) {
        (Some(m), Some(f)) => Some(if m < f { Gender::Male } else { Gender::Female }),
        (Some(_), None) => Some(Gender::Male),
        (None, Some(_)) => Some(Gender::Female),
        (None, None) => None,
    };
    Demographics { age, age_group, gender, pregnant }
}

/// The numbers in `text`: each kind at most once (its first plausible reading).
pub fn measurements(text: &str) -> Vec<Measurement> {
    let mut out = Vec::new();
    let number = |re: &Regex| -> Option<(f64, usize)> {
        re.captures_iter(text).find_map(|c| {
            let m = c.iter().skip(1).flatten().next()?;
            Some((m.as_str().parse().ok()?, c.get(0)?.start()))
        })
    };
    if let Some(c) = blood_pressure().captures(text) {
        let (s, d): (f64, f64) = (c[1].parse().unwrap_or(0.0), c[2].parse().unwrap_or(0.0));
        if MeasureKind::BloodPressure.plausible().contains(&s) && DIASTOLIC.contains(&d) && s > d {
            out.push(Measurement { kind: MeasureKind::BloodPressure, value: s, second: Some(d), unit: "mmHg".into() });
        }
    }
    let mut push = |kind: MeasureKind, reading: Option<(f64, usize)>, unit: &str| {
        if let Some((v, _)) = reading.filter(|(v, _)| kind.plausible().contains(v)) {
            out.push(Measurement { kind, value: v, second: None, unit: unit.into() });
        }
    };
    push(MeasureKind::HeartRate, number(heart_rate()), "bpm");
    let temp = number(temperature());
    let fahrenheit = temp.is_some_and(|(v, _)| v > 90.0);
    push(MeasureKind::Temperature, temp, if fahrenheit { "°F" } else { "°C" });
    if let Some(c) = weight().captures(text) {
        let (v, unit) = match (c.get(1).or(c.get(3)), c.get(2).or(c.get(4))) {
            (Some(v), Some(u)) => (v.as_str().parse::<f64>().unwrap_or(0.0), u.as_str().to_lowercase()),
            _ => (0.0, String::new()),
        };
        let unit = if unit.starts_with('l') || unit.starts_with('p') { "lb" } else { "kg" };
        push(MeasureKind::Weight, Some((v, 0)), unit);
    }
    let fasting = number(fasting_glucose());
    push(MeasureKind::FastingGlucose, fasting, "mg/dL");
    if fasting.is_none() {
        push(MeasureKind::BloodGlucose, number(blood_glucose()), "mg/dL");
    }
    push(MeasureKind::Hba1c, number(hba1c()), "%");
    push(MeasureKind::LdlCholesterol, number(ldl()), "mg/dL");
    push(MeasureKind::HdlCholesterol, number(hdl()), "mg/dL");
    // "LDL cholesterol 160" must not also count as total cholesterol.
    let total = total_cholesterol()
        .captures_iter(text)
        .find(|c| {
            let before = &text[..c.get(0).map_or(0, |m| m.start())].to_lowercase();
            !before.trim_end().ends_with("ldl") && !before.trim_end().ends_with("hdl")
        })
        .and_then(|c| Some((c.get(1)?.as_str().parse().ok()?, 0)));
    push(MeasureKind::TotalCholesterol, total, "mg/dL");
    out
}

/// A duration said in the same clause just before or after a mention ("10년째 당뇨", "diabetes for 10 years").
pub fn duration_near(text: &str, start: usize, end: usize) -> Option<String> {
    let (clause_start, clause_end) = clause_around(text, start, end);
    let clause = &text[clause_start..clause_end];
    let c = duration().captures(clause)?;
    let (n, unit) =
        [(1, 2), (3, 4), (5, 6)].iter().find_map(|&(n, u)| Some((c.get(n)?.as_str(), c.get(u)?.as_str())))?;
    let unit = match unit.trim_end_matches('s') {
        "year" => "년",
        "month" => "개월",
        "week" => "주",
        "day" => "일",
        "달" => "개월",
        other => other,
    };
    Some(format!("{n}{unit}"))
}

/// The clause around `start..end`: up to the nearest sentence or clause mark on each side, and at
/// most 60 bytes each way (so a long text without punctuation stays linear to scan).
pub fn clause_around(text: &str, start: usize, end: usize) -> (usize, usize) {
    const REACH: usize = 60;
    let mut from = start.saturating_sub(REACH);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (end + REACH).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let marks = ['.', '!', '?', '\n', ',', ';'];
    let clause_start = text[from..start].rfind(marks).map_or(from, |i| from + i + 1);
    let clause_end = text[end..to].find(marks).map_or(to, |i| end + i);
    (clause_start, clause_end)
}
