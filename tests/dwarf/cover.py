#!/usr/bin/env python3
"""The annotation graph of a `readelf --debug-dump=info` listing, in a
form that does not depend on offsets, abbreviations or elided lines, so
that the cover letter's listings and our objects can be compared.

For every DIE with DW_AT_GNU_annotation, one line:
  KEY: VALUE[L] VALUE[L] ... <- REFERRERS
KEY names the DIE: its tag and name, a member or parameter with its
parent's key in front, an anonymous type by what it points to
("pointer_type -> structure_type S", "-> void" without DW_AT_type), an
anonymous struct, union or enum as "(anon)".
The chain follows DW_AT_GNU_annotation from the DIE; L numbers the
annotation DIEs in order of first appearance over the sorted lines, so
equal numbers mean one shared DIE.  REFERRERS are the keys of the DIEs
whose DW_AT_type is this DIE.  A last line counts the annotation DIEs.

Listings may elide lines ("..."); readelf 2.40 prints the GNU tag and
attribute as "User TAG value: 0x6001" and "Unknown AT value: 2139".  The
cover letter's first listing names the variable's annotation attribute
"DW_TAG_GNU_annotation" (a slip for DW_AT_GNU_annotation): any attribute
name containing GNU_annotation or 2139 is the link.

Usage: cover.py letter FILE N    (the Nth listing of a cover letter)
       cover.py readelf FILE     (a readelf --debug-dump=info output)"""
import re
import sys

DIE_RE = re.compile(r"^\s*<(\d+)><([0-9a-f]+)>: Abbrev Number: \d+ \((.*)\)\s*$")
ATTR_RE = re.compile(r"^\s*<[0-9a-f]+>\s+(Unknown AT value: [0-9a-f]+|[^:]*?)\s*:\s(.*)$")


def parse(lines):
    dies, at_depth, cur = {}, {}, None
    for line in lines:
        m = DIE_RE.match(line)
        if m:
            depth, off, tag = int(m.group(1)), int(m.group(2), 16), m.group(3)
            if tag == "User TAG value: 0x6001":
                tag = "DW_TAG_GNU_annotation"
            cur = {"off": off, "tag": tag, "attrs": {}, "parent": at_depth.get(depth - 1)}
            at_depth = {k: v for k, v in at_depth.items() if k < depth}
            at_depth[depth] = cur
            dies[off] = cur
            continue
        m = ATTR_RE.match(line)
        if m and cur is not None:
            name, value = m.group(1), m.group(2).strip()
            if "GNU_annotation" in name or "2139" in name:
                name = "annotation"
            value = re.sub(r"^\(indirect (line )?string, offset: [0-x0-9a-f]+\): ", "", value)
            cur["attrs"][name] = value
    return dies


def ref(die, name):
    m = re.match(r"^<0x([0-9a-f]+)>$", die["attrs"].get(name, ""))
    return int(m.group(1), 16) if m else None


def key(dies, die):
    name = die["attrs"].get("DW_AT_name")
    if name is not None:
        k = "%s %s" % (die["tag"], name)
    elif die["tag"] in ("DW_TAG_structure_type", "DW_TAG_union_type",
                        "DW_TAG_enumeration_type"):
        k = die["tag"] + " (anon)"
    else:
        t = ref(die, "DW_AT_type")
        k = "%s -> %s" % (die["tag"], key(dies, dies[t]) if t in dies else "void")
    p = die["parent"]
    if p is not None and p["tag"] != "DW_TAG_compile_unit":
        k = key(dies, p) + " / " + k
    return k


def graph(dies):
    rows = []
    for d in dies.values():
        if d["tag"] == "DW_TAG_GNU_annotation" or ref(d, "annotation") is None:
            continue
        chain = []
        a = ref(d, "annotation")
        while a is not None and a in dies and len(chain) < 100:
            chain.append((a, dies[a]["attrs"].get("DW_AT_const_value", "?")))
            a = ref(dies[a], "annotation")
        users = sorted(key(dies, u) for u in dies.values() if ref(u, "DW_AT_type") == d["off"])
        rows.append((key(dies, d), chain, users))
    rows.sort()
    number, out = {}, []
    for k, chain, users in rows:
        parts = []
        for off, value in chain:
            number.setdefault(off, len(number) + 1)
            parts.append("%s[%d]" % (value, number[off]))
        out.append("%s: %s <- %s" % (k, " ".join(parts), ", ".join(users) or "-"))
    n = sum(1 for d in dies.values() if d["tag"] == "DW_TAG_GNU_annotation")
    out.append("annotation DIEs: %d" % n)
    return out


def letter_listing(path, n):
    """The Nth indented DIE listing of the cover letter."""
    listings, cur = [], None
    for line in open(path):
        if re.match(r"^ <\d+><", line) or (cur is not None and re.match(r"^ {2,}(<|\.\.\.)", line)):
            if cur is None:
                cur = []
                listings.append(cur)
            cur.append(line)
        elif line.strip() and cur is not None and not line.startswith(" "):
            cur = None
    return listings[n - 1]


if sys.argv[1] == "letter":
    lines = letter_listing(sys.argv[2], int(sys.argv[3]))
else:
    lines = open(sys.argv[2]).read().split("\n")
print("\n".join(graph(parse(lines))))
