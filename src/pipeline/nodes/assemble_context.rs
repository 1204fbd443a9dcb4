//! Node 5: put the prompt together within the token budget: system prompt, profile, conversation
//! memory (three tiers), numbered evidence, question.

use super::{Env, State};
use crate::memory::conversation::{Recollection, SummarySource};
use crate::pipeline::context::{assemble, memory_lines};
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::step::{AssembleDetail, MemoryUsed, SectionTokens, Summarised};

pub async fn run(state: &mut State, env: &mut Env<'_>) -> AssembleDetail {
    let lang = state.lang();
    if state.profile_summary.is_empty()
        && state.flags.memory_mode == MemoryMode::Structured
        && state.about == crate::extract::Subject::Me
    {
        // Small talk skips store_memory; the profile still shapes the answer.
        let now = env.services.clock.now_ms();
        state.profile_summary =
            env.memory.profiles.profile(&state.user_id).map_or_else(String::new, |p| p.summary(lang, now));
    }
    // memory_mode none is the no-memory ablation: no profile and no conversation memory.
    let recollection = match state.flags.memory_mode {
        MemoryMode::Structured => {
            env.memory.conversations.get(&state.user_id).map(|c| c.recall(&state.query_vector)).unwrap_or_default()
        }
        MemoryMode::None => Recollection::default(),
    };
    let lines = memory_lines(&recollection);
    let assembled = assemble(&state.user_text, &state.profile_for_prompt(), &lines, &state.retrieved_docs, lang);
    state.system_prompt = assembled.system;
    state.user_prompt = assembled.user;
    // Searched, but the relevance check found nothing relevant: the model hears it too.
    let nothing_found =
        state.needs_retrieval && !state.retrieved_docs_history.is_empty() && state.retrieved_docs.is_empty();
    if nothing_found {
        state.user_prompt = format!("{}\n\n{}", crate::llm::prompts::nothing_found_section(lang), state.user_prompt);
    }
    state.token_plan = assembled.plan;
    let llm_summarised = recollection.summarised_by(SummarySource::Llm);
    let extractive = recollection.summarised_by(SummarySource::Extractive);
    let summary_source = match (llm_summarised, extractive) {
        (0, 0) => None,
        (_, 0) => Some("llm"),
        (0, _) => Some("extractive"),
        _ => Some("llm+extractive"),
    };
    AssembleDetail {
        tokens: state.token_plan.iter().map(|&(section, tokens)| SectionTokens { section, tokens }).collect(),
        evidence_compressed: assembled.compressed,
        memory: MemoryUsed {
            mode: state.flags.memory_mode,
            recent: recollection.recent.len(),
            recalled: recollection.recalled.len(),
            recalled_archived: recollection.recalled_archive.len(),
            summarised: Summarised { llm: llm_summarised, extractive },
            summary_source,
        },
        documents: state.retrieved_docs.len(),
        nothing_relevant_found: nothing_found,
    }
}
