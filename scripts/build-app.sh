#!/usr/bin/env bash
# Builds the release app into dist/ (trunk build --release) unless dist/ was built from exactly the
# inputs there are now. The stamp dist/.inputs holds the sha256 of everything the build reads (the
# sources, Cargo.lock, the build configuration, the labelled triage sets the build trains the triage
# classifier from, the knowledge index, the vectors, the browser's model) and of the tools that shape
# its output. Run scripts/build-index.sh first: the index is an input. The files triage reads (the
# classifier, the concept table, the Korean medicine names) are served as files of their own
# (target/site/triage/, written by the native build), so the app's wasm holds only their SHA-256 and
# refuses any other. The Evaluate page (evaluate.html, the study on the user's own model) is a wasm
# binary of its own, built by a trunk run of its own (Trunk.evaluate.toml) before the app's, whose build
# copies it into the site: dist/ is complete only after both, and the stamp is written after both.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tools setup installs first on PATH: trunk must find its wasm-opt, not another one.
source scripts/env.sh

say() { printf 'build-app: %s\n' "$*"; }

for input in target/site/index www/generated/model; do
  [ -d "$input" ] || { echo "build-app: $input is missing: run scripts/build-index.sh first" >&2; exit 1; }
done
# The triage files the app fetches, from the native build (the same build.rs trains the classifier the
# checkout's labelled sets make and lists the medicine names; their SHA-256 is in the wasm).
cargo build --profile "$MEDAGENT_PROFILE" --locked --quiet --bin medagent
"$MEDAGENT_BIN" triage --export-site target/site > /dev/null

inputs_stamp() {
  {
    find src www .cargo index/vectors target/site/index target/site/triage tests/fixtures -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    sha256sum Cargo.toml Cargo.lock Trunk.toml Trunk.evaluate.toml build.rs scripts/csp.mjs scripts/offline-list.mjs
    rustc --version; trunk --version; wasm-bindgen --version; wasm-opt --version
  } | sha256sum | cut -d' ' -f1
}

stamp=$(inputs_stamp)
if [ -f dist/index.html ] && [ "$(cat dist/.inputs 2>/dev/null)" = "$stamp" ]; then
  say "the app in dist/ is current (nothing it is built from changed)"
  exit 0
fi
say "building the app (trunk build --release: three wasm binaries, then wasm-opt; a few minutes after a code change)"
started=$SECONDS
rm -f dist/.inputs
# The Evaluate page first (trunk builds one page per run): the app's build copies it into the site.
trunk --config Trunk.evaluate.toml build --release
trunk build --release
echo "$stamp" > dist/.inputs
say "built in $((SECONDS - started)) s"
