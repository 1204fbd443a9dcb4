//! The trace panel's reading of real pipeline turns: every iteration's documents with their ranks,
//! quality and rewritten query; the path drawn on the graph's edges; the cache shortcut.

use crate::common::FixedClock;
use medagent::core::Lang;
use medagent::llm::scripted::{judge_json, Script, ScriptedLlm};
use medagent::llm::{Llm, LocalFuture};
use medagent::memory::Memory;
use medagent::pipeline::flags::{profile, Flags};
use medagent::pipeline::graph::{run_turn, TurnInput};
use medagent::pipeline::ports::{Found, IndexError, Knowledge, LexicalEmbedder, SearchReport, Services};
use medagent::pipeline::state::{Evidence, TurnState};
use medagent::pipeline::step::Node;
use medagent::pipeline::trace::CallPurpose;
use medagent::trace_view::{term_label, TurnTrace, EDGES};
use std::cell::Cell;

/// Two documents per search, ids numbered by call so every iteration finds new ones; the second is
/// ranked by vectors too, as hybrid search does.
struct TwoDocs {
    calls: Cell<usize>,
}

impl Knowledge for TwoDocs {
    fn search<'a>(&'a self, _query: &'a str, _k: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
        Box::pin(async move {
            let call = self.calls.get();
            self.calls.set(call + 1);
            let evidence = (1..=2)
                .map(|rank| Evidence {
                    id: format!("DOC_{call}-{rank}"),
                    title: format!("What is diabetes ? ({rank})"),
                    passage: "Diabetes is a disease in which blood glucose levels are too high.".into(),
                    url: "https://medlineplus.gov/diabetes.html".into(),
                    source: "NIDDK".into(),
                    focus: "Diabetes".into(),
                    qtype: "information".into(),
                    score: 1.0,
                    bm25_rank: Some(rank),
                    vector_rank: (rank == 2).then_some(1),
                    rrf_rank: (rank == 2).then_some(1),
                    location: None,
                })
                .collect();
            Ok(Found { evidence, report: SearchReport::method(self.describe()) })
        })
    }
    fn describe(&self) -> String {
        "two documents".into()
    }
}

fn turn(memory: &mut Memory, knowledge: &TwoDocs, text: &str, flags: Flags, llm: Option<&dyn Llm>) -> TurnState {
    let services = Services::new(knowledge, &LexicalEmbedder, &FixedClock).with_llm(llm);
    let input = TurnInput { text: text.into(), user: "mom".into(), flags, ..TurnInput::default() };
    pollster::block_on(run_turn(input, memory, &services, &mut |_| {}))
}

/// Every node step after the first follows a drawn edge (triage runs before the graph, as a step
/// of the turn, and is no node of the drawing).
fn follows_the_drawing(trace: &TurnTrace) {
    let nodes: Vec<Node> = trace.steps.iter().filter_map(|s| s.node.node()).collect();
    for pair in nodes.windows(2) {
        assert!(
            EDGES.iter().any(|e| e.from == pair[0] && e.to == pair[1] && trace.took(e)),
            "{} -> {} is not drawn",
            pair[0].name(),
            pair[1].name()
        );
    }
}

