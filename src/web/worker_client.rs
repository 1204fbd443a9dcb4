//! The page's side of the embedding worker: starts it, relays its loading progress (summed up in
//! [`VectorLoad`], which the loading panel shows), and answers the
//! vector side of search ([`VectorSearch`]) by messages (see [`crate::retrieval::worker_messages`]).

use crate::llm::LocalFuture;
use crate::retrieval::chunk_map::ChunkPlace;
use crate::retrieval::search::IndexError;
use crate::retrieval::vectors::{VectorMatch, VectorSearch};
use crate::retrieval::worker_messages::{parse, FromWorker, ToWorker};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The loader trunk's post-build hook writes for the worker (Trunk.toml).
const WORKER_SCRIPT: &str = "embed-worker-loader.js";
/// Where the site serves the model copy and the vector index.
const MODEL_BASE: &str = "model/";
const VECTORS_BASE: &str = "index/vectors/";

/// What the worker reports while it loads.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadReport {
    /// Bytes of `part` ("model" or "vectors") downloaded so far, of `total`.
    Progress { part: String, loaded: u64, total: u64 },
    /// Loaded: milliseconds from the load request, bytes downloaded, milliseconds of it spent on
    /// checking the files' SHA-256.
    Ready { ms: f64, bytes: u64, hash_ms: f64 },
    /// Could not load (the reason); search stays keyword-only.
    Failed(String),
}

/// How far the vector side has come, from the worker's reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VectorLoad {
    /// Bytes of the model downloaded, of total.
    pub model: (u64, u64),
    /// Bytes of the vector index downloaded, of total.
    pub vectors: (u64, u64),
    /// What loading took when loaded, `Err(reason)` when it failed, `None` while loading.
    pub outcome: Option<Result<Loaded, String>>,
}

/// What loading the vector side took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Loaded {
    pub ms: f64,
    pub bytes: u64,
    /// Of `ms`, the time spent checking the files' SHA-256 as they arrived.
    pub hash_ms: f64,
}

impl VectorLoad {
    /// Takes one report of the worker into account.
    pub fn apply(&mut self, report: &LoadReport) {
        match report {
            LoadReport::Progress { part, loaded, total } if part == "model" => self.model = (*loaded, *total),
            LoadReport::Progress { loaded, total, .. } => self.vectors = (*loaded, *total),
            &LoadReport::Ready { ms, bytes, hash_ms } => {
                self.model.0 = self.model.1;
                self.vectors.0 = self.vectors.1;
                self.outcome = Some(Ok(Loaded { ms, bytes, hash_ms }));
            }
            LoadReport::Failed(why) => self.outcome = Some(Err(why.clone())),
        }
    }
}

/// Answers waiting for the worker, by request id: the resolve function of each request's promise.
type Pending = Rc<RefCell<HashMap<u32, js_sys::Function>>>;

/// The running embedding worker.
pub struct WorkerVectors {
    worker: web_sys::Worker,
    /// Documents the worker's vector index covers (known once it is ready).
    documents: Rc<Cell<usize>>,
    next_id: Cell<u32>,
    pending: Pending,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl WorkerVectors {
    /// Starts the worker and has it load the model and the vectors; `report` sees the progress and the
    /// outcome.
    pub fn start(report: impl Fn(LoadReport) + 'static) -> Result<WorkerVectors, String> {
        let worker = web_sys::Worker::new(WORKER_SCRIPT)
            .map_err(|e| format!("cannot start the embedding worker ({e:?}); semantic search is off"))?;
        let pending: Pending = Rc::new(RefCell::new(HashMap::new()));
        let documents = Rc::new(Cell::new(0));
        let report = Rc::new(report);
        let (to_worker, waiting, on_report, covered) =
            (worker.clone(), pending.clone(), report.clone(), documents.clone());
        let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let text = event.data().as_string().unwrap_or_default();
            let message = match parse::<FromWorker>(&text) {
                Ok(message) => message,
                Err(e) => return on_report(LoadReport::Failed(e)),
            };
            let id = match &message {
                FromWorker::Started {} => {
                    let load = ToWorker::Load { model: MODEL_BASE.into(), vectors: VECTORS_BASE.into(), probe: None };
                    let _ = to_worker.post_message(&JsValue::from_str(&load.to_json()));
                    return;
                }
                FromWorker::Progress { part, loaded, total } => {
                    return on_report(LoadReport::Progress { part: part.clone(), loaded: *loaded, total: *total })
                }
                FromWorker::Ready { ms, bytes, documents, hash_ms, .. } => {
                    covered.set(*documents);
                    return on_report(LoadReport::Ready { ms: *ms, bytes: *bytes, hash_ms: *hash_ms });
                }
                FromWorker::LoadFailed { message } => return on_report(LoadReport::Failed(message.clone())),
                FromWorker::Embedded { id, .. } | FromWorker::Found { id, .. } | FromWorker::Failed { id, .. } => *id,
            };
            if let Some(resolve) = waiting.borrow_mut().remove(&id) {
                let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&text));
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let (waiting, on_report) = (pending.clone(), report);
        let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            // The worker died (its script is missing or it ran out of memory): fail whatever waits.
            let message = format!("the embedding worker stopped: {}", event.message());
            for (id, resolve) in waiting.borrow_mut().drain() {
                let failed = FromWorker::Failed { id, message: message.clone() };
                let _ = resolve.call1(&JsValue::NULL, &JsValue::from_str(&failed.to_json()));
            }
            on_report(LoadReport::Failed(message));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerVectors {
            worker,
            documents,
            next_id: Cell::new(1),
            pending,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends a request made for a fresh id and waits for its answer.
    async fn request(&self, make: impl FnOnce(u32) -> ToWorker) -> Result<FromWorker, String> {
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1));
        let pending = self.pending.clone();
        let promise = js_sys::Promise::new(&mut |resolve, _reject| {
            pending.borrow_mut().insert(id, resolve);
        });
        self.worker
            .post_message(&JsValue::from_str(&make(id).to_json()))
            .map_err(|e| format!("cannot reach the embedding worker: {e:?}"))?;
        let reply = JsFuture::from(promise).await.map_err(|e| format!("{e:?}"))?;
        let reply = parse::<FromWorker>(&reply.as_string().unwrap_or_default())?;
        match reply {
            FromWorker::Failed { message, .. } => Err(message),
            other => Ok(other),
        }
    }
}

impl VectorSearch for WorkerVectors {
    fn documents(&self) -> usize {
        self.documents.get()
    }

    fn embed<'a>(&'a self, text: &'a str) -> LocalFuture<'a, Result<Vec<f32>, IndexError>> {
        Box::pin(async move {
            match self.request(|id| ToWorker::Embed { id, text: text.to_string() }).await.map_err(IndexError::Failed)? {
                FromWorker::Embedded { vector, .. } => Ok(vector),
                other => Err(IndexError::Failed(format!("unexpected answer from the embedding worker: {other:?}"))),
            }
        })
    }

    fn nearest<'a>(&'a self, text: &'a str, chunks: usize) -> LocalFuture<'a, Result<Vec<VectorMatch>, IndexError>> {
        Box::pin(async move {
            match self
                .request(|id| ToWorker::Nearest { id, text: text.to_string(), chunks })
                .await
                .map_err(IndexError::Failed)?
            {
                FromWorker::Found { matches, .. } => Ok(matches
                    .into_iter()
                    .map(|(doc, nth, score)| VectorMatch { place: ChunkPlace { doc, nth }, score })
                    .collect()),
                other => Err(IndexError::Failed(format!("unexpected answer from the embedding worker: {other:?}"))),
            }
        })
    }
}
