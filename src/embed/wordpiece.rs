//! BERT uncased WordPiece tokenizer, matching the model's `tokenizer.json` (Hugging Face `tokenizers`):
//! `BertNormalizer` (clean text, pad CJK ideographs, strip accents, lowercase), `BertPreTokenizer`
//! (split on whitespace, isolate punctuation), `WordPiece` (greedy longest match, `##` continuation,
//! `[UNK]` for a word that cannot be covered or is longer than 100 chars) and the `[CLS] ... [SEP]` template,
//! truncated to the model's maximum sequence length.
//!
//! The Python tokenizer's token ids for the fixture sentences are asserted equal in
//! `tests/embed_reference.rs`.

use std::collections::HashMap;
use unicode_categories::UnicodeCategories;
use unicode_normalization::UnicodeNormalization;

/// Longest word (in chars) WordPiece tries to split; longer words become `[UNK]` (tokenizer.json value).
const MAX_INPUT_CHARS_PER_WORD: usize = 100;

/// A WordPiece vocabulary plus the special token ids, built from `vocab.txt` (one token per line, the line
/// number is the id).
#[derive(Debug, Clone)]
pub struct WordPiece {
    vocab: HashMap<String, u32>,
    unk: u32,
    cls: u32,
    sep: u32,
    max_len: usize,
    /// Lines of vocab.txt (ids are 0..size).
    size: usize,
}

/// Why a vocabulary could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VocabError {
    /// `vocab.txt` is not UTF-8.
    NotUtf8,
    /// A special token the model needs is not in the vocabulary.
    MissingSpecial(&'static str),
}

impl std::fmt::Display for VocabError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VocabError::NotUtf8 => write!(f, "vocab.txt is not UTF-8 text; re-run scripts/fetch-model.sh"),
            VocabError::MissingSpecial(t) => {
                write!(f, "vocab.txt has no {t} token; it is not a BERT vocabulary (re-run scripts/fetch-model.sh)")
            }
        }
    }
}

impl std::error::Error for VocabError {}

impl WordPiece {
    /// Builds the tokenizer from the bytes of `vocab.txt`; `max_len` counts `[CLS]` and `[SEP]` (256 for
    /// all-MiniLM-L6-v2).
    pub fn from_vocab_txt(bytes: &[u8], max_len: usize) -> Result<Self, VocabError> {
        let text = std::str::from_utf8(bytes).map_err(|_| VocabError::NotUtf8)?;
        let vocab: HashMap<String, u32> = text.lines().enumerate().map(|(i, t)| (t.to_string(), i as u32)).collect();
        let special = |t: &'static str| vocab.get(t).copied().ok_or(VocabError::MissingSpecial(t));
        Ok(WordPiece {
            unk: special("[UNK]")?,
            cls: special("[CLS]")?,
            sep: special("[SEP]")?,
            size: text.lines().count(),
            vocab,
            max_len: max_len.max(2),
        })
    }

    /// Number of token ids.
    pub fn vocab_size(&self) -> usize {
        self.size
    }

    /// Token ids for one text: `[CLS]`, the word pieces (at most `max_len - 2`), `[SEP]`.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let budget = self.max_len - 2;
        let mut ids = vec![self.cls];
        'words: for word in pre_tokenize(&normalize(text)) {
            for id in self.word_pieces(&word) {
                if ids.len() > budget {
                    break 'words;
                }
                ids.push(id);
            }
        }
        ids.push(self.sep);
        ids
    }

    /// Greedy longest-match-first split of one word; the whole word is `[UNK]` when any part has no match.
    fn word_pieces(&self, word: &str) -> Vec<u32> {
        let chars: Vec<(usize, char)> = word.char_indices().collect();
        if chars.len() > MAX_INPUT_CHARS_PER_WORD {
            return vec![self.unk];
        }
        let mut pieces = Vec::new();
        let mut start = 0; // index into `chars`
        let mut candidate = String::new();
        while start < chars.len() {
            let mut end = chars.len();
            let mut found = None;
            while end > start {
                let from = chars[start].0;
                let to = chars.get(end).map_or(word.len(), |c| c.0);
                candidate.clear();
                if start > 0 {
                    candidate.push_str("##");
                }
                candidate.push_str(&word[from..to]);
                if let Some(&id) = self.vocab.get(&candidate) {
                    found = Some(id);
                    break;
                }
                end -= 1;
            }
            match found {
                Some(id) => pieces.push(id),
                None => return vec![self.unk],
            }
            start = end;
        }
        pieces
    }
}