#[test]
fn a_refining_turn_shows_every_iteration() {
    let llm = ScriptedLlm::new(Script { judge: judge_json(0.3, &["side effects"]), ..Script::default() });
    let knowledge = TwoDocs { calls: Cell::new(0) };
    let state = turn(
        &mut Memory::default(),
        &knowledge,
        "What are the symptoms of diabetes?",
        Flags { max_llm_calls_per_turn: 20, ..profile("self_refine_dynamic_query").unwrap() },
        Some(&llm),
    );
    let trace = TurnTrace::from_state("mom", &state);
    assert_eq!(trace.user, "mom");
    assert_eq!(trace.question, "What are the symptoms of diabetes?");
    assert_eq!(trace.steps.len(), state.trace.steps.len());
    assert_eq!(trace.iterations.len(), 3, "{:#?}", trace.iterations);
    for (n, iteration) in trace.iterations.iter().enumerate() {
        let ids: Vec<&str> = iteration.documents.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(ids, [format!("DOC_{n}-1"), format!("DOC_{n}-2")]);
        assert_eq!(iteration.search, "two documents");
        let second = &iteration.documents[1];
        assert_eq!((second.bm25, second.vector, second.rrf), (Some(2), Some(1), Some(1)));
        assert_eq!(iteration.documents[0].vector, None);
        let quality = iteration.quality.as_ref().unwrap();
        assert!((quality.overall - 0.3).abs() < 1e-9);
        assert_eq!(quality.method, "llm");
        assert_eq!(quality.missing_info, ["side effects"]);
        assert!(quality.parts.is_some());
        assert_eq!(iteration.rewritten.as_deref(), Some("diabetes symptoms complications"));
    }
    assert_eq!(trace.iterations[0].query.as_deref(), Some("What are the symptoms of diabetes?"));
    assert_eq!(
        trace.iterations[1].query.as_deref(),
        Some("diabetes symptoms complications"),
        "the rewritten query ran"
    );
    assert_eq!(trace.stop_reason, state.stop_reason);
    assert!(trace.stop_reason.is_some());
    let loop_back = EDGES.iter().find(|e| e.from == Node::QualityCheck && e.to == Node::Retrieve).unwrap();
    assert!(trace.took(loop_back));
    assert_eq!(trace.runs(Node::Retrieve).0, 3);
    assert_eq!(trace.ran().len(), 10, "a first question runs every node");
    follows_the_drawing(&trace);
}

#[test]
fn a_cached_answer_takes_the_shortcut_and_a_greeting_searches_nothing() {
    let knowledge = TwoDocs { calls: Cell::new(0) };
    let mut memory = Memory::default();
    let flags = profile("full_context_engineering").unwrap();
    turn(&mut memory, &knowledge, "What are the symptoms of diabetes?", flags.clone(), None);
    let again = TurnTrace::from_state(
        "mom",
        &turn(&mut memory, &knowledge, "What are the symptoms of diabetes?", flags.clone(), None),
    );
    assert!(again.cache_hit);
    assert_eq!(again.ran(), [Node::ExtractSlots, Node::StoreMemory, Node::CheckSimilarity, Node::StoreResponse]);
    assert!(again.iterations.is_empty());
    let shortcut = EDGES.iter().find(|e| e.from == Node::CheckSimilarity && e.to == Node::StoreResponse).unwrap();
    assert!(again.took(shortcut));
    follows_the_drawing(&again);

    let hello = TurnTrace::from_state("mom", &turn(&mut memory, &knowledge, "안녕하세요", flags, None));
    assert!(!hello.ran().contains(&Node::Retrieve));
    assert_eq!(hello.iterations.len(), 1, "judged once, searched never");
    assert_eq!(hello.iterations[0].query, None);
    assert!(hello.iterations[0].quality.is_some());
    follows_the_drawing(&hello);
}

