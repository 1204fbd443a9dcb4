//! The native `medagent` command: a thin shell over the library, one submodule per subcommand.

pub mod bench_stream;
pub mod mock_llm;
pub mod mock_reply;
pub mod provider_args;

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
    /// Run a deterministic OpenAI-compatible LLM server on loopback (tests, demos, fault injection).
    MockLlm(mock_llm::MockLlmArgs),
    /// Measure the client's per-token streaming overhead (SSE parse + decode) against the mock.
    BenchStream(bench_stream::BenchStreamArgs),
}

/// `medagent --version`: the crate version plus the target it was built for.
fn version_line() -> &'static str {
    concat!(
        env!("CARGO_PKG_VERSION"),
        " (",
        env!("MEDAGENT_BUILD_TARGET"),
        ")"
    )
}

/// Entry point of the binary: parses the arguments and runs the subcommand.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => {
            use clap::CommandFactory;
            // No subcommand: show the help rather than doing nothing silently.
            let _ = Cli::command().print_help();
            ExitCode::from(2)
        }
        Some(Command::MockLlm(args)) => report(mock_llm::run(&args)),
        Some(Command::BenchStream(args)) => report(bench_stream::run(&args)),
    }
}

/// Prints a failed command's error and turns the result into the exit code.
fn report(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
