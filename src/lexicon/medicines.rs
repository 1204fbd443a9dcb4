//! Medicines by the names people use, and their classes: the one source of medicine names besides
//! DrugBank's own vocabulary.
//!
//! Source formats (tab-separated, UTF-8, the first line the header exactly as below; `|` separates
//! the names inside a column; empty columns allowed unless said):
//! - `medicines_ko.tsv`: `drugbank_id generic ko_generic ko_names en_names classes`: one active
//!   ingredient per row; `drugbank_id` its DrugBank id (never empty, never repeated), `generic` the
//!   English generic name (never empty), `ko_generic` the Korean generic as a Korean label prints it,
//!   `ko_names` Korean brands and spellings people type, `en_names` US/UK brands and other English
//!   generics, `classes` the ids of its classes in `medicine_classes.tsv`.
//! - `medicine_classes.tsv`: `class en_names ko_names`: `class` a snake_case id (never repeated)
//!   whose concept id is `CLASS:<class>`; the first name in each language is the display name. The
//!   class [`SUBSTANCE`] (no names) marks the rows that are no medicine. A class whose id begins
//!   with [`COMBINATION`] is a combination product (Bactrim, 울트라셋, Yaz): its members are its
//!   active ingredients, its names the product's brands; its ingredients' rows list it among their
//!   classes.

use super::source_error::SourceError;
use std::collections::HashSet;

/// The medicines file's name, for errors.
pub const MEDICINES_FILE: &str = "medicines_ko.tsv";
/// The classes file's name, for errors.
pub const CLASSES_FILE: &str = "medicine_classes.tsv";
const MEDICINES_HEADER: &str = "drugbank_id\tgeneric\tko_generic\tko_names\ten_names\tclasses";
const CLASSES_HEADER: &str = "class\ten_names\tko_names";

/// The concept id prefix of a medicine class (`CLASS:nsaid`).
pub const CLASS_PREFIX: &str = "CLASS:";
/// The id prefix of a class that is one combination product, not a class of medicines.
pub const COMBINATION: &str = "combination_";
/// The class of what interacts with medicines but is no medicine one takes (alcohol, tobacco,
/// caffeine, grapefruit), and of food DrugBank lists as products (water, honey, milk): its members
/// are topics a question is about, never a profile's medicines.
pub const SUBSTANCE: &str = "substance";

/// One active ingredient with the names people use for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Medicine<'a> {
    pub drugbank_id: &'a str,
    pub generic: &'a str,
    pub ko_generic: &'a str,
    pub ko_names: Vec<&'a str>,
    pub en_names: Vec<&'a str>,
    /// Class ids (without [`CLASS_PREFIX`]).
    pub classes: Vec<&'a str>,
}

/// A class of medicines people name instead of a medicine (혈압약, NSAIDs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MedicineClass<'a> {
    /// The snake_case id (without [`CLASS_PREFIX`]).
    pub class: &'a str,
    pub en_names: Vec<&'a str>,
    pub ko_names: Vec<&'a str>,
}

impl MedicineClass<'_> {
    /// The class's concept id.
    pub fn concept_id(&self) -> String {
        format!("{CLASS_PREFIX}{}", self.class)
    }
}

fn list(column: &str) -> Vec<&str> {
    column.split('|').map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// The data lines of a headed file with their line index; the header must be exactly `header`.
fn lines<'a>(
    text: &'a str,
    header: &str,
    file: &'static str,
) -> Result<impl Iterator<Item = (usize, &'a str)>, SourceError> {
    let first = text.lines().next().unwrap_or_default();
    if first.trim_end() != header {
        return Err(SourceError { file, line: Some(1), problem: format!("expected the header {header:?}") });
    }
    Ok(text.lines().enumerate().skip(1).filter(|(_, l)| !l.trim().is_empty()))
}

