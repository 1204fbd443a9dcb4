//! The words a pattern cannot match without: a cheap test before the regex runs.
//!
//! Why: the concept table holds some two hundred patterns and `regex_lite` has no literal
//! prefilter, so each pattern walked every byte of every message (a long message took over 10 ms).
//! Most patterns need one of a few words ("chest", "가슴", "sweat"); a message without any of them
//! cannot match, and `str::contains` rules that out in microseconds.
//!
//! [`cues`] reads the pattern itself (the subset of regex syntax the tables use: literals, escapes,
//! groups, alternation, classes, quantifiers) and returns a set of literals of which every match
//! contains at least one, or `None` when it cannot tell (then the regex always runs). It is exact by
//! construction, never a hand-kept list that could fall behind an edited pattern.

/// A set of literals every match contains one of; `None`: no such set is known.
type Cues = Option<Vec<String>>;

/// The literals every match of `pattern` contains one of, when the pattern allows telling.
pub fn cues(pattern: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut parser = Parser { chars: &chars, at: 0 };
    let found = parser.alternation()?;
    // Unbalanced or unknown syntax: no cue rather than a wrong one.
    if parser.at != chars.len() {
        return None;
    }
    found.filter(|set| !set.is_empty() && set.iter().all(|l| !l.is_empty()))
}

/// Whether `text` holds one of `cues`.
pub fn any_in(cues: &[String], text: &str) -> bool {
    cues.iter().any(|c| text.contains(c.as_str()))
}

struct Parser<'a> {
    chars: &'a [char],
    at: usize,
}

/// What one item of a sequence says: the literal it is (one char, when it is exactly that), the
/// cues it needs, and whether it matches nothing at all (`\b`, `^`, `$`: the literal run goes on).
struct Item {
    literal: Option<char>,
    cues: Cues,
    zero_width: bool,
}

