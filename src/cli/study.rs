//! `medagent study scenarios` (write the Synthea scenarios) and `medagent eval study` (run the study
//! and write `report.md`, `results.json` and the SVG plots to a folder).

use super::ask::{KnowledgeArgs, SystemClock};
use super::error::CliError;
use super::files::{read_corpus, DEFAULT_CORPUS};
use super::progress::Progress;
use super::provider_args::ProviderArgs;
use crate::i18n::Lang;
use crate::pipeline::ports::Services;
use crate::study::patients::{bundled_patients, parse_patients};
use crate::study::run::arms;
use crate::study::scenario::{generate, parse_jsonl, to_jsonl};
use crate::study::{drive, report, run, Hooks, SCENARIOS_JSONL};
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Study scenarios.
#[derive(Debug, Args)]
pub struct StudyArgs {
    #[command(subcommand)]
    pub command: StudyCommand,
}

#[derive(Debug, Subcommand)]
pub enum StudyCommand {
    /// Build the five-turn Korean and English conversations from the Synthea patients.
    Scenarios(ScenariosArgs),
}

#[derive(Debug, Args)]
pub struct ScenariosArgs {
    /// Where to write the scenarios (JSON lines).
    #[arg(long)]
    pub out: PathBuf,
    /// Patients file (JSON lines, see index/synthea/LICENSE-Synthea.md; default: the bundled 27).
    #[arg(long)]
    pub patients: Option<PathBuf>,
    /// The corpus the relevant documents are taken from.
    #[arg(long, default_value = DEFAULT_CORPUS)]
    pub corpus: PathBuf,
}

pub fn run_study_command(args: StudyArgs) -> Result<(), CliError> {
    let StudyCommand::Scenarios(args) = args.command;
    let patients = match &args.patients {
        Some(path) => parse_patients(&std::fs::read_to_string(path).map_err(CliError::read(path))?)
            .map_err(|e| CliError::failed(format!("{}: {e}", path.display())))?,
        None => bundled_patients(),
    };
    let (corpus, _) = read_corpus(&args.corpus)?;
    let scenarios = generate(&patients, &corpus);
    std::fs::write(&args.out, to_jsonl(&scenarios)).map_err(CliError::write(&args.out))?;
    let turns: usize = scenarios.iter().map(|s| s.turns.len()).sum();
    let without = scenarios.iter().flat_map(|s| &s.turns).filter(|t| t.relevant.is_empty()).count();
    println!(
        "{} conversations, {turns} turns ({without} without a relevant document) written to {}",
        scenarios.len(),
        args.out.display()
    );
    Ok(())
}

/// Run the study: every scenario under every profile, with the chosen provider.
#[derive(Debug, Args)]
pub struct EvalStudyArgs {
    /// Arms: all (the six ablation profiles and llm_only, the question straight to the model), or
    /// names separated by commas. The first one is the reference of the comparisons.
    #[arg(long, default_value = "all")]
    pub profiles: String,
    /// How many conversations per language (default: all of them).
    #[arg(long)]
    pub scenarios: Option<usize>,
    /// Languages, separated by commas.
    #[arg(long, default_value = "ko,en")]
    pub lang: String,
    /// The folder for report.md, results.json and the plots (created if needed).
    #[arg(long)]
    pub out: PathBuf,
    /// Scenarios file (default: the committed tests/fixtures/study_scenarios.jsonl).
    #[arg(long)]
    pub scenarios_file: Option<PathBuf>,
    #[command(flatten)]
    pub knowledge: KnowledgeArgs,
    #[command(flatten)]
    pub provider: ProviderArgs,
}

fn langs(list: &str) -> Result<Vec<Lang>, CliError> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|l| match l {
            "ko" => Ok(Lang::Ko),
            "en" => Ok(Lang::En),
            other => Err(CliError::usage(format!("unknown language {other:?}: use ko, en or ko,en"))),
        })
        .collect()
}

pub fn run_eval_study(args: EvalStudyArgs) -> Result<(), CliError> {
    let arms = arms(&args.profiles).map_err(CliError::usage)?;
    let langs = langs(&args.lang)?;
    let text = match &args.scenarios_file {
        Some(path) => std::fs::read_to_string(path).map_err(CliError::read(path))?,
        None => SCENARIOS_JSONL.to_string(),
    };
    let all = parse_jsonl(&text).map_err(CliError::usage)?;
    let mut scenarios = Vec::new();
    for lang in &langs {
        let of_lang = all.iter().filter(|s| s.lang == *lang);
        scenarios.extend(of_lang.take(args.scenarios.unwrap_or(usize::MAX)).cloned());
    }
    if scenarios.is_empty() {
        return Err(CliError::usage("no scenario selected: check --lang and --scenarios"));
    }
    std::fs::create_dir_all(&args.out).map_err(CliError::create(&args.out))?;
    let knowledge = args.knowledge.open()?;
    let llm = args.provider.build()?;
    let clock = SystemClock::new();
    let services = Services::of_index(&knowledge, &clock).with_llm(llm.as_deref());
    let mut line = Progress::new("conversation runs (each arm)");
    let mut study = pollster::block_on(drive(
        &scenarios,
        &arms,
        &services,
        Hooks::progress_only(&mut |done, total| line.show(done, total)),
    ));
    line.finish();
    if llm.is_some() {
        // The same turns without a model: what the model's plan and judgements did to retrieval.
        eprintln!("the same conversations without a model, for retrieval's comparison");
        let without = pollster::block_on(drive(
            &scenarios,
            &arms,
            &services.with_llm(None),
            Hooks::progress_only(&mut |done, total| line.show(done, total)),
        ));
        line.finish();
        run::with_offline(&mut study.records, &without.records);
    }
    let results = report::build(&study);
    let write = |name: &str, text: &str| {
        let path = args.out.join(name);
        std::fs::write(&path, text).map_err(CliError::write(&path))
    };
    write("report.md", &report::markdown(&results))?;
    write("results.json", &serde_json::to_string_pretty(&results).expect("results serialise"))?;
    for (name, svg) in report::plots(&results) {
        write(name, &svg)?;
    }
    println!(
        "{} turns ({} conversations x {} arms) in {:.1} s: {}",
        study.records.len(),
        scenarios.len(),
        arms.len(),
        results.seconds,
        args.out.join("report.md").display()
    );
    Ok(())
}
