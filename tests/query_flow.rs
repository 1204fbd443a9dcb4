//! Query Flow end to end, natively: the plan (a Korean question searched in English, answered in
//! Korean; the profile resolving "my medicine"), retrieval of every planned query fused into one
//! pool, neighbour expansion, the rerank, the sufficiency loop with missing aspects, the grade with
//! its one regeneration and its warning, the local version of every step when the model's reply is
//! junk or there is no model, and the call budget.

use crate::common::{lexicon, FixedClock};
use medagent::core::{Evidence, Lang, PassageLocation};
use medagent::llm::scripted::{Script, ScriptedLlm};
use medagent::llm::{Llm, LocalFuture};
use medagent::memory::Memory;
use medagent::pipeline::answer::{unsupported_heading, AnswerKind};
use medagent::pipeline::flags::{profile, Flags};
use medagent::pipeline::graph::{run_turn, TurnInput};
use medagent::pipeline::ports::{Found, IndexError, Knowledge, LexicalEmbedder, SearchReport, Services};
use medagent::pipeline::state::TurnState;
use medagent::pipeline::step::{Node, RetrieveDetail, SearchOutcome, StepDetail, StepKind};
use medagent::pipeline::trace::CallPurpose;
use std::cell::RefCell;

/// (id, title, text, words that find it)
const SHELF: [(&str, &str, &str, &[&str]); 4] = [
    ("GOUT_T", "How to treat Gout ?", "Gout is treated with medicines that ease pain and swelling, such as NSAIDs and colchicine, and with medicines that lower uric acid.", &["gout", "통풍"]),
    ("GOUT_D", "Gout and diet", "A diet low in purines, less alcohol and fewer sugary drinks lowers uric acid and the risk of gout attacks.", &["diet", "purine"]),
    ("DIAB_S", "What are the symptoms of Diabetes ?", "Symptoms of diabetes include extreme thirst, frequent urination and fatigue.", &["diabetes", "thirst", "당뇨"]),
    ("MET_A", "Metformin and alcohol", "Drinking alcohol while taking metformin raises the risk of lactic acidosis, a rare but serious side effect.", &["metformin", "alcohol"]),
];

/// Finds the shelf's passages whose words the query contains (nothing, as the relevance check would
/// say, for anything else) and records every query; a passage it found can be widened.
#[derive(Default)]
struct Shelf {
    searched: RefCell<Vec<String>>,
}

impl Knowledge for Shelf {
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
        Box::pin(async move {
            self.searched.borrow_mut().push(query.to_string());
            let lower = query.to_lowercase();
            let evidence = SHELF
                .iter()
                .enumerate()
                .filter(|(_, (_, _, _, words))| words.iter().any(|w| lower.contains(w)))
                .take(k)
                .enumerate()
                .map(|(rank, (doc, (id, title, text, _)))| Evidence {
                    id: id.to_string(),
                    title: title.to_string(),
                    passage: text.to_string(),
                    url: String::new(),
                    source: "test".into(),
                    focus: String::new(),
                    qtype: String::new(),
                    score: 1.0,
                    bm25_rank: Some(rank + 1),
                    vector_rank: None,
                    rrf_rank: None,
                    location: Some(PassageLocation { doc: doc as u32, chunk: 0 }),
                })
                .collect();
            Ok(Found { evidence, report: SearchReport::method(self.describe()) })
        })
    }
    fn describe(&self) -> String {
        "shelf".into()
    }
    fn widen<'a>(&'a self, evidence: &'a Evidence) -> LocalFuture<'a, Option<String>> {
        Box::pin(
            async move { evidence.location.map(|_| format!("{} The next paragraph continues it.", evidence.passage)) },
        )
    }
}

fn turn(memory: &mut Memory, shelf: &Shelf, text: &str, flags: Flags, llm: Option<&dyn Llm>) -> TurnState {
    let services = Services::new(shelf, &LexicalEmbedder, &FixedClock).with_llm(llm).with_lexicon(lexicon());
    let input = TurnInput { text: text.into(), user: "me".into(), flags, ..TurnInput::default() };
    pollster::block_on(run_turn(input, memory, &services, &mut |_| {}))
}

