//! Readings that name a condition: a measurement written with its value ("혈압 160/100", "공복혈당
//! 130", "요산 9", "혈소판이 9만") says which condition a question is about even when the question
//! never names it, the way a doctor reads it. A normal value names nothing.
//!
//! The table is knowledge as data: each measurement's written names and, in order, the cut-offs whose
//! first match names a condition by its Korean name (which the lexicon then reads, so the condition
//! searches with its own focus). The cut-offs are the usual adult ones of the guidelines a Korean
//! clinic uses: blood pressure from the Korean Society of Hypertension (2022: 130/80 and above is
//! elevated to high, 90/60 or lower low), glucose and HbA1c from the ADA and the Korean Diabetes
//! Association (fasting 100-125 / HbA1c 5.7-6.4 prediabetes, 126 / 6.5 diabetes, under 70 low, any
//! 200 diabetes), lipids from NCEP ATP III and the Korean dyslipidemia guideline (LDL 130, total 200,
//! triglycerides 150), uric acid above 7 (gout), eGFR under 60 (chronic kidney disease, KDIGO),
//! hemoglobin under 12 and ferritin under 30 (anemia, iron deficiency; WHO), platelets under 150,000
//! or over 450,000, TSH above 4.5 or under 0.4, BMI 25 (obesity by the Korean Society for the Study
//! of Obesity), a resting pulse over 100 or under 50.

/// Which number of a reading a cut-off reads: the first (systolic) or the second (diastolic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    First,
    Second,
}

/// One cut-off: the reading's `value` at least `at_least` (or below `below`) names `condition`.
struct CutOff {
    value: Value,
    at_least: Option<f64>,
    below: Option<f64>,
    /// The condition's Korean name, as the lexicon reads it.
    condition: &'static str,
}

/// A measurement: its written names (longest first where one contains another) and its cut-offs.
struct Measurement {
    names: &'static [&'static str],
    /// Counted in thousands: "9만" (90,000) and "90" are the same platelet count.
    thousands: bool,
    cut_offs: &'static [CutOff],
}

const fn at_least(value: Value, at_least: f64, condition: &'static str) -> CutOff {
    CutOff { value, at_least: Some(at_least), below: None, condition }
}

const fn below(value: Value, below: f64, condition: &'static str) -> CutOff {
    CutOff { value, at_least: None, below: Some(below), condition }
}

const fn at_most(value: f64, condition: &'static str) -> CutOff {
    // Scores are written to one decimal: -2.5 itself is at most -2.5.
    CutOff { value: Value::First, at_least: None, below: Some(value + 0.01), condition }
}

const fn between(from: f64, to: f64, condition: &'static str) -> CutOff {
    CutOff { value: Value::First, at_least: Some(from), below: Some(to), condition }
}

use Value::{First, Second};

