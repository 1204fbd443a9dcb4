//! The study's results: per arm and language summaries, paired comparisons against the first arm,
//! `report.md`, `results.json` and SVG plots ([`super::svg`]).

use super::metrics::Counts;
use super::run::{Study, TurnRecord};
use super::stats::{paired, summary, Paired, Summary};
use super::svg;
use crate::i18n::Lang;
use crate::memory::profile::SlotKind;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// What one arm did in one language (or both: `lang` None).
#[derive(Clone, Debug, Serialize)]
pub struct ArmSummary {
    pub arm: String,
    pub lang: Option<Lang>,
    pub turns: usize,
    /// Per slot type in `SlotKind::ALL` order, then all slots together.
    pub slots: Vec<(String, Counts)>,
    pub facts_kept: f64,
    pub facts_kept_last_turn: f64,
    pub wrong_facts: usize,
    pub stale_facts: usize,
    pub retrieval_turns: usize,
    pub precision_at_5: f64,
    pub recall_at_5: f64,
    pub mrr: f64,
    pub ndcg_at_5: f64,
    pub iterations_mean: f64,
    pub iterations_max: usize,
    pub llm_calls_mean: f64,
    pub llm_calls_max: usize,
    pub tokens_sent_mean: f64,
    pub tokens_reported: usize,
    pub cache_hits: usize,
    pub stop_reasons: BTreeMap<String, usize>,
    pub all_terminated: bool,
    pub errors: usize,
    pub pipeline_ms_mean: f64,
    pub pipeline_ms_p95: f64,
    pub model_ms_mean: f64,
    pub judge: Option<f64>,
    pub faithfulness: Option<f64>,
    pub faithfulness_scored: usize,
    pub answer_relevancy: Option<f64>,
    pub answer_relevancy_scored: usize,
    pub grading_tokens: usize,
    /// Turns whose shown answer a model wrote.
    pub model_answers: usize,
    /// Turns whose model answer the answer checks refused (the evidence answer shown), by check.
    pub model_refused: BTreeMap<String, usize>,
    /// Shown model answers that cite no passage or whose claims the cited passages do not support.
    pub shown_ungrounded: usize,
    pub citations_mean: f64,
    /// Answers in the scenario's language, of those with letters.
    pub language_ok: Option<f64>,
    pub cited_support: Option<f64>,
    /// Retrieval of the same turns without a model (when the run compared), and on how many of
    /// them the model made nDCG@5 lower or higher.
    pub offline_mrr: Option<f64>,
    pub offline_ndcg_at_5: Option<f64>,
    pub worse_than_offline: usize,
    pub better_than_offline: usize,
    pub tokens_reported_mean: f64,
    /// Pipeline and model time together.
    pub turn_ms_mean: f64,
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

pub fn summarise(arm: &str, lang: Option<Lang>, records: &[&TurnRecord]) -> ArmSummary {
    let mut slots: Vec<(String, Counts)> =
        SlotKind::ALL.iter().map(|k| (format!("{k:?}").to_lowercase(), Counts::default())).collect();
    let mut all = Counts::default();
    for r in records {
        for (i, c) in r.slots.iter().enumerate() {
            slots[i].1.add(*c);
            all.add(*c);
        }
    }
    slots.push(("all".into(), all));
    let last_turn = records.iter().map(|r| r.turn).max().unwrap_or(0);
    let retrieval: Vec<_> = records.iter().filter_map(|r| r.retrieval).collect();
    let mut ms: Vec<f64> = records.iter().map(|r| r.pipeline_ms).collect();
    crate::core::order::sort_by(&mut ms, f64::total_cmp);
    let mut stop_reasons = BTreeMap::new();
    for r in records {
        *stop_reasons.entry(r.stop_reason.clone().unwrap_or_else(|| "none".into())).or_insert(0) += 1;
    }
    let rmean = |f: fn(&super::metrics::Retrieval) -> f64| mean(retrieval.iter().map(f)).unwrap_or(0.0);
    ArmSummary {
        arm: arm.into(),
        lang,
        turns: records.len(),
        slots,
        facts_kept: mean(records.iter().map(|r| r.fidelity.kept_share())).unwrap_or(0.0),
        facts_kept_last_turn: mean(records.iter().filter(|r| r.turn == last_turn).map(|r| r.fidelity.kept_share()))
            .unwrap_or(0.0),
        wrong_facts: records.iter().filter(|r| r.turn == last_turn).map(|r| r.fidelity.wrong).sum(),
        stale_facts: records.iter().map(|r| r.fidelity.stale).sum(),
        retrieval_turns: retrieval.len(),
        precision_at_5: rmean(|r| r.precision_at_k),
        recall_at_5: rmean(|r| r.recall_at_k),
        mrr: rmean(|r| r.mrr),
        ndcg_at_5: rmean(|r| r.ndcg_at_k),
        iterations_mean: mean(records.iter().map(|r| r.iterations as f64)).unwrap_or(0.0),
        iterations_max: records.iter().map(|r| r.iterations).max().unwrap_or(0),
        llm_calls_mean: mean(records.iter().map(|r| r.llm_calls as f64)).unwrap_or(0.0),
        llm_calls_max: records.iter().map(|r| r.llm_calls).max().unwrap_or(0),
        tokens_sent_mean: mean(records.iter().map(|r| r.tokens_sent as f64)).unwrap_or(0.0),
        tokens_reported: records.iter().map(|r| r.tokens_reported).sum(),
        cache_hits: records.iter().filter(|r| r.cache_hit).count(),
        stop_reasons,
        all_terminated: records.iter().all(|r| r.terminated),
        errors: records.iter().filter(|r| r.error.is_some()).count(),
        pipeline_ms_mean: mean(ms.iter().copied()).unwrap_or(0.0),
        pipeline_ms_p95: ms.get((ms.len() * 95 / 100).min(ms.len().saturating_sub(1))).copied().unwrap_or(0.0),
        model_ms_mean: mean(records.iter().map(|r| r.model_ms)).unwrap_or(0.0),
        judge: mean(records.iter().filter_map(|r| r.judge_score)),
        faithfulness: mean(records.iter().filter_map(|r| r.faithfulness)),
        faithfulness_scored: records.iter().filter(|r| r.faithfulness.is_some()).count(),
        answer_relevancy: mean(records.iter().filter_map(|r| r.answer_relevancy)),
        answer_relevancy_scored: records.iter().filter(|r| r.answer_relevancy.is_some()).count(),
        grading_tokens: records.iter().map(|r| r.grading_tokens).sum(),
        model_answers: records.iter().filter(|r| r.model_answer).count(),
        model_refused: records.iter().filter_map(|r| r.model_refused.clone()).fold(BTreeMap::new(), |mut m, c| {
            *m.entry(c).or_insert(0) += 1;
            m
        }),
        shown_ungrounded: records.iter().filter(|r| r.model_answer && r.grounded != Some(true)).count(),
        citations_mean: mean(records.iter().map(|r| r.citations as f64)).unwrap_or(0.0),
        language_ok: mean(records.iter().filter_map(|r| r.language_ok).map(|ok| if ok { 1.0 } else { 0.0 })),
        cited_support: mean(records.iter().filter_map(|r| r.cited_support)),
        offline_mrr: mean(
            records.iter().filter(|r| r.retrieval.is_some()).filter_map(|r| r.offline_retrieval.map(|o| o.mrr)),
        ),
        offline_ndcg_at_5: mean(
            records.iter().filter(|r| r.retrieval.is_some()).filter_map(|r| r.offline_retrieval.map(|o| o.ndcg_at_k)),
        ),
        worse_than_offline: offline_shift(records, |model, offline| model < offline),
        better_than_offline: offline_shift(records, |model, offline| model > offline),
        tokens_reported_mean: mean(records.iter().map(|r| r.tokens_reported as f64)).unwrap_or(0.0),
        turn_ms_mean: mean(records.iter().map(|r| r.pipeline_ms + r.model_ms)).unwrap_or(0.0),
    }
}

/// Turns whose nDCG@5 with the model and without it stand as `shifted` says (beyond rounding).
fn offline_shift(records: &[&TurnRecord], shifted: fn(f64, f64) -> bool) -> usize {
    records
        .iter()
        .filter_map(|r| Some((r.retrieval?.ndcg_at_k, r.offline_retrieval?.ndcg_at_k)))
        .filter(|(model, offline)| (model - offline).abs() > 1e-9 && shifted(*model, *offline))
        .count()
}

/// A per-scenario measure compared between arms.
#[derive(Clone, Copy)]
pub struct Measure {
    pub name: &'static str,
    /// Higher is better (for the sentence).
    pub higher_is_better: bool,
    /// The turn's value, if it has one.
    pub value: fn(&TurnRecord) -> Option<f64>,
}

pub const MEASURES: [Measure; 9] = [
    Measure { name: "nDCG@5", higher_is_better: true, value: |r| r.retrieval.map(|x| x.ndcg_at_k) },
    Measure { name: "MRR", higher_is_better: true, value: |r| r.retrieval.map(|x| x.mrr) },
    Measure { name: "slot F1", higher_is_better: true, value: |r| slot_f1(r) },
    Measure { name: "facts kept", higher_is_better: true, value: |r| Some(r.fidelity.kept_share()) },
    Measure { name: "iterations", higher_is_better: false, value: |r| Some(r.iterations as f64) },
    Measure { name: "LLM calls", higher_is_better: false, value: |r| Some(r.llm_calls as f64) },
    Measure { name: "tokens sent", higher_is_better: false, value: |r| Some(r.tokens_sent as f64) },
    Measure { name: "judge score", higher_is_better: true, value: |r| r.judge_score },
    Measure { name: "faithfulness", higher_is_better: true, value: |r| r.faithfulness },
];

/// The turn's slot F1; `None` when nothing was expected or found (a vacuous 1 would flatter).
fn slot_f1(r: &TurnRecord) -> Option<f64> {
    let mut all = Counts::default();
    r.slots.iter().for_each(|c| all.add(*c));
    (all.tp + all.fp + all.fn_ > 0).then(|| all.f1())
}

/// One arm against the reference arm on one measure, paired by scenario.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub measure: String,
    pub reference: String,
    pub arm: String,
    pub reference_summary: Summary,
    pub arm_summary: Summary,
    pub test: Paired,
    pub sentence: String,
}

