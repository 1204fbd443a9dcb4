//! The native `medagent` command: a thin shell over the library, one submodule per subcommand.

pub mod ask;
mod bench;
pub mod bench_stream;
mod bench_vectors;
mod error;
mod eval;
mod eval_kcd;
mod eval_pipeline;
pub mod files;
mod index;
mod lexicon;
mod measure;
pub mod mock_llm;
pub mod mock_reply;
pub mod model;
mod progress;
pub mod provider_args;
mod questions;
mod search;
mod state_file;
pub mod study;
mod triage;
pub mod vectors;

pub use error::CliError;

use clap::Parser;
use std::process::ExitCode;

/// medagent: a private medical knowledge agent (MedQuAD evidence, patient profile, your own LLM).
///
/// The same library runs in the browser app (see README.md: `scripts/serve.sh`);
/// this command-line tool builds the knowledge index and runs the agent natively.
#[derive(Debug, Parser)]
#[command(name = "medagent", version = version_line(), about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands. Each one is implemented in its own module under `src/cli/`.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Build or check the static knowledge index (`index build`, `index status`).
    Index(index::IndexArgs),
    /// Ask the agent one question (keep a conversation with --state FILE).
    Ask(ask::AskArgs),
    /// Run a conversation from a JSON-lines script of {"user": "..."} messages.
    Chat(ask::ChatArgs),
    /// Search the knowledge index.
    Search(search::SearchArgs),
    /// Inspect the concept lexicon (`lexicon match TEXT`).
    Lexicon(lexicon::LexiconArgs),
    /// Emergency triage of one message: level, rules, matched words, notice (--json for tools).
    Triage(triage::TriageArgs),
    /// Retrieval quality on the development set (MRR@10, Hit@5 per language); `eval triage` for triage.
    Eval(eval::EvalArgs),
    /// Study scenarios from the Synthea patients (`study scenarios --out FILE`).
    Study(study::StudyArgs),
    /// Speed measurements (build with --release).
    Bench(bench::BenchArgs),
    /// Run a deterministic OpenAI-compatible LLM server on loopback (tests, demos, fault injection).
    MockLlm(mock_llm::MockLlmArgs),
    /// Prepare the embedding model for the browser (`model prepare`).
    Model(model::ModelArgs),
}

/// `medagent --version`: the crate version plus the target it was built for.
fn version_line() -> &'static str {
    concat!(env!("CARGO_PKG_VERSION"), " (", env!("MEDAGENT_BUILD_TARGET"), ")")
}

/// Entry point of the binary: parses the arguments and runs the subcommand.
pub fn main() -> ExitCode {
    // A reader that stops early (`medagent lexicon stats | head`) closes the pipe: end quietly, as other
    // command-line tools do, instead of panicking at the next print. Rust ignores SIGPIPE by default.
    #[cfg(unix)]
    // SAFETY: setting a signal's action to its default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        None => {
            use clap::CommandFactory;
            // No subcommand: show the help rather than doing nothing silently.
            let _ = Cli::command().print_help();
            return ExitCode::from(2);
        }
        Some(Command::Index(args)) => index::run(args),
        Some(Command::Ask(args)) => ask::ask(args),
        Some(Command::Chat(args)) => ask::chat(args),
        Some(Command::Search(args)) => search::run(args),
        Some(Command::Lexicon(args)) => lexicon::run(args),
        Some(Command::Triage(args)) => triage::run(args),
        Some(Command::Eval(args)) => eval::run(args),
        Some(Command::Study(args)) => study::run_study_command(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::MockLlm(args)) => mock_llm::run(&args),
        Some(Command::Model(args)) => model::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The one place an error becomes a message.
        Err(error) => {
            eprintln!("medagent: {error}");
            ExitCode::FAILURE
        }
    }
}
