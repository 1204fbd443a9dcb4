//! The shared vocabulary: types and helpers that several areas use, kept here so that no area has
//! to import another for them. This module imports nothing from the rest of the crate (see
//! ARCHITECTURE.md: an import that would point up means the type moves down, here).

pub mod answer;
pub mod citation;
pub mod evidence;
pub mod files;
pub mod format;
pub mod lang;
pub mod order;
pub mod ports;
pub mod similarity;
pub mod site;
pub mod tokenizer;

pub use evidence::{Evidence, PassageLocation, Quality, QualityMethod};
pub use lang::{compact, has_hangul, is_hangul, Lang};

use std::future::Future;
use std::pin::Pin;

/// A boxed future that need not be `Send` (browser futures never are).
pub type LocalFuture<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// A lazily compiled regular expression: `pattern!(name, r"...")` defines `fn name() -> &'static Regex`
/// that compiles the pattern on first use. The pattern (a `format!` too) is evaluated only then; each
/// use compiles to a call of the one [`compiled`], not to a closure of its own for the cell (~150
/// patterns: those closures were 3.7 kB gzip of the app's wasm).
macro_rules! pattern {
    ($name:ident, $re:expr) => {
        fn $name() -> &'static regex_lite::Regex {
            static CELL: std::sync::OnceLock<regex_lite::Regex> = std::sync::OnceLock::new();
            match CELL.get() {
                Some(re) => re,
                None => $crate::core::compiled(&CELL, $re),
            }
        }
    };
}

/// The regex of `cell`, compiling `source` into it unless it holds one ([`pattern!`]).
pub fn compiled(cell: &'static std::sync::OnceLock<regex_lite::Regex>, source: &str) -> &'static regex_lite::Regex {
    cell.get_or_init(|| regex_lite::Regex::new(source).expect("valid pattern"))
}

// After the macro: a module declared above it could not use it.
pub mod vitals;
