//! The BERT encoder of all-MiniLM-L6-v2 (6 layers, 384 wide, 12 heads), our own forward over candle's
//! `QMatMul`, so one forward serves both copies of the model:
//!
//! - the fetched f32 model (`model.safetensors`, f32 or f16 tensors): every weight f32, for embedding the
//!   corpus natively;
//! - the browser's prepared copy (`encoder.gguf`, written by `medagent model prepare`): the 36 dense
//!   weight matrices of the layers in GGUF `Q8_0` (int8 with one f16 scale per 32 values), the position
//!   embeddings in f16, layer norms and biases in f32.
//!
//! The `Q8_0` weights stay in the fetched file's bytes (11 MB, not copied; as f32 they took 42 MB). A
//! layer dequantises its matrix from them when it runs (at most 2.4 MB at a time, a few ms per question)
//! and multiplies in f32. Candle's quantised matmul would instead quantise the activations too, and how
//! depends on the CPU (per 256 values on x86 with VNNI, per 32 in wasm): the native reference and the
//! browser then differed by 1.3e-3 per component and could not be checked against each other within
//! 1e-4. In f32 both compute the same sums on the same weights.
//!
//! The token-embedding table is not part of the encoder: the caller gathers the rows of the text's
//! tokens (see [`super::tokens`]) and passes them in, so the browser never holds the whole table.
//!
//! Tensor names are those of Hugging Face's `BertModel` (`embeddings.position_embeddings.weight`,
//! `encoder.layer.N.attention.self.query.weight`, ...), with or without a `bert.` prefix.

use super::EmbedError;
use candle_core::quantized::{ggml_file::qtensor_from_ggml, gguf_file, GgmlDType, QMatMul, QTensor};
use candle_core::{DType, Device, Module, Tensor, D};
use candle_nn::ops::{layer_norm, softmax_last_dim};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

/// The hyper-parameters the forward needs, from `config.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    pub hidden_size: usize,
    pub num_hidden_layers: usize,
    pub num_attention_heads: usize,
    pub intermediate_size: usize,
    pub max_position_embeddings: usize,
    pub vocab_size: usize,
    pub layer_norm_eps: f64,
    pub hidden_act: String,
}

impl Config {
    /// Parses `config.json`; only BERT with the erf GELU is supported.
    pub fn from_json(bytes: &[u8]) -> Result<Self, EmbedError> {
        let config: Config = serde_json::from_slice(bytes).map_err(|e| {
            EmbedError::Model(format!("config.json is not a BERT config ({e}); re-run scripts/fetch-model.sh"))
        })?;
        if config.hidden_act != "gelu" || !config.hidden_size.is_multiple_of(config.num_attention_heads) {
            return Err(EmbedError::Model(format!(
                "config.json describes a BERT this embedder does not run (hidden_act {:?}, {} wide with {} heads); re-run scripts/fetch-model.sh",
                config.hidden_act, config.hidden_size, config.num_attention_heads
            )));
        }
        Ok(config)
    }
}

/// The names of the dense weight matrices of layer `n` (the ones `Q8_0` quantises).
pub fn dense_weights(n: usize) -> [String; 6] {
    [
        "attention.self.query",
        "attention.self.key",
        "attention.self.value",
        "attention.output.dense",
        "intermediate.dense",
        "output.dense",
    ]
    .map(|part| format!("encoder.layer.{n}.{part}.weight"))
}

/// The encoder's tensors as stored: f32 (safetensors) or a GGUF file.
pub enum Weights {
    /// Every tensor, any float type, by name (the `bert.` prefix already removed).
    Plain(HashMap<String, Tensor>),
    /// A GGUF file's index and bytes (shared with the `Q8_0` matrices that stay in them).
    Gguf(gguf_file::Content, Arc<Vec<u8>>),
}

impl Weights {
    fn missing(name: &str, e: impl std::fmt::Display) -> EmbedError {
        EmbedError::Model(format!(
            "the weights have no usable {name} ({e}); re-run scripts/fetch-model.sh, then `medagent model prepare`"
        ))
    }

