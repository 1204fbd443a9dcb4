//! The chat column: the conversation so far and the message input.

use crate::i18n::{ui, Lang};
use leptos::prelude::*;

/// Who said a line of the conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Speaker {
    User,
    /// A notice from the app itself (not a model answer).
    Notice,
}

/// One line of the conversation as shown.
#[derive(Clone, Debug)]
struct Turn {
    id: usize,
    speaker: Speaker,
    text: String,
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

/// The conversation and the input. Until the pipeline exists every message gets an honest notice
/// that the agent is not available; the message itself is kept on screen.
#[component]
pub fn Chat(lang: RwSignal<Lang>) -> impl IntoView {
    let turns = RwSignal::new(Vec::<Turn>::new());
    let draft = RwSignal::new(String::new());
    let text = move || ui(lang.get());

    let send = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let message = draft.get_untracked();
        if message.trim().is_empty() {
            return;
        }
        turns.update(|t| {
            let id = t.len();
            t.push(Turn { id, speaker: Speaker::User, text: message });
            t.push(Turn { id: id + 1, speaker: Speaker::Notice, text: String::new() });
        });
        draft.set(String::new());
    };

    view! {
        <section class="chat" aria-labelledby="chat-heading">
            <h2 id="chat-heading">{move || text().chat_heading}</h2>
            <ol class="turns" aria-live="polite">
                <Show when=move || turns.with(Vec::is_empty)>
                    <li class="empty">{move || text().chat_empty}</li>
                </Show>
                <For each=move || turns.get() key=|turn| turn.id let:turn>
                    <li class=move || match turn.speaker { Speaker::User => "turn user", Speaker::Notice => "turn notice" }>
                        <span class="who">{move || match turn.speaker {
                            Speaker::User => text().you,
                            Speaker::Notice => text().agent,
                        }}</span>
                        <p class="said">{
                            // A notice is re-rendered in the current language; the user's words stay as typed.
                            let said = turn.text.clone();
                            move || match turn.speaker {
                                Speaker::User => said.clone(),
                                Speaker::Notice => text().agent_unavailable.to_string(),
                            }
                        }</p>
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
                <button type="submit" id="send">{move || text().send}</button>
            </form>
        </section>
    }
}
