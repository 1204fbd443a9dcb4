//! `medagent index build --vectors`: embeds every corpus chunk natively and writes `index/vectors/`
//! (`hnsw.bin` + `manifest.json`, see `medagent::retrieval::vector_index` and `vector_manifest`).
//!
//! Embedding the corpus takes long on a small machine, so it checkpoints: chunks are embedded in groups of
//! [`GROUP`], each group's f32 vectors written atomically to
//! `target/vector-build/<corpus hash>-<model hash>/part-NNNNN.f32`; a restart skips the groups on disk.
//! The f32 vectors stay there for `medagent bench vectors` (quantisation recall).

use crate::core::files::{FileEntry, MANIFEST};
use crate::embed::{Embedder, ModelFiles, DIMS};
use crate::retrieval::corpus::Document;
use crate::retrieval::knowledge::VectorSide;
use crate::retrieval::vector_index::{HnswParams, VectorIndex, DEFAULT_PARAMS};
use crate::retrieval::vector_manifest::{ChunkList, VectorManifest, CHUNK_COUNTS_FILE, HNSW_FILE};
use crate::retrieval::vectors::LocalVectors;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Chunks per checkpoint file.
pub const GROUP: usize = 256;
/// Texts per forward pass (after sorting a group by length, so padding stays small).
const BATCH: usize = 16;

/// Where the checkpoints of one (corpus, model) pair live.
pub fn checkpoint_dir(corpus_hash: &str, model_hash: &str) -> PathBuf {
    PathBuf::from("target/vector-build").join(format!("{}-{}", &corpus_hash[..16], &model_hash[..16]))
}

/// Embeds `texts` (resuming from the checkpoints in `dir`), returning one f32 vector per text.
pub fn embed_corpus(model: &ModelFiles, texts: &[&str], dir: &Path) -> Result<Vec<Vec<f32>>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let groups = texts.len().div_ceil(GROUP);
    let part = |g: usize| dir.join(format!("part-{g:05}.f32"));
    let expected_len = |g: usize| ((GROUP.min(texts.len() - g * GROUP)) * DIMS * 4) as u64;
    let done: Vec<bool> =
        (0..groups).map(|g| std::fs::metadata(part(g)).is_ok_and(|m| m.len() == expected_len(g))).collect();
    let resumed = done.iter().filter(|d| **d).count();
    if resumed > 0 {
        println!("resuming: {resumed} of {groups} groups already embedded in {}", dir.display());
    }
    let todo: usize = (0..groups).filter(|g| !done[*g]).map(|g| expected_len(g) as usize / (DIMS * 4)).sum();
    let embedder = Embedder::from_files(model).map_err(|e| e.to_string())?;
    let bar = ProgressBar::new(todo as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "embedding {pos}/{len} chunks [{elapsed_precise}] {wide_bar} {per_sec} ETA {eta_precise}",
        )
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
            let out = pollster::block_on(embedder.embed_batch(&batch_texts)).map_err(|e| e.to_string())?;
            for (&i, v) in batch.iter().zip(out) {
                vectors[i] = v;
            }
            bar.inc(batch.len() as u64);
        }
        let bytes: Vec<u8> = vectors.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
        let tmp = part(g).with_extension("tmp");
        std::fs::write(&tmp, &bytes)
            .and_then(|_| std::fs::rename(&tmp, part(g)))
            .map_err(|e| format!("cannot write checkpoint {}: {e}", part(g).display()))?;
        if bar.is_hidden() {
            // Not a terminal (a log file, CI): a plain line per checkpoint instead of the bar.
            let (pos, secs) = (bar.position() as f64, started.elapsed().as_secs_f64());
            let eta = (todo as f64 - pos) / (pos / secs).max(1e-9);
            println!("embedded {pos}/{todo} chunks, {:.1} chunks/s, ETA {:.0} min", pos / secs, eta / 60.0);
        }
    }
    bar.finish();
    if todo > 0 {
        let secs = started.elapsed().as_secs_f64();
        println!("embedded {todo} chunks in {secs:.1} s ({:.1} chunks/s)", todo as f64 / secs);
    }
    read_checkpoints(dir, texts.len())
}

/// Reads all checkpoint parts of a complete build back as vectors.
pub fn read_checkpoints(dir: &Path, count: usize) -> Result<Vec<Vec<f32>>, String> {
    let mut all = Vec::with_capacity(count);
    for g in 0..count.div_ceil(GROUP) {
        let path = dir.join(format!("part-{g:05}.f32"));
        let bytes = std::fs::read(&path).map_err(|e| {
            format!("missing checkpoint {} ({e}); run `medagent index build --vectors`", path.display())
        })?;
        for v in bytes.chunks_exact(DIMS * 4) {
            all.push(v.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect());
        }
    }
    if all.len() != count {
        return Err(format!("checkpoints in {} hold {} vectors, expected {count}", dir.display(), all.len()));
    }
    Ok(all)
}

