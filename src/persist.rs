//! Persistence of the app's records (profiles, conversations, cache, settings) in a key-value store
//! (the browser's localStorage; a map in tests), with schema versions, migrations, corruption
//! recovery and a one-file export / import.
//!
//! Record format (the value stored under each key), JSON:
//! `{"schema": <u32>, "data": <the record>}`. A record written by an older schema is migrated step by
//! step on load; one that cannot be read is copied to a backup key (`<key>.backup.<n>`) before the
//! app falls back to an empty record, so nothing is silently lost.
//!
//! Export format, JSON: `{"app": "medagent", "export_version": 1, "records": {<key>: <record>}}`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// Where records live: localStorage in the browser, a map in tests.
pub trait KeyValue {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str) -> Result<(), StoreError>;
    /// All keys present (the app filters by its own prefix).
    fn keys(&self) -> Result<Vec<String>, StoreError>;
}

/// Why the store refused an operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser's storage quota is full; the record was not written.
    QuotaExceeded,
    /// Storage is unavailable (private mode, disabled by the user, ...).
    Unavailable(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::QuotaExceeded => {
                write!(f, "browser storage is full: export your data, then clear the answer cache or old conversations")
            }
            StoreError::Unavailable(why) => {
                write!(f, "browser storage is unavailable ({why}); nothing will be kept after reload")
            }
        }
    }
}

/// One step of a record's schema history: turns data of schema `from` into schema `from + 1`.
pub struct Migration {
    pub from: u32,
    pub apply: fn(Value) -> Result<Value, String>,
}

/// A kind of record the app keeps: its storage key, current schema, and how older data migrates.
pub struct RecordKind {
    pub key: &'static str,
    pub schema: u32,
    pub migrations: &'static [Migration],
    /// Checks that migrated data has the record's type (used to validate imports);
    /// normally `check_as::<TheRecordType>`.
    pub check: fn(&Value) -> Result<(), String>,
}

/// A [`RecordKind::check`] that accepts data deserialising as `T`.
pub fn check_as<T: DeserializeOwned>(data: &Value) -> Result<(), String> {
    T::deserialize(data).map(drop).map_err(|e| e.to_string())
}

/// The result of loading a record.
#[derive(Debug, PartialEq)]
pub enum Loaded<T> {
    /// Nothing stored yet.
    Missing,
    /// The record, migrated to the current schema if it was older.
    Found(T),
    /// The stored value could not be read; it was kept under `backup_key` and the app starts empty.
    Recovered { backup_key: String, reason: String },
}

#[derive(Serialize, Deserialize)]
struct Envelope {
    schema: u32,
    data: Value,
}

/// Loads the record of `kind`, migrating it, or backing it up if it is unreadable.
pub fn load<T: DeserializeOwned>(store: &dyn KeyValue, kind: &RecordKind) -> Result<Loaded<T>, StoreError> {
    let Some(raw) = store.get(kind.key)? else {
        return Ok(Loaded::Missing);
    };
    match decode(&raw, kind) {
        Ok(value) => Ok(Loaded::Found(value)),
        Err(reason) => {
            let backup_key = free_backup_key(store, kind.key)?;
            store.set(&backup_key, &raw)?;
            Ok(Loaded::Recovered { backup_key, reason })
        }
    }
}

/// Saves `value` as the current schema of `kind`.
pub fn save<T: Serialize>(store: &dyn KeyValue, kind: &RecordKind, value: &T) -> Result<(), StoreError> {
    let envelope = Envelope { schema: kind.schema, data: serde_json::to_value(value).expect("records serialise") };
    store.set(kind.key, &serde_json::to_string(&envelope).expect("envelopes serialise"))
}

/// Reads a stored record into the current schema of `kind`.
fn decode<T: DeserializeOwned>(raw: &str, kind: &RecordKind) -> Result<T, String> {
    let envelope: Envelope = serde_json::from_str(raw).map_err(|e| format!("not a medagent record: {e}"))?;
    let data = migrate(envelope.schema, envelope.data, kind)?;
    serde_json::from_value(data).map_err(|e| format!("record does not match schema {}: {e}", kind.schema))
}

fn migrate(mut schema: u32, mut data: Value, kind: &RecordKind) -> Result<Value, String> {
    if schema > kind.schema {
        return Err(format!(
            "written by a newer medagent (schema {schema}, this version reads up to {}): update the app",
            kind.schema
        ));
    }
    while schema < kind.schema {
        let step = kind
            .migrations
            .iter()
            .find(|m| m.from == schema)
            .ok_or_else(|| format!("no migration from schema {schema}"))?;
        data = (step.apply)(data).map_err(|e| format!("migration from schema {schema} failed: {e}"))?;
        schema += 1;
    }
    Ok(data)
}

