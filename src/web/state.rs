//! The state the components share, split by concern, each a context of its own: [`Session`] (who the
//! app is talking about and what was said), [`Agent`] (the engine and its loading), [`Preferences`]
//! (language and settings) and [`Diagnostics`] (traces and the storage notice). A component takes only
//! the contexts it reads. The domain changes are methods here; the components call them and draw.
//!
//! Every stored record is saved by one effect ([`keep_saved`]) when its value changes, never by the
//! handler that changed it.

use super::engine::Engine;
use super::turn::Turn;
use super::worker_client::VectorLoad;
use crate::i18n::{ui, Lang};
use crate::memory::profile::Fact;
use crate::memory::Memory;
use crate::people::{People, PeopleError};
use crate::persist::{save_if_changed, StoreError};
use crate::settings::Settings;
use crate::trace_view::TurnTrace;
use crate::transcript::{SavedTurn, Transcript};
use leptos::prelude::*;
use std::rc::Rc;

/// Whether the agent can answer yet.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Loading,
    Ready,
    Failed(String),
}

/// What the last change of a record was: what a notice says was not saved if storage refuses it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Change {
    /// A turn ended (or was sent): its question, answer and the facts it stated.
    Turn,
    /// The user changed something by hand.
    #[default]
    Edit,
}

impl Change {
    /// The phrase a "not saved" notice names, in `lang`.
    pub fn what(self, lang: Lang) -> &'static str {
        match self {
            Change::Turn => ui(lang).unsaved_turn,
            Change::Edit => ui(lang).unsaved_change,
        }
    }
}

/// A record the app shows and keeps: its value, and what changed it last.
pub struct Kept<T: 'static> {
    pub value: RwSignal<T, LocalStorage>,
    change: StoredValue<Change>,
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Kept<T> {}

impl<T: 'static> Kept<T> {
    pub fn new(value: T) -> Kept<T> {
        Kept { value: RwSignal::new_local(value), change: StoredValue::new(Change::Edit) }
    }

    /// Changes the value; its effect saves it.
    pub fn update(&self, change: Change, edit: impl FnOnce(&mut T)) {
        self.change.set_value(change);
        self.value.update(edit);
    }

    /// What changed it last.
    pub fn change(&self) -> Change {
        self.change.get_value()
    }
}

/// Saves a record each time its value changes: `current` reads the value (tracked; `None` while it
/// does not exist yet, e.g. the memory before the engine loaded), `save` writes it. The value first
/// read is the one loaded from storage, so it is not written back. When storage refuses a save, the
/// value saved last is put back (`restore`) and `refused` tells the user: what is shown never differs
/// silently from what is stored, and what was stored is never lost.
pub fn keep_saved<T: Clone + PartialEq + 'static>(
    current: impl Fn() -> Option<T> + 'static,
    save: impl Fn(&T) -> Result<(), StoreError> + 'static,
    restore: impl Fn(T) + 'static,
    refused: impl Fn(StoreError) + 'static,
) {
    Effect::new(move |saved: Option<Option<T>>| {
        let (saved, error) = save_if_changed(saved.flatten(), current(), &save);
        if let (Some(error), Some(saved)) = (error, &saved) {
            refused(error);
            restore(saved.clone());
        }
        saved
    });
}

/// Who the app is talking about and what was said.
#[derive(Clone, Copy)]
pub struct Session {
    /// Everyone on this device (e.g. family members) and the one chosen (the `medagent.people` record).
    pub people: Kept<People>,
    /// The id of the person the app is talking about: `people`'s current one, derived from it.
    pub user: Memo<String>,
    /// The current person's profile facts, read from the engine's memory.
    pub facts: Memo<Vec<Fact>>,
    /// The conversation shown in the chat column.
    pub turns: RwSignal<Vec<Turn>>,
    /// Every person's saved conversation (the `medagent.transcript` record, what `turns` is saved into).
    pub transcript: Kept<Transcript>,
}

impl Session {
    /// A session over `people` and `transcript` as loaded, the facts read from `agent`'s memory.
    pub fn new(people: People, transcript: Transcript, agent: Agent) -> Session {
        let people = Kept::new(people);
        let user = Memo::new(move |_| people.value.with(|p| p.current().to_string()));
        let facts = Memo::new(move |_| {
            agent.memory_changed.track();
            agent.status.track();
            agent.facts(&user.get())
        });
        Session { people, user, facts, turns: RwSignal::new(Vec::new()), transcript: Kept::new(transcript) }
    }

    /// Lists everyone some stored data belongs to (see [`People::repaired`]).
    pub fn adopt_orphans(&self, agent: &Agent) {
        let mut ids: Vec<String> = self.transcript.value.with_untracked(|t| t.turns.keys().cloned().collect());
        agent.engine.with_value(|e| {
            if let Some(engine) = e {
                ids.extend(engine.memory.borrow().users().into_iter().map(str::to_string));
            }
        });
        let people = self.people.value.get_untracked().repaired(ids.iter().map(String::as_str));
        if people != self.people.value.get_untracked() {
            self.people.update(Change::Edit, |p| *p = people);
        }
    }

    /// Shows the current person's saved conversation.
    pub fn show_transcript(&self) {
        let user = self.user.get_untracked();
        let saved = self.transcript.value.with_untracked(|t| t.turns.get(&user).cloned().unwrap_or_default());
        self.turns.set(saved.into_iter().map(|turn| Turn::new(turn, false)).collect());
    }

