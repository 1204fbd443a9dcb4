//! "Your data": export everything as one JSON file, and import such a file back after a preview.

use super::state::Preferences;
use super::storage::LocalStorage;
use crate::i18n::{ui, Lang};
use crate::persist::{apply_import, export, preview_import, ImportPreview, KeyValue};
use crate::records::{summary, RECORDS, SETTINGS_RECORD};
use crate::settings::{from_import, new_destination, Settings};
use crate::transcript::{MAX_ARCHIVED_TURNS, MAX_TURNS};
use leptos::prelude::*;
use serde::Deserialize;
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Offers `json` to the user as a downloaded file.
pub(super) fn download(json: &str, file_name: &str) -> Result<(), String> {
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

/// The data of the record `key` stored now, if any.
fn stored_data(key: &str) -> Option<Value> {
    let raw = LocalStorage.get(key).ok().flatten()?;
    serde_json::from_str::<Value>(&raw).ok()?.get("data").cloned()
}

/// One preview line: what the record will hold, and what it replaces.
fn preview_line(key: &str, data: &Value, lang: Lang) -> String {
    let new = summary(key, data, lang);
    match (stored_data(key), lang) {
        (Some(old), Lang::En) => format!("✓ {key}: {new} (replaces {})", summary(key, &old, lang)),
        (Some(old), Lang::Ko) => format!("✓ {key}: {new} (지금: {})", summary(key, &old, lang)),
        (None, _) => format!("✓ {key}: {new}"),
    }
}

/// The export and import controls.
#[component]
pub fn DataPanel() -> impl IntoView {
    let Preferences { lang, settings } = expect_context::<Preferences>();
    let text = move || ui(lang.get());
    let report = RwSignal::new(None::<String>);
    let pending = StoredValue::new_local(None::<ImportPreview>);
    let preview_lines = RwSignal::new(Vec::<String>::new());
    // Where imported settings would send questions, when that is not where they go now; applied only
    // with its own tick.
    let destination = RwSignal::new(None::<String>);
    let destination_confirmed = RwSignal::new(false);

    let export_all = move |_| {
        let lang = lang.get_untracked();
        let result = export(&LocalStorage, &RECORDS).map_err(|e| e.message(lang)).and_then(|file| {
            let json = serde_json::to_string_pretty(&file).expect("export serialises");
            let day = js_sys::Date::new_0().to_iso_string().as_string().unwrap_or_default();
            download(&json, &format!("medagent-export-{}.json", day.get(..10).unwrap_or("today")))?;
            Ok(file.left_out.is_empty())
        });
        report.set(match result {
            Ok(true) => None,
            Ok(false) => Some(ui(lang).export_without_key.to_string()),
            Err(error) => Some(error),
        });
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
            let lang = lang.get_untracked();
            match preview_import(&text, &RECORDS) {
                Ok(preview) => {
                    let mut lines: Vec<String> = preview
                        .valid
                        .iter()
                        .filter_map(|(key, _)| preview.data(key).map(|data| preview_line(key, &data, lang)))
                        .collect();
                    lines.extend(preview.invalid.iter().map(|(key, why)| format!("✗ {key}: {why}")));
                    let imported: Option<Settings> =
                        preview.data(SETTINGS_RECORD.key).and_then(|d| Settings::deserialize(&d).ok());
                    destination.set(imported.and_then(|i| new_destination(&settings.value.get_untracked(), &i)));
                    destination_confirmed.set(false);
                    preview_lines.set(lines);
                    pending.set_value(Some(preview));
                    report.set(None);
                }
                Err(error) => report.set(Some(error.to_string())),
            }
        });
    };
    let apply = move |_| {
        let lang = lang.get_untracked();
        let Some(mut preview) = pending.get_value() else { return };
        // The settings go in without where questions are sent, unless that was ticked.
        if let Some(imported) = preview.data(SETTINGS_RECORD.key).and_then(|d| Settings::deserialize(&d).ok()) {
            let settings =
                from_import(&settings.value.get_untracked(), imported, destination_confirmed.get_untracked());
            preview.set_data(SETTINGS_RECORD.key, serde_json::to_value(settings).expect("settings serialise"));
        }
        match apply_import(&LocalStorage, &preview) {
            Ok(keys) => {
                report.set(Some(format!("{} {}", ui(lang).import_done, keys.join(", "))));
                // Everything reads its state from storage at start: a reload shows the imported data.
                let _ = window().location().reload();
            }
            Err(error) => report.set(Some(error.message(lang))),
        }
    };
    let cancel = move |_| {
        pending.set_value(None);
        preview_lines.set(Vec::new());
        destination.set(None);
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
                    <Show when=move || destination.with(Option::is_some)>
                        <label class="import-destination">
                            <input
                                type="checkbox"
                                id="import-destination"
                                prop:checked=move || destination_confirmed.get()
                                on:change=move |ev| destination_confirmed.set(event_target_checked(&ev))
                            />
                            {move || text().import_destination} " " <strong>{move || destination.get()}</strong>
                        </label>
                    </Show>
                    <button type="button" id="import-apply" on:click=apply>{move || text().import_apply}</button>
                    <button type="button" class="secondary" on:click=cancel>{move || text().cancel}</button>
                </div>
            </Show>
            <p class="data-cap">{move || text().turns_cap.replace("{max}", &MAX_TURNS.to_string()).replace("{archived}", &MAX_ARCHIVED_TURNS.to_string())}</p>
            <p class="data-report" role="status">{move || report.get()}</p>
        </section>
    }
}
