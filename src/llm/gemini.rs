//! The Google Gemini API wire format (Generative Language API, `v1beta`).
//!
//! Request: `POST {base}/v1beta/models/{model}:streamGenerateContent?alt=sse` with the key in
//! the `x-goog-api-key` header (never in the URL, where it would end up in logs); roles are
//! `user` / `model`; the system prompt goes in `system_instruction`; a structured purpose sets
//! `generationConfig.responseMimeType = application/json` and `responseSchema` (Gemini's OpenAPI
//! subset of the reply's schema: upper-case type names).
//! Reply: SSE `data:` frames, each a `GenerateContentResponse` with the new text at
//! `candidates[0].content.parts[].text`; the last carries `finishReason`; the stream just closes.

use super::sse::SseEvent;
use super::wire::{error_message, parse_frame, sse_post, status_error, token_count, Endpoint, Frame, WireFormat};
use super::{ChatRequest, LlmError, Role};
use crate::platform::http::HttpRequest;
use serde_json::{json, Value};

/// Google's Gemini API.
pub struct Gemini;

impl WireFormat for Gemini {
    fn default_base_url(&self) -> &'static str {
        "https://generativelanguage.googleapis.com"
    }
    fn default_model(&self) -> &'static str {
        "gemini-2.0-flash"
    }
    fn key_env(&self) -> &'static str {
        "GEMINI_API_KEY"
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
    fn parse_error(&self, status: u16, retry_after: Option<u64>, body: &str, model: &str) -> LlmError {
        parse_error(status, retry_after, body, model)
    }
}

fn build_request(endpoint: &Endpoint, request: &ChatRequest) -> HttpRequest {
    let system: Vec<Value> =
        request.messages.iter().filter(|m| m.role == Role::System).map(|m| json!({"text": m.content})).collect();
    let contents: Vec<Value> = request
        .messages
        .iter()
        .filter(|m| m.role != Role::System)
        .map(|m| {
            let role = if m.role == Role::Assistant { "model" } else { "user" };
            json!({"role": role, "parts": [{"text": m.content}]})
        })
        .collect();
    let mut generation = json!({});
    if let Some(max) = request.max_tokens {
        generation["maxOutputTokens"] = json!(max);
    }
    if let Some(t) = request.temperature {
        generation["temperature"] = json!(t);
    }
    if let Some(schema) = request.schema() {
        generation["responseMimeType"] = json!("application/json");
        generation["responseSchema"] = openapi_schema(schema);
    }
    let mut body = json!({"contents": contents, "generationConfig": generation});
    if !system.is_empty() {
        body["system_instruction"] = json!({"parts": system});
    }
    let base = endpoint.base_url;
    let versioned = base.ends_with("/v1beta") || base.ends_with("/v1");
    let prefix = if versioned { base.to_string() } else { format!("{base}/v1beta") };
    let auth = endpoint.key.map(|key| ("x-goog-api-key".to_string(), key.to_string()));
    let url = format!("{prefix}/models/{}:streamGenerateContent?alt=sse", endpoint.model);
    sse_post(url, &body, auth.into_iter().collect())
}

/// A JSON schema in Gemini's dialect: type names in upper case ("OBJECT", "STRING", ...).
fn openapi_schema(schema: Value) -> Value {
    match schema {
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .map(|(key, value)| match (key.as_str(), value) {
                    ("type", Value::String(name)) => (key, Value::String(name.to_uppercase())),
                    // Property names are names, not schema keywords: only their values are schemas.
                    ("properties", Value::Object(properties)) => (
                        key,
                        Value::Object(properties.into_iter().map(|(name, s)| (name, openapi_schema(s))).collect()),
                    ),
                    (_, value) => (key, openapi_schema(value)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(openapi_schema).collect()),
        other => other,
    }
}

fn decode(event: &SseEvent) -> Result<Frame, LlmError> {
    let value = parse_frame(&event.data)?;
    if value.get("error").is_some() {
        let status = value.pointer("/error/code").and_then(Value::as_u64).unwrap_or(500) as u16;
        return Err(parse_error(status, None, &event.data, ""));
    }
    if let Some(reason) = value.pointer("/promptFeedback/blockReason").and_then(Value::as_str) {
        return Err(LlmError::BadResponse { detail: format!("the provider refused the question ({reason})") });
    }
    let mut frame = Frame::default();
    let candidate = value.pointer("/candidates/0");
    if let Some(parts) = candidate.and_then(|c| c.pointer("/content/parts")).and_then(Value::as_array) {
        for part in parts {
            // Thought summaries of thinking models are not the answer.
            if part.get("thought").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            if let Some(text) = part.get("text").and_then(Value::as_str) {
                frame.text.push_str(text);
            }
        }
    }
    if let Some(reason) = candidate.and_then(|c| c.get("finishReason")).and_then(Value::as_str) {
        match reason {
            "STOP" | "MAX_TOKENS" | "FINISH_REASON_UNSPECIFIED" => frame.finished = true,
            other => {
                return Err(LlmError::BadResponse { detail: format!("the provider stopped the answer ({other})") })
            }
        }
    }
    if let Some(usage) = value.get("usageMetadata") {
        frame.prompt_tokens = token_count(usage, "promptTokenCount");
        frame.completion_tokens = token_count(usage, "candidatesTokenCount");
    }
    Ok(frame)
}

/// A non-2xx answer: `{"error":{"code":400,"message":"...","status":"INVALID_ARGUMENT",
/// "details":[...]}}`. A bad key is a 400 with reason `API_KEY_INVALID`; a 429 may say how long
/// to wait in a `RetryInfo` detail (`"retryDelay": "37s"`) instead of a header.
fn parse_error(status: u16, retry_after: Option<u64>, body: &str, model: &str) -> LlmError {
    let value: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    let details = value.pointer("/error/details").and_then(Value::as_array).cloned().unwrap_or_default();
    let key_invalid = details.iter().any(|d| d.get("reason").and_then(Value::as_str) == Some("API_KEY_INVALID"));
    if key_invalid {
        return LlmError::Unauthorized;
    }
    let retry_delay = details.iter().find_map(|d| {
        let delay = d.get("retryDelay")?.as_str()?;
        delay.trim_end_matches('s').parse::<f64>().ok()
    });
    let retry_after = retry_after.or(retry_delay.map(|s| s.ceil() as u64));
    status_error(status, retry_after, error_message(body), model)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::config::{ProviderConfig, ProviderKind};
    use crate::llm::CallPurpose;

    #[test]
    fn a_structured_purpose_sends_its_schema_in_geminis_dialect() {
        let config = ProviderConfig::new(ProviderKind::Gemini);
        let http = build_request(&config.endpoint(), &ChatRequest::new(CallPurpose::Sufficiency, "s", "q"));
        let body: Value = serde_json::from_str(&http.body).unwrap();
        let generation = &body["generationConfig"];
        assert_eq!(generation["responseMimeType"], "application/json");
        assert_eq!(generation["responseSchema"]["type"], "OBJECT");
        assert_eq!(generation["responseSchema"]["properties"]["missing_aspects"]["items"]["type"], "STRING");
        assert_eq!(generation["responseSchema"]["properties"]["verdict"]["enum"], json!(["enough", "not_enough"]));
        let plain = build_request(&config.endpoint(), &ChatRequest::new(CallPurpose::Answer, "s", "q"));
        assert!(!plain.body.contains("responseSchema"), "{}", plain.body);
    }
}
