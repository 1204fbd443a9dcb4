//! Native access to the corpus and the built static index: default paths, reading the compressed
//! corpus, and a [`FileSource`] over the index folder.

use crate::llm::LocalFuture;
use crate::retrieval::corpus::{parse_jsonl, Document};
use crate::retrieval::index_files::sha256_hex;
use crate::retrieval::search::FileSource;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The committed corpus, relative to the repository root.
pub const DEFAULT_CORPUS: &str = "index/corpus/medquad.jsonl.gz";
/// Where `medagent index build` writes the static index (trunk copies it to `dist/index/`).
pub const DEFAULT_INDEX_DIR: &str = "target/site/index";

/// The corpus documents and the SHA-256 of the compressed file they came from.
pub fn read_corpus(path: &Path) -> Result<(Vec<Document>, String), String> {
    let compressed = std::fs::read(path).map_err(|e| {
        format!(
            "cannot read the corpus at {}: {e} (run from the repository root, or pass --corpus)",
            path.display()
        )
    })?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(&compressed[..])
        .read_to_string(&mut text)
        .map_err(|e| {
            format!(
                "{} is not a readable gzip of UTF-8 JSON lines: {e}",
                path.display()
            )
        })?;
    let docs = parse_jsonl(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((docs, sha256_hex(&compressed)))
}

/// The static index files in a folder.
pub struct DirSource {
    pub dir: PathBuf,
}

impl FileSource for DirSource {
    fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, String>> {
        Box::pin(async move {
            std::fs::read(self.dir.join(name)).map_err(|e| {
                format!(
                    "cannot read {} in {}: {e} (build the index with `medagent index build`)",
                    name,
                    self.dir.display()
                )
            })
        })
    }
}
