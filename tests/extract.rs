//! Slot extraction on messages as patients write them.

use crate::common::lexicon;
use medagent::extract::{extract, Gender, MeasureKind, Slots};

fn slots(text: &str) -> Slots {
    extract(text, Some(lexicon()))
}

fn measure(slots: &Slots, kind: MeasureKind) -> Option<(f64, Option<f64>, String)> {
    slots.vitals.iter().chain(&slots.labs).find(|m| m.kind == kind).map(|m| (m.value, m.second, m.unit.clone()))
}

#[test]
fn the_seed_example_exactly() {
    let s = slots("65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180 정도이고 HbA1c는 8.2%입니다.");
    assert_eq!(s.demographics.age, Some(65));
    assert_eq!(s.demographics.gender, Some(Gender::Male));
    assert_eq!(s.conditions.len(), 1);
    assert_eq!(s.conditions[0].id, "E14");
    assert_eq!(s.conditions[0].ko, "당뇨병");
    assert_eq!(s.conditions[0].duration.as_deref(), Some("10년"));
    assert_eq!(measure(&s, MeasureKind::FastingGlucose), Some((180.0, None, "mg/dL".into())));
    assert_eq!(measure(&s, MeasureKind::Hba1c), Some((8.2, None, "%".into())));
    assert!(s.symptoms.is_empty() && s.medications.is_empty());
    assert_eq!(s.labs.len(), 2);
}

#[test]
fn a_diabetes_said_by_its_type_alone_is_that_diabetes_where_sugar_is_spoken_of() {
    let conditions = |text: &str| -> Vec<String> { slots(text).conditions.iter().map(|c| c.en.clone()).collect() };
    assert_eq!(conditions("blood sugar 312 on my meter after dinner. type 1, on humalog"), ["Type 1 diabetes"]);
    assert_eq!(conditions("hba1c 10.2, just diagnosed type 2"), ["Type 2 diabetes"]);
    assert_eq!(conditions("My brother has type 1 and his sugar was 42 on his meter"), ["Type 1 diabetes"]);
    // Without blood sugar spoken of, a type is no diabetes.
    assert!(conditions("I had a type 2 reaction to the dye").is_empty());
}

#[test]
fn english_phrasings() {
    let s =
        slots("I'm a 54 year old woman with high blood pressure for 3 years. BP 150/95, pulse 88, taking lisinopril.");
    assert_eq!(s.demographics.age, Some(54));
    assert_eq!(s.demographics.gender, Some(Gender::Female));
    assert_eq!(s.conditions[0].id, "I10");
    assert_eq!(s.conditions[0].duration.as_deref(), Some("3년"));
    assert_eq!(measure(&s, MeasureKind::BloodPressure), Some((150.0, Some(95.0), "mmHg".into())));
    assert_eq!(measure(&s, MeasureKind::HeartRate), Some((88.0, None, "bpm".into())));
    assert_eq!(s.medications[0].id, "DB00722");
}

#[test]
fn korean_vitals_and_labs() {
    let s =
        slots("40대 여자예요. 혈압 135/85, 체온 38.2도, 몸무게 62kg, 총 콜레스테롤 240, LDL 160이에요. 임신 중입니다.");
    assert_eq!(s.demographics.age_group, Some(40));
    assert_eq!(s.demographics.pregnant, Some(true));
    assert_eq!(measure(&s, MeasureKind::BloodPressure), Some((135.0, Some(85.0), "mmHg".into())));
    assert_eq!(measure(&s, MeasureKind::Temperature), Some((38.2, None, "°C".into())));
    assert_eq!(measure(&s, MeasureKind::Weight), Some((62.0, None, "kg".into())));
    assert_eq!(measure(&s, MeasureKind::TotalCholesterol).map(|m| m.0), Some(240.0));
    assert_eq!(measure(&s, MeasureKind::LdlCholesterol).map(|m| m.0), Some(160.0));
}

#[test]
fn negated_concepts_add_no_slot() {
    assert!(slots("no fever and no cough").symptoms.is_empty());
    assert!(slots("열은 없어요").symptoms.is_empty());
    assert!(slots("Patient denies chest pain.").symptoms.is_empty());
    let s = slots("두통은 없고 기침이 나요");
    assert_eq!(s.symptoms.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), vec!["R05"]);
}

#[test]
fn bad_input_gives_empty_or_partial_slots() {
    assert!(slots("").is_empty());
    assert!(slots("🙂🙂🙂🔥").is_empty());
    assert!(slots("hello there").is_empty());
    let big = "당뇨 diabetes 혈압 140/90 ".repeat(5000);
    let s = slots(&big);
    assert_eq!(s.conditions.len(), 1, "the same concept counts once per message");
    assert_eq!(s.vitals.len(), 1);
    // Implausible numbers are not facts.
    assert!(measure(&slots("혈압 999/1"), MeasureKind::BloodPressure).is_none());
    assert!(slots("I am 500 years old").demographics.age.is_none());
}

