//! The medicine interaction check on the committed tables and lexicon: what someone who names their
//! medicines is warned about, by any name, across turns, and what is never said.

use crate::common::lexicon;
use medagent::core::Lang;
use medagent::lexicon::ConceptKind;
use medagent::medicines::{check, mentions, notice, Checked, Interactions, Medicine, Origin, Severity, Source};
use std::sync::OnceLock;

/// The interaction tables built from the committed sources (index/interactions), once per run.
fn table() -> &'static Interactions {
    static TABLE: OnceLock<Interactions> = OnceLock::new();
    TABLE.get_or_init(|| {
        let sources = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/index/interactions"));
        medagent::cli::files::load_interactions(sources).expect("the tables build from index/interactions")
    })
}

/// The check of a turn: the profile's medicines (DrugBank ids), earlier messages, this message.
fn checked(profile: &[&str], earlier: &[&str], message: &str) -> Checked {
    let profile = profile
        .iter()
        .map(|id| {
            let c = lexicon().concept(id).expect("a medicine of the lexicon");
            Medicine { id: c.id.clone(), en: c.en.clone(), ko: c.ko.clone(), said: None, from: Origin::Profile }
        })
        .collect();
    check(table(), lexicon(), mentions::gather(lexicon(), table(), profile, earlier, message).medicines)
}

/// The pairs found, as the ids of their two medicines.
fn pairs(checked: &Checked) -> Vec<[&str; 2]> {
    checked.found.iter().map(|f| [f.drugs[0].id.as_str(), f.drugs[1].id.as_str()]).collect()
}

const WARFARIN: &str = "DB00682";
const IBUPROFEN: &str = "DB01050";
const LITHIUM: &str = "DB01356";

#[test]
fn a_brand_asked_about_with_a_medicine_taken_is_warned_of_with_its_severity_advice_and_tables() {
    let found = checked(&[], &[], "I'm on warfarin for a clot. Is it okay to take Advil for my back?");
    assert_eq!(pairs(&found), [[WARFARIN, IBUPROFEN]]);
    let pair = &found.found[0];
    assert_eq!(pair.drugs[1].said.as_deref(), Some("Advil"));
    assert_eq!(pair.severity, Severity::Critical);
    assert!(pair.sources.contains(&Source::Consumer), "{:?}", pair.sources);
    let en = notice::describe(pair, Lang::En);
    assert!(en.contains("warfarin + Advil (Ibuprofen)") || en.contains("Warfarin + Advil (Ibuprofen)"), "{en}");
    assert!(en.contains("Do not take these together without talking to the prescriber"), "{en}");
    assert!(en.contains("drug-interaction-mcp"), "{en}");
    let ko = notice::describe(pair, Lang::Ko);
    assert!(ko.contains("와파린 + Advil (이부프로펜)") && ko.contains("처방한 의사와 상의하기 전에는"), "{ko}");
}

/// The pairs the labels' summary adds: a direct oral anticoagulant with an NSAID, aspirin or an
/// antiplatelet medicine, by brand or generic, in either language, is a warning with its advice.
#[test]
fn a_direct_oral_anticoagulant_with_an_nsaid_aspirin_or_antiplatelet_is_warned_of() {
    const APIXABAN: &str = "DB06605";
    const RIVAROXABAN: &str = "DB06228";
    for (message, pair) in [
        ("I take Eliquis for AFib. Can I take ibuprofen for my back?", [APIXABAN, IBUPROFEN]),
        ("엄마가 엘리퀴스 드시는데 허리 아프다고 부루펜 드셔도 되나요?", [APIXABAN, IBUPROFEN]),
        ("I'm on xarelto, is baby aspirin ok?", [RIVAROXABAN, "DB00945"]),
        ("자렐토 먹는 중인데 플라빅스도 같이 처방받았어요 괜찮나요", [RIVAROXABAN, "DB00758"]),
    ] {
        let found = checked(&[], &[], message);
        let pair_found = found.found.iter().find(|f| {
            let ids = [f.drugs[0].id.as_str(), f.drugs[1].id.as_str()];
            ids == pair || ids == [pair[1], pair[0]]
        });
        let Some(pair_found) = pair_found else { panic!("{message}: {:?}", pairs(&found)) };
        assert!(pair_found.sources.contains(&Source::Label), "{message}: {:?}", pair_found.sources);
        assert!(pair_found.severity >= Severity::Significant, "{message}");
        let lang = if medagent::core::has_hangul(message) { Lang::Ko } else { Lang::En };
        let text = notice::describe(pair_found, lang);
        assert!(text.contains("FDA"), "{text}");
        assert!(text.contains("출혈") || text.contains("bleeding"), "{text}");
    }
    // Acetaminophen with a blood thinner stays what the tables say of it: no bleeding warning of the labels.
    let tylenol = checked(&[], &[], "Can I take Tylenol with Eliquis?");
    assert!(tylenol.found.iter().all(|f| !f.sources.contains(&Source::Label)), "{:?}", pairs(&tylenol));
}