/// Reads both files; every class a medicine names must be a row of the classes file.
pub fn parse<'a>(
    medicines: &'a str,
    classes: &'a str,
) -> Result<(Vec<Medicine<'a>>, Vec<MedicineClass<'a>>), SourceError> {
    let mut class_rows = Vec::new();
    let mut class_ids = HashSet::new();
    for (n, line) in lines(classes, CLASSES_HEADER, CLASSES_FILE)? {
        let [class, en, ko] = line.split('\t').collect::<Vec<_>>()[..] else {
            return Err(SourceError::at(CLASSES_FILE, n, "expected 3 tab-separated columns"));
        };
        let class = class.trim();
        let valid =
            !class.is_empty() && class.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !valid {
            return Err(SourceError::at(CLASSES_FILE, n, format!("{class:?} is no snake_case class id")));
        }
        if !class_ids.insert(class) {
            return Err(SourceError::at(CLASSES_FILE, n, format!("class {class} is listed twice")));
        }
        class_rows.push(MedicineClass { class, en_names: list(en), ko_names: list(ko) });
    }
    let mut medicine_rows = Vec::new();
    let mut ids = HashSet::new();
    for (n, line) in lines(medicines, MEDICINES_HEADER, MEDICINES_FILE)? {
        let [id, generic, ko_generic, ko, en, classes] = line.split('\t').collect::<Vec<_>>()[..] else {
            return Err(SourceError::at(MEDICINES_FILE, n, "expected 6 tab-separated columns"));
        };
        let (id, generic) = (id.trim(), generic.trim());
        if !id.starts_with("DB") || generic.is_empty() {
            return Err(SourceError::at(MEDICINES_FILE, n, "expected a DrugBank id and a generic name"));
        }
        if !ids.insert(id) {
            return Err(SourceError::at(MEDICINES_FILE, n, format!("{id} is listed twice")));
        }
        let classes = list(classes);
        if let Some(unknown) = classes.iter().find(|c| !class_ids.contains(*c)) {
            let problem = format!("class {unknown} is not in {CLASSES_FILE}");
            return Err(SourceError::at(MEDICINES_FILE, n, problem));
        }
        medicine_rows.push(Medicine {
            drugbank_id: id,
            generic,
            ko_generic: ko_generic.trim(),
            ko_names: list(ko),
            en_names: list(en),
            classes,
        });
    }
    Ok((medicine_rows, class_rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSES: &str =
        "class\ten_names\tko_names\nnsaid\tNSAID|NSAIDs\t소염진통제|진통소염제\nanalgesic\tpainkiller\t진통제\n";

    #[test]
    fn rows_are_read_with_their_names_and_classes() {
        let medicines = "drugbank_id\tgeneric\tko_generic\tko_names\ten_names\tclasses\n\
                         DB01050\tibuprofen\t이부프로펜\t부루펜|애드빌\tAdvil|Motrin\tnsaid|analgesic\n";
        let (meds, classes) = parse(medicines, CLASSES).unwrap();
        assert_eq!(meds[0].drugbank_id, "DB01050");
        assert_eq!(meds[0].ko_names, vec!["부루펜", "애드빌"]);
        assert_eq!(meds[0].classes, vec!["nsaid", "analgesic"]);
        assert_eq!(classes[0].concept_id(), "CLASS:nsaid");
        assert_eq!(classes[0].ko_names, vec!["소염진통제", "진통소염제"]);
    }

    #[test]
    fn an_unknown_class_a_repeated_id_or_a_short_row_is_an_error_naming_the_line() {
        let header = "drugbank_id\tgeneric\tko_generic\tko_names\ten_names\tclasses\n";
        let unknown = format!("{header}DB01050\tibuprofen\t이부프로펜\t\t\tstatin\n");
        let error = parse(&unknown, CLASSES).unwrap_err();
        assert_eq!((error.file, error.line), (MEDICINES_FILE, Some(2)));
        assert!(error.problem.contains("statin"), "{error}");
        let twice = format!("{header}DB01050\tibuprofen\t\t\t\t\nDB01050\tibuprofen\t\t\t\t\n");
        assert_eq!(parse(&twice, CLASSES).unwrap_err().line, Some(3));
        let short = format!("{header}DB01050\tibuprofen\n");
        assert_eq!(parse(&short, CLASSES).unwrap_err().line, Some(2));
        assert_eq!(parse("id\tname\n", CLASSES).unwrap_err().line, Some(1), "a wrong header");
    }
}
