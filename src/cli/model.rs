//! `medagent model prepare`: turns the fetched model (`model/`, see scripts/fetch-model.sh) into the form
//! the browser loads, `www/generated/model/`: `config.json`, `vocab.txt`, the int8 encoder
//! `encoder.gguf` and the int8 token-embedding rows in `tokens/NNN.bin`, fetched per question token
//! (see `medagent::embed::model_files`). It refuses to write the copy unless its embeddings agree with
//! the f32 model (cosine >= 0.99 on every check sentence).
//!
//! `medagent model embed` prints embeddings (of the f32 model or of a prepared copy); `medagent model
//! fetches` measures what the browser downloads for the model: up front, and per question.

use super::error::CliError;
use crate::core::files::MANIFEST;
use crate::embed::model_files::{prepare_copy, PreparedModel, ROWS_PER_SHARD};
use crate::embed::tokens::FetchFile;
use crate::embed::wordpiece::WordPiece;
use crate::embed::{Embedder, ModelFiles, MAX_TOKENS};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Where scripts/fetch-model.sh puts the model, relative to the repo root.
pub const MODEL_DIR: &str = "model";
/// The browser's copy of the model (build output, gitignored).
pub const PREPARED_DIR: &str = "www/generated/model";

/// Minimum cosine between the prepared copy's and the f32 embedding of every check sentence.
pub const MIN_COSINE: f32 = 0.99;

/// Sentences the prepared copy is checked on: English, Korean, mixed, short and long.
const CHECK_SENTENCES: &[&str] = &[
    "What are the symptoms of heart failure?",
    "my ankles swell and I get breathless lying down",
    "고혈압 증상이 뭐예요?",
    "HbA1c가 7.5%인데 metformin 용량을 늘려야 하나요?",
    "fever",
    "Glaucoma is a group of diseases that can damage the eye's optic nerve and result in vision loss and blindness. It is the leading cause of irreversible blindness worldwide.",
    "아버지가 당뇨병이 있으신데 최근에 발 저림이 심해지고 상처가 잘 낫지 않아서 걱정입니다. 병원에 언제 가야 하고 집에서는 무엇을 조심해야 하나요?",
    "I was prescribed lisinopril 10 mg last month for high blood pressure and now I have a dry cough that keeps me up at night; is this a known side effect, and should I stop taking it before talking to my doctor? I also take aspirin and a statin.",
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
    /// Convert model/ to the browser form (int8 encoder + token shards + vocabulary) in www/generated/model/.
    Prepare {
        /// The fetched model (scripts/fetch-model.sh).
        #[arg(long, default_value = MODEL_DIR)]
        model_dir: PathBuf,
        /// Output directory.
        #[arg(long, default_value = PREPARED_DIR)]
        out: PathBuf,
    },
    /// Print the embedding of each text as JSON lines ({"text", "vector"}): the native reference the
    /// browser's embedder is compared with (use --model-dir www/generated/model for the prepared copy).
    Embed {
        /// The model: the fetched f32 model, or a prepared copy (a directory with manifest.json).
        #[arg(long, default_value = MODEL_DIR)]
        model_dir: PathBuf,
        /// A JSON file holding an array of strings, or an object with "cases": [{"text": ...}].
        #[arg(long)]
        file: Option<PathBuf>,
        /// Texts to embed (after those of --file).
        texts: Vec<String>,
    },
    /// Bytes the browser fetches for the model: before the first question, and the token shards per
    /// question (mean and p95 over a question file, for this copy's shard size and for others).
    Fetches {
        /// The prepared copy.
        #[arg(long, default_value = PREPARED_DIR)]
        model_dir: PathBuf,
        /// JSON lines with a "question" field (the dev set), or a JSON array of strings.
        #[arg(long, default_value = "tests/fixtures/devset.jsonl")]
        questions: PathBuf,
    },
}

