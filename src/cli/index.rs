//! `medagent index`: build the static index files, check whether they are current, export tokens
//! for the reference check.

use super::error::CliError;
use super::files::{
    aspects_sources_sha256, interactions_sources_sha256, labelled_questions, lexicon_sources_sha256, load_interactions,
    load_lexicon, read_corpus, DEFAULT_CORPUS, DEFAULT_INDEX_DIR, DEFAULT_INTERACTION_SOURCES, DEFAULT_LABELLED_SETS,
    DEFAULT_LEXICON_SOURCES, DEFAULT_VECTORS_DIR,
};
use crate::core::files::{sha256_hex, MANIFEST};
use crate::core::format::FORMAT_VERSION;
use crate::core::tokenizer::tokenize;
use crate::lexicon::bridge::bridge;
use crate::lexicon::file::{encode, LEXICON_FILE};
use crate::lexicon::Lexicon;
use crate::medicines::file::{encode as encode_interactions, INTERACTIONS_FILE};
use crate::retrieval::aspects::{train as train_aspects, ASPECTS_FILE};
use crate::retrieval::index_files::{build, IndexFile, Manifest};

use crate::retrieval::search::IndexError;
use crate::retrieval::vector_manifest::VectorManifest;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Build or check the knowledge index.
#[derive(Debug, Args)]
pub struct IndexArgs {
    #[command(subcommand)]
    pub command: IndexCommand,
}

#[derive(Debug, Subcommand)]
pub enum IndexCommand {
    /// Build the static index files the browser loads (deterministic; prints sizes).
    Build {
        /// The compressed MedQuAD corpus.
        #[arg(long, default_value = DEFAULT_CORPUS)]
        corpus: PathBuf,
        /// The folder of the concept lexicon sources.
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        lexicon: PathBuf,
        /// The folder of the medicine interaction table sources.
        #[arg(long, default_value = DEFAULT_INTERACTION_SOURCES)]
        interactions: PathBuf,
        /// The folder of the labelled question sets the aspect model learns from (and its `blind/`).
        #[arg(long, default_value = DEFAULT_LABELLED_SETS)]
        labelled: PathBuf,
        /// Output folder (trunk serves it as /index/).
        #[arg(long, default_value = DEFAULT_INDEX_DIR)]
        out: PathBuf,
        /// Also embed every chunk and build the vector index (slow: tens of minutes on two cores;
        /// resumable). Its output is committed, so this is run once per corpus or model change.
        #[arg(long)]
        vectors: bool,
        /// The f32 model fetched by scripts/fetch-model.sh (only with --vectors).
        #[arg(long, default_value = super::model::MODEL_DIR)]
        model_dir: PathBuf,
        /// Where the vector index goes (only with --vectors; committed).
        #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
        vectors_out: PathBuf,
        /// Instead of the corpus: build a synthetic vector index of N documents into --vectors-out (to
        /// measure how the layout grows; see `medagent::cli::vectors::build_synthetic`) and report its
        /// bytes to hybrid-ready and per question, and its recall.
        #[arg(long, value_name = "N")]
        synthetic: Option<usize>,
    },
    /// Exit 0 if the built index is complete and current, 1 (with the reason) if it must be rebuilt.
    Status {
        #[arg(long, default_value = DEFAULT_CORPUS)]
        corpus: PathBuf,
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        lexicon: PathBuf,
        #[arg(long, default_value = DEFAULT_INTERACTION_SOURCES)]
        interactions: PathBuf,
        #[arg(long, default_value = DEFAULT_LABELLED_SETS)]
        labelled: PathBuf,
        #[arg(long, default_value = DEFAULT_INDEX_DIR)]
        out: PathBuf,
    },
    /// Rebuild the committed vector index from its own vectors with the manifest's parameters and check
    /// every file is identical (the build is reproducible). Needs no model.
    CheckVectors {
        #[arg(long, default_value = DEFAULT_VECTORS_DIR)]
        vectors: PathBuf,
    },
    /// Write every document's and some queries' tokens as JSON (input of scripts/bm25_reference.py).
    ExportTokens {
        #[arg(long, default_value = DEFAULT_CORPUS)]
        corpus: PathBuf,
        /// A file with one query per line.
        #[arg(long)]
        queries: PathBuf,
        /// Bridge Korean queries to English terms first (as search does).
        #[arg(long)]
        bridge: bool,
        #[arg(long, default_value = DEFAULT_LEXICON_SOURCES)]
        lexicon: PathBuf,
        #[arg(long)]
        out: PathBuf,
    },
}

