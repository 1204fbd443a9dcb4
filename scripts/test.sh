#!/usr/bin/env bash
# The whole test suite: native `cargo test`, the wasm release build, and the browser tests in
# headless Chromium. Sets up missing tools first. Stops at the first failing step.
set -euo pipefail
cd "$(dirname "$0")/.."
# node_modules/.bin first: trunk must find binaryen 132's wasm-opt, not an older system one.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

step() { printf '\n==> %s\n' "$*"; }
started=$SECONDS

step "setup"
scripts/setup.sh --browser-tests

step "native tests (cargo test)"
cargo test --locked

step "knowledge index (medagent index build, when stale)"
scripts/build-index.sh

step "wasm release build (trunk build --release)"
trunk build --release
for wasm in dist/*.wasm; do
    printf 'wasm: %s, %s bytes raw, %s bytes gzip -9\n' "$wasm" "$(stat -c %s "$wasm")" "$(gzip -9c "$wasm" | wc -c)"
done

step "browser tests (headless Chromium)"
npm run --silent test:browser

step "browser LLM transport against mock-llm (wasm-bindgen-test in headless Chromium)"
scripts/test-web-fetch.sh --release

printf '\ntest.sh: all steps passed in %ss\n' "$((SECONDS - started))"
