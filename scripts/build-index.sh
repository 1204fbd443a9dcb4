#!/usr/bin/env bash
# Builds the static knowledge index into target/site/index when it is missing or stale
# (`medagent index status` decides), so trunk can copy it into the app.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked --quiet --bin medagent
if ./target/release/medagent index status; then
  exit 0
fi
echo "build-index: building the knowledge index"
./target/release/medagent index build
