#!/usr/bin/env python3
"""`objdump --ctf` output, normalised for comparing two compilers' objects.

Default: the dump as it is, but for the object's file name and, inside
the "Data objects:" and "Function objects:" lists, the order of the
entries (sorted): GCC writes those in the order of hash tables keyed by
its DIEs' addresses, which changes from run to run.

--linked: for a dictionary ld has linked (deduplicated, renumbered): the
set of what it holds -- data objects, functions, variables and types,
each with its type ids taken out -- one entry a line, sorted and unique.

Usage: ctfdump.py [--linked] DUMP.txt
"""
import re
import sys

SORTED_BLOCKS = ("Data objects:", "Function objects:")
ID = re.compile(r'\b0x[0-9a-f]+: |ID 0x[0-9a-f]+: ')


def blocks(lines):
    """(heading, entries) pairs; an entry is a line and its continuation."""
    out, head, entries = [], None, []
    for line in lines:
        stripped = line.strip()
        if stripped.endswith(':') and line.startswith('  ') and not line.startswith('    '):
            out.append((head, entries))
            head, entries = stripped, []
        elif line.startswith('    ') and not line.startswith('     '):
            entries.append([line])
        elif entries and line.startswith('     '):
            entries[-1].append(line)
        else:
            out.append((head, entries))
            head, entries = None, [[line]]
    out.append((head, entries))
    return out


def main():
    linked = sys.argv[1] == '--linked'
    text = open(sys.argv[-1], encoding='utf-8', errors='replace').read().splitlines()
    text = [l for l in text if 'file format' not in l]
    if linked:
        seen = set()
        for head, entries in blocks(text):
            if head in (None, 'Header:', 'Labels:'):
                continue
            for e in entries:
                seen.add(head + ' ' + ID.sub('', ' | '.join(x.strip() for x in e)))
        print('\n'.join(sorted(seen)))
        return
    for head, entries in blocks(text):
        if head is not None:
            print('  ' + head)
        if head in SORTED_BLOCKS:
            entries = sorted(entries)
        for e in entries:
            print('\n'.join(e))


if __name__ == '__main__':
    main()
