//! The HTTP transport the LLM providers send through: one request out, the status and headers
//! back, then the body chunk by chunk as it arrives (so a streamed answer shows as it is written).
//!
//! Implemented by `native_http` (ureq, blocking inside the future) and `web_http` (fetch with a
//! `ReadableStream` body and an `AbortController`). Futures are not `Send`: browser futures never are.

use crate::core::LocalFuture;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Why an HTTP exchange did not complete. The providers turn it into their own error
/// (`LlmError`), which says what the user can do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HttpError {
    /// No connection, a refused or reset one, a body that broke off, a blocked URL.
    Network { detail: String },
    /// The first byte or the whole response took longer than its limit.
    Timeout { secs: u64 },
    /// The user pressed stop.
    Cancelled,
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HttpError::Network { detail } => write!(f, "network error: {detail}"),
            HttpError::Timeout { secs } => write!(f, "no response within {secs} s"),
            HttpError::Cancelled => f.write_str("stopped"),
        }
    }
}

impl std::error::Error for HttpError {}

/// Whether the web app may send requests to `url`. Its Content-Security-Policy (`connect-src` in
/// www/index.html) allows https anywhere and plain http only on this computer (localhost, 127.0.0.1),
/// which is also all that a page served over https may reach (mixed content).
pub fn page_may_connect(url: &str) -> bool {
    let url = url.trim().to_ascii_lowercase();
    if url.starts_with("https://") {
        return true;
    }
    let Some(rest) = url.strip_prefix("http://") else { return false };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    matches!(host.split(':').next(), Some("localhost" | "127.0.0.1"))
}

/// Header names whose values are secrets: never shown by `Debug`, traces or errors.
const SECRET_HEADERS: [&str; 3] = ["authorization", "x-api-key", "x-goog-api-key"];

/// One outgoing request: always a POST (every provider call is one). `Debug` masks the
/// credential headers.
#[derive(Clone, PartialEq)]
pub struct HttpRequest {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpRequest {
    /// The value of a header (case-insensitive name).
    pub fn header(&self, name: &str) -> Option<&str> {
        find_header(&self.headers, name)
    }
}

impl std::fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(k, v)| {
                let secret = SECRET_HEADERS.iter().any(|s| k.eq_ignore_ascii_case(s));
                (k.as_str(), if secret { "<redacted>" } else { v.as_str() })
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_bytes", &self.body.len())
            .finish()
    }
}

/// Case-insensitive header lookup.
pub fn find_header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// Time limits of one request: until the response head arrives, and for the whole exchange.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub first_byte: Duration,
    pub total: Duration,
}

impl Default for Limits {
    /// Generous enough for a local model that loads on the first request (Ollama can take a
    /// minute), short enough that a dead server does not hang the turn.
    fn default() -> Self {
        Limits { first_byte: Duration::from_secs(120), total: Duration::from_secs(600) }
    }
}

/// The user's stop button: cloned into the running call; `stop()` ends it with
/// `HttpError::Cancelled`. Shareable across threads so a native Ctrl-C handler can press it.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
    /// Re-arms the handle for the next call (after a stopped one).
    pub fn reset(&self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// The body of a response, read chunk by chunk.
pub trait BodyStream {
    /// The next chunk as it arrives; `Ok(None)` when the server closed the body cleanly.
    /// A connection that breaks mid-body is `Err(HttpError::Network)`.
    fn next_chunk(&mut self) -> LocalFuture<'_, Result<Option<Vec<u8>>, HttpError>>;
}

/// A response whose head has arrived.
pub struct HttpResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Box<dyn BodyStream>,
}

/// Sends HTTP requests on this platform.
pub trait HttpTransport {
    /// Sends the request; resolves when the response head arrived (any status), or with
    /// `Network`, `Timeout` or `Cancelled`. The limits and stop handle also govern the body.
    fn send<'a>(
        &'a self,
        request: &'a HttpRequest,
        limits: Limits,
        stop: &'a StopHandle,
    ) -> LocalFuture<'a, Result<HttpResponse, HttpError>>;

    /// Waits (for a retry backoff); returns early when `stop` is pressed.
    fn sleep<'a>(&'a self, wait: Duration, stop: &'a StopHandle) -> LocalFuture<'a, ()>;

    /// Seconds since the Unix epoch (to turn a Retry-After date into a wait).
    fn now_unix_secs(&self) -> u64;
}

/// Reads a whole (error) body, at most `cap` bytes: error bodies are small, and a misbehaving
/// server must not make us buffer without bound.
pub async fn read_body_capped(body: &mut dyn BodyStream, cap: usize) -> Result<Vec<u8>, HttpError> {
    let mut all = Vec::new();
    while let Some(chunk) = body.next_chunk().await? {
        all.extend_from_slice(&chunk);
        if all.len() >= cap {
            all.truncate(cap);
            break;
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_masks_every_credential_header() {
        let request = HttpRequest {
            url: "https://example.test/v1/chat/completions".into(),
            headers: vec![
                ("Authorization".into(), "Bearer sk-secret-1".into()),
                ("x-api-key".into(), "sk-ant-secret-2".into()),
                ("X-Goog-Api-Key".into(), "AIza-secret-3".into()),
                ("content-type".into(), "application/json".into()),
            ],
            body: "{}".into(),
        };
        let shown = format!("{request:?} {request:#?}");
        for secret in ["secret-1", "secret-2", "secret-3"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("application/json"));
        assert_eq!(request.header("authorization"), Some("Bearer sk-secret-1"));
    }
}
