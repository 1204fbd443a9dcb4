//! The token-embedding table (one row of [`DIMS`] numbers per vocabulary entry, half of MiniLM's
//! parameters) and where its rows come from: a question needs only the rows of its own tokens, so the
//! browser's copy of the model keeps the table in shards fetched per query token instead of whole.
//!
//! [`TokenRows`] is the source the embedder asks. [`TokenTable`] holds the whole f32 table in memory
//! (natively, from the fetched model); [`TokenShards`] fetches the shard files of the prepared copy
//! through a caller-given fetch (the browser's `fetch`, or a file read natively), checks each against
//! the model manifest and keeps it once fetched.
//!
//! # Shard file format (`tokens/NNN.bin`, written by `medagent model prepare`)
//!
//! Shard `n` holds the rows of token ids `n * rows_per_shard ..` (the last shard is shorter), all
//! little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `MTOK` |
//! | 4 | format version, u32 ([`SHARD_VERSION`]) |
//! | 4 | first token id, u32 |
//! | 4 | row count, u32 |
//! | 4 | dimensions per row, u32 ([`DIMS`]) |
//! | rows x (4 + dims) | per row: the scale, f32, then `dims` i8 values; the row is `value * scale` |
//!
//! One scale per row (`max |x| / 127`, the rule of [`super::int8`]) keeps every row's relative error
//! under 0.4 %, and the rows are summed with position embeddings and layer-normalised before anything
//! else sees them.

use super::{EmbedError, DIMS};
use crate::core::files::FileEntry;
use crate::core::LocalFuture;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The rows of token ids, as the embedder asks for them.
pub trait TokenRows {
    /// The f32 rows of `ids`, concatenated in the order of `ids` (`ids.len() * DIMS` values).
    fn rows<'a>(&'a self, ids: &'a [u32]) -> LocalFuture<'a, Result<Vec<f32>, EmbedError>>;
}

/// The whole table in memory, f32 (`vocab * DIMS` values, row-major).
pub struct TokenTable {
    values: Vec<f32>,
}

impl TokenTable {
    /// Wraps a row-major `[vocab, DIMS]` table.
    pub fn new(values: Vec<f32>) -> Result<Self, EmbedError> {
        if values.is_empty() || !values.len().is_multiple_of(DIMS) {
            return Err(EmbedError::Model(format!(
                "the token-embedding table has {} values, not a whole number of {DIMS}-wide rows; re-run scripts/fetch-model.sh",
                values.len()
            )));
        }
        Ok(TokenTable { values })
    }

    /// Number of rows (the vocabulary size).
    pub fn vocab(&self) -> usize {
        self.values.len() / DIMS
    }

    /// One row.
    pub fn row(&self, id: u32) -> Option<&[f32]> {
        self.values.get(id as usize * DIMS..(id as usize + 1) * DIMS)
    }

    fn gather(&self, ids: &[u32]) -> Result<Vec<f32>, EmbedError> {
        let mut out = Vec::with_capacity(ids.len() * DIMS);
        for &id in ids {
            out.extend_from_slice(self.row(id).ok_or_else(|| out_of_vocab(id, self.vocab()))?);
        }
        Ok(out)
    }
}

impl TokenRows for TokenTable {
    fn rows<'a>(&'a self, ids: &'a [u32]) -> LocalFuture<'a, Result<Vec<f32>, EmbedError>> {
        Box::pin(std::future::ready(self.gather(ids)))
    }
}

fn out_of_vocab(id: u32, vocab: usize) -> EmbedError {
    EmbedError::Model(format!("token id {id} is outside the vocabulary of {vocab}; vocab.txt and the weights disagree"))
}

/// First four bytes of a token shard.
pub const SHARD_MAGIC: &[u8; 4] = b"MTOK";
/// Version of the shard layout described above.
pub const SHARD_VERSION: u32 = 1;
const HEADER: usize = 20;

/// The file name of shard `n` inside the prepared model directory.
pub fn shard_file(n: u32) -> String {
    format!("tokens/{n:03}.bin")
}

