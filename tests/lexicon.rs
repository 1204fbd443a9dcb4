//! The concept lexicon built from the committed sources, as the slot extractor and the Korean
//! bridge use it.

use medagent::cli::files::load_lexicon;
use medagent::lexicon::bridge::bridge;
use medagent::lexicon::{file, ConceptKind, Lexicon};
use std::sync::OnceLock;

fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| {
        load_lexicon(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/index/lexicon")))
            .expect("lexicon builds")
    })
}

fn ids(text: &str) -> Vec<String> {
    lexicon().find(text).iter().map(|m| m.concept.id.clone()).collect()
}

#[test]
fn korean_and_english_names_share_one_concept() {
    for name in ["고혈압", "high blood pressure", "hypertension", "High Blood Pressure", "혈압이 높다"] {
        assert_eq!(ids(name), vec!["I10"], "{name}");
    }
    assert_eq!(lexicon().concept("I10").unwrap().ko, "고혈압");
}

#[test]
fn the_seed_example_finds_its_concepts() {
    let text = "65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180 정도이고 HbA1c는 8.2%입니다.";
    let found = lexicon().find(text);
    let got: Vec<(&str, ConceptKind, &str)> =
        found.iter().map(|m| (m.concept.id.as_str(), m.concept.kind, &text[m.start..m.end])).collect();
    assert_eq!(
        got,
        vec![
            ("E14", ConceptKind::Condition, "당뇨"),
            ("LAB:FPG", ConceptKind::Lab, "공복혈당"),
            ("LAB:HBA1C", ConceptKind::Lab, "HbA1c"),
        ]
    );
}

#[test]
fn drugs_match_in_korean_and_english() {
    assert_eq!(ids("메트포르민 500mg 복용 중"), vec!["DB00331"]);
    assert_eq!(ids("I take metformin and aspirin"), vec!["DB00331", "DB00945"]);
    assert_eq!(ids("타이레놀을 먹었어요"), vec!["DB00316"]);
}

#[test]
fn longest_match_and_word_boundaries() {
    assert_eq!(ids("type 2 diabetes"), vec!["E11"]);
    assert_eq!(ids("diabetes"), vec!["E14"]);
    assert_eq!(ids("heartburn"), vec!["K21"], "heart must not fire inside heartburn");
    assert_eq!(ids("I have headaches"), vec!["R51"], "plural");
    assert!(ids("therapist").is_empty());
    assert_eq!(ids("열이 나요"), vec!["R50"]);
    assert!(ids("열심히 운동해요").is_empty(), "열 must not fire inside 열심히");
    assert_eq!(ids("당뇨병이 있어요"), vec!["E14"]);
    assert_eq!(ids("갑상선기능항진증"), ids("갑상선 기능 항진증"));
}

#[test]
fn bad_input_is_harmless() {
    assert!(ids("").is_empty());
    assert!(ids("🙂🙂🙂").is_empty());
    let big = "blood pressure 혈압 ".repeat(6000);
    assert_eq!(lexicon().find(&big).len(), 12000);
}

#[test]
fn the_file_round_trips_and_rejects_truncation() {
    let bytes = file::encode(lexicon());
    assert_eq!(&file::decode(&bytes).unwrap(), lexicon());
    assert!(file::decode(&bytes[..bytes.len() / 2]).is_err());
    assert_eq!(bytes, file::encode(&file::decode(&bytes).unwrap()), "deterministic");
}

#[test]
fn korean_questions_bridge_to_english_terms() {
    let q = bridge(lexicon(), "당뇨병 초기 증상은 무엇인가요");
    assert!(q.text.contains("Diabetes"), "{q:?}");
    assert!(q.text.contains("symptoms"), "{q:?}");
    assert!(q.qtypes.contains(&"symptoms"));
    let english = bridge(lexicon(), "what are the symptoms of diabetes");
    assert_eq!(english.text, "what are the symptoms of diabetes", "English passes through");
    let mixed = bridge(lexicon(), "HbA1c 8.2면 당뇨 치료가 필요한가요");
    assert!(
        mixed.text.contains("HbA1c") && mixed.text.contains("Diabetes") && mixed.text.contains("treatment"),
        "{mixed:?}"
    );
}
