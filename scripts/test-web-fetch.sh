#!/usr/bin/env bash
# Runs tests/web_fetch.rs: the browser LLM transport against `medagent mock-llm` in headless
# Chromium. Extra arguments go to cargo test; scripts/test.sh passes `--profile wasm-worker`, the
# profile of the app's embedding worker, so the test reuses the wasm32 dependencies scripts/build-app.sh
# compiled (optimised, for the timing it prints). Needs chromium + chromium-driver from apt and
# wasm-bindgen-cli matching Cargo.lock on PATH (scripts/setup.sh --browser-tests).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
PORT="${MOCK_PORT:-18080}"
cargo build --locked --quiet --profile "$MEDAGENT_PROFILE" --bin medagent
"$MEDAGENT_BIN" mock-llm --port "$PORT" >/dev/null &
MOCK_PID=$!
trap 'kill $MOCK_PID' EXIT
MEDAGENT_MOCK_URL="http://127.0.0.1:$PORT" CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --locked --target wasm32-unknown-unknown --test web_fetch "$@" -- --nocapture
