//! The pipeline's graph: the ten nodes of the context-engineering agent, the five of Query Flow, the
//! edges between them and the routers, in one place. Query Flow's nodes run when their flags are on
//! (`pipeline::flags`); with all of them off the graph is the ten-node agent.
//!
//! ```text
//! agent mode:  extract_slots -> store_memory -> check_similarity --hit--> store_response
//!                                                   | miss
//!              classify_intent [-> plan] -> assemble_context
//!              assemble_context --documents not yet retrieved this iteration--> retrieve
//!              retrieve [-> expand] [-> rerank] [-> judge_sufficiency --not enough--> retrieve] -> assemble_context
//!              assemble_context --> generate_answer [-> grade --ungrounded, once--> generate_answer] -> refine
//!              refine -> quality_check --retrieve again--> retrieve ;  --stop--> store_response -> end
//! llm mode:    generate_answer -> store_response -> end
//! stopped:     any node --the user pressed Stop--> store_response -> end
//! ```
//! `[-> node]`: only when that node's flag is on (plan: `query_planning`, expand:
//! `neighbour_expansion`, rerank: `rerank`, judge_sufficiency: `sufficiency_check`, grade:
//! `grounding_grade`).
//!
//! The facts a message states are stored before the cache is asked, on every path: the cache decides
//! only whether an answer is reused, and its lookup is keyed by the profile those facts made.
//!
//! Two checks run before the graph, in both modes and whatever the cache: triage, then the medicine
//! interaction check (`check_interactions`); neither decides a route.

use super::flags::{Flags, MAX_ITERATIONS_CAP};
use super::nodes::{self, Env};
use super::ports::{Clock, Services};
use super::state::{Mode, TurnEvent, TurnState};
use super::step::{Node, StepDetail, StepKind};
use super::stop::StopReason;
use super::trace::Step;
use crate::core::Lang;
use crate::llm::Llm;
use crate::medicines::{Medicine, Origin};
use crate::memory::conversation::Discussed;
use crate::memory::profile::SlotKind;
use crate::memory::Memory;
use crate::platform::http::StopHandle;

/// Where a turn starts.
pub fn start(state: &TurnState) -> Node {
    match state.mode {
        Mode::Agent => Node::ExtractSlots,
        Mode::Llm => Node::GenerateAnswer,
    }
}

/// After a retrieval step: the next of Query Flow's retrieval steps that is on, else the context.
fn after_retrieval(node: Node, flags: &Flags) -> Node {
    let steps = [
        (Node::Expand, flags.neighbour_expansion),
        (Node::Rerank, flags.rerank),
        (Node::JudgeSufficiency, flags.sufficiency_check),
    ];
    let from = steps.iter().position(|(n, _)| *n == node).map_or(0, |i| i + 1);
    steps[from..].iter().find(|(_, on)| *on).map_or(Node::AssembleContext, |(n, _)| *n)
}

/// The edges: which node runs after `node`, given the state it left; `None` ends the turn.
pub fn next(node: Node, state: &TurnState) -> Option<Node> {
    // Stop ends the turn from wherever it is: the exchange is kept, nothing more is asked of anyone.
    if state.stop_reason == Some(StopReason::Stopped) && node != Node::StoreResponse {
        return Some(Node::StoreResponse);
    }
    Some(match node {
        Node::ExtractSlots => Node::StoreMemory,
        Node::StoreMemory => Node::CheckSimilarity,
        Node::CheckSimilarity if state.cache_hit => Node::StoreResponse,
        Node::CheckSimilarity => Node::ClassifyIntent,
        Node::ClassifyIntent if state.flags.query_planning && state.needs_retrieval && !state.small_talk => Node::Plan,
        Node::ClassifyIntent | Node::Plan => Node::AssembleContext,
        // One retrieval per iteration: iteration i has retrieved once history holds i + 1 entries.
        Node::AssembleContext
            if state.needs_retrieval && state.retrieved_docs_history.len() <= state.iteration_count =>
        {
            Node::Retrieve
        }
        Node::AssembleContext => Node::GenerateAnswer,
        Node::Retrieve | Node::Expand | Node::Rerank => after_retrieval(node, &state.flags),
        Node::JudgeSufficiency if state.retrieve_again => Node::Retrieve,
        Node::JudgeSufficiency => Node::AssembleContext,
        Node::GenerateAnswer if state.mode == Mode::Llm => Node::StoreResponse,
        Node::GenerateAnswer if state.flags.grounding_grade && !state.small_talk => Node::Grade,
        Node::Grade if state.answer_again => Node::GenerateAnswer,
        Node::GenerateAnswer | Node::Grade => Node::Refine,
        Node::Refine => Node::QualityCheck,
        Node::QualityCheck if state.stop_reason.is_none() => Node::Retrieve,
        Node::QualityCheck => Node::StoreResponse,
        Node::StoreResponse => return None,
    })
}