    /// A tensor as f32.
    fn tensor(&mut self, name: &str) -> Result<Tensor, EmbedError> {
        match self {
            Weights::Plain(map) => {
                let t = map.get(name).ok_or_else(|| Self::missing(name, "not found"))?;
                Ok(t.to_dtype(DType::F32)?)
            }
            Weights::Gguf(content, bytes) => {
                let mut reader = std::io::Cursor::new(&bytes[..]);
                let q = content.tensor(&mut reader, name, &Device::Cpu).map_err(|e| Self::missing(name, e))?;
                Ok(q.dequantize(&Device::Cpu)?)
            }
        }
    }

    /// A dense weight `[out, in]`: `Q8_0` left in the file's bytes, anything else as f32.
    fn dense(&mut self, name: &str) -> Result<Dense, EmbedError> {
        if let Weights::Gguf(content, bytes) = self {
            let info = content.tensor_infos.get(name).ok_or_else(|| Self::missing(name, "not found"))?;
            if info.ggml_dtype == GgmlDType::Q8_0 {
                let dtype = info.ggml_dtype;
                let start = (content.tensor_data_offset + info.offset) as usize;
                let len = info.shape.elem_count() / dtype.block_size() * dtype.type_size();
                if start.checked_add(len).is_none_or(|end| end > bytes.len()) {
                    return Err(Self::missing(name, "the file is shorter than its index says"));
                }
                // Any bytes are a valid Q8_0 block (an f16 scale and 32 int8 values), so the size is
                // all there is to check here; the file's SHA-256 was checked against the manifest.
                let matrix = Q8Matrix { bytes: Arc::clone(bytes), start, len, dims: info.shape.dims().to_vec() };
                return Ok(Dense::Q8(matrix));
            }
        }
        Ok(Dense::F32(QMatMul::Tensor(self.tensor(name)?)))
    }
}

/// Reads a GGUF file's index (the tensors are read when the encoder loads; the `Q8_0` ones stay in
/// `bytes`).
pub fn read_gguf(bytes: Vec<u8>) -> Result<Weights, EmbedError> {
    let mut reader = std::io::Cursor::new(&bytes[..]);
    let content = gguf_file::Content::read(&mut reader).map_err(|e| {
        EmbedError::Model(format!("the encoder file is not GGUF ({e}); rebuild it with `medagent model prepare`"))
    })?;
    Ok(Weights::Gguf(content, Arc::new(bytes)))
}

/// Writes the prepared encoder: the dense weights of every layer quantised to `Q8_0`, the position
/// embeddings f16, everything else f32. `weights` holds the f32 model's tensors (without the token table).
pub fn write_gguf(config: &Config, weights: &HashMap<String, Tensor>) -> Result<Vec<u8>, EmbedError> {
    let dense: std::collections::HashSet<String> = (0..config.num_hidden_layers).flat_map(dense_weights).collect();
    let mut names: Vec<&String> =
        weights.keys().filter(|n| n.starts_with("embeddings.") || n.starts_with("encoder.")).collect();
    names.sort();
    let mut tensors = Vec::with_capacity(names.len());
    for name in names {
        let t = weights[name].to_dtype(DType::F32)?;
        let dtype = if dense.contains(name) {
            GgmlDType::Q8_0
        } else if name == "embeddings.position_embeddings.weight" {
            GgmlDType::F16
        } else {
            GgmlDType::F32
        };
        tensors.push((name.as_str(), QTensor::quantize(&t, dtype)?));
    }
    let refs: Vec<(&str, &QTensor)> = tensors.iter().map(|(n, t)| (*n, t)).collect();
    let mut out = std::io::Cursor::new(Vec::new());
    gguf_file::write(&mut out, &[], &refs)?;
    Ok(out.into_inner())
}

/// A dense layer's weight matrix: f32 (the fetched model) or `Q8_0` (the browser's prepared copy).
enum Dense {
    F32(QMatMul),
    Q8(Q8Matrix),
}

/// A `Q8_0` matrix where it lies in the GGUF file's bytes.
struct Q8Matrix {
    bytes: Arc<Vec<u8>>,
    start: usize,
    len: usize,
    dims: Vec<usize>,
}

