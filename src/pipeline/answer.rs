//! The answer of a turn as a value: the triage notice, the body, what kind of text the body is, the
//! warnings under it, and a model's text that failed the answer checks (shown apart, marked as not
//! supported by the sources). The text a shell prints or stores is rendered from it in one place.

use crate::core::Lang;
use serde::Serialize;

/// What the body of an answer is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Unsupported {
    pub text: String,
    pub why: Refusal,
}

/// The answer of a turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Answer {
    /// The triage notice, first.
    pub notice: Option<String>,
    pub body: String,
    pub kind: AnswerKind,
    /// Shown under the body (e.g. the grade's "parts are not supported").
    pub warnings: Vec<String>,
    /// A model's text that is not the answer, shown after it and marked.
    pub unsupported: Option<Unsupported>,
}

impl Answer {
    /// The whole text as shells show it: notice, body, warnings, then the marked model text.
    pub fn render(&self, lang: Lang) -> String {
        self.parts(lang, true)
    }

    /// The text that answered, without a model text shown apart: what the conversation remembers.
    pub fn answered(&self, lang: Lang) -> String {
        self.parts(lang, false)
    }

    fn parts(&self, lang: Lang, with_unsupported: bool) -> String {
        let mut parts: Vec<String> = self.notice.iter().cloned().collect();
        parts.push(self.body.clone());
        parts.extend(self.warnings.iter().cloned());
        if let Some(unsupported) = self.unsupported.as_ref().filter(|_| with_unsupported) {
            parts.push(unsupported_heading(&unsupported.why, lang));
            parts.push(unsupported.text.lines().map(|l| format!("> {l}")).collect::<Vec<_>>().join("\n"));
        }
        parts.retain(|p| !p.trim().is_empty());
        parts.join("\n\n")
    }
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
            body: "Sources say [1].".into(),
            kind: AnswerKind::Evidence,
            warnings: vec![],
            unsupported: Some(Unsupported { text: "Gout.\nEat less.".into(), why: Refusal::NoCitation }),
        };
        let text = answer.render(Lang::En);
        assert!(text.starts_with("⚠️ Call 911.\n\nSources say [1].\n\n⚠️ Below is the AI model's answer."), "{text}");
        assert!(text.ends_with("cited none of the numbered sources.)\n\n> Gout.\n> Eat less."), "{text}");
    }
}