async fn run_node(node: Node, state: &mut TurnState, env: &mut Env<'_>) -> StepDetail {
    match node {
        Node::CheckSimilarity => nodes::check_similarity::run(state, env).await.into(),
        Node::ClassifyIntent => nodes::classify_intent::run(state, env).await.into(),
        Node::ExtractSlots => nodes::extract_slots::run(state, env).await.into(),
        Node::StoreMemory => nodes::store_memory::run(state, env).await.into(),
        Node::AssembleContext => nodes::assemble_context::run(state, env).await.into(),
        Node::Retrieve => nodes::retrieve::run(state, env).await.into(),
        Node::GenerateAnswer => nodes::generate_answer::run(state, env).await.into(),
        Node::Refine => nodes::refine::run(state, env).await.into(),
        Node::QualityCheck => nodes::quality_check::run(state, env).await.into(),
        Node::StoreResponse => nodes::store_response::run(state, env).await.into(),
        Node::Plan => nodes::plan::run(state, env).await.into(),
        Node::Expand => nodes::expand::run(state, env).await.into(),
        Node::Rerank => nodes::rerank::run(state, env).await.into(),
        Node::JudgeSufficiency => nodes::judge_sufficiency::run(state, env).await.into(),
        Node::Grade => nodes::grade::run(state, env).await.into(),
    }
}

/// A user's message and how to answer it.
#[derive(Clone, Debug, Default)]
pub struct TurnInput {
    pub text: String,
    pub user: String,
    /// Everyone this device keeps, as (id, name): facts a message states about one of them ("my
    /// mother has ...", with a person named "Mother" or "엄마") go to their profile; facts about
    /// anyone else are not stored, and never in `user`'s.
    pub people: Vec<(String, String)>,
    /// The answer's language; `None` picks Korean for text with Hangul, else English.
    pub lang: Option<Lang>,
    pub mode: Mode,
    pub flags: Flags,
    /// Whose emergency numbers a triage notice gives.
    pub country: crate::triage::Country,
    /// The turn's Stop button: pressed, the turn ends after the node running (a model call ends at
    /// once) and nothing more is sent.
    pub stop: StopHandle,
}

/// The most node runs one turn may take: more than any route needs, so a routing bug ends the turn
/// instead of looping. The longest route: 5 steps before the first context (extract_slots to plan),
/// then per pass of the corrective loop (at most `MAX_ITERATIONS_CAP` + 1 passes) at most 10
/// (assemble_context twice, retrieve, expand, rerank, judge_sufficiency, generate_answer, grade,
/// refine, quality_check), 4 more per extra round of the sufficiency loop (fewer than
/// `MAX_ITERATIONS_CAP` in a turn), 2 for the one regenerated answer and its grade, and store_response.
pub const MAX_STEPS: usize = 5 + (MAX_ITERATIONS_CAP + 1) * 10 + MAX_ITERATIONS_CAP * 4 + 2 + 1;

