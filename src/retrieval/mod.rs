//! Retrieval over the MedQuAD knowledge index.

pub mod fusion;
pub mod vector_index;
pub mod vector_manifest;
