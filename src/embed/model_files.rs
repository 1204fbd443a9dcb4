//! The files that make up the embedding model, as bytes, and their fingerprint.
//!
//! Natively they come from `model/` (see `scripts/fetch-model.sh`): `config.json`, `vocab.txt`,
//! `model.safetensors` (f32). The browser loads the prepared copy in `generated/model/`
//! (`medagent model prepare`): the same `config.json` and `vocab.txt` and `model.f16.safetensors`.

use crate::core::files::{hex, FileEntry};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The bytes of one copy of the model.
#[derive(Debug, Clone)]
pub struct ModelFiles {
    /// `config.json` (BERT hyper-parameters).
    pub config_json: Vec<u8>,
    /// `vocab.txt` (one WordPiece token per line; the line number is the id).
    pub vocab_txt: Vec<u8>,
    /// A safetensors file with the BERT weights, f32 or f16.
    pub weights: Vec<u8>,
}

impl ModelFiles {
    /// The SHA-256 (hex) of config, vocabulary and weights together: changes whenever the model does.
    /// Recorded in the vector index manifest so stale vectors are detected.
    pub fn fingerprint(&self) -> String {
        let mut h = Sha256::new();
        for part in [&self.config_json, &self.vocab_txt, &self.weights] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        hex(&h.finalize())
    }
}

/// File name of the f16 weights in the browser's copy of the model.
pub const F16_WEIGHTS: &str = "model.f16.safetensors";

/// `manifest.json` of the browser's copy of the model (written by `medagent model prepare`):
///
/// ```json
/// { "model": "all-MiniLM-L6-v2", "source_hash": "<fingerprint of the f32 model>",
///   "files": { "config.json": { "bytes": 612, "sha256": "..." }, "vocab.txt": {...},
///              "model.f16.safetensors": {...} } }
/// ```
///
/// The browser reads it first: the sizes drive the download progress, and `source_hash` must equal
/// the vector index's `model_hash` (the chunks were embedded by the model this copy was made from).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreparedModel {
    /// Human-readable model name.
    pub model: String,
    /// [`ModelFiles::fingerprint`] of the f32 model the copy was made from.
    pub source_hash: String,
    /// Size and SHA-256 of each file of the copy.
    pub files: BTreeMap<String, FileEntry>,
}

impl PreparedModel {
    /// Total bytes of the copy's files.
    pub fn bytes(&self) -> u64 {
        self.files.values().map(|f| f.bytes).sum()
    }
}
