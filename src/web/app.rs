//! The app shell: header, chat column, side panel, standing disclaimer; and the state they share.

use super::chat::Chat;
use super::engine::Engine;
use super::lang::{initial_lang, LangSwitch};
use super::side::SidePanel;
use super::storage::request_persistence;
use crate::i18n::{ui, Lang};
use crate::memory::profile::Fact;
use crate::pipeline::trace::Step;
use leptos::prelude::*;
use std::rc::Rc;

/// Whether the agent can answer yet.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Loading,
    Ready,
    Failed(String),
}

/// The last turn's trace, for the trace panel.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LastTurn {
    pub steps: Vec<Step>,
    pub stop_reason: Option<String>,
    pub quality: Vec<f64>,
    pub rewritten: Vec<String>,
}

/// State every component reads (all handles are Copy).
#[derive(Clone, Copy)]
pub struct Shared {
    pub lang: RwSignal<Lang>,
    pub engine: StoredValue<Option<Rc<Engine>>, LocalStorage>,
    pub status: RwSignal<Status>,
    /// The current user's profile facts.
    pub facts: RwSignal<Vec<Fact>>,
    pub last_turn: RwSignal<Option<LastTurn>>,
    /// A message about storage (recovered data, quota) shown above the chat.
    pub notice: RwSignal<Option<String>>,
    pub user: RwSignal<String>,
}

impl Shared {
    /// Re-reads the current user's facts from the engine's memory.
    pub fn refresh_facts(&self) {
        let user = self.user.get_untracked();
        let facts = self
            .engine
            .with_value(|e| e.as_ref().and_then(|e| e.memory.borrow().profiles.profile(&user).map(|p| p.facts.clone())))
            .unwrap_or_default();
        self.facts.set(facts);
    }
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let shared = Shared {
        lang: RwSignal::new(initial_lang()),
        engine: StoredValue::new_local(None),
        status: RwSignal::new(Status::Loading),
        facts: RwSignal::new(Vec::new()),
        last_turn: RwSignal::new(None),
        notice: RwSignal::new(None),
        user: RwSignal::new("default".to_string()),
    };
    provide_context(shared);
    let lang = shared.lang;
    // Keep <html lang> in step so screen readers and fonts follow the switch.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });
    request_persistence();
    leptos::task::spawn_local(async move {
        match Engine::load().await {
            Ok(engine) => {
                if let Some(reason) = &engine.recovered {
                    shared.notice.set(Some(reason.clone()));
                }
                shared.engine.set_value(Some(Rc::new(engine)));
                shared.status.set(Status::Ready);
                shared.refresh_facts();
            }
            Err(error) => shared.status.set(Status::Failed(error)),
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
                <Chat />
                <SidePanel />
            </main>
            <footer class="disclaimer" role="note">{move || text().disclaimer}</footer>
        </div>
    }
}
