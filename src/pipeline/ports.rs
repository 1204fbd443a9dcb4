//! What the pipeline needs from outside, as traits: the knowledge base, the query embedder, a
//! clock; and [`Services`], the one bundle of them (with the model, the lexicon and the interaction
//! tables) that a turn, the study and the nodes run against. The browser and the CLI plug in their implementations; tests
//! plug in small ones.

pub use crate::core::ports::{Checked, Embedder, Found, IndexError, Knowledge, SearchReport};
use crate::core::LocalFuture;
use crate::lexicon::Lexicon;
use crate::llm::Llm;
use crate::medicines::Interactions;
use crate::retrieval::file_source::FileSource;
use crate::retrieval::knowledge::IndexKnowledge;

/// Wall-clock milliseconds (since the Unix epoch) and a monotonic millisecond counter.
pub trait Clock {
    fn now_ms(&self) -> f64;
    fn monotonic_ms(&self) -> f64;
}

/// The lexical embedder: hashed index terms (used until a sentence-embedding model is loaded).
pub struct LexicalEmbedder;

impl Embedder for LexicalEmbedder {
    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Vec<f32>> {
        Box::pin(async move { crate::core::similarity::lexical_embedding(text) })
    }
    fn describe(&self) -> String {
        "lexical".into()
    }
}

/// What a turn runs against. Built by [`Services::of_index`] (the shells: a knowledge index with its
/// own question embedder and lexicon) or [`Services::new`] (any knowledge base), then
/// [`Services::with_llm`] and the other `with_` steps; the graph and the study derive theirs from it
/// the same way (the model wrapped, the clock replaced).
#[derive(Clone, Copy)]
pub struct Services<'a> {
    pub knowledge: &'a dyn Knowledge,
    /// The configured model; `None` means the offline evidence responder.
    pub llm: Option<&'a dyn Llm>,
    pub embedder: &'a dyn Embedder,
    /// The concept lexicon (the Korean bridge, extraction's concepts); `None` reads English words only.
    pub lexicon: Option<&'a Lexicon>,
    /// The medicine interaction tables; `None` (or no lexicon) checks no medicines.
    pub interactions: Option<&'a Interactions>,
    pub clock: &'a dyn Clock,
}

impl<'a> Services<'a> {
    /// Any knowledge base with `embedder` and `clock`; no model and no lexicon until given.
    pub fn new(knowledge: &'a dyn Knowledge, embedder: &'a dyn Embedder, clock: &'a dyn Clock) -> Self {
        Services { knowledge, llm: None, embedder, lexicon: None, interactions: None, clock }
    }

    /// A knowledge index: its search, its question embedder (the sentence model once its vectors are
    /// ready), its lexicon and its interaction tables.
    pub fn of_index<S: FileSource>(index: &'a IndexKnowledge<S>, clock: &'a dyn Clock) -> Self {
        Services::new(index, index, clock).with_lexicon(&index.lexicon).with_interactions(&index.interactions)
    }

    /// The same services with `llm` as the model (`None`: the offline evidence responder).
    pub fn with_llm(self, llm: Option<&'a dyn Llm>) -> Self {
        Services { llm, ..self }
    }

    pub fn with_lexicon(self, lexicon: &'a Lexicon) -> Self {
        Services { lexicon: Some(lexicon), ..self }
    }

    pub fn with_interactions(self, interactions: &'a Interactions) -> Self {
        Services { interactions: Some(interactions), ..self }
    }

    pub fn with_clock(self, clock: &'a dyn Clock) -> Self {
        Services { clock, ..self }
    }
}
