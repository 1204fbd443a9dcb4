//! `medagent search`: search the built index from the command line (table or `--json`).

use super::error::CliError;
use super::files::{DirSource, DEFAULT_INDEX_DIR, DEFAULT_VECTORS_DIR};
use crate::core::Lang;
use crate::lexicon::bridge::{bridge, not_understood_note};
use crate::retrieval::relevance::judge;
use crate::retrieval::search::{open, open_lexicon, search_with_signals, SearchMode};
use crate::retrieval::vectors::VectorSearch;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Instant;

/// Which retrieval to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Keyword search (BM25Okapi).
    Bm25,
    /// Nearest chunks by all-MiniLM-L6-v2 embedding.
    Vector,
    /// Both, fused by reciprocal rank (RRF, k = 60).
    Hybrid,
}

impl From<ModeArg> for SearchMode {
    fn from(mode: ModeArg) -> Self {
        match mode {
            ModeArg::Bm25 => SearchMode::Bm25,
            ModeArg::Vector => SearchMode::Vector,
            ModeArg::Hybrid => SearchMode::Hybrid,
        }
    }
}

/// Search the knowledge index.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The question or keywords.
    pub query: String,
    #[arg(long, value_enum, default_value = "hybrid")]
    pub mode: ModeArg,
    /// How many documents to return.
    #[arg(long, default_value_t = 10)]
    pub k: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The built static index.
    #[arg(long, default_value = DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
    /// The vector index (vector and hybrid modes).
    #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
    pub vectors: PathBuf,
    /// The embedding model fetched by scripts/fetch-model.sh (vector and hybrid modes).
    #[arg(long, default_value = super::model::MODEL_DIR)]
    pub model_dir: PathBuf,
    /// Show the ranking even when the relevance check finds that it does not answer the question
    /// (the app then shows nothing).
    #[arg(long)]
    pub all: bool,
}

pub fn run(args: SearchArgs) -> Result<(), CliError> {
    // Nothing to match: the vector side would return arbitrary nearest documents.
    if args.query.trim().is_empty() {
        return Err(CliError::usage("the search text is empty: type a question or some keywords"));
    }
    let started = Instant::now();
    let mode = SearchMode::from(args.mode);
    let source = DirSource { dir: args.index.clone() };
    let mut index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    let vectors = match mode {
        SearchMode::Bm25 => None,
        _ => Some(super::vectors::load_vectors(&args.vectors, &args.model_dir, None).map_err(|e| {
            CliError::failed(format!(
                "{e}\n(the {} mode needs the vector index; `--mode bm25` works without it)",
                mode.name()
            ))
        })?),
    };
    let loaded = started.elapsed();
    // Korean questions are searched with English terms (the corpus is English).
    let bridged = bridge(&lexicon, &args.query);
    let search_text = &bridged.text;
    let vectors = vectors.as_ref().map(|v| v as &dyn VectorSearch);
    let (mut hits, signals) =
        pollster::block_on(search_with_signals(&mut index, &source, vectors, mode, search_text, args.k))?;
    // What the app shows: nothing, when the check finds the best passages do not answer the question.
    let relevance = judge(&signals, &bridged);
    if !relevance.relevant && !args.all {
        hits.clear();
    }
    let total = started.elapsed();
    if args.json {
        let out = serde_json::json!({
            "query": args.query,
            "mode": mode.name(),
            "search_text": search_text,
            "not_understood": bridged.unknown,
            "relevant": relevance.relevant,
            "relevance": relevance.reason,
            "results": hits,
            "timings_ms": {
                "open": loaded.as_secs_f64() * 1e3,
                "search": (total - loaded).as_secs_f64() * 1e3,
                "total": total.as_secs_f64() * 1e3,
            },
        });
        println!("{out}");
        return Ok(());
    }
    println!("search text: {search_text}");
    if let Some(note) = not_understood_note(&bridged.unknown, Lang::En) {
        println!("{note}");
    }
    println!("relevance check: {} ({})", if relevance.relevant { "pass" } else { "FAIL" }, relevance.reason);
    if hits.is_empty() {
        if relevance.relevant || args.all {
            println!("no documents match {:?}", args.query);
        } else {
            println!("nothing shown: no document answers {:?} (--all shows the ranking)", args.query);
        }
    } else {
        let rank = |r: Option<usize>| r.map_or("-".to_string(), |r| r.to_string());
        println!("{:>4}  {:>8}  {:>4}  {:>4}  {:<28}  {:<16}  question", "rank", "score", "bm25", "vec", "id", "qtype");
        for (i, hit) in hits.iter().enumerate() {
            println!(
                "{:>4}  {:>8.4}  {:>4}  {:>4}  {:<28}  {:<16}  {}",
                i + 1,
                hit.score,
                rank(hit.bm25_rank),
                rank(hit.vector_rank),
                hit.id,
                hit.qtype,
                hit.title
            );
        }
        println!("({} mode, {} ms)", mode.name(), total.as_millis());
    }
    Ok(())
}
