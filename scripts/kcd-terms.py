#!/usr/bin/env python3
"""Writes index/lexicon/kcd_terms_ko_en.tsv.gz: the Korean disease names people write, derived from
every KCD code (three- and four-character), each with the English search term for it.

Usage: scripts/kcd-terms.py KCD_TSV ICD10CM_LEXICON_TSV   (the full KCD and ICD-10-CM code lists; see
index/lexicon/LICENSES.md). Reads the corpus's focus names from index/corpus/medquad.jsonl.gz.

Korean terms of a code: its name without qualifiers (상세불명의, 기타, 달리 분류되지 않은 ...) and
parenthesised parts, each bracketed alternative on its own ("뎅기열[고전적 뎅기]"), and the head of a
longer name (its last written word: 황반변성 of "연령과 관련된 비삼출성 황반변성"). Residual and
combined names (... 및 ..., ...에 의한 ...) are left out. Chapters S-Z (injuries, external causes,
contact reasons) are left out.

English of a term: the MedQuAD focus name its code's English names (KCD, ICD-10-CM description and
inclusion terms) equal, word order and plural aside; else the code's English name itself
(without "Other"). A head takes the focus that every code sharing that head has in its English name
(a head naming no focus is left out), or the English of the code it names alone. The focus must name
the head's own English too (the last word of the English name before "of", "in", "with", ",": stomatitis
of "Gangrenous stomatitis"), or the head is a qualifier, not a disease: 의심 of "녹내장 의심" (Glaucoma
suspect), 아기 of "예외적으로 큰 아기" (Exceptionally large baby).

Cancers: KCD names them "<site>의 악성 신생물" (Malignant neoplasm of <site>); people write <site>암
(췌장암, 위암, 폐암). Each site gets that term, with the MedQuAD focus "<Site> Cancer" whose first word
shares the site's first five letters, four for a short name (pancreas: Pancreatic Cancer; ovary: Ovarian
Cancer), else "<site> cancer".
"""
import csv
import gzip
import json
import re
import sys
from collections import defaultdict

KO_QUALIFIERS = ["상세불명의", "상세불명", "기타", "달리 분류되지 않은", "명시되지 않은", "달리 명시된", "명시된"]
KO_REJECT = ["기타", "및", "또는", "의한", "동반", "합병", "후유증", "병력", "관련된", "제외", "않은", "없는", "있는", "하는", "기인한"]
# Head words too general to stand for one disease on their own.
KO_GENERIC_HEADS = {
    "질환", "장애", "감염", "손상", "부분", "부위", "증후군", "병", "상태", "이상", "기형", "신생물", "종양",
    "골절", "염", "증", "질병", "합병증", "선천기형", "악성신생물", "양성신생물", "결손", "변형", "탈구", "반응",
    "중독", "효과", "검사", "관리", "발작", "통증", "감염증", "당뇨병", "고혈압", "열상", "파열",
}
EN_STOP = {"of", "the", "and", "in", "to", "a", "an", "with", "due", "by", "nos", "unspecified"}


