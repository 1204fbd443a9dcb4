//! `medagent eval`: retrieval quality on the development set (tests/fixtures/devset.jsonl):
//! MRR@10 and Hit@5 per search mode and language. A result is relevant when its MedQuAD focus is one
//! of the question's focus names (case-insensitive) and its qtype one of its qtypes.

use super::files::{DirSource, DEFAULT_INDEX_DIR, DEFAULT_VECTORS_DIR};
use super::search::ModeArg;
use crate::lexicon::bridge::bridge;
use crate::retrieval::search::{open, open_lexicon, search, Hit, SearchMode};
use crate::retrieval::vectors::VectorSearch;
use clap::Args;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Measure retrieval quality on the development set.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The development set (JSON lines: lang, question, focus[], qtype[]).
    #[arg(long, default_value = "tests/fixtures/devset.jsonl")]
    pub devset: PathBuf,
    #[arg(long, default_value = DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
    /// Only this mode (default: bm25, vector and hybrid side by side).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// The vector index (vector and hybrid modes).
    #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
    pub vectors: PathBuf,
    /// The embedding model fetched by scripts/fetch-model.sh (vector and hybrid modes).
    #[arg(long, default_value = super::model::MODEL_DIR)]
    pub model_dir: PathBuf,
    /// Print every question with the rank of its first relevant document in each mode.
    #[arg(long)]
    pub verbose: bool,
}

/// One development question and what counts as a relevant answer to it.
#[derive(Debug, Deserialize)]
pub struct DevQuestion {
    pub lang: String,
    pub question: String,
    pub focus: Vec<String>,
    pub qtype: Vec<String>,
}

impl DevQuestion {
    fn is_relevant(&self, hit: &Hit) -> bool {
        self.focus.iter().any(|f| f.eq_ignore_ascii_case(&hit.focus)) && self.qtype.contains(&hit.qtype)
    }
}

/// Reads the development set.
pub fn read_devset(path: &PathBuf) -> Result<Vec<DevQuestion>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("{} line {}: {e}", path.display(), i + 1)))
        .collect()
}

/// Questions, reciprocal rank sum and hits at 5 of one (mode, language).
#[derive(Default)]
struct Tally {
    questions: usize,
    reciprocal_ranks: f64,
    hits_at_5: usize,
}

pub fn run(args: EvalArgs) -> Result<(), String> {
    let questions = read_devset(&args.devset)?;
    let source = DirSource { dir: args.index };
    let mut index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    let modes: Vec<SearchMode> = match args.mode {
        Some(mode) => vec![mode.into()],
        None => vec![SearchMode::Bm25, SearchMode::Vector, SearchMode::Hybrid],
    };
    let vectors = if modes.iter().any(|m| *m != SearchMode::Bm25) {
        Some(super::vectors::load_vectors(&args.vectors, &args.model_dir, None).map_err(|e| {
            format!("{e}\n(vector and hybrid evaluation need the vector index; `--mode bm25` works without it)")
        })?)
    } else {
        None
    };
    let vectors = vectors.as_ref().map(|v| v as &dyn VectorSearch);
    let mut tallies: BTreeMap<(&str, &str), Tally> = BTreeMap::new();
    for q in &questions {
        let text = bridge(&lexicon, &q.question).text;
        let mut ranks = Vec::new();
        for &mode in &modes {
            let hits = pollster::block_on(search(&mut index, &source, vectors, mode, &text, 10))?;
            let first = hits.iter().position(|h| q.is_relevant(h)).map(|i| i + 1);
            for lang in [q.lang.as_str(), "all"] {
                let tally = tallies.entry((mode.name(), lang)).or_default();
                tally.questions += 1;
                tally.reciprocal_ranks += first.map_or(0.0, |r| 1.0 / r as f64);
                tally.hits_at_5 += usize::from(first.is_some_and(|r| r <= 5));
            }
            ranks.push(first.map_or("-".to_string(), |r| r.to_string()));
        }
        if args.verbose {
            println!("{:>12}  {}  {}", ranks.join(" "), q.lang, q.question);
        }
    }
    println!("{:<7} {:<5} {:>9} {:>7} {:>7}", "mode", "lang", "questions", "MRR@10", "Hit@5");
    for mode in &modes {
        for ((m, lang), t) in tallies.iter().filter(|((m, _), _)| *m == mode.name()) {
            let n = t.questions as f64;
            println!(
                "{:<7} {:<5} {:>9} {:>7.3} {:>7.3}",
                m,
                lang,
                t.questions,
                t.reciprocal_ranks / n,
                t.hits_at_5 as f64 / n
            );
        }
    }
    Ok(())
}
