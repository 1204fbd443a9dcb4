//! The concept lexicon built from the committed sources, as the slot extractor and the Korean
//! bridge use it.

use crate::common::lexicon;
use medagent::lexicon::bridge::bridge;
use medagent::lexicon::{file, ConceptKind};

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
            // "당뇨 환자" is one name (curated 당뇨환자): spaces inside a Korean name do not matter.
            ("E14", ConceptKind::Condition, "당뇨 환자"),
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
fn korean_brands_and_class_words_name_the_medicines_people_take() {
    assert_eq!(ids("부루펜 먹어도 되나요"), vec!["DB01050"]);
    assert_eq!(ids("Advil and Zoloft"), vec!["DB01050", "DB01104"]);
    let classes: Vec<String> = lexicon().classes_of("DB01050").iter().map(|c| c.id.clone()).collect();
    assert!(classes.contains(&"CLASS:nsaid".to_string()), "{classes:?}");
    assert_eq!(ids("혈압약 먹고 있어요"), vec!["CLASS:antihypertensive"]);
    let members = lexicon().members_of("CLASS:statin");
    assert!(members.iter().any(|m| m.id == "DB01076"), "atorvastatin is a statin");
    // A medicine the list lacks is still read by sound from its DrugBank name.
    let q = bridge(lexicon(), "레피루딘 부작용");
    assert!(q.concepts.contains(&"DB00001".to_string()), "{q:?}");
}

#[test]
fn longest_match_and_word_boundaries() {
    assert_eq!(ids("type 2 diabetes"), vec!["E11"]);
    assert_eq!(ids("diabetes"), vec!["E14"]);
    assert_eq!(ids("heartburn"), vec!["K21"], "heart must not fire inside heartburn");
    assert_eq!(ids("I have headaches"), vec!["R51"], "plural");
    assert!(ids("therapist").is_empty());
    assert_eq!(ids("열이 나요"), vec!["R50"]);
    assert!(!ids("열심히 운동해요").contains(&"R50".to_string()), "열 must not fire inside 열심히");
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

#[test]
fn korean_is_matched_as_it_is_written() {
    // Spaces inside a compound do not matter.
    assert!(!ids("폐색전증").is_empty());
    assert_eq!(ids("폐 색전증 치료"), ids("폐색전증"));
    assert_eq!(ids("심방 세동이 있어요"), ids("심방세동"));
    // Disease suffixes stand for one another: KCD writes 렙토스피라병, people write 렙토스피라증.
    assert_eq!(ids("렙토스피라증은 어떻게 옮나요?"), vec!["A27"]);
    // (KCD names both: 쿠싱증후군 E24, 쿠싱병 E24.0.)
    for name in ["쿠싱 증후군", "쿠싱병", "쿠싱"] {
        let found = lexicon().find(name);
        assert!(found.len() == 1 && found[0].concept.en.to_lowercase().contains("cushing"), "{name}: {found:?}");
    }
    // The adjective suffix 성 of older and everyday names: KCD says 다발골수종 and 다발경화증.
    assert_eq!(ids("다발성골수종이 뭔가요"), ids("다발골수종"));
    assert_eq!(ids("다발성 경화증 유전되나요"), ids("다발경화증"));
    assert!(!ids("다발골수종").is_empty() && !ids("다발경화증").is_empty());
    // A word that only qualifies a disease name is no disease: 아기 of "예외적으로 큰 아기".
    assert!(ids("아기가 밤에 자꾸 깨요").is_empty(), "{:?}", ids("아기가 밤에 자꾸 깨요"));
    assert_eq!(lexicon().find("결핵 전염되나요")[0].concept.en, "Tuberculosis");
    // KCD says "<site>의 악성 신생물"; people say <site>암.
    for (written, code) in [("췌장암 초기증상", "C25"), ("위암 수술", "C16"), ("갑상선암이래요", "C73")]
    {
        assert_eq!(ids(written), vec![code], "{written}");
    }
    // One syllable names still need a particle or a space after them.
    assert_eq!(ids("열 나요"), vec!["R50"]);
    assert!(!ids("열심히 운동해요").contains(&"R50".to_string()));
}

#[test]
fn everyday_korean_reaches_the_corpus_words_whatever_the_ending() {
    for (question, english) in [
        ("머리가 욱신거려요", "throbbing"),
        ("어제부터 욱신거리고 아파요", "throbbing"),
        ("가슴이 두근거려요", "palpitations"),
        ("밥 먹고 나면 속이 더부룩해요", "bloating"),
        ("눈이 침침해요", "blurred vision"),
        ("목이 칼칼해요", "sore throat"),
        ("자꾸 어지러워요", "dizziness"),
        ("계속 어지럽고 토할 것 같아요", "dizziness"),
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.text.to_lowercase().contains(english), "{question}: {q:?}");
        assert!(q.coverage >= 0.5, "{question}: {q:?}");
    }
}

