//! `medagent model prepare`: turns the fetched model (`model/`, see scripts/fetch-model.sh) into the form
//! the browser loads, `www/generated/model/`: `config.json`, `vocab.txt` and `model.f16.safetensors`
//! (half the download of f32). It refuses to write the f16 copy unless its embeddings agree with the f32
//! model (cosine >= 0.999 on every check sentence).

use super::error::CliError;
use crate::core::files::{FileEntry, MANIFEST};
use crate::embed::model_files::{PreparedModel, F16_WEIGHTS};
use crate::embed::{Embedder, ModelFiles};
use std::path::{Path, PathBuf};

/// Where scripts/fetch-model.sh puts the model, relative to the repo root.
pub const MODEL_DIR: &str = "model";
/// The browser's copy of the model (build output, gitignored).
pub const PREPARED_DIR: &str = "www/generated/model";

/// Minimum cosine between the f16 and the f32 embedding of every check sentence.
const MIN_COSINE: f32 = 0.999;

/// Sentences the f16 copy is checked on: English, Korean, mixed, short and long.
const CHECK_SENTENCES: &[&str] = &[
    "What are the symptoms of heart failure?",
    "my ankles swell and I get breathless lying down",
    "고혈압 증상이 뭐예요?",
    "HbA1c가 7.5%인데 metformin 용량을 늘려야 하나요?",
    "fever",
    "Glaucoma is a group of diseases that can damage the eye's optic nerve and result in vision loss and blindness. It is the leading cause of irreversible blindness worldwide.",
];

/// Arguments of `medagent model`.
#[derive(Debug, clap::Args)]
pub struct ModelArgs {
    #[command(subcommand)]
    pub action: ModelAction,
}

/// What `medagent model` does.
#[derive(Debug, clap::Subcommand)]
pub enum ModelAction {
    /// Convert model/ to the browser form (f16 weights + vocabulary) in www/generated/model/.
    Prepare {
        /// The fetched model (scripts/fetch-model.sh).
        #[arg(long, default_value = MODEL_DIR)]
        model_dir: PathBuf,
        /// Output directory.
        #[arg(long, default_value = PREPARED_DIR)]
        out: PathBuf,
    },
    /// Print the embedding of each text as JSON lines ({"text", "vector"}): the native reference the
    /// browser's embedder is compared with (use --model-dir www/generated/model for the f16 copy).
    Embed {
        /// The model: the fetched f32 model, or a prepared f16 copy.
        #[arg(long, default_value = MODEL_DIR)]
        model_dir: PathBuf,
        /// A JSON file holding an array of strings, or an object with "cases": [{"text": ...}].
        #[arg(long)]
        file: Option<PathBuf>,
        /// Texts to embed (after those of --file).
        texts: Vec<String>,
    },
}

/// Reads the f32 model files from `dir`, or the f16 copy `medagent model prepare` wrote there; the
/// error says to run scripts/fetch-model.sh.
pub fn load_model_dir(dir: &Path) -> Result<ModelFiles, CliError> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read(&path).map_err(|e| {
            CliError::failed(format!(
                "cannot read {} ({e}); fetch the model first with scripts/fetch-model.sh",
                path.display()
            ))
        })
    };
    Ok(ModelFiles {
        config_json: read("config.json")?,
        vocab_txt: read("vocab.txt")?,
        weights: if dir.join(F16_WEIGHTS).exists() { read(F16_WEIGHTS)? } else { read("model.safetensors")? },
    })
}

/// Runs `medagent model ...`.
pub fn run(args: ModelArgs) -> Result<(), CliError> {
    match args.action {
        ModelAction::Prepare { model_dir, out } => prepare(&model_dir, &out),
        ModelAction::Embed { model_dir, file, texts } => embed(&model_dir, file.as_deref(), texts),
    }
}

/// Texts of a JSON file: an array of strings, or `{"cases": [{"text": ...}]}` (the reference fixture).
fn texts_of(path: &Path) -> Result<Vec<String>, CliError> {
    let bytes = std::fs::read(path).map_err(CliError::read(path))?;
    let json: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| CliError::usage(format!("{} is not JSON: {e}", path.display())))?;
    let items = json.get("cases").unwrap_or(&json).as_array().cloned().unwrap_or_default();
    items
        .iter()
        .map(|item| item.get("text").unwrap_or(item).as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| {
            CliError::usage(format!(
                "{}: expected an array of strings or {{\"cases\": [{{\"text\": ...}}]}}",
                path.display()
            ))
        })
}

