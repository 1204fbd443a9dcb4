//! The embedding worker (the `embed-worker` binary, run as a Web Worker): downloads the model and the
//! vector index's start files, then embeds questions and searches the lists near them (fetched as
//! needed) off the page's thread. The messages
//! are documented in [`crate::retrieval::worker_messages`].

use super::fetch::{fetch_bytes, HttpSource};
use crate::core::files::{hex, FileEntry, MANIFEST};
use crate::embed::model_files::{PreparedModel, F16_WEIGHTS};
use crate::embed::ModelFiles;
use crate::retrieval::vector_index::{CENTROIDS_FILE, FORMAT_VERSION as VECTORS_FORMAT};
use crate::retrieval::vector_manifest::{VectorManifest, CHUNK_COUNTS_FILE};
use crate::retrieval::vectors::LocalVectors;
use crate::retrieval::worker_messages::{parse, FromWorker, ToWorker};
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The worker's global scope.
fn scope() -> web_sys::DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    // Posting a string cannot fail while the worker lives.
    let _ = scope().post_message(&JsValue::from_str(&message.to_json()));
}

fn now_ms() -> f64 {
    scope().performance().map_or_else(js_sys::Date::now, |p| p.now())
}

/// What the worker holds once loaded.
type Loaded = Rc<RefCell<Option<Rc<LocalVectors>>>>;

/// Entry point of the worker: listens for requests, then tells the page it is listening.
pub fn run() {
    console_error_panic_hook::set_once();
    let loaded: Loaded = Rc::new(RefCell::new(None));
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        match parse::<ToWorker>(&text) {
            Ok(request) => handle(request, &loaded),
            Err(message) => post(&FromWorker::Failed { id: 0, message }),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&FromWorker::Started {});
}

fn handle(request: ToWorker, loaded: &Loaded) {
    match request {
        ToWorker::Load { model, vectors, probe } => {
            let loaded = loaded.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let started = now_ms();
                match load(&model, &vectors, probe).await {
                    Ok((side, bytes, hash_ms)) => {
                        let documents = side.chunk_map().documents();
                        *loaded.borrow_mut() = Some(Rc::new(side));
                        post(&FromWorker::Ready { ms: now_ms() - started, bytes, documents, hash_ms });
                    }
                    Err(message) => post(&FromWorker::LoadFailed { message }),
                }
            });
        }
        ToWorker::Embed { id, text } => post(&match &*loaded.borrow() {
            None => not_loaded(id),
            Some(side) => {
                let started = now_ms();
                match side.embed_now(&text) {
                    Ok(vector) => FromWorker::Embedded { id, vector, ms: now_ms() - started },
                    Err(error) => FromWorker::Failed { id, message: error.to_string() },
                }
            }
        }),
        ToWorker::Nearest { id, text, chunks } => {
            // The lists a question needs may have to be fetched: the search runs on its own, holding
            // the loaded side, while other messages are handled.
            let Some(side) = loaded.borrow().clone() else {
                post(&not_loaded(id));
                return;
            };
            wasm_bindgen_futures::spawn_local(async move { post(&nearest(&side, id, &text, chunks).await) });
        }
    }
}

async fn nearest(side: &LocalVectors, id: u32, text: &str, chunks: usize) -> FromWorker {
    let started = now_ms();
    let vector = match side.embed_now(text) {
        Ok(vector) => vector,
        Err(error) => return FromWorker::Failed { id, message: error.to_string() },
    };
    let embedded = now_ms();
    let fetched_before = side.fetched_bytes();
    match side.nearest_to(&vector, chunks).await {
        Ok(matches) => FromWorker::Found {
            id,
            matches: matches.into_iter().map(|m| (m.place.doc, m.place.nth, m.score)).collect(),
            embed_ms: embedded - started,
            search_ms: now_ms() - embedded,
            fetched_bytes: (side.fetched_bytes() - fetched_before),
        },
        Err(error) => FromWorker::Failed { id, message: error.to_string() },
    }
}

fn not_loaded(id: u32) -> FromWorker {
    FromWorker::Failed { id, message: "the embedding model is not loaded yet".into() }
}