#[test]
fn intents_the_old_bridge_missed() {
    let q = bridge(lexicon(), "로수바스타틴 부작용");
    assert!(q.text.contains("side effects"), "{q:?}");
    assert!(bridge(lexicon(), "렙토스피라증은 어떻게 옮나요?").text.contains("spread"));
    assert!(bridge(lexicon(), "이 약 복용법 알려주세요").text.contains("dose"));
}

#[test]
fn foreign_names_are_found_by_their_sound() {
    // The corpus's English names are reached by sound (and a drug by its Korean name or by sound).
    let q = bridge(lexicon(), "티카그렐러 먹으면 멍이 잘 드나요");
    assert!(q.text.to_lowercase().contains("ticagrelor"), "{q:?}");
    assert!(q.text.contains("bruising"), "{q:?}");
    let q = bridge(lexicon(), "톡소플라스마증은 어떻게 옮나요");
    assert!(q.text.to_lowercase().contains("toxoplasmosis"), "{q:?}");
    // Native words are not taken for foreign names.
    let q = bridge(lexicon(), "아버지가 병원에 가셨어요");
    assert!(q.transliterations.is_empty(), "{q:?}");
    // Nor verb forms and Sino-Korean words (먹어도 was read as the drug "moco", 돌발성 as tolperisone).
    for text in ["타이레놀 먹어도 되나요", "돌발성 난청이래요", "지속적으로 아파요"] {
        let q = bridge(lexicon(), text);
        assert!(q.transliterations.is_empty(), "{text}: {q:?}");
    }
    // 주사 is mostly an injection, not rosacea (주사피부염).
    assert!(!bridge(lexicon(), "독감 주사 맞았어요").text.contains("Rosacea"));
    assert!(bridge(lexicon(), "연골주사 효과 있나요").text.contains("injection"));
    assert!(bridge(lexicon(), "주사피부염 치료").text.contains("Rosacea"));
}

#[test]
fn a_question_about_something_else_is_not_understood() {
    let q = bridge(lexicon(), "자동차 보험료를 낮추는 방법이 있을까요");
    assert!(q.coverage < 0.5, "{q:?}");
    let q = bridge(lexicon(), "김치찌개 맛있게 끓이는 법 알려줘");
    assert!(q.coverage < 0.5, "{q:?}");
}

#[test]
fn disease_names_people_write_are_understood() {
    // Standard names a first try found nothing for; KCD's four-character codes and the heads of its
    // longer names carry them now.
    for (question, english) in [
        ("클라미디아 감염", "chlamydia"),
        ("황반변성이 뭔가요?", "macular degeneration"),
        ("심방세동 치료는?", "atrial fibrillation"),
        ("섬유근육통", "fibromyalgia"),
        ("크론병 증상", "crohn"),
        ("승모판 탈출증", "prolapse"),
        ("한타바이러스", "hantavirus"),
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.text.to_lowercase().contains(english), "{question}: {q:?}");
        assert!(q.unknown.is_empty() && q.coverage >= 0.5, "{question}: {q:?}");
    }
}