/// The measurements, the more specific name of one before a name it contains (공복혈당 before 혈당).
const MEASUREMENTS: &[Measurement] = &[
    Measurement {
        names: &["혈압"],
        thousands: false,
        cut_offs: &[
            at_least(First, 130.0, "고혈압"),
            at_least(Second, 80.0, "고혈압"),
            // 90/60 or lower (blood pressure is read in whole mmHg).
            below(First, 91.0, "저혈압"),
            below(Second, 61.0, "저혈압"),
        ],
    },
    Measurement {
        names: &["공복혈당", "공복 혈당", "공복당", "FBS"],
        thousands: false,
        cut_offs: &[
            at_least(First, 126.0, "당뇨병"),
            between(100.0, 126.0, "당뇨 전단계"),
            below(First, 70.0, "저혈당"),
        ],
    },
    Measurement {
        names: &["당화혈색소", "당화 혈색소", "HbA1c", "A1c"],
        thousands: false,
        cut_offs: &[at_least(First, 6.5, "당뇨병"), between(5.7, 6.5, "당뇨 전단계")],
    },
    Measurement {
        names: &["식후혈당", "식후 혈당"],
        thousands: false,
        cut_offs: &[
            at_least(First, 200.0, "당뇨병"),
            between(140.0, 200.0, "당뇨 전단계"),
            below(First, 70.0, "저혈당"),
        ],
    },
    Measurement {
        names: &["혈당"],
        thousands: false,
        cut_offs: &[at_least(First, 200.0, "당뇨병"), below(First, 70.0, "저혈당")],
    },
    Measurement { names: &["LDL"], thousands: false, cut_offs: &[at_least(First, 130.0, "고지혈증")] },
    Measurement {
        names: &["총콜레스테롤", "총 콜레스테롤", "콜레스테롤"],
        thousands: false,
        cut_offs: &[at_least(First, 200.0, "고지혈증")],
    },
    Measurement {
        names: &["중성지방", "TG"], thousands: false, cut_offs: &[at_least(First, 150.0, "고지혈증")]
    },
    Measurement { names: &["요산"], thousands: false, cut_offs: &[at_least(First, 7.0, "통풍")] },
    Measurement {
        names: &["사구체여과율", "eGFR", "GFR"],
        thousands: false,
        cut_offs: &[below(First, 60.0, "만성콩팥병")],
    },
    Measurement {
        names: &["혈색소", "헤모글로빈", "Hb"], thousands: false, cut_offs: &[below(First, 12.0, "빈혈")]
    },
    Measurement { names: &["페리틴"], thousands: false, cut_offs: &[below(First, 30.0, "철결핍성빈혈")] },
    Measurement {
        names: &["혈소판"],
        thousands: true,
        cut_offs: &[below(First, 150.0, "혈소판감소증"), at_least(First, 450.0, "혈소판증가증")],
    },
    Measurement {
        names: &["갑상선자극호르몬", "TSH"],
        thousands: false,
        cut_offs: &[at_least(First, 4.5, "갑상선기능저하증"), below(First, 0.4, "갑상선기능항진증")],
    },
    Measurement { names: &["체질량지수", "BMI"], thousands: false, cut_offs: &[at_least(First, 25.0, "비만")] },
    // A bone density T-score of -2.5 or lower is osteoporosis (WHO).
    Measurement {
        names: &["T점수", "T 점수", "T-score", "T score", "티점수", "골밀도"],
        thousands: false,
        cut_offs: &[at_most(-2.5, "골다공증")],
    },
    Measurement {
        names: &["맥박", "심박수"],
        thousands: false,
        cut_offs: &[at_least(First, 100.0, "빈맥"), below(First, 50.0, "서맥")],
    },
];

/// Words that may stand between a measurement's name and its value ("혈압이 150", "요산 수치가 9",
/// "혈당 검사 결과 250"), matched at the start of what follows the name.
const LINKS: &[&str] =
    &["수치는", "수치가", "수치", "검사에서", "검사", "결과는", "결과가", "결과", "이", "가", "은", "는", "도", "치"];

/// Counting words after a number: it counts times, days or pills, it is no measured value.
const COUNTERS: &[char] =
    &['번', '회', '시', '분', '일', '주', '달', '개', '년', '살', '세', '알', '차', '기', '층', '명'];

/// A reading found in a text: the condition it names (Korean, as the lexicon reads it) and the byte
/// span of the measurement's name and value.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub condition: &'static str,
    pub start: usize,
    pub end: usize,
}

/// The readings of `text` that name a condition, in the order written.
pub fn readings(text: &str) -> Vec<Reading> {
    let mut found: Vec<Reading> = Vec::new();
    // Where a measurement's name was written: a name inside a longer one (혈당 in 공복혈당, 혈색소 in
    // 당화혈색소) is that one's, whatever its value.
    let mut names_at: Vec<(usize, usize)> = Vec::new();
    for measurement in MEASUREMENTS {
        for name in measurement.names {
            for (start, _) in match_indices(text, name) {
                if names_at.iter().any(|&(s, e)| s <= start && start < e) {
                    continue;
                }
                names_at.push((start, start + name.len()));
                let Some((first, second, end)) = value_after(&text[start + name.len()..]) else { continue };
                let scale = |v: f64| if measurement.thousands && v >= 1000.0 { v / 1000.0 } else { v };
                let condition = measurement.cut_offs.iter().find(|cut| {
                    let value = match cut.value {
                        Value::First => Some(scale(first)),
                        Value::Second => second.map(scale),
                    };
                    value.is_some_and(|v| cut.at_least.is_none_or(|a| v >= a) && cut.below.is_none_or(|b| v < b))
                });
                if let Some(cut) = condition {
                    found.push(Reading { condition: cut.condition, start, end: start + name.len() + end });
                }
            }
        }
    }
    crate::core::order::sort_by_key(&mut found, |r| r.start);
    found
}