/// Query Flow with calls to spare, so every step can ask the model.
fn query_flow() -> Flags {
    Flags { max_llm_calls_per_turn: 10, ..profile("query_flow").unwrap() }
}

/// The detail a node recorded in the trace (its first run), as the JSON `medagent ask --json` writes.
fn detail(state: &TurnState, node: Node) -> serde_json::Value {
    let step = state
        .trace
        .steps
        .iter()
        .find(|s| s.node == StepKind::Node(node))
        .unwrap_or_else(|| panic!("{} ran", node.name()));
    serde_json::to_value(&step.detail).unwrap()
}

fn purposes(state: &TurnState) -> Vec<CallPurpose> {
    state.trace.model_calls.iter().map(|c| c.purpose).collect()
}

const GOUT_PLAN: &str = r#"{"normalized_query": "gout treatment", "intent": "howto", "answer_style": "normal", "subqueries": ["gout diet"], "rewrites": [], "constraints": ["answer in Korean"]}"#;

#[test]
fn a_korean_question_is_planned_into_english_searches_and_answered_in_korean() {
    let llm = ScriptedLlm::new(Script {
        plan: GOUT_PLAN.into(),
        rerank: r#"{"ranking": [1, 0]}"#.into(),
        answer: "통풍은 약으로 치료하고, 퓨린이 적은 식단이 도움이 됩니다 {sources}.".into(),
        ..Script::default()
    });
    let shelf = Shelf::default();
    let s = turn(&mut Memory::default(), &shelf, "통풍 치료랑 식단 좀 알려주세요", query_flow(), Some(&llm));
    let path = s.trace.path();
    for node in ["plan", "retrieve", "expand", "rerank", "judge_sufficiency", "generate_answer", "grade"] {
        assert!(path.contains(&node), "{node} in {path:?}");
    }
    // The user's words as the bridge reads them first, then both planned queries, in English.
    assert_eq!(*shelf.searched.borrow(), ["Gout treatment treat", "gout treatment", "gout diet"]);
    assert_eq!(detail(&s, Node::Plan)["source"], "model");
    // Both queries' passages are pooled. The model ranked the diet passage first, but its ranking is
    // one vote beside the retrieval order and the similarity order, which both put the treatment
    // passage (the user's own words) first: one vote does not overturn two.
    assert_eq!(s.pool_all.len(), 2);
    assert_eq!(s.retrieved_docs.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(), ["GOUT_T", "GOUT_D"]);
    assert_eq!(detail(&s, Node::Rerank)["method"], "model and local");
    // The top passages were widened with their neighbours.
    assert!(s.retrieved_docs.iter().all(|d| d.passage.ends_with("The next paragraph continues it.")));
    // The answer was asked in Korean, with the planned evidence.
    let answer_request = llm.requests.borrow().iter().find(|r| r.purpose == CallPurpose::Answer).cloned().unwrap();
    assert!(answer_request.messages[0].content.contains("한국어로 답하세요"));
    assert!(answer_request.messages[1].content.contains("purines"));
    assert_eq!(
        purposes(&s),
        [CallPurpose::Plan, CallPurpose::Rerank, CallPurpose::Sufficiency, CallPurpose::Answer, CallPurpose::Grade]
    );
    assert_eq!(detail(&s, Node::Grade)["decision"], "keep");
}

#[test]
fn junk_from_the_model_falls_back_to_each_steps_local_version() {
    let junk = "Sure! Here is what I think about that.".to_string();
    let script = Script {
        plan: junk.clone(),
        rerank: junk.clone(),
        sufficiency: junk.clone(),
        grade: junk,
        ..Script::default()
    };
    let llm = ScriptedLlm::new(script);
    let shelf = Shelf::default();
    let s = turn(&mut Memory::default(), &shelf, "통풍은 어떻게 치료하나요?", query_flow(), Some(&llm));
    let plan = detail(&s, Node::Plan);
    assert_eq!(plan["source"], "local");
    assert!(plan["why"].as_str().unwrap().contains("not the JSON"), "{plan}");
    // The local plan is the question in the lexicon's English.
    assert!(plan["plan"]["normalized_query"].as_str().unwrap().to_lowercase().contains("gout"), "{plan}");
    assert_eq!(detail(&s, Node::Rerank)["method"], "local");
    assert_eq!(detail(&s, Node::JudgeSufficiency)["method"], "local");
    assert_eq!(detail(&s, Node::Grade)["method"], "local");
    assert!(s.answer_text().contains("[1]"), "still answered from the evidence: {}", s.answer_text());
    assert!(s.error.is_none());
}