    /// Keeps the shown conversation of the current person in the transcript (a running turn as
    /// interrupted until it ends).
    pub fn record_turns(&self, lang: Lang) {
        let interrupted = ui(lang).interrupted;
        let turns: Vec<SavedTurn> =
            self.turns.with_untracked(|t| t.iter().map(|turn| turn.saved(interrupted)).collect());
        // Turns past the cap move to the archive: the chat shows them there, not twice.
        let archived = turns.len().saturating_sub(crate::transcript::MAX_TURNS);
        let user = self.user.get_untracked();
        self.transcript.update(Change::Turn, |t| t.set(&user, turns));
        if archived > 0 {
            self.turns.update(|t| {
                t.drain(..archived);
            });
        }
    }

    /// Applies a change to the people (its effect saves them); the message in `lang` if it was refused.
    pub fn change_people(
        &self,
        lang: Lang,
        edit: impl FnOnce(&mut People) -> Result<(), PeopleError>,
    ) -> Result<(), String> {
        let mut people = self.people.value.get_untracked();
        edit(&mut people).map_err(|e| e.message(lang))?;
        self.people.update(Change::Edit, |p| *p = people);
        Ok(())
    }

    /// Forgets the conversation kept for `user` (and clears it from the chat if it is shown).
    pub fn forget_user(&self, user: &str) {
        self.transcript.update(Change::Edit, |t| t.remove(user));
        if self.user.get_untracked() == user {
            self.turns.set(Vec::new());
        }
    }
}

/// The agent: the engine once loaded, how loading goes, and whether it is in use.
#[derive(Clone, Copy)]
pub struct Agent {
    pub engine: StoredValue<Option<Rc<Engine>>, LocalStorage>,
    pub status: RwSignal<Status>,
    /// Bytes of the keyword index fetched to become ready.
    pub index_bytes: RwSignal<u64>,
    /// The embedding model and vector index downloading in the worker.
    pub vector_load: RwSignal<VectorLoad>,
    /// An answer is on its way (set by the chat).
    pub answering: RwSignal<bool>,
    /// The engine's memory changed (the `medagent.memory` record); its effect saves it.
    pub memory_changed: Trigger,
    memory_change: StoredValue<Change>,
}

impl Agent {
    pub fn new() -> Agent {
        Agent {
            engine: StoredValue::new_local(None),
            status: RwSignal::new(Status::Loading),
            index_bytes: RwSignal::new(0),
            vector_load: RwSignal::new(VectorLoad::default()),
            answering: RwSignal::new(false),
            memory_changed: Trigger::new(),
            memory_change: StoredValue::new(Change::Edit),
        }
    }

    /// Whether an answer is on its way.
    pub fn busy(&self) -> bool {
        self.answering.get()
    }

    /// Whether a question can be sent now.
    pub fn can_ask(&self) -> bool {
        self.status.get_untracked() == Status::Ready && !self.busy()
    }

    /// `user`'s facts in the engine's memory (none before it loaded).
    pub fn facts(&self, user: &str) -> Vec<Fact> {
        self.engine
            .with_value(|e| {
                let memory = e.as_ref()?.memory.try_borrow().ok()?;
                memory.profiles.profile(user).map(|p| p.facts.clone())
            })
            .unwrap_or_default()
    }

    /// A copy of the engine's memory (`None` before it loaded, or while a turn holds it).
    pub fn memory(&self) -> Option<Memory> {
        self.engine.with_value(|e| e.as_ref().and_then(|e| e.memory.try_borrow().ok().map(|m| m.clone())))
    }

    /// Changes the engine's memory (its effect saves it). Nothing happens before it loaded, or while
    /// a turn holds it (the controls that edit it are disabled meanwhile).
    pub fn edit_memory(&self, change: Change, edit: impl FnOnce(&mut Memory)) {
        let edited = self.engine.with_value(|e| {
            let Some(mut memory) = e.as_ref().and_then(|e| e.memory.try_borrow_mut().ok()) else { return false };
            edit(&mut memory);
            true
        });
        if edited {
            self.memory_changed(change);
        }
    }

    /// Says the memory changed (a turn ended): its effect saves it.
    pub fn memory_changed(&self, change: Change) {
        self.memory_change.set_value(change);
        self.memory_changed.notify();
    }

    /// What changed the memory last.
    pub fn memory_change(&self) -> Change {
        self.memory_change.get_value()
    }

    /// Forgets everything the memory holds about `user`.
    pub fn forget_user(&self, user: &str) {
        self.edit_memory(Change::Edit, |m| m.forget_user(user));
    }
}

/// The language and the settings (the `medagent.settings` record).
#[derive(Clone, Copy)]
pub struct Preferences {
    pub lang: RwSignal<Lang>,
    pub settings: Kept<Settings>,
}

/// What the user may want to look at behind the answers: the traces, and the storage notice.
#[derive(Clone, Copy)]
pub struct Diagnostics {
    /// The traces of this session's turns, every person's, oldest first.
    pub traces: RwSignal<Vec<TurnTrace>>,
    /// A message about storage (recovered data, quota) shown above the chat.
    pub notice: RwSignal<Option<String>>,
}

impl Diagnostics {
    /// Adds `message` to the notice.
    pub fn tell(&self, message: String) {
        let earlier = self.notice.get_untracked().map(|n| format!("{n}; ")).unwrap_or_default();
        self.notice.set(Some(format!("{earlier}{message}")));
    }

    /// Says that the `change` could not be saved, and why.
    pub fn not_saved(&self, error: &StoreError, change: Change, lang: Lang) {
        self.notice.set(Some(error.not_saved(change.what(lang), lang)));
    }

    /// Forgets the traces of `user`'s turns.
    pub fn forget_user(&self, user: &str) {
        self.traces.update(|t| t.retain(|t| t.user != user));
    }
}
