//! The app shell: header, chat column, side panel, standing disclaimer; the shared state provided
//! as contexts ([`super::state`]) and the effects that save each stored record.

use super::chat::Chat;
use super::data::DataPanel;
use super::engine::Engine;
use super::evaluate::EvaluateLink;
use super::lang::{initial_lang, LangSwitch};
use super::people::PeopleBar;
use super::profile::ProfilePanel;
use super::progress::LoadProgress;
use super::settings::{load_settings, save_settings, SettingsPanel};
use super::state::{keep_saved, Agent, Diagnostics, Kept, Preferences, Session, Status};
use super::storage::{self, LocalStorage};
use super::trace::TracePanel;
use crate::i18n::{ui, Lang};
use crate::people::People;
use crate::persist::{save, StoreError};
use crate::records::{MEMORY_RECORD, PEOPLE_RECORD, TRANSCRIPT_RECORD};
use crate::transcript::Transcript;
use leptos::prelude::*;
use std::rc::Rc;

/// Saves `kept` with `save` whenever it changes (see [`keep_saved`]); a refused save puts back what
/// was saved and the notice says what was not.
fn keep_record<T: Clone + PartialEq + 'static>(
    kept: Kept<T>,
    save: impl Fn(&T) -> Result<(), StoreError> + 'static,
    lang: RwSignal<Lang>,
    diagnostics: Diagnostics,
) {
    keep_saved(
        move || Some(kept.value.get()),
        save,
        move |saved| kept.value.set(saved),
        move |error| diagnostics.not_saved(&error, kept.change(), lang.get_untracked()),
    );
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(initial_lang());
    // Settings and the conversation come from storage at once; the index follows over the network.
    let start_lang = lang.get_untracked();
    let (settings, settings_problem) = load_settings(start_lang);
    let (transcript, transcript_problem) = storage::load_or_default::<Transcript>(&TRANSCRIPT_RECORD, start_lang);
    let (people, people_problem) = storage::load_or_default::<People>(&PEOPLE_RECORD, start_lang);
    let agent = Agent::new();
    let session = Session::new(people, transcript, agent);
    let preferences = Preferences { lang, settings: Kept::new(settings) };
    let diagnostics = Diagnostics { traces: RwSignal::new(Vec::new()), notice: RwSignal::new(None) };
    provide_context(agent);
    provide_context(session);
    provide_context(preferences);
    provide_context(diagnostics);
    session.adopt_orphans(&agent);
    session.show_transcript();
    let problems: Vec<String> = [settings_problem, transcript_problem, people_problem].into_iter().flatten().collect();
    if !problems.is_empty() {
        diagnostics.notice.set(Some(problems.join("; ")));
    }

    // Each record is saved here, when it changes, whoever changed it.
    keep_record(session.people, |p| save(&LocalStorage, &PEOPLE_RECORD, p), lang, diagnostics);
    keep_record(session.transcript, |t| save(&LocalStorage, &TRANSCRIPT_RECORD, t), lang, diagnostics);
    keep_record(preferences.settings, save_settings, lang, diagnostics);
    keep_saved(
        move || {
            agent.memory_changed.track();
            agent.status.track();
            agent.memory()
        },
        |memory| save(&LocalStorage, &MEMORY_RECORD, memory),
        move |saved| agent.edit_memory(agent.memory_change(), |memory| *memory = saved),
        move |error| diagnostics.not_saved(&error, agent.memory_change(), lang.get_untracked()),
    );
    // Another person chosen (or the choice put back): show their conversation.
    Effect::watch(move || session.user.get(), move |_, _, _| session.show_transcript(), false);
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
                    diagnostics.tell(reason.clone());
                }
                let engine = Rc::new(engine);
                agent.index_bytes.set(engine.knowledge.source.fetched_bytes.get() as u64);
                agent.engine.set_value(Some(engine.clone()));
                session.adopt_orphans(&agent);
                agent.status.set(Status::Ready);
                // Keyword search answers from now on; the vector side follows in the background.
                engine.start_vectors(move |report| agent.vector_load.update(|load| load.apply(report)));
            }
            Err(error) => agent.status.set(Status::Failed(error)),
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
                    <EvaluateLink lang=lang />
                </div>
            </main>
            <footer class="disclaimer" role="note">{move || text().disclaimer}</footer>
        </div>
    }
}
