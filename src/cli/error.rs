//! Why a command failed: one error type for the whole command line, by kind, turned into the message
//! the user reads only at the last line of [`super::main`].

use crate::embed::EmbedError;
use crate::retrieval::search::IndexError;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// A file or directory could not be read, written or created.
    Io {
        /// What was done: "read", "write", "create", "lock", ...
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
        /// What to do about it, when there is a usual fix (e.g. " (run from the repository root)").
        hint: &'static str,
    },
    /// The knowledge index is missing, corrupt, busy or unreadable (its kind says what to do);
    /// `context` (empty, or ending in ": ") says what it could not be used for.
    Index { context: &'static str, error: IndexError },
    /// The embedding model failed.
    Embed(EmbedError),
    /// The arguments or an input file are not usable; the message says what to give instead.
    Usage(String),
    /// Anything else, in words (a library error already turned into its message, a check that failed).
    Failed(String),
}

impl CliError {
    /// For `map_err`: reading `path` failed.
    pub fn read<'a>(path: &'a Path) -> impl FnOnce(std::io::Error) -> CliError + 'a {
        Self::io("read", path, "")
    }

    /// For `map_err`: writing `path` failed.
    pub fn write<'a>(path: &'a Path) -> impl FnOnce(std::io::Error) -> CliError + 'a {
        Self::io("write", path, "")
    }

    /// For `map_err`: creating `path` failed.
    pub fn create<'a>(path: &'a Path) -> impl FnOnce(std::io::Error) -> CliError + 'a {
        Self::io("create", path, "")
    }

    /// For `map_err`: `action` on `path` failed; `hint` (if not empty) follows the message.
    pub fn io<'a>(
        action: &'static str,
        path: &'a Path,
        hint: &'static str,
    ) -> impl FnOnce(std::io::Error) -> CliError + 'a {
        move |source| CliError::Io { action, path: path.to_path_buf(), source, hint }
    }

    /// A usage error with `message`.
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }

    /// Any other failure, with `message`.
    pub fn failed(message: impl Into<String>) -> CliError {
        CliError::Failed(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Io { action, path, source, hint } => {
                write!(f, "cannot {action} {}: {source}{hint}", path.display())
            }
            CliError::Index { context, error } => write!(f, "{context}{error}"),
            CliError::Embed(e) => write!(f, "{e}"),
            CliError::Usage(message) | CliError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Io { source, .. } => Some(source),
            CliError::Index { error, .. } => Some(error),
            CliError::Embed(e) => Some(e),
            CliError::Usage(_) | CliError::Failed(_) => None,
        }
    }
}

impl From<IndexError> for CliError {
    fn from(error: IndexError) -> Self {
        CliError::Index { context: "", error }
    }
}

impl From<EmbedError> for CliError {
    fn from(e: EmbedError) -> Self {
        CliError::Embed(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The message names what was done and the path, then the cause and the hint.
    #[test]
    fn io_errors_name_the_path() {
        let missing = std::io::Error::new(std::io::ErrorKind::NotFound, "No such file or directory");
        let error = CliError::io("read", Path::new("data/x.jsonl"), " (pass the path)")(missing);
        assert_eq!(error.to_string(), "cannot read data/x.jsonl: No such file or directory (pass the path)");
        assert!(std::error::Error::source(&error).is_some());
        assert_eq!(CliError::from(IndexError::Busy).to_string(), "the index is busy with another search");
    }
}
