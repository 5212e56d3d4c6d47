#!/usr/bin/env python3
"""Compare two btfshape.py outputs: ORACLE (what GCC gives, via pahole)
and OURS.  A line that differs is still accepted when SECOND (GCC's own
-gbtf output for the same input) gives exactly our line: pahole and GCC's
BTF disagree on a few things (pahole encodes vectors as arrays and drops
_Atomic types to void; GCC's BTF has no vector and skips _Atomic), and
btfcc follows GCC's BTF.  Prints the remaining differences and the
accepted ones, and exits 1 if any difference remains.

Usage: shapecmp.py ORACLE OURS [SECOND]"""
import sys

def load(path):
    d = {}
    for line in open(path):
        key, _, val = line.rstrip("\n").partition(": ")
        d.setdefault(key, set()).add(val)
    return d

oracle, ours = load(sys.argv[1]), load(sys.argv[2])
second = load(sys.argv[3]) if len(sys.argv) > 3 else {}
bad = accepted = 0
for key in sorted(set(oracle) | set(ours)):
    a, b = oracle.get(key, set()), ours.get(key, set())
    if a == b:
        continue
    if key in second and second[key] == b:
        accepted += 1
        print("accepted (GCC's BTF agrees): %s" % key)
        continue
    bad += 1
    print("DIFF %s\n  gcc:   %s\n  btfcc: %s" % (key, sorted(a), sorted(b)))
print("%d types, %d differences, %d accepted by GCC's own BTF" % (len(oracle), bad, accepted))
sys.exit(1 if bad else 0)
