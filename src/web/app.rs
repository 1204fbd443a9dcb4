//! The app shell: header, chat column, side panel, standing disclaimer; and the state they share.

use super::chat::{Chat, Turn};
use super::data::DataPanel;
use super::engine::Engine;
use super::evaluate::EvaluatePanel;
use super::lang::{initial_lang, LangSwitch};
use super::people::PeopleBar;
use super::profile::ProfilePanel;
use super::progress::{LoadProgress, VectorLoad};
use super::settings::{load_settings, SettingsPanel};
use super::storage;
use super::trace::TracePanel;
use crate::i18n::{ui, Lang};
use crate::memory::profile::Fact;
use crate::people::People;
use crate::records::{PEOPLE_RECORD, TRANSCRIPT_RECORD};
use crate::settings::Settings;
use crate::trace_view::TurnTrace;
use crate::transcript::Transcript;
use leptos::prelude::*;
use std::rc::Rc;

/// Whether the agent can answer yet.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Loading,
    Ready,
    Failed(String),
}

/// State every component reads (all handles are Copy).
#[derive(Clone, Copy)]
pub struct Shared {
    pub lang: RwSignal<Lang>,
    pub engine: StoredValue<Option<Rc<Engine>>, LocalStorage>,
    pub status: RwSignal<Status>,
    /// The current user's profile facts.
    pub facts: RwSignal<Vec<Fact>>,
    /// The traces of this session's turns, every person's, oldest first.
    pub traces: RwSignal<Vec<TurnTrace>>,
    /// A message about storage (recovered data, quota) shown above the chat.
    pub notice: RwSignal<Option<String>>,
    /// The id of the person the app is talking about: `people`'s current one, derived from it.
    pub user: Memo<String>,
    /// Everyone on this device (e.g. family members) and the one chosen.
    pub people: RwSignal<People>,
    pub settings: RwSignal<Settings>,
    /// The conversation shown in the chat column.
    pub turns: RwSignal<Vec<Turn>>,
    /// Every person's saved conversation (what `turns` is saved into).
    pub transcript: StoredValue<Transcript, LocalStorage>,
    /// Bytes of the keyword index fetched to become ready.
    pub index_bytes: RwSignal<u64>,
    /// The embedding model and vector index downloading in the worker.
    pub vector_load: RwSignal<VectorLoad>,
    /// The Evaluate panel's study is running (it uses the knowledge, so no turn runs meanwhile).
    pub studying: RwSignal<bool>,
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

    /// Whether an answer (or the Evaluate panel's study) is on its way.
    pub fn busy(&self) -> bool {
        self.studying.get() || self.turns.with(|t| t.last().is_some_and(Turn::running))
    }

    /// Shows the current person's saved conversation.
    pub fn show_transcript(&self) {
        let user = self.user.get_untracked();
        let saved = self.transcript.with_value(|t| t.turns.get(&user).cloned().unwrap_or_default());
        self.turns.set(saved.into_iter().map(|turn| Turn::new(turn, false)).collect());
    }
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let people = RwSignal::new(People::default());
    let shared = Shared {
        lang: RwSignal::new(initial_lang()),
        engine: StoredValue::new_local(None),
        status: RwSignal::new(Status::Loading),
        facts: RwSignal::new(Vec::new()),
        traces: RwSignal::new(Vec::new()),
        notice: RwSignal::new(None),
        user: Memo::new(move |_| people.with(|p| p.current().to_string())),
        people,
        settings: RwSignal::new(Settings::default()),
        turns: RwSignal::new(Vec::new()),
        transcript: StoredValue::new_local(Transcript::default()),
        index_bytes: RwSignal::new(0),
        vector_load: RwSignal::new(VectorLoad::default()),
        studying: RwSignal::new(false),
    };
    provide_context(shared);
    // Settings and the conversation come from storage at once; the index follows over the network.
    let start_lang = shared.lang.get_untracked();
    let (settings, settings_problem) = load_settings(start_lang);
    let (transcript, transcript_problem) = storage::load_or_default::<Transcript>(&TRANSCRIPT_RECORD, start_lang);
    let (people, people_problem) = storage::load_or_default::<People>(&PEOPLE_RECORD, start_lang);
    shared.settings.set(settings);
    shared.people.set(people);
    shared.transcript.set_value(transcript);
    shared.adopt_orphans();
    shared.show_transcript();
    let problems: Vec<String> = [settings_problem, transcript_problem, people_problem].into_iter().flatten().collect();
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
    leptos::task::spawn_local(async move {
        match Engine::load(start_lang).await {
            Ok(engine) => {
                if let Some(reason) = &engine.recovered {
                    let earlier = shared.notice.get_untracked().map(|n| format!("{n}; ")).unwrap_or_default();
                    shared.notice.set(Some(format!("{earlier}{reason}")));
                }
                let engine = Rc::new(engine);
                shared.index_bytes.set(engine.knowledge.source.fetched_bytes.get() as u64);
                shared.engine.set_value(Some(engine.clone()));
                shared.adopt_orphans();
                shared.status.set(Status::Ready);
                shared.refresh_facts();
                // Keyword search answers from now on; the vector side follows in the background.
                engine.start_vectors(move |report| shared.vector_load.update(|load| load.apply(report)));
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
            <LoadProgress />
            <PeopleBar />
            <main class="layout">
                <Chat />
                <div class="side-column">
                    <SettingsPanel />
                    <ProfilePanel />
                    <TracePanel />
                    <DataPanel />
                    <EvaluatePanel />
                </div>
            </main>
            <footer class="disclaimer" role="note">{move || text().disclaimer}</footer>
        </div>
    }
}
