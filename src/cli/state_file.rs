//! The `--state` file of `ask` and `chat`: the profiles, conversations and cache ([`Memory`]) as
//! JSON, shared safely by runs at the same time.
//!
//! Rules:
//! - a run holds an exclusive lock on `<state>.lock` from reading the file until its last write, so
//!   concurrent runs take turns and none overwrites another's profile (a run waiting for the lock
//!   says so on stderr);
//! - a write goes to `<state>.tmp` and is renamed over the file: an interrupted write never leaves
//!   half a file;
//! - the version being replaced is kept as `<state>.bak`;
//! - top-level fields this version does not know (written by a newer medagent, or by hand) are
//!   written back as they were;
//! - `schema` is the schema of the memory record ([`MEMORY_RECORD`]) the file holds; a file without
//!   one was written at schema 1, and is migrated as the browser's record is.

use super::error::CliError;
use crate::memory::Memory;
use crate::persist::read_data;
use crate::records::MEMORY_RECORD;
use serde_json::{Map, Value};
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// An open state file, locked until dropped.
pub struct StateFile {
    path: PathBuf,
    /// The fields of the file that [`Memory`] does not hold.
    unknown: Map<String, Value>,
    /// Held for the life of the run; the lock ends when it is closed.
    _lock: File,
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

impl StateFile {
    /// Locks `path` and reads it (a missing file is an empty memory). A file that is not ours is an
    /// error and stays untouched.
    pub fn open(path: &Path) -> Result<(StateFile, Memory), CliError> {
        let lock_path = sibling(path, ".lock");
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(CliError::io("create the lock file", &lock_path, ""))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                eprintln!("waiting for another medagent run that uses {} ...", path.display());
                lock.lock().map_err(CliError::io("lock", &lock_path, ""))?;
            }
            Err(TryLockError::Error(e)) => return Err(CliError::io("lock", &lock_path, "")(e)),
        }
        let not_ours = |e: &dyn std::fmt::Display| {
            CliError::usage(format!(
                "{} is not a medagent state file ({e}); it was left untouched: pass another --state path",
                path.display()
            ))
        };
        let (memory, unknown) = match std::fs::read_to_string(path) {
            Ok(text) => {
                let mut fields = match serde_json::from_str::<Value>(&text).map_err(|e| not_ours(&e))? {
                    Value::Object(fields) => fields,
                    _ => return Err(not_ours(&"not a JSON object")),
                };
                let schema = fields.remove("schema").and_then(|s| s.as_u64()).map_or(1, |s| s as u32);
                let memory: Memory =
                    read_data(schema, Value::Object(fields.clone()), &MEMORY_RECORD).map_err(|e| not_ours(&e))?;
                let known = known_fields(&memory);
                fields.retain(|k, _| !known.contains(k));
                (memory, fields)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Memory::default(), Map::new()),
            Err(e) => return Err(CliError::read(path)(e)),
        };
        Ok((StateFile { path: path.to_path_buf(), unknown, _lock: lock }, memory))
    }

    /// Writes `memory` (with the unknown fields read) atomically, keeping the previous version as
    /// `<state>.bak`.
    pub fn write(&self, memory: &Memory) -> Result<(), CliError> {
        let mut fields = match serde_json::to_value(memory).expect("memory serialises") {
            Value::Object(fields) => fields,
            _ => unreachable!("Memory is a struct"),
        };
        for (k, v) in &self.unknown {
            fields.entry(k.clone()).or_insert_with(|| v.clone());
        }
        fields.insert("schema".into(), MEMORY_RECORD.schema.into());
        let failed = |e: std::io::Error| CliError::write(&self.path)(e);
        let tmp = sibling(&self.path, ".tmp");
        std::fs::write(&tmp, Value::Object(fields).to_string()).map_err(failed)?;
        if self.path.exists() {
            std::fs::copy(&self.path, sibling(&self.path, ".bak")).map_err(failed)?;
        }
        std::fs::rename(&tmp, &self.path).map_err(failed)
    }
}

/// The top-level field names [`Memory`] writes.
fn known_fields(memory: &Memory) -> Vec<String> {
    match serde_json::to_value(memory) {
        Ok(Value::Object(fields)) => fields.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("medagent-state-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("state.json")
    }

    #[test]
    fn unknown_fields_are_kept_and_the_previous_version_is_backed_up() {
        let path = scratch("unknown");
        let before = r#"{"profiles":{"profiles":{}},"conversations":{},"cache":{"entries":[],"clock":0},"from_the_future":{"x":1}}"#;
        std::fs::write(&path, before).unwrap();
        let (file, mut memory) = StateFile::open(&path).unwrap();
        memory.conversations.entry("ann".into()).or_default();
        file.write(&memory).unwrap();
        let after: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(after["from_the_future"]["x"], 1);
        assert_eq!(after["schema"], MEMORY_RECORD.schema);
        assert!(after["conversations"]["ann"].is_object());
        assert_eq!(std::fs::read_to_string(sibling(&path, ".bak")).unwrap(), before);
        assert!(!sibling(&path, ".tmp").exists());
    }

    /// A state file written before the answer was a value (schema 1, no `schema` field) loads
    /// with every exchange and cached answer, and is written back at the current schema.
    #[test]
    fn a_state_file_of_the_previous_release_loads_whole() {
        let path = scratch("previous");
        let saved: Value =
            serde_json::from_str(include_str!("../../tests/fixtures/saved/medagent.memory.json")).unwrap();
        std::fs::write(&path, saved["data"].to_string()).unwrap();
        let (file, memory) = StateFile::open(&path).unwrap();
        assert_eq!(memory.conversations["me"].exchanges.len(), 7);
        assert_eq!(memory.cache.entries.len(), 5);
        assert!(memory.cache.entries.iter().all(|e| !e.answer.body.is_empty()));
        file.write(&memory).unwrap();
        drop(file);
        let (_, again) = StateFile::open(&path).unwrap();
        assert_eq!(again, memory);
    }

    #[test]
    fn a_file_that_is_not_ours_is_refused_and_left_alone() {
        let path = scratch("foreign");
        for text in ["not json", "[1, 2]", r#"{"profiles": 3}"#] {
            std::fs::write(&path, text).unwrap();
            let error = StateFile::open(&path).err().expect("refused").to_string();
            assert!(error.contains("is not a medagent state file"), "{error}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
    }
}
