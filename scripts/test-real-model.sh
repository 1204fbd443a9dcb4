#!/usr/bin/env bash
# The real-model tier: starts scripts/real-model.sh (llama-server, SmolLM2-135M-Instruct) on
# a loopback port, waits until it has loaded the model, then runs the CLI tests (tests/real_model.rs,
# ignored by plain `cargo test`) and the browser tests (tests/real-model/, the app's OpenAI-compatible
# provider pointed at the server; needs dist/ from scripts/build-app.sh). Stops the server at the end.
# Answers are capped at 160 tokens: SmolLM2-135M never stops by itself, and what the tests check (the
# notice first, the sources, citations or the unsupported mark, the language, Stop, a cut connection)
# holds for an answer of any length; at the server's default 512 each answer took a minute. About 15
# turns: a few minutes on two cores. REAL_MODEL_PORT picks the port (default 18940).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
port="${REAL_MODEL_PORT:-18940}"
base="http://127.0.0.1:$port"

log="$(mktemp)"
scripts/real-model.sh --port "$port" --n-predict 160 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
# /health answers 503 while the model loads, 200 once it can serve.
for _ in $(seq 1 240); do
  if curl -fsS "$base/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then
    tail -30 "$log" >&2
    echo "test-real-model: the model server exited before it was ready (log above)" >&2
    exit 1
  fi
  sleep 0.5
done
curl -fsS "$base/health" >/dev/null || { tail -30 "$log" >&2; echo "test-real-model: the model server is not ready after 120 s" >&2; exit 1; }
echo "test-real-model: llama-server ready on $base"

export MEDAGENT_REAL_MODEL_URL="$base"
cargo test --locked --profile "$MEDAGENT_PROFILE" --test tests real_model -- --ignored --test-threads 1
node --test --test-concurrency=1 tests/real-model/
