//! `medagent index build --vectors`: embeds every corpus chunk natively and writes `index/vectors/`
//! (`centroids.bin`, `list-NNNN.bin`, `chunks.bin`, `manifest.json`; see
//! `medagent::retrieval::vector_index` and `vector_manifest`).
//!
//! Embedding the corpus takes long on a small machine, so it checkpoints: chunks are embedded in groups of
//! [`GROUP`], each group's f32 vectors written atomically to
//! `target/vector-build/<corpus hash>-<model hash>/part-NNNNN.f32`; a restart skips the groups on disk.
//! The f32 vectors stay there for `medagent bench vectors` (quantisation recall).

use super::error::CliError;
use super::files::DirSource;
use crate::core::files::{FileEntry, MANIFEST};
use crate::embed::{Embedder, ModelFiles, DIMS};
use crate::retrieval::corpus::Document;
use crate::retrieval::knowledge::VectorSide;
use crate::retrieval::search::IndexError;
use crate::retrieval::vector_index::{build, list_file, IvfParams, QuantizedVector, VectorList, CENTROIDS_FILE};
use crate::retrieval::vector_manifest::{ChunkList, VectorManifest, CHUNK_COUNTS_FILE};
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
pub fn embed_corpus(model: &ModelFiles, texts: &[&str], dir: &Path) -> Result<Vec<Vec<f32>>, CliError> {
    std::fs::create_dir_all(dir).map_err(CliError::create(dir))?;
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
    let embedder = Embedder::from_files(model)?;
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
            let out = pollster::block_on(embedder.embed_batch(&batch_texts))?;
            for (&i, v) in batch.iter().zip(out) {
                vectors[i] = v;
            }
            bar.inc(batch.len() as u64);
        }
        let bytes: Vec<u8> = vectors.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
        let tmp = part(g).with_extension("tmp");
        std::fs::write(&tmp, &bytes)
            .and_then(|_| std::fs::rename(&tmp, part(g)))
            .map_err(|e| CliError::failed(format!("cannot write checkpoint {}: {e}", part(g).display())))?;
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
pub fn read_checkpoints(dir: &Path, count: usize) -> Result<Vec<Vec<f32>>, CliError> {
    let mut all = Vec::with_capacity(count);
    for g in 0..count.div_ceil(GROUP) {
        let path = dir.join(format!("part-{g:05}.f32"));
        let bytes = std::fs::read(&path).map_err(|e| {
            CliError::failed(format!(
                "missing checkpoint {} ({e}); run `medagent index build --vectors`",
                path.display()
            ))
        })?;
        for v in bytes.chunks_exact(DIMS * 4) {
            all.push(v.chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect());
        }
    }
    if all.len() != count {
        return Err(CliError::failed(format!(
            "checkpoints in {} hold {} vectors, expected {count}",
            dir.display(),
            all.len()
        )));
    }
    Ok(all)
}

/// Builds the inverted-file index over `points` (position = chunk id) and writes `centroids.bin`, the
/// lists, the chunk map and `manifest.json` into `out` (stale lists of an earlier build are removed).
pub fn write_index(
    points: &[QuantizedVector],
    chunk_counts: &[u8],
    params: IvfParams,
    model_hash: String,
    corpus_hash: String,
    out: &Path,
) -> Result<(), CliError> {
    let started = Instant::now();
    let index = build(points, params);
    println!(
        "IVF build: {} vectors in {} lists in {:.1} s (seed {:#x})",
        points.len(),
        index.lists.len(),
        started.elapsed().as_secs_f64(),
        params.seed
    );
    let mut manifest = VectorManifest::new(model_hash, corpus_hash, points.len(), params, &index);
    manifest.files.insert(CHUNK_COUNTS_FILE.to_string(), FileEntry::of(chunk_counts));
    std::fs::create_dir_all(out).map_err(CliError::create(out))?;
    remove_stale_files(out, &manifest)?;
    let write = |name: &str, data: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, data).map_err(CliError::write(&path))
    };
    // Manifest last: an interrupted write leaves an old manifest that no longer matches, which the
    // freshness test reports.
    write(CENTROIDS_FILE, &index.centroids.to_bytes())?;
    for (n, list) in index.lists.iter().enumerate() {
        write(&list_file(n as u32), &list.to_bytes())?;
    }
    write(CHUNK_COUNTS_FILE, chunk_counts)?;
    let json = serde_json::to_string_pretty(&manifest).expect("manifest serialises") + "\n";
    write(MANIFEST, json.as_bytes())?;
    let bytes: u64 = manifest.files.values().map(|f| f.bytes).sum();
    println!("wrote {} files ({bytes} bytes) into {}", manifest.files.len() + 1, out.display());
    Ok(())
}

