#!/usr/bin/env python3
"""The .ctf section of a GCC-style `-S -dA` assembler file, normalised.

Prints the lines from the `.section .ctf` directive to the next section
change (the label and every data line, with its -dA comment), with one
normalisation: GCC writes the data objects (objtinfo_var_type with their
objtinfo_name) and the functions (funcinfo_func_type with funcinfo_name)
in the order of hash tables keyed by its DIEs' addresses, which changes
from run to run of GCC itself; here each pair (type, name) is one entry
and the entries are sorted.  Nothing else is touched: every other line,
comment and value must be the same.

Usage: ctfnorm.py FILE.s
"""
import re
import sys


def ctf_lines(text):
    out, inside = [], False
    for line in text.splitlines():
        if re.match(r'\s*\.section\s+"?\.ctf"?,', line):
            inside = True
            out.append(line)
            continue
        if inside and re.match(r'\s*(\.section|\.text|\.data|\.bss|\.previous)\b', line):
            break
        if inside:
            out.append(line)
    return out


def pair_sorted(lines, type_comment, name_comment):
    types = [i for i, l in enumerate(lines) if l.endswith('# ' + type_comment) or l.endswith('; ' + type_comment)]
    names = [i for i, l in enumerate(lines) if l.endswith('# ' + name_comment) or l.endswith('; ' + name_comment)]
    if len(types) != len(names):
        return lines  # left as they are: the comparison shows the difference
    pairs = sorted(zip([lines[i] for i in types], [lines[i] for i in names]),
                   key=lambda p: (p[1], p[0]))
    for k, (t, n) in enumerate(pairs):
        lines[types[k]] = t
        lines[names[k]] = n
    return lines


def main():
    text = open(sys.argv[1], encoding='utf-8', errors='replace').read()
    lines = ctf_lines(text)
    if not lines:
        print('no .ctf section', file=sys.stderr)
        sys.exit(1)
    lines = pair_sorted(lines, 'objtinfo_var_type', 'objtinfo_name')
    lines = pair_sorted(lines, 'funcinfo_func_type', 'funcinfo_name')
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
