//! Pieces every provider wire format shares: the streaming JSON POST request, reading one SSE
//! frame as JSON, token counts.

use super::LlmError;
use crate::platform::http::HttpRequest;
use serde_json::Value;

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
