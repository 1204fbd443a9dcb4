//! The app shell: header, chat column, side panel, standing disclaimer.

use super::chat::Chat;
use super::lang::{initial_lang, LangSwitch};
use super::side::SidePanel;
use crate::i18n::ui;
use leptos::prelude::*;

/// The whole page. The chosen language is the one piece of state every component reads.
#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(initial_lang());
    // Keep <html lang> in step so screen readers and fonts follow the switch.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });
    let text = move || ui(lang.get());
    view! {
        <div class="app" data-ready="true">
            <header class="top">
                <div class="brand">
                    <h1>{move || text().product}</h1>
                    <p class="tagline">{move || text().tagline}</p>
                </div>
                <LangSwitch lang=lang />
            </header>
            <main class="layout">
                <Chat lang=lang />
                <SidePanel lang=lang />
            </main>
            <footer class="disclaimer" role="note">{move || text().disclaimer}</footer>
        </div>
    }
}
