//! The native `medagent` command: a thin shell over the library, one submodule per subcommand.

pub mod model;
pub mod vectors;

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
    /// Prepare the embedding model for the browser (`model prepare`).
    Model(model::ModelArgs),
    /// Build and measure the vector index (`vectors build`).
    Vectors(vectors::VectorsArgs),
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

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Model(args) => model::run(args),
        Command::Vectors(args) => vectors::run(args),
    }
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
        Some(command) => match run(command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("medagent: {message}");
                ExitCode::FAILURE
            }
        },
    }
}
