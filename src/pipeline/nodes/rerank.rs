//! Query Flow's rerank: the first ten pooled passages are put in order of how well they answer the
//! question, and the best few are kept for the answer (at most five, fewer for a simple question).
//! The local rerank fuses the retrieval order with the order of each passage's embedding similarity
//! to the query (a cross-score the search itself did not use: it compared the query with chunks, not
//! with the passage as shown). When the turn may call the model, its ranking is a third vote fused
//! with those two: a weak model's ranking (a small local model's is often arbitrary, and a schema
//! the provider enforces makes any ranking parse) cannot overturn what retrieval and similarity agree
//! on, while a good model's moves the passages both left close. A reply that is not a ranking of
//! those passages leaves the local order, so the turn keeps what it would find without a model.

use super::{passages, Env, State};
use crate::core::similarity::cosine;
use crate::llm::query_flow::{parse_rerank, rerank_prompt, MAX_RERANK};
use crate::pipeline::step::{Moved, RerankDetail, Reranked};
use crate::pipeline::trace::CallPurpose;
use crate::retrieval::fusion::fuse_ranked_lists;

/// Characters of each passage the local rerank embeds.
const LOCAL_CHARS: usize = 300;

/// Passages kept after the rerank at most.
const KEEP: usize = 5;

pub async fn run(state: &mut State, env: &mut Env<'_>) -> RerankDetail {
    let candidates: Vec<_> = state.retrieved_docs.iter().take(MAX_RERANK).cloned().collect();
    if candidates.is_empty() {
        return RerankDetail { candidates: 0, reranked: None };
    }
    let query = state.topic_query();
    let prompt = rerank_prompt(&query, &passages(&candidates));
    let count = candidates.len();
    let reply =
        super::ask_json(state, env, CallPurpose::Rerank, prompt, 100, "ranking", |r| parse_rerank(r, count)).await;
    let retrieval: Vec<usize> = (0..count).collect();
    let by_similarity = similarity_order(&query, &candidates, env).await;
    let (order, method, why) = match reply {
        Ok(model) => (fuse_ranked_lists(&[retrieval, by_similarity, model]), "model and local", None),
        Err(no) => (fuse_ranked_lists(&[retrieval, by_similarity]), "local", no.why()),
    };
    let keep = state.dynamic_k.clamp(1, KEEP);
    state.retrieved_docs = order.iter().take(keep).map(|&i| candidates[i].clone()).collect();
    let order = order
        .iter()
        .map(|&i| Moved { id: candidates[i].id.clone(), title: candidates[i].title.clone(), was: i + 1 })
        .collect();
    RerankDetail { candidates: candidates.len(), reranked: Some(Reranked { method, why, query, kept: keep, order }) }
}

/// The candidates in order of embedding similarity between query and passage. Fused with the
/// retrieval order it was measured on the development set without a model (`medagent eval pipeline
/// --offline`): as good as the search order alone (MRR@10 0.812 against 0.811), at about a second a
/// turn natively for ten embeddings; counting the query's words in each passage instead took 20 ms
/// but lost 0.04 (0.772).
async fn similarity_order(query: &str, candidates: &[crate::core::Evidence], env: &Env<'_>) -> Vec<usize> {
    let query_vector = env.services.embedder.embed(query).await;
    let mut similarity = Vec::with_capacity(candidates.len());
    for (i, doc) in candidates.iter().enumerate() {
        // The title and the passage's opening: what a reader sees first, and a tenth of the cost of
        // embedding the whole passage on a phone.
        let shown: String = doc.passage.chars().take(LOCAL_CHARS).collect();
        let vector = env.services.embedder.embed(&format!("{} {shown}", doc.title)).await;
        similarity.push((i, cosine(&query_vector, &vector)));
    }
    // Stable: equal similarities keep the retrieval order.
    crate::core::order::sort_by(&mut similarity, |a, b| b.1.total_cmp(&a.1));
    similarity.into_iter().map(|(i, _)| i).collect()
}