#[test]
fn the_sufficiency_loop_searches_what_is_missing_and_stops_without_progress() {
    let script = Script {
        plan: r#"{"normalized_query": "gout treatment"}"#.into(),
        sufficiency: r#"{"score": 0.3, "verdict": "not_enough", "missing_aspects": ["purine diet"]}"#.into(),
        ..Script::default()
    };
    let llm = ScriptedLlm::new(script);
    let shelf = Shelf::default();
    let s = turn(&mut Memory::default(), &shelf, "How is gout treated?", query_flow(), Some(&llm));
    // The second round fuses the turn's own queries with the missing aspect's query, never the aspect
    // alone; the own queries' lists come from the first round, so only the new query is searched.
    assert_eq!(*shelf.searched.borrow(), ["How is gout treated?", "gout treatment", "gout treatment purine diet"]);
    let rounds: Vec<Vec<&str>> = s
        .trace
        .steps
        .iter()
        .filter_map(|st| match &st.detail {
            StepDetail::Retrieve(RetrieveDetail::Found { queries, .. }) => Some(
                queries
                    .iter()
                    .map(|q| match q.outcome {
                        SearchOutcome::Found { .. } => "searched",
                        SearchOutcome::Reused { .. } => "reused",
                        SearchOutcome::Failed { .. } => "failed",
                    })
                    .collect(),
            ),
            _ => None,
        })
        .collect();
    assert_eq!(rounds, [vec!["searched", "searched"], vec!["reused", "reused", "searched"]]);
    assert_eq!(s.sufficiency.len(), 2);
    let last = s.trace.steps.iter().rev().find(|st| st.node == StepKind::Node(Node::JudgeSufficiency)).unwrap();
    let StepDetail::JudgeSufficiency(verdict) = &last.detail else { panic!("{:?}", last.detail) };
    assert_eq!(verdict.reason, Some("no progress"));
    // The second round added the diet passage to the pool.
    assert!(s.pool_all.iter().any(|d| d.id == "GOUT_D"));
    assert_eq!(s.pool_all.len(), 2);
}

#[test]
fn an_ungrounded_answer_is_written_again_once_then_shown_with_a_warning() {
    let script = Script {
        grade: r#"{"grounded": false, "score": 0.2, "reason": "the 800 mg dose is in no source"}"#.into(),
        ..Script::default()
    };
    let llm = ScriptedLlm::new(script);
    let s = turn(&mut Memory::default(), &Shelf::default(), "How is gout treated?", query_flow(), Some(&llm));
    assert_eq!(s.regenerations, 1);
    let answers: Vec<_> = llm.requests.borrow().iter().filter(|r| r.purpose == CallPurpose::Answer).cloned().collect();
    assert_eq!(answers.len(), 2);
    assert!(
        answers[1].messages[0].content.contains("the 800 mg dose is in no source"),
        "the grader's reason is in the second prompt"
    );
    assert!(
        s.answer_text()
            .ends_with("Parts of this answer are not supported by the sources. Check those parts with a clinician."),
        "{}",
        s.answer_text()
    );
    let decisions: Vec<&str> = s
        .trace
        .steps
        .iter()
        .filter(|st| st.node == StepKind::Node(Node::Grade))
        .filter_map(|st| match &st.detail {
            StepDetail::Grade(grade) => Some(grade.decision),
            _ => None,
        })
        .collect();
    assert_eq!(decisions, ["answer again", "warn"]);
}

