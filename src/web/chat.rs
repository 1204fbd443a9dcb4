//! The chat column: the conversation, each answer streaming in with its numbered sources, and the
//! message input.

use super::answer::RichText;
use super::state::{Agent, Change, Diagnostics, Preferences, Session, Status};
use crate::i18n::{ui, Lang};
use crate::llm::CallPurpose;
use crate::pipeline::state::{Evidence, TurnEvent};
use crate::pipeline::stop::StopReason;
use crate::trace_view::{waiting_line, TurnTrace};
use crate::transcript::{SavedTurn, MAX_ARCHIVED_TURNS, MAX_TURNS};
use crate::triage::split_notice;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    static NEXT_TURN_ID: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// An id no other turn of this page has: the chat's list is keyed by it, and another person's
/// conversation must never reuse the rows of the one shown before.
fn next_turn_id() -> usize {
    NEXT_TURN_ID.with(|n| n.replace(n.get() + 1))
}

/// One question and its answer as shown (signals, so the answer can stream in).
#[derive(Clone, Copy)]
pub struct Turn {
    /// Unique in the page (see [`next_turn_id`]).
    id: usize,
    question: StoredValue<String>,
    answer: RwSignal<String>,
    /// The node running, while the answer is prepared.
    progress: RwSignal<Option<&'static str>>,
    /// The step waiting for the model and the seconds waited so far (the status line).
    waiting: RwSignal<Option<(CallPurpose, u64)>>,
    evidence: RwSignal<Vec<Evidence>>,
    cached: RwSignal<bool>,
    emergency: RwSignal<bool>,
    /// The triage notice, shown first from the moment triage ran (the answer repeats it, and
    /// [`split_notice`] takes it off there).
    notice: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// The source the user opened, if any (1-based).
    open: RwSignal<Option<usize>>,
    /// What had the focus when a citation opened its source (it gets it back on close).
    opener: StoredValue<Option<web_sys::HtmlElement>, leptos::prelude::LocalStorage>,
}

impl Turn {
    /// A turn shown from the saved transcript, or a new one (`saved.answer` empty) about to run.
    pub fn new(saved: SavedTurn, running: bool) -> Turn {
        let notice = split_notice(&saved.answer).0.map(str::to_string);
        Turn {
            id: next_turn_id(),
            question: StoredValue::new(saved.question),
            answer: RwSignal::new(saved.answer),
            progress: RwSignal::new(running.then_some("extract_slots")),
            waiting: RwSignal::new(None),
            evidence: RwSignal::new(saved.evidence),
            cached: RwSignal::new(saved.cached),
            emergency: RwSignal::new(saved.emergency),
            notice: RwSignal::new(notice),
            error: RwSignal::new(saved.error),
            open: RwSignal::new(None),
            opener: StoredValue::new_local(None),
        }
    }

    /// Whether the answer is still being prepared.
    pub fn running(&self) -> bool {
        self.progress.with(Option::is_some)
    }

    /// Opens source `n` from a citation: the focus moves to the source, remembering where it was.
    fn open_from_citation(&self, n: usize) {
        let active =
            document().active_element().and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
        self.opener.set_value(active);
        self.open.set(Some(n));
        let id = format!("source-{}-{n}", self.id);
        request_animation_frame(move || focus_selector(&format!("#{id} .source-title")));
    }

    /// Closes the open source; the focus goes back where it was when a citation opened it.
    fn close_source(&self) {
        let Some(n) = self.open.get_untracked() else { return };
        self.open.set(None);
        match self.opener.try_update_value(Option::take).flatten() {
            Some(opener) if opener.is_connected() => drop(opener.focus()),
            _ => focus_selector(&format!("#source-{}-{n} .source-title", self.id)),
        }
    }

    /// The turn as stored. A turn still running is stored as interrupted: if the page goes before
    /// its answer ends, that is what the reloaded page shows (the finished turn is stored again).
    pub(super) fn saved(&self, lang: Lang) -> SavedTurn {
        let interrupted = self.running().then(|| ui(lang).interrupted.to_string());
        SavedTurn {
            question: self.question.get_value(),
            answer: self.answer.get_untracked(),
            evidence: self.evidence.get_untracked(),
            cached: self.cached.get_untracked(),
            emergency: self.emergency.get_untracked(),
            error: self.error.get_untracked().or(interrupted),
        }
    }
}

