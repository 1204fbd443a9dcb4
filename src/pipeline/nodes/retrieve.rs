//! Node 6: search the knowledge base with the (possibly rewritten) query and the dynamic k.

use super::{json, Detail, Env, State};

pub async fn run(state: &mut State, env: &mut Env<'_>) -> Detail {
    let query = state.query_for_retrieval.clone().unwrap_or_else(|| state.user_text.clone());
    let k = state.dynamic_k.max(1);
    match env.knowledge.search(&query, k).await {
        Ok(docs) => {
            state.retrieved_docs = docs;
            state.retrieved_docs_history.push(state.retrieved_docs.iter().map(|d| d.id.clone()).collect());
            json!({
                "query": query, "k": k, "search": env.knowledge.describe(),
                "documents": state.retrieved_docs.iter().map(|d| json!({
                    "id": d.id, "title": d.title, "bm25_rank": d.bm25_rank, "vector_rank": d.vector_rank, "rrf_rank": d.rrf_rank, "score": d.score,
                })).collect::<Vec<_>>(),
            })
        }
        Err(error) => {
            // Answer without evidence rather than not at all; the trace and the answer say so.
            state.retrieved_docs.clear();
            state.retrieved_docs_history.push(Vec::new());
            state.error.get_or_insert_with(|| format!("search failed: {error}"));
            json!({"query": query, "k": k, "error": error})
        }
    }
}