/// Where `name` occurs in `text` as a word of its own: a Latin name not inside a longer Latin word
/// (LDL in "LDL 168", not in "HDLD"), case ignored; a Hangul name anywhere (저혈압 holds a 혈압 reading).
fn match_indices<'a>(text: &'a str, name: &'a str) -> impl Iterator<Item = (usize, &'a str)> + 'a {
    let latin = name.is_ascii();
    let lower = text.to_ascii_lowercase();
    let name_lower = name.to_ascii_lowercase();
    let starts: Vec<usize> = if latin {
        lower.match_indices(&name_lower).map(|(i, _)| i).collect()
    } else {
        text.match_indices(name).map(|(i, _)| i).collect()
    };
    starts
        .into_iter()
        .filter(move |&i| {
            !latin || {
                let before = text[..i].chars().next_back();
                let after = text[i + name.len()..].chars().next();
                !before.is_some_and(|c| c.is_ascii_alphanumeric()) && !after.is_some_and(|c| c.is_ascii_alphabetic())
            }
        })
        .map(move |i| (i, &text[i..i + name.len()]))
}

/// Written words a pair of values may stand after its name ("혈압이 집에서 재면 150/95").
const WORDS_BEFORE_PAIR: usize = 3;

/// The value of a measurement's name: written right after it (its links aside), or a pair written
/// with "/" a few words later (only a pair: a lone number there counts something else).
fn value_after(rest: &str) -> Option<(f64, Option<f64>, usize)> {
    let start = skip_links(rest, 0);
    value_at(rest, start).or_else(|| {
        let mut i = start;
        for _ in 0..WORDS_BEFORE_PAIR {
            let word = rest[i..].find(char::is_whitespace)?;
            // Another number, or the end of a sentence, is no way to the reading.
            if rest[i..i + word].contains(|c: char| c.is_ascii_digit() || matches!(c, '.' | '?' | '!' | ',')) {
                return None;
            }
            i += word;
            i += rest[i..].len() - rest[i..].trim_start().len();
            let pair =
                rest[i..].find(|c: char| !c.is_ascii_digit()).is_some_and(|d| d > 0 && rest[i + d..].starts_with('/'));
            if pair {
                return value_at(rest, i).filter(|(_, second, _)| second.is_some());
            }
        }
        None
    })
}

/// The value written at byte `i` of `rest`: its first number, a second one after "/", "에" or "-"
/// (160/100, 150에 95), and the byte length read up to its end. "9만" is 90,000.
fn value_at(rest: &str, mut i: usize) -> Option<(f64, Option<f64>, usize)> {
    let (first, len) = number(&rest[i..])?;
    i += len;
    let after = &rest[i..];
    let trimmed = after.trim_start();
    let second = ["/", "에", "-"].iter().find_map(|sep| {
        let tail = trimmed.strip_prefix(sep)?;
        let spaces = tail.len() - tail.trim_start().len();
        number(tail.trim_start()).map(|(v, l)| (v, after.len() - trimmed.len() + sep.len() + spaces + l))
    });
    match second {
        Some((value, len)) => Some((first, Some(value), i + len)),
        None => Some((first, None, i)),
    }
}

/// Skips the spaces, ':' and linking words between a name and its value (at most a few of them).
fn skip_links(rest: &str, mut i: usize) -> usize {
    for _ in 0..4 {
        let tail = &rest[i..];
        let spaces = tail.len() - tail.trim_start_matches([' ', ':', '=']).len();
        i += spaces;
        match LINKS.iter().find(|link| rest[i..].starts_with(*link)) {
            Some(link) => i += link.len(),
            None => break,
        }
    }
    i + (rest[i..].len() - rest[i..].trim_start_matches([' ', ':', '=']).len())
}