/// Removes the files of an earlier build that the new one does not write (lists of a larger build, the
/// format-1 `hnsw.bin`), so the folder holds exactly what the manifest lists.
fn remove_stale_files(out: &Path, manifest: &VectorManifest) -> Result<(), CliError> {
    let entries = std::fs::read_dir(out).map_err(CliError::read(out))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = name.ends_with(".bin") && (name.starts_with("list-") || name == "hnsw.bin");
        if ours && !manifest.files.contains_key(&name) {
            std::fs::remove_file(entry.path()).map_err(CliError::io("remove", &entry.path(), ""))?;
        }
    }
    Ok(())
}

/// Every stored vector of the index in `dir`, in chunk order (the lists checked against the manifest).
pub fn read_points(dir: &Path, manifest: &VectorManifest) -> Result<Vec<QuantizedVector>, CliError> {
    let mut points: Vec<Option<QuantizedVector>> = vec![None; manifest.chunks];
    for list in 0..manifest.ivf.lists {
        let name = list_file(list);
        let bytes = read_checked(dir, manifest, &name)?;
        let list = VectorList::from_bytes(&bytes, list)
            .map_err(|e| CliError::from(IndexError::Corrupt(format!("{}: {e}", dir.join(&name).display()))))?;
        for (chunk, point) in list.vectors() {
            let slot = points.get_mut(chunk as usize).ok_or_else(|| {
                CliError::from(IndexError::Corrupt(format!("{name} names chunk {chunk}, past the last")))
            })?;
            *slot = Some(point);
        }
    }
    points
        .into_iter()
        .enumerate()
        .map(|(chunk, p)| {
            p.ok_or_else(|| {
                CliError::from(IndexError::Corrupt(format!("no list of {} holds chunk {chunk}", dir.display())))
            })
        })
        .collect()
}

/// Bytes a browser fetches from the vector index in `dir` before the first question: the manifest, the
/// centroids and the chunk map.
pub fn start_bytes(dir: &Path) -> u64 {
    [CENTROIDS_FILE, CHUNK_COUNTS_FILE, MANIFEST]
        .iter()
        .map(|name| std::fs::metadata(dir.join(name)).map_or(0, |m| m.len()))
        .sum()
}

/// A file of the vector index in `dir`, checked against its manifest entry (size and SHA-256).
fn read_checked(dir: &Path, manifest: &VectorManifest, name: &str) -> Result<Vec<u8>, CliError> {
    let path = dir.join(name);
    let bytes = std::fs::read(&path).map_err(CliError::read(&path))?;
    match manifest.files.get(name) {
        Some(entry) if *entry == FileEntry::of(&bytes) => Ok(bytes),
        _ => Err(CliError::from(IndexError::Corrupt(format!(
            "{} does not match {}; rebuild with `medagent index build --vectors`",
            path.display(),
            MANIFEST
        )))),
    }
}

/// Reads `manifest.json` of the vector index in `dir`.
pub fn read_manifest(dir: &Path) -> Result<VectorManifest, CliError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        CliError::from(IndexError::Missing(format!(
            "cannot read {} ({e}); build it with `medagent index build --vectors`",
            path.display()
        )))
    })?;
    serde_json::from_str(&text)
        .map_err(|e| CliError::from(IndexError::Corrupt(format!("{} is not a vector manifest: {e}", path.display()))))
}

