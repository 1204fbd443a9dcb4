//! Large-language-model access: the [`Llm`] trait the pipeline calls and its implementations (the
//! real providers and a scripted test model), the prompts and the readers of structured replies,
//! and the offline evidence responder used when no model is configured.
//!
//! The trait is object-safe and its futures are not `Send`, because browser futures are not.

pub mod anthropic;
pub mod config;
pub mod describe;
pub mod gemini;
pub mod judge;
pub mod offline;
pub mod openai;
pub mod prompt_file;
pub mod prompts;
pub mod provider;
pub mod query_flow;
pub mod scripted;
pub mod sse;
pub mod stream_cost;
pub mod wire;

pub use config::{ApiKey, ProviderConfig, ProviderKind};
pub use describe::describe;
pub use provider::{provider_from_config, Provider};

pub use crate::core::LocalFuture;
use serde::{Deserialize, Serialize};

/// Who wrote a message of the conversation sent to the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

/// One message of a chat request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: Role,
    pub content: String,
}

impl ChatMessage {
    pub fn system(content: impl Into<String>) -> Self {
        Self { role: Role::System, content: content.into() }
    }
    pub fn user(content: impl Into<String>) -> Self {
        Self { role: Role::User, content: content.into() }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Self { role: Role::Assistant, content: content.into() }
    }
}

/// What a model call is for. Every request carries it: a structured purpose has a JSON schema its
/// reply must follow ([`CallPurpose::schema`]), which each provider asks for with its own
/// structured-output feature, and test models answer by it instead of reading the prompt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallPurpose {
    /// The planner's search plan.
    Plan,
    /// Reranking the pooled passages.
    Rerank,
    /// Judging whether the evidence is enough before answering.
    Sufficiency,
    /// The answer (again, after an ungrounded grade, a failed answer check or a low quality score).
    #[default]
    Answer,
    /// The grounding grade of the answer.
    Grade,
    /// The quality judge of the corrective loop.
    Judge,
    /// Rewriting the query for the corrective loop.
    Rewrite,
    /// Summarising earlier exchanges for conversation memory.
    MemorySummary,
    /// The study's measurements of an answer: whether the passages support each of its sentences,
    Support,
    /// and questions it answers.
    Questions,
    /// A connection test or a benchmark: any reply will do.
    Probe,
}

impl CallPurpose {
    pub const ALL: [CallPurpose; 11] = [
        CallPurpose::Plan,
        CallPurpose::Rerank,
        CallPurpose::Sufficiency,
        CallPurpose::Answer,
        CallPurpose::Grade,
        CallPurpose::Judge,
        CallPurpose::Rewrite,
        CallPurpose::MemorySummary,
        CallPurpose::Support,
        CallPurpose::Questions,
        CallPurpose::Probe,
    ];

    /// The purpose's name (the schema's name in a structured request).
    pub fn name(self) -> &'static str {
        match self {
            CallPurpose::Plan => "plan",
            CallPurpose::Rerank => "rerank",
            CallPurpose::Sufficiency => "sufficiency",
            CallPurpose::Answer => "answer",
            CallPurpose::Grade => "grade",
            CallPurpose::Judge => "judge",
            CallPurpose::Rewrite => "rewrite",
            CallPurpose::MemorySummary => "memory_summary",
            CallPurpose::Support => "support",
            CallPurpose::Questions => "questions",
            CallPurpose::Probe => "probe",
        }
    }

    /// The purpose named `name`.
    pub fn named(name: &str) -> Option<CallPurpose> {
        CallPurpose::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Calls made before the answer: one call is always kept back for the answer itself.
    pub fn before_answer(self) -> bool {
        matches!(self, CallPurpose::Plan | CallPurpose::Rerank | CallPurpose::Sufficiency)
    }

    /// The JSON schema of the reply, for the purposes whose reply is one JSON object; `None` for text.
    /// The schemas are JSON text, not `json!` builders: the builders' code was 2.4 kB gzip of the app's wasm.
    pub fn schema(self) -> Option<serde_json::Value> {
        let text = match self {
            CallPurpose::Plan => query_flow::PLAN_SCHEMA,
            CallPurpose::Rerank => query_flow::RERANK_SCHEMA,
            CallPurpose::Sufficiency => query_flow::SUFFICIENCY_SCHEMA,
            CallPurpose::Grade => query_flow::GRADE_SCHEMA,
            CallPurpose::Judge => judge::SCHEMA,
            CallPurpose::Rewrite => prompts::REWRITE_SCHEMA,
            CallPurpose::Support => SUPPORT_SCHEMA,
            CallPurpose::Questions => QUESTIONS_SCHEMA,
            CallPurpose::Answer | CallPurpose::MemorySummary | CallPurpose::Probe => return None,
        };
        Some(serde_json::from_str(text).expect("the schemas are JSON"))
    }
}

