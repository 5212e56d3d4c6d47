#!/usr/bin/env python3
"""Print a BTF object's contents by name and shape, one sorted line per
named type, variable, function, decl tag and DATASEC, so that two BTF
objects of the same input compare with diff whatever their ids, order,
duplicates and string offsets.  Types are described as
tests/tools/btfshape.py does (down to the next named type; type tags in
place: '*tag(user) int'); functions with their parameter names; decl tags
with their target ('decl_tag rw on member 'b' of struct s'); DATASECs by
their variables' names and sizes (offsets: GCC's x86-64 BTF writes 0,
pahole the real ones -- left out).  Reads `bpftool -j btf dump file`.

Usage: btfnorm.py FILE [--no-datasec]
       btfnorm.py --batch LIST   each line of LIST: FILE OUT [--no-datasec];
                                 OUT gets FILE's lines (one Python start
                                 for many files: starts are slow here)"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from btfshape import load, describe, body

def target(types, t, idx):
    k = t["kind"]
    name = t.get("name", "(anon)")
    if k == "VAR":
        return "var %s" % name
    if k == "FUNC":
        if idx < 0:
            return "func %s" % name
        proto = types[t["type_id"]]
        p = proto["params"][idx] if idx < len(proto["params"]) else {}
        return "param %d '%s' of func %s" % (idx, p.get("name", "?"), name)
    if k in ("STRUCT", "UNION"):
        owner = "%s %s" % (k.lower(), name) if name != "(anon)" else body(types, t)
        if idx < 0:
            return owner
        m = t["members"][idx] if idx < len(t["members"]) else {}
        return "member '%s' of %s" % (m.get("name", "?"), owner)
    if k == "TYPEDEF":
        return "typedef %s" % name
    return "%s %s" % (k, name)

def lines_of(path, datasec):
    types = load(path, "bpftool")
    lines = set()
    for t in types.values():
        k = t["kind"]
        name = t.get("name", "(anon)")
        if k in ("STRUCT", "UNION", "ENUM", "ENUM64") and name != "(anon)":
            lines.add("%s %s: %s" % (k.lower() if k != "ENUM64" else "enum", name, body(types, t)))
        elif k == "TYPEDEF":
            lines.add("typedef %s: %s" % (name, describe(types, t["type_id"])))
        elif k == "FWD":
            lines.add("fwd %s %s" % (t["fwd_kind"], name))
        elif k == "VAR":
            lines.add("var %s %s: %s" % (name, t["linkage"], describe(types, t["type_id"])))
        elif k == "FUNC":
            proto = types[t["type_id"]]
            ps = ", ".join("%s %s" % (describe(types, p["type_id"]), p.get("name", ""))
                           for p in proto["params"])
            lines.add("func %s %s: fn(%s)->%s" % (name, t["linkage"], ps,
                                                  describe(types, proto["ret_type_id"])))
        elif k == "DECL_TAG":
            lines.add("decl_tag %s on %s" % (name, target(types, types[t["type_id"]],
                                                          t["component_idx"])))
        elif k == "DATASEC" and datasec:
            vs = sorted("%s:%d" % (types[v["type_id"]].get("name"), v["size"])
                        for v in t["vars"])
            lines.add("datasec %s: %s" % (name, ", ".join(vs)))
    return sorted(lines)

def main():
    if sys.argv[1] == "--batch":
        status = 0
        for line in open(sys.argv[2]):
            words = line.split()
            try:
                out = lines_of(words[0], "--no-datasec" not in words[2:])
            except Exception as e:  # bpftool failed: no output file
                print("%s: %s" % (words[0], e), file=sys.stderr)
                status = 1
                continue
            with open(words[1], "w") as f:
                f.writelines(l + "\n" for l in out)
        sys.exit(status)
    for l in lines_of(sys.argv[1], "--no-datasec" not in sys.argv[2:]):
        print(l)

main()
