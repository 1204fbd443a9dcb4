//! `medagent bench vectors`: the vector side measured against exact search, and the speed of every
//! stage of hybrid search.
//!
//! - the bytes a browser fetches before vector search is ready (manifest, centroids, chunk map);
//! - for each probe count (lists searched per question): recall@10 against exact search over the same
//!   int8 vectors, the bytes of lists a question fetches, and the search latency (the recall curve);
//! - the cost of int8 quantisation: recall against exact search over f32 vectors, from the build's
//!   checkpoints when they are there, else (with `--f32-truth N`) for N questions by embedding again
//!   in f32 the int8 search's best 30 chunks and ranking those;
//! - p50/p95 of query embedding, vector search, BM25 search and hybrid search, in one run.
//!
//! The queries are MedQuAD questions (every n-th document's question, so they spread over the corpus)
//! plus the development set's questions.

use super::error::CliError;
use super::files::{read_corpus, DirSource, DEFAULT_CORPUS};
use super::measure::{percentile, recall};
use super::questions::bridged_questions;
use super::vectors::{checkpoint_dir, load_vectors, read_checkpoints, read_manifest};
use crate::retrieval::search::{open, search, SearchMode};
use crate::retrieval::vector_manifest::ChunkList;
use crate::retrieval::vectors::{LocalVectors, VectorSearch};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `medagent bench vectors`.
#[derive(Debug, clap::Args)]
pub struct BenchVectorsArgs {
    /// Corpus questions to use as queries (spread evenly over the corpus).
    #[arg(long, default_value_t = 1000)]
    pub corpus_queries: usize,
    /// More questions (the development set) to add to them.
    #[arg(long, default_value = "tests/fixtures/devset.jsonl")]
    pub questions: PathBuf,
    /// Probe counts (lists searched per question) of the recall curve.
    #[arg(long, value_delimiter = ',', default_value = "4,8,12,16,24,32,48,64")]
    pub probe: Vec<usize>,
    /// Questions whose f32 truth is made by embedding their int8 candidates again when the f32
    /// checkpoints are not there (30 embeddings each; 0 skips it).
    #[arg(long, default_value_t = 0)]
    pub f32_truth: usize,
    #[arg(long, default_value = DEFAULT_CORPUS)]
    pub corpus: PathBuf,
    #[arg(long, default_value = super::files::DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
    #[arg(long, default_value = super::files::DEFAULT_VECTORS_DIR)]
    pub vectors: PathBuf,
    #[arg(long, default_value = super::model::MODEL_DIR)]
    pub model_dir: PathBuf,
}

/// Results compared at this depth.
const K: usize = 10;

fn millis(started: Instant) -> f64 {
    started.elapsed().as_secs_f64() * 1e3
}

fn summary(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    format!("p50 {:.3} ms  p95 {:.3} ms", percentile(times, 0.5), percentile(times, 0.95))
}

/// Exact top-k chunk ids by f32 dot product.
fn exact_f32(vectors: &[Vec<f32>], query: &[f32], k: usize) -> Vec<u32> {
    let mut scored: Vec<(f32, u32)> =
        vectors.iter().enumerate().map(|(i, v)| (v.iter().zip(query).map(|(a, b)| a * b).sum(), i as u32)).collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(k).map(|(_, i)| i).collect()
}

fn chunk_ids(hits: &[crate::retrieval::vector_index::VectorHit]) -> Vec<u32> {
    hits.iter().map(|h| h.chunk).collect()
}

pub fn run(args: &BenchVectorsArgs) -> Result<(), CliError> {
    let (docs, _) = read_corpus(&args.corpus)?;
    let source = DirSource { dir: args.index.clone() };
    let texts = bridged_questions(&docs, args.corpus_queries, &args.questions, &source)?;

    let started = Instant::now();
    let vectors = load_vectors(&args.vectors, &args.model_dir, None)?;
    println!("loaded model + vector index in {:.0} ms", millis(started));
    let manifest = read_manifest(&args.vectors)?;
    println!(
        "{} queries ({} corpus questions, the rest from {})",
        texts.len(),
        texts.len().min(args.corpus_queries),
        args.questions.display()
    );

    let mut embed_ms = Vec::with_capacity(texts.len());
    let mut embedded = Vec::with_capacity(texts.len());
    for text in &texts {
        let t = Instant::now();
        embedded.push(pollster::block_on(vectors.embed_now(text))?);
        embed_ms.push(millis(t));
    }
    println!("query embedding            {}", summary(&mut embed_ms));

    let start_bytes = super::vectors::start_bytes(&args.vectors);
    let all_bytes: u64 = manifest.files.values().map(|f| f.bytes).sum();
    println!(
        "\nvector index: {} chunks in {} lists, {:.1} MB in all; before the first question: {:.2} MB (manifest, centroids, chunk map)",
        manifest.chunks,
        manifest.ivf.lists,
        all_bytes as f64 / 1e6,
        start_bytes as f64 / 1e6
    );
    let truth: Vec<Vec<u32>> = embedded
        .iter()
        .map(|q| Ok(chunk_ids(&pollster::block_on(vectors.exact_search(q, K))?)))
        .collect::<Result<_, CliError>>()?;
    println!("\nrecall@{K} against exact search over the same int8 vectors, and what a question fetches:");
    println!(
        "{:>6} {:>10} {:>14} {:>14} {:>10} {:>10}",
        "probe", "recall@10", "mean KB/q", "p95 KB/q", "p50 ms", "p95 ms"
    );
    for &probe in &args.probe {
        let mut times = Vec::with_capacity(embedded.len());
        let mut bytes = Vec::with_capacity(embedded.len());
        let mut total = 0.0;
        for (q, truth) in embedded.iter().zip(&truth) {
            bytes.push(vectors.probed(q, probe).1 as f64 / 1e3);
            let t = Instant::now();
            let hits = pollster::block_on(vectors.search(q, K, probe))?;
            times.push(millis(t));
            total += recall(&chunk_ids(&hits), truth);
        }
        times.sort_by(f64::total_cmp);
        bytes.sort_by(f64::total_cmp);
        let shipped = if probe == vectors.probe() { "  <- shipped" } else { "" };
        println!(
            "{probe:>6} {:>10.4} {:>14.0} {:>14.0} {:>10.3} {:>10.3}{shipped}",
            total / embedded.len() as f64,
            bytes.iter().sum::<f64>() / bytes.len().max(1) as f64,
            percentile(&bytes, 0.95),
            percentile(&times, 0.5),
            percentile(&times, 0.95)
        );
    }

    quantisation(args, &manifest, &embedded, &truth, &vectors, &docs)?;
    hybrid_speed(&source, &vectors, &texts)
}

