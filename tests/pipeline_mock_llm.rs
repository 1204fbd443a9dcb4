//! The whole agent pipeline natively with a real provider over real loopback HTTP to the in-process
//! `medagent mock-llm`, for a good stream and every injected fault: each turn ends in bounded time
//! with an answer (retried success) or a clear error, and the profile facts of the message survive.

use crate::common::mock_provider;
use medagent::cli::ask::SystemClock;
use medagent::cli::mock_llm::spawn_mock;
use medagent::llm::{LocalFuture, ProviderKind};
use medagent::memory::Memory;
use medagent::pipeline::flags::Flags;
use medagent::pipeline::graph::{run_turn, TurnInput};
use medagent::pipeline::ports::{Found, IndexError, Knowledge, LexicalEmbedder, SearchReport, Services};
use medagent::pipeline::state::Evidence;
use medagent::platform::native_http::NativeTransport;
use std::rc::Rc;
use std::time::Instant;

/// Two real MedQuAD passages, whatever the query.
struct TwoPassages;

impl Knowledge for TwoPassages {
    fn describe(&self) -> String {
        "two fixed passages".into()
    }
    fn search<'a>(&'a self, _query: &'a str, _k: usize) -> LocalFuture<'a, Result<Found, IndexError>> {
        let evidence = |id: &str, title: &str, passage: &str| Evidence {
            id: id.into(),
            title: title.into(),
            passage: passage.into(),
            url: String::new(),
            source: "NIDDK".into(),
            focus: "Diabetes".into(),
            qtype: "complications".into(),
            score: 1.0,
            bm25_rank: Some(1),
            vector_rank: None,
            rrf_rank: None,
            location: None,
        };
        Box::pin(async move {
            let evidence = vec![
                evidence(
                    "NIDDK_0000030-1",
                    "What is (are) Diabetes Complications ?",
                    "Over time, high blood glucose can damage the heart, blood vessels, eyes, kidneys and nerves.",
                ),
                evidence(
                    "NIDDK_0000054-6",
                    "Prevent diabetes problems",
                    "The A1C test reflects the average level of glucose in your blood during the past 3 months.",
                ),
            ];
            Ok(Found { evidence, report: SearchReport::method(self.describe()) })
        })
    }
}

const MESSAGE: &str = "65세 남성, 당뇨 10년, 공복혈당 180이에요. 당뇨병 합병증은 뭐가 있나요?";

/// Runs one agent turn against the mock through `/fault/{fault}`; returns (answer, error, seconds).
fn turn(base: &str, fault: &str, memory: &mut Memory) -> (String, Option<String>, f64) {
    let (answer, error, secs, _) =
        turn_with(base, fault, memory, Flags { response_cache_enabled: false, ..Flags::default() });
    (answer, error, secs)
}

/// [`turn`] under `flags`; also returns the model calls the turn made.
fn turn_with(base: &str, fault: &str, memory: &mut Memory, flags: Flags) -> (String, Option<String>, f64, usize) {
    let provider =
        mock_provider(base, ProviderKind::Openai, fault, "sk-pipeline-test", Rc::new(NativeTransport::new()));
    let clock = SystemClock::new();
    let services = Services::new(&TwoPassages, &LexicalEmbedder, &clock).with_llm(Some(&provider));
    let budget = flags.max_llm_calls_per_turn;
    let input = TurnInput { text: MESSAGE.into(), user: "dad".into(), flags, ..TurnInput::default() };
    let started = Instant::now();
    let state = pollster::block_on(run_turn(input, memory, &services, &mut |_| {}));
    let calls = state.llm_calls();
    assert!(calls <= budget);
    (state.answer_text(), state.error, started.elapsed().as_secs_f64(), calls)
}

#[test]
fn every_fault_ends_the_turn_clearly_and_keeps_the_profile() {
    let server = spawn_mock("127.0.0.1:0").expect("mock starts");
    let base = server.base_url();
    // (fault, what the turn's error must say; None = the turn succeeds, possibly after retries)
    let cases: [(&str, Option<&str>); 9] = [
        ("", None),
        ("429x1", None),
        ("500x1", None),
        ("401", Some("API 키를 거부")),
        ("429", Some("요청 한도")),
        ("500", Some("HTTP 500")),
        ("malformed", Some("")),
        ("cutoff", Some("")),
        ("slow", Some("")),
    ];
    for (fault, expected) in cases {
        let mut memory = Memory::default();
        let (answer, error, secs) = turn(&base, fault, &mut memory);
        assert!(secs < 30.0, "fault {fault:?}: the turn took {secs:.1} s");
        assert!(!answer.trim().is_empty(), "fault {fault:?}: no answer at all");
        match expected {
            None => {
                assert_eq!(error, None, "fault {fault:?}");
                assert!(answer.contains("[1]"), "fault {fault:?}: the model's answer cites: {answer}");
            }
            Some(words) => {
                let error = error.unwrap_or_else(|| panic!("fault {fault:?}: no error reported"));
                assert!(error.contains(words), "fault {fault:?}: {error}");
                assert!(!error.contains("sk-pipeline-test"), "the key leaked: {error}");
            }
        }
        let facts = memory.profiles.profile("dad").map(|p| p.facts.clone()).unwrap_or_default();
        assert!(facts.iter().any(|f| f.key == "age" && f.value == "65"), "fault {fault:?}: profile lost: {facts:?}");
        assert!(facts.len() >= 3, "fault {fault:?}: age, diabetes and fasting glucose kept: {facts:?}");
    }
    drop(server);
}

/// Query Flow's profiles over real HTTP: junk for any of its steps still answers with citations and no
/// error; a failing provider is reported as in the agent's own flow, after one failed step at most
/// (the other steps then run locally), in bounded time.
#[test]
fn query_flow_over_http_survives_junk_and_faults() {
    let server = spawn_mock("127.0.0.1:0").expect("mock starts");
    let base = server.base_url();
    let cases: [(&str, Option<&str>); 8] = [
        ("", None),
        ("junk-plan", None),
        ("junk-rerank", None),
        ("junk-sufficiency", None),
        ("junk-grade", None),
        ("junk-all", None),
        ("401", Some("API 키를 거부")),
        ("500", Some("HTTP 500")),
    ];
    for name in ["query_flow", "full_agent"] {
        for (fault, expected) in cases {
            let flags = Flags { response_cache_enabled: false, ..medagent::pipeline::flags::profile(name).unwrap() };
            let (answer, error, secs, calls) = turn_with(&base, fault, &mut Memory::default(), flags);
            assert!(secs < 30.0, "{name} {fault:?}: the turn took {secs:.1} s");
            match expected {
                None => {
                    assert_eq!(error, None, "{name} {fault:?}");
                    assert!(answer.contains("[1]"), "{name} {fault:?}: the answer cites: {answer}");
                }
                Some(words) => {
                    let error = error.unwrap_or_else(|| panic!("{name} {fault:?}: no error reported"));
                    assert!(error.contains(words), "{name} {fault:?}: {error}");
                    assert_eq!(calls, 2, "{name} {fault:?}: the plan failed, then only the answer was tried");
                }
            }
        }
    }
    drop(server);
}