/// The per-scenario mean of `measure` for `arm`, by scenario id.
fn per_scenario(records: &[TurnRecord], arm: &str, measure: &Measure) -> BTreeMap<String, f64> {
    let mut sums: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    for r in records.iter().filter(|r| r.arm == arm) {
        if let Some(v) = (measure.value)(r) {
            let e = sums.entry(r.scenario.clone()).or_default();
            e.0 += v;
            e.1 += 1;
        }
    }
    sums.into_iter().map(|(k, (s, n))| (k, s / n as f64)).collect()
}

pub fn compare(records: &[TurnRecord], arms: &[String]) -> Vec<Comparison> {
    let Some(reference) = arms.first() else { return Vec::new() };
    let mut out = Vec::new();
    for measure in &MEASURES {
        let base = per_scenario(records, reference, measure);
        for arm in &arms[1..] {
            let other = per_scenario(records, arm, measure);
            let keys: Vec<&String> = base.keys().filter(|k| other.contains_key(*k)).collect();
            if keys.len() < 2 {
                continue;
            }
            let a: Vec<f64> = keys.iter().map(|k| base[*k]).collect();
            let b: Vec<f64> = keys.iter().map(|k| other[*k]).collect();
            let test = paired(&a, &b);
            let sentence = if test.difference.sd == 0.0 && test.difference.mean == 0.0 {
                format!("{arm} and {reference} give the same {} on every scenario (n = {}).", measure.name, keys.len())
            } else if !test.significant() {
                format!(
                    "{arm} does not differ from {reference} on {} (p = {:.3}, n = {}): no evidence either way.",
                    measure.name,
                    test.p,
                    keys.len()
                )
            } else {
                let better = (test.difference.mean > 0.0) == measure.higher_is_better;
                format!(
                    "{arm} is {} than {reference} on {} by {:+.3} (95 % CI {:+.3} to {:+.3}, p {}, d {}).",
                    if better { "better" } else { "worse" },
                    measure.name,
                    test.difference.mean,
                    test.difference.ci95.0,
                    test.difference.ci95.1,
                    p_text(test.p),
                    d_text(test.cohens_d)
                )
            };
            out.push(Comparison {
                measure: measure.name.into(),
                reference: reference.clone(),
                arm: arm.clone(),
                reference_summary: summary(&a),
                arm_summary: summary(&b),
                test,
                sentence,
            });
        }
    }
    out
}

