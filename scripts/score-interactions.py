#!/usr/bin/env python3
"""Scores the medicine interaction check through `medagent chat --json`.

Usage: scripts/score-interactions.py SET.jsonl [--medagent target/release/medagent] [--summary] [--jobs 2]

SET lines: {"lang", "turns": [message, ...], "kind": "pair"|"safe"|"single", "drugs": [...],
"pair": [generic a, generic b]} (the format of tests/fixtures/interactions_*.jsonl). Each
conversation runs alone, with a fresh state, as consecutive turns (`--bm25-only`: the check does not
depend on search). Reported per language:
- pairs flagged: the share of "pair" conversations where some turn reports an interaction naming
  both medicines of the pair (by one-turn and two-turn conversations);
- safe flagged: the share of "safe" conversations where any turn reports any interaction;
- single flagged: the same for questions about one medicine.
Builds without the check report no `interactions`, which scores as nothing flagged.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def norm(name):
    return re.sub(r"[^a-z0-9]+", " ", (name or "").lower()).strip()


def same_drug(reported, expected):
    # "ethinylestradiol" and "ethinyl estradiol" are one name written two ways.
    a, b = norm(reported), norm(expected)
    joined = a.replace(" ", "") == b.replace(" ", "")
    return bool(a and b) and (a == b or joined or a.split()[0] == b.split()[0])


def run(medagent, turns):
    script = "".join(json.dumps({"user": t}, ensure_ascii=False) + "\n" for t in turns)
    with tempfile.TemporaryDirectory() as tmp:
        state = str(Path(tmp) / "state.json")
        out = subprocess.run(
            [medagent, "chat", "--json", "--bm25-only", "--state", state, "--script", "-"],
            input=script, capture_output=True, text=True,
        )
    results = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    if len(results) != len(turns):
        raise SystemExit(f"medagent chat printed {len(results)} turns of {len(turns)}: {out.stderr.strip()[:300]}")
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("set")
    ap.add_argument("--medagent", default="target/release/medagent")
    ap.add_argument("--summary", action="store_true", help="figures only, no message text (blind sets)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    items = [json.loads(l) for l in open(args.set, encoding="utf-8") if l.strip()]
    with ThreadPoolExecutor(args.jobs) as pool:
        outputs = list(pool.map(lambda it: run(args.medagent, it["turns"]), items))

    tally = {}
    notes = []
    for item, turns in zip(items, outputs):
        reported = [i for t in turns for i in (t.get("interactions") or [])]
        t = tally.setdefault(item["lang"], {})
        if item["kind"] == "pair":
            a, b = item["pair"]
            hit = any(
                any(same_drug(d, a) for d in i.get("drugs", [])) and any(same_drug(d, b) for d in i.get("drugs", []))
                for i in reported
            )
            key = f"pairs flagged ({len(item['turns'])} turn{'s' if len(item['turns']) > 1 else ''})"
            for k in ("pairs flagged", key):
                c = t.setdefault(k, [0, 0])
                c[0] += hit
                c[1] += 1
            if not hit:
                notes.append(f"missed pair {a} + {b} ({item['lang']}): {' / '.join(item['turns'])}")
        else:
            flagged = bool(reported)
            c = t.setdefault(f"{item['kind']} flagged", [0, 0])
            c[0] += flagged
            c[1] += 1
            if flagged:
                said = "; ".join(" + ".join(i.get("drugs", [])) for i in reported)
                notes.append(f"flagged {item['kind']} ({item['lang']}) [{said}]: {' / '.join(item['turns'])}")
    for lang, t in sorted(tally.items()):
        print(f"{lang}: " + ", ".join(f"{k} {v[0] / v[1]:.3f} ({v[0]} of {v[1]})" for k, v in sorted(t.items())))
    if not args.summary:
        for n in notes:
            print(n)


if __name__ == "__main__":
    sys.exit(main())
