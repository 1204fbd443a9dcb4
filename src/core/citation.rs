//! The one reader of source citations: `[n]`, a source number from 1 to 999 in square brackets, as
//! the prompts ask a model to cite and the offline responder writes. `[1][2]` is two citations;
//! `[1, 2]` and `[0]` are none.

/// The citation at the start of `text`: its number and its length in bytes.
pub fn at(text: &str) -> Option<(usize, usize)> {
    let inner = text.strip_prefix('[')?;
    let digits = inner.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=3).contains(&digits) || !inner[digits..].starts_with(']') {
        return None;
    }
    let n: usize = inner[..digits].parse().ok()?;
    (n > 0).then_some((n, digits + 2))
}

/// The numbers of the citations in `text`, in order, repeats included.
pub fn citations(text: &str) -> Vec<usize> {
    text.match_indices('[').filter_map(|(i, _)| at(&text[i..]).map(|(n, _)| n)).collect()
}

/// The sources among the first `sources` that `text` cites, each once, in number order.
pub fn cited(text: &str, sources: usize) -> Vec<usize> {
    let mut cited: Vec<usize> = citations(text).into_iter().filter(|n| *n <= sources).collect();
    super::order::sort_by(&mut cited, usize::cmp);
    cited.dedup();
    cited
}

/// `text` without its citations.
pub fn strip(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('[') {
        out.push_str(&rest[..i]);
        match at(&rest[i..]) {
            Some((_, len)) => rest = &rest[i + len..],
            None => {
                out.push('[');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_are_bracketed_source_numbers() {
        assert_eq!(citations("Gout hurts [2]. It is treated [2][3]. See [9]."), [2, 2, 3, 9]);
        assert_eq!(cited("Gout hurts [2]. It is treated [2][3]. See [9].", 3), [2, 3]);
        assert!(citations("[1, 2] [0] [1234] [a] [] [12").is_empty());
        assert_eq!(at("[12] rest"), Some((12, 4)));
        assert_eq!(strip("Gout [1] hurts [x] [2][3]."), "Gout  hurts [x] .");
    }
}
