//! The state one turn carries through the nodes, and the evidence it retrieves.

use super::flags::Flags;
use super::step::{Complexity, Node, PromptSection};
use super::stop::StopReason;
use super::trace::Trace;
use crate::core::answer::Answer;
use crate::core::Lang;
use crate::extract::{Slots, Subject};
use crate::llm::query_flow::{Grade, QueryPlan, Sufficiency};
use crate::memory::cache::ProfileKey;
use crate::memory::profile::Profile;
use serde::{Deserialize, Serialize};

pub use crate::core::{Evidence, Quality, QualityMethod};

/// How the turn is answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The full context-engineered pipeline.
    #[default]
    Agent,
    /// The plain baseline: the question straight to the model.
    Llm,
}

/// Everything one turn knows, node by node.
#[derive(Clone, Debug, Default)]
pub struct TurnState {
    // Input
    pub user_text: String,
    pub user_id: String,
    pub lang: Option<Lang>,
    pub mode: Mode,
    pub flags: Flags,
    // Cache
    pub query_vector: Vec<f32>,
    pub cache_hit: bool,
    pub cache_similarity: f32,
    pub profile_fingerprint: crate::memory::cache::ProfileKey,
    // Active retrieval
    /// A greeting or acknowledgement: nothing to extract, nothing to retrieve.
    pub small_talk: bool,
    pub needs_retrieval: bool,
    pub query_complexity: Option<Complexity>,
    pub dynamic_k: usize,
    // Extraction and storage
    /// Everyone this device keeps, as (id, name) (see `TurnInput::people`).
    pub people: Vec<(String, String)>,
    /// Whom the message is mainly about: the person the chat is with, or someone they name.
    pub about: Subject,
    /// What the message says about that person: the slots the turn works with.
    pub slots: Slots,
    /// Everything the message says, by whom (the person the chat is with first).
    pub facts: Vec<(Subject, Slots)>,
    /// What became of the facts about anyone else (set by store_memory).
    pub others: Vec<OthersFacts>,
    /// The profile the answer is fitted to: the one of the person the message is about, as this
    /// turn's facts left it (for someone the app keeps no profile for: this turn's facts alone).
    pub about_profile: Option<Profile>,
    /// `about_profile` in one line, for the prompt and the answer.
    pub profile_summary: String,
    // Injection
    pub system_prompt: String,
    pub user_prompt: String,
    pub token_plan: Vec<(PromptSection, usize)>,
    // Retrieval
    /// The rewritten query for the next retrieval; `None`: the user's message as it is.
    pub query_for_retrieval: Option<String>,
    pub retrieved_docs: Vec<Evidence>,
    /// Document ids of each iteration's retrieval (for the duplicate safety stop).
    pub retrieved_docs_history: Vec<Vec<String>>,
    pub rewritten_queries: Vec<String>,
    // Query Flow
    /// The planner's plan (the model's, or the local one); `None` when planning is off or not needed.
    pub plan: Option<QueryPlan>,
    /// The queries the plan searches: the local plan's first, then the model's that share the
    /// message's topic (empty when planning is off).
    pub planned_queries: Vec<String>,
    /// Every passage retrieved this turn, without repeats, in the order first found.
    pub pool_all: Vec<Evidence>,
    /// Each search of this turn, (query, depth) -> the ranked ids it found: a round of the
    /// sufficiency loop searches the turn's own queries again only if they were never searched.
    pub searched: Vec<((String, usize), Vec<String>)>,
    /// The question types the turn's first query asks, as its search read them: the fusion of a
    /// plan's searches keeps each topic's pages of them first, as one search does.
    pub asked: Vec<String>,
    /// The sufficiency judge's verdict of each round of the sufficiency loop.
    pub sufficiency: Vec<Sufficiency>,
    /// Set by the sufficiency judge: retrieve again, adding what is missing to the query.
    pub retrieve_again: bool,
    /// The latest grounding grade of the answer.
    pub grade: Option<Grade>,
    /// Answers regenerated because the grade found them ungrounded (at most one per turn).
    pub regenerations: usize,
    /// Set by the grade: write the answer again, told which claims were unsupported.
    pub answer_again: bool,
    /// A call for a step around the answer failed (unreachable, refused, rate-limited, ...): the rest
    /// of the turn's steps run locally, and only the answer still asks the model.
    pub model_failed: bool,
    // Triage (before everything else)
    pub triage: crate::triage::Triage,
    /// The triage notice the answer starts with, in the turn's language.
    pub triage_notice: Option<String>,
    /// The country whose emergency numbers the notice gives.
    pub country: crate::triage::Country,
    // The medicine interaction check (right after triage)
    /// The medicines checked and the pairs the interaction tables list.
    pub interactions: crate::medicines::Checked,
    // Generation
    /// The answer as a value (notice, preamble, body, kind, warnings, a refused model text).
    pub answer: Answer,
    /// The rule triage fired when its level is not none (the `emergency` field of `ask --json`).
    pub emergency: Option<String>,
    pub error: Option<String>,
    // Verification
    pub quality: Quality,
    pub quality_score_history: Vec<f64>,
    pub iteration_count: usize,
    pub stop_reason: Option<StopReason>,
    pub trace: Trace,
}

