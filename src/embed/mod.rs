//! Sentence embeddings with all-MiniLM-L6-v2: the same code natively (to embed the corpus when the index
//! is built) and in wasm32 (to embed the question in the browser), so both sides give the same numbers.
//!
//! Bytes in, model out: nothing here touches the filesystem. The CLI reads `model/` (fetched by
//! `scripts/fetch-model.sh`); the browser fetches `generated/model/` (written by `medagent model prepare`).
//!
//! - [`wordpiece`]: the BERT uncased WordPiece tokenizer, equal to the model's `tokenizer.json`;
//! - [`bert`]: the BERT encoder (candle-transformers) loaded from safetensors bytes;
//! - [`pooling`]: mean pooling over the attention mask and L2 normalisation;
//! - [`model_files`]: the set of files that make up the model and their fingerprint.

pub mod bert;
pub mod model_files;
pub mod pooling;
pub mod wordpiece;

pub use model_files::ModelFiles;

use bert::Encoder;
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

/// all-MiniLM-L6-v2 ready to embed text: tokenizer plus encoder. Build once, reuse for every text.
pub struct Embedder {
    tokenizer: WordPiece,
    encoder: Encoder,
}

impl Embedder {
    /// Builds the embedder from the model files' bytes (f32 or f16 safetensors).
    pub fn from_files(files: &ModelFiles) -> Result<Self, EmbedError> {
        let tokenizer =
            WordPiece::from_vocab_txt(&files.vocab_txt, MAX_TOKENS).map_err(|e| EmbedError::Model(e.to_string()))?;
        let encoder = Encoder::load(&files.config_json, &files.weights)?;
        Ok(Embedder { tokenizer, encoder })
    }

    /// Token ids of `text` as the model sees them (`[CLS]` ... `[SEP]`, truncated to [`MAX_TOKENS`]).
    pub fn token_ids(&self, text: &str) -> Vec<u32> {
        self.tokenizer.encode(text)
    }

    /// The L2-normalised embedding of one text.
    pub fn embed(&self, text: &str) -> Result<Vec<f32>, EmbedError> {
        Ok(self.embed_batch(&[text])?.remove(0))
    }

    /// Embeddings of several texts in one forward pass (padded to the longest). Texts of similar length
    /// batch best; the result is the same as embedding each alone.
    pub fn embed_batch(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<Vec<u32>> = texts.iter().map(|t| self.tokenizer.encode(t)).collect();
        let (hidden, mask) = self.encoder.forward(&ids)?;
        pooling::mean_pool_normalized(&hidden, &mask)
    }
}