/// Recall of exact int8 search and of the shipped search against exact search over f32 vectors.
fn quantisation(
    args: &BenchVectorsArgs,
    manifest: &crate::retrieval::vector_manifest::VectorManifest,
    embedded: &[Vec<f32>],
    int8_truth: &[Vec<u32>],
    vectors: &LocalVectors,
    docs: &[crate::retrieval::corpus::Document],
) -> Result<(), CliError> {
    let shipped = |q: &[f32]| -> Result<Vec<u32>, CliError> {
        Ok(chunk_ids(&pollster::block_on(vectors.search(q, K, vectors.probe()))?))
    };
    let checkpoints = checkpoint_dir(&manifest.corpus_hash, &manifest.model_hash);
    let (mut exact_int8, mut found, mut n) = (0.0, 0.0, 0usize);
    if let Ok(f32_vectors) = read_checkpoints(&checkpoints, manifest.chunks) {
        for (q, int8) in embedded.iter().zip(int8_truth) {
            let truth = exact_f32(&f32_vectors, q, K);
            exact_int8 += recall(int8, &truth);
            found += recall(&shipped(q)?, &truth);
            n += 1;
        }
        println!("\nagainst exact search over the f32 vectors of {}:", checkpoints.display());
    } else if let Some(step) = embedded.len().checked_div(args.f32_truth) {
        // The f32 vectors are not kept: the f32 truth of a question is its int8 search's best
        // CANDIDATES chunks embedded again in f32 and ranked (int8 exact search keeps 0.996 of the f32
        // top 10, so the f32 top 10 lies within the int8 top 30).
        const CANDIDATES: usize = 30;
        let texts = ChunkList::of(docs).map_err(CliError::failed)?.texts;
        let step = step.max(1);
        for q in embedded.iter().step_by(step).take(args.f32_truth) {
            let candidates = chunk_ids(&pollster::block_on(vectors.exact_search(q, CANDIDATES))?);
            let mut scored = Vec::with_capacity(candidates.len());
            for &chunk in &candidates {
                let v = pollster::block_on(vectors.embed_now(&texts[chunk as usize]))?;
                scored.push(crate::retrieval::vector_index::VectorHit {
                    chunk,
                    score: v.iter().zip(q).map(|(a, b)| a * b).sum(),
                });
            }
            let truth = chunk_ids(&crate::retrieval::vector_index::best(scored, K));
            exact_int8 += recall(&candidates[..K], &truth);
            found += recall(&shipped(q)?, &truth);
            n += 1;
        }
        println!("\nagainst exact f32 search for {n} questions (their int8 top {CANDIDATES} embedded again in f32):");
    } else {
        println!("\nquantisation: the f32 vectors are not in {} (they exist only where `medagent index build --vectors` ran); `--f32-truth 60` measures it by embedding again", checkpoints.display());
        return Ok(());
    }
    let n = n.max(1) as f64;
    println!(
        "int8 exact recall@{K} {:.4}, shipped search (probe {}) {:.4}",
        exact_int8 / n,
        vectors.probe(),
        found / n
    );
    Ok(())
}

/// p50/p95 of vector search alone, BM25 alone and hybrid search (embedding included), warm.
fn hybrid_speed(source: &DirSource, vectors: &LocalVectors, texts: &[String]) -> Result<(), CliError> {
    let mut index = pollster::block_on(open(source))?;
    let side: &dyn VectorSearch = vectors;
    for text in texts {
        pollster::block_on(search(&mut index, source, Some(side), SearchMode::Hybrid, text, K))?;
    }
    println!("\nwarm search of {} queries (top {K} documents):", texts.len());
    for mode in [SearchMode::Bm25, SearchMode::Vector, SearchMode::Hybrid] {
        let mut times = Vec::with_capacity(texts.len());
        for text in texts {
            let t = Instant::now();
            std::hint::black_box(pollster::block_on(search(&mut index, source, Some(side), mode, text, K))?);
            times.push(millis(t));
        }
        let note = if mode == SearchMode::Bm25 { "" } else { " (embedding included)" };
        println!("{:<7} search {}{note}", mode.name(), summary(&mut times));
    }
    let mut times = Vec::with_capacity(texts.len());
    for text in texts {
        let q = pollster::block_on(vectors.embed_now(text))?;
        let t = Instant::now();
        std::hint::black_box(pollster::block_on(vectors.nearest_to(&q, K * 4))?);
        times.push(millis(t));
    }
    println!("vector search alone (centroids, lists in memory, chunk map; no embedding) {}", summary(&mut times));
    Ok(())
}
