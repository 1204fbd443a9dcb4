//! Native access to the corpus and the built static index: default paths, reading the compressed
//! corpus, and a [`FileSource`] over the index folder.

use super::error::CliError;
use crate::core::files::sha256_hex;
use crate::lexicon::build::{build, Sources};
use crate::lexicon::Lexicon;
use crate::llm::LocalFuture;
use crate::medicines::table::{build as build_interactions, Sources as InteractionSources, SOURCE_FILES};
use crate::medicines::Interactions;
use crate::retrieval::aspects::{read_labelled, Example};
use crate::retrieval::corpus::{parse_jsonl, Document};
use crate::retrieval::file_source::FileSource;
use crate::retrieval::search::IndexError;
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The committed corpus, relative to the repository root.
pub const DEFAULT_CORPUS: &str = "index/corpus/medquad.jsonl.gz";
/// The lexicon sources, relative to the repository root.
pub const DEFAULT_LEXICON_SOURCES: &str = "index/lexicon";

/// Where `medagent index build` writes the static index (trunk copies it to `dist/index/`).
pub const DEFAULT_INDEX_DIR: &str = "target/site/index";
/// The vector index (committed: embedding the corpus takes too long to do on every build).
pub const DEFAULT_VECTORS_DIR: &str = "index/vectors";

/// The labelled question sets the aspect model learns from, relative to the repository root.
pub const DEFAULT_LABELLED_SETS: &str = "tests/fixtures";