impl TurnState {
    pub fn lang(&self) -> Lang {
        self.lang.unwrap_or(Lang::En)
    }

    /// The answer's whole text, in the turn's language (see [`Answer::render`]).
    pub fn answer_text(&self) -> String {
        self.answer.render(self.lang())
    }

    /// The query that says what the turn searches for: the model's plan query when it was kept (see
    /// `nodes::plan`), else the local plan's query, else the message.
    pub fn topic_query(&self) -> String {
        let kept = self.plan.as_ref().map(|p| &p.normalized_query).filter(|q| self.planned_queries.contains(q));
        kept.or(self.planned_queries.first()).unwrap_or(&self.user_text).clone()
    }

    /// The key of the profile the answer is fitted to: a cached answer is reused only for the same
    /// facts about the same person.
    pub fn profile_key(&self, now_ms: f64) -> ProfileKey {
        match (&self.about_profile, &self.about) {
            (None, _) => ProfileKey::NoProfile,
            (Some(p), Subject::Me) => ProfileKey::Fingerprint(p.fingerprint(now_ms)),
            (Some(p), other) => ProfileKey::Fingerprint(format!("{}:{}", other.label(), p.fingerprint(now_ms))),
        }
    }

    /// The profile the answer is fitted to, as the prompts give it (saying whose it is when it is not
    /// the user's: see [`crate::llm::prompts::profile_for`]).
    pub fn profile_for_prompt(&self) -> String {
        crate::llm::prompts::profile_for(&self.profile_summary, &self.about, self.lang())
    }

    /// The model calls this turn made (each one is listed in the trace with what it was for).
    pub fn llm_calls(&self) -> usize {
        self.trace.model_calls.len()
    }
}

/// The facts a turn states about someone other than the person the chat is with, and where they went.
#[derive(Clone, Debug, PartialEq)]
pub struct OthersFacts {
    pub about: Subject,
    pub slots: Slots,
    /// The id of the person they were added to; `None`: kept nowhere (the app offers to add the
    /// person with them; someone unnamed gets a question instead).
    pub kept_for: Option<String>,
}

/// What a running turn reports as it goes: the app shows the node running and streams the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEvent<'a> {
    /// The triage notice, shown first, at once, before any node runs; again when the model's second
    /// opinion raises the level (an answer already written is then sent again after it).
    Triage(&'a str),
    /// The medicine interaction check found listed pairs, or checked a medicine the message named
    /// against others and found none listed: shown after the triage notice, before any node runs.
    Interactions(&'a crate::medicines::Checked),
    /// A node starts.
    Node(Node),
    /// The turn waits for the model, for this purpose, from now (`None`: it stopped waiting: the
    /// reply arrived, or the answer's first piece did). Shells show it with the time waited.
    Waiting(Option<crate::llm::CallPurpose>),
    /// A new answer starts (each refine iteration answers afresh): drop what streamed before (the
    /// notice stays).
    AnswerStarted,
    /// The next piece of the answer after the notice (what [`Answer::after_notice`] renders: the
    /// preamble, the body, the warnings, a model text shown apart).
    Delta(&'a str),
}
