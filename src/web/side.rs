//! The side panel: what the agent knows about the patient, and how the last answer was made.

use crate::i18n::{ui, Lang};
use leptos::prelude::*;

/// The profile and trace panels. Both are empty until the pipeline produces facts and traces.
#[component]
pub fn SidePanel(lang: RwSignal<Lang>) -> impl IntoView {
    let text = move || ui(lang.get());
    view! {
        <aside class="side">
            <section class="panel profile" aria-labelledby="profile-heading">
                <h2 id="profile-heading">{move || text().profile_heading}</h2>
                <p class="empty">{move || text().profile_empty}</p>
            </section>
            <section class="panel trace" aria-labelledby="trace-heading">
                <h2 id="trace-heading">{move || text().trace_heading}</h2>
                <p class="empty">{move || text().trace_empty}</p>
            </section>
        </aside>
    }
}
