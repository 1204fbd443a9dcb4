//! `medagent index build --vectors`: embeds every corpus chunk natively and writes `index/vectors/`
//! (`hnsw.bin` + `manifest.json`, see `medagent::retrieval::vector_index` and `vector_manifest`).
//!
//! Embedding the corpus takes long on a small machine, so it checkpoints: chunks are embedded in groups of
//! [`GROUP`], each group's f32 vectors written atomically to
//! `target/vector-build/<corpus hash>-<model hash>/part-NNNNN.f32`; a restart skips the groups on disk.
//! The f32 vectors stay there for `medagent bench vectors` (quantisation recall).

use crate::embed::{Embedder, ModelFiles, DIMS};
use crate::retrieval::vector_index::{HnswParams, VectorIndex};
use crate::retrieval::vector_manifest::{VectorManifest, HNSW_FILE};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Chunks per checkpoint file.
pub const GROUP: usize = 256;
/// Texts per forward pass (after sorting a group by length, so padding stays small).
const BATCH: usize = 16;

/// Where the checkpoints of one (corpus, model) pair live.
pub fn checkpoint_dir(corpus_hash: &str, model_hash: &str) -> PathBuf {
    PathBuf::from("target/vector-build").join(format!(
        "{}-{}",
        &corpus_hash[..16],
        &model_hash[..16]
    ))
}

/// Embeds `texts` (resuming from the checkpoints in `dir`), returning one f32 vector per text.
pub fn embed_corpus(
    model: &ModelFiles,
    texts: &[&str],
    dir: &Path,
) -> Result<Vec<Vec<f32>>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let groups = texts.len().div_ceil(GROUP);
    let part = |g: usize| dir.join(format!("part-{g:05}.f32"));
    let expected_len = |g: usize| ((GROUP.min(texts.len() - g * GROUP)) * DIMS * 4) as u64;
    let done: Vec<bool> = (0..groups)
        .map(|g| std::fs::metadata(part(g)).is_ok_and(|m| m.len() == expected_len(g)))
        .collect();
    let resumed = done.iter().filter(|d| **d).count();
    if resumed > 0 {
        println!(
            "resuming: {resumed} of {groups} groups already embedded in {}",
            dir.display()
        );
    }
    let todo: usize = (0..groups)
        .filter(|g| !done[*g])
        .map(|g| expected_len(g) as usize / (DIMS * 4))
        .sum();
    let embedder = Embedder::from_files(model).map_err(|e| e.to_string())?;
    let bar = ProgressBar::new(todo as u64);
    bar.set_style(
        ProgressStyle::with_template("embedding {pos}/{len} chunks [{elapsed_precise}] {wide_bar} {per_sec} ETA {eta_precise}")
            .expect("valid template"),
    );
    let started = Instant::now();
    for g in (0..groups).filter(|g| !done[*g]) {
        let group = &texts[g * GROUP..texts.len().min((g + 1) * GROUP)];
        let mut order: Vec<usize> = (0..group.len()).collect();
        order.sort_by_key(|&i| group[i].len());
        let mut vectors = vec![Vec::new(); group.len()];
        for batch in order.chunks(BATCH) {
            let batch_texts: Vec<&str> = batch.iter().map(|&i| group[i]).collect();
            let out = embedder
                .embed_batch(&batch_texts)
                .map_err(|e| e.to_string())?;
            for (&i, v) in batch.iter().zip(out) {
                vectors[i] = v;
            }
            bar.inc(batch.len() as u64);
        }
        let bytes: Vec<u8> = vectors
            .iter()
            .flatten()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let tmp = part(g).with_extension("tmp");
        std::fs::write(&tmp, &bytes)
            .and_then(|_| std::fs::rename(&tmp, part(g)))
            .map_err(|e| format!("cannot write checkpoint {}: {e}", part(g).display()))?;
    }
    bar.finish();
    if todo > 0 {
        let secs = started.elapsed().as_secs_f64();
        println!(
            "embedded {todo} chunks in {secs:.1} s ({:.1} chunks/s)",
            todo as f64 / secs
        );
    }
    read_checkpoints(dir, texts.len())
}

