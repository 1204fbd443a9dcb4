//! The browser HTTP transport: `fetch` with a streaming `ReadableStream` body, and an
//! `AbortController` that a watchdog fires when the user presses stop or a time limit passes.
//!
//! A request the browser refuses before any answer (server down, wrong address, or a local server
//! that does not allow this site's origin: CORS) surfaces as `HttpError::Network`; the browser
//! gives no way to tell these apart, so the message names all three and the fix for each.

use super::http::{BodyStream, HttpError, HttpRequest, HttpResponse, HttpTransport, Limits, StopHandle};
use crate::core::LocalFuture;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// `fetch`-backed transport (main thread: it uses `window`).
pub struct FetchTransport;

/// Why the watchdog aborted the request.
#[derive(Clone, Copy, PartialEq)]
enum AbortReason {
    Stopped,
    FirstByte,
    Total,
}

/// Checks the stop handle and the deadlines every 100 ms and aborts the fetch when one fires.
/// Lives as long as the response body; dropping it clears the interval.
struct Watchdog {
    window: web_sys::Window,
    interval: i32,
    _tick: Closure<dyn FnMut()>,
    reason: Rc<Cell<Option<AbortReason>>>,
    head_arrived: Rc<Cell<bool>>,
    limits: Limits,
}

impl Watchdog {
    fn start(
        window: &web_sys::Window,
        controller: web_sys::AbortController,
        stop: StopHandle,
        limits: Limits,
    ) -> Result<Watchdog, HttpError> {
        let reason: Rc<Cell<Option<AbortReason>>> = Rc::new(Cell::new(None));
        let head_arrived = Rc::new(Cell::new(false));
        let started = js_sys::Date::now();
        let (r, h) = (reason.clone(), head_arrived.clone());
        let tick = Closure::<dyn FnMut()>::new(move || {
            if r.get().is_some() {
                return;
            }
            let elapsed = Duration::from_secs_f64((js_sys::Date::now() - started).max(0.0) / 1000.0);
            let fired = if stop.is_stopped() {
                Some(AbortReason::Stopped)
            } else if !h.get() && elapsed > limits.first_byte {
                Some(AbortReason::FirstByte)
            } else if elapsed > limits.total {
                Some(AbortReason::Total)
            } else {
                None
            };
            if fired.is_some() {
                r.set(fired);
                controller.abort();
            }
        });
        let interval = window
            .set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), 100)
            .map_err(|e| network(&e))?;
        Ok(Watchdog { window: window.clone(), interval, _tick: tick, reason, head_arrived, limits })
    }

    /// The error for a rejected promise: what the watchdog did, or the browser's own failure.
    fn error(&self, js: &JsValue) -> HttpError {
        let secs = |d: Duration| d.as_secs_f64().round() as u64;
        match self.reason.get() {
            Some(AbortReason::Stopped) => HttpError::Cancelled,
            Some(AbortReason::FirstByte) => HttpError::Timeout { secs: secs(self.limits.first_byte) },
            Some(AbortReason::Total) => HttpError::Timeout { secs: secs(self.limits.total) },
            None => network(js),
        }
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.window.clear_interval_with_handle(self.interval);
    }
}

fn network(js: &JsValue) -> HttpError {
    let detail = js
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| js.as_string())
        .unwrap_or_else(|| "the browser refused the request".to_string());
    HttpError::Network { detail }
}

impl HttpTransport for FetchTransport {
    fn send<'a>(
        &'a self,
        request: &'a HttpRequest,
        limits: Limits,
        stop: &'a StopHandle,
    ) -> LocalFuture<'a, Result<HttpResponse, HttpError>> {
        Box::pin(async move {
            if stop.is_stopped() {
                return Err(HttpError::Cancelled);
            }
            if !super::http::page_may_connect(&request.url) {
                return Err(HttpError::Network {
                    detail: "this page may reach https addresses, and http only on this computer (localhost, \
                             127.0.0.1): change the base URL in settings"
                        .into(),
                });
            }
            let window = web_sys::window().ok_or_else(|| HttpError::Network { detail: "no browser window".into() })?;
            let controller = web_sys::AbortController::new().map_err(|e| network(&e))?;
            let headers = web_sys::Headers::new().map_err(|e| network(&e))?;
            for (k, v) in &request.headers {
                headers.set(k, v).map_err(|e| network(&e))?;
            }
            let init = web_sys::RequestInit::new();
            init.set_method("POST");
            init.set_headers(&headers);
            init.set_signal(Some(&controller.signal()));
            init.set_body(&JsValue::from_str(&request.body));
            let js_request = web_sys::Request::new_with_str_and_init(&request.url, &init).map_err(|e| network(&e))?;
            let watchdog = Watchdog::start(&window, controller, stop.clone(), limits)?;
            let response =
                JsFuture::from(window.fetch_with_request(&js_request)).await.map_err(|e| watchdog.error(&e))?;
            watchdog.head_arrived.set(true);
            let response: web_sys::Response = response.dyn_into().map_err(|e| network(&e))?;
            let mut header_list = Vec::new();
            if let Ok(Some(entries)) = js_sys::try_iter(&response.headers()) {
                for entry in entries.flatten() {
                    let pair = js_sys::Array::from(&entry);
                    if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                        header_list.push((k, v));
                    }
                }
            }
            let reader = match response.body() {
                Some(stream) => Some(
                    stream.get_reader().dyn_into::<web_sys::ReadableStreamDefaultReader>().map_err(|e| network(&e))?,
                ),
                None => None,
            };
            Ok(HttpResponse {
                status: response.status(),
                headers: header_list,
                body: Box::new(FetchBody { reader, watchdog }),
            })
        })
    }

    fn sleep<'a>(&'a self, wait: Duration, stop: &'a StopHandle) -> LocalFuture<'a, ()> {
        Box::pin(async move {
            let Some(window) = web_sys::window() else {
                return;
            };
            let end = js_sys::Date::now() + wait.as_secs_f64() * 1000.0;
            while !stop.is_stopped() {
                let left = end - js_sys::Date::now();
                if left <= 0.0 {
                    break;
                }
                let slice = left.min(100.0) as i32;
                let promise = js_sys::Promise::new(&mut |resolve, _reject| {
                    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, slice);
                });
                let _ = JsFuture::from(promise).await;
            }
        })
    }

    fn now_unix_secs(&self) -> u64 {
        (js_sys::Date::now() / 1000.0) as u64
    }
}

struct FetchBody {
    reader: Option<web_sys::ReadableStreamDefaultReader>,
    watchdog: Watchdog,
}

impl BodyStream for FetchBody {
    fn next_chunk(&mut self) -> LocalFuture<'_, Result<Option<Vec<u8>>, HttpError>> {
        Box::pin(async move {
            let Some(reader) = &self.reader else {
                return Ok(None);
            };
            let result = JsFuture::from(reader.read()).await.map_err(|e| self.watchdog.error(&e))?;
            let done = js_sys::Reflect::get(&result, &JsValue::from_str("done"))
                .ok()
                .and_then(|d| d.as_bool())
                .unwrap_or(true);
            if done {
                return Ok(None);
            }
            let value = js_sys::Reflect::get(&result, &JsValue::from_str("value")).map_err(|e| network(&e))?;
            Ok(Some(js_sys::Uint8Array::new(&value).to_vec()))
        })
    }
}
