#!/usr/bin/env python3
"""Reference BM25 scores from Python's rank_bm25 on the tokens our tokenizer makes.

Writes tests/fixtures/bm25_reference.json: for every query in tests/fixtures/bm25_queries.txt,
the top-10 MedQuAD ids with positive BM25Okapi score (k1 1.5, b 0.75, epsilon 0.25) and the scores.
tests/bm25_reference.rs checks our BM25 against it. CI never runs this script; rerun it when the
tokenizer or the corpus changes:

    pip install rank_bm25==0.2.2 numpy
    cargo run --release -- index export-tokens --queries tests/fixtures/bm25_queries.txt --out /tmp/tokens.json
    python3 scripts/bm25_reference.py /tmp/tokens.json
"""
import json
import sys

import numpy as np
import rank_bm25

TOP = 10


def main(tokens_path: str) -> None:
    with open(tokens_path, encoding="utf-8") as f:
        exported = json.load(f)
    ids = [d["id"] for d in exported["documents"]]
    bm25 = rank_bm25.BM25Okapi([d["tokens"] for d in exported["documents"]])
    results = []
    for q in exported["queries"]:
        scores = bm25.get_scores(q["tokens"])
        # Stable sort on the negated score: ties keep document order, like our top-k.
        order = np.argsort(-scores, kind="stable")[:TOP]
        top = [{"id": ids[i], "score": float(scores[i])} for i in order if scores[i] > 0]
        results.append({"query": q["query"], "tokens": q["tokens"], "top": top})
    out = {
        "reference": f"rank_bm25 {getattr(rank_bm25, '__version__', '0.2.2')} BM25Okapi(k1=1.5, b=0.75, epsilon=0.25)",
        "documents": len(ids),
        "queries": results,
    }
    with open("tests/fixtures/bm25_reference.json", "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
    print(f"wrote {len(results)} queries to tests/fixtures/bm25_reference.json")


if __name__ == "__main__":
    main(sys.argv[1])
