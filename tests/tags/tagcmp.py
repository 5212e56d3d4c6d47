#!/usr/bin/env python3
"""Compare the btf_type_tag chains and btf_decl_tag records of two BTF
objects of the same source (btfcc's and clang's), and check that the
declarations whose chains differ are exactly those btfcc's
-Wbtf-tag-placement named (their names, from WARNINGS).

Each declaration -- VAR, FUNC parameter and return, STRUCT/UNION member,
TYPEDEF -- is rendered as the chain BTF gives it ('*tag(user) const char').
Unnamed parameters (of declarations) take their names from SOURCE.
Usage: tagcmp.py BTFCC_OBJ CLANG_OBJ WARNINGS_FILE SOURCE"""
import json, re, subprocess, sys

def load(path):
    out = subprocess.run(["bpftool", "-j", "btf", "dump", "file", path],
                         capture_output=True, text=True, check=True).stdout
    return {t["id"]: t for t in json.loads(out)["types"]}

def nm(t):
    return t.get("name", "(anon)")

def chain(types, tid, depth=0):
    if tid == 0:
        return "void"
    if depth > 30:
        return "..."
    t = types[tid]
    k = t["kind"]
    if k == "PTR":
        return "*" + chain(types, t["type_id"], depth + 1)
    if k == "TYPE_TAG":
        return "tag(%s) " % nm(t) + chain(types, t["type_id"], depth + 1)
    if k in ("CONST", "VOLATILE", "RESTRICT"):
        return k.lower() + " " + chain(types, t["type_id"], depth + 1)
    if k == "ARRAY":
        return "[%d]" % t["nr_elems"] + chain(types, t["type_id"], depth + 1)
    if k == "FUNC_PROTO":
        return "fn(%s)->%s" % (", ".join(chain(types, p["type_id"], depth + 1) for p in t["params"]),
                               chain(types, t["ret_type_id"], depth + 1))
    if k in ("STRUCT", "UNION", "FWD"):
        return "struct " + nm(t)
    if k == "INT":  # the compilers name some base types differently
        return "int%d%s" % (t["size"] * 8, "s" if t["encoding"] == "SIGNED" else "")
    return nm(t)

def decls(types):
    d, tags = {}, set()
    for t in types.values():
        k = t["kind"]
        if k == "VAR":
            d[("var", nm(t))] = chain(types, t["type_id"])
        elif k == "TYPEDEF":
            d[("typedef", nm(t))] = chain(types, t["type_id"])
        elif k in ("STRUCT", "UNION") and nm(t) != "(anon)":
            for m in t["members"]:
                d[("member", nm(t), m["name"])] = chain(types, m["type_id"])
        elif k == "FUNC":
            p = types[t["type_id"]]
            d[("return", nm(t))] = chain(types, p["ret_type_id"])
            for i, a in enumerate(p["params"]):
                pname = a["name"]
                if pname == "(anon)":
                    pname = proto_names.get(nm(t), {}).get(i, pname)
                d[("param", nm(t), pname)] = chain(types, a["type_id"])
        elif k == "DECL_TAG":
            tg = types[t["type_id"]]
            tags.add((nm(t), tg["kind"], nm(tg), t["component_idx"]))
    return d, tags

# Parameter names of prototypes: NAME(type a, type b) -> {0: a, 1: b}.
proto_names = {}
for m in re.finditer(r"^extern [^(]*?(\w+)\(([^()]*)\);", open(sys.argv[4]).read(), re.M):
    names = [re.findall(r"(\w+)(?:\[\d+\])?\s*$", p.strip()) for p in m.group(2).split(",")]
    proto_names[m.group(1)] = {i: n[0] for i, n in enumerate(names) if n}
ours, ours_tags = decls(load(sys.argv[1]))
theirs, theirs_tags = decls(load(sys.argv[2]))
warned = set(re.findall(r"give '([^']+)' different BTF type tags", open(sys.argv[3]).read()))
common = set(ours) & set(theirs)
differ = {k for k in common if ours[k] != theirs[k]}
differ_names = {k[-1] for k in differ}
ok = True
for k in sorted(differ):
    print("differs: %s\n  btfcc: %s\n  clang: %s" % ("/".join(k), ours[k], theirs[k]))
missed = differ_names - warned
extra = {w for w in warned if w not in differ_names and any(k[-1] == w for k in common)}
if missed:
    ok = False
    print("DIVERGENT BUT NOT WARNED: %s" % sorted(missed))
if extra:
    ok = False
    print("WARNED BUT THE SAME: %s" % sorted(extra))
if ours_tags != theirs_tags:
    ok = False
    print("DECL_TAG sets differ:\n  only btfcc: %s\n  only clang: %s" %
          (sorted(ours_tags - theirs_tags), sorted(theirs_tags - ours_tags)))
print("%d declarations compared, %d differ (all where -Wbtf-tag-placement fired), "
      "%d decl tags" % (len(common), len(differ), len(ours_tags)))
sys.exit(0 if ok and len(common) > 100 else 1)
