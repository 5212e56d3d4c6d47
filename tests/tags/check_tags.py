#!/usr/bin/env python3
"""Run one tag test: a C file whose expectations sit in comments beside
the code they test (one per line), in the spirit of sparse's test files.

  options: ARGS                     extra btfcc options for this file
  error: TEXT / warning: TEXT       a diagnostic containing TEXT on this line
  chain: START -> KIND [name] -> ...  following references from START
      START is one of: VAR name | FUNC name | FUNC name return |
      FUNC name param N | STRUCT name member NAME | TYPEDEF name
      each step is KIND or KIND 'name'; "void" ends at type 0
  decl-tag: 'value' -> KIND 'name' idx=N [xCOUNT]   (COUNT default 1)
  no-decl-tag: 'value'
  count: KIND N                     exactly N records of KIND

Every diagnostic btfcc prints must be expected.  Usage:
  check_tags.py BTFCC FILE.c [BPFTOOL]"""
import json, re, struct, subprocess, sys, os, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import btfhdr

btfcc, src = sys.argv[1], sys.argv[2]
bpftool = sys.argv[3] if len(sys.argv) > 3 else "bpftool"
lines = open(src).read().split("\n")
fails = []
opts = []
expects = []  # (lineno, kind, text)
for i, l in enumerate(lines, 1):
    for m in re.finditer(r"/\*\s*((?:options|error|warning|chain|decl-tag|no-decl-tag|count):.*?)\s*\*/", l):
        kind, _, text = m.group(1).partition(":")
        text = text.strip()
        if kind == "options":
            opts += text.split()
        else:
            expects.append((i, kind, text))

with tempfile.TemporaryDirectory() as tmp:
    obj = os.path.join(tmp, "t.o")
    r = subprocess.run([btfcc, "-gbtf", "-fdiagnostics-plain-output"] + opts +
                       ["-c", src, "-o", obj], capture_output=True, text=True)
    diags = [d for d in r.stderr.splitlines() if re.search(r": (error|warning): ", d)]
    want_errors = any(k == "error" for _, k, _ in expects)
    # Diagnostics: each expected one present on its line, no others.
    used = set()
    for ln, kind, text in expects:
        if kind not in ("error", "warning"):
            continue
        hit = [j for j, d in enumerate(diags)
               if (":%d:" % ln) in d and (": %s: " % kind) in d and text in d and j not in used]
        if hit:
            used.add(hit[0])
        else:
            fails.append("line %d: no %s containing %r" % (ln, kind, text))
    for j, d in enumerate(diags):
        if j not in used:
            fails.append("unexpected diagnostic: " + d)
    if want_errors:
        if r.returncode != 1:
            fails.append("exit status %d, want 1" % r.returncode)
    elif r.returncode != 0:
        fails.append("btfcc failed: " + r.stderr.strip()[:300])
    types = {}
    # The records are checked only for an object that compiled.
    check_records = not want_errors and r.returncode == 0
    if check_records:
        d = subprocess.run([bpftool, "-j", "btf", "dump", "file", obj],
                           capture_output=True, text=True)
        if d.returncode == 0 and d.stdout.strip():
            types = {t["id"]: t for t in json.loads(d.stdout)["types"]}
        else:
            # bpftool refuses a BTF section without types, and fails the
            # same way on one it cannot read: the header tells them apart.
            try:
                type_len, _ = btfhdr.header(obj)
            except (OSError, btfhdr.BtfHeaderError, struct.error) as ex:
                type_len = "unreadable (%s)" % ex
            if type_len != 0:
                fails.append("bpftool -j btf dump failed (exit %d) on BTF with type_len %s: %s"
                             % (d.returncode, type_len, d.stderr.strip()[:200]))

def name(t):
    return t.get("name", "(anon)")

def find(kind, nm):
    c = [t for t in types.values() if t["kind"] == kind and name(t) == nm]
    return c[0] if len(c) == 1 else None

def step_desc(tid):
    if tid == 0:
        return "void"
    t = types[tid]
    return t["kind"] if name(t) == "(anon)" else "%s '%s'" % (t["kind"], name(t))

def ref(t):
    for k in ("type_id", "ret_type_id"):
        if k in t:
            return t[k]
    return None

for ln, kind, text in expects:
    # With no types every expectation below is checked against nothing
    # (and fails, but for "count: KIND 0" and "no-decl-tag").
    if kind in ("error", "warning") or not check_records:
        continue
    if kind == "chain":
        parts = [p.strip() for p in text.split("->")]
        start = parts[0].split()
        t = find(start[0], start[1])
        if not t:
            fails.append("line %d: no single %s %s" % (ln, start[0], start[1])); continue
        tid = None
        if start[0] == "FUNC":
            proto = types[t["type_id"]]
            if len(start) == 2:
                tid = t["type_id"]
            elif start[2] == "return":
                tid = proto["ret_type_id"]
            elif start[2] == "param":
                tid = proto["params"][int(start[3])]["type_id"]
        elif start[0] == "STRUCT" and len(start) > 2:
            ms = [m for m in t["members"] if m["name"] == start[3]]
            tid = ms[0]["type_id"] if ms else None
        else:
            tid = ref(t)
        got = []
        for want in parts[1:]:
            if tid is None:
                got.append("?"); break
            got.append(step_desc(tid))
            tid = ref(types[tid]) if tid else None
        want = [re.sub(r"\s+", " ", p) for p in parts[1:]]
        if got != want:
            fails.append("line %d: chain %s: got %s" % (ln, text, " -> ".join(got)))
    elif kind == "decl-tag":
        m = re.fullmatch(r"'([^']*)'\s*->\s*(\w+) '([^']*)' idx=(-?\d+)(?:\s+x(\d+))?", text)
        if not m:
            fails.append("line %d: bad decl-tag expectation" % ln); continue
        val, tk, tn, idx, cnt = m.group(1), m.group(2), m.group(3), int(m.group(4)), int(m.group(5) or 1)
        n = sum(1 for t in types.values() if t["kind"] == "DECL_TAG" and name(t) == val
                and t["component_idx"] == idx and types.get(t["type_id"], {}).get("kind") == tk
                and name(types[t["type_id"]]) == tn)
        if n != cnt:
            fails.append("line %d: %d DECL_TAG %s, want %d" % (ln, n, text, cnt))
    elif kind == "no-decl-tag":
        val = text.strip("'")
        if any(t["kind"] == "DECL_TAG" and name(t) == val for t in types.values()):
            fails.append("line %d: DECL_TAG '%s' present" % (ln, val))
    elif kind == "count":
        k, n = text.split()
        got = sum(1 for t in types.values() if t["kind"] == k)
        if got != int(n):
            fails.append("line %d: %d %s records, want %s" % (ln, got, k, n))

for f in fails:
    print("  " + f)
sys.exit(1 if fails else 0)
