//! The interaction tables as data: the readers of the source files in `index/interactions/`
//! (written by `scripts/interaction-tables.py`, licences in `index/interactions/LICENSES.md`) and
//! the index they make, keyed by concept id.
//!
//! Source formats (tab-separated, UTF-8; `#` comment lines first, then the header exactly as below):
//! - `tables.tsv.gz`: `a_id a_name b_id b_name severity source`: one pair per table a line, `a_id`
//!   and `b_id` DrugBank ids; `severity` `critical` / `significant` / `minor`; `source` `ndf-rt`,
//!   `onc-high-priority` or `onc-non-interruptive`.
//! - `consumer.tsv.gz`: `row a_names a_ids b_names b_ids severity description mechanism
//!   recommendation cited`: a row of the consumer table, each side's names as written and the
//!   concept ids they map to (`|` between them: DrugBank ids, `CLASS:<class>`); every id of one side
//!   is listed with every id of the other.
//! - `consumer_ko.tsv`: `row a b description_ko advice_ko`: the Korean text of each consumer row
//!   (written for medagent); `a` and `b` repeat the row's first names, so a line cannot be matched to
//!   the wrong row.
//! - `labels.tsv`: `row a_names a_ids b_names b_ids severity description mechanism advice
//!   description_ko advice_ko cited`: pairs the other tables leave out, summarised for medagent from
//!   the medicines' US prescribing information (FDA labels) in both languages; sides as in
//!   `consumer.tsv.gz`.

use crate::core::Lang;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// How serious a listed interaction is: one scale for every table (the script documents how each
/// table's own words map to it). Ordered: `Critical` is the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Minor,
    Significant,
    Critical,
}

impl Severity {
    pub const ALL: [Severity; 3] = [Severity::Minor, Severity::Significant, Severity::Critical];

    pub fn name(self) -> &'static str {
        match self {
            Severity::Minor => "minor",
            Severity::Significant => "significant",
            Severity::Critical => "critical",
        }
    }

    fn named(name: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The table a listing comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Source {
    /// The US Veterans Administration's NDF-RT interactions (public domain).
    #[serde(rename = "NDF-RT")]
    NdfRt,
    /// The ONC high-priority list (Phansalkar et al., JAMIA 2012).
    #[serde(rename = "ONC high-priority")]
    OncHighPriority,
    /// The ONC non-interruptive list (Phansalkar et al., JAMIA 2013).
    #[serde(rename = "ONC non-interruptive")]
    OncNonInterruptive,
    /// drug-interaction-mcp 0.1.0's consumer-worded table (MIT, Pillright), with advice.
    #[serde(rename = "drug-interaction-mcp")]
    Consumer,
    /// medagent's summary of the US prescribing information (FDA labels), with advice.
    #[serde(rename = "FDA labels")]
    Label,
}

impl Source {
    pub const ALL: [Source; 5] =
        [Source::NdfRt, Source::OncHighPriority, Source::OncNonInterruptive, Source::Consumer, Source::Label];

    /// Its name in `tables.tsv.gz`.
    fn file_name(self) -> &'static str {
        match self {
            Source::NdfRt => "ndf-rt",
            Source::OncHighPriority => "onc-high-priority",
            Source::OncNonInterruptive => "onc-non-interruptive",
            Source::Consumer => "consumer",
            Source::Label => "labels",
        }
    }
}

/// A text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    pub en: String,
    pub ko: String,
}

impl Text {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Ko => &self.ko,
            Lang::En => &self.en,
        }
    }
}

/// What the consumer table or the labels' summary says of a pair: what happens, what to do (both in
/// both languages), why (English only) and the source it cites.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub description: Text,
    pub advice: Text,
    pub mechanism: String,
    pub cited: String,
}

/// One table's listing of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    pub severity: Severity,
    pub source: Source,
    /// The index of its [`Note`] (consumer and label listings only).
    pub note: Option<u32>,
}

