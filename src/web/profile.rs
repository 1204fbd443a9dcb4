//! The profile panel: what the agent knows about the current person, by slot, each fact with when it
//! was said and how much it still counts; edit (checked, with a clear error) or delete a fact, or
//! forget everything about the person.

use super::state::{Agent, Change, Diagnostics, Preferences, Session};
use crate::i18n::{ui, Lang};
use crate::memory::profile::{Fact, SlotKind};
use leptos::html;
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

/// The date and time of `ms` as the browser writes it in `lang`.
fn local_time(ms: f64, lang: Lang) -> String {
    js_sys::Date::new(&ms.into()).to_locale_string(lang.code(), &wasm_bindgen::JsValue::UNDEFINED).into()
}

impl Agent {
    /// Changes `user`'s fact `index` if it is still `expected` (a turn may have changed the list
    /// since it was shown: only the fact shown is touched).
    fn edit_fact(&self, user: &str, index: usize, expected: &Fact, change: impl FnOnce(&mut Vec<Fact>)) {
        self.edit_memory(Change::Edit, |memory| {
            if let Some(profile) = memory.profiles.profiles.get_mut(user) {
                if profile.facts.get(index) == Some(expected) {
                    change(&mut profile.facts);
                }
            }
        });
    }
}

/// The profile panel.
#[component]
pub fn ProfilePanel() -> impl IntoView {
    let (session, agent, diagnostics) =
        (expect_context::<Session>(), expect_context::<Agent>(), expect_context::<Diagnostics>());
    let lang = expect_context::<Preferences>().lang;
    let text = move || ui(lang.get());
    // The fact being edited (index into the facts), what is typed, and why it was refused.
    let editing = RwSignal::new(None::<usize>);
    let draft = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let input = NodeRef::<html::Input>::new();
    Effect::new(move |_| {
        if let Some(input) = input.get() {
            let _ = input.focus();
            input.select();
        }
    });
    // Closing an edit puts the focus back on its Edit button (drawn anew with the list).
    let close = move |index: usize| {
        editing.set(None);
        error.set(None);
        request_animation_frame(move || {
            if let Some(button) = document().get_element_by_id(&format!("fact-edit-{index}")) {
                let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(button).focus();
            }
        });
    };
    let start_edit = move |index: usize, fact: &Fact| {
        draft.set(fact.editable_value(lang.get_untracked()));
        error.set(None);
        editing.set(Some(index));
    };
    let apply_edit = move |index: usize, fact: Fact| match fact.edited(&draft.get_untracked(), js_sys::Date::now()) {
        Ok(new) => {
            agent.edit_fact(&session.user.get_untracked(), index, &fact, |facts| facts[index] = new);
            close(index);
        }
        Err(why) => error.set(Some(why.message(lang.get_untracked()))),
    };
    let delete = move |index: usize, fact: Fact| {
        agent.edit_fact(&session.user.get_untracked(), index, &fact, |facts| {
            facts.remove(index);
        });
        editing.set(None);
    };
    let forget = move |_| {
        let confirmed =
            web_sys::window().and_then(|w| w.confirm_with_message(text().forget_confirm).ok()).unwrap_or(false);
        if !confirmed {
            return;
        }
        let user = session.user.get_untracked();
        if agent.busy() {
            return;
        }
        // The shown conversation and the traces go too.
        agent.forget_user(&user);
        session.forget_user(&user);
        diagnostics.forget_user(&user);
    };

    let fact_row = move |index: usize, fact: Fact, lang: Lang| {
        let now = js_sys::Date::now();
        let weight = fact.weight(now);
        let shown = fact.describe(lang);
        let (for_edit, for_save, for_delete) = (fact.clone(), fact.clone(), fact.clone());
        let on_escape = move |ev: leptos::ev::KeyboardEvent| {
            if ev.key() == "Escape" {
                ev.prevent_default();
                close(index);
            }
        };
        view! {
            <li class="fact">
                <span class="fact-text">{shown.clone()}</span>
                <span class="fact-meta">
                    <time datetime=js_sys::Date::new(&fact.said_at_ms.into()).to_iso_string().as_string().unwrap_or_default()
                        title=local_time(fact.said_at_ms, lang)>
                        {ago(fact.said_at_ms, lang)}
                    </time>
                    " · "
                    <span class="weight" title=ui(lang).weight_help>
                        {format!("{} {:.0}%", ui(lang).weight, (weight * 100.0).round())}
                        <meter min="0" max="1" low="0.3" optimum="1" value=weight.to_string() aria-hidden="true"></meter>
                    </span>
                </span>
                <span class="fact-actions">
                    <button type="button" class="fact-edit secondary" id=format!("fact-edit-{index}") disabled=move || agent.busy()
                        aria-label=format!("{} {shown}", ui(lang).edit_fact)
                        on:click=move |_| start_edit(index, &for_edit)>{ui(lang).edit_fact}</button>
                    <button type="button" class="fact-delete secondary" disabled=move || agent.busy() aria-label=format!("{} {shown}", ui(lang).delete_fact)
                        on:click=move |_| delete(index, for_delete.clone())>"×"</button>
                </span>
                <Show when=move || editing.get() == Some(index)>
                    <form class="fact-form" novalidate=true on:keydown=on_escape
                        on:submit={
                            let fact = for_save.clone();
                            move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); apply_edit(index, fact.clone()) }
                        }>
                        <label for=format!("fact-value-{index}")>{format!("{} ({})", ui(lang).fact_new_value, fact.describe(lang))}</label>
                        <input id=format!("fact-value-{index}") type="text" autocomplete="off" node_ref=input
                            aria-invalid=move || error.with(Option::is_some).to_string()
                            aria-describedby=format!("fact-error-{index}")
                            prop:value=draft.get_untracked() on:input=move |ev| draft.set(event_target_value(&ev)) />
                        <p id=format!("fact-error-{index}") class="field-error" role="alert">{move || error.get()}</p>
                        <div class="dialog-actions">
                            <button type="submit" class="fact-save">{ui(lang).save}</button>
                            <button type="button" class="secondary" on:click=move |_| close(index)>{ui(lang).cancel}</button>
                        </div>
                    </form>
                </Show>
            </li>
        }
    };

    view! {
        <section class="panel profile" aria-labelledby="profile-heading">
            <h2 id="profile-heading">{move || text().profile_heading}</h2>
            <p class="profile-person">{move || text().person} ": "
                <strong>{move || session.people.value.with(|p| p.current_person().label(lang.get()))}</strong></p>
            <Show when=move || session.facts.with(Vec::is_empty)>
                <p class="empty">{move || text().profile_empty}</p>
            </Show>
            {move || {
                let lang = lang.get();
                let facts = session.facts.get();
                SlotKind::ALL.into_iter().filter_map(|slot| {
                    let rows: Vec<_> = facts.iter().enumerate().filter(|(_, f)| f.slot == slot)
                        .map(|(i, f)| fact_row(i, f.clone(), lang)).collect();
                    (!rows.is_empty()).then(|| view! {
                        <h3 class="slot" data-slot=format!("{slot:?}").to_lowercase()>{slot.label(lang)}</h3>
                        <ul class="facts">{rows}</ul>
                    })
                }).collect_view()
            }}
            <Show when=move || session.facts.with(|f| !f.is_empty())>
                <button type="button" class="forget danger" disabled=move || agent.busy() on:click=forget>{move || text().forget_all}</button>
            </Show>
        </section>
    }
}
