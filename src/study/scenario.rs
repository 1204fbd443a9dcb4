//! Study scenarios: for each Synthea patient one five-turn conversation in Korean and one in English,
//! the way a patient talks. Turn 1 introduces them (age, sex, conditions), turn 2 reports readings,
//! turn 3 a new symptom (with one denied), turn 4 their medicines, turn 5 asks about their situation
//! without restating any fact (memory). Each turn carries the slots extraction should find in it,
//! the profile expected after it and the MedQuAD documents that answer it.
//!
//! File format (`tests/fixtures/study_scenarios.jsonl`, written by `medagent study scenarios`):
//! one [`Scenario`] per line as JSON.

use super::patients::{name_of, symptoms_for, Naming, Patient, CONDITIONS, MEDICATIONS};
use crate::i18n::Lang;
use crate::memory::profile::SlotKind;
use crate::retrieval::corpus::Document;
use serde::{Deserialize, Serialize};

/// One fact a turn states, or the profile holds: slot, key (a concept id, a measurement kind such
/// as `blood_pressure`, or `age` / `gender` / `pregnant`) and value (the age, `male`, the reading's
/// first number; empty for a bare concept).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoldFact {
    pub slot: SlotKind,
    pub key: String,
    pub value: String,
}

/// What a turn is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnPurpose {
    Introduce,
    Reading,
    Symptom,
    Medication,
    Memory,
}

/// One message of a scenario with its gold answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioTurn {
    pub purpose: TurnPurpose,
    pub text: String,
    /// What extraction should find in this message.
    pub slots: Vec<GoldFact>,
    /// What the profile should hold after this turn.
    pub profile: Vec<GoldFact>,
    /// The MedQuAD focus names and question types a relevant document has.
    pub focus: Vec<String>,
    pub qtype: Vec<String>,
    /// The ids of the relevant MedQuAD documents (empty: the turn is left out of retrieval metrics).
    pub relevant: Vec<String>,
}

/// One conversation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// `<patient id>-<lang>`.
    pub id: String,
    pub patient: String,
    pub lang: Lang,
    pub turns: Vec<ScenarioTurn>,
}

fn fact(slot: SlotKind, key: &str, value: impl Into<String>) -> GoldFact {
    GoldFact { slot, key: key.into(), value: value.into() }
}

fn concept(n: &Naming) -> GoldFact {
    fact(n.slot, n.id, "")
}

/// The number as the patient says it: "126", "6.1".
fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// Joins names as a patient lists them: "a, b and c" / "a, b, c".
fn list(names: &[&str], lang: Lang) -> String {
    match (names, lang) {
        ([], _) => String::new(),
        ([one], _) => one.to_string(),
        (_, Lang::Ko) => names.join(", "),
        ([init @ .., last], Lang::En) => format!("{} and {last}", init.join(", ")),
    }
}

/// `word` with the Korean particle that fits it: `after_consonant` ("이", "을", "과") when its last
/// syllable ends in a consonant, else `after_vowel` ("가", "를", "와").
fn josa(word: &str, after_consonant: &str, after_vowel: &str) -> String {
    let closed =
        word.chars().last().is_some_and(|c| ('가'..='힣').contains(&c) && !(c as u32 - 0xAC00).is_multiple_of(28));
    format!("{word}{}", if closed { after_consonant } else { after_vowel })
}

fn say(n: &Naming, lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => n.ko,
        Lang::En => n.en,
    }
}

/// The scenario builder for one patient in one language.
struct Builder<'a> {
    corpus: &'a [Document],
    profile: Vec<GoldFact>,
    turns: Vec<ScenarioTurn>,
}

