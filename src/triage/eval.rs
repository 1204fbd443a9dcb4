//! Scoring triage on a labelled set of messages (`tests/fixtures/triage_dev.jsonl`, and the held-out
//! `triage_holdout.jsonl` that no rule was tuned on).
//!
//! Format, one JSON object a line: `{"lang": "ko"|"en", "level": "emergency"|"urgent"|"none",
//! "category": "...", "text": "..."}`. `category` says what kind of emergency or of hard negative
//! the message is (question, past, family, reading, mild, negation, medication, general).

use super::classifier::{self, Example};
use super::{assess, assess_by_rules, assess_with, Level, Triage, ALONE};
use serde::Deserialize;

/// One labelled message.
#[derive(Clone, Debug, Deserialize)]
pub struct Labelled {
    /// The coverage table's row it tests (`docs/triage-coverage.md`), in the coverage set.
    #[serde(default)]
    pub row: Option<String>,
    pub lang: String,
    pub level: Level,
    pub category: String,
    pub text: String,
}

/// Reads a labelled set; a bad line is reported with its number.
pub fn parse(jsonl: &str) -> Result<Vec<Labelled>, String> {
    jsonl
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

const LEVELS: [Level; 3] = [Level::Emergency, Level::Urgent, Level::None];

fn index(level: Level) -> usize {
    LEVELS.iter().position(|l| *l == level).expect("every level is listed")
}

/// The figures of one language.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    /// `confusion[expected][got]`, levels in the order emergency, urgent, none.
    pub confusion: [[usize; 3]; 3],
}

impl Score {
    pub fn emergencies(&self) -> usize {
        self.confusion[0].iter().sum()
    }

    pub fn negatives(&self) -> usize {
        self.confusion[2].iter().sum()
    }

    /// Emergencies called emergencies.
    pub fn recall(&self) -> f64 {
        self.confusion[0][0] as f64 / self.emergencies().max(1) as f64
    }

    /// Negatives given any alarm (urgent or emergency).
    pub fn false_alarm_rate(&self) -> f64 {
        (self.confusion[2][0] + self.confusion[2][1]) as f64 / self.negatives().max(1) as f64
    }
}

/// How one writer's messages (a cross-validation fold) were triaged by a classifier trained on
/// everyone else's: by the rules alone, the classifier alone (an emergency at [`ALONE`]) and the two
/// combined as the app combines them; per language.
#[derive(Clone, Debug)]
pub struct Fold {
    pub group: String,
    pub rules: Vec<(String, Score)>,
    pub classifier: Vec<(String, Score)>,
    pub combined: Vec<(String, Score)>,
}

/// The score of `lang`, added in first-seen order.
fn of_lang<'a>(scores: &'a mut Vec<(String, Score)>, lang: &str) -> &'a mut Score {
    let at = scores.iter().position(|(l, _)| l == lang).unwrap_or_else(|| {
        scores.push((lang.to_string(), Score::default()));
        scores.len() - 1
    });
    &mut scores[at].1
}

fn tally(scores: &mut Vec<(String, Score)>, lang: &str, expected: Level, got: Level) {
    of_lang(scores, lang).confusion[index(expected)][index(got)] += 1;
}

/// Leave-one-writer-out cross-validation over labelled sets (`(name, jsonl)`, the classifier's
/// training sets): each writer (a set, or a set's `writer`) is scored by a classifier trained on all
/// the others, which is how the triage meets a writer it has never read. `done(fold, folds)` is
/// called after each fold.
pub fn cross_validate(sets: &[(String, String)], mut done: impl FnMut(usize, usize)) -> Result<Vec<Fold>, String> {
    let mut examples: Vec<Example> = Vec::new();
    let mut items: Vec<Labelled> = Vec::new();
    for (name, jsonl) in sets {
        examples.extend(classifier::read_set(name, jsonl)?);
        items.extend(parse(jsonl).map_err(|e| format!("{name} {e}"))?);
    }
    let mut groups: Vec<&str> = Vec::new();
    for e in &examples {
        if !groups.contains(&e.group.as_str()) {
            groups.push(&e.group);
        }
    }
    let mut folds = Vec::new();
    for (n, group) in groups.iter().enumerate() {
        let training: Vec<Example> = examples.iter().filter(|e| e.group != *group).cloned().collect();
        let model = classifier::train(&training);
        let mut fold =
            Fold { group: group.to_string(), rules: Vec::new(), classifier: Vec::new(), combined: Vec::new() };
        for (example, item) in examples.iter().zip(&items).filter(|(e, _)| e.group == *group) {
            let alone = if model.probability(&example.text) >= ALONE { Level::Emergency } else { Level::None };
            tally(&mut fold.rules, &item.lang, item.level, assess_by_rules(&item.text).level);
            tally(&mut fold.classifier, &item.lang, item.level, alone);
            tally(&mut fold.combined, &item.lang, item.level, assess_with(&model, &item.text).level);
        }
        folds.push(fold);
        done(n + 1, groups.len());
    }
    Ok(folds)
}

