//! The prompts' fixed texts: `prompts.txt`, a file of the site like the word lists a message is read
//! with (natively built in; the page fetches and installs it before the first message).

use crate::core::site::{site_text, SiteText};

/// The prompts' fixed texts (a line `## name` starts each).
pub static PROMPTS: SiteText = site_text!("triage/prompts.txt", "prompts.sha256", include_str!("prompts.txt"));

/// The fixed text called `name` in [`PROMPTS`]; the tests check every name has one.
pub fn fixed(name: &str) -> &'static str {
    let text = PROMPTS.text();
    let head = format!("## {name}\n");
    let start = text
        .match_indices(&head)
        .find(|(at, _)| *at == 0 || text[..*at].ends_with('\n'))
        .map(|(at, said)| at + said.len())
        .unwrap_or_else(|| panic!("{} has no text {name}", PROMPTS.file.path));
    let end = text[start..].find("\n## ").map_or(text.len(), |e| start + e);
    text[start..end].trim_end()
}

/// The fixed text `name` with each `{key}` in it that `values` names filled in by its value; other
/// braces (a JSON example) stay as written.
pub fn filled(name: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut rest = fixed(name);
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after
            .find('}')
            .and_then(|close| values.iter().find(|(key, _)| *key == &after[..close]).map(|(_, value)| (close, value)));
        match value {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::filled;

    #[test]
    fn a_fixed_text_is_filled_in_where_it_names_a_value_and_keeps_other_braces() {
        let plan = filled("plan", &[("profile", "age 70 {x}"), ("answer_language", "English")]);
        assert!(plan.contains("Patient profile:\nage 70 {x}\n"), "{plan}");
        assert!(plan.ends_with("\"constraints\": [\"answer in English\"]}"), "{plan}");
        assert!(!plan.contains("{profile}") && !plan.contains("{answer_language}"));
        let urgent = filled("triage.urgent.ko", &[("what", "흉통"), ("n", "119")]);
        assert!(urgent.contains("상황(흉통)") && urgent.contains("119에 전화"), "{urgent}");
    }
}
