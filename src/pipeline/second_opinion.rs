//! The model's second opinion on triage, asked in the turn's first model call (no call of its own):
//! the call gets one more instruction - give a one-word level (none / urgent / emergency) - and the
//! reply is handed on without it. The turn then takes the higher of the rules' level and the model's
//! (`graph::run_turn`). The rules' notice is shown before any call, so nothing waits for this.

use crate::llm::{ChatMessage, ChatRequest, Completion, Llm, LlmError, LocalFuture, Role, CARE_LEVEL};
use crate::triage::Level;
use std::cell::{Cell, RefCell};

// "LEVEL: emergency", "**Level:** urgent".
pattern!(level_line, r"(?i)^\s*\**level\**\s*[:：]\s*\**\s*(none|urgent|emergency)\b");

fn level_of(word: &str) -> Option<Level> {
    match word.to_ascii_lowercase().as_str() {
        "none" => Some(Level::None),
        "urgent" => Some(Level::Urgent),
        "emergency" => Some(Level::Emergency),
        _ => None,
    }
}

/// The model of a turn, asking for its level in the first call only.
pub struct SecondOpinion<'a> {
    inner: &'a dyn Llm,
    asked: Cell<bool>,
    level: Cell<Option<Level>>,
}

impl<'a> SecondOpinion<'a> {
    pub fn new(inner: &'a dyn Llm) -> Self {
        SecondOpinion { inner, asked: Cell::new(false), level: Cell::new(None) }
    }

    /// The model's level, once, after the call that gave it.
    pub fn take(&self) -> Option<Level> {
        self.level.take()
    }
}

/// The level line at the start of a reply, and the reply after it.
fn split_level(text: &str) -> Option<(Level, &str)> {
    let line_end = text.find('\n').unwrap_or(text.len());
    let word = level_line().captures(&text[..line_end])?.get(1)?.as_str();
    Some((level_of(word)?, text[line_end..].trim_start_matches(['\r', '\n'])))
}

/// The level key of a JSON reply, and the reply without it.
fn split_json(text: &str) -> Option<(Level, String)> {
    let mut value: serde_json::Value = serde_json::from_str(text.trim()).ok()?;
    let level = level_of(value.as_object_mut()?.remove(CARE_LEVEL)?.as_str()?)?;
    Some((level, value.to_string()))
}

impl Llm for SecondOpinion<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn complete<'b>(
        &'b self,
        request: &'b ChatRequest,
        on_delta: &'b mut dyn FnMut(&str),
    ) -> LocalFuture<'b, Result<Completion, LlmError>> {
        if self.asked.replace(true) {
            return self.inner.complete(request, on_delta);
        }
        Box::pin(async move {
            // The instruction joins the first system message, so the request keeps its shape; a
            // structured reply's schema gets the key too, or a provider that enforces the schema
            // would never let the model write it.
            let json = request.schema().is_some();
            let ask = crate::llm::prompt_file::fixed(if json { "second_opinion.json" } else { "second_opinion.text" });
            let mut asking = ChatRequest { care_level: json, ..request.clone() };
            match asking.messages.first_mut().filter(|m| m.role == Role::System) {
                Some(system) => system.content = format!("{}\n\n{ask}", system.content),
                None => asking.messages.insert(0, ChatMessage::system(ask)),
            }
            if json {
                let mut completion = self.inner.complete(&asking, on_delta).await?;
                if let Some((level, rest)) = split_json(&completion.text) {
                    self.level.set(Some(level));
                    completion.text = rest;
                }
                return Ok(completion);
            }
            // Streamed text: hold the first line back until it is known whether it is the level.
            let held = RefCell::new(Some(String::new()));
            let mut pass = |delta: &str| {
                let mut held = held.borrow_mut();
                let Some(buffer) = held.as_mut() else { return on_delta(delta) };
                buffer.push_str(delta);
                if buffer.contains('\n') || buffer.len() > 80 {
                    let rest = split_level(buffer).map_or(buffer.as_str(), |(_, rest)| rest).to_string();
                    *held = None;
                    if !rest.is_empty() {
                        on_delta(&rest);
                    }
                }
            };
            let completion = self.inner.complete(&asking, &mut pass).await;
            // A reply shorter than a line, or one stopped early: what was held back is all of it.
            if let Some(buffer) = held.into_inner().filter(|b| !b.is_empty()) {
                let rest = split_level(&buffer).map_or(buffer.as_str(), |(_, rest)| rest);
                if !rest.is_empty() {
                    on_delta(rest);
                }
            }
            let mut completion = completion?;
            if let Some((level, rest)) = split_level(&completion.text) {
                self.level.set(Some(level));
                completion.text = rest.to_string();
            }
            Ok(completion)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_is_read_and_removed() {
        assert_eq!(split_level("LEVEL: emergency\nCall now."), Some((Level::Emergency, "Call now.")));
        assert_eq!(split_level("**Level:** urgent\n\nSee a doctor."), Some((Level::Urgent, "See a doctor.")));
        assert_eq!(split_level("The level of sugar is fine."), None);
        let (level, rest) = split_json(r#"{"intent": "explain", "care_level": "none"}"#).unwrap();
        assert_eq!(level, Level::None);
        assert_eq!(rest, r#"{"intent":"explain"}"#);
        assert_eq!(split_json(r#"{"intent": "explain"}"#), None);
    }
}
