//! What the agent remembers: the patient profile ([`profile`]), the conversation ([`conversation`])
//! and answers already given ([`cache`]). All of it is plain serde data so the browser can keep it
//! in storage and the CLI in a `--state` file.

pub mod cache;
pub mod conversation;
pub mod profile;
pub mod similarity;

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Everything remembered across turns, for every user of this device.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    pub profiles: profile::ProfileStore,
    /// Conversation per user id.
    pub conversations: BTreeMap<String, conversation::Conversation>,
    pub cache: cache::ResponseCache,
}
