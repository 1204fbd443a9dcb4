//! `medagent triage "text"`: the level, the rules that fired with their source and the words that
//! triggered them, and the notice; `--json` for tools; `--export-site DIR` writes the files triage reads
//! that the browser app fetches (the classifier this build trained, the concept table, the Korean
//! medicine names). `medagent eval triage`: recall, false alarms,
//! the confusion matrix per language, the misses, and the time per message.

use super::error::CliError;
use super::files::{read_corpus, DEFAULT_CORPUS};
use super::measure::percentile;
use crate::i18n::Lang;
use crate::triage::eval::{cross_validate, parse, score_by, total, Labelled, Miss, Score};
use crate::triage::{assess, assess_by_rules, notice, Country, Level};
use clap::Args;
use serde_json::json;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Triage one message.
#[derive(Debug, Args)]
pub struct TriageArgs {
    #[arg(required_unless_present = "export_site")]
    pub text: Option<String>,
    /// Write the files triage reads that the browser app fetches (DIR/triage/classifier.bin, the
    /// classifier this build trained; DIR/triage/concepts.tsv; DIR/triage/medicine_names_ko.txt)
    /// instead; scripts/build-app.sh runs this.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["text", "json", "lang"])]
    pub export_site: Option<PathBuf>,
    /// Print JSON: {"level", "reasons": [{"rule", "category", "level", "source", "matched"}], "notice"}.
    #[arg(long)]
    pub json: bool,
    /// The notice's language (default: Korean for text with Hangul, else English).
    #[arg(long)]
    pub lang: Option<String>,
    /// Whose emergency numbers: auto, kr, us, ca, gb, au, eu.
    #[arg(long, default_value = "auto")]
    pub country: String,
}

pub fn run(args: TriageArgs) -> Result<(), CliError> {
    if let Some(dir) = &args.export_site {
        // Triage's and extraction's files, and the prompts' fixed texts.
        let prompts = &crate::llm::prompt_file::PROMPTS;
        let files = crate::triage::site_files().into_iter().chain([(&prompts.file, prompts.built_in.as_bytes())]);
        for (file, bytes) in files {
            let path = dir.join(file.path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(CliError::write(parent))?;
            }
            std::fs::write(&path, bytes).map_err(CliError::write(&path))?;
            println!("{}: sha256 {}", path.display(), file.sha256);
        }
        return Ok(());
    }
    let text = args.text.unwrap_or_default();
    let lang = match args.lang.as_deref() {
        None if crate::i18n::has_hangul(&text) => Lang::Ko,
        None | Some("en") => Lang::En,
        Some("ko") => Lang::Ko,
        Some(other) => return Err(CliError::usage(format!("unknown language {other:?}: use ko or en"))),
    };
    let country = Country::from_code(&args.country).ok_or_else(|| {
        CliError::failed(format!("unknown country {:?}: use auto, kr, us, ca, gb, au or eu", args.country))
    })?;
    let verdict = assess(&text);
    let notice = notice(&verdict, lang, country);
    if args.json {
        println!(
            "{}",
            json!({"level": verdict.level, "reasons": verdict.reasons, "likelihood": verdict.likelihood, "notice": notice})
        );
        return Ok(());
    }
    println!(
        "level: {} (the classifier's probability of an emergency: {:.2})",
        verdict.level.name(),
        verdict.likelihood
    );
    let print = |r: &crate::triage::Reason| {
        let source =
            serde_json::to_value(r.source).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        println!("  {} [{}] ({source}): {}", r.rule, r.level.name(), r.matched.join(" | "));
    };
    verdict.reasons.iter().for_each(print);
    if let Some(notice) = notice {
        println!("{notice}");
    }
    Ok(())
}

