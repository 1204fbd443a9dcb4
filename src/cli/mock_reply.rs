//! What the mock LLM says: deterministic replies read off the prompt, so pipeline tests get
//! sensible answers without a model.
//!
//! - A judge prompt (JSON mode, Anthropic's JSON-only instruction, or one that names
//!   `grounding_score`) gets a judge verdict in the
//!   judge's JSON shape: high scores when the judged answer cites sources (`[n]`), low ones
//!   with `missing_info` when it does not.
//! - A query-rewrite prompt (`재작성` / `rewrite`) gets one line: the original query plus the
//!   missing information it lists.
//! - Any other prompt gets an answer quoting the first sentence of each numbered source (`[n] ...`
//!   lines) with its `[n]` citation, in Korean when the question is Korean.
//! - The study's grading prompts (`crate::study::grading`) get a lexical grader's JSON arrays: the
//!   answer's sentences as statements, a statement supported when most of its words are in the
//!   passages, the answer's statements turned into questions.
//! - `MOCK_TOKENS=N` anywhere in the prompt: an answer of exactly N tokens (for benchmarks).
//! - `MOCK_ECHO:` in the question: the answer is the rest of the question, verbatim (to test how the
//!   app renders hostile model output).

use crate::llm::{ChatRequest, Role};
use serde_json::json;

/// The whole reply text for a request.
pub fn reply(request: &ChatRequest) -> String {
    let all: String = request.messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>().join("\n");
    let question =
        request.messages.iter().rev().find(|m| m.role == Role::User).map(|m| m.content.as_str()).unwrap_or("");
    if let Some(n) = magic_token_count(&all) {
        return (0..n).map(|i| format!("t{i} ")).collect();
    }
    if request.json || all.contains("grounding_score") || all.contains(crate::llm::anthropic::JSON_ONLY_INSTRUCTION) {
        return judge(question);
    }
    if let Some(graded) = grading(&all) {
        return graded;
    }
    let lower = all.to_lowercase();
    if all.contains("재작성") || lower.contains("rewrite") {
        return rewrite(question);
    }
    if let Some((_, echo)) = question.split_once("MOCK_ECHO:") {
        return echo.trim().to_string();
    }
    answer(&all, question)
}

fn magic_token_count(text: &str) -> Option<usize> {
    let start = text.find("MOCK_TOKENS=")? + "MOCK_TOKENS=".len();
    let digits: String = text[start..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn is_korean(text: &str) -> bool {
    text.chars().any(|c| ('가'..='힣').contains(&c))
}

/// `[n]` with n a number, anywhere in `text`.
fn has_citation(text: &str) -> bool {
    text.match_indices('[').any(|(i, _)| {
        let rest = &text[i + 1..];
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        digits > 0 && rest[digits..].starts_with(']')
    })
}

/// The numbered sources of a prompt: lines that start with `[n]`, with the marker.
fn sources(prompt: &str) -> Vec<(String, String)> {
    prompt
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix('[')?;
            let close = rest.find(']')?;
            let number = &rest[..close];
            if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let text = rest[close + 1..].trim();
            Some((format!("[{number}]"), first_sentence(text)))
        })
        .collect()
}

fn first_sentence(text: &str) -> String {
    let end = text
        .char_indices()
        .find(|&(_, c)| matches!(c, '.' | '?' | '!' | '。'))
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(text.len());
    text[..end].chars().take(200).collect()
}

fn answer(prompt: &str, question: &str) -> String {
    let ko = is_korean(question);
    let found = sources(prompt);
    if found.is_empty() {
        return if ko {
            "제공된 근거에서 이 질문에 대한 정보를 찾지 못했습니다. 의료진과 상담하세요.".into()
        } else {
            "I could not find information on this in the provided sources. Please ask a clinician.".into()
        };
    }
    let mut out =
        String::from(if ko { "제공된 근거에 따르면:\n" } else { "According to the provided sources:\n" });
    for (marker, sentence) in found.iter().take(3) {
        out.push_str(&format!("- {sentence} {marker}\n"));
    }
    out.push_str(if ko {
        "개인 상황에 맞는 판단은 의료진과 상담하세요."
    } else {
        "Please talk to a clinician about your own situation."
    });
    out
}

/// The text after `label` (the grading prompts put the graded text last).
fn after<'a>(prompt: &'a str, label: &str) -> &'a str {
    prompt.split_once(label).map_or("", |(_, rest)| rest)
}

/// The answer's statements: its lines and sentences without list marks and citations.
fn statements(answer: &str) -> Vec<String> {
    answer
        .split(['\n', '.', '?', '!'])
        .map(|s| s.trim().trim_start_matches("- ").split(" [").next().unwrap_or("").trim().to_string())
        .filter(|s| s.split_whitespace().count() >= 3)
        .collect()
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 3).map(str::to_lowercase).collect()
}

fn grading(prompt: &str) -> Option<String> {
    use crate::study::grading::{QUESTIONS_PROMPT, STATEMENTS_PROMPT, VERDICTS_PROMPT};
    let reply = if prompt.contains(STATEMENTS_PROMPT) {
        json!(statements(after(prompt, "ANSWER:\n")))
    } else if prompt.contains(QUESTIONS_PROMPT) {
        let questions: Vec<String> =
            statements(after(prompt, "ANSWER:\n")).iter().take(3).map(|s| format!("{s}?")).collect();
        json!(questions)
    } else if prompt.contains(VERDICTS_PROMPT) {
        let (passages, statements) = after(prompt, "PASSAGES:\n").split_once("STATEMENTS:\n")?;
        let passages = words(passages);
        let verdicts: Vec<u8> = statements
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|statement| {
                let w = words(statement);
                let found = w.iter().filter(|x| passages.contains(x)).count();
                u8::from(!w.is_empty() && found * 5 >= w.len() * 3)
            })
            .collect();
        json!(verdicts)
    } else {
        return None;
    };
    Some(reply.to_string())
}

