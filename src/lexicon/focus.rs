//! The Korean names of the corpus's topics (MedQuAD foci): what a Korean hospital site calls each, what
//! people say and type, and the KCD's name, so that every focus can be found by its Korean names.
//!
//! Source format (`focus_names_ko.tsv`, tab-separated, UTF-8, `#` comment lines, then the header
//! exactly as below; names `|`-separated, empty columns allowed but `standard`):
//! `focus standard everyday abbreviations kcd kind`: `focus` the MedQuAD focus (English, as the corpus
//! writes it); `standard` its standard Korean name; `everyday` the names people say; `abbreviations`
//! acronyms and short forms; `kcd` the KCD's Korean name; `kind` `condition` (a condition a person can
//! have) or `topic` (a test, a procedure, healthy living ...: searched for, never a profile fact).
//! Written by `scripts/focus-names.py` from the reviewed batches.

use super::source_error::SourceError;

/// The file's name, for errors.
pub const FILE: &str = "focus_names_ko.tsv";
const HEADER: &str = "focus\tstandard\teveryday\tabbreviations\tkcd\tkind";

/// The concept id prefix of a focus the other sources lack (`FOCUS:acoustic-neuroma`).
pub const FOCUS_PREFIX: &str = "FOCUS:";

/// One focus and its Korean names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FocusNames<'a> {
    pub focus: &'a str,
    pub standard: &'a str,
    pub everyday: Vec<&'a str>,
    pub abbreviations: Vec<&'a str>,
    pub kcd: Vec<&'a str>,
    /// A condition a person can have (else a topic only searched for).
    pub condition: bool,
}

impl FocusNames<'_> {
    /// The id of the focus's own concept: its English name in lower case, words joined by `-`
    /// (stable as long as the corpus names the focus so).
    pub fn concept_id(&self) -> String {
        let slug: Vec<String> =
            self.focus.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
        format!("{FOCUS_PREFIX}{}", slug.join("-"))
    }
}

fn list(column: &str) -> Vec<&str> {
    column.split('|').map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// Reads the file; a row without a standard name, of another width or of an unknown kind is an error
/// naming its line.
pub fn parse(text: &str) -> Result<Vec<FocusNames<'_>>, SourceError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty());
    match lines.next() {
        Some((_, header)) if header.trim_end() == HEADER => {}
        found => {
            let line = found.map(|(n, _)| n);
            let problem = format!("expected the header {HEADER:?}");
            return Err(SourceError { file: FILE, line: line.map(|n| n + 1), problem });
        }
    }
    let mut rows = Vec::new();
    for (n, line) in lines {
        let [focus, standard, everyday, abbreviations, kcd, kind] = line.split('\t').collect::<Vec<_>>()[..] else {
            return Err(SourceError::at(FILE, n, "expected 6 tab-separated columns"));
        };
        let (focus, standard) = (focus.trim(), standard.trim());
        if focus.is_empty() || standard.is_empty() {
            return Err(SourceError::at(FILE, n, "expected a focus and its standard name"));
        }
        let condition = match kind.trim() {
            "condition" => true,
            "topic" => false,
            other => return Err(SourceError::at(FILE, n, format!("unknown kind {other:?} (condition or topic)"))),
        };
        rows.push(FocusNames {
            focus,
            standard,
            everyday: list(everyday),
            abbreviations: list(abbreviations),
            kcd: list(kcd),
            condition,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "# comment\nfocus\tstandard\teveryday\tabbreviations\tkcd\tkind\n";

    #[test]
    fn rows_are_read_with_their_kind() {
        let text = format!("{HEAD}Acoustic Neuroma\t청신경초종\t청신경종양|청신경종\t\t\tcondition\nDialysis\t투석\t혈액투석\t\t\ttopic\n");
        let rows = parse(&text).unwrap();
        assert_eq!(rows[0].everyday, vec!["청신경종양", "청신경종"]);
        assert!(rows[0].condition && !rows[1].condition);
        assert_eq!(rows[0].concept_id(), "FOCUS:acoustic-neuroma");
        let odd = FocusNames { focus: "Alzheimer's Caregiving", ..rows[1].clone() };
        assert_eq!(odd.concept_id(), "FOCUS:alzheimer-s-caregiving");
    }

    #[test]
    fn a_bad_row_is_an_error_naming_its_line() {
        let no_standard = format!("{HEAD}Dialysis\t\t투석\t\t\ttopic\n");
        assert_eq!(parse(&no_standard).unwrap_err().line, Some(3));
        let kind = format!("{HEAD}Dialysis\t투석\t\t\t\tprocedure\n");
        assert!(parse(&kind).unwrap_err().problem.contains("procedure"));
        assert_eq!(parse("focus\tko\n").unwrap_err().line, Some(1));
    }
}