/// Loads the vector side from the vector index in `dir` and the f32 model in `model_dir`, checking that
/// the files are the ones the manifest describes and that the model is the one the chunks were embedded
/// with. Lists are read as questions need them, each checked against the manifest. `probe` overrides the
/// shipped lists per question.
pub fn load_vectors(dir: &Path, model_dir: &Path, probe: Option<usize>) -> Result<LocalVectors, CliError> {
    let manifest = read_manifest(dir)?;
    if manifest.format_version != crate::retrieval::vector_index::FORMAT_VERSION {
        return Err(CliError::from(IndexError::Corrupt(format!(
            "{} is in format {}, this medagent reads format {}; rebuild with `medagent index build --vectors`",
            dir.display(),
            manifest.format_version,
            crate::retrieval::vector_index::FORMAT_VERSION
        ))));
    }
    // The fetched f32 model or a prepared copy (whose manifest names the model it was made from).
    let (embedder, model_hash) = super::model::embedder_of_dir(model_dir)?;
    if model_hash != manifest.model_hash {
        return Err(CliError::failed(format!(
            "the model in {} is not the one {} was built with; fetch it again with scripts/fetch-model.sh",
            model_dir.display(),
            dir.display()
        )));
    }
    let (centroids, counts) =
        (read_checked(dir, &manifest, CENTROIDS_FILE)?, read_checked(dir, &manifest, CHUNK_COUNTS_FILE)?);
    let source = Box::new(DirSource { dir: dir.to_path_buf() });
    Ok(LocalVectors::load(embedder, &manifest, &centroids, &counts, source, probe)?)
}

/// The vector side for the CLI: loaded, or unavailable with the reason (search then uses BM25 alone).
pub fn vector_side(dir: &Path, model_dir: &Path) -> VectorSide {
    match load_vectors(dir, model_dir, None) {
        Ok(vectors) => VectorSide::Ready(std::rc::Rc::new(vectors)),
        Err(why) => VectorSide::Unavailable(why.to_string()),
    }
}

/// `medagent index build --vectors`: embeds every chunk of `docs` (resuming from checkpoints) and writes
/// the inverted-file index, `chunks.bin` and `manifest.json` into `out`.
pub fn build_vectors(docs: &[Document], model_dir: &Path, out: &Path) -> Result<(), CliError> {
    let list = ChunkList::of(docs).map_err(CliError::failed)?;
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
    let points: Vec<QuantizedVector> = vectors.iter().map(|v| QuantizedVector::new(v)).collect();
    write_index(&points, &counts, IvfParams::for_chunks(points.len()), model_hash, corpus_hash, out)
}

/// `medagent index build --synthetic N --vectors-out DIR`: a vector index of `documents` synthetic
/// documents shaped like the committed one, to measure how the layout grows with the corpus. Each
/// document takes the chunk count of a committed document (in turn), each chunk a committed chunk's
/// vector (drawn at random) plus Gaussian noise of norm about 0.45 (cosine about 0.9 to it), so the
/// vectors cluster as real ones do. Then reports it at the shipped probe ([`report_synthetic`]).
pub fn build_synthetic(documents: usize, committed: &Path, out: &Path) -> Result<(), CliError> {
    use crate::retrieval::vector_index::XorShift;
    if out == committed {
        return Err(CliError::usage(
            "--synthetic needs --vectors-out: it must not overwrite the committed vector index",
        ));
    }
    let manifest = read_manifest(committed)?;
    let base = read_points(committed, &manifest)?;
    let base_counts = read_checked(committed, &manifest, CHUNK_COUNTS_FILE)?;
    let counts: Vec<u8> = base_counts.iter().copied().cycle().take(documents).collect();
    let chunks: usize = counts.iter().map(|&c| c as usize).sum();
    let mut rng = XorShift(0x5eed_5eed);
    let sigma = 0.45 / (DIMS as f32).sqrt();
    let started = Instant::now();
    let points: Vec<QuantizedVector> = (0..chunks)
        .map(|_| {
            let source = base[rng.below(base.len())].to_f32();
            let noisy = source.into_iter().map(|x| x + sigma * rng.normal()).collect();
            QuantizedVector::new(&crate::embed::pooling::l2_normalized(noisy))
        })
        .collect();
    println!("{documents} synthetic documents, {chunks} chunks, made in {:.1} s", started.elapsed().as_secs_f64());
    let params = IvfParams::for_chunks(chunks);
    write_index(&points, &counts, params, "synthetic".into(), "synthetic".into(), out)?;
    report_synthetic(out, &[params.probe as usize])
}