/// The tables, keyed by unordered pairs of concept ids.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Interactions {
    /// Every concept id a listing names, sorted.
    keys: Vec<String>,
    by_key: HashMap<String, u32>,
    notes: Vec<Note>,
    /// (a, b) key indices, a < b -> one listing per table, highest severity first.
    pairs: HashMap<(u32, u32), Vec<Listing>>,
}

impl Interactions {
    /// Assembles the index from the concept ids, the notes and every pair's listings.
    pub fn new(keys: Vec<String>, notes: Vec<Note>, pairs: HashMap<(u32, u32), Vec<Listing>>) -> Interactions {
        let by_key = keys.iter().enumerate().map(|(i, k)| (k.clone(), i as u32)).collect();
        Interactions { keys, by_key, notes, pairs }
    }

    /// The listings of the pair `a`, `b` (concept ids, either order).
    pub fn listed(&self, a: &str, b: &str) -> &[Listing] {
        let (Some(&a), Some(&b)) = (self.by_key.get(a), self.by_key.get(b)) else { return &[] };
        self.pairs.get(&(a.min(b), a.max(b))).map_or(&[], Vec::as_slice)
    }

    /// Whether some listing names concept `id`.
    pub fn lists(&self, id: &str) -> bool {
        self.by_key.contains_key(id)
    }

    pub fn note(&self, listing: &Listing) -> Option<&Note> {
        listing.note.and_then(|i| self.notes.get(i as usize))
    }

    pub fn keys(&self) -> &[String] {
        &self.keys
    }

    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// Every pair with its listings, sorted by key indices (for the file writer).
    pub fn pairs(&self) -> Vec<((u32, u32), &[Listing])> {
        let mut pairs: Vec<_> = self.pairs.iter().map(|(&k, v)| (k, v.as_slice())).collect();
        crate::core::order::sort_by_key(&mut pairs, |&(k, _)| k);
        pairs
    }

    /// How many pairs are listed.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// An interaction source file that does not read as its format says: the file, the line (from 1)
/// when one line is at fault, and what is wrong. The fix is in that file (or in the script that
/// writes it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub file: &'static str,
    pub line: Option<usize>,
    pub problem: String,
}

impl TableError {
    fn at(file: &'static str, index: usize, problem: impl Into<String>) -> Self {
        TableError { file, line: Some(index + 1), problem: problem.into() }
    }
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}: {}", self.file, self.problem),
            None => write!(f, "{}: {}", self.file, self.problem),
        }
    }
}

impl std::error::Error for TableError {}

/// The source file names, in the order their hash is taken.
pub const SOURCE_FILES: [&str; 4] = [TABLES_FILE, CONSUMER_FILE, CONSUMER_KO_FILE, LABELS_FILE];
pub const TABLES_FILE: &str = "tables.tsv.gz";
pub const CONSUMER_FILE: &str = "consumer.tsv.gz";
pub const CONSUMER_KO_FILE: &str = "consumer_ko.tsv";
pub const LABELS_FILE: &str = "labels.tsv";
const TABLES_HEADER: &str = "a_id\ta_name\tb_id\tb_name\tseverity\tsource";
const CONSUMER_HEADER: &str =
    "row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\trecommendation\tcited";
const CONSUMER_KO_HEADER: &str = "row\ta\tb\tdescription_ko\tadvice_ko";
const LABELS_HEADER: &str =
    "row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\tadvice\tdescription_ko\tadvice_ko\tcited";

/// The text of each source file (uncompressed).
pub struct Sources<'a> {
    pub tables: &'a str,
    pub consumer: &'a str,
    pub consumer_ko: &'a str,
    pub labels: &'a str,
}

/// The data lines of a file, split into exactly `columns` columns, with their line index; comment
/// lines first, then the header exactly as given.
fn rows<'a>(
    text: &'a str,
    header: &str,
    columns: usize,
    file: &'static str,
) -> Result<Vec<(usize, Vec<&'a str>)>, TableError> {
    let mut lines = text.lines().enumerate().skip_while(|(_, l)| l.starts_with('#'));
    match lines.next() {
        Some((_, first)) if first.trim_end() == header => {}
        found => {
            let (n, line) = found.unwrap_or((0, ""));
            return Err(TableError::at(file, n, format!("expected the header {header:?}, found {line:?}")));
        }
    }
    lines
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, line)| {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() == columns {
                Ok((n, cols))
            } else {
                Err(TableError::at(file, n, format!("expected {columns} tab-separated columns, found {}", cols.len())))
            }
        })
        .collect()
}

