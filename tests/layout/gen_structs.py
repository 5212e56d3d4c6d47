#!/usr/bin/env python3
"""Generate C files full of randomly shaped records for layout tests.

Every record mixes base types, pointers, arrays, nested and anonymous
records, enums, bit-fields (zero-width included) and the attributes and
pragmas that change layout (packed, aligned, #pragma pack, mode).  The
output is deterministic for a given seed.

Usage: gen_structs.py SEED COUNT [--bpf]"""
import random, sys

seed, count = int(sys.argv[1]), int(sys.argv[2])
bpf = "--bpf" in sys.argv
r = random.Random(seed)

SCALARS = ["char", "signed char", "unsigned char", "short", "unsigned short",
           "int", "unsigned int", "long", "unsigned long", "long long",
           "unsigned long long", "_Bool", "float", "double", "long double",
           "__int128", "unsigned __int128", "void *", "char *"]
INTS = ["char", "signed char", "unsigned char", "short", "unsigned short",
        "int", "unsigned int", "long", "unsigned long", "long long",
        "unsigned long long", "_Bool"]
BITS = {"char": 8, "signed char": 8, "unsigned char": 8, "short": 16,
        "unsigned short": 16, "int": 32, "unsigned int": 32, "long": 64,
        "unsigned long": 64, "long long": 64, "unsigned long long": 64,
        "_Bool": 1}

out = []
defined = []   # names of complete records usable as member types
enums = []
typedefs = []
aligned_typedefs = set()
n_id = [0]

def name(prefix):
    n_id[0] += 1
    return "%s%d" % (prefix, n_id[0])

def gen_enum():
    e = name("E")
    kind = r.choice(["small", "neg", "big", "bigneg", "packed"])
    vals = []
    if kind == "small":
        vals = [r.randint(0, 300) for _ in range(r.randint(1, 4))]
    elif kind == "neg":
        vals = [r.randint(-200, 200) for _ in range(r.randint(1, 4))]
    elif kind == "big":
        vals = [r.choice([1 << 32, (1 << 40) + 3, (1 << 63) - 1]), 1]
    elif kind == "bigneg":
        vals = [-(1 << 35), 7]
    else:
        vals = [r.randint(0, 200), r.randint(-3, 3)]
    body = ", ".join("%s_%d = %dLL" % (e, i, v) if abs(v) > 2**31 else "%s_%d = %d" % (e, i, v)
                     for i, v in enumerate(vals))
    attr = " __attribute__((packed))" if kind == "packed" else ""
    out.append("enum %s { %s }%s;" % (e, body, attr))
    enums.append(e)

def gen_typedef():
    t = name("T")
    kind = r.choice(["aligned", "mode", "plain"])
    if kind == "aligned":
        aligned_typedefs.add(t)
        out.append("typedef %s %s __attribute__((aligned(%d)));" %
                   (r.choice(["int", "char", "short", "long"]), t, r.choice([1, 2, 4, 8, 16, 32])))
    elif kind == "mode":
        out.append("typedef int %s __attribute__((mode(%s)));" % (t, r.choice(["QI", "HI", "SI", "DI"])))
    else:
        out.append("typedef %s %s;" % (r.choice(SCALARS), t))
    typedefs.append(t)

def member_type(depth):
    c = r.random()
    if c < 0.5:
        return r.choice(SCALARS)
    if c < 0.6 and enums:
        return "enum " + r.choice(enums)
    if c < 0.7 and typedefs:
        return r.choice(typedefs)
    if c < 0.85 and defined:
        return r.choice(defined)
    return r.choice(INTS)

def gen_members(depth):
    ms = []
    for i in range(r.randint(1, 7)):
        c = r.random()
        m = name("m")
        if c < 0.3:
            t = r.choice(INTS + (["enum " + e for e in enums[-3:]] if enums else []))
            tb = BITS.get(t, 8)
            w = r.choice([0, 1, 2, 3, 5, 7, 8, 13, 17, 31, 32, 33, 63]) if tb >= 8 else 1
            w = min(w, tb)
            if w == 0:
                ms.append("%s : 0;" % t)
            else:
                named = r.random() < 0.85
                ms.append("%s %s : %d;" % (t, m if named else "", w))
        elif c < 0.4 and depth < 2:
            kw = r.choice(["struct", "union"])
            inner = " ".join(gen_members(depth + 1))
            if r.random() < 0.5:
                ms.append("%s { %s };" % (kw, inner))       # anonymous member
            else:
                ms.append("%s { %s } %s;" % (kw, inner, m))
        elif c < 0.5:
            t = member_type(depth)
            while t in aligned_typedefs:
                t = r.choice(SCALARS)
            ms.append("%s %s[%d];" % (t, m, r.randint(1, 5)))
        else:
            t = member_type(depth)
            attr = ""
            if r.random() < 0.15:
                attr = " __attribute__((aligned(%d)))" % r.choice([1, 2, 4, 8, 16])
            elif r.random() < 0.1:
                attr = " __attribute__((packed))"
            ms.append("%s %s%s;" % (t, m, attr))
    return ms

def gen_record():
    kw = r.choice(["struct", "struct", "struct", "union"])
    n = name("S")
    ms = gen_members(0)
    if kw == "struct" and r.random() < 0.1:
        ms.append("char tail[];")
    attrs = []
    if r.random() < 0.25:
        attrs.append("packed")
    if r.random() < 0.15:
        attrs.append("aligned(%d)" % r.choice([2, 4, 8, 16, 64]))
    attr = " __attribute__((%s))" % ", ".join(attrs) if attrs else ""
    pack = r.random() < 0.15
    if pack:
        out.append("#pragma pack(push, %d)" % r.choice([1, 2, 4, 8]))
    out.append("%s %s { %s }%s;" % (kw, n, " ".join(ms), attr))
    if pack:
        out.append("#pragma pack(pop)")
    defined.append("%s %s" % (kw, n))

for i in range(count):
    c = r.random()
    if c < 0.15:
        gen_enum()
    elif c < 0.25:
        gen_typedef()
    else:
        gen_record()
print("\n".join(out))
