//! A provider's wire format as one trait, [`WireFormat`], that each service's module implements
//! ([`super::openai`], [`super::anthropic`], [`super::gemini`]); the client in [`super::provider`]
//! (retry, the SSE loop) only talks to the trait. Adding a provider is one new module and one line
//! in `ProviderKind::wire` (`super::config`). Also the pieces the formats share: the streaming JSON POST request,
//! reading one SSE frame as JSON, token counts, and HTTP errors a person can act on.

use super::sse::SseEvent;
use super::{ChatRequest, LlmError};
use crate::platform::http::HttpRequest;
use serde_json::Value;

/// One service's wire format: its defaults, the request it sends, how it streams, how it fails.
pub trait WireFormat: Sync {
    /// The base URL when the settings leave it empty.
    fn default_base_url(&self) -> &'static str;
    /// The model when the settings leave it empty.
    fn default_model(&self) -> &'static str;
    /// The environment variable the CLI reads the key from.
    fn key_env(&self) -> &'static str;
    /// Whether a call without a key is certain to fail (local OpenAI-compatible servers need none).
    fn needs_key(&self) -> bool;
    /// The streaming HTTP request for `request`.
    fn build_request(&self, endpoint: &Endpoint, request: &ChatRequest) -> HttpRequest;
    /// One SSE event of the reply.
    fn decode(&self, event: &SseEvent) -> Result<Frame, LlmError>;
    /// A non-2xx answer (status, `Retry-After` seconds, body) as an error a person can act on.
    fn parse_error(&self, status: u16, retry_after: Option<u64>, body: &str, model: &str) -> LlmError {
        status_error(status, retry_after, error_message(body), model)
    }
    /// The request without the optional fields a server may reject with a 400 or 422, to resend once;
    /// `None` when the format has none (or the request holds none).
    fn without_optional_fields(&self, _http: &HttpRequest) -> Option<HttpRequest> {
        None
    }
}

/// Where and as whom a request goes: the settings' base URL, model and key with the kind's defaults
/// filled in (`ProviderConfig::endpoint`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Endpoint<'a> {
    /// Without trailing slashes.
    pub base_url: &'a str,
    pub model: &'a str,
    pub key: Option<&'a str>,
}

/// What one SSE event of a reply meant, decoded by a wire format.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frame {
    /// New answer text (may be empty).
    pub text: String,
    pub prompt_tokens: Option<u32>,
    pub completion_tokens: Option<u32>,
    /// The model finished its answer: a close of the stream from now on is not a cut-off.
    pub finished: bool,
    /// The protocol's end marker: stop reading.
    pub done: bool,
}

/// The HTTP status mapped to the error a person can act on; `message` is the provider's own.
pub fn status_error(status: u16, retry_after_secs: Option<u64>, message: String, model: &str) -> LlmError {
    match status {
        401 | 403 => LlmError::Unauthorized,
        404 => LlmError::NotFound { model: model.to_string() },
        429 => LlmError::RateLimited { retry_after_secs },
        500..=599 => LlmError::Server { status },
        _ => LlmError::Http { status, message },
    }
}

/// The `error.message` of a provider error body (OpenAI, Anthropic and Gemini all use that
/// path; Ollama's native API uses `error` as a string), else the start of the body.
pub fn error_message(body: &str) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let error = parsed.as_ref().and_then(|v| v.get("error"));
    let message = error.and_then(|e| e.get("message").and_then(|m| m.as_str()).or(e.as_str())).map(str::to_string);
    message.unwrap_or_else(|| body.trim().chars().take(200).collect())
}

/// A JSON POST that asks for an event stream, plus the provider's own headers (auth, version).
pub fn sse_post(url: String, body: &Value, extra: Vec<(String, String)>) -> HttpRequest {
    let mut headers = vec![
        ("content-type".to_string(), "application/json".to_string()),
        ("accept".to_string(), "text/event-stream".to_string()),
    ];
    headers.extend(extra);
    HttpRequest { url, headers, body: body.to_string() }
}

/// The JSON of one SSE frame, or a `BadResponse` quoting its start.
pub fn parse_frame(data: &str) -> Result<Value, LlmError> {
    serde_json::from_str(data).map_err(|e| LlmError::BadResponse {
        detail: format!("unreadable stream frame ({e}): {}", data.chars().take(120).collect::<String>()),
    })
}

/// A token count field of a usage object.
pub fn token_count(usage: &Value, field: &str) -> Option<u32> {
    usage.get(field).and_then(Value::as_u64).map(|n| n as u32)
}
