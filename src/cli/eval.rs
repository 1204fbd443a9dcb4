//! `medagent eval`: retrieval quality on the development set (tests/fixtures/devset.jsonl):
//! MRR@10 and Hit@5 per language. A result is relevant when its MedQuAD focus is one of the
//! question's focus names (case-insensitive) and its qtype one of its qtypes.

use super::files::{DirSource, DEFAULT_INDEX_DIR};
use crate::lexicon::bridge::bridge;
use crate::retrieval::search::{bm25, open, open_lexicon, Hit};
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
    /// Print every question with the rank of its first relevant document.
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

pub fn run(args: EvalArgs) -> Result<(), String> {
    let questions = read_devset(&args.devset)?;
    let source = DirSource { dir: args.index };
    let mut index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source))?;
    // Per language: (questions, reciprocal rank sum, hits at 5).
    let mut totals: BTreeMap<&str, (usize, f64, usize)> = BTreeMap::new();
    for q in &questions {
        let hits = pollster::block_on(bm25(&mut index, &source, &bridge(&lexicon, &q.question).text, 10))?;
        let first = hits.iter().position(|h| q.is_relevant(h)).map(|i| i + 1);
        let entry = totals.entry(q.lang.as_str()).or_default();
        entry.0 += 1;
        entry.1 += first.map_or(0.0, |r| 1.0 / r as f64);
        entry.2 += usize::from(first.is_some_and(|r| r <= 5));
        if args.verbose {
            let rank = first.map_or("-".to_string(), |r| r.to_string());
            println!("{:>3}  {}  {}", rank, q.lang, q.question);
        }
    }
    println!("{:<5} {:>9} {:>7} {:>7}", "lang", "questions", "MRR@10", "Hit@5");
    for (lang, (n, rr, hit5)) in totals {
        println!("{:<5} {:>9} {:>7.3} {:>7.3}", lang, n, rr / n as f64, hit5 as f64 / n as f64);
    }
    Ok(())
}