fn free_backup_key(store: &dyn KeyValue, key: &str) -> Result<String, StoreError> {
    let keys = store.keys()?;
    let n = (1..).find(|n| !keys.iter().any(|k| *k == format!("{key}.backup.{n}"))).expect("unbounded");
    Ok(format!("{key}.backup.{n}"))
}

/// The identifier every export file carries.
pub const EXPORT_APP: &str = "medagent";
/// The version of the export file format.
pub const EXPORT_VERSION: u32 = 1;

/// A whole export: every record of the given kinds, as stored.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct Export {
    pub app: String,
    pub export_version: u32,
    pub records: BTreeMap<String, Value>,
}

/// Builds the export of `kinds` (records not stored yet are left out).
pub fn export(store: &dyn KeyValue, kinds: &[&RecordKind]) -> Result<Export, StoreError> {
    let mut records = BTreeMap::new();
    for kind in kinds {
        if let Some(raw) = store.get(kind.key)? {
            // Unreadable records are exported as their raw text so an export never loses them.
            let value = serde_json::from_str(&raw).unwrap_or(Value::String(raw));
            records.insert(kind.key.to_string(), value);
        }
    }
    Ok(Export { app: EXPORT_APP.into(), export_version: EXPORT_VERSION, records })
}

/// What an import file holds, checked record by record, before anything is written.
#[derive(Debug)]
pub struct ImportPreview {
    /// Records that read correctly: key, and the number of top-level entries (for the preview).
    pub valid: Vec<(String, usize)>,
    /// Records that would be skipped, with the reason.
    pub invalid: Vec<(String, String)>,
    records: BTreeMap<String, String>,
}

/// Validates an export file against the record kinds this version knows.
pub fn preview_import(text: &str, kinds: &[&RecordKind]) -> Result<ImportPreview, String> {
    let file: Export = serde_json::from_str(text).map_err(|e| format!("this is not a medagent export file: {e}"))?;
    if file.app != EXPORT_APP {
        return Err(format!("this file is from {:?}, not medagent", file.app));
    }
    if file.export_version > EXPORT_VERSION {
        return Err(format!("this export is from a newer medagent (format {}); update the app", file.export_version));
    }
    let mut preview = ImportPreview { valid: Vec::new(), invalid: Vec::new(), records: BTreeMap::new() };
    for (key, value) in file.records {
        let Some(kind) = kinds.iter().find(|k| k.key == key) else {
            preview.invalid.push((key, "unknown record".into()));
            continue;
        };
        let raw = serde_json::to_string(&value).expect("values serialise");
        match decode::<Value>(&raw, kind).and_then(|data| (kind.check)(&data).map(|()| data)) {
            Ok(data) => {
                let entries = match &data {
                    Value::Array(a) => a.len(),
                    Value::Object(o) => o.len(),
                    _ => 1,
                };
                preview.valid.push((key.clone(), entries));
                preview.records.insert(key, raw);
            }
            Err(reason) => preview.invalid.push((key, reason)),
        }
    }
    Ok(preview)
}

/// Writes the valid records of a previewed import, replacing what is stored under those keys.
pub fn apply_import(store: &dyn KeyValue, preview: &ImportPreview) -> Result<usize, StoreError> {
    for (key, raw) in &preview.records {
        store.set(key, raw)?;
    }
    Ok(preview.records.len())
}

/// An in-memory store with an optional size quota (for tests and for a browser without storage).
#[derive(Default)]
pub struct MemoryStore {
    map: std::cell::RefCell<BTreeMap<String, String>>,
    /// Total bytes of keys and values allowed; `None` is unlimited.
    pub quota: Option<usize>,
}

