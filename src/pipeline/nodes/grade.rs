//! Query Flow's grounding grade, after the answer: is every claim supported by the passage it
//! cites? A score (the share of supported claims), a verdict and the reason. An ungrounded answer is
//! written again once, with the reason in the prompt, when the turn may still call the model for an
//! answer; otherwise (or when the second answer is ungrounded too) it is shown with a visible
//! warning that parts of it are not supported by the sources.
//!
//! The model grades when the turn may call it. The local grade (no model, or a reply that is not the
//! grade asked for) reads each sentence of three words or more: in English, a claim is supported
//! when it cites a passage that exists and at least half of its terms are in the passages it cites;
//! in Korean (the passages are English, so words cannot be compared) when it cites a passage that
//! exists and at least half of the concepts it names are named in the passages it cites. An offline
//! answer quotes the passages, so it is graded but never regenerated or warned about.

use super::{passages, Env, State};
use crate::core::answer::AnswerKind;
use crate::core::citation;
use crate::core::tokenizer::tokenize;
use crate::core::{has_hangul, Lang};
use crate::lexicon::Lexicon;
use crate::llm::query_flow::{grade_prompt, parse_grade, Grade};
use crate::pipeline::state::TurnEvent;
use crate::pipeline::step::GradeDetail;
use crate::pipeline::stop::StopReason;
use crate::pipeline::trace::CallPurpose;
use std::collections::HashSet;

/// The share of supported claims an answer needs to count as grounded.
pub const GROUNDED: f64 = 0.7;
/// Answers written again per turn at most.
const REGENERATIONS: usize = 1;

/// The warning shown under an answer whose grade found unsupported claims.
pub fn warning(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => "⚠️ 이 답변의 일부는 출처 문서가 뒷받침하지 않습니다. 그 부분은 의료진에게 확인하세요.",
        Lang::En => "⚠️ Parts of this answer are not supported by the sources. Check those parts with a clinician.",
    }
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> GradeDetail {
    // The triage notice is ours, not the model's: only the body is graded.
    let answer = state.answer.body.clone();
    let evidence = passages(&state.retrieved_docs);
    let from_model = state.answer.kind == AnswerKind::Generated
        && state.trace.model_calls.last().is_some_and(|c| c.purpose == CallPurpose::Answer)
        && state.error.is_none();
    let prompt = grade_prompt(&answer, &evidence);
    let (grade, method, why) =
        match super::ask_json(state, env, CallPurpose::Grade, prompt, 200, "grade", parse_grade).await {
            Ok(grade) => (grade, "model", None),
            Err(no) => (local(&answer, &evidence, env.services.lexicon), "local", no.why()),
        };
    let grounded = grade.grounded && grade.score >= GROUNDED;
    // Write it again only if a model wrote it and one more answer fits the turn's budget.
    let may_answer = super::may_call(state, env, CallPurpose::Answer).is_ok();
    let again = !grounded
        && from_model
        && state.regenerations < REGENERATIONS
        && may_answer
        && state.stop_reason != Some(StopReason::Stopped);
    // An offline answer quotes the passages: nothing in it is the responder's own claim to warn about.
    let warned = !grounded && !again && from_model && state.stop_reason != Some(StopReason::Stopped);
    if again {
        state.regenerations += 1;
    }
    if warned {
        let warning = warning(state.lang());
        (env.on_event)(TurnEvent::Delta(&format!("\n\n{warning}")));
        state.answer.warnings.push(warning.to_string());
    }
    state.answer_again = again;
    let detail = GradeDetail {
        method,
        why,
        grounded,
        score: grade.score,
        reason: grade.reason.clone(),
        decision: if again {
            "answer again"
        } else if warned {
            "warn"
        } else {
            "keep"
        },
        regenerations: state.regenerations,
    };
    state.grade = Some(grade);
    detail
}

