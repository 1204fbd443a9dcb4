//! `medagent lexicon match`: show the concepts the lexicon finds in a text (a debugging tool for
//! the slot extractor and the Korean bridge).

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
    /// Count concepts and match names per concept type.
    Stats {
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        sources: PathBuf,
    },
}

pub fn run(args: LexiconArgs) -> Result<(), String> {
    let (text, json, sources) = match args.command {
        LexiconCommand::Match { text, json, sources } => (text, json, sources),
        LexiconCommand::Stats { sources } => return stats(&sources),
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
        let out = serde_json::json!({"mentions": found, "search_text": bridged.text, "qtypes": bridged.qtypes});
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
    println!("search text: {}", bridged.text);
    if !bridged.qtypes.is_empty() {
        println!("asks about: {}", bridged.qtypes.join(", "));
    }
    Ok(())
}

fn stats(sources: &std::path::Path) -> Result<(), String> {
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
    Ok(())
}
