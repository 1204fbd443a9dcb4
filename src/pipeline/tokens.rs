//! Token estimation for the context budget, without shipping a tokenizer: English words and numbers
//! cost about one token each plus extra for long words; each Hangul syllable about one token;
//! punctuation one; other scripts one per character. Checked against cl100k in tests/tokens.rs.

/// Estimated tokens of `text` in the cl100k tokenizer.
pub fn estimate(text: &str) -> usize {
    let mut tokens = 0.0f64;
    let mut word = 0usize;
    let flush = |word: &mut usize, tokens: &mut f64| {
        if *word > 0 {
            // cl100k keeps common words whole and splits long ones into pieces of about 4-6 letters.
            *tokens += 1.0 + (*word as f64 - 6.0).max(0.0) / 5.0;
            *word = 0;
        }
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word += 1;
            continue;
        }
        flush(&mut word, &mut tokens);
        if c.is_whitespace() {
            continue;
        }
        tokens += if ('\u{AC00}'..='\u{D7A3}').contains(&c) {
            1.0
        } else if c.is_ascii_punctuation() {
            0.8
        } else {
            1.0
        };
    }
    flush(&mut word, &mut tokens);
    tokens.round() as usize
}

/// Cuts `text` to about `budget` tokens at a word boundary, marking the cut.
pub fn truncate(text: &str, budget: usize) -> String {
    if estimate(text) <= budget {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split_inclusive(char::is_whitespace) {
        if estimate(&out) + estimate(word) > budget.saturating_sub(1) {
            break;
        }
        out.push_str(word);
    }
    format!("{}…", out.trim_end())
}