/// "= 0.42", or "undefined" when every scenario differs by the same amount.
fn d_text(d: Option<f64>) -> String {
    d.map_or("undefined (the same difference on every scenario)".into(), |d| format!("= {d:.2}"))
}

/// "< 0.001" or "= 0.042".
fn p_text(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".into()
    } else {
        format!("= {p:.3}")
    }
}

/// Everything written to `results.json`.
#[derive(Serialize)]
pub struct Results<'a> {
    pub provider: String,
    pub scenarios: usize,
    pub arms: Vec<String>,
    pub languages: Vec<Lang>,
    pub seconds: f64,
    pub summaries: Vec<ArmSummary>,
    pub comparisons: Vec<Comparison>,
    pub records: &'a [TurnRecord],
}

/// The summaries (per arm, per language and over both) and comparisons of a study, with its records.
pub fn build(study: &Study) -> Results<'_> {
    let Study { provider, arms, langs, records, seconds, .. } = study;
    let mut summaries = Vec::new();
    for arm in arms {
        for lang in langs.iter().map(|l| Some(*l)).chain([None]) {
            let rs: Vec<&TurnRecord> =
                records.iter().filter(|r| &r.arm == arm && lang.is_none_or(|l| r.lang == l)).collect();
            summaries.push(summarise(arm, lang, &rs));
        }
    }
    let scenarios = records.iter().map(|r| &r.scenario).collect::<std::collections::BTreeSet<_>>().len();
    Results {
        provider: provider.clone(),
        scenarios,
        arms: arms.to_vec(),
        languages: langs.to_vec(),
        seconds: *seconds,
        summaries,
        comparisons: compare(records, arms),
        records,
    }
}

