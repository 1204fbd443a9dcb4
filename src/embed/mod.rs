//! Sentence embeddings with all-MiniLM-L6-v2: the same code natively (to embed the corpus when the index
//! is built) and in wasm32 (to embed the question in the browser), so both sides give the same numbers.
//!
//! Bytes in, model out: nothing here touches the filesystem. The CLI reads `model/` (fetched by
//! `scripts/fetch-model.sh`); the browser fetches `generated/model/` (written by `medagent model prepare`).
//!
//! - [`wordpiece`]: the BERT uncased WordPiece tokenizer, equal to the model's `tokenizer.json`;
//! - [`bert`]: the BERT encoder (our forward over candle's `QMatMul`), from f32 safetensors or the
//!   prepared int8 GGUF copy;
//! - [`tokens`]: the token-embedding rows, from the whole table in memory or from shards fetched per token;
//! - [`pooling`]: mean pooling over the attention mask and L2 normalisation;
//! - [`model_files`]: the set of files that make up the model and their fingerprint.

pub mod bert;
pub mod int8;
pub mod model_files;
pub mod pooling;
pub mod tokens;
pub mod wordpiece;

pub use model_files::{ModelFiles, PreparedModel};

use bert::{Config, Encoder, Weights};
use candle_core::{Device, Tensor};
use tokens::{FetchFile, TokenRows, TokenShards, TokenTable};
use wordpiece::WordPiece;

/// Dimensions of an all-MiniLM-L6-v2 embedding.
pub const DIMS: usize = 384;

/// Longest input, in word pieces including `[CLS]` and `[SEP]` (sentence-transformers `max_seq_length`);
/// longer text is truncated.
pub const MAX_TOKENS: usize = 256;

/// Why the embedder could not be built or could not embed.
#[derive(Debug)]
pub enum EmbedError {
    /// The model files are unusable; the message says which and what to do.
    Model(String),
    /// The tensor computation failed (a bug or an out-of-memory condition).
    Compute(String),
}

impl std::fmt::Display for EmbedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EmbedError::Model(m) => write!(f, "embedding model: {m}"),
            EmbedError::Compute(m) => write!(f, "embedding failed: {m}"),
        }
    }
}

impl std::error::Error for EmbedError {}

impl From<candle_core::Error> for EmbedError {
    fn from(e: candle_core::Error) -> Self {
        EmbedError::Compute(e.to_string())
    }
}

/// The name of the token-embedding table among the weights.
pub const TOKEN_TABLE: &str = "embeddings.word_embeddings.weight";

/// all-MiniLM-L6-v2 ready to embed text: tokenizer, encoder and the source of the token rows. Build
/// once, reuse for every text.
pub struct Embedder {
    tokenizer: WordPiece,
    encoder: Encoder,
    tokens: Box<dyn TokenRows>,
    /// The text embedded last, with its embedding.
    last: std::cell::RefCell<Option<(String, Vec<f32>)>>,
}

impl Embedder {
    /// Builds the embedder from the fetched model's bytes (f32 or f16 safetensors): every weight f32,
    /// the token table whole in memory.
    pub fn from_files(files: &ModelFiles) -> Result<Self, EmbedError> {
        let config = Config::from_json(&files.config_json)?;
        let mut weights = bert::read_safetensors(&files.weights)?;
        let table = weights.remove(TOKEN_TABLE).ok_or_else(|| {
            EmbedError::Model(format!("the weights have no {TOKEN_TABLE}; re-run scripts/fetch-model.sh"))
        })?;
        let table = TokenTable::new(table.to_dtype(candle_core::DType::F32)?.flatten_all()?.to_vec1()?)?;
        let encoder = Encoder::load(&config, Weights::Plain(weights))?;
        Self::new(&config, &files.vocab_txt, encoder, Box::new(table))
    }

