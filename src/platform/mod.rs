//! What differs between the browser and a native build, behind small traits: the HTTP transport
//! the LLM providers stream through (fetch in the browser, a blocking client natively).

pub mod http;

#[cfg(not(target_arch = "wasm32"))]
pub mod native_http;

#[cfg(target_arch = "wasm32")]
pub mod web_http;

/// The transport of this platform: fetch in the browser, ureq natively.
#[cfg(not(target_arch = "wasm32"))]
pub fn default_transport() -> std::rc::Rc<dyn http::HttpTransport> {
    std::rc::Rc::new(native_http::NativeTransport::new())
}

/// The transport of this platform: fetch in the browser, ureq natively.
#[cfg(target_arch = "wasm32")]
pub fn default_transport() -> std::rc::Rc<dyn http::HttpTransport> {
    std::rc::Rc::new(web_http::FetchTransport)
}