#[test]
fn kcd_category_names_bridge_to_their_medquad_focus() {
    // A sample (every fifth) of the KCD categories whose English name is a MedQuAD focus; `medagent
    // eval kcd` searches them all. The search text must name the focus whichever way it is asked.
    let corpus = medagent::cli::files::read_corpus(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/index/corpus/medquad.jsonl.gz"
    )))
    .unwrap()
    .0;
    let kcd = medagent::cli::files::read_text(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/index/lexicon/kcd_categories_ko_en.tsv.gz"
    )))
    .unwrap();
    let cases = medagent::lexicon::coverage::cases(&kcd, corpus.iter().map(|d| d.focus.as_str()));
    assert!(cases.len() > 100, "{} categories", cases.len());
    let (mut named, mut asked) = (0, 0);
    let mut misses = Vec::new();
    for case in cases.iter().step_by(5) {
        for query in case.queries() {
            asked += 1;
            let text = bridge(lexicon(), &query).text.to_lowercase().replace('’', "'");
            if text.contains(&case.focus.to_lowercase()) {
                named += 1;
            } else {
                misses.push(format!("{query} -> {text} (want {})", case.focus));
            }
        }
    }
    let share = named as f64 / asked as f64;
    assert!(share >= 0.9, "{share:.3} of {asked}; misses:\n{}", misses.join("\n"));
}

#[test]
fn ordinary_words_never_become_diseases_by_sound() {
    // Verb and adjective forms, and plain words: a concept needs a medical head word or a known form.
    // The bridge used to read 항상 ("always") as Hansen's disease and 고프다 ("hungry") as a drug.
    for question in [
        "항상 피곤해요",
        "배가 고프다",
        "어제 친구랑 갔다",
        "밥을 먹었고 잠을 잤어요",
        "요즘 힘들게 지냈던 것 같아요",
        "그냥 궁금해서 물어봤던 거예요",
        "회사에서 일하다가 집에 왔는데",
        "주말에 등산 다녀왔습니다",
        "시험공부 때문에 바빴다",
        "한국에서는 드물다던데",
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.transliterations.is_empty(), "{question}: {q:?}");
        assert!(
            q.concepts.iter().all(|id| lexicon().concept(id).is_none_or(|c| c.kind != ConceptKind::Condition)),
            "{question}: {q:?}"
        );
    }
}

#[test]
fn a_question_nothing_of_which_is_read_searches_nothing_and_names_its_words() {
    let q = bridge(lexicon(), "쀍뛟 2024");
    assert!(q.text.is_empty(), "numbers alone are no search: {q:?}");
    assert_eq!(q.unknown, vec!["쀍뛟"]);
    let q = bridge(lexicon(), "쀍뛟뀖");
    assert!(q.text.is_empty(), "{q:?}");
    let note = medagent::lexicon::bridge::not_understood_note(&q.unknown, medagent::core::Lang::Ko).unwrap();
    assert!(note.contains("쀍뛟뀖") && note.contains("이해하지 못한"), "{note}");
    // A compound is read by its head: 좌측유방암 is a 유방암.
    let q = bridge(lexicon(), "좌측유방암 치료");
    assert!(q.text.to_lowercase().contains("breast"), "{q:?}");
}

#[test]
fn kcd_terms_search_with_the_english_of_the_corpus() {
    // A term's MedQuAD focus, not its code's classification label ("Malignant melanoma of skin",
    // "Malignant neoplasm of pancreas", "Pneumothorax and air leak": 기흉 is the focus Collapsed Lung).
    for (question, english, label) in [
        ("흑색종 일까봐 걱정돼요", "Melanoma", "Malignant"),
        ("췌장암 초기증상", "Pancreatic Cancer", "neoplasm"),
        ("췌장의 악성 신생물", "Pancreatic Cancer", "neoplasm"),
        ("기흉이 재발했어요", "Collapsed Lung", "air leak"),
        ("패혈증이 뭔가요", "Sepsis", "Other"),
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.text.contains(english) && !q.text.contains(label), "{question}: {q:?}");
    }
    // Every Korean name of one code is still one concept id, and curated names keep their English.
    assert_eq!(ids("흑색종"), vec!["C43"]);
    assert_eq!(lexicon().concept("C25").unwrap().en, "Pancreatic Cancer");
    assert!(bridge(lexicon(), "위암 수술").text.contains("Stomach cancer"));
    assert!(bridge(lexicon(), "유방암").text.contains("Breast cancer"));
}

