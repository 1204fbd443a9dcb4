//! The corpus: MedQuAD question-answer pairs as documents, and their answers cut into chunks small
//! enough to embed.
//!
//! Source format (`index/corpus/medquad.jsonl.gz`, gzip of JSON lines), one object per line:
//! `{"id", "source", "focus", "qtype", "question", "answer", "url"}`, all strings.

use serde::{Deserialize, Serialize};

/// One MedQuAD question-answer pair: the unit search results are reported in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    /// The MedQuAD id, e.g. `CancerGov_0000001_1-1`.
    pub id: String,
    /// The NIH site it comes from (CancerGov, GARD, GHR, ...).
    pub source: String,
    /// What the pair is about ("Diabetes", "High Blood Pressure", ...).
    pub focus: String,
    /// The question type ("symptoms", "treatment", ...).
    pub qtype: String,
    pub question: String,
    pub answer: String,
    pub url: String,
}

impl Document {
    /// The text BM25 indexes: the question (it carries the focus and the question type) and the answer.
    pub fn indexed_text(&self) -> String {
        format!("{}\n{}", self.question, self.answer)
    }
}

/// Reads the corpus from its JSON-lines text. A malformed line is an error naming the line.
pub fn parse_jsonl(text: &str) -> Result<Vec<Document>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| serde_json::from_str(line).map_err(|e| format!("corpus line {}: {e}", i + 1)))
        .collect()
}

/// The most characters a chunk may have.
pub const MAX_CHUNK_CHARS: usize = 900;
/// The most BERT word pieces a chunk may have, by [`estimate_word_pieces`] (the model reads 256;
/// the margin covers [CLS], [SEP] and estimation error).
pub const MAX_CHUNK_PIECES: usize = 200;

/// A piece of an answer, as a byte range of `Document::answer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chunk {
    pub start: u32,
    pub end: u32,
}

/// A pessimistic count of the word pieces a BERT uncased tokenizer makes of `text`: a word of n
/// characters counts ceil(n / 4) pieces (medical words split into many), each punctuation mark one,
/// each non-Latin character one.
pub fn estimate_word_pieces(text: &str) -> usize {
    let mut pieces = 0;
    let mut word_len = 0;
    let flush = |word_len: &mut usize, pieces: &mut usize| {
        if *word_len > 0 {
            *pieces += word_len.div_ceil(4);
            *word_len = 0;
        }
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word_len += 1;
        } else {
            flush(&mut word_len, &mut pieces);
            if !c.is_whitespace() {
                pieces += 1;
            }
        }
    }
    flush(&mut word_len, &mut pieces);
    pieces
}

/// Cuts `answer` into chunks on line and sentence boundaries, each within [`MAX_CHUNK_CHARS`] and
/// [`MAX_CHUNK_PIECES`]; a single sentence longer than that is cut between words.
pub fn chunk_answer(answer: &str) -> Vec<Chunk> {
    let fits = |start: usize, end: usize| {
        let text = &answer[start..end];
        text.chars().count() <= MAX_CHUNK_CHARS && estimate_word_pieces(text) <= MAX_CHUNK_PIECES
    };
    let mut chunks = Vec::new();
    let mut start = skip_space(answer, 0);
    let mut end = start;
    for boundary in sentence_ends(answer) {
        if boundary <= end {
            continue;
        }
        if fits(start, boundary) {
            end = boundary;
            continue;
        }
        if end > start {
            chunks.push(Chunk { start: start as u32, end: trim_end(answer, start, end) as u32 });
            start = skip_space(answer, end);
        }
        // The sentence alone may still be too long: cut it between words.
        while !fits(start, boundary) {
            let cut = last_word_break_that_fits(answer, start, boundary, &fits);
            chunks.push(Chunk { start: start as u32, end: trim_end(answer, start, cut) as u32 });
            start = skip_space(answer, cut);
        }
        end = boundary;
    }
    if trim_end(answer, start, end) > start {
        chunks.push(Chunk { start: start as u32, end: trim_end(answer, start, end) as u32 });
    }
    chunks
}

/// Byte offsets just after each sentence or line end, and the end of the text.
fn sentence_ends(text: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut prev: Option<char> = None;
    for (i, c) in text.char_indices() {
        if c == '\n' || (c.is_whitespace() && matches!(prev, Some('.' | '!' | '?' | ':' | ';'))) {
            ends.push(i);
        }
        prev = Some(c);
    }
    ends.push(text.len());
    ends
}

