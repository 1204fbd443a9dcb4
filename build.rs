//! Build script: fast, offline, deterministic. It only records which target the binary was built
//! for, so `medagent --version` can say it.

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=MEDAGENT_BUILD_TARGET={target}");
    println!("cargo:rerun-if-changed=build.rs");
}
