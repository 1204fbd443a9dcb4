//! The Korean name coverage checks: every KCD three-character category whose English name is a
//! MedQuAD focus is a disease the corpus answers, so its Korean name alone, and asked as a question,
//! must find that focus; so must every focus's standard Korean name (`focus_names_ko.tsv`).
//! `medagent eval kcd` searches them; a test checks a sample through the bridge.

use super::source_error::SourceError;
use super::{focus, names};

/// The question forms each Korean name is asked in: alone, "what is it", "how is it treated".
pub const FORMS: usize = 3;

/// The KCD's "not elsewhere classified" (달리 분류되지 않은 통증): a label, not a name people write.
const NOT_ELSEWHERE_CLASSIFIED: &str = "달리 분류되지 않은";

/// One KCD category the corpus has a focus for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub code: String,
    /// The Korean name as people write it (qualifiers in parentheses left out).
    pub ko: String,
    /// The MedQuAD focus its English name equals.
    pub focus: String,
}

impl Case {
    /// The Korean name alone and with two question endings ("~이 뭔가요?", "~ 치료는?").
    pub fn queries(&self) -> [String; FORMS] {
        [self.ko.clone(), format!("{}{} 뭔가요?", self.ko, subject_particle(&self.ko)), format!("{} 치료는?", self.ko)]
    }
}

/// 이 after a final consonant, 가 after a vowel.
fn subject_particle(word: &str) -> &'static str {
    let has_final =
        word.chars().last().and_then(|c| (c as u32).checked_sub(0xAC00)).is_some_and(|i| i < 11172 && i % 28 != 0);
    if has_final {
        "이"
    } else {
        "가"
    }
}

/// The categories of the KCD source (`kcd ko en`, headed) whose English name, qualifiers aside,
/// equals one of `foci` and whose Korean label is a name people write.
pub fn cases<'a>(kcd_categories: &str, foci: impl IntoIterator<Item = &'a str>) -> Vec<Case> {
    let foci: std::collections::HashMap<String, &str> = foci.into_iter().map(|f| (names::comparable(f), f)).collect();
    let mut cases: Vec<Case> = kcd_categories
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let (code, ko, en) = (cols.next()?, cols.next()?, cols.next()?);
            let focus = foci.get(&names::comparable(&names::display(en)))?;
            let ko = Some(names::display(ko)).filter(|ko| !ko.contains(NOT_ELSEWHERE_CLASSIFIED))?;
            Some(Case { code: code.to_string(), ko, focus: focus.to_string() })
        })
        .collect();
    cases.sort_by(|a, b| a.code.cmp(&b.code));
    cases
}

/// Every focus of the focus names file by its standard Korean name (code `FOCUS`).
pub fn focus_cases(focus_names: &str) -> Result<Vec<Case>, SourceError> {
    Ok(focus::parse(focus_names)?
        .into_iter()
        .map(|row| Case { code: "FOCUS".into(), ko: row.standard.to_string(), focus: row.focus.to_string() })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_take_the_particle_the_name_ends_with() {
        let case = |ko: &str| Case { code: "X".into(), ko: ko.into(), focus: "x".into() };
        assert_eq!(case("콜레라").queries()[1], "콜레라가 뭔가요?");
        assert_eq!(case("편두통").queries()[1], "편두통이 뭔가요?");
        assert_eq!(case("편두통").queries()[2], "편두통 치료는?");
    }

    #[test]
    fn categories_match_foci_by_their_cleaned_english_name() {
        let kcd = "kcd\tko\ten\nA00\t콜레라\tCholera\nK50\t크론병\tCrohn’s disease[regional enteritis]\nA02\t기타 살모넬라감염\tOther salmonella infections\nR52\t달리 분류되지 않은 통증\tPain, NEC\n";
        let found = cases(kcd, ["Cholera", "Crohn's Disease", "salmonella", "Pain"]);
        let got: Vec<(&str, &str, &str)> =
            found.iter().map(|c| (c.code.as_str(), c.ko.as_str(), c.focus.as_str())).collect();
        assert_eq!(got, vec![("A00", "콜레라", "Cholera"), ("K50", "크론병", "Crohn's Disease")]);
    }
}
