//! What the agent remembers: the patient profile ([`profile`]), the conversation ([`conversation`])
//! and answers already given ([`cache`]); [`edit`] checks a fact edited by hand. All of it is plain
//! serde data so the browser can keep it in storage and the CLI in a `--state` file.

pub mod cache;
pub mod conversation;
pub mod edit;
pub mod profile;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The user id of a turn that names no one, and of the device's first person (every version before
/// the people record stored its data under it: see `crate::people`).
pub const DEFAULT_USER: &str = "default";

/// Everything remembered across turns, for every user of this device.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    pub profiles: profile::ProfileStore,
    /// Conversation per user id.
    pub conversations: BTreeMap<String, conversation::Conversation>,
    pub cache: cache::ResponseCache,
}

impl Memory {
    /// Deletes everything remembered about `user`: their profile, their conversation, and the cached
    /// answers to the questions they asked (an answer is cached under its question, and every question
    /// a turn answers is kept in the asker's conversation).
    pub fn forget_user(&mut self, user: &str) {
        self.profiles.profiles.remove(user);
        let asked: std::collections::HashSet<String> = self
            .conversations
            .remove(user)
            .map(|c| c.exchanges.into_iter().map(|e| e.user).collect())
            .unwrap_or_default();
        self.cache.entries.retain(|e| !asked.contains(&e.query));
    }

    /// Every user id something is remembered for.
    pub fn users(&self) -> std::collections::BTreeSet<&str> {
        self.profiles.profiles.keys().chain(self.conversations.keys()).map(String::as_str).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::cache::CacheEntry;
    use super::conversation::Exchange;
    use super::*;
    use crate::extract::{Demographics, Slots};

    fn asked(memory: &mut Memory, user: &str, question: &str) {
        memory.profiles.update(
            user,
            &Slots { demographics: Demographics { age: Some(40), ..Demographics::default() }, ..Slots::default() },
            0.0,
        );
        memory.conversations.entry(user.into()).or_default().push(Exchange {
            user: question.into(),
            answer: "a".into(),
            embedding: vec![1.0],
            at_ms: 0.0,
        });
        memory.cache.store(CacheEntry {
            query: question.into(),
            embedding: vec![1.0],
            fingerprint: cache::ProfileKey::Fingerprint(user.into()),
            answer: crate::core::answer::Answer { body: "a".into(), ..Default::default() },
            evidence: Vec::new(),
            quality: 1.0,
            last_used: 0,
        });
    }

    #[test]
    fn forgetting_a_user_leaves_the_others() {
        let mut memory = Memory::default();
        asked(&mut memory, "mom", "What is glaucoma?");
        asked(&mut memory, "dad", "What is gout?");
        memory.forget_user("mom");
        assert!(memory.profiles.profile("mom").is_none());
        assert!(!memory.conversations.contains_key("mom"));
        assert_eq!(memory.cache.entries.iter().map(|e| e.query.as_str()).collect::<Vec<_>>(), ["What is gout?"]);
        assert!(memory.profiles.profile("dad").is_some());
        assert_eq!(memory.users().into_iter().collect::<Vec<_>>(), ["dad"]);
    }
}
