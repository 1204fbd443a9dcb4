//! Conversation memory in three tiers: the last 5 exchanges verbatim, exchanges 6-20
//! summarised, older ones recalled only when similar to the current question.
//!
//! Tier 2 is summarised by the model when one is configured: in blocks of [`SUMMARY_BLOCK`]
//! exchanges, each block once (the summary is stored with the range it covers, so no exchange is
//! summarised twice), at most one block per turn. An exchange not (yet) covered by a model summary is
//! summarised extractively: its question and the answer's first sentence.

use crate::core::similarity::cosine;
use serde::{Deserialize, Serialize};

/// Exchanges kept verbatim.
pub const RECENT: usize = 5;
/// Exchanges (counting back) that are summarised.
pub const SUMMARISED: usize = 20;
/// Least similarity for recalling an old exchange.
pub const RECALL_THRESHOLD: f32 = 0.35;
/// Exchanges one model summary covers: block `k` is exchanges `k * SUMMARY_BLOCK ..(k + 1) * SUMMARY_BLOCK`.
pub const SUMMARY_BLOCK: usize = 3;
/// The most exchanges kept whole per person, in memory and on screen alike (the chat's transcript has
/// the same cap, and the app states it). Beyond it the oldest leave a block at a time (so summary
/// blocks stay aligned) and are archived: one summary line per block, still recalled when similar.
pub const MAX_EXCHANGES: usize = 200;
/// The most archived blocks kept per person (so 1,200 more exchanges, about 1 KB each). Only past
/// this are exchanges let go, counted so the app can say so.
pub const MAX_ARCHIVED_BLOCKS: usize = 400;

/// One question and what its answer said (the answer's body: not the notice, the preamble or the
/// warnings around it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exchange {
    pub user: String,
    pub answer: String,
    #[serde(with = "crate::core::similarity::compact")]
    pub embedding: Vec<f32>,
    pub at_ms: f64,
}

/// A model-written summary of the exchanges `from..to`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockSummary {
    pub from: usize,
    pub to: usize,
    pub text: String,
}

/// One user's conversation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    pub exchanges: Vec<Exchange>,
    /// Model summaries of tier-2 blocks, oldest first (absent in state saved before they existed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summaries: Vec<BlockSummary>,
    /// Blocks of exchanges that left past [`MAX_EXCHANGES`], oldest first, each as one summary line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub archive: Vec<ArchivedBlock>,
    /// Exchanges let go entirely, past the archive's [`MAX_ARCHIVED_BLOCKS`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped: usize,
    /// Medicines under discussion: asked about taking, never said to be taken ("can I take Advil?"),
    /// oldest first, each once, at most [`MAX_DISCUSSED`]. The interaction check of later turns reads
    /// them beside the profile's medicines; no profile keeps them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discussed: Vec<Discussed>,
}

/// The most medicines a conversation keeps under discussion (the oldest leave first).
pub const MAX_DISCUSSED: usize = 20;

/// A medicine asked about in the conversation: its lexicon concept, the words used, and when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Discussed {
    /// The lexicon's concept id (a DrugBank id, or `CLASS:<class>`).
    pub id: String,
    pub en: String,
    pub ko: String,
    pub said: String,
    pub at_ms: f64,
}

/// Exchanges past the cap, kept as the model's summary of their block (or the extractive lines when
/// the model never summarised it) and the mean of their embeddings, so tier 3 can still recall them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArchivedBlock {
    pub text: String,
    #[serde(with = "crate::core::similarity::compact")]
    pub embedding: Vec<f32>,
    pub exchanges: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Who wrote a line of the tier-2 summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SummarySource {
    /// The model, for a whole block.
    Llm,
    /// Question and first sentence of the answer, for one exchange.
    Extractive,
}

/// One line of the tier-2 summary.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryLine {
    pub text: String,
    pub source: SummarySource,
    /// Exchanges it covers.
    pub exchanges: usize,
}

