//! The BERT encoder of all-MiniLM-L6-v2 (candle-transformers' `BertModel`), loaded from the bytes of
//! `config.json` and a safetensors file (f32 or f16 weights; computation is always f32 on the CPU).

use super::EmbedError;
use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config};

/// A loaded BERT encoder: token ids in, last hidden states out.
pub struct Encoder {
    model: BertModel,
    device: Device,
}

impl Encoder {
    /// Loads the encoder. Weight names may carry a `bert.` prefix or not.
    pub fn load(config_json: &[u8], safetensors: &[u8]) -> Result<Self, EmbedError> {
        let config: Config = serde_json::from_slice(config_json).map_err(|e| {
            EmbedError::Model(format!("config.json is not a BERT config ({e}); re-run scripts/fetch-model.sh"))
        })?;
        let device = Device::Cpu;
        let vb = VarBuilder::from_slice_safetensors(safetensors, DType::F32, &device).map_err(|e| {
            EmbedError::Model(format!(
                "the weights are not a readable safetensors file ({e}); re-run scripts/fetch-model.sh"
            ))
        })?;
        let model = BertModel::load(vb, &config).map_err(|e| {
            EmbedError::Model(format!("the weights do not match config.json ({e}); re-run scripts/fetch-model.sh"))
        })?;
        Ok(Encoder { model, device })
    }

    /// Runs a batch of token id sequences, right-padded with id 0 to the longest. Returns the hidden states
    /// `[batch, seq, hidden]` and the attention mask `[batch, seq]` (1 for real tokens, 0 for padding), f32.
    pub fn forward(&self, batch: &[Vec<u32>]) -> Result<(Tensor, Tensor), EmbedError> {
        let seq = batch.iter().map(Vec::len).max().unwrap_or(0);
        let mut ids = Vec::with_capacity(batch.len() * seq);
        let mut mask = Vec::with_capacity(batch.len() * seq);
        for row in batch {
            ids.extend(row.iter().copied());
            ids.extend(std::iter::repeat_n(0u32, seq - row.len()));
            mask.extend(std::iter::repeat_n(1u32, row.len()));
            mask.extend(std::iter::repeat_n(0u32, seq - row.len()));
        }
        let shape = (batch.len(), seq);
        let ids = Tensor::from_vec(ids, shape, &self.device)?;
        let mask = Tensor::from_vec(mask, shape, &self.device)?;
        let token_types = ids.zeros_like()?;
        let hidden = self.model.forward(&ids, &token_types, Some(&mask))?;
        Ok((hidden, mask.to_dtype(DType::F32)?))
    }
}
