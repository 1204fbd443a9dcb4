//! The Anthropic Messages wire format.
//!
//! Request: `POST {base}/v1/messages` with `x-api-key`, `anthropic-version: 2023-06-01` and
//! `anthropic-dangerous-direct-browser-access: true` (Anthropic's opt-in for calls straight from
//! a browser page); the system prompt is the top-level `system` field, `max_tokens` is required.
//! Reply: named SSE events `message_start`, `content_block_start`, `content_block_delta`,
//! `content_block_stop`, `message_delta`, `message_stop`, `ping`, `error`; no `[DONE]`.

use super::provider::ProviderConfig;
use super::sse::SseEvent;
use super::wire::{parse_frame, sse_post, token_count, Frame, WireFormat};
use super::{ChatRequest, LlmError, Role};
use crate::platform::http::HttpRequest;
use serde_json::{json, Value};

/// Anthropic's Messages API. Its error bodies (`{"type":"error","error":{"type":"...","message":"..."}}`)
/// read with the shared `error.message` rule.
pub struct Anthropic;

impl WireFormat for Anthropic {
    fn default_base_url(&self) -> &'static str {
        "https://api.anthropic.com"
    }
    fn default_model(&self) -> &'static str {
        "claude-3-5-haiku-latest"
    }
    fn key_env(&self) -> &'static str {
        "ANTHROPIC_API_KEY"
    }
    fn needs_key(&self) -> bool {
        true
    }
    fn build_request(&self, config: &ProviderConfig, request: &ChatRequest) -> HttpRequest {
        build_request(config, request)
    }
    fn decode(&self, event: &SseEvent) -> Result<Frame, LlmError> {
        decode(event)
    }
}

/// Anthropic has no JSON mode: a JSON request gets this line added to its system prompt.
pub const JSON_ONLY_INSTRUCTION: &str = "Reply with a single JSON object and nothing else.";

/// Anthropic requires `max_tokens`; used when the pipeline sets none.
const DEFAULT_MAX_TOKENS: u32 = 2048;

fn build_request(config: &ProviderConfig, request: &ChatRequest) -> HttpRequest {
    let mut system: Vec<&str> =
        request.messages.iter().filter(|m| m.role == Role::System).map(|m| m.content.as_str()).collect();
    if request.json {
        system.push(JSON_ONLY_INSTRUCTION);
    }
    let messages: Vec<Value> = request
        .messages
        .iter()
        .filter(|m| m.role != Role::System)
        .map(|m| json!({"role": m.role, "content": m.content}))
        .collect();
    let mut body = json!({
        "model": config.model(),
        "max_tokens": request.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS),
        "messages": messages,
        "stream": true,
    });
    if !system.is_empty() {
        body["system"] = json!(system.join("\n\n"));
    }
    if let Some(t) = request.temperature {
        body["temperature"] = json!(t);
    }
    let base = config.base_url();
    let url = if base.ends_with("/v1") { format!("{base}/messages") } else { format!("{base}/v1/messages") };
    let mut headers = vec![
        ("anthropic-version".to_string(), "2023-06-01".to_string()),
        ("anthropic-dangerous-direct-browser-access".to_string(), "true".to_string()),
    ];
    if let Some(key) = config.key() {
        headers.push(("x-api-key".to_string(), key.to_string()));
    }
    sse_post(url, &body, headers)
}

fn decode(event: &SseEvent) -> Result<Frame, LlmError> {
    let value = parse_frame(&event.data)?;
    // The event name and the data's `type` agree; the data is authoritative.
    let kind = value.get("type").and_then(Value::as_str).unwrap_or(&event.event);
    let mut frame = Frame::default();
    match kind {
        "message_start" => {
            if let Some(usage) = value.pointer("/message/usage") {
                frame.prompt_tokens = token_count(usage, "input_tokens");
                frame.completion_tokens = token_count(usage, "output_tokens");
            }
        }
        "content_block_delta" if value.pointer("/delta/type").and_then(Value::as_str) == Some("text_delta") => {
            if let Some(text) = value.pointer("/delta/text").and_then(Value::as_str) {
                frame.text = text.to_string();
            }
        }
        "message_delta" => {
            if let Some(usage) = value.get("usage") {
                frame.completion_tokens = token_count(usage, "output_tokens");
            }
            frame.finished = value.pointer("/delta/stop_reason").is_some_and(|r| !r.is_null());
        }
        "message_stop" => {
            frame.finished = true;
            frame.done = true;
        }
        "error" => return Err(stream_error(&value)),
        // ping, content_block_start/stop, and event types added later: nothing to show.
        _ => {}
    }
    Ok(frame)
}

/// An `error` event inside a stream that had already answered 200.
fn stream_error(value: &Value) -> LlmError {
    let kind = value.pointer("/error/type").and_then(Value::as_str);
    let message = value.pointer("/error/message").and_then(Value::as_str).unwrap_or("unknown error");
    match kind {
        Some("overloaded_error") => LlmError::Server { status: 529 },
        Some("api_error") => LlmError::Server { status: 500 },
        Some("rate_limit_error") => LlmError::RateLimited { retry_after_secs: None },
        Some("authentication_error") | Some("permission_error") => LlmError::Unauthorized,
        _ => LlmError::BadResponse { detail: format!("the provider reported an error mid-answer: {message}") },
    }
}
