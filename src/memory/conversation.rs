//! Conversation memory in three tiers (seed 003 s.7): the last 5 exchanges verbatim, exchanges 6-20
//! summarised (extractively: the question and the answer's first sentence), older ones recalled only
//! when similar to the current question.

use super::similarity::cosine;
use serde::{Deserialize, Serialize};

/// Exchanges kept verbatim.
pub const RECENT: usize = 5;
/// Exchanges (counting back) that are summarised.
pub const SUMMARISED: usize = 20;
/// Least similarity for recalling an old exchange.
pub const RECALL_THRESHOLD: f32 = 0.35;

/// One question and its answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    pub user: String,
    pub answer: String,
    #[serde(with = "super::similarity::compact")]
    pub embedding: Vec<f32>,
    pub at_ms: f64,
}

/// One user's conversation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    pub exchanges: Vec<Exchange>,
}

/// What the conversation contributes to a prompt.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recollection {
    /// Tier 1: the last exchanges, oldest first.
    pub recent: Vec<Exchange>,
    /// Tier 2: one line per summarised exchange.
    pub summary: Vec<String>,
    /// Tier 3: older exchanges similar to the question.
    pub recalled: Vec<Exchange>,
}

fn first_sentence(text: &str, max_chars: usize) -> String {
    let end = text.find(['.', '?', '!', '\n']).map_or(text.len(), |i| i + 1);
    text[..end].chars().take(max_chars).collect::<String>().trim().to_string()
}

impl Conversation {
    pub fn push(&mut self, exchange: Exchange) {
        self.exchanges.push(exchange);
    }

    /// The three tiers for a question with embedding `query`.
    pub fn recall(&self, query: &[f32]) -> Recollection {
        let n = self.exchanges.len();
        let recent_from = n.saturating_sub(RECENT);
        let summary_from = n.saturating_sub(SUMMARISED);
        let summary = self.exchanges[summary_from..recent_from]
            .iter()
            .map(|e| format!("Q: {} -> A: {}", first_sentence(&e.user, 120), first_sentence(&e.answer, 160)))
            .collect();
        let mut older: Vec<(f32, &Exchange)> =
            self.exchanges[..summary_from].iter().map(|e| (cosine(query, &e.embedding), e)).collect();
        older.retain(|(s, _)| *s >= RECALL_THRESHOLD);
        older.sort_by(|a, b| b.0.total_cmp(&a.0));
        Recollection {
            recent: self.exchanges[recent_from..].to_vec(),
            summary,
            recalled: older.into_iter().take(2).map(|(_, e)| e.clone()).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::similarity::lexical_embedding;

    fn exchange(q: &str) -> Exchange {
        Exchange {
            user: q.into(),
            answer: format!("About {q}. More detail."),
            embedding: lexical_embedding(q),
            at_ms: 0.0,
        }
    }

    #[test]
    fn three_tiers() {
        let mut c = Conversation::default();
        c.push(exchange("how is gout treated"));
        for i in 0..24 {
            c.push(exchange(&format!("filler question {i}")));
        }
        let r = c.recall(&lexical_embedding("gout treatment options"));
        assert_eq!(r.recent.len(), 5);
        assert_eq!(r.recent[4].user, "filler question 23");
        assert_eq!(r.summary.len(), 15);
        assert!(r.summary[0].starts_with("Q: filler question 4 -> A: About filler question 4."));
        assert_eq!(r.recalled.len(), 1);
        assert_eq!(r.recalled[0].user, "how is gout treated");
    }
}
