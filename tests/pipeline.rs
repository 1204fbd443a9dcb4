//! The agent pipeline end to end, natively: routes, the refine loop and its stops, memory across
//! turns, the cache, bad input. Knowledge is a small in-memory base of real MedQuAD passages.

use crate::common::lexicon;
use medagent::i18n::Lang;
use medagent::llm::scripted::{judge_json, Script, ScriptedLlm};
use medagent::llm::{Llm, LlmError, LocalFuture};
use medagent::memory::Memory;
use medagent::pipeline::flags::{profile, Flags, MemoryMode, RefineStrategy, DEFAULT_MAX_LLM_CALLS, PROFILES};
use medagent::pipeline::graph::{run_turn, TurnInput};
use medagent::pipeline::ports::{Clock, Found, IndexError, Knowledge, LexicalEmbedder, SearchReport, Services};
use medagent::pipeline::state::{Evidence, Mode, QualityMethod, TurnEvent, TurnState};
use medagent::pipeline::step::{Node, PromptSection, RetrieveDetail, StepDetail, StepKind};
use medagent::pipeline::stop::StopReason;
use medagent::pipeline::trace::CallPurpose;
use std::cell::Cell;

fn passage(id: &str, title: &str, text: &str) -> Evidence {
    Evidence {
        id: id.into(),
        title: title.into(),
        passage: text.into(),
        url: format!("https://medlineplus.gov/{id}"),
        source: "NIDDK".into(),
        focus: "Diabetes".into(),
        qtype: "symptoms".into(),
        score: 5.0,
        bm25_rank: None,
        vector_rank: None,
        rrf_rank: None,
        location: None,
    }
}

/// Real MedQuAD passages (NIHSeniorHealth / NIDDK / NHLBI), shortened.
fn library() -> Vec<Evidence> {
    vec![
        passage("NIHSeniorHealth_0000015-4", "What are the symptoms of Diabetes ?", "Many people with diabetes experience one or more symptoms, including extreme thirst or hunger, a frequent need to urinate and/or fatigue. Some lose weight without trying. Additional signs include sores that heal slowly, dry, itchy skin, loss of feeling or tingling in the feet and blurry eyesight."),
        passage("NIDDK_0000030-1", "What is (are) Diabetes Complications ?", "Over time, high blood glucose can damage the heart, blood vessels, eyes, kidneys and nerves. Keeping blood glucose, blood pressure and cholesterol close to target lowers the risk of these problems."),
        passage("NHLBI_0000071-8", "How to prevent High Blood Pressure ?", "Healthy lifestyle habits can help prevent high blood pressure: eat a healthy diet low in salt, be physically active, maintain a healthy weight, limit alcohol and do not smoke."),
        passage("NIDDK_0000054-6", "What is (are) Prevent diabetes problems ?", "The A1C test reflects the average level of glucose in your blood during the past 3 months. Metformin is often the first medicine for type 2 diabetes."),
    ]
}

/// Returns passages in a fixed order; `vary` rotates them per call so iterations see new documents;
/// `nothing_relevant` returns none, as the search does when its relevance check fails.
struct Library {
    vary: bool,
    nothing_relevant: bool,
    calls: Cell<usize>,
}

impl Knowledge for Library {
    fn search<'a>(&'a self, _query: &'a str, k: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
        Box::pin(async move {
            let call = self.calls.get();
            self.calls.set(call + 1);
            let mut docs = if self.nothing_relevant { Vec::new() } else { library() };
            if self.vary {
                let n = docs.len();
                docs.rotate_left(call % n);
                docs.truncate(1 + call % 2);
                for d in &mut docs {
                    d.id = format!("{}-{call}", d.id);
                }
            }
            docs.truncate(k);
            for (i, d) in docs.iter_mut().enumerate() {
                d.bm25_rank = Some(i + 1);
            }
            Ok(Found { evidence: docs, report: SearchReport::method(self.describe()) })
        })
    }
    fn describe(&self) -> String {
        "test library".into()
    }
}

/// A clock the test moves by hand.
struct TestClock(Cell<f64>);

impl Clock for TestClock {
    fn now_ms(&self) -> f64 {
        self.0.get()
    }
    fn monotonic_ms(&self) -> f64 {
        self.0.get()
    }
}

struct Harness {
    memory: Memory,
    knowledge: Library,
    clock: TestClock,
}

impl Harness {
    fn new(vary: bool) -> Self {
        Harness {
            memory: Memory::default(),
            knowledge: Library { vary, nothing_relevant: false, calls: Cell::new(0) },
            clock: TestClock(Cell::new(1.7e12)),
        }
    }

    fn turn(&mut self, text: &str, flags: Flags, llm: Option<&dyn Llm>) -> TurnState {
        self.turn_as(text, "me", Mode::Agent, flags, llm)
    }

    fn turn_as(&mut self, text: &str, user: &str, mode: Mode, flags: Flags, llm: Option<&dyn Llm>) -> TurnState {
        let services =
            Services::new(&self.knowledge, &LexicalEmbedder, &self.clock).with_llm(llm).with_lexicon(lexicon());
        let input = TurnInput { text: text.into(), user: user.into(), mode, flags, ..TurnInput::default() };
        let (mut notice, mut streamed) = (None, String::new());
        let mut on_event = |event: TurnEvent| match event {
            TurnEvent::Triage(shown) => notice = Some(shown.to_string()),
            TurnEvent::AnswerStarted => streamed.clear(),
            TurnEvent::Delta(piece) => streamed.push_str(piece),
            TurnEvent::Node(_) | TurnEvent::Waiting(_) | TurnEvent::Interactions(_) => {}
        };
        let state = pollster::block_on(run_turn(input, &mut self.memory, &services, &mut on_event));
        assert_eq!(notice, state.answer.notice, "the notice shown is the answer's");
        assert_eq!(streamed, state.answer.after_notice(state.lang()), "what streamed after it is the rest");
        self.clock.0.set(self.clock.0.get() + 60_000.0);
        state
    }
}

fn full() -> Flags {
    profile("full_context_engineering").unwrap()
}

const AGENT_PATH: [&str; 12] = [
    "triage",
    "extract_slots",
    "store_memory",
    "check_similarity",
    "classify_intent",
    "assemble_context",
    "retrieve",
    "assemble_context",
    "generate_answer",
    "refine",
    "quality_check",
    "store_response",
];

