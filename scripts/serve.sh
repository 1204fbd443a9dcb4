#!/usr/bin/env bash
# Sets up what is missing, builds the app and serves it on http://127.0.0.1:8080 (trunk serve).
# Extra arguments go to trunk, e.g. `scripts/serve.sh --port 9000`.
set -euo pipefail
cd "$(dirname "$0")/.."
# node_modules/.bin first: trunk must find binaryen 132's wasm-opt, not an older system one.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
scripts/setup.sh
scripts/build-index.sh
echo "serve: building the app (release) and serving it; open the address trunk prints"
exec trunk serve --release "$@"
