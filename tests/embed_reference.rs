//! The Rust embedder equals sentence-transformers: for every sentence of
//! tests/fixtures/embed_reference.json (written by scripts/embed_reference.py) the token ids are identical
//! and the cosine between the Rust and the Python embedding is >= 0.999.
//!
//! Needs the model in model/: run scripts/fetch-model.sh first (CI does). A missing model fails the test.

use medagent::embed::{Embedder, ModelFiles, DIMS};
use std::path::Path;

#[derive(serde::Deserialize)]
struct Fixture {
    cases: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    text: String,
    token_ids: Vec<u32>,
    vector: Vec<f32>,
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        panic!("cannot read {} ({e}): the embedding model is missing; run scripts/fetch-model.sh", path.display())
    })
}

fn fixture() -> Fixture {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/embed_reference.json");
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn embedder() -> Embedder {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("model");
    let files = ModelFiles {
        config_json: read(&dir.join("config.json")),
        vocab_txt: read(&dir.join("vocab.txt")),
        weights: read(&dir.join("model.safetensors")),
    };
    Embedder::from_files(&files).unwrap()
}

#[test]
fn token_ids_equal_the_python_tokenizer() {
    let fx = fixture();
    assert!(fx.cases.len() >= 50);
    let emb = embedder();
    let wrong: Vec<String> = fx
        .cases
        .iter()
        .filter(|c| emb.token_ids(&c.text) != c.token_ids)
        .map(|c| format!("{:?}: rust {:?} python {:?}", c.text, emb.token_ids(&c.text), c.token_ids))
        .collect();
    assert!(wrong.is_empty(), "token ids differ:\n{}", wrong.join("\n"));
}

#[test]
fn embeddings_match_sentence_transformers() {
    let fx = fixture();
    let emb = embedder();
    let texts: Vec<&str> = fx.cases.iter().map(|c| c.text.as_str()).collect();
    // Batched, as the corpus build does; padding must not change any vector.
    let got = emb.embed_batch(&texts).unwrap();
    let mut worst = (1.0f32, String::new());
    for (case, v) in fx.cases.iter().zip(&got) {
        assert_eq!(v.len(), DIMS);
        let cos: f32 = v.iter().zip(&case.vector).map(|(a, b)| a * b).sum();
        if cos < worst.0 {
            worst = (cos, case.text.clone());
        }
    }
    assert!(worst.0 >= 0.999, "cosine {} < 0.999 for {:?}", worst.0, worst.1);
    // One alone equals the same text inside the batch.
    let alone = emb.embed(texts[1]).unwrap();
    let cos: f32 = alone.iter().zip(&got[1]).map(|(a, b)| a * b).sum();
    assert!(cos > 0.99999, "batched vs alone cosine {cos}");
}