/// One shard, int8 rows with their scales, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenShard {
    /// Token id of the first row.
    pub first: u32,
    /// Per row: the scale.
    scales: Vec<f32>,
    /// `rows * DIMS` int8 values.
    values: Vec<i8>,
}

impl TokenShard {
    /// Quantises f32 rows (`rows * DIMS` values) starting at token id `first`.
    pub fn quantize(first: u32, rows: &[f32]) -> Self {
        let mut scales = Vec::with_capacity(rows.len() / DIMS);
        let mut values = Vec::with_capacity(rows.len());
        for row in rows.chunks_exact(DIMS) {
            let (scale, codes) = super::int8::quantize(row);
            scales.push(scale);
            values.extend(codes);
        }
        TokenShard { first, scales, values }
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.scales.len()
    }

    /// Whether the shard has no rows.
    pub fn is_empty(&self) -> bool {
        self.scales.is_empty()
    }

    /// The f32 row of token `id`, if this shard holds it.
    pub fn row(&self, id: u32) -> Option<impl Iterator<Item = f32> + '_> {
        let i = id.checked_sub(self.first)? as usize;
        let scale = *self.scales.get(i)?;
        Some(self.values[i * DIMS..(i + 1) * DIMS].iter().map(move |&v| v as f32 * scale))
    }

    /// The file's bytes (format above).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.len() * (4 + DIMS));
        out.extend_from_slice(SHARD_MAGIC);
        for field in [SHARD_VERSION, self.first, self.len() as u32, DIMS as u32] {
            out.extend_from_slice(&field.to_le_bytes());
        }
        for (scale, row) in self.scales.iter().zip(self.values.chunks_exact(DIMS)) {
            out.extend_from_slice(&scale.to_le_bytes());
            out.extend(row.iter().map(|&v| v as u8));
        }
        out
    }

    /// Parses a shard file; `name` is used in the error.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Self, EmbedError> {
        let bad = |why: String| {
            EmbedError::Model(format!("{name} is not a token shard ({why}); rebuild it with `medagent model prepare`"))
        };
        if bytes.len() < HEADER || &bytes[..4] != SHARD_MAGIC {
            return Err(bad("no MTOK header".into()));
        }
        let field = |i: usize| u32::from_le_bytes(bytes[4 + 4 * i..8 + 4 * i].try_into().expect("4 bytes"));
        let (version, first, rows, dims) = (field(0), field(1), field(2) as usize, field(3) as usize);
        if version != SHARD_VERSION {
            return Err(bad(format!("format version {version}, this app reads {SHARD_VERSION}")));
        }
        if dims != DIMS {
            return Err(bad(format!("{dims} dimensions per row, the model has {DIMS}")));
        }
        if bytes.len() != HEADER + rows * (4 + DIMS) {
            return Err(bad(format!("{} bytes for {rows} rows", bytes.len())));
        }
        let mut scales = Vec::with_capacity(rows);
        let mut values = Vec::with_capacity(rows * DIMS);
        for row in bytes[HEADER..].chunks_exact(4 + DIMS) {
            scales.push(f32::from_le_bytes(row[..4].try_into().expect("4 bytes")));
            values.extend(row[4..].iter().map(|&b| b as i8));
        }
        Ok(TokenShard { first, scales, values })
    }
}

/// Splits a row-major f32 table into shards of `rows_per_shard` rows.
pub fn shards_of(table: &TokenTable, rows_per_shard: usize) -> Vec<TokenShard> {
    table
        .values
        .chunks(rows_per_shard * DIMS)
        .enumerate()
        .map(|(n, rows)| TokenShard::quantize((n * rows_per_shard) as u32, rows))
        .collect()
}

/// Fetches the bytes of one file of the prepared model, by its name in the manifest.
pub type FetchFile = Box<dyn Fn(String) -> LocalFuture<'static, Result<Vec<u8>, String>>>;

