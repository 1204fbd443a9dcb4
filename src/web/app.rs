//! The app shell: header, chat column, side panel, standing disclaimer; and the state they share.

use super::chat::{Chat, Turn};
use super::data::DataPanel;
use super::engine::Engine;
use super::lang::{initial_lang, LangSwitch};
use super::settings::{load_settings, SettingsPanel};
use super::side::SidePanel;
use super::storage::{self, request_persistence};
use super::transcript::{Transcript, TRANSCRIPT_RECORD};
use crate::i18n::{ui, Lang};
use crate::memory::profile::Fact;
use crate::persist::{load, Loaded};
use crate::pipeline::trace::Step;
use crate::settings::Settings;
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
    pub settings: RwSignal<Settings>,
    /// The conversation shown in the chat column.
    pub turns: RwSignal<Vec<Turn>>,
    /// Every person's saved conversation (what `turns` is saved into).
    pub transcript: StoredValue<Transcript, LocalStorage>,
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

    /// Shows the current person's saved conversation.
    pub fn show_transcript(&self) {
        let user = self.user.get_untracked();
        let saved = self.transcript.with_value(|t| t.turns.get(&user).cloned().unwrap_or_default());
        self.turns.set(saved.into_iter().enumerate().map(|(id, turn)| Turn::new(id, turn, false)).collect());
    }
}

/// The stored transcript, and why it could not be read if so.
fn load_transcript() -> (Transcript, Option<String>) {
    match load::<Transcript>(&storage::LocalStorage, &TRANSCRIPT_RECORD) {
        Ok(Loaded::Found(t)) => (t, None),
        Ok(Loaded::Missing) => (Transcript::default(), None),
        Ok(Loaded::Recovered { backup_key, reason }) => {
            (Transcript::default(), Some(format!("{reason} (backup: {backup_key})")))
        }
        Err(e) => (Transcript::default(), Some(e.to_string())),
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
        settings: RwSignal::new(Settings::default()),
        turns: RwSignal::new(Vec::new()),
        transcript: StoredValue::new_local(Transcript::default()),
    };
    provide_context(shared);
    // Settings and the conversation come from storage at once; the index follows over the network.
    let (settings, settings_problem) = load_settings();
    let (transcript, transcript_problem) = load_transcript();
    shared.settings.set(settings);
    shared.transcript.set_value(transcript);
    shared.show_transcript();
    let problems: Vec<String> = [settings_problem, transcript_problem].into_iter().flatten().collect();
    if !problems.is_empty() {
        shared.notice.set(Some(problems.join("; ")));
    }
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
                    let earlier = shared.notice.get_untracked().map(|n| format!("{n}; ")).unwrap_or_default();
                    shared.notice.set(Some(format!("{earlier}{reason}")));
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
                <div class="side-column">
                    <SettingsPanel />
                    <SidePanel />
                    <DataPanel />
                </div>
            </main>
            <footer class="disclaimer" role="note">{move || text().disclaimer}</footer>
        </div>
    }
}
