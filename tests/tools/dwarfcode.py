#!/usr/bin/env python3
"""Checks that a BPF object's DWARF describes its code, reading the object
only through other tools: readelf (symbols, sections, relocations),
llvm-dwarfdump-19 (DIEs, ranges, line program) and, for the line rows,
`btftool dump --ext` (the object's .BTF.ext line_info).

  dwarfcode.py OBJ [BTFTOOL]
  dwarfcode.py --shape OBJ


1. every function symbol's [value, value+size) in its section is the
   DW_AT_low_pc/DW_AT_high_pc of the subprogram of that name, whose
   low_pc is relocated against that section;
2. the compile unit's ranges (DW_AT_ranges, or low_pc/high_pc) are
   exactly the code sections, each from 0 to its size;
3. with BTFTOOL: the line table's rows of each section (set_address
   relocated against it, end_sequence at its end) are the line_info
   records of that section: the same offsets, lines and columns.

Prints one line per problem and exits 1 if there is any.

--shape prints the attributes and forms of the compile unit and of each
subprogram with code (by name, sorted), to compare with another
compiler's object.
"""
import re
import subprocess
import sys


def run(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def sections(obj):
    """index -> (name, size, flags)"""
    out = {}
    for m in re.finditer(r"^\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+\S+\s+\S+\s+([0-9a-f]+)\s+\S+\s+([A-Z]*)",
                         run("readelf", "-SW", obj), re.M):
        out[int(m.group(1))] = (m.group(2), int(m.group(3), 16), m.group(4))
    return out


def func_symbols(obj, secs):
    out = {}
    for line in run("readelf", "-sW", obj).splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == "FUNC" and f[6].isdigit():
            out[f[7]] = (secs[int(f[6])][0], int(f[1], 16), int(f[2]))
    return out


def relocs(obj, section):
    """offset -> symbol name in the relocation section of SECTION"""
    out, cur = {}, None
    for line in run("readelf", "-rW", obj).splitlines():
        m = re.match(r"Relocation section '(\S+)'", line)
        if m:
            cur = m.group(1)
            continue
        f = line.split()
        if cur == ".rel" + section and len(f) >= 5 and re.fullmatch(r"[0-9a-f]+", f[0]):
            out[int(f[0], 16)] = f[4]
    return out


ADDR = r"\(0x([0-9a-f]+)(?: \"([^\"]+)\")?\)"


def dies(obj):
    """the compile unit's attributes and the subprograms (name -> attrs)"""
    text = run("llvm-dwarfdump-19", "-v", "--debug-info", obj)
    cu, subs, cur = {}, {}, None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"0x[0-9a-f]+:\s+(DW_TAG_\w+)", line)
        if m:
            cur = {"tag": m.group(1), "depth": len(line) - len(line.lstrip(" ")) }
            if m.group(1) == "DW_TAG_compile_unit":
                cu = cur
            elif m.group(1) == "DW_TAG_subprogram":
                subs.setdefault(id(cur), cur)
            i += 1
            continue
        m = re.match(r"\s+(DW_AT_\w+) \[(DW_FORM_\w+)\]\s+(.*)", line)
        if m and cur is not None:
            at, val = m.group(1), m.group(3)
            if at == "DW_AT_ranges":
                rngs = []
                i += 1
                while i < len(lines) and re.match(r"\s+\[0x", lines[i]):
                    r = re.search(r"\[0x([0-9a-f]+), 0x([0-9a-f]+)\)(?: \"([^\"]+)\")?", lines[i])
                    rngs.append((r.group(3), int(r.group(1), 16), int(r.group(2), 16)))
                    if lines[i].rstrip().endswith("))"):
                        break
                    i += 1
                cur[at] = rngs
            elif at in ("DW_AT_low_pc", "DW_AT_high_pc"):
                a = re.match(ADDR, val)
                cur[at] = (a.group(2), int(a.group(1), 16))
                cur[at + "_form"] = m.group(2)
            elif at == "DW_AT_name":
                cur[at] = re.search(r"\"(.*)\"", val).group(1)
            else:
                cur[at] = val
        i += 1
    return cu, {d["DW_AT_name"]: d for d in subs.values() if "DW_AT_name" in d}


def line_rows(obj):
    """section -> [(offset, line, column)] and its end, from the line program"""
    rel = relocs(obj, ".debug_line")
    verbose = run("llvm-dwarfdump-19", "-v", "--debug-line", obj)
    seq_secs = []
    for m in re.finditer(r"^0x([0-9a-f]+): 00 DW_LNE_set_address", verbose, re.M):
        # the extended opcode: 0, its length (1 byte), 2, then the address
        seq_secs.append(rel.get(int(m.group(1), 16) + 3))
    rows, ends, n = {}, {}, 0
    table = run("llvm-dwarfdump-19", "--debug-line", obj)
    for m in re.finditer(r"^0x([0-9a-f]+)\s+(\d+)\s+(\d+)\s+\d+\s+\d+\s+\d+\s+\d+\s+(.*)$", table, re.M):
        sec = seq_secs[n] if n < len(seq_secs) else None
        addr, line, col = int(m.group(1), 16), int(m.group(2)), int(m.group(3))
        if "end_sequence" in m.group(4):
            ends[sec] = addr
            n += 1
        else:
            rows.setdefault(sec, []).append((addr, line, col))
    return rows, ends, len(seq_secs)


