//! Each provider adapter with the native transport against `medagent mock-llm` over real HTTP on
//! loopback, for every injected fault: each call ends with a clear error or a retried success,
//! never a hang (tight time limits), and the key never shows in an error.

use crate::common::mock_provider;
use medagent::cli::mock_llm::{spawn_mock, MockServer};
use medagent::llm::{ChatMessage, ChatRequest, Completion, Llm, LlmError, Provider, ProviderKind};
use medagent::platform::native_http::{block_on, NativeTransport};
use std::rc::Rc;
use std::time::Duration;

const KEY: &str = "sk-mock-secret-key-42";
const KINDS: [ProviderKind; 3] = [ProviderKind::Openai, ProviderKind::Anthropic, ProviderKind::Gemini];

fn provider(server: &MockServer, kind: ProviderKind, fault: &str) -> Provider {
    let transport = Rc::new(NativeTransport::new());
    mock_provider(&server.base_url(), kind, fault, KEY, transport)
}

fn question() -> ChatRequest {
    ChatRequest {
        messages: vec![
            ChatMessage::system(
                "Answer from the sources.\n[1] Hypertension is high blood pressure. It often has no symptoms.\n[2] 고혈압은 혈압이 높은 상태입니다.",
            ),
            ChatMessage::user("What is hypertension?"),
        ],
        ..ChatRequest::default()
    }
}

/// One call to a fresh mock; returns the result and the streamed text.
fn call_with(kind: ProviderKind, fault: &str, tweak: impl Fn(&mut Provider)) -> (Result<Completion, LlmError>, String) {
    let server = spawn_mock("127.0.0.1:0").unwrap();
    let mut provider = provider(&server, kind, fault);
    tweak(&mut provider);
    let mut streamed = String::new();
    let result = block_on(provider.complete(&question(), &mut |d| streamed.push_str(d)));
    if let Err(e) = &result {
        let shown = format!("{e:?} {e}");
        assert!(!shown.contains(KEY), "key leaked: {shown}");
    }
    (result, streamed)
}

fn call(kind: ProviderKind, fault: &str) -> (Result<Completion, LlmError>, String) {
    call_with(kind, fault, |_| {})
}

