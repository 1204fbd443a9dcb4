#!/usr/bin/env python3
"""The layer rule of ARCHITECTURE.md, checked: a top-level module of src/ may import only from its own
layer or the layers below it, and no two modules may import each other (directly or round a longer
cycle). Test code (`#[cfg(test)] mod ...` blocks) is not counted.

    python3 scripts/check-layers.py            # exit 1 naming every file and import that breaks the rule
    python3 scripts/check-layers.py --graph    # also prints every module -> module edge with its count

Imports are read from the source text: every `crate::<module>` path and every `use crate::{a, b::c}`
group, in code (comments and string literals are skipped).
"""
import os
import re
import sys

# Lowest first. An import that would point up means the type moves down.
LAYERS = [
    ["core"],
    ["retrieval", "embed", "lexicon", "extract", "medicines", "triage", "llm", "memory", "platform"],
    ["pipeline"],
    ["people", "persist", "records", "settings", "study", "trace_view", "transcript", "i18n", "markdown"],
    ["web", "cli"],
]
LAYER_OF = {m: i for i, layer in enumerate(LAYERS) for m in layer}
# The crate roots (lib.rs declares the modules; the binaries use the library by name).
ROOTS = {"lib.rs", "main.rs", "embed_worker.rs"}
SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")


def strip_comments_and_strings(text):
    """The code alone: comments and string/char literals become spaces (line numbers are kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 20]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = '"' + hashes
            j = text.find(end, i + 2 + len(hashes))
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]):
            j = i + len(re.match(r"'(\\.|[^\\'])'", text[i:i + 4]).group(0))
            out.append(" " * (j - i))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_test_modules(code):
    """Blanks every `#[cfg(test)] mod name { ... }` block (brace-matched) and `#[cfg(test)] mod name;`."""
    out = code
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*([;{])", code):
        start = m.start()
        if m.group(3) == ";":
            end = m.end()
        else:
            depth, j = 0, m.end() - 1
            while j < len(code):
                if code[j] == "{":
                    depth += 1
                elif code[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            end = j + 1
        out = out[:start] + re.sub(r"[^\n]", " ", out[start:end]) + out[end:]
    return out


def group_heads(body):
    """The first path segment of each item of a `{...}` use group, at the group's top level."""
    heads, depth, item = [], 0, ""
    for c in body + ",":
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c == "," and depth == 0:
            head = item.strip().split("::")[0].strip()
            if head:
                heads.append(head)
            item = ""
        else:
            item += c
    return heads


def group_body(code, after_brace):
    """The text of the `{...}` group whose opening brace ends at `after_brace`, without its braces."""
    depth, j = 0, after_brace - 1
    while j < len(code):
        depth += {"{": 1, "}": -1}.get(code[j], 0)
        if depth == 0:
            break
        j += 1
    return code[after_brace:j]


def imports(path, top):
    """(line, target module, text) for each crate-level import in the file that leaves `top`."""
    with open(path, encoding="utf-8") as f:
        code = drop_test_modules(strip_comments_and_strings(f.read()))
    found = []
    for m in re.finditer(r"crate\s*::\s*(\{|\w+)", code):
        line = code.count("\n", 0, m.start()) + 1
        if m.group(1) == "{":
            body = group_body(code, m.end())
            targets = group_heads(body)
            text = "crate::{" + " ".join(body.split()) + "}"
        else:
            targets = [m.group(1)]
            end = code.find("\n", m.start())
            text = code[m.start():end if end >= 0 else None].strip().rstrip(";")
        for t in targets:
            if t != top and t not in ("self",):
                found.append((line, t, text))
    return found


def area_imports(path, area, own_path):
    """(line, sibling, text) for each import in the file of `area` (at `own_path`, its module path
    inside the area) of another top-level file or folder of the same area: `crate::area::x`,
    `super::x`, `self::x` and their `{...}` groups."""
    with open(path, encoding="utf-8") as f:
        code = drop_test_modules(strip_comments_and_strings(f.read()))
    found = []
    pattern = r"\b(crate\s*::\s*" + area + r"|super(?:\s*::\s*super)*|self)\s*::\s*(\{|\w+)"
    for m in re.finditer(pattern, code):
        head = m.group(1)
        if head.startswith("crate"):
            base = []
        elif head == "self":
            base = own_path
        else:
            ups = head.count("super")
            if ups > len(own_path):
                continue  # leaves the area: the module check above counts it
            base = own_path[:len(own_path) - ups]
        if m.group(2) == "{":
            heads = group_heads(group_body(code, m.end()))
        else:
            heads = [m.group(2)]
        line = code.count("\n", 0, m.start()) + 1
        end = code.find("\n", m.start())
        text = code[m.start():end if end >= 0 else None].strip().rstrip(";")
        for h in heads:
            found.append((line, (base + [h])[0], text))
    return found


