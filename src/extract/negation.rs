//! Whether a concept mention is negated ("no fever", "denies chest pain", "열은 없어요").
//! English negators come shortly before the mention; Korean ones shortly after it, in the same clause.

const EN_BEFORE: &[&str] = &[
    "no ",
    "not ",
    "denies ",
    "denied ",
    "without ",
    "never had ",
    "don't have ",
    "do not have ",
    "doesn't have ",
    "free of ",
    "negative for ",
    "no history of ",
    "never ",
    "haven't had ",
    "not having ",
];
const KO_AFTER: &[&str] = &["없", "아니", "안 ", "않", "음성", "아닙"];

/// Whether the mention at `start..end` of `text` is negated.
pub fn is_negated(text: &str, start: usize, end: usize) -> bool {
    let (clause_start, clause_end) = super::patterns::clause_around(text, start, end);
    let before = text[clause_start..start].to_lowercase();
    // The negator must be within the last few words before the mention.
    let near: String =
        before.split_whitespace().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" ")
            + " ";
    if EN_BEFORE.iter().any(|n| near.contains(n)) {
        return true;
    }
    let after: String = text[end..clause_end].chars().take(12).collect();
    KO_AFTER.iter().any(|n| after.contains(n))
}

#[cfg(test)]
mod tests {
    use super::is_negated;

    fn negated(text: &str, word: &str) -> bool {
        let start = text.find(word).unwrap();
        is_negated(text, start, start + word.len())
    }

    #[test]
    fn english_and_korean_negation() {
        assert!(negated("no fever today", "fever"));
        assert!(negated("Patient denies chest pain.", "chest pain"));
        assert!(negated("I don't have diabetes", "diabetes"));
        assert!(negated("열은 없어요", "열"));
        assert!(negated("두통은 없고 기침이 나요", "두통"));
        assert!(!negated("두통은 없고 기침이 나요", "기침"));
        assert!(!negated("I have a fever, no cough", "fever"));
        assert!(!negated("당뇨가 있어요", "당뇨"));
        assert!(!negated("Not sure, but I have asthma", "asthma"));
    }
}
