//! One turn of the chat as the page holds it: the saved turn with how far it has come
//! ([`TurnView`], one signal) and the answer's text as it streams in.

use crate::llm::CallPurpose;
use crate::pipeline::state::OthersFacts;
use crate::pipeline::step::Node;
use crate::transcript::SavedTurn;
use leptos::prelude::*;

thread_local! {
    static NEXT_TURN_ID: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// An id no other turn of this page has: the chat's list is keyed by it, and another person's
/// conversation must never reuse the rows of the one shown before.
fn next_turn_id() -> usize {
    NEXT_TURN_ID.with(|n| n.replace(n.get() + 1))
}

/// A turn as shown: what is kept of it, and how far it has come.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnView {
    /// The question, the answer as a value (while the turn runs: only its notice), the sources, the
    /// badges and the error.
    pub saved: SavedTurn,
    /// The node running while the answer is prepared; `None` once the turn has ended.
    pub progress: Option<Node>,
    /// The step waiting for the model and the seconds waited so far (the status line).
    pub waiting: Option<(CallPurpose, u64)>,
    /// The source the user opened, if any (1-based).
    pub open: Option<usize>,
    /// Facts the question stated about someone the device does not keep, each offered to be kept
    /// with a new person. Held by the page only: until the user accepts, nothing of them is kept.
    pub offers: Vec<OthersFacts>,
}

impl TurnView {
    /// The one way a turn's view is made: from its saved turn, `running` while its answer is still
    /// to come (a new question), or not (a loaded or a finished turn).
    fn new(saved: SavedTurn, running: bool) -> TurnView {
        TurnView {
            saved,
            progress: running.then_some(Node::ExtractSlots),
            waiting: None,
            open: None,
            offers: Vec::new(),
        }
    }
}

/// One question and its answer in the chat.
#[derive(Clone, Copy)]
pub struct Turn {
    /// Unique in the page (see [`next_turn_id`]).
    pub id: usize,
    pub view: RwSignal<TurnView>,
    /// The answer's text after the notice as it streams in, shown while the turn runs (the finished
    /// answer is shown from its value, part by part).
    pub streaming: RwSignal<String>,
    /// What had the focus when a citation opened its source (it gets it back on close).
    opener: StoredValue<Option<web_sys::HtmlElement>, LocalStorage>,
}

impl Turn {
    /// A turn shown from the saved transcript, or a new one (only its question) about to run.
    pub fn new(saved: SavedTurn, running: bool) -> Turn {
        Turn {
            id: next_turn_id(),
            view: RwSignal::new(TurnView::new(saved, running)),
            streaming: RwSignal::new(String::new()),
            opener: StoredValue::new_local(None),
        }
    }

    /// The turn ended as `saved`, with `offers` to keep facts about people not on the device: it
    /// is shown from them now.
    pub fn finish(&self, saved: SavedTurn, offers: Vec<OthersFacts>) {
        self.streaming.set(String::new());
        self.view.set(TurnView { offers, ..TurnView::new(saved, false) });
    }

    /// The question asked.
    pub fn question(&self) -> String {
        self.view.with_untracked(|v| v.saved.question.clone())
    }

    /// The turn as stored. A turn still running is stored as interrupted (`interrupted` says so),
    /// with what streamed so far as its answer: if the page goes before its answer ends, that is what
    /// the reloaded page shows (the finished turn is stored again).
    pub fn saved(&self, interrupted: &str) -> SavedTurn {
        let (mut saved, running) = self.view.with_untracked(|v| (v.saved.clone(), v.progress.is_some()));
        if running {
            saved.answer.body = self.streaming.get_untracked();
            saved.error = saved.error.or_else(|| Some(interrupted.to_string()));
        }
        saved
    }

    /// Opens source `n` from a citation: the focus moves to the source, remembering where it was.
    pub fn open_from_citation(&self, n: usize) {
        let active =
            document().active_element().and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
        self.opener.set_value(active);
        self.view.update(|v| v.open = Some(n));
        let id = format!("source-{}-{n}", self.id);
        request_animation_frame(move || focus_selector(&format!("#{id} .source-title")));
    }

    /// Closes the open source; the focus goes back where it was when a citation opened it.
    pub fn close_source(&self) {
        let Some(n) = self.view.with_untracked(|v| v.open) else { return };
        self.view.update(|v| v.open = None);
        match self.opener.try_update_value(Option::take).flatten() {
            Some(opener) if opener.is_connected() => drop(opener.focus()),
            _ => focus_selector(&format!("#source-{}-{n} .source-title", self.id)),
        }
    }
}

/// Moves the focus to the first element matching `selector`, if there is one.
fn focus_selector(selector: &str) {
    if let Some(element) = document().query_selector(selector).ok().flatten() {
        let _ = wasm_bindgen::JsCast::unchecked_into::<web_sys::HtmlElement>(element).focus();
    }
}