#[test]
fn everyday_korean_says_the_symptom_and_a_body_part_says_where() {
    let ids = |text: &str| slots(text).symptoms.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids("발이 부어요"), ["R60"], "swelling");
    assert_eq!(ids("제가 발목이 부었어요"), ["R60"]);
    assert_eq!(ids("다리가 저려요"), ["R20.2"], "numbness");
    assert_eq!(ids("요즘 허리가 너무 아파요"), ["M54.5"], "low back pain, not pain");
    assert_eq!(ids("시어머니가 무릎이 아프시대요"), ["M25.56"], "knee pain");
    assert_eq!(ids("그냥 여기저기 아파요"), ["R52"], "pain, said nowhere in particular");
    assert_eq!(ids("My feet are swollen and my left arm feels numb"), ["R60", "R20.2"]);
    // A complaint that goes on is no denial; one denied is.
    assert_eq!(ids("이미그란을 먹어도 두통이 안 나아요"), ["R51"]);
    assert!(ids("열이 안 나요").is_empty());
}

#[test]
fn a_lab_value_is_a_lab_not_a_medicine() {
    let s = slots("I'm 52 and my uric acid came back at 9.1.");
    assert_eq!(measure(&s, MeasureKind::UricAcid), Some((9.1, None, "mg/dL".into())));
    assert!(s.medications.is_empty(), "{:?}", s.medications);
    let s = slots("엄마가 칼륨 수치가 5.8이 나왔어요. INR은 3.8, 크레아티닌 1.5예요.");
    assert_eq!(measure(&s, MeasureKind::Potassium).map(|m| m.0), Some(5.8));
    assert_eq!(measure(&s, MeasureKind::Inr).map(|m| m.0), Some(3.8));
    assert_eq!(measure(&s, MeasureKind::Creatinine).map(|m| m.0), Some(1.5));
    assert!(s.medications.is_empty(), "{:?}", s.medications);
    assert_eq!(
        measure(&slots("제 혈색소가 9.5이고 당화혈색소는 7.1이에요"), MeasureKind::Hemoglobin).map(|m| m.0),
        Some(9.5)
    );
    // Potassium taken as a medicine is still one.
    assert_eq!(slots("I take potassium tablets").medications.len(), 1);
}

#[test]
fn a_pregnancy_planned_is_none_now() {
    assert_eq!(slots("Is it safe to get pregnant on methotrexate?").demographics.pregnant, None);
    assert_eq!(slots("임신 준비 중인데 엽산을 먹어야 하나요?").demographics.pregnant, None);
    assert_eq!(slots("I'm 30 weeks pregnant").demographics.pregnant, Some(true));
}

#[test]
fn a_medicine_only_asked_about_is_kept_apart_from_those_taken() {
    let ids = |list: &[medagent::extract::ConceptSlot]| list.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    let asked = slots("can I take ibuprofen?");
    assert!(asked.medications.is_empty(), "{asked:?}");
    assert_eq!(ids(&asked.asked), ["DB01050"]);
    let korean = slots("타이레놀 먹어도 되나요");
    assert_eq!((ids(&korean.medications), ids(&korean.asked)), (vec![], vec!["DB00316".to_string()]));
    // Taken and asked about: each where it belongs.
    let both = slots("I take warfarin. Can I take Advil with it?");
    assert_eq!((ids(&both.medications), ids(&both.asked)), (vec!["DB00682".to_string()], vec!["DB01050".to_string()]));
    // Said taken anywhere in the message: taken.
    let again = slots("아스피린 매일 먹는데 아스피린 더 먹어도 되나요?");
    assert_eq!((ids(&again.medications), ids(&again.asked)), (vec!["DB00945".to_string()], vec![]));
    // A medicine asked about states nothing a profile keeps.
    assert!(asked.is_empty());
}

#[test]
fn another_persons_medicine_asked_about_is_nobodys_taken_medicine() {
    use medagent::extract::{extract_by_subject, Subject};
    let found = extract_by_subject(
        "남편이 심근경색이 있었어서 아스피린 먹는데 저도 아스피린 먹어도 되나요?",
        Some(lexicon()),
        &[],
    );
    let husband = found.of(&Subject::Other("husband".into())).unwrap();
    assert_eq!(husband.medications.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), ["DB00945"]);
    let mine = found.of(&Subject::Me).cloned().unwrap_or_default();
    assert!(mine.medications.is_empty(), "{mine:?}");
}

