//! Why a lexicon source file could not be read: a leaf type, shared by every source's parser.

/// A lexicon source file that does not read as its format says: the file, the line (from 1) when
/// one line is at fault, and what is wrong. The fix is in that file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceError {
    pub file: &'static str,
    pub line: Option<usize>,
    pub problem: String,
}

impl SourceError {
    /// `problem` at line `index + 1` of `file`.
    pub fn at(file: &'static str, index: usize, problem: impl Into<String>) -> Self {
        SourceError { file, line: Some(index + 1), problem: problem.into() }
    }
}

impl std::fmt::Display for SourceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}: {}", self.file, self.problem),
            None => write!(f, "{}: {}", self.file, self.problem),
        }
    }
}

impl std::error::Error for SourceError {}
