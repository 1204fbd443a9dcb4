//! `medagent eval kcd`: the Korean disease-name coverage check. For every KCD three-character
//! category whose English name is a MedQuAD focus (or, with `--names focus`, every focus by its
//! standard Korean name), the Korean name alone and asked two ways ("~이 뭔가요?", "~ 치료는?") is
//! bridged and searched; it is found when a result among the first 5 has that focus. Prints the share
//! found (target 0.90) and every miss with its search text.

use super::error::CliError;
use super::files::{read_corpus, read_text, DirSource, DEFAULT_CORPUS, DEFAULT_INDEX_DIR, DEFAULT_VECTORS_DIR};
use super::search::ModeArg;
use crate::lexicon::bridge::bridge;
use crate::lexicon::coverage::{cases, focus_cases, FORMS};
use crate::retrieval::search::{open, open_lexicon, search, SearchMode};
use crate::retrieval::vectors::VectorSearch;
use clap::Args;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The share the check is meant to reach.
const TARGET: f64 = 0.90;
/// A name is found when its focus is among this many results.
const TOP: usize = 5;

/// Korean KCD category names against the MedQuAD foci they name.
#[derive(Debug, Args)]
pub struct EvalKcdArgs {
    /// The KCD three-character categories (`kcd ko en`, gzip or plain).
    #[arg(long, default_value = "index/lexicon/kcd_categories_ko_en.tsv.gz")]
    pub kcd: PathBuf,
    /// The corpus whose focus names are the targets.
    #[arg(long, default_value = DEFAULT_CORPUS)]
    pub corpus: PathBuf,
    #[arg(long, default_value = DEFAULT_INDEX_DIR)]
    pub index: PathBuf,
    /// Search mode (default hybrid, as the app searches once the vectors have loaded).
    #[arg(long, value_enum, default_value = "hybrid")]
    pub mode: ModeArg,
    #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
    pub vectors: PathBuf,
    #[arg(long, default_value = super::model::MODEL_DIR)]
    pub model_dir: PathBuf,
    /// Exit with an error when the share found is below the target (for scripts/test.sh).
    #[arg(long)]
    pub check: bool,
    /// Which Korean names: the KCD categories', or every focus's standard name.
    #[arg(long, value_enum, default_value = "kcd")]
    pub names: NamesArg,
    /// The Korean names of every focus (`--names focus`).
    #[arg(long, default_value = "index/lexicon/focus_names_ko.tsv")]
    pub focus_names: PathBuf,
}

/// Which Korean names `eval kcd` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum NamesArg {
    /// KCD categories whose English name is a MedQuAD focus.
    Kcd,
    /// Every focus by its standard Korean name (focus_names_ko.tsv).
    Focus,
}

pub fn run(args: EvalKcdArgs) -> Result<(), CliError> {
    let started = std::time::Instant::now();
    let cases = match args.names {
        NamesArg::Kcd => {
            let (docs, _) = read_corpus(&args.corpus)?;
            let foci: BTreeSet<&str> = docs.iter().map(|d| d.focus.as_str()).collect();
            cases(&read_text(&args.kcd)?, foci)
        }
        NamesArg::Focus => focus_cases(&read_text(&args.focus_names)?).map_err(|e| CliError::failed(e.to_string()))?,
    };
    let mode = SearchMode::from(args.mode);
    let source = DirSource { dir: args.index };
    let mut index = pollster::block_on(open(&source))?;
    let lexicon = pollster::block_on(open_lexicon(&source, &index))?;
    let vectors = match mode {
        SearchMode::Bm25 => None,
        _ => Some(super::vectors::load_vectors(&args.vectors, &args.model_dir, None)?),
    };
    let vectors = vectors.as_ref().map(|v| v as &dyn VectorSearch);
    let mut found = [0usize; FORMS];
    let mut misses = Vec::new();
    for case in &cases {
        for (form, query) in case.queries().iter().enumerate() {
            let text = bridge(&lexicon, query).text;
            index.start_search();
            let hits = pollster::block_on(search(&mut index, &source, vectors, mode, &text, TOP))?;
            if hits.iter().any(|h| h.focus.eq_ignore_ascii_case(&case.focus)) {
                found[form] += 1;
            } else {
                let got = hits.first().map_or("nothing", |h| h.focus.as_str());
                misses.push(format!("{} {query:?} -> {text:?}: want {:?}, first {got:?}", case.code, case.focus));
            }
        }
    }
    for miss in &misses {
        println!("miss {miss}");
    }
    let total = cases.len() * FORMS;
    let share = found.iter().sum::<usize>() as f64 / total.max(1) as f64;
    let per_form = |n: usize| n as f64 / cases.len().max(1) as f64;
    println!(
        "{} coverage ({} mode): {} {}, {} queries; focus in the top {TOP}: {share:.3} (name alone {:.3}, \"~이 뭔가요?\" {:.3}, \"~ 치료는?\" {:.3}; target {TARGET:.2}) in {:.1} s",
        if args.names == NamesArg::Kcd { "kcd" } else { "focus name" },
        mode.name(),
        cases.len(),
        if args.names == NamesArg::Kcd { "categories whose English name is a MedQuAD focus" } else { "foci" },
        total,
        per_form(found[0]),
        per_form(found[1]),
        per_form(found[2]),
        started.elapsed().as_secs_f64()
    );
    if args.check && share < TARGET {
        return Err(CliError::failed(format!(
            "coverage {share:.3} is below {TARGET:.2}: the misses above say which Korean names find the wrong focus"
        )));
    }
    Ok(())
}
