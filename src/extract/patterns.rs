//! The regular-expression side of slot extraction: age and age group, gender, pregnancy; Korean
//! and English phrasings; durations. (Vital signs and lab values are read by [`crate::core::vitals`].)

use super::{Demographics, Gender, TEXT_WORDS};
use crate::core::site::{site_pattern, site_words};
use regex_lite::Regex;

site_pattern!(TEXT_WORDS, age_ko);
// Ages said in native Korean numbers ("세 살", "다섯 살"), at the start of a word.
site_pattern!(TEXT_WORDS, age_ko_native);
// The next three end an age said as a bare number where an age may end ("he's 10 and ...", "who is
// 85,"): so "is 34 weeks pregnant" or "is 110 kg" is no age.
// "I'm 45" only where an age may end ("I am 33 weeks pregnant" says no age); "45 years old", "45yo",
// "I (34F)", "I (F, 52)", "i am 56 male".
site_pattern!(TEXT_WORDS, age_en);
// "she's 82", "he is 81", "who is 90", "hes like 55", "shes 30ish", "(my wife and I) are both 40", "we're
// both 60", followed by what may end an age.
site_pattern!(TEXT_WORDS, pronoun_age);
// Right after a person's mention: "is 3", ", who is 85", ", 72,", "(6)", " Tom is 45".
site_pattern!(TEXT_WORDS, age_after_pattern);
// A baby's age in months, weeks or days, kept in whole years ("18개월인데" is 1, "4 month old" 0):
// "N months/weeks/days old", "is 9 months", "(5 months)", "18mo"; "N개월" said of the child ("6개월
// 아기", "11개월인데"), "생후 20일", 백일 (100 days), 돌 (a first birthday), 두 돌. A number of weeks
// pregnant, or a duration ("3개월째", "for 3 days"), is no age.
site_pattern!(TEXT_WORDS, infant_age_en);
site_pattern!(TEXT_WORDS, infant_age_ko);
site_pattern!(TEXT_WORDS, age_group_ko);
// A Korean age said as a bare number: after 올해, 연세, 나이 ("올해 40인데", "연세가 90이신데", "나이 42."),
// or with an honorific ending only a person's age takes ("저희 엄마 70이신데"): group 1 or 2.
site_pattern!(TEXT_WORDS, age_ko_bare);
// An age with the writer's sex after it, where a profile line starts or ends ("32f, 8 weeks
// pregnant", "... since i started running again. 29M", "I'm 45M", "me 24f", "Background: 52F", "33
// male, desk job"): two digits and the letter or word.
site_pattern!(TEXT_WORDS, age_sex);
// The writer's sex before the age where a profile line starts ("M45, LDL 190", "F/32", "Female, 52.",
// "남자 28 탈모약"): the sex (group 1) and two digits (group 2).
site_pattern!(TEXT_WORDS, sex_age);
// A decade said in native Korean, then its units ("서른이고", "마흔다섯 살").
site_pattern!(TEXT_WORDS, age_ko_decade);
// An age alone as a sentence of its own ("knees ache going down stairs. 58."; "38.4C" is a decimal).
site_pattern!(TEXT_WORDS, age_alone);
site_pattern!(TEXT_WORDS, age_group_en);
site_pattern!(TEXT_WORDS, male);
site_pattern!(TEXT_WORDS, female);
site_pattern!(TEXT_WORDS, pregnant);
site_pattern!(TEXT_WORDS, not_pregnant);
// A pregnancy planned or asked about is none now ("is it safe to get pregnant on it?", "임신해도 되나요").
site_pattern!(TEXT_WORDS, pregnancy_planned);
// Weeks said of a woman, not of a baby ("wife is 38 weeks, contractions", "wifey is 34 weeks and", "i'm
// 12 weeks"): a pregnancy (group 1 the one who says it, group 2 the weeks).
site_pattern!(TEXT_WORDS, pregnancy_weeks);
// A home pregnancy test that came back positive ("테스트기 해봤는데 두줄이에요", "took 3 tests, all
// positive" after a late period); a test for an infection is none (see [`pregnancy_test`]).
site_pattern!(TEXT_WORDS, positive_test);
site_pattern!(TEXT_WORDS, infection_test);
site_pattern!(TEXT_WORDS, period_said);

