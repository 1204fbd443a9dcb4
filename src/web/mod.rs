//! The browser app (wasm32 only): leptos components over the library.
//!
//! [`app::App`] lays out the shell, loads the [`engine::Engine`] and saves each record when it changes;
//! [`state`] is the state the components share, by concern; [`chat`] shows the conversation (each
//! [`turn`] one signal and its streaming text),
//! [`people`] the person switcher, [`profile`] the profile panel, [`trace`] the trace panel (with
//! [`trace_graph`] drawing the node graph), [`settings`] the provider and flags, [`data`] export and
//! import, [`evaluate`] the panel that opens the Evaluate page (the study on the user's own model,
//! the other page), [`lang`] the language switch, [`answer`]
//! renders answers safely, [`storage`] is localStorage behind the library's persistence (the saved
//! conversation itself is the library's [`crate::transcript`]).
//!
//! The other entry points: [`embed_worker`], the Web Worker that embeds questions and searches the
//! vector index ([`worker_client`] is the page's side of it; [`fetch`] downloads static files for
//! all), and [`mount_evaluate`], the Evaluate page.

mod answer;
mod app;
mod chat;
mod data;
pub mod embed_worker;
mod engine;
mod evaluate;
mod fetch;
mod lang;
mod people;
mod profile;
mod progress;
mod settings;
mod state;
mod storage;
mod trace;
mod trace_graph;
mod turn;
mod worker_client;

/// Starts the app: installs the panic hook (panics show in the console) and mounts on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}

/// Starts the Evaluate page (`evaluate.html`, the `evaluate` binary) as [`mount`] starts the app.
pub fn mount_evaluate() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(evaluate::EvaluatePage);
}
