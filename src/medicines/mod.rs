//! Medicine interactions: which of the medicines a person takes, and the ones a message names, are
//! listed together in public interaction tables, how seriously, and what to do.
//!
//! The tables ([`table`]) are data from `index/interactions/` (the US VA's NDF-RT pairs, the ONC
//! high-priority and non-interruptive lists, a consumer-worded table with advice, Korean text written
//! for medagent), keyed by the lexicon's concept ids: a DrugBank id, or a `CLASS:` id where a table
//! speaks of a class ("NSAIDs"). `medagent index build` writes them into `interactions.bin`
//! ([`file`]). A message's medicines are read by the lexicon, by any name (a brand, a Korean name,
//! a Korean transliteration), with those it says are not taken left out ([`mentions`]); [`check`]
//! looks every pair up, through each medicine's classes and each class's members, and reports each
//! listed pair once with its highest severity and every table that lists it. [`notice`] words it.
//!
//! It never says a combination is safe: a pair no table lists is only "not listed", and the tables
//! cover part of all medicines.

pub mod check;
pub mod file;
pub mod mentions;
pub mod notice;
pub mod table;

pub use check::{check, Checked, Found, Medicine, Origin};
pub use table::{Interactions, Note, Severity, Source, TableError};