/// Corpus questions among the synthetic report's questions (the development set's follow them).
const SYNTHETIC_CORPUS_QUESTIONS: usize = 200;

/// `medagent bench synthetic --vectors DIR` (and the end of `index build --synthetic`): for a synthetic
/// vector index in `dir`, the files, the bytes before the first question and, for each probe count,
/// the bytes of lists a question fetches and recall@10 against exact search over every list. The
/// questions are real ones, embedded by the fetched model as the search embeds them: 200 corpus
/// questions and the development set's (noisy copies of stored vectors, as the chunks are made, sit
/// too close to their chunks and gave recall near 1 at any probe).
pub fn report_synthetic(dir: &Path, probes: &[usize]) -> Result<(), CliError> {
    let (docs, _) = super::files::read_corpus(Path::new(super::files::DEFAULT_CORPUS))?;
    let source = DirSource { dir: PathBuf::from(super::files::DEFAULT_INDEX_DIR) };
    let devset = PathBuf::from("tests/fixtures/devset.jsonl");
    let texts = super::questions::bridged_questions(&docs, SYNTHETIC_CORPUS_QUESTIONS, &devset, &source)?;
    let (embedder, _) = super::model::embedder_of_dir(Path::new(super::model::MODEL_DIR))?;
    let questions: Vec<Vec<f32>> = texts
        .iter()
        .map(|text| pollster::block_on(embedder.embed(text)).map_err(|e| CliError::failed(e.to_string())))
        .collect::<Result<_, _>>()?;
    synthetic_table(dir, probes, &questions)
}

/// The table of [`report_synthetic`] for `questions` (embedded).
fn synthetic_table(dir: &Path, probes: &[usize], questions: &[Vec<f32>]) -> Result<(), CliError> {
    use crate::retrieval::vector_index::{search_lists, Centroids};
    use rayon::prelude::*;
    let manifest = read_manifest(dir)?;
    let corrupt =
        |e: crate::retrieval::vector_index::VectorIndexError| CliError::from(IndexError::Corrupt(e.to_string()));
    let centroids = Centroids::from_bytes(&read_checked(dir, &manifest, CENTROIDS_FILE)?).map_err(corrupt)?;
    let lists: Vec<VectorList> = (0..manifest.ivf.lists)
        .into_par_iter()
        .map(|l| VectorList::from_bytes(&read_checked(dir, &manifest, &list_file(l))?, l).map_err(corrupt))
        .collect::<Result<_, CliError>>()?;
    let documents = read_checked(dir, &manifest, CHUNK_COUNTS_FILE)?.len();
    let chunks: usize = lists.iter().map(VectorList::len).sum();
    let top = |q: &[f32], probe: usize| -> Vec<u32> {
        let near = centroids.nearest_lists(q, probe);
        search_lists(near.iter().map(|&l| &lists[l as usize]), q, 10).into_iter().map(|h| h.chunk).collect()
    };
    let truth: Vec<Vec<u32>> = questions.par_iter().map(|q| top(q, lists.len())).collect();
    let all: u64 = manifest.files.values().map(|f| f.bytes).sum();
    println!(
        "{documents} documents, {chunks} chunks, {} lists: all files {:.1} MB, before the first question {:.2} MB",
        manifest.ivf.lists,
        all as f64 / 1e6,
        start_bytes(dir) as f64 / 1e6
    );
    println!("| probe | per question, mean / p95 | recall@10 ({} questions) |", questions.len());
    for &probe in probes {
        let mut bytes: Vec<u64> = questions
            .iter()
            .map(|q| centroids.nearest_lists(q, probe).iter().map(|&l| manifest.files[&list_file(l)].bytes).sum())
            .collect();
        bytes.sort_unstable();
        let recall: f64 = questions
            .par_iter()
            .zip(truth.par_iter())
            .map(|(q, truth)| super::measure::recall(&top(q, probe), truth))
            .sum::<f64>()
            / questions.len() as f64;
        println!(
            "| {probe} | {:.2} / {:.2} MB | {recall:.3} |",
            bytes.iter().sum::<u64>() as f64 / bytes.len() as f64 / 1e6,
            bytes[bytes.len() * 95 / 100] as f64 / 1e6,
        );
    }
    Ok(())
}
