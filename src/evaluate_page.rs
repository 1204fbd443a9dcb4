//! The `evaluate` binary: the browser's "Evaluate on your model" page (see `medagent::web::evaluate`).
//! Natively there is nothing for it to do.

#[cfg(target_arch = "wasm32")]
fn main() {
    medagent::web::mount_evaluate();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    eprintln!("evaluate is the browser app's evaluation page; trunk builds it for wasm32 (scripts/build-app.sh)");
    std::process::ExitCode::from(2)
}
