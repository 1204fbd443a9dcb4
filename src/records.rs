//! Every record the browser keeps in its storage, in one place: its key, its schema, how older
//! data migrates, how an import is checked, and what never leaves the device. The format of each is
//! documented with its type (`Memory`, `People`, `Settings`, `Transcript`); the envelope, backups and
//! the export file in [`crate::persist`].

use crate::memory::Memory;
use crate::people::check_people;
use crate::persist::{check_as, RecordKind};
use crate::settings::Settings;
use crate::transcript::Transcript;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::people::People;

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
}