/// Runs `check` for the three wire formats in parallel (each on its own mock).
fn each_kind(check: fn(ProviderKind)) {
    let threads: Vec<_> = KINDS.into_iter().map(|kind| std::thread::spawn(move || check(kind))).collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn streams_a_cited_answer_with_usage() {
    each_kind(|kind| {
        let (result, streamed) = call(kind, "");
        let completion = result.unwrap_or_else(|e| panic!("{kind:?}: {e:?}"));
        assert_eq!(completion.text, streamed);
        assert!(completion.text.contains("Hypertension is high blood pressure. [1]"), "{kind:?}: {}", completion.text);
        assert!(completion.usage.unwrap().completion_tokens > 5, "{kind:?}");
    });
}

#[test]
fn judge_requests_get_valid_json() {
    let server = spawn_mock("127.0.0.1:0").unwrap();
    for kind in KINDS {
        let provider = provider(&server, kind, "");
        let mut request = question();
        request.purpose = medagent::llm::CallPurpose::Judge;
        let completion = block_on(provider.complete(&request, &mut |_| {})).unwrap();
        let verdict: serde_json::Value =
            serde_json::from_str(&completion.text).unwrap_or_else(|e| panic!("{kind:?}: {e}: {}", completion.text));
        assert!(verdict["grounding_score"].is_number(), "{kind:?}");
    }
}

#[test]
fn a_junk_fault_spoils_only_its_query_flow_step() {
    use medagent::llm::query_flow::{parse_plan, parse_sufficiency, plan_prompt, sufficiency_prompt};
    use medagent::llm::CallPurpose;
    let server = spawn_mock("127.0.0.1:0").unwrap();
    // The server knows each request's purpose from the request itself (the structured output asked for).
    let ask = |provider: &Provider, (purpose, (system, user)): (CallPurpose, (String, String))| {
        let request = ChatRequest::new(purpose, system, user);
        block_on(provider.complete(&request, &mut |_| {})).unwrap().text
    };
    let plan = || (CallPurpose::Plan, plan_prompt("what sets off an asthma attack", "", "English"));
    let passages = [("Asthma".to_string(), "Asthma attacks are triggered by allergens and smoke.".to_string())];
    let sufficiency = || {
        let prompt = sufficiency_prompt("what sets off an asthma attack", "asthma attack triggers", &passages);
        (CallPurpose::Sufficiency, prompt)
    };
    for kind in KINDS {
        let clean = provider(&server, kind, "");
        let planned = parse_plan(&ask(&clean, plan())).unwrap_or_else(|| panic!("{kind:?}: no plan"));
        assert_eq!(planned.normalized_query, "what sets off asthma attack", "{kind:?}");
        let junk = provider(&server, kind, "junk-plan");
        let prose = ask(&junk, plan());
        assert!(parse_plan(&prose).is_none(), "{kind:?}: {prose}");
        // Only the plan is spoiled: the judge on the same base URL still answers its JSON.
        let judged = parse_sufficiency(&ask(&junk, sufficiency())).unwrap_or_else(|| panic!("{kind:?}: no verdict"));
        assert_eq!(judged.missing_aspects, ["triggers"], "{kind:?}");
        let all = provider(&server, kind, "junk-all");
        assert!(parse_sufficiency(&ask(&all, sufficiency())).is_none(), "{kind:?}");
    }
}

#[test]
fn a_reply_script_in_the_base_url_sets_the_answer_and_leaves_the_json_steps() {
    let server = spawn_mock("127.0.0.1:0").unwrap();
    let under = |script: &str, kind| {
        let base = format!("{}/reply/{script}", server.base_url());
        mock_provider(&base, kind, "", KEY, Rc::new(NativeTransport::new()))
    };
    let mut judge = question();
    judge.purpose = medagent::llm::CallPurpose::Judge;
    for kind in KINDS {
        let long = under("tokens7", kind);
        let mut deltas = 0;
        let completion = block_on(long.complete(&question(), &mut |_| deltas += 1)).unwrap();
        assert_eq!((completion.text.as_str(), deltas), ("t0 t1 t2 t3 t4 t5 t6 ", 7), "{kind:?}");
        let verdict = block_on(long.complete(&judge, &mut |_| {})).unwrap().text;
        assert!(verdict.contains("grounding_score"), "{kind:?}: the judge still gets its JSON: {verdict}");
        let echoed = block_on(under("echo", kind).complete(&question(), &mut |_| {})).unwrap().text;
        assert_eq!(echoed, "What is hypertension?", "{kind:?}");
    }
    // A misspelt script is refused, not answered as if there were none.
    let typo = block_on(under("token7", ProviderKind::Openai).complete(&question(), &mut |_| {}));
    assert!(matches!(typo, Err(LlmError::NotFound { .. })), "{typo:?}");
}

#[test]
fn auth_and_model_errors_are_clear_and_not_retried() {
    each_kind(|kind| {
        assert_eq!(call(kind, "401").0.unwrap_err(), LlmError::Unauthorized, "{kind:?}");
        assert_eq!(call(kind, "404").0.unwrap_err(), LlmError::NotFound { model: "mock-1".into() }, "{kind:?}");
        // x1: only the first request fails; no retry means the 401 still surfaces.
        assert_eq!(call(kind, "401x1").0.unwrap_err(), LlmError::Unauthorized, "{kind:?}");
    });
}

#[test]
fn rate_limit_and_server_errors_are_retried_then_reported() {
    each_kind(|kind| {
        // Retry-After: 1 is honoured, then the call succeeds.
        let (result, _) = call(kind, "429x1");
        assert!(result.unwrap().text.contains("[1]"), "{kind:?}");
        let (result, _) = call(kind, "500x2");
        assert!(result.unwrap().text.contains("[1]"), "{kind:?}");
        // Still failing after the retries: the error, with the provider's wait.
        assert_eq!(call(kind, "500").0.unwrap_err(), LlmError::Server { status: 500 }, "{kind:?}");
        let (result, _) = call_with(kind, "429", |p| p.retry.max_wait = Duration::from_millis(500));
        assert_eq!(result.unwrap_err(), LlmError::RateLimited { retry_after_secs: Some(1) }, "{kind:?}");
    });
}

#[test]
fn broken_streams_end_with_an_error_and_keep_the_partial_answer() {
    each_kind(|kind| {
        let (full, _) = call(kind, "");
        let full = full.unwrap().text;
        let (result, streamed) = call(kind, "cutoff");
        match result {
            Err(LlmError::CutOff { partial }) => {
                assert!(!partial.is_empty() && full.starts_with(&partial), "{kind:?}: {partial:?}");
                assert_eq!(partial, streamed);
            }
            other => panic!("{kind:?}: {other:?}"),
        }
        let (result, _) = call(kind, "malformed");
        assert!(matches!(result, Err(LlmError::BadResponse { .. })), "{kind:?}: {result:?}");
    });
}

#[test]
fn slow_first_byte_times_out_and_stop_cancels() {
    each_kind(|kind| {
        let (result, _) = call(kind, "slow");
        assert!(matches!(result, Err(LlmError::Timeout { .. })), "{kind:?}: {result:?}");

        let server = spawn_mock("127.0.0.1:0").unwrap();
        let provider = provider(&server, kind, "");
        let stop = provider.stop_handle();
        let mut deltas = 0;
        let result = block_on(provider.complete(&question(), &mut |_| {
            deltas += 1;
            stop.stop();
        }));
        assert_eq!(result.unwrap_err(), LlmError::Cancelled, "{kind:?}");
        assert!(deltas >= 1);
        // The next call re-arms the stop handle.
        assert!(block_on(provider.complete(&question(), &mut |_| {})).is_ok(), "{kind:?}");
    });
}

#[test]
fn connection_refused_is_a_network_error() {
    let server = spawn_mock("127.0.0.1:0").unwrap();
    let provider = provider(&server, ProviderKind::Openai, "");
    drop(server);
    let result = block_on(provider.complete(&question(), &mut |_| {}));
    assert!(matches!(result, Err(LlmError::Network { .. })), "{result:?}");
}

#[test]
fn a_server_rejecting_optional_fields_gets_a_plain_request() {
    let (result, _) = call(ProviderKind::Openai, "strict");
    let completion = result.unwrap();
    assert!(completion.text.contains("[1]"));
    assert_eq!(completion.usage, None, "usage was not asked for the second time");
    // Other wire formats send no optional fields to drop: the 400 stands.
    let (result, _) = call(ProviderKind::Anthropic, "strict");
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn stop_ends_a_call_that_is_still_waiting_for_the_server() {
    let server = spawn_mock("127.0.0.1:0").unwrap();
    let mut provider = provider(&server, ProviderKind::Openai, "slow");
    provider.limits.first_byte = Duration::from_secs(30);
    let stop = provider.stop_handle();
    let presser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        stop.stop();
    });
    let result = block_on(provider.complete(&question(), &mut |_| {}));
    presser.join().unwrap();
    assert_eq!(result.unwrap_err(), LlmError::Cancelled);
}
