//! Context assembly inside a token budget: sections with their own budgets, and
//! extractive compression of the evidence (the sentences that share most terms with the question)
//! when it does not fit.

use super::step::PromptSection;
use super::tokens::{estimate, truncate};
use crate::core::tokenizer::tokenize;
use crate::core::Evidence;
use crate::core::Lang;
use crate::llm::prompts;
use crate::memory::conversation::{Exchange, Recollection};
use std::collections::HashSet;

/// Section budgets in tokens (of 4000, 500 reserved for the prompts and 1800 for the answer).
pub const BUDGET_PROFILE: usize = 200;
pub const BUDGET_MEMORY: usize = 400;
pub const BUDGET_EVIDENCE: usize = 900;
pub const BUDGET_QUESTION: usize = 200;

/// Within [`BUDGET_MEMORY`]: what recalled old exchanges (tier 3) and the summary (tier 2) may take;
/// the recent exchanges (tier 1) get the rest.
pub const BUDGET_RECALLED: usize = 60;
pub const BUDGET_SUMMARY: usize = 140;
/// Tokens kept for the memory section's heading.
const MEMORY_HEADING: usize = 10;

/// The assembled prompt and how many tokens each section took.
pub struct Assembled {
    pub system: String,
    pub user: String,
    /// Tokens per section.
    pub plan: Vec<(PromptSection, usize)>,
    /// Whether the evidence had to be compressed.
    pub compressed: bool,
}

/// The sentences of `text` that best match the question's terms, in their original order, within `budget`.
pub fn compress(text: &str, question_terms: &HashSet<String>, budget: usize) -> String {
    let sentences: Vec<&str> =
        text.split_inclusive(['.', '!', '?', '\n']).map(str::trim).filter(|s| !s.is_empty()).collect();
    let mut scored: Vec<(usize, usize)> = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| (i, tokenize(s).iter().filter(|t| question_terms.contains(*t)).count()))
        .collect();
    crate::core::order::sort_by(&mut scored, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut keep = Vec::new();
    let mut used = 0;
    for (i, _) in scored {
        let cost = estimate(sentences[i]);
        if used + cost <= budget {
            keep.push(i);
            used += cost;
        }
    }
    crate::core::order::sort_by(&mut keep, usize::cmp);
    keep.iter().map(|&i| sentences[i]).collect::<Vec<_>>().join(" ")
}

/// The newest of `lines` (oldest first) that fit in `budget` tokens, oldest first; the newest line
/// is cut to the budget when even it does not fit.
fn newest_within(lines: Vec<String>, budget: usize) -> Vec<String> {
    let mut kept = Vec::new();
    let mut left = budget;
    for line in lines.into_iter().rev() {
        // Each line also costs the line break that joins it.
        let cost = estimate(&line) + 1;
        if cost <= left {
            left -= cost;
            kept.push(line);
        } else {
            if kept.is_empty() && left > 1 {
                kept.push(truncate(&line, left - 1));
            }
            break;
        }
    }
    kept.reverse();
    kept
}

fn exchange_line(e: &Exchange) -> String {
    let cut = |text: &str, n: usize| text.chars().take(n).collect::<String>();
    format!("User: {}\nAssistant: {}", cut(&e.user, 300), cut(&e.answer, 400))
}

/// The conversation-memory lines, oldest first (recalled, summary, recent), within
/// [`BUDGET_MEMORY`]. Each tier drops its oldest lines first when over its budget, so the latest
/// exchange, which a follow-up question most likely refers to, is always there.
pub fn memory_lines(recollection: &Recollection) -> Vec<String> {
    let recalled = newest_within(
        recollection.recalled_archive.iter().cloned().chain(recollection.recalled.iter().map(exchange_line)).collect(),
        BUDGET_RECALLED,
    );
    let summary = newest_within(recollection.summary.iter().map(|l| l.text.clone()).collect(), BUDGET_SUMMARY);
    let used: usize = recalled.iter().chain(&summary).map(|l| estimate(l) + 1).sum();
    let recent = newest_within(
        recollection.recent.iter().map(exchange_line).collect(),
        BUDGET_MEMORY.saturating_sub(MEMORY_HEADING + used),
    );
    recalled.into_iter().chain(summary).chain(recent).collect()
}

/// Builds the agent prompt from its sections.
pub fn assemble(
    question: &str,
    profile_summary: &str,
    memory: &[String],
    evidence: &[Evidence],
    lang: Lang,
) -> Assembled {
    let system = prompts::system_agent(lang).to_string();
    let profile = truncate(&prompts::profile_section(profile_summary, lang), BUDGET_PROFILE);
    let memory = truncate(&prompts::memory_section(memory, lang), BUDGET_MEMORY);
    let question_part = prompts::question_section(&truncate(question, BUDGET_QUESTION), lang);

    let terms: HashSet<String> = tokenize(question).into_iter().collect();
    let per_doc = BUDGET_EVIDENCE / evidence.len().max(1);
    let mut compressed = false;
    let passages: Vec<(String, String)> = evidence
        .iter()
        .map(|e| {
            let text = if estimate(&e.passage) > per_doc {
                compressed = true;
                let kept = compress(&e.passage, &terms, per_doc);
                if kept.is_empty() {
                    truncate(&e.passage, per_doc)
                } else {
                    kept
                }
            } else {
                e.passage.clone()
            };
            (e.title.clone(), text)
        })
        .collect();
    let evidence_part = prompts::evidence_section(&passages, lang);
    let plan = vec![
        (PromptSection::System, estimate(&system)),
        (PromptSection::Profile, estimate(&profile)),
        (PromptSection::Memory, estimate(&memory)),
        (PromptSection::Evidence, estimate(&evidence_part)),
        (PromptSection::Question, estimate(&question_part)),
    ];
    let user = [profile, memory, evidence_part, question_part]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    Assembled { system, user, plan, compressed }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(text: &str) -> Evidence {
        Evidence {
            id: "X".into(),
            title: "What are the symptoms of diabetes?".into(),
            passage: text.into(),
            url: String::new(),
            source: String::new(),
            focus: String::new(),
            qtype: String::new(),
            score: 1.0,
            bm25_rank: Some(1),
            vector_rank: None,
            rrf_rank: None,
            location: None,
        }
    }

    #[test]
    fn sections_stay_in_budget_and_sources_are_numbered() {
        let long = "Unrelated filler sentence about something else entirely. ".repeat(200)
            + "Diabetes symptoms include thirst and frequent urination.";
        let docs: Vec<Evidence> = (0..8).map(|_| evidence(&long)).collect();
        let a = assemble("What are the symptoms of diabetes?", "65-year-old male", &[], &docs, Lang::En);
        assert!(a.compressed);
        let evidence_tokens = a.plan.iter().find(|(s, _)| *s == PromptSection::Evidence).unwrap().1;
        assert!(evidence_tokens <= BUDGET_EVIDENCE + 200, "{evidence_tokens}");
        assert!(a.user.contains("[1] What are the symptoms"));
        assert!(a.user.contains("[8] "));
        assert!(a.user.contains("thirst and frequent urination"), "the relevant sentence survives compression");
        assert!(a.user.contains("65-year-old male"));
    }

    #[test]
    fn a_huge_question_is_cut_to_its_budget() {
        let q = "당뇨 증상 ".repeat(20_000);
        let a = assemble(&q, "", &[], &[], Lang::Ko);
        assert!(estimate(&a.user) < BUDGET_QUESTION + 20);
    }
}
