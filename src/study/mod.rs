//! The study: does the agent's context engineering help, measured rather than claimed. Synthea
//! patients become five-turn conversations in Korean and English ([`scenario`]); every conversation
//! runs under every ablation profile and the plain LLM baseline ([`run`]); [`metrics`] and
//! [`grading`] score each turn, [`stats`] compares arms on the same scenarios, and [`report`] writes
//! `report.md`, `results.json` and SVG plots ([`svg`]). Platform-neutral, like the pipeline.

pub mod grading;
pub mod metrics;
pub mod patients;
pub mod report;
pub mod run;
pub mod scenario;
pub mod stats;
pub mod svg;

pub use run::{drive, Hooks, Study};

/// The generated scenarios committed with the project (`medagent study scenarios` writes them).
pub const SCENARIOS_JSONL: &str = include_str!("../../tests/fixtures/study_scenarios.jsonl");
