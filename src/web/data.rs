//! "Your data": export everything as one JSON file, and import such a file back after a preview.

use super::app::Shared;
use super::engine::MEMORY_RECORD;
use super::storage::LocalStorage;
use super::transcript::TRANSCRIPT_RECORD;
use crate::i18n::ui;
use crate::people::PEOPLE_RECORD;
use crate::persist::{apply_import, export, preview_import, ImportPreview, RecordKind};
use crate::settings::SETTINGS_RECORD;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Every record the app stores, in export order.
const RECORDS: [&RecordKind; 4] = [&MEMORY_RECORD, &PEOPLE_RECORD, &SETTINGS_RECORD, &TRANSCRIPT_RECORD];

/// Offers `json` to the user as a downloaded file.
fn download(json: &str, file_name: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&json.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| format!("{e:?}"))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| format!("{e:?}"))?;
    let link: web_sys::HtmlAnchorElement =
        document().create_element("a").map_err(|e| format!("{e:?}"))?.unchecked_into();
    link.set_href(&url);
    link.set_download(file_name);
    link.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The export and import controls.
#[component]
pub fn DataPanel() -> impl IntoView {
    let shared = expect_context::<Shared>();
    let text = move || ui(shared.lang.get());
    let report = RwSignal::new(None::<String>);
    let pending = StoredValue::new_local(None::<ImportPreview>);
    let preview_lines = RwSignal::new(Vec::<String>::new());

    let export_all = move |_| {
        let result = export(&LocalStorage, &RECORDS).map_err(|e| e.to_string()).and_then(|file| {
            let json = serde_json::to_string_pretty(&file).expect("export serialises");
            let day = js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default();
            download(&json, &format!("medagent-export-{}.json", day.get(..10).unwrap_or("today")))
        });
        report.set(result.err());
    };
    let choose_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        leptos::task::spawn_local(async move {
            let text = match JsFuture::from(file.text()).await {
                Ok(value) => value.as_string().unwrap_or_default(),
                Err(e) => return report.set(Some(format!("{e:?}"))),
            };
            match preview_import(&text, &RECORDS) {
                Ok(preview) => {
                    let mut lines: Vec<String> =
                        preview.valid.iter().map(|(key, entries)| format!("✓ {key} ({entries})")).collect();
                    lines.extend(preview.invalid.iter().map(|(key, why)| format!("✗ {key}: {why}")));
                    preview_lines.set(lines);
                    pending.set_value(Some(preview));
                    report.set(None);
                }
                Err(error) => report.set(Some(error)),
            }
        });
    };
    let apply = move |_| {
        let Some(result) = pending.with_value(|p| p.as_ref().map(|p| apply_import(&LocalStorage, p))) else { return };
        match result {
            Ok(_) => {
                report.set(Some(ui(shared.lang.get_untracked()).import_done.to_string()));
                // Everything reads its state from storage at start: a reload shows the imported data.
                let _ = window().location().reload();
            }
            Err(error) => report.set(Some(error.to_string())),
        }
    };
    let cancel = move |_| {
        pending.set_value(None);
        preview_lines.set(Vec::new());
    };

    view! {
        <section class="panel data" aria-labelledby="data-heading">
            <h2 id="data-heading">{move || text().data_heading}</h2>
            <button type="button" id="export" on:click=export_all>{move || text().export_all}</button>
            <label class="file-button">
                {move || text().import}
                <input type="file" id="import-file" accept=".json,application/json" on:change=choose_file />
            </label>
            <Show when=move || preview_lines.with(|l| !l.is_empty())>
                <div class="import-preview" role="dialog" aria-labelledby="import-preview-heading">
                    <p id="import-preview-heading">{move || text().import_preview}</p>
                    <ul>{move || preview_lines.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    <button type="button" id="import-apply" on:click=apply>{move || text().import_apply}</button>
                    <button type="button" class="secondary" on:click=cancel>{move || text().cancel}</button>
                </div>
            </Show>
            <p class="data-report" role="status">{move || report.get()}</p>
        </section>
    }
}