/// Reads the fetched f32 model's files from `dir`; the error says to run scripts/fetch-model.sh.
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
        weights: read("model.safetensors")?,
    })
}

/// The embedder of `dir`: a prepared copy when `dir` has a model manifest (its token shards read from
/// `dir` as they are needed), else the fetched f32 model; with the fingerprint of the f32 model (the
/// `model_hash` a vector index built with it records).
pub fn embedder_of_dir(dir: &Path) -> Result<(Embedder, String), CliError> {
    let manifest_path = dir.join(MANIFEST);
    if !manifest_path.exists() {
        let files = load_model_dir(dir)?;
        return Ok((Embedder::from_files(&files).map_err(|e| CliError::failed(e.to_string()))?, files.fingerprint()));
    }
    let manifest = read_prepared_manifest(&manifest_path)?;
    let dir = dir.to_path_buf();
    let read = move |name: &str| {
        let path = dir.join(name);
        std::fs::read(&path).map_err(|e| format!("cannot read {} ({e}); run `medagent model prepare`", path.display()))
    };
    Ok((open_prepared(&manifest, read)?, manifest.source_hash))
}

fn read_prepared_manifest(path: &Path) -> Result<PreparedModel, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::failed(format!("cannot read {}: {e}", path.display())))?;
    serde_json::from_slice(&bytes).map_err(|e| {
        CliError::failed(format!(
            "{} is not a model manifest of this version ({e}); run `medagent model prepare`",
            path.display()
        ))
    })
}

/// The embedder of a prepared copy whose files `read` gives by name; every file is checked against
/// the manifest.
pub fn open_prepared(
    manifest: &PreparedModel,
    read: impl Fn(&str) -> Result<Vec<u8>, String> + 'static,
) -> Result<Embedder, CliError> {
    let mut up_front = Vec::new();
    for (name, entry) in manifest.up_front().map_err(CliError::failed)? {
        let bytes = read(name).map_err(CliError::failed)?;
        if !entry.matches(&bytes) {
            return Err(CliError::failed(format!(
                "{name} does not match the model manifest; run `medagent model prepare` again"
            )));
        }
        up_front.push(bytes);
    }
    let read = Rc::new(read);
    let fetch: FetchFile = Box::new(move |name| Box::pin(std::future::ready(read(&name))));
    let up_front: [Vec<u8>; 3] = up_front
        .try_into()
        .map_err(|_| CliError::failed("the model manifest does not list config, vocabulary and encoder up front"))?;
    Embedder::from_prepared(manifest, up_front, fetch).map_err(|e| CliError::failed(e.to_string()))
}

/// The smallest cosine between the two embedders' embeddings of `texts`.
pub fn min_cosine(a: &Embedder, b: &Embedder, texts: &[&str]) -> Result<f32, CliError> {
    let va = pollster::block_on(a.embed_batch(texts)).map_err(|e| CliError::failed(e.to_string()))?;
    let vb = pollster::block_on(b.embed_batch(texts)).map_err(|e| CliError::failed(e.to_string()))?;
    Ok(va.iter().zip(&vb).map(|(x, y)| x.iter().zip(y).map(|(p, q)| p * q).sum::<f32>()).fold(1.0, f32::min))
}

/// Runs `medagent model ...`.
pub fn run(args: ModelArgs) -> Result<(), CliError> {
    match args.action {
        ModelAction::Prepare { model_dir, out } => prepare(&model_dir, &out),
        ModelAction::Embed { model_dir, file, texts } => embed(&model_dir, file.as_deref(), texts),
        ModelAction::Fetches { model_dir, questions } => fetches(&model_dir, &questions),
    }
}

