//! The browser app (wasm32 only): leptos components over the library.
//!
//! One component per concern: [`app::App`] lays out the shell, [`chat`] holds the conversation,
//! [`side`] the profile and trace panels, [`lang`] the language switch.

mod app;
mod chat;
mod lang;
mod side;

/// Starts the app: installs the panic hook (panics show in the console) and mounts on `<body>`.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
