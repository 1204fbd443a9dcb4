//! The user's provider choice (which service, base URL, model, key), as the settings record stores
//! it, and each kind's defaults, read from its wire format. The client that sends requests is
//! [`super::provider`]; the formats take the resolved [`Endpoint`], not this record, so the
//! dependency runs one way: provider -> config -> formats -> wire.

use super::wire::{Endpoint, WireFormat};
use super::{anthropic, gemini, openai};
use serde::{Deserialize, Serialize};

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
    /// Where and as whom a request goes: base URL, model and key with the kind's defaults filled in.
    pub fn endpoint(&self) -> Endpoint<'_> {
        Endpoint { base_url: self.base_url(), model: self.model(), key: self.key() }
    }
}

#[cfg(test)]
mod tests {
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
}