#[test]
fn the_seed_conversation_fills_the_profile_and_cites_sources() {
    let mut h = Harness::new(false);
    let s = h.turn("65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180 정도이고 HbA1c는 8.2%입니다.", full(), None);
    assert_eq!(s.trace.path(), AGENT_PATH);
    assert_eq!(s.profile_summary, "65세 남성 | 질환: 당뇨병 (10년) | 공복혈당: 180 mg/dL | HbA1c: 8.2 %");
    assert!(s.answer_text().contains("[1]"), "offline answer cites sources: {}", s.answer_text());
    assert!(s.answer_text().contains("AI 모델이 설정되지 않아"), "honest that it is not generated");
    assert_eq!(s.llm_calls(), 0);
    // The next question is personalised by what was said before.
    let s = h.turn("What complications should I watch for?", full(), None);
    assert!(s.profile_summary.contains("65-year-old male"), "{}", s.profile_summary);
    assert!(s.user_prompt.contains("Diabetes (10 years)"));
}

/// The query of the turn's first search.
fn first_query(s: &TurnState) -> String {
    let step =
        s.trace.steps.iter().find(|step| step.node == StepKind::Node(Node::Retrieve)).expect("the turn searched");
    let StepDetail::Retrieve(RetrieveDetail::Found { query, .. }) = &step.detail else { panic!("{:?}", step.detail) };
    query.clone()
}

#[test]
fn a_question_naming_nothing_medical_is_searched_with_what_it_refers_back_to() {
    let mut h = Harness::new(false);
    h.turn("I am 65 and have had diabetes for 10 years. What is HbA1c?", full(), None);
    let s = h.turn("What should I watch for?", full(), None);
    let query = first_query(&s);
    assert!(query.starts_with("What should I watch for?"), "{query}");
    assert!(query.contains("diabetes") && query.contains("HbA1c") && !query.contains("65"), "{query}");
    // A question that names its own topic is searched as it is.
    let s = h.turn("What are the symptoms of gout?", full(), None);
    assert_eq!(first_query(&s), "What are the symptoms of gout?");
    // A condition the lexicon does not know is asked about for itself, not as a follow-up.
    for text in
        ["쯔쯔가무시병에 걸리면 어떤 증상이 있나요", "How is leptospirosis spread?", "what is scrub typhus fever"]
    {
        let s = h.turn(text, full(), None);
        assert_eq!(first_query(&s), text);
    }
    // "Complications" asks about the condition talked about.
    let s = h.turn("어떤 합병증을 조심해야 하나요?", full(), None);
    assert!(first_query(&s).len() > "어떤 합병증을 조심해야 하나요?".len(), "{}", first_query(&s));
    // With the conversation forgotten, the profile's conditions stand in.
    h.memory.conversations.clear();
    let s = h.turn("그럼 뭘 조심해야 돼요?", full(), None);
    assert!(first_query(&s).contains("당뇨"), "{}", first_query(&s));
}

#[test]
fn nothing_relevant_found_is_said_not_papered_over() {
    let mut h = Harness::new(false);
    h.knowledge.nothing_relevant = true;
    let s = h.turn("How is leptospirosis spread?", full(), None);
    assert!(s.answer_text().contains("nothing relevant") && !s.answer_text().contains("[1]"), "{}", s.answer_text());
    // A model would be told the same.
    assert!(s.user_prompt.contains("[Medical evidence] None"), "{}", s.user_prompt);
    let s = h.turn("렙토스피라증은 어떻게 옮나요?", full(), None);
    assert!(s.answer_text().contains("찾지 못했습니다"), "{}", s.answer_text());
}

#[test]
fn greetings_skip_retrieval() {
    let mut h = Harness::new(false);
    let s = h.turn("안녕하세요", full(), None);
    assert_eq!(
        s.trace.path(),
        [
            "triage",
            "extract_slots",
            "store_memory",
            "check_similarity",
            "classify_intent",
            "assemble_context",
            "generate_answer",
            "refine",
            "quality_check",
            "store_response"
        ]
    );
    assert!(!s.needs_retrieval);
    assert!(s.retrieved_docs.is_empty());
    assert!(s.answer_text().contains("안녕하세요"));
    assert_eq!(h.knowledge.calls.get(), 0);
}

#[test]
fn dynamic_k_follows_complexity() {
    let mut h = Harness::new(false);
    assert_eq!(h.turn("당뇨 증상?", full(), None).dynamic_k, 3);
    let complex =
        "65세 남성으로 당뇨병과 고혈압이 있고 메트포르민을 복용 중인데 최근 두통이 심합니다. 어떻게 해야 하나요?";
    assert_eq!(h.turn(complex, full(), None).dynamic_k, 15);
    let mut fixed = full();
    fixed.dynamic_rag_routing = false;
    fixed.response_cache_enabled = false;
    assert_eq!(h.turn(complex, fixed, None).dynamic_k, 8);
}

#[test]
fn the_cache_serves_the_same_profile_only() {
    let mut h = Harness::new(false);
    let first = h.turn_as("What are the symptoms of diabetes?", "dad", Mode::Agent, full(), None);
    assert!(!first.cache_hit);
    let again = h.turn_as("what are the symptoms of diabetes", "dad", Mode::Agent, full(), None);
    assert!(again.cache_hit);
    assert_eq!(again.trace.path(), ["triage", "extract_slots", "store_memory", "check_similarity", "store_response"]);
    assert_eq!(again.answer_text(), first.answer_text(), "no random rewording");
    // Another family member with a different profile gets a fresh answer.
    h.turn_as("I am 30 years old and pregnant", "mom", Mode::Agent, full(), None);
    let mom = h.turn_as("What are the symptoms of diabetes?", "mom", Mode::Agent, full(), None);
    assert!(!mom.cache_hit);
    // Telling something new changes dad's profile: the old answer no longer fits.
    let changed =
        h.turn_as("I also take metformin. What are the symptoms of diabetes?", "dad", Mode::Agent, full(), None);
    assert!(!changed.cache_hit);
}

