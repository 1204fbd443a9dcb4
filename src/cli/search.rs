//! `medagent search`: search the built index from the command line (table or `--json`).

use super::files::{DirSource, DEFAULT_INDEX_DIR};
use crate::lexicon::bridge::bridge;
use crate::retrieval::search::{bm25, open, open_lexicon, Hit};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Instant;

/// Which retrieval to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Keyword search (BM25Okapi).
    Bm25,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Bm25 => "bm25",
        }
    }
}

/// Search the knowledge index.
#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The question or keywords.
    pub query: String,
    #[arg(long, value_enum, default_value = "bm25")]
    pub mode: Mode,
    /// How many documents to return.
    #[arg(long, default_value_t = 10)]
    pub k: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
    /// The built static index.
    #[arg(long, default_value = DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
}

pub fn run(args: SearchArgs) -> Result<(), String> {
    let started = Instant::now();
    let source = DirSource { dir: args.index.clone() };
    let mut index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source))?;
    let loaded = started.elapsed();
    // Korean questions are searched with English terms (the corpus is English).
    let search_text = bridge(&lexicon, &args.query).text;
    let hits: Vec<Hit> = pollster::block_on(bm25(&mut index, &source, &search_text, args.k))?;
    let total = started.elapsed();
    if args.json {
        let out = serde_json::json!({
            "query": args.query,
            "mode": args.mode.name(),
            "search_text": search_text,
            "results": hits,
            "timings_ms": {
                "open": loaded.as_secs_f64() * 1e3,
                "search": (total - loaded).as_secs_f64() * 1e3,
                "total": total.as_secs_f64() * 1e3,
            },
        });
        println!("{out}");
    } else if hits.is_empty() {
        println!("no documents match {:?}", args.query);
    } else {
        println!("{:>4}  {:>8}  {:<28}  {:<16}  question", "rank", "score", "id", "qtype");
        for (i, hit) in hits.iter().enumerate() {
            println!("{:>4}  {:>8.3}  {:<28}  {:<16}  {}", i + 1, hit.score, hit.id, hit.qtype, hit.title);
        }
        println!("({} ms)", total.as_millis());
    }
    Ok(())
}