impl Builder<'_> {
    fn turn(&mut self, purpose: TurnPurpose, text: String, slots: Vec<GoldFact>, focus: &[&str], qtype: &[&str]) {
        for s in &slots {
            if !self.profile.iter().any(|p| p.slot == s.slot && p.key == s.key) {
                self.profile.push(s.clone());
            }
        }
        let relevant = self
            .corpus
            .iter()
            .filter(|d| {
                focus.iter().any(|f| f.eq_ignore_ascii_case(&d.focus))
                    && (qtype.is_empty() || qtype.contains(&d.qtype.as_str()))
            })
            .map(|d| d.id.clone())
            .collect();
        self.turns.push(ScenarioTurn {
            purpose,
            text,
            slots,
            profile: self.profile.clone(),
            focus: focus.iter().map(|f| f.to_string()).collect(),
            qtype: qtype.iter().map(|q| q.to_string()).collect(),
            relevant,
        });
    }
}

/// Builds the 2 x patients scenarios (Korean then English for each patient), deterministic.
/// `corpus` decides the relevant documents.
pub fn generate(patients: &[Patient], corpus: &[Document]) -> Vec<Scenario> {
    let mut out = Vec::new();
    for (index, patient) in patients.iter().enumerate() {
        for lang in [Lang::Ko, Lang::En] {
            out.push(conversation(patient, index, lang, corpus));
        }
    }
    out
}

