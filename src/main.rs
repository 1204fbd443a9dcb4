//! The `medagent` binary: the command-line tool natively, the browser app on wasm32.
//! Both are thin shells over the library.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    medagent::cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    medagent::web::mount();
}