/// The token rows of a prepared model, fetched shard by shard on demand and kept once fetched.
pub struct TokenShards {
    rows_per_shard: u32,
    vocab: u32,
    /// The manifest's entry of each shard file, by file name.
    entries: BTreeMap<String, FileEntry>,
    fetch: FetchFile,
    cache: RefCell<BTreeMap<u32, Rc<TokenShard>>>,
    /// Bytes fetched so far (what the questions have cost in downloads).
    fetched: RefCell<u64>,
}

impl TokenShards {
    /// Shards of `rows_per_shard` rows covering `vocab` token ids; `entries` are the manifest's
    /// entries (every `tokens/NNN.bin` must be listed); `fetch` gets a file's bytes by name.
    pub fn new(
        rows_per_shard: u32,
        vocab: u32,
        entries: &BTreeMap<String, FileEntry>,
        fetch: FetchFile,
    ) -> Result<Self, EmbedError> {
        if rows_per_shard == 0 {
            return Err(EmbedError::Model("the model manifest says 0 rows per token shard; rebuild the site".into()));
        }
        let mut mine = BTreeMap::new();
        for n in 0..vocab.div_ceil(rows_per_shard) {
            let name = shard_file(n);
            let entry = entries.get(&name).ok_or_else(|| {
                EmbedError::Model(format!("{name} is missing from the model manifest; rebuild the site"))
            })?;
            mine.insert(name, entry.clone());
        }
        Ok(TokenShards {
            rows_per_shard,
            vocab,
            entries: mine,
            fetch,
            cache: RefCell::new(BTreeMap::new()),
            fetched: RefCell::new(0),
        })
    }

    /// Bytes of shard files fetched so far.
    pub fn fetched_bytes(&self) -> u64 {
        *self.fetched.borrow()
    }

    /// Fetches, checks and parses shard `n`.
    async fn load(&self, n: u32) -> Result<TokenShard, EmbedError> {
        let name = shard_file(n);
        let entry = &self.entries[&name];
        let bytes = (self.fetch)(name.clone()).await.map_err(EmbedError::Model)?;
        if !entry.matches(&bytes) {
            return Err(EmbedError::Model(format!(
                "{name} does not have the size and SHA-256 the model manifest lists: it is damaged or from another build; reload the page (if this persists, rebuild the site)"
            )));
        }
        *self.fetched.borrow_mut() += bytes.len() as u64;
        let shard = TokenShard::from_bytes(&name, &bytes)?;
        let expected_rows = self.rows_per_shard.min(self.vocab - n * self.rows_per_shard) as usize;
        if shard.first != n * self.rows_per_shard || shard.len() != expected_rows {
            return Err(EmbedError::Model(format!(
                "{name} holds rows {}..{} instead of {}..{}; rebuild the site",
                shard.first,
                shard.first as usize + shard.len(),
                n * self.rows_per_shard,
                (n * self.rows_per_shard) as usize + expected_rows
            )));
        }
        Ok(shard)
    }

    async fn gather(&self, ids: &[u32]) -> Result<Vec<f32>, EmbedError> {
        if let Some(&id) = ids.iter().find(|&&id| id >= self.vocab) {
            return Err(out_of_vocab(id, self.vocab as usize));
        }
        let mut missing: Vec<u32> = ids.iter().map(|id| id / self.rows_per_shard).collect();
        missing.sort_unstable();
        missing.dedup();
        missing.retain(|n| !self.cache.borrow().contains_key(n));
        // All missing shards at once: the fetches overlap instead of paying one round trip each.
        let fetched = futures_util::future::join_all(missing.iter().map(|&n| self.load(n))).await;
        for (n, shard) in missing.into_iter().zip(fetched) {
            self.cache.borrow_mut().insert(n, Rc::new(shard?));
        }
        let cache = self.cache.borrow();
        let mut out = Vec::with_capacity(ids.len() * DIMS);
        for &id in ids {
            let shard = &cache[&(id / self.rows_per_shard)];
            out.extend(shard.row(id).expect("the shard's rows were checked when it was loaded"));
        }
        Ok(out)
    }
}

