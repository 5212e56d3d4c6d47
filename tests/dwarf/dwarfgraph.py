#!/usr/bin/env python3
"""Check the annotation graph of an object against a written expectation.

The annotated DIEs and their chains come from `btftool annotations
--format=json`; the DIEs they are named by (tag, DW_AT_name, DW_AT_type)
from `llvm-dwarfdump --debug-info --debug-types`.  The two readers must
agree (every chain head btftool lists is the DW_AT_GNU_annotation
llvm-dwarfdump shows on that DIE).

Expectation lines (blank lines and '#' comments ignored):

  dies N          DW_TAG_GNU_annotation DIEs in the file, referred to or not
  refs N          DW_AT_GNU_annotation attributes (annotation DIEs' included)
  units KIND...   the units with annotated DIEs, in any order ("cu", "tu")
  [tu:] KEY = ANNOT ANNOT ...
      The DIE named by KEY (in the compile unit, or with "tu:" in a type
      unit) has exactly this chain.  KEY is TAG 'name' (TAG without its
      DW_TAG_ prefix; the DIE must be the only one with that tag and
      name in its unit), followed by any number of ".type" (follow
      DW_AT_type, through DW_FORM_ref_sig8 into a type unit too).
      ANNOT is decl"value"@LABEL or type"value"@LABEL: btf_decl_tag or
      btf_type_tag, the value, and a label naming the annotation DIE.
      One label is one DIE, two labels are two DIEs: that states which
      DIEs are shared.  The KEY lines must name every annotated DIE.

Usage: dwarfgraph.py BTFTOOL DWARFDUMP OBJ EXPECT-FILE"""
import json
import re
import shlex
import subprocess
import sys

btftool, dwarfdump, obj, expect_file = sys.argv[1:5]
errors = []


def err(msg):
    errors.append(msg)


# --- llvm-dwarfdump: units and DIEs -----------------------------------------

UNIT_RE = re.compile(r"^0x([0-9a-f]+): (Compile|Type) Unit: .*?"
                     r"(?:type_signature = (0x[0-9a-f]+), type_offset = (0x[0-9a-f]+))?"
                     r" \(next unit")
DIE_RE = re.compile(r"^0x([0-9a-f]+):\s+(DW_TAG_\w+|NULL)")
ATTR_RE = re.compile(r"^\s+(DW_AT_\w+)\s+\((.*)\)\s*$")


class Unit:
    def __init__(self, kind, off, sig, type_off):
        self.kind, self.off, self.sig = kind, off, sig
        self.type_off = type_off
        self.dies = {}         # offset -> (tag, {attr: value})
        self.order = []


dump = subprocess.run([dwarfdump, "--debug-info", "--debug-types", obj],
                      capture_output=True, text=True)
if dump.returncode != 0:
    err("llvm-dwarfdump failed: " + dump.stderr.strip()[:200])
units = []
cur = None
for line in dump.stdout.split("\n"):
    m = UNIT_RE.match(line)
    if m:
        off = int(m.group(1), 16)
        sig = int(m.group(3), 16) if m.group(3) else None
        toff = off + int(m.group(4), 16) if m.group(4) else None
        units.append(Unit("cu" if m.group(2) == "Compile" else "tu", off, sig, toff))
        cur = None
        continue
    m = DIE_RE.match(line)
    if m and units:
        if m.group(2) == "NULL":
            cur = None
            continue
        cur = int(m.group(1), 16)
        units[-1].dies[cur] = (m.group(2), {})
        units[-1].order.append(cur)
        continue
    m = ATTR_RE.match(line)
    if m and units and cur is not None:
        units[-1].dies[cur][1][m.group(1)] = m.group(2)


def name_of(attrs):
    v = attrs.get("DW_AT_name")
    if v is None:
        return None
    m = re.match(r'^"(.*)"$', v)
    return m.group(1) if m else v


def ref_of(unit, attrs, at):
    """(unit, offset) that attribute AT refers to, or None."""
    v = attrs.get(at)
    if v is None:
        return None
    m = re.match(r"^0x([0-9a-f]+)", v)
    if not m:
        return None
    n = int(m.group(1), 16)
    if n in unit.dies:
        return unit, n
    for u in units:                       # DW_FORM_ref_sig8
        if u.kind == "tu" and u.sig == n:
            return u, u.type_off
    return None


# --- btftool annotations ----------------------------------------------------

r = subprocess.run([btftool, "annotations", "--format=json", obj],
                   capture_output=True, text=True)
if r.returncode != 0 or r.stderr:
    err("btftool annotations: exit %d %s" % (r.returncode, r.stderr.strip()[:200]))
    doc = {"units": [], "gnu_annotation_dies": -1, "gnu_annotation_attributes": -1}
else:
    doc = json.loads(r.stdout)


def dump_unit_for(bu):
    """The llvm-dwarfdump unit of btftool's unit BU."""
    kind = "cu" if bu["kind"] == "compile unit" else "tu"
    cands = [u for u in units if u.kind == kind]
    if kind == "tu":
        sig = bu.get("signature")
        if isinstance(sig, str):
            sig = int(sig, 16)
        cands = [u for u in cands if u.sig == sig]
    else:
        cands = [u for u in cands if u.off == bu["offset"]]
    return cands[0] if len(cands) == 1 else None