/// Facts stated in a message are stored even when the answer comes from the cache: ben says the same
/// words as ann, gets ann's answer (same profile, so it fits) and his profile holds the asthma.
#[test]
fn a_cached_answer_still_stores_the_facts_of_the_message() {
    let mut h = Harness::new(false);
    let ann = h.turn_as("I have asthma", "ann", Mode::Agent, full(), None);
    assert!(!ann.cache_hit);
    let ben = h.turn_as("I have asthma", "ben", Mode::Agent, full(), None);
    assert!(ben.cache_hit, "the same message for the same profile reuses the answer");
    assert_eq!(ben.answer_text(), ann.answer_text());
    let profile = h.memory.profiles.profile("ben").expect("ben has a profile");
    assert!(profile.facts.iter().any(|f| f.en == "Asthma"), "{profile:?}");
    assert_eq!(ben.profile_summary, ann.profile_summary);
    assert!(ben.profile_summary.contains("Asthma"), "{}", ben.profile_summary);
}

#[test]
fn llm_mode_is_the_plain_baseline() {
    let mut h = Harness::new(false);
    let llm = ScriptedLlm::default();
    let s = h.turn_as("What are the symptoms of diabetes?", "me", Mode::Llm, full(), Some(&llm));
    assert_eq!(s.trace.path(), ["triage", "generate_answer", "store_response"]);
    assert_eq!(s.llm_calls(), 1);
    let request = &llm.requests.borrow()[0];
    assert!(!request.messages[1].content.contains("[1]"), "no evidence in LLM mode");
    // Without a model, LLM mode says what it needs instead of pretending.
    let offline = h.turn_as("What are the symptoms of diabetes?", "me", Mode::Llm, full(), None);
    assert!(offline.answer_text().contains("needs an AI model"));
}

#[test]
fn a_judge_stuck_at_0_3_stops_at_the_limit_or_on_stagnation() {
    let low = Script { judge: judge_json(0.3, &["side effects"]), ..Script::default() };
    // With the default budget of 4 model calls, a second answer fits but not a third.
    let mut flags = profile("self_refine_dynamic_query").unwrap();
    let llm = ScriptedLlm::new(low.clone());
    let s = Harness::new(true).turn("What are the symptoms of diabetes?", flags.clone(), Some(&llm));
    assert_eq!((s.llm_calls(), s.iteration_count), (4, 1));
    // The second answer is judged by the heuristic: the budget has no call left for the model judge.
    assert_eq!(s.quality.method, Some(QualityMethod::Heuristic));
    assert!(
        matches!(s.stop_reason, Some(StopReason::QualityReached { .. } | StopReason::CallBudget { limit: 4 })),
        "{:?}",
        s.stop_reason
    );
    let purposes: Vec<CallPurpose> = s.trace.model_calls.iter().map(|c| c.purpose).collect();
    assert_eq!(purposes, [CallPurpose::Answer, CallPurpose::Judge, CallPurpose::Rewrite, CallPurpose::Answer]);
    assert!(!s.answer_text().contains("What the medical sources say"), "the model's answer, not the offline one");
    // Without safety stops and with calls to spare: the iteration limit (2).
    flags.max_llm_calls_per_turn = 20;
    let llm = ScriptedLlm::new(low.clone());
    let mut h = Harness::new(true);
    let s = h.turn("What are the symptoms of diabetes?", flags.clone(), Some(&llm));
    assert_eq!(s.iteration_count, 2);
    assert_eq!(s.quality_score_history, vec![0.3, 0.3, 0.3]);
    assert_eq!(s.stop_reason, Some(StopReason::IterationLimit { limit: 2 }));
    // The trace keeps the English sentence and adds the code; people read it in their language.
    let last_check = s.trace.steps.iter().rev().find(|step| step.node == StepKind::Node(Node::QualityCheck)).unwrap();
    let StepDetail::QualityCheck(check) = &last_check.detail else { panic!("{:?}", last_check.detail) };
    assert_eq!(check.reason.as_deref(), Some("iteration limit reached (2)"));
    assert_eq!(check.reason_code, Some("iteration_limit"));
    assert_eq!(s.stop_reason.as_ref().unwrap().describe(Lang::Ko), "최대 반복 횟수에 도달했습니다 (2회)");
    assert_eq!(s.rewritten_queries.len(), 3);
    // With safety stops: stagnation after the first retry.
    flags.safety_stops = true;
    let llm = ScriptedLlm::new(low);
    let s = Harness::new(true).turn("What are the symptoms of diabetes?", flags, Some(&llm));
    assert_eq!(s.iteration_count, 1);
    assert!(matches!(s.stop_reason, Some(StopReason::QualityStagnant { .. })), "{:?}", s.stop_reason);
    // answer + judge + rewrite per iteration.
    assert_eq!(s.llm_calls(), 6);
}

#[test]
fn identical_documents_stop_on_the_duplicate_check() {
    let llm = ScriptedLlm::new(Script { judge: judge_json(0.3, &["dose"]), ..Script::default() });
    let flags = Flags { max_llm_calls_per_turn: 20, ..profile("self_refine_full_safety").unwrap() };
    let s = Harness::new(false).turn("What are the symptoms of diabetes?", flags, Some(&llm));
    assert_eq!(s.iteration_count, 1);
    assert_eq!(s.stop_reason, Some(StopReason::DuplicateDocuments { jaccard: 1.0 }));
}

#[test]
fn bad_judge_json_falls_back_to_the_heuristic() {
    for bad in ["not json at all", r#"{"grounding_score": 7, "completeness_score": 1, "accuracy_score": 1}"#] {
        let llm = ScriptedLlm::new(Script { judge: bad.into(), ..Script::default() });
        let s = Harness::new(false).turn("What are the symptoms of diabetes?", full(), Some(&llm));
        assert_eq!(s.quality.method, Some(QualityMethod::HeuristicFallback));
        assert!((0.0..=1.0).contains(&s.quality.overall));
    }
}

#[test]
fn a_failing_model_still_answers_from_the_evidence() {
    let llm = ScriptedLlm::new(Script {
        fail: Some(LlmError::RateLimited { retry_after_secs: Some(20) }),
        ..Script::default()
    });
    let s = Harness::new(false).turn("What are the symptoms of diabetes?", full(), Some(&llm));
    assert!(s.error.as_deref().unwrap().contains("20 s"));
    assert!(s.answer_text().contains("[1]"));
}