/// Moves the focus to the first element matching `selector`, if there is one.
fn focus_selector(selector: &str) {
    if let Some(element) = document().query_selector(selector).ok().flatten() {
        let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(element).focus();
    }
}

/// Enter sends, Shift+Enter starts a new line. While an IME is composing (Korean input), Enter
/// only finishes the syllable.
fn submit_on_enter(ev: leptos::ev::KeyboardEvent) {
    if ev.key() == "Enter" && !ev.shift_key() && !ev.is_composing() {
        ev.prevent_default();
        let form = event_target::<web_sys::HtmlTextAreaElement>(&ev).form();
        if let Some(form) = form {
            let _ = form.request_submit();
        }
    }
}

/// Sends `question` through the engine, streaming into `turn`; `fresh` bypasses the answer cache
/// (regenerate).
fn ask(
    session: Session,
    agent: Agent,
    preferences: Preferences,
    diagnostics: Diagnostics,
    turn: Turn,
    question: String,
    fresh: bool,
) {
    let Some(engine) = agent.engine.get_value() else { return };
    agent.answering.set(true);
    // The question is kept from the moment it is sent (as interrupted until its answer is stored).
    session.record_turns(preferences.lang.get_untracked());
    let mut settings = preferences.settings.value.get_untracked();
    if fresh {
        settings.flags.response_cache_enabled = false;
    }
    leptos::task::spawn_local(async move {
        // Streamed text reaches the page once per frame: a fast model sends tokens faster than the
        // screen shows them, and re-rendering the answer for each one would cost more than the token.
        let pending = Rc::new(RefCell::new(String::new()));
        let show_pending = {
            let pending = pending.clone();
            move || {
                let text = std::mem::take(&mut *pending.borrow_mut());
                if !text.is_empty() {
                    turn.answer.update(|a| a.push_str(&text));
                }
            }
        };
        // The status line counts the seconds waited for the model, once a second while it waits.
        let ticker: Rc<std::cell::Cell<Option<IntervalHandle>>> = Rc::default();
        let stop_ticking = {
            let ticker = ticker.clone();
            move || {
                if let Some(handle) = ticker.take() {
                    handle.clear();
                }
                turn.waiting.set(None);
            }
        };
        let mut on_event = |event: TurnEvent| match event {
            TurnEvent::Waiting(Some(purpose)) => {
                stop_ticking();
                let started = js_sys::Date::now();
                turn.waiting.set(Some((purpose, 0)));
                let tick = move || {
                    let secs = ((js_sys::Date::now() - started) / 1000.0) as u64;
                    turn.waiting.update(|w| {
                        if let Some((_, waited)) = w.as_mut() {
                            *waited = secs;
                        }
                    });
                };
                ticker.set(set_interval_with_handle(tick, std::time::Duration::from_secs(1)).ok());
            }
            TurnEvent::Waiting(None) => stop_ticking(),
            TurnEvent::Triage(notice) => turn.notice.set(Some(notice.to_string())),
            TurnEvent::Node(name) => turn.progress.set(Some(name)),
            TurnEvent::AnswerStarted => {
                pending.borrow_mut().clear();
                turn.answer.set(String::new());
            }
            TurnEvent::Delta(piece) => {
                // Empty means no frame is waiting to show it yet.
                let schedule = pending.borrow().is_empty();
                pending.borrow_mut().push_str(piece);
                if schedule {
                    request_animation_frame(show_pending.clone());
                }
            }
        };
        let user = session.user.get_untracked();
        let people = session.people.value.with_untracked(|p| {
            p.all().iter().map(|person| (person.id.clone(), person.name.clone())).collect::<Vec<_>>()
        });
        let state = engine.ask(question, user.clone(), people, &settings, &mut on_event).await;
        stop_ticking();
        // The finished answer replaces whatever is still waiting for a frame.
        pending.borrow_mut().clear();
        turn.answer.set(state.answer.clone());
        turn.evidence.set(state.retrieved_docs.clone());
        turn.cached.set(state.cache_hit);
        turn.emergency.set(state.emergency.is_some());
        turn.notice.set(state.triage_notice.clone());
        let stopped = state.stop_reason == Some(StopReason::Stopped);
        let lang = preferences.lang.get_untracked();
        turn.error.set(state.error.clone().or_else(|| stopped.then(|| ui(lang).stopped.to_string())));
        turn.progress.set(None);
        agent.answering.set(false);
        diagnostics.traces.update(|t| t.push(TurnTrace::from_state(&user, &state)));
        // The turn ended (answered or stopped): the memory and the conversation are saved now, once,
        // not as the answer streamed in.
        agent.memory_changed(Change::Turn);
        session.record_turns(lang);
    });
}

