#!/usr/bin/env python3
"""Writes index/lexicon/focus_names_ko.tsv: the Korean names of every MedQuAD focus, one row per focus,
from the batch files written for it (`focus standard everyday abbreviations kcd`, tab-separated, with a
header), adding the `kind` column the lexicon reads (condition or topic).

    python3 scripts/focus-names.py /work/data38/batch-*.tsv

Each row is checked (five columns, a standard name, the focus a corpus focus, no focus twice); names
are trimmed, deduplicated within the row, and names no one-word search may carry are dropped (one
syllable, or a word as general as 암 or 질환 alone). Every corpus focus must have a row.

`kind` says whether the focus is a condition a person can have (it may become a profile fact) or a
topic only searched for (a test, a procedure, healthy living, "Children's Page"): a condition when the
KCD names it, or its pages come from a source of disease pages only (GARD, GHR, NINDS, CancerGov) or
ask what only a condition has (symptoms, causes, inheritance, genetic changes, frequency,
susceptibility, stages, complications, outlook), or its Korean standard name ends as a disease name
does (병, 증, 증후군, 염, 암, 종양, 질환, 장애, 감염 ...), or its English name has a disease word
(disease, syndrome, deficiency, tumor, deletion ...), or it is one of the health topics listed in
CONDITIONS; otherwise a topic.
"""
import gzip
import json
import sys
from collections import defaultdict

CORPUS = "index/corpus/medquad.jsonl.gz"
OUT = "index/lexicon/focus_names_ko.tsv"
HEADER = "focus\tstandard\teveryday\tabbreviations\tkcd"
COMMENT = """# Korean names of every MedQuAD focus (the corpus's topics), one row per focus, read by the lexicon
# (src/lexicon/focus.rs): each name searches with its focus's English name.
# Columns (tab-separated, names |-separated): focus (the MedQuAD focus, English); standard (the name
# a Korean hospital site or 국가건강정보포털 uses); everyday (what people say or type); abbreviations
# (acronyms and short forms people type); kcd (the KCD's Korean name, where one equals the focus);
# kind (condition: a condition a person can have; topic: searched for, never a profile fact).
# Sources: standard, everyday and abbreviations are written by medagent (project-authored data,
# reviewed row by row against each focus's English page); kcd is from the KCD (Statistics Korea's
# classification, see LICENSES.md); kind is made by scripts/focus-names.py from the corpus.
"""
CONDITION_QTYPES = {
    "symptoms", "causes", "inheritance", "genetic changes", "frequency", "susceptibility", "stages",
    "complications", "outlook",
}
DISEASE_ENDINGS = (
    "병", "증", "증후군", "염", "암", "종", "종양", "질환", "장애", "감염", "감염증", "결핍", "이상", "기형",
    "부전", "손상", "골절", "중독", "마비", "궤양", "결석", "경화", "비대", "협착", "출혈", "혈종", "탈출",
    "낭종", "열", "포진", "류", "모반", "결실", "역위", "중복", "혈전", "알레르기", "형",
)
# English words of a focus name that make it a condition ("... disease", "Chromosome 1p deletion").
DISEASE_WORDS = {
    "disease", "diseases", "syndrome", "disorder", "disorders", "deficiency", "tumor", "tumors", "cancer",
    "cancers", "carcinoma", "infection", "infections", "virus", "deletion", "duplication", "inversion",
    "trisomy", "dysplasia", "anemia", "fever", "aneurysm", "nevus", "palsy", "allergy", "allergies",
    "injuries", "injury", "poisoning", "defects", "problems",
}
# Sources whose every page is about a disease (rare and genetic diseases, neurological disorders, cancers).
DISEASE_SOURCES = {"GARD", "GHR", "NINDS", "CancerGov"}
# Health topics that are conditions though nothing above says so (MedlinePlus names them plainly).
CONDITIONS = {
    "2009 H1N1 Flu", "Anaphylaxis", "Anxiety", "Asthma in Children", "Bad Breath", "Bird Flu",
    "Bowel Incontinence", "Bruises", "Burns", "Collapsed Lung", "Concussion", "Corns and Calluses",
    "Dislocations", "Fainting", "Fistulas", "Flu", "Frostbite", "Gangrene", "Genital Herpes", "Genital Warts",
    "Gluten Sensitivity", "Gonorrhea", "H1N1 Flu (Swine Flu)", "Head Lice", "Hemorrhagic Stroke", "Hernia",
    "Hiatal Hernia", "Hiccups", "High Blood Pressure in Pregnancy", "Hives", "Infertility", "Ischemic Stroke",
    "Low Blood Pressure", "Macular degeneration", "Miscarriage", "Motion Sickness", "Muscle Cramps",
    "Obesity in Children", "Overactive Bladder", "Pelvic Pain", "Prediabetes", "Pressure Sores",
    "Preterm Labor", "Pudendal Neuralgia", "Rashes", "Seizures", "Snoring", "Solitary Kidney", "Stillbirth",
    "Tuberculosis (TB)", "Vision Impairment and Blindness",
}
TOO_GENERAL = {"암", "감염", "통증", "열", "피로", "유전병", "결핍", "질환", "증후군", "질병", "장애", "병"}