impl Q8Matrix {
    fn dequantize(&self) -> candle_core::Result<Tensor> {
        let raw = &self.bytes[self.start..self.start + self.len];
        qtensor_from_ggml(GgmlDType::Q8_0, raw, self.dims.clone(), &Device::Cpu)?.dequantize(&Device::Cpu)
    }
}

struct Linear {
    weight: Dense,
    bias: Tensor,
}

impl Linear {
    fn load(w: &mut Weights, prefix: &str) -> Result<Self, EmbedError> {
        Ok(Linear { weight: w.dense(&format!("{prefix}.weight"))?, bias: w.tensor(&format!("{prefix}.bias"))? })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor, EmbedError> {
        let product = match &self.weight {
            Dense::F32(w) => w.forward(x)?,
            Dense::Q8(w) => QMatMul::Tensor(w.dequantize()?).forward(x)?,
        };
        Ok(product.broadcast_add(&self.bias)?)
    }
}

struct LayerNorm {
    weight: Tensor,
    bias: Tensor,
    eps: f32,
}

impl LayerNorm {
    fn load(w: &mut Weights, prefix: &str, eps: f64) -> Result<Self, EmbedError> {
        Ok(LayerNorm {
            weight: w.tensor(&format!("{prefix}.LayerNorm.weight"))?,
            bias: w.tensor(&format!("{prefix}.LayerNorm.bias"))?,
            eps: eps as f32,
        })
    }

    fn forward(&self, x: &Tensor) -> Result<Tensor, EmbedError> {
        Ok(layer_norm(&x.contiguous()?, &self.weight, &self.bias, self.eps)?)
    }
}

struct Layer {
    query: Linear,
    key: Linear,
    value: Linear,
    attention_out: Linear,
    attention_norm: LayerNorm,
    intermediate: Linear,
    output: Linear,
    output_norm: LayerNorm,
}

/// A loaded encoder: token rows in, last hidden states out.
pub struct Encoder {
    position: Tensor,
    /// Row 0 of the token-type embeddings (every token is of type 0 for a single sentence).
    token_type: Tensor,
    embeddings_norm: LayerNorm,
    layers: Vec<Layer>,
    heads: usize,
    hidden: usize,
}

impl Encoder {
    /// Loads the encoder's tensors from `weights`.
    pub fn load(config: &Config, mut weights: Weights) -> Result<Self, EmbedError> {
        let w = &mut weights;
        let eps = config.layer_norm_eps;
        let layers = (0..config.num_hidden_layers)
            .map(|n| {
                let p = format!("encoder.layer.{n}");
                Ok(Layer {
                    query: Linear::load(w, &format!("{p}.attention.self.query"))?,
                    key: Linear::load(w, &format!("{p}.attention.self.key"))?,
                    value: Linear::load(w, &format!("{p}.attention.self.value"))?,
                    attention_out: Linear::load(w, &format!("{p}.attention.output.dense"))?,
                    attention_norm: LayerNorm::load(w, &format!("{p}.attention.output"), eps)?,
                    intermediate: Linear::load(w, &format!("{p}.intermediate.dense"))?,
                    output: Linear::load(w, &format!("{p}.output.dense"))?,
                    output_norm: LayerNorm::load(w, &format!("{p}.output"), eps)?,
                })
            })
            .collect::<Result<_, EmbedError>>()?;
        let position = w.tensor("embeddings.position_embeddings.weight")?;
        if position.dims() != [config.max_position_embeddings, config.hidden_size] {
            return Err(Weights::missing("embeddings.position_embeddings.weight", "wrong shape for config.json"));
        }
        Ok(Encoder {
            position,
            token_type: w.tensor("embeddings.token_type_embeddings.weight")?.get(0)?,
            embeddings_norm: LayerNorm::load(w, "embeddings", eps)?,
            layers,
            heads: config.num_attention_heads,
            hidden: config.hidden_size,
        })
    }

    /// The longest input in tokens.
    pub fn max_positions(&self) -> usize {
        self.position.dim(0).unwrap_or(0)
    }

