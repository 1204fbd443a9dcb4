//! The OpenAI-compatible chat-completions wire format: OpenAI itself and the servers that copy
//! it (Ollama at `http://localhost:11434`, llama.cpp server, LM Studio, vLLM, OpenRouter).
//!
//! Request: `POST {base}/v1/chat/completions` (the base may already end in `/v1`), bearer key
//! when there is one, `stream: true` with `stream_options.include_usage` so the last frame
//! carries token counts, and for a structured purpose `response_format: {"type": "json_schema",
//! "json_schema": {"name": purpose, "schema": ...}}` (OpenAI's structured outputs; llama.cpp's
//! server turns the schema into a grammar, so even a small local model writes the JSON asked for).
//! Reply: SSE `data:` frames holding `chat.completion.chunk` objects, then `data: [DONE]`.

use super::sse::SseEvent;
use super::wire::{parse_frame, sse_post, token_count, Endpoint, Frame, WireFormat};
use super::{ChatRequest, LlmError};
use crate::platform::http::HttpRequest;
use serde_json::{json, Value};

/// OpenAI chat completions and every compatible server.
pub struct OpenAi;

impl WireFormat for OpenAi {
    fn default_base_url(&self) -> &'static str {
        "https://api.openai.com"
    }
    fn default_model(&self) -> &'static str {
        "gpt-4o-mini"
    }
    fn key_env(&self) -> &'static str {
        "OPENAI_API_KEY"
    }
    fn needs_key(&self) -> bool {
        false
    }
    fn build_request(&self, endpoint: &Endpoint, request: &ChatRequest) -> HttpRequest {
        build_request(endpoint, request)
    }
    fn decode(&self, event: &SseEvent) -> Result<Frame, LlmError> {
        decode(event)
    }
    fn without_optional_fields(&self, http: &HttpRequest) -> Option<HttpRequest> {
        without_optional_fields(http)
    }
}

/// `{base}/v1/{path}`, not doubling a `/v1` the base already ends with.
pub fn versioned_url(base: &str, path: &str) -> String {
    let base = base.trim_end_matches('/');
    if base.ends_with("/v1") {
        format!("{base}/{path}")
    } else {
        format!("{base}/v1/{path}")
    }
}

/// The streaming chat-completions request for `request`.
fn build_request(endpoint: &Endpoint, request: &ChatRequest) -> HttpRequest {
    let mut body = json!({
        "model": endpoint.model,
        "messages": request.messages,
        "stream": true,
        "stream_options": {"include_usage": true},
    });
    if let Some(max) = request.max_tokens {
        body["max_tokens"] = json!(max);
    }
    if let Some(t) = request.temperature {
        body["temperature"] = json!(t);
    }
    if let Some(schema) = request.schema() {
        body["response_format"] =
            json!({"type": "json_schema", "json_schema": {"name": request.purpose.name(), "schema": schema}});
    }
    let auth = endpoint.key.map(|key| ("authorization".to_string(), format!("Bearer {key}")));
    let url = versioned_url(endpoint.base_url, "chat/completions");
    sse_post(url, &body, auth.into_iter().collect())
}

/// The same request without the optional fields some compatible servers reject with a 400
/// (`stream_options` on older servers, `response_format` on servers without structured outputs);
/// `None` when there is nothing to drop. The answer then comes without usage or a schema, which the
/// pipeline copes with (the readers find a JSON object in prose; each step has a local fallback).
fn without_optional_fields(http: &HttpRequest) -> Option<HttpRequest> {
    let mut body: Value = serde_json::from_str(&http.body).ok()?;
    let object = body.as_object_mut()?;
    let dropped = object.remove("stream_options").is_some() | object.remove("response_format").is_some();
    dropped.then(|| HttpRequest { body: body.to_string(), ..http.clone() })
}

/// One SSE event of the reply.
fn decode(event: &SseEvent) -> Result<Frame, LlmError> {
    let data = event.data.trim();
    if data == "[DONE]" {
        return Ok(Frame { done: true, finished: true, ..Frame::default() });
    }
    let value = parse_frame(data)?;
    if let Some(error) = value.get("error") {
        let message = error.get("message").and_then(Value::as_str).or(error.as_str()).unwrap_or("unknown error");
        return Err(LlmError::BadResponse { detail: format!("the provider reported an error mid-answer: {message}") });
    }
    let mut frame = Frame::default();
    if let Some(choice) = value.get("choices").and_then(|c| c.get(0)) {
        if let Some(text) = choice.pointer("/delta/content").and_then(Value::as_str) {
            frame.text = text.to_string();
        }
        frame.finished = choice.get("finish_reason").is_some_and(|r| !r.is_null());
    }
    if let Some(usage) = value.get("usage").filter(|u| !u.is_null()) {
        frame.prompt_tokens = token_count(usage, "prompt_tokens");
        frame.completion_tokens = token_count(usage, "completion_tokens");
    }
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::config::{ProviderConfig, ProviderKind};
    use crate::llm::{ApiKey, CallPurpose};

    #[test]
    fn request_for_openai_and_ollama_base_urls() {
        let mut config = ProviderConfig::new(ProviderKind::Openai);
        config.key = Some(ApiKey::new("sk-test", false));
        let request = ChatRequest {
            max_tokens: Some(50),
            temperature: Some(0.0),
            ..ChatRequest::new(CallPurpose::Judge, "s", "질문")
        };
        let http = build_request(&config.endpoint(), &request);
        assert_eq!(http.url, "https://api.openai.com/v1/chat/completions");
        assert_eq!(http.header("Authorization"), Some("Bearer sk-test"));
        let body: Value = serde_json::from_str(&http.body).unwrap();
        assert_eq!(body["model"], "gpt-4o-mini");
        assert_eq!(body["stream"], true);
        assert_eq!(body["stream_options"]["include_usage"], true);
        assert_eq!(body["response_format"]["type"], "json_schema");
        assert_eq!(body["response_format"]["json_schema"]["name"], "judge");
        let required = &body["response_format"]["json_schema"]["schema"]["required"];
        assert!(required.as_array().unwrap().contains(&json!("grounding_score")), "{required}");
        assert_eq!(body["messages"][1]["role"], "user");
        assert_eq!(body["messages"][1]["content"], "질문");
        assert_eq!(body["max_tokens"], 50);

        config.base_url = "http://localhost:11434/".into();
        config.key = None;
        let http = build_request(&config.endpoint(), &ChatRequest::default());
        assert_eq!(http.url, "http://localhost:11434/v1/chat/completions");
        assert_eq!(http.header("authorization"), None);
        config.base_url = "https://openrouter.ai/api/v1".into();
        let http = build_request(&config.endpoint(), &ChatRequest::default());
        assert_eq!(http.url, "https://openrouter.ai/api/v1/chat/completions");
        let body: Value = serde_json::from_str(&http.body).unwrap();
        assert!(body.get("response_format").is_none());
    }
}