/// The conversation and the input.
#[component]
pub fn Chat() -> impl IntoView {
    let (session, agent, diagnostics) =
        (expect_context::<Session>(), expect_context::<Agent>(), expect_context::<Diagnostics>());
    let preferences = expect_context::<Preferences>();
    let lang = preferences.lang;
    let turns = session.turns;
    let list = NodeRef::<leptos::html::Ol>::new();
    // Follow the answer as it streams in, unless the reader scrolled up to read something else.
    // Reading the scroll height forces a layout, so it is read once per frame, not once per token.
    let follow_scheduled = StoredValue::new(false);
    Effect::new(move |_| {
        turns.with(|t| t.last().map(|t| t.answer.track()));
        if follow_scheduled.get_value() {
            return;
        }
        follow_scheduled.set_value(true);
        request_animation_frame(move || {
            follow_scheduled.set_value(false);
            if let Some(list) = list.get_untracked() {
                if list.scroll_height() - list.scroll_top() - list.client_height() < 240 {
                    list.set_scroll_top(list.scroll_height());
                }
            }
        });
    });
    let draft = RwSignal::new(String::new());
    let text = move || ui(lang.get());
    let busy = move || agent.busy();

    let send = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let question = draft.get_untracked();
        if question.trim().is_empty() || !agent.can_ask() {
            return;
        }
        let turn = Turn::new(SavedTurn { question: question.clone(), ..SavedTurn::default() }, true);
        turns.update(|t| t.push(turn));
        draft.set(String::new());
        ask(session, agent, preferences, diagnostics, turn, question, false);
    };
    let stop = move |_| {
        agent.engine.with_value(|e| {
            if let Some(engine) = e {
                engine.stop()
            }
        })
    };
    // Regenerate: the last question once more, past the cache.
    let regenerate = move |_| {
        if !agent.can_ask() {
            return;
        }
        let Some(question) = turns.with_untracked(|t| t.last().map(|t| t.question.get_value())) else { return };
        let turn = Turn::new(SavedTurn { question: question.clone(), ..SavedTurn::default() }, true);
        turns.update(|t| t.push(turn));
        ask(session, agent, preferences, diagnostics, turn, question, true);
    };

    view! {
        <section class="chat" aria-labelledby="chat-heading">
            <h2 id="chat-heading">{move || text().chat_heading}</h2>
            <Show when=move || diagnostics.notice.get().is_some()>
                <p class="storage-notice" role="alert">{move || diagnostics.notice.get()}</p>
            </Show>
            {move || match agent.status.get() {
                Status::Loading => view! { <p class="status" id="index-status">{text().loading_index}</p> }.into_any(),
                Status::Failed(error) => view! { <p class="status error" role="alert">{text().index_failed} " (" {error} ")"</p> }.into_any(),
                Status::Ready => ().into_any(),
            }}
            {move || {
                let user = session.user.get();
                let (archived, dropped) = session.transcript.value.with(|t| {
                    (t.archived.get(&user).cloned().unwrap_or_default(), t.dropped.get(&user).copied().unwrap_or(0))
                });
                let dropped = (dropped > 0).then(|| {
                    let line = text()
                        .turns_dropped
                        .replace("{n}", &dropped.to_string())
                        .replace("{max}", &MAX_TURNS.to_string())
                        .replace("{archived}", &MAX_ARCHIVED_TURNS.to_string());
                    view! { <p class="turns-dropped" role="note">{line}</p> }
                });
                let archived = (!archived.is_empty()).then(|| {
                    let heading = text().turns_archived.replace("{n}", &archived.len().to_string());
                    view! {
                        <details class="turns-archived">
                            <summary>{heading}</summary>
                            <ol>{archived.into_iter().map(|line| view! { <li>{line}</li> }).collect::<Vec<_>>()}</ol>
                        </details>
                    }
                });
                (dropped, archived)
            }}
            <ol class="turns" aria-live="polite" node_ref=list>
                <Show when=move || turns.with(Vec::is_empty)>
                    <li class="empty">{move || text().chat_empty}</li>
                </Show>
                <For each=move || turns.get() key=|turn| turn.id let:turn>
                    <li class="turn user">
                        <span class="who">{move || text().you}</span>
                        <p class="said">{turn.question.get_value()}</p>
                    </li>
                    <li class="turn agent" class:emergency=move || turn.emergency.get()>
                        <span class="who">
                            {move || text().agent}
                            <Show when=move || turn.cached.get()>
                                <span class="badge cached">{move || text().cached}</span>
                            </Show>
                        </span>
                        <Show when=move || turn.notice.with(Option::is_some)>
                            <div class="triage-notice" role="alert">
                                <RichText text=Signal::derive(move || turn.notice.get().unwrap_or_default()) on_cite=Callback::new(|_| {}) />
                            </div>
                        </Show>
                        <Show when=move || turn.progress.get().is_some() && turn.answer.with(|a| split_notice(a).1.is_empty())>
                            <p class="thinking">{move || text().thinking} " " <code>{move || turn.progress.get()}</code></p>
                        </Show>
                        <Show when=move || turn.waiting.with(Option::is_some)>
                            <p class="waiting" role="status">{move || turn.waiting.get().map(|(purpose, secs)| waiting_line(purpose, secs, lang.get()))}</p>
                        </Show>
                        <div class="answer">
                            <RichText text=Signal::derive(move || turn.answer.with(|a| split_notice(a).1.to_string())) on_cite=Callback::new(move |n| turn.open_from_citation(n)) />
                        </div>
                        <Show when=move || turn.error.get().is_some()>
                            <p class="turn-error">{move || turn.error.get()}</p>
                        </Show>
                        <Sources turn=turn />
                    </li>
                </For>
            </ol>
            <form class="composer" on:submit=send>
                <label for="question" class="visually-hidden">{move || text().input_label}</label>
                <textarea id="question" rows="2"
                    placeholder=move || text().input_placeholder
                    prop:value=move || draft.get()
                    on:input=move |ev| draft.set(event_target_value(&ev))
                    on:keydown=submit_on_enter></textarea>
                <Show when=busy fallback=move || view! {
                    <button type="submit" id="send" disabled=move || agent.status.get() != Status::Ready>{move || text().send}</button>
                }>
                    <button type="button" id="stop" on:click=stop>{move || text().stop}</button>
                </Show>
                // Kept in place (disabled) while answering so the composer does not shift.
                <Show when=move || turns.with(|t| !t.is_empty())>
                    <button type="button" id="regenerate" class="secondary" disabled=busy on:click=regenerate>{move || text().regenerate}</button>
                </Show>
            </form>
        </section>
    }
}