/// The labelled sets in `dir` and `dir/blind`: every `*.jsonl`, in name order (the model reads the
/// English questions labelled with a question type among them: `retrieval::aspects::read_labelled`).
pub fn labelled_sets(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for folder in [dir.to_path_buf(), dir.join("blind")] {
        let entries = std::fs::read_dir(&folder).map_err(CliError::read(&folder))?;
        for entry in entries {
            let path = entry.map_err(CliError::read(&folder))?.path();
            if path.extension().is_some_and(|e| e == "jsonl") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// SHA-256 over the labelled sets of `dir` ([`labelled_sets`]), in name order.
pub fn aspects_sources_sha256(dir: &Path) -> Result<String, CliError> {
    let mut all = Vec::new();
    for path in labelled_sets(dir)? {
        all.extend(std::fs::read(&path).map_err(CliError::read(&path))?);
    }
    Ok(sha256_hex(&all))
}

/// The labelled English questions of the sets in `dir`, leaving out those whose text `held_out`
/// contains (a set being scored, so it is scored by a model that never saw it).
pub fn labelled_questions(dir: &Path, held_out: &HashSet<&str>) -> Result<Vec<Example>, CliError> {
    let mut examples = Vec::new();
    for path in labelled_sets(dir)? {
        let text = read_text(&path)?;
        let name = path.display().to_string();
        examples
            .extend(read_labelled(&name, &text).map_err(|e| CliError::failed(format!("{e}: mend the labelled set")))?);
    }
    examples.retain(|e| !held_out.contains(e.text.as_str()));
    Ok(examples)
}

/// A text file, gunzipped when its name ends in `.gz`.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let bytes =
        std::fs::read(path).map_err(CliError::io("read", path, " (run from the repository root, or pass the path)"))?;
    if path.extension().is_some_and(|e| e == "gz") {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut text)
            .map_err(|e| CliError::failed(format!("{} is not a readable gzip of UTF-8 text: {e}", path.display())))?;
        Ok(text)
    } else {
        String::from_utf8(bytes).map_err(|_| CliError::failed(format!("{} is not UTF-8 text", path.display())))
    }
}

/// The lexicon source files, in the order their hash is taken.
const LEXICON_SOURCES: [&str; 10] = [
    "curated.tsv",
    "medicines_ko.tsv",
    "medicine_classes.tsv",
    "focus_names_ko.tsv",
    "drugbank_names.tsv.gz",
    "icd10cm_2026_categories.tsv.gz",
    "kcd_categories_ko_en.tsv.gz",
    "kcd_terms_ko_en.tsv.gz",
    "everyday_ko.tsv",
    "topic_names.txt",
];

/// SHA-256 over the lexicon source files in `dir` and the version of the rules that read them (to
/// tell when the built lexicon is stale).
pub fn lexicon_sources_sha256(dir: &Path) -> Result<String, CliError> {
    let mut all = format!("rules {}\n", crate::lexicon::RULES_VERSION).into_bytes();
    for name in LEXICON_SOURCES {
        all.extend(std::fs::read(dir.join(name)).map_err(CliError::read(&dir.join(name)))?);
    }
    Ok(sha256_hex(&all))
}

/// Builds the concept lexicon from the source files in `dir` (see `index/lexicon/LICENSES.md`).
pub fn load_lexicon(dir: &Path) -> Result<Lexicon, CliError> {
    let [curated, medicines, classes, foci, drugs, icd, kcd, kcd_terms, everyday, topics] =
        LEXICON_SOURCES.map(|name| read_text(&dir.join(name)));
    let (curated, medicines, classes, foci, drugs, icd, kcd, kcd_terms, everyday, topics) =
        (curated?, medicines?, classes?, foci?, drugs?, icd?, kcd?, kcd_terms?, everyday?, topics?);
    build(&Sources {
        curated: &curated,
        icd10cm_categories: &icd,
        kcd_categories: &kcd,
        kcd_terms: &kcd_terms,
        drugbank_names: &drugs,
        everyday_ko: &everyday,
        topic_names: &topics,
        medicines: &medicines,
        medicine_classes: &classes,
        focus_names: &foci,
    })
    .map_err(|e| CliError::failed(e.to_string()))
}

/// The interaction table sources, relative to the repository root.
pub const DEFAULT_INTERACTION_SOURCES: &str = "index/interactions";

/// SHA-256 over the interaction table source files in `dir` (to tell when the built tables are stale).
pub fn interactions_sources_sha256(dir: &Path) -> Result<String, CliError> {
    let mut all = Vec::new();
    for name in SOURCE_FILES {
        all.extend(std::fs::read(dir.join(name)).map_err(CliError::read(&dir.join(name)))?);
    }
    Ok(sha256_hex(&all))
}

/// Builds the medicine interaction tables from the source files in `dir` (see
/// `index/interactions/LICENSES.md`).
pub fn load_interactions(dir: &Path) -> Result<Interactions, CliError> {
    let [tables, consumer, consumer_ko, labels] = SOURCE_FILES.map(|name| read_text(&dir.join(name)));
    let (tables, consumer, consumer_ko, labels) = (tables?, consumer?, consumer_ko?, labels?);
    build_interactions(&InteractionSources {
        tables: &tables,
        consumer: &consumer,
        consumer_ko: &consumer_ko,
        labels: &labels,
    })
    .map_err(|e| CliError::failed(e.to_string()))
}

/// The corpus documents and the SHA-256 of the compressed file they came from.
pub fn read_corpus(path: &Path) -> Result<(Vec<Document>, String), CliError> {
    let compressed = std::fs::read(path).map_err(CliError::io(
        "read the corpus at",
        path,
        " (run from the repository root, or pass --corpus)",
    ))?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(&compressed[..])
        .read_to_string(&mut text)
        .map_err(|e| CliError::failed(format!("{} is not a readable gzip of UTF-8 JSON lines: {e}", path.display())))?;
    let docs = parse_jsonl(&text).map_err(|e| CliError::failed(format!("{}: {e}", path.display())))?;
    Ok((docs, sha256_hex(&compressed)))
}

/// The static index files in a folder.
pub struct DirSource {
    pub dir: PathBuf,
}

impl FileSource for DirSource {
    fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, IndexError>> {
        Box::pin(async move {
            std::fs::read(self.dir.join(name)).map_err(|e| {
                let message = format!(
                    "cannot read {} in {}: {e} (build the index with `medagent index build`)",
                    name,
                    self.dir.display()
                );
                match e.kind() {
                    std::io::ErrorKind::NotFound => IndexError::Missing(message),
                    _ => IndexError::Failed(message),
                }
            })
        })
    }
}