/// What the conversation contributes to a prompt.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recollection {
    /// Tier 1: the last exchanges, oldest first.
    pub recent: Vec<Exchange>,
    /// Tier 2: summary lines, oldest first.
    pub summary: Vec<SummaryLine>,
    /// Tier 3: older exchanges similar to the question.
    pub recalled: Vec<Exchange>,
    /// Tier 3 too: archived summary lines similar to the question, oldest first.
    pub recalled_archive: Vec<String>,
}

impl Recollection {
    /// Exchanges tier 2 covers with summaries from `source`.
    pub fn summarised_by(&self, source: SummarySource) -> usize {
        self.summary.iter().filter(|l| l.source == source).map(|l| l.exchanges).sum()
    }
}

fn first_sentence(text: &str, max_chars: usize) -> String {
    let end = text.find(['.', '?', '!', '\n']).map_or(text.len(), |i| i + 1);
    text[..end].chars().take(max_chars).collect::<String>().trim().to_string()
}

/// One exchange in a line: the question and the first sentence of the answer's body. Used wherever
/// an exchange is kept shorter.
pub fn gist(question: &str, body: &str) -> String {
    format!("Q: {} -> A: {}", first_sentence(question, 120), first_sentence(body.trim_start(), 160))
}

/// The normalised mean of embeddings of one length (empty when there are none or they differ).
fn mean_embedding<'a>(embeddings: impl Iterator<Item = &'a [f32]>) -> Vec<f32> {
    let mut sum: Vec<f32> = Vec::new();
    for e in embeddings {
        if sum.is_empty() {
            sum = e.to_vec();
        } else if sum.len() == e.len() {
            sum.iter_mut().zip(e).for_each(|(s, x)| *s += x);
        } else {
            return Vec::new();
        }
    }
    let norm = sum.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        sum.iter_mut().for_each(|x| *x /= norm);
    }
    sum
}

impl Conversation {
    /// Keeps `medicine` under discussion as asked about at its time (asked again: it moves to the end).
    pub fn discuss(&mut self, medicine: Discussed) {
        self.discussed.retain(|d| d.id != medicine.id);
        self.discussed.push(medicine);
        let over = self.discussed.len().saturating_sub(MAX_DISCUSSED);
        self.discussed.drain(..over);
    }

    /// Ends the discussion of the medicines with these ids (a later message said they are taken, or
    /// not taken: no longer only asked about).
    pub fn settle(&mut self, ids: &[String]) {
        self.discussed.retain(|d| !ids.contains(&d.id));
    }

    /// Adds an exchange; past [`MAX_EXCHANGES`] the oldest block moves to the archive (the summaries
    /// move with the exchanges they cover), and past [`MAX_ARCHIVED_BLOCKS`] the oldest archived
    /// block goes.
    pub fn push(&mut self, exchange: Exchange) {
        self.exchanges.push(exchange);
        while self.exchanges.len() > MAX_EXCHANGES {
            let gone = SUMMARY_BLOCK.min(self.exchanges.len());
            let block: Vec<Exchange> = self.exchanges.drain(..gone).collect();
            let text = match self.summaries.iter().find(|s| s.from == 0 && s.to == gone) {
                Some(summary) => summary.text.clone(),
                None => block.iter().map(|e| gist(&e.user, &e.answer)).collect::<Vec<_>>().join("\n"),
            };
            let embedding = mean_embedding(block.iter().map(|e| e.embedding.as_slice()));
            self.archive.push(ArchivedBlock { text, embedding, exchanges: gone });
            if self.archive.len() > MAX_ARCHIVED_BLOCKS {
                self.dropped += self.archive.remove(0).exchanges;
            }
            self.summaries.retain(|s| s.from >= gone);
            for s in &mut self.summaries {
                s.from -= gone;
                s.to -= gone;
            }
        }
    }

    /// The tier-2 range once `n` exchanges are stored.
    fn tier2(n: usize) -> (usize, usize) {
        (n.saturating_sub(SUMMARISED), n.saturating_sub(RECENT))
    }

