//! Node 6: search the knowledge base. What is searched: the corrective loop's rewritten query when
//! there is one, else every query of the plan (the local plan's query, then the model's that share
//! the message's topic: see `nodes::plan`), else the message; in a round of the sufficiency loop, the query plus the aspects the judge found missing.
//! Each query is searched with the dynamic k (10 at least when passages are reranked afterwards)
//! and the lists are fused by reciprocal rank, each topic's page of the aspect the first query asks
//! first within its topic, and within a family of topics ("Kidney Stones", "... in Children") the
//! one that fits the first query first. Every passage found is kept in the turn's pool.

use super::{Env, State};
use crate::core::Evidence;
use crate::pipeline::ports::Found;
use crate::pipeline::step::{RankedDocument, RetrieveDetail, SearchOutcome, Searched};
use crate::retrieval::asked::asked_first;
use crate::retrieval::fusion::fuse_ranked_lists;
use crate::retrieval::topics::fitting_topics_first;
use std::collections::HashMap;

/// Passages searched per query when they are reranked afterwards (the rerank sees at most 10).
const RERANK_DEPTH: usize = crate::llm::query_flow::MAX_RERANK;

/// The queries of this retrieval.
fn queries(state: &State) -> Vec<String> {
    let base: Vec<String> = match &state.query_for_retrieval {
        Some(rewritten) => vec![rewritten.clone()],
        None if !state.planned_queries.is_empty() => state.planned_queries.clone(),
        None => vec![state.user_text.clone()],
    };
    let missing = state.sufficiency.last().filter(|_| state.retrieve_again).map(|s| &s.missing_aspects);
    // A round of the sufficiency loop adds a search for what the turn is about plus what is missing;
    // the turn's own queries stay, fused by rank, so an aspect a model named off the topic (a small
    // model asked about high blood pressure named "gout diet") cannot push the message's evidence out.
    let about = if state.query_for_retrieval.is_some() { base[0].clone() } else { state.topic_query() };
    match missing.filter(|m| !m.is_empty()) {
        Some(missing) => {
            let mut queries = base;
            queries.push(format!("{about} {}", missing.join(" ")));
            queries
        }
        None => base,
    }
}

pub async fn run(state: &mut State, env: &mut Env<'_>) -> RetrieveDetail {
    let queries = queries(state);
    let loop_round = std::mem::take(&mut state.retrieve_again);
    let k = state.dynamic_k.max(1);
    let depth = if state.flags.rerank { k.max(RERANK_DEPTH) } else { k };
    let mut lists: Vec<Vec<String>> = Vec::new();
    let mut found: HashMap<String, Evidence> = HashMap::new();
    let mut searched = Vec::new();
    let mut errors = Vec::new();
    // How the last search that ran went (the trace's summary of the retrieval).
    let mut last_search = String::new();
    for query in &queries {
        // A sufficiency round repeats the turn's own queries: their lists from the first round are
        // used again (the knowledge base has not changed within a turn), only the new query is searched.
        let earlier = loop_round
            .then(|| state.searched.iter().find(|((q, d), _)| q == query && *d == depth).map(|(_, ids)| ids.clone()))
            .flatten();
        if let Some(ids) = earlier {
            searched.push(Searched { query: query.clone(), outcome: SearchOutcome::Reused { reused: ids.len() } });
            for id in &ids {
                if let Some(doc) = state.pool_all.iter().find(|d| &d.id == id) {
                    found.entry(id.clone()).or_insert_with(|| doc.clone());
                }
            }
            lists.push(ids);
            continue;
        }
        match env.services.knowledge.search(query, depth).await {
            Ok(Found { evidence: docs, report }) => {
                last_search = report.to_string();
                if query == &queries[0] {
                    state.asked = report.asked;
                }
                let outcome = SearchOutcome::Found { search: last_search.clone(), found: docs.len() };
                searched.push(Searched { query: query.clone(), outcome });
                let ids: Vec<String> = docs.iter().map(|d| d.id.clone()).collect();
                state.searched.push(((query.clone(), depth), ids.clone()));
                lists.push(ids);
                for doc in docs {
                    found.entry(doc.id.clone()).or_insert(doc);
                }
            }
            Err(error) => {
                let error = error.to_string();
                searched
                    .push(Searched { query: query.clone(), outcome: SearchOutcome::Failed { error: error.clone() } });
                errors.push(error);
            }
        }
    }
    if lists.is_empty() {
        // Every search failed: answer without evidence rather than not at all; the trace and the answer say so.
        state.retrieved_docs.clear();
        state.retrieved_docs_history.push(Vec::new());
        state.error.get_or_insert_with(|| format!("search failed: {}", errors.join("; ")));
        return RetrieveDetail::Failed { queries: searched, k, error: errors.join("; ") };
    }
    let fused: Vec<Evidence> = fuse_ranked_lists(&lists).into_iter().filter_map(|id| found.get(&id).cloned()).collect();
    // The fusion of several queries keeps each topic's page of the aspect the first query (the user's
    // own words) asks first within that topic, as one search does: a model's query that names no
    // aspect would otherwise lift a topic's overview above the page asked for.
    let asked: Vec<&str> = state.asked.iter().map(String::as_str).collect();
    let fused: Vec<Evidence> =
        asked_first(&fused, &asked, |d| &d.focus, |d| &d.qtype).into_iter().map(|i| fused[i].clone()).collect();
    // And, as one search does, the topic of a family that fits the first query first within the family.
    let fused: Vec<Evidence> = fitting_topics_first(&fused, &queries[0], &asked, |d| &d.focus, |d| &d.qtype)
        .into_iter()
        .map(|i| fused[i].clone())
        .collect();
    for doc in &fused {
        if !state.pool_all.iter().any(|p| p.id == doc.id) {
            state.pool_all.push(doc.clone());
        }
    }
    state.retrieved_docs = if state.flags.rerank || loop_round {
        // A later round adds to what the earlier ones found (the rerank picks from all of it).
        let previous: Vec<String> = state.retrieved_docs.iter().map(|d| d.id.clone()).collect();
        let current: Vec<String> = fused.iter().map(|d| d.id.clone()).collect();
        let pool: HashMap<&str, &Evidence> = state.pool_all.iter().map(|d| (d.id.as_str(), d)).collect();
        let keep = if state.flags.rerank { depth } else { k };
        fuse_ranked_lists(&[current, previous])
            .into_iter()
            .filter_map(|id| pool.get(id.as_str()).map(|d| (*d).clone()))
            .take(keep)
            .collect()
    } else {
        fused.into_iter().take(k).collect()
    };
    state.retrieved_docs_history.push(state.retrieved_docs.iter().map(|d| d.id.clone()).collect());
    RetrieveDetail::Found {
        query: queries[0].clone(),
        queries: searched,
        k,
        search: last_search,
        loop_round,
        pool: state.pool_all.len(),
        documents: state
            .retrieved_docs
            .iter()
            .map(|d| RankedDocument {
                id: d.id.clone(),
                title: d.title.clone(),
                bm25_rank: d.bm25_rank,
                vector_rank: d.vector_rank,
                rrf_rank: d.rrf_rank,
                score: d.score,
            })
            .collect(),
    }
}
