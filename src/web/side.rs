//! The side panel: what the agent knows about the patient (with when and how much it still counts),
//! and how the last answer was made (the trace).

use super::app::Shared;
use super::storage::LocalStorage;
use super::transcript::TRANSCRIPT_RECORD;
use crate::i18n::{ui, Lang};
use crate::memory::profile::SlotKind;
use crate::persist::save;
use leptos::prelude::*;

/// "5 min ago" / "3 h ago" / "2 d ago" in `lang`.
fn ago(ms: f64, lang: Lang) -> String {
    let minutes = ((js_sys::Date::now() - ms) / 60_000.0).max(0.0);
    let (n, unit_en, unit_ko) = if minutes < 60.0 {
        (minutes, "min", "분")
    } else if minutes < 48.0 * 60.0 {
        (minutes / 60.0, "h", "시간")
    } else {
        (minutes / 1440.0, "d", "일")
    };
    match lang {
        Lang::Ko => format!("{:.0}{unit_ko} 전", n.floor()),
        Lang::En => format!("{:.0} {unit_en} ago", n.floor()),
    }
}

/// The profile and trace panels.
#[component]
pub fn SidePanel() -> impl IntoView {
    let shared = expect_context::<Shared>();
    let text = move || ui(shared.lang.get());
    let delete = move |index: usize| {
        shared.engine.with_value(|e| {
            if let Some(engine) = e {
                let user = shared.user.get_untracked();
                if let Some(profile) = engine.memory.borrow_mut().profiles.profiles.get_mut(&user) {
                    if index < profile.facts.len() {
                        profile.facts.remove(index);
                    }
                }
                if let Some(error) = engine.persist() {
                    shared.notice.set(Some(error));
                }
            }
        });
        shared.refresh_facts();
    };
    let forget = move |_| {
        let confirmed =
            web_sys::window().and_then(|w| w.confirm_with_message(text().forget_confirm).ok()).unwrap_or(false);
        if !confirmed {
            return;
        }
        shared.engine.with_value(|e| {
            if let Some(engine) = e {
                let user = shared.user.get_untracked();
                let mut memory = engine.memory.borrow_mut();
                memory.profiles.profiles.remove(&user);
                memory.conversations.remove(&user);
                // Cached answers hold the user's questions: they go too.
                memory.cache = Default::default();
                drop(memory);
                if let Some(error) = engine.persist() {
                    shared.notice.set(Some(error));
                }
            }
        });
        // The shown conversation goes too.
        let user = shared.user.get_untracked();
        let problem = shared.transcript.try_update_value(|t| {
            t.turns.remove(&user);
            save(&LocalStorage, &TRANSCRIPT_RECORD, t).err()
        });
        if let Some(Some(error)) = problem {
            shared.notice.set(Some(error.to_string()));
        }
        shared.turns.set(Vec::new());
        shared.refresh_facts();
        shared.last_turn.set(None);
    };
    view! {
        <aside class="side">
            <section class="panel profile" aria-labelledby="profile-heading">
                <h2 id="profile-heading">{move || text().profile_heading}</h2>
                <Show when=move || shared.facts.with(Vec::is_empty)>
                    <p class="empty">{move || text().profile_empty}</p>
                </Show>
                {move || {
                    let lang = shared.lang.get();
                    let facts = shared.facts.get();
                    SlotKind::ALL.into_iter().filter_map(|slot| {
                        let rows: Vec<_> = facts.iter().enumerate().filter(|(_, f)| f.slot == slot).map(|(i, f)| {
                            let weight = (f.weight(js_sys::Date::now()) * 100.0).round();
                            view! {
                                <li class="fact">
                                    <span class="fact-text">{f.describe(lang)}</span>
                                    <span class="fact-meta">{format!("{} · {} {weight:.0}%", ago(f.said_at_ms, lang), ui(lang).weight)}</span>
                                    <button type="button" class="fact-delete" aria-label=format!("{} {}", ui(lang).delete_fact, f.describe(lang))
                                        on:click=move |_| delete(i)>"×"</button>
                                </li>
                            }
                        }).collect();
                        (!rows.is_empty()).then(|| view! { <h3>{slot.label(lang)}</h3><ul class="facts">{rows}</ul> })
                    }).collect_view()
                }}
                <Show when=move || shared.facts.with(|f| !f.is_empty())>
                    <button type="button" class="forget" on:click=forget>{move || text().forget_all}</button>
                </Show>
            </section>
            <section class="panel trace" aria-labelledby="trace-heading">
                <h2 id="trace-heading">{move || text().trace_heading}</h2>
                {move || match shared.last_turn.get() {
                    None => view! { <p class="empty">{text().trace_empty}</p> }.into_any(),
                    Some(turn) => view! {
                        <ol class="steps">
                            {turn.steps.iter().map(|s| view! {
                                <li class="step"><code>{s.node.clone()}</code>" "<span class="ms">{format!("{:.1} ms", s.ms)}</span></li>
                            }).collect_view()}
                        </ol>
                        <p class="stop">{text().stop_reason} ": " {turn.stop_reason.clone().unwrap_or_default()}</p>
                    }.into_any(),
                }}
            </section>
        </aside>
    }
}
