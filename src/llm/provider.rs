//! A real LLM provider: the [`Provider`] that implements [`Llm`] by sending through the platform [`HttpTransport`], streaming the
//! SSE reply through the adapter of its wire format, and retrying when that is safe.
//!
//! Retry rules: only HTTP 429 and 5xx answers are retried, at most `RetryPolicy::max_retries`
//! times, waiting what the provider's `Retry-After` says (seconds or an HTTP date) or an
//! exponential backoff; a wait longer than `max_wait` is not waited out but reported. Nothing is
//! retried once the reply has started streaming (the user already saw text), and no other 4xx,
//! except one immediate resend without optional fields when an OpenAI-compatible server rejects
//! the request (see `openai::without_optional_fields`).

use super::config::{choice_name, ProviderConfig, ProviderKind};
use super::sse::SseParser;
use super::wire::{Frame, WireFormat};
use super::{ChatRequest, Completion, Llm, LlmError, LocalFuture, Usage};
use crate::platform::http::{find_header, read_body_capped, HttpError, HttpRequest, HttpTransport, Limits, StopHandle};
use std::rc::Rc;
use std::time::Duration;

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
        self.wire.build_request(&self.config.endpoint(), request)
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
