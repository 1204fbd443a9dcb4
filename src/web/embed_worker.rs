//! The embedding worker (the `embed-worker` binary, run as a Web Worker): downloads the model and the
//! vector index's start files, then embeds questions and searches the lists near them (fetched as
//! needed) off the page's thread. The messages
//! are documented in [`crate::retrieval::worker_messages`].

use super::fetch::{fetch_bytes, HttpSource};
use crate::core::files::{hex, FileEntry, MANIFEST};
use crate::embed::model_files::PreparedModel;
use crate::embed::tokens::FetchFile;
use crate::embed::Embedder;
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

/// What the worker holds once loaded (an `Rc` each request clones, so no borrow is held while a
/// question's token rows are fetched).
type Loaded = Rc<RefCell<Option<Rc<LocalVectors>>>>;

/// Bytes of the worker's wasm memory (the heap only grows, so this is its high-water mark).
fn wasm_memory_bytes() -> u64 {
    wasm_bindgen::memory()
        .unchecked_into::<js_sys::WebAssembly::Memory>()
        .buffer()
        .unchecked_into::<js_sys::ArrayBuffer>()
        .byte_length() as u64
}

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
                        let memory = wasm_memory_bytes();
                        post(&FromWorker::Ready { ms: now_ms() - started, bytes, documents, hash_ms, memory });
                    }
                    Err(message) => post(&FromWorker::LoadFailed { message }),
                }
            });
        }
        ToWorker::Embed { id, text } => answer(id, loaded, move |side| async move {
            let started = now_ms();
            match side.embed_now(&text).await {
                Ok(vector) => FromWorker::Embedded { id, vector, ms: now_ms() - started },
                Err(error) => FromWorker::Failed { id, message: error.to_string() },
            }
        }),
        ToWorker::Nearest { id, text, chunks } => answer(id, loaded, move |side| async move {
            let started = now_ms();
            let vectors = match side.query_vectors(&text).await {
                Ok(vectors) => vectors,
                Err(error) => return FromWorker::Failed { id, message: error.to_string() },
            };
            let embedded = now_ms();
            let fetched_before = side.fetched_bytes();
            match side.nearest_to_any(&vectors, chunks).await {
                Ok(matches) => FromWorker::Found {
                    id,
                    matches: matches.into_iter().map(|m| (m.place.doc, m.place.nth, m.score)).collect(),
                    embed_ms: embedded - started,
                    search_ms: now_ms() - embedded,
                    fetched_bytes: side.fetched_bytes() - fetched_before,
                },
                Err(error) => FromWorker::Failed { id, message: error.to_string() },
            }
        }),
    }
}

thread_local! {
    /// The last request's reply, as a promise: each request waits for the one before, so replies go
    /// out in order and two requests for one question fetch its token shards once.
    static LAST_REPLY: RefCell<js_sys::Promise> = RefCell::new(js_sys::Promise::resolve(&JsValue::UNDEFINED));
}

/// Answers request `id` with what `work` makes of the loaded side (it may wait for token shards), after
/// the requests before it; or says the model is not loaded yet.
fn answer<F: std::future::Future<Output = FromWorker> + 'static>(
    id: u32,
    loaded: &Loaded,
    work: impl FnOnce(Rc<LocalVectors>) -> F + 'static,
) {
    let Some(side) = loaded.borrow().clone() else { return post(&not_loaded(id)) };
    LAST_REPLY.with(|last| {
        let before = wasm_bindgen_futures::JsFuture::from(last.borrow().clone());
        let reply = wasm_bindgen_futures::future_to_promise(async move {
            // The earlier request's outcome is its own; this one runs either way.
            let _ = before.await;
            post(&work(side).await);
            Ok(JsValue::UNDEFINED)
        });
        *last.borrow_mut() = reply;
    });
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
        let bytes = fetch_bytes(&format!("{base}{name}"), Some(size), &mut |piece, loaded| {
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
    let bytes = fetch_bytes(url, None, &mut |_, _| {}).await?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{url} is unreadable ({e}); rebuild the site"))
}

/// Downloads and loads the model and the vector index's start files (the lists come as questions need
/// them); the loaded side, the bytes downloaded and the milliseconds spent checking their SHA-256.
async fn load(model_base: &str, vectors_base: &str, probe: Option<usize>) -> Result<(LocalVectors, u64, f64), String> {
    let model: PreparedModel = manifest(&format!("{model_base}{MANIFEST}")).await?;
    model.check_format()?;
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
    // Config, vocabulary and encoder now; the token rows per question, shard by shard.
    let model_list = model.up_front()?;
    let mut hash_ms = 0.0;
    let model_bytes = download("model", model_base, &model_list, &mut hash_ms).await?;
    let up_front: u64 = model_list.iter().map(|(_, e)| e.bytes).sum();
    let base = model_base.to_string();
    let fetch: FetchFile = Box::new(move |name| {
        let url = format!("{base}{name}");
        Box::pin(async move { fetch_bytes(&url, None, &mut |_, _| {}).await })
    });
    let model_bytes: [Vec<u8>; 3] = model_bytes
        .try_into()
        .map_err(|_| "the model manifest does not list config, vocabulary and encoder up front")?;
    // The encoder keeps its file's bytes (its int8 weights stay in them).
    let embedder = Embedder::from_prepared(&model, model_bytes, fetch).map_err(|e| e.to_string())?;
    let (centroids_entry, counts_entry) =
        (entry("vector", &vectors.files, CENTROIDS_FILE)?, entry("vector", &vectors.files, CHUNK_COUNTS_FILE)?);
    let vector_list = [(CENTROIDS_FILE, &centroids_entry), (CHUNK_COUNTS_FILE, &counts_entry)];
    let mut vector_bytes = download("vectors", vectors_base, &vector_list, &mut hash_ms).await?.into_iter();
    let (centroids, counts) = (vector_bytes.next().unwrap_or_default(), vector_bytes.next().unwrap_or_default());
    let bytes = up_front + (centroids.len() + counts.len()) as u64;
    let side =
        LocalVectors::load(embedder, &vectors, &centroids, &counts, Box::new(HttpSource::new(vectors_base)), probe)?;
    Ok((side, bytes, hash_ms))
}
