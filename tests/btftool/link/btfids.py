#!/usr/bin/env python3
"""Print `bpftool btf dump file` text (read from standard input) with its
type ids replaced by names that do not depend on numbering: each type
becomes KIND 'name'#N, N counting the earlier types of the same kind and
name, and every reference (type_id=, ret_type_id=, index_type_id=) names
its target the same way.  Two dumps of the same types in the same order
of first appearance then compare equal whatever their ids; offsets,
sizes, member and parameter names, linkage and DATASEC entries still
count.

With --symbols OBJ, a DATASEC entry of a variable that has a global
symbol in OBJ gets the symbol's value as its offset, and a last line
lists the variables whose entry said otherwise ("# offsets not at their
symbols: none" when all agree).

Usage: btfids.py [--symbols OBJ] < DUMP"""
import re, subprocess, sys

symbols = None
if len(sys.argv) == 3 and sys.argv[1] == "--symbols":
    symbols = {}
    out = subprocess.run(["readelf", "-sW", sys.argv[2]], capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 8 and f[3] == "OBJECT" and f[4] in ("GLOBAL", "WEAK"):
            symbols[f[7]] = int(f[1], 16)

lines = sys.stdin.read().splitlines()
head = re.compile(r"^\[(\d+)\] (\S+) '([^']*)'")
names, seen = {0: "void"}, {}
for line in lines:
    m = head.match(line)
    if m:
        key = (m.group(2), m.group(3))
        seen[key] = seen.get(key, 0) + 1
        names[int(m.group(1))] = "%s '%s'#%d" % (key[0], key[1], seen[key])
ref = re.compile(r"\b(ret_type_id|type_id|index_type_id)=(\d+)")
entry = re.compile(r"^(\ttype_id=<[^>]*> offset=)(\d+)( size=\d+ \(VAR '([^']*)'\))$")
moved = []
for line in lines:
    line = ref.sub(lambda m: "%s=<%s>" % (m.group(1), names.get(int(m.group(2)), "?" + m.group(2))), line)
    line = re.sub(r"^\[\d+\] ", "", line)
    m = entry.match(line)
    if symbols is not None and m and m.group(4) in symbols:
        value = symbols[m.group(4)]
        if value != int(m.group(2)):
            moved.append(m.group(4))
        line = "%s%d%s" % (m.group(1), value, m.group(3))
    print(line)
if symbols is not None:
    print("# offsets not at their symbols: %s" % (" ".join(moved) or "none"))