fn embed(model_dir: &Path, file: Option<&Path>, mut texts: Vec<String>) -> Result<(), CliError> {
    if let Some(file) = file {
        texts.splice(0..0, texts_of(file)?);
    }
    let embedder = Embedder::from_files(&load_model_dir(model_dir)?)?;
    for text in texts {
        let vector = embedder.embed(&text)?;
        println!("{}", serde_json::json!({ "text": text, "vector": vector }));
    }
    Ok(())
}

fn prepare(model_dir: &Path, out: &Path) -> Result<(), CliError> {
    let f32_files = load_model_dir(model_dir)?;
    let current =
        std::fs::read(out.join(MANIFEST)).ok().and_then(|bytes| serde_json::from_slice::<PreparedModel>(&bytes).ok());
    if current.is_some_and(|m| m.source_hash == f32_files.fingerprint()) {
        println!("{} is up to date", out.display());
        return Ok(());
    }
    println!("converting {} to f16", model_dir.join("model.safetensors").display());
    let f16_weights = to_f16_safetensors(&f32_files.weights)?;
    let f16_files = ModelFiles { weights: f16_weights, ..f32_files.clone() };
    let worst = min_cosine(&f32_files, &f16_files)?;
    println!("f16 vs f32 embeddings: minimum cosine {worst:.7} over {} sentences", CHECK_SENTENCES.len());
    if worst < MIN_COSINE {
        return Err(CliError::failed(format!(
            "the f16 model drifts too far from f32 (cosine {worst:.6} < {MIN_COSINE}); nothing written"
        )));
    }
    std::fs::create_dir_all(out).map_err(CliError::create(out))?;
    let files = [
        ("config.json", &f16_files.config_json),
        ("vocab.txt", &f16_files.vocab_txt),
        (F16_WEIGHTS, &f16_files.weights),
    ];
    let write = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(CliError::write(&path))?;
        println!("wrote {} ({} bytes)", path.display(), bytes.len());
        Ok::<(), CliError>(())
    };
    for (name, bytes) in files {
        write(name, bytes)?;
    }
    // The manifest last: a copy interrupted half-way has none, and the browser reports it missing.
    let manifest = PreparedModel {
        model: "all-MiniLM-L6-v2".into(),
        source_hash: f32_files.fingerprint(),
        files: files.iter().map(|(name, bytes)| (name.to_string(), FileEntry::of(bytes))).collect(),
    };
    write(MANIFEST, (serde_json::to_string_pretty(&manifest).expect("serialises") + "\n").as_bytes())
}

/// Re-encodes every f32 tensor of a safetensors file as f16.
fn to_f16_safetensors(f32_bytes: &[u8]) -> Result<Vec<u8>, CliError> {
    use candle_core::{safetensors, DType, Device};
    let tensors = safetensors::load_buffer(f32_bytes, &Device::Cpu).map_err(|e| {
        CliError::failed(format!("model.safetensors is unreadable ({e}); re-run scripts/fetch-model.sh"))
    })?;
    let half: std::collections::HashMap<String, candle_core::Tensor> = tensors
        .into_iter()
        .map(|(name, t)| {
            let t = if t.dtype() == DType::F32 { t.to_dtype(DType::F16) } else { Ok(t) };
            t.map(|t| (name, t))
        })
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::failed(e.to_string()))?;
    let tmp = std::env::temp_dir().join(format!("medagent-f16-{}.safetensors", std::process::id()));
    safetensors::save(&half, &tmp).map_err(|e| CliError::failed(format!("cannot write {}: {e}", tmp.display())))?;
    let bytes = std::fs::read(&tmp).map_err(CliError::read(&tmp));
    let _ = std::fs::remove_file(&tmp);
    bytes
}

fn min_cosine(a: &ModelFiles, b: &ModelFiles) -> Result<f32, CliError> {
    let ea = Embedder::from_files(a)?;
    let eb = Embedder::from_files(b)?;
    let va = ea.embed_batch(CHECK_SENTENCES)?;
    let vb = eb.embed_batch(CHECK_SENTENCES)?;
    Ok(va.iter().zip(&vb).map(|(x, y)| x.iter().zip(y).map(|(p, q)| p * q).sum::<f32>()).fold(1.0, f32::min))
}