#[test]
fn a_body_word_is_not_the_disease_its_name_begins() {
    // 갑상선 (thyroid) was read as 갑상선염 (thyroiditis), 진드기 (tick) as 진드기증 (acariasis), 직장
    // (workplace; also the rectum) as 직장염 (proctitis): the everyday vocabulary says what they mean.
    for (question, english, disease) in [
        ("임신 8주인데 갑상선 수치가 안좋대요", "thyroid", "Thyroiditis"),
        ("등산 갔다가 진드기 물렸는데 어떻게 해야하나요", "tick bites", "Acariasis"),
        ("직장 동료가 결핵 판정 받았어요", "Tuberculosis", "proctitis"),
        ("췌장이 안좋대요", "pancreas", "Pancreatitis"),
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.text.contains(english) && !q.text.contains(disease), "{question}: {q:?}");
    }
    // A disease name written without its suffix is still that disease.
    assert!(bridge(lexicon(), "원형탈모 스트레스 때문인가요").text.contains("Alopecia areata"));
    assert!(bridge(lexicon(), "갑상선염 치료").text.contains("Thyroiditis"));
    assert!(bridge(lexicon(), "베체트 증상").text.contains("Behcet"));
}

#[test]
fn tests_and_lab_values_are_not_read_as_drugs() {
    // 빌리루빈 was read by sound as the antihistamine pyrilamine.
    let q = bridge(lexicon(), "빌리루빈이 높대요");
    assert!(q.text.contains("bilirubin") && q.transliterations.is_empty(), "{q:?}");
    for (question, english) in [
        ("MRI 찍을때 조영제 부작용 있나요", "contrast medium"),
        ("칼륨 수치가 높대요", "potassium"),
        ("심부전으로 이뇨제 먹는데", "diuretic"),
        ("근시인데 라식 해도 되나요", "LASIK"),
    ] {
        let q = bridge(lexicon(), question);
        // (Verb forms such as 찍을때 are not counted as understood.)
        assert!(
            q.text.to_lowercase().contains(&english.to_lowercase()) && q.transliterations.is_empty(),
            "{question}: {q:?}"
        );
    }
}

#[test]
fn ordinary_words_are_never_read_as_drugs_by_sound() {
    // Each was read as a drug: 발라도 pala, 버텨도 forteo, 나가도 naca, 받아봐야 batabulin, 할까봐
    // arcapta, 두번 darvon, 고딩 cotton, 구멍 cumin, 걸린 choline.
    for question in [
        "연고 계속 발라도 되나요",
        "약 안먹고 버텨도 되나",
        "회사 언제 나가도 되나요",
        "검사 받아봐야 할까요",
        "옮을까봐 걱정돼요",
        "하루 두번 먹어요",
        "고딩 아들 코골이",
        "귀 앞에 구멍이 있어요",
        "감기 걸린 것 같아요",
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.transliterations.is_empty(), "{question}: {q:?}");
    }
    // A drug's name of three syllables or more is still read by sound.
    assert!(bridge(lexicon(), "루테인 먹어도 되나요").text.to_lowercase().contains("lutein"));
}

#[test]
fn a_name_with_a_disease_ending_is_never_a_drug() {
    // 혈증 is the English -emia: 갈락토스혈증 is galactosemia, not the sugar galactobiose.
    let q = bridge(lexicon(), "갈락토스혈증 아기 분유");
    assert!(q.text.to_lowercase().contains("galactosemia"), "{q:?}");
    assert!(q.concepts.iter().all(|id| lexicon().concept(id).is_none_or(|c| c.kind != ConceptKind::Medication)));
    // A drug's name without an ending is still read by sound.
    assert!(bridge(lexicon(), "티카그렐러 부작용").text.to_lowercase().contains("ticagrelor"));
}

#[test]
fn an_eponym_written_apart_from_its_disease_word_is_read_whole() {
    // "길버트 증후군": KCD says 질베르증후군; the name is read by sound with the word after it.
    let q = bridge(lexicon(), "빌리루빈이 높다고 길버트 증후군이래요 치료 안해도 되나요");
    assert!(q.text.contains("Gilbert syndrome") && !q.text.contains("pyrilamine"), "{q:?}");
    assert!(!q.unknown.iter().any(|w| w.contains("길버트") || w.contains("증후군")), "{q:?}");
    // A word before 병 or 병원 that is no foreign name stays a plain word.
    for question in ["친구 병이 걱정돼요", "아버지가 병원에 가셨어요"] {
        let q = bridge(lexicon(), question);
        assert!(q.transliterations.is_empty() && q.concepts.is_empty(), "{question}: {q:?}");
    }
}

