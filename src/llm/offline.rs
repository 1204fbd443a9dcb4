//! The offline evidence responder: with no model configured, the answer is built from the top
//! passages themselves (their sentences that best match the question, each with its source number),
//! and says plainly that it is not a generated answer. Headings follow the user's language; the
//! passages stay in English, the language of the corpus.

use crate::core::tokenizer::tokenize;
use crate::core::Evidence;
use crate::core::Lang;
use crate::extract::Subject;
use crate::retrieval::corpus::is_boilerplate;
use std::collections::HashSet;

/// Passages quoted at most.
const SOURCES: usize = 3;
/// Sentences quoted per passage at most.
const SENTENCES: usize = 2;

/// The first line of an offline answer with sources, saying what it is.
pub fn preamble(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => "**의학 자료에서 찾은 내용입니다** (AI 모델이 설정되지 않아 생성된 답변이 아니라 출처 문장을 그대로 보여 드립니다. 출처는 영어입니다.)",
        Lang::En => "**What the medical sources say** (no AI model is configured, so this is not a generated answer: these are the sources' own sentences).",
    }
}

/// The first line of the evidence answer shown in place of a model's answer that failed its checks.
pub fn refused_preamble(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => "**의학 자료에서 찾은 내용입니다** (AI 모델의 답변이 출처로 뒷받침되지 않아, 출처 문장을 그대로 보여 드립니다. 출처는 영어입니다.)",
        Lang::En => "**What the medical sources say** (the AI model's answer was not supported by the sources, so these are the sources' own sentences).",
    }
}

/// An evidence answer: the line that says what it is (none when there was nothing to quote), and
/// the quotes (or why there are none).
#[derive(Clone, Debug, PartialEq)]
pub struct Quoted {
    pub preamble: Option<&'static str>,
    pub body: String,
}

/// The extractive answer for `question` from `evidence`, under [`preamble`]. No evidence means
/// search found nothing relevant (the relevance check refused the passages): the answer says so
/// instead of quoting.
pub fn answer(question: &str, evidence: &[Evidence], profile_summary: &str, about: &Subject, lang: Lang) -> Quoted {
    if evidence.is_empty() {
        return Quoted { preamble: None, body: nothing_found(lang).into() };
    }
    Quoted { preamble: Some(preamble(lang)), body: quotes(question, evidence, profile_summary, about, lang) }
}

/// The evidence answer shown in place of a model's answer that failed its checks: the same quotes
/// under [`refused_preamble`].
pub fn answer_instead_of_model(
    question: &str,
    evidence: &[Evidence],
    profile_summary: &str,
    about: &Subject,
    lang: Lang,
) -> Quoted {
    if evidence.is_empty() {
        let body = match lang {
            Lang::Ko => "이 질문에 맞는 의학 자료를 찾지 못했습니다. 질문을 다르게 표현하거나 질환명, 증상, 약 이름을 적어 주세요.",
            Lang::En => "I found nothing relevant to this question in the medical sources. Try rephrasing it, or name the condition, symptom or medicine.",
        };
        return Quoted { preamble: None, body: body.into() };
    }
    Quoted { preamble: Some(refused_preamble(lang)), body: quotes(question, evidence, profile_summary, about, lang) }
}

/// What the answer says when search found nothing relevant and no model answers.
fn nothing_found(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => {
            "이 질문에 맞는 의학 자료를 찾지 못했습니다. 관련 없는 자료를 인용하는 대신 말씀드립니다. \
                     질문을 다르게 표현하거나 질환명, 증상, 약 이름을 적어 주세요 (예: \"통풍은 어떻게 치료하나요?\"). \
                     AI 모델이 설정되어 있지 않아 자료에 근거해서만 답합니다."
        }
        Lang::En => {
            "I found nothing relevant to this question in the medical sources, so I am not quoting \
                     unrelated passages. Try rephrasing it, or name the condition, symptom or medicine. \
                     No AI model is configured, so I can only answer from the sources."
        }
    }
}

/// The best sentences of the first passages, each with its source number, then what is known about the user.
fn quotes(question: &str, evidence: &[Evidence], profile_summary: &str, about: &Subject, lang: Lang) -> String {
    let terms: HashSet<String> = tokenize(question).into_iter().collect();
    let mut out = String::new();
    for (i, e) in evidence.iter().take(SOURCES).enumerate() {
        let sentences = best_sentences(&e.passage, &terms, SENTENCES);
        if sentences.is_empty() {
            continue;
        }
        out.push_str(&format!("- **{}**: {} [{}]\n", e.title.trim_end_matches(['?', ' ']), sentences.join(" "), i + 1));
    }
    if !profile_summary.is_empty() {
        let whom = match about {
            Subject::Me => String::new(),
            other => format!("{}에 대해 ", other.describe(true)),
        };
        out.push_str(&match lang {
            Lang::Ko => format!("\n{whom}알고 있는 정보: {profile_summary}. 이 정보에 맞춘 해석은 AI 모델을 설정하거나 의료진과 상의하세요.\n"),
            Lang::En => format!("\nWhat I know about {}: {profile_summary}. For advice fitted to this, configure an AI model or ask a clinician.\n", about.describe(false)),
        });
    }
    out
}

/// Up to `n` sentences of `text` sharing the most terms with the question, in text order.
fn best_sentences<'a>(text: &'a str, terms: &HashSet<String>, n: usize) -> Vec<&'a str> {
    let sentences: Vec<&str> = text
        .split_inclusive(['.', '!', '?', '\n'])
        .map(|s| s.trim().trim_start_matches("- "))
        .filter(|s| s.len() > 20 && !is_boilerplate(s))
        .collect();
    let mut scored: Vec<(usize, usize)> = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| (i, tokenize(s).iter().filter(|t| terms.contains(*t)).count()))
        .collect();
    crate::core::order::sort_by(&mut scored, |a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut keep: Vec<usize> = scored.into_iter().take(n).map(|(i, _)| i).collect();
    crate::core::order::sort_by(&mut keep, usize::cmp);
    keep.into_iter().map(|i| sentences[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence(passage: &str) -> Evidence {
        Evidence {
            id: "1".into(),
            title: "What is gout?".into(),
            passage: passage.into(),
            url: String::new(),
            source: String::new(),
            focus: "Gout".into(),
            qtype: "information".into(),
            score: 1.0,
            bm25_rank: Some(1),
            vector_rank: None,
            rrf_rank: None,
            location: None,
        }
    }

    #[test]
    fn no_evidence_says_nothing_relevant_was_found_and_what_to_do() {
        let en = answer("how do I lower my car insurance premium", &[], "", &Subject::Me, Lang::En).body;
        assert!(en.contains("nothing relevant") && en.contains("name the condition"), "{en}");
        let ko = answer("김치찌개 끓이는 법", &[], "", &Subject::Me, Lang::Ko).body;
        assert!(ko.contains("찾지 못했습니다") && ko.contains("질환명"), "{ko}");
    }

    #[test]
    fn site_notices_are_never_quoted() {
        let passage = "Gout is a painful form of arthritis caused by uric acid crystals in a joint. \
                       Images and logos on this website which are trademarked are not in the public domain.";
        let out = answer("what is gout", &[evidence(passage)], "", &Subject::Me, Lang::En).body;
        assert!(out.contains("uric acid"), "{out}");
        assert!(!out.contains("logos"), "{out}");
    }
}