    /// Builds the embedder from the prepared copy: its manifest, the bytes of the files fetched up front
    /// ([`PreparedModel::UP_FRONT`]: config, vocabulary, encoder; the caller has checked them against
    /// the manifest) and how to fetch a token shard by name (checked here when it arrives).
    pub fn from_prepared(
        manifest: &PreparedModel,
        [config_json, vocab_txt, encoder_gguf]: [Vec<u8>; 3],
        fetch: FetchFile,
    ) -> Result<Self, EmbedError> {
        manifest.check_format().map_err(EmbedError::Model)?;
        let config = Config::from_json(&config_json)?;
        let layout = manifest.token_shards;
        if layout.vocab as usize != config.vocab_size {
            return Err(EmbedError::Model(format!(
                "the token shards cover {} ids and config.json says {}; rebuild the site (`medagent model prepare`)",
                layout.vocab, config.vocab_size
            )));
        }
        let tokens = TokenShards::new(layout.rows_per_shard, layout.vocab, &manifest.files, fetch)?;
        let encoder = Encoder::load(&config, bert::read_gguf(encoder_gguf)?)?;
        Self::new(&config, &vocab_txt, encoder, Box::new(tokens))
    }

    fn new(
        config: &Config,
        vocab_txt: &[u8],
        encoder: Encoder,
        tokens: Box<dyn TokenRows>,
    ) -> Result<Self, EmbedError> {
        let tokenizer = WordPiece::from_vocab_txt(vocab_txt, MAX_TOKENS.min(encoder.max_positions()))
            .map_err(|e| EmbedError::Model(e.to_string()))?;
        if tokenizer.vocab_size() != config.vocab_size {
            return Err(EmbedError::Model(format!(
                "vocab.txt has {} tokens and config.json says {}; re-run scripts/fetch-model.sh",
                tokenizer.vocab_size(),
                config.vocab_size
            )));
        }
        Ok(Embedder { tokenizer, encoder, tokens, last: Default::default() })
    }

    /// Token ids of `text` as the model sees them (`[CLS]` ... `[SEP]`, truncated to [`MAX_TOKENS`]).
    pub fn token_ids(&self, text: &str) -> Vec<u32> {
        self.tokenizer.encode(text)
    }

    /// The L2-normalised embedding of one text. The last one is kept: a turn embeds the same English
    /// question twice (the response cache's check, then the search), and the second costs nothing.
    pub async fn embed(&self, text: &str) -> Result<Vec<f32>, EmbedError> {
        if let Some((last, vector)) = &*self.last.borrow() {
            if last == text {
                return Ok(vector.clone());
            }
        }
        let vector = self.embed_batch(&[text]).await?.remove(0);
        *self.last.borrow_mut() = Some((text.to_string(), vector.clone()));
        Ok(vector)
    }

    /// Embeddings of several texts in one forward pass (padded to the longest). Texts of similar length
    /// batch best; the result is the same as embedding each alone.
    pub async fn embed_batch(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Vec<u32>> = texts.iter().map(|t| self.tokenizer.encode(t)).collect();
        let mut distinct: Vec<u32> = ids.iter().flatten().copied().collect();
        distinct.sort_unstable();
        distinct.dedup();
        let rows = self.tokens.rows(&distinct).await?;
        let seq = ids.iter().map(Vec::len).max().unwrap_or(0);
        // Padding positions get zero rows: the mask keeps them out of attention and pooling.
        let mut batch_rows = vec![0f32; texts.len() * seq * DIMS];
        let mut mask = vec![0f32; texts.len() * seq];
        for (b, text_ids) in ids.iter().enumerate() {
            for (s, id) in text_ids.iter().enumerate() {
                let r = distinct.binary_search(id).expect("every id was gathered");
                let at = (b * seq + s) * DIMS;
                batch_rows[at..at + DIMS].copy_from_slice(&rows[r * DIMS..(r + 1) * DIMS]);
                mask[b * seq + s] = 1.0;
            }
        }
        let batch_rows = Tensor::from_vec(batch_rows, (texts.len(), seq, DIMS), &Device::Cpu)?;
        let mask = Tensor::from_vec(mask, (texts.len(), seq), &Device::Cpu)?;
        let hidden = self.encoder.forward(&batch_rows, &mask)?;
        pooling::mean_pool_normalized(&hidden, &mask)
    }
}