/// The study's support verdicts: `{"verdicts": [0 or 1, ...]}`, the shape of each of its measurements.
const SUPPORT_SCHEMA: &str = r#"{"type": "object",
 "properties": {"verdicts": {"type": "array", "items": {"type": "integer", "enum": [0, 1]}}}, "required": ["verdicts"]}"#;

/// The study's questions: `{"questions": [...]}`. A question is short: held to 120 characters, a
/// small model cannot write one question until its token limit and leave the JSON cut off.
const QUESTIONS_SCHEMA: &str = r#"{"type": "object",
 "properties": {"questions": {"type": "array", "items": {"type": "string", "maxLength": 120}}}, "required": ["questions"]}"#;

/// What the pipeline asks a model for.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    /// What the call is for; a structured purpose asks for a reply in its schema.
    pub purpose: CallPurpose,
    pub messages: Vec<ChatMessage>,
    pub max_tokens: Option<u32>,
    pub temperature: Option<f32>,
    /// The reply's JSON object also carries [`CARE_LEVEL`], the model's triage second opinion: a
    /// provider that enforces the schema (llama.cpp's grammar, OpenAI strict, Anthropic's tool
    /// input, Gemini's responseSchema) lets the model write only the keys the schema names.
    #[serde(default)]
    pub care_level: bool,
    /// How many items the reply's list must hold (the study's verdicts: one per sentence). The
    /// schema states it as `minItems`/`maxItems`, so a provider that enforces the schema cannot
    /// stop early or run on: a small model otherwise writes verdicts until its token limit.
    #[serde(default)]
    pub list_len: Option<usize>,
}

/// The key of the model's triage level in a structured reply: none, urgent or emergency.
pub const CARE_LEVEL: &str = "care_level";

impl ChatRequest {
    /// A request for `purpose` of a system and a user message.
    pub fn new(purpose: CallPurpose, system: impl Into<String>, user: impl Into<String>) -> Self {
        ChatRequest {
            purpose,
            messages: vec![ChatMessage::system(system), ChatMessage::user(user)],
            ..ChatRequest::default()
        }
    }

    /// The JSON schema the reply must follow, when the purpose wants a JSON object (with the
    /// [`CARE_LEVEL`] key, required, when the request asks for it, and its lists held to
    /// [`ChatRequest::list_len`] items when that is set).
    pub fn schema(&self) -> Option<serde_json::Value> {
        let mut schema = self.purpose.schema()?;
        if let (Some(n), Some(properties)) = (self.list_len, schema["properties"].as_object_mut()) {
            for list in properties.values_mut().filter(|p| p["type"] == "array") {
                list["minItems"] = n.into();
                list["maxItems"] = n.into();
            }
        }
        if self.care_level {
            let levels = serde_json::json!({"type": "string", "enum": ["none", "urgent", "emergency"]});
            schema["properties"][CARE_LEVEL] = levels;
            if let Some(required) = schema["required"].as_array_mut() {
                required.push(CARE_LEVEL.into());
            }
        }
        Some(schema)
    }
}

/// Token counts a provider reported, when it reports them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
}

/// A finished reply.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Completion {
    pub text: String,
    pub usage: Option<Usage>,
}

