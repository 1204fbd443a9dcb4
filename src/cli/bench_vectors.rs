//! `medagent bench vectors`: the vector side measured against exact search, and the speed of every
//! stage of hybrid search.
//!
//! - HNSW recall@10 against exact brute-force search over the same int8 vectors, for each ef_search,
//!   with the search latency at that ef_search (the recall/latency curve);
//! - the cost of int8 quantisation: exact search over the int8 vectors against exact search over the
//!   f32 vectors kept in the build's checkpoints (when they are there);
//! - p50/p95 of query embedding, vector search, BM25 search and hybrid search, in one run.
//!
//! The queries are MedQuAD questions (every n-th document's question, so they spread over the corpus)
//! plus the development set's questions.

use super::bench::{percentile, read_queries};
use super::files::{read_corpus, DirSource, DEFAULT_CORPUS};
use super::vectors::{checkpoint_dir, load_vectors, read_checkpoints, read_manifest};
use crate::lexicon::bridge::bridge;
use crate::retrieval::search::{open, open_lexicon, search, SearchMode};
use crate::retrieval::vector_index::{VectorIndex, DEFAULT_PARAMS};
use crate::retrieval::vectors::{LocalVectors, VectorSearch};
use std::collections::HashSet;
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
    /// ef_search values of the recall/latency curve.
    #[arg(long, value_delimiter = ',', default_value = "10,16,24,32,48,64,96,128,200")]
    pub ef: Vec<usize>,
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

/// Share of `truth`'s chunks that `found` holds.
fn recall(found: &[u32], truth: &[u32]) -> f64 {
    let truth: HashSet<u32> = truth.iter().copied().collect();
    found.iter().filter(|c| truth.contains(c)).count() as f64 / truth.len().max(1) as f64
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

pub fn run(args: &BenchVectorsArgs) -> Result<(), String> {
    let (docs, _) = read_corpus(&args.corpus)?;
    let step = (docs.len() / args.corpus_queries.max(1)).max(1);
    let mut queries: Vec<String> =
        docs.iter().step_by(step).take(args.corpus_queries).map(|d| d.question.clone()).collect();
    queries.extend(read_queries(&args.questions)?);
    let source = DirSource { dir: args.index.clone() };
    let index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    let texts: Vec<String> = queries.iter().map(|q| bridge(&lexicon, q).text).collect();

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

    let truth: Vec<Vec<u32>> = embedded.iter().map(|q| chunk_ids(&vectors.index().exact_search(q, K))).collect();
    let hnsw = std::fs::read(args.vectors.join(crate::retrieval::vector_manifest::HNSW_FILE))
        .map_err(|e| format!("cannot read the vector index: {e}"))?;
    println!(
        "\nHNSW recall@{K} against exact search over the same int8 vectors (built with ef_construction {}):",
        manifest.hnsw.ef_construction
    );
    println!("{:>9} {:>10} {:>12} {:>12}", "ef_search", "recall@10", "p50 ms", "p95 ms");
    for &ef in &args.ef {
        let index = VectorIndex::from_bytes_with_ef_search(&hnsw, Some(ef)).map_err(|e| e.to_string())?;
        let mut times = Vec::with_capacity(embedded.len());
        let mut total = 0.0;
        for (q, truth) in embedded.iter().zip(&truth) {
            let t = Instant::now();
            let hits = index.search(q, K);
            times.push(millis(t));
            total += recall(&chunk_ids(&hits), truth);
        }
        times.sort_by(f64::total_cmp);
        let shipped = if ef == DEFAULT_PARAMS.ef_search { "  <- shipped" } else { "" };
        println!(
            "{ef:>9} {:>10.4} {:>12.3} {:>12.3}{shipped}",
            total / embedded.len() as f64,
            percentile(&times, 0.5),
            percentile(&times, 0.95)
        );
    }

    quantisation(&manifest, &embedded, &truth, &vectors)?;
    hybrid_speed(&source, &vectors, &texts)
}

/// Recall of exact int8 search and of the shipped HNSW against exact f32 search.
fn quantisation(
    manifest: &crate::retrieval::vector_manifest::VectorManifest,
    embedded: &[Vec<f32>],
    int8_truth: &[Vec<u32>],
    vectors: &LocalVectors,
) -> Result<(), String> {
    let checkpoints = checkpoint_dir(&manifest.corpus_hash, &manifest.model_hash);
    let Ok(f32_vectors) = read_checkpoints(&checkpoints, manifest.chunks) else {
        println!("\nquantisation: the f32 vectors are not in {} (they exist only where `medagent index build --vectors` ran); skipped", checkpoints.display());
        return Ok(());
    };
    let (mut exact_int8, mut shipped) = (0.0, 0.0);
    for (q, int8) in embedded.iter().zip(int8_truth) {
        let truth = exact_f32(&f32_vectors, q, K);
        exact_int8 += recall(int8, &truth);
        shipped += recall(&chunk_ids(&vectors.index().search(q, K)), &truth);
    }
    let n = embedded.len() as f64;
    println!(
        "\nagainst exact search over the f32 vectors: int8 exact recall@{K} {:.4}, int8 HNSW (shipped ef_search) {:.4}",
        exact_int8 / n,
        shipped / n
    );
    Ok(())
}

/// p50/p95 of vector search alone, BM25 alone and hybrid search (embedding included), warm.
fn hybrid_speed(source: &DirSource, vectors: &LocalVectors, texts: &[String]) -> Result<(), String> {
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
        std::hint::black_box(vectors.nearest_to(&q, K * 4));
        times.push(millis(t));
    }
    println!("vector search alone (HNSW + chunk map, no embedding) {}", summary(&mut times));
    Ok(())
}