#[test]
fn korean_brands_generics_and_names_written_by_sound_find_the_same_pair() {
    for message in [
        "와파린 먹고 있는데 애드빌 먹어도 되나요?",
        "쿠마딘 복용 중인데 부루펜을 같이 먹어도 괜찮을까요?",
        "와파린 먹는데 이부프로펜 먹어도 돼요?",
        "I take Coumadin. Can I take Motrin?",
    ] {
        assert_eq!(pairs(&checked(&[], &[], message)), [[WARFARIN, IBUPROFEN]], "{message}");
    }
    // 심바스타친 is in no list: it is read by its sound as simvastatin.
    let by_sound = checked(&[], &[], "심바스타친 먹는데 클래리트로마이신을 처방받았어요.");
    assert_eq!(pairs(&by_sound), [["DB00641", "DB01211"]], "{by_sound:?}");
    assert_eq!(by_sound.found[0].drugs[0].said.as_deref(), Some("심바스타친"));
    let with_particle = checked(&[], &[], "메토트렉사트를 먹는데 박트림을 받았어요.");
    assert_eq!(with_particle.found[0].drugs[0].said.as_deref(), Some("메토트렉사트"), "{with_particle:?}");
}

#[test]
fn a_medicine_is_checked_through_its_class_and_a_class_through_its_members() {
    // Loxoprofen (록소닌) is listed with lithium by no table; as an NSAID it is.
    let found = checked(&[], &[], "리튬 먹는데 록소닌 먹어도 되나요?");
    assert_eq!(pairs(&found).len(), 1, "{found:?}");
    let pair = &found.found[0];
    assert_eq!(pair.drugs.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(), [LITHIUM, "DB09212"]);
    let listed = pair.listed_as.clone().expect("reached through the class");
    assert!(listed.iter().any(|n| n == "NSAID"), "{listed:?}");
    assert!(notice::listed_as(pair, Lang::En).unwrap().contains("NSAID"));
    // A class named in words: "NSAIDs" with lithium.
    let named = checked(&[LITHIUM], &[], "Can I take NSAIDs for my knee?");
    assert_eq!(named.found.len(), 1, "{named:?}");
    assert_eq!(named.found[0].drugs[1].id, "CLASS:nsaid");
    // A medicine and a class it belongs to are not a pair.
    assert!(checked(&[], &[], "Is ibuprofen an NSAID?").found.is_empty());
}

#[test]
fn a_medicine_taken_from_the_profile_or_an_earlier_turn_is_checked_with_the_message() {
    let from_profile = checked(&[WARFARIN], &[], "Can I take Advil for a headache?");
    assert_eq!(pairs(&from_profile), [[WARFARIN, IBUPROFEN]]);
    assert_eq!(from_profile.found[0].drugs[0].from, Origin::Profile);
    let from_earlier = checked(&[], &["My mom takes lithium for bipolar disorder."], "Can she take ibuprofen?");
    assert_eq!(pairs(&from_earlier), [[LITHIUM, IBUPROFEN]]);
    assert_eq!(from_earlier.found[0].drugs[0].from, Origin::EarlierTurn);
    let korean = checked(&[], &["어머니가 리튬을 드세요."], "부루펜 드셔도 될까요?");
    assert_eq!(pairs(&korean), [[LITHIUM, IBUPROFEN]]);
    // A pair named before is not said again with an answer that names neither of them.
    let later = checked(&[WARFARIN], &["Can I take Advil for a headache?"], "What foods are good for my heart?");
    assert!(later.found.is_empty(), "{later:?}");
    assert_eq!(pairs(&checked(&[WARFARIN, IBUPROFEN], &[], "Does Advil upset the stomach?")), [[WARFARIN, IBUPROFEN]]);
}

