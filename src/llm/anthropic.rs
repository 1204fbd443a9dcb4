//! The Anthropic Messages wire format.
//!
//! Request: `POST {base}/v1/messages` with `x-api-key`, `anthropic-version: 2023-06-01` and
//! `anthropic-dangerous-direct-browser-access: true` (Anthropic's opt-in for calls straight from
//! a browser page); the system prompt is the top-level `system` field, `max_tokens` is required.
//! A structured purpose is asked for as Anthropic's structured output: one tool named after the
//! purpose whose `input_schema` is the reply's schema, and `tool_choice` forcing it; the tool's input
//! streams as `input_json_delta` pieces, which are the reply's text.
//! Reply: named SSE events `message_start`, `content_block_start`, `content_block_delta`,
//! `content_block_stop`, `message_delta`, `message_stop`, `ping`, `error`; no `[DONE]`.

use super::sse::SseEvent;
use super::wire::{parse_frame, sse_post, token_count, Endpoint, Frame, WireFormat};
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
    fn build_request(&self, endpoint: &Endpoint, request: &ChatRequest) -> HttpRequest {
        build_request(endpoint, request)
    }
    fn decode(&self, event: &SseEvent) -> Result<Frame, LlmError> {
        decode(event)
    }
}

/// Anthropic requires `max_tokens`; used when the pipeline sets none.
const DEFAULT_MAX_TOKENS: u32 = 2048;

fn build_request(endpoint: &Endpoint, request: &ChatRequest) -> HttpRequest {
    let system: Vec<&str> =
        request.messages.iter().filter(|m| m.role == Role::System).map(|m| m.content.as_str()).collect();
    let messages: Vec<Value> = request
        .messages
        .iter()
        .filter(|m| m.role != Role::System)
        .map(|m| json!({"role": m.role, "content": m.content}))
        .collect();
    let mut body = json!({
        "model": endpoint.model,
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
    if let Some(schema) = request.schema() {
        let name = request.purpose.name();
        body["tools"] = json!([{"name": name, "description": format!("Record the {name}."), "input_schema": schema}]);
        body["tool_choice"] = json!({"type": "tool", "name": name});
    }
    let base = endpoint.base_url;
    let url = if base.ends_with("/v1") { format!("{base}/messages") } else { format!("{base}/v1/messages") };
    let mut headers = vec![
        ("anthropic-version".to_string(), "2023-06-01".to_string()),
        ("anthropic-dangerous-direct-browser-access".to_string(), "true".to_string()),
    ];
    if let Some(key) = endpoint.key {
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
        "content_block_delta" => {
            // Text, or a piece of the forced tool's input (a structured reply).
            let text = match value.pointer("/delta/type").and_then(Value::as_str) {
                Some("text_delta") => value.pointer("/delta/text"),
                Some("input_json_delta") => value.pointer("/delta/partial_json"),
                _ => None,
            };
            if let Some(text) = text.and_then(Value::as_str) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::config::{ProviderConfig, ProviderKind};
    use crate::llm::{ApiKey, CallPurpose};

    #[test]
    fn a_structured_purpose_forces_a_tool_whose_input_streams_as_the_reply() {
        let mut config = ProviderConfig::new(ProviderKind::Anthropic);
        config.key = Some(ApiKey::new("sk-ant-test", false));
        let http = build_request(&config.endpoint(), &ChatRequest::new(CallPurpose::Plan, "s", "q"));
        let body: Value = serde_json::from_str(&http.body).unwrap();
        assert_eq!(body["tool_choice"], json!({"type": "tool", "name": "plan"}));
        assert_eq!(body["tools"][0]["name"], "plan");
        assert_eq!(body["tools"][0]["input_schema"]["properties"]["normalized_query"]["type"], "string");
        let plain = build_request(&config.endpoint(), &ChatRequest::new(CallPurpose::Answer, "s", "q"));
        assert!(!plain.body.contains("tool_choice"), "{}", plain.body);

        let event = |data: &str| SseEvent { event: "content_block_delta".into(), data: data.into() };
        let piece = r#"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"normalized_query\": \"gout"}}"#;
        assert_eq!(decode(&event(piece)).unwrap().text, r#"{"normalized_query": "gout"#);
        let text = r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}"#;
        assert_eq!(decode(&event(text)).unwrap().text, "Hi");
    }
}