#[test]
fn a_query_flow_turn_shows_the_plan_pool_rerank_sufficiency_grade_and_calls() {
    let script = Script {
        plan: r#"{"normalized_query": "diabetes symptoms", "subqueries": ["diabetes thirst"]}"#.into(),
        rerank: r#"{"ranking": [1, 0]}"#.into(),
        sufficiency: r#"{"score": 0.4, "verdict": "not_enough", "missing_aspects": ["type 1"]}"#.into(),
        grade: r#"{"grounded": false, "score": 0.5, "reason": "one claim uncited"}"#.into(),
        ..Script::default()
    };
    let llm = ScriptedLlm::new(script);
    let knowledge = TwoDocs { calls: Cell::new(0) };
    let flags = Flags { max_llm_calls_per_turn: 12, max_sufficiency_iterations: 2, ..profile("query_flow").unwrap() };
    let state = turn(&mut Memory::default(), &knowledge, "What are the symptoms of diabetes?", flags, Some(&llm));
    let trace = TurnTrace::from_state("mom", &state);
    follows_the_drawing(&trace);
    let plan = trace.plan.as_ref().unwrap();
    assert_eq!(
        (plan.source.as_str(), plan.plan.subqueries.as_slice()),
        ("model", ["diabetes thirst".to_string()].as_slice())
    );
    // Two retrieval rounds: the message and the plan's two queries, then the same with the query for the
    // missing aspect added.
    assert_eq!(trace.iterations.len(), 2, "{:#?}", trace.iterations);
    assert_eq!(
        trace.iterations[0].queries,
        ["What are the symptoms of diabetes?", "diabetes symptoms", "diabetes thirst"]
    );
    assert_eq!(
        trace.iterations[1].queries,
        ["What are the symptoms of diabetes?", "diabetes symptoms", "diabetes thirst", "diabetes symptoms type 1"]
    );
    assert_eq!(trace.iterations[0].pool, Some(6));
    // Each search of this stand-in finds two documents no search found before: 3 x 2, then 6 + 2, since
    // the second round searches only the missing aspect's query (the others' lists are the first round's).
    assert_eq!(trace.iterations[1].pool, Some(8));
    let rerank = trace.iterations[0].rerank.as_ref().unwrap();
    assert_eq!(rerank.method, "model and local");
    // Each kept title with its place before the rerank: the model's ranking (second passage first) is
    // fused with the local orders, so the places are a reordering of the pooled six.
    let mut places: Vec<usize> = rerank.order.iter().map(|(_, was)| *was).collect();
    assert_eq!(places.len(), rerank.order.len());
    places.sort_unstable();
    places.dedup();
    assert!(places.len() == rerank.order.len() && places.iter().all(|p| (1..=6).contains(p)), "{rerank:?}");
    assert!(rerank.order.iter().any(|(_, was)| *was == 2), "the passage the model put first is kept: {rerank:?}");
    let (verdict, decision) = trace.iterations[0].sufficiency.as_ref().unwrap();
    assert_eq!(
        (verdict.score, verdict.missing_aspects.as_slice(), decision.as_str()),
        (0.4, ["type 1".to_string()].as_slice(), "retrieve again")
    );
    assert_eq!(trace.iterations[1].sufficiency.as_ref().unwrap().1, "answer");
    let decisions: Vec<&str> = trace.grades.iter().map(|g| g.decision.as_str()).collect();
    assert_eq!(decisions, ["answer again", "warn"]);
    assert_eq!(trace.grades[0].grade.reason, "one claim uncited");
    let calls: Vec<(CallPurpose, &str)> = trace.model_calls.iter().map(|(p, s)| (*p, s.name())).collect();
    assert_eq!(
        calls,
        [
            (CallPurpose::Plan, "plan"),
            (CallPurpose::Rerank, "rerank"),
            (CallPurpose::Sufficiency, "judge_sufficiency"),
            (CallPurpose::Rerank, "rerank"),
            (CallPurpose::Sufficiency, "judge_sufficiency"),
            (CallPurpose::Answer, "generate_answer"),
            (CallPurpose::Grade, "grade"),
            (CallPurpose::Answer, "generate_answer"),
            (CallPurpose::Grade, "grade"),
        ]
    );
    assert_eq!(trace.call_budget, 12);
    // The Korean panel shows every method and decision in Korean.
    let terms = trace
        .iterations
        .iter()
        .flat_map(|it| {
            let rerank = it.rerank.iter().map(|r| r.method.as_str());
            let sufficiency = it.sufficiency.iter().map(|(_, decision)| decision.as_str());
            let quality = it.quality.iter().map(|q| q.method.as_str());
            rerank.chain(sufficiency).chain(quality)
        })
        .chain(trace.grades.iter().flat_map(|g| [g.method.as_str(), g.decision.as_str()]));
    for term in terms {
        let korean = term_label(term, Lang::Ko);
        assert!(!korean.chars().any(|c| c.is_ascii_alphabetic()), "{term} -> {korean}");
    }
}