#[test]
fn a_medicine_said_stopped_is_not_checked() {
    assert!(checked(&[], &["I stopped taking warfarin last month."], "Can I take Advil now?").found.is_empty());
    assert!(checked(&[WARFARIN], &[], "I stopped warfarin last week. Can I take ibuprofen?").found.is_empty());
    assert!(checked(&[], &["와파린은 지난달에 끊었어요."], "애드빌 먹어도 되나요?").found.is_empty());
    // Asked whether it may be taken is not stopped.
    assert_eq!(pairs(&checked(&[WARFARIN], &[], "애드빌 먹으면 안 되나요?")), [[WARFARIN, IBUPROFEN]]);
}

#[test]
fn no_listed_pair_is_said_to_be_unlisted_never_safe_and_one_medicine_says_nothing() {
    let none = checked(&[], &[], "I take metformin. Can I take Tylenol for a cold?");
    assert!(none.found.is_empty() && none.none_listed(), "{none:?}");
    for lang in [Lang::En, Lang::Ko] {
        let said = notice::text(&none, lang).unwrap();
        assert!(said.contains("Tylenol"), "{said}");
        for reassurance in ["safe", "no problem", "fine", "안전", "괜찮"] {
            assert!(!said.to_lowercase().contains(reassurance), "{said}");
        }
    }
    let single = checked(&[], &[], "What are the side effects of metformin?");
    assert!(single.is_silent() && notice::text(&single, Lang::En).is_none(), "{single:?}");
}

#[test]
fn a_combination_product_is_checked_as_its_ingredients_as_it_was_said() {
    const TRIMETHOPRIM: &str = "DB00440";
    const METHOTREXATE: &str = "DB00563";
    for (message, said) in [
        ("I'm on methotrexate for RA and urgent care gave me bactrim for a UTI.", "bactrim"),
        ("류마티스로 메토트렉세이트 먹는데 방광염으로 박트림 받았어요", "박트림"),
    ] {
        let found = checked(&[], &[], message);
        let pair = found.found.iter().find(|f| f.drugs[1].id == TRIMETHOPRIM).unwrap_or_else(|| panic!("{found:?}"));
        assert_eq!((pair.drugs[0].id.as_str(), pair.drugs[1].said.as_deref()), (METHOTREXATE, Some(said)));
    }
    // Ultracet is tramadol (and acetaminophen): its tramadol meets venlafaxine's listing; its two
    // ingredients are no pair of each other.
    let found = checked(&[], &["이펙사 먹어요"], "허리디스크로 울트라셋 받았어요 같이 먹어도 되나");
    assert_eq!(pairs(&found), [["DB00285", "DB00193"]], "{found:?}");
    let alone = checked(&[], &[], "What is Ultracet for?");
    assert!(alone.found.is_empty(), "{alone:?}");
    // The pill a brand names holds ethinyl estradiol, whose listing with lamotrigine is the pair.
    let pill = checked(&[], &[], "라모트리진 먹는데 피임약 야즈 먹기 시작해도 돼요?");
    assert!(pairs(&pill).contains(&["DB00555", "DB00977"]), "{pill:?}");
}

#[test]
fn a_class_word_beside_a_medicine_of_that_class_is_that_medicine_not_its_whole_class() {
    for (earlier, message) in [
        ("혈압약으로 딜라트렌 먹고 있어요", "당뇨약 자누비아 추가됐는데 같이 먹어도 되나요?"),
        ("My blood pressure pill is carvedilol.", "They added a diabetes pill, Januvia. Is that okay together?"),
    ] {
        let found = checked(&[], &[earlier], message);
        assert!(found.found.is_empty(), "{found:?}");
    }
    // A class named alone still stands for its members.
    assert_eq!(pairs(&checked(&[LITHIUM], &[], "Can I take NSAIDs for my knee?")).len(), 1);
}

#[test]
fn misspellings_by_sound_and_abbreviations_in_lower_case_name_the_medicine() {
    const HCTZ: &str = "DB00999";
    let lower = checked(&[], &[], "my psychiatrist has me on lithium and my doctor just started hctz. problem?");
    assert_eq!(pairs(&lower), [[LITHIUM, HCTZ]], "{lower:?}");
    let misspelt = checked(&[], &[], "warfarine + diflucan for a yeast infection, ok or no?");
    assert_eq!(pairs(&misspelt), [[WARFARIN, "DB00196"]], "{misspelt:?}");
    let korean = checked(&[], &["바리움 먹는중"], "질염약 플루코나졸 한알짜리 먹어도 돼?");
    assert_eq!(pairs(&korean), [["DB00829", "DB00196"]], "{korean:?}");
}