pub fn run(args: IndexArgs) -> Result<(), CliError> {
    match args.command {
        IndexCommand::Build { synthetic: Some(documents), vectors_out, .. } => {
            super::vectors::build_synthetic(documents, Path::new(DEFAULT_VECTORS_DIR), &vectors_out)
        }
        IndexCommand::Build {
            corpus,
            lexicon,
            interactions,
            labelled,
            out,
            vectors,
            model_dir,
            vectors_out,
            synthetic: None,
        } => {
            build_index(
                &corpus,
                &Sources { lexicon: &lexicon, interactions: &interactions, labelled: &labelled },
                &out,
            )?;
            if vectors {
                let (docs, _) = read_corpus(&corpus)?;
                super::vectors::build_vectors(&docs, &model_dir, &vectors_out)?;
            }
            Ok(())
        }
        IndexCommand::Status { corpus, lexicon, interactions, labelled, out } => {
            let sources = Sources { lexicon: &lexicon, interactions: &interactions, labelled: &labelled };
            match staleness(&corpus, &sources, &out)? {
                None => {
                    println!("index in {} is current", out.display());
                    Ok(())
                }
                Some(reason) => Err(CliError::from(IndexError::Corrupt(format!(
                    "index in {} must be rebuilt: {reason}",
                    out.display()
                )))),
            }
        }
        IndexCommand::CheckVectors { vectors } => check_vectors(&vectors),
        IndexCommand::ExportTokens { corpus, queries, bridge, lexicon, out } => {
            let lexicon = if bridge { Some(load_lexicon(&lexicon)?) } else { None };
            export_tokens(&corpus, &queries, lexicon.as_ref(), &out)
        }
    }
}

fn check_vectors(dir: &Path) -> Result<(), CliError> {
    let manifest = super::vectors::read_manifest(dir)?;
    let points = super::vectors::read_points(dir, &manifest)?;
    let started = Instant::now();
    let rebuilt = crate::retrieval::vector_index::build(&points, manifest.ivf);
    let seconds = started.elapsed().as_secs_f64();
    let fresh = VectorManifest::new(
        manifest.model_hash.clone(),
        manifest.corpus_hash.clone(),
        points.len(),
        manifest.ivf,
        &rebuilt,
    );
    let differ: Vec<&String> = fresh
        .files
        .iter()
        .filter(|(name, entry)| manifest.files.get(*name) != Some(entry))
        .map(|(name, _)| name)
        .collect();
    if !differ.is_empty() {
        return Err(CliError::failed(format!(
            "rebuilding {} from its own {} vectors gave different bytes in {} of {} files (first: {}): the build is not reproducible",
            dir.display(),
            points.len(),
            differ.len(),
            fresh.files.len(),
            differ[0]
        )));
    }
    println!(
        "rebuilt the inverted-file index over {} vectors ({} lists) in {seconds:.1} s: all {} files identical to {}",
        points.len(),
        manifest.ivf.lists,
        fresh.files.len(),
        dir.display()
    );
    Ok(())
}

/// The folders of the index's sources besides the corpus.
pub struct Sources<'a> {
    pub lexicon: &'a Path,
    pub interactions: &'a Path,
    /// The labelled question sets the aspect model learns from.
    pub labelled: &'a Path,
}