/// Runs one turn, reporting progress and the streaming answer to `on_event`; the returned state
/// holds everything, trace included.
pub async fn run_turn(
    input: TurnInput,
    memory: &mut Memory,
    services: &Services<'_>,
    on_event: &mut dyn FnMut(TurnEvent),
) -> TurnState {
    let lang = input.lang.unwrap_or_else(|| if crate::core::has_hangul(&input.text) { Lang::Ko } else { Lang::En });
    let mut state = TurnState {
        user_text: input.text,
        user_id: if input.user.is_empty() { crate::memory::DEFAULT_USER.into() } else { input.user },
        people: input.people,
        lang: Some(lang),
        mode: input.mode,
        flags: input.flags,
        country: input.country,
        ..TurnState::default()
    };
    triage(&mut state, services.clock, on_event);
    check_interactions(&mut state, services, memory, on_event);
    // The model's level is asked in the turn's first call, unless the rules already say emergency.
    let opinion = services
        .llm
        .filter(|_| state.triage.level < crate::triage::Level::Emergency)
        .map(super::second_opinion::SecondOpinion::new);
    let mut env = Env {
        services: services.with_llm(opinion.as_ref().map_or(services.llm, |o| Some(o as &dyn Llm))),
        memory,
        on_event,
    };
    let mut node = start(&state);
    for _ in 0..MAX_STEPS {
        (env.on_event)(TurnEvent::Node(node));
        let started = services.clock.monotonic_ms();
        let detail = run_node(node, &mut state, &mut env).await;
        state.trace.steps.push(Step {
            node: StepKind::Node(node),
            ms: services.clock.monotonic_ms() - started,
            detail,
        });
        if let Some(level) = opinion.as_ref().and_then(|o| o.take()) {
            take_the_higher(&mut state, level, env.on_event);
        }
        if input.stop.is_stopped() {
            state.stop_reason = Some(StopReason::Stopped);
        }
        match next(node, &state) {
            Some(following) => node = following,
            None => return state,
        }
    }
    state.stop_reason = Some(StopReason::StepLimit);
    state
}

/// Triage, before every route of the graph: it is a step of the turn, not a node, because it
/// decides no route (every turn goes on exactly as without it), it must run in both modes and on a
/// cache hit, and it needs nothing the nodes provide (no model, index or embedding). Its result is
/// the notice the answer starts with (shown at once, before the first node runs), the instruction a
/// model gets, and a `triage` step in the trace with the level, the rules and the words.
fn triage(state: &mut TurnState, clock: &dyn Clock, on_event: &mut dyn FnMut(TurnEvent)) {
    let started = clock.monotonic_ms();
    let verdict = crate::triage::assess(&state.user_text);
    state.triage_notice = crate::triage::notice(&verdict, state.lang(), state.country);
    state.emergency = verdict.top().map(|r| r.rule.clone());
    if let Some(notice) = &state.triage_notice {
        on_event(TurnEvent::Triage(notice));
    }
    state.triage = verdict.clone();
    let detail = verdict.into();
    state.trace.steps.push(Step { node: StepKind::Triage, ms: clock.monotonic_ms() - started, detail });
}