#[test]
fn a_name_inside_another_word_names_no_medicine() {
    let found = checked(&[WARFARIN], &[], "I work at a winery and have aspirational goals about rumination.");
    assert!(found.found.is_empty() && found.medicines.len() == 1, "{found:?}");
    let korean = checked(&[WARFARIN], &[], "수술 전에 술자리가 있었어요. 니트로소아민이 뭐예요?");
    assert!(korean.found.is_empty(), "{korean:?}");
}

/// What the conversion script mapped each consumer name to (and each side of the labels' summary)
/// agrees with what the lexicon reads it as: every name the lexicon knows as a medicine (or a listed
/// substance) is one of the ids of its side of the row, or a member or class of one, so a user naming
/// it reaches the row.
#[test]
fn every_consumer_and_label_name_the_lexicon_reads_reaches_its_row() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/index/interactions"));
    let read = |name: &str| medagent::cli::files::read_text(&dir.join(name)).unwrap();
    let text = read("consumer.tsv.gz") + &read("labels.tsv");
    let mut misses = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.starts_with("row\t")) {
        let cols: Vec<&str> = line.split('\t').collect();
        for (names, ids) in [(cols[1], cols[2]), (cols[3], cols[4])] {
            let ids: Vec<&str> = ids.split('|').collect();
            for name in names.split('|') {
                let Some(concept) = lexicon().lookup(name) else { continue };
                if !matches!(concept.kind, ConceptKind::Medication | ConceptKind::Topic) {
                    continue;
                }
                let keys: Vec<String> = std::iter::once(concept.id.clone())
                    .chain(lexicon().classes_of(&concept.id).iter().map(|c| c.id.clone()))
                    .chain(lexicon().members_of(&concept.id).iter().map(|c| c.id.clone()))
                    .collect();
                if !keys.iter().any(|k| ids.contains(&k.as_str())) {
                    misses.push(format!("row {}: {name} reads as {} ({})", cols[0], concept.id, concept.en));
                }
            }
        }
    }
    assert!(misses.is_empty(), "{misses:#?}");
}

/// A knowledge base that finds nothing: the check needs no search.
struct Nothing;

impl medagent::pipeline::ports::Knowledge for Nothing {
    fn describe(&self) -> String {
        "nothing".into()
    }
    fn search<'a>(
        &'a self,
        _query: &'a str,
        _k: usize,
    ) -> medagent::llm::LocalFuture<'a, Result<medagent::pipeline::ports::Found, medagent::pipeline::ports::IndexError>>
    {
        use medagent::pipeline::ports::{Found, SearchReport};
        Box::pin(async move { Ok(Found { evidence: Vec::new(), report: SearchReport::method("nothing") }) })
    }
}

