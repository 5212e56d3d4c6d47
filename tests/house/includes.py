#!/usr/bin/env python3
"""The house rules on #include lines (DESIGN.md, "The pipeline").

Each rule names the files it covers and the folders they must not reach
through their quoted #include lines, directly or through the headers they
include (the closure is followed, so a rule cannot be dodged by one header
in between).  Prints one "PASS: ..." or "FAIL: ..." line per rule, and for
a failure the include chain that breaks it.

Usage: includes.py SRC_DIR
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)

# (name, files covered (prefix under src/), exempt files, forbidden folders)
RULES = [
    ("debug/ (but build.c) reaches no parse or sema header",
     "debug/", {"debug/build.c"}, ("parse/", "sema/")),
    ("btf/ reaches no parse or sema header", "btf/", set(), ("parse/", "sema/")),
    ("dwarf/ reaches no parse or sema header", "dwarf/", set(), ("parse/", "sema/")),
    ("ctf/ reaches no parse or sema header", "ctf/", set(), ("parse/", "sema/")),
    ("cpp/ reaches no parse or sema header", "cpp/", set(), ("parse/", "sema/")),
    ("lang/ (below cpp and parse) reaches util only", "lang/", set(),
     ("cpp/", "parse/", "sema/", "debug/", "btf/", "ctf/", "dwarf/", "elf/", "ir/", "bpf/")),
]


def direct_includes(src, rel, cache):
    """The src-relative paths that file REL includes with quotes."""
    if rel not in cache:
        path = os.path.join(src, rel)
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            text = ""
        out = []
        for name in INCLUDE.findall(text):
            target = os.path.normpath(os.path.join(os.path.dirname(rel), name))
            if os.path.exists(os.path.join(src, target)):
                out.append(target)
        cache[rel] = out
    return cache[rel]


def forbidden_chain(src, rel, forbidden, cache):
    """An include chain from REL to a forbidden file, or None."""
    seen = {rel}
    stack = [(rel, [rel])]
    while stack:
        cur, chain = stack.pop()
        for inc in direct_includes(src, cur, cache):
            if inc.startswith(forbidden):
                return chain + [inc]
            if inc not in seen:
                seen.add(inc)
                stack.append((inc, chain + [inc]))
    return None


def main():
    src = sys.argv[1]
    files = []
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith((".c", ".h")):
                files.append(os.path.relpath(os.path.join(root, n), src))
    files.sort()
    cache = {}
    failed = False
    for name, prefix, exempt, forbidden in RULES:
        covered = [f for f in files if f.startswith(prefix) and f not in exempt]
        broken = []
        for f in covered:
            chain = forbidden_chain(src, f, forbidden, cache)
            if chain:
                broken.append(" -> ".join(chain))
        if not covered:
            print(f"FAIL: {name} (no files under src/{prefix})")
            failed = True
        elif broken:
            print(f"FAIL: {name}")
            for b in broken:
                print(f"  {b}")
            failed = True
        else:
            print(f"PASS: {name} ({len(covered)} files)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