/// The more selective of two cue sets: the longer shortest literal, then the fewer literals.
fn better(a: Cues, b: Cues) -> Cues {
    match (a, b) {
        (Some(a), Some(b)) => {
            let shortest = |s: &[String]| s.iter().map(|l| l.chars().count()).min().unwrap_or(0);
            let key = |s: &[String]| (shortest(s), std::cmp::Reverse(s.len()));
            Some(if key(&b) > key(&a) { b } else { a })
        }
        (a, None) => a,
        (None, b) => b,
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// Branches separated by `|`: a match contains a cue of the branch it took.
    /// `None` (outer): syntax this reader does not know.
    fn alternation(&mut self) -> Option<Cues> {
        let mut all: Cues = Some(Vec::new());
        loop {
            let branch = self.sequence()?;
            all = match (all, branch) {
                (Some(mut all), Some(branch)) => {
                    all.extend(branch);
                    Some(all)
                }
                _ => None,
            };
            if self.peek() == Some('|') {
                self.at += 1;
            } else {
                return Some(all);
            }
        }
    }

    /// Items in a row: the best of their cues and of the literal runs they spell.
    fn sequence(&mut self) -> Option<Cues> {
        let mut best: Cues = None;
        let mut run = String::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let item = self.item()?;
            let (min, quantified) = self.quantifier()?;
            if item.zero_width && !quantified {
                continue;
            }
            let end_run = |run: &mut String, best: Cues| {
                let taken = std::mem::take(run);
                if taken.is_empty() {
                    best
                } else {
                    better(best, Some(vec![taken]))
                }
            };
            match (item.literal, quantified, min) {
                (Some(ch), false, _) => run.push(ch),
                (Some(ch), true, 1..) => {
                    // Once at least, then maybe more: the run ends after one.
                    run.push(ch);
                    best = end_run(&mut run, best);
                }
                (_, _, 0) if quantified => best = end_run(&mut run, best),
                _ => {
                    best = end_run(&mut run, best);
                    best = better(best, item.cues);
                }
            }
        }
        let taken = std::mem::take(&mut run);
        Some(if taken.is_empty() { best } else { better(best, Some(vec![taken])) })
    }

    /// `?`, `*`, `+`, `{m}`, `{m,}`, `{m,n}`, each maybe lazy: (the least count, whether quantified).
    fn quantifier(&mut self) -> Option<(u32, bool)> {
        let min = match self.peek() {
            Some('?') | Some('*') => {
                self.at += 1;
                0
            }
            Some('+') => {
                self.at += 1;
                1
            }
            Some('{') => {
                let close = self.chars[self.at..].iter().position(|&c| c == '}')? + self.at;
                let inside: String = self.chars[self.at + 1..close].iter().collect();
                let min = inside.split(',').next()?.trim().parse().ok()?;
                self.at = close + 1;
                min
            }
            _ => return Some((1, false)),
        };
        if self.peek() == Some('?') {
            self.at += 1;
        }
        Some((min, true))
    }

    fn item(&mut self) -> Option<Item> {
        let c = self.peek()?;
        self.at += 1;
        let plain = |literal: Option<char>| Item { literal, cues: None, zero_width: false };
        Some(match c {
            '(' => {
                // Only non-capturing and plain groups: flags or look-arounds are not read here.
                if self.peek() == Some('?') {
                    if self.chars.get(self.at + 1) != Some(&':') {
                        return None;
                    }
                    self.at += 2;
                }
                let cues = self.alternation()?;
                if self.peek() != Some(')') {
                    return None;
                }
                self.at += 1;
                Item { literal: None, cues, zero_width: false }
            }
            '[' => {
                // A class is one of several characters: no literal. `]` first is a member.
                if self.peek() == Some('^') {
                    self.at += 1;
                }
                if self.peek() == Some(']') {
                    self.at += 1;
                }
                loop {
                    match self.peek()? {
                        '\\' => self.at += 2,
                        ']' => break,
                        _ => self.at += 1,
                    }
                }
                self.at += 1;
                plain(None)
            }
            '\\' => {
                let e = self.peek()?;
                self.at += 1;
                match e {
                    'b' | 'B' | 'A' | 'z' => Item { literal: None, cues: None, zero_width: true },
                    'w' | 'W' | 'd' | 'D' | 's' | 'S' | 'p' | 'P' | 'n' | 't' | 'r' | 'x' | 'u' => {
                        if matches!(e, 'p' | 'P' | 'x' | 'u') {
                            return None;
                        }
                        plain(None)
                    }
                    e if e.is_ascii_alphanumeric() => return None,
                    e => plain(Some(e)),
                }
            }
            '^' | '$' => Item { literal: None, cues: None, zero_width: true },
            '.' => plain(None),
            ')' | '|' | '*' | '+' | '?' | '{' => return None,
            c => plain(Some(c)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(p: &str) -> Option<Vec<String>> {
        cues(p).map(|mut v| {
            v.sort();
            v
        })
    }

    #[test]
    fn every_match_holds_a_cue() {
        assert_eq!(of(r"\bchest\W+(?:\w+\W+){0,3}?pain"), Some(vec!["chest".into()]));
        assert_eq!(of(r"\bsweat\w*|\bclammy\b"), Some(vec!["clammy".into(), "sweat".into()]));
        // An optional letter breaks the literal: "can't" and "cant" both hold "can" and "t ...".
        assert_eq!(of(r"\bcan'?t breathe"), Some(vec!["t breathe".into()]));
        assert_eq!(
            of("(?:가슴|흉부)(?:이|가)?.{0,10}?아[프파]|흉통"),
            Some(vec!["가슴".into(), "흉부".into(), "흉통".into()])
        );
        // A branch with no literal at all (a bare class) leaves the pattern without a cue.
        assert_eq!(of(r"chest|\d+"), None);
        assert_eq!(of(r"(?i)chest"), None);
        assert_eq!(of(r"\((\d{1,2}) ?(day|week)s?\)"), Some(vec!["day".into(), "week".into()]));
    }

    /// The cues of every concept pattern agree with its regex on every message of the fixtures: a
    /// message the regex matches holds one of the pattern's cues.
    #[test]
    fn no_cue_hides_a_match() {
        let sets = [
            include_str!("../../tests/fixtures/triage_dev.jsonl"),
            include_str!("../../tests/fixtures/triage_dev2.jsonl"),
            include_str!("../../tests/fixtures/triage_dev3.jsonl"),
            include_str!("../../tests/fixtures/triage_coverage.jsonl"),
            include_str!("../../tests/fixtures/triage_holdout.jsonl"),
            include_str!("../../tests/fixtures/triage_dev13.jsonl"),
            include_str!("../../tests/fixtures/triage_dev14.jsonl"),
            include_str!("../../tests/fixtures/triage_dev15.jsonl"),
        ];
        let texts: Vec<String> =
            sets.iter().flat_map(|s| super::super::eval::parse(s).unwrap()).map(|i| i.text).collect();
        for (pattern, compact) in super::super::concepts::patterns() {
            let re = regex_lite::Regex::new(pattern).unwrap();
            let Some(cues) = cues(pattern) else { continue };
            for text in &texts {
                let lower = text.to_ascii_lowercase();
                let view = if compact { lower.split_whitespace().collect() } else { lower };
                if re.is_match(&view) {
                    assert!(any_in(&cues, &view), "{pattern:?} matched {text:?} without any of {cues:?}");
                }
            }
        }
    }
}
