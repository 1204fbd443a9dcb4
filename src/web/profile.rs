//! The profile panel: what the agent knows about the current person, by slot, each fact with when it
//! was said and how much it still counts; edit (checked, with a clear error) or delete a fact, or
//! forget everything about the person.

use super::app::Shared;
use super::storage::LocalStorage;
use crate::i18n::{ui, Lang};
use crate::memory::profile::{Fact, SlotKind};
use crate::persist::save;
use crate::records::TRANSCRIPT_RECORD;
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

impl Shared {
    /// Changes the current person's fact `index` (if it is still `expected`) and saves the memory.
    fn edit_fact(&self, index: usize, expected: &Fact, change: impl FnOnce(&mut Vec<Fact>)) {
        self.engine.with_value(|e| {
            if let Some(engine) = e {
                let user = self.user.get_untracked();
                // A running turn holds the memory; the controls are disabled until it ends.
                let Ok(mut memory) = engine.memory.try_borrow_mut() else { return };
                if let Some(profile) = memory.profiles.profiles.get_mut(&user) {
                    // A turn may have changed the list since it was shown: touch only the fact shown.
                    if profile.facts.get(index) == Some(expected) {
                        change(&mut profile.facts);
                    }
                }
                drop(memory);
                if let Some(error) = engine.persist(self.lang.get_untracked()) {
                    self.notice.set(Some(error));
                }
            }
        });
        self.refresh_facts();
    }
}

/// The profile panel.
#[component]
pub fn ProfilePanel() -> impl IntoView {
    let shared = expect_context::<Shared>();
    let text = move || ui(shared.lang.get());
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
        draft.set(fact.editable_value(shared.lang.get_untracked()));
        error.set(None);
        editing.set(Some(index));
    };
    let apply_edit = move |index: usize, fact: Fact| match fact.edited(&draft.get_untracked(), js_sys::Date::now()) {
        Ok(new) => {
            shared.edit_fact(index, &fact, |facts| facts[index] = new);
            close(index);
        }
        Err(why) => error.set(Some(why.message(shared.lang.get_untracked()))),
    };
    let delete = move |index: usize, fact: Fact| {
        shared.edit_fact(index, &fact, |facts| {
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
        let user = shared.user.get_untracked();
        if shared.busy() {
            return;
        }
        shared.engine.with_value(|e| {
            if let Some(engine) = e {
                engine.memory.borrow_mut().forget_user(&user);
                if let Some(error) = engine.persist(shared.lang.get_untracked()) {
                    shared.notice.set(Some(error));
                }
            }
        });
        // The shown conversation goes too.
        let problem = shared.transcript.try_update_value(|t| {
            t.remove(&user);
            save(&LocalStorage, &TRANSCRIPT_RECORD, t).err()
        });
        if let Some(Some(error)) = problem {
            let lang = shared.lang.get_untracked();
            shared.notice.set(Some(error.not_saved(ui(lang).unsaved_change, lang)));
        }
        shared.turns.set(Vec::new());
        shared.refresh_facts();
        shared.traces.update(|t| t.retain(|t| t.user != user));
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
                    <button type="button" class="fact-edit secondary" id=format!("fact-edit-{index}") disabled=move || shared.busy()
                        aria-label=format!("{} {shown}", ui(lang).edit_fact)
                        on:click=move |_| start_edit(index, &for_edit)>{ui(lang).edit_fact}</button>
                    <button type="button" class="fact-delete secondary" disabled=move || shared.busy() aria-label=format!("{} {shown}", ui(lang).delete_fact)
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
                <strong>{move || shared.people.with(|p| p.current_person().label(shared.lang.get()))}</strong></p>
            <Show when=move || shared.facts.with(Vec::is_empty)>
                <p class="empty">{move || text().profile_empty}</p>
            </Show>
            {move || {
                let lang = shared.lang.get();
                let facts = shared.facts.get();
                SlotKind::ALL.into_iter().filter_map(|slot| {
                    let rows: Vec<_> = facts.iter().enumerate().filter(|(_, f)| f.slot == slot)
                        .map(|(i, f)| fact_row(i, f.clone(), lang)).collect();
                    (!rows.is_empty()).then(|| view! {
                        <h3 class="slot" data-slot=format!("{slot:?}").to_lowercase()>{slot.label(lang)}</h3>
                        <ul class="facts">{rows}</ul>
                    })
                }).collect_view()
            }}
            <Show when=move || shared.facts.with(|f| !f.is_empty())>
                <button type="button" class="forget danger" disabled=move || shared.busy() on:click=forget>{move || text().forget_all}</button>
            </Show>
        </section>
    }
}
