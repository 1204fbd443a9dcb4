//! Our BM25 against Python's rank_bm25 on the same tokens (fixture written by
//! scripts/bm25_reference.py): every query's top 10 must have the same documents in the same order
//! (documents with tied scores may swap) and scores within 1e-4 relative error.

use medagent::core::tokenizer::tokenize;
use medagent::retrieval::bm25::{Bm25Index, Params};
use medagent::retrieval::corpus::parse_jsonl;
use serde::Deserialize;
use std::io::Read;

#[derive(Deserialize)]
struct Fixture {
    documents: usize,
    queries: Vec<Query>,
}

#[derive(Deserialize)]
struct Query {
    query: String,
    tokens: Vec<String>,
    top: Vec<Scored>,
}

#[derive(Deserialize)]
struct Scored {
    id: String,
    score: f64,
}

fn relative_error(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs().max(1e-12)
}

#[test]
fn bm25_matches_rank_bm25_on_the_whole_corpus() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut text = String::new();
    let compressed = std::fs::read(format!("{root}/index/corpus/medquad.jsonl.gz")).expect("corpus");
    flate2::read::GzDecoder::new(&compressed[..]).read_to_string(&mut text).expect("gzip");
    let docs = parse_jsonl(&text).expect("corpus parses");
    let fixture: Fixture =
        serde_json::from_str(&std::fs::read_to_string(format!("{root}/tests/fixtures/bm25_reference.json")).unwrap())
            .unwrap();
    assert_eq!(docs.len(), fixture.documents, "fixture built from another corpus: rerun scripts/bm25_reference.py");
    assert!(fixture.queries.len() >= 200);

    let tokens: Vec<Vec<String>> = docs.iter().map(|d| tokenize(&d.indexed_text())).collect();
    let index = Bm25Index::build(&tokens, Params::default());
    let mut compared = 0;
    for q in &fixture.queries {
        assert_eq!(tokenize(&q.query), q.tokens, "tokenizer changed: rerun scripts/bm25_reference.py");
        let ours: Vec<(u32, f64)> = index.search(&q.tokens, 10, Params::default());
        assert_eq!(ours.len(), q.top.len(), "query {:?}: result count", q.query);
        for (i, ((doc, score), reference)) in ours.iter().zip(&q.top).enumerate() {
            assert!(
                relative_error(*score, reference.score) < 1e-4,
                "query {:?} rank {}: score {score} vs rank_bm25 {}",
                q.query,
                i + 1,
                reference.score
            );
            let id = &docs[*doc as usize].id;
            if *id != reference.id {
                // Only a tie may reorder: the reference's document must score the same for us.
                let tied = q.top.iter().any(|r| r.id == *id && relative_error(r.score, *score) < 1e-9)
                    || relative_error(reference.score, *score) < 1e-9;
                assert!(tied, "query {:?} rank {}: {id} instead of {}", q.query, i + 1, reference.id);
            }
            compared += 1;
        }
    }
    assert!(compared > 1500, "too few results compared: {compared}");
}
