//! Node 7: the answer. The triage notice (decided before the graph ran) goes first; then the
//! configured model streams the answer, told about the notice so it does not contradict it and given
//! the medicine interactions the tables list as evidence, or, without one, the offline evidence
//! responder builds it.
//!
//! A model's answer in agent mode must pass the answer checks ([`check`]): in the user's language,
//! not the question said back, citing at least one numbered source, and every cited claim supported
//! by what it cites (the grade's local claim check). One that fails is written again once, told why;
//! if that fails too (or no call is left), the evidence answer is the answer, and the model's text
//! is shown after it, marked as not supported. So no model text without a supported citation is ever
//! shown as the answer. A greeting's reply and LLM mode (the plain baseline, no sources) are not checked.

use super::{Env, State};
use crate::core::answer::{Answer, AnswerKind, Refusal, Unsupported};
use crate::core::{is_hangul, Lang};
use crate::lexicon::bridge::{bridge, not_understood_note};
use crate::lexicon::Lexicon;
use crate::llm::{offline, prompts, ChatRequest, LlmError};
use crate::pipeline::state::{Mode, TurnEvent};
use crate::pipeline::step::AnswerDetail;
use crate::pipeline::stop::StopReason;
use crate::pipeline::trace::CallPurpose;

fn small_talk_reply(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => "안녕하세요! 건강에 관해 궁금한 점을 편하게 물어보세요. 나이, 앓고 있는 질환, 복용 중인 약을 알려 주시면 그에 맞춰 답해 드립니다.",
        Lang::En => "Hello! Ask me anything about your health. If you tell me your age, conditions and medicines, I can fit the answer to you.",
    }
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> AnswerDetail {
    let lang = state.lang();
    let notice = state.triage_notice.clone();
    (env.on_event)(TurnEvent::AnswerStarted);
    let (mut system, user) = match state.mode {
        Mode::Llm => (prompts::system_plain(lang).to_string(), state.user_text.clone()),
        Mode::Agent => (state.system_prompt.clone(), state.user_prompt.clone()),
    };
    if let Some(instruction) = prompts::triage_instruction(&state.triage, lang, state.country.emergency_number(lang)) {
        system = format!("{instruction}\n\n{system}");
    }
    if let Some(interactions) = prompts::interactions_section(&state.interactions, lang) {
        system = format!("{system}\n\n{interactions}");
    }
    // Answering again after the grade found claims the sources do not support: say which.
    let regenerating =
        state.grade.as_ref().filter(|g| !g.grounded && state.regenerations > 0).map(|g| g.reason.clone());
    if let Some(reason) = &regenerating {
        system = format!("{system}\n\n{}", prompts::ungrounded_retry(reason, lang));
    }
    let request = ChatRequest::new(CallPurpose::Answer, system, user);
    let llm = match super::model_for(state, env, CallPurpose::Answer) {
        Ok(llm) => llm,
        Err(why) => {
            let answer = if state.mode == Mode::Agent && state.small_talk {
                Answer { body: small_talk_reply(lang).to_string(), kind: AnswerKind::SmallTalk, ..Answer::default() }
            } else if state.mode == Mode::Llm {
                let body = match lang {
                    Lang::Ko => "LLM 모드에는 AI 모델이 필요합니다. 설정에서 제공자(OpenAI, Anthropic, Gemini, Ollama 등)를 선택하거나 에이전트 모드를 사용하세요.",
                    Lang::En => "LLM mode needs an AI model: choose a provider in settings (OpenAI, Anthropic, Gemini, Ollama ...) or use agent mode.",
                };
                Answer { body: body.to_string(), kind: AnswerKind::Evidence, ..Answer::default() }
            } else {
                offline_answer(state, env, lang)
            };
            show(state, env, Answer { notice, ..answer });
            return AnswerDetail::Offline {
                why,
                emergency: state.emergency.clone(),
                chars: state.answer_text().chars().count(),
            };
        }
    };
    let checked = state.mode == Mode::Agent && !state.small_talk;
    let mut refused: Vec<Refusal> = Vec::new();
    let mut attempt = request.clone();
    loop {
        let mut streamed = String::new();
        let result = super::call(env, llm, &attempt, Some(&mut streamed)).await;
        let detail = match result {
            Ok(done) => {
                let passages = super::passages(&state.retrieved_docs);
                // What the model was told besides the sources: its answer must not just say it back.
                let told: String = request.messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>().join("\n");
                let told = format!("{}\n{told}", state.user_text);
                let verdict =
                    if checked { check(&done.text, &told, &passages, lang, env.services.lexicon) } else { Ok(()) };
                match verdict {
                    Ok(()) => {
                        state.answer =
                            Answer { notice, body: done.text, kind: AnswerKind::Generated, ..Answer::default() };
                    }
                    Err(refusal) => {
                        // One more answer, told why, when there are sources to cite and a call left.
                        let again = refused.is_empty()
                            && !passages.is_empty()
                            && super::model_for(state, env, CallPurpose::Answer).is_ok();
                        refused.push(refusal.clone());
                        if again {
                            let mut retry = request.clone();
                            retry.messages[0].content = format!(
                                "{}\n\n{}",
                                retry.messages[0].content,
                                prompts::answer_refused(&refusal.reason(lang), lang)
                            );
                            attempt = retry;
                            (env.on_event)(TurnEvent::AnswerStarted);
                            continue;
                        }
                        let quoted = offline::answer_instead_of_model(
                            &state.user_text,
                            &state.retrieved_docs,
                            &state.profile_summary,
                            &state.about,
                            lang,
                        );
                        // The shown answer replaces the refused one that streamed.
                        (env.on_event)(TurnEvent::AnswerStarted);
                        let answer = Answer {
                            notice: notice.clone(),
                            preamble: quoted.preamble.map(str::to_string),
                            body: quoted.body,
                            kind: AnswerKind::Evidence,
                            unsupported: Some(Unsupported { text: done.text, why: refusal }),
                            ..Answer::default()
                        };
                        show(state, env, answer);
                    }
                }
                AnswerDetail::Answered {
                    responder: llm.name(),
                    emergency: state.emergency.clone(),
                    usage: done.usage,
                    regenerated: regenerating.is_some(),
                    refused,
                    shown: state.answer.kind,
                }
            }
            Err(LlmError::Cancelled) => {
                // Stopped: the partial answer stays as it is, with no fallback after it.
                state.stop_reason = Some(StopReason::Stopped);
                let kept_chars = streamed.chars().count();
                state.answer = Answer { notice, body: streamed, kind: AnswerKind::Generated, ..Answer::default() };
                AnswerDetail::Stopped { responder: llm.name(), kept_chars }
            }
            Err(LlmError::CutOff { partial }) => {
                let kept = if partial.is_empty() { streamed } else { partial };
                state.error = Some(crate::llm::describe(&LlmError::CutOff { partial: String::new() }, lang));
                let kept_chars = kept.chars().count();
                // A cut before any text leaves nothing to read: the evidence answer stands in.
                if kept.trim().is_empty() {
                    let answer = offline_answer(state, env, lang);
                    show(state, env, Answer { notice, ..answer });
                } else {
                    state.answer = Answer { notice, body: kept, kind: AnswerKind::Generated, ..Answer::default() };
                }
                AnswerDetail::CutOff { responder: llm.name(), kept_chars }
            }
            Err(error) => {
                // The model failed: say why, and still answer from the evidence.
                state.error = Some(crate::llm::describe(&error, lang));
                let answer = offline_answer(state, env, lang);
                show(state, env, Answer { notice, ..answer });
                AnswerDetail::Failed { responder: llm.name(), error: error.to_string() }
            }
        };
        return detail;
    }
}

