#!/usr/bin/env python3
"""Print the shape of every named STRUCT, UNION, ENUM, ENUM64, TYPEDEF (and
FWD) of a BTF object, one canonical line per type, sorted, so that the
types of two objects can be compared with diff.  Reads the JSON that
`bpftool -j btf dump file FILE` prints.

A member or typedef target is described down to the next named type:
'*const char', '[16]u8', 'struct list_head'.  Anonymous structs, unions
and enums are described inline.  Ids, type order and string offsets do not
matter; sizes, member names, bit offsets, bit-field sizes, member types,
enumerator values and signedness do.

Usage: btfshape.py FILE [--bpftool PATH]"""
import json, subprocess, sys

def load(path, bpftool):
    out = subprocess.run([bpftool, "-j", "btf", "dump", "file", path],
                         check=True, capture_output=True, text=True).stdout
    types = json.loads(out)["types"]
    return {t["id"]: t for t in types}

def describe(types, tid, depth=0):
    if tid == 0:
        return "void"
    t = types[tid]
    k = t["kind"]
    name = t.get("name", "(anon)")
    anon = name == "(anon)"
    if depth > 40:
        return "..."
    if k == "INT":
        enc = t["encoding"]
        # GCC 12 marks char SIGNED|CHAR, which bpftool prints as UNKN.
        sign = "s" if enc in ("SIGNED", "UNKN") else ("b" if enc == "BOOL" else "u")
        return "%s:%d%s" % (name, t["size"], sign)
    if k == "FLOAT":
        return "float %s:%d" % (name, t["size"])
    if k == "PTR":
        return "*" + describe(types, t["type_id"], depth + 1)
    if k in ("CONST", "VOLATILE", "RESTRICT"):
        return k.lower() + " " + describe(types, t["type_id"], depth + 1)
    if k == "TYPE_TAG":
        return "tag(%s) " % name + describe(types, t["type_id"], depth + 1)
    if k == "ARRAY":
        # pahole flattens int a[2][3] into one [6] array; so do we here.
        n, elem = t["nr_elems"], types.get(t["type_id"])
        while elem and elem["kind"] == "ARRAY":
            n *= elem["nr_elems"]
            elem = types.get(elem["type_id"])
        return "[%d]" % n + describe(types, elem["id"] if elem else 0, depth + 1)
    if k == "FUNC_PROTO":
        ps = ", ".join(describe(types, p["type_id"], depth + 1) for p in t["params"])
        return "fn(%s)->%s" % (ps, describe(types, t["ret_type_id"], depth + 1))
    if k in ("STRUCT", "UNION"):
        if not anon:
            return "%s %s" % (k.lower(), name)
        return body(types, t, depth + 1)
    if k == "FWD":
        return "%s %s" % (t["fwd_kind"], name)
    if k in ("ENUM", "ENUM64"):
        if not anon:
            return "enum %s" % name
        return body(types, t, depth + 1)
    if k == "TYPEDEF":
        return name
    return k

def body(types, t, depth=0):
    k = t["kind"]
    if k in ("STRUCT", "UNION"):
        ms = []
        for m in t["members"]:
            bf = ":%d" % m["bitfield_size"] if m.get("bitfield_size") else ""
            ms.append("%s@%d%s %s" % (m["name"], m["bits_offset"], bf,
                                     describe(types, m["type_id"], depth)))
        return "%s size=%d {%s}" % (k.lower(), t["size"], "; ".join(ms))
    if k in ("ENUM", "ENUM64"):
        vs = ", ".join("%s=%d" % (v["name"], v["val"]) for v in t["values"])
        enc = t.get("encoding", "UNSIGNED")
        return "enum size=%d %s {%s}" % (t["size"], enc, vs)
    return describe(types, t["id"], depth)

def main():
    path = sys.argv[1]
    bpftool = "bpftool"
    if "--bpftool" in sys.argv:
        bpftool = sys.argv[sys.argv.index("--bpftool") + 1]
    types = load(path, bpftool)
    lines = set()
    for t in types.values():
        k = t["kind"]
        name = t.get("name", "(anon)")
        if name == "(anon)":
            continue
        if k in ("STRUCT", "UNION", "ENUM", "ENUM64"):
            lines.add("%s %s: %s" % (k.lower() if k != "ENUM64" else "enum", name, body(types, t)))
        elif k == "TYPEDEF":
            lines.add("typedef %s: %s" % (name, describe(types, t["type_id"])))
        elif k == "FWD":
            lines.add("fwd %s %s" % (t["fwd_kind"], name))
    for l in sorted(lines):
        print(l)

if __name__ == "__main__":
    main()
