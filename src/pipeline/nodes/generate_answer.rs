//! Node 7: the answer. The triage notice (decided before the graph ran) goes first; then the
//! configured model streams the answer, told about the notice so it does not contradict it, or,
//! without one, the offline evidence responder builds it.

use super::{json, Detail, Env, State};
use crate::core::Lang;
use crate::llm::{offline, prompts, ChatMessage, ChatRequest, LlmError};
use crate::pipeline::state::{Mode, TurnEvent};
use crate::pipeline::stop::StopReason;
use crate::pipeline::trace::CallPurpose;

fn small_talk_reply(lang: Lang) -> &'static str {
    match lang {
        Lang::Ko => "안녕하세요! 건강에 관해 궁금한 점을 편하게 물어보세요. 나이, 앓고 있는 질환, 복용 중인 약을 알려 주시면 그에 맞춰 답해 드립니다.",
        Lang::En => "Hello! Ask me anything about your health. If you tell me your age, conditions and medicines, I can fit the answer to you.",
    }
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> Detail {
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
    let Ok(llm) = model else {
        let body = if state.mode == Mode::Agent && state.small_talk {
            small_talk_reply(lang).to_string()
        } else if state.mode == Mode::Llm {
            match lang {
                Lang::Ko => "LLM 모드에는 AI 모델이 필요합니다. 설정에서 제공자(OpenAI, Anthropic, Gemini, Ollama 등)를 선택하거나 에이전트 모드를 사용하세요.".into(),
                Lang::En => "LLM mode needs an AI model: choose a provider in settings (OpenAI, Anthropic, Gemini, Ollama ...) or use agent mode.".into(),
            }
        } else {
            offline::answer(&state.user_text, &state.retrieved_docs, &state.profile_summary, lang)
        };
        (env.on_event)(TurnEvent::Delta(&body));
        answer.push_str(&body);
        state.answer = answer;
        return json!({"responder": "offline", "why": model.err(), "emergency": state.emergency, "chars": state.answer.chars().count()});
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
            json!({"responder": llm.name(), "emergency": state.emergency, "usage": done.usage, "regenerated": regenerating.is_some()})
        }
        Err(LlmError::Cancelled) => {
            // Stopped: the partial answer stays as it is, with no fallback after it.
            answer.push_str(&streamed);
            state.stop_reason = Some(StopReason::Stopped);
            json!({"responder": llm.name(), "stopped": true, "kept_chars": streamed.chars().count()})
        }
        Err(LlmError::CutOff { partial }) => {
            let kept = if partial.is_empty() { streamed } else { partial };
            answer.push_str(&kept);
            state.error = Some(crate::llm::describe(&LlmError::CutOff { partial: String::new() }, lang));
            json!({"responder": llm.name(), "error": "cut off", "kept_chars": kept.chars().count()})
        }
        Err(error) => {
            // The model failed: say why, and still answer from the evidence.
            state.error = Some(crate::llm::describe(&error, lang));
            let fallback = offline::answer(&state.user_text, &state.retrieved_docs, &state.profile_summary, lang);
            (env.on_event)(TurnEvent::Delta(&fallback));
            answer.push_str(&fallback);
            json!({"responder": llm.name(), "error": error.to_string(), "fallback": "offline"})
        }
    };
    state.answer = answer;
    detail
}
