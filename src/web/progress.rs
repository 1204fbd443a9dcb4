//! The loading panel: the keyword index, then the embedding model and the vector index downloading in
//! the background, each with its size; collapses to one line when everything is ready.

use super::state::{Agent, Preferences, Status};
use super::worker_client::Loaded;
use crate::i18n::loading_text;
use leptos::prelude::*;

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// One row: a label, a progress bar and "loaded / total".
#[component]
fn PartRow(label: Signal<&'static str>, progress: Signal<(u64, u64)>, id: &'static str) -> impl IntoView {
    view! {
        <div class="load-row" id=id>
            <label for=format!("{id}-bar")>{label}</label>
            <progress id=format!("{id}-bar") max=move || progress.get().1.max(1) value=move || progress.get().0></progress>
            <span class="load-bytes">{move || {
                let (loaded, total) = progress.get();
                if total == 0 { "…".to_string() } else { format!("{} / {}", megabytes(loaded), megabytes(total)) }
            }}</span>
        </div>
    }
}

/// The loading panel.
#[component]
pub fn LoadProgress() -> impl IntoView {
    let agent = expect_context::<Agent>();
    let lang = expect_context::<Preferences>().lang;
    let text = move || loading_text(lang.get());
    let load = agent.vector_load;
    let done = move || agent.status.get() == Status::Ready && matches!(load.get().outcome, Some(Ok(_)));
    let index_bytes = move || agent.index_bytes.get();
    view! {
        <section class="loading" aria-live="polite" aria-label=move || text().heading data-state=move || {
            match load.get().outcome { None => "loading", Some(Ok(_)) => "ready", Some(Err(_)) => "failed" }
        } data-hash-ms=move || load.get().outcome.and_then(Result::ok).map(|l| format!("{:.1}", l.hash_ms))>
            <Show when=done fallback=move || view! {
                <div class="load-row" id="load-index">
                    <span>{move || text().index}</span>
                    <span class="load-bytes">{move || match agent.status.get() {
                        Status::Ready => format!("{} ({})", text().ready, megabytes(index_bytes())),
                        _ => "…".to_string(),
                    }}</span>
                </div>
                <PartRow label=Signal::derive(move || text().model) progress=Signal::derive(move || load.get().model) id="load-model" />
                <PartRow label=Signal::derive(move || text().vectors) progress=Signal::derive(move || load.get().vectors) id="load-vectors" />
                <p class="load-note">{move || match load.get().outcome {
                    Some(Err(why)) => format!("{} {why}", text().vectors_failed),
                    _ => text().keyword_only.to_string(),
                }}</p>
            }>
                <p class="load-note ready">{move || {
                    let Loaded { ms, bytes, .. } = load.get().outcome.and_then(Result::ok).unwrap_or_default();
                    format!("{} ({}, {:.1} s)", text().hybrid_ready, megabytes(bytes + index_bytes()), ms / 1000.0)
                }}</p>
            </Show>
        </section>
    }
}