def strongly_connected(edges):
    """The cycles of a directed graph given as (from, to) pairs: its strongly connected components
    of more than one node (Tarjan), each sorted."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on_stack, sccs, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                sccs.append(sorted(scc))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sccs


def cycle_problems(edges, sccs, name):
    """One line per import that closes a cycle; `name` renders a node."""
    problems = []
    for scc in sccs:
        for a in scc:
            for b in scc:
                why = f"and `{name(b)}` imports `{name(a)}`" if (b, a) in edges else f"which leads back to `{name(a)}`"
                for file, line, text in edges.get((a, b), []):
                    problems.append(f"{file}:{line}: `{name(a)}` imports `{name(b)}`, {why} "
                                    f"(cycle of {', '.join(name(m) for m in scc)}): {text}")
    return problems


def check(src, show_graph=False):
    """Every problem of the tree at `src`, and the report's summary lines."""
    edges = {}  # (from, to) -> [(file, line, text)]
    file_edges = {}  # ((area, file), (area, file)) -> [(file, line, text)]: inside one area
    for dirpath, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith(".rs"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, src)
            if rel in ROOTS:
                continue
            parts = rel.split(os.sep)
            top = parts[0].removesuffix(".rs")
            for line, target, text in imports(path, top):
                edges.setdefault((top, target), []).append((f"src/{rel}", line, text))
            # Inside an area, each file or folder directly under it is a node; the area's own
            # mod.rs declares and re-exports them, so it is not one.
            if len(parts) < 2 or parts[1:] == ["mod.rs"]:
                continue
            siblings = {n.removesuffix(".rs") for n in os.listdir(os.path.join(src, top)) if n != "mod.rs"}
            own_path = [p.removesuffix(".rs") for p in parts[1:]]
            if own_path[-1] == "mod":
                own_path.pop()
            for line, target, text in area_imports(path, top, own_path):
                if target in siblings and target != own_path[0]:
                    file_edges.setdefault(((top, own_path[0]), (top, target)), []).append((f"src/{rel}", line, text))

    problems = []
    for (a, b), sites in sorted(edges.items()):
        for m in (a, b):
            if m not in LAYER_OF:
                problems.append(f"src/{m}: module `{m}` has no layer; add it to LAYERS in scripts/check-layers.py and ARCHITECTURE.md")
        if a in LAYER_OF and b in LAYER_OF and LAYER_OF[b] > LAYER_OF[a]:
            for file, line, text in sites:
                problems.append(f"{file}:{line}: `{a}` (layer {LAYER_OF[a]}) imports `{b}` (layer {LAYER_OF[b]}), a layer above: {text}")

    sccs = strongly_connected(edges)
    problems += cycle_problems(edges, sccs, lambda m: m)
    file_sccs = strongly_connected(file_edges)
    problems += cycle_problems(file_edges, file_sccs, lambda m: f"{m[0]}::{m[1]}")

    lines = []
    if show_graph:
        for (a, b), sites in sorted(edges.items()):
            lines.append(f"{a} -> {b}  ({len(sites)})")
        lines.append("")
    two_way = sorted((a, b) for (a, b) in edges if a < b and (b, a) in edges)
    lines.append(f"two-way module pairs: {len(two_way)}" + ("" if not two_way else ": " + ", ".join(f"{a}<->{b}" for a, b in two_way)))
    lines.append(f"module cycles: {len(sccs)}" + ("" if not sccs else ": " + "; ".join(" ".join(s) for s in sccs)))
    lines.append(f"file cycles inside areas: {len(file_sccs)}"
                 + ("" if not file_sccs else ": " + "; ".join(s[0][0] + " (" + " ".join(f for _, f in s) + ")" for s in file_sccs)))
    return problems, lines


def self_test():
    """The check fails on a new cycle: a small tree with two files of one area importing each other
    (one through `super::`, one through `crate::`), and the same tree without the second import."""
    import tempfile
    with tempfile.TemporaryDirectory() as src:
        os.makedirs(os.path.join(src, "retrieval"))
        files = {
            "lib.rs": "pub mod retrieval;\n",
            "retrieval/mod.rs": "pub mod a;\npub mod b;\n",
            "retrieval/a.rs": "use super::b::Thing;\npub struct Other;\n",
            "retrieval/b.rs": "use crate::retrieval::{a::Other};\npub struct Thing;\n",
        }
        for rel, text in files.items():
            with open(os.path.join(src, rel), "w", encoding="utf-8") as f:
                f.write(text)
        problems, _ = check(src)
        assert any("src/retrieval/a.rs:1" in p and "cycle of retrieval::a, retrieval::b" in p for p in problems), problems
        with open(os.path.join(src, "retrieval/b.rs"), "w", encoding="utf-8") as f:
            f.write("pub struct Thing;\n")
        problems, _ = check(src)
        assert not problems, problems
    print("check-layers: self-test passed (a new file-level cycle fails the check, its removal passes)")


def main():
    if "--self-test" in sys.argv:
        self_test()
    problems, lines = check(SRC, show_graph="--graph" in sys.argv)
    print("\n".join(lines))
    if problems:
        print("\n".join(problems))
        print(f"\ncheck-layers: {len(problems)} import(s) break the layer rule (ARCHITECTURE.md): "
              "move the shared type down to the lower module (or to src/core/) instead of importing up, "
              "or out of the cycle into a file both sides import")
        return 1
    print("check-layers: every import points down or across, no cycles between modules, no cycle between the files of an area")
    return 0


if __name__ == "__main__":
    sys.exit(main())
