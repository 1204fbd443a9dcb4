//! A progress line on stderr for long runs: redrawn in place on a terminal; in a log (CI, `2> file`),
//! a line of its own at each tenth done, so the log stays readable instead of one long line.

use std::io::{IsTerminal, Write};

pub struct Progress {
    label: String,
    terminal: bool,
    /// The last tenth written to a log.
    tenth: Option<usize>,
}

impl Progress {
    pub fn new(label: impl Into<String>) -> Progress {
        Progress { label: label.into(), terminal: std::io::stderr().is_terminal(), tenth: None }
    }

    /// `done` of `total` finished.
    pub fn show(&mut self, done: usize, total: usize) {
        let line = format!("{}: {done}/{total}", self.label);
        if self.terminal {
            eprint!("\r\x1b[2K{line}");
            let _ = std::io::stderr().flush();
            return;
        }
        let tenth = done * 10 / total.max(1);
        if self.tenth != Some(tenth) {
            self.tenth = Some(tenth);
            eprintln!("{line}");
        }
    }

    /// Ends the line on a terminal (a log's lines are already ended).
    pub fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}
