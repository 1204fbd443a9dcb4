//! The regular-expression side of slot extraction: age and age group, gender, pregnancy; Korean
//! and English phrasings; durations. (Vital signs and lab values are read by [`crate::core::vitals`].)

use super::{Demographics, Gender};
use regex_lite::Regex;

pattern!(age_ko, r"(\d{1,3})\s*(?:살|세|歲)");
// Ages said in native Korean numbers ("세 살", "다섯 살"), at the start of a word.
pattern!(
    age_ko_native,
    r"(?:^|[^가-힣])(스무|열아홉|열여덟|열일곱|열여섯|열다섯|열네|열세|열두|열한|열|아홉|여덟|일곱|여섯|다섯|네|세|두|한)\s*살"
);
/// What may follow an age said as a bare number ("he's 10 and ...", "who is 85,"): so "is 34 weeks
/// pregnant" or "is 110 kg" is no age.
const AGE_END: &str = r"\s*(?:$|[),;:!?]|\.(?:\s|$)|(?:years?|yrs?)\b|y/?o\b|and\b|but\b|now\b|with\b|has\b|had\b|who\b|was\b|is\b|in\b|so\b|-)";
// "I'm 45" only where an age may end ("I am 33 weeks pregnant" says no age); "45 years old", "45yo",
// "I (34F)".
static AGE_EN: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
fn age_en() -> &'static Regex {
    AGE_EN.get_or_init(|| {
        let re = format!(
            r"(?i)\b(?:i am|i'm|im|aged?|age:?)\s*(\d{{1,3}})(?:\s*[mf]\b|{AGE_END})|\b(\d{{1,3}})[\s-]*(?:years?|yrs?|y/?o)[\s-]*old\b|\b(\d{{1,3}})\s*(?:yo|y/o)\b|\bi\s*\(\s*(\d{{1,3}})\s*[mf]?\s*\)"
        );
        Regex::new(&re).expect("valid pattern")
    })
}
// "she's 82", "he is 81", "who is 90", "(my wife and I) are both 40", followed by what may end an age.
static PRONOUN_AGE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
fn pronoun_age() -> &'static Regex {
    PRONOUN_AGE.get_or_init(|| {
        let re =
            format!(r"(?i)(?:\b(?:he|she|who)(?:'s|’s|s|\s+is|\s+was|\s+just\s+turned|\s+turned)|\bare\s+both|\bwe\s+are)\s+(\d{{1,3}}){AGE_END}");
        Regex::new(&re).expect("valid pattern")
    })
}
// Right after a person's mention: "is 3", ", who is 85", ", 72,", "(6)", " Tom is 45".
static AGE_AFTER: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
fn age_after_pattern() -> &'static Regex {
    AGE_AFTER.get_or_init(|| {
        let re = format!(
            r"^(?:\s+[A-Z][a-z]+)?(?i:\s*(?:,|\()?\s*(?:who\s+is|who's|is|was|aged?|turned|just\s+turned|,)?\s*(\d{{1,3}})\s*[mf]?\s*(?:\)|{AGE_END}))"
        );
        Regex::new(&re).expect("valid pattern")
    })
}
pattern!(age_group_ko, r"([1-9])0\s*대");
pattern!(age_group_en, r"(?i)\bin (?:my|his|her|their) ([1-9])0s\b");
pattern!(male, r"(?i)남성|남자|남편|아버지|아빠|\bmale\b|\bman\b|\bhusband\b|\bfather\b|\bdad\b|\bhe\b");
pattern!(
    female,
    r"(?i)여성|여자|임산부|임신|아내|어머니|엄마|\bfemale\b|\bwoman\b|\bwife\b|\bmother\b|\bmom\b|\bpregnant\b|\bshe\b|\(\s*\d{1,3}\s*f\s*\)"
);
pattern!(pregnant, r"(?i)임신|임산부|\bpregnan(?:t|cy)\b");
pattern!(not_pregnant, r"(?i)임신(?:은|이)?\s*(?:아니|안\s*했|하지\s*않)|\bnot pregnant\b");
// A pregnancy planned or asked about is none now ("is it safe to get pregnant on it?", "임신해도 되나요").
pattern!(
    pregnancy_planned,
    r"(?i)\b(?:get|getting|become|becoming|conceive|try(?:ing)? to get)\s+pregnant\b|임신\s*(?:준비|계획|하려|하고\s*싶|해도|할\s*수|가능)"
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
    let age = first_number(age_ko())
        .or_else(|| age_ko_native().captures(text).and_then(|c| native_number(c.get(1)?.as_str())))
        .or_else(|| first_number(age_en()))
        .or_else(|| first_number(pronoun_age()))
        .filter(|a| (1..=120).contains(a));
    let age_group = first_number(age_group_ko()).or_else(|| first_number(age_group_en())).map(|d| d * 10);
    let said = pregnancy_planned().replace_all(text, "");
    let pregnant =
        if not_pregnant().is_match(&said) { Some(false) } else { pregnant().is_match(&said).then_some(true) };
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

/// The age said at the start of `after`, the text right after a person's mention ("my son is 3",
/// "my mother, who is 85", "my father-in-law, 72,", "my son (6)", "my friend Tom is 45").
pub fn age_after(after: &str) -> Option<u32> {
    let c = age_after_pattern().captures(after)?;
    c.get(1)?.as_str().parse().ok().filter(|a| (1..=120).contains(a))
}

/// A native Korean number of years ("다섯" -> 5), as ages are said up to twenty.
fn native_number(word: &str) -> Option<u32> {
    const UNITS: &[&str] = &["한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉"];
    let unit = |w: &str| UNITS.iter().position(|u| *u == w).map(|i| i as u32 + 1);
    match word {
        "열" => Some(10),
        "스무" => Some(20),
        _ => match word.strip_prefix('열') {
            Some(rest) => unit(rest).map(|u| 10 + u),
            None => unit(word),
        },
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_age_is_a_number_said_as_one() {
        let age = |text: &str| demographics(text).age;
        assert_eq!(age("I'm 45, male"), Some(45));
        assert_eq!(age("I am 50 and my blood pressure is 150/95"), Some(50));
        assert_eq!(age("I (34F) have been dizzy"), Some(34));
        assert_eq!(age("I am 33 weeks pregnant"), None, "weeks of a pregnancy");
        assert_eq!(age("she's 82, has high blood pressure"), Some(82));
        assert_eq!(age("she is 39.5 since last night"), None, "a temperature");
        assert_eq!(age("My wife and I are both 40."), Some(40));
        assert_eq!(age("딸이 일곱 살인데"), Some(7));
        assert_eq!(age("열두 살 아들"), Some(12));
        assert_eq!(age_after(" is 3 and has a fever"), Some(3));
        assert_eq!(age_after(", who is 85 and has"), Some(85));
        assert_eq!(age_after(" is 34 weeks pregnant"), None);
    }
}