impl TokenRows for TokenShards {
    fn rows<'a>(&'a self, ids: &'a [u32]) -> LocalFuture<'a, Result<Vec<f32>, EmbedError>> {
        Box::pin(self.gather(ids))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(vocab: usize) -> TokenTable {
        TokenTable::new((0..vocab * DIMS).map(|i| ((i % 97) as f32 - 48.0) / 50.0).collect()).unwrap()
    }

    fn served(table: &TokenTable, rows: usize) -> (BTreeMap<String, FileEntry>, BTreeMap<String, Vec<u8>>) {
        let files: BTreeMap<String, Vec<u8>> =
            shards_of(table, rows).iter().enumerate().map(|(n, s)| (shard_file(n as u32), s.to_bytes())).collect();
        (files.iter().map(|(k, v)| (k.clone(), FileEntry::of(v))).collect(), files)
    }

    fn fetch_from(files: BTreeMap<String, Vec<u8>>) -> FetchFile {
        Box::new(move |name| {
            let found = files.get(&name).cloned().ok_or(format!("{name}: no such file"));
            Box::pin(std::future::ready(found))
        })
    }

    #[test]
    fn shards_round_trip_and_give_the_rows_within_int8_error() {
        let t = table(10);
        let (entries, files) = served(&t, 4);
        assert_eq!(files.len(), 3, "10 rows in shards of 4");
        let shards = TokenShards::new(4, 10, &entries, fetch_from(files)).unwrap();
        let ids = [9u32, 0, 5, 5];
        let got = pollster::block_on(shards.rows(&ids)).unwrap();
        let want = pollster::block_on(t.rows(&ids)).unwrap();
        assert_eq!(got.len(), 4 * DIMS);
        let worst = got.iter().zip(&want).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max);
        assert!(worst <= 0.96 / 127.0 * 0.51, "int8 error {worst}");
        // Shard 1 (ids 4..8) and shards 0 and 2 were fetched once each.
        assert_eq!(shards.fetched_bytes(), (20 + 4 * 388) * 2 + 20 + 2 * 388);
        pollster::block_on(shards.rows(&[1, 6])).unwrap();
        assert_eq!(shards.fetched_bytes(), (20 + 4 * 388) * 2 + 20 + 2 * 388, "cached shards are not fetched again");
    }

    #[test]
    fn a_damaged_or_foreign_shard_is_refused_with_a_clear_error() {
        let t = table(8);
        let (entries, mut files) = served(&t, 4);
        files.get_mut("tokens/001.bin").unwrap()[30] ^= 1;
        let shards = TokenShards::new(4, 8, &entries, fetch_from(files)).unwrap();
        let err = pollster::block_on(shards.rows(&[5])).unwrap_err().to_string();
        assert!(err.contains("tokens/001.bin") && err.contains("SHA-256"), "{err}");
        assert!(pollster::block_on(shards.rows(&[1])).is_ok(), "the intact shard still serves");

        let err = TokenShard::from_bytes("x.bin", b"MTOK\x02\0\0\0").unwrap_err().to_string();
        assert!(err.contains("not a token shard"), "{err}");
        let mut other_version = TokenShard::quantize(0, &vec![0.5; DIMS]).to_bytes();
        other_version[4] = 9;
        let err = TokenShard::from_bytes("x.bin", &other_version).unwrap_err().to_string();
        assert!(err.contains("format version 9"), "{err}");
        let err = pollster::block_on(TokenShards::new(4, 8, &entries, fetch_from(BTreeMap::new())).unwrap().rows(&[9]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("outside the vocabulary"), "{err}");
    }

    #[test]
    fn a_manifest_without_every_shard_is_refused() {
        let (mut entries, files) = served(&table(8), 4);
        entries.remove("tokens/001.bin");
        let err = TokenShards::new(4, 8, &entries, fetch_from(files)).err().unwrap().to_string();
        assert!(err.contains("tokens/001.bin is missing"), "{err}");
    }
}
