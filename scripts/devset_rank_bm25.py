#!/usr/bin/env python3
"""Baseline: rank_bm25 on the development set, with our tokens, to compare with `medagent eval`.

    pip install rank_bm25==0.2.2 numpy
    python3 -c "import json;[print(json.loads(l)['question']) for l in open('tests/fixtures/devset.jsonl')]" > /tmp/dev.txt
    cargo run --release -- index export-tokens --queries /tmp/dev.txt --out /tmp/dev-raw.json
    cargo run --release -- index export-tokens --queries /tmp/dev.txt --bridge --out /tmp/dev-bridged.json
    python3 scripts/devset_rank_bm25.py /tmp/dev-raw.json      # questions as typed
    python3 scripts/devset_rank_bm25.py /tmp/dev-bridged.json  # Korean bridged to English
"""
import gzip
import json
import sys

import numpy as np
import rank_bm25


def main(tokens_path: str) -> None:
    exported = json.load(open(tokens_path, encoding="utf-8"))
    corpus = [json.loads(l) for l in gzip.open("index/corpus/medquad.jsonl.gz", "rt", encoding="utf-8")]
    dev = [json.loads(l) for l in open("tests/fixtures/devset.jsonl", encoding="utf-8")]
    bm25 = rank_bm25.BM25Okapi([d["tokens"] for d in exported["documents"]])
    totals = {}
    for q, tokens in zip(dev, exported["queries"]):
        assert q["question"] == tokens["query"], "devset and exported queries differ"
        scores = bm25.get_scores(tokens["tokens"])
        top = [i for i in np.argsort(-scores, kind="stable")[:10] if scores[i] > 0]
        focus = [f.lower() for f in q["focus"]]
        ranks = [r + 1 for r, i in enumerate(top) if corpus[i]["focus"].lower() in focus and corpus[i]["qtype"] in q["qtype"]]
        n, rr, hit5 = totals.get(q["lang"], (0, 0.0, 0))
        first = ranks[0] if ranks else None
        totals[q["lang"]] = (n + 1, rr + (1 / first if first else 0), hit5 + (1 if first and first <= 5 else 0))
    print(f"{'lang':<5} {'questions':>9} {'MRR@10':>7} {'Hit@5':>7}   (rank_bm25 {tokens_path})")
    for lang, (n, rr, hit5) in sorted(totals.items()):
        print(f"{lang:<5} {n:>9} {rr / n:>7.3f} {hit5 / n:>7.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
