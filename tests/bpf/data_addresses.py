#!/usr/bin/env python3
"""data_addresses.py OBJ: what each address in a BPF object's initialized
data stands for, in a form two compilers' objects can be compared by.

For every global OBJECT symbol of a data section it prints, per
relocation inside the object, the object's own offset and the target: a
named symbol plus a byte offset, or, for an unnamed object (a relocation
against a section symbol or a local label such as GCC's
__compound_literal.N, .LC0), the bytes that object holds plus the offset
into it -- the name and the place of an unnamed object are each
compiler's own choice.  Reads only readelf's output (binutils)."""
import re, subprocess, sys

def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True,
                          text=True).stdout

obj = sys.argv[1]
secs = {}
for m in re.finditer(r"^\s*\[\s*(\d+)\]\s+(\S+)\s+(\S+)\s+\S+\s+(\S+)\s+(\S+)", readelf("-S", obj), re.M):
    secs[int(m.group(1))] = (m.group(2), m.group(3), int(m.group(4), 16), int(m.group(5), 16))
raw = open(obj, "rb").read()
def sec_bytes(i):
    name, typ, off, size = secs[i]
    return b"\0" * size if typ == "NOBITS" else raw[off:off + size]
syms = []
for line in readelf("-s", obj).splitlines():
    f = line.split()
    if len(f) >= 7 and f[0].endswith(":") and f[6].isdigit():
        syms.append(dict(value=int(f[1], 16), size=int(f[2]), type=f[3], bind=f[4],
                         shndx=int(f[6]), name=f[7] if len(f) > 7 else ""))
def covering(shndx, addr):
    """The symbol holding ADDR in section SHNDX: named ones first."""
    best = None
    for s in syms:
        if s["shndx"] == shndx and s["type"] in ("OBJECT", "FUNC", "NOTYPE") and s["name"] \
           and s["value"] <= addr < s["value"] + max(s["size"], 1):
            if best is None or (best["name"].startswith((".", "__compound_literal")) and
                                not s["name"].startswith((".", "__compound_literal"))):
                best = s
    return best
def describe(shndx, addr):
    data = sec_bytes(shndx)
    if secs[shndx][0].startswith(".rodata.str"):  # a string: up to its NUL
        start = data.rfind(b"\0", 0, addr) + 1
        return '"%s"+%d' % (data[start:data.index(b"\0", addr)].decode(errors="replace"), addr - start)
    s = covering(shndx, addr)
    if s and not s["name"].startswith((".", "__compound_literal")):
        return "%s+%d" % (s["name"], addr - s["value"])
    if s:  # an unnamed object with a size: its bytes
        return "{%s}+%d" % (data[s["value"]:s["value"] + s["size"]].hex(), addr - s["value"])
    return "%s?+%d" % (secs[shndx][0], addr)
relocs = {}  # section index -> [(offset, symbol entry index, type)]
cur = None
for line in readelf("-r", obj).splitlines():
    m = re.match(r"Relocation section '\.rel(\S+)'", line)
    if m:
        cur = next((i for i, s in secs.items() if s[0] == m.group(1)), None)
        relocs.setdefault(cur, [])
        continue
    f = line.split()
    if cur is not None and len(f) >= 5 and re.fullmatch(r"[0-9a-f]{16}", f[0]):
        relocs[cur].append((int(f[0], 16), f[2], f[4]))
for s in sorted((s for s in syms if s["type"] == "OBJECT" and s["bind"] != "LOCAL"),
                key=lambda s: s["name"]):
    name, typ = secs[s["shndx"]][:2]
    out = []
    data = sec_bytes(s["shndx"])
    for off, rtype, target in sorted(relocs.get(s["shndx"], [])):
        if not (s["value"] <= off < s["value"] + s["size"]):
            continue
        width = 4 if "32" in rtype else 8
        addend = int.from_bytes(data[off:off + width], "little")
        t = next((x for x in syms if x["name"] == target), None)
        if t is None:
            ti = next(i for i, sc in secs.items() if sc[0] == target)
            where = describe(ti, addend)
        elif t["shndx"] == 0:
            where = "%s+%d (undefined)" % (target, addend)
        elif not target.startswith((".", "__compound_literal")):
            where = "%s+%d" % (target, addend)
        else:
            where = describe(t["shndx"], t["value"] + addend)
        out.append("+%d -> %s" % (off - s["value"], where))
    print("%s (%s): %s" % (s["name"], name, "; ".join(out) if out else "no addresses"))