/// The medicine interaction check, right after triage and like it a step of the turn, not a node:
/// it decides no route, must run in both modes and on a cache hit, and needs only the lexicon, the
/// tables and what the device remembers (no model, search or embedding). It checks the profile's
/// current medicines (whatever the memory flags: a warning is never ablated away), those under
/// discussion in the conversation (asked about, never said taken: "can I take Advil?", then "I'm on
/// warfarin"; this check keeps that list, the profile never does), those named in the recent
/// earlier messages of the conversation ([`EARLIER_TURNS`]: "my mother takes lithium", then "can
/// she take ibuprofen?") and every medicine this message names, each pair with one this message
/// names (`medicines::check`). Memory is read before this
/// turn's facts are stored, so the message's own are added here; one a message says is stopped is
/// left out of what came before. Its result is shown at once after the triage notice, given to a
/// model as evidence (`nodes::generate_answer`), and kept in the state and as an `interactions` step
/// of the trace.
fn check_interactions(
    state: &mut TurnState,
    services: &Services<'_>,
    memory: &mut Memory,
    on_event: &mut dyn FnMut(TurnEvent),
) {
    let (Some(lexicon), Some(table)) = (services.lexicon, services.interactions) else { return };
    let started = services.clock.monotonic_ms();
    let now = services.clock.now_ms();
    let mut known: Vec<Medicine> = memory
        .profiles
        .profile(&state.user_id)
        .map(|p| p.current(now))
        .unwrap_or_default()
        .into_iter()
        .filter(|f| f.slot == SlotKind::Medications)
        .map(|f| Medicine { id: f.key.clone(), en: f.en.clone(), ko: f.ko.clone(), said: None, from: Origin::Profile })
        .collect();
    let conversation = memory.conversations.get(&state.user_id);
    // The medicines asked about earlier in the conversation (not the profile's: never said taken).
    known.extend(
        conversation
            .map_or(&[][..], |c| &c.discussed[..])
            .iter()
            .filter(|d| now - d.at_ms < EARLIER_WITHIN_MS && !known.iter().any(|m| m.id == d.id))
            .map(|d| Medicine {
                id: d.id.clone(),
                en: d.en.clone(),
                ko: d.ko.clone(),
                said: Some(d.said.clone()),
                from: Origin::EarlierTurn,
            })
            .collect::<Vec<_>>(),
    );
    let earlier = conversation.map_or(&[][..], |c| &c.exchanges[..]);
    let recent: Vec<&str> = earlier[earlier.len().saturating_sub(EARLIER_TURNS)..]
        .iter()
        .filter(|e| now - e.at_ms < EARLIER_WITHIN_MS)
        .map(|e| e.user.as_str())
        .collect();
    let gathered = crate::medicines::mentions::gather(lexicon, table, known, &recent, &state.user_text);
    // What the message settles leaves the discussion; what it only asks about joins it.
    let said_now: Vec<String> = gathered
        .medicines
        .iter()
        .filter(|m| m.from == Origin::Message && !gathered.asked.contains(m))
        .map(|m| m.id.clone())
        .chain(gathered.not_taken.iter().cloned())
        .collect();
    if let Some(kept) = memory.conversations.get_mut(&state.user_id) {
        kept.settle(&said_now);
    }
    if !gathered.asked.is_empty() {
        let kept = memory.conversations.entry(state.user_id.clone()).or_default();
        for m in &gathered.asked {
            let said = m.said.clone().unwrap_or_else(|| m.en.clone());
            kept.discuss(Discussed { id: m.id.clone(), en: m.en.clone(), ko: m.ko.clone(), said, at_ms: now });
        }
    }
    state.interactions = crate::medicines::check(table, lexicon, gathered.medicines);
    if !state.interactions.is_silent() {
        on_event(TurnEvent::Interactions(&state.interactions));
    }
    let detail = state.interactions.clone().into();
    state.trace.steps.push(Step { node: StepKind::Interactions, ms: services.clock.monotonic_ms() - started, detail });
}

/// How many of the conversation's latest exchanges the interaction check reads for medicines, and
/// within what time: the conversation at hand, not last month's (the profile keeps the person's own).
pub const EARLIER_TURNS: usize = 3;
const EARLIER_WITHIN_MS: f64 = 24.0 * 3_600_000.0;

