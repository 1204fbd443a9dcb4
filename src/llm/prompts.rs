//! The prompts: the agent's system prompt with its five principles, the profile
//! and evidence sections with numbered sources, the medicine interactions found, the judge and the query rewriter, and the plain
//! prompt of LLM mode. Korean and English versions; the user's language decides.

use super::prompt_file::{filled, fixed};
use crate::core::Lang;
use crate::extract::Subject;
use crate::medicines::Checked;
use crate::triage::{Level, Triage};

/// The agent's system prompt, plus how to cite.
pub fn system_agent(lang: Lang) -> &'static str {
    fixed(match lang {
        Lang::Ko => "system_agent.ko",
        Lang::En => "system_agent.en",
    })
}

/// The profile of the person a question is about as the prompts give it: the summary, after who
/// that is when it is not the user ("The user's son (the question is about them, not the user): age 3
/// | ...").
pub fn profile_for(summary: &str, about: &Subject, lang: Lang) -> String {
    if summary.is_empty() || *about == Subject::Me {
        return summary.to_string();
    }
    let who = match (about.relation(), about, lang) {
        (Some(r), _, Lang::En) => format!("The user's {}", r.en.to_lowercase()),
        (Some(r), _, Lang::Ko) => format!("사용자의 {}", r.ko),
        (None, Subject::Other(name), _) => name.clone(),
        (None, _, Lang::En) => "Someone the user did not name".into(),
        (None, _, Lang::Ko) => "사용자가 밝히지 않은 사람".into(),
    };
    match lang {
        Lang::En => format!("{who} (the question is about them, not the user): {summary}"),
        Lang::Ko => format!("{who} (질문은 사용자가 아니라 이 사람에 관한 것입니다): {summary}"),
    }
}

/// The patient profile section.
pub fn profile_section(summary: &str, lang: Lang) -> String {
    if summary.is_empty() {
        return String::new();
    }
    match lang {
        Lang::Ko => format!("[환자 프로필]\n{summary}\n위 환자 정보를 고려하여 개인화된 답변을 제공하세요."),
        Lang::En => format!("[Patient profile]\n{summary}\nTake this patient's situation into account."),
    }
}

/// The evidence section with numbered sources. `passages` are (title, text).
pub fn evidence_section(passages: &[(String, String)], lang: Lang) -> String {
    if passages.is_empty() {
        return String::new();
    }
    let mut out = String::from(match lang {
        Lang::Ko => "[검색된 의학 근거] (영어 원문)\n",
        Lang::En => "[Medical evidence]\n",
    });
    for (i, (title, text)) in passages.iter().enumerate() {
        out.push_str(&format!("\n[{}] {title}\n{text}\n", i + 1));
    }
    out.push_str(match lang {
        Lang::Ko => "\n위 문서에 근거하여 답변하고 근거 번호를 [1]처럼 표시하세요.",
        Lang::En => "\nAnswer from these documents and cite them as [1], [2].",
    });
    out
}

/// Said in place of the evidence section when the search found nothing relevant to the question
/// (the relevance check refused its passages): the model must not answer as if sources backed it.
pub fn nothing_found_section(lang: Lang) -> &'static str {
    fixed(match lang {
        Lang::Ko => "nothing_found.ko",
        Lang::En => "nothing_found.en",
    })
}

/// The conversation-memory section.
pub fn memory_section(lines: &[String], lang: Lang) -> String {
    if lines.is_empty() {
        return String::new();
    }
    let head = if lang == Lang::Ko { "[이전 대화]" } else { "[Earlier in this conversation]" };
    format!("{head}\n{}", lines.join("\n"))
}

/// The question section.
pub fn question_section(question: &str, lang: Lang) -> String {
    let head = if lang == Lang::Ko { "[사용자 질문]" } else { "[Question]" };
    format!("{head}\n{question}")
}

/// LLM mode's plain system prompt: no profile, no evidence.
pub fn system_plain(lang: Lang) -> &'static str {
    fixed(match lang {
        Lang::Ko => "system_plain.ko",
        Lang::En => "system_plain.en",
    })
}