/// Collects listings by pair; a table that lists a pair twice keeps its higher severity.
#[derive(Default)]
struct Builder {
    keys: BTreeMap<String, ()>,
    listings: BTreeMap<(String, String), Vec<Listing>>,
}

impl Builder {
    fn add(&mut self, a: &str, b: &str, listing: Listing) {
        if a == b {
            return;
        }
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        self.keys.insert(a.to_string(), ());
        self.keys.insert(b.to_string(), ());
        let listings = self.listings.entry((a.to_string(), b.to_string())).or_default();
        match listings.iter_mut().find(|l| l.source == listing.source) {
            Some(old) if old.severity < listing.severity => *old = listing,
            Some(_) => {}
            None => listings.push(listing),
        }
    }

    fn finish(self, notes: Vec<Note>) -> Interactions {
        let keys: Vec<String> = self.keys.into_keys().collect();
        let index: HashMap<&str, u32> = keys.iter().enumerate().map(|(i, k)| (k.as_str(), i as u32)).collect();
        let pairs = self
            .listings
            .into_iter()
            .map(|((a, b), mut listings)| {
                crate::core::order::sort_by(&mut listings, |x, y| {
                    y.severity.cmp(&x.severity).then(x.source.cmp(&y.source))
                });
                ((index[a.as_str()], index[b.as_str()]), listings)
            })
            .collect();
        Interactions::new(keys, notes, pairs)
    }
}

fn is_concept_id(id: &str) -> bool {
    (id.starts_with("DB") || id.starts_with("CLASS:")) && !id.contains(char::is_whitespace)
}