#[test]
fn the_writers_own_medicine_stays_theirs_beside_an_honorific_clause() {
    use medagent::extract::{extract_by_subject, Subject};
    let meds = |text: &str, who: Subject| {
        let found = extract_by_subject(text, Some(lexicon()), &[]);
        found.of(&who).map(|s| s.medications.iter().map(|c| c.id.clone()).collect::<Vec<_>>()).unwrap_or_default()
    };
    // 메트포르민 (DB00331) is the writer's; 암로디핀, which the father takes in the honorific, is not.
    let text = "저는 메트포르민 먹고 아빠는 암로디핀 드시는데 같이 먹어도 되나요";
    assert_eq!(meds(text, Subject::Me), ["DB00331"]);
    assert_eq!(meds("의사가 메트포르민 하루 두 번 드시라고 했어요", Subject::Me), ["DB00331"]);
    // Nobody named, an honorific verb: nobody's, never the writer's.
    assert!(meds("전립선비대증으로 하루날 드시는데 잠을 못주무신대요", Subject::Me).is_empty());
}

#[test]
fn a_fever_and_a_weight_change_said_by_their_numbers_are_those_symptoms() {
    let symptoms = |text: &str| -> Vec<String> { slots(text).symptoms.iter().map(|c| c.en.clone()).collect() };
    // 38 °C or 100.4 °F and above is a fever, whatever words carry the number.
    assert_eq!(symptoms("temp 101.3 since last night"), ["Fever"]);
    assert_eq!(symptoms("still spiking 102 on day 2 of amoxicillin"), ["Fever"]);
    assert_eq!(symptoms("아이 체온이 38.6도예요"), ["Fever"]);
    assert!(symptoms("temp 37.4 this morning").is_empty());
    assert!(symptoms("no fever, temp 37.9").is_empty());
    // Said once, not twice.
    assert_eq!(symptoms("fever of 39.2 since yesterday"), ["Fever"]);
    // A weight lost or gained, by an amount or from one weight to the next.
    assert_eq!(symptoms("he's lost 5 pounds since starting"), ["Weight loss"]);
    assert_eq!(symptoms("Down 3 kg (94kg now)"), ["Weight loss"]);
    assert_eq!(symptoms("went from 82 kg to 74 kg in two months"), ["Weight loss"]);
    assert_eq!(symptoms("석달만에 68키로에서 61키로 됐어요"), ["Weight loss"]);
    assert_eq!(symptoms("put on 6kg since the steroids"), ["Weight gain"]);
    // A weight alone is no change.
    assert!(symptoms("I weigh 70 kg").is_empty());
    let s = slots("Down 3 kg (94kg now)");
    assert_eq!(measure(&s, MeasureKind::Weight), Some((94.0, None, "kg".into())));
}

#[test]
fn a_medicine_named_for_a_condition_says_its_taker_has_it() {
    let conditions = |text: &str| -> Vec<String> { slots(text).conditions.iter().map(|c| c.en.clone()).collect() };
    assert_eq!(conditions("골다공증약 먹고 있어요"), ["Osteoporosis"]);
    assert_eq!(conditions("혈압약 드세요"), ["High blood pressure"]);
    assert_eq!(conditions("he takes blood pressure meds"), ["High blood pressure"]);
    assert_eq!(conditions("on gout medicine for 2 years"), ["Gout"]);
    // A medicine named as itself says nothing of why it is taken; one stopped or asked about, nothing.
    assert!(conditions("I take a statin and metformin").is_empty());
    assert!(conditions("I stopped my blood pressure pills last week").is_empty());
    assert!(conditions("can I take 혈압약 with this?").is_empty());
}

#[test]
fn someone_named_by_a_name_no_list_holds_is_that_person_never_the_writer() {
    use medagent::extract::{extract_by_subject, Subject};
    let found = extract_by_subject("Emeka been having nosebleeds 3-4 times a week, he is 10.", Some(lexicon()), &[]);
    assert_eq!(found.about, Subject::Other("Emeka".into()));
    let his = found.of(&found.about).unwrap();
    assert_eq!((his.demographics.age, his.symptoms.len()), (Some(10), 1));
    assert!(found.of(&Subject::Me).is_none_or(|s| s.is_empty()), "{found:?}");
    // A medicine or a complaint that starts a sentence names no one.
    for text in ["Tylenol has not helped and she is still at 39", "Rash is spreading on her arms"] {
        let found = extract_by_subject(text, Some(lexicon()), &[]);
        assert!(
            found.people.iter().all(|(s, _)| !matches!(s, Subject::Other(n) if n == "Tylenol" || n == "Rash")),
            "{text}: {found:?}"
        );
    }
}
