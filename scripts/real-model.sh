#!/usr/bin/env bash
# Serves the pinned real model (SmolLM2-135M-Instruct Q4_1) with llama.cpp's llama-server on loopback
# until stopped (Ctrl-C, or a signal to this process): OpenAI chat completions (/v1/chat/completions,
# with JSON-schema `response_format`) and Anthropic messages (/v1/messages), both streaming or not.
#
#   scripts/real-model.sh --port 18940 [--n-predict N]
#   medagent ask --provider openai --base-url http://127.0.0.1:18940 "What is gout?"   (OPENAI_API_KEY: any)
#
# Reading the prompt uses two threads (a 2-core machine's both: prompts of a few thousand tokens are most
# of a turn's time); writing uses one, since llama.cpp's threads wait for each other at every step of a
# 135M model and a second one stalls whenever anything else (a browser, the client) takes a core. One
# request at a time; a fixed seed, and greedy sampling unless the request sets a temperature.
# --n-predict caps a reply whose request sets no max_tokens (default 512). Sets up what is missing
# first (scripts/setup-real-model.sh: seconds when present).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

port=
n_predict=512
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="${2:-}"; shift 2 ;;
    --port=*) port="${1#--port=}"; shift ;;
    --n-predict) n_predict="${2:-}"; shift 2 ;;
    --n-predict=*) n_predict="${1#--n-predict=}"; shift ;;
    *) echo "real-model: unknown option '$1' (usage: scripts/real-model.sh --port P [--n-predict N])" >&2; exit 2 ;;
  esac
done
[[ "$port" =~ ^[0-9]+$ ]] || { echo "real-model: give the port: scripts/real-model.sh --port P" >&2; exit 2; }
[[ "$n_predict" =~ ^[0-9]+$ ]] || { echo "real-model: --n-predict takes a number of tokens" >&2; exit 2; }

"$ROOT/scripts/setup-real-model.sh" >&2
server="${XDG_CACHE_HOME:-$HOME/.cache}/medagent/llama-server-0.3.36/llama-server"
model="$ROOT/model/SmolLM2-135M-Instruct.Q4_1.gguf"

echo "real-model: serving $(basename "$model") on http://127.0.0.1:$port (OpenAI /v1/chat/completions, Anthropic /v1/messages)" >&2
# --ctx-size: the agent's answer prompt (profile, eight passages, the question) fits in 8192 tokens,
# SmolLM2's trained context. --n-predict caps a reply whose request sets no max_tokens (the agent's
# answer), so a model that never stops cannot hold a test for minutes: SmolLM2-135M writes until the cap.
exec "$server" --model "$model" --alias smollm2-135m-instruct \
  --host 127.0.0.1 --port "$port" \
  --threads 1 --threads-batch 2 --parallel 1 --ctx-size 8192 --n-predict "$n_predict" \
  --seed 42 --temp 0 --top-k 1 \
  --no-webui
