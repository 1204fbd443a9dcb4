//! What every set of static files (the knowledge index, the vector index, the browser's copy of the
//! model) says about its files in its `manifest.json`: each file's size and SHA-256, so a loader can
//! tell a complete, current file from a truncated, damaged or stale one.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The manifest's file name in every file set.
pub const MANIFEST: &str = "manifest.json";

/// Size and hash of one static file, as a manifest lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileEntry {
    /// Length in bytes.
    pub bytes: u64,
    /// Lower-case hex SHA-256.
    pub sha256: String,
}

impl FileEntry {
    /// Describes `bytes`.
    pub fn of(bytes: &[u8]) -> Self {
        FileEntry { bytes: bytes.len() as u64, sha256: sha256_hex(bytes) }
    }

    /// Whether `bytes` are the file this entry describes (same size, same SHA-256).
    pub fn matches(&self, bytes: &[u8]) -> bool {
        self.bytes == bytes.len() as u64 && self.sha256 == sha256_hex(bytes)
    }
}

/// Hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Lower-case hex of a byte string.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
