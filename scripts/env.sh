# Sourced (not run) by the scripts that build, serve or test: where the tools and the native binary are.
#
#   MEDAGENT_CACHE    ~/.cache/medagent (or under $XDG_CACHE_HOME): what scripts/setup.sh keeps outside
#                     the repo, shared by every clone: llama-server, cmake, the prebuilt wasm-opt
#   PATH              the tools setup installs first (its wasm-opt in $MEDAGENT_CACHE/bin, trunk and
#                     wasm-bindgen in $CARGO_HOME/bin, playwright-core in node_modules), so trunk finds
#                     them and never another wasm-opt
#   MEDAGENT_PROFILE  the one cargo profile the scripts build the native crate with (Cargo.toml's
#                     `suite`): the tests, the index build and the evals share one build of the dependencies
#   MEDAGENT_BIN      the native CLI of that profile, target/$MEDAGENT_PROFILE/medagent (cargo's
#                     target directory: $CARGO_TARGET_DIR when set); exported, the browser tests' mock
#                     LLM and native embedder (tests/browser/harness.mjs) run it
MEDAGENT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MEDAGENT_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/medagent"
export PATH="$MEDAGENT_CACHE/bin:${CARGO_HOME:-$HOME/.cargo}/bin:$MEDAGENT_ROOT/node_modules/.bin:$PATH"
MEDAGENT_PROFILE=suite
export MEDAGENT_BIN="${CARGO_TARGET_DIR:-$MEDAGENT_ROOT/target}/$MEDAGENT_PROFILE/medagent"