/// Measure triage on a labelled set.
#[derive(Debug, Args)]
pub struct EvalTriageArgs {
    /// JSON lines {"lang", "level", "category", "text"}.
    #[arg(long, visible_alias = "set", default_value = "tests/fixtures/triage_dev.jsonl")]
    pub file: PathBuf,
    /// Print only the aggregate figures (recall, false alarms, confusion per language): no message
    /// text, so a blind set can be scored without anyone reading its misses.
    #[arg(long)]
    pub summary: bool,
    /// Rounds over the set for the timing (build with --release).
    #[arg(long, default_value_t = 20)]
    pub rounds: usize,
    /// Score false alarms on real consumer questions instead of a labelled set: every distinct
    /// question of the corpus asks for information, so any notice on one is a false alarm.
    #[arg(long, conflicts_with = "file")]
    pub consumer: bool,
    /// The rules alone, without the classifier (which was trained on every set in tests/fixtures,
    /// so on those sets only the rules' figures say how they read).
    #[arg(long)]
    pub rules_only: bool,
    /// Leave-one-writer-out cross-validation over the classifier's training sets (every
    /// {triage,medication}_*.jsonl of tests/fixtures and tests/fixtures/blind; run from the
    /// checkout): each writer is scored by a classifier trained on all the others, by the rules
    /// alone, the classifier alone and the two combined.
    #[arg(long, conflicts_with_all = ["file", "consumer"])]
    pub cross_validate: bool,
    /// The corpus whose questions `--consumer` reads.
    #[arg(long, default_value = DEFAULT_CORPUS)]
    pub corpus: PathBuf,
    /// Fail (exit 1) when a language's false-alarm rate is above this (0 to 1); with
    /// `--cross-validate`, the combined rate over all writers.
    #[arg(long)]
    pub max_false_alarms: Option<f64>,
    /// With `--cross-validate`: fail (exit 1) when a language's combined recall over all writers is
    /// below this (0 to 1).
    #[arg(long, requires = "cross_validate")]
    pub min_recall: Option<f64>,
}

/// The corpus's distinct questions as a labelled set: English, no emergency.
fn consumer_questions(corpus: &Path) -> Result<Vec<Labelled>, CliError> {
    let (docs, _) = read_corpus(corpus)?;
    let mut seen = HashSet::new();
    Ok(docs
        .into_iter()
        .filter(|d| seen.insert(d.question.clone()))
        .map(|d| Labelled {
            row: None,
            lang: "en".into(),
            level: Level::None,
            category: "consumer question".into(),
            text: d.question,
        })
        .collect())
}

pub fn eval(args: EvalTriageArgs) -> Result<(), CliError> {
    if args.cross_validate {
        return eval_cross_validated(&args);
    }
    let (source, items) = if args.consumer {
        (&args.corpus, consumer_questions(&args.corpus)?)
    } else {
        let text = std::fs::read_to_string(&args.file).map_err(CliError::read(&args.file))?;
        (&args.file, parse(&text).map_err(|e| CliError::failed(format!("{}: {e}", args.file.display())))?)
    };
    if items.is_empty() {
        return Err(CliError::usage(format!("{} has no messages", source.display())));
    }
    let (scores, misses) = score_by(&items, if args.rules_only { assess_by_rules } else { assess });
    println!("{} ({} messages)", source.display(), items.len());
    for (lang, s) in &scores {
        println!(
            "\n[{lang}] emergency recall {:.3} ({}/{}), false alarms {:.3} ({}/{} negatives)",
            s.recall(),
            s.confusion[0][0],
            s.emergencies(),
            s.false_alarm_rate(),
            s.confusion[2][0] + s.confusion[2][1],
            s.negatives()
        );
        println!("  expected \\ got   emergency  urgent  none");
        for (name, row) in ["emergency", "urgent", "none"].iter().zip(s.confusion) {
            println!("  {name:<16} {:>9} {:>7} {:>5}", row[0], row[1], row[2]);
        }
    }
    let over: Vec<String> = scores
        .iter()
        .filter(|(_, s)| args.max_false_alarms.is_some_and(|max| s.false_alarm_rate() > max))
        .map(|(lang, s)| format!("{lang} {:.4}", s.false_alarm_rate()))
        .collect();
    if !args.summary {
        print_misses(&misses);
        timing(&items.iter().map(|i| i.text.as_str()).collect::<Vec<_>>(), args.rounds);
    }
    if !over.is_empty() {
        return Err(CliError::failed(format!(
            "false alarms above --max-false-alarms {}: {} (without --summary the misses above name the messages)",
            args.max_false_alarms.unwrap_or_default(),
            over.join(", ")
        )));
    }
    Ok(())
}