/// Reads all checkpoint parts of a complete build back as vectors.
pub fn read_checkpoints(dir: &Path, count: usize) -> Result<Vec<Vec<f32>>, String> {
    let mut all = Vec::with_capacity(count);
    for g in 0..count.div_ceil(GROUP) {
        let path = dir.join(format!("part-{g:05}.f32"));
        let bytes = std::fs::read(&path).map_err(|e| {
            format!(
                "missing checkpoint {} ({e}); run `medagent index build --vectors`",
                path.display()
            )
        })?;
        for v in bytes.chunks_exact(DIMS * 4) {
            all.push(
                v.chunks_exact(4)
                    .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
                    .collect(),
            );
        }
    }
    if all.len() != count {
        return Err(format!(
            "checkpoints in {} hold {} vectors, expected {count}",
            dir.display(),
            all.len()
        ));
    }
    Ok(all)
}

/// Builds the HNSW map over `vectors` and writes `hnsw.bin` and `manifest.json` into `out`.
pub fn write_index(
    vectors: &[Vec<f32>],
    params: HnswParams,
    model_hash: String,
    corpus_hash: String,
    out: &Path,
) -> Result<(), String> {
    let started = Instant::now();
    let index = VectorIndex::build(vectors, params);
    println!(
        "HNSW build: {} points in {:.1} s (one thread, seed {:#x})",
        vectors.len(),
        started.elapsed().as_secs_f64(),
        params.seed
    );
    let bytes = index.to_bytes();
    let manifest = VectorManifest::new(model_hash, corpus_hash, vectors.len(), params, &bytes);
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let write = |name: &str, data: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, data).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {} ({} bytes)", path.display(), data.len());
        Ok::<(), String>(())
    };
    write(HNSW_FILE, &bytes)?;
    let json = serde_json::to_string_pretty(&manifest).expect("manifest serialises") + "\n";
    write("manifest.json", json.as_bytes())
}

/// One line of the chunk list given to `medagent vectors build --chunks`: `{"doc": "<MedQuAD id>", "text":
/// "<chunk text>"}`; the line number (from 0) is the chunk id stored in the index.
#[derive(Debug, serde::Deserialize)]
pub struct ChunkLine {
    /// MedQuAD document id.
    pub doc: String,
    /// Text that is embedded.
    pub text: String,
}

/// Reads a chunk list (JSON lines, see [`ChunkLine`]); errors name the file and line.
pub fn read_chunks(path: &Path) -> Result<Vec<ChunkLine>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| {
                format!(
                    "{}:{}: not a {{\"doc\", \"text\"}} chunk line ({e})",
                    path.display(),
                    i + 1
                )
            })
        })
        .collect()
}

/// Arguments of `medagent vectors`.
#[derive(Debug, clap::Args)]
pub struct VectorsArgs {
    #[command(subcommand)]
    pub action: VectorsAction,
}

/// What `medagent vectors` does.
#[derive(Debug, clap::Subcommand)]
pub enum VectorsAction {
    /// Embed every chunk (resumable) and write index/vectors/{hnsw.bin,manifest.json}.
    Build {
        /// The chunk list, JSON lines {"doc": ..., "text": ...}.
        #[arg(long)]
        chunks: PathBuf,
        /// The f32 model fetched by scripts/fetch-model.sh.
        #[arg(long, default_value = super::model::MODEL_DIR)]
        model_dir: PathBuf,
        /// Output directory (committed).
        #[arg(long, default_value = "index/vectors")]
        out: PathBuf,
    },
}

/// Runs `medagent vectors ...`.
pub fn run(args: VectorsArgs) -> Result<(), String> {
    match args.action {
        VectorsAction::Build {
            chunks,
            model_dir,
            out,
        } => {
            let chunks = read_chunks(&chunks)?;
            let model = super::model::load_model_dir(&model_dir)?;
            let model_hash = model.fingerprint();
            let corpus_hash = crate::retrieval::vector_manifest::chunk_fingerprint(
                chunks.iter().map(|c| (c.doc.as_str(), c.text.as_str())),
            );
            println!(
                "{} chunks, corpus {}, model {}",
                chunks.len(),
                &corpus_hash[..16],
                &model_hash[..16]
            );
            let texts: Vec<&str> = chunks.iter().map(|c| c.text.as_str()).collect();
            let dir = checkpoint_dir(&corpus_hash, &model_hash);
            let vectors = embed_corpus(&model, &texts, &dir)?;
            write_index(
                &vectors,
                crate::retrieval::vector_index::DEFAULT_PARAMS,
                model_hash,
                corpus_hash,
                &out,
            )
        }
    }
}