/// "0.123", or "-" when not measured.
fn opt(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.3}"))
}

fn lang_name(lang: Option<Lang>) -> &'static str {
    match lang {
        Some(Lang::Ko) => "ko",
        Some(Lang::En) => "en",
        None => "all",
    }
}

/// `report.md`.
pub fn markdown(results: &Results) -> String {
    let mut md = String::new();
    let turns = results.records.len();
    let _ = writeln!(md, "# medagent study\n");
    let _ = writeln!(
        md,
        "Provider: **{}**. {} scenarios (Synthea patients, five turns each) x {} arms = {} turns, {:.1} s.\n",
        results.provider,
        results.scenarios,
        results.arms.len(),
        turns,
        results.seconds
    );
    let _ = writeln!(
        md,
        "Arms: {}. Slot scores compare extraction with the scenario's gold slots; facts kept is the share of \
         the gold profile found in the profile after each turn; retrieval is the final documents of a turn against \
         the MedQuAD documents whose focus and question type answer it (turns with none are left out); loops count \
         refine iterations and model calls per turn; pipeline time leaves the model's waiting time out.\n",
        results.arms.join(", ")
    );
    let _ = writeln!(md, "## Slot extraction (precision / recall / F1 per slot type)\n");
    let _ = writeln!(md, "| arm | lang | demographics | conditions | symptoms | medications | vitals | labs | all |");
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    for s in &results.summaries {
        let cells: Vec<String> = s
            .slots
            .iter()
            .map(|(_, c)| {
                // Nothing expected and nothing found: no score, rather than a vacuous 1.
                if c.tp + c.fp + c.fn_ == 0 {
                    "-".to_string()
                } else {
                    format!("{:.2} / {:.2} / {:.2}", c.precision(), c.recall(), c.f1())
                }
            })
            .collect();
        let _ = writeln!(md, "| {} | {} | {} |", s.arm, lang_name(s.lang), cells.join(" | "));
    }
    let _ = writeln!(md, "\n## Profile fidelity and retrieval\n");
    let _ = writeln!(
        md,
        "| arm | lang | facts kept (all turns) | facts kept (last turn) | wrong facts (last turn) | stale | turns with gold docs | P@5 | R@5 | MRR | nDCG@5 |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &results.summaries {
        let _ = writeln!(
            md,
            "| {} | {} | {:.3} | {:.3} | {} | {} | {} | {:.3} | {:.3} | {:.3} | {:.3} |",
            s.arm,
            lang_name(s.lang),
            s.facts_kept,
            s.facts_kept_last_turn,
            s.wrong_facts,
            s.stale_facts,
            s.retrieval_turns,
            s.precision_at_5,
            s.recall_at_5,
            s.mrr,
            s.ndcg_at_5
        );
    }
    let _ = writeln!(md, "\n## Loops, cost and time\n");
    let _ = writeln!(
        md,
        "| arm | lang | iterations (mean / max) | LLM calls (mean / max) | tokens sent / turn | tokens reported | cache hits | every loop ended | errors | pipeline ms (mean / p95) | model ms / turn | stop reasons |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &results.summaries {
        let reasons: Vec<String> = s.stop_reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(
            md,
            "| {} | {} | {:.2} / {} | {:.2} / {} | {:.0} | {} | {} | {} | {} | {:.1} / {:.1} | {:.0} | {} |",
            s.arm,
            lang_name(s.lang),
            s.iterations_mean,
            s.iterations_max,
            s.llm_calls_mean,
            s.llm_calls_max,
            s.tokens_sent_mean,
            s.tokens_reported,
            s.cache_hits,
            if s.all_terminated { "yes" } else { "**no**" },
            s.errors,
            s.pipeline_ms_mean,
            s.pipeline_ms_p95,
            s.model_ms_mean,
            reasons.join(", ")
        );
    }
    let _ = writeln!(md, "\n## With a model: faithfulness, answer relevancy, judge\n");
    if results
        .summaries
        .iter()
        .all(|s| s.faithfulness_scored == 0 && s.answer_relevancy_scored == 0 && s.judge.is_none())
    {
        let _ = writeln!(
            md,
            "Not measured: this run had no generative model (or its grading replies were not the JSON asked for). \
             Run with `--provider openai|anthropic|gemini` to measure them.\n"
        );
    } else {
        let _ = writeln!(md, "| arm | lang | faithfulness (scored turns) | answer relevancy (scored turns) | judge score | grading tokens |");
        let _ = writeln!(md, "|---|---|---|---|---|---|");
        for s in &results.summaries {
            let _ = writeln!(
                md,
                "| {} | {} | {} ({}) | {} ({}) | {} | {} |",
                s.arm,
                lang_name(s.lang),
                opt(s.faithfulness),
                s.faithfulness_scored,
                opt(s.answer_relevancy),
                s.answer_relevancy_scored,
                opt(s.judge),
                s.grading_tokens
            );
        }
    }
    let _ = writeln!(md, "\n## The answers, and retrieval with the model against without it\n");
    let _ = writeln!(
        md,
        "Shown: turns whose shown answer the model wrote. Refused: turns whose model answer the answer checks \
         refused after one retry (the evidence answer was shown, the model's text under it marked unsupported), \
         by check. Shown ungrounded: shown model answers that cite nothing or whose claims their cited passages \
         do not support. Citations, language and cited support read the model's own text (shown or refused; \
         the shown answer when the model wrote none). Citations: passages cited as [n] per turn. Language: \
         answers in the conversation's language. Cited support: the share of an answer's claims supported by \
         the passages they cite, graded without a model (English: half the claim's terms in the cited passage; \
         Korean: half the concepts it names, as the lexicon reads them, named in the cited passages). \
         Offline MRR / nDCG@5: the same turns run without a model; worse / better: turns whose nDCG@5 the \
         model lowered / raised.\n"
    );
    let _ = writeln!(
        md,
        "| arm | lang | model answers shown / refused (by check) / turns | shown ungrounded | citations / turn | language right | cited support | MRR (offline) | nDCG@5 (offline) | worse / better than offline | tokens reported / turn | ms / turn |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &results.summaries {
        let refused: usize = s.model_refused.values().sum();
        let checks: Vec<String> = s.model_refused.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(
            md,
            "| {} | {} | {} / {}{} / {} | {} | {:.2} | {} | {} | {:.3} ({}) | {:.3} ({}) | {} / {} | {:.0} | {:.0} |",
            s.arm,
            lang_name(s.lang),
            s.model_answers,
            refused,
            if checks.is_empty() { String::new() } else { format!(" ({})", checks.join(", ")) },
            s.turns,
            s.shown_ungrounded,
            s.citations_mean,
            opt(s.language_ok),
            opt(s.cited_support),
            s.mrr,
            opt(s.offline_mrr),
            s.ndcg_at_5,
            opt(s.offline_ndcg_at_5),
            s.worse_than_offline,
            s.better_than_offline,
            s.tokens_reported_mean,
            s.turn_ms_mean
        );
    }
    let _ = writeln!(md, "\n## Between arms (paired by scenario, both languages)\n");
    if results.comparisons.is_empty() {
        let _ = writeln!(md, "One arm only: nothing to compare.");
    } else {
        let _ = writeln!(
            md,
            "| measure | arm | {} mean [95 % CI] | arm mean [95 % CI] | difference | p | Cohen's d |",
            results.arms[0]
        );
        let _ = writeln!(md, "|---|---|---|---|---|---|---|");
        for c in &results.comparisons {
            let ci = |s: &Summary| format!("{:.3} [{:.3}, {:.3}]", s.mean, s.ci95.0, s.ci95.1);
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} | {:+.3} | {} | {} |",
                c.measure,
                c.arm,
                ci(&c.reference_summary),
                ci(&c.arm_summary),
                c.test.difference.mean,
                p_text(c.test.p),
                d_text(c.test.cohens_d)
            );
        }
        let _ = writeln!(md);
        for c in &results.comparisons {
            let _ = writeln!(md, "- {}", c.sentence);
        }
    }
    let _ = writeln!(md, "\n## Plots\n");
    for (file, title) in PLOTS {
        let _ = writeln!(md, "![{title}]({file})");
    }
    md
}

