//! The question sets the evaluations and benchmarks read: the development set (each question with
//! what counts as a relevant answer), the hand-written plans of its questions, plain question files,
//! and the benchmarks' questions as the search embeds them.

use super::error::CliError;
use super::files::DirSource;
use crate::lexicon::bridge::bridge;
use crate::llm::query_flow::{parse_plan, QueryPlan};
use crate::retrieval::corpus::Document;
use crate::retrieval::search::{open, open_lexicon, Hit};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::PathBuf;

/// One development question and what counts as a relevant answer to it.
#[derive(Debug, Deserialize)]
pub struct DevQuestion {
    pub lang: String,
    pub question: String,
    /// MedQuAD focus names that answer it; empty when nothing in the corpus does.
    pub focus: Vec<String>,
    pub qtype: Vec<String>,
    /// `tune` (default: used to choose parameters) or `heldout` (never tuned on, reported apart).
    #[serde(default = "tune_split")]
    pub split: String,
    /// `real` (default: written the way people write) or `formulaic` (textbook questions that name the
    /// condition, the first Korean questions of the set), reported apart.
    #[serde(default = "real_style")]
    pub style: String,
    /// Any document of a focus answers (`eval --relevance focus`: a name typed on its own asks for
    /// its topic, whatever aspect a page covers; `--relevance available`: the corpus has no page of
    /// the aspect asked for the focus).
    #[serde(skip)]
    pub any_qtype: bool,
}

fn real_style() -> String {
    "real".into()
}

fn tune_split() -> String {
    "tune".into()
}

impl DevQuestion {
    /// Whether the corpus answers the question at all.
    pub fn answerable(&self) -> bool {
        !self.focus.is_empty()
    }

    /// Whether a search hit answers the question.
    pub fn is_relevant(&self, hit: &Hit) -> bool {
        self.answered_by(&hit.focus, &hit.qtype)
    }

    /// Whether a MedQuAD document of `focus` and `qtype` answers the question.
    pub fn answered_by(&self, focus: &str, qtype: &str) -> bool {
        self.focus.iter().any(|f| f.eq_ignore_ascii_case(focus))
            && (self.any_qtype || self.qtype.iter().any(|q| q == qtype))
    }
}

/// Reads the development set.
pub fn read_devset(path: &PathBuf) -> Result<Vec<DevQuestion>, CliError> {
    let text = std::fs::read_to_string(path).map_err(CliError::read(path))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| CliError::usage(format!("{} line {}: {e}", path.display(), i + 1)))
        })
        .collect()
}

/// One line of a plans file: a development question and the plan written for it.
#[derive(Deserialize)]
struct PlanLine {
    question: String,
    plan: serde_json::Value,
}

/// Reads a plans file and returns the plan of each development question, in the set's order. A
/// development question without a plan is an error naming it.
pub fn read_plans(path: &PathBuf, questions: &[DevQuestion]) -> Result<Vec<QueryPlan>, CliError> {
    let plans = read_plan_file(path)?;
    let missing: Vec<&str> =
        questions.iter().map(|q| q.question.as_str()).filter(|q| !plans.contains_key(*q)).collect();
    if !missing.is_empty() {
        return Err(CliError::usage(format!(
            "{} has no plan for {} development question(s); add a line {{\"question\": ..., \"plan\": {{...}}}} for each:\n  {}",
            path.display(),
            missing.len(),
            missing.join("\n  ")
        )));
    }
    Ok(questions.iter().map(|q| plans[&q.question].clone()).collect())
}

/// Reads a plans file: the plan of each question it names. Each plan is read by the planner's own
/// strict parser; a line it refuses or a question planned twice is an error naming it.
pub fn read_plan_file(path: &PathBuf) -> Result<HashMap<String, QueryPlan>, CliError> {
    let text = std::fs::read_to_string(path).map_err(CliError::read(path))?;
    let mut plans: HashMap<String, QueryPlan> = HashMap::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let at = || format!("{} line {}", path.display(), i + 1);
        let line: PlanLine = serde_json::from_str(line).map_err(|e| CliError::failed(format!("{}: {e}", at())))?;
        let plan = parse_plan(&line.plan.to_string()).ok_or_else(|| {
            CliError::usage(format!(
                "{}: the plan is not a valid query plan (it needs a non-empty normalized_query and lists of strings)",
                at()
            ))
        })?;
        if plans.insert(line.question.clone(), plan).is_some() {
            return Err(CliError::usage(format!("{}: the question {:?} is planned twice", at(), line.question)));
        }
    }
    Ok(plans)
}

/// Questions to run: the `question` of each line of a development-set file (`.jsonl`), else every
/// non-empty line.
pub fn read_queries(path: &PathBuf) -> Result<Vec<String>, CliError> {
    if path.extension().is_some_and(|e| e == "jsonl") {
        return Ok(read_devset(path)?.into_iter().map(|q| q.question).collect());
    }
    let text = std::fs::read_to_string(path).map_err(CliError::read(path))?;
    Ok(text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string).collect())
}

/// The benchmark's questions as the search embeds them: every n-th question of `docs` (`corpus_queries`
/// of them, spread over the corpus), then those of `questions`, each bridged through the lexicon of the
/// index in `source`.
pub fn bridged_questions(
    docs: &[Document],
    corpus_queries: usize,
    questions: &PathBuf,
    source: &DirSource,
) -> Result<Vec<String>, CliError> {
    let step = (docs.len() / corpus_queries.max(1)).max(1);
    let mut queries: Vec<String> = docs.iter().step_by(step).take(corpus_queries).map(|d| d.question.clone()).collect();
    queries.extend(read_queries(questions)?);
    let index = pollster::block_on(open(source))?;
    let lexicon = pollster::block_on(open_lexicon(source, &index))?;
    Ok(queries.iter().map(|q| bridge(&lexicon, q).text).collect())
}