fn build_index(corpus: &Path, sources: &Sources, out: &Path) -> Result<(), CliError> {
    let started = Instant::now();
    let (docs, corpus_sha) = read_corpus(corpus)?;
    let lexicon = encode(&load_lexicon(sources.lexicon)?);
    let table = load_interactions(sources.interactions)?;
    let interacting_pairs = table.len();
    let interactions = encode_interactions(&table);
    let questions = labelled_questions(sources.labelled, &HashSet::new())?;
    let aspects = train_aspects(&questions).encode();
    let bar = ProgressBar::new(docs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {pos}/{len} ({eta} left)")
            .expect("valid template")
            .progress_chars("=> "),
    );
    let mut built = build(&docs, &corpus_sha, &mut |stage, done, total| {
        bar.set_message(stage.to_string());
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    built.manifest.lexicon_sources_sha256 = lexicon_sources_sha256(sources.lexicon)?;
    built.manifest.interactions_sources_sha256 = interactions_sources_sha256(sources.interactions)?;
    built.manifest.files.push(IndexFile::of(LEXICON_FILE, &lexicon));
    built.files.push((LEXICON_FILE.to_string(), lexicon));
    built.manifest.files.push(IndexFile::of(INTERACTIONS_FILE, &interactions));
    built.files.push((INTERACTIONS_FILE.to_string(), interactions));
    built.manifest.aspects_sources_sha256 = aspects_sources_sha256(sources.labelled)?;
    built.manifest.files.push(IndexFile::of(ASPECTS_FILE, &aspects));
    built.files.push((ASPECTS_FILE.to_string(), aspects));
    std::fs::create_dir_all(out).map_err(CliError::create(out))?;
    // Files first, manifest last: an interrupted build leaves no manifest and counts as stale.
    let _ = std::fs::remove_file(out.join(MANIFEST));
    for (name, bytes) in &built.files {
        std::fs::write(out.join(name), bytes).map_err(CliError::write(&out.join(name)))?;
    }
    let manifest = serde_json::to_string_pretty(&built.manifest).expect("manifest serialises");
    std::fs::write(out.join(MANIFEST), manifest)
        .map_err(|e| CliError::failed(format!("cannot write the manifest: {e}")))?;
    let total: u64 = built.manifest.files.iter().map(|f| f.file.bytes).sum();
    println!(
        "built {} documents, {} chunks, {} terms, {interacting_pairs} interacting pairs, an aspect model of {} labelled questions into {} ({} files, {} bytes) in {:.1} s",
        built.manifest.documents,
        built.manifest.chunks,
        built.manifest.terms,
        questions.len(),
        out.display(),
        built.manifest.files.len() + 1,
        total,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Why the index in `out` must be rebuilt, or `None` if it is current.
pub fn staleness(corpus: &Path, sources: &Sources, out: &Path) -> Result<Option<String>, CliError> {
    let Ok(text) = std::fs::read_to_string(out.join(MANIFEST)) else {
        return Ok(Some("no manifest (never built, or the last build was interrupted)".into()));
    };
    let Ok(manifest) = serde_json::from_str::<Manifest>(&text) else {
        return Ok(Some("the manifest is unreadable".into()));
    };
    if manifest.format_version != FORMAT_VERSION {
        return Ok(Some(format!(
            "built with format {}, this medagent writes {FORMAT_VERSION}",
            manifest.format_version
        )));
    }
    let corpus_bytes = std::fs::read(corpus).map_err(CliError::io("read the corpus at", corpus, ""))?;
    if sha256_hex(&corpus_bytes) != manifest.corpus_sha256 {
        return Ok(Some("the corpus changed".into()));
    }
    if lexicon_sources_sha256(sources.lexicon)? != manifest.lexicon_sources_sha256 {
        return Ok(Some("the lexicon sources changed".into()));
    }
    if interactions_sources_sha256(sources.interactions)? != manifest.interactions_sources_sha256 {
        return Ok(Some("the interaction table sources changed".into()));
    }
    if aspects_sources_sha256(sources.labelled)? != manifest.aspects_sources_sha256 {
        return Ok(Some("the labelled question sets the aspect model learns from changed".into()));
    }
    for file in &manifest.files {
        match std::fs::read(out.join(&file.name)) {
            Ok(bytes) if file.file.matches(&bytes) => {}
            Ok(_) => return Ok(Some(format!("{} differs from the manifest", file.name))),
            Err(_) => return Ok(Some(format!("{} is missing", file.name))),
        }
    }
    Ok(None)
}

fn export_tokens(corpus: &Path, queries: &Path, lexicon: Option<&Lexicon>, out: &Path) -> Result<(), CliError> {
    let (docs, _) = read_corpus(corpus)?;
    let queries = std::fs::read_to_string(queries).map_err(CliError::read(queries))?;
    let file = std::fs::File::create(out).map_err(CliError::create(out))?;
    let mut w = std::io::BufWriter::new(file);
    let doc_tokens: Vec<serde_json::Value> =
        docs.iter().map(|d| serde_json::json!({"id": d.id, "tokens": tokenize(&d.indexed_text())})).collect();
    let query_tokens: Vec<serde_json::Value> = queries
        .lines()
        .filter(|q| !q.trim().is_empty())
        .map(|q| {
            let text = lexicon.map_or_else(|| q.to_string(), |l| bridge(l, q).text);
            serde_json::json!({"query": q, "tokens": tokenize(&text)})
        })
        .collect();
    serde_json::to_writer(&mut w, &serde_json::json!({"documents": doc_tokens, "queries": query_tokens}))
        .map_err(|e| CliError::write(out)(e.into()))?;
    w.flush().map_err(CliError::write(out))
}