fn judge(prompt: &str) -> String {
    let ko = is_korean(prompt);
    let verdict = if has_citation(prompt) {
        json!({
            "grounding_score": 0.9,
            "completeness_score": 0.8,
            "accuracy_score": 0.9,
            "missing_info": [],
            "improvement_suggestions": [],
            "safety_concerns": []
        })
    } else {
        let (missing, suggestion) = if ko {
            (vec!["부작용", "금기 사항"], "문서에 명시된 내용을 출처 번호와 함께 인용")
        } else {
            (vec!["side effects", "contraindications"], "cite the sources by number")
        };
        json!({
            "grounding_score": 0.4,
            "completeness_score": 0.3,
            "accuracy_score": 0.7,
            "missing_info": missing,
            "improvement_suggestions": [suggestion],
            "safety_concerns": []
        })
    };
    serde_json::to_string_pretty(&verdict).unwrap_or_default()
}

/// The first non-empty line after the line containing one of `labels`.
fn line_after(prompt: &str, labels: &[&str]) -> Option<String> {
    let mut lines = prompt.lines();
    lines.find(|l| labels.iter().any(|label| l.contains(label)))?;
    lines.map(str::trim).find(|l| !l.is_empty()).map(str::to_string)
}

fn rewrite(prompt: &str) -> String {
    let original = line_after(prompt, &["원본 질의", "Original query", "original query"])
        .unwrap_or_else(|| prompt.lines().next().unwrap_or("").trim().to_string());
    let missing = line_after(prompt, &["부족한 정보", "Missing information", "missing information"]);
    match missing {
        Some(missing) => format!("{original} {}", missing.replace(',', "")),
        None => original,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llm::ChatMessage;

    fn ask(system: &str, user: &str, json: bool) -> String {
        reply(&ChatRequest {
            messages: vec![ChatMessage::system(system), ChatMessage::user(user)],
            json,
            ..ChatRequest::default()
        })
    }

    #[test]
    fn answers_cite_the_sources_in_the_prompt_in_the_question_language() {
        let evidence =
            "Sources:\n[1] Metformin lowers blood sugar. It is taken with meals.\n[2] Side effects include nausea.\n";
        let en = ask(evidence, "What does metformin do?", false);
        assert!(en.contains("Metformin lowers blood sugar. [1]"), "{en}");
        assert!(en.contains("nausea. [2]"), "{en}");
        let ko = ask(evidence, "메트포르민은 무엇인가요?", false);
        assert!(ko.starts_with("제공된 근거에 따르면"), "{ko}");
        assert!(!ask("no sources", "hi", false).contains('['));
    }

    #[test]
    fn judge_is_valid_json_in_the_seed_shape_and_reads_the_answer() {
        let good: serde_json::Value = serde_json::from_str(&ask("judge", "답변: 혈당을 낮춥니다 [1].", true)).unwrap();
        assert_eq!(good["grounding_score"], 0.9);
        assert!(good["missing_info"].as_array().unwrap().is_empty());
        let bad: serde_json::Value =
            serde_json::from_str(&ask("judge", "grounding_score 답변: 그냥 드세요.", false)).unwrap();
        assert_eq!(bad["grounding_score"], 0.4);
        assert_eq!(bad["missing_info"][0], "부작용");
        for field in ["completeness_score", "accuracy_score", "improvement_suggestions", "safety_concerns"] {
            assert!(bad.get(field).is_some(), "{field}");
        }
    }

    #[test]
    fn grading_prompts_get_a_lexical_graders_arrays() {
        use crate::study::grading::{STATEMENTS_PROMPT, VERDICTS_PROMPT};
        let answer =
            "According to the provided sources:\n- Gout is a form of arthritis. [1]\nPlease talk to a clinician.";
        let listed: Vec<String> =
            serde_json::from_str(&ask(STATEMENTS_PROMPT, &format!("ANSWER:\n{answer}"), false)).unwrap();
        assert_eq!(
            listed,
            ["According to the provided sources:", "Gout is a form of arthritis", "Please talk to a clinician"]
        );
        let prompt = "PASSAGES:\n[1] Gout is a form of arthritis.\n\nSTATEMENTS:\n1. Gout is a form of arthritis\n2. Please talk to a clinician\n";
        assert_eq!(ask(VERDICTS_PROMPT, prompt, false), "[1,0]");
    }

    #[test]
    fn rewrite_joins_query_and_missing_info() {
        let prompt = "다음 의료 질의를 재작성해주세요.\n\n**원본 질의:**\n메트포르민 부작용\n\n**부족한 정보 (반드시 포함해야 함):**\n유산증, 금기 사항\n";
        assert_eq!(ask("", prompt, false), "메트포르민 부작용 유산증 금기 사항");
        assert_eq!(ask("", "say MOCK_TOKENS=3 please", false), "t0 t1 t2 ");
    }
}
