//! The files that make up the embedding model, as bytes, and their fingerprint.
//!
//! Natively they come from `model/` (see `scripts/fetch-model.sh`): `config.json`, `vocab.txt`,
//! `model.safetensors` (f32). The browser loads the prepared copy in `generated/model/`
//! (`medagent model prepare`, [`prepare_copy`]): the same `config.json` and `vocab.txt`, the int8
//! encoder `encoder.gguf` (see [`super::bert`]) and the int8 token-embedding rows in `tokens/NNN.bin`
//! (see [`super::tokens`]), listed in its `manifest.json` ([`PreparedModel`]).

use super::bert::{read_safetensors, write_gguf, Config};
use super::tokens::{shard_file, shards_of, TokenTable};
use super::{EmbedError, TOKEN_TABLE};
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

/// File name of the int8 encoder in the browser's copy of the model.
pub const ENCODER_FILE: &str = "encoder.gguf";

/// Format of the prepared copy described by [`PreparedModel`]; a copy in another format is rebuilt.
pub const PREPARED_FORMAT: u32 = 2;

/// Rows per token shard: a question's tokens touch a handful of shards (`medagent model fetches`
/// measures the bytes per question for this and other sizes).
pub const ROWS_PER_SHARD: u32 = 64;

/// `manifest.json` of the browser's copy of the model (written by `medagent model prepare`):
///
/// ```json
/// { "format_version": 2, "model": "all-MiniLM-L6-v2", "source_hash": "<fingerprint of the f32 model>",
///   "token_shards": { "rows_per_shard": 64, "vocab": 30522 },
///   "files": { "config.json": { "bytes": 612, "sha256": "..." }, "vocab.txt": {...},
///              "encoder.gguf": {...}, "tokens/000.bin": {...}, ... } }
/// ```
///
/// The browser reads it first: config, vocabulary and encoder are fetched before the first question
/// (their sizes drive the download progress), a token shard when a question needs one of its rows; every
/// file is checked against its entry. `source_hash` must equal the vector index's `model_hash` (the
/// chunks were embedded by the model this copy was made from).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PreparedModel {
    /// [`PREPARED_FORMAT`] when written.
    pub format_version: u32,
    /// Human-readable model name.
    pub model: String,
    /// [`ModelFiles::fingerprint`] of the f32 model the copy was made from.
    pub source_hash: String,
    /// How the token-embedding table is split.
    pub token_shards: TokenShardLayout,
    /// Size and SHA-256 of each file of the copy.
    pub files: BTreeMap<String, FileEntry>,
}

/// How the token-embedding table of a prepared copy is split into `tokens/NNN.bin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenShardLayout {
    /// Rows per shard (the last shard holds the rest).
    pub rows_per_shard: u32,
    /// Rows in all (the vocabulary size).
    pub vocab: u32,
}

impl PreparedModel {
    /// The files fetched before the first question: config, vocabulary and encoder.
    pub const UP_FRONT: [&'static str; 3] = ["config.json", "vocab.txt", ENCODER_FILE];

    /// Total bytes of the copy's files.
    pub fn bytes(&self) -> u64 {
        self.files.values().map(|f| f.bytes).sum()
    }

    /// The entries of the files fetched before the first question, in [`Self::UP_FRONT`] order; the
    /// error names a missing one.
    pub fn up_front(&self) -> Result<Vec<(&'static str, &FileEntry)>, String> {
        Self::UP_FRONT
            .iter()
            .map(|&name| {
                let entry = self.files.get(name).ok_or_else(|| {
                    format!("{name} is missing from the model manifest; rebuild the site (`medagent model prepare`)")
                })?;
                Ok((name, entry))
            })
            .collect()
    }

    /// Checks the format version, with the error telling what to do.
    pub fn check_format(&self) -> Result<(), String> {
        if self.format_version == PREPARED_FORMAT {
            Ok(())
        } else {
            Err(format!(
                "the model copy is in format {} and this app reads format {PREPARED_FORMAT}; rebuild the site (`medagent model prepare`)",
                self.format_version
            ))
        }
    }
}

/// Makes the browser's copy of the fetched model: the encoder as int8 GGUF, the token table in int8
/// shards, config and vocabulary as they are. Returns the manifest and every file's bytes by name.
pub fn prepare_copy(files: &ModelFiles) -> Result<(PreparedModel, BTreeMap<String, Vec<u8>>), EmbedError> {
    let config = Config::from_json(&files.config_json)?;
    let mut weights = read_safetensors(&files.weights)?;
    let table = weights.remove(TOKEN_TABLE).ok_or_else(|| {
        EmbedError::Model(format!("the weights have no {TOKEN_TABLE}; re-run scripts/fetch-model.sh"))
    })?;
    let table = TokenTable::new(table.to_dtype(candle_core::DType::F32)?.flatten_all()?.to_vec1()?)?;
    let mut out = BTreeMap::new();
    out.insert("config.json".to_string(), files.config_json.clone());
    out.insert("vocab.txt".to_string(), files.vocab_txt.clone());
    out.insert(ENCODER_FILE.to_string(), write_gguf(&config, &weights)?);
    for (n, shard) in shards_of(&table, ROWS_PER_SHARD as usize).iter().enumerate() {
        out.insert(shard_file(n as u32), shard.to_bytes());
    }
    let manifest = PreparedModel {
        format_version: PREPARED_FORMAT,
        model: "all-MiniLM-L6-v2".into(),
        source_hash: files.fingerprint(),
        token_shards: TokenShardLayout { rows_per_shard: ROWS_PER_SHARD, vocab: table.vocab() as u32 },
        files: out.iter().map(|(name, bytes)| (name.clone(), FileEntry::of(bytes))).collect(),
    };
    Ok((manifest, out))
}
