//! medagent: a private, in-browser medical knowledge agent.
//!
//! The library holds everything that is the same in the browser and natively; the two shells over it
//! are [`web`] (the leptos app, wasm32 only) and [`cli`] (the `medagent` command, native only).

// First: its macros (`pattern!`) are visible in every module declared after it.
#[macro_use]
pub mod core;
pub mod embed;
pub mod extract;
pub mod i18n;
pub mod lexicon;
pub mod llm;
pub mod markdown;
pub mod medicines;
pub mod memory;
pub mod people;
pub mod persist;
pub mod pipeline;
pub mod platform;
pub mod records;
pub mod retrieval;
pub mod settings;
pub mod study;
pub mod trace_view;
pub mod transcript;
pub mod triage;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;

#[cfg(target_arch = "wasm32")]
pub mod web;