/// Through the pipeline, in agent and LLM mode: the check runs right after triage and is shown before
/// any node runs; a medicine of the first turn is checked with the second's; the model's answer
/// prompt carries the warning in the turn's language.
#[test]
fn the_pipeline_shows_the_warning_first_and_gives_it_to_the_model_in_both_modes() {
    use medagent::llm::scripted::{Script, ScriptedLlm};
    use medagent::llm::CallPurpose;
    use medagent::memory::Memory;
    use medagent::pipeline::graph::{run_turn, TurnInput};
    use medagent::pipeline::ports::{LexicalEmbedder, Services};
    use medagent::pipeline::state::{Mode, TurnEvent};

    let llm = ScriptedLlm::new(Script::default());
    let clock = crate::common::FixedClock;
    let services = Services::new(&Nothing, &LexicalEmbedder, &clock)
        .with_lexicon(lexicon())
        .with_interactions(table())
        .with_llm(Some(&llm));
    let mut memory = Memory::default();
    let mut turn = |text: &str, mode: Mode| {
        let mut events = Vec::new();
        let input = TurnInput { text: text.into(), user: "me".into(), mode, ..TurnInput::default() };
        let state = pollster::block_on(run_turn(input, &mut memory, &services, &mut |event| {
            events.push(match event {
                TurnEvent::Interactions(checked) => format!("interactions {}", checked.found.len()),
                TurnEvent::Node(node) => node.name().to_string(),
                _ => String::new(),
            })
        }));
        (state, events.into_iter().filter(|e| !e.is_empty()).collect::<Vec<_>>())
    };
    let answer_prompt = |llm: &ScriptedLlm| {
        let requests = llm.requests.borrow();
        let answer = requests.iter().rev().find(|r| r.purpose == CallPurpose::Answer).expect("an answer call");
        answer.messages.iter().map(|m| m.content.clone()).collect::<Vec<_>>().join("\n")
    };

    let (first, events) = turn("I take warfarin every day.", Mode::Agent);
    assert!(first.interactions.is_silent() && !events.iter().any(|e| e.starts_with("interactions")), "{events:?}");
    assert!(!answer_prompt(&llm).contains("[Medicine interactions]"));
    let (second, events) = turn("Can I take Advil for my back pain?", Mode::Agent);
    assert_eq!(events[0], "interactions 1", "shown before any node runs: {events:?}");
    assert_eq!(pairs(&second.interactions), [[WARFARIN, IBUPROFEN]]);
    assert_eq!(second.trace.path()[..2], ["triage", "interactions"]);
    let prompt = answer_prompt(&llm);
    assert!(prompt.contains("[Medicine interactions]") && prompt.contains("Advil (Ibuprofen)"), "{prompt}");
    assert!(prompt.contains("never call any combination safe"), "{prompt}");

    let (llm_mode, events) = turn("와파린 먹는데 나프록센 먹어도 되나요?", Mode::Llm);
    assert!(events[0].starts_with("interactions"), "{events:?}");
    assert!(pairs(&llm_mode.interactions).contains(&[WARFARIN, "DB00788"]), "{:?}", llm_mode.interactions);
    let prompt = answer_prompt(&llm);
    assert!(prompt.contains("[약물 상호작용]") && prompt.contains("나프록센"), "{prompt}");
}

/// A medicine only asked about ("can I take Advil?") is kept by the conversation, not the profile:
/// the profile never says it is taken, yet a blood thinner named turns later (past the earlier
/// messages the check re-reads) is still checked against it, in English and in Korean.
#[test]
fn a_medicine_asked_about_stays_under_discussion_and_out_of_the_profile() {
    use medagent::memory::profile::SlotKind;
    use medagent::memory::Memory;
    use medagent::pipeline::graph::{run_turn, TurnInput, EARLIER_TURNS};
    use medagent::pipeline::ports::{LexicalEmbedder, Services};

    let clock = crate::common::FixedClock;
    let services = Services::new(&Nothing, &LexicalEmbedder, &clock).with_lexicon(lexicon()).with_interactions(table());
    for (asked, between, taken) in [
        ("Can I take Advil for a headache?", "What helps a headache?", "I'm on warfarin for a clot."),
        ("애드빌 먹어도 되나요?", "두통에 좋은 게 뭐가 있나요?", "와파린 먹고 있어요."),
    ] {
        let mut memory = Memory::default();
        let mut turn = |text: &str| {
            let input = TurnInput { text: text.into(), user: "me".into(), ..TurnInput::default() };
            pollster::block_on(run_turn(input, &mut memory, &services, &mut |_| {}))
        };
        turn(asked);
        for _ in 0..EARLIER_TURNS {
            turn(between);
        }
        let last = turn(taken);
        assert_eq!(pairs(&last.interactions), [[IBUPROFEN, WARFARIN]], "{asked} / {taken}");
        let profile = memory.profiles.profile("me").expect("warfarin is kept");
        let medicines: Vec<&str> =
            profile.facts.iter().filter(|f| f.slot == SlotKind::Medications).map(|f| f.key.as_str()).collect();
        assert_eq!(medicines, [WARFARIN], "asked about is not taken: {asked}");
        let discussed: Vec<&str> = memory.conversations["me"].discussed.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(discussed, [IBUPROFEN]);
    }
}