/// Makes `answer` the turn's, streaming its text after the notice at once (no model streamed it).
fn show(state: &mut State, env: &mut Env<'_>, answer: Answer) {
    (env.on_event)(TurnEvent::Delta(&answer.after_notice(state.lang())));
    state.answer = answer;
}

/// The answer checks of a model's `answer` with the numbered `passages`, in the order they are told
/// to the model: the language, an echo of what it was `told` (the question, the instructions; a
/// small model may say its prompt back), a citation, supported claims.
pub fn check(
    answer: &str,
    told: &str,
    passages: &[(String, String)],
    lang: Lang,
    lexicon: Option<&Lexicon>,
) -> Result<(), Refusal> {
    if !in_language(answer, lang) {
        return Err(Refusal::WrongLanguage);
    }
    if echoes(answer, told, passages) {
        return Err(Refusal::EchoesQuestion);
    }
    if crate::core::citation::cited(answer, passages.len()).is_empty() {
        return Err(Refusal::NoCitation);
    }
    let grade = super::grade::local(answer, passages, lexicon);
    if !grade.grounded {
        return Err(Refusal::Unsupported(grade.reason));
    }
    Ok(())
}

/// Whether the letters of `text` are mostly in `lang`'s script: a Korean answer is at least a
/// quarter Hangul (it may name English terms and sources), an English one at most a tenth.
fn in_language(text: &str, lang: Lang) -> bool {
    let hangul = text.chars().filter(|&c| is_hangul(c)).count() as f64;
    let latin = text.chars().filter(char::is_ascii_alphabetic).count() as f64;
    if hangul + latin == 0.0 {
        return false;
    }
    let share = hangul / (hangul + latin);
    match lang {
        Lang::Ko => share >= 0.25,
        Lang::En => share <= 0.1,
    }
}

