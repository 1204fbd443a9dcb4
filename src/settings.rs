//! The user's settings: which LLM answers, how the pipeline runs. The browser keeps them as the
//! `medagent.settings` record (see [`crate::records::SETTINGS_RECORD`]); the UI language has its own small key.
//!
//! The API key is the one sensitive field. It is written into the record only when the user ticked
//! "remember in this browser" ([`crate::llm::ApiKey::remembered`]); otherwise the page keeps it in
//! sessionStorage, which the browser forgets when the tab closes.

use crate::llm::ProviderConfig;
use crate::pipeline::flags::{profile, Flags, DEFAULT_PROFILE, PROFILES};
use crate::pipeline::state::Mode;
use crate::triage::Country;
use serde::{Deserialize, Serialize};

/// Everything the settings panel edits.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The LLM provider (offline = answers from the evidence alone).
    pub provider: ProviderConfig,
    /// Agent (the whole pipeline) or plain LLM (the question straight to the model).
    pub mode: Mode,
    /// The ablation profile the flags came from; `None` (custom flags) once a flag was changed by
    /// hand. Stored as the profile's name, `""` for custom.
    #[serde(with = "custom_is_empty")]
    pub profile: Option<String>,
    pub flags: Flags,
    /// Whose emergency numbers the triage notice gives (auto: by the answer's language).
    pub country: Country,
}

impl Default for Settings {
    fn default() -> Self {
        let name = DEFAULT_PROFILE;
        Settings {
            provider: ProviderConfig::default(),
            mode: Mode::Agent,
            profile: Some(name.to_string()),
            flags: profile(name).expect("known profile"),
            country: Country::Auto,
        }
    }
}

impl Settings {
    /// Switches to an ablation profile by name, keeping the user's model-call budget (a setting of
    /// its own, not part of any profile); unknown names change nothing and return false.
    pub fn use_profile(&mut self, name: &str) -> bool {
        match profile(name) {
            Some(flags) => {
                self.flags = Flags { max_llm_calls_per_turn: self.flags.max_llm_calls_per_turn, ..flags };
                self.profile = Some(name.to_string());
                true
            }
            None => false,
        }
    }

    /// Applies a hand edit of the flags: the settings no longer match a named profile unless the
    /// edit happens to give one's flags exactly (the call budget aside).
    pub fn edit_flags(&mut self, edit: impl FnOnce(&mut Flags)) {
        edit(&mut self.flags);
        let budget = self.flags.max_llm_calls_per_turn;
        let same = |name: &str| {
            profile(name).map(|f| Flags { max_llm_calls_per_turn: budget, ..f }) == Some(self.flags.clone())
        };
        self.profile = PROFILES.into_iter().find(|name| same(name)).map(str::to_string);
    }
}

/// `Settings::profile` as the record spells it: the profile's name, or `""` for custom flags.
mod custom_is_empty {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(profile: &Option<String>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(profile.as_deref().unwrap_or_default())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        Ok(Some(String::deserialize(d)?).filter(|name| !name.is_empty()))
    }
}

/// Where questions go: provider, base URL and model. Spelled out for the user to confirm.
pub fn destination(provider: &ProviderConfig) -> String {
    match provider.kind {
        None => "offline (no AI model: nothing is sent)".to_string(),
        Some(kind) => format!("{} at {} (model {})", kind.as_str(), provider.base_url(), provider.model()),
    }
}

/// Settings from an import file, applied over `current`: everything but where questions go, unless
/// the user confirmed that destination separately (an import file must not redirect questions, and
/// the patient profile in them, to a server the user never chose). The key stays the current one.
pub fn from_import(current: &Settings, mut imported: Settings, destination_confirmed: bool) -> Settings {
    if !destination_confirmed {
        imported.provider = current.provider.clone();
    } else {
        imported.provider.key = None;
    }
    imported
}