impl KeyValue for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.map.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let mut map = self.map.borrow_mut();
        if let Some(quota) = self.quota {
            let others: usize = map.iter().filter(|(k, _)| *k != key).map(|(k, v)| k.len() + v.len()).sum();
            if others + key.len() + value.len() > quota {
                return Err(StoreError::QuotaExceeded);
            }
        }
        map.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.map.borrow_mut().remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.map.borrow().keys().cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Settings {
        language: String,
        provider: String,
    }

    /// Schema 1 had `lang`; schema 2 renamed it `language` and added `provider`.
    fn v1_to_v2(mut data: Value) -> Result<Value, String> {
        let obj = data.as_object_mut().ok_or("settings must be an object")?;
        let lang = obj.remove("lang").ok_or("missing lang")?;
        obj.insert("language".into(), lang);
        obj.insert("provider".into(), json!("offline"));
        Ok(data)
    }

    static SETTINGS: RecordKind = RecordKind {
        key: "medagent.settings",
        schema: 2,
        migrations: &[Migration { from: 1, apply: v1_to_v2 }],
        check: check_as::<Settings>,
    };

    #[test]
    fn save_and_load_round_trip() {
        let store = MemoryStore::default();
        assert_eq!(load::<Settings>(&store, &SETTINGS).unwrap(), Loaded::Missing);
        let settings = Settings { language: "ko".into(), provider: "anthropic".into() };
        save(&store, &SETTINGS, &settings).unwrap();
        assert_eq!(load::<Settings>(&store, &SETTINGS).unwrap(), Loaded::Found(settings));
    }

    #[test]
    fn old_records_are_migrated() {
        let store = MemoryStore::default();
        store.set("medagent.settings", r#"{"schema":1,"data":{"lang":"en"}}"#).unwrap();
        assert_eq!(
            load::<Settings>(&store, &SETTINGS).unwrap(),
            Loaded::Found(Settings { language: "en".into(), provider: "offline".into() })
        );
    }

    #[test]
    fn garbage_is_backed_up_not_dropped() {
        let store = MemoryStore::default();
        store.set("medagent.settings", "{{{ not json").unwrap();
        let Loaded::Recovered { backup_key, reason } = load::<Settings>(&store, &SETTINGS).unwrap() else {
            panic!("expected recovery")
        };
        assert_eq!(backup_key, "medagent.settings.backup.1");
        assert!(reason.contains("not a medagent record"), "{reason}");
        assert_eq!(store.get(&backup_key).unwrap().as_deref(), Some("{{{ not json"));
        // A second bad load keeps the first backup and makes another.
        let Loaded::Recovered { backup_key, .. } = load::<Settings>(&store, &SETTINGS).unwrap() else { panic!() };
        assert_eq!(backup_key, "medagent.settings.backup.2");
    }

    #[test]
    fn records_from_a_newer_app_are_kept_and_explained() {
        let store = MemoryStore::default();
        store.set("medagent.settings", r#"{"schema":9,"data":{}}"#).unwrap();
        let Loaded::Recovered { reason, .. } = load::<Settings>(&store, &SETTINGS).unwrap() else { panic!() };
        assert!(reason.contains("newer medagent"), "{reason}");
    }

    #[test]
    fn quota_exceeded_is_reported_and_keeps_the_old_value() {
        let store = MemoryStore { quota: Some(120), ..Default::default() };
        save(&store, &SETTINGS, &Settings { language: "ko".into(), provider: "offline".into() }).unwrap();
        let huge = Settings { language: "x".repeat(500), provider: "offline".into() };
        assert_eq!(save(&store, &SETTINGS, &huge), Err(StoreError::QuotaExceeded));
        assert!(matches!(load::<Settings>(&store, &SETTINGS).unwrap(), Loaded::Found(s) if s.language == "ko"));
    }

    #[test]
    fn export_then_import_restores_everything() {
        let store = MemoryStore::default();
        save(&store, &SETTINGS, &Settings { language: "ko".into(), provider: "gemini".into() }).unwrap();
        let file = serde_json::to_string(&export(&store, &[&SETTINGS]).unwrap()).unwrap();

        let fresh = MemoryStore::default();
        let preview = preview_import(&file, &[&SETTINGS]).unwrap();
        assert_eq!(preview.valid, vec![("medagent.settings".to_string(), 2)]);
        assert!(preview.invalid.is_empty());
        assert_eq!(apply_import(&fresh, &preview).unwrap(), 1);
        assert_eq!(
            load::<Settings>(&fresh, &SETTINGS).unwrap(),
            Loaded::Found(Settings { language: "ko".into(), provider: "gemini".into() })
        );
    }

    #[test]
    fn bad_import_files_are_refused_with_a_reason() {
        assert!(preview_import("not json", &[&SETTINGS]).unwrap_err().contains("not a medagent export"));
        let other = r#"{"app":"other","export_version":1,"records":{}}"#;
        assert!(preview_import(other, &[&SETTINGS]).unwrap_err().contains("not medagent"));
        let mixed = r#"{"app":"medagent","export_version":1,"records":{
            "medagent.settings":{"schema":2,"data":{"language":3}},
            "medagent.unknown":{"schema":1,"data":{}}}}"#;
        let preview = preview_import(mixed, &[&SETTINGS]).unwrap();
        assert!(preview.valid.is_empty());
        assert_eq!(preview.invalid.len(), 2);
    }
}
