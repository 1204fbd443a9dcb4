//! Persistence of the app's records (profiles, conversations, cache, settings) in a key-value store
//! (the browser's localStorage; a map in tests), with schema versions, migrations, corruption
//! recovery and a one-file export / import.
//!
//! Record format (the value stored under each key), JSON:
//! `{"schema": <u32>, "data": <the record>}`. A record written by an older schema is migrated step by
//! step on load; one that cannot be read is copied to a backup key (`<key>.backup.<n>`) before the
//! app falls back to an empty record, so nothing is silently lost.
//!
//! Export format, JSON: `{"app": "medagent", "export_version": 1, "records": {<key>: <record>},
//! "left_out": ["<what was not exported, and why>"]}`. A record's secrets (its kind's
//! [`RecordKind::secrets`], e.g. the API key) are never exported, remembered or not.
//!
//! Import is one transaction: every record is validated first, then the new records are written
//! beside the old ones (under `<key>.importing`: if they do not all fit, nothing changed), then
//! swapped in; if a swap fails, every record is put back as it was.

use crate::i18n::Lang;
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

impl StoreError {
    /// Why, in `lang`, with what to do.
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (StoreError::QuotaExceeded, Lang::En) => {
                "browser storage is full: export your data, then delete old conversations or people".into()
            }
            (StoreError::QuotaExceeded, Lang::Ko) => {
                "브라우저 저장 공간이 가득 찼습니다. 데이터를 내보낸 뒤 오래된 대화나 대상자를 지우세요".into()
            }
            (StoreError::Unavailable(why), Lang::En) => {
                format!("browser storage is unavailable ({why}); nothing will be kept after reload")
            }
            (StoreError::Unavailable(why), Lang::Ko) => {
                format!("브라우저 저장소를 쓸 수 없습니다 ({why}). 다시 불러오면 남지 않습니다")
            }
        }
    }

    /// The notice after `what` (a phrase in `lang`, e.g. "this turn") could not be saved: what was
    /// not saved, that what was saved before is intact, and what to do. A failed write replaces
    /// nothing, so older data is always intact.
    pub fn not_saved(&self, what: &str, lang: Lang) -> String {
        match lang {
            Lang::En => format!("Not saved: {what}. Everything saved before is intact. ({})", self.message(lang)),
            Lang::Ko => {
                format!("저장하지 못했습니다: {what}. 이전에 저장된 내용은 그대로 있습니다. ({})", self.message(lang))
            }
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// Why a stored or imported record cannot be read, by what it means: not a record at all, written
/// by a newer app (update it), an older schema with no way forward, or data that is not the
/// record's type. Each is kept under a backup key on load, and skipped on import.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not the JSON of a record (`{"schema": .., "data": ..}`).
    NotARecord(String),
    /// Written by a newer medagent at `schema`; this version reads up to `reads`.
    Newer { schema: u32, reads: u32 },
    /// An older schema no migration starts from.
    NoMigration { from: u32 },
    /// The migration from schema `from` refused the data.
    MigrationFailed { from: u32, detail: String },
    /// The data is not the record's type at `schema`.
    Mismatch { schema: u32, detail: String },
    /// The record's kind refused the data (its check's own message, e.g. a name too long).
    Refused(String),
    /// A record this version does not know (in an import file).
    Unknown,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::NotARecord(detail) => write!(f, "not a medagent record: {detail}"),
            RecordError::Newer { schema, reads } => {
                write!(
                    f,
                    "written by a newer medagent (schema {schema}, this version reads up to {reads}): update the app"
                )
            }
            RecordError::NoMigration { from } => write!(f, "no migration from schema {from}"),
            RecordError::MigrationFailed { from, detail } => write!(f, "migration from schema {from} failed: {detail}"),
            RecordError::Mismatch { schema, detail } => write!(f, "record does not match schema {schema}: {detail}"),
            RecordError::Refused(detail) => f.write_str(detail),
            RecordError::Unknown => f.write_str("unknown record"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Why an import file was refused as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportFileError {
    /// Not the JSON of an export file.
    NotAnExport(String),
    /// An export of another app.
    OtherApp(String),
    /// An export format newer than this version reads: update the app.
    Newer(u32),
}

impl std::fmt::Display for ExportFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportFileError::NotAnExport(detail) => write!(f, "this is not a medagent export file: {detail}"),
            ExportFileError::OtherApp(app) => write!(f, "this file is from {app:?}, not medagent"),
            ExportFileError::Newer(version) => {
                write!(f, "this export is from a newer medagent (format {version}); update the app")
            }
        }
    }
}

