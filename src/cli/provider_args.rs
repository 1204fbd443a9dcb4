//! The `--provider / --base-url / --model` options shared by the commands that call an LLM
//! (`ask`, `chat`, `bench stream`), and the provider they select. Keys come only from the
//! environment (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GEMINI_API_KEY`) and are never printed.

use super::error::CliError;
use crate::llm::{ApiKey, Llm, Provider, ProviderConfig, ProviderKind};
use crate::platform::default_transport;
use crate::platform::http::Limits;
use std::time::Duration;

/// Which LLM answers. Flatten into a command with `#[command(flatten)]`.
#[derive(Debug, Clone, clap::Args)]
pub struct ProviderArgs {
    /// LLM provider: offline (evidence only, no LLM), openai (also Ollama, llama.cpp, LM Studio,
    /// vLLM, OpenRouter via --base-url), anthropic or gemini. The key is read from
    /// OPENAI_API_KEY / ANTHROPIC_API_KEY / GEMINI_API_KEY.
    #[arg(long, value_enum, default_value = "offline")]
    pub provider: ProviderChoice,
    /// Base URL of the provider, e.g. http://localhost:11434 for Ollama (default: the provider's own).
    #[arg(long)]
    pub base_url: Option<String>,
    /// Model name (default: a small model of the provider).
    #[arg(long)]
    pub model: Option<String>,
    /// The most seconds one model request may take, from sending it to the end of its answer
    /// (default: 120 s to the first byte, 600 s in all).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
}

/// `--provider` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProviderChoice {
    Offline,
    Openai,
    Anthropic,
    Gemini,
}

impl ProviderArgs {
    /// The provider configuration, with the key from the environment (not saved anywhere).
    pub fn config(&self) -> ProviderConfig {
        let kind = match self.provider {
            ProviderChoice::Offline => None,
            ProviderChoice::Openai => Some(ProviderKind::Openai),
            ProviderChoice::Anthropic => Some(ProviderKind::Anthropic),
            ProviderChoice::Gemini => Some(ProviderKind::Gemini),
        };
        let key = kind
            .and_then(|kind| std::env::var(kind.key_env()).ok())
            .filter(|k| !k.trim().is_empty())
            .map(|k| ApiKey::new(k.trim(), false));
        ProviderConfig {
            kind,
            base_url: self.base_url.clone().unwrap_or_default(),
            model: self.model.clone().unwrap_or_default(),
            key,
        }
    }

    /// The selected LLM; `None` for `--provider offline` (the caller uses the evidence
    /// responder). Errors say which environment variable to set when a key is required.
    pub fn build(&self) -> Result<Option<Box<dyn Llm>>, CliError> {
        let config = self.config();
        if let Some(kind) = config.kind.filter(|kind| kind.needs_key() && config.key().is_none()) {
            let (name, var) = (kind.as_str(), kind.key_env());
            return Err(CliError::usage(format!("--provider {name} needs an API key: set {var} in the environment")));
        }
        let Some(mut provider) = Provider::from_config(&config, default_transport()) else { return Ok(None) };
        if let Some(secs) = self.timeout {
            let limit = Duration::from_secs(secs);
            let limits = Limits::default();
            provider.limits = Limits { first_byte: limits.first_byte.min(limit), total: limit };
        }
        Ok(Some(Box::new(provider)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        provider: ProviderArgs,
    }

    #[test]
    fn flags_select_kind_base_url_and_model() {
        let args = Command::parse_from([
            "ask",
            "--provider",
            "openai",
            "--base-url",
            "http://localhost:11434",
            "--model",
            "llama3.2",
        ]);
        let config = args.provider.config();
        assert_eq!(config.kind, Some(ProviderKind::Openai));
        assert_eq!(config.base_url(), "http://localhost:11434");
        assert_eq!(config.model(), "llama3.2");
        let offline = Command::parse_from(["ask"]).provider;
        assert_eq!(offline.provider, ProviderChoice::Offline);
        assert!(offline.build().unwrap().is_none());
        assert!(Command::try_parse_from(["ask", "--provider", "cohere"]).is_err());
    }
}