    /// The model summaries that apply to the tier-2 range `from..to` (a block may reach back past
    /// `from` by up to two exchanges that have just moved on to tier 3).
    fn summaries_within(&self, from: usize, to: usize) -> impl Iterator<Item = &BlockSummary> {
        self.summaries.iter().filter(move |s| s.to > from && s.to <= to && s.from < s.to)
    }

    /// The three tiers for a question with embedding `query`.
    pub fn recall(&self, query: &[f32]) -> Recollection {
        let n = self.exchanges.len();
        let (summary_from, recent_from) = Self::tier2(n);
        let mut summary = Vec::new();
        let mut blocks = self.summaries_within(summary_from, recent_from).peekable();
        let mut i = summary_from;
        while i < recent_from {
            // Stored state may hold overlapping blocks (an edited import): skip what is covered.
            while blocks.next_if(|b| b.to <= i).is_some() {}
            if let Some(block) = blocks.next_if(|b| b.from <= i) {
                summary.push(SummaryLine {
                    text: block.text.clone(),
                    source: SummarySource::Llm,
                    exchanges: block.to - i,
                });
                i = block.to;
                continue;
            }
            let e = &self.exchanges[i];
            summary.push(SummaryLine {
                text: gist(&e.user, &e.answer),
                source: SummarySource::Extractive,
                exchanges: 1,
            });
            i += 1;
        }
        // Tier 3: the two most similar of the older exchanges and the archived blocks together.
        enum Older<'a> {
            Exchange(&'a Exchange),
            Archived(usize),
        }
        let mut older: Vec<(f32, Older)> = self.exchanges[..summary_from]
            .iter()
            .map(|e| (cosine(query, &e.embedding), Older::Exchange(e)))
            .chain(self.archive.iter().enumerate().map(|(i, b)| (cosine(query, &b.embedding), Older::Archived(i))))
            .filter(|(s, _)| *s >= RECALL_THRESHOLD)
            .collect();
        crate::core::order::sort_by(&mut older, |a, b| b.0.total_cmp(&a.0));
        older.truncate(2);
        let mut archived: Vec<usize> =
            older.iter().filter_map(|(_, o)| if let Older::Archived(i) = o { Some(*i) } else { None }).collect();
        archived.sort_unstable();
        Recollection {
            recent: self.exchanges[recent_from..].to_vec(),
            summary,
            recalled: older
                .iter()
                .filter_map(|(_, o)| if let Older::Exchange(e) = o { Some((*e).clone()) } else { None })
                .collect(),
            recalled_archive: archived.into_iter().map(|i| self.archive[i].text.clone()).collect(),
        }
    }

    /// The block the model should summarise next, if any: the newest block wholly in tier 2 (as the
    /// next turn will see it) that has no summary yet.
    pub fn pending_block(&self) -> Option<(usize, usize)> {
        let (from, to) = Self::tier2(self.exchanges.len());
        let last = to / SUMMARY_BLOCK;
        (0..last)
            .rev()
            .map(|k| (k * SUMMARY_BLOCK, (k + 1) * SUMMARY_BLOCK))
            .take_while(|&(_, end)| end > from)
            .find(|&(start, end)| !self.summaries.iter().any(|s| s.from == start && s.to == end))
    }

    /// The exchanges of a block.
    pub fn block(&self, (from, to): (usize, usize)) -> &[Exchange] {
        &self.exchanges[from.min(self.exchanges.len())..to.min(self.exchanges.len())]
    }

