//! `medagent lexicon match`: show the concepts the lexicon finds in a text (a debugging tool for
//! the slot extractor and the Korean bridge).

use super::error::CliError;
use super::files::{load_lexicon, DEFAULT_LEXICON_SOURCES};
use crate::lexicon::bridge::bridge;
use crate::lexicon::ConceptKind;
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// Inspect the concept lexicon.
#[derive(Debug, Args)]
pub struct LexiconArgs {
    #[command(subcommand)]
    pub command: LexiconCommand,
}

#[derive(Debug, Subcommand)]
pub enum LexiconCommand {
    /// Print the concepts found in TEXT, and how a Korean question is bridged to English.
    Match {
        text: String,
        #[arg(long)]
        json: bool,
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        sources: PathBuf,
    },
    /// Count concepts and match names per concept type, everyday phrases, and the names reachable
    /// by transliteration.
    Stats {
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        sources: PathBuf,
    },
    /// Check the transliteration matcher on a labelled sample (TSV: hangul word, expected English
    /// name or `-` when no name should match): precision and recall.
    Translit {
        #[arg(long, default_value = "tests/fixtures/translit_sample.tsv")]
        sample: PathBuf,
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        sources: PathBuf,
    },
}

pub fn run(args: LexiconArgs) -> Result<(), CliError> {
    let (text, json, sources) = match args.command {
        LexiconCommand::Match { text, json, sources } => (text, json, sources),
        LexiconCommand::Stats { sources } => return stats(&sources),
        LexiconCommand::Translit { sample, sources } => return translit(&sample, &sources),
    };
    let lexicon = load_lexicon(&sources)?;
    let mentions = lexicon.find(&text);
    let bridged = bridge(&lexicon, &text);
    if json {
        let found: Vec<serde_json::Value> = mentions
            .iter()
            .map(|m| {
                serde_json::json!({
                    "id": m.concept.id, "type": m.concept.kind.name(), "text": &text[m.start..m.end],
                    "start": m.start, "end": m.end, "en": m.concept.en, "ko": m.concept.ko,
                })
            })
            .collect();
        // Each concept once, in the order first found: what the text names, whatever its wording.
        let mut concepts: Vec<serde_json::Value> = Vec::new();
        for m in &mentions {
            let concept = serde_json::json!({
                "id": m.concept.id, "type": m.concept.kind.name(), "en": m.concept.en, "ko": m.concept.ko,
            });
            if !concepts.contains(&concept) {
                concepts.push(concept);
            }
        }
        let out = serde_json::json!({
            "mentions": found, "concepts": concepts, "search_text": bridged.text, "qtypes": bridged.qtypes, "phrases": bridged.phrases,
            "transliterations": bridged.transliterations, "coverage": bridged.coverage,
        });
        println!("{out}");
        return Ok(());
    }
    if mentions.is_empty() {
        println!("no concepts found");
    }
    for m in &mentions {
        println!(
            "{:<12} {:<10} {:<20} {} / {}",
            m.concept.id,
            m.concept.kind.name(),
            &text[m.start..m.end],
            m.concept.en,
            m.concept.ko
        );
    }
    for (ko, en) in &bridged.phrases {
        println!("everyday     {ko:<20} {en}");
    }
    for (ko, en, similarity) in &bridged.transliterations {
        println!("by sound     {ko:<20} {en} (similarity {similarity:.2})");
    }
    println!("search text: {}", bridged.text);
    println!("understood: {:.0}% of the topic words", bridged.coverage * 100.0);
    if !bridged.qtypes.is_empty() {
        println!("asks about: {}", bridged.qtypes.join(", "));
    }
    Ok(())
}

fn stats(sources: &std::path::Path) -> Result<(), CliError> {
    let lexicon = load_lexicon(sources)?;
    let names = lexicon.names();
    println!("{:<11} {:>8} {:>8} {:>10}", "type", "concepts", "names", "korean");
    for kind in ConceptKind::ALL {
        let concepts = lexicon.concepts().iter().filter(|c| c.kind == kind).count();
        let of_kind: Vec<&str> =
            names.iter().filter(|(_, i)| lexicon.concepts()[*i as usize].kind == kind).map(|(n, _)| *n).collect();
        let korean = of_kind.iter().filter(|n| crate::i18n::has_hangul(n)).count();
        println!("{:<11} {:>8} {:>8} {:>10}", kind.name(), concepts, of_kind.len(), korean);
    }
    let phrases = lexicon.phrases();
    let entries: std::collections::BTreeSet<&str> = phrases.iter().map(|p| p.en.as_str()).collect();
    println!("everyday Korean: {} stems for {} English entries", phrases.len(), entries.len());
    let index = lexicon.translit();
    let mut reachable: std::collections::BTreeMap<&str, std::collections::BTreeSet<u32>> = Default::default();
    for concept in index.concepts() {
        reachable.entry(lexicon.concepts()[concept as usize].kind.name()).or_default().insert(concept);
    }
    for (kind, concepts) in reachable {
        let total = lexicon.concepts().iter().filter(|c| c.kind.name() == kind).count();
        println!(
            "by sound: {} of {total} {kind} concepts have a name the transliteration matcher can reach",
            concepts.len()
        );
    }
    println!("by sound: {} of {} corpus topic names", index.topics(), lexicon.topics().len());
    Ok(())
}

/// Precision and recall of the transliteration matcher on a labelled sample.
fn translit(sample: &std::path::Path, sources: &std::path::Path) -> Result<(), CliError> {
    let text = std::fs::read_to_string(sample).map_err(CliError::read(sample))?;
    let lexicon = load_lexicon(sources)?;
    let index = lexicon.translit();
    let (mut right, mut wrong, mut expected, mut missed) = (0, 0, 0, 0);
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let (word, want) = line.split_once('\t').ok_or_else(|| {
            CliError::usage(format!(
                "{} line {}: expected a hangul word, a tab, an English name or -",
                sample.display(),
                n + 1
            ))
        })?;
        let (stem, _) = crate::lexicon::translit::strip_name_ending(word.trim());
        let found = index.lookup(stem);
        let want = want.trim().to_lowercase();
        expected += usize::from(want != "-");
        let verdict = match &found {
            // The name matched, or another name of its concept (omeprazol is omeprazole's synonym).
            Some(m)
                if want != "-"
                    && (m.name.to_lowercase().contains(&want)
                        || m.concept
                            .is_some_and(|c| lexicon.concepts()[c as usize].en.to_lowercase().contains(&want))) =>
            {
                right += 1;
                "ok"
            }
            Some(_) => {
                wrong += 1;
                "WRONG"
            }
            None if want != "-" => {
                missed += 1;
                "missed"
            }
            None => "ok",
        };
        let got = found.map_or("-".to_string(), |m| format!("{} ({:.2})", m.name, m.similarity));
        println!("{verdict:<7} {word:<16} want {want:<24} got {got}");
    }
    println!(
        "precision {:.3} ({right} right of {} matched), recall {:.3} ({right} of {expected} names; {missed} missed)",
        right as f64 / (right + wrong).max(1) as f64,
        right + wrong,
        right as f64 / expected.max(1) as f64
    );
    Ok(())
}