#[test]
fn the_default_budget_keeps_one_call_for_the_answer_and_grades_locally() {
    let llm = ScriptedLlm::default();
    let s = turn(
        &mut Memory::default(),
        &Shelf::default(),
        "How is gout treated?",
        profile("query_flow").unwrap(),
        Some(&llm),
    );
    assert_eq!(purposes(&s), [CallPurpose::Plan, CallPurpose::Rerank, CallPurpose::Sufficiency, CallPurpose::Answer]);
    let grade = detail(&s, Node::Grade);
    assert_eq!(
        (grade["method"].as_str(), grade["why"].as_str()),
        (Some("local"), Some("the turn's model-call budget"))
    );
    // A budget of one: everything before the answer runs locally, the answer still comes from the model.
    let llm = ScriptedLlm::default();
    let one = Flags { max_llm_calls_per_turn: 1, ..profile("query_flow").unwrap() };
    let s = turn(&mut Memory::default(), &Shelf::default(), "How is gout treated?", one, Some(&llm));
    assert_eq!(purposes(&s), [CallPurpose::Answer]);
    assert_eq!(detail(&s, Node::Plan)["source"], "local");
}

#[test]
fn offline_every_step_is_local_and_nothing_unrelated_is_quoted() {
    let shelf = Shelf::default();
    let s = turn(&mut Memory::default(), &shelf, "통풍은 어떻게 치료하나요?", profile("query_flow").unwrap(), None);
    assert_eq!(s.llm_calls(), 0);
    assert!(
        shelf.searched.borrow()[0].to_lowercase().contains("gout"),
        "searched in English: {:?}",
        shelf.searched.borrow()
    );
    assert_eq!(detail(&s, Node::Rerank)["method"], "local");
    assert!(s.answer_text().contains("colchicine") && s.answer_text().contains("[1]"), "{}", s.answer_text());
    assert!(!s.answer_text().contains("⚠️"), "quoted passages are not warned about");
    // Nothing on the shelf answers this: the answer says so and quotes nothing.
    let s = turn(
        &mut Memory::default(),
        &Shelf::default(),
        "how do I lower my car insurance premium",
        profile("query_flow").unwrap(),
        None,
    );
    assert!(s.retrieved_docs.is_empty());
    assert!(s.answer_text().contains("nothing relevant") && !s.answer_text().contains("[1]"), "{}", s.answer_text());
}

#[test]
fn the_plan_resolves_my_medicine_from_the_profile() {
    let mut memory = Memory::default();
    let shelf = Shelf::default();
    let flags = profile("full_agent").unwrap();
    turn(&mut memory, &shelf, "I have type 2 diabetes and take metformin every day.", flags.clone(), None);
    let s = turn(&mut memory, &shelf, "Is it ok to drink alcohol with my medicine?", flags.clone(), None);
    let query = detail(&s, Node::Plan)["plan"]["normalized_query"].as_str().unwrap().to_lowercase();
    assert!(query.contains("metformin"), "{query}");
    assert!(s.retrieved_docs.iter().any(|d| d.id == "MET_A"));
    // A model sees the profile in the plan's instructions, and the question as the user message.
    let llm = ScriptedLlm::default();
    turn(&mut memory, &shelf, "Can I have a beer with my medicine tonight?", flags, Some(&llm));
    let plan = llm.requests.borrow()[0].clone();
    assert_eq!(plan.purpose, CallPurpose::Plan);
    assert!(plan.messages[0].content.to_lowercase().contains("metformin"), "{}", plan.messages[0].content);
    assert_eq!(plan.messages[1].content, "Can I have a beer with my medicine tonight?");
}

#[test]
fn a_failing_model_is_asked_once_for_a_step_then_only_for_the_answer() {
    let llm =
        ScriptedLlm::new(Script { fail: Some(medagent::llm::LlmError::Server { status: 503 }), ..Script::default() });
    let s = turn(&mut Memory::default(), &Shelf::default(), "How is gout treated?", query_flow(), Some(&llm));
    // The plan's call failed; the rerank and the sufficiency judge did not wait on it again.
    assert_eq!(purposes(&s), [CallPurpose::Plan, CallPurpose::Answer]);
    assert_eq!(detail(&s, Node::Rerank)["why"], "the model failed earlier in this turn");
    // The answer's own failure is what the person reads, with the evidence answer after it.
    assert!(s.error.is_some(), "the failure is reported");
    assert!(s.answer_text().contains("colchicine"), "{}", s.answer_text());
}

