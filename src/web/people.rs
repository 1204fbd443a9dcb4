//! The people bar: whose health the app is talking about (a switcher), and adding, renaming and
//! removing a person (removal after a confirm step, deleting their profile, conversation and cached
//! answers). The choice is kept in the `medagent.people` record.

use super::app::{Shared, Status};
use super::storage::LocalStorage;
use crate::i18n::ui;
use crate::people::{People, PeopleError};
use crate::persist::save;
use crate::records::{PEOPLE_RECORD, TRANSCRIPT_RECORD};
use leptos::html;
use leptos::prelude::*;

impl Shared {
    /// Lists everyone some stored data belongs to (see [`People::repaired`]).
    pub fn adopt_orphans(&self) {
        let mut ids: Vec<String> = self.transcript.with_value(|t| t.turns.keys().cloned().collect());
        self.engine.with_value(|e| {
            if let Some(engine) = e {
                ids.extend(engine.memory.borrow().users().into_iter().map(str::to_string));
            }
        });
        let people = self.people.get_untracked().repaired(ids.iter().map(String::as_str));
        self.people.set(people);
    }

    /// Applies a change to the people and saves them; on success shows the (possibly new) current
    /// person's conversation and facts.
    fn change_people(&self, edit: impl FnOnce(&mut People) -> Result<(), PeopleError>) -> Result<(), String> {
        let mut people = self.people.get_untracked();
        edit(&mut people).map_err(|e| e.message(self.lang.get_untracked()))?;
        let lang = self.lang.get_untracked();
        save(&LocalStorage, &PEOPLE_RECORD, &people).map_err(|e| e.not_saved(ui(lang).unsaved_change, lang))?;
        let switched = people.current() != self.user.get_untracked();
        self.people.set(people);
        if switched {
            self.show_transcript();
            self.refresh_facts();
        }
        Ok(())
    }

    /// Deletes everything stored about person `id`, then the person.
    fn remove_person(&self, id: &str) -> Result<(), String> {
        // Checked first so a refused removal deletes nothing.
        self.people.get_untracked().remove(id).map_err(|e| e.message(self.lang.get_untracked()))?;
        let mut problems = Vec::new();
        self.engine.with_value(|e| {
            if let Some(engine) = e {
                engine.memory.borrow_mut().forget_user(id);
                problems.extend(engine.persist(self.lang.get_untracked()));
            }
        });
        let saved = self.transcript.try_update_value(|t| {
            t.remove(id);
            save(&LocalStorage, &TRANSCRIPT_RECORD, t).err()
        });
        let lang = self.lang.get_untracked();
        problems.extend(saved.flatten().map(|e| e.not_saved(ui(lang).unsaved_change, lang)));
        self.traces.update(|traces| traces.retain(|t| t.user != id));
        self.change_people(|p| p.remove(id))?;
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }
}

/// What the bar has open.
#[derive(Clone, Copy, PartialEq)]
enum Dialog {
    Closed,
    Add,
    Rename,
    ConfirmRemove,
}