/// Letters and digits only, lower case: what is compared when looking for an echo.
fn letters(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Whether at least half of `answer` (by letters) is sentences of what the model was `told` said
/// back. A sentence the sources also say is a quote, not an echo.
fn echoes(answer: &str, told: &str, passages: &[(String, String)]) -> bool {
    let told = letters(&crate::core::citation::strip(told));
    let sources: Vec<String> = passages.iter().map(|(title, text)| letters(&format!("{title} {text}"))).collect();
    let answer = crate::core::citation::strip(answer);
    let total = letters(&answer).chars().count();
    let echoed: usize = answer
        .split_inclusive(['.', '!', '?', '\n', '。'])
        .map(letters)
        .filter(|s| {
            s.chars().count() >= 4 && told.contains(s.as_str()) && !sources.iter().any(|p| p.contains(s.as_str()))
        })
        .map(|s| s.chars().count())
        .sum();
    total > 0 && echoed * 2 >= total
}

/// The answer from the evidence alone; when nothing relevant was found, it also names the words of
/// the question the lexicon could not understand.
fn offline_answer(state: &State, env: &Env<'_>, lang: Lang) -> Answer {
    let quoted = offline::answer(&state.user_text, &state.retrieved_docs, &state.profile_summary, &state.about, lang);
    let unknown =
        env.services.lexicon.filter(|_| state.retrieved_docs.is_empty()).map(|l| bridge(l, &state.user_text).unknown);
    let body = match unknown.and_then(|words| not_understood_note(&words, lang)) {
        Some(note) => format!("{}\n\n{note}", quoted.body),
        None => quoted.body,
    };
    Answer { preamble: quoted.preamble.map(str::to_string), body, kind: AnswerKind::Evidence, ..Answer::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passages() -> Vec<(String, String)> {
        vec![(
            "Diabetic Neuropathy".into(),
            "Diabetic neuropathy is nerve damage caused by diabetes; it often causes numbness and tingling in the feet.".into(),
        )]
    }

    #[test]
    fn an_answer_is_refused_for_each_reason_and_kept_when_sound() {
        let question = "I have diabetes and my feet are numb. What is it?";
        let good =
            "Diabetic neuropathy is nerve damage caused by diabetes, and it often causes numbness in the feet [1].";
        assert_eq!(check(good, question, &passages(), Lang::En, None), Ok(()));
        assert_eq!(check(good, question, &passages(), Lang::Ko, None), Err(Refusal::WrongLanguage));
        assert_eq!(
            check("I have diabetes and my feet are numb.", question, &passages(), Lang::En, None),
            Err(Refusal::EchoesQuestion)
        );
        let uncited = "Diabetic neuropathy is nerve damage caused by diabetes.";
        assert_eq!(check(uncited, question, &passages(), Lang::En, None), Err(Refusal::NoCitation));
        assert_eq!(
            check("This is gout [7].", question, &passages(), Lang::En, None),
            Err(Refusal::NoCitation),
            "[7] names no source"
        );
        let invented = "Gout is caused by eating cheese and chocolate every day [1].";
        assert!(matches!(check(invented, question, &passages(), Lang::En, None), Err(Refusal::Unsupported(_))));
        let korean = "당뇨병성 신경병증은 당뇨로 인한 신경 손상으로, 발의 저림과 감각 저하를 일으킵니다 [1].";
        assert_eq!(check(korean, "당뇨가 있는데 발이 저리고 감각이 없어요", &passages(), Lang::Ko, None), Ok(()));
        // A small model said its instructions back (seen with SmolLM2-135M): not an answer.
        let told =
            format!("당뇨가 있는데 발이 저리고 감각이 없어요\n{}", prompts::evidence_section(&passages(), Lang::Ko));
        let parroted = "위 문서에 근거하여 답변하고 근거 번호를 [1]처럼 표시하세요.";
        assert_eq!(check(parroted, &told, &passages(), Lang::Ko, None), Err(Refusal::EchoesQuestion));
        // Quoting a source is no echo, though the source was in the prompt too.
        let quote = "Diabetic neuropathy is nerve damage caused by diabetes; it often causes numbness and tingling in the feet [1].";
        assert_eq!(
            check(
                quote,
                &format!("{question}\n{}", prompts::evidence_section(&passages(), Lang::En)),
                &passages(),
                Lang::En,
                None
            ),
            Ok(())
        );
        assert_eq!(
            check(
                "당뇨가 있는데 발이 저리고 감각이 없어요 [1].",
                "당뇨가 있는데 발이 저리고 감각이 없어요",
                &passages(),
                Lang::Ko,
                None
            ),
            Err(Refusal::EchoesQuestion)
        );
    }
}
