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

/// `text` without its whitespace, and for each byte of that the offset of the same byte in `text`
/// (plus one past the end). Koreans space freely ("화장실 가고 싶어요", "화장실가고싶어요"), so a Korean
/// form written without spaces is matched there and mapped back to the text.
pub fn compact(text: &str) -> (String, Vec<usize>) {
    let mut compact = String::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len() + 1);
    for (i, c) in text.char_indices().filter(|(_, c)| !c.is_whitespace()) {
        compact.push(c);
        offsets.extend(i..i + c.len_utf8());
    }
    offsets.push(text.len());
    (compact, offsets)
}

/// Whether `c` is a Hangul syllable.
pub fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}