/// The spans where weeks said of a woman are a pregnancy's (see `pregnancy_weeks`): she is from
/// the 20th week, when a baby's age would be said in months.
fn pregnancy_week_spans(text: &str) -> Vec<(usize, usize)> {
    pregnancy_weeks()
        .captures_iter(text)
        .filter_map(|c| {
            let who = c.get(1)?.as_str().to_lowercase();
            let weeks: u32 = c.get(2)?.as_str().parse().ok()?;
            let from = if who.starts_with("she") { 20 } else { 4 };
            (from..=42).contains(&weeks).then(|| c.get(0).map(|m| (m.start(), m.end()))).flatten()
        })
        .collect()
}

/// Whether `text` says a home pregnancy test came back positive.
fn pregnancy_test(text: &str) -> bool {
    positive_test().is_match(text) && period_said().is_match(text) && !infection_test().is_match(text)
}

site_pattern!(TEXT_WORDS, duration);

/// Age, age group, gender and pregnancy.
pub fn demographics(text: &str) -> Demographics {
    let first_number = |re: &Regex| -> Option<u32> {
        re.captures_iter(text).find_map(|c| c.iter().skip(1).flatten().next().and_then(|m| m.as_str().parse().ok()))
    };
    let age = first_number(age_ko())
        .or_else(|| age_ko_native().captures(text).and_then(|c| native_number(c.get(1)?.as_str())))
        .or_else(|| korean_age_bare(text))
        .or_else(|| first_number(age_en()))
        .or_else(|| first_number(pronoun_age()).filter(|&a| !fahrenheit_not_age(text, a)))
        .or_else(|| first_number(age_sex()))
        .or_else(|| sex_age().captures(text).and_then(|c| c.get(2)?.as_str().parse().ok()))
        .or_else(|| {
            age_ko_decade().captures(text).and_then(|c| decade_age(c.get(1)?.as_str(), c.get(2).map(|m| m.as_str())))
        })
        .or_else(|| first_number(age_alone()))
        .filter(|a| (1..=120).contains(a))
        .or_else(|| infant_age(text));
    let age_group = first_number(age_group_ko()).or_else(|| first_number(age_group_en())).map(|d| d * 10);
    let said = pregnancy_planned().replace_all(text, "");
    let pregnant = if not_pregnant().is_match(&said) {
        Some(false)
    } else {
        (pregnant().is_match(&said) || !pregnancy_week_spans(text).is_empty() || pregnancy_test(text)).then_some(true)
    };
    // The first gender word decides ("65세 남성, 아내가 ..." is about a man).
    let first = |re: &Regex| re.find(text).map(|m| m.start());
    let compact = |gender: Gender| profile_sexes(text).filter(|&(_, g)| g == gender).map(|(at, _)| at).min();
    let earliest = |a: Option<usize>, b: Option<usize>| a.into_iter().chain(b).min();
    let gender =
        match (earliest(first(male()), compact(Gender::Male)), earliest(first(female()), compact(Gender::Female))) {
            (Some(m), Some(f)) => Some(if m < f { Gender::Male } else { Gender::Female }),
            (Some(_), None) => Some(Gender::Male),
            (None, Some(_)) => Some(Gender::Female),
            (None, None) => None,
        };
    Demographics { age, age_group, gender, pregnant }
}

// A Korean age with the sex after it ("38살 남 키170", "5살 여아에요", "35살 여자에요"; "30살 남짓" is none).
site_pattern!(TEXT_WORDS, age_sex_ko);

