//! Node 7: the answer. The triage notice (decided before the graph ran) goes first; then the
//! configured model streams the answer, told about the notice so it does not contradict it, or,
//! without one, the offline evidence responder builds it.

use super::{Env, NoCall, State};
use crate::core::Lang;
use crate::lexicon::bridge::{bridge, not_understood_note};
use crate::llm::{offline, prompts, ChatMessage, ChatRequest, LlmError, Usage};
use crate::pipeline::state::{Mode, TurnEvent};
use crate::pipeline::stop::StopReason;
use crate::pipeline::trace::CallPurpose;

fn small_talk_reply(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => "안녕하세요! 건강에 관해 궁금한 점을 편하게 물어보세요. 나이, 앓고 있는 질환, 복용 중인 약을 알려 주시면 그에 맞춰 답해 드립니다.",
        Lang::En => "Hello! Ask me anything about your health. If you tell me your age, conditions and medicines, I can fit the answer to you.",
    }
}

/// Who answered and how it went. `responder` is the model's name, or `"offline"`.
#[derive(Clone, Debug, PartialEq)]
pub enum AnswerDetail {
    /// The offline responder answered (no model, or no call left); `chars` of answer.
    Offline { why: NoCall, emergency: Option<String>, chars: usize },
    /// The model answered, again after an ungrounded grade when `regenerated`.
    Answered { responder: String, emergency: Option<String>, usage: Option<Usage>, regenerated: bool },
    /// The user stopped the answer; what had streamed is kept.
    Stopped { responder: String, kept_chars: usize },
    /// The reply broke off; what had arrived is kept.
    CutOff { responder: String, kept_chars: usize },
    /// The model failed; the offline responder answered instead.
    Failed { responder: String, error: String },
}

/// One flat object per outcome, e.g. `{"responder": "offline", "why": "no_model", "emergency": null,
/// "chars": 120}`, `{"responder": "...", "stopped": true, "kept_chars": 40}`, `{"responder": "...",
/// "error": "cut off", "kept_chars": 40}`, `{"responder": "...", "error": "...", "fallback": "offline"}`.
impl serde::Serialize for AnswerDetail {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        match self {
            AnswerDetail::Offline { why, emergency, chars } => {
                map.serialize_entry("responder", "offline")?;
                map.serialize_entry("why", why)?;
                map.serialize_entry("emergency", emergency)?;
                map.serialize_entry("chars", chars)?;
            }
            AnswerDetail::Answered { responder, emergency, usage, regenerated } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("emergency", emergency)?;
                map.serialize_entry("usage", usage)?;
                map.serialize_entry("regenerated", regenerated)?;
            }
            AnswerDetail::Stopped { responder, kept_chars } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("stopped", &true)?;
                map.serialize_entry("kept_chars", kept_chars)?;
            }
            AnswerDetail::CutOff { responder, kept_chars } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("error", "cut off")?;
                map.serialize_entry("kept_chars", kept_chars)?;
            }
            AnswerDetail::Failed { responder, error } => {
                map.serialize_entry("responder", responder)?;
                map.serialize_entry("error", error)?;
                map.serialize_entry("fallback", "offline")?;
            }
        }
        map.end()
    }
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> AnswerDetail {
    let lang = state.lang();
    let mut answer = String::new();
    (env.on_event)(TurnEvent::AnswerStarted);
    if let Some(notice) = &state.triage_notice {
        answer.push_str(notice);
        answer.push_str("\n\n");
        (env.on_event)(TurnEvent::Delta(&answer));
    }
    let (mut system, user) = match state.mode {
        Mode::Llm => (prompts::system_plain(lang).to_string(), state.user_text.as_str()),
        Mode::Agent => (state.system_prompt.clone(), state.user_prompt.as_str()),
    };
    if let Some(instruction) = prompts::triage_instruction(&state.triage, lang, state.country.emergency_number(lang)) {
        system = format!("{instruction}\n\n{system}");
    }
    // Answering again after the grade found claims the sources do not support: say which.
    let regenerating =
        state.grade.as_ref().filter(|g| !g.grounded && state.regenerations > 0).map(|g| g.reason.clone());
    if let Some(reason) = &regenerating {
        system = format!("{system}\n\n{}", prompts::ungrounded_retry(reason, lang));
    }
    let request =
        ChatRequest { messages: vec![ChatMessage::system(system), ChatMessage::user(user)], ..ChatRequest::default() };
    let model = super::model_for(state, env, CallPurpose::Answer);
    let llm = match model {
        Ok(llm) => llm,
        Err(why) => {
            let body = if state.mode == Mode::Agent && state.small_talk {
                small_talk_reply(lang).to_string()
            } else if state.mode == Mode::Llm {
                match lang {
                Lang::Ko => "LLM 모드에는 AI 모델이 필요합니다. 설정에서 제공자(OpenAI, Anthropic, Gemini, Ollama 등)를 선택하거나 에이전트 모드를 사용하세요.".into(),
                Lang::En => "LLM mode needs an AI model: choose a provider in settings (OpenAI, Anthropic, Gemini, Ollama ...) or use agent mode.".into(),
            }
            } else {
                offline_answer(state, env, lang)
            };
            (env.on_event)(TurnEvent::Delta(&body));
            answer.push_str(&body);
            state.answer = answer;
            return AnswerDetail::Offline {
                why,
                emergency: state.emergency.clone(),
                chars: state.answer.chars().count(),
            };
        }
    };
    let mut streamed = String::new();
    let result = {
        let on_event = &mut *env.on_event;
        let mut sink = |piece: &str| {
            streamed.push_str(piece);
            on_event(TurnEvent::Delta(piece));
        };
        llm.complete(&request, &mut sink).await
    };
    let detail = match result {
        Ok(done) => {
            answer.push_str(&done.text);
            AnswerDetail::Answered {
                responder: llm.name(),
                emergency: state.emergency.clone(),
                usage: done.usage,
                regenerated: regenerating.is_some(),
            }
        }
        Err(LlmError::Cancelled) => {
            // Stopped: the partial answer stays as it is, with no fallback after it.
            answer.push_str(&streamed);
            state.stop_reason = Some(StopReason::Stopped);
            AnswerDetail::Stopped { responder: llm.name(), kept_chars: streamed.chars().count() }
        }
        Err(LlmError::CutOff { partial }) => {
            let kept = if partial.is_empty() { streamed } else { partial };
            answer.push_str(&kept);
            state.error = Some(crate::llm::describe(&LlmError::CutOff { partial: String::new() }, lang));
            AnswerDetail::CutOff { responder: llm.name(), kept_chars: kept.chars().count() }
        }
        Err(error) => {
            // The model failed: say why, and still answer from the evidence.
            state.error = Some(crate::llm::describe(&error, lang));
            let fallback = offline_answer(state, env, lang);
            (env.on_event)(TurnEvent::Delta(&fallback));
            answer.push_str(&fallback);
            AnswerDetail::Failed { responder: llm.name(), error: error.to_string() }
        }
    };
    state.answer = answer;
    detail
}

/// The answer from the evidence alone; when nothing relevant was found, it also names the words of
/// the question the lexicon could not understand.
fn offline_answer(state: &State, env: &Env<'_>, lang: Lang) -> String {
    let answer = offline::answer(&state.user_text, &state.retrieved_docs, &state.profile_summary, lang);
    let unknown = env.lexicon.filter(|_| state.retrieved_docs.is_empty()).map(|l| bridge(l, &state.user_text).unknown);
    match unknown.and_then(|words| not_understood_note(&words, lang)) {
        Some(note) => format!("{answer}\n\n{note}"),
        None => answer,
    }
}
