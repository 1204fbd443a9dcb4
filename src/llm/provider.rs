//! A real LLM provider: configuration (which service, base URL, model, key), and the [`Provider`]
//! that implements [`Llm`] by sending through the platform [`HttpTransport`], streaming the
//! SSE reply through the adapter of its wire format, and retrying when that is safe.
//!
//! Retry rules: only HTTP 429 and 5xx answers are retried, at most `RetryPolicy::max_retries`
//! times, waiting what the provider's `Retry-After` says (seconds or an HTTP date) or an
//! exponential backoff; a wait longer than `max_wait` is not waited out but reported. Nothing is
//! retried once the reply has started streaming (the user already saw text), and no other 4xx,
//! except one immediate resend without optional fields when an OpenAI-compatible server rejects
//! the request (see `openai::without_optional_fields`).

use super::sse::SseParser;
use super::wire::{Frame, WireFormat};
use super::{anthropic, gemini, openai};
use super::{ChatRequest, Completion, Llm, LlmError, LocalFuture, Usage};
use crate::platform::http::{find_header, read_body_capped, HttpError, HttpRequest, HttpTransport, Limits, StopHandle};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::time::Duration;

/// Which service (wire format) a provider speaks. No provider at all (answers from the evidence
/// alone) is `None` in [`ProviderConfig::kind`], stored as `"offline"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// OpenAI chat completions and every compatible server (Ollama, llama.cpp, LM Studio, vLLM, OpenRouter).
    Openai,
    Anthropic,
    Gemini,
}

/// The name the settings record, the CLI and traces give to "no model": the offline evidence responder.
pub const OFFLINE: &str = "offline";

/// The name of a provider choice: the kind's, or [`OFFLINE`] for none.
pub fn choice_name(kind: Option<ProviderKind>) -> &'static str {
    kind.map_or(OFFLINE, ProviderKind::as_str)
}

impl ProviderKind {
    /// The name used in settings, flags and traces.
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Openai => "openai",
            ProviderKind::Anthropic => "anthropic",
            ProviderKind::Gemini => "gemini",
        }
    }

    /// The wire format this kind speaks. The one place a kind becomes a format.
    pub fn wire(self) -> &'static dyn WireFormat {
        match self {
            ProviderKind::Openai => &openai::OpenAi,
            ProviderKind::Anthropic => &anthropic::Anthropic,
            ProviderKind::Gemini => &gemini::Gemini,
        }
    }

    pub fn default_base_url(self) -> &'static str {
        self.wire().default_base_url()
    }

    pub fn default_model(self) -> &'static str {
        self.wire().default_model()
    }

    /// The environment variable the CLI reads the key from.
    pub fn key_env(self) -> &'static str {
        self.wire().key_env()
    }

    /// Whether a call without a key is certain to fail (local OpenAI-compatible servers need none).
    pub fn needs_key(self) -> bool {
        self.wire().needs_key()
    }
}

/// `ProviderConfig::kind` as the settings record spells it: a kind's name, or `"offline"` for none.
mod kind_or_offline {
    use super::{choice_name, ProviderKind, OFFLINE};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(kind: &Option<ProviderKind>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(choice_name(*kind))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ProviderKind>, D::Error> {
        let name = String::deserialize(d)?;
        match name.as_str() {
            OFFLINE => Ok(None),
            "openai" => Ok(Some(ProviderKind::Openai)),
            "anthropic" => Ok(Some(ProviderKind::Anthropic)),
            "gemini" => Ok(Some(ProviderKind::Gemini)),
            other => Err(serde::de::Error::unknown_variant(other, &[OFFLINE, "openai", "anthropic", "gemini"])),
        }
    }
}

/// An API key. `Debug` never shows it; it is serialised only when the user chose to save it.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey {
    secret: String,
    remember: bool,
}

impl ApiKey {
    /// A key; `remember` = whether saving the configuration may store it.
    pub fn new(secret: impl Into<String>, remember: bool) -> Self {
        Self { secret: secret.into(), remember }
    }
    /// The secret itself, for the one place that puts it in a request header.
    pub fn expose(&self) -> &str {
        &self.secret
    }
    pub fn remembered(&self) -> bool {
        self.remember
    }
    fn not_saved(key: &Option<ApiKey>) -> bool {
        !matches!(key, Some(k) if k.remember)
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

impl Serialize for ApiKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.secret)
    }
}

