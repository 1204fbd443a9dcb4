//! The nodes, one file each. Every node reads and updates the [`TurnState`] and returns what it
//! decided, for the trace. The order they run in is decided in `graph.rs`, not here.

pub mod assemble_context;
pub mod check_similarity;
pub mod classify_intent;
pub mod expand;
pub mod extract_slots;
pub mod generate_answer;
pub mod grade;
pub mod judge_sufficiency;
pub mod plan;
pub mod quality_check;
pub mod refine;
pub mod rerank;
pub mod retrieve;
pub mod store_memory;
pub mod store_response;

use super::ports::Services;
use super::state::{TurnEvent, TurnState};
use crate::llm::{ChatRequest, Completion, Llm, LlmError};
use crate::memory::Memory;
use crate::pipeline::flags::MemoryMode;
use crate::pipeline::state::Mode;
use crate::pipeline::step::NoCall;
use crate::pipeline::trace::{CallPurpose, ModelCall};

/// What the nodes work with besides the state: the turn's services and the memory of this device.
pub struct Env<'a> {
    pub services: Services<'a>,
    pub memory: &'a mut Memory,
    /// Receives progress and the answer as it streams.
    pub on_event: &'a mut dyn FnMut(TurnEvent),
}

/// Records a failed call of a step around the answer: Stop ends the turn; any other failure leaves
/// the rest of the turn's steps to their local versions.
pub fn call_failed(state: &mut State, error: &crate::llm::LlmError) {
    if *error == crate::llm::LlmError::Cancelled {
        state.stop_reason = Some(crate::pipeline::stop::StopReason::Stopped);
    } else {
        state.model_failed = true;
    }
}

/// The model for one call for `purpose`, counted in the trace against the turn's budget; see
/// [`may_call`] for when it is refused.
pub fn model_for<'a>(state: &mut State, env: &Env<'a>, purpose: CallPurpose) -> Result<&'a dyn Llm, NoCall> {
    let llm = may_call(state, env, purpose)?;
    state.trace.model_calls.push(ModelCall { purpose, step: state.trace.steps.len() });
    Ok(llm)
}

/// Whether the turn may call the model for `purpose` now, within `max_llm_calls_per_turn`. Two
/// calls are kept back: one for the answer (a call before it is refused unless one more remains),
/// and, once a first answer is written, one for the conversation-memory summary when a block of
/// earlier exchanges waits for it (a third answer is worth less than a memory of the conversation).
pub fn may_call<'a>(state: &State, env: &Env<'a>, purpose: CallPurpose) -> Result<&'a dyn Llm, NoCall> {
    let llm = env.services.llm.ok_or(NoCall::NoModel)?;
    if state.model_failed && purpose != CallPurpose::Answer {
        return Err(NoCall::Failed);
    }
    let answered = state.trace.model_calls.iter().any(|c| c.purpose == CallPurpose::Answer);
    let summary_waits = answered
        && purpose != CallPurpose::MemorySummary
        && state.mode == Mode::Agent
        && state.flags.memory_mode == MemoryMode::Structured
        && env.memory.conversations.get(&state.user_id).is_some_and(|c| c.pending_block().is_some());
    let needed = 1 + usize::from(purpose.before_answer()) + usize::from(summary_waits);
    if state.llm_calls() + needed > state.flags.max_llm_calls_per_turn {
        return Err(NoCall::Budget);
    }
    Ok(llm)
}

/// Why a structured step got no usable reply from the model.
pub enum NoReply {
    /// The model was not asked (no model, the budget, an earlier failure).
    NotAsked(NoCall),
    /// It was asked, and the call failed or the reply was not the JSON asked for (the reason).
    Unusable(String),
}

impl NoReply {
    /// Why the step's local version ran, for the trace; `None` when no model is configured.
    pub fn why(self) -> Option<String> {
        match self {
            NoReply::NotAsked(not) => not.why(),
            NoReply::Unusable(why) => Some(why),
        }
    }
}

/// Sends `request` to `llm`, telling the shell the turn waits for the model for the request's
/// purpose until the reply ends, or, when the reply is `streamed` (shown to the user as it arrives,
/// and kept in the string), until its first piece arrives.
pub async fn call(
    env: &mut Env<'_>,
    llm: &dyn Llm,
    request: &ChatRequest,
    mut streamed: Option<&mut String>,
) -> Result<Completion, LlmError> {
    let on_event = &mut *env.on_event;
    on_event(TurnEvent::Waiting(Some(request.purpose)));
    let mut waiting = true;
    let result = {
        let mut sink = |piece: &str| {
            if let Some(streamed) = streamed.as_deref_mut() {
                if std::mem::take(&mut waiting) {
                    on_event(TurnEvent::Waiting(None));
                }
                streamed.push_str(piece);
                on_event(TurnEvent::Delta(piece));
            }
        };
        llm.complete(request, &mut sink).await
    };
    if waiting {
        on_event(TurnEvent::Waiting(None));
    }
    result
}

/// One structured call: asks the model for `purpose` with `prompt`, in the purpose's schema, and
/// reads the reply with the step's strict `parse` (`what` names the reply in the trace: "plan",
/// "ranking", ...). A failed call is recorded, so the turn's other steps do not wait on it again.
pub async fn ask_json<T>(
    state: &mut State,
    env: &mut Env<'_>,
    purpose: CallPurpose,
    prompt: (String, String),
    max_tokens: u32,
    what: &str,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<T, NoReply> {
    let llm = model_for(state, env, purpose).map_err(NoReply::NotAsked)?;
    match call(env, llm, &structured_request(purpose, prompt, max_tokens), None).await {
        Ok(done) => {
            parse(&done.text).ok_or_else(|| NoReply::Unusable(format!("the model's {what} was not the JSON asked for")))
        }
        Err(error) => {
            call_failed(state, &error);
            Err(NoReply::Unusable(error.to_string()))
        }
    }
}

/// A structured step's request (its purpose names the reply's schema) of a system and a user message.
fn structured_request(purpose: CallPurpose, (system, user): (String, String), max_tokens: u32) -> ChatRequest {
    ChatRequest { max_tokens: Some(max_tokens), temperature: Some(0.0), ..ChatRequest::new(purpose, system, user) }
}

/// The passages as (title, text), as the prompts number them.
pub fn passages(evidence: &[crate::core::Evidence]) -> Vec<(String, String)> {
    evidence.iter().map(|d| (d.title.clone(), d.passage.clone())).collect()
}

/// The state every node works on.
pub type State = TurnState;