fn eval_cross_validated(args: &EvalTriageArgs) -> Result<(), CliError> {
    let root = Path::new(".");
    let files = crate::triage::classifier::training_files(root).map_err(|e| {
        CliError::failed(format!("cannot list tests/fixtures ({e}): run this from the medagent checkout"))
    })?;
    let mut sets = Vec::new();
    for file in &files {
        let name = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        sets.push((name, std::fs::read_to_string(file).map_err(CliError::read(file))?));
    }
    let mut progress = super::progress::Progress::new("cross-validation folds");
    let folds = cross_validate(&sets, |done, all| progress.show(done, all)).map_err(CliError::failed)?;
    progress.finish();
    let figures = |scores: &[(String, Score)]| -> String {
        ["ko", "en"]
            .iter()
            .map(|lang| match scores.iter().find(|(l, _)| l == lang) {
                Some((_, s)) if s.emergencies() + s.negatives() > 0 => {
                    format!("{lang} {:.3}/{:.3}", s.recall(), s.false_alarm_rate())
                }
                _ => format!("{lang}   -  /  -  "),
            })
            .collect::<Vec<_>>()
            .join("  ")
    };
    println!(
        "Leave-one-writer-out: {} writers in {} sets; each scored by a classifier trained on the others.",
        folds.len(),
        sets.len()
    );
    println!("Figures are recall of emergencies / false alarms (urgent or emergency on a hard negative).\n");
    println!("{:<32} {:<28} {:<28} {:<28}", "writer", "rules alone", "classifier alone", "combined (the app)");
    for fold in &folds {
        println!(
            "{:<32} {:<28} {:<28} {:<28}",
            fold.group,
            figures(&fold.rules),
            figures(&fold.classifier),
            figures(&fold.combined)
        );
    }
    let combined = total(folds.iter().map(|f| &f.combined));
    println!(
        "{:<32} {:<28} {:<28} {:<28}",
        "all writers",
        figures(&total(folds.iter().map(|f| &f.rules))),
        figures(&total(folds.iter().map(|f| &f.classifier))),
        figures(&combined)
    );
    let failed: Vec<String> = combined
        .iter()
        .flat_map(|(lang, s)| {
            let low = args
                .min_recall
                .filter(|&min| s.recall() < min)
                .map(|min| format!("{lang} recall {:.3} < {min}", s.recall()));
            let high = args
                .max_false_alarms
                .filter(|&max| s.false_alarm_rate() > max)
                .map(|max| format!("{lang} false alarms {:.3} > {max}", s.false_alarm_rate()));
            [low, high].into_iter().flatten()
        })
        .collect();
    if !failed.is_empty() {
        return Err(CliError::failed(format!(
            "on writers it was not trained on, the triage misses its targets: {} (the table above shows which writers)",
            failed.join(", ")
        )));
    }
    Ok(())
}

fn print_misses(misses: &[Miss<'_>]) {
    println!("\nmisses ({}):", misses.len());
    for m in misses {
        println!(
            "  [{}] {} -> {} ({}): {}",
            m.item.lang,
            m.item.level.name(),
            m.got.name(),
            m.rule.as_deref().unwrap_or("no rule"),
            m.item.text
        );
    }
}

/// The first triage of a process, in ms: it compiles the patterns, which a browser tab pays on its
/// first message. Meaningful only before anything else was triaged.
pub fn first_call_ms() -> f64 {
    let started = Instant::now();
    std::hint::black_box(assess(std::hint::black_box("my chest hurts and I feel sick, 가슴이 아프고 식은땀이 나요")));
    started.elapsed().as_secs_f64() * 1e3
}

/// Time per message: each message `rounds` times, the median of its rounds, then p50 / p95 over
/// messages (the first call compiles the patterns and is left out).
pub fn timing(messages: &[&str], rounds: usize) {
    assess("warm up");
    let mut per_message: Vec<f64> = messages
        .iter()
        .map(|text| {
            let mut times: Vec<f64> = (0..rounds.max(1))
                .map(|_| {
                    let started = Instant::now();
                    std::hint::black_box(assess(std::hint::black_box(text)));
                    started.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            times.sort_by(f64::total_cmp);
            times[times.len() / 2]
        })
        .collect();
    // The slowest message by its line and length (never its text: the set may be blind).
    let slowest = (0..per_message.len()).max_by(|&a, &b| per_message[a].total_cmp(&per_message[b])).unwrap_or(0);
    let slowest_chars = messages.get(slowest).map_or(0, |m| m.chars().count());
    per_message.sort_by(f64::total_cmp);
    println!(
        "\ntime per message: p50 {:.3} ms, p95 {:.3} ms, max {:.3} ms (message {}, {} characters) ({} rounds; build with --release)",
        percentile(&per_message, 0.5),
        percentile(&per_message, 0.95),
        per_message[per_message.len() - 1],
        slowest + 1,
        slowest_chars,
        rounds
    );
}