/// The medicines most prescribed and sold in Korea and the US that the interaction tables list, by
/// their generic names in `index/lexicon/medicines_ko.tsv`: people name these by Korean brands and
/// label spellings, so each must have them.
#[rustfmt::skip]
const COMMON: &[&str] = &[
    // heart and blood pressure
    "amlodipine", "nifedipine", "diltiazem", "verapamil", "losartan", "valsartan", "telmisartan",
    "olmesartan", "candesartan cilexetil", "irbesartan", "ramipril", "enalapril", "lisinopril",
    "perindopril", "captopril", "carvedilol", "bisoprolol", "metoprolol", "atenolol", "propranolol",
    "nebivolol", "hydrochlorothiazide", "furosemide", "spironolactone", "indapamide", "digoxin",
    "amiodarone", "nitroglycerin", "isosorbide mononitrate", "doxazosin", "aliskiren",
    // blood thinners
    "warfarin", "apixaban", "rivaroxaban", "dabigatran etexilate", "aspirin", "clopidogrel",
    "ticagrelor", "cilostazol", "enoxaparin",
    // diabetes and lipids
    "metformin", "glimepiride", "gliclazide", "sitagliptin", "linagliptin", "dapagliflozin",
    "empagliflozin", "pioglitazone", "insulin glargine", "atorvastatin", "rosuvastatin", "simvastatin",
    "pravastatin", "pitavastatin", "lovastatin", "ezetimibe", "fenofibrate",
    // thyroid
    "levothyroxine", "methimazole", "propylthiouracil",
    // mind and sleep
    "escitalopram", "sertraline", "fluoxetine", "paroxetine", "duloxetine", "venlafaxine", "bupropion",
    "trazodone", "amitriptyline", "nortriptyline", "quetiapine", "olanzapine", "risperidone",
    "aripiprazole", "haloperidol", "alprazolam", "lorazepam", "clonazepam", "diazepam", "zolpidem",
    "buspirone",
    // epilepsy, nerve pain, migraine, gout
    "carbamazepine", "valproic acid", "lamotrigine", "topiramate", "phenytoin", "oxcarbazepine",
    "gabapentin", "pregabalin", "sumatriptan", "zolmitriptan", "rizatriptan", "allopurinol", "colchicine",
    // pain
    "acetaminophen", "ibuprofen", "naproxen", "celecoxib", "meloxicam", "diclofenac", "indomethacin",
    "tramadol", "oxycodone", "fentanyl",
    // infections
    "clarithromycin", "azithromycin", "ciprofloxacin", "levofloxacin", "moxifloxacin", "doxycycline",
    "metronidazole", "fluconazole", "itraconazole", "ketoconazole", "miconazole", "acyclovir",
    // stomach
    "omeprazole", "esomeprazole", "lansoprazole", "pantoprazole", "rabeprazole", "famotidine",
    "cimetidine", "metoclopramide", "domperidone",
    // breathing, urology, bones, hormones, immunity, steroids
    "theophylline", "zafirlukast", "tamsulosin", "finasteride", "sildenafil", "tadalafil", "solifenacin",
    "alendronic acid", "risedronic acid", "estradiol", "levonorgestrel", "cyclosporine", "tacrolimus",
    "azathioprine", "mycophenolate mofetil", "prednisolone", "methylprednisolone",
    // supplements the tables list
    "st. john's wort", "potassium chloride", "ginkgo biloba", "fish oil",
];

/// Every common medicine is listed in the tables and has a Korean generic and Korean names, and the
/// lexicon reads each of those as the medicine (a name two rows share, a combination product's
/// brand, may read as either).
#[test]
fn every_common_table_medicine_has_korean_names_that_read_as_it() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/index/lexicon"));
    let medicines = std::fs::read_to_string(dir.join("medicines_ko.tsv")).unwrap();
    let classes = std::fs::read_to_string(dir.join("medicine_classes.tsv")).unwrap();
    let (rows, _) = medagent::lexicon::medicines::parse(&medicines, &classes).unwrap();
    let rows_naming = |name: &str| rows.iter().filter(|r| r.ko_names.contains(&name)).count();
    let mut problems = Vec::new();
    for generic in COMMON {
        let Some(row) = rows.iter().find(|r| r.generic == *generic) else {
            problems.push(format!("{generic}: no row"));
            continue;
        };
        if !table().lists(row.drugbank_id) {
            problems.push(format!("{generic}: not in the interaction tables"));
        }
        if row.ko_generic.is_empty() || row.ko_names.is_empty() {
            problems.push(format!("{generic}: no Korean generic or no Korean names"));
        }
        for name in std::iter::once(row.ko_generic).chain(row.ko_names.iter().copied()) {
            let read = lexicon().lookup(name).map(|c| c.id.as_str());
            let shared = rows_naming(name) > 1;
            if read != Some(row.drugbank_id) && !(shared && read.is_some()) {
                problems.push(format!("{generic}: {name} reads as {read:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}