#[test]
fn triage_puts_the_emergency_notice_first() {
    let s = Harness::new(false).turn("I have crushing chest pain and sweating, what should I do?", full(), None);
    assert_eq!(s.triage.level, medagent::triage::Level::Emergency);
    assert_eq!(s.emergency.as_deref(), Some("chest pain with cardiac features"));
    assert!(s.answer_text().starts_with("⚠️") && s.answer_text().contains("911"), "{}", s.answer_text());
    assert!(s.answer_text().len() > 200, "the answer still follows");
    // The trace records it first, with the rule and the words.
    let step = &s.trace.steps[0];
    assert_eq!(step.node, StepKind::Triage);
    let json = serde_json::to_value(&step.detail).unwrap();
    assert_eq!(json["level"], "emergency");
    assert!(json["reasons"][0]["matched"].to_string().contains("sweating"), "{json}");
    // Korean gets Korean and 119.
    let ko = Harness::new(false).turn("가슴이 꽉 조이듯 아프고 땀이 비 오듯 나요", full(), None);
    assert!(ko.answer_text().starts_with("⚠️ **응급") && ko.answer_text().contains("119"), "{}", ko.answer_text());
}

/// Conversation memory keeps what the answer said: the body, without the notice and the evidence
/// answer's preamble shown around it, so its one-line summary quotes the sources.
#[test]
fn memory_keeps_the_answers_body_not_the_notice_or_preamble() {
    let mut h = Harness::new(false);
    let s = h.turn("I have crushing chest pain and sweating, what should I do?", full(), None);
    assert!(s.answer.notice.is_some() && s.answer.preamble.is_some(), "{:?}", s.answer);
    let exchange = &h.memory.conversations["me"].exchanges[0];
    assert_eq!(exchange.answer, s.answer.body);
    let line = medagent::memory::conversation::gist(&exchange.user, &exchange.answer);
    assert!(line.contains("-> A: - **"), "the first quote: {line}");
}

#[test]
fn with_a_model_the_notice_leads_and_the_model_is_told() {
    for mode in [Mode::Llm, Mode::Agent] {
        let llm = ScriptedLlm::new(Script::default());
        let s = Harness::new(false).turn_as(
            "my husband took a whole bottle of his sleeping pills",
            "me",
            mode,
            full(),
            Some(&llm),
        );
        assert!(
            s.answer_text().starts_with("⚠️ **This may be an emergency. Call 911 now.**"),
            "{mode:?}: {}",
            s.answer_text()
        );
        let requests = llm.requests.borrow();
        let system = &requests[0].messages[0].content;
        assert!(system.starts_with("Triage:") && system.contains("911"), "{mode:?}: {system}");
    }
    // No emergency, no instruction.
    let llm = ScriptedLlm::new(Script::default());
    Harness::new(false).turn_as("What are the symptoms of diabetes?", "me", Mode::Llm, full(), Some(&llm));
    assert!(!llm.requests.borrow()[0].messages[0].content.contains("Triage"));
}

/// The model's one-word level comes with the first call; the higher of it and the rules' decides,
/// and the level line never reaches the answer.
#[test]
fn the_models_second_opinion_can_raise_the_level() {
    let script = Script { answer: "LEVEL: emergency\nPlease get help now.".into(), ..Script::default() };
    let llm = ScriptedLlm::new(script);
    let s =
        Harness::new(false).turn_as("my grandpa has been a bit tired this week", "me", Mode::Llm, full(), Some(&llm));
    assert_eq!(s.triage.level, medagent::triage::Level::Emergency);
    assert_eq!(s.triage.reasons[0].rule, "model second opinion");
    assert!(s.answer_text().starts_with("⚠️ **This may be an emergency. Call 911 now.**"), "{}", s.answer_text());
    assert!(
        s.answer_text().ends_with("Please get help now.") && !s.answer_text().contains("LEVEL"),
        "{}",
        s.answer_text()
    );
    let asked = &llm.requests.borrow()[0].messages[0].content;
    assert!(asked.contains("LEVEL: emergency"), "{asked}");
    // A lower model level leaves the rules' level; no model, the rules alone.
    let calm = ScriptedLlm::new(Script { answer: "LEVEL: none\nAn answer.".into(), ..Script::default() });
    let s = Harness::new(false).turn_as("I have some pain in my chest", "me", Mode::Llm, full(), Some(&calm));
    assert_eq!(s.triage.level, medagent::triage::Level::Urgent);
    assert_eq!(s.answer_text().lines().last(), Some("An answer."));
}

#[test]
fn a_cache_hit_still_shows_this_turns_notice() {
    let mut h = Harness::new(false);
    // The writer asks for themselves ("I"), and the crisis below is theirs too, so the profile the
    // cache is keyed by stays the same.
    let question =
        "What daily routine should I keep for sleep, walking, meals and water to stay healthy and feel better every week?";
    h.turn(question, full(), None);
    let plain = h.turn(question, full(), None);
    assert!(plain.cache_hit && plain.triage.level == medagent::triage::Level::None);
    // The same question with a poisoning added is close enough to be served from the cache: the cached
    // answer comes after this turn's notice.
    let crisis = h.turn(&format!("{question} I accidentally drank some bleach"), full(), None);
    assert!(crisis.cache_hit, "similar enough to be served from the cache: {:?}", crisis.trace.steps[1].detail);
    assert!(
        crisis.answer_text().starts_with("⚠️") && crisis.answer_text().ends_with(&plain.answer_text()),
        "{}",
        crisis.answer_text()
    );
    assert!(crisis.answer_text().contains("Poison Control"), "{}", crisis.answer_text());
    // A turn with a notice is not cached, so the plain question never inherits one.
    let again = h.turn(question, full(), None);
    assert!(again.cache_hit && !again.answer_text().starts_with("⚠️"));
}

#[test]
fn memory_mode_none_remembers_nothing() {
    let mut flags = full();
    flags.memory_mode = MemoryMode::None;
    let mut h = Harness::new(false);
    h.turn("65세 남성, 당뇨가 있어요", flags.clone(), None);
    assert!(h.memory.profiles.profile("me").is_none());
    assert!(h.turn("당뇨 합병증은?", flags, None).profile_summary.is_empty());
}

