//! The Korean / English switch, and where the first language comes from.

use crate::i18n::{ui, Lang};
use leptos::prelude::*;

const STORAGE_KEY: &str = "medagent.lang";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The saved choice if there is one, else the browser's language.
pub fn initial_lang() -> Lang {
    let saved = local_storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    match saved.as_deref() {
        Some("ko") => Lang::Ko,
        Some("en") => Lang::En,
        _ => {
            let tag = web_sys::window().and_then(|w| w.navigator().language()).unwrap_or_default();
            Lang::from_tag(&tag)
        }
    }
}

/// A button that switches to the other language and remembers the choice.
#[component]
pub fn LangSwitch(lang: RwSignal<Lang>) -> impl IntoView {
    let switch = move |_| {
        let next = lang.get().other();
        lang.set(next);
        if let Some(storage) = local_storage() {
            // Remembering the choice is a convenience; a full or blocked storage must not break the switch.
            let _ = storage.set_item(STORAGE_KEY, next.code());
        }
    };
    view! {
        <button class="lang-switch" id="lang-switch" type="button" on:click=switch
            lang=move || lang.get().other().code()>
            {move || ui(lang.get()).switch_to_other}
        </button>
    }
}
