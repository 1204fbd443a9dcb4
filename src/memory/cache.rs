//! The response cache: answers already given, found again by query similarity
//! (cosine >= 0.85). The key includes the profile fingerprint, so an answer personalised for one
//! patient is never served to another. Least recently used entries go first past 1000. Cached
//! answers are returned as they were (no random rewording): the app marks them as cached.

use crate::core::answer::Answer;
use crate::core::similarity::cosine;
use crate::core::Evidence;
use serde::{Deserialize, Serialize};

/// Entries kept at most.
pub const CAPACITY: usize = 1000;
/// Least cosine similarity for a hit.
pub const THRESHOLD: f32 = 0.85;

/// The profile an answer was made for: a hit needs the same one, so an answer personalised for one
/// patient is never served to another.
///
/// Stored as one string (the format of cached entries): `"none"` for memory off, `""` for memory on
/// with nothing known about the person, otherwise the profile's fingerprint (16 hex digits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ProfileKey {
    /// Memory was off: the answer used no profile.
    MemoryOff,
    /// Memory was on, but nothing was known about the person.
    #[default]
    NoProfile,
    /// [`crate::memory::profile::Profile::fingerprint`] of the facts the answer was shaped by.
    Fingerprint(String),
}

/// How [`ProfileKey::MemoryOff`] is stored.
const MEMORY_OFF: &str = "none";

impl Serialize for ProfileKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            ProfileKey::MemoryOff => MEMORY_OFF,
            ProfileKey::NoProfile => "",
            ProfileKey::Fingerprint(fingerprint) => fingerprint,
        })
    }
}

impl<'de> Deserialize<'de> for ProfileKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let stored = String::deserialize(d)?;
        Ok(match stored.as_str() {
            MEMORY_OFF => ProfileKey::MemoryOff,
            "" => ProfileKey::NoProfile,
            _ => ProfileKey::Fingerprint(stored),
        })
    }
}

/// One cached answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CacheEntry {
    pub query: String,
    #[serde(with = "crate::core::similarity::compact")]
    pub embedding: Vec<f32>,
    /// The profile the answer was made for.
    pub fingerprint: ProfileKey,
    /// The answer as it was given (never with a notice: a turn with one is not cached).
    pub answer: Answer,
    pub evidence: Vec<Evidence>,
    pub quality: f64,
    /// Logical time of the last use (for LRU).
    pub last_used: u64,
}

impl CacheEntry {
    /// How alike `query` is to this entry's question: 1 for the same words (case and spacing aside),
    /// else the cosine of the embeddings. The same question must hit even when the embedder changed
    /// in between (the browser embeds lexically until the model has loaded).
    fn similarity<'a>(&'a self, query: &'a str, embedding: &[f32]) -> f32 {
        let words = |text: &'a str| text.split_whitespace().map(str::to_lowercase);
        if words(query).eq(words(&self.query)) {
            1.0
        } else {
            cosine(embedding, &self.embedding)
        }
    }
}

/// The cache.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ResponseCache {
    pub entries: Vec<CacheEntry>,
    clock: u64,
}