fn conversation(p: &Patient, index: usize, lang: Lang, corpus: &[Document]) -> Scenario {
    let ko = lang == Lang::Ko;
    let mut conditions: Vec<Naming> = Vec::new();
    for (_, naming) in CONDITIONS {
        if p.conditions.iter().any(|c| name_of(CONDITIONS, c).is_some_and(|n| n.id == naming.id))
            && conditions.len() < 3
        {
            conditions.push(*naming);
        }
    }
    let mut medicines: Vec<Naming> = Vec::new();
    for m in p.medications.iter().filter_map(|m| name_of(MEDICATIONS, m)) {
        if !medicines.iter().any(|x| x.id == m.id) && medicines.len() < 2 {
            medicines.push(m);
        }
    }
    let primary = conditions.first().copied();
    let primary_focus: &[&str] = primary.map_or(&[][..], |c| c.focus);
    let pregnant = p.conditions.iter().any(|c| c.to_lowercase().contains("normal pregnancy"));
    let mut b = Builder { corpus, profile: Vec::new(), turns: Vec::new() };

    // 1. Introduction.
    let age = p.age();
    let male = p.is_male();
    let mut slots = vec![fact(SlotKind::Demographics, "age", age.to_string())];
    slots.push(fact(SlotKind::Demographics, "gender", if male { "male" } else { "female" }));
    let who = match (ko, age < 18, male) {
        (true, true, true) => format!("저는 {age}살 남자아이예요."),
        (true, true, false) => format!("저는 {age}살 여자아이예요."),
        (true, false, true) => format!("저는 {age}세 남성입니다."),
        (true, false, false) => format!("저는 {age}세 여성입니다."),
        (false, true, true) => format!("Hi, I'm a {age}-year-old boy."),
        (false, true, false) => format!("Hi, I'm a {age}-year-old girl."),
        (false, false, true) => format!("Hi, I'm a {age}-year-old man."),
        (false, false, false) => format!("Hi, I'm a {age}-year-old woman."),
    };
    let names: Vec<&str> = conditions.iter().map(|c| say(c, lang)).collect();
    let mut text = who;
    if pregnant {
        slots.push(fact(SlotKind::Demographics, "pregnant", "yes"));
        text.push_str(if ko { " 지금 임신 중이에요." } else { " I'm pregnant right now." });
    }
    match (primary, ko) {
        (Some(c), true) => {
            text.push_str(&format!(
                " {} 있어요. {}에 대해 알아야 할 것이 뭔가요?",
                josa(&list(&names, lang), "이", "가"),
                c.ko
            ));
        }
        (Some(c), false) => {
            text.push_str(&format!(" I have {}. What should I know about {}?", list(&names, lang), c.en));
        }
        (None, true) => text.push_str(" 특별히 앓는 병은 없어요. 제 나이에 건강을 지키려면 무엇을 해야 하나요?"),
        (None, false) => text.push_str(" I don't have any long-term illness. How do I stay healthy at my age?"),
    }
    slots.extend(conditions.iter().map(concept));
    b.turn(TurnPurpose::Introduce, text, slots, primary_focus, &["information"]);

    // 2. Readings.
    let mut slots = Vec::new();
    let mut parts = Vec::new();
    let mut focus: Vec<&str> = Vec::new();
    if let (Some(sys), Some(dia)) = (p.reading("systolic"), p.reading("diastolic")) {
        let bp = format!("{}/{}", number(sys), number(dia));
        parts.push(if ko {
            format!("오늘 아침 혈압이 {bp}였어요")
        } else {
            format!("my blood pressure this morning was {bp}")
        });
        slots.push(fact(SlotKind::Vitals, "blood_pressure", number(sys)));
        focus.push("High Blood Pressure");
    }
    if let Some(hr) = p.reading("heart_rate") {
        parts.push(if ko {
            format!("맥박은 {}회였어요", number(hr))
        } else {
            format!("my pulse was {}", number(hr))
        });
        slots.push(fact(SlotKind::Vitals, "heart_rate", number(hr)));
    }
    let lab = [
        // A blood sugar the person took is a vital, like a pressure (MeasureKind::is_vital).
        ("hba1c", SlotKind::Labs, "hba1c", "당화혈색소가 {}%", "my last HbA1c was {}%", "Diabetes"),
        (
            "ldl",
            SlotKind::Labs,
            "ldl_cholesterol",
            "LDL 콜레스테롤이 {}",
            "my LDL cholesterol was {}",
            "High Blood Cholesterol",
        ),
        ("glucose", SlotKind::Vitals, "blood_glucose", "혈당이 {}", "my blood sugar was {}", "Diabetes"),
    ]
    .into_iter()
    .find_map(|(key, slot, kind, k, e, f)| p.reading(key).map(|v| (slot, kind, k, e, f, v)));
    if let Some((slot, kind, k, e, f, v)) = lab {
        let shown = number(v);
        parts.push(if ko {
            format!("지난번 검사에서 {}였어요", k.replace("{}", &shown))
        } else {
            e.replace("{}", &shown)
        });
        slots.push(fact(slot, kind, shown));
        focus.push(f);
    }
    let text = match (parts.is_empty(), ko) {
        (true, true) => "요즘 집에서 잰 수치는 없어요. 혈압은 얼마나 자주 재야 하나요?".to_string(),
        (true, false) => {
            "I haven't measured anything at home lately. How often should I check my blood pressure?".into()
        }
        (false, true) => format!("{}. 이 수치가 정상인가요?", parts.join(", ")),
        (false, false) => {
            let joined = list(&parts.iter().map(String::as_str).collect::<Vec<_>>(), lang);
            let mut s = format!("{joined}. Are these numbers normal?");
            s[..1].make_ascii_uppercase();
            s
        }
    };
    if focus.is_empty() {
        focus.push("High Blood Pressure");
    }
    b.turn(TurnPurpose::Reading, text, slots, &focus, &["information", "exams and tests", "symptoms"]);

    // 3. A new symptom, and one denied (which must not enter the profile).
    let [first, second] = symptoms_for(primary.map(|c| c.id), index);
    let text = if ko {
        format!(
            "지난주부터 {} {} 생겼어요. 열은 없어요. 왜 그럴까요?",
            josa(first.ko, "과", "와"),
            josa(second.ko, "이", "가")
        )
    } else {
        format!("Since last week I've had {} and {}. No fever though. What could be causing this?", first.en, second.en)
    };
    let mut focus: Vec<&str> = first.focus.iter().chain(second.focus).copied().collect();
    focus.extend(primary_focus);
    b.turn(
        TurnPurpose::Symptom,
        text,
        vec![concept(&first), concept(&second)],
        &focus,
        &["causes", "symptoms", "information"],
    );

    // 4. Medicines, and how the condition is treated.
    let med_names: Vec<&str> = medicines.iter().map(|m| say(m, lang)).collect();
    let text = match (medicines.is_empty(), primary.is_some(), ko) {
        (false, true, true) => format!(
            "저는 {} 매일 먹고 있어요. 약 말고 다른 치료 방법도 있나요?",
            josa(&list(&med_names, lang), "을", "를")
        ),
        (false, true, false) => {
            format!("I take {} every day. Are there other treatments besides medicine?", list(&med_names, lang))
        }
        (false, false, true) => {
            format!("저는 {} 가지고 다녀요. 이 약은 언제 써야 하나요?", josa(&list(&med_names, lang), "을", "를"))
        }
        (false, false, false) => format!("I have {} with me. When should I use it?", list(&med_names, lang)),
        (true, _, true) => "지금 먹는 약은 없어요. 어떤 치료를 받을 수 있나요?".into(),
        (true, _, false) => "I'm not taking any medicine right now. What treatments could help me?".into(),
    };
    let focus: Vec<&str> = if primary.is_some() { primary_focus.to_vec() } else { first.focus.to_vec() };
    b.turn(
        TurnPurpose::Medication,
        text,
        medicines.iter().map(concept).collect(),
        &focus,
        &["treatment", "prevention"],
    );

    // 5. Memory: the question relies on what was said before.
    let text = if ko {
        "제가 지금까지 말씀드린 걸 고려하면, 앞으로 무엇을 조심해야 할까요?".to_string()
    } else {
        "Given everything I've told you, what should I be careful about from now on?".to_string()
    };
    let mut focus: Vec<&str> = conditions.iter().flat_map(|c| c.focus.iter().copied()).collect();
    if focus.is_empty() {
        focus.extend(first.focus.iter().chain(second.focus));
    }
    b.turn(TurnPurpose::Memory, text, Vec::new(), &focus, &[]);

    Scenario { id: format!("{}-{}", p.id, if ko { "ko" } else { "en" }), patient: p.id.clone(), lang, turns: b.turns }
}