/// Builds the index. Errors name the file and line that could not be read.
pub fn build(sources: &Sources) -> Result<Interactions, TableError> {
    let mut b = Builder::default();
    let sources_by_name: HashMap<&str, Source> = Source::ALL.iter().map(|&s| (s.file_name(), s)).collect();
    for (n, cols) in rows(sources.tables, TABLES_HEADER, 6, TABLES_FILE)? {
        let [a, _, other, _, severity, source] = cols[..] else { unreachable!("six columns") };
        let severity = Severity::named(severity)
            .ok_or_else(|| TableError::at(TABLES_FILE, n, format!("unknown severity {severity:?}")))?;
        let source = sources_by_name
            .get(source)
            .copied()
            .filter(|&s| !matches!(s, Source::Consumer | Source::Label))
            .ok_or_else(|| TableError::at(TABLES_FILE, n, format!("unknown source {source:?}")))?;
        if !a.starts_with("DB") || !other.starts_with("DB") {
            return Err(TableError::at(TABLES_FILE, n, "expected two DrugBank ids"));
        }
        b.add(a, other, Listing { severity, source, note: None });
    }

    let mut korean: HashMap<&str, (usize, Vec<&str>)> = HashMap::new();
    for (n, cols) in rows(sources.consumer_ko, CONSUMER_KO_HEADER, 5, CONSUMER_KO_FILE)? {
        if korean.insert(cols[0], (n, cols.clone())).is_some() {
            return Err(TableError::at(CONSUMER_KO_FILE, n, format!("row {} is given twice", cols[0])));
        }
    }
    let mut notes = Vec::new();
    for (n, cols) in rows(sources.consumer, CONSUMER_HEADER, 10, CONSUMER_FILE)? {
        let [row, a_names, a_ids, b_names, b_ids, severity, description, mechanism, recommendation, cited] = cols[..]
        else {
            unreachable!("ten columns")
        };
        let severity = Severity::named(severity)
            .ok_or_else(|| TableError::at(CONSUMER_FILE, n, format!("unknown severity {severity:?}")))?;
        let (ko_line, ko) = korean.remove(row).ok_or_else(|| {
            TableError::at(CONSUMER_FILE, n, format!("row {row} has no Korean text in {CONSUMER_KO_FILE}"))
        })?;
        let first = |names: &str| names.split('|').next().unwrap_or_default().to_string();
        if (ko[1], ko[2]) != (first(a_names).as_str(), first(b_names).as_str()) {
            let problem = format!(
                "row {row} names {} + {}, but {CONSUMER_FILE} row {row} is {} + {}",
                ko[1],
                ko[2],
                first(a_names),
                first(b_names)
            );
            return Err(TableError::at(CONSUMER_KO_FILE, ko_line, problem));
        }
        let ids = |list| concept_ids(list, CONSUMER_FILE, n);
        let note = notes.len() as u32;
        notes.push(Note {
            description: Text { en: description.to_string(), ko: ko[3].to_string() },
            advice: Text { en: recommendation.to_string(), ko: ko[4].to_string() },
            mechanism: mechanism.to_string(),
            cited: cited.to_string(),
        });
        for a in ids(a_ids)? {
            for other in ids(b_ids)? {
                b.add(&a, &other, Listing { severity, source: Source::Consumer, note: Some(note) });
            }
        }
    }
    if let Some((row, (n, _))) = korean.into_iter().min_by_key(|(_, (n, _))| *n) {
        return Err(TableError::at(CONSUMER_KO_FILE, n, format!("row {row} is not a row of {CONSUMER_FILE}")));
    }
    for (n, cols) in rows(sources.labels, LABELS_HEADER, 12, LABELS_FILE)? {
        let [_, _, a_ids, _, b_ids, severity, description, mechanism, advice, description_ko, advice_ko, cited] =
            cols[..]
        else {
            unreachable!("twelve columns")
        };
        let severity = Severity::named(severity)
            .ok_or_else(|| TableError::at(LABELS_FILE, n, format!("unknown severity {severity:?}")))?;
        let note = notes.len() as u32;
        notes.push(Note {
            description: Text { en: description.to_string(), ko: description_ko.to_string() },
            advice: Text { en: advice.to_string(), ko: advice_ko.to_string() },
            mechanism: mechanism.to_string(),
            cited: cited.to_string(),
        });
        for a in concept_ids(a_ids, LABELS_FILE, n)? {
            for other in concept_ids(b_ids, LABELS_FILE, n)? {
                b.add(&a, &other, Listing { severity, source: Source::Label, note: Some(note) });
            }
        }
    }
    Ok(b.finish(notes))
}