/// Why a model call failed. Each variant maps to a message a person understands, in Korean or
/// English: [`describe`]; `CutOff` keeps the text that did arrive. No variant ever carries an API
/// key (providers scrub it from the messages they pass through).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LlmError {
    /// 401/403: the key is missing or wrong.
    Unauthorized,
    /// 404: no such model (or wrong base URL).
    NotFound { model: String },
    /// 429: rate limited; how long the provider asked us to wait, when it said.
    RateLimited { retry_after_secs: Option<u64> },
    /// 5xx: the provider failed.
    Server { status: u16 },
    /// Any other HTTP status with the provider's message.
    Http { status: u16, message: String },
    /// The request never got an HTTP answer (offline, DNS, connection refused, CORS in a browser).
    Network { detail: String },
    /// No answer within the time limit.
    Timeout { secs: u64 },
    /// The user pressed stop.
    Cancelled,
    /// The stream ended before the provider said it was done; `partial` is what arrived.
    CutOff { partial: String },
    /// The provider answered something we could not read.
    BadResponse { detail: String },
}

/// The transport's failures, as the provider reports them.
impl From<crate::platform::http::HttpError> for LlmError {
    fn from(error: crate::platform::http::HttpError) -> Self {
        use crate::platform::http::HttpError;
        match error {
            HttpError::Network { detail } => LlmError::Network { detail },
            HttpError::Timeout { secs } => LlmError::Timeout { secs },
            HttpError::Cancelled => LlmError::Cancelled,
        }
    }
}

impl std::fmt::Display for LlmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LlmError::Unauthorized => write!(f, "the provider refused the API key (check the key in settings)"),
            LlmError::NotFound { model } => {
                write!(f, "the provider has no model named {model:?} (check the model name and base URL)")
            }
            LlmError::RateLimited { retry_after_secs: Some(s) } => {
                write!(f, "rate limited by the provider: try again in {s} s")
            }
            LlmError::RateLimited { retry_after_secs: None } => {
                write!(f, "rate limited by the provider: try again shortly")
            }
            LlmError::Server { status } => {
                write!(f, "the provider failed (HTTP {status}); try again later")
            }
            LlmError::Http { status, message } => {
                write!(f, "the provider answered HTTP {status}: {message}")
            }
            LlmError::Network { detail } => write!(f, "could not reach the provider: {detail}"),
            LlmError::Timeout { secs } => write!(f, "the provider did not answer within {secs} s"),
            LlmError::Cancelled => write!(f, "stopped"),
            LlmError::CutOff { .. } => write!(f, "the answer was cut off before it finished"),
            LlmError::BadResponse { detail } => {
                write!(f, "the provider's answer could not be read: {detail}")
            }
        }
    }
}

impl std::error::Error for LlmError {}

/// A language model the pipeline can call: a real provider, or a scripted model for tests. (Without
/// one the pipeline answers with the offline evidence responder, which is not an `Llm`.) `on_delta` receives the reply as it streams (each call a new piece).
pub trait Llm {
    /// A short name for traces ("offline", "openai:gpt-4o-mini", ...). Never contains a key.
    fn name(&self) -> String;

    /// Sends the request and streams the reply into `on_delta`; returns the whole reply.
    fn complete<'a>(
        &'a self,
        request: &'a ChatRequest,
        on_delta: &'a mut dyn FnMut(&str),
    ) -> LocalFuture<'a, Result<Completion, LlmError>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schemas are hand-written JSON text: each must parse, and name as required only keys it
    /// describes (a provider enforcing it would otherwise reject every reply).
    #[test]
    fn every_structured_purpose_has_an_object_schema_requiring_its_own_keys() {
        let structured: Vec<CallPurpose> = CallPurpose::ALL.into_iter().filter(|p| p.schema().is_some()).collect();
        assert_eq!(structured.len(), 8, "all but answer, memory summary and probe");
        for purpose in structured {
            let schema = purpose.schema().unwrap();
            assert_eq!(schema["type"], "object", "{purpose:?}");
            let properties = schema["properties"].as_object().unwrap();
            let required = schema["required"].as_array().unwrap();
            assert!(!required.is_empty(), "{purpose:?}");
            for key in required {
                assert!(properties.contains_key(key.as_str().unwrap()), "{purpose:?}: {key}");
            }
        }
    }
}
