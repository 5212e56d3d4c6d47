#!/usr/bin/env python3
"""Random C translation units for the CTF comparison (tests/ctf/ctf.sh).

Each unit declares structs and unions (with bit-fields of every base
type, nested anonymous members, flexible arrays, self and forward
pointers), enums (negative, 64-bit and out-of-CTF-range values),
typedefs, qualified types (const, volatile, restrict, _Atomic), arrays
of one to three dimensions (zero-sized and unsized too), function
pointers (prototyped, variadic, unprototyped), vectors, complex and
_Float16 types, and variables and functions using them -- static,
extern (used and unused) and defined -- so that every CTF kind, the
"unknown" type, slices and the function and object sections appear.
The same seed gives the same files, named sSEED-NNN.c.

Usage: geninputs.py OUTDIR COUNT [SEED]
"""
import os
import random
import sys

BASE = ["char", "signed char", "unsigned char", "short", "unsigned short",
        "int", "unsigned int", "long", "unsigned long", "long long",
        "unsigned long long", "_Bool", "float", "double", "long double",
        "__int128", "unsigned __int128", "_Complex float", "_Complex double",
        "_Complex long double", "_Float16", "_Float128", "_Complex int"]
INTS = ["char", "signed char", "unsigned char", "short", "unsigned short",
        "int", "unsigned int", "long", "unsigned long", "long long",
        "unsigned long long", "_Bool"]
WIDTH = {"char": 8, "signed char": 8, "unsigned char": 8, "short": 16,
         "unsigned short": 16, "int": 32, "unsigned int": 32, "long": 64,
         "unsigned long": 64, "long long": 64, "unsigned long long": 64,
         "_Bool": 1}


