//! A long message split into windows the sentence model reads whole.
//!
//! all-MiniLM-L6-v2 was trained on inputs of at most 128 word pieces and the embedder cuts a text at 256,
//! so a long message embedded at once is summarised badly and its end (where the question often is)
//! may never be read. A message longer than [`WINDOW_PIECES`] is therefore searched as windows:
//! consecutive sentences grouped greedily up to that many word pieces (a sentence longer than that is
//! a window alone, and the embedder cuts it). Each window is embedded and searched beside the whole
//! message; a chunk scores half its similarity to the whole message plus half its best window's
//! (`vectors::LocalVectors::nearest_to_any`).

/// Word pieces per window: the length the sentence model was trained on.
pub const WINDOW_PIECES: usize = 128;

/// The sentences of `text`: split after `.`, `?` or `!` followed by white space, and at line breaks;
/// each trimmed, empty ones left out.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next_is_space = chars.peek().is_none_or(|&(_, n)| n.is_whitespace());
        if c == '\n' || (matches!(c, '.' | '?' | '!') && next_is_space) {
            let end = at + c.len_utf8();
            found.push(text[start..end].trim());
            start = end;
        }
    }
    found.push(text[start..].trim());
    found.retain(|s| !s.is_empty());
    found
}

/// `text` as windows of whole sentences of at most `max_pieces` word pieces each (`pieces` counts a
/// text's word pieces); a text within the budget is one window, itself.
pub fn windows(text: &str, max_pieces: usize, pieces: impl Fn(&str) -> usize) -> Vec<String> {
    if pieces(text) <= max_pieces {
        return vec![text.to_string()];
    }
    let mut windows: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut current_pieces = 0;
    for sentence in sentences(text) {
        let n = pieces(sentence);
        if !current.is_empty() && current_pieces + n > max_pieces {
            windows.push(std::mem::take(&mut current));
            current_pieces = 0;
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(sentence);
        current_pieces += n;
    }
    if !current.is_empty() {
        windows.push(current);
    }
    windows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> usize {
        text.split_whitespace().count()
    }

    #[test]
    fn sentences_end_at_stops_and_line_breaks_not_inside_numbers() {
        let text = "Subject: dizzy\n\nI take 2.5 mg a day. Is that a lot? Thanks!";
        assert_eq!(sentences(text), ["Subject: dizzy", "I take 2.5 mg a day.", "Is that a lot?", "Thanks!"]);
    }

    #[test]
    fn a_short_message_is_one_window_and_a_long_one_keeps_its_last_question() {
        assert_eq!(windows("What causes gout?", 8, words), ["What causes gout?"]);
        let long = "I am 58. My feet hurt a lot at night. My doctor said uric acid. What causes gout?";
        let split = windows(long, 8, words);
        // 3 + 7 words would pass 8: each window holds whole sentences, the question with its neighbour.
        assert_eq!(split, ["I am 58.", "My feet hurt a lot at night.", "My doctor said uric acid. What causes gout?"]);
        assert!(split.iter().all(|w| words(w) <= 8));
    }
}