/// Where an age is said with a sex joined to it, and that sex ("45M", "(32f)", "F/32", "33 male",
/// "38살 남", "5살 여아"): a profile line, whoever it is about.
fn profile_sexes(text: &str) -> impl Iterator<Item = (usize, Gender)> + '_ {
    let sex = |word: &str| match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('m' | '남') => Some(Gender::Male),
        Some('f' | '여') => Some(Gender::Female),
        _ => None,
    };
    let at = move |c: regex_lite::Captures, g: usize| Some((c.get(0)?.start(), sex(c.get(g)?.as_str())?));
    let after = age_sex().captures_iter(text).filter_map(move |c| at(c, 2));
    // "Male, 52" and "M45" say it before; the words "man" and "woman" there are said by [`male`] and [`female`].
    let before =
        sex_age().captures_iter(text).filter(|c| c.get(1).is_some_and(|m| m.len() == 1)).filter_map(move |c| at(c, 1));
    let korean = age_sex_ko().captures_iter(text).filter_map(move |c| at(c, 1));
    after.chain(before).chain(korean)
}

/// The sex a profile line of `text` says with an age ("my friend (24F)", "5살 여아에요"): the one said first.
pub fn profile_sex(text: &str) -> Option<Gender> {
    profile_sexes(text).min_by_key(|&(at, _)| at).map(|(_, g)| g)
}

// An age said right before a person's mention ("10살 아들이랑", "6개월 아기", "4 month old").
site_pattern!(TEXT_WORDS, age_before_pattern);

/// A Korean age said as a bare number (see `age_ko_bare`): a number read as a measurement ("혈압이
/// 150이신데") is none.
fn korean_age_bare(text: &str) -> Option<u32> {
    const MEASURES: &[&str] = &["혈압", "혈당", "수치", "체중", "몸무게", "키", "체온", "열", "맥박", "산소"];
    // The readings only once a number may be an age: most messages say none this way.
    let mut measured = None;
    age_ko_bare().captures_iter(text).find_map(|c| {
        let n = c.get(1).or(c.get(2))?;
        let measured = measured.get_or_insert_with(|| crate::core::vitals::read(text));
        let read = measured.iter().any(|r| r.start <= n.start() && n.end() <= r.end);
        let named = c.get(2).is_some() && MEASURES.iter().any(|m| tail(&text[..n.start()], 8).contains(m));
        (!read && !named).then(|| n.as_str().parse().ok()).flatten()
    })
}

/// Whether `age`, a number said as the age of a "he" or "she", is a temperature in °F: 95 to 108
/// in a message that speaks of a fever or a temperature ("he's 101 and im 100.2").
fn fahrenheit_not_age(text: &str, age: u32) -> bool {
    const FEVER: &[&str] = &["fever", "temp", "degree", "°", "febrile", "열"];
    let lower = text.to_lowercase();
    (95..=108).contains(&age) && FEVER.iter().any(|w| lower.contains(w))
}

/// The age said at the end of `before`, the text right before a person's mention (whole years).
pub fn age_before(before: &str) -> Option<u32> {
    let c = age_before_pattern().captures(tail(before, 32))?;
    let years = whole_years(c.get(1)?.as_str().parse().ok()?, c.get(2)?.as_str());
    (years <= 120).then_some(years)
}

/// An age of `n` in `unit` (years: 살, 세; months: 개월, months, mo; weeks: 주, weeks, wk; else
/// days) in whole years.
fn whole_years(n: u32, unit: &str) -> u32 {
    match unit.chars().next() {
        Some('살' | '세') => n,
        Some('m' | 'M' | '개') => n / 12,
        Some('w' | 'W' | '주') => n / 52,
        _ => n / 365,
    }
}

/// The last `chars` characters of `text`: what a pattern that reads only the end of a text needs,
/// so that reading before each of a long message's mentions stays linear in the message.
fn tail(text: &str, chars: usize) -> &str {
    text.char_indices().nth_back(chars.saturating_sub(1)).map_or(text, |(i, _)| &text[i..])
}