impl<'de> Deserialize<'de> for ApiKey {
    /// A key read back from saved settings was saved on purpose: keep saving it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(|secret| ApiKey::new(secret, true))
    }
}

/// The user's provider choice, as stored in settings (JSON):
/// `{"kind":"openai","base_url":"http://localhost:11434","model":"llama3.2"}`; `base_url` and
/// `model` may be empty (= the kind's default). `key` appears only when saved on purpose. `kind` is
/// `"offline"` for no model (`None`): base URL, model and key are kept for when the user switches back.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProviderConfig {
    #[serde(with = "kind_or_offline")]
    pub kind: Option<ProviderKind>,
    #[serde(default)]
    pub base_url: String,
    #[serde(default)]
    pub model: String,
    #[serde(default, skip_serializing_if = "ApiKey::not_saved")]
    pub key: Option<ApiKey>,
}

impl ProviderConfig {
    pub fn new(kind: ProviderKind) -> Self {
        Self { kind: Some(kind), ..Self::default() }
    }
    /// The base URL without trailing slashes, or the kind's default.
    pub fn base_url(&self) -> &str {
        let base = self.base_url.trim().trim_end_matches('/');
        if base.is_empty() {
            self.kind.map_or("", ProviderKind::default_base_url)
        } else {
            base
        }
    }
    pub fn model(&self) -> &str {
        let model = self.model.trim();
        if model.is_empty() {
            self.kind.map_or("", ProviderKind::default_model)
        } else {
            model
        }
    }
    pub fn key(&self) -> Option<&str> {
        self.key.as_ref().map(ApiKey::expose).filter(|k| !k.is_empty())
    }
}

pub use crate::platform::http::page_may_connect;

/// How often and how long to retry 429 / 5xx answers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    pub max_retries: u32,
    /// First backoff when the provider gave no Retry-After; doubles each retry.
    pub base_backoff: Duration,
    /// A provider asking for a longer wait gets its error reported instead.
    pub max_wait: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy { max_retries: 2, base_backoff: Duration::from_secs(1), max_wait: Duration::from_secs(20) }
    }
}

/// One SSE event of a reply in `kind`'s wire format.
pub fn decode(kind: ProviderKind, event: &super::sse::SseEvent) -> Result<Frame, LlmError> {
    kind.wire().decode(event)
}

/// `Retry-After`: delay seconds, or an HTTP date (turned into seconds from `now_unix_secs`).
pub fn parse_retry_after(value: &str, now_unix_secs: u64) -> Option<u64> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(secs);
    }
    let when = httpdate::parse_http_date(value).ok()?;
    let when = when.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    Some(when.saturating_sub(now_unix_secs))
}

/// A provider answer the adapter turned into an error, before any text was shown.
fn retryable(error: &LlmError) -> bool {
    matches!(error, LlmError::RateLimited { .. } | LlmError::Server { .. })
}

/// Removes the key from any text an error carries (a provider may echo it back).
fn scrub(error: LlmError, key: Option<&str>) -> LlmError {
    let Some(key) = key.filter(|k| k.len() >= 4) else {
        return error;
    };
    let clean = |s: String| s.replace(key, "<redacted>");
    match error {
        LlmError::Http { status, message } => LlmError::Http { status, message: clean(message) },
        LlmError::Network { detail } => LlmError::Network { detail: clean(detail) },
        LlmError::BadResponse { detail } => LlmError::BadResponse { detail: clean(detail) },
        other => other,
    }
}

/// A configured real provider. Implements [`Llm`].
pub struct Provider {
    config: ProviderConfig,
    wire: &'static dyn WireFormat,
    transport: Rc<dyn HttpTransport>,
    pub retry: RetryPolicy,
    pub limits: Limits,
    stop: StopHandle,
}

