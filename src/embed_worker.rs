//! The `embed-worker` binary: the browser's embedding worker (see `medagent::web::embed_worker`).
//! Natively there is nothing for it to do.

#[cfg(target_arch = "wasm32")]
fn main() {
    medagent::web::embed_worker::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    eprintln!("embed-worker is the browser app's embedding worker; trunk builds it for wasm32 (scripts/serve.sh)");
    std::process::ExitCode::from(2)
}