/// The numbered sources of an answer; the opened one shows its passage and link.
#[component]
fn Sources(turn: Turn) -> impl IntoView {
    let lang = expect_context::<Preferences>().lang;
    let text = move || ui(lang.get());
    view! {
        <Show when=move || turn.evidence.with(|e| !e.is_empty())>
            <details class="sources" open=move || turn.open.get().is_some()
                on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" && turn.open.get_untracked().is_some() {
                    ev.prevent_default();
                    turn.close_source();
                }>
                <summary>{move || text().sources} " (" {move || turn.evidence.with(Vec::len)} ")"</summary>
                <ol>
                    {move || turn.evidence.get().into_iter().enumerate().map(|(i, e)| {
                        let n = i + 1;
                        let opened = move || turn.open.get() == Some(n);
                        let url = crate::markdown::safe_url(&e.url).map(str::to_string);
                        view! {
                            <li class="source" class:opened=opened id=format!("source-{}-{n}", turn.id)>
                                <button type="button" class="source-title" on:click=move |_| turn.open.set(if opened() { None } else { Some(n) })>
                                    {format!("[{n}] {}", e.title)}
                                </button>
                                <span class="source-meta">{format!("{} · {}", e.source, e.id)}</span>
                                <Show when=opened>
                                    <blockquote class="passage">{e.passage.clone()}</blockquote>
                                    {url.clone().map(|u| view! { <a href=u target="_blank" rel="noopener noreferrer">{move || text().open_source}</a> })}
                                    <button type="button" class="source-close secondary" on:click=move |_| turn.close_source()>{move || text().close}</button>
                                </Show>
                            </li>
                        }
                    }).collect_view()}
                </ol>
            </details>
        </Show>
    }
}
