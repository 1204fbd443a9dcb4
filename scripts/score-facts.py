#!/usr/bin/env python3
"""Scores whom a message is about and which facts are found for whom, through `medagent ask --json`.

Usage: scripts/score-facts.py SET.jsonl [--medagent target/release/medagent] [--summary] [--jobs 2]

SET lines: {"lang", "text", "about": [person, ...], "facts": [{"about", "slot", "key", "value"?}]}
(the format of tests/fixtures/facts_*.jsonl). A person is "self", a relation (son, daughter, child,
mother, father, wife, husband, partner, grandmother, grandfather, brother, sister, friend) or
"name:<Name>"; relations are compared by group (son, daughter and child are "child"; wife, husband
and partner "spouse"; grandmother and grandfather "grandparent"; brother and sister "sibling").

Without --summary it lists each fact missed ("miss"), each message whose main person is not the
one expected ("about": expected, then found) and each leak ("leak").

Each message is asked alone, with a fresh state, `--bm25-only` (the facts do not depend on search).
It reads the turn's `about` and `facts` when `ask --json` reports them, else (older builds) the
writer's `slots` and the `others` of the extract_slots trace step. Reported per language:
- about: the share of messages whose main person (first of `about`) is found as the main person;
- facts: the share of expected facts found with the right person (recall) and the share of found
  facts that are expected (precision);
- leaked: facts about another person that ended in the writer's own profile (must be 0).

A concept fact matches when the found concept's English name equals the expected key, one holds the
other's words, or the lexicon reads the key as the found concept (`medagent lexicon match --json`);
a number matches when its kind is the key and its value is within 2 % (or the same after a unit
conversion: mmol/L glucose, °F).
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

GROUPS = {
    "son": "child", "daughter": "child", "child": "child", "baby": "child", "kid": "child",
    "wife": "spouse", "husband": "spouse", "partner": "spouse", "spouse": "spouse",
    "grandmother": "grandparent", "grandfather": "grandparent", "grandparent": "grandparent",
    "brother": "sibling", "sister": "sibling", "sibling": "sibling",
    # The sets label a parent-in-law or a step-parent as the parent.
    "mother-in-law": "mother", "father-in-law": "father",
    "stepmother": "mother", "stepfather": "father", "stepmom": "mother", "stepdad": "father",
    "boyfriend": "spouse", "girlfriend": "spouse", "fiance": "spouse", "fiancee": "spouse",
    "grandson": "grandchild", "granddaughter": "grandchild", "grandchild": "grandchild",
    "twins": "child", "toddler": "child", "teen": "child",
    "half-brother": "sibling", "half-sister": "sibling", "stepbrother": "sibling", "stepsister": "sibling",
    # medagent keeps a roommate as a friend, a boss as a colleague; a Korean 조카 is either.
    "roommate": "friend", "friend": "friend", "flatmate": "friend",
    "coworker": "colleague", "colleague": "colleague", "boss": "colleague",
    "nephew": "niece or nephew", "niece": "niece or nephew",
    "client": "patient", "patient": "patient",
    "me": "self", "self": "self",
}

# Expected keys of numbers and the kinds a build may report them as.
NUMBER_KEYS = {
    "blood_glucose": {"blood_glucose", "fasting_glucose", "glucose"},
    "fasting_glucose": {"blood_glucose", "fasting_glucose", "glucose"},
    # The sets' briefs name a pulse oximeter's reading "spo2"; medagent calls it oxygen saturation.
    "spo2": {"spo2", "oxygen_saturation"},
}


def group(person):
    person = (person or "self").strip()
    if person.lower().startswith("name:"):
        return "name:" + person[5:].strip().lower()
    return GROUPS.get(person.lower(), person.lower())


def norm(text):
    return re.sub(r"[^a-z0-9가-힣]+", " ", (text or "").lower()).strip()


def number(text):
    m = re.search(r"-?\d+(?:\.\d+)?", str(text or ""))
    return float(m.group()) if m else None


def close(found, expected):
    if found is None or expected is None:
        return False
    for f in (found, found / 18.0, found * 18.0, (found - 32) / 1.8, found * 1.8 + 32):
        if abs(f - expected) <= max(0.02 * abs(expected), 0.05):
            return True
    return False


def facts_of_slots(slots, about):
    """Facts in the shape of the set from an `extract::Slots` JSON value."""
    out = []
    demo = slots.get("demographics") or {}
    if demo.get("age") is not None:
        out.append({"about": about, "slot": "demographics", "key": "age", "value": str(demo["age"])})
    if demo.get("gender"):
        out.append({"about": about, "slot": "demographics", "key": "gender", "value": demo["gender"]})
    if demo.get("pregnant"):
        out.append({"about": about, "slot": "demographics", "key": "pregnant", "value": "true"})
    for slot in ("conditions", "symptoms", "medications"):
        for c in slots.get(slot) or []:
            out.append({"about": about, "slot": slot, "key": c.get("id"), "en": c.get("en"), "said": c.get("said")})
    for slot in ("vitals", "labs"):
        for m in slots.get(slot) or []:
            value = m.get("value")
            if m.get("second") is not None:
                value = f"{value}/{m['second']}"
            out.append({"about": about, "slot": slot, "key": m.get("kind"), "value": str(value)})
    return out


def found_facts(turn):
    """(main person, [facts]) of one `ask --json` turn."""
    if "facts" in turn and "about" in turn:
        # A medicine only asked about ("can I take Advil?") is no stated fact.
        return turn["about"], [f for f in turn["facts"] if not f.get("asked")]
    facts = facts_of_slots(turn.get("slots") or {}, "self")
    others = []
    for step in turn.get("trace") or []:
        if step.get("node") == "extract_slots":
            others = step.get("others") or []
    for subject, slots in others:
        who = subject.get("other") if isinstance(subject, dict) else subject
        facts += facts_of_slots(slots, who or "other")
    own = [f for f in facts if f["about"] == "self"]
    main = "self" if own or not others else facts[-1]["about"] if facts else "self"
    if others and not own:
        first = others[0][0]
        main = first.get("other") if isinstance(first, dict) else first
    return main, facts


class Lexicon:
    """The concept ids the lexicon reads in an English key (cached)."""

    def __init__(self, medagent):
        self.medagent = medagent
        self.cache = {}

    def ids(self, key):
        if key not in self.cache:
            out = subprocess.run([self.medagent, "lexicon", "match", "--json", key], capture_output=True, text=True)
            ids = set()
            try:
                for c in json.loads(out.stdout).get("concepts", []):
                    ids.add(c.get("id"))
            except (json.JSONDecodeError, AttributeError):
                pass
            self.cache[key] = ids
        return self.cache[key]


def matches(found, expected, lexicon):
    if group(found.get("about")) != group(expected.get("about")) or found.get("slot") != expected.get("slot"):
        return False
    slot, key = expected["slot"], expected["key"]
    if slot == "demographics":
        if found.get("key") != key:
            return False
        if key == "age":
            return number(found.get("value")) == number(expected.get("value"))
        # A set that gives no value ("pregnant") means it is so.
        return norm(found.get("value")) == norm(expected.get("value") or "true")
    if slot in ("vitals", "labs"):
        kinds = NUMBER_KEYS.get(key, {key})
        if norm(found.get("key")).replace(" ", "_") not in kinds:
            return False
        return expected.get("value") is None or close(number(found.get("value")), number(expected.get("value")))
    # A concept: by name, by words, or by the lexicon's reading of the key.
    want = norm(key.split(":", 1)[-1])
    names = {norm(found.get("en")), norm(found.get("said")), norm(found.get("key"))} - {""}
    if want in names:
        return True
    for name in names:
        a, b = set(want.split()), set(name.split())
        if a and b and (a <= b or b <= a):
            return True
    return found.get("key") in lexicon.ids(key.split(":", 1)[-1])


def ask(medagent, text):
    with tempfile.TemporaryDirectory() as tmp:
        state = str(Path(tmp) / "state.json")
        out = subprocess.run(
            [medagent, "ask", "--json", "--bm25-only", "--state", state, "-"],
            input=text, capture_output=True, text=True,
        )
    lines = [l for l in out.stdout.splitlines() if l.startswith("{")]
    if not lines:
        raise SystemExit(f"medagent ask printed no turn for {text[:60]!r}: {out.stderr.strip()[:300]}")
    return json.loads(lines[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("set")
    ap.add_argument("--medagent", default="target/release/medagent")
    ap.add_argument("--summary", action="store_true", help="figures only, no message text (blind sets)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    items = [json.loads(l) for l in open(args.set, encoding="utf-8") if l.strip()]
    lexicon = Lexicon(args.medagent)
    with ThreadPoolExecutor(args.jobs) as pool:
        turns = list(pool.map(lambda it: ask(args.medagent, it["text"]), items))

    tally = {}
    misses = []
    leaks = []
    wrong_about = []
    for item, turn in zip(items, turns):
        lang = item["lang"]
        kind = "self" if all(group(p) == "self" for p in item["about"]) else "others"
        t = tally.setdefault(lang, {"messages": 0, "about": 0, "expected": 0, "found_right": 0, "found": 0,
                                    "found_expected": 0, "leaked": 0, "by_kind": {}})
        k = t["by_kind"].setdefault(kind, [0, 0])
        main_found, facts = found_facts(turn)
        t["messages"] += 1
        about_right = group(main_found) == group(item["about"][0])
        t["about"] += about_right
        if not about_right:
            wrong_about.append((lang, item["text"], item["about"][0], main_found))
        profile = turn.get("profile") or []
        own_facts = [o for o in item["facts"] if group(o["about"]) == "self"]
        # A pregnant writer is a woman: her gender in her profile is hers, not her mother's.
        if any(o["slot"] == "demographics" and o["key"] == "pregnant" for o in own_facts):
            own_facts.append({"about": "self", "slot": "demographics", "key": "gender", "value": "female"})
        for e in item["facts"]:
            t["expected"] += 1
            k[1] += 1
            hit = any(matches(f, e, lexicon) for f in facts)
            t["found_right"] += hit
            k[0] += hit
            if not hit:
                misses.append((lang, item["text"], e))
            if group(e["about"]) != "self":
                as_own = dict(e, about="self")
                # The same fact said of the writer too ("my wife and I both have ...") is no leak.
                own_too = any(matches(as_own, o, lexicon) or matches(o, as_own, lexicon) for o in own_facts)
                leaked = not own_too and any(
                    matches(dict(f, about="self"), as_own, lexicon) for f in facts_of_profile(profile))
                t["leaked"] += leaked
                if leaked:
                    leaks.append((lang, item["text"], e))
        t["found"] += len(facts)
        t["found_expected"] += sum(any(matches(f, e, lexicon) for e in item["facts"]) for f in facts)

    for lang, t in sorted(tally.items()):
        kinds = ", ".join(f"{kind} {v[0] / max(v[1], 1):.3f} of {v[1]}" for kind, v in sorted(t["by_kind"].items()))
        print(
            f"{lang}: messages {t['messages']}, about {t['about'] / t['messages']:.3f}, "
            f"facts found with the right person {t['found_right'] / max(t['expected'], 1):.3f} of {t['expected']} "
            f"({kinds}), precision {t['found_expected'] / max(t['found'], 1):.3f} of {t['found']}, "
            f"other people's facts in the writer's profile {t['leaked']}"
        )
    if not args.summary:
        for lang, text, e in misses:
            print(f"miss {lang} {e['about']} {e['slot']} {e['key']} {e.get('value', '')}: {text}")
        for lang, text, expected, found in wrong_about:
            print(f"about {lang} {expected} found {found}: {text}")
        for lang, text, e in leaks:
            print(f"leak {lang} {e['about']} {e['slot']} {e['key']} {e.get('value', '')}: {text}")


def facts_of_profile(profile):
    """The writer's stored profile facts (ask --json `profile`) as set facts."""
    out = []
    for f in profile if isinstance(profile, list) else []:
        slot = f.get("slot")
        out.append({"about": "self", "slot": slot, "key": f.get("key") or f.get("id"), "en": f.get("label") or f.get("en"),
                    "value": f.get("value"), "said": f.get("said")})
    return out


if __name__ == "__main__":
    sys.exit(main())
