//! The Rust embedder equals sentence-transformers: for every sentence of
//! tests/fixtures/embed_reference.json (written by scripts/embed_reference.py) the token ids are identical
//! and the cosine between the Rust and the Python embedding is >= 0.999. The browser's prepared copy
//! (int8 encoder, int8 token shards) stays within cosine 0.99 of the f32 model.
//!
//! Needs the model in model/: run scripts/fetch-model.sh first (CI does). A missing model fails the test.

use medagent::cli::model::{min_cosine, open_prepared, MIN_COSINE};
use medagent::embed::model_files::prepare_copy;
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

fn model_files() -> ModelFiles {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("model");
    ModelFiles {
        config_json: read(&dir.join("config.json")),
        vocab_txt: read(&dir.join("vocab.txt")),
        weights: read(&dir.join("model.safetensors")),
    }
}

fn embedder() -> Embedder {
    Embedder::from_files(&model_files()).unwrap()
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
    let got = pollster::block_on(emb.embed_batch(&texts)).unwrap();
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
    let alone = pollster::block_on(emb.embed(texts[1])).unwrap();
    let cos: f32 = alone.iter().zip(&got[1]).map(|(a, b)| a * b).sum();
    assert!(cos > 0.99999, "batched vs alone cosine {cos}");
}

/// The copy the browser loads (`medagent model prepare`) embeds like the f32 model: cosine >= 0.99 on
/// every reference sentence (English, Korean, mixed) and on long questions, one by one as the browser
/// embeds them.
#[test]
fn the_prepared_int8_copy_stays_within_cosine_0_99_of_f32() {
    let files = model_files();
    let (manifest, copy) = prepare_copy(&files).unwrap();
    let up_front: u64 = manifest.up_front().unwrap().iter().map(|(_, e)| e.bytes).sum();
    assert!(up_front < 13_000_000, "config + vocabulary + encoder are {up_front} bytes");
    let prepared = open_prepared(&manifest, move |name| copy.get(name).cloned().ok_or(format!("no {name}"))).unwrap();
    let reference = embedder();
    let fx = fixture();
    let long_ko = "아버지가 당뇨병이 있으신데 최근에 발 저림이 심해지고 상처가 잘 낫지 않습니다. ".repeat(6);
    let long_en = "My mother has had a cough for three weeks with fever at night and some weight loss. ".repeat(8);
    let long_mixed = "혈압약 amlodipine 5mg를 먹고 있는데 발목이 붓고 headache가 있어요. ".repeat(8);
    let mut texts: Vec<&str> = fx.cases.iter().map(|c| c.text.as_str()).collect();
    texts.extend([long_ko.as_str(), long_en.as_str(), long_mixed.as_str()]);
    let mut worst = (1.0f32, "");
    for text in texts {
        let cos = min_cosine(&reference, &prepared, &[text]).unwrap();
        if cos < worst.0 {
            worst = (cos, text);
        }
    }
    assert!(worst.0 >= MIN_COSINE, "prepared vs f32 cosine {} for {:?}", worst.0, worst.1);
    eprintln!("prepared vs f32: minimum cosine {}", worst.0);
}