    /// Runs a batch: `rows` `[batch, seq, hidden]` are the token embeddings, `mask` `[batch, seq]` f32 is
    /// 1 for a real token and 0 for padding. Returns the hidden states `[batch, seq, hidden]`.
    pub fn forward(&self, rows: &Tensor, mask: &Tensor) -> Result<Tensor, EmbedError> {
        let (batch, seq, _) = rows.dims3()?;
        let head = self.hidden / self.heads;
        let x = rows.broadcast_add(&self.position.narrow(0, 0, seq)?)?.broadcast_add(&self.token_type)?;
        let mut x = self.embeddings_norm.forward(&x)?;
        // Padding gets the most negative score, so softmax gives it no weight (as Hugging Face does).
        let bias = ((1.0 - mask)? * f64::from(f32::MIN))?.reshape((batch, 1, 1, seq))?;
        let scale = 1.0 / (head as f64).sqrt();
        let split = |t: Tensor| -> candle_core::Result<Tensor> {
            t.reshape((batch, seq, self.heads, head))?.transpose(1, 2)?.contiguous()
        };
        for layer in &self.layers {
            let q = split(layer.query.forward(&x)?)?;
            let k = split(layer.key.forward(&x)?)?;
            let v = split(layer.value.forward(&x)?)?;
            let scores = (q.matmul(&k.t()?)? * scale)?.broadcast_add(&bias)?;
            let context = softmax_last_dim(&scores)?.matmul(&v)?;
            let context = context.transpose(1, 2)?.reshape((batch, seq, self.hidden))?;
            let attended = layer.attention_norm.forward(&(layer.attention_out.forward(&context)? + &x)?)?;
            let inner = layer.intermediate.forward(&attended)?.gelu_erf()?;
            x = layer.output_norm.forward(&(layer.output.forward(&inner)? + &attended)?)?;
        }
        debug_assert_eq!(x.dim(D::Minus1)?, self.hidden);
        Ok(x)
    }
}

/// Reads a safetensors file (f32 or f16) into tensors by name, without any `bert.` prefix.
pub fn read_safetensors(bytes: &[u8]) -> Result<HashMap<String, Tensor>, EmbedError> {
    let tensors = candle_core::safetensors::load_buffer(bytes, &Device::Cpu).map_err(|e| {
        EmbedError::Model(format!(
            "the weights are not a readable safetensors file ({e}); re-run scripts/fetch-model.sh"
        ))
    })?;
    Ok(tensors
        .into_iter()
        .map(|(name, t)| (name.strip_prefix("bert.").map(str::to_string).unwrap_or(name), t))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gguf_with(name: &str, t: &Tensor) -> Vec<u8> {
        let q = QTensor::quantize(t, GgmlDType::Q8_0).unwrap();
        let mut out = std::io::Cursor::new(Vec::new());
        gguf_file::write(&mut out, &[], &[(name, &q)]).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_q8_matrix_multiplies_as_its_dequantised_f32_and_a_cut_file_is_refused_at_load() {
        let w: Vec<f32> = (0..64 * 96).map(|i| ((i * 7919 % 1000) as f32 / 500.0 - 1.0) * 0.3).collect();
        let w = Tensor::from_vec(w, (64, 96), &Device::Cpu).unwrap();
        let bytes = gguf_with("w", &w);
        let Dense::Q8(matrix) = read_gguf(bytes.clone()).unwrap().dense("w").unwrap() else { panic!("not kept int8") };
        let x =
            Tensor::from_vec((0..3 * 96).map(|i| (i % 17) as f32 / 17.0).collect::<Vec<_>>(), (3, 96), &Device::Cpu)
                .unwrap();
        let linear = Linear { weight: Dense::Q8(matrix), bias: Tensor::zeros(64, DType::F32, &Device::Cpu).unwrap() };
        let reference = QTensor::quantize(&w, GgmlDType::Q8_0).unwrap().dequantize(&Device::Cpu).unwrap();
        let expected = x.matmul(&reference.t().unwrap()).unwrap();
        let diff = (linear.forward(&x).unwrap() - expected).unwrap().abs().unwrap().max_all().unwrap();
        assert!(diff.to_scalar::<f32>().unwrap() < 1e-5);

        let cut = bytes[..bytes.len() - 40].to_vec();
        let error = read_gguf(cut).unwrap().dense("w").err().expect("a cut file loads").to_string();
        assert!(error.contains("w") && error.contains("medagent model prepare"), "{error}");
    }
}
