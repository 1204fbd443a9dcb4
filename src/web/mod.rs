//! The browser app (wasm32 only): leptos components over the library.
//!
//! [`app::App`] lays out the shell and loads the [`engine::Engine`]; [`chat`] holds the conversation,
//! [`side`] the profile and trace panels, [`settings`] the provider and flags, [`data`] export and import,
//! [`transcript`] the saved conversation, [`lang`] the language switch, [`answer`] renders answers
//! safely, [`storage`] is localStorage behind the library's persistence.

mod answer;
mod app;
mod chat;
mod data;
mod engine;
mod lang;
mod settings;
mod side;
mod storage;
mod transcript;

/// Starts the app: installs the panic hook (panics show in the console) and mounts on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
