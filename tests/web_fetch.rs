//! The browser transport (fetch + ReadableStream + AbortController) against `medagent mock-llm`,
//! in headless Chromium. Needs the mock running and its URL at compile time:
//!
//! ```sh
//! medagent mock-llm --port 18080 &
//! MEDAGENT_MOCK_URL=http://127.0.0.1:18080 CHROMEDRIVER=/usr/bin/chromedriver \
//!   CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   cargo test --target wasm32-unknown-unknown --test web_fetch
//! ```
//! (scripts/test-web-fetch.sh does exactly that.) Without `MEDAGENT_MOCK_URL` the tests say so
//! on the console and do nothing.
#![cfg(target_arch = "wasm32")]

mod common;

use common::mock_provider;
use medagent::llm::stream_cost::client_ns_per_token;
use medagent::llm::{ChatMessage, ChatRequest, Completion, Llm, LlmError, Provider, ProviderKind};
use medagent::platform::web_http::FetchTransport;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const MOCK: Option<&str> = option_env!("MEDAGENT_MOCK_URL");

/// A `kind` provider on the mock at `base` plus `under` (a `/reply/...` script, or nothing), with `fault`.
fn provider_under(under: &str, kind: ProviderKind, fault: &str) -> Option<Provider> {
    let Some(base) = MOCK else {
        console_log!("MEDAGENT_MOCK_URL not set at compile time: browser transport not tested");
        return None;
    };
    Some(mock_provider(&format!("{base}{under}"), kind, fault, "sk-browser-test", Rc::new(FetchTransport)))
}

fn provider(kind: ProviderKind, fault: &str) -> Option<Provider> {
    provider_under("", kind, fault)
}

fn question(text: &str) -> ChatRequest {
    ChatRequest {
        messages: vec![
            ChatMessage::system("[1] Hypertension is high blood pressure. It is common."),
            ChatMessage::user(text),
        ],
        ..ChatRequest::default()
    }
}

async fn ask(provider: &Provider, text: &str) -> (Result<Completion, LlmError>, usize) {
    let mut deltas = 0;
    let result = provider.complete(&question(text), &mut |_| deltas += 1).await;
    (result, deltas)
}

#[wasm_bindgen_test]
async fn streams_each_wire_format_through_fetch() {
    for kind in [ProviderKind::Openai, ProviderKind::Anthropic, ProviderKind::Gemini] {
        let Some(provider) = provider(kind, "") else {
            return;
        };
        let (result, deltas) = ask(&provider, "What is hypertension?").await;
        let completion = result.unwrap_or_else(|e| panic!("{kind:?}: {e:?}"));
        assert!(completion.text.contains("Hypertension is high blood pressure. [1]"), "{kind:?}");
        assert!(deltas > 5, "{kind:?}: streamed in pieces");
    }
}

#[wasm_bindgen_test]
async fn faults_end_with_clear_errors_or_retried_success() {
    let Some(p) = provider(ProviderKind::Openai, "401") else {
        return;
    };
    assert_eq!(ask(&p, "q").await.0.unwrap_err(), LlmError::Unauthorized);
    // Retry-After must be readable cross-origin (the mock exposes it): 1 s, then success.
    let p = provider(ProviderKind::Openai, "429x1").unwrap();
    assert!(ask(&p, "q").await.0.is_ok());
    let mut p = provider(ProviderKind::Openai, "429").unwrap();
    p.retry.max_wait = Duration::from_millis(100);
    assert_eq!(ask(&p, "q").await.0.unwrap_err(), LlmError::RateLimited { retry_after_secs: Some(1) });
    let p = provider(ProviderKind::Openai, "cutoff").unwrap();
    // The partial text may be empty here: a browser drops received chunks it had not yet handed
    // to the reader when the connection breaks (natively the partial text is always kept).
    assert!(matches!(ask(&p, "q").await.0, Err(LlmError::CutOff { .. })));
    let p = provider(ProviderKind::Openai, "slow").unwrap();
    assert!(matches!(ask(&p, "q").await.0, Err(LlmError::Timeout { .. })));
    let p = provider(ProviderKind::Openai, "malformed").unwrap();
    assert!(matches!(ask(&p, "q").await.0, Err(LlmError::BadResponse { .. })));
}

#[wasm_bindgen_test]
async fn stop_aborts_the_fetch() {
    let Some(mut p) = provider(ProviderKind::Openai, "slow") else {
        return;
    };
    p.limits.first_byte = Duration::from_secs(10);
    let stop = p.stop_handle();
    wasm_bindgen_futures::spawn_local(async move {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let _ = web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 100);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        stop.stop();
    });
    assert_eq!(ask(&p, "q").await.0.unwrap_err(), LlmError::Cancelled);
}

/// Per-token cost in the browser: a long streamed answer from the mock, timed.
#[wasm_bindgen_test]
async fn measure_streaming_overhead() {
    let tokens = 5000;
    let Some(p) = provider_under(&format!("/reply/tokens{tokens}"), ProviderKind::Openai, "") else {
        return;
    };
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = js_sys::Date::now();
        let (result, deltas) = ask(&p, "Explain hypertension in detail.").await;
        let ms = js_sys::Date::now() - start;
        result.unwrap();
        assert_eq!(deltas, tokens);
        best = best.min(ms * 1000.0 / tokens as f64);
    }
    console_log!(
        "browser: {tokens} tokens streamed from the mock, best {best:.2} us/token (mock + fetch + SSE parse + decode)"
    );
    for kind in [ProviderKind::Openai, ProviderKind::Anthropic, ProviderKind::Gemini] {
        let ns = client_ns_per_token(kind, 20_000, 1400, 5, &js_sys::Date::now);
        console_log!("browser: client work (SSE parse + decode) {kind:?}: {ns:.0} ns/token");
    }
}