/// The model's level, when higher than the rules': it becomes the turn's, with its notice (shown now;
/// an answer already written is sent again with the notice first).
fn take_the_higher(state: &mut TurnState, level: crate::triage::Level, on_event: &mut dyn FnMut(TurnEvent)) {
    use crate::triage::{Category, Reason, Source};
    if level <= state.triage.level {
        return;
    }
    let reason = Reason {
        rule: "model second opinion".into(),
        category: Category::Other,
        level,
        source: Source::Model,
        matched: Vec::new(),
    };
    state.emergency = Some(reason.rule.clone());
    state.triage.reasons.retain(|r| r.level >= level);
    state.triage.reasons.insert(0, reason);
    state.triage.level = level;
    state.triage_notice = crate::triage::notice(&state.triage, state.lang(), state.country);
    if let Some(notice) = &state.triage_notice {
        on_event(TurnEvent::Triage(notice));
        if !state.answer.body.is_empty() && state.answer.notice.as_ref() != Some(notice) {
            state.answer.notice = Some(notice.clone());
            on_event(TurnEvent::AnswerStarted);
            on_event(TurnEvent::Delta(&state.answer.after_notice(state.lang())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `next` from `node` for a state shaped by `shape`.
    fn after(node: Node, shape: impl FnOnce(&mut TurnState)) -> Option<Node> {
        let mut state = TurnState::default();
        shape(&mut state);
        next(node, &state)
    }

    #[test]
    fn every_router_branch() {
        // Where a turn starts.
        assert_eq!(start(&TurnState::default()), Node::ExtractSlots);
        assert_eq!(start(&TurnState { mode: Mode::Llm, ..TurnState::default() }), Node::GenerateAnswer);
        // The message's facts are stored first, then the cache is asked.
        assert_eq!(after(Node::ExtractSlots, |_| {}), Some(Node::StoreMemory));
        assert_eq!(after(Node::StoreMemory, |_| {}), Some(Node::CheckSimilarity));
        // check_similarity: a hit ends the turn, a miss goes on.
        assert_eq!(after(Node::CheckSimilarity, |s| s.cache_hit = true), Some(Node::StoreResponse));
        assert_eq!(after(Node::CheckSimilarity, |_| {}), Some(Node::ClassifyIntent));
        // classify_intent: small talk too goes on to the context (it needs no documents).
        assert_eq!(after(Node::ClassifyIntent, |s| s.small_talk = true), Some(Node::AssembleContext));
        assert_eq!(after(Node::ClassifyIntent, |_| {}), Some(Node::AssembleContext));
        // assemble_context: retrieve once per iteration when documents are needed.
        assert_eq!(after(Node::AssembleContext, |s| s.needs_retrieval = true), Some(Node::Retrieve));
        let retrieved = |s: &mut TurnState| {
            s.needs_retrieval = true;
            s.retrieved_docs_history = vec![vec!["a".into()]];
        };
        assert_eq!(after(Node::AssembleContext, retrieved), Some(Node::GenerateAnswer));
        let second_iteration = |s: &mut TurnState| {
            retrieved(s);
            s.iteration_count = 1;
        };
        assert_eq!(after(Node::AssembleContext, second_iteration), Some(Node::Retrieve));
        assert_eq!(after(Node::AssembleContext, |_| {}), Some(Node::GenerateAnswer));
        assert_eq!(after(Node::Retrieve, |_| {}), Some(Node::AssembleContext));
        // generate_answer: LLM mode ends after the answer, agent mode judges it.
        assert_eq!(after(Node::GenerateAnswer, |s| s.mode = Mode::Llm), Some(Node::StoreResponse));
        assert_eq!(after(Node::GenerateAnswer, |_| {}), Some(Node::Refine));
        assert_eq!(after(Node::Refine, |_| {}), Some(Node::QualityCheck));
        // quality_check: retrieve again unless a stop reason was set.
        assert_eq!(after(Node::QualityCheck, |_| {}), Some(Node::Retrieve));
        let stopped = |s: &mut TurnState| s.stop_reason = Some(StopReason::IterationLimit { limit: 2 });
        assert_eq!(after(Node::QualityCheck, stopped), Some(Node::StoreResponse));
        assert_eq!(after(Node::StoreResponse, |_| {}), None);
        // Stop: from any node straight to store_response, which ends the turn.
        for node in Node::ALL {
            let by_user = |s: &mut TurnState| s.stop_reason = Some(StopReason::Stopped);
            let expected = if node == Node::StoreResponse { None } else { Some(Node::StoreResponse) };
            assert_eq!(after(node, by_user), expected, "{}", node.name());
        }
    }
}
