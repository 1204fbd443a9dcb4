//! The `medagent` binary as a user runs it.

use std::process::Command;

fn medagent(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_medagent")).args(args).output().expect("run medagent")
}

#[test]
fn version_names_the_crate_version_and_target() {
    let out = medagent(&["--version"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(&format!("medagent {}", env!("CARGO_PKG_VERSION"))), "{text}");
    assert!(text.contains(std::env::consts::ARCH), "{text}");
}

#[test]
fn help_describes_the_tool() {
    let out = medagent(&["--help"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Usage: medagent"), "{text}");
    assert!(text.contains("medical"), "{text}");
}

#[test]
fn no_arguments_shows_help_and_fails() {
    let out = medagent(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: medagent"));
}

#[test]
fn an_unknown_subcommand_is_an_error_with_a_hint() {
    let out = medagent(&["frobnicate"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("frobnicate"), "{err}");
}