/// Reads scenarios written by [`to_jsonl`].
pub fn parse_jsonl(text: &str) -> Result<Vec<Scenario>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("scenario line {}: {e}", i + 1)))
        .collect()
}

/// One scenario per line.
pub fn to_jsonl(scenarios: &[Scenario]) -> String {
    scenarios.iter().map(|s| serde_json::to_string(s).expect("scenario serialises") + "\n").collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::patients::bundled_patients;

    fn doc(id: &str, focus: &str, qtype: &str) -> Document {
        Document {
            id: id.into(),
            source: "t".into(),
            focus: focus.into(),
            qtype: qtype.into(),
            question: String::new(),
            answer: String::new(),
            url: String::new(),
        }
    }

    #[test]
    fn every_patient_gets_two_five_turn_conversations_with_growing_profiles() {
        let corpus = [doc("a", "High Blood Pressure", "information"), doc("b", "high blood pressure", "treatment")];
        let scenarios = generate(&bundled_patients(), &corpus);
        assert_eq!(scenarios.len(), 54);
        assert_eq!(scenarios.iter().map(|s| s.turns.len()).sum::<usize>(), 270);
        for s in &scenarios {
            assert_eq!(crate::i18n::has_hangul(&s.turns[0].text), s.lang == Lang::Ko, "{}", s.turns[0].text);
            // The memory turn states nothing; the profile only grows.
            assert!(s.turns[4].slots.is_empty());
            assert!(s.turns.windows(2).all(|w| w[0].profile.len() <= w[1].profile.len()));
        }
        // A hypertensive patient: the first turn names the condition, the fourth gets the treatment page.
        let htn =
            scenarios.iter().find(|s| s.lang == Lang::En && s.turns[0].slots.iter().any(|f| f.key == "I10")).unwrap();
        assert!(htn.turns[0].text.contains("high blood pressure"), "{}", htn.turns[0].text);
        assert_eq!(htn.turns[0].relevant, ["a"]);
        assert_eq!(htn.turns[3].relevant, ["b"]);
        // Generation is deterministic and the file round-trips.
        let again = generate(&bundled_patients(), &corpus);
        assert_eq!(parse_jsonl(&to_jsonl(&scenarios)).unwrap(), again);
    }
}
