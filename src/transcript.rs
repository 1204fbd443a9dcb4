//! The conversation as the chat column shows it, kept across reloads: the `medagent.transcript` record,
//! each person's turns (question, answer, sources, interaction warnings, badges), the last [`MAX_TURNS`] per person whole and
//! older ones as one line each.

use crate::core::answer::Answer;
use crate::extract::Subject;
use crate::i18n::{ui, Lang};
use crate::medicines::Checked;
use crate::memory::conversation::gist;
use crate::memory::profile::Profile;
use crate::people::People;
use crate::pipeline::state::{Evidence, OthersFacts, TurnState};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Turns kept whole per person: the same cap as the agent's conversation memory. Older ones are
/// archived as one line each ([`Transcript::archived`]).
pub const MAX_TURNS: usize = crate::memory::conversation::MAX_EXCHANGES;
/// Archived lines kept per person (the same number of exchanges as the memory's archive). Only past
/// this do turns go, counted in [`Transcript::dropped`] so the chat can say so.
pub const MAX_ARCHIVED_TURNS: usize =
    crate::memory::conversation::MAX_ARCHIVED_BLOCKS * crate::memory::conversation::SUMMARY_BLOCK;

/// One shown turn.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedTurn {
    pub question: String,
    /// The answer as a value (schema 1 of the record kept the text shown: see `records`).
    pub answer: Answer,
    pub evidence: Vec<Evidence>,
    /// The medicine interaction check, when it had something to say (shown above the answer).
    #[serde(skip_serializing_if = "Checked::is_silent")]
    pub interactions: Checked,
    pub cached: bool,
    pub emergency: bool,
    pub error: Option<String>,
    /// What became of the facts the question stated about someone else.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<OthersNote>,
}

/// What a turn did with the facts it stated about someone other than the person the chat is with,
/// as kept with the turn. An offer to add the person is not kept: until the user accepts it,
/// nothing of those facts is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kept", rename_all = "snake_case")]
pub enum OthersNote {
    /// Added to the profile of the person then called `name`; `facts` as said then, in one line.
    Saved { name: String, facts: String },
    /// The message did not say whom they are about: kept nowhere.
    Unclear { facts: String },
}

impl OthersNote {
    /// What became of `others`: saved to the person `name_of` its profile id names, or kept nowhere
    /// because the message did not say whom; `None` for an offer to add the person ([`offer_text`]).
    pub fn of(others: &OthersFacts, name_of: impl Fn(&str) -> String, lang: Lang) -> Option<OthersNote> {
        match (&others.kept_for, &others.about) {
            (Some(id), _) => Some(OthersNote::Saved { name: name_of(id), facts: facts_line(&others.slots, lang) }),
            (None, Subject::Unnamed) => Some(OthersNote::Unclear { facts: facts_line(&others.slots, lang) }),
            (None, _) => None,
        }
    }

    /// The note as the chat shows it in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            OthersNote::Saved { name, facts } => {
                ui(lang).others_saved.replace("{name}", name).replace("{facts}", facts)
            }
            OthersNote::Unclear { facts } => ui(lang).others_unclear.replace("{facts}", facts),
        }
    }
}

/// The facts of `slots` in one line in `lang` ("3-year-old male | Symptoms: Fever | Temperature: 39.2 °C").
pub fn facts_line(slots: &crate::extract::Slots, lang: Lang) -> String {
    Profile::of(slots, 0.0).summary(lang, 0.0)
}

/// The offer to keep `offer`'s facts, as said in `lang` ("This is about your son: ... Not saved").
pub fn offer_text(offer: &OthersFacts, lang: Lang) -> String {
    ui(lang)
        .others_offer
        .replace("{who}", &offer.about.describe(lang == Lang::Ko))
        .replace("{facts}", &facts_line(&offer.slots, lang))
}

/// What the chat offers for facts about someone the device does not keep: adding them with those
/// facts. Someone the message did not name gets a note instead ([`OthersNote::Unclear`]).
pub fn offers(state: &TurnState) -> Vec<OthersFacts> {
    state.others.iter().filter(|o| o.kept_for.is_none() && matches!(o.about, Subject::Other(_))).cloned().collect()
}

/// The name a person added for `about` gets in `lang` ("Son" / "아들"; a name as it was said).
pub fn name_for(about: &Subject, lang: Lang) -> String {
    match (about.relation(), lang) {
        (Some(r), Lang::Ko) => r.ko.to_string(),
        (Some(r), Lang::En) => r.en.to_string(),
        (None, _) => about.label().to_string(),
    }
}