/// The destination an import of `imported` would switch to, when it is not where questions go now.
pub fn new_destination(current: &Settings, imported: &Settings) -> Option<String> {
    let same = current.provider.kind == imported.provider.kind
        && current.provider.base_url() == imported.provider.base_url()
        && current.provider.model() == imported.provider.model();
    (!same).then(|| destination(&imported.provider))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::{ApiKey, ProviderKind};
    use crate::persist::{load, save, KeyValue, Loaded, MemoryStore};
    use crate::records::SETTINGS_RECORD;

    #[test]
    fn a_key_is_stored_only_when_the_user_asked_to_remember_it() {
        let store = MemoryStore::default();
        let mut settings = Settings::default();
        settings.provider.kind = Some(ProviderKind::Openai);
        settings.provider.key = Some(ApiKey::new("sk-session-only", false));
        save(&store, &SETTINGS_RECORD, &settings).unwrap();
        let Loaded::Found(back) = load::<Settings>(&store, &SETTINGS_RECORD).unwrap() else { panic!("saved") };
        assert_eq!(back.provider.key, None);
        assert!(!store.get(SETTINGS_RECORD.key).unwrap().unwrap().contains("sk-session-only"));

        settings.provider.key = Some(ApiKey::new("sk-remembered", true));
        save(&store, &SETTINGS_RECORD, &settings).unwrap();
        let Loaded::Found(back) = load::<Settings>(&store, &SETTINGS_RECORD).unwrap() else { panic!("saved") };
        assert_eq!(back.provider.key(), Some("sk-remembered"));
        assert_eq!(back.provider.kind, Some(ProviderKind::Openai));
    }

    #[test]
    fn profiles_and_hand_edits() {
        let mut settings = Settings::default();
        assert!(settings.use_profile("baseline"));
        assert!(!settings.flags.self_refine_enabled);
        assert!(!settings.use_profile("no such profile"));
        assert_eq!(settings.profile.as_deref(), Some("baseline"));
        settings.edit_flags(|f| f.max_llm_calls_per_turn = 2);
        assert_eq!(settings.profile.as_deref(), Some("baseline"), "the budget is no part of a profile");
        assert!(settings.use_profile("query_flow"));
        assert_eq!(settings.flags.max_llm_calls_per_turn, 2, "a profile keeps the user's budget");
        assert!(settings.use_profile("baseline"));
        settings.edit_flags(|f| f.lexicon_extraction = false);
        assert_eq!(settings.profile, None);
        settings.edit_flags(|f| f.lexicon_extraction = true);
        assert_eq!(settings.profile.as_deref(), Some("baseline"));
    }

    #[test]
    fn older_or_partial_records_fill_in_defaults() {
        let settings: Settings = serde_json::from_str(r#"{"provider":{"kind":"anthropic"}}"#).unwrap();
        assert_eq!(settings.provider.kind, Some(ProviderKind::Anthropic));
        assert_eq!(settings.mode, Mode::Agent);
        assert_eq!(settings.flags, Flags::default());
        assert_eq!(settings.country, Country::Auto);
        let chosen: Settings = serde_json::from_str(r#"{"country":"gb"}"#).unwrap();
        assert_eq!(chosen.country, Country::Gb);
        assert_eq!(chosen.profile, Settings::default().profile, "no profile saved: the default one");
    }

    /// The record keeps its format: custom flags are `"profile":""`, no model is `"kind":"offline"`.
    #[test]
    fn custom_flags_and_no_model_keep_their_stored_form() {
        let old: Settings =
            serde_json::from_str(r#"{"provider":{"kind":"offline","base_url":"","model":""},"profile":""}"#).unwrap();
        assert_eq!(old.profile, None, "an empty profile name is custom flags");
        assert_eq!(old.provider.kind, None, "offline is no model");
        let json = serde_json::to_value(&old).unwrap();
        assert_eq!(json["profile"], "");
        assert_eq!(json["provider"]["kind"], "offline");
        let named = serde_json::to_value(Settings::default()).unwrap();
        assert_eq!(named["profile"], DEFAULT_PROFILE);
        assert_eq!(serde_json::from_value::<Settings>(named).unwrap(), Settings::default());
    }

    /// An import never switches where questions go unless that destination was confirmed.
    #[test]
    fn an_import_keeps_the_destination_unless_confirmed() {
        let mut current = Settings::default();
        current.provider.kind = Some(ProviderKind::Anthropic);
        current.provider.key = Some(ApiKey::new("sk-mine", true));
        let mut imported = Settings::default();
        imported.use_profile("baseline");
        imported.provider.kind = Some(ProviderKind::Openai);
        imported.provider.base_url = "https://evil.example/v1".into();
        let shown = new_destination(&current, &imported).expect("a new destination");
        assert!(shown.contains("https://evil.example/v1"), "{shown}");
        let applied = from_import(&current, imported.clone(), false);
        assert_eq!(applied.provider, current.provider, "not confirmed: questions still go where they went");
        assert_eq!(applied.profile.as_deref(), Some("baseline"), "the rest of the settings are imported");
        let applied = from_import(&current, imported.clone(), true);
        assert_eq!(applied.provider.base_url, "https://evil.example/v1");
        assert_eq!(applied.provider.key, None, "a key is never taken over to another destination");
        assert_eq!(new_destination(&current, &current), None);
    }
}
