//! Retrieval over the knowledge index: the corpus and its chunks, BM25, the vector index, RRF
//! fusion, and the static index files (build, progressive loading). The tokenizer and the file
//! container they share with the lexicon live in [`crate::core`].

pub mod asked;
pub mod aspects;
pub mod bm25;
pub mod chunk_map;
pub mod corpus;
pub mod file_source;

pub mod fusion;
pub mod index_files;
pub mod knowledge;
pub mod relevance;
pub mod search;
pub mod topics;

pub mod vector_index;
pub mod vector_manifest;
pub mod vectors;
pub mod windows;
pub mod worker_messages;
