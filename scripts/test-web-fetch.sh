#!/bin/sh
# Runs tests/web_fetch.rs: the browser LLM transport against `medagent mock-llm` in headless
# Chromium. Extra arguments go to cargo test (e.g. --release for the timing). Needs chromium +
# chromium-driver from apt and wasm-bindgen-cli matching Cargo.lock on PATH.
set -eu
cd "$(dirname "$0")/.."
PORT="${MOCK_PORT:-18080}"
cargo build --quiet --bin medagent
./target/debug/medagent mock-llm --port "$PORT" >/dev/null &
MOCK_PID=$!
trap 'kill $MOCK_PID' EXIT
MEDAGENT_MOCK_URL="http://127.0.0.1:$PORT" CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown --test web_fetch "$@" -- --nocapture
