//! Files a message is read with that the browser fetches from the site instead of holding them in the
//! app's wasm (triage's classifier, concept table, Korean medicine names and regular expressions;
//! extraction's everyday symptom words, given names, word lists and regular expressions; the prompts'
//! fixed texts). Natively each is built into the binary; `medagent triage
//! --export-site DIR` writes the binary's copies (what `scripts/build-app.sh` serves), and the page
//! fetches each before the first message and installs it only when its SHA-256 is the one this build
//! recorded (`build.rs`), so a stale site is refused.

#[cfg(target_arch = "wasm32")]
use std::sync::OnceLock;

/// A file of the site: where it is served, relative to the page (and to the export's directory's
/// parent: `triage/...`), and the SHA-256 (hex) of the copy this build was made with.
pub struct SiteFile {
    pub path: &'static str,
    pub sha256: &'static str,
}

impl SiteFile {
    /// Whether `bytes` are this build's copy; the error says how to mend another.
    pub fn check(&self, bytes: &[u8]) -> Result<(), String> {
        if crate::core::files::sha256_hex(bytes) != self.sha256 {
            return Err(format!(
                "{} is not the file this build of the app was made with: rebuild the site (scripts/build-app.sh)",
                self.path
            ));
        }
        Ok(())
    }
}

/// A text file of the site: natively built in, in the browser installed by the page.
pub struct SiteText {
    pub file: SiteFile,
    #[cfg(not(target_arch = "wasm32"))]
    pub built_in: &'static str,
    #[cfg(target_arch = "wasm32")]
    pub installed: OnceLock<String>,
}

/// `site_text!(path, sha256 file in OUT_DIR, built-in text)`: a [`SiteText`] whose text is built in
/// natively only (the wasm holds just its SHA-256).
macro_rules! site_text {
    ($path:expr, $sha256:literal, $built_in:expr) => {
        $crate::core::site::SiteText {
            file: $crate::core::site::SiteFile {
                path: $path,
                sha256: include_str!(concat!(env!("OUT_DIR"), "/", $sha256)),
            },
            #[cfg(not(target_arch = "wasm32"))]
            built_in: $built_in,
            #[cfg(target_arch = "wasm32")]
            installed: std::sync::OnceLock::new(),
        }
    };
}
pub(crate) use site_text;

impl SiteText {
    /// The text: built in, or the one the page installed ([`SiteText::install`]).
    pub fn text(&'static self) -> &'static str {
        #[cfg(not(target_arch = "wasm32"))]
        return self.built_in;
        #[cfg(target_arch = "wasm32")]
        self.installed
            .get()
            .unwrap_or_else(|| panic!("the page installs {} before it reads a message (web::engine)", self.file.path))
    }

    /// Installs the file the page fetched, checked against this build's SHA-256.
    #[cfg(target_arch = "wasm32")]
    pub fn install(&self, bytes: &[u8]) -> Result<(), String> {
        self.file.check(bytes)?;
        let text = String::from_utf8(bytes.to_vec()).map_err(|_| format!("{} is not UTF-8 text", self.file.path))?;
        // A second install (the page loaded twice) holds the same file.
        let _ = self.installed.set(text);
        Ok(())
    }
}

/// Site files of named lines (triage's and extraction's regular expressions and word lists), a line
/// each: a name, a tab, and the line's items separated by tabs (a regular expression is one item).
impl SiteText {
    /// The items of line `name`, tabs and all; the tests of each file check every name has a line.
    pub fn line(&'static self, name: &str) -> &'static str {
        let line = self.lines(name).next();
        line.unwrap_or_else(|| panic!("{} has no line {name}", self.file.path))
    }

    /// The items of every line named `name`, in the file's order: a table's rows.
    pub fn lines<'a>(&'static self, name: &'a str) -> impl Iterator<Item = &'static str> + 'a {
        self.text().lines().filter_map(move |l| l.strip_prefix(name)?.strip_prefix('\t'))
    }
}

/// `site_pattern!(FILE, name)`: a function `name()` giving the regex of line `name` of the
/// [`SiteText`] `FILE`, compiled once.
macro_rules! site_pattern {
    ($file:expr, $vis:vis $name:ident) => {
        $vis fn $name() -> &'static regex_lite::Regex {
            static CELL: std::sync::OnceLock<regex_lite::Regex> = std::sync::OnceLock::new();
            match CELL.get() {
                Some(re) => re,
                None => $crate::core::compiled(&CELL, $file.line(stringify!($name))),
            }
        }
    };
}
pub(crate) use site_pattern;

/// `site_words!(FILE, name)`: a function `name()` giving the words of line `name` of the
/// [`SiteText`] `FILE`, split once.
macro_rules! site_words {
    ($file:expr, $vis:vis $name:ident) => {
        $vis fn $name() -> &'static [&'static str] {
            static CELL: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
            $crate::core::site::words(&CELL, &$file, stringify!($name))
        }
    };
}
pub(crate) use site_words;

/// The words of line `name` of `file`, split into `cell` unless it holds them ([`site_words!`]).
pub fn words(
    cell: &'static std::sync::OnceLock<Vec<&'static str>>,
    file: &'static SiteText,
    name: &str,
) -> &'static [&'static str] {
    cell.get_or_init(|| file.line(name).split('\t').collect())
}

/// The test of a file of named lines: every line that `sources` read with `site_pattern!(FILE, name)`
/// is there and compiles, every `site_words!(FILE, name)` line has words and no empty one, and every
/// line of the file is one of those or a row of one of `tables`; gives how many patterns and word
/// lists the sources read.
#[cfg(test)]
pub fn check_named_lines(file: &'static SiteText, name: &str, sources: &[&str], tables: &[&str]) -> (usize, usize) {
    let named = |kind: &str| -> Vec<String> {
        let call = format!("{kind}!({name}, ");
        let lines = sources.iter().flat_map(|s| s.lines());
        let names = lines.filter_map(|l| l.trim_start().strip_prefix(call.as_str())?.strip_suffix(");"));
        names.map(|n| n.strip_prefix("pub ").unwrap_or(n).to_string()).collect()
    };
    let (patterns, words) = (named("site_pattern"), named("site_words"));
    for pattern in &patterns {
        regex_lite::Regex::new(file.line(pattern)).unwrap_or_else(|e| panic!("{pattern}: {e}"));
    }
    for list in &words {
        assert!(file.line(list).split('\t').all(|w| !w.is_empty()), "{list} has an empty word");
    }
    for line in file.text().lines().filter(|l| !l.starts_with('#')) {
        let line_name = line.split('\t').next().unwrap_or_default();
        let read = patterns.iter().chain(&words).any(|n| n == line_name) || tables.contains(&line_name);
        assert!(read, "no code reads line {line_name} of {}", file.file.path);
    }
    (patterns.len(), words.len())
}
