//! Each provider adapter against wire-format transcripts in the providers' documented shapes
//! (tests/fixtures/llm/), streamed through the real `Provider` over an in-memory transport that
//! cuts the body at every byte boundary; and every documented error body.

use medagent::llm::{
    ApiKey, ChatMessage, ChatRequest, Completion, Llm, LlmError, Provider, ProviderConfig, ProviderKind, Usage,
};
use medagent::platform::http::{BodyStream, HttpError, HttpRequest, HttpResponse, HttpTransport, Limits, StopHandle};
use medagent::platform::native_http::block_on;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

/// One canned answer: status, headers, body already cut into chunks.
struct Canned {
    status: u16,
    headers: Vec<(String, String)>,
    chunks: Vec<Vec<u8>>,
}

/// Serves canned answers in order and records the requests and waits.
#[derive(Default)]
struct CannedTransport {
    answers: RefCell<VecDeque<Canned>>,
    sent: RefCell<Vec<HttpRequest>>,
    slept: RefCell<Vec<Duration>>,
}

struct CannedBody(VecDeque<Vec<u8>>);

impl BodyStream for CannedBody {
    fn next_chunk(&mut self) -> medagent::llm::LocalFuture<'_, Result<Option<Vec<u8>>, HttpError>> {
        let next = self.0.pop_front();
        Box::pin(async move { Ok(next) })
    }
}

impl HttpTransport for CannedTransport {
    fn send<'a>(
        &'a self,
        request: &'a HttpRequest,
        _limits: Limits,
        _stop: &'a StopHandle,
    ) -> medagent::llm::LocalFuture<'a, Result<HttpResponse, HttpError>> {
        self.sent.borrow_mut().push(request.clone());
        let canned = self.answers.borrow_mut().pop_front().expect("no canned answer left");
        Box::pin(async move {
            Ok(HttpResponse {
                status: canned.status,
                headers: canned.headers,
                body: Box::new(CannedBody(canned.chunks.into())),
            })
        })
    }
    fn sleep<'a>(&'a self, wait: Duration, _stop: &'a StopHandle) -> medagent::llm::LocalFuture<'a, ()> {
        self.slept.borrow_mut().push(wait);
        Box::pin(async {})
    }
    fn now_unix_secs(&self) -> u64 {
        0
    }
}

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/llm/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn config(kind: ProviderKind) -> ProviderConfig {
    let mut config = ProviderConfig::new(kind);
    config.key = Some(ApiKey::new("test-key-0123456789", false));
    config
}

fn request() -> ChatRequest {
    ChatRequest { messages: vec![ChatMessage::system("Be brief."), ChatMessage::user("Hi")], ..ChatRequest::default() }
}

/// Runs one call over the given answers; returns the result and the streamed deltas joined.
fn run(kind: ProviderKind, answers: Vec<Canned>) -> (Result<Completion, LlmError>, String, Rc<CannedTransport>) {
    let transport = Rc::new(CannedTransport::default());
    transport.answers.borrow_mut().extend(answers);
    let provider = Provider::from_config(&config(kind), transport.clone()).unwrap();
    let mut streamed = String::new();
    let result = block_on(provider.complete(&request(), &mut |d| streamed.push_str(d)));
    (result, streamed, transport)
}

fn ok(chunks: Vec<Vec<u8>>) -> Canned {
    Canned { status: 200, headers: vec![("content-type".into(), "text/event-stream".into())], chunks }
}

fn error(status: u16, body: &str, headers: &[(&str, &str)]) -> Canned {
    Canned {
        status,
        headers: headers.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        chunks: vec![body.as_bytes().to_vec()],
    }
}

/// The transcript split at every byte boundary (two chunks), and byte by byte, gives the same
/// text and usage as in one piece.
fn check_every_split(kind: ProviderKind, name: &str, text: &str, usage: Option<Usage>) {
    let bytes = fixture(name);
    let mut splits: Vec<Vec<Vec<u8>>> =
        (0..=bytes.len()).map(|i| vec![bytes[..i].to_vec(), bytes[i..].to_vec()]).collect();
    splits.push(bytes.iter().map(|b| vec![*b]).collect());
    for chunks in splits {
        let (result, streamed, _) = run(kind, vec![ok(chunks)]);
        let completion = result.unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(completion.text, text, "{name}");
        assert_eq!(streamed, text, "{name}");
        assert_eq!(completion.usage, usage, "{name}");
    }
}

