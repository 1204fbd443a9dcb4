//! Shared by the integration tests: a provider pointed at `medagent mock-llm` with tight limits so
//! no test can hang (the native and the browser transport tests), and the concept lexicon.

use medagent::llm::provider::RetryPolicy;
use medagent::llm::{ApiKey, Provider, ProviderConfig, ProviderKind};
use medagent::platform::http::{HttpTransport, Limits};
use std::rc::Rc;
use std::time::Duration;

/// A `kind` provider on the mock at `base`, through `/fault/{fault}` unless `fault` is empty.
/// First byte within 0.7 s; retries back off 20 ms and wait at most 2 s.
pub fn mock_provider(
    base: &str,
    kind: ProviderKind,
    fault: &str,
    key: &str,
    transport: Rc<dyn HttpTransport>,
) -> Provider {
    let mut config = ProviderConfig::new(kind);
    config.base_url = if fault.is_empty() { base.to_string() } else { format!("{base}/fault/{fault}") };
    config.model = "mock-1".into();
    config.key = Some(ApiKey::new(key, false));
    let mut provider = Provider::from_config(&config, transport).expect("not offline");
    provider.limits = Limits { first_byte: Duration::from_millis(700), total: Duration::from_secs(20) };
    provider.retry =
        RetryPolicy { max_retries: 2, base_backoff: Duration::from_millis(20), max_wait: Duration::from_secs(2) };
    provider
}

/// The concept lexicon built from the committed sources (index/lexicon), once per test run.
#[cfg(not(target_arch = "wasm32"))]
pub fn lexicon() -> &'static medagent::lexicon::Lexicon {
    static LEXICON: std::sync::OnceLock<medagent::lexicon::Lexicon> = std::sync::OnceLock::new();
    LEXICON.get_or_init(|| {
        let sources = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/index/lexicon"));
        medagent::cli::files::load_lexicon(sources).expect("the lexicon builds from index/lexicon")
    })
}

/// A clock that never moves: every turn happens at the same instant and takes no time.
#[cfg(not(target_arch = "wasm32"))]
pub struct FixedClock;

#[cfg(not(target_arch = "wasm32"))]
impl medagent::pipeline::ports::Clock for FixedClock {
    fn now_ms(&self) -> f64 {
        1.7e12
    }
    fn monotonic_ms(&self) -> f64 {
        0.0
    }
}