impl SavedTurn {
    /// The turn that asked `question` and ended in `state`, as kept: with where the facts about
    /// other people went (the people by their names in `people`, the facts in `lang`).
    pub fn answered(question: String, state: &TurnState, people: &People, lang: Lang) -> SavedTurn {
        let name_of =
            |id: &str| people.all().iter().find(|p| p.id == id).map_or_else(|| id.to_string(), |p| p.label(lang));
        let others = state.others.iter().filter_map(|o| OthersNote::of(o, name_of, lang)).collect();
        SavedTurn {
            question,
            answer: state.answer.clone(),
            evidence: state.retrieved_docs.clone(),
            interactions: if state.interactions.is_silent() { Checked::default() } else { state.interactions.clone() },
            cached: state.cache_hit,
            emergency: state.emergency.is_some(),
            error: state.error.clone(),
            others,
        }
    }
}

/// Every person's shown conversation, by profile name.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Transcript {
    pub turns: BTreeMap<String, Vec<SavedTurn>>,
    /// Turns past [`MAX_TURNS`], per person, oldest first, one line each (question and the answer's
    /// first sentence).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub archived: BTreeMap<String, Vec<String>>,
    /// Turns let go past [`MAX_ARCHIVED_TURNS`] too, per person.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dropped: BTreeMap<String, usize>,
}

impl Transcript {
    /// Replaces `user`'s turns, keeping the newest [`MAX_TURNS`] whole and archiving the older ones.
    pub fn set(&mut self, user: &str, mut turns: Vec<SavedTurn>) {
        let excess = turns.len().saturating_sub(MAX_TURNS);
        if excess > 0 {
            let archive = self.archived.entry(user.to_string()).or_default();
            archive.extend(turns.drain(..excess).map(|t| gist(&t.question, &t.answer.body)));
            let overflow = archive.len().saturating_sub(MAX_ARCHIVED_TURNS);
            if overflow > 0 {
                archive.drain(..overflow);
                *self.dropped.entry(user.to_string()).or_default() += overflow;
            }
        }
        self.turns.insert(user.to_string(), turns);
    }

    /// Forgets everything kept for `user` (the person was deleted).
    pub fn remove(&mut self, user: &str) {
        self.turns.remove(user);
        self.archived.remove(user);
        self.dropped.remove(user);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(n: usize, from: usize) -> Vec<SavedTurn> {
        (from..from + n)
            .map(|i| SavedTurn {
                question: format!("question {i}"),
                answer: Answer { body: format!("Answer {i}. More."), ..Answer::default() },
                ..SavedTurn::default()
            })
            .collect()
    }

    /// Past the cap, older turns are kept as one line each, not lost; only past the archive's cap
    /// too are they counted as dropped, and deleting a person forgets all three.
    #[test]
    fn older_turns_are_archived_then_counted() {
        let mut t = Transcript::default();
        t.set("ann", turns(MAX_TURNS + 2, 0));
        assert_eq!(t.turns["ann"].len(), MAX_TURNS);
        assert_eq!(t.turns["ann"][0].question, "question 2");
        assert_eq!(t.archived["ann"], ["Q: question 0 -> A: Answer 0.", "Q: question 1 -> A: Answer 1."]);
        assert!(t.dropped.is_empty());
        let mut all = t.turns["ann"].clone();
        all.extend(turns(MAX_ARCHIVED_TURNS, 1000));
        t.set("ann", all);
        assert_eq!(t.archived["ann"].len(), MAX_ARCHIVED_TURNS);
        assert_eq!(t.dropped["ann"], 2);
        assert_eq!(t.archived["ann"][0], "Q: question 2 -> A: Answer 2.", "the two oldest went");
        t.remove("ann");
        assert_eq!(t, Transcript::default());
    }

    #[test]
    fn a_transcript_saved_before_the_archive_existed_still_loads() {
        let old = r#"{"turns":{"ann":[{"question":"q","answer":{"body":"a"}}]},"dropped":{"ann":3}}"#;
        let t: Transcript = serde_json::from_str(old).unwrap();
        assert_eq!(t.turns["ann"].len(), 1);
        assert!(t.archived.is_empty());
        assert_eq!(t.dropped["ann"], 3);
    }
}
