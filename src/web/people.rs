//! The people bar: whose health the app is talking about (a switcher), and adding, renaming and
//! removing a person (removal after a confirm step, deleting their profile, conversation and cached
//! answers). The choice is kept in the `medagent.people` record.

use super::state::{Agent, Diagnostics, Preferences, Session, Status};
use crate::i18n::{ui, Lang};
use leptos::html;
use leptos::prelude::*;

/// Deletes everything kept about person `id` (profile, conversation, cached answers, traces), then
/// the person; the message in `lang` if the removal was refused (then nothing was deleted).
fn remove_person(
    session: &Session,
    agent: &Agent,
    diagnostics: &Diagnostics,
    id: &str,
    lang: Lang,
) -> Result<(), String> {
    // Checked first so a refused removal deletes nothing.
    session.people.value.get_untracked().remove(id).map_err(|e| e.message(lang))?;
    agent.forget_user(id);
    session.forget_user(id);
    diagnostics.forget_user(id);
    session.change_people(lang, |p| p.remove(id))
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
    let (session, agent, diagnostics) =
        (expect_context::<Session>(), expect_context::<Agent>(), expect_context::<Diagnostics>());
    let lang = expect_context::<Preferences>().lang;
    let text = move || ui(lang.get());
    let people = session.people.value;
    let dialog = RwSignal::new(Dialog::Closed);
    let name = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let name_input = NodeRef::<html::Input>::new();
    let cancel_remove = NodeRef::<html::Button>::new();
    let (add_button, rename_button, remove_button) =
        (NodeRef::<html::Button>::new(), NodeRef::<html::Button>::new(), NodeRef::<html::Button>::new());
    let current_name = move || people.with(|p| p.current_person().label(lang.get()));
    // Switching or removing while an answer is on its way would send it to the wrong conversation.
    let locked = move || agent.busy() || agent.status.get() != Status::Ready;

    let open = move |which: Dialog| {
        error.set(None);
        name.set(if which == Dialog::Rename {
            people.with_untracked(|p| p.current_person().name.clone())
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
        let lang = lang.get_untracked();
        let result = match dialog.get_untracked() {
            Dialog::Add => session.change_people(lang, |p| p.add(&typed).map(drop)),
            Dialog::Rename => {
                let id = session.user.get_untracked();
                session.change_people(lang, |p| p.rename(&id, &typed))
            }
            _ => return,
        };
        match result {
            Ok(()) => close(),
            Err(message) => error.set(Some(message)),
        }
    };
    let remove = move |_| {
        let id = session.user.get_untracked();
        match remove_person(&session, &agent, &diagnostics, &id, lang.get_untracked()) {
            Ok(()) => close(),
            Err(message) => error.set(Some(message)),
        }
    };
    let choose = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        if let Err(message) = session.change_people(lang.get_untracked(), |p| p.select(&id)) {
            diagnostics.notice.set(Some(message));
        }
    };

    view! {
        <nav class="people" aria-label=move || text().person>
            <label for="person">{move || text().person}</label>
            <select id="person" on:change=choose disabled=locked prop:value=move || session.user.get()>
                {move || {
                    let lang = lang.get();
                    let current = session.user.get();
                    people.get().all().iter().map(|p| {
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
                    disabled=move || locked() || people.with(|p| p.all().len() < 2)
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
