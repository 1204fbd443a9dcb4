//! The answer of a turn as a value: the triage notice, the line saying what the body is, the body,
//! what kind of text the body is, the warnings under it, and a model's text that failed the answer
//! checks (shown apart, marked as not supported by the sources). The turn state, the saved chat turn
//! and the answer cache keep the value; the text a shell prints, or a model reads, is rendered from
//! it here, and nothing reads an answer's parts back from its text.

use crate::core::Lang;
use serde::{Deserialize, Serialize};

/// What the body of an answer is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerKind {
    /// A model wrote it, and it passed the answer checks (or was not checked: LLM mode, a stop, a cut).
    Generated,
    /// The sources' own sentences (no model, a failed call, or a model answer that failed its checks).
    #[default]
    Evidence,
    /// The reply to a greeting.
    SmallTalk,
}

/// Why a model's answer is not shown as the answer. The reason is told to the model when it answers
/// again, and shown above its text when it is shown apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "check", content = "detail", rename_all = "snake_case")]
pub enum Refusal {
    /// Not in the language the user asked in.
    WrongLanguage,
    /// Mostly what the model was told (the question, its instructions) said back.
    EchoesQuestion,
    /// No `[n]` naming one of the numbered sources.
    NoCitation,
    /// It cites sources that do not say what it claims (the first such claim).
    Unsupported(String),
}

impl Refusal {
    /// The reason in the answer's language.
    pub fn reason(&self, lang: Lang) -> String {
        match (self, lang) {
            (Refusal::WrongLanguage, Lang::Ko) => "답변이 한국어가 아니었습니다.".into(),
            (Refusal::WrongLanguage, Lang::En) => "the answer was not in English.".into(),
            (Refusal::EchoesQuestion, Lang::Ko) => "답변이 질문이나 지시문을 되풀이했을 뿐 답하지 않았습니다.".into(),
            (Refusal::EchoesQuestion, Lang::En) => {
                "the answer repeated the question or the instructions instead of answering.".into()
            }
            (Refusal::NoCitation, Lang::Ko) => "답변이 근거 문서를 하나도 인용하지 않았습니다.".into(),
            (Refusal::NoCitation, Lang::En) => "the answer cited none of the numbered sources.".into(),
            (Refusal::Unsupported(claim), Lang::Ko) => {
                format!("인용한 문서가 뒷받침하지 않는 주장이 있었습니다: {claim}")
            }
            (Refusal::Unsupported(claim), Lang::En) => format!("the cited sources do not support a claim: {claim}"),
        }
    }
}

/// A model's answer that failed its checks (after its one retry), kept to be shown apart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unsupported {
    pub text: String,
    pub why: Refusal,
}

/// The answer of a turn. Stored as it is (the saved chat turn, the answer cache): the empty parts are
/// left out, and read back as empty.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Answer {
    /// The triage notice, first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notice: Option<String>,
    /// The line that says what the body is, before it (the evidence answer's: the sources' own
    /// sentences, not a generated answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preamble: Option<String>,
    pub body: String,
    pub kind: AnswerKind,
    /// Shown under the body (e.g. the grade's "parts are not supported").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// A model's text that is not the answer, shown after it and marked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unsupported: Option<Unsupported>,
}

impl Answer {
    /// The whole text as shells print it and models read it: notice, preamble, body, warnings, then
    /// the marked model text, apart by blank lines.
    pub fn render(&self, lang: Lang) -> String {
        join(self.notice.iter().cloned().chain([self.after_notice(lang)]))
    }

    /// The text after the notice: what streams as the answer (the notice is shown on its own first).
    pub fn after_notice(&self, lang: Lang) -> String {
        let mut parts: Vec<String> = self.preamble.iter().cloned().collect();
        parts.push(self.body.clone());
        parts.extend(self.warnings.iter().cloned());
        if let Some(unsupported) = &self.unsupported {
            parts.push(unsupported_heading(&unsupported.why, lang));
            parts.push(unsupported.quoted());
        }
        join(parts)
    }
}

impl Unsupported {
    /// The model's text as a quote, line by line.
    pub fn quoted(&self) -> String {
        self.text.lines().map(|l| format!("> {l}")).collect::<Vec<_>>().join("\n")
    }
}

/// The parts that say something, apart by blank lines.
fn join(parts: impl IntoIterator<Item = String>) -> String {
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect::<Vec<_>>().join("\n\n")
}

/// The line above a model's text shown apart from the answer.
pub fn unsupported_heading(why: &Refusal, lang: Lang) -> String {
    match lang {
        Lang::Ko => format!("⚠️ 아래는 AI 모델이 쓴 답변으로, 출처가 뒷받침하지 않아 답변으로 보여 드리지 않습니다 ({})", why.reason(lang)),
        Lang::En => format!("⚠️ Below is the AI model's answer. It is not shown as the answer because the sources do not support it ({})", why.reason(lang)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_notice_body_warnings_then_the_marked_model_text() {
        let answer = Answer {
            notice: Some("⚠️ Call 911.".into()),
            preamble: Some("**What the medical sources say**".into()),
            body: "Sources say [1].".into(),
            kind: AnswerKind::Evidence,
            warnings: vec![],
            unsupported: Some(Unsupported { text: "Gout.\nEat less.".into(), why: Refusal::NoCitation }),
        };
        let text = answer.render(Lang::En);
        assert!(
            text.starts_with("⚠️ Call 911.\n\n**What the medical sources say**\n\nSources say [1].\n\n⚠️ Below is the AI model's answer."),
            "{text}"
        );
        assert!(text.ends_with("cited none of the numbered sources.)\n\n> Gout.\n> Eat less."), "{text}");
        assert_eq!(format!("⚠️ Call 911.\n\n{}", answer.after_notice(Lang::En)), text);
    }

    /// The value is stored as it is, without its empty parts, and read back the same.
    #[test]
    fn an_answer_is_stored_without_its_empty_parts_and_read_back_whole() {
        let answer = Answer {
            body: "Gout is treated with NSAIDs [1].".into(),
            kind: AnswerKind::Generated,
            warnings: vec!["⚠️ Parts are not supported.".into()],
            ..Answer::default()
        };
        let json = serde_json::to_value(&answer).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"body": "Gout is treated with NSAIDs [1].", "kind": "generated", "warnings": ["⚠️ Parts are not supported."]})
        );
        assert_eq!(serde_json::from_value::<Answer>(json).unwrap(), answer);
        let refused = Answer {
            unsupported: Some(Unsupported { text: "x".into(), why: Refusal::Unsupported("a claim".into()) }),
            ..answer
        };
        assert_eq!(serde_json::from_str::<Answer>(&serde_json::to_string(&refused).unwrap()).unwrap(), refused);
    }
}
