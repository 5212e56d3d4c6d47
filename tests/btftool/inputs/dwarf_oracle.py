# An oracle for tests/btftool/dwarf.sh: reads llvm-dwarfdump --debug-info
# --debug-types text on standard input and prints
#   dwarf_oracle.py annotations: the DIE lines `btftool annotations` must
#     print, then its count lines, found without btftool;
#   dwarf_oracle.py dies: every DIE as "OFFSET TAG 'NAME' ATTRIBUTES...",
#     as tests/btftool/inputs/diedump.c prints it through the reader API.
# llvm-dwarfdump 19 does not know GCC's annotation tag and attribute; they
# are renamed here.  Lines are not sorted (compare with sort on both).
# DIE offsets restart in each section; a section starts at a "contents:"
# line or at a unit whose offset is not above the previous unit's.
import re, sys

NAMES = {'DW_TAG_unknown_6001': 'DW_TAG_GNU_annotation',
         'DW_AT_unknown_2139': 'DW_AT_GNU_annotation'}
dies, order, stack = {}, [], []
section, last_unit = 0, -1
for line in sys.stdin:
    line = line.rstrip('\n')
    if line.endswith(' contents:'):
        section, last_unit = section + 1, -1
        continue
    m = re.match(r'^0x([0-9a-f]+): (Compile|Type|Partial|Skeleton)', line)
    if m:
        if int(m.group(1), 16) <= last_unit:
            section += 1
        last_unit = int(m.group(1), 16)
        stack = []
        continue
    m = re.match(r'^0x([0-9a-f]+):( +)(DW_TAG_\w+|NULL)', line)
    if m:
        depth = (len(m.group(2)) - 1) // 2
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if m.group(3) == 'NULL':
            continue
        key = (section, int(m.group(1), 16))
        d = dict(tag=NAMES.get(m.group(3), m.group(3)), name=None, value=None,
                 link=None, children=[], attrs=[])
        if stack:
            dies[stack[-1][1]]['children'].append(key)
        dies[key] = d
        order.append(key)
        stack.append((depth, key))
        continue
    m = re.match(r'^\s+(DW_AT_\w+)\t\((.*)', line)
    if m and stack:
        d = dies[stack[-1][1]]
        at, v = NAMES.get(m.group(1), m.group(1)), m.group(2)
        d['attrs'].append(at)
        s = re.match(r'^"(.*)"\)$', v)
        if at == 'DW_AT_name' and s:
            d['name'] = s.group(1)
        elif at == 'DW_AT_const_value':
            d['value'] = '"%s"' % s.group(1) if s else str(int(v.rstrip(')'), 0))
        elif at == 'DW_AT_GNU_annotation':
            d['link'] = (stack[-1][1][0], int(v.rstrip(')'), 16))

def item(key):
    d = dies[key]
    return '%s %s' % (d['name'] or '(no name)', d['value'] or '(no value)')

def name(d):
    return "'%s'" % d['name'] if d['name'] is not None else '(anon)'

ANN = ('DW_TAG_GNU_annotation', 'DW_TAG_LLVM_annotation')
if sys.argv[1] == 'annotations':
    lines = []
    for key in order:
        d = dies[key]
        if d['tag'] in ANN:
            continue
        items, link = [], d['link']
        while link and len(items) < 1000:
            items.append(item(link))
            link = dies[link]['link']
        items += [item(c) for c in d['children']
                  if dies[c]['tag'] == 'DW_TAG_LLVM_annotation']
        if items:
            lines.append('0x%x %s %s: %s' % (key[1], d['tag'], name(d),
                                             ', '.join(items)))
    for line in lines:
        print(line)
    gnu = sum(d['tag'] == 'DW_TAG_GNU_annotation' for d in dies.values())
    links = sum(d['attrs'].count('DW_AT_GNU_annotation') for d in dies.values())
    llvm = sum(d['tag'] == 'DW_TAG_LLVM_annotation' for d in dies.values())
    if gnu or links:
        print('DW_TAG_GNU_annotation DIEs: %d, DW_AT_GNU_annotation '
              'attributes: %d' % (gnu, links))
    if llvm:
        print('DW_TAG_LLVM_annotation DIEs: %d' % llvm)
else:
    for k in order:
        d = dies[k]
        print(('0x%x %s %s %s' % (k[1], d['tag'], name(d),
                                  ' '.join(d['attrs']))).rstrip())