#[test]
fn openai_transcript_at_every_split() {
    let usage = Some(Usage { prompt_tokens: 9, completion_tokens: 12 });
    check_every_split(ProviderKind::Openai, "openai_stream.sse", "Hello! How can I help? 😊 안녕하세요", usage);
    check_every_split(ProviderKind::Openai, "ollama_stream.sse", "Hypertension [1].", None);
}

#[test]
fn anthropic_transcript_at_every_split() {
    let usage = Some(Usage { prompt_tokens: 25, completion_tokens: 15 });
    check_every_split(ProviderKind::Anthropic, "anthropic_stream.sse", "Hello! 고혈압은", usage);
}

#[test]
fn gemini_transcript_at_every_split() {
    let usage = Some(Usage { prompt_tokens: 8, completion_tokens: 13 });
    let text = "The sky appears blue because of Rayleigh scattering. 하늘.";
    check_every_split(ProviderKind::Gemini, "gemini_stream.sse", text, usage);
}

#[test]
fn requests_carry_each_providers_auth_and_shape() {
    let (_, _, t) = run(ProviderKind::Anthropic, vec![ok(vec![fixture("anthropic_stream.sse")])]);
    let sent = &t.sent.borrow()[0];
    assert_eq!(sent.url, "https://api.anthropic.com/v1/messages");
    assert_eq!(sent.header("x-api-key"), Some("test-key-0123456789"));
    assert_eq!(sent.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(sent.header("anthropic-dangerous-direct-browser-access"), Some("true"));
    let body: serde_json::Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(body["system"], "Be brief.");
    assert_eq!(body["messages"].as_array().unwrap().len(), 1);
    assert!(body["max_tokens"].as_u64().unwrap() > 0);
    assert!(!format!("{sent:?}").contains("test-key"));

    let (_, _, t) = run(ProviderKind::Gemini, vec![ok(vec![fixture("gemini_stream.sse")])]);
    let sent = &t.sent.borrow()[0];
    assert_eq!(
        sent.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(sent.header("x-goog-api-key"), Some("test-key-0123456789"));
    let body: serde_json::Value = serde_json::from_str(&sent.body).unwrap();
    assert_eq!(body["system_instruction"]["parts"][0]["text"], "Be brief.");
    assert_eq!(body["contents"][0]["role"], "user");
}

#[test]
fn documented_error_bodies_become_clear_errors() {
    use LlmError::*;
    let cases: Vec<(ProviderKind, u16, &str, LlmError)> = vec![
        (ProviderKind::Openai, 401, "openai_error_401.json", Unauthorized),
        (ProviderKind::Openai, 404, "openai_error_404.json", NotFound { model: "gpt-4o-mini".into() }),
        (ProviderKind::Openai, 404, "ollama_error_404.json", NotFound { model: "gpt-4o-mini".into() }),
        (
            ProviderKind::Openai,
            400,
            "openai_error_400.json",
            Http { status: 400, message: "Additional properties are not allowed ('foo' was unexpected)".into() },
        ),
        (ProviderKind::Anthropic, 401, "anthropic_error_401.json", Unauthorized),
        (
            ProviderKind::Anthropic,
            400,
            "anthropic_error_400.json",
            Http { status: 400, message: "max_tokens: Field required".into() },
        ),
        (ProviderKind::Gemini, 400, "gemini_error_400_key.json", Unauthorized),
        (ProviderKind::Gemini, 404, "gemini_error_404.json", NotFound { model: "gemini-2.0-flash".into() }),
    ];
    for (kind, status, name, expected) in cases {
        let body = String::from_utf8(fixture(name)).unwrap();
        let answers = vec![error(status, &body, &[]), error(status, &body, &[])];
        let (result, _, t) = run(kind, answers);
        assert_eq!(result.unwrap_err(), expected, "{name}");
        // A 4xx other than 429 is never retried; an OpenAI-compatible 400 is resent once
        // without the optional fields some servers reject.
        let resent = kind == ProviderKind::Openai && status == 400;
        let sent = t.sent.borrow();
        assert_eq!(sent.len(), if resent { 2 } else { 1 }, "{name}");
        if resent {
            assert!(sent[0].body.contains("stream_options"));
            assert!(!sent[1].body.contains("stream_options"));
        }
    }
}

#[test]
fn rate_limits_are_retried_honouring_the_wait_then_reported() {
    // OpenAI 429 with Retry-After: waits that long, then succeeds.
    let body = String::from_utf8(fixture("openai_error_429.json")).unwrap();
    let (result, _, t) = run(
        ProviderKind::Openai,
        vec![error(429, &body, &[("Retry-After", "3")]), ok(vec![fixture("ollama_stream.sse")])],
    );
    assert_eq!(result.unwrap().text, "Hypertension [1].");
    assert_eq!(*t.slept.borrow(), vec![Duration::from_secs(3)]);

    // Gemini says "retryDelay: 37s" in the body: longer than we wait, so it is reported.
    let body = String::from_utf8(fixture("gemini_error_429.json")).unwrap();
    let (result, _, t) = run(ProviderKind::Gemini, vec![error(429, &body, &[])]);
    assert_eq!(result.unwrap_err(), LlmError::RateLimited { retry_after_secs: Some(37) });
    assert!(t.slept.borrow().is_empty());

    // Anthropic overloaded (529) three times: two retries with growing backoff, then the error.
    let body = String::from_utf8(fixture("anthropic_error_529.json")).unwrap();
    let (result, _, t) =
        run(ProviderKind::Anthropic, vec![error(529, &body, &[]), error(529, &body, &[]), error(529, &body, &[])]);
    assert_eq!(result.unwrap_err(), LlmError::Server { status: 529 });
    assert_eq!(*t.slept.borrow(), vec![Duration::from_secs(1), Duration::from_secs(2)]);
}

#[test]
fn errors_after_text_started_are_not_retried_and_keep_the_text() {
    let (result, streamed, t) =
        run(ProviderKind::Anthropic, vec![ok(vec![fixture("anthropic_stream_overloaded.sse")])]);
    assert_eq!(result.unwrap_err(), LlmError::Server { status: 529 });
    assert_eq!(streamed, "Hel");
    assert_eq!(t.sent.borrow().len(), 1);

    // Cut mid-frame: the partial text is kept.
    let bytes = fixture("openai_stream.sse");
    let cut = String::from_utf8_lossy(&bytes).find("\"finish_reason\":\"stop\"").unwrap();
    let (result, _, _) = run(ProviderKind::Openai, vec![ok(vec![bytes[..cut].to_vec()])]);
    assert_eq!(result.unwrap_err(), LlmError::CutOff { partial: "Hello! How can I help? 😊 안녕하세요".into() });
}

#[test]
fn missing_key_fails_before_any_request() {
    let transport = Rc::new(CannedTransport::default());
    let provider = Provider::from_config(&ProviderConfig::new(ProviderKind::Gemini), transport.clone()).unwrap();
    let result = block_on(provider.complete(&request(), &mut |_| {}));
    assert_eq!(result.unwrap_err(), LlmError::Unauthorized);
    assert!(transport.sent.borrow().is_empty());
    assert!(Provider::from_config(&ProviderConfig::default(), transport).is_none(), "offline: no provider");
}

#[test]
fn a_key_echoed_by_the_provider_is_scrubbed_from_the_error() {
    let body = r#"{"error":{"message":"Key test-key-0123456789 is not allowed for this project"}}"#;
    let (result, _, _) = run(ProviderKind::Anthropic, vec![error(400, body, &[])]);
    let error = result.unwrap_err();
    let shown = format!("{error:?} {error}");
    assert!(!shown.contains("test-key-0123456789"), "{shown}");
    assert!(shown.contains("<redacted>"), "{shown}");
}
