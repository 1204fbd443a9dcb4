//! The agent in the page: the static index fetched over HTTP, the memory kept in localStorage,
//! and one turn at a time through the same pipeline as the CLI.

use super::fetch::{fetch_bytes, HttpSource};
use super::storage::{loaded_or_default, LocalStorage};
use super::worker_client::{LoadReport, WorkerVectors};
use crate::i18n::Lang;
use crate::llm::prompt_file::PROMPTS;
use crate::llm::{CallPurpose, ChatMessage, ChatRequest, Llm, LlmError, Provider, ProviderConfig};
use crate::memory::Memory;
use crate::persist::load;
use crate::pipeline::graph::{run_turn, TurnInput};
use crate::pipeline::ports::Clock;
use crate::pipeline::ports::Services;
use crate::pipeline::state::{TurnEvent, TurnState};
use crate::platform::http::StopHandle;
use crate::platform::web_http::FetchTransport;
use crate::records::MEMORY_RECORD;
use crate::retrieval::knowledge::{IndexKnowledge, VectorSide};
use crate::retrieval::search::{open, open_interactions, open_lexicon, IndexError};
use crate::settings::Settings;
use crate::triage::{
    install_classifier, CLASSIFIER_FILE, CONCEPTS, GIVEN_NAMES, MEDICINE_NAMES_KO, SYMPTOM_WORDS, TEXT_PATTERNS,
    TEXT_WORDS, VITALS_WORDS,
};
use std::cell::RefCell;
use std::rc::Rc;

/// The browser's clocks.
pub struct BrowserClock;

impl Clock for BrowserClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
    fn monotonic_ms(&self) -> f64 {
        web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
    }
}

/// The loaded agent.
pub struct Engine {
    pub knowledge: IndexKnowledge<HttpSource>,
    pub memory: RefCell<Memory>,
    /// Why stored memory could not be read (it was backed up), to tell the user once.
    pub recovered: Option<String>,
    /// The Stop buttons of the turn in progress: the turn's own (it ends the turn after the node
    /// running) and the model's (it ends the call in flight at once).
    stop: RefCell<Vec<StopHandle>>,
    /// The embedding worker, once started (it becomes the knowledge's vector side when loaded).
    worker: RefCell<Option<Rc<WorkerVectors>>>,
}

/// The model the settings name, talking through the page's fetch; `None` for offline.
pub(super) fn provider(config: &ProviderConfig) -> Option<Provider> {
    Provider::from_config(config, Rc::new(FetchTransport))
}

impl Engine {
    /// Fetches what a first question needs (stats, lexicon, interaction tables, and the triage
    /// classifier, concept table, regular expressions and Korean medicine names, the everyday
    /// symptom words, the given names and extraction's and the measurements' word lists and regular
    /// expressions, which every message is read with, and the prompts' fixed texts) and reads the
    /// stored memory.
    pub async fn load(lang: Lang) -> Result<Engine, String> {
        let source = HttpSource::new("index/");
        // Every fetch is a round trip to the host: the lexicon and the interaction tables (which need
        // the index's manifest) are fetched together, beside the triage files.
        let tables = async {
            let index = open(&source).await?;
            let (lexicon, interactions) =
                futures_util::future::join(open_lexicon(&source, &index), open_interactions(&source, &index)).await;
            Ok::<_, IndexError>((index, lexicon?, interactions?))
        };
        // The last five: the words extraction reads with (the everyday symptom words, the given names,
        // its and the measurements' word lists and regular expressions) and triage's regular
        // expressions.
        let (
            tables,
            classifier,
            concepts,
            (medicine_names, prompts),
            (symptom_words, given_names, text_words, vitals_words, text_patterns),
        ) = futures_util::future::join5(
            tables,
            fetch_bytes(CLASSIFIER_FILE.path, None, &mut |_, _| {}),
            fetch_bytes(CONCEPTS.file.path, None, &mut |_, _| {}),
            futures_util::future::join(
                fetch_bytes(MEDICINE_NAMES_KO.file.path, None, &mut |_, _| {}),
                fetch_bytes(PROMPTS.file.path, None, &mut |_, _| {}),
            ),
            futures_util::future::join5(
                fetch_bytes(SYMPTOM_WORDS.file.path, None, &mut |_, _| {}),
                fetch_bytes(GIVEN_NAMES.file.path, None, &mut |_, _| {}),
                fetch_bytes(TEXT_WORDS.file.path, None, &mut |_, _| {}),
                fetch_bytes(VITALS_WORDS.file.path, None, &mut |_, _| {}),
                fetch_bytes(TEXT_PATTERNS.file.path, None, &mut |_, _| {}),
            ),
        )
        .await;
        install_classifier(&classifier?)?;
        CONCEPTS.install(&concepts?)?;
        MEDICINE_NAMES_KO.install(&medicine_names?)?;
        PROMPTS.install(&prompts?)?;
        SYMPTOM_WORDS.install(&symptom_words?)?;
        GIVEN_NAMES.install(&given_names?)?;
        TEXT_WORDS.install(&text_words?)?;
        VITALS_WORDS.install(&vitals_words?)?;
        TEXT_PATTERNS.install(&text_patterns?)?;
        let (index, lexicon, interactions) = tables?;
        let (memory, recovered) = loaded_or_default(load::<Memory>(&LocalStorage, &MEMORY_RECORD), lang);
        Ok(Engine {
            knowledge: IndexKnowledge::new(source, index, lexicon, interactions, VectorSide::Loading),
            memory: RefCell::new(memory),
            recovered,
            stop: RefCell::new(Vec::new()),
            worker: RefCell::new(None),
        })
    }