    /// Keeps the model's summary of a block, and forgets summaries that no longer reach tier 2.
    pub fn store_summary(&mut self, (from, to): (usize, usize), text: String) {
        let (tier2_from, _) = Self::tier2(self.exchanges.len());
        self.summaries.retain(|s| s.to > tier2_from && !(s.from == from && s.to == to));
        self.summaries.push(BlockSummary { from, to, text });
        crate::core::order::sort_by_key(&mut self.summaries, |s| s.from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::similarity::lexical_embedding;

    fn exchange(q: &str) -> Exchange {
        Exchange {
            user: q.into(),
            answer: format!("About {q}. More detail."),
            embedding: lexical_embedding(q),
            at_ms: 0.0,
        }
    }

    fn conversation(n: usize) -> Conversation {
        let mut c = Conversation::default();
        for i in 0..n {
            c.push(exchange(&format!("filler question {i}")));
        }
        c
    }

    #[test]
    fn a_medicine_under_discussion_is_kept_once_until_settled() {
        let medicine = |id: &str, at_ms: f64| Discussed {
            id: id.into(),
            en: id.into(),
            ko: String::new(),
            said: id.into(),
            at_ms,
        };
        let mut c = Conversation::default();
        c.discuss(medicine("DB01050", 1.0));
        c.discuss(medicine("DB00316", 2.0));
        c.discuss(medicine("DB01050", 3.0));
        let kept: Vec<(&str, f64)> = c.discussed.iter().map(|d| (d.id.as_str(), d.at_ms)).collect();
        assert_eq!(kept, [("DB00316", 2.0), ("DB01050", 3.0)], "asked again: once, at its latest");
        c.settle(&["DB00316".to_string()]);
        assert_eq!(c.discussed.len(), 1);
        for i in 0..MAX_DISCUSSED + 5 {
            c.discuss(medicine(&format!("DB{i:05}"), 10.0 + i as f64));
        }
        assert_eq!(c.discussed.len(), MAX_DISCUSSED);
        assert_eq!(c.discussed[0].id, "DB00005", "the oldest leave first");
        // Saved and read back, and absent in a conversation saved before the list existed.
        let back: Conversation = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
        let old: Conversation = serde_json::from_str("{\"exchanges\": []}").unwrap();
        assert!(old.discussed.is_empty());
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
        assert!(r.summary[0].text.starts_with("Q: filler question 4 -> A: About filler question 4."));
        assert_eq!(r.summarised_by(SummarySource::Extractive), 15);
        assert_eq!(r.recalled.len(), 1);
        assert_eq!(r.recalled[0].user, "how is gout treated");
    }

    #[test]
    fn blocks_are_summarised_once_newest_first() {
        // 7 exchanges: tier 2 is exchanges 0..2, no whole block yet.
        assert_eq!(conversation(7).pending_block(), None);
        let mut c = conversation(8);
        assert_eq!(c.pending_block(), Some((0, 3)));
        c.store_summary((0, 3), "The patient asked about fillers 0-2.".into());
        assert_eq!(c.pending_block(), None, "a summarised block is not asked for again");
        let r = c.recall(&[]);
        assert_eq!(r.summary.len(), 1);
        assert_eq!(r.summary[0].source, SummarySource::Llm);
        assert_eq!(r.summarised_by(SummarySource::Llm), 3);
        // Three more exchanges: the next block; the older one stays summarised.
        for i in 8..11 {
            c.push(exchange(&format!("filler question {i}")));
        }
        assert_eq!(c.pending_block(), Some((3, 6)));
        let r = c.recall(&[]);
        assert_eq!(
            r.summary.iter().map(|l| l.source).collect::<Vec<_>>(),
            [SummarySource::Llm, SummarySource::Extractive, SummarySource::Extractive, SummarySource::Extractive]
        );
    }

    #[test]
    fn summaries_follow_tier_2_as_it_moves() {
        let mut c = conversation(30);
        // Tier 2 is 10..25: the newest unsummarised whole block is 21..24, and nothing older than
        // the block reaching into tier 2 (9..12) is asked for.
        assert_eq!(c.pending_block(), Some((21, 24)));
        for k in (3..8).rev() {
            c.store_summary((k * 3, k * 3 + 3), format!("block {k}"));
        }
        assert_eq!(c.pending_block(), None);
        let r = c.recall(&[]);
        assert_eq!(
            r.summary.iter().map(|l| l.text.as_str()).collect::<Vec<_>>()[..5],
            ["block 3", "block 4", "block 5", "block 6", "block 7"]
        );
        assert_eq!(r.summarised_by(SummarySource::Llm) + r.summarised_by(SummarySource::Extractive), 15);
        // Much later, old blocks are forgotten when a new one is stored.
        for i in 30..40 {
            c.push(exchange(&format!("filler question {i}")));
        }
        c.store_summary((24, 27), "block 8".into());
        assert!(c.summaries.iter().all(|s| s.to > 20), "{:?}", c.summaries);
    }

    #[test]
    fn state_saved_before_summaries_existed_still_loads() {
        let old = r#"{"exchanges":[{"user":"q","answer":"a","embedding":"","at_ms":1.0}]}"#;
        let c: Conversation = serde_json::from_str(old).unwrap();
        assert_eq!(c.exchanges.len(), 1);
        assert!(c.summaries.is_empty());
        assert!(!serde_json::to_string(&c).unwrap().contains("summaries"));
    }

    /// Memory keeps at most the cap whole, archives what leaves (the model's summary of a block
    /// when there is one), and keeps each summary on the exchanges it describes.
    #[test]
    fn the_oldest_exchanges_are_archived_past_the_cap() {
        let mut c = Conversation::default();
        for i in 0..MAX_EXCHANGES {
            c.push(exchange(&format!("question {i}")));
        }
        c.summaries.push(BlockSummary { from: 3, to: 6, text: "questions 3 to 5".into() });
        c.summaries.push(BlockSummary { from: 0, to: 3, text: "questions 0 to 2".into() });
        c.push(exchange("one more"));
        assert!(c.exchanges.len() <= MAX_EXCHANGES);
        assert_eq!(c.dropped, 0, "nothing is let go while the archive has room");
        assert_eq!(c.exchanges[0].user, "question 3");
        assert_eq!(c.summaries, [BlockSummary { from: 0, to: 3, text: "questions 3 to 5".into() }]);
        assert_eq!(c.exchanges.last().unwrap().user, "one more");
        assert_eq!(c.archive.len(), 1);
        assert_eq!(c.archive[0].text, "questions 0 to 2");
        assert_eq!(c.archive[0].exchanges, SUMMARY_BLOCK);
        // The next block had no model summary: its exchanges' own lines are kept.
        for i in 0..SUMMARY_BLOCK {
            c.push(exchange(&format!("later {i}")));
        }
        assert_eq!(c.archive[1].text, "questions 3 to 5");
        for i in 0..SUMMARY_BLOCK {
            c.push(exchange(&format!("later still {i}")));
        }
        assert_eq!(c.archive[2].text.lines().next(), Some("Q: question 6 -> A: About question 6."));
    }

    /// An archived exchange is still recalled when the question is about it; past the archive's own
    /// cap the oldest go and are counted.
    #[test]
    fn archived_exchanges_are_recalled_and_only_the_archive_overflow_is_dropped() {
        let mut c = Conversation::default();
        c.push(exchange("how is gout treated"));
        for i in 0..MAX_EXCHANGES + SUMMARY_BLOCK {
            c.push(exchange(&format!("filler question {i}")));
        }
        assert!(c.exchanges.iter().all(|e| e.user != "how is gout treated"));
        let r = c.recall(&lexical_embedding("how is gout treated"));
        assert_eq!(r.recalled_archive.len(), 1, "{r:?}");
        assert!(r.recalled_archive[0].contains("Q: how is gout treated"));
        assert_eq!(c.dropped, 0);
        for i in 0..MAX_ARCHIVED_BLOCKS * SUMMARY_BLOCK {
            c.push(exchange(&format!("more filler {i}")));
        }
        assert_eq!(c.archive.len(), MAX_ARCHIVED_BLOCKS);
        assert_eq!(c.dropped, 2 * SUMMARY_BLOCK);
        assert!(c.recall(&lexical_embedding("how is gout treated")).recalled_archive.is_empty());
    }
}