class Unit:
    def __init__(self, rnd):
        self.r = rnd
        self.lines = []
        self.types = list(BASE)   # type names usable as declaration specifiers
        self.records = []         # complete struct/union tags
        self.n = 0

    def name(self, prefix):
        self.n += 1
        return "%s%d" % (prefix, self.n)

    def qual(self):
        r = self.r.random()
        if r < 0.1:
            return "const "
        if r < 0.15:
            return "volatile "
        if r < 0.18:
            return "const volatile "
        return ""

    def some_type(self):
        return self.r.choice(self.types)

    def declarator(self, name, depth=0):
        """A declarator for NAME: pointers, arrays, function pointers."""
        r = self.r.random()
        if r < 0.15 and depth < 2:
            return "*" + self.qual().replace("volatile ", "") + self.declarator(name, depth + 1)
        if r < 0.25:
            dims = "".join("[%d]" % self.r.choice([1, 2, 3, 7, 16])
                           for _ in range(self.r.randint(1, 3)))
            return name + dims
        if r < 0.32:
            args = self.r.choice(["void", "int", "int, ...", "", "char *, long",
                                  "%s, %s" % (self.some_type(), self.some_type())])
            return "(*%s)(%s)" % (name, args)
        return name

    def record(self):
        kind = self.r.choice(["struct", "struct", "union"])
        tag = self.name("R")
        body = []
        for i in range(self.r.randint(1, 8)):
            r = self.r.random()
            m = "m%d" % i
            if r < 0.3:
                t = self.r.choice(INTS)
                w = self.r.randint(1, WIDTH[t])
                body.append("  %s%s %s : %d;" % (self.qual(), t, m, w))
            elif r < 0.35:
                body.append("  int : 0;")
                body.append("  int %s;" % m)
            elif r < 0.4:
                body.append("  struct { int a%d; char b%d : 3; };" % (i, i))
            elif r < 0.45:
                body.append("  %s %s *%s;" % (kind, tag, m))
            elif r < 0.5:
                body.append("  struct F%s *%s;" % (tag, m))
            else:
                body.append("  %s%s %s;" % (self.qual(), self.some_type(), self.declarator(m)))
        if kind == "struct" and self.r.random() < 0.2:
            body.append("  int flex[];")
        self.lines.append("%s %s {\n%s\n};" % (kind, tag, "\n".join(body)))
        self.types.append("%s %s" % (kind, tag))
        self.records.append("%s %s" % (kind, tag))

    def enum(self):
        tag = self.name("E")
        vals = []
        for i in range(self.r.randint(1, 5)):
            v = self.r.choice(["", " = -1", " = 7", " = 0x7fffffff",
                               " = 0x100000000LL", " = -3000000000LL", " = 0xffffffffU"])
            vals.append("%s_%d%s" % (tag, i, v))
        self.lines.append("enum %s { %s };" % (tag, ", ".join(vals)))
        self.types.append("enum %s" % tag)

    def typedef(self):
        t = self.name("T")
        r = self.r.random()
        if r < 0.15:
            # Vectors only as the types of variables: btfcc's layout of
            # aggregates holding 32-byte vectors is not GCC's yet.
            self.lines.append("typedef %s %s __attribute__((vector_size(%d)));" %
                              (self.r.choice(["int", "float", "char", "long"]), t,
                               self.r.choice([8, 16, 32])))
            self.lines.append("%s vec_%s;" % (t, t))
            return
        else:
            self.lines.append("typedef %s%s %s;" % (self.qual(), self.some_type(), self.declarator(t)))
        self.types.append(t)

    def variable(self):
        v = self.name("v")
        sc = self.r.choice(["", "", "static ", "extern "])
        spec = self.some_type()
        if self.r.random() < 0.05:
            spec = "_Atomic int"
        if self.r.random() < 0.05:
            self.lines.append("%sint *restrict %s;" % (sc if sc != "extern " else "", v))
            return
        decl = self.declarator(v)
        if sc == "extern ":
            q = self.qual()
            self.lines.append("extern %s%s %s;" % (q, spec, decl))
            if self.r.random() < 0.5:
                self.lines.append("void *use_%s(void) { return (void *)&%s; }" % (v, v))
            elif self.r.random() < 0.5:
                self.lines.append("%s%s %s;" % (q, spec, decl))  # defined later
            return
        self.lines.append("%s%s%s %s;" % (sc, self.qual(), spec, decl))

    def function(self):
        f = self.name("f")
        ret = self.r.choice(["void", "int", self.some_type() + " *"])
        params = ", ".join("%s p%d" % (self.some_type(), i)
                           for i in range(self.r.randint(0, 4))) or "void"
        r = self.r.random()
        if r < 0.25:
            self.lines.append("extern %s %s(%s);" % (ret, f, params))
            self.lines.append("long call_%s(void) { return (long)&%s; }" % (f, f))
        elif r < 0.35:
            self.lines.append("static inline int %s(int a) { return a; }" % f)
        elif r < 0.45:
            self.lines.append("int %s(int n, int (*p)[n]) { return n; }" % f)
        elif r < 0.5:
            self.lines.append("int %s(a, b) int a; char b; { return a + b; }" % f)
        else:
            sc = self.r.choice(["", "static "])
            body = "" if ret == "void" else "return 0;"
            self.lines.append("%s%s %s(%s) { %s }" % (sc, ret, f, params, body))

    def generate(self, n):
        self.lines.append("struct Fwd; union UFwd; enum EFwd;")
        self.lines.append("struct Fwd *fwd_ptr; union UFwd *ufwd_ptr; enum EFwd *efwd_ptr;")
        for _ in range(n):
            self.r.choice([self.record, self.record, self.enum, self.typedef,
                           self.variable, self.variable, self.function])()
        for t in self.records[:4]:
            self.lines.append("%s use_%s;" % (t, t.split()[1]))
        return "\n".join(self.lines) + "\n"


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        u = Unit(random.Random(seed * 1000 + i))
        with open(os.path.join(out, "s%d-%03d.c" % (seed, i)), "w") as f:
            f.write(u.generate(40))


if __name__ == "__main__":
    main()
