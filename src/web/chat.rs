//! The chat column: the conversation, each answer streaming in with its numbered sources, and the
//! message input.

use super::answer::RichText;
use super::state::{Agent, Change, Diagnostics, Preferences, Session, Status};
use super::turn::Turn;
use crate::core::answer::{unsupported_heading, Answer};
use crate::i18n::{ui, Lang};
use crate::medicines::{notice, Checked, Medicine, Origin};
use crate::pipeline::state::TurnEvent;
use crate::pipeline::stop::StopReason;
use crate::trace_view::{waiting_line, TurnTrace};
use crate::transcript::{
    facts_line, name_for, offer_text, offers, OthersNote, SavedTurn, MAX_ARCHIVED_TURNS, MAX_TURNS,
};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

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
                    turn.streaming.update(|a| a.push_str(&text));
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
                turn.view.update(|v| v.waiting = None);
            }
        };
        let mut on_event = |event: TurnEvent| match event {
            TurnEvent::Waiting(Some(purpose)) => {
                stop_ticking();
                let started = js_sys::Date::now();
                turn.view.update(|v| v.waiting = Some((purpose, 0)));
                let tick = move || {
                    let secs = ((js_sys::Date::now() - started) / 1000.0) as u64;
                    turn.view.update(|v| {
                        if let Some((_, waited)) = v.waiting.as_mut() {
                            *waited = secs;
                        }
                    });
                };
                ticker.set(set_interval_with_handle(tick, std::time::Duration::from_secs(1)).ok());
            }
            TurnEvent::Waiting(None) => stop_ticking(),
            TurnEvent::Triage(notice) => turn.view.update(|v| v.saved.answer.notice = Some(notice.to_string())),
            TurnEvent::Interactions(checked) => turn.view.update(|v| v.saved.interactions = checked.clone()),
            TurnEvent::Node(node) => turn.view.update(|v| v.progress = Some(node)),
            TurnEvent::AnswerStarted => {
                pending.borrow_mut().clear();
                turn.streaming.set(String::new());
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
        let state = engine.ask(question.clone(), user.clone(), people, &settings, &mut on_event).await;
        stop_ticking();
        // The finished answer replaces whatever is still waiting for a frame.
        pending.borrow_mut().clear();
        let lang = preferences.lang.get_untracked();
        let mut saved =
            session.people.value.with_untracked(|people| SavedTurn::answered(question, &state, people, lang));
        if state.stop_reason == Some(StopReason::Stopped) {
            saved.error = saved.error.or_else(|| Some(ui(lang).stopped.to_string()));
        }
        turn.finish(saved, offers(&state));
        agent.answering.set(false);
        diagnostics.traces.update(|t| t.push(TurnTrace::from_state(&user, &state)));
        // The turn ended (answered or stopped): the memory and the conversation are saved now, once,
        // not as the answer streamed in.
        agent.memory_changed(Change::Turn);
        session.record_turns(lang);
    });
}

