//! A small, safe Markdown reader for model answers and evidence passages.
//!
//! It turns text into plain data ([`Block`]s of [`Inline`]s) that the app renders node by node, so no
//! raw HTML from a model or a document can ever reach the DOM: `<img onerror=...>` stays literal text.
//! Links keep only `http:`, `https:` and `mailto:` targets; anything else (`javascript:`, `data:`)
//! is shown as plain text. `[1]`-style markers become [`Inline::Citation`]s.
//!
//! Supported: paragraphs, `#` headings, `-`/`*`/`+` and `1.` lists, `**bold**`, `*italic*`/`_italic_`,
//! `` `code` ``, `[text](url)` links, bare `https://` URLs, and `[n]` citations. Everything else is text.

/// A block of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A heading of level 1-6.
    Heading(u8, Vec<Inline>),
    Paragraph(Vec<Inline>),
    /// A list; `ordered` lists number their items.
    List {
        ordered: bool,
        items: Vec<Vec<Inline>>,
    },
}

/// A run of text inside a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    Strong(Vec<Inline>),
    Emphasis(Vec<Inline>),
    Code(String),
    /// A link whose target passed [`safe_url`].
    Link {
        text: Vec<Inline>,
        url: String,
    },
    /// A source marker `[n]` (1-based), which the app turns into a button opening source n.
    Citation(usize),
    /// A forced line break inside a paragraph (a single newline in the source).
    Break,
}

/// Parses `text` into blocks. Never fails: whatever is not understood is kept as text.
pub fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut list: Option<(bool, Vec<Vec<Inline>>)> = None;

    let flush_paragraph = |paragraph: &mut Vec<&str>, blocks: &mut Vec<Block>| {
        if !paragraph.is_empty() {
            blocks.push(Block::Paragraph(parse_inline_lines(paragraph)));
            paragraph.clear();
        }
    };
    let flush_list = |list: &mut Option<(bool, Vec<Vec<Inline>>)>, blocks: &mut Vec<Block>| {
        if let Some((ordered, items)) = list.take() {
            blocks.push(Block::List { ordered, items });
        }
    };

    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush_paragraph(&mut paragraph, &mut blocks);
            flush_list(&mut list, &mut blocks);
            continue;
        }
        if let Some((level, rest)) = heading(trimmed) {
            flush_paragraph(&mut paragraph, &mut blocks);
            flush_list(&mut list, &mut blocks);
            blocks.push(Block::Heading(level, parse_inline(rest)));
            continue;
        }
        if let Some((ordered, rest)) = list_item(trimmed) {
            flush_paragraph(&mut paragraph, &mut blocks);
            match &mut list {
                Some((kind, items)) if *kind == ordered => items.push(parse_inline(rest)),
                _ => {
                    flush_list(&mut list, &mut blocks);
                    list = Some((ordered, vec![parse_inline(rest)]));
                }
            }
            continue;
        }
        // A continuation line of a list item joins the item; otherwise it starts a paragraph.
        if let Some((_, items)) = &mut list {
            if line.starts_with(' ') || line.starts_with('\t') {
                if let Some(last) = items.last_mut() {
                    last.push(Inline::Text(" ".into()));
                    last.extend(parse_inline(trimmed));
                    continue;
                }
            }
            flush_list(&mut list, &mut blocks);
        }
        paragraph.push(trimmed);
    }
    flush_paragraph(&mut paragraph, &mut blocks);
    flush_list(&mut list, &mut blocks);
    blocks
}

/// The plain text of inlines (for copying, search and accessibility labels).
pub fn plain_text(inlines: &[Inline]) -> String {
    let mut out = String::new();
    for inline in inlines {
        match inline {
            Inline::Text(t) | Inline::Code(t) => out.push_str(t),
            Inline::Strong(inner) | Inline::Emphasis(inner) | Inline::Link { text: inner, .. } => {
                out.push_str(&plain_text(inner))
            }
            Inline::Citation(n) => out.push_str(&format!("[{n}]")),
            Inline::Break => out.push('\n'),
        }
    }
    out
}