def ext_rows(obj, btftool):
    out, sec, in_lines = {}, None, False
    for line in run(btftool, "dump", "--ext", obj).splitlines():
        if line.startswith("line_info"):
            in_lines = True
        elif re.match(r"\S", line):
            in_lines = False
        if not in_lines:
            continue
        m = re.match(r"\s+sec '([^']*)'", line)
        if m:
            sec = m.group(1)
            continue
        m = re.match(r"\s+insn_off=(\d+) .* \S+:(\d+):(\d+) ", line)
        if m:
            out.setdefault(sec, []).append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return out


def shape(obj):
    text = run("llvm-dwarfdump-19", "-v", "--debug-info", obj)
    out, cur = [], None
    for line in text.splitlines():
        m = re.match(r"0x[0-9a-f]+:\s+(DW_TAG_\w+)", line)
        if m:
            cur = {"tag": m.group(1), "attrs": []}
            if m.group(1) in ("DW_TAG_compile_unit", "DW_TAG_subprogram"):
                out.append(cur)
            continue
        m = re.match(r"\s+(DW_AT_\w+) \[(DW_FORM_\w+)\]\s+(.*)", line)
        if m and cur is not None:
            cur["attrs"].append(f"{m.group(1)} {m.group(2)}")
            if m.group(1) == "DW_AT_name":
                cur["name"] = re.search(r"\"(.*)\"", m.group(3)).group(1)
    lines = []
    for d in out:
        if d["tag"] == "DW_TAG_subprogram" and not any(a.startswith("DW_AT_low_pc") for a in d["attrs"]):
            continue
        who = "unit" if d["tag"] == "DW_TAG_compile_unit" else "subprogram " + d.get("name", "?")
        lines.append(f"{who}: " + ", ".join(d["attrs"]))
    print("\n".join([lines[0]] + sorted(lines[1:])))


def main():
    if sys.argv[1] == "--shape":
        shape(sys.argv[2])
        return
    obj = sys.argv[1]
    btftool = sys.argv[2] if len(sys.argv) > 2 else None
    problems = []
    secs = sections(obj)
    code = {name: size for name, size, flags in secs.values() if "X" in flags and size}
    funcs = func_symbols(obj, secs)
    cu, subs = dies(obj)
    if not funcs:
        problems.append("no function symbols")
    # 1. subprograms
    for name, (sec, value, size) in sorted(funcs.items()):
        d = subs.get(name)
        if d is None:
            problems.append(f"{name}: no subprogram")
            continue
        low, high = d.get("DW_AT_low_pc"), d.get("DW_AT_high_pc")
        if low is None or high is None:
            problems.append(f"{name}: subprogram without low_pc/high_pc")
            continue
        got = (low[0], low[1], low[1] + high[1] if d["DW_AT_high_pc_form"] != "DW_FORM_addr" else high[1])
        if got != (sec, value, value + size):
            problems.append(f"{name}: symbol {sec} [{value:#x}, {value + size:#x}), "
                            f"subprogram {got[0]} [{got[1]:#x}, {got[2]:#x})")
    # 2. the unit's ranges
    if "DW_AT_ranges" in cu:
        ranges = cu["DW_AT_ranges"]
    elif "DW_AT_low_pc" in cu and "DW_AT_high_pc" in cu:
        lo, hi = cu["DW_AT_low_pc"], cu["DW_AT_high_pc"]
        ranges = [(lo[0], lo[1], lo[1] + hi[1])]
    else:
        ranges = []
    want = sorted((name, 0, size) for name, size in code.items())
    if sorted(ranges) != want:
        problems.append(f"unit ranges {sorted(ranges)}, code {want}")
    # 3. line rows against .BTF.ext line_info
    if btftool:
        rows, ends, nseq = line_rows(obj)
        ext = ext_rows(obj, btftool)
        if nseq != len(code):
            problems.append(f"{nseq} line sequences for {len(code)} code sections")
        for name, size in sorted(code.items()):
            if ends.get(name) != size:
                problems.append(f"{name}: line sequence ends at {ends.get(name)}, section size {size}")
            if rows.get(name, []) != ext.get(name, []) or not ext.get(name):
                problems.append(f"{name}: line rows {rows.get(name, [])[:4]}... "
                                f"line_info {ext.get(name, [])[:4]}...")
    for p in problems:
        print(p)
    sys.exit(1 if problems else 0)


main()
