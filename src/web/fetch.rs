//! Static files over `fetch`, in the page or in a Web Worker, reporting download progress.

use crate::core::ports::IndexError;
use crate::core::LocalFuture;
use crate::retrieval::file_source::FileSource;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

fn describe(js: &JsValue) -> String {
    js.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| js.as_string())
        .unwrap_or_else(|| format!("{js:?}"))
}

/// Fetches `url` whole, into room for `expected` bytes when the caller knows the size (a manifest's);
/// `on_piece(piece, loaded)` sees every piece as it arrives (so a hash can be
/// taken while the rest downloads) and the bytes so far (the total comes from the manifests:
/// Content-Length counts compressed bytes when the server compresses). Works in the page and in a
/// worker: it calls the global `fetch`, which both have.
pub async fn fetch_bytes(
    url: &str,
    expected: Option<u64>,
    on_piece: &mut dyn FnMut(&[u8], u64),
) -> Result<Vec<u8>, String> {
    let global = js_sys::global();
    let fetch: js_sys::Function = js_sys::Reflect::get(&global, &JsValue::from_str("fetch"))
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or("this browser has no fetch")?;
    let promise: js_sys::Promise =
        fetch.call1(&global, &JsValue::from_str(url)).map_err(|e| describe(&e))?.unchecked_into();
    let response: web_sys::Response = JsFuture::from(promise)
        .await
        .map_err(|e| format!("cannot fetch {url}: {} (is the site still being served?)", describe(&e)))?
        .unchecked_into();
    if !response.ok() {
        return Err(format!("{url}: HTTP {} (the file is missing from the site; rebuild it)", response.status()));
    }
    let Some(body) = response.body() else { return Ok(Vec::new()) };
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    // Room for the whole body at once (the size the caller expects, else Content-Length): growing by
    // doubling would hold the old and the new buffer together (24 MB of wasm memory for the 12 MB
    // encoder, which wasm never gives back). A size past any file of the site (a wrong header) reserves
    // no more than that; the body still arrives whole.
    const LARGEST_RESERVED: u64 = 64 << 20;
    let length = || response.headers().get("content-length").ok().flatten().and_then(|n| n.parse::<u64>().ok());
    let mut bytes = Vec::with_capacity(expected.or_else(length).unwrap_or(0).min(LARGEST_RESERVED) as usize);
    loop {
        let piece = JsFuture::from(reader.read())
            .await
            .map_err(|e| format!("download of {url} broke off: {}", describe(&e)))?;
        let done = js_sys::Reflect::get(&piece, &JsValue::from_str("done")).ok().and_then(|d| d.as_bool());
        if done != Some(false) {
            break;
        }
        let value = js_sys::Reflect::get(&piece, &JsValue::from_str("value")).map_err(|e| describe(&e))?;
        let chunk = js_sys::Uint8Array::new(&value);
        let start = bytes.len();
        bytes.resize(start + chunk.length() as usize, 0);
        chunk.copy_to(&mut bytes[start..]);
        on_piece(&bytes[start..], bytes.len() as u64);
    }
    Ok(bytes)
}

/// Static files under `base` of the site (`index/`, `index/vectors/`), fetched on demand; counts the
/// bytes.
pub struct HttpSource {
    base: String,
    /// Bytes fetched so far.
    pub fetched_bytes: Cell<usize>,
}

impl HttpSource {
    /// Files under `base` (relative to the page or worker, ending in '/').
    pub fn new(base: &str) -> HttpSource {
        HttpSource { base: base.to_string(), fetched_bytes: Cell::new(0) }
    }
}

impl FileSource for HttpSource {
    fn fetch<'a>(&'a self, name: &'a str) -> LocalFuture<'a, Result<Vec<u8>, IndexError>> {
        Box::pin(async move {
            let bytes =
                fetch_bytes(&format!("{}{name}", self.base), None, &mut |_, _| {}).await.map_err(IndexError::Failed)?;
            self.fetched_bytes.set(self.fetched_bytes.get() + bytes.len());
            Ok(bytes)
        })
    }
}
