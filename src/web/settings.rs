//! The settings panel: provider, model, key, mode, emergency-number country, ablation profile and
//! flags; and where settings are kept (localStorage record; a key not meant to be remembered goes to
//! sessionStorage).

use super::engine::test_connection;
use super::state::{Change, Preferences};
use super::storage::{load_or_default, LocalStorage};
use crate::i18n::{ui, Lang};
use crate::llm::config::choice_name;
use crate::llm::{describe, ApiKey, ProviderKind};
use crate::persist::{save, StoreError};
use crate::pipeline::flags::{Flags, PROFILES};
use crate::pipeline::state::Mode;
use crate::records::SETTINGS_RECORD;
use crate::settings::Settings;
use crate::triage::Country;
use leptos::prelude::*;

/// sessionStorage key of an API key kept for this tab only.
const SESSION_KEY: &str = "medagent.session-key";

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// The stored settings (with a session-only key put back), and why they could not be read if so.
pub fn load_settings(lang: Lang) -> (Settings, Option<String>) {
    let (mut settings, problem) = load_or_default::<Settings>(&SETTINGS_RECORD, lang);
    if settings.provider.key.is_none() {
        let session_key = session_storage().and_then(|s| s.get_item(SESSION_KEY).ok().flatten());
        settings.provider.key = session_key.map(|k| ApiKey::new(k, false));
    }
    (settings, problem)
}

/// Saves `settings`; the key goes to the record only when remembered, else to sessionStorage.
pub fn save_settings(settings: &Settings) -> Result<(), StoreError> {
    if let Some(session) = session_storage() {
        // sessionStorage is best effort: without it a session-only key lives until the page closes.
        let _ = match &settings.provider.key {
            Some(key) if !key.remembered() => session.set_item(SESSION_KEY, key.expose()),
            _ => session.remove_item(SESSION_KEY),
        };
    }
    save(&LocalStorage, &SETTINGS_RECORD, settings)
}