/// Builds the HNSW map over `vectors` and writes `hnsw.bin`, the chunk map and `manifest.json` into `out`.
pub fn write_index(
    vectors: &[Vec<f32>],
    chunk_counts: &[u8],
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
    let mut manifest = VectorManifest::new(model_hash, corpus_hash, vectors.len(), params, &bytes);
    manifest.files.insert(CHUNK_COUNTS_FILE.to_string(), FileEntry::of(chunk_counts));
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let write = |name: &str, data: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, data).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {} ({} bytes)", path.display(), data.len());
        Ok::<(), String>(())
    };
    // Manifest last: an interrupted write leaves an old manifest that no longer matches, which the
    // freshness test reports.
    write(HNSW_FILE, &bytes)?;
    write(CHUNK_COUNTS_FILE, chunk_counts)?;
    let json = serde_json::to_string_pretty(&manifest).expect("manifest serialises") + "\n";
    write(MANIFEST, json.as_bytes())
}

/// Reads `manifest.json` of the vector index in `dir`.
pub fn read_manifest(dir: &Path) -> Result<VectorManifest, String> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {} ({e}); build it with `medagent index build --vectors`", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{} is not a vector manifest: {e}", path.display()))
}

/// Loads the vector side from the vector index in `dir` and the f32 model in `model_dir`, checking that
/// the files are the ones the manifest describes and that the model is the one the chunks were embedded
/// with. `ef_search` overrides the shipped value.
pub fn load_vectors(dir: &Path, model_dir: &Path, ef_search: Option<usize>) -> Result<LocalVectors, String> {
    let manifest = read_manifest(dir)?;
    if manifest.format_version != crate::retrieval::vector_index::FORMAT_VERSION {
        return Err(format!(
            "{} is in format {}, this medagent reads format {}; rebuild with `medagent index build --vectors`",
            dir.display(),
            manifest.format_version,
            crate::retrieval::vector_index::FORMAT_VERSION
        ));
    }
    // The fetched f32 model or a prepared copy (whose manifest names the model it was made from).
    let (embedder, model_hash) = super::model::embedder_of_dir(model_dir)?;
    if model_hash != manifest.model_hash {
        return Err(format!(
            "the model in {} is not the one {} was built with; fetch it again with scripts/fetch-model.sh",
            model_dir.display(),
            dir.display()
        ));
    }
    let read = |name: &str| {
        let path = dir.join(name);
        let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        match manifest.files.get(name) {
            Some(entry) if *entry == FileEntry::of(&bytes) => Ok(bytes),
            _ => Err(format!(
                "{} does not match {}; rebuild with `medagent index build --vectors`",
                path.display(),
                MANIFEST
            )),
        }
    };
    let (hnsw, counts) = (read(HNSW_FILE)?, read(CHUNK_COUNTS_FILE)?);
    LocalVectors::load(embedder, &hnsw, &counts, ef_search).map_err(String::from)
}

/// The vector side for the CLI: loaded, or unavailable with the reason (search then uses BM25 alone).
pub fn vector_side(dir: &Path, model_dir: &Path) -> VectorSide {
    match load_vectors(dir, model_dir, None) {
        Ok(vectors) => VectorSide::Ready(std::rc::Rc::new(vectors)),
        Err(why) => VectorSide::Unavailable(why),
    }
}

/// `medagent index build --vectors`: embeds every chunk of `docs` (resuming from checkpoints) and writes
/// `hnsw.bin`, `chunks.bin` and `manifest.json` into `out`.
pub fn build_vectors(docs: &[Document], model_dir: &Path, out: &Path) -> Result<(), String> {
    let list = ChunkList::of(docs)?;
    let (counts, texts) = (list.counts, list.texts);
    let model = super::model::load_model_dir(model_dir)?;
    let model_hash = model.fingerprint();
    let corpus_hash = list.fingerprint;
    println!(
        "{} chunks of {} documents, corpus {}, model {}",
        texts.len(),
        docs.len(),
        &corpus_hash[..16],
        &model_hash[..16]
    );
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let vectors = embed_corpus(&model, &refs, &checkpoint_dir(&corpus_hash, &model_hash))?;
    write_index(&vectors, &counts, DEFAULT_PARAMS, model_hash, corpus_hash, out)
}