/// `BertNormalizer` with clean_text, handle_chinese_chars, strip_accents (implied by lowercase) and
/// lowercase, in the order the Rust `tokenizers` crate applies them.
fn normalize(text: &str) -> String {
    let mut cleaned = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\0' || c == '\u{fffd}' || is_control(c) {
            continue;
        }
        if is_whitespace(c) {
            cleaned.push(' ');
        } else if is_chinese_char(c) {
            cleaned.push(' ');
            cleaned.push(c);
            cleaned.push(' ');
        } else {
            cleaned.push(c);
        }
    }
    cleaned.nfd().filter(|c| !c.is_mark_nonspacing()).flat_map(char::to_lowercase).collect()
}

/// `BertPreTokenizer`: whitespace separates words and is dropped; each punctuation char is its own word.
fn pre_tokenize(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if c.is_whitespace() || is_bert_punctuation(c) {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            if !c.is_whitespace() {
                words.push(c.to_string());
            }
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || c.is_whitespace()
}

/// Unicode "Other" (Cc, Cf, Cn, Co, Cs) except the three whitespace controls, which count as whitespace.
fn is_control(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r') && c.is_other()
}

fn is_bert_punctuation(c: char) -> bool {
    c.is_ascii_punctuation() || c.is_punctuation()
}

/// The CJK ideograph blocks BERT pads with spaces (Hangul and kana are not among them).
fn is_chinese_char(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF
        | 0x3400..=0x4DBF
        | 0x20000..=0x2A6DF
        | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F
        | 0x2B920..=0x2CEAF
        | 0xF900..=0xFAFF
        | 0x2F800..=0x2FA1F)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> WordPiece {
        let vocab = "[PAD]\n[UNK]\n[CLS]\n[SEP]\nhello\nworld\n!\nun\n##aff\n##able\ncafe\n中\n";
        WordPiece::from_vocab_txt(vocab.as_bytes(), 8).unwrap()
    }

    #[test]
    fn splits_words_into_longest_pieces_and_wraps_with_cls_sep() {
        // hello , un ##aff ##able world ! -> the comma is not in the vocabulary; `!` is cut by max_len 8.
        assert_eq!(tiny().encode("Hello, unaffable WORLD!"), vec![2, 4, 1, 7, 8, 9, 5, 3]);
    }

    #[test]
    fn accents_are_stripped_and_cjk_is_isolated() {
        assert_eq!(tiny().encode("Café中hello"), vec![2, 10, 11, 4, 3]);
    }

    #[test]
    fn a_word_with_an_uncoverable_part_is_one_unk() {
        assert_eq!(tiny().encode("unaffableX"), vec![2, 1, 3]);
    }

    #[test]
    fn empty_and_control_only_text_is_just_cls_sep() {
        assert_eq!(tiny().encode(""), vec![2, 3]);
        assert_eq!(tiny().encode("\u{0}\u{200b}\t "), vec![2, 3]);
    }

    #[test]
    fn truncates_to_max_len_including_specials() {
        let ids = tiny().encode(&"hello ".repeat(50));
        assert_eq!(ids.len(), 8);
        assert_eq!(ids[0], 2);
        assert_eq!(ids[7], 3);
    }

    #[test]
    fn a_vocabulary_without_specials_is_rejected() {
        assert_eq!(WordPiece::from_vocab_txt(b"a\nb\n", 256).unwrap_err(), VocabError::MissingSpecial("[UNK]"));
    }
}
