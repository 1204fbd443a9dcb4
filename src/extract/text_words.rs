//! The word lists and regular expressions extraction reads with, by name (`text_words.tsv`, whose
//! header says the format): natively built in; the app fetches the file from the site before the
//! first message, so its wasm does not carry them.

use crate::core::site::{site_text, SiteText};

pub static TEXT_WORDS: SiteText =
    site_text!("triage/text_words.tsv", "text_words.sha256", include_str!("text_words.tsv"));

#[cfg(test)]
mod tests {
    use super::TEXT_WORDS;

    /// The names each of extraction's sources reads from the file with `macro!(TEXT_WORDS, name)`.
    fn named(macro_name: &str) -> Vec<&'static str> {
        let sources = [
            include_str!("mod.rs"),
            include_str!("negation.rs"),
            include_str!("patterns.rs"),
            include_str!("subject.rs"),
        ];
        let call = format!("{macro_name}!(TEXT_WORDS, ");
        let names = sources.iter().flat_map(|s| s.lines()).filter_map(|l| {
            let name = l.trim_start().strip_prefix(call.as_str())?.strip_suffix(");")?;
            Some(name.strip_prefix("pub ").unwrap_or(name))
        });
        names.collect()
    }

    #[test]
    fn every_name_has_its_line_and_every_line_is_read() {
        let patterns = named("site_pattern");
        let words = named("site_words");
        assert!(patterns.len() > 20 && words.len() > 30, "{} {}", patterns.len(), words.len());
        for name in &patterns {
            regex_lite::Regex::new(TEXT_WORDS.line(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        for name in &words {
            assert!(TEXT_WORDS.line(name).split('\t').all(|w| !w.is_empty()), "{name} has an empty word");
        }
        for line in TEXT_WORDS.text().lines().filter(|l| !l.starts_with('#')) {
            let name = line.split('\t').next().unwrap_or_default();
            assert!(patterns.contains(&name) || words.contains(&name), "no code reads line {name}");
        }
    }
}