fn last_word_break_that_fits(text: &str, start: usize, limit: usize, fits: &dyn Fn(usize, usize) -> bool) -> usize {
    let mut best = None;
    for (i, c) in text[start..limit].char_indices() {
        let at = start + i;
        if c.is_whitespace() && at > start {
            if fits(start, at) {
                best = Some(at);
            } else {
                break;
            }
        }
    }
    // No break fits (one enormous word): cut at the largest char boundary that fits.
    best.unwrap_or_else(|| {
        let mut at = start;
        for (i, c) in text[start..limit].char_indices() {
            let next = start + i + c.len_utf8();
            if !fits(start, next) {
                break;
            }
            at = next;
        }
        at.max(start + text[start..].chars().next().map_or(1, char::len_utf8))
    })
}

fn skip_space(text: &str, from: usize) -> usize {
    from + text[from..].len() - text[from..].trim_start().len()
}

fn trim_end(text: &str, start: usize, end: usize) -> usize {
    start + text[start..end].trim_end().len()
}

/// Site notices and link lists in MedQuAD answers: they name no medical fact, so they are never
/// quoted as an answer.
const BOILERPLATE: &[&str] = &[
    "these resources address the diagnosis or management of",
    "these resources from medlineplus offer information",
    "images and logos on this website",
    "trademark",
    "genetic testing registry:",
    "gene review:",
];

/// Whether a passage or sentence is a site notice or a list of links rather than medical text.
pub fn is_boilerplate(text: &str) -> bool {
    let lower = text.to_lowercase();
    BOILERPLATE.iter().any(|marker| lower.contains(marker))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(answer: &'a str, chunks: &[Chunk]) -> Vec<&'a str> {
        chunks.iter().map(|c| &answer[c.start as usize..c.end as usize]).collect()
    }

    #[test]
    fn link_lists_and_site_notices_are_boilerplate() {
        assert!(is_boilerplate("These resources address the diagnosis or management of Aarskog-Scott syndrome:\n- Genetic Testing Registry: Aarskog syndrome"));
        assert!(is_boilerplate(
            "Images and logos on this website which are trademarked/copyrighted are not in the public domain."
        ));
        assert!(!is_boilerplate(
            "Gout is a painful form of arthritis that occurs when uric acid builds up in the joints."
        ));
    }

    #[test]
    fn short_answers_are_one_chunk() {
        let answer = "Diabetes is a disease in which blood glucose levels are above normal.";
        assert_eq!(texts(answer, &chunk_answer(answer)), vec![answer]);
    }

    #[test]
    fn long_answers_split_on_sentences_within_limits() {
        let sentence = "Metformin lowers blood glucose by reducing hepatic glucose production. ";
        let answer = sentence.repeat(40);
        let chunks = chunk_answer(&answer);
        assert!(chunks.len() > 2);
        for text in texts(&answer, &chunks) {
            assert!(text.chars().count() <= MAX_CHUNK_CHARS);
            assert!(estimate_word_pieces(text) <= MAX_CHUNK_PIECES);
            assert!(text.ends_with('.'), "chunk should end at a sentence: {text:?}");
        }
        // Nothing is lost: the chunks cover every word.
        let rejoined: String = texts(&answer, &chunks).join(" ");
        assert_eq!(rejoined.split_whitespace().count(), answer.split_whitespace().count());
    }

    #[test]
    fn a_giant_sentence_or_word_is_still_cut() {
        let answer = format!("{} {}", "word ".repeat(2000), "x".repeat(5000));
        let chunks = chunk_answer(&answer);
        for text in texts(&answer, &chunks) {
            assert!(text.chars().count() <= MAX_CHUNK_CHARS);
            assert!(estimate_word_pieces(text) <= MAX_CHUNK_PIECES);
            assert!(!text.is_empty());
        }
        let visible = |t: &str| t.chars().filter(|c| !c.is_whitespace()).count();
        let kept: usize = texts(&answer, &chunks).iter().map(|t| visible(t)).sum();
        assert_eq!(kept, visible(&answer), "no character may be lost");
    }

    #[test]
    fn empty_and_korean_answers() {
        assert!(chunk_answer("").is_empty());
        assert!(chunk_answer("  \n ").is_empty());
        let ko = "당뇨병은 혈당이 높은 질환입니다. ".repeat(100);
        for text in texts(&ko, &chunk_answer(&ko)) {
            assert!(estimate_word_pieces(text) <= MAX_CHUNK_PIECES);
        }
    }

    #[test]
    fn malformed_lines_are_named() {
        let err = parse_jsonl("{\"id\":\"a\"}\n").unwrap_err();
        assert!(err.starts_with("corpus line 1:"), "{err}");
    }
}