annotated = {}    # (unit index, die offset) -> [(name, value, annot offset)]
unit_kinds = []
for bu in doc["units"]:
    u = dump_unit_for(bu)
    if u is None:
        err("no single llvm-dwarfdump unit for btftool's %s at %s+%#x"
            % (bu["kind"], bu["section"], bu["offset"]))
        continue
    unit_kinds.append(u.kind)
    ui = units.index(u)
    for d in bu["dies"]:
        chain = [(a["name"], a["value"], a["offset"]) for a in d["annotations"]]
        annotated[(ui, d["offset"])] = chain
        die = u.dies.get(d["offset"])
        if die is None:
            err("btftool lists DIE %#x, llvm-dwarfdump has none there" % d["offset"])
            continue
        if die[0] != d["tag"]:
            err("DIE %#x: btftool says %s, llvm-dwarfdump %s" % (d["offset"], d["tag"], die[0]))
        head = ref_of(u, die[1], "DW_AT_unknown_2139") or ref_of(u, die[1], "DW_AT_GNU_annotation")
        if chain and (head is None or head[1] != chain[0][2]):
            err("DIE %#x: chain head %#x per btftool, %s per llvm-dwarfdump"
                % (d["offset"], chain[0][2], head and hex(head[1])))

# --- The expectation --------------------------------------------------------

KIND = {"decl": "btf_decl_tag", "type": "btf_type_tag"}
ANNOT_RE = re.compile(r'^(decl|type)"(.*)"@(\w+)$')


def resolve(scope, key):
    """(unit index, offset) of the DIE KEY names in a unit of kind SCOPE."""
    m = re.match(r"^(\w+) '([^']*)'((?:\.type)*)$", key)
    if not m:
        err("bad key %r" % key)
        return None
    tag, name, path = "DW_TAG_" + m.group(1), m.group(2), m.group(3)
    hits = [(ui, off) for ui, u in enumerate(units) if u.kind == scope
            for off in u.order
            if u.dies[off][0] == tag and name_of(u.dies[off][1]) == name]
    if len(hits) != 1:
        err("%s: %d DIEs match %s '%s'" % (key, len(hits), tag, name))
        return None
    ui, off = hits[0]
    for _ in range(path.count(".type")):
        t = ref_of(units[ui], units[ui].dies[off][1], "DW_AT_type")
        if t is None:
            err("%s: no DW_AT_type to follow" % key)
            return None
        ui, off = units.index(t[0]), t[1]
    return ui, off


labels = {}       # label -> (unit index, annotation offset)
seen = set()
for ln, line in enumerate(open(expect_file), 1):
    line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
    if not line:
        continue
    words = line.split()
    if words[0] == "dies":
        if doc["gnu_annotation_dies"] != int(words[1]):
            err("DW_TAG_GNU_annotation DIEs: %d, want %s" % (doc["gnu_annotation_dies"], words[1]))
        continue
    if words[0] == "refs":
        if doc["gnu_annotation_attributes"] != int(words[1]):
            err("DW_AT_GNU_annotation attributes: %d, want %s"
                % (doc["gnu_annotation_attributes"], words[1]))
        continue
    if words[0] == "units":
        if sorted(unit_kinds) != sorted(words[1:]):
            err("units with annotated DIEs: %s, want %s" % (unit_kinds, words[1:]))
        continue
    key, _, chain_text = line.partition(" = ")
    scope = "cu"
    if key.startswith("tu:"):
        scope, key = "tu", key[3:].strip()
    want = []
    for word in shlex.split(chain_text, posix=False):
        m = ANNOT_RE.match(word)
        if not m:
            err("line %d: bad annotation %r" % (ln, word))
            continue
        want.append((KIND[m.group(1)], m.group(2), m.group(3)))
    where = resolve(scope, key)
    if where is None:
        continue
    if where in seen:
        err("%s: named twice" % key)
    seen.add(where)
    got = annotated.get(where)
    if got is None:
        err("%s: not annotated (DIE %#x)" % (key, where[1]))
        continue
    if [(n, v) for n, v, _ in got] != [(n, v) for n, v, _ in want]:
        err("%s: chain %s, want %s" % (key, [(n, v) for n, v, _ in got],
                                        [(n, v) for n, v, _ in want]))
        continue
    for (_, _, aoff), (_, _, label) in zip(got, want):
        at = (where[0], aoff)
        if label in labels and labels[label] != at:
            err("%s: @%s is DIE %#x here, %#x before (should be one DIE)"
                % (key, label, aoff, labels[label][1]))
        labels.setdefault(label, at)
by_die = {}
for label, at in labels.items():
    if at in by_die:
        err("@%s and @%s are the same DIE %#x (should be two)" % (by_die[at], label, at[1]))
    by_die[at] = label
for where in annotated:
    if where not in seen:
        u = units[where[0]]
        tag, attrs = u.dies.get(where[1], ("?", {}))
        err("annotated DIE %#x (%s '%s') is not in the expectation"
            % (where[1], tag, name_of(attrs)))

for e in errors:
    print(e)
sys.exit(1 if errors else 0)