/// The sum of scores per language.
pub fn total<'a>(scores: impl IntoIterator<Item = &'a Vec<(String, Score)>>) -> Vec<(String, Score)> {
    let mut out: Vec<(String, Score)> = Vec::new();
    for per_lang in scores {
        for (lang, s) in per_lang {
            for (row, add) in of_lang(&mut out, lang).confusion.iter_mut().zip(s.confusion) {
                row.iter_mut().zip(add).for_each(|(a, b)| *a += b);
            }
        }
    }
    out
}

/// A message triaged at another level than its label.
#[derive(Clone, Debug)]
pub struct Miss<'a> {
    pub item: &'a Labelled,
    pub got: Level,
    pub rule: Option<String>,
}

/// Scores per language ("ko", "en"), and the misses.
pub fn score(items: &[Labelled]) -> (Vec<(String, Score)>, Vec<Miss<'_>>) {
    score_by(items, assess)
}

/// [`score`] with another triage (the rules alone, say).
pub fn score_by(items: &[Labelled], triage: impl Fn(&str) -> Triage) -> (Vec<(String, Score)>, Vec<Miss<'_>>) {
    let mut scores: Vec<(String, Score)> = Vec::new();
    let mut misses = Vec::new();
    for item in items {
        let verdict = triage(&item.text);
        tally(&mut scores, &item.lang, item.level, verdict.level);
        if verdict.level != item.level {
            misses.push(Miss { item, got: verdict.level, rule: verdict.top().map(|r| r.rule.clone()) });
        }
    }
    (scores, misses)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The targets of the development sets: recall >= 0.97 per language, false alarms <= 5 %.
    #[test]
    fn the_development_sets_meet_their_targets() {
        for set in [
            include_str!("../../tests/fixtures/triage_dev.jsonl"),
            include_str!("../../tests/fixtures/triage_dev2.jsonl"),
            include_str!("../../tests/fixtures/triage_dev3.jsonl"),
            include_str!("../../tests/fixtures/triage_dev4.jsonl"),
            include_str!("../../tests/fixtures/triage_dev5.jsonl"),
            include_str!("../../tests/fixtures/triage_dev13.jsonl"),
            include_str!("../../tests/fixtures/triage_dev15.jsonl"),
        ] {
            meets_targets(&parse(set).unwrap());
        }
    }

    fn meets_targets(items: &[Labelled]) {
        assert!(items.len() >= 150);
        let (scores, misses) = score(items);
        assert_eq!(scores.len(), 2);
        for (lang, s) in &scores {
            let missed: Vec<_> =
                misses.iter().filter(|m| m.item.lang == *lang).map(|m| (&m.item.text, m.got)).collect();
            assert!(s.recall() >= 0.97, "{lang} recall {:.3}: {missed:#?}", s.recall());
            assert!(s.false_alarm_rate() <= 0.05, "{lang} false alarms {:.3}: {missed:#?}", s.false_alarm_rate());
        }
    }

    /// The coverage table (`docs/triage-coverage.md`) names every rule, each of its rows has a Korean
    /// and an English message at its level and a Korean and an English hard negative, and every one
    /// of them is triaged at its level.
    #[test]
    fn the_coverage_table_is_complete_and_holds() {
        let table = include_str!("../../docs/triage-coverage.md");
        // "| R01 | complaint | modifier | rule | level | source | negatives |"
        let rows: Vec<(&str, &str, &str)> = table
            .lines()
            .filter(|l| l.starts_with("| R") && l.as_bytes().get(3).is_some_and(u8::is_ascii_digit))
            .map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                (cells[1], cells[4], cells[5])
            })
            .collect();
        assert!(rows.len() >= 50, "{} rows", rows.len());
        let rule_ids: Vec<&str> = super::super::rules::RULES.iter().map(|r| r.id).collect();
        for id in &rule_ids {
            assert!(rows.iter().any(|(_, rule, _)| rule == id), "rule {id:?} has no row in the coverage table");
        }
        let items = parse(include_str!("../../tests/fixtures/triage_coverage.jsonl")).unwrap();
        for (row, rule, level) in &rows {
            assert!(rule_ids.contains(rule), "row {row} names no rule: {rule:?}");
            let of_row: Vec<&Labelled> = items.iter().filter(|i| i.row.as_deref() == Some(*row)).collect();
            for lang in ["ko", "en"] {
                let positive = of_row.iter().any(|i| i.lang == lang && i.level.name() == *level);
                let negative = of_row.iter().any(|i| i.lang == lang && i.level == Level::None);
                assert!(positive && negative, "row {row} lacks a {lang} {level} message or a {lang} hard negative");
            }
        }
        let wrong: Vec<_> = items
            .iter()
            .filter_map(|i| {
                let got = assess(&i.text).level;
                (got != i.level).then(|| (i.row.clone(), i.level, got, &i.text))
            })
            .collect();
        assert!(wrong.is_empty(), "triaged at another level than their row says: {wrong:#?}");
        assert!(items.iter().all(|i| rows.iter().any(|(row, _, _)| i.row.as_deref() == Some(*row))));
    }

    #[test]
    fn a_bad_line_names_its_number() {
        let error =
            parse("{\"lang\":\"en\",\"level\":\"none\",\"category\":\"x\",\"text\":\"hi\"}\n{oops").unwrap_err();
        assert!(error.starts_with("line 2"), "{error}");
    }
}
