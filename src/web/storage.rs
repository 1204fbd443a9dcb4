//! [`KeyValue`] over the browser's localStorage, and the request for persistent storage.

use crate::i18n::{ui, Lang};
use crate::persist::{load, KeyValue, Loaded, RecordKind, StoreError};
use serde::de::DeserializeOwned;
use wasm_bindgen::JsCast;

/// The page's localStorage. Operations on a browser without storage report `Unavailable`.
pub struct LocalStorage;

fn storage() -> Result<web_sys::Storage, StoreError> {
    web_sys::window()
        .ok_or_else(|| StoreError::Unavailable("no window".into()))?
        .local_storage()
        .map_err(|e| StoreError::Unavailable(js_message(&e)))?
        .ok_or_else(|| StoreError::Unavailable("localStorage is disabled".into()))
}

fn js_message(err: &wasm_bindgen::JsValue) -> String {
    err.dyn_ref::<web_sys::DomException>().map(|e| e.message()).unwrap_or_else(|| format!("{err:?}"))
}

impl KeyValue for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        storage()?.get_item(key).map_err(|e| StoreError::Unavailable(js_message(&e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        request_persistence();
        storage()?.set_item(key, value).map_err(|e| {
            let quota = e.dyn_ref::<web_sys::DomException>().is_some_and(|d| d.name() == "QuotaExceededError");
            if quota {
                StoreError::QuotaExceeded
            } else {
                StoreError::Unavailable(js_message(&e))
            }
        })
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        storage()?.remove_item(key).map_err(|e| StoreError::Unavailable(js_message(&e)))
    }

    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let storage = storage()?;
        let len = storage.length().map_err(|e| StoreError::Unavailable(js_message(&e)))?;
        Ok((0..len).filter_map(|i| storage.key(i).ok().flatten()).collect())
    }
}

/// A loaded record, or the default when none is stored or it cannot be read, with the notice in
/// `lang` if so: "backed up and started fresh" only when that is what happened (the unreadable value
/// is kept under the backup key named), else why storage could not be used.
pub fn loaded_or_default<T: Default>(loaded: Result<Loaded<T>, StoreError>, lang: Lang) -> (T, Option<String>) {
    match loaded {
        Ok(Loaded::Found(value)) => (value, None),
        Ok(Loaded::Missing) => (T::default(), None),
        Ok(Loaded::Recovered { backup_key, reason }) => {
            (T::default(), Some(format!("{} ({reason}; backup: {backup_key})", ui(lang).storage_recovered)))
        }
        Err(e) => (T::default(), Some(e.message(lang))),
    }
}

/// The stored record of `kind`; see [`loaded_or_default`].
pub fn load_or_default<T: DeserializeOwned + Default>(kind: &RecordKind, lang: Lang) -> (T, Option<String>) {
    loaded_or_default(load::<T>(&LocalStorage, kind), lang)
}

thread_local! {
    static PERSISTENCE_ASKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Asks the browser, once per page and when the app first saves something (not on a visit that
/// stores nothing), to keep this site's storage under pressure. Best effort: the browser decides, and
/// the page's storage line (www/offline.js) shows whether it was granted.
fn request_persistence() {
    if PERSISTENCE_ASKED.with(|asked| asked.replace(true)) {
        return;
    }
    if let Some(window) = web_sys::window() {
        if let Ok(promise) = window.navigator().storage().persist() {
            // The answer only matters to the browser; a refusal changes nothing for the app.
            wasm_bindgen_futures::spawn_local(async move {
                let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
            });
        }
    }
}