impl Provider {
    /// `None` when the configuration chose no model (the caller uses the offline evidence responder).
    pub fn from_config(config: &ProviderConfig, transport: Rc<dyn HttpTransport>) -> Option<Self> {
        Some(Provider {
            wire: config.kind?.wire(),
            config: config.clone(),
            transport,
            retry: RetryPolicy::default(),
            limits: Limits::default(),
            stop: StopHandle::new(),
        })
    }

    /// The stop button of this provider's calls (re-armed at the start of each call).
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    pub fn config(&self) -> &ProviderConfig {
        &self.config
    }

    /// The HTTP request this provider sends for `request` (pure; what the adapters build).
    pub fn build_request(&self, request: &ChatRequest) -> HttpRequest {
        self.wire.build_request(&self.config, request)
    }

    async fn run(&self, request: &ChatRequest, on_delta: &mut dyn FnMut(&str)) -> Result<Completion, LlmError> {
        if self.wire.needs_key() && self.config.key().is_none() {
            return Err(LlmError::Unauthorized);
        }
        let mut http = self.build_request(request);
        let mut attempt = 0;
        let mut simplified = false;
        let mut response = loop {
            let mut response = self.transport.send(&http, self.limits, &self.stop).await?;
            if (200..300).contains(&response.status) {
                break response;
            }
            let retry_after = find_header(&response.headers, "retry-after")
                .and_then(|v| parse_retry_after(v, self.transport.now_unix_secs()));
            let body = read_body_capped(response.body.as_mut(), 64 * 1024).await.unwrap_or_default();
            let error = self.wire.parse_error(
                response.status,
                retry_after,
                &String::from_utf8_lossy(&body),
                self.config.model(),
            );
            let rejected_fields = matches!(error, LlmError::Http { status: 400 | 422, .. });
            if rejected_fields && !simplified {
                if let Some(plain) = self.wire.without_optional_fields(&http) {
                    http = plain;
                    simplified = true;
                    continue;
                }
            }
            let backoff = self.retry.base_backoff * 2u32.saturating_pow(attempt);
            let wait = match &error {
                LlmError::RateLimited { retry_after_secs: Some(s) } => Duration::from_secs(*s),
                _ => backoff,
            };
            if !retryable(&error) || attempt >= self.retry.max_retries || wait > self.retry.max_wait {
                return Err(error);
            }
            attempt += 1;
            self.transport.sleep(wait, &self.stop).await;
            if self.stop.is_stopped() {
                return Err(LlmError::Cancelled);
            }
        };

        let mut parser = SseParser::new();
        let mut events = Vec::new();
        let mut text = String::new();
        let mut usage: Option<Usage> = None;
        let mut finished = false;
        loop {
            let chunk = match response.body.next_chunk().await {
                Ok(Some(chunk)) => chunk,
                Ok(None) => break,
                Err(HttpError::Cancelled) => return Err(LlmError::Cancelled),
                Err(_) if finished => break,
                Err(e @ HttpError::Timeout { .. }) if text.is_empty() => return Err(e.into()),
                // The body broke after a 200: a cut-off answer, keeping what arrived (a browser
                // may drop chunks it had received but not yet handed over, so it can be empty).
                Err(_) => return Err(LlmError::CutOff { partial: text }),
            };
            parser.push(&chunk, &mut events);
            for event in events.drain(..) {
                let frame = self.wire.decode(&event)?;
                if !frame.text.is_empty() {
                    on_delta(&frame.text);
                    text.push_str(&frame.text);
                    // One network chunk can hold many frames: stop means stop now.
                    if self.stop.is_stopped() {
                        return Err(LlmError::Cancelled);
                    }
                }
                if frame.prompt_tokens.is_some() || frame.completion_tokens.is_some() {
                    let u = usage.get_or_insert_with(Usage::default);
                    u.prompt_tokens = frame.prompt_tokens.unwrap_or(u.prompt_tokens);
                    u.completion_tokens = frame.completion_tokens.unwrap_or(u.completion_tokens);
                }
                finished |= frame.finished || frame.done;
                if frame.done {
                    return Ok(Completion { text, usage });
                }
            }
        }
        // Once the model said it finished, a torn trailing frame (usage, [DONE]) loses nothing.
        if !finished {
            return Err(LlmError::CutOff { partial: text });
        }
        Ok(Completion { text, usage })
    }
}