/// A turn with `people` (id, name) on the device, the agent's default flags, and every event kept.
fn turn_with_events(
    memory: &mut Memory,
    text: &str,
    people: &[(&str, &str)],
    llm: Option<&dyn Llm>,
) -> (TurnState, Vec<String>) {
    let shelf = Shelf::default();
    let services = Services::new(&shelf, &LexicalEmbedder, &FixedClock).with_llm(llm).with_lexicon(lexicon());
    let input = TurnInput {
        text: text.into(),
        user: "me".into(),
        people: people.iter().map(|(id, name)| (id.to_string(), name.to_string())).collect(),
        ..TurnInput::default()
    };
    let mut events = Vec::new();
    let state = pollster::block_on(run_turn(input, memory, &services, &mut |event| {
        use medagent::pipeline::state::TurnEvent;
        let said = match event {
            TurnEvent::Waiting(Some(purpose)) => format!("waiting {}", purpose.name()),
            TurnEvent::Waiting(None) => "done waiting".into(),
            TurnEvent::AnswerStarted => "answer".into(),
            TurnEvent::Delta(piece) => format!("delta {piece}"),
            TurnEvent::Node(_) | TurnEvent::Triage(_) | TurnEvent::Interactions(_) => return,
        };
        events.push(said);
    }));
    (state, events)
}

#[test]
fn a_plan_query_that_shares_nothing_with_the_message_is_dropped_and_the_users_words_come_first() {
    let llm = ScriptedLlm::new(Script {
        plan: r#"{"normalized_query": "metformin alcohol", "subqueries": ["gout diet", "diabetes thirst"]}"#.into(),
        ..Script::default()
    });
    let shelf = Shelf::default();
    let s = turn(&mut Memory::default(), &shelf, "I have diabetes, why am I so thirsty?", query_flow(), Some(&llm));
    let plan = detail(&s, Node::Plan);
    assert_eq!(plan["queries"], serde_json::json!(["I have diabetes, why am I so thirsty?", "diabetes thirst"]));
    assert_eq!(plan["dropped"], serde_json::json!(["metformin alcohol", "gout diet"]));
    assert_eq!(*shelf.searched.borrow(), ["I have diabetes, why am I so thirsty?", "diabetes thirst"]);
    assert_eq!(s.retrieved_docs[0].id, "DIAB_S");
}

#[test]
fn every_request_says_what_it_is_for_and_structured_ones_carry_their_schema() {
    let llm = ScriptedLlm::new(Script { plan: GOUT_PLAN.into(), ..Script::default() });
    let shelf = Shelf::default();
    turn(&mut Memory::default(), &shelf, "How is gout treated?", query_flow(), Some(&llm));
    let requests = llm.requests.borrow();
    let purposes: Vec<CallPurpose> = requests.iter().map(|r| r.purpose).collect();
    assert_eq!(purposes[..2], [CallPurpose::Plan, CallPurpose::Rerank]);
    for request in requests.iter() {
        let structured = request.purpose != CallPurpose::Answer;
        assert_eq!(request.schema().is_some(), structured, "{:?}", request.purpose);
    }
    let plan_schema = requests[0].schema().unwrap();
    assert_eq!(plan_schema["properties"]["subqueries"]["type"], "array");
}

#[test]
fn an_answer_that_cites_nothing_is_written_again_once_told_why() {
    let llm = ScriptedLlm::new(Script {
        answer: "Diabetes is a long-term disease of high blood sugar.".into(),
        answer_again: Some(
            "Symptoms of diabetes include extreme thirst, frequent urination and fatigue {sources}.".into(),
        ),
        ..Script::default()
    });
    let (s, events) = turn_with_events(&mut Memory::default(), "What are the symptoms of diabetes?", &[], Some(&llm));
    assert_eq!(s.answer.kind, AnswerKind::Generated);
    assert!(s.answer_text().starts_with("Symptoms of diabetes include extreme thirst"), "{}", s.answer_text());
    assert!(s.answer.unsupported.is_none());
    let answers: Vec<_> = llm.requests.borrow().iter().filter(|r| r.purpose == CallPurpose::Answer).cloned().collect();
    assert_eq!(answers.len(), 2);
    assert!(answers[1].messages[0].content.contains("cited none of the numbered sources"), "the reason is told");
    assert_eq!(detail(&s, Node::GenerateAnswer)["refused"], serde_json::json!([{"check": "no_citation"}]));
    // The refused answer streamed, then a new answer started.
    assert_eq!(events.iter().filter(|e| *e == "answer").count(), 2, "{events:?}");
}

