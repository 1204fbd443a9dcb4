#!/usr/bin/env python3
"""Writes index/lexicon/topic_names.txt: the MedQuAD focus names the transliteration matcher can reach
(one or two words besides the generic disease words), deduplicated case-insensitively."""
import gzip
import json
import re

GENERIC = {"syndrome", "disease", "infection", "infections", "fever", "virus", "disorder"}
HEADER = """# English topic names of the corpus (MedQuAD focus names) that the transliteration matcher can
# reach from Korean written by sound (길랑바레 -> Guillain-Barre syndrome); only names of one or two
# words besides syndrome/disease/infection/fever/virus/disorder. One per line. Made from
# index/corpus/medquad.jsonl.gz (MedQuAD, CC BY 4.0) by scripts/topic-names.py.
"""

seen = {}
with gzip.open("index/corpus/medquad.jsonl.gz", "rt") as corpus:
    for line in corpus:
        focus = json.loads(line)["focus"].strip()
        words = [w for w in re.split(r"[\s\-]+", focus.lower()) if w]
        heads = [re.sub(r"('s|')$", "", w) for w in words]
        heads = [w for w in heads if w and w not in GENERIC]
        if 1 <= len(heads) <= 2 and all(re.fullmatch(r"[a-z']+", w) for w in heads):
            seen.setdefault(focus.lower(), focus)
with open("index/lexicon/topic_names.txt", "w") as out:
    out.write(HEADER)
    for key in sorted(seen):
        out.write(seen[key] + "\n")
