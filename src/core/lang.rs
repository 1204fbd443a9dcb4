//! The two languages users write in and the app answers in.

use serde::{Deserialize, Serialize};

/// A language the interface and the answers can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "en")]
    En,
}

impl Lang {
    /// Picks the language from a BCP 47 tag such as the browser's `navigator.language`
    /// ("ko", "ko-KR" -> Korean; anything else -> English).
    pub fn from_tag(tag: &str) -> Lang {
        let primary = tag.split(['-', '_']).next().unwrap_or("");
        if primary.eq_ignore_ascii_case("ko") {
            Lang::Ko
        } else {
            Lang::En
        }
    }

    /// The BCP 47 code, for `<html lang>` and storage.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ko => "ko",
            Lang::En => "en",
        }
    }

    /// The other language (what the language switch turns to).
    pub fn other(self) -> Lang {
        match self {
            Lang::Ko => Lang::En,
            Lang::En => Lang::Ko,
        }
    }
}

/// Whether `text` has Hangul syllables (Korean).
pub fn has_hangul(text: &str) -> bool {
    text.chars().any(is_hangul)
}

/// Whether `c` is a Hangul syllable.
pub fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}
