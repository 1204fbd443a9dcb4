#!/usr/bin/env bash
# Measures the README's test command as a new user meets it on a fresh machine, and prints each step's
# time. It runs in a fresh clone of this checkout's HEAD (commit first: uncommitted changes are not in
# it) with nothing that an earlier run left: an empty CARGO_HOME (holding only the rustup toolchain's
# proxies, so no trunk, wasm-bindgen or registry cache), no cargo target directory, an empty
# XDG_CACHE_HOME (no llama-server, cmake, wasm-opt or pip cache) and an empty npm cache. What stays is
# what a fresh machine has: the rustup toolchain (with its wasm32 target, if it was added before: a
# download of seconds), Node.js, Python, and the Debian packages already installed (Chromium, when a
# run installed it before: apt is the machine's).
#
#   scripts/measure-fresh.sh                 the cold run: CI=true bash .ci/run (scripts/test.sh)
#   scripts/measure-fresh.sh --warm          then the same command again, everything present
#   scripts/measure-fresh.sh --keep          keep the clone and its caches (several GB) afterwards
#
# The whole log goes to /tmp/medagent-fresh-<time>.log; the summary (each step of scripts/test.sh and
# of scripts/setup.sh with its seconds, and the total) is printed at the end of each run. Measure on an
# idle machine: the load average is printed before and after, as a check.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

warm=false
keep=false
for arg in "$@"; do
  case "$arg" in
    --warm) warm=true ;;
    --keep) keep=true ;;
    *) echo "measure-fresh: unknown option '$arg' (known: --warm, --keep)" >&2; exit 2 ;;
  esac
done

say() { printf 'measure-fresh: %s\n' "$*"; }
rustup_bin="$(command -v rustup)" || { echo "measure-fresh: rustup is not on PATH" >&2; exit 1; }
real_cargo_bin="$(dirname "$rustup_bin")"

dir="$(mktemp -d /tmp/medagent-fresh.XXXXXX)"
log="/tmp/medagent-fresh-$(date +%Y%m%d-%H%M%S).log"
if ! $keep; then trap 'rm -rf "$dir"' EXIT; fi

# A CARGO_HOME with the toolchain's proxies only (cargo, rustc, ... are all rustup under another name).
mkdir -p "$dir/cargo/bin" "$dir/cache" "$dir/npm-cache"
for tool in cargo rustc rustup rustdoc cargo-clippy clippy-driver rustfmt cargo-fmt rust-gdb rust-lldb; do
  if [ -e "$real_cargo_bin/$tool" ]; then ln -s "$real_cargo_bin/$tool" "$dir/cargo/bin/$tool"; fi
done
# PATH without the old CARGO_HOME's bin and the old tool cache.
path="$dir/cargo/bin"
IFS=: read -r -a entries <<<"$PATH"
for entry in "${entries[@]}"; do
  case "$entry" in
    "$real_cargo_bin" | "${XDG_CACHE_HOME:-$HOME/.cache}/medagent/bin" | "$ROOT/node_modules/.bin" | "") ;;
    *) path="$path:$entry" ;;
  esac
done

git clone --quiet --no-local "$ROOT" "$dir/repo"
say "fresh clone of $(git -C "$dir/repo" rev-parse --short HEAD) in $dir/repo; log: $log"

# One run of the README's test command (as CI runs it), its output to the terminal and the log, then the
# summary of its step times.
run() {
  local label="$1" started=$SECONDS status=0
  say "$label run: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  (
    cd "$dir/repo"
    env -u CARGO_TARGET_DIR CARGO_HOME="$dir/cargo" XDG_CACHE_HOME="$dir/cache" npm_config_cache="$dir/npm-cache" \
      PATH="$path" CI=true bash .ci/run
  ) 2>&1 | tee "$log.$label" || status=$?
  cat "$log.$label" >>"$log" && rm -f "$log.$label"
  local total=$((SECONDS - started))
  say "$label run: exit $status in $total s ($((total / 60)) min $((total % 60)) s); load average now $(cut -d' ' -f1-3 /proc/loadavg)"
  summary "$label" "$total"
  return "$status"
}

# Each `==> step` of scripts/test.sh with the `(N s)` that ends it, and setup's timed lines.
summary() {
  printf '\nmeasure-fresh: %s run, step times (s):\n' "$1"
  awk '
    /^==> / { step = substr($0, 5); parts = ""; next }
    /^setup: .*\([0-9]+ s\)$/ { parts = parts sprintf("          %s\n", $0); next }
    /^\([0-9]+ s\)$/ && step != "" { gsub(/[()s ]/, ""); printf "  %6d  %s\n%s", $0, step, parts; step = ""; next }
  ' "$log"
  printf '  %6d  total (%d min)\n' "$2" "$(($2 / 60))"
}

status=0
run cold || status=$?
if [ "$status" -eq 0 ] && $warm; then
  # The summary reads the whole log: the warm run gets a log of its own.
  mv "$log" "$log.cold"
  run warm || status=$?
  mv "$log" "$log.warm"
  say "logs: $log.cold, $log.warm"
else
  say "log: $log"
fi
if $keep; then say "kept: $dir (clone in repo/, CARGO_HOME in cargo/, caches in cache/ and npm-cache/)"; fi
exit "$status"