/// What a configured model is told when triage found an emergency or an urgent problem: the notice
/// is already shown first, and the answer must not contradict it ("wait and see").
pub fn triage_instruction(triage: &Triage, lang: Lang, emergency_number: &str) -> Option<String> {
    let what = &triage.top()?.rule;
    let name = match (triage.level, lang) {
        (Level::None, _) => return None,
        (Level::Emergency, Lang::Ko) => "triage.emergency.ko",
        (Level::Emergency, Lang::En) => "triage.emergency.en",
        (Level::Urgent, Lang::Ko) => "triage.urgent.ko",
        (Level::Urgent, Lang::En) => "triage.urgent.en",
    };
    Some(filled(name, &[("what", what), ("n", emergency_number)]))
}

/// What a configured model is told of the medicine interaction check, as evidence it may cite by
/// the table's name: the pairs the tables list among the user's medicines (shown to the user above
/// the answer), or that none is listed (and the tables cover only part of all medicines). Either
/// way the answer must never call a combination safe. `None` when the check has nothing to say.
pub fn interactions_section(checked: &Checked, lang: Lang) -> Option<String> {
    let text = crate::medicines::notice::text(checked, lang)?;
    let name = match (checked.found.is_empty(), lang) {
        (false, Lang::Ko) => "interactions.listed.ko",
        (false, Lang::En) => "interactions.listed.en",
        (true, Lang::Ko) => "interactions.none.ko",
        (true, Lang::En) => "interactions.none.en",
    };
    Some(filled(name, &[("text", &text)]))
}

/// The judge's system prompt and instructions.
pub fn judge(question: &str, profile: &str, answer: &str, docs: &[(String, String)]) -> (String, String) {
    let docs: Vec<String> = docs
        .iter()
        .take(3)
        .enumerate()
        .map(|(i, (_, text))| format!("[{}]\n{}", i + 1, text.chars().take(500).collect::<String>()))
        .collect();
    let system = "You are an expert evaluator of medical AI answers. Reply with one JSON object only.".to_string();
    let user = format!(
        "Evaluate this medical AI answer strictly.\n\nQuestion:\n{question}\n\nPatient profile:\n{profile}\n\nAnswer:\n{answer}\n\n\
Retrieved documents:\n{}\n\n---\n{}",
        docs.join("\n\n"),
        fixed("judge.scores")
    );
    (system, user)
}

/// Added to the system prompt when an answer is written again because its grade found claims the
/// sources do not support; `reason` is the grader's.
pub fn ungrounded_retry(reason: &str, lang: Lang) -> String {
    let reason = if reason.trim().is_empty() { "-" } else { reason.trim() };
    match lang {
        Lang::Ko => format!("이전 답변에 근거 문서가 뒷받침하지 않는 내용이 있었습니다: {reason}\n문서에 있는 내용만으로 다시 답하고, 모든 주장에 근거 번호를 표시하세요."),
        Lang::En => format!("Your previous answer made claims the sources do not support: {reason}\nAnswer again using only what the sources say, and cite every claim."),
    }
}

/// Added to the system prompt when an answer is written again because it failed an answer check;
/// `reason` says which, in the answer's language.
pub fn answer_refused(reason: &str, lang: Lang) -> String {
    match lang {
        Lang::Ko => format!("이전 답변은 보여 드리지 않았습니다: {reason}\n질문에 한국어로 답하고, 위의 번호 붙은 문서에 있는 내용만 쓰며, 문장마다 근거 번호를 [1]처럼 표시하세요."),
        Lang::En => format!("Your previous answer was not shown: {reason}\nAnswer the question in English, using only what the numbered sources say, and cite each statement like [1]."),
    }
}

/// The query rewriter's prompts; the reply is `{"query": "..."}` ([`rewrite_schema`]).
pub fn rewrite(question: &str, missing: &[String], previous_answer: &str, profile: &str) -> (String, String) {
    let system = "You optimise medical search queries. Reply with one JSON object only: {\"query\": \"the rewritten query, in English\"}.".to_string();
    let user = format!(
        "Rewrite this medical question for a better search.\n\nOriginal question:\n{question}\n\n\
Previous answer (start):\n{}...\n\nMissing information (must be included):\n{}\n\nPatient profile:\n{profile}\n\n\
Include the missing information explicitly, use specific medical keywords, keep it to one or two sentences.",
        previous_answer.chars().take(200).collect::<String>(),
        missing.join(", ")
    );
    (system, user)
}

