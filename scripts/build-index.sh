#!/usr/bin/env bash
# Builds the static knowledge index into target/site/index when it is missing or stale
# (`medagent index status` decides), and the browser's copy of the embedding model (int8 encoder and
# token shards) into www/generated/model when it is missing, in another format or made from another
# model, so trunk can copy both into the app.
# (The vector index, index/vectors/, is committed: see README.)
# The CLI is built with the profile scripts/test.sh tests with (scripts/env.sh), so serving and testing
# share one native build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
cargo build --profile "$MEDAGENT_PROFILE" --locked --quiet --bin medagent
"$MEDAGENT_BIN" model prepare
if "$MEDAGENT_BIN" index status; then
  exit 0
fi
echo "build-index: building the knowledge index"
"$MEDAGENT_BIN" index build