/// A side's concept ids (`|` between them), or an error naming the file's line.
fn concept_ids(list: &str, file: &'static str, line: usize) -> Result<Vec<String>, TableError> {
    let ids: Vec<String> = list.split('|').filter(|s| !s.is_empty()).map(str::to_string).collect();
    if ids.is_empty() || !ids.iter().all(|id| is_concept_id(id)) {
        return Err(TableError::at(file, line, format!("{list:?} is no list of concept ids")));
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLES: &str = "# a comment\n\
        a_id\ta_name\tb_id\tb_name\tseverity\tsource\n\
        DB00682\tWarfarin\tDB01050\tIbuprofen\tsignificant\tndf-rt\n\
        DB01050\tIbuprofen\tDB00682\tWarfarin\tcritical\tndf-rt\n\
        DB00682\tWarfarin\tDB01050\tIbuprofen\tminor\tonc-non-interruptive\n";
    const CONSUMER: &str = "# consumer\n\
        row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\trecommendation\tcited\n\
        2\twarfarin|coumadin\tDB00682\tibuprofen|nsaid\tDB01050|CLASS:nsaid\tcritical\tBleeding.\tCOX-1.\tAvoid NSAIDs.\tFDA label\n";
    const KOREAN: &str = "row\ta\tb\tdescription_ko\tadvice_ko\n2\twarfarin\tibuprofen\t출혈.\t피하세요.\n";
    const LABELS: &str = "# labels\n\
        row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\tadvice\tdescription_ko\tadvice_ko\tcited\n\
        1\tapixaban|doac\tDB06605|CLASS:doac\tnsaid\tCLASS:nsaid\tsignificant\tBleeding.\tPlatelets.\tAsk first.\t출혈.\t먼저 물어보세요.\tELIQUIS label\n";

    fn built() -> Interactions {
        build(&Sources { tables: TABLES, consumer: CONSUMER, consumer_ko: KOREAN, labels: LABELS }).unwrap()
    }

    #[test]
    fn a_pair_is_listed_once_per_table_in_either_order_with_its_highest_severity() {
        let table = built();
        let listed = table.listed("DB01050", "DB00682");
        assert_eq!(listed, table.listed("DB00682", "DB01050"));
        let by_source: Vec<(Source, Severity)> = listed.iter().map(|l| (l.source, l.severity)).collect();
        assert_eq!(
            by_source,
            [
                (Source::NdfRt, Severity::Critical),
                (Source::Consumer, Severity::Critical),
                (Source::OncNonInterruptive, Severity::Minor)
            ]
        );
        let note = table.note(&listed[1]).unwrap();
        assert_eq!((note.advice.get(Lang::En), note.advice.get(Lang::Ko)), ("Avoid NSAIDs.", "피하세요."));
        // A consumer row lists every id of one side with every id of the other: the class too.
        assert_eq!(table.listed("CLASS:nsaid", "DB00682").len(), 1);
        assert!(table.listed("DB00682", "DB00945").is_empty(), "a pair no table lists");
        assert!(table.listed("DB00682", "unknown").is_empty());
        // A label row is listed with its note in both languages, through its class too.
        let label = table.listed("DB06605", "CLASS:nsaid");
        assert_eq!(
            label.iter().map(|l| (l.source, l.severity)).collect::<Vec<_>>(),
            [(Source::Label, Severity::Significant)]
        );
        let note = table.note(&label[0]).unwrap();
        assert_eq!((note.advice.get(Lang::Ko), note.cited.as_str()), ("먼저 물어보세요.", "ELIQUIS label"));
        assert_eq!(table.listed("CLASS:doac", "CLASS:nsaid").len(), 1);
    }

    #[test]
    fn bad_sources_are_errors_naming_file_and_line() {
        let with = |tables: &str, consumer: &str, korean: &str| {
            build(&Sources { tables, consumer_ko: korean, consumer, labels: LABELS }).unwrap_err()
        };
        let bad_severity = TABLES.replace("minor", "mild");
        let error = with(&bad_severity, CONSUMER, KOREAN);
        assert_eq!((error.file, error.line), (TABLES_FILE, Some(5)));
        assert!(error.problem.contains("mild"), "{error}");
        let error = with("a_id\tb_id\n", CONSUMER, KOREAN);
        assert_eq!((error.file, error.line), (TABLES_FILE, Some(1)), "a wrong header");
        // A consumer row without its Korean text, or Korean text for another pair, fails the build.
        let error = with(TABLES, CONSUMER, "row\ta\tb\tdescription_ko\tadvice_ko\n");
        assert_eq!((error.file, error.line), (CONSUMER_FILE, Some(3)));
        let error = with(TABLES, CONSUMER, &KOREAN.replace("\tibuprofen\t", "\taspirin\t"));
        assert_eq!((error.file, error.line), (CONSUMER_KO_FILE, Some(2)));
        let error = with(TABLES, CONSUMER, &format!("{KOREAN}9\tx\ty\tz\tw\n"));
        assert!(error.problem.contains("row 9"), "{error}");
        let error = with(TABLES, &CONSUMER.replace("DB01050|CLASS:nsaid", "ibuprofen"), KOREAN);
        assert_eq!((error.file, error.line), (CONSUMER_FILE, Some(3)));
        // A label row with a bad side or severity names its line.
        let labels = |labels: &str| {
            build(&Sources { tables: TABLES, consumer: CONSUMER, consumer_ko: KOREAN, labels }).unwrap_err()
        };
        let error = labels(&LABELS.replace("CLASS:nsaid", "ibuprofen"));
        assert_eq!((error.file, error.line), (LABELS_FILE, Some(3)));
        let error = labels(&LABELS.replace("significant", "serious"));
        assert!(error.problem.contains("serious"), "{error}");
    }
}
