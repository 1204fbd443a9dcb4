//! Every record the browser keeps in its storage, in one place: its key, its schema, how older
//! data migrates, how an import is checked, and what never leaves the device. The format of each is
//! documented with its type (`Memory`, `People`, `Settings`, `Transcript`); the envelope, backups and
//! the export file in [`crate::persist`].

use crate::i18n::Lang;
use crate::memory::Memory;
use crate::people::{check_people, People};
use crate::persist::{check_as, RecordKind};
use crate::pipeline::state::Mode;
use crate::settings::Settings;
use crate::transcript::Transcript;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The profiles, conversations and response cache of every person on this device ([`Memory`]).
pub static MEMORY_RECORD: RecordKind =
    RecordKind { key: "medagent.memory", schema: 1, migrations: &[], check: check_as::<Memory>, secrets: &[] };

/// The people and the chosen one ([`crate::people::People`]); an import is checked as adding each person would be.
pub static PEOPLE_RECORD: RecordKind =
    RecordKind { key: "medagent.people", schema: 1, migrations: &[], check: check_people, secrets: &[] };

/// The settings ([`Settings`]). The API key is written only when the user asked to remember it, and
/// never exported.
pub static SETTINGS_RECORD: RecordKind = RecordKind {
    key: "medagent.settings",
    schema: 1,
    migrations: &[],
    check: check_as::<Settings>,
    secrets: &[(&["provider", "key"], "The API key")],
};

/// Every person's saved conversation ([`Transcript`]).
pub static TRANSCRIPT_RECORD: RecordKind =
    RecordKind { key: "medagent.transcript", schema: 1, migrations: &[], check: check_as::<Transcript>, secrets: &[] };

/// Every record the app stores, in export order.
pub const RECORDS: [&RecordKind; 4] = [&MEMORY_RECORD, &PEOPLE_RECORD, &SETTINGS_RECORD, &TRANSCRIPT_RECORD];

/// What the data of the record `key` holds, in words in `lang`, for the import preview ("3 people:
/// Mom, Dad, Me"). Read as the record's own type, so a renamed field cannot silently count zero; empty
/// for a key this version does not know or data that is not its record's type.
pub fn summary(key: &str, data: &Value, lang: Lang) -> String {
    fn read<T: DeserializeOwned>(data: &Value) -> Option<T> {
        T::deserialize(data).ok()
    }
    let en = lang == Lang::En;
    let summary = match key {
        _ if key == MEMORY_RECORD.key => read::<Memory>(data).map(|memory| {
            let exchanges: usize = memory.conversations.values().map(|c| c.exchanges.len()).sum();
            let (profiles, cached) = (memory.profiles.profiles.len(), memory.cache.entries.len());
            if en {
                format!("{profiles} profiles, {exchanges} remembered exchanges, {cached} cached answers")
            } else {
                format!("프로필 {profiles}개, 기억한 대화 {exchanges}개, 저장된 답변 {cached}개")
            }
        }),
        _ if key == PEOPLE_RECORD.key => read::<People>(data).map(|people| {
            let names: Vec<String> = people.all().iter().map(|p| p.label(lang)).collect();
            if en {
                format!("{} people: {}", names.len(), names.join(", "))
            } else {
                format!("대상자 {}명: {}", names.len(), names.join(", "))
            }
        }),
        _ if key == SETTINGS_RECORD.key => read::<Settings>(data).map(|settings| {
            let mode = match settings.mode {
                Mode::Agent => "agent",
                Mode::Llm => "llm",
            };
            let profile = settings.profile.as_deref().unwrap_or("custom");
            if en {
                format!("mode {mode}, profile {profile}")
            } else {
                format!("방식 {mode}, 프로필 {profile}")
            }
        }),
        _ if key == TRANSCRIPT_RECORD.key => read::<Transcript>(data).map(|transcript| {
            let turns: usize = transcript.turns.values().map(Vec::len).sum();
            if en {
                format!("{turns} shown turns")
            } else {
                format!("화면의 대화 {turns}개")
            }
        }),
        _ => None,
    };
    summary.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each record has its own key, and its import check accepts what the app writes.
    #[test]
    fn every_record_has_its_own_key_and_accepts_its_default() {
        let keys: std::collections::BTreeSet<&str> = RECORDS.iter().map(|r| r.key).collect();
        assert_eq!(keys.len(), RECORDS.len());
        use serde_json::to_value;
        assert!((MEMORY_RECORD.check)(&to_value(Memory::default()).unwrap()).is_ok());
        assert!((PEOPLE_RECORD.check)(&to_value(People::default()).unwrap()).is_ok());
        assert!((SETTINGS_RECORD.check)(&to_value(Settings::default()).unwrap()).is_ok());
        assert!((TRANSCRIPT_RECORD.check)(&to_value(Transcript::default()).unwrap()).is_ok());
        assert!((SETTINGS_RECORD.check)(&serde_json::json!({"mode": 3})).is_err());
    }

    /// The import preview counts what each record holds, read as the record's type.
    #[test]
    fn summaries_count_what_each_record_holds() {
        use serde_json::{json, to_value};
        let mut people = People::default();
        people.add("Mom").unwrap();
        assert_eq!(summary(PEOPLE_RECORD.key, &to_value(&people).unwrap(), Lang::En), "2 people: Me, Mom");
        assert_eq!(summary(PEOPLE_RECORD.key, &to_value(&people).unwrap(), Lang::Ko), "대상자 2명: 나, Mom");
        let settings = Settings { mode: Mode::Llm, profile: None, ..Settings::default() };
        assert_eq!(summary(SETTINGS_RECORD.key, &to_value(&settings).unwrap(), Lang::En), "mode llm, profile custom");
        let turns = json!({"turns": {"default": [{"question": "a"}, {"question": "b"}], "p1": [{"question": "c"}]}});
        assert_eq!(summary(TRANSCRIPT_RECORD.key, &turns, Lang::En), "3 shown turns");
        assert_eq!(
            summary(MEMORY_RECORD.key, &to_value(Memory::default()).unwrap(), Lang::En),
            "0 profiles, 0 remembered exchanges, 0 cached answers"
        );
        assert_eq!(summary(MEMORY_RECORD.key, &json!({"profiles": 7}), Lang::En), "");
        assert_eq!(summary("medagent.unknown", &json!({}), Lang::En), "");
    }
}