/// Downloads one part's files in order, reporting the part's progress, each checked against its
/// manifest entry (size, and the SHA-256 taken as the bytes arrive); returns their bytes. The time
/// spent hashing is added to `hash_ms` (it is the cost of the check, reported on the loading panel).
async fn download(
    part: &str,
    base: &str,
    files: &[(&str, &FileEntry)],
    hash_ms: &mut f64,
) -> Result<Vec<Vec<u8>>, String> {
    let total: u64 = files.iter().map(|(_, entry)| entry.bytes).sum();
    let mut done = 0;
    let mut out = Vec::with_capacity(files.len());
    // One message per percent at most: enough for a smooth bar, few enough not to flood the page.
    let mut last_percent = u64::MAX;
    for (name, entry) in files {
        let size = entry.bytes;
        let mut hash = Sha256::new();
        let bytes = fetch_bytes(&format!("{base}{name}"), &mut |piece, loaded| {
            let started = now_ms();
            hash.update(piece);
            *hash_ms += now_ms() - started;
            let percent = (done + loaded) * 100 / total.max(1);
            if percent != last_percent {
                last_percent = percent;
                post(&FromWorker::Progress { part: part.into(), loaded: done + loaded, total });
            }
        })
        .await?;
        if bytes.len() as u64 != size {
            return Err(format!(
                "{base}{name} has {} bytes, its manifest says {size}: an incomplete upload or a stale cache; reload the page",
                bytes.len()
            ));
        }
        let started = now_ms();
        let digest = hex(&hash.finalize());
        *hash_ms += now_ms() - started;
        if digest != entry.sha256 {
            return Err(format!(
                "{base}{name} does not have the SHA-256 its manifest lists: it is damaged or from another build; reload the page (if this persists, rebuild the site with scripts/build-index.sh)"
            ));
        }
        done += size;
        out.push(bytes);
    }
    Ok(out)
}

async fn manifest<T: serde::de::DeserializeOwned>(url: &str) -> Result<T, String> {
    let bytes = fetch_bytes(url, &mut |_, _| {}).await?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{url} is unreadable ({e}); rebuild the site"))
}

/// Downloads and loads the model and the vector index's start files (the lists come as questions need
/// them); the loaded side, the bytes downloaded and the milliseconds spent checking their SHA-256.
async fn load(model_base: &str, vectors_base: &str, probe: Option<usize>) -> Result<(LocalVectors, u64, f64), String> {
    let model: PreparedModel = manifest(&format!("{model_base}{MANIFEST}")).await?;
    let vectors: VectorManifest = manifest(&format!("{vectors_base}{MANIFEST}")).await?;
    if model.source_hash != vectors.model_hash {
        return Err(
            "the vector index was built with another embedding model than the one this site serves; rebuild the site"
                .into(),
        );
    }
    if vectors.format_version != VECTORS_FORMAT {
        return Err(format!(
            "the vector index is in format {} and this app reads format {VECTORS_FORMAT}; rebuild the site",
            vectors.format_version
        ));
    }
    let entry = |files: &'static str, map: &std::collections::BTreeMap<String, FileEntry>, name: &str| {
        map.get(name).cloned().ok_or_else(|| format!("{name} is missing from the {files} manifest; rebuild the site"))
    };
    let model_files = ["config.json", "vocab.txt", F16_WEIGHTS];
    let model_entries: Vec<FileEntry> =
        model_files.iter().map(|n| entry("model", &model.files, n)).collect::<Result<_, _>>()?;
    let model_list: Vec<(&str, &FileEntry)> = model_files.iter().copied().zip(&model_entries).collect();
    let mut hash_ms = 0.0;
    let mut model_bytes = download("model", model_base, &model_list, &mut hash_ms).await?.into_iter();
    let files = ModelFiles {
        config_json: model_bytes.next().unwrap_or_default(),
        vocab_txt: model_bytes.next().unwrap_or_default(),
        weights: model_bytes.next().unwrap_or_default(),
    };
    let (centroids_entry, counts_entry) =
        (entry("vector", &vectors.files, CENTROIDS_FILE)?, entry("vector", &vectors.files, CHUNK_COUNTS_FILE)?);
    let vector_list = [(CENTROIDS_FILE, &centroids_entry), (CHUNK_COUNTS_FILE, &counts_entry)];
    let mut vector_bytes = download("vectors", vectors_base, &vector_list, &mut hash_ms).await?.into_iter();
    let (centroids, counts) = (vector_bytes.next().unwrap_or_default(), vector_bytes.next().unwrap_or_default());
    let bytes = model.bytes() + (centroids.len() + counts.len()) as u64;
    let side =
        LocalVectors::load(&files, &vectors, &centroids, &counts, Box::new(HttpSource::new(vectors_base)), probe)?;
    Ok((side, bytes, hash_ms))
}