impl Llm for Provider {
    fn name(&self) -> String {
        format!("{}:{}", choice_name(self.config.kind), self.config.model())
    }

    fn complete<'a>(
        &'a self,
        request: &'a ChatRequest,
        on_delta: &'a mut dyn FnMut(&str),
    ) -> LocalFuture<'a, Result<Completion, LlmError>> {
        Box::pin(async move {
            self.stop.reset();
            let result = self.run(request, on_delta).await;
            result.map_err(|e| scrub(e, self.config.key()))
        })
    }
}

/// The provider the settings describe, boxed for the pipeline; `None` for offline.
pub fn provider_from_config(config: &ProviderConfig, transport: Rc<dyn HttpTransport>) -> Option<Box<dyn Llm>> {
    Provider::from_config(config, transport).map(|p| Box::new(p) as Box<dyn Llm>)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_reaches_https_anywhere_and_http_only_on_this_computer() {
        for allowed in [
            "https://api.openai.com/v1",
            "HTTPS://Example.org",
            "http://localhost:11434",
            "http://127.0.0.1:8090/fault/401",
            "http://localhost",
        ] {
            assert!(super::page_may_connect(allowed), "{allowed}");
        }
        for blocked in [
            "http://192.168.1.5:11434",
            "http://localhost.evil.com",
            "http://127.0.0.1@evil.com",
            "ftp://localhost",
            "javascript:alert(1)",
            "",
        ] {
            assert!(!super::page_may_connect(blocked), "{blocked}");
        }
    }

    use super::*;

    #[test]
    fn key_is_saved_only_on_purpose_and_never_in_debug() {
        let mut config = ProviderConfig::new(ProviderKind::Anthropic);
        config.key = Some(ApiKey::new("sk-ant-very-secret", false));
        let json = serde_json::to_string(&config).unwrap();
        assert!(!json.contains("very-secret"), "{json}");
        assert!(!format!("{config:?}").contains("very-secret"));
        config.key = Some(ApiKey::new("sk-ant-very-secret", true));
        let json = serde_json::to_string(&config).unwrap();
        assert!(json.contains("very-secret"));
        let back: ProviderConfig = serde_json::from_str(&json).unwrap();
        assert_eq!(back, config);
        let offline: ProviderConfig = serde_json::from_str(r#"{"kind":"offline","model":"llama3.2"}"#).unwrap();
        assert_eq!(offline.kind, None);
        assert_eq!(offline.model, "llama3.2", "kept for when the user switches back");
        assert!(serde_json::to_string(&offline).unwrap().contains(r#""kind":"offline""#));
        assert!(serde_json::from_str::<ProviderConfig>("{}").is_err(), "kind is required");
        assert!(serde_json::from_str::<ProviderConfig>(r#"{"kind":"cohere"}"#).is_err());
        let plain: ProviderConfig = serde_json::from_str(r#"{"kind":"gemini"}"#).unwrap();
        assert_eq!(plain.model(), "gemini-2.0-flash");
        assert_eq!(plain.key(), None);
    }

    #[test]
    fn retry_after_in_seconds_or_http_date() {
        assert_eq!(parse_retry_after(" 7 ", 0), Some(7));
        // Wed, 21 Oct 2015 07:28:00 GMT = 1445412480
        let date = "Wed, 21 Oct 2015 07:28:00 GMT";
        assert_eq!(parse_retry_after(date, 1445412480 - 30), Some(30));
        assert_eq!(parse_retry_after(date, 1445412480 + 5), Some(0));
        assert_eq!(parse_retry_after("soon", 0), None);
    }

    #[test]
    fn error_messages_from_every_body_shape() {
        use crate::llm::wire::error_message;
        assert_eq!(error_message(r#"{"error":{"message":"bad thing","type":"x"}}"#), "bad thing");
        assert_eq!(error_message(r#"{"error":"model 'x' not found"}"#), "model 'x' not found");
        assert_eq!(error_message("<html>502 Bad Gateway</html>"), "<html>502 Bad Gateway</html>");
    }
}
