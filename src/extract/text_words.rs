//! The word lists and regular expressions extraction reads with, by name (`text_words.tsv`, whose
//! header says the format): natively built in; the app fetches the file from the site before the
//! first message, so its wasm does not carry them.

use crate::core::site::{site_text, SiteText};

pub static TEXT_WORDS: SiteText =
    site_text!("triage/text_words.tsv", "text_words.sha256", include_str!("text_words.tsv"));

#[cfg(test)]
mod tests {
    #[test]
    fn every_name_has_its_line_and_every_line_is_read() {
        let sources = [
            include_str!("mod.rs"),
            include_str!("negation.rs"),
            include_str!("patterns.rs"),
            include_str!("subject.rs"),
        ];
        let (patterns, words) =
            crate::core::site::check_named_lines(&super::TEXT_WORDS, "TEXT_WORDS", &sources, &["relation"]);
        assert!(patterns > 20 && words > 30, "{patterns} {words}");
        assert!(crate::extract::relations().len() > 20);
    }
}
