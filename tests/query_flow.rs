//! Query Flow end to end, natively: the plan (a Korean question searched in English, answered in
//! Korean; the profile resolving "my medicine"), retrieval of every planned query fused into one
//! pool, neighbour expansion, the rerank, the sufficiency loop with missing aspects, the grade with
//! its one regeneration and its warning, the local version of every step when the model's reply is
//! junk or there is no model, and the call budget.

use crate::common::{lexicon, FixedClock};
use medagent::core::{Evidence, PassageLocation};
use medagent::llm::scripted::{Script, ScriptedLlm};
use medagent::llm::{Llm, LocalFuture};
use medagent::memory::Memory;
use medagent::pipeline::flags::{profile, Flags};
use medagent::pipeline::graph::{run_turn, Node, Services, TurnInput};
use medagent::pipeline::ports::{IndexError, Knowledge, LexicalEmbedder};
use medagent::pipeline::state::TurnState;
use medagent::pipeline::trace::{CallPurpose, StepDetail, StepKind};
use std::cell::RefCell;

/// (id, title, text, words that find it)
const SHELF: [(&str, &str, &str, &[&str]); 4] = [
    ("GOUT_T", "How to treat Gout ?", "Gout is treated with medicines that ease pain and swelling, such as NSAIDs and colchicine, and with medicines that lower uric acid.", &["gout", "통풍"]),
    ("GOUT_D", "Gout and diet", "A diet low in purines, less alcohol and fewer sugary drinks lowers uric acid and the risk of gout attacks.", &["diet", "purine"]),
    ("DIAB_S", "What are the symptoms of Diabetes ?", "Symptoms of diabetes include extreme thirst, frequent urination and fatigue.", &["diabetes", "thirst"]),
    ("MET_A", "Metformin and alcohol", "Drinking alcohol while taking metformin raises the risk of lactic acidosis, a rare but serious side effect.", &["metformin", "alcohol"]),
];

/// Finds the shelf's passages whose words the query contains (nothing, as the relevance check would
/// say, for anything else) and records every query; a passage it found can be widened.
#[derive(Default)]
struct Shelf {
    searched: RefCell<Vec<String>>,
}

impl Knowledge for Shelf {
    fn search<'a>(&'a self, query: &'a str, k: usize) -> LocalFuture<'a, Result<Vec<Evidence>, IndexError>> {
        Box::pin(async move {
            self.searched.borrow_mut().push(query.to_string());
            let lower = query.to_lowercase();
            Ok(SHELF
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
                .collect())
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
    let services =
        Services { knowledge: shelf, llm, embedder: &LexicalEmbedder, lexicon: Some(lexicon()), clock: &FixedClock };
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
        ..Script::default()
    });
    let shelf = Shelf::default();
    let s = turn(&mut Memory::default(), &shelf, "통풍 치료랑 식단 좀 알려주세요", query_flow(), Some(&llm));
    let path = s.trace.path();
    for node in ["plan", "retrieve", "expand", "rerank", "judge_sufficiency", "generate_answer", "grade"] {
        assert!(path.contains(&node), "{node} in {path:?}");
    }
    assert_eq!(*shelf.searched.borrow(), ["gout treatment", "gout diet"], "both planned queries, in English");
    assert_eq!(detail(&s, Node::Plan)["source"], "model");
    // Both queries' passages are pooled; the rerank put the diet passage first.
    assert_eq!(s.pool_all.len(), 2);
    assert_eq!(s.retrieved_docs.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(), ["GOUT_D", "GOUT_T"]);
    assert_eq!(detail(&s, Node::Rerank)["method"], "model");
    // The top passages were widened with their neighbours.
    assert!(s.retrieved_docs.iter().all(|d| d.passage.ends_with("The next paragraph continues it.")));
    // The answer was asked in Korean, with the planned evidence.
    let answer_request = llm.requests.borrow().iter().find(|r| !r.json).cloned().unwrap();
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
    assert_eq!(detail(&s, Node::Rerank)["method"], "retrieval order");
    assert_eq!(detail(&s, Node::JudgeSufficiency)["method"], "local");
    assert_eq!(detail(&s, Node::Grade)["method"], "local");
    assert!(s.answer.contains("[1]"), "still answered from the evidence: {}", s.answer);
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
    assert_eq!(*shelf.searched.borrow(), ["gout treatment", "gout treatment purine diet"]);
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
    let answers: Vec<_> = llm.requests.borrow().iter().filter(|r| !r.json).cloned().collect();
    assert_eq!(answers.len(), 2);
    assert!(
        answers[1].messages[0].content.contains("the 800 mg dose is in no source"),
        "the grader's reason is in the second prompt"
    );
    assert!(
        s.answer
            .ends_with("Parts of this answer are not supported by the sources. Check those parts with a clinician."),
        "{}",
        s.answer
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
    assert!(s.answer.contains("colchicine") && s.answer.contains("[1]"), "{}", s.answer);
    assert!(!s.answer.contains("⚠️"), "quoted passages are not warned about");
    // Nothing on the shelf answers this: the answer says so and quotes nothing.
    let s = turn(
        &mut Memory::default(),
        &Shelf::default(),
        "how do I lower my car insurance premium",
        profile("query_flow").unwrap(),
        None,
    );
    assert!(s.retrieved_docs.is_empty());
    assert!(s.answer.contains("nothing relevant") && !s.answer.contains("[1]"), "{}", s.answer);
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
    // A model sees the profile in the plan prompt.
    let llm = ScriptedLlm::default();
    turn(&mut memory, &shelf, "Can I have a beer with my medicine tonight?", flags, Some(&llm));
    let plan_prompt = llm.requests.borrow()[0].messages[1].content.clone();
    assert!(
        plan_prompt.starts_with(medagent::llm::query_flow::PLAN_CUE)
            && plan_prompt.to_lowercase().contains("metformin"),
        "{plan_prompt}"
    );
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
    assert!(s.answer.contains("colchicine"), "{}", s.answer);
}