def names(column):
    out = []
    for name in column.split("|"):
        name = " ".join(name.split())
        syllables = [c for c in name if "\uac00" <= c <= "\ud7a3"]
        if not name or name in TOO_GENERAL or (len(syllables) == 1 and len(name) == 1):
            continue
        if name not in out:
            out.append(name)
    return out


def main(paths):
    qtypes, sources = defaultdict(set), defaultdict(set)
    with gzip.open(CORPUS, "rt") as corpus:
        for line in corpus:
            doc = json.loads(line)
            if doc["focus"].strip():
                qtypes[doc["focus"].strip()].add(doc["qtype"])
                sources[doc["focus"].strip()].add(doc["source"])
    rows, problems = {}, []
    for path in paths:
        lines = open(path, encoding="utf-8").read().splitlines()
        if not lines or lines[0] != HEADER:
            sys.exit(f"{path}: expected the header {HEADER!r}")
        for n, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            cols = line.split("\t")
            if len(cols) != 5:
                problems.append(f"{path}:{n}: {len(cols)} columns")
                continue
            focus = cols[0].strip()
            standard, everyday, abbreviations, kcd = (names(c) for c in cols[1:])
            if focus not in qtypes:
                problems.append(f"{path}:{n}: {focus!r} is no corpus focus")
            elif focus in rows:
                problems.append(f"{path}:{n}: {focus!r} has a row already")
            elif not standard:
                problems.append(f"{path}:{n}: {focus!r} has no standard name")
            else:
                condition = (
                    focus in CONDITIONS
                    or sources[focus] & DISEASE_SOURCES
                    or kcd
                    or qtypes[focus] & CONDITION_QTYPES
                    or standard[0].replace(" ", "").endswith(DISEASE_ENDINGS)
                    or DISEASE_WORDS & set(focus.lower().replace(",", " ").split())
                )
                rows[focus] = (standard[:1], everyday + standard[1:], abbreviations, kcd, condition)
    missing = sorted(set(qtypes) - set(rows))
    problems += [f"no row for the focus {focus!r}" for focus in missing]
    for problem in problems:
        print(problem, file=sys.stderr)
    with open(OUT, "w", encoding="utf-8") as out:
        out.write(COMMENT)
        out.write(HEADER + "\tkind\n")
        for focus in sorted(rows, key=str.lower):
            standard, everyday, abbreviations, kcd, condition = rows[focus]
            columns = [focus] + ["|".join(c) for c in (standard, everyday, abbreviations, kcd)]
            out.write("\t".join(columns + ["condition" if condition else "topic"]) + "\n")
    conditions = sum(1 for r in rows.values() if r[4])
    print(f"{OUT}: {len(rows)} foci ({conditions} conditions, {len(rows) - conditions} topics); "
          f"{len(missing)} corpus foci without a row; {len(problems)} problems", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
