//! The agent in the page: the static index fetched over HTTP, the memory kept in localStorage,
//! and one turn at a time through the same pipeline as the CLI.

use super::storage::LocalStorage;
use crate::llm::LocalFuture;
use crate::memory::Memory;
use crate::persist::{check_as, load, save, Loaded, RecordKind};
use crate::pipeline::flags::Flags;
use crate::pipeline::graph::{run_turn, Services, TurnInput};
use crate::pipeline::ports::{Clock, LexicalEmbedder};
use crate::pipeline::state::{TurnEvent, TurnState};
use crate::retrieval::knowledge::IndexKnowledge;
use crate::retrieval::search::{open, open_lexicon, FileSource};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Where the app keeps its memory (profiles, conversations, cache).
pub static MEMORY_RECORD: RecordKind =
    RecordKind { key: "medagent.memory", schema: 1, migrations: &[], check: check_as::<Memory> };

/// The static index files under `index/` of the site, fetched on demand; counts the bytes.
pub struct HttpSource {
    pub fetched_bytes: std::cell::Cell<usize>,
}

impl FileSource for HttpSource {
    fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, String>> {
        Box::pin(async move {
            let bytes = fetch_bytes(&format!("index/{name}")).await?;
            self.fetched_bytes.set(self.fetched_bytes.get() + bytes.len());
            Ok(bytes)
        })
    }
}

async fn fetch_bytes(url: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response =
        JsFuture::from(window.fetch_with_str(url)).await.map_err(|e| format!("cannot fetch {url}: {e:?}"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let buffer =
        JsFuture::from(response.array_buffer().map_err(|e| format!("{e:?}"))?).await.map_err(|e| format!("{e:?}"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

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
}

impl Engine {
    /// Fetches what a first question needs (stats and lexicon) and reads the stored memory.
    pub async fn load() -> Result<Engine, String> {
        let source = HttpSource { fetched_bytes: Default::default() };
        let index = open(&source).await?;
        let lexicon = open_lexicon(&source).await?;
        let (memory, recovered) = match load::<Memory>(&LocalStorage, &MEMORY_RECORD) {
            Ok(Loaded::Found(memory)) => (memory, None),
            Ok(Loaded::Missing) => (Memory::default(), None),
            Ok(Loaded::Recovered { backup_key, reason }) => {
                (Memory::default(), Some(format!("{reason} (backup: {backup_key})")))
            }
            Err(e) => (Memory::default(), Some(e.to_string())),
        };
        Ok(Engine {
            knowledge: IndexKnowledge { source, index: RefCell::new(index), lexicon },
            memory: RefCell::new(memory),
            recovered,
        })
    }

    /// Runs one turn; `on_event` sees progress and the streaming answer. Saves the memory after.
    pub async fn ask(
        &self,
        text: String,
        user: String,
        flags: Flags,
        on_event: &mut dyn FnMut(TurnEvent),
    ) -> (TurnState, Option<String>) {
        let services = Services {
            knowledge: &self.knowledge,
            llm: None,
            embedder: &LexicalEmbedder,
            lexicon: Some(&self.knowledge.lexicon),
            clock: &BrowserClock,
        };
        let mut memory = self.memory.borrow_mut();
        let state =
            run_turn(TurnInput { text, user, flags, ..TurnInput::default() }, &mut memory, &services, on_event).await;
        let saved = save(&LocalStorage, &MEMORY_RECORD, &*memory).err().map(|e| e.to_string());
        (state, saved)
    }

    /// Saves the memory after an edit in the profile panel.
    pub fn persist(&self) -> Option<String> {
        save(&LocalStorage, &MEMORY_RECORD, &*self.memory.borrow()).err().map(|e| e.to_string())
    }
}