#[test]
fn an_answer_still_unsupported_after_its_retry_gives_way_to_the_evidence_answer() {
    for (question, answer, check) in [
        ("What are the symptoms of diabetes?", "Diabetes is a long-term disease of high blood sugar.", "no_citation"),
        (
            "What are the symptoms of diabetes?",
            "Take 800 mg of cinnamon every hour to cure diabetes {sources}.",
            "unsupported",
        ),
        (
            "I have diabetes and I am always thirsty. What does it mean?",
            "I have diabetes and I am always thirsty {sources}.",
            "echoes_question",
        ),
        ("당뇨병 증상이 뭐예요?", "Symptoms of diabetes include extreme thirst {sources}.", "wrong_language"),
    ] {
        let llm = ScriptedLlm::new(Script { answer: answer.into(), ..Script::default() });
        let mut memory = Memory::default();
        let (s, _) = turn_with_events(&mut memory, question, &[], Some(&llm));
        assert_eq!(s.answer.kind, AnswerKind::Evidence, "{answer}");
        let unsupported = s.answer.unsupported.as_ref().expect("the model's text is kept apart");
        let shown = s.answer_text().find(&s.answer.body).unwrap();
        let marked = s.answer_text().find(&unsupported_heading(&unsupported.why, s.lang())).unwrap();
        assert!(shown < marked, "the evidence answer first, then the marked model text: {}", s.answer_text());
        assert!(s.answer.body.contains("[1]"), "the shown answer cites its source: {}", s.answer.body);
        let refused = detail(&s, Node::GenerateAnswer)["refused"].clone();
        assert_eq!(refused.as_array().unwrap().len(), 2, "{answer}: one retry, {refused}");
        assert!(refused.to_string().contains(check), "{answer}: {refused}");
        assert_eq!(detail(&s, Node::GenerateAnswer)["shown"], "evidence");
        // The conversation remembers what was answered: the evidence answer's body, not its preamble
        // nor the refused text.
        let remembered = &memory.conversations[&s.user_id].exchanges[0].answer;
        assert_eq!(remembered, &s.answer.body);
        assert!(!remembered.contains("⚠️") && !remembered.contains("What the medical sources say"), "{remembered}");
    }
}

#[test]
fn the_turn_says_which_step_waits_for_the_model_until_the_answer_starts_streaming() {
    let llm = ScriptedLlm::new(Script {
        answer: "Symptoms of diabetes include extreme thirst and fatigue {sources}.".into(),
        ..Script::default()
    });
    let (_, events) = turn_with_events(&mut Memory::default(), "What are the symptoms of diabetes?", &[], Some(&llm));
    let first = events.iter().position(|e| e == "waiting answer").expect("waits for the answer");
    assert_eq!(events[first + 1], "done waiting", "{events:?}");
    assert!(events[first + 2].starts_with("delta Symptoms"), "{events:?}");
    let waits = events.iter().filter(|e| e.starts_with("waiting ")).count();
    assert_eq!(waits, events.iter().filter(|e| *e == "done waiting").count(), "every wait ends: {events:?}");
    assert!(events.contains(&"waiting judge".to_string()), "{events:?}");
}

#[test]
fn facts_about_a_mother_go_to_her_profile_or_nowhere_never_to_the_users() {
    let text = "My mother has type 2 diabetes and tingling feet.";
    let mut memory = Memory::default();
    let (s, _) = turn_with_events(&mut memory, text, &[("me", ""), ("p2", "Mom")], None);
    assert!(memory.profiles.profile("me").is_none_or(|p| p.facts.is_empty()), "{:?}", memory.profiles.profile("me"));
    let hers = memory.profiles.profile("p2").expect("Mom's profile");
    let values: Vec<&str> = hers.facts.iter().map(|f| f.value.as_str()).collect();
    assert!(values.contains(&"female"), "{values:?}");
    assert!(hers.facts.iter().any(|f| f.en.to_lowercase().contains("diabetes")), "{:?}", hers.facts);
    let stored = detail(&s, Node::StoreMemory);
    assert_eq!(stored["others"][0]["about"], "mother");
    assert_eq!(stored["others"][0]["stored_for"], "p2");

    let mut memory = Memory::default();
    let (s, _) = turn_with_events(&mut memory, text, &[("me", "")], None);
    assert!(memory.profiles.profile("me").is_none_or(|p| p.facts.is_empty()));
    assert!(memory.profiles.profiles.keys().all(|k| k == "me"), "nobody else gets a profile");
    assert_eq!(detail(&s, Node::StoreMemory)["others"][0]["stored_for"], serde_json::Value::Null);
    // The user's own facts in the same message are still theirs.
    let mut memory = Memory::default();
    turn_with_events(&mut memory, "I am 45 and have gout, and my mother has diabetes.", &[("me", "")], None);
    let mine = memory.profiles.profile("me").unwrap();
    let mine: Vec<String> = mine.facts.iter().map(|f| f.en.to_lowercase()).collect();
    assert!(mine.iter().any(|f| f.contains("gout")) && !mine.iter().any(|f| f.contains("diabetes")), "{mine:?}");
}

