//! The context budget's token estimator (src/pipeline/tokens.rs) against the real cl100k tokenizer
//! (tiktoken-rs, whose ranks file is compiled into the crate: nothing is downloaded).
//!
//! Three sets, each with its own bound:
//! - corpus: every 40th MedQuAD answer of index/corpus/medquad.jsonl.gz (411 answers, ~130k tokens);
//! - ko and mixed: tests/fixtures/token_texts.jsonl, Korean and mixed Korean/English text of the kinds
//!   the prompt holds: patient messages and answer sentences written for this test ("written"), the
//!   Korean questions of tests/fixtures/devset.jsonl ("devset") and prose lines of seed 001 ("seed
//!   001"). A line is "ko" when at least 80 % of its letters are Hangul.
//!
//! `cargo test --test tests token_estimate:: -- --nocapture` prints the measured errors.
#![cfg(not(target_arch = "wasm32"))]

use medagent::pipeline::tokens::estimate;
use std::io::{BufRead, BufReader};
use tiktoken_rs::CoreBPE;

/// Every how many'th corpus answer is checked.
const CORPUS_STRIDE: usize = 40;

/// One text with its real and estimated token counts.
struct Counted {
    real: usize,
    estimated: usize,
}

impl Counted {
    fn new(bpe: &CoreBPE, text: &str) -> Self {
        Counted { real: bpe.encode_ordinary(text).len(), estimated: estimate(text) }
    }
    fn relative_error(&self) -> f64 {
        (self.estimated as f64 - self.real as f64).abs() / self.real.max(1) as f64
    }
}

/// How far off the estimate is over a set: in total, and item by item.
struct Errors {
    items: usize,
    aggregate: f64,
    within_20: f64,
}

fn errors(name: &str, set: &[Counted]) -> Errors {
    let real: usize = set.iter().map(|c| c.real).sum();
    let estimated: usize = set.iter().map(|c| c.estimated).sum();
    let mut per_item: Vec<f64> = set.iter().map(Counted::relative_error).collect();
    per_item.sort_by(f64::total_cmp);
    let e = Errors {
        items: set.len(),
        aggregate: estimated as f64 / real as f64 - 1.0,
        within_20: per_item.iter().filter(|e| **e <= 0.2).count() as f64 / set.len() as f64,
    };
    println!(
        "{name}: {} items, {real} real tokens, {estimated} estimated: aggregate {:+.1} %, per item p50 {:.1} %, p95 {:.1} %, max {:.1} %, {:.1} % of items within 20 %",
        e.items,
        e.aggregate * 100.0,
        per_item[set.len() / 2] * 100.0,
        per_item[set.len() * 95 / 100] * 100.0,
        per_item[set.len() - 1] * 100.0,
        e.within_20 * 100.0,
    );
    e
}

fn corpus(bpe: &CoreBPE) -> Vec<Counted> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/index/corpus/medquad.jsonl.gz");
    let file = std::fs::File::open(path).expect("the corpus is in the repository");
    BufReader::new(flate2::read::GzDecoder::new(file))
        .lines()
        .step_by(CORPUS_STRIDE)
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(&line.expect("gzip reads")).expect("a JSON line");
            Counted::new(bpe, record["answer"].as_str().expect("an answer"))
        })
        .collect()
}

/// The fixture's texts of one set ("ko" or "mixed").
fn fixture(bpe: &CoreBPE, set: &str) -> Vec<Counted> {
    include_str!("fixtures/token_texts.jsonl")
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a JSON line"))
        .filter(|record| record["set"] == set)
        .map(|record| Counted::new(bpe, record["text"].as_str().expect("a text")))
        .collect()
}

#[test]
fn the_estimate_stays_within_10_percent_of_cl100k() {
    let bpe = tiktoken_rs::cl100k_base().expect("cl100k is compiled into tiktoken-rs");
    let sets = [("corpus", corpus(&bpe)), ("ko", fixture(&bpe, "ko")), ("mixed", fixture(&bpe, "mixed"))];
    for (name, set) in &sets {
        let e = errors(name, set);
        assert!(e.items >= 60, "{name}: a real sample, not a handful ({} items)", e.items);
        // The budget is kept in total: the sum over a set is within 10 %.
        assert!(e.aggregate.abs() <= 0.10, "{name}: aggregate error {:+.3}", e.aggregate);
        // And no single kind of text is far off: 95 % of the items are within 20 %.
        assert!(e.within_20 >= 0.95, "{name}: only {:.3} of items within 20 %", e.within_20);
    }
}