/// Texts of a JSON file: an array of strings, or `{"cases": [{"text": ...}]}` (the reference fixture).
fn texts_of(path: &Path) -> Result<Vec<String>, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::failed(format!("cannot read {}: {e}", path.display())))?;
    let json: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| CliError::failed(format!("{} is not JSON: {e}", path.display())))?;
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
    let (embedder, _) = embedder_of_dir(model_dir)?;
    for text in texts {
        let vector = pollster::block_on(embedder.embed(&text)).map_err(|e| CliError::failed(e.to_string()))?;
        println!("{}", serde_json::json!({ "text": text, "vector": vector }));
    }
    Ok(())
}

/// Writes the prepared copy of `model_dir` into `out` (unless `out` already holds the copy of this
/// model in this format), after checking its embeddings against the f32 model's.
pub fn prepare(model_dir: &Path, out: &Path) -> Result<(), CliError> {
    let f32_files = load_model_dir(model_dir)?;
    let current = read_prepared_manifest(&out.join(MANIFEST)).ok();
    let current_layout =
        |m: &PreparedModel| m.check_format().is_ok() && m.token_shards.rows_per_shard == ROWS_PER_SHARD;
    if current.is_some_and(|m| current_layout(&m) && m.source_hash == f32_files.fingerprint()) {
        println!("{} is up to date", out.display());
        return Ok(());
    }
    println!("quantising {} (int8 encoder, int8 token shards)", model_dir.join("model.safetensors").display());
    let (manifest, files) = prepare_copy(&f32_files).map_err(|e| CliError::failed(e.to_string()))?;
    let files = Rc::new(files);
    let served = files.clone();
    let prepared = open_prepared(&manifest, move |name| {
        served.get(name).cloned().ok_or_else(|| format!("{name} is not part of the prepared copy"))
    })?;
    let reference = Embedder::from_files(&f32_files).map_err(|e| CliError::failed(e.to_string()))?;
    let worst = min_cosine(&reference, &prepared, CHECK_SENTENCES)?;
    println!("prepared vs f32 embeddings: minimum cosine {worst:.6} over {} sentences", CHECK_SENTENCES.len());
    if worst < MIN_COSINE {
        return Err(CliError::failed(format!(
            "the prepared model drifts too far from f32 (cosine {worst:.6} < {MIN_COSINE}); nothing written"
        )));
    }
    std::fs::create_dir_all(out.join("tokens"))
        .map_err(|e| CliError::failed(format!("cannot create {}: {e}", out.display())))?;
    // The manifest goes first and last: a copy interrupted half-way has none, and the browser reports
    // it missing. Files of an older copy that this one does not list are removed, so the site (and
    // the service worker's offline copy, which keeps every file under model/) holds only this one.
    let _ = std::fs::remove_file(out.join(MANIFEST));
    remove_unlisted(out, &manifest)?;
    for (name, bytes) in files.iter() {
        let path = out.join(name);
        std::fs::write(&path, bytes).map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))?;
    }
    let encoder = &manifest.files[crate::embed::model_files::ENCODER_FILE];
    println!(
        "wrote {} files ({} bytes; encoder {} bytes, {} token shards of {ROWS_PER_SHARD} rows) to {}",
        files.len(),
        manifest.bytes(),
        encoder.bytes,
        files.keys().filter(|n| n.starts_with("tokens/")).count(),
        out.display()
    );
    let path = out.join(MANIFEST);
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).expect("serialises") + "\n")
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))
}

/// Removes the files under `out` (and `out/tokens`) that `manifest` does not list.
fn remove_unlisted(out: &Path, manifest: &PreparedModel) -> Result<(), CliError> {
    for sub in ["", "tokens/"] {
        let Ok(entries) = std::fs::read_dir(out.join(sub)) else { continue };
        for entry in entries.flatten() {
            let name = format!("{sub}{}", entry.file_name().to_string_lossy());
            if entry.path().is_file() && !manifest.files.contains_key(&name) {
                std::fs::remove_file(entry.path())
                    .map_err(|e| CliError::failed(format!("cannot remove {name}: {e}")))?;
            }
        }
    }
    Ok(())
}