#[test]
fn a_korean_claim_must_name_what_its_cited_passage_names() {
    use medagent::pipeline::answer::Refusal;
    use medagent::pipeline::nodes::generate_answer::check;
    use medagent::pipeline::nodes::grade::local;
    let neuropathy = vec![(
        "Diabetic Neuropathy".to_string(),
        "Diabetic neuropathy is nerve damage caused by diabetes. It often causes tingling or numbness in the feet."
            .to_string(),
    )];
    let question = "당뇨가 있는데 발이 저리고 감각이 없어요";
    // A small model's plan once turned this question into gout: an answer about gout citing the
    // neuropathy passage is not supported by it.
    let gout = "통풍은 관절에 생기는 병입니다 [1]. 통풍 치료를 받으세요 [1].";
    assert!(!local(gout, &neuropathy, Some(lexicon())).grounded);
    assert!(matches!(check(gout, question, &neuropathy, Lang::Ko, Some(lexicon())), Err(Refusal::Unsupported(_))));
    let right = "당뇨병이 있으면 신경이 손상되어 발이 저릴 수 있습니다 [1]. 저림이 계속되면 의사와 상의하세요.";
    assert!(local(right, &neuropathy, Some(lexicon())).grounded);
    assert_eq!(check(right, question, &neuropathy, Lang::Ko, Some(lexicon())), Ok(()));
    // Without a lexicon a Korean claim is taken on its citation, as before.
    assert!(local(gout, &neuropathy, None).grounded);
}

/// The turn's first call is the plan, whose reply a provider holds to its schema: the model's triage
/// level can only arrive because that request's schema names `care_level` (an enum of the three
/// levels). The level raises the turn's, and the plan is read without it; later calls are not asked.
#[test]
fn the_second_opinion_rides_in_the_plan_schema() {
    let llm = ScriptedLlm::new(Script { care_level: Some("emergency".into()), ..Script::default() });
    let s = turn(
        &mut Memory::default(),
        &Shelf::default(),
        "my grandpa has been a bit tired this week",
        query_flow(),
        Some(&llm),
    );
    let requests = llm.requests.borrow();
    assert_eq!(requests[0].purpose, CallPurpose::Plan);
    let schema = requests[0].schema().unwrap();
    assert_eq!(schema["properties"]["care_level"]["enum"], serde_json::json!(["none", "urgent", "emergency"]));
    assert!(schema["required"].as_array().unwrap().contains(&"care_level".into()), "{schema}");
    assert!(requests[1..].iter().all(|r| r.schema().is_none_or(|s| s["properties"].get("care_level").is_none())));
    assert_eq!(s.triage.level, medagent::triage::Level::Emergency);
    assert_eq!(s.triage.reasons[0].rule, "model second opinion");
    assert_eq!(detail(&s, Node::Plan)["source"], "model", "the plan without the key is still the model's");
    // Without the key in its schema the model cannot give a level: the rules' level stands.
    drop(requests);
    let plain = ScriptedLlm::new(Script { care_level: Some("emergency".into()), ..Script::default() });
    let request = medagent::llm::ChatRequest::new(CallPurpose::Plan, "s", "u");
    let mut sink = |_: &str| {};
    let reply = pollster::block_on(medagent::llm::Llm::complete(&plain, &request, &mut sink)).unwrap();
    assert!(!reply.text.contains("care_level"), "{}", reply.text);
}