/// The plot files and their titles.
pub const PLOTS: [(&str, &str); 5] = [
    ("slots.svg", "Slot F1 per slot type"),
    ("retrieval.svg", "Retrieval nDCG@5 per arm"),
    ("fidelity.svg", "Facts kept after each turn"),
    ("loops.svg", "Iterations and LLM calls per turn"),
    ("time.svg", "Pipeline time per turn (ms)"),
];

/// The SVG plots, by file name.
pub fn plots(results: &Results) -> Vec<(&'static str, String)> {
    let arms = &results.arms;
    let langs: Vec<Option<Lang>> = results.languages.iter().map(|l| Some(*l)).collect();
    let of = |arm: &str, lang: Option<Lang>| results.summaries.iter().find(|s| s.arm == arm && s.lang == lang);
    let by_lang = |f: &dyn Fn(&ArmSummary) -> f64| -> Vec<(String, Vec<f64>)> {
        langs
            .iter()
            .map(|l| (lang_name(*l).to_string(), arms.iter().map(|a| of(a, *l).map_or(0.0, f)).collect()))
            .collect()
    };
    // Extraction is the same in every agent arm: plot the first arm's, per language.
    let slot_names: Vec<String> = SlotKind::ALL.iter().map(|k| format!("{k:?}").to_lowercase()).collect();
    let slot_series: Vec<(String, Vec<f64>)> = langs
        .iter()
        .map(|l| {
            let s = of(&arms[0], *l);
            (lang_name(*l).to_string(), (0..6).map(|i| s.map_or(0.0, |s| s.slots[i].1.f1())).collect())
        })
        .collect();
    let max_turn = results.records.iter().map(|r| r.turn).max().unwrap_or(0);
    let fidelity_series: Vec<(String, Vec<f64>)> = arms
        .iter()
        .map(|a| {
            let v = (0..=max_turn)
                .map(|t| {
                    mean(results.records.iter().filter(|r| &r.arm == a && r.turn == t).map(|r| r.fidelity.kept_share()))
                        .unwrap_or(0.0)
                })
                .collect();
            (a.clone(), v)
        })
        .collect();
    let turn_labels: Vec<String> = (1..=max_turn + 1).map(|t| format!("turn {t}")).collect();
    let both = |arm: &str| of(arm, None);
    vec![
        ("slots.svg", svg::bars(PLOTS[0].1, &slot_names, &slot_series, Some(1.0))),
        ("retrieval.svg", svg::bars(PLOTS[1].1, arms, &by_lang(&|s: &ArmSummary| s.ndcg_at_5), Some(1.0))),
        ("fidelity.svg", svg::lines(PLOTS[2].1, &turn_labels, &fidelity_series, Some(1.0))),
        (
            "loops.svg",
            svg::bars(
                PLOTS[3].1,
                arms,
                &[
                    ("iterations".into(), arms.iter().map(|a| both(a).map_or(0.0, |s| s.iterations_mean)).collect()),
                    ("LLM calls".into(), arms.iter().map(|a| both(a).map_or(0.0, |s| s.llm_calls_mean)).collect()),
                ],
                None,
            ),
        ),
        ("time.svg", svg::bars(PLOTS[4].1, arms, &by_lang(&|s: &ArmSummary| s.pipeline_ms_mean), None)),
    ]
}