/// The URL if it is safe to put in an `href`: absolute http(s) or mailto, no control characters.
pub fn safe_url(url: &str) -> Option<&str> {
    let url = url.trim();
    if url.chars().any(|c| c.is_control() || c == '"' || c == '<' || c == '>') {
        return None;
    }
    let lower = url.to_ascii_lowercase();
    let allowed = ["https://", "http://", "mailto:"].iter().any(|scheme| lower.starts_with(scheme));
    (allowed && url.len() > 8).then_some(url)
}

fn heading(line: &str) -> Option<(u8, &str)> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
        Some((hashes as u8, line[hashes..].trim()))
    } else {
        None
    }
}

fn list_item(line: &str) -> Option<(bool, &str)> {
    for bullet in ["- ", "* ", "+ ", "• "] {
        if let Some(rest) = line.strip_prefix(bullet) {
            return Some((false, rest.trim()));
        }
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=3).contains(&digits) {
        let rest = &line[digits..];
        if let Some(rest) = rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") ")) {
            return Some((true, rest.trim()));
        }
    }
    None
}

fn parse_inline_lines(lines: &[&str]) -> Vec<Inline> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push(Inline::Break);
        }
        out.extend(parse_inline(line));
    }
    out
}

/// Parses the inline markup of one line.
fn parse_inline(text: &str) -> Vec<Inline> {
    let mut out: Vec<Inline> = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let parsed = match c {
            '`' => code_span(rest),
            '*' => emphasis(rest),
            // Underscores inside words (snake_case, file names) are not emphasis.
            '_' if !plain.ends_with(|p: char| p.is_alphanumeric()) => emphasis(rest),
            '[' => citation(rest).or_else(|| link(rest)),
            'h' | 'H' => bare_url(rest),
            _ => None,
        };
        match parsed {
            Some((inline, used)) => {
                if !plain.is_empty() {
                    out.push(Inline::Text(std::mem::take(&mut plain)));
                }
                out.push(inline);
                rest = &rest[used..];
            }
            None => {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if !plain.is_empty() {
        out.push(Inline::Text(plain));
    }
    out
}

fn code_span(s: &str) -> Option<(Inline, usize)> {
    let end = s[1..].find('`')? + 1;
    (end > 1).then(|| (Inline::Code(s[1..end].to_string()), end + 1))
}

fn emphasis(s: &str) -> Option<(Inline, usize)> {
    let marker = &s[..1];
    let double = format!("{marker}{marker}");
    if let Some(body) = s.strip_prefix(double.as_str()) {
        let end = body.find(double.as_str())?;
        if end == 0 {
            return None;
        }
        return Some((Inline::Strong(parse_inline(&body[..end])), end + 4));
    }
    let body = &s[1..];
    // `*` or `_` followed by a space is not emphasis ("2 * 3", bullet-like text).
    if body.starts_with(' ') {
        return None;
    }
    let end = body.find(marker)?;
    if end == 0 || body[..end].ends_with(' ') {
        return None;
    }
    Some((Inline::Emphasis(parse_inline(&body[..end])), end + 2))
}

/// A citation ([`crate::core::citation`]), unless it is a link's text (`[1](url)`).
fn citation(s: &str) -> Option<(Inline, usize)> {
    let (n, len) = crate::core::citation::at(s)?;
    (!s[len..].starts_with('(')).then_some((Inline::Citation(n), len))
}

fn link(s: &str) -> Option<(Inline, usize)> {
    let close = s.find("](")?;
    let text = &s[1..close];
    if text.contains('[') {
        return None;
    }
    let after = &s[close + 2..];
    let end = after.find(')')?;
    let url = &after[..end];
    let used = close + 2 + end + 1;
    match safe_url(url) {
        Some(url) => Some((Inline::Link { text: parse_inline(text), url: url.to_string() }, used)),
        // An unsafe target keeps its words but loses the link.
        None => Some((Inline::Text(text.to_string()), used)),
    }
}

fn bare_url(s: &str) -> Option<(Inline, usize)> {
    let lower_prefix = s.get(..8)?.to_ascii_lowercase();
    if !(lower_prefix.starts_with("https://") || lower_prefix.starts_with("http://")) {
        return None;
    }
    let end = s.find(|c: char| c.is_whitespace() || c == '<' || c == '>' || c == '"').unwrap_or(s.len());
    // Trailing punctuation belongs to the sentence, not the URL.
    let url = s[..end].trim_end_matches(['.', ',', ')', ';', ':', '!', '?']);
    let url = safe_url(url)?;
    Some((Inline::Link { text: vec![Inline::Text(url.to_string())], url: url.to_string() }, url.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Inline {
        Inline::Text(s.to_string())
    }

    #[test]
    fn raw_html_stays_text() {
        let blocks = parse("Hello <img src=x onerror=alert(1)> <script>alert(2)</script>");
        assert_eq!(
            blocks,
            vec![Block::Paragraph(vec![text("Hello <img src=x onerror=alert(1)> <script>alert(2)</script>")])]
        );
    }

    #[test]
    fn javascript_and_data_links_lose_their_target() {
        let blocks =
            parse("[click](javascript:alert(1)) and [x](data:text/html,hi) and [ok](https://medlineplus.gov/a)");
        let Block::Paragraph(inlines) = &blocks[0] else { panic!() };
        assert_eq!(inlines[0], text("click"));
        assert!(inlines.iter().all(|i| !matches!(i, Inline::Link { url, .. } if !url.starts_with("https://"))));
        assert!(inlines.iter().any(|i| matches!(i, Inline::Link { url, .. } if url == "https://medlineplus.gov/a")));
        assert_eq!(safe_url("JAVASCRIPT:alert(1)"), None);
        assert_eq!(safe_url("https://x.org/\u{0}"), None);
        assert_eq!(safe_url("https://x.org/\"onmouseover=1"), None);
    }

    #[test]
    fn citations_and_emphasis() {
        let blocks = parse("Metformin is first-line **for type 2 diabetes** [1][2]. See *also* `HbA1c` [12].");
        let Block::Paragraph(inlines) = &blocks[0] else { panic!() };
        assert_eq!(
            inlines,
            &vec![
                text("Metformin is first-line "),
                Inline::Strong(vec![text("for type 2 diabetes")]),
                text(" "),
                Inline::Citation(1),
                Inline::Citation(2),
                text(". See "),
                Inline::Emphasis(vec![text("also")]),
                text(" "),
                Inline::Code("HbA1c".into()),
                text(" "),
                Inline::Citation(12),
                text("."),
            ]
        );
    }

    #[test]
    fn lists_headings_and_paragraphs() {
        let blocks = parse("## 증상\n- 갈증 [1]\n- 잦은 소변\n  (특히 밤에)\n\n1. First\n2. Second\nafter");
        assert_eq!(blocks[0], Block::Heading(2, vec![text("증상")]));
        let Block::List { ordered: false, items } = &blocks[1] else { panic!("{blocks:?}") };
        assert_eq!(items.len(), 2);
        assert_eq!(plain_text(&items[1]), "잦은 소변 (특히 밤에)");
        let Block::List { ordered: true, items } = &blocks[2] else { panic!("{blocks:?}") };
        assert_eq!(items.len(), 2);
        assert_eq!(blocks[3], Block::Paragraph(vec![text("after")]));
    }

    #[test]
    fn odd_input_is_kept_as_text() {
        for s in ["", "*", "**", "[", "[]", "[0]", "`", "2 * 3 * 4", "a_b_c", "🙂🙂", "[1](", "](x)"] {
            let blocks = parse(s);
            let all: String = blocks
                .iter()
                .map(|b| match b {
                    Block::Paragraph(i) | Block::Heading(_, i) => plain_text(i),
                    Block::List { items, .. } => items.iter().map(|i| plain_text(i)).collect(),
                })
                .collect();
            assert_eq!(all.replace('\n', ""), s.trim(), "input {s:?} gave {blocks:?}");
        }
    }

    #[test]
    fn bare_urls_become_links_without_trailing_punctuation() {
        let blocks = parse("Read https://www.nhlbi.nih.gov/health/hbp.");
        let Block::Paragraph(inlines) = &blocks[0] else { panic!() };
        assert!(matches!(&inlines[1], Inline::Link { url, .. } if url == "https://www.nhlbi.nih.gov/health/hbp"));
        assert_eq!(inlines[2], text("."));
    }

    #[test]
    fn a_hundred_kilobytes_parse() {
        let big = "당뇨 diabetes **bold** [1] <b>x</b>\n".repeat(3000);
        let blocks = parse(&big);
        assert_eq!(blocks.len(), 1);
    }
}
