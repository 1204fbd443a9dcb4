//! The native integration tests, one binary: each file of tests/ is a module here, so the suite
//! compiles and links the library (candle included) once instead of once per file. Run one area with
//! a name filter: `cargo test --test tests cli::`, `cargo test --test tests fuzz::`.
//!
//! tests/web_fetch.rs stays its own target: it is built for wasm32 and run in headless Chromium by
//! wasm-bindgen-test (scripts/test-web-fetch.sh).
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod bm25_reference;
mod cli;
mod embed_reference;
mod extract;
mod fuzz;
mod lexicon;
mod llm_mock_http;
mod llm_transcripts;
mod medicines;
mod pipeline;
mod pipeline_mock_llm;
mod query_flow;
mod real_model;
mod token_estimate;
mod trace_view;
mod vector_index;
