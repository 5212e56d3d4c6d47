#!/usr/bin/env python3
"""Normalise `llvm-dwarfdump --debug-info --show-form` output so that the
DWARF of two compilers of the same C file can be compared line by line.

What is removed, and why (btfcc generates no code, GCC does):
  - DIE offsets, unit lengths, "next unit" offsets: a reference becomes
    "#N", N being the referenced DIE's number in order of appearance
    among the DIEs kept (so a reference still names exactly one DIE);
  - DW_AT_producer (each compiler names itself);
  - attributes describing code or storage: DW_AT_low_pc, DW_AT_high_pc,
    DW_AT_frame_base, DW_AT_location, DW_AT_entry_pc, DW_AT_ranges and
    the call-site summaries DW_AT_call_all_*, DW_AT_GNU_all_*call_sites,
    DW_AT_GNU_locviews;
  - inside a subprogram with a body (one that has DW_AT_low_pc): its
    local variables, lexical blocks, labels and call sites, at any
    depth (the parameters stay);
  - DW_AT_sibling of a DIE that has no children left after that;
  - in DWARF 5, the difference between DW_FORM_implicit_const and
    DW_FORM_data1/2/4/8 on the DIEs GCC gives code or storage attributes
    (function definitions, variable definitions): GCC's abbreviations for
    them carry those attributes, so they are shared with other DIEs than
    btfcc's (a file-scope static variable's with the function bodies'
    local variables, for one), and whether a constant is the same in
    every DIE of an abbreviation, which decides implicit_const, differs;
    both forms become "DW_FORM_const" there.
Everything else stays: the DIE tree, order, tags, attributes in order,
their forms (implicit_const included) and values.

Usage: dwarfnorm.py [FILE]   (reads standard input without FILE)"""
import re
import sys

DROP_ATTRS = {
    "DW_AT_producer", "DW_AT_low_pc", "DW_AT_high_pc", "DW_AT_frame_base",
    "DW_AT_location", "DW_AT_entry_pc", "DW_AT_ranges",
    "DW_AT_call_all_calls", "DW_AT_call_all_tail_calls",
    "DW_AT_call_all_source_calls", "DW_AT_GNU_all_call_sites",
    "DW_AT_GNU_all_tail_call_sites", "DW_AT_GNU_all_source_call_sites",
    "DW_AT_GNU_locviews",
}
BODY_TAGS = {"DW_TAG_variable", "DW_TAG_lexical_block", "DW_TAG_label",
             "DW_TAG_call_site", "DW_TAG_GNU_call_site",
             "DW_TAG_call_site_parameter", "DW_TAG_GNU_call_site_parameter",
             "DW_TAG_inlined_subroutine"}

DIE_RE = re.compile(r"^0x([0-9a-f]+):( +)(DW_TAG_\w+|NULL)\s*$")
ATTR_RE = re.compile(r"^\s+(DW_AT_\w+) \[(DW_FORM_\w+)\]\s*(?:\((.*)\))?\s*$")
REF_RE = re.compile(r"^0x([0-9a-f]+)(?: \".*\")?$")
UNIT_RE = re.compile(r"^0x[0-9a-f]+: (\w[\w ]*Unit): .*?(version = 0x[0-9a-f]+)"
                     r"(?:, unit_type = (\w+))?.*?(addr_size = 0x[0-9a-f]+)")


class Die:
    def __init__(self, off, depth, tag):
        self.off, self.depth, self.tag = off, depth, tag
        self.attrs = []      # [name, form, value]
        self.parent = None
        self.children = []
        self.keep = True
        self.num = None


def parse(lines):
    units = []               # (header, [dies])
    stack = []
    for line in lines:
        m = UNIT_RE.match(line)
        if m:
            units.append((" ".join(x for x in m.groups() if x), []))
            stack = []
            continue
        m = DIE_RE.match(line)
        if m:
            off, indent, tag = int(m.group(1), 16), len(m.group(2)), m.group(3)
            depth = (indent - 1) // 2
            if tag == "NULL":
                continue
            d = Die(off, depth, tag)
            del stack[depth:]
            if stack:
                d.parent = stack[-1]
                stack[-1].children.append(d)
            stack.append(d)
            units[-1][1].append(d)
            continue
        m = ATTR_RE.match(line)
        if m and units and units[-1][1]:
            units[-1][1][-1].attrs.append([m.group(1), m.group(2), m.group(3) or ""])
    return units


def has_body(d):
    return d.tag == "DW_TAG_subprogram" and any(a[0] == "DW_AT_low_pc" for a in d.attrs)


def code_or_storage(d):
    """A definition: of a function, or of a variable outside functions."""
    if any(a[0] == "DW_AT_declaration" for a in d.attrs):
        return False
    if d.tag == "DW_TAG_subprogram":
        return True
    return d.tag == "DW_TAG_variable" and d.parent is not None and \
        d.parent.tag == "DW_TAG_compile_unit"


CONST_FORMS = {"DW_FORM_implicit_const", "DW_FORM_data1", "DW_FORM_data2",
               "DW_FORM_data4", "DW_FORM_data8"}


def mark(d, in_body):
    if in_body and d.tag in BODY_TAGS:
        d.keep = False
    for c in d.children:
        mark(c, in_body or has_body(d))
        if not d.keep:
            c.keep = False


def normalise(units):
    out = []
    for header, dies in units:
        for d in dies:
            if d.parent is None:
                mark(d, False)
        kept = [d for d in dies if d.keep]
        by_off = {d.off: d for d in dies}
        for i, d in enumerate(kept):
            d.num = i
        out.append(header)
        for d in kept:
            out.append("  " * d.depth + d.tag)
            alive = [c for c in d.children if c.keep]
            lenient = code_or_storage(d)
            for name, form, value in d.attrs:
                if lenient and form in CONST_FORMS:
                    form = "DW_FORM_const"
                if name in DROP_ATTRS or (name == "DW_AT_sibling" and not alive):
                    continue
                if form.startswith("DW_FORM_ref") and form != "DW_FORM_ref_sig8":
                    m = REF_RE.match(value)
                    t = by_off.get(int(m.group(1), 16)) if m else None
                    if t is None:
                        value = "#?" + value
                    elif not t.keep:
                        value = "#dropped " + t.tag
                    else:
                        value = "#%d %s" % (t.num, t.tag)
                out.append("  " * d.depth + "  %s [%s] %s" % (name, form, value))
    return out


def main():
    f = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    for line in normalise(parse(f.read().split("\n"))):
        print(line)


if __name__ == "__main__":
    main()