/// A baby's age in whole years from months, weeks or days (see `infant_age_en`): 0 under a year.
pub fn infant_age(text: &str) -> Option<u32> {
    for c in infant_age_ko().captures_iter(text) {
        if let Some(word) = c.get(5) {
            return Some(match word.as_str().replace(' ', "").as_str() {
                "백일" | "100일" => 0,
                "돌" | "돌쟁이" => 1,
                "두돌" => 2,
                _ => 3,
            });
        }
        let said = |i: usize| c.get(i).map_or("", |m| m.as_str());
        // A pregnancy's weeks, a duration ("3개월째") or a count of days are no age; "생후" and
        // "태어난지" make one, "차" only of a baby ("신생아 5일차"; "다이어트 2주차" is how long).
        let before_all = text[..c.get(0).map_or(0, |m| m.start())].trim_end();
        let born = said(1).starts_with("생후") || before_all.ends_with("태어난지") || before_all.ends_with("태어난 지");
        let of_child = matches!(said(4), "아기" | "아이" | "애기" | "남아" | "여아" | "아들" | "딸" | "짜리");
        let pregnancy = said(1).starts_with("임신") || said(4) == "째";
        // "아기 50일인데", "아기(8개월)": the days or months said right after the baby are its age.
        let before = tail(&text[..c.get(0).map_or(0, |m| m.start())], 4).trim_end().trim_end_matches('(');
        let of_baby =
            ["아기", "애기", "아가", "신생아", "아들", "딸", "아이"].iter().any(|b| before.trim_end().ends_with(b));
        let bracketed = said(4) == ")" && of_baby && text[..c.get(0).map_or(0, |m| m.start())].ends_with('(');
        // "진단받은지 3개월인데" is how long, not how old.
        let since = c.get(0).is_some_and(|m| text[..m.start()].trim_end().ends_with(['지', '째']));
        if (since && !born) || (said(4) == "차" && !(born || of_baby)) {
            continue;
        }
        // "우리애기 4개월 변에": a bare number of months only right after the baby, and not how long
        // ("아기 4개월 동안", "아기 3일 동안").
        let rest = text[c.get(0).map_or(0, |m| m.end())..].trim_start();
        let how_long = ["동안", "간", "전", "째", "부터", "만에", "넘게"].iter().any(|w| rest.starts_with(w));
        let bare = said(4).trim().is_empty();
        if (said(4) == ")" && !bracketed) || (bare && (!(born || of_baby) || said(3) != "개월" || how_long)) {
            continue;
        }
        if pregnancy || !(born || of_child || of_baby || (said(3) == "개월" && !matches!(said(4), "째" | "차"))) {
            continue;
        }
        return said(2).parse().ok().map(|n| whole_years(n, said(3)));
    }
    let pregnancies = pregnancy_week_spans(text);
    for c in infant_age_en().captures_iter(text) {
        let at = c.get(0).map_or(0, |m| m.start());
        if pregnancies.iter().any(|&(s, e)| s <= at && at < e) {
            continue;
        }
        let (n, unit, next) = match (c.get(1), c.get(3), c.get(6)) {
            (Some(n), _, _) => (n, c.get(2), None),
            (_, Some(n), _) => (n, c.get(4), c.get(5)),
            (_, _, Some(n)) => (n, c.get(7), None),
            _ => continue,
        };
        // Only an age where it ends ("is 9 months, temp", "(5 months)", "is 19 months and has"):
        // "is 36 weeks pregnant", "it's 3 weeks since" are none.
        let next = next.map_or("", |m| m.as_str()).to_lowercase();
        let before = tail(&text[..c.get(0).map_or(0, |m| m.start())], 16).to_lowercase();
        let thing = ["it", "that", "there", "what"].iter().any(|w| before.trim_end().ends_with(w));
        if !matches!(next.as_str(), "" | ")" | "," | "." | "and" | "old" | "has" | "had" | "with") || thing {
            continue;
        }
        return n.as_str().parse().ok().map(|v| whole_years(v, unit.map_or("m", |u| u.as_str())));
    }
    None
}