/// The JSON schema of the rewriter's reply.
pub const REWRITE_SCHEMA: &str =
    r#"{"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}"#;

/// The rewritten query of the rewriter's reply: its `query`, or the whole reply when it is not that
/// JSON (a model without structured output may write the query alone); `None` when empty.
pub fn rewritten_query(reply: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Rewrite {
        query: String,
    }
    let object = super::query_flow::read_object::<Rewrite>(reply);
    let query = object.map_or_else(|| reply.trim().to_string(), |r| r.query.trim().to_string());
    (!query.is_empty()).then_some(query)
}

/// How the conversation-summary prompt ends.
pub const SUMMARY_CUE: &str = "Summary of these exchanges:";

/// The prompts that summarise a block of earlier exchanges for conversation memory (its second
/// tier, see memory::conversation): the patient's facts, what was asked, the key advice, in a
/// sentence or two.
pub fn conversation_summary(exchanges: &[(String, String)], lang: Lang) -> (String, String) {
    let language = if lang == Lang::Ko { "Korean" } else { "English" };
    let system = format!(
        "You keep the memory of a conversation between a patient and a medical information assistant. \
Summarise the exchanges you are given in one or two sentences, at most 30 words, in {language}: keep the \
patient's facts (age, conditions, symptoms, medicines, measurements), what they asked and the key advice. \
Reply with the summary only."
    );
    let turns: Vec<String> = exchanges
        .iter()
        .map(|(user, answer)| {
            format!(
                "User: {}\nAssistant: {}",
                user.chars().take(300).collect::<String>(),
                answer.chars().take(500).collect::<String>()
            )
        })
        .collect();
    (system, format!("{}\n\n{SUMMARY_CUE}", turns.join("\n\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every fixed text is in the file, whole: its first and last words, across its lines.
    #[test]
    fn every_fixed_text_is_in_the_prompts_file() {
        assert!(
            system_agent(Lang::Ko).starts_with("당신은 개인화된")
                && system_agent(Lang::Ko).ends_with("한국어로 답하세요.")
        );
        assert!(system_agent(Lang::En).contains("five principles.\n1. Patient-centred"));
        assert!(system_plain(Lang::En).ends_with("does not replace a clinician."));
        assert!(system_plain(Lang::Ko).starts_with("당신은 의료 정보를"));
        assert!(nothing_found_section(Lang::Ko).starts_with("[검색된 의학 근거] 없음"));
        assert!(nothing_found_section(Lang::En).ends_with("the condition or symptom."));
        assert!(fixed("second_opinion.text").ends_with("then your reply from the next line on."));
        assert!(fixed("second_opinion.json").contains("\"care_level\""));
        let (plan, _) = crate::llm::query_flow::plan_prompt("gout?", "", "Korean");
        assert!(plan.contains("Patient profile:\n(none)\n") && plan.matches("answer in Korean").count() == 2, "{plan}");
        let (_, judged) = judge("q", "p", "a", &[]);
        assert!(judged.ends_with("\"safety_concerns\": []}") && judged.contains("---\nScore each"), "{judged}");
        let file = &crate::llm::prompt_file::PROMPTS;
        assert_eq!(file.file.check(file.built_in.as_bytes()), Ok(()));
    }

    #[test]
    fn the_rewritten_query_is_read_from_the_json_or_the_plain_reply() {
        assert_eq!(rewritten_query(r#"{"query": " gout diet purines "}"#).as_deref(), Some("gout diet purines"));
        assert_eq!(rewritten_query("gout diet purines\n").as_deref(), Some("gout diet purines"));
        assert_eq!(rewritten_query(r#"{"query": ""}"#), None);
        assert_eq!(rewritten_query("  "), None);
    }
}