/// A flag the panel shows as a checkbox: its name in the seeds, how to read and set it.
type FlagBox = (&'static str, fn(&Flags) -> bool, fn(&mut Flags, bool));

const FLAG_BOXES: [FlagBox; 13] = [
    ("self_refine_enabled", |f| f.self_refine_enabled, |f, v| f.self_refine_enabled = v),
    ("llm_quality_check", |f| f.llm_quality_check, |f, v| f.llm_quality_check = v),
    ("dynamic_query_rewrite", |f| f.dynamic_query_rewrite, |f, v| f.dynamic_query_rewrite = v),
    ("safety_stops", |f| f.safety_stops, |f, v| f.safety_stops = v),
    ("active_retrieval_enabled", |f| f.active_retrieval_enabled, |f, v| f.active_retrieval_enabled = v),
    ("response_cache_enabled", |f| f.response_cache_enabled, |f, v| f.response_cache_enabled = v),
    ("dynamic_rag_routing", |f| f.dynamic_rag_routing, |f, v| f.dynamic_rag_routing = v),
    ("lexicon_extraction", |f| f.lexicon_extraction, |f, v| f.lexicon_extraction = v),
    ("query_planning", |f| f.query_planning, |f, v| f.query_planning = v),
    ("neighbour_expansion", |f| f.neighbour_expansion, |f, v| f.neighbour_expansion = v),
    ("rerank", |f| f.rerank, |f, v| f.rerank = v),
    ("sufficiency_check", |f| f.sufficiency_check, |f, v| f.sufficiency_check = v),
    ("grounding_grade", |f| f.grounding_grade, |f, v| f.grounding_grade = v),
];

/// The largest call budget the settings accept (the study never needs more than a few).
const MAX_CALL_BUDGET: usize = 20;

/// The choices of the provider menu: no model, then each service.
const KINDS: [Option<ProviderKind>; 4] =
    [None, Some(ProviderKind::Openai), Some(ProviderKind::Anthropic), Some(ProviderKind::Gemini)];

/// The settings panel. Every change applies at once and is saved.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let Preferences { lang, settings: kept } = expect_context::<Preferences>();
    let settings = kept.value;
    let text = move || ui(lang.get());
    let report = RwSignal::new(None::<String>);
    let testing = RwSignal::new(false);
    // Its effect saves the change (a refusal puts the settings back and says so above the chat).
    let change = move |edit: &dyn Fn(&mut Settings)| {
        kept.update(Change::Edit, |s| edit(s));
        report.set(None);
    };
    let kind = move || settings.with(|s| s.provider.kind);
    let remembered = move || settings.with(|s| s.provider.key.as_ref().is_some_and(ApiKey::remembered));

    let test = move |_| {
        let config = settings.get_untracked().provider;
        testing.set(true);
        report.set(None);
        leptos::task::spawn_local(async move {
            let lang = lang.get_untracked();
            let message = match test_connection(&config).await {
                Ok(_) if config.kind.is_none() => ui(lang).offline_nothing_to_test.to_string(),
                Ok(reply) => format!("{} {}", ui(lang).connection_ok, reply.trim()),
                Err(error) => describe(&error, lang),
            };
            testing.set(false);
            report.set(Some(message));
        });
    };

    view! {
        <details class="panel settings" id="settings">
            <summary><h2>{move || text().settings}</h2></summary>
            <label for="provider">{move || text().provider}</label>
            <select id="provider" prop:value=move || choice_name(kind())
                on:change=move |ev| {
                    let chosen = event_target_value(&ev);
                    change(&|s| if let Some(k) = KINDS.iter().find(|k| choice_name(**k) == chosen) { s.provider.kind = *k });
                }>
                {KINDS.map(|k| {
                    let label = move || match k {
                        None => text().provider_offline,
                        Some(ProviderKind::Openai) => text().provider_openai,
                        Some(ProviderKind::Anthropic) => text().provider_anthropic,
                        Some(ProviderKind::Gemini) => text().provider_gemini,
                    };
                    view! { <option value=choice_name(k)>{label}</option> }
                })}
            </select>
            <Show when=move || kind().is_some()>
                <label for="base-url">{move || text().base_url}</label>
                <input id="base-url" type="url" spellcheck="false" placeholder=move || kind().map_or("", ProviderKind::default_base_url)
                    prop:value=move || settings.with(|s| s.provider.base_url.clone())
                    on:input=move |ev| { let v = event_target_value(&ev); change(&|s| s.provider.base_url = v.clone()) } />
                <Show when=move || settings.with(|s| !crate::llm::provider::page_may_connect(s.provider.base_url()))>
                    <p class="base-url-blocked" role="alert">{move || text().base_url_blocked}</p>
                </Show>
                <label for="model">{move || text().model}</label>
                <input id="model" type="text" spellcheck="false" placeholder=move || kind().map_or("", ProviderKind::default_model)
                    prop:value=move || settings.with(|s| s.provider.model.clone())
                    on:input=move |ev| { let v = event_target_value(&ev); change(&|s| s.provider.model = v.clone()) } />
                <label for="api-key">{move || text().api_key}</label>
                <input id="api-key" type="password" autocomplete="off" spellcheck="false"
                    prop:value=move || settings.with(|s| s.provider.key().unwrap_or_default().to_string())
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        let remember = remembered();
                        change(&|s| s.provider.key = (!v.trim().is_empty()).then(|| ApiKey::new(v.trim(), remember)))
                    } />
                <p class="key-warning">{move || text().key_warning}</p>
                <label class="check">
                    <input id="remember-key" type="checkbox" prop:checked=remembered
                        on:change=move |ev| {
                            let remember = event_target_checked(&ev);
                            change(&|s| if let Some(key) = &s.provider.key { s.provider.key = Some(ApiKey::new(key.expose(), remember)) })
                        } />
                    {move || text().remember_key}
                </label>
            </Show>
            <button type="button" id="test-connection" on:click=test disabled=move || testing.get()>
                {move || if testing.get() { text().testing } else { text().test_connection }}
            </button>
            <p class="settings-report" role="status" aria-live="polite">{move || report.get()}</p>

            <label for="mode">{move || text().mode}</label>
            <select id="mode" prop:value=move || if settings.with(|s| s.mode) == Mode::Llm { "llm" } else { "agent" }
                on:change=move |ev| { let llm = event_target_value(&ev) == "llm"; change(&|s| s.mode = if llm { Mode::Llm } else { Mode::Agent }) }>
                <option value="agent">{move || text().mode_agent}</option>
                <option value="llm">{move || text().mode_llm}</option>
            </select>
            <label for="country">{move || text().country}</label>
            <select id="country" prop:value=move || settings.with(|s| s.country.code())
                on:change=move |ev| { let code = event_target_value(&ev); change(&|s| s.country = Country::from_code(&code).unwrap_or_default()) }>
                {Country::ALL.map(|c| view! { <option value=c.code()>{move || c.label(lang.get())}</option> })}
            </select>
            <label for="ablation">{move || text().ablation}</label>
            <select id="ablation" prop:value=move || settings.with(|s| s.profile.clone().unwrap_or_default())
                on:change=move |ev| { let name = event_target_value(&ev); change(&|s| { s.use_profile(&name); }) }>
                {PROFILES.map(|p| view! { <option value=p>{p}</option> })}
                <option value="" disabled=true>{move || text().custom_flags}</option>
            </select>
            <label for="max-llm-calls">{move || text().max_llm_calls}</label>
            <input id="max-llm-calls" type="number" min="0" max=MAX_CALL_BUDGET.to_string() step="1"
                prop:value=move || settings.with(|s| s.flags.max_llm_calls_per_turn.to_string())
                on:change=move |ev| {
                    // A number outside 0..=20, or no number, keeps the budget as it was.
                    if let Some(n) = event_target_value(&ev).trim().parse::<usize>().ok().filter(|n| *n <= MAX_CALL_BUDGET) {
                        change(&|s| s.edit_flags(|f| f.max_llm_calls_per_turn = n));
                    } else {
                        report.set(Some(text().max_llm_calls_invalid.replace("{max}", &MAX_CALL_BUDGET.to_string())));
                    }
                } />
            <fieldset class="flags">
                <legend>{move || text().flags}</legend>
                {FLAG_BOXES.map(|(name, get, set)| view! {
                    <label class="check">
                        <input type="checkbox" name=name prop:checked=move || settings.with(|s| get(&s.flags))
                            on:change=move |ev| { let on = event_target_checked(&ev); change(&|s| s.edit_flags(|f| set(f, on))) } />
                        <code>{name}</code>
                    </label>
                })}
            </fieldset>
        </details>
    }
}