def stem(word):
    word = re.sub(r"('s|')$", "", word)
    for suffix in ("ies", "es", "s", "ar", "al", "ic", "a", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4 and not word.endswith(("ss", "is", "us")):
            return word[: -len(suffix)]
    return word


def words(text):
    return [w for w in re.split(r"[^a-z0-9']+", text.lower().replace("-", " ")) if w]


def key(text):
    """Word order, plurals and small words aside."""
    return " ".join(sorted(stem(w) for w in words(text) if w not in EN_STOP))


def seq(text):
    return " " + " ".join(stem(w) for w in words(text) if w not in EN_STOP) + " "


def english_head(name):
    """The stem of an English disease name's head word: its last word before "of", "in", "with", ","."""
    head = re.split(r",| of | in | to | with | without | due to | during | following ", name.lower())[0]
    found = words(head)
    return stem(found[-1]) if found else ""


def clean_en(label):
    name = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", label)
    name = re.sub(r",? (NOS|unspecified|not elsewhere classified)\b", "", name)
    name = re.sub(r"^(Other )?(and unspecified )?(specified )?", "", " ".join(name.split()).strip(" ,.-"))
    return name[:1].upper() + name[1:]


def alternatives_en(label):
    return [" ".join(a.split()) for a in re.findall(r"\[([^\]]+)\]", label)]


def clean_ko(label):
    """The name without parenthesised parts and leading qualifiers; bracketed parts apart."""
    name = re.sub(r"\([^)]*\)", " ", label)
    alts = [a for a in re.findall(r"\[([^\]]+)\]", name)]
    name = re.sub(r"\[[^\]]*\]", " ", name)
    out = []
    for n in [name] + alts:
        n = re.sub(r"[†*]", "", " ".join(n.split())).strip(" ,.-")
        changed = True
        while changed:
            changed = False
            for q in KO_QUALIFIERS:
                if n.startswith(q + " "):
                    n = n[len(q) + 1 :]
                    changed = True
                if n.endswith(" " + q) or n.endswith(", " + q):
                    n = n[: n.rindex(q)].rstrip(" ,")
                    changed = True
        out.append(n)
    return out


def hangul(text):
    return bool(re.fullmatch(r"[가-힣 ]+", text))


def main():
    kcd_path, icd_path = sys.argv[1], sys.argv[2]
    foci = {}
    by_seq = []
    with gzip.open("index/corpus/medquad.jsonl.gz", "rt") as corpus:
        for line in corpus:
            focus = json.loads(line)["focus"].strip()
            foci.setdefault(key(focus), focus)
    for k, focus in foci.items():
        s = seq(focus)
        if s.strip():
            by_seq.append((s, focus))

    icd = defaultdict(list)
    with open(icd_path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            icd[row["code"]].append(row["description"])
            icd[row["code"]].extend(t.strip() for t in row["inclusion_terms"].split("|") if t.strip())

    def english_names(code, en):
        return [clean_en(en)] + alternatives_en(en) + [clean_en(n) for n in icd.get(code, [])]

    def focus_of(names):
        for n in names:
            if key(n) in foci:
                return foci[key(n)]
        return None

    two_word_cancers = [f for f in foci.values() if len(f.split()) == 2 and f.split()[1].lower() == "cancer"]

    def cancer_rows(code, ko, en):
        """(<site>암, code, English) for each site of a "<site>의 악성 신생물" category."""
        ko_site = re.fullmatch(r"(?:.*를 제외한 )?(.+)의 악성 신생물", ko)
        en_site = re.fullmatch(r"Malignant neoplasm of (?:the )?([^,]+)(?:,.*)?", en)
        if not (ko_site and en_site) or "(" in ko:
            return []
        ko_sites = ko_site.group(1).split(" 및 ")
        en_sites = en_site.group(1).split(" and ")
        if len(ko_sites) != len(en_sites):
            return []
        out = []
        for ko_part, en_part in zip(ko_sites, en_sites):
            if not hangul(ko_part) or any(q in ko_part for q in KO_QUALIFIERS + KO_REJECT + ["불명", "부분"]):
                continue
            first = en_part.split()[0].lower()
            # Five letters tell organs apart (ureter, urethra); a short name shares four (ovary, ovarian).
            shared = 4 if len(first) <= 5 else 5
            focus = next((f for f in two_word_cancers if f.split()[0].lower()[:shared] == first[:shared]), None)
            out.append((ko_part.replace(" ", "") + "암", code, focus or f"{en_part} cancer"))
        return out

    codes = []
    with open(kcd_path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["kcd"][0] in "STVWXYZ":
                continue
            codes.append((row["kcd"], row["ko"], row["en"]))

    rows = []  # (ko term, code, english)
    seen = set()
    heads = defaultdict(list)  # head -> [(code, english names)]
    whole = {}  # ko term -> (code, english)
    for code, ko, en in codes:
        if len(code) == 3 and code[0] == "C":
            for term, _, english in cancer_rows(code, ko, en):
                whole.setdefault(term, (code, english))
                if (term, code) not in seen:
                    seen.add((term, code))
                    rows.append((term, code, english))
        # Neoplasm codes list body sites ("갑상선"): only names of the tumour itself are terms.
        if code[0] == "C" or (code[0] == "D" and code[1] < "5"):
            if not any(t in ko for t in ("암", "종", "신생물", "백혈병")):
                continue
        names = english_names(code, en)
        english = focus_of(names) or names[0]
        # "X 및 Y" / "X and Y" names two diseases (말단비대증 및 뇌하수체거인증 / Acromegaly and
        # pituitary gigantism): each is a term of its own when both languages list them alike.
        for term in clean_ko(ko):
            ko_parts, en_parts = term.split(" 및 "), clean_en(en).split(" and ")
            if len(ko_parts) < 2 or len(ko_parts) != len(en_parts):
                continue
            # Both sides disease names, not qualifiers joined by 및 (세균학적 및 조직학적으로 확인된 ...).
            if not all(re.fullmatch(r"[가-힣]{2,}(증|병|염|군|암|종)", p) for p in ko_parts):
                continue
            for ko_part, en_part in zip(ko_parts, en_parts):
                if ko_part in KO_GENERIC_HEADS:
                    continue
                if len(ko_part.replace(" ", "")) < 3 or (ko_part, code) in seen:
                    continue
                seen.add((ko_part, code))
                part_english = focus_of([en_part]) or en_part[:1].upper() + en_part[1:]
                whole.setdefault(ko_part.replace(" ", ""), (code, part_english))
                rows.append((ko_part, code, part_english))
        for term in clean_ko(ko):
            # One syllable only as the whole name of a category (옴, B86); no generic word alone.
            short = len(term.replace(" ", "")) < 2 and len(code) > 3
            if short or term in KO_GENERIC_HEADS or not hangul(term) or any(r in term for r in KO_REJECT):
                continue
            whole.setdefault(term.replace(" ", ""), (code, english))
            if (term, code) not in seen and len(term) <= 20:
                seen.add((term, code))
                rows.append((term, code, english))
            parts = term.split()
            if len(parts) > 1:
                heads[parts[-1]].append((code, names))
        # The head of a longer name: its last word, even when the whole is a residual or combined name.
        for term in clean_ko(ko):
            parts = term.split()
            if len(parts) > 1 and not any(r in parts[-1] for r in KO_REJECT):
                if (code, names) not in heads[parts[-1]]:
                    heads[parts[-1]].append((code, names))

    for head, uses in sorted(heads.items()):
        if head in KO_GENERIC_HEADS or len(head) < 2 or not hangul(head) or head.replace(" ", "") in whole:
            continue
        # Particles, and the endings of a type or a quality (상세불명형 "unspecified type", 지속성
        # "persistent"; 변성 "degeneration" is a disease).
        if head.endswith(("의", "에", "을", "를", "과", "와", "로", "형")) or (head.endswith("성") and not head.endswith("변성")):
            continue
        seqs = [[seq(n) for n in names] for _, names in uses]
        common = [
            (fs, focus) for fs, focus in by_seq if all(any(fs in s for s in code_seqs) for code_seqs in seqs)
        ]
        if common:
            english = max(common, key=lambda c: len(c[0]))[1]
            named = sum(1 for _, names in uses if english_head(names[0]) in seq(english).split())
            if named * 2 < len(uses):
                continue
        else:
            # A head that names no focus is no disease of its own ("남성" of "... X염색체를 가진 남성").
            continue
        rows.append((head, uses[0][0], english))

    with gzip.open("index/lexicon/kcd_terms_ko_en.tsv.gz", "wt", compresslevel=9) as out:
        out.write("ko\tkcd\ten\n")
        for term, code, english in rows:
            out.write(f"{term}\t{code}\t{english}\n")
    print(f"{len(rows)} terms, {sum(1 for r in rows if r[2] in foci.values())} mapped to a MedQuAD focus", file=sys.stderr)


main()
