//! Turning classification labels into names people type: "Essential (primary) hypertension" ->
//! "essential hypertension"; "Headache, unspecified" -> "headache"; labels that describe a residual
//! group ("Other disorders of ...", "... not elsewhere classified") or a combination ("... with ...",
//! "... due to ...") are not match names at all.

/// Words that mark a residual or combined category in English labels.
const EN_REJECT: &[&str] = &[
    "other",
    "due to",
    " with ",
    " without ",
    "not elsewhere",
    " nec",
    "specified",
    "unknown",
    " and ",
    " or ",
    "of multiple",
    "sequelae",
    "history of",
    "encounter",
    "personal",
    "family",
    "complicating",
    ":",
    ";",
];
/// The same for Korean labels (기타 "other", 및 "and", 달리 분류되지 않은 "not elsewhere classified" ...).
const KO_REJECT: &[&str] =
    &["기타", "및", "달리 분류", "명시", "상세불명", "의한", "동반", "합병", "후유증", "병력", "또는"];

/// Removes parenthesised and bracketed parts and NOS / NEC / unspecified markers; collapses spaces.
fn strip_qualifiers(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    let mut depth = 0;
    for c in label.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = (depth - 1).max(0),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let mut name = out.replace(", NOS", "").replace(" NOS", "").replace(", NEC", "").replace(", unspecified", "");
    for suffix in [" unspecified", ", not otherwise specified"] {
        if let Some(s) = name.strip_suffix(suffix) {
            name = s.to_string();
        }
    }
    name.split_whitespace().collect::<Vec<_>>().join(" ").trim_matches([',', '.', ' ', '-']).to_string()
}

/// A match name from an English classification label, or `None` if people would not type it.
pub fn english(label: &str) -> Option<String> {
    let name = strip_qualifiers(label);
    let lower = format!(" {} ", name.to_lowercase());
    let words = name.split_whitespace().count();
    let ok = name.chars().count() >= 3
        && name.chars().count() <= 40
        && words <= 5
        && !EN_REJECT.iter().any(|r| lower.contains(r))
        && name.chars().next().is_some_and(char::is_alphabetic);
    ok.then_some(name)
}

/// A match name from a Korean classification label, or `None`.
pub fn korean(label: &str) -> Option<String> {
    let name = strip_qualifiers(label);
    let ok = name.chars().count() >= 2 && name.chars().count() <= 16 && !KO_REJECT.iter().any(|r| name.contains(r));
    ok.then_some(name)
}

/// A match name from a DrugBank drug name: short, plain names only (no salts lists, codes, formulas).
pub fn drug(name: &str) -> Option<String> {
    let words = name.split_whitespace().count();
    let plain = name.chars().all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '-');
    (plain && words <= 2 && (4..=30).contains(&name.len())).then(|| name.to_string())
}

/// A name compared case-, apostrophe- and space-insensitively ("Crohn’s disease" = "crohn's disease").
pub fn comparable(name: &str) -> String {
    name.replace(['’', '´'], "'").split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The display form of a label: qualifiers removed, but kept even when it is no match name.
pub fn display(label: &str) -> String {
    let name = strip_qualifiers(label);
    if name.is_empty() {
        label.to_string()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_labels_are_cleaned() {
        assert_eq!(english("Essential (primary) hypertension").as_deref(), Some("Essential hypertension"));
        assert_eq!(english("Headache, unspecified").as_deref(), Some("Headache"));
        assert_eq!(english("Zoster [herpes zoster]").as_deref(), Some("Zoster"));
        assert_eq!(english("diabetes NOS").as_deref(), Some("diabetes"));
        // "Not elsewhere classified" is no word of the disease: the search would look for it.
        assert_eq!(display("Fatty liver, NEC"), "Fatty liver");
        assert_eq!(english("Type 2 diabetes mellitus without complications"), None);
        assert_eq!(english("Other disorders of urinary system"), None);
        assert_eq!(english("Nausea and vomiting"), None);
        assert_eq!(english("Cholera due to Vibrio cholerae 01, biovar cholerae"), None);
        assert_eq!(english("Ab"), None);
    }

    #[test]
    fn korean_labels_are_cleaned() {
        assert_eq!(korean("본태성(원발성) 고혈압").as_deref(), Some("본태성 고혈압"));
        assert_eq!(korean("편두통").as_deref(), Some("편두통"));
        assert_eq!(korean("기타 및 원인미상의 열"), None);
        assert_eq!(korean("상세불명의 당뇨병"), None);
    }

    #[test]
    fn drug_names_are_plain() {
        assert_eq!(drug("Metformin").as_deref(), Some("Metformin"));
        assert_eq!(drug("Insulin glargine").as_deref(), Some("Insulin glargine"));
        assert_eq!(drug("[Leu1, Thr2]-63-desulfohirudin"), None);
        assert_eq!(drug("Ado-trastuzumab emtansine conjugate"), None);
    }
}