/// The age said at the start of `after`, the text right after a person's mention ("my son is 3",
/// "my mother, who is 85", "my father-in-law, 72,", "my son (6)", "my friend Tom is 45", "baby (7
/// months)").
pub fn age_after(after: &str) -> Option<u32> {
    // An aside in brackets between the person and the age is passed over ("my grandpa (we call him
    // Papa) is 80"); one with a number in it may be the age itself ("my son (6)").
    let aside = after.trim_start().strip_prefix('(').and_then(|rest| {
        let close = rest.find(')').filter(|&i| i <= 40)?;
        (!rest[..close].contains(|c: char| c.is_ascii_digit())).then(|| &rest[close + 1..])
    });
    if let Some(c) = baby_age_bracketed().captures(after) {
        return c[1].parse().ok().map(|n| whole_years(n, &c[2]));
    }
    let c = age_after_pattern().captures(aside.unwrap_or(after))?;
    c.get(1)?.as_str().parse().ok().filter(|a| (1..=120).contains(a))
}

// A baby's age in brackets right after them ("baby (7 months)", "my son (3 wks old)").
site_pattern!(TEXT_WORDS, baby_age_bracketed);

// A Korean age at the start of a text, alone or in brackets (" 8살", "(4살)"), or a number alone in
// brackets ("(18)"): group 1 or 2.
site_pattern!(TEXT_WORDS, korean_age_start);

/// The Korean age said at the start of `after` ("딸 8살" after 딸, "(4살)"), with where its number starts.
pub fn korean_age_at(after: &str) -> Option<(usize, u32)> {
    let c = korean_age_start().captures(after)?;
    let n = c.get(1).or_else(|| c.get(2))?;
    n.as_str().parse().ok().filter(|a| (1..=120).contains(a)).map(|a| (n.start(), a))
}

// Units after a number that make it no age ("son 2 weeks ago", "dad 3 times").
site_words!(TEXT_WORDS, not_age_units);

/// A bare number right after a relation noun said without "my" at a sentence's start, then a word
/// ("son 14 sprained his ankle", "daughter 5 got stung"): the age, unless the word is a unit.
pub fn bare_age_after(after: &str) -> Option<u32> {
    let rest = after.strip_prefix(' ')?;
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let next = rest[digits..].strip_prefix(' ')?.split_whitespace().next()?.to_lowercase();
    let word = next.trim_end_matches(|c: char| !c.is_alphanumeric());
    let age: u32 = rest[..digits].parse().ok()?;
    let is_word = word.chars().all(|c| c.is_ascii_alphabetic()) && !word.is_empty();
    (is_word && !not_age_units().contains(&word) && (1..=120).contains(&age)).then_some(age)
}

/// A native Korean decade and its units in years ("서른", "다섯" -> 35).
fn decade_age(decade: &str, units: Option<&str>) -> Option<u32> {
    site_words!(TEXT_WORDS, decades);
    let tens = decades().iter().position(|d| *d == decade)? as u32 * 10 + 20;
    Some(tens + units.map_or(Some(0), native_number)?)
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
    around(text, start, end, 60, &['.', '!', '?', '\n', ',', ';'])
}