/// The switcher and its add / rename / remove controls.
#[component]
pub fn PeopleBar() -> impl IntoView {
    let shared = expect_context::<Shared>();
    let text = move || ui(shared.lang.get());
    let dialog = RwSignal::new(Dialog::Closed);
    let name = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let name_input = NodeRef::<html::Input>::new();
    let cancel_remove = NodeRef::<html::Button>::new();
    let (add_button, rename_button, remove_button) =
        (NodeRef::<html::Button>::new(), NodeRef::<html::Button>::new(), NodeRef::<html::Button>::new());
    let current_name = move || shared.people.with(|p| p.current_person().label(shared.lang.get()));
    // Switching or removing while an answer is on its way would send it to the wrong conversation.
    let locked = move || shared.busy() || shared.status.get() != Status::Ready;

    let open = move |which: Dialog| {
        error.set(None);
        name.set(if which == Dialog::Rename {
            shared.people.with_untracked(|p| p.current_person().name.clone())
        } else {
            String::new()
        });
        dialog.set(which);
    };
    // Closing puts the focus back on the button that opened the dialog.
    let close = move || {
        let opener = match dialog.get_untracked() {
            Dialog::Add => add_button,
            Dialog::Rename => rename_button,
            _ => remove_button,
        };
        dialog.set(Dialog::Closed);
        error.set(None);
        if let Some(button) = opener.get_untracked() {
            let _ = button.focus();
        }
    };
    Effect::new(move |_| {
        if let Some(input) = name_input.get() {
            let _ = input.focus();
        }
    });
    Effect::new(move |_| {
        if let Some(button) = cancel_remove.get() {
            let _ = button.focus();
        }
    });
    let on_escape = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            close();
        }
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let typed = name.get_untracked();
        let result = match dialog.get_untracked() {
            Dialog::Add => shared.change_people(|p| p.add(&typed).map(drop)),
            Dialog::Rename => {
                let id = shared.user.get_untracked();
                shared.change_people(|p| p.rename(&id, &typed))
            }
            _ => return,
        };
        match result {
            Ok(()) => close(),
            Err(message) => error.set(Some(message)),
        }
    };
    let remove = move |_| {
        let id = shared.user.get_untracked();
        match shared.remove_person(&id) {
            Ok(()) => close(),
            Err(message) => error.set(Some(message)),
        }
    };
    let choose = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        if let Err(message) = shared.change_people(|p| p.select(&id)) {
            shared.notice.set(Some(message));
        }
    };

    view! {
        <nav class="people" aria-label=move || text().person>
            <label for="person">{move || text().person}</label>
            <select id="person" on:change=choose disabled=locked prop:value=move || shared.user.get()>
                {move || {
                    let lang = shared.lang.get();
                    let current = shared.user.get();
                    shared.people.get().all().iter().map(|p| {
                        view! { <option value=p.id.clone() selected=p.id == current>{p.label(lang)}</option> }
                    }).collect_view()
                }}
            </select>
            <div class="people-actions">
                <button type="button" id="add-person" class="secondary" node_ref=add_button
                    on:click=move |_| open(Dialog::Add)>{move || text().add_person}</button>
                <button type="button" id="rename-person" class="secondary" node_ref=rename_button
                    on:click=move |_| open(Dialog::Rename)>{move || text().rename_person}</button>
                <button type="button" id="remove-person" class="secondary" node_ref=remove_button
                    disabled=move || locked() || shared.people.with(|p| p.all().len() < 2)
                    on:click=move |_| open(Dialog::ConfirmRemove)>{move || text().remove_person}</button>
            </div>
            <Show when=move || matches!(dialog.get(), Dialog::Add | Dialog::Rename)>
                <form class="dialog person-form" role="dialog" aria-labelledby="person-form-heading"
                    on:submit=submit on:keydown=on_escape novalidate=true>
                    <p id="person-form-heading" class="dialog-heading">
                        {move || if dialog.get() == Dialog::Add { text().add_person.to_string() } else { format!("{}: {}", text().rename_person, current_name()) }}
                    </p>
                    <label for="person-name">{move || text().person_name}</label>
                    <input id="person-name" type="text" autocomplete="off" node_ref=name_input
                        placeholder=move || text().person_name_placeholder
                        aria-invalid=move || error.with(Option::is_some).to_string()
                        aria-describedby="person-error"
                        prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                    <p id="person-error" class="field-error" role="alert">{move || error.get()}</p>
                    <div class="dialog-actions">
                        <button type="submit" id="person-save">{move || text().save}</button>
                        <button type="button" class="secondary" on:click=move |_| close()>{move || text().cancel}</button>
                    </div>
                </form>
            </Show>
            <Show when=move || dialog.get() == Dialog::ConfirmRemove>
                <div class="dialog confirm" role="alertdialog" aria-labelledby="remove-person-text" on:keydown=on_escape>
                    <p id="remove-person-text">{move || text().remove_person_confirm.replace("{name}", &current_name())}</p>
                    <p class="field-error" role="alert">{move || error.get()}</p>
                    <div class="dialog-actions">
                        <button type="button" id="remove-person-yes" class="danger" on:click=remove>{move || text().remove_person_yes}</button>
                        <button type="button" class="secondary" node_ref=cancel_remove on:click=move |_| close()>{move || text().cancel}</button>
                    </div>
                </div>
            </Show>
        </nav>
    }
}