/// The local grade of `answer` against the numbered `passages`; the `lexicon` reads Korean claims.
pub fn local(answer: &str, passages: &[(String, String)], lexicon: Option<&Lexicon>) -> Grade {
    let terms: Vec<HashSet<String>> =
        passages.iter().map(|(title, text)| tokenize(&format!("{title} {text}")).into_iter().collect()).collect();
    let mut claims = 0;
    let mut unsupported: Vec<&str> = Vec::new();
    for sentence in sentences(answer) {
        let cited = citation::cited(sentence, passages.len());
        // A sentence without a citation that is not a claim about the sources (a greeting, advice to see a
        // clinician) is not graded; one with numbers or medical terms and no citation is a claim.
        let supported = if cited.is_empty() {
            if !makes_claim(sentence) {
                continue;
            }
            false
        } else if has_hangul(sentence) {
            lexicon.is_none_or(|lexicon| names_what_it_cites(sentence, &cited, &terms, lexicon))
        } else {
            let own: Vec<String> = tokenize(&citation::strip(sentence));
            let seen = own.iter().filter(|t| cited.iter().any(|&n| terms[n - 1].contains(*t))).count();
            own.is_empty() || seen * 2 >= own.len()
        };
        claims += 1;
        if !supported {
            unsupported.push(sentence);
        }
    }
    let score = if claims == 0 { 1.0 } else { (claims - unsupported.len()) as f64 / claims as f64 };
    let reason = unsupported
        .first()
        .map(|s| format!("not supported by the cited passages: \"{}\"", s.chars().take(160).collect::<String>()))
        .unwrap_or_default();
    Grade { grounded: score >= GROUNDED, score, reason }
}

/// The sentences of `answer` that can state something: three words or more (a heading, a list
/// marker or a lone citation is not one).
pub fn sentences(answer: &str) -> impl Iterator<Item = &str> {
    answer.split_inclusive(['.', '!', '?', '\n', '。']).map(str::trim).filter(|s| s.split_whitespace().count() >= 3)
}

/// Whether a Korean `sentence` names what the passages it `cited` name: at least half of the concepts
/// it names (as the lexicon reads them) are in those passages, a concept being there when at least half
/// of the terms of its English name are. A sentence naming no concept the lexicon knows is taken on its
/// citation: there is nothing to compare.
fn names_what_it_cites(sentence: &str, cited: &[usize], terms: &[HashSet<String>], lexicon: &Lexicon) -> bool {
    let mut named: Vec<Vec<String>> = Vec::new();
    for mention in lexicon.find(sentence) {
        let words = tokenize(&mention.concept.en);
        if !words.is_empty() && !named.contains(&words) {
            named.push(words);
        }
    }
    let in_cited = |word: &String| cited.iter().any(|&n| terms[n - 1].contains(word));
    let there = named.iter().filter(|words| words.iter().filter(|w| in_cited(w)).count() * 2 >= words.len()).count();
    there * 2 >= named.len()
}

/// Whether an uncited sentence states something a source should back: a number (a dose, a rate)
/// or a word of medicine.
fn makes_claim(sentence: &str) -> bool {
    const MEDICAL: &[&str] = &[
        "mg", "dose", "cause", "caus", "treat", "cure", "risk", "symptom", "drug", "medicine", "therapy", "disease",
        "용량", "원인", "치료", "위험", "증상", "약",
    ];
    let lower = sentence.to_lowercase();
    sentence.chars().any(|c| c.is_ascii_digit()) || MEDICAL.iter().any(|w| lower.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gout() -> Vec<(String, String)> {
        vec![("Gout".into(), "Gout is a painful arthritis caused by uric acid crystals in a joint.".into())]
    }

    #[test]
    fn a_cited_sentence_whose_words_are_in_the_passage_is_supported() {
        let grade = local(
            "Gout is a painful arthritis caused by uric acid crystals [1]. Please see a clinician.",
            &gout(),
            None,
        );
        assert!(grade.grounded && grade.score == 1.0, "{grade:?}");
    }

    #[test]
    fn invented_doses_and_wrong_citations_are_not() {
        let grade = local("Take 800 mg of ibuprofen every hour. Gout is caused by eating cheese and chocolate [1]. See [7] for more on this topic.", &gout(), None);
        assert!(!grade.grounded, "{grade:?}");
        assert!(grade.reason.contains("800 mg"), "{grade:?}");
    }

    #[test]
    fn korean_claims_need_a_citation_that_exists() {
        assert!(local("통풍은 요산 결정 때문에 생기는 관절염입니다 [1].", &gout(), None).grounded);
        assert!(!local("통풍 치료에는 하루 800mg 약을 먹어야 합니다.", &gout(), None).grounded);
    }
}