/// A number at the start of `text` ("150", "7.8", "9만", "1.5천"), with the bytes it took.
fn number(text: &str) -> Option<(f64, usize)> {
    // A score below zero is written with a minus (T점수 -3.1).
    let sign = if text.starts_with('-') && text[1..].starts_with(|c: char| c.is_ascii_digit()) { 1 } else { 0 };
    let digits = sign + text[sign..].find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len() - sign);
    let written = text[..digits].trim_end_matches('.');
    if written.len() == sign || !written[sign..].starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let value: f64 = written.parse().ok()?;
    let rest = &text[written.len()..];
    // A count is no value: "혈당 2번 쟀는데", "혈압 3일째".
    let rest_word = rest.trim_start();
    if rest_word.starts_with(COUNTERS) && !["일때", "일 때", "일까", "일 까"].iter().any(|w| rest_word.starts_with(w))
    {
        return None;
    }
    if rest.starts_with('만') {
        return Some((value * 10_000.0, written.len() + '만'.len_utf8()));
    }
    if rest.starts_with('천') {
        return Some((value * 1_000.0, written.len() + '천'.len_utf8()));
    }
    Some((value, written.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(text: &str) -> Vec<&'static str> {
        readings(text).into_iter().map(|r| r.condition).collect()
    }

    #[test]
    fn a_blood_pressure_reading_names_high_or_low_blood_pressure() {
        assert_eq!(named("건강검진에서 혈압 150/95 나왔어요"), vec!["고혈압"]);
        assert_eq!(named("혈압이 135에 85예요"), vec!["고혈압"]);
        // The diastolic alone can be high.
        assert_eq!(named("혈압 125/92"), vec!["고혈압"]);
        assert_eq!(named("혈압 90/60 저혈압도 치료 필요함?"), vec!["저혈압"]);
        assert_eq!(named("혈압이 85/50이래요"), vec!["저혈압"]);
        // A normal reading names nothing.
        assert!(named("혈압 118/76 정상이래요").is_empty());
        assert!(named("혈압약 먹어요").is_empty());
    }

    #[test]
    fn a_pair_a_few_words_after_its_name_is_its_reading() {
        assert_eq!(named("아빠 혈압이 집에서 재면 150/95 정도 나와요"), vec!["고혈압"]);
        assert_eq!(named("혈압 아침에 재면 88/55 나와요"), vec!["저혈압"]);
        // A lone number there counts something else, and a sentence's end or another number stops it.
        assert!(named("혈압 때문에 병원 150 번 갔어요").is_empty());
        assert!(named("혈압 약 먹은지 3년, 120/80 유지").is_empty());
        assert!(named("혈압은 괜찮아요. 시력이 20/20").is_empty());
        assert!(named("혈압 재는 법 알려주세요 아침 7시 다음 1/2 알").is_empty());
    }

    #[test]
    fn a_bone_density_score_of_minus_two_and_a_half_or_lower_is_osteoporosis() {
        assert_eq!(named("엄마 골밀도 T점수 -3.1 나왔어요"), vec!["골다공증"]);
        assert_eq!(named("골밀도 -2.5래요"), vec!["골다공증"]);
        assert!(named("골밀도 T점수 -1.8 이면 괜찮나요").is_empty());
        assert!(named("골밀도 검사 받아야 하나요").is_empty());
    }

    #[test]
    fn glucose_readings_tell_prediabetes_diabetes_and_low_sugar_apart() {
        assert_eq!(named("공복혈당 112 나왔는데"), vec!["당뇨 전단계"]);
        assert_eq!(named("공복혈당이 130이래요"), vec!["당뇨병"]);
        assert!(named("공복혈당 92").is_empty());
        assert_eq!(named("아빠 당화혈색소 7.8 나와서"), vec!["당뇨병"]);
        assert_eq!(named("HbA1c 6.1"), vec!["당뇨 전단계"]);
        assert_eq!(named("혈당이 350이에요"), vec!["당뇨병"]);
        assert_eq!(named("혈당 수치가 55"), vec!["저혈당"]);
        // 혈당 inside 공복혈당 is that reading, not a second one.
        assert_eq!(readings("공복혈당 130").len(), 1);
    }

    #[test]
    fn other_readings_name_their_conditions() {
        assert_eq!(named("LDL 168 나왔는데"), vec!["고지혈증"]);
        assert_eq!(named("요산 수치 9.5"), vec!["통풍"]);
        assert_eq!(named("사구체여과율 48 나와서"), vec!["만성콩팥병"]);
        assert_eq!(named("피검사에서 혈소판이 9만이래요"), vec!["혈소판감소증"]);
        assert_eq!(named("혈소판 90"), vec!["혈소판감소증"]);
        assert!(named("혈소판 25만").is_empty());
        assert_eq!(named("페리틴 8이었어요"), vec!["철결핍성빈혈"]);
        assert_eq!(named("tsh 8.2"), vec!["갑상선기능저하증"]);
        // A Latin name inside a longer word is not it, and a name without a value is no reading.
        assert!(named("HDLX 30").is_empty());
        assert!(named("요산이 높대요").is_empty());
        // A count after the name is no value, and 혈색소 inside 당화혈색소 is no hemoglobin.
        assert!(named("혈당 2번 쟀는데").is_empty());
        assert!(named("당화혈색소 5.2").is_empty());
        assert!(named("혈압 3일째 재고 있어요").is_empty());
        assert_eq!(named("혈압이 160일때도 있어요"), vec!["고혈압"]);
    }

    #[test]
    fn spans_cover_the_name_and_its_value() {
        let text = "혈압 150/95 나왔어요";
        let r = &readings(text)[0];
        assert_eq!(&text[r.start..r.end], "혈압 150/95");
    }
}