/// Keeps the facts of `turn`'s offer `index` with a new person named for whom they are about ("Son"
/// / "아들"), the person chosen staying chosen; the turn then says where they went. The message in
/// `lang` if the person could not be added (then nothing was kept).
fn keep_with_new_person(session: &Session, agent: &Agent, turn: Turn, index: usize, lang: Lang) -> Result<(), String> {
    let Some(offer) = turn.view.with_untracked(|v| v.offers.get(index).cloned()) else { return Ok(()) };
    let name = name_for(&offer.about, lang);
    let mut added = String::new();
    session.change_people(lang, |people| people.add_other(&name).map(|id| added = id))?;
    agent.edit_memory(Change::Edit, |memory| {
        memory.profiles.update(&added, &offer.slots, js_sys::Date::now());
    });
    turn.view.update(|v| {
        v.offers.remove(index);
        v.saved.others.push(OthersNote::Saved { name, facts: facts_line(&offer.slots, lang) });
    });
    session.record_turns(lang);
    Ok(())
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
        turns.with(|t| {
            if let Some(t) = t.last() {
                t.streaming.track();
                t.view.track();
            }
        });
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
        let Some(question) = turns.with_untracked(|t| t.last().map(Turn::question)) else { return };
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
                        <p class="said">{turn.question()}</p>
                    </li>
                    <AgentTurn turn=turn />
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

/// The agent's side of a turn: the notice first, then the answer streaming in, or, once the turn
/// ended, the answer's parts; the error and the sources under it.
#[component]
fn AgentTurn(turn: Turn) -> impl IntoView {
    let lang = expect_context::<Preferences>().lang;
    let text = move || ui(lang.get());
    // Each part is read through a memo, so a change of another (the seconds waited, a source opened)
    // does not draw it again.
    let view = turn.view;
    let answer = Memo::new(move |_| view.with(|v| v.saved.answer.clone()));
    let notice = Memo::new(move |_| answer.with(|a| a.notice.clone()));
    let interactions = Memo::new(move |_| view.with(|v| v.saved.interactions.clone()));
    let progress = Memo::new(move |_| view.with(|v| v.progress));
    let waiting = Memo::new(move |_| view.with(|v| v.waiting));
    let error = Memo::new(move |_| view.with(|v| v.saved.error.clone()));
    let on_cite = Callback::new(move |n| turn.open_from_citation(n));
    // Where the facts about other people went, and the offers to keep them with a new person.
    let (session, agent) = (expect_context::<Session>(), expect_context::<Agent>());
    let notes = Memo::new(move |_| view.with(|v| v.saved.others.clone()));
    let offered = Memo::new(move |_| view.with(|v| v.offers.clone()));
    let refused = RwSignal::new(None::<String>);
    let accept = move |index: usize| {
        if let Err(message) = keep_with_new_person(&session, &agent, turn, index, lang.get_untracked()) {
            refused.set(Some(message));
        }
    };
    view! {
        <li class="turn agent" class:emergency=move || view.with(|v| v.saved.emergency)>
            <span class="who">
                {move || text().agent}
                <Show when=move || view.with(|v| v.saved.cached)>
                    <span class="badge cached">{move || text().cached}</span>
                </Show>
            </span>
            <Show when=move || notice.with(Option::is_some)>
                <div class="triage-notice" role="alert">
                    <RichText text=Signal::derive(move || notice.get().unwrap_or_default()) on_cite=Callback::new(|_| {}) />
                </div>
            </Show>
            <InteractionWarnings checked=interactions />
            <Show when=move || progress.get().is_some() && turn.streaming.with(String::is_empty)>
                <p class="thinking">{move || text().thinking} " " <code>{move || progress.get().map(|node| node.name())}</code></p>
            </Show>
            <Show when=move || waiting.with(Option::is_some)>
                <p class="waiting" role="status">{move || waiting.get().map(|(purpose, secs)| waiting_line(purpose, secs, lang.get()))}</p>
            </Show>
            <div class="answer">
                <Show when=move || progress.get().is_some() fallback=move || view! { <AnswerParts answer=answer on_cite=on_cite /> }>
                    <RichText text=turn.streaming on_cite=on_cite />
                </Show>
            </div>
            <Show when=move || error.with(Option::is_some)>
                <p class="turn-error">{move || error.get()}</p>
            </Show>
            <Show when=move || notes.with(|n| !n.is_empty()) || offered.with(|o| !o.is_empty())>
                <div class="others" role="status">
                    {move || notes.get().into_iter().map(|note| view! {
                        <p class="others-note">{note.text(lang.get())}</p>
                    }).collect_view()}
                    {move || {
                        let lang = lang.get();
                        offered.get().into_iter().enumerate().map(|(index, offer)| {
                            let said = offer_text(&offer, lang);
                            let add = ui(lang).others_add.replace("{name}", &name_for(&offer.about, lang));
                            view! {
                                <div class="others-offer">
                                    <p>{said}</p>
                                    <button type="button" class="add-offered-person secondary" disabled=move || agent.busy()
                                        on:click=move |_| accept(index)>{add}</button>
                                </div>
                            }
                        }).collect_view()
                    }}
                    <p class="field-error" role="alert">{move || refused.get()}</p>
                </div>
            </Show>
            <Sources turn=turn />
        </li>
    }
}

/// The medicine interaction check, above the answer (after the triage notice): each pair the tables
/// list (its severity, the two medicines as the user named them and by generic name, what happens,
/// what to do, the tables), or that they list none; nothing when it has nothing to say.
#[component]
fn InteractionWarnings(checked: Memo<Checked>) -> impl IntoView {
    let lang = expect_context::<Preferences>().lang;
    move || {
        let lang = lang.get();
        let text = ui(lang);
        let name = move |m: &Medicine| match m.from {
            Origin::Profile => format!("{} ({})", notice::medicine_name(m, lang), text.interaction_profile),
            Origin::EarlierTurn | Origin::Message => notice::medicine_name(m, lang),
        };
        checked.with(|checked| {
            let warnings = checked
                .found
                .iter()
                .map(|found| {
                    let [a, b] = &found.drugs;
                    view! {
                        <div class=format!("interaction-warning {}", found.severity.name()) role="alert">
                            <p class="interaction-heading">
                                <strong>{notice::severity_label(found.severity, lang)}</strong>
                                ": " {name(a)} " + " {name(b)}
                            </p>
                            {found.note.as_ref().map(|n| view! { <p class="interaction-description">{n.description.get(lang).to_string()}</p> })}
                            {notice::listed_as(found, lang).map(|line| view! { <p class="interaction-listed-as">{line}</p> })}
                            <p class="interaction-advice">{notice::advice(found, lang)}</p>
                            <p class="interaction-source">{text.interaction_source} ": " {notice::sources(found, lang)}</p>
                        </div>
                    }
                })
                .collect_view();
            let none = notice::none_listed(checked, lang).map(|line| view! { <p class="interaction-none" role="note">{line}</p> });
            (warnings, none)
        })
    }
}

/// A finished answer, part by part (the notice is shown above it): the preamble saying what the body
/// is, the body, the warnings, and a model text shown apart under its marked heading.
#[component]
fn AnswerParts(answer: Memo<Answer>, on_cite: Callback<usize>) -> impl IntoView {
    let lang = expect_context::<Preferences>().lang;
    let preamble = Memo::new(move |_| answer.with(|a| a.preamble.clone()));
    let unsupported = Memo::new(move |_| answer.with(|a| a.unsupported.clone()));
    view! {
        <Show when=move || preamble.with(Option::is_some)>
            <div class="preamble">
                <RichText text=Signal::derive(move || preamble.get().unwrap_or_default()) on_cite=on_cite />
            </div>
        </Show>
        <RichText text=Signal::derive(move || answer.with(|a| a.body.clone())) on_cite=on_cite />
        {move || answer.with(|a| a.warnings.clone()).into_iter().map(|warning| view! {
            <div class="answer-warning" role="note"><RichText text=warning on_cite=on_cite /></div>
        }).collect_view()}
        {move || unsupported.get().map(|unsupported| view! {
            <div class="unsupported">
                <p class="unsupported-heading">{move || unsupported_heading(&unsupported.why, lang.get())}</p>
                <blockquote><RichText text=unsupported.text.clone() on_cite=on_cite /></blockquote>
            </div>
        })}
    }
}

/// The numbered sources of an answer; the opened one shows its passage and link.
#[component]
fn Sources(turn: Turn) -> impl IntoView {
    let lang = expect_context::<Preferences>().lang;
    let text = move || ui(lang.get());
    let evidence = Memo::new(move |_| turn.view.with(|v| v.saved.evidence.clone()));
    let open = Memo::new(move |_| turn.view.with(|v| v.open));
    view! {
        <Show when=move || evidence.with(|e| !e.is_empty())>
            <details class="sources" open=move || open.get().is_some()
                on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Escape" && open.get_untracked().is_some() {
                    ev.prevent_default();
                    turn.close_source();
                }>
                <summary>{move || text().sources} " (" {move || evidence.with(Vec::len)} ")"</summary>
                <ol>
                    {move || evidence.get().into_iter().enumerate().map(|(i, e)| {
                        let n = i + 1;
                        let opened = move || open.get() == Some(n);
                        let url = crate::markdown::safe_url(&e.url).map(str::to_string);
                        view! {
                            <li class="source" class:opened=opened id=format!("source-{}-{n}", turn.id)>
                                <button type="button" class="source-title" on:click=move |_| {
                                    let now = if opened() { None } else { Some(n) };
                                    turn.view.update(|v| v.open = now);
                                }>
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