impl std::error::Error for ExportFileError {}

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
    /// Paths inside the record's data that never leave the device in an export (e.g.
    /// `&[&["provider", "key"]]`), with what they are, for the export's note.
    pub secrets: &'static [(&'static [&'static str], &'static str)],
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
    Recovered { backup_key: String, reason: RecordError },
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
fn decode<T: DeserializeOwned>(raw: &str, kind: &RecordKind) -> Result<T, RecordError> {
    let envelope: Envelope = serde_json::from_str(raw).map_err(|e| RecordError::NotARecord(e.to_string()))?;
    read_data(envelope.schema, envelope.data, kind)
}

/// Reads the `data` of a record of `kind` written at `schema`, migrating it to the current schema
/// (for a file that keeps the schema beside the data, e.g. the command line's `--state` file).
pub fn read_data<T: DeserializeOwned>(schema: u32, data: Value, kind: &RecordKind) -> Result<T, RecordError> {
    let data = migrate(schema, data, kind)?;
    // From `&data`, as `check_as` and the import preview read records: serde then builds one
    // deserializer per record type instead of two (about 35 kB of the app's gzipped wasm).
    T::deserialize(&data).map_err(|e| RecordError::Mismatch { schema: kind.schema, detail: e.to_string() })
}

fn migrate(mut schema: u32, mut data: Value, kind: &RecordKind) -> Result<Value, RecordError> {
    if schema > kind.schema {
        return Err(RecordError::Newer { schema, reads: kind.schema });
    }
    while schema < kind.schema {
        let step =
            kind.migrations.iter().find(|m| m.from == schema).ok_or(RecordError::NoMigration { from: schema })?;
        data = (step.apply)(data).map_err(|detail| RecordError::MigrationFailed { from: schema, detail })?;
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

/// A whole export: every record of the given kinds, as stored, without their secrets.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct Export {
    pub app: String,
    pub export_version: u32,
    pub records: BTreeMap<String, Value>,
    /// What the export does not hold, in words (secrets, unreadable records holding secrets).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<String>,
}

/// Removes the value at `path` under `value`; whether there was one.
fn remove_path(value: &mut Value, path: &[&str]) -> bool {
    match path {
        [] => false,
        [last] => value.as_object_mut().is_some_and(|o| o.remove(*last).is_some_and(|v| !v.is_null())),
        [first, rest @ ..] => value.get_mut(*first).is_some_and(|v| remove_path(v, rest)),
    }
}

/// Builds the export of `kinds` (records not stored yet are left out). Secrets are removed, and the
/// export says so whether one was stored or not (a session-only key is not stored at all).
pub fn export(store: &dyn KeyValue, kinds: &[&RecordKind]) -> Result<Export, StoreError> {
    let mut records = BTreeMap::new();
    let mut left_out = Vec::new();
    for kind in kinds {
        let Some(raw) = store.get(kind.key)? else { continue };
        for (_, what) in kind.secrets {
            left_out.push(format!("{what} is never exported: enter it again after importing"));
        }
        let mut value = match serde_json::from_str::<Value>(&raw) {
            Ok(value) => value,
            // Unreadable records are exported as their raw text so an export never loses them,
            // unless they may hold a secret.
            Err(_) if kind.secrets.is_empty() => Value::String(raw),
            Err(_) => {
                left_out.push(format!("{} could not be read and may hold a secret: not exported", kind.key));
                continue;
            }
        };
        if let Some(data) = value.get_mut("data") {
            for (path, _) in kind.secrets {
                remove_path(data, path);
            }
        }
        records.insert(kind.key.to_string(), value);
    }
    Ok(Export { app: EXPORT_APP.into(), export_version: EXPORT_VERSION, records, left_out })
}

/// What an import file holds, checked record by record, before anything is written.
#[derive(Clone, Debug)]
pub struct ImportPreview {
    /// Records that read correctly: key, and the number of top-level entries (for the preview).
    pub valid: Vec<(String, usize)>,
    /// Records that would be skipped, with the reason.
    pub invalid: Vec<(String, RecordError)>,
    records: BTreeMap<String, String>,
}

/// Validates an export file against the record kinds this version knows.
pub fn preview_import(text: &str, kinds: &[&RecordKind]) -> Result<ImportPreview, ExportFileError> {
    let file: Export = serde_json::from_str(text).map_err(|e| ExportFileError::NotAnExport(e.to_string()))?;
    if file.app != EXPORT_APP {
        return Err(ExportFileError::OtherApp(file.app));
    }
    if file.export_version > EXPORT_VERSION {
        return Err(ExportFileError::Newer(file.export_version));
    }
    let mut preview = ImportPreview { valid: Vec::new(), invalid: Vec::new(), records: BTreeMap::new() };
    for (key, value) in file.records {
        let Some(kind) = kinds.iter().find(|k| k.key == key) else {
            preview.invalid.push((key, RecordError::Unknown));
            continue;
        };
        let raw = serde_json::to_string(&value).expect("values serialise");
        let checked = |data: Value| (kind.check)(&data).map(|()| data).map_err(RecordError::Refused);
        match decode::<Value>(&raw, kind).and_then(checked) {
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

impl ImportPreview {
    /// The data (current schema) of the valid record `key`.
    pub fn data(&self, key: &str) -> Option<Value> {
        let envelope: Envelope = serde_json::from_str(self.records.get(key)?).ok()?;
        Some(envelope.data)
    }

    /// Replaces the data of the valid record `key` before it is applied (e.g. to keep a setting
    /// the user did not confirm); the record keeps the schema it was checked at.
    pub fn set_data(&mut self, key: &str, data: Value) {
        if let Some(raw) = self.records.get_mut(key) {
            let schema = serde_json::from_str::<Envelope>(raw).map_or(0, |e| e.schema);
            *raw = serde_json::to_string(&Envelope { schema, data }).expect("envelopes serialise");
        }
    }
}

/// Why an import wrote nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The record that could not be written.
    pub key: String,
    pub error: StoreError,
    /// Whether putting the previous records back failed too (storage refused even the old data).
    pub restore_failed: bool,
}

impl ImportError {
    /// What happened, in `lang`, and what it means for the data.
    pub fn message(&self, lang: Lang) -> String {
        let (key, why) = (&self.key, self.error.message(lang));
        match (self.restore_failed, lang) {
            (false, Lang::En) => {
                format!("Nothing was imported: {key} could not be written ({why}). Your data is as it was.")
            }
            (false, Lang::Ko) => format!("가져오지 않았습니다: {key}을(를) 쓸 수 없습니다 ({why}). 데이터는 그대로입니다."),
            (true, Lang::En) => format!(
                "The import stopped at {key} ({why}) and the previous data could not all be put back: export what you have now before changing anything."
            ),
            (true, Lang::Ko) => format!(
                "{key}에서 가져오기가 멈췄고 ({why}) 이전 데이터를 모두 되돌리지 못했습니다. 다른 것을 바꾸기 전에 지금 데이터를 내보내세요."
            ),
        }
    }
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// The staging key of an import's record.
fn staging_key(key: &str) -> String {
    format!("{key}.importing")
}

/// Writes the valid records of a previewed import, all or none, and returns the keys replaced.
///
/// The new records are first written beside the old ones (this checks that they fit: the swap that
/// follows never needs more space than that), then swapped in one by one. On any failure every
/// record is put back as it was and the staging copies are removed.
pub fn apply_import(store: &dyn KeyValue, preview: &ImportPreview) -> Result<Vec<String>, ImportError> {
    let mut previous: Vec<(&String, Option<String>)> = Vec::new();
    for key in preview.records.keys() {
        let old = store.get(key).map_err(|error| ImportError { key: key.clone(), error, restore_failed: false })?;
        previous.push((key, old));
    }
    let clean_staging = || {
        for key in preview.records.keys() {
            let _ = store.remove(&staging_key(key));
        }
    };
    for (key, raw) in &preview.records {
        if let Err(error) = store.set(&staging_key(key), raw) {
            clean_staging();
            return Err(ImportError { key: key.clone(), error, restore_failed: false });
        }
    }
    for (done, (key, raw)) in preview.records.iter().enumerate() {
        // The staging copy goes first, so the swap never holds both copies of the new record.
        let swapped = store.remove(&staging_key(key)).and_then(|()| store.set(key, raw));
        if let Err(error) = swapped {
            let mut restore_failed = false;
            // A refused write changes nothing: the records before this one are the ones to put back.
            for (key, old) in &previous[..done] {
                let restored = store.remove(key).and_then(|()| old.as_ref().map_or(Ok(()), |old| store.set(key, old)));
                restore_failed |= restored.is_err();
            }
            clean_staging();
            return Err(ImportError { key: key.clone(), error, restore_failed });
        }
    }
    Ok(preview.records.keys().cloned().collect())
}

/// One step of keeping a record saved while the app changes it: `saved` is the value saved last
/// (`None` until the first value is known: that one came from storage and is not written back),
/// `value` the value now (`None` while there is none to read). Writes `value` with `save` when it
/// differs from `saved`. Returns the value saved last after this step, and why `save` failed if it
/// did: the caller then shows the returned value again, so what is shown never differs silently from
/// what is stored, and what was stored is never lost.
pub fn save_if_changed<T: PartialEq>(
    saved: Option<T>,
    value: Option<T>,
    save: impl FnOnce(&T) -> Result<(), StoreError>,
) -> (Option<T>, Option<StoreError>) {
    let Some(value) = value else { return (saved, None) };
    let Some(saved) = saved else { return (Some(value), None) };
    if value == saved {
        return (Some(saved), None);
    }
    match save(&value) {
        Ok(()) => (Some(value), None),
        Err(error) => (Some(saved), Some(error)),
    }
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
        secrets: &[],
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
        assert!(matches!(reason, RecordError::NotARecord(_)), "{reason}");
        assert!(reason.to_string().contains("not a medagent record"), "{reason}");
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
        assert_eq!(reason, RecordError::Newer { schema: 9, reads: 2 });
        assert!(reason.to_string().contains("newer medagent"), "{reason}");
    }

    #[test]
    fn quota_exceeded_is_reported_and_keeps_the_old_value() {
        let store = MemoryStore { quota: Some(120), ..Default::default() };
        save(&store, &SETTINGS, &Settings { language: "ko".into(), provider: "offline".into() }).unwrap();
        let huge = Settings { language: "x".repeat(500), provider: "offline".into() };
        assert_eq!(save(&store, &SETTINGS, &huge), Err(StoreError::QuotaExceeded));
        assert!(matches!(load::<Settings>(&store, &SETTINGS).unwrap(), Loaded::Found(s) if s.language == "ko"));
    }

    /// Storage full says what was not saved and that older data is intact, never that data was
    /// unreadable or that the app started fresh.
    #[test]
    fn storage_full_says_what_was_not_saved_and_what_is_kept() {
        let store = MemoryStore { quota: Some(120), ..Default::default() };
        save(&store, &SETTINGS, &Settings { language: "ko".into(), provider: "offline".into() }).unwrap();
        let error =
            save(&store, &SETTINGS, &Settings { language: "x".repeat(500), provider: "offline".into() }).unwrap_err();
        let en = error.not_saved("this turn", Lang::En);
        assert!(en.contains("Not saved: this turn") && en.contains("intact") && en.contains("full"), "{en}");
        assert!(!en.contains("backed up") && !en.contains("could not be read") && !en.contains("fresh"), "{en}");
        let ko = error.not_saved("이번 대화", Lang::Ko);
        assert!(ko.contains("이번 대화") && ko.contains("그대로"), "{ko}");
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
        assert_eq!(apply_import(&fresh, &preview).unwrap(), ["medagent.settings"]);
        assert_eq!(
            load::<Settings>(&fresh, &SETTINGS).unwrap(),
            Loaded::Found(Settings { language: "ko".into(), provider: "gemini".into() })
        );
    }

    #[test]
    fn bad_import_files_are_refused_with_a_reason() {
        let error = |text: &str| preview_import(text, &[&SETTINGS]).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error("not json").contains("not a medagent export"));
        let other = r#"{"app":"other","export_version":1,"records":{}}"#;
        assert!(error(other).contains("not medagent"));
        let mixed = r#"{"app":"medagent","export_version":1,"records":{
            "medagent.settings":{"schema":2,"data":{"language":3}},
            "medagent.unknown":{"schema":1,"data":{}}}}"#;
        let preview = preview_import(mixed, &[&SETTINGS]).unwrap();
        assert!(preview.valid.is_empty());
        assert_eq!(preview.invalid.len(), 2);
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Note {
        text: String,
    }

    static NOTE: RecordKind =
        RecordKind { key: "medagent.note", schema: 1, migrations: &[], check: check_as::<Note>, secrets: &[] };
    static BOOK: RecordKind =
        RecordKind { key: "medagent.book", schema: 1, migrations: &[], check: check_as::<Note>, secrets: &[] };

    /// A store that refuses writes to one key (to fail an import half way, past the space check).
    struct RefusesKey<'a>(&'a MemoryStore, &'a str);

    impl KeyValue for RefusesKey<'_> {
        fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
            self.0.get(key)
        }
        fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
            if key == self.1 {
                return Err(StoreError::QuotaExceeded);
            }
            self.0.set(key, value)
        }
        fn remove(&self, key: &str) -> Result<(), StoreError> {
            self.0.remove(key)
        }
        fn keys(&self) -> Result<Vec<String>, StoreError> {
            self.0.keys()
        }
    }

    fn two_records(book: &str, note: &str) -> MemoryStore {
        let store = MemoryStore::default();
        save(&store, &BOOK, &Note { text: book.into() }).unwrap();
        save(&store, &NOTE, &Note { text: note.into() }).unwrap();
        store
    }

    fn snapshot(store: &MemoryStore) -> BTreeMap<String, String> {
        store.map.borrow().clone()
    }

    /// An import that does not fit writes nothing: the old records are all there, no staging left.
    #[test]
    fn an_import_that_does_not_fit_changes_nothing() {
        let file = serde_json::to_string(&export(&two_records("new book", &"n".repeat(400)), &[&BOOK, &NOTE]).unwrap())
            .unwrap();
        let store = two_records("old book", "old note");
        let before = snapshot(&store);
        let limited = MemoryStore {
            quota: Some(before.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>() + 300),
            ..Default::default()
        };
        for (k, v) in &before {
            limited.set(k, v).unwrap();
        }
        let preview = preview_import(&file, &[&BOOK, &NOTE]).unwrap();
        let error = apply_import(&limited, &preview).unwrap_err();
        assert_eq!(error.error, StoreError::QuotaExceeded);
        assert!(!error.restore_failed);
        assert!(error.to_string().contains("Nothing was imported"), "{error}");
        assert_eq!(snapshot(&limited), before, "every old record kept, no staging copy left");
    }

    /// A failure during the swap puts back every record already swapped.
    #[test]
    fn a_failed_swap_restores_the_previous_records() {
        let file =
            serde_json::to_string(&export(&two_records("new book", "new note"), &[&BOOK, &NOTE]).unwrap()).unwrap();
        let store = two_records("old book", "old note");
        let before = snapshot(&store);
        let preview = preview_import(&file, &[&BOOK, &NOTE]).unwrap();
        // "medagent.book" swaps first; then "medagent.note" is refused.
        let error = apply_import(&RefusesKey(&store, "medagent.note"), &preview).unwrap_err();
        assert_eq!(error.key, "medagent.note");
        assert_eq!(snapshot(&store), before);
        // With room, all records are written and reported.
        assert_eq!(apply_import(&store, &preview).unwrap(), ["medagent.book", "medagent.note"]);
        assert!(matches!(load::<Note>(&store, &NOTE).unwrap(), Loaded::Found(n) if n.text == "new note"));
        assert_eq!(store.keys().unwrap(), ["medagent.book", "medagent.note"]);
    }

    static SECRET: RecordKind = RecordKind {
        key: "medagent.secret",
        schema: 1,
        migrations: &[],
        check: check_as::<Value>,
        secrets: &[(&["provider", "key"], "The API key")],
    };

    /// Secrets never leave in an export, stored or not, and the export says they were left out.
    #[test]
    fn exports_leave_secrets_out_and_say_so() {
        let store = MemoryStore::default();
        store
            .set("medagent.secret", r#"{"schema":1,"data":{"provider":{"kind":"openai","key":"sk-remembered"}}}"#)
            .unwrap();
        let file = serde_json::to_string(&export(&store, &[&SECRET]).unwrap()).unwrap();
        assert!(!file.contains("sk-remembered"), "{file}");
        assert!(file.contains("openai"));
        assert!(file.contains("The API key is never exported"), "{file}");
        // An unreadable record that may hold the key is left out too.
        store.set("medagent.secret", "{ broken sk-remembered").unwrap();
        let file = serde_json::to_string(&export(&store, &[&SECRET]).unwrap()).unwrap();
        assert!(!file.contains("sk-remembered"), "{file}");
        assert!(file.contains("could not be read"), "{file}");
    }

    /// A kept record: the loaded value is not written back, a change is, an unchanged value is not
    /// written again, and a change the store refuses leaves the value saved before, in the store and
    /// as the one to show.
    #[test]
    fn save_if_changed_writes_changes_and_keeps_the_last_saved_on_refusal() {
        let store = MemoryStore { quota: Some(200), ..MemoryStore::default() };
        let kind =
            RecordKind { key: "medagent.kept", schema: 1, migrations: &[], check: check_as::<String>, secrets: &[] };
        let writes = std::cell::Cell::new(0);
        let save = |value: &String| {
            writes.set(writes.get() + 1);
            save(&store, &kind, value)
        };
        let (saved, refused) = save_if_changed(None, Some("loaded".to_string()), save);
        assert_eq!((saved.as_deref(), refused, writes.get()), (Some("loaded"), None, 0));
        assert_eq!(store.get("medagent.kept").unwrap(), None);
        let (saved, refused) = save_if_changed(saved, Some("changed".to_string()), save);
        assert_eq!((saved.as_deref(), refused, writes.get()), (Some("changed"), None, 1));
        let (saved, _) = save_if_changed(saved, Some("changed".to_string()), save);
        assert_eq!(writes.get(), 1, "an unchanged value is not written again");
        let (saved, refused) = save_if_changed(saved, Some("x".repeat(500)), save);
        assert_eq!((saved.as_deref(), refused), (Some("changed"), Some(StoreError::QuotaExceeded)));
        assert_eq!(load::<String>(&store, &kind).unwrap(), Loaded::Found("changed".to_string()));
        let (saved, refused) = save_if_changed(saved, None, save);
        assert_eq!((saved.as_deref(), refused), (Some("changed"), None), "nothing to read keeps the last saved");
    }
}