    /// Starts the embedding worker, which downloads the model and the vectors in the background;
    /// `report` sees its progress. When it is loaded, search becomes hybrid; if it fails, search stays
    /// keyword-only and the trace says why.
    pub fn start_vectors(self: &Rc<Self>, report: impl Fn(&LoadReport) + 'static) {
        let engine = Rc::downgrade(self);
        let report = Rc::new(report);
        let report_start = report.clone();
        let outcome = move |event: LoadReport| {
            let Some(engine) = engine.upgrade() else { return };
            match &event {
                LoadReport::Ready { .. } => {
                    if let Some(worker) = engine.worker.borrow().clone() {
                        engine.knowledge.set_vectors(VectorSide::Ready(worker));
                    }
                    // The knowledge refuses vectors of another corpus: say so instead of "ready".
                    if let VectorSide::Unavailable(why) = &*engine.knowledge.vectors.borrow() {
                        return report(&LoadReport::Failed(why.clone()));
                    }
                }
                LoadReport::Failed(why) => engine.knowledge.set_vectors(VectorSide::Unavailable(why.clone())),
                LoadReport::Progress { .. } => {}
            }
            report(&event);
        };
        match WorkerVectors::start(outcome) {
            Ok(worker) => *self.worker.borrow_mut() = Some(Rc::new(worker)),
            Err(why) => {
                self.knowledge.set_vectors(VectorSide::Unavailable(why.clone()));
                report_start(&LoadReport::Failed(why));
            }
        }
    }

    /// Runs one turn with the model and flags of `settings`; `on_event` sees progress and the streaming
    /// answer. The memory changes; the page saves it when the turn ends.
    // The turn holds the memory until it ends; the profile and people panels disable their controls
    // meanwhile (`Agent::busy`), so nothing else borrows it.
    #[allow(clippy::await_holding_refcell_ref)]
    pub async fn ask(
        &self,
        text: String,
        user: String,
        people: Vec<(String, String)>,
        settings: &Settings,
        on_event: &mut dyn FnMut(TurnEvent),
    ) -> TurnState {
        let llm = provider(&settings.provider);
        let turn_stop = StopHandle::new();
        *self.stop.borrow_mut() =
            [Some(turn_stop.clone()), llm.as_ref().map(Provider::stop_handle)].into_iter().flatten().collect();
        let services = Services::of_index(&self.knowledge, &BrowserClock).with_llm(llm.as_ref().map(|p| p as &dyn Llm));
        let mut memory = self.memory.borrow_mut();
        let input = TurnInput {
            text,
            user,
            people,
            mode: settings.mode,
            flags: settings.flags.clone(),
            country: settings.country,
            stop: turn_stop,
            ..TurnInput::default()
        };
        let state = run_turn(input, &mut memory, &services, on_event).await;
        self.stop.borrow_mut().clear();
        state
    }

    /// The stop button: ends the turn in progress once, at any node (the turn keeps what arrived).
    pub fn stop(&self) {
        for stop in self.stop.borrow().iter() {
            stop.stop();
        }
    }
}

/// The settings panel's "test connection": one tiny request to the configured model. `Ok` holds the
/// model's reply; offline has nothing to test and answers `Ok` with an empty string.
pub async fn test_connection(config: &ProviderConfig) -> Result<String, LlmError> {
    let Some(llm) = provider(config) else { return Ok(String::new()) };
    let request = ChatRequest {
        purpose: CallPurpose::Probe,
        messages: vec![ChatMessage::user("Reply with the single word OK.")],
        max_tokens: Some(8),
        ..ChatRequest::default()
    };
    llm.complete(&request, &mut |_| {}).await.map(|done| done.text)
}