#[test]
fn bad_input_ends_every_turn() {
    let mut h = Harness::new(false);
    let huge = "당뇨 diabetes 혈압 140/90 두통 ".repeat(4000);
    assert!(huge.len() > 100_000);
    for text in ["", "   ", "🙂🙂🙂", "HbA1c 8.2% 인데 diabetes 관리 어떻게 해요?", huge.as_str()] {
        let s = h.turn(text, full(), None);
        assert_eq!(
            s.trace.steps.last().unwrap().node,
            StepKind::Node(Node::StoreResponse),
            "{:?}",
            &text[..text.len().min(20)]
        );
        assert!(!s.answer_text().is_empty());
    }
    // The huge message stays inside the prompt budget.
    let s = Harness::new(false).turn(&huge, full(), None);
    assert!(medagent::pipeline::tokens::estimate(&s.user_prompt) < 2500);
    assert!(s.slots.conditions.len() == 1 && s.slots.vitals.len() == 1);
}

/// Property: for any flag combination (both flows' switches and the call budget) and any replies of
/// the model (good, poor or junk for each of its tasks), the refine loop stays within
/// max_refine_iterations, the sufficiency loop within its rounds, the model is called at most
/// `max_llm_calls_per_turn` times, the step guard never fires, and the turn ends at store_response.
/// (A fixed-seed generator keeps it deterministic.)
#[test]
fn any_flags_and_replies_every_turn_ends_within_its_limits_and_budget() {
    let mut seed: u64 = 0x5eed;
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut bit = || next() & 1 == 1;
    let pick = |n: u64, bit: &mut dyn FnMut() -> bool| (0..8).fold(0, |acc, _| acc * 2 + u64::from(bit())) % n;
    let questions = [
        "What are the symptoms of diabetes?",
        "통풍 치료와 식단은 어떻게 하나요?",
        "hello",
        "is my medicine safe with alcohol?",
    ];
    for case in 0..300 {
        let flags = Flags {
            self_refine_enabled: bit(),
            max_refine_iterations: (case % 9) * if bit() { 1 } else { 100 },
            quality_threshold: if bit() { 0.5 } else { 1.1 },
            refine_strategy: if bit() { RefineStrategy::Corrective } else { RefineStrategy::Basic },
            llm_quality_check: bit(),
            dynamic_query_rewrite: bit(),
            safety_stops: bit(),
            active_retrieval_enabled: bit(),
            response_cache_enabled: bit(),
            dynamic_rag_routing: bit(),
            memory_mode: if bit() { MemoryMode::Structured } else { MemoryMode::None },
            lexicon_extraction: bit(),
            query_planning: bit(),
            neighbour_expansion: bit(),
            rerank: bit(),
            sufficiency_check: bit(),
            min_sufficiency: if bit() { 0.7 } else { 1.01 },
            max_sufficiency_iterations: pick(50, &mut bit) as usize,
            grounding_grade: bit(),
            max_llm_calls_per_turn: pick(9, &mut bit) as usize,
        };
        let junk = "I think the answer is yes.".to_string();
        let script = Script {
            judge: [judge_json(0.2, &["more"]), judge_json(0.95, &[]), junk.clone()][pick(3, &mut bit) as usize]
                .clone(),
            plan: [
                Script::default().plan,
                r#"{"normalized_query": "diabetes", "subqueries": ["a", "b", "c", "d"]}"#.into(),
                junk.clone(),
            ][pick(3, &mut bit) as usize]
                .clone(),
            rerank: [r#"{"ranking": [1, 0]}"#.to_string(), r#"{"ranking": [99]}"#.into(), junk.clone()]
                [pick(3, &mut bit) as usize]
                .clone(),
            sufficiency: [
                r#"{"score": 0.1, "verdict": "not_enough", "missing_aspects": ["diet", "complications"]}"#.to_string(),
                r#"{"score": 0.9, "verdict": "enough", "missing_aspects": []}"#.into(),
                junk.clone(),
            ][pick(3, &mut bit) as usize]
                .clone(),
            grade: [
                r#"{"grounded": false, "score": 0.1, "reason": "dose invented"}"#.to_string(),
                Script::default().grade,
                junk.clone(),
            ][pick(3, &mut bit) as usize]
                .clone(),
            ..Script::default()
        };
        let llm = ScriptedLlm::new(script);
        let use_llm = bit();
        let question = questions[pick(4, &mut bit) as usize];
        let s = Harness::new(bit()).turn(question, flags.clone(), if use_llm { Some(&llm) } else { None });
        assert!(
            s.iteration_count <= flags.iteration_limit(),
            "case {case}: {} > {}",
            s.iteration_count,
            flags.iteration_limit()
        );
        assert!(s.sufficiency.len() <= flags.sufficiency_limit() * (flags.iteration_limit() + 1), "case {case}");
        assert!(
            s.llm_calls() <= flags.max_llm_calls_per_turn,
            "case {case}: {} calls, budget {}",
            s.llm_calls(),
            flags.max_llm_calls_per_turn
        );
        assert_eq!(s.llm_calls(), llm.requests.borrow().len(), "case {case}: every request is in the trace");
        assert!(s.regenerations <= 1, "case {case}");
        assert_ne!(s.stop_reason, Some(StopReason::StepLimit), "case {case}: {:?}", s.trace.path());
        assert_eq!(s.trace.steps.last().unwrap().node, StepKind::Node(Node::StoreResponse), "case {case}");
        assert!(s.stop_reason.is_some() || s.cache_hit, "case {case}");
    }
}

/// LLM calls per turn for each ablation profile on a scripted 5-turn conversation (also printed by
/// `medagent bench pipeline`). Asserts the ordering the profiles are built for.
#[test]
fn llm_calls_grow_with_the_profiles() {
    let conversation = [
        "안녕하세요",
        "65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180 정도이고 HbA1c는 8.2%입니다.",
        "What are the symptoms of diabetes?",
        "what are the symptoms of diabetes",
        "메트포르민 부작용은 무엇인가요?",
    ];
    let mut calls = Vec::new();
    for name in PROFILES {
        // The default budget holds every turn of every profile ...
        let llm = ScriptedLlm::new(Script { judge: judge_json(0.4, &["side effects"]), ..Script::default() });
        let mut h = Harness::new(true);
        for q in conversation {
            let s = h.turn(q, profile(name).unwrap(), Some(&llm));
            assert!(s.llm_calls() <= DEFAULT_MAX_LLM_CALLS, "{name}: {q}: {:?}", s.trace.model_calls);
        }
        // ... and without it the profiles differ as they are built to.
        let llm = ScriptedLlm::new(Script { judge: judge_json(0.4, &["side effects"]), ..Script::default() });
        let mut h = Harness::new(true);
        let unbounded = || Flags { max_llm_calls_per_turn: 100, ..profile(name).unwrap() };
        let total: usize = conversation.iter().map(|q| h.turn(q, unbounded(), Some(&llm)).llm_calls()).sum();
        calls.push(total);
    }
    // One answer per turn, and one more for each of the three Korean turns: the scripted model's
    // English answer fails the language check and is written again once.
    assert_eq!(calls[0], 8, "baseline: one answer per turn and the retries");
    assert!(calls[1] == calls[0], "heuristic judging adds no calls");
    assert!(calls[2] > calls[1] && calls[3] > calls[2], "{calls:?}");
    assert!(calls[4] <= calls[3], "safety stops never add calls: {calls:?}");
    assert!(calls[5] < calls[4], "the cache and small-talk skipping save calls: {calls:?}");
}

/// Active retrieval's stages, as the trace of classify_intent records them, and where each leads.
#[test]
fn classify_intent_takes_each_stage() {
    let mut h = Harness::new(false);
    let stage = |s: &TurnState| {
        let step = s.trace.steps.iter().find(|step| step.node == StepKind::Node(Node::ClassifyIntent)).unwrap();
        (serde_json::to_value(&step.detail).unwrap()["stage"].as_str().unwrap().to_string(), s.needs_retrieval)
    };
    let s = h.turn("hello", full(), None);
    assert_eq!(stage(&s), ("rules".into(), false));
    assert_eq!(s.stop_reason, Some(StopReason::NoDocumentsNeeded));
    let s = h.turn("My metformin makes me dizzy", full(), None);
    assert_eq!(stage(&s), ("slots".into(), true));
    let s = h.turn("What should I bring to my appointment?", full(), None);
    assert_eq!(stage(&s), ("content".into(), true));
    // Anything but small talk searches, however it is worded: complaints in lay words, not phrased as
    // questions, conjugated past any word list; the relevance check says when nothing relevant is found.
    for message in [
        "my ankles swell and I get breathless lying down",
        "다리가 붓고 누우면 숨이 차요",
        "자꾸 어지럽고 빙빙 도는 느낌이에요",
        "first signs of parkinson's in older people",
        "I went for a walk today",
    ] {
        let s = h.turn(message, full(), None);
        assert!(s.needs_retrieval && !s.small_talk, "{message}: {:?}", stage(&s));
        assert!(s.trace.path().contains(&"extract_slots") && s.trace.path().contains(&"retrieve"), "{message}");
    }
    let mut off = full();
    off.active_retrieval_enabled = false;
    off.response_cache_enabled = false;
    let s = h.turn("hello there", off, None);
    assert_eq!(stage(&s), ("disabled".into(), true));
    assert!(s.trace.path().contains(&"retrieve"));
}

#[test]
fn a_good_first_answer_stops_on_quality() {
    let llm = ScriptedLlm::default();
    let s = Harness::new(false).turn("What are the symptoms of diabetes?", full(), Some(&llm));
    assert!(matches!(s.stop_reason, Some(StopReason::QualityReached { .. })), "{:?}", s.stop_reason);
    assert_eq!(s.iteration_count, 0);
}

/// Distinct questions, so that no turn is a cache hit.
const QUESTIONS: [&str; 12] = [
    "I have type 2 diabetes, what are its symptoms?",
    "How is gout treated?",
    "What causes high blood pressure?",
    "Can asthma be prevented?",
    "What are the side effects of metformin?",
    "How do I know if I have anemia?",
    "Is osteoporosis hereditary?",
    "What is the outlook for kidney disease?",
    "How is glaucoma diagnosed?",
    "Who is at risk for hepatitis B?",
    "What are the stages of Alzheimer's disease?",
    "How can I lower my cholesterol?",
];

/// The detail a node recorded in the trace (its last run), as the JSON `medagent ask --json` writes.
fn detail(s: &TurnState, node: Node) -> serde_json::Value {
    let step = s.trace.steps.iter().rev().find(|step| step.node == StepKind::Node(node)).unwrap();
    serde_json::to_value(&step.detail).unwrap()
}

#[test]
fn a_long_conversation_is_summarised_by_the_model_once_per_block() {
    let llm = ScriptedLlm::default();
    let mut h = Harness::new(false);
    let turns: Vec<TurnState> = QUESTIONS.iter().map(|q| h.turn(q, full(), Some(&llm))).collect();
    // Turn 8 leaves exchanges 1-3 in tier 2 for the next turn: one summary call, after the answer.
    assert_eq!(
        detail(&turns[7], Node::StoreResponse)["memory_summary"],
        serde_json::json!({"block": [0, 3], "source": "llm"})
    );
    assert_eq!(turns[7].llm_calls(), 3, "answer + judge + summary");
    let requests = llm.summary_requests();
    assert!(requests[0].contains(QUESTIONS[0]) && requests[0].contains(QUESTIONS[2]));
    assert!(!requests[0].contains(QUESTIONS[3]), "one block of three exchanges");
    // Turn 9's prompt has the model's summary in place of the three extractive lines.
    assert!(turns[8].user_prompt.contains("Summary of 3 earlier exchanges"), "{}", turns[8].user_prompt);
    assert!(!turns[8].user_prompt.contains(&format!("Q: {}", QUESTIONS[0])));
    assert_eq!(detail(&turns[8], Node::AssembleContext)["memory"]["summary_source"], "llm");
    assert_eq!(turns[8].llm_calls(), 2, "the summary is kept, not made again");
    // Turn 10: exchange 4 is summarised extractively until its block is complete (turn 11).
    assert_eq!(detail(&turns[9], Node::AssembleContext)["memory"]["summary_source"], "llm+extractive");
    assert!(turns[9].user_prompt.contains(&format!("Q: {}", QUESTIONS[3])));
    assert_eq!(detail(&turns[10], Node::StoreResponse)["memory_summary"]["block"], serde_json::json!([3, 6]));
    let calls: Vec<usize> = turns.iter().map(|t| t.llm_calls()).collect();
    assert_eq!(calls, [2, 2, 2, 2, 2, 2, 2, 3, 2, 2, 3, 2]);
    assert_eq!(llm.summary_requests().len(), 2);
    // The summaries live in the memory (so the CLI --state file and the browser keep them).
    let stored = &h.memory.conversations["me"].summaries;
    assert_eq!(stored.iter().map(|b| (b.from, b.to)).collect::<Vec<_>>(), [(0, 3), (3, 6)]);
}

#[test]
fn a_failing_summary_falls_back_to_extractive_without_losing_the_turn() {
    // Only the summaries fail: the answers are fine.
    let llm = ScriptedLlm::new(Script { summary_fail: Some(LlmError::Timeout { secs: 30 }), ..Script::default() });
    let mut h = Harness::new(false);
    let turns: Vec<TurnState> = QUESTIONS[..9].iter().map(|q| h.turn(q, full(), Some(&llm))).collect();
    let summary = &detail(&turns[7], Node::StoreResponse)["memory_summary"];
    assert_eq!(summary["source"], "extractive");
    assert!(summary["error"].as_str().unwrap().contains("30 s"), "{summary}");
    assert!(turns[7].error.is_none(), "the answer itself succeeded");
    assert!(turns[7].answer_text().contains("[1]"));
    assert_eq!(turns[7].llm_calls(), 3, "the failed call still counts");
    assert_eq!(detail(&turns[8], Node::AssembleContext)["memory"]["summary_source"], "extractive");
    assert!(turns[8].user_prompt.contains(&format!("Q: {}", QUESTIONS[0])));
    assert_eq!(h.memory.conversations["me"].exchanges.len(), 9, "no turn lost");
    assert!(h.memory.conversations["me"].summaries.is_empty());

    // The whole model down: the answers come from the evidence and no summary is even tried.
    let down =
        ScriptedLlm::new(Script { fail: Some(LlmError::Network { detail: "offline".into() }), ..Script::default() });
    let mut h = Harness::new(false);
    let turns: Vec<TurnState> = QUESTIONS[..9].iter().map(|q| h.turn(q, full(), Some(&down))).collect();
    assert_eq!(detail(&turns[7], Node::StoreResponse)["memory_summary"]["why"], "the model failed this turn");
    assert!(down.summary_requests().is_empty());
    // The newest summarised exchange quotes the evidence answer, not its preamble.
    let line = format!("Q: {} -> A: - **", QUESTIONS[2]);
    assert!(turns[8].user_prompt.contains(&line), "{}", turns[8].user_prompt);
    assert_eq!(h.memory.conversations["me"].exchanges.len(), 9);

    // No model at all: extractive, and the trace says why.
    let mut h = Harness::new(false);
    let turns: Vec<TurnState> = QUESTIONS[..9].iter().map(|q| h.turn(q, full(), None)).collect();
    assert_eq!(detail(&turns[7], Node::StoreResponse)["memory_summary"]["why"], "no model");
    assert_eq!(detail(&turns[8], Node::AssembleContext)["memory"]["summary_source"], "extractive");
}

#[test]
fn no_memory_and_llm_mode_make_no_summary_calls() {
    let mut none = full();
    none.memory_mode = MemoryMode::None;
    let llm = ScriptedLlm::default();
    let mut h = Harness::new(false);
    let turns: Vec<TurnState> = QUESTIONS[..9].iter().map(|q| h.turn(q, none.clone(), Some(&llm))).collect();
    assert!(llm.summary_requests().is_empty());
    assert!(!turns[8].user_prompt.contains("[Earlier in this conversation]"), "memory_mode none uses no memory");
    assert_eq!(detail(&turns[8], Node::AssembleContext)["memory"]["recent"], 0);

    let llm = ScriptedLlm::default();
    let mut h = Harness::new(false);
    for q in &QUESTIONS[..9] {
        assert_eq!(h.turn_as(q, "me", Mode::Llm, full(), Some(&llm)).llm_calls(), 1, "LLM mode: the plain baseline");
    }
    assert!(llm.summary_requests().is_empty());

    // Every ablation profile with memory keeps the same conversation memory: one summary call by
    // turn 9, when the call budget leaves room for it.
    for name in PROFILES.into_iter().filter(|p| profile(p).unwrap().memory_mode == MemoryMode::Structured) {
        let llm = ScriptedLlm::default();
        let mut h = Harness::new(false);
        for q in &QUESTIONS[..9] {
            h.turn(q, Flags { max_llm_calls_per_turn: 100, ..profile(name).unwrap() }, Some(&llm));
        }
        assert_eq!(llm.summary_requests().len(), 1, "{name}");
    }
    // full_agent's question turns would use all 4 default calls (plan, sufficiency, answer, grade):
    // when a block of earlier exchanges waits for its summary, the grade yields its call to it.
    let llm = ScriptedLlm::default();
    let mut h = Harness::new(false);
    let turns: Vec<TurnState> =
        QUESTIONS[..9].iter().map(|q| h.turn(q, profile("full_agent").unwrap(), Some(&llm))).collect();
    assert_eq!(llm.summary_requests().len(), 1);
    let summarised =
        turns.iter().find(|t| t.trace.model_calls.iter().any(|c| c.purpose == CallPurpose::MemorySummary)).unwrap();
    assert!(summarised.llm_calls() <= DEFAULT_MAX_LLM_CALLS);
    assert_eq!(detail(summarised, Node::Grade)["why"], "the turn's model-call budget");
}

#[test]
fn the_latest_exchange_survives_the_memory_budget() {
    // Long answers: five recent exchanges are more than the memory budget holds.
    let long = format!("Based on the sources {{sources}}: {}", "Keep your blood glucose close to target. ".repeat(12));
    let llm = ScriptedLlm::new(Script { answer: long, ..Script::default() });
    let mut h = Harness::new(false);
    for q in &QUESTIONS[..6] {
        h.turn(q, full(), Some(&llm));
    }
    let s = h.turn("And what about the one I just asked about?", full(), Some(&llm));
    assert!(s.user_prompt.contains(QUESTIONS[5]), "the latest exchange is in the prompt:\n{}", s.user_prompt);
    let memory = s.token_plan.iter().find(|(section, _)| *section == PromptSection::Memory).unwrap().1;
    assert!(memory <= medagent::pipeline::context::BUDGET_MEMORY, "{memory}");
}

/// The `--json` contract of `medagent ask` / `chat`, field by field.
#[test]
fn the_json_turn_has_every_contract_field() {
    let mut h = Harness::new(false);
    let s = h.turn("65세 남성으로 10년째 당뇨 환자입니다. 공복혈당은 180 정도이고 HbA1c는 8.2%입니다.", full(), None);
    let json = medagent::cli::ask::turn_json(&s, &h.memory);
    assert_eq!(json["answer"], s.answer_text());
    assert_eq!(json["citations"][0], "NIHSeniorHealth_0000015-4", "cited ids: {}", json["citations"]);
    assert_eq!(json["slots"]["demographics"]["age"], 65);
    assert_eq!(json["profile_summary"], "65세 남성 | 질환: 당뇨병 (10년) | 공복혈당: 180 mg/dL | HbA1c: 8.2 %");
    assert_eq!(json["profile"].as_array().unwrap().len(), 5, "{}", json["profile"]);
    let trace = json["trace"].as_array().unwrap();
    assert_eq!(trace.len(), s.trace.steps.len());
    assert!(trace.iter().all(|step| step["node"].is_string() && step["ms"].is_number()));
    assert_eq!(trace[0]["node"], "triage");
    assert_eq!(trace[3]["cache"], "miss", "each node's decision is inline");
    assert_eq!(json["quality_scores"].as_array().unwrap().len(), 1);
    assert_eq!(json["iterations"], 0);
    assert_eq!(json["llm_calls"], 0);
    assert_eq!(json["cache_hit"], false);
    assert!(json["emergency"].is_null());
    assert_eq!(json["triage"]["level"], "none");
    assert_eq!(json["stop_reason_code"], s.stop_reason.as_ref().unwrap().code());
    assert!(json["stop_reason"].as_str().unwrap().is_ascii(), "the JSON keeps the English sentence");
    let emergency = h.turn("I have crushing chest pain and sweating", full(), None);
    let json = medagent::cli::ask::turn_json(&emergency, &h.memory);
    assert_eq!(json["emergency"], "chest pain with cardiac features");
    assert_eq!(json["triage"]["level"], "emergency");
    assert_eq!(json["triage"]["reasons"][0]["source"], "KTAS");
}

/// A model that streams a few words, then sees the user press Stop (the call ends `Cancelled`);
/// every later call would answer, so a call after Stop shows in `calls`.
struct StoppedMidStream {
    stop: medagent::platform::http::StopHandle,
    calls: Cell<usize>,
}

impl Llm for StoppedMidStream {
    fn name(&self) -> String {
        "stopped-mid-stream".into()
    }
    fn complete<'a>(
        &'a self,
        _request: &'a medagent::llm::ChatRequest,
        on_delta: &'a mut dyn FnMut(&str),
    ) -> LocalFuture<'a, Result<medagent::llm::Completion, LlmError>> {
        Box::pin(async move {
            self.calls.set(self.calls.get() + 1);
            if self.calls.get() > 1 {
                return Ok(medagent::llm::Completion { text: judge_json(0.9, &[]), usage: None });
            }
            on_delta("Diabetes often causes ");
            self.stop.stop();
            Err(LlmError::Cancelled)
        })
    }
}