#[test]
fn an_everyday_stem_states_a_concept_the_lexicon_has() {
    use medagent::lexicon::build::{build, Sources};
    let sources = |everyday| Sources {
        curated: "R60\tsymptom\tSwelling\t부종\n",
        icd10cm_categories: "code\tdescription\n",
        kcd_categories: "kcd\tko\n",
        kcd_terms: "ko\tkcd\ten\n",
        drugbank_names: "drugbank_id\tname\tsynonyms\n",
        everyday_ko: everyday,
        topic_names: "",
        medicines: "drugbank_id\tgeneric\tko_generic\tko_names\ten_names\tclasses\n",
        medicine_classes: "class\ten_names\tko_names\n",
        focus_names: "focus\tstandard\teveryday\tabbreviations\tkcd\tkind\n",
    };
    let built = build(&sources("부어|붓고\tswelling\tR60\n발\tfoot\n")).unwrap();
    let found = built.find_phrases("발이 부어요");
    let concepts: Vec<Option<&str>> = found.iter().map(|p| p.concept.map(|c| c.id.as_str())).collect();
    assert_eq!(concepts, [None, Some("R60")]);
    assert_eq!(file::decode(&file::encode(&built)).unwrap(), built, "the concept survives the file");
    let error = build(&sources("부어\tswelling\tR999\n")).unwrap_err();
    assert!(error.to_string().contains("R999"), "{error}");
}

#[test]
fn a_body_word_with_its_particle_is_not_a_disease_missing_its_ending() {
    // 다리에 ("on the leg") was read as 다리에병 (Darier disease) without its 병.
    let q = bridge(lexicon(), "7살 딸 다리에 붉은 점이 오돌토돌 올라와요");
    assert!(!q.text.contains("Darier"), "{q:?}");
    assert!(bridge(lexicon(), "다리에병 증상").text.contains("Darier disease"));
}

#[test]
fn a_number_s_counter_is_not_the_start_of_a_name() {
    // 30분만에 ("in 30 minutes") was read as 분만 (childbirth).
    for question in ["30분만에 싹 돌아오셨대요", "차만 타면 5분만에 토해요"] {
        let q = bridge(lexicon(), question);
        assert!(!q.text.contains("Childbirth"), "{question}: {q:?}");
    }
    assert!(bridge(lexicon(), "분만 과정이 궁금해요").text.contains("Childbirth"));
}

#[test]
fn a_predicate_made_a_noun_is_not_read_by_sound() {
    // 보이는건 ("what shows") was read as fenchon.
    let q = bridge(lexicon(), "눈으로 보이는건 없고 아픈거는 없어요");
    assert!(q.transliterations.is_empty(), "{q:?}");
}

#[test]
fn everyday_names_of_common_conditions_reach_their_focus() {
    for (question, english) in [
        ("대장내시경에서 용종 3개 뗐어요", "Colonic Polyps"),
        ("소변검사 잠혈 2+ 나왔어요", "Hematuria"),
        ("요관에 돌이 있대요", "Kidney Stones"),
        ("쓸개에 돌이 있대요", "Gallstones"),
        ("IgA신증이래요", "IgA Nephropathy"),
        ("캠핑가서 벌레물렸는데 부었어요", "Insect Bites"),
        ("손등에 뜨거운 물 쏟았어요", "Burns"),
        ("7살인데 아직 이불에 지도를 그려요", "Bedwetting"),
        ("계란알러지면 크면서 없어지나요", "Food Allergy"),
        ("엄지 발톱무좀 먹는약", "Nail Diseases"),
        ("초음파에서 자궁내막종 4cm", "Endometriosis"),
        ("뚜렛이면 어쩌죠", "Tourette"),
        ("세침검사 했더니 유두암이래요", "Thyroid Cancer"),
        ("거북목 때문에 어깨가 아파요", "Neck Injuries"),
        ("내성발톱이 곪았어요", "Nail Diseases"),
        ("엄마 골밀도 T점수 -3.1 나왔어요", "Osteoporosis"),
        ("아빠 혈압이 집에서 재면 150/95 정도 나와요", "High blood pressure"),
    ] {
        let q = bridge(lexicon(), question);
        assert!(q.text.to_lowercase().contains(&english.to_lowercase()), "{question}: {q:?}");
    }
}
