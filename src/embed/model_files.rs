//! The files that make up the embedding model, as bytes, and their fingerprint.
//!
//! Natively they come from `model/` (see `scripts/fetch-model.sh`): `config.json`, `vocab.txt`,
//! `model.safetensors` (f32). The browser loads the prepared copy in `generated/model/`
//! (`medagent model prepare`): the same `config.json` and `vocab.txt` and `model.f16.safetensors`.

use sha2::{Digest, Sha256};

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

/// Lower-case hex of a byte string.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