fn stopped_turn(mode: Mode) -> (TurnState, usize) {
    let mut h = Harness::new(false);
    let stop = medagent::platform::http::StopHandle::new();
    let llm = StoppedMidStream { stop: stop.clone(), calls: Cell::new(0) };
    let services = Services::new(&h.knowledge, &LexicalEmbedder, &h.clock).with_llm(Some(&llm)).with_lexicon(lexicon());
    let input = TurnInput {
        text: "What are the symptoms of diabetes?".into(),
        user: "me".into(),
        mode,
        flags: full(),
        stop,
        ..TurnInput::default()
    };
    let state = pollster::block_on(run_turn(input, &mut h.memory, &services, &mut |_| {}));
    let exchanges = h.memory.conversations.get("me").map_or(0, |c| c.exchanges.len());
    assert_eq!(exchanges, 1, "the stopped exchange is kept");
    assert!(h.memory.cache.entries.is_empty(), "a stopped answer is not cached");
    (state, llm.calls.get())
}

/// Stop ends the turn once, in both modes: the partial answer is kept as it was, marked stopped,
/// nothing is sent after it (no judge, no memory summary), and no fallback text is added.
#[test]
fn stop_ends_the_turn_keeping_the_partial_answer_and_sending_nothing_more() {
    for mode in [Mode::Agent, Mode::Llm] {
        let (state, calls) = stopped_turn(mode);
        assert_eq!(state.answer_text(), "Diabetes often causes ", "{mode:?}");
        assert_eq!(state.stop_reason, Some(StopReason::Stopped), "{mode:?}");
        assert_eq!(calls, 1, "{mode:?}: nothing is sent after Stop");
        assert_eq!(state.trace.path().last(), Some(&"store_response"));
        assert!(!state.trace.path().contains(&"refine"), "{:?}", state.trace.path());
        assert!(state.error.is_none(), "Stop is not an error: {:?}", state.error);
        assert!(!state.answer_text().contains("No AI model"));
    }
}

