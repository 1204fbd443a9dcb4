//! Where the static index files come from: the one port search, the vector side and the lexicon
//! read through (HTTP in the browser, a folder natively).

use crate::core::ports::IndexError;
use crate::core::LocalFuture;

/// Where the static index files come from (HTTP in the browser, a folder natively).
pub trait FileSource {
    /// The bytes of the named file of the static index ([`IndexError::Missing`] when it is not there).
    fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, IndexError>>;
}