impl ResponseCache {
    /// The most similar entry for this profile, if it reaches `threshold`; marks it used.
    pub fn lookup(
        &mut self,
        query: &str,
        embedding: &[f32],
        fingerprint: &ProfileKey,
        threshold: f32,
    ) -> Option<(&CacheEntry, f32)> {
        let best = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| &e.fingerprint == fingerprint)
            .map(|(i, e)| (i, e.similarity(query, embedding)))
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        if best.1 < threshold {
            return None;
        }
        self.clock += 1;
        self.entries[best.0].last_used = self.clock;
        Some((&self.entries[best.0], best.1))
    }

    /// The best similarity for this profile, hit or not (for the trace).
    pub fn best_similarity(&self, query: &str, embedding: &[f32], fingerprint: &ProfileKey) -> f32 {
        self.entries
            .iter()
            .filter(|e| &e.fingerprint == fingerprint)
            .map(|e| e.similarity(query, embedding))
            .fold(0.0, f32::max)
    }

    /// Stores an answer, replacing one for the same query and profile; evicts the least recently used.
    pub fn store(&mut self, mut entry: CacheEntry) {
        self.clock += 1;
        entry.last_used = self.clock;
        self.entries.retain(|e| !(e.query == entry.query && e.fingerprint == entry.fingerprint));
        self.entries.push(entry);
        while self.entries.len() > CAPACITY {
            let oldest =
                self.entries.iter().enumerate().min_by_key(|(_, e)| e.last_used).map(|(i, _)| i).expect("non-empty");
            self.entries.remove(oldest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::similarity::lexical_embedding;

    fn entry(query: &str, fingerprint: &str) -> CacheEntry {
        CacheEntry {
            query: query.into(),
            embedding: lexical_embedding(query),
            fingerprint: ProfileKey::Fingerprint(fingerprint.into()),
            answer: Answer { body: format!("answer to {query}"), ..Answer::default() },
            evidence: vec![],
            quality: 1.0,
            last_used: 0,
        }
    }

    #[test]
    fn hits_need_similarity_and_the_same_profile() {
        let mut cache = ResponseCache::default();
        cache.store(entry("What are the symptoms of diabetes?", "dad"));
        let text = "what are symptoms of diabetes";
        let q = lexical_embedding(text);
        let key = |name: &str| ProfileKey::Fingerprint(name.into());
        assert!(cache.lookup(text, &q, &key("dad"), THRESHOLD).is_some());
        assert!(cache.lookup(text, &q, &key("mom"), THRESHOLD).is_none(), "another profile never gets dad's answer");
        assert!(cache.lookup(text, &q, &ProfileKey::MemoryOff, THRESHOLD).is_none());
        let other = "asthma treatment";
        assert!(cache.lookup(other, &lexical_embedding(other), &key("dad"), THRESHOLD).is_none());
    }

    #[test]
    fn the_same_question_hits_even_when_the_embedder_changed() {
        let mut cache = ResponseCache::default();
        cache.store(entry("What are the symptoms of glaucoma?", "dad"));
        let key = ProfileKey::Fingerprint("dad".into());
        // An embedding from another model (here: of unrelated text) says nothing about the question.
        let other_model = lexical_embedding("zzz unrelated");
        let (_, similarity) =
            cache.lookup("  what are the symptoms of  GLAUCOMA?", &other_model, &key, THRESHOLD).unwrap();
        assert_eq!(similarity, 1.0);
        assert!(cache.lookup("What are the causes of glaucoma?", &other_model, &key, THRESHOLD).is_none());
    }

    #[test]
    fn least_recently_used_goes_first() {
        let mut cache = ResponseCache::default();
        for i in 0..CAPACITY {
            cache.store(entry(&format!("question number {i} about topic{i}"), "p"));
        }
        // Use the first entry, then add one more: the second entry is the oldest and goes.
        let first = "question number 0 about topic0";
        let hit = cache
            .lookup(first, &lexical_embedding(first), &ProfileKey::Fingerprint("p".into()), 0.99)
            .map(|(e, _)| e.query.clone());
        assert_eq!(hit.as_deref(), Some("question number 0 about topic0"));
        cache.store(entry("a brand new question", "p"));
        assert_eq!(cache.entries.len(), CAPACITY);
        assert!(cache.entries.iter().any(|e| e.query == "question number 0 about topic0"));
        assert!(!cache.entries.iter().any(|e| e.query == "question number 1 about topic1"));
    }

    /// Entries stored before the key was typed load as they were meant, and are written back the same.
    #[test]
    fn stored_keys_keep_their_form() {
        for (stored, key) in [
            ("none", ProfileKey::MemoryOff),
            ("", ProfileKey::NoProfile),
            ("0123456789abcdef", ProfileKey::Fingerprint("0123456789abcdef".into())),
        ] {
            let json = format!(
                r#"{{"query":"q","embedding":"fw==","fingerprint":"{stored}","answer":{{"body":"a"}},"evidence":[],"quality":1.0,"last_used":3}}"#
            );
            let entry: CacheEntry = serde_json::from_str(&json).unwrap();
            assert_eq!(entry.fingerprint, key);
            assert_eq!(serde_json::to_value(&entry).unwrap()["fingerprint"], stored);
        }
    }
}