/// Questions of a JSON-lines file (`{"question": ...}` a line) or a JSON array of strings.
fn questions_of(path: &Path) -> Result<Vec<String>, CliError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError::failed(format!("cannot read {}: {e}", path.display())))?;
    if text.trim_start().starts_with('[') {
        return texts_of(path);
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let json: serde_json::Value = serde_json::from_str(line)
                .map_err(|e| CliError::failed(format!("{}: a line is not JSON: {e}", path.display())))?;
            json.get("question")
                .and_then(|q| q.as_str())
                .map(str::to_string)
                .ok_or_else(|| CliError::usage(format!("{}: a line has no \"question\"", path.display())))
        })
        .collect()
}

/// `medagent model fetches`: the copy's up-front bytes, then the token-shard bytes per question (the
/// raw question text, as the worker embeds it) for this copy's shard size and, estimated from the
/// shard layout, for other sizes.
fn fetches(model_dir: &Path, questions: &Path) -> Result<(), CliError> {
    let manifest_path = model_dir.join(MANIFEST);
    let manifest = read_prepared_manifest(&manifest_path)?;
    manifest.check_format().map_err(CliError::failed)?;
    let manifest_bytes = std::fs::metadata(&manifest_path).map_err(|e| CliError::failed(e.to_string()))?.len();
    let up_front: u64 = manifest.up_front().map_err(CliError::failed)?.iter().map(|(_, e)| e.bytes).sum();
    println!("before the first question: {} bytes", manifest_bytes + up_front);
    for (name, entry) in std::iter::once((MANIFEST, manifest_bytes))
        .chain(manifest.up_front().map_err(CliError::failed)?.iter().map(|(n, e)| (*n, e.bytes)))
    {
        println!("  {name:<14} {entry:>10} bytes");
    }
    let vocab = std::fs::read(model_dir.join("vocab.txt")).map_err(|e| CliError::failed(e.to_string()))?;
    let tokenizer = WordPiece::from_vocab_txt(&vocab, MAX_TOKENS).map_err(|e| CliError::failed(e.to_string()))?;
    let questions = questions_of(questions)?;
    if questions.is_empty() {
        return Err(CliError::usage("no questions to measure"));
    }
    let ids: Vec<Vec<u32>> = questions.iter().map(|q| tokenizer.encode(q)).collect();
    let layout = manifest.token_shards;
    println!("token shards per question over {} questions (raw question text):", questions.len());
    for rows in [32u32, 64, 128, 256, 512, 1024] {
        let shard_bytes = |n: u32| -> u64 {
            if rows == layout.rows_per_shard {
                manifest.files.get(&crate::embed::tokens::shard_file(n)).map_or(0, |e| e.bytes)
            } else {
                let rows_here = rows.min(layout.vocab - n * rows) as u64;
                20 + rows_here * (4 + crate::embed::DIMS as u64)
            }
        };
        let mut bytes: Vec<u64> = ids
            .iter()
            .map(|q| q.iter().map(|id| id / rows).collect::<BTreeSet<u32>>().into_iter().map(shard_bytes).sum())
            .collect();
        let shards: f64 =
            ids.iter().map(|q| q.iter().map(|id| id / rows).collect::<BTreeSet<u32>>().len() as f64).sum::<f64>()
                / ids.len() as f64;
        bytes.sort_unstable();
        let mean = bytes.iter().sum::<u64>() as f64 / bytes.len() as f64;
        let p95 = bytes[((bytes.len() as f64 * 0.95).ceil() as usize).saturating_sub(1)];
        let files = layout.vocab.div_ceil(rows);
        let mark = if rows == layout.rows_per_shard { "  <- this copy" } else { "" };
        println!(
            "  {rows:>5} rows/shard ({files:>4} files): {shards:>5.1} shards, mean {:>8.0} bytes, p95 {p95:>8} bytes{mark}",
            mean
        );
    }
    Ok(())
}