/// The text around `start..end` up to the nearest of `marks` on each side (the mark after it not
/// included), and at most `reach` bytes each way.
pub fn around(text: &str, start: usize, end: usize, reach: usize, marks: &[char]) -> (usize, usize) {
    let mut from = start.saturating_sub(reach);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (end + reach).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let before = text[from..start].rfind(marks).map_or(from, |i| from + i + 1);
    let after = text[end..to].find(marks).map_or(to, |i| end + i);
    (before, after)
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
        assert_eq!(age("38.4C this morning"), None, "a temperature");
        assert_eq!(age("열두 살 아들"), Some(12));
        assert_eq!(age_after(" is 3 and has a fever"), Some(3));
        assert_eq!(age_after(", who is 85 and has"), Some(85));
        assert_eq!(age_after(" is 34 weeks pregnant"), None);
        assert_eq!(age_after(" (we call him Papa) is 80 and"), Some(80));
        assert_eq!(age_after(" (retired) has had 2 strokes"), None);
        assert_eq!(age_after(" (7 months) and I both"), Some(0));
        assert_eq!(age_after(" (18 months old) has"), Some(1));
    }

    #[test]
    fn an_age_and_sex_are_read_as_people_write_them_in_short() {
        let said = |text: &str| (demographics(text).age, demographics(text).gender);
        assert_eq!(said("M45, LDL 190"), (Some(45), Some(Gender::Male)));
        assert_eq!(said("F/32 with a cough"), (Some(32), Some(Gender::Female)));
        assert_eq!(said("Female, 52. Hot flashes"), (Some(52), Some(Gender::Female)));
        assert_eq!(said("남자 28 탈모약 먹어요"), (Some(28), Some(Gender::Male)));
        assert_eq!(said("35살 남자인데 기침이 나요"), (Some(35), Some(Gender::Male)));
        assert_eq!(said("M 10mg twice a day"), (None, None), "a dose is no age");
        assert_eq!(said("저는 서른이고 건강해요").0, Some(30));
        assert_eq!(said("엄마가 마흔다섯 살이에요").0, Some(45));
        // A school year is no age said ("중2 딸"): the sets' writers state none for it.
        assert_eq!(said("중2 딸이 열이 나요").0, None);
        assert_eq!(said("husband's ldl is 210 and he's only 39").0, Some(39));
    }

    #[test]
    fn a_babys_age_is_kept_in_whole_years() {
        let age = |text: &str| demographics(text).age;
        assert_eq!(age("우리 아들 이제 18개월인데 열이 나요"), Some(1));
        assert_eq!(age("6개월 아기 이유식 시작했어요"), Some(0));
        assert_eq!(age("신생아 생후 20일인데 황달이"), Some(0));
        assert_eq!(age("애기 돌 지났는데 두드러기가"), Some(1));
        assert_eq!(age("두돌 아기가 기침을 해요"), Some(2));
        assert_eq!(age("아기 100일 됐는데 응가를 못봐요"), Some(0));
        assert_eq!(age("돌쟁이 아기가 열경기 했어요"), Some(1));
        assert_eq!(age("Baby 9 months, temp 100.4 rectal"), Some(0));
        assert_eq!(age("열난지 3일 됐는데"), None, "a duration");
        assert_eq!(age("pregnant w/ first baby, 9 wks, a little spotting"), None, "weeks of a pregnancy");
        assert_eq!(age("baby is 9 months, temp 38.6"), Some(0));
        assert_eq!(age("my daughter is 19 months and has blisters"), Some(1));
        assert_eq!(age("4 month old has had a runny nose"), Some(0));
        // Durations and pregnancies are no age.
        assert_eq!(age("기침한지 3개월인데 안 나아요"), None);
        assert_eq!(age("3개월째 기침을 해요"), None);
        assert_eq!(age("임신 6개월인데 허리가 아파요"), None);
        assert_eq!(age("wife is 36 weeks pregnant"), None);
        assert_eq!(age("it's 3 weeks since the surgery"), None);
        assert_eq!(age("신장에 돌이 있대요"), None, "a stone is no first birthday");
        assert_eq!(age_before("10살 "), Some(10));
        assert_eq!(age_before("6개월 "), Some(0));
    }

    #[test]
    fn a_babys_age_in_days_months_or_brackets_is_the_babys() {
        let age = |text: &str| demographics(text).age;
        assert_eq!(age("아기 50일인데 먹기만 하면 분수토를 해요"), Some(0));
        assert_eq!(age("생후5일 신생아 황달이 있어요"), Some(0));
        assert_eq!(age("돌 지난 아기(13개월) 설사를 해요"), Some(1));
        assert_eq!(age("아기(8개월) 열이 나요"), Some(0));
        assert_eq!(age("toddler, 18 months, fever of 39"), Some(1));
        assert_eq!(age("baby girl 10 months has a rash"), Some(0));
        assert_eq!(age("the baby (10 months) has a rash"), Some(0));
        // A bracketed duration after a complaint is no age.
        assert_eq!(age("기침(3개월) 안 나아요"), None);
        assert_eq!(age("병원 다닌지 50일인데 그대로예요"), None);
    }

    #[test]
    fn a_profile_line_gives_age_and_sex() {
        let said = |text: &str| {
            let d = demographics(text);
            (d.age, d.gender)
        };
        assert_eq!(said("numb toes since i started running again. 29M"), (Some(29), Some(Gender::Male)));
        assert_eq!(said("32f, 8 weeks pregnant"), (Some(32), Some(Gender::Female)));
        assert_eq!(said("I'm 45M, uric acid came back 9.4"), (Some(45), Some(Gender::Male)));
        assert_eq!(said("knees crack going down stairs. 58."), (Some(58), None));
        assert_eq!(said("Me (41) and my husband both had cholesterol checked").0, Some(41));
        assert_eq!(said("I walked 10m and got dizzy").0, None, "a distance is no age");
        // Issue 39's misses: the sex and age in brackets, after "me", as a word; 여잔데 is 여자인데.
        assert_eq!(said("I (F, 52) am having hot flashes"), (Some(52), Some(Gender::Female)));
        assert_eq!(said("me 24f, migraines with aura"), (Some(24), Some(Gender::Female)));
        assert_eq!(said("i am 56 male from korea"), (Some(56), Some(Gender::Male)));
        assert_eq!(said("LDL 182. 41 year old guy."), (Some(41), Some(Gender::Male)));
        assert_eq!(said("27살 여잔데 생리통이 심해요"), (Some(27), Some(Gender::Female)));
        assert_eq!(said("43살 남잔데 혈압이 높아요"), (Some(43), Some(Gender::Male)));
    }

    #[test]
    fn a_profile_line_says_age_and_sex_as_a_word_or_after_a_colon() {
        let said = |text: &str| {
            let d = demographics(text);
            (d.age, d.gender)
        };
        assert_eq!(said("33 male, desk job. lower back pain"), (Some(33), Some(Gender::Male)));
        assert_eq!(said("Long post. Background: 52F, diagnosed with Hashimoto's"), (Some(52), Some(Gender::Female)));
        assert_eq!(said("38살 남 키170 몸무게 94"), (Some(38), Some(Gender::Male)));
        assert_eq!(said("변은 3일에 한번 봐요 5살 여아에요"), (Some(5), Some(Gender::Female)));
        assert_eq!(profile_sex("my friend (24F) took like 6 benadryl"), Some(Gender::Female));
        assert_eq!(profile_sex("35살 여자에요"), Some(Gender::Female));
        // No sex without an age joined to it; "남짓" is "about", a distance or a dose no age.
        assert_eq!(said("30살 남짓 돼 보여요").1, None);
        assert_eq!(profile_sex("약이 남아 있어요"), None);
        assert_eq!(said("took 20 mg, 30 minutes ago"), (None, None));
        assert_eq!(profile_sex("my husband took 20 mg"), None);
    }

    #[test]
    fn an_age_said_of_others_as_people_say_it() {
        let age = |text: &str| demographics(text).age;
        assert_eq!(age("시누이가 올해 40인데 병원을 안 가요"), Some(40));
        assert_eq!(age("산소포화도가 89 나왔대요 연세가 90이신데 괜찮을까요"), Some(90));
        assert_eq!(age("아부지가 올해 78이신데 치매검사 받아봐야"), Some(78));
        assert_eq!(age("저희 엄마 70이신데 당뇨 20년 되셨어요"), Some(70));
        assert_eq!(age("나이 42. 아침에 손가락이 뻣뻣해요"), Some(42));
        assert_eq!(age("coworker coughs up blood and says its a cold. hes like 55. how do i"), Some(55));
        assert_eq!(age("shes ok now and says shes never had one. shes 30ish. she wants to drive"), Some(30));
        assert_eq!(age("his LDL was 95. we're both 60, is that good enough?"), Some(60));
        // A measurement said with an honorific, a month, a count: no age.
        assert_eq!(age("엄마 혈압이 150이신데 괜찮을까요"), None);
        assert_eq!(age("올해 3월부터 기침을 해요"), None);
        assert_eq!(age("올해 2번째 감기예요"), None);
        assert_eq!(age("he's like 5'4 and skinny"), None);
    }

    #[test]
    fn a_babys_age_said_in_days_weeks_or_a_first_birthday_just_passed() {
        let age = |text: &str| demographics(text).age;
        assert_eq!(age("아기 돌 막 지났는데 변에 피가 묻어나와요"), Some(1));
        assert_eq!(age("돌 갓 지난 아기가 설사를 해요"), Some(1));
        assert_eq!(age("신생아 5일차인데 눈 흰자가 노래요"), Some(0));
        assert_eq!(age("신생아 2주차인데 황달수치가 15래요"), Some(0));
        assert_eq!(age("애기 태어난지 3주됐는데 얼굴이 노래요"), Some(0));
        assert_eq!(age("근데 우리애기 4개월 변에 피가 섞여나와요"), Some(0));
        assert_eq!(age("hes 3 months and i think he has thrush"), Some(0));
        assert_eq!(age("is it normal for my 5 day old to lose this much"), Some(0));
        // Durations: how long, not how old.
        assert_eq!(age("다이어트 2주차인데 어지러워요"), None);
        assert_eq!(age("기침 3개월째예요"), None);
        assert_eq!(age("아기 3일 동안 열이 나요"), None);
        assert_eq!(age("임신 38주 동안 입덧이 없었어요"), None);
        assert_eq!(age("운동한지 3주됐는데 무릎이 아파요"), None);
        assert_eq!(age("cough for 2 weeks, took motrin at 11"), None);
    }

    #[test]
    fn weeks_said_of_a_woman_and_a_positive_home_test_are_a_pregnancy() {
        let said = |text: &str| {
            let d = demographics(text);
            (d.age, d.pregnant)
        };
        assert_eq!(said("wife is 38 weeks, contractions every 8 min"), (None, Some(true)));
        assert_eq!(said("wifey is 34 weeks and today her feet are puffy"), (None, Some(true)));
        assert_eq!(said("35살 여자에요 생리가 늦어서 테스트기 해봤는데 두줄이에요!!").1, Some(true));
        assert_eq!(said("period was late so i took 3 tests, all positive!!!").1, Some(true));
        // A baby's weeks, an infection's test, a negative one: no pregnancy.
        assert_eq!(said("baby is 6 weeks and has a rash"), (Some(0), None));
        assert_eq!(said("코로나 테스트기 해봤는데 두줄이에요"), (None, None));
        assert_eq!(said("took 3 covid tests, all positive"), (None, None));
        assert_eq!(said("테스트기 해봤는데 한줄이에요 생리가 늦어요").1, None);
        assert_eq!(said("she's 8 weeks old and sleeps a lot"), (Some(0), None));
    }

    #[test]
    fn an_age_right_after_a_person_is_theirs() {
        assert_eq!(korean_age_at(" 8살 아들 5살"), Some((1, 8)));
        assert_eq!(korean_age_at("(4살)는"), Some((1, 4)));
        assert_eq!(korean_age_at("(18) 시험기간만"), Some((1, 18)));
        assert_eq!(korean_age_at("(3일째) 열이"), None);
        assert_eq!(korean_age_at(" 열이 나요"), None);
        assert_eq!(bare_age_after(" 14 sprained his ankle"), Some(14));
        assert_eq!(bare_age_after(" 5 got stung by a bee"), Some(5));
        assert_eq!(bare_age_after(" 2 weeks ago had a fever"), None, "a duration is no age");
        assert_eq!(bare_age_after(" 3 times a day"), None);
    }
}