/// Stop pressed while the documents are being searched ends the turn before any answer is asked for.
#[test]
fn stop_during_retrieval_ends_the_turn_there() {
    struct StopsOnSearch(medagent::platform::http::StopHandle);
    impl Knowledge for StopsOnSearch {
        fn search<'a>(&'a self, _query: &'a str, _k: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
            self.0.stop();
            Box::pin(async { Ok(Found { evidence: library(), report: SearchReport::method("stops") }) })
        }
        fn describe(&self) -> String {
            "stops".into()
        }
    }
    let stop = medagent::platform::http::StopHandle::new();
    let knowledge = StopsOnSearch(stop.clone());
    let llm = StoppedMidStream { stop: stop.clone(), calls: Cell::new(0) };
    let clock = TestClock(Cell::new(0.0));
    let services = Services::new(&knowledge, &LexicalEmbedder, &clock).with_llm(Some(&llm)).with_lexicon(lexicon());
    let input =
        TurnInput { text: "What are the symptoms of diabetes?".into(), flags: full(), stop, ..TurnInput::default() };
    let mut memory = Memory::default();
    let state = pollster::block_on(run_turn(input, &mut memory, &services, &mut |_| {}));
    assert_eq!(state.trace.path().last(), Some(&"store_response"));
    assert!(!state.trace.path().contains(&"generate_answer"), "{:?}", state.trace.path());
    assert_eq!(llm.calls.get(), 0);
    assert_eq!(state.stop_reason, Some(StopReason::Stopped));
}
