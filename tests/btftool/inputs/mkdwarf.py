#!/usr/bin/env python3
# Writes GNU assembler text for small hand-made DWARF objects with GCC's
# annotation encoding (DW_TAG_GNU_annotation DIEs chained by
# DW_AT_GNU_annotation), clang's, or both, for tests/btftool/dwarf.sh.
#
#   mkdwarf.py CASE [--version 2-5] [--dwarf64] [--addr N] [--big-endian]
#              [--length-delta N] [--damage WHAT]... > out.s
#
# CASE names a case_* function below; each returns a list of units:
# ('compile', ROOT) or ('type', ROOT, SIGNATURE, TYPE_DIE_LABEL).  A DIE
# is [tag, attrs, children, label]; an attribute is (name, form, value).
# Strings go to .debug_str (strp), .debug_line_str (line_strp) or through
# .debug_str_offsets (strx*); references are labels; every section
# offset is a symbol reference, so a relocatable object carries it as a
# relocation.  A form ('raw', FORM) writes the value text as it is under
# FORM; the form 'raw' writes text the abbreviation does not describe.
# --length-delta adds N to each unit length; --damage breaks one thing:
# children2 (children flag 2), dupcode (abbreviation code 1 twice),
# unittype (unit type 9), noabbrevend (no 0 ends the abbreviations).
import argparse
import sys

TAG = dict(compile_unit=0x11, type_unit=0x41, variable=0x34, member=0x0d,
           formal_parameter=0x05, subprogram=0x2e, typedef=0x16,
           base_type=0x24, pointer_type=0x0f, structure_type=0x13,
           union_type=0x17, enumeration_type=0x04, enumerator=0x28,
           array_type=0x01, subrange_type=0x21, const_type=0x26,
           GNU_annotation=0x6001, LLVM_annotation=0x6000)
AT = dict(name=0x03, byte_size=0x0b, const_value=0x1c, type=0x49,
          encoding=0x3e, data_member_location=0x38, producer=0x25,
          language=0x13, upper_bound=0x2f, str_offsets_base=0x72,
          location=0x02, low_pc=0x11, high_pc=0x12, external=0x3f,
          decl_line=0x3b, sibling=0x01, signature=0x69, count=0x37,
          GNU_annotation=0x2139)
FORM = dict(addr=0x01, block2=0x03, block4=0x04, data2=0x05, data4=0x06,
            data8=0x07, string=0x08, block=0x09, block1=0x0a, data1=0x0b,
            flag=0x0c, sdata=0x0d, strp=0x0e, udata=0x0f, ref_addr=0x10,
            ref1=0x11, ref2=0x12, ref4=0x13, ref8=0x14, ref_udata=0x15,
            indirect=0x16, sec_offset=0x17, exprloc=0x18, flag_present=0x19,
            strx=0x1a, addrx=0x1b, data16=0x1e, line_strp=0x1f,
            ref_sig8=0x20, implicit_const=0x21, loclistx=0x22,
            rnglistx=0x23, strx1=0x25, strx2=0x26, strx3=0x27, strx4=0x28,
            addrx1=0x29, addrx2=0x2a, addrx3=0x2b, addrx4=0x2c)
STRX_SIZE = dict(strx1=1, strx2=2, strx3=3, strx4=4)


def gas_string(s):
    """S as a .string operand."""
    out = ''
    for ch in s.encode():
        if ch in (0x22, 0x5c):
            out += '\\' + chr(ch)
        elif 0x20 <= ch < 0x7f:
            out += chr(ch)
        else:
            out += '\\%03o' % ch
    return '"' + out + '"'


def die(tag, attrs=(), children=(), label=None):
    return [tag, list(attrs), list(children), label]


def ann(label, kind, value, nxt=None, form='strp'):
    """A GCC DW_TAG_GNU_annotation DIE, chained to NXT."""
    attrs = [('name', form, kind), ('const_value', form, value)]
    if nxt:
        attrs.append(('GNU_annotation', 'ref4', nxt))
    return die('GNU_annotation', attrs, label=label)


def llvm(kind, value, form='strp'):
    return die('LLVM_annotation',
               [('name', form, kind), ('const_value', form, value)])


class Writer:
    def __init__(self, version, dwarf64, addr):
        self.version, self.dwarf64, self.addr = version, dwarf64, addr
        self.info, self.types, self.abbrev, self.abbrevs = [], [], [], {}
        self.length_delta = 0
        self.big_endian = False
        self.damage = set()
        self.strs, self.line_strs, self.strx = {}, {}, []
        self.labels = 0

    def new_label(self, stem):
        self.labels += 1
        return '.L%s%d' % (stem, self.labels)

    def offset(self, expr):
        return ('\t.8byte %s' if self.dwarf64 else '\t.4byte %s') % expr

    def str_label(self, pool, s):
        if s not in pool:
            pool[s] = self.new_label('s')
        return pool[s]

    def abbrev_code(self, tag, has_children, specs):
        key = (tag, has_children, tuple(specs))
        if key not in self.abbrevs:
            code = self.abbrevs[key] = len(self.abbrevs) + 1
            if 'dupcode' in self.damage and code == 3:
                code = 1
            if 'children2' in self.damage and code == 1:
                has_children = 2
            a = self.abbrev
            a.append('\t.uleb128 %d' % code)
            a.append('\t.uleb128 0x%x' % (TAG.get(tag, tag) if isinstance(tag, str) else tag))
            a.append('\t.byte %d' % has_children)
            for at, form, implicit in specs:
                a.append('\t.uleb128 0x%x' % (AT[at] if isinstance(at, str) else at))
                a.append('\t.uleb128 0x%x' % (FORM[form] if isinstance(form, str) else form))
                if form == 'implicit_const':
                    a.append('\t.sleb128 %d' % implicit)
            a.append('\t.byte 0, 0')
        return self.abbrevs[key]

    def value(self, form, v, unit):
        out = self.out
        if isinstance(form, tuple):  # ('raw', FORM): these bytes as FORM
            out.append(v)
            return
        if isinstance(form, int):  # an unknown form: no bytes
            return
        if form == 'indirect':
            real, v = v
            out.append('\t.uleb128 0x%x' % FORM[real])
            form = real
        if form == 'string':
            out.append('\t.string ' + gas_string(v))
        elif form == 'strp':
            out.append(self.offset(self.str_label(self.strs, v)))
        elif form == 'line_strp':
            out.append(self.offset(self.str_label(self.line_strs, v)))
        elif form in ('strx', 'strx1', 'strx2', 'strx3', 'strx4'):
            self.str_label(self.strs, v)
            if v not in self.strx:
                self.strx.append(v)
            i = self.strx.index(v)
            if form == 'strx':
                out.append('\t.uleb128 %d' % i)
            else:
                n = STRX_SIZE[form]
                order = range(n - 1, -1, -1) if self.big_endian else range(n)
                for k in order:
                    out.append('\t.byte %d' % ((i >> (8 * k)) & 0xff))
        elif form in ('ref1', 'ref2', 'ref4', 'ref8', 'ref_udata'):
            d = '%s - %s' % (v, unit) if isinstance(v, str) else str(v)
            out.append({'ref1': '\t.byte %s', 'ref2': '\t.2byte %s',
                        'ref4': '\t.4byte %s', 'ref8': '\t.8byte %s',
                        'ref_udata': '\t.uleb128 %s'}[form] % d)
        elif form == 'ref_addr':
            out.append(self.offset(v))
        elif form in ('data1', 'flag', 'addrx1'):
            out.append('\t.byte %d' % (v & 0xff))
        elif form in ('data2', 'addrx2'):
            out.append('\t.2byte %d' % (v & 0xffff))
        elif form in ('data4', 'addrx4'):
            out.append('\t.4byte %d' % (v & 0xffffffff))
        elif form in ('data8', 'ref_sig8'):
            out.append('\t.8byte %d' % v)
        elif form in ('udata', 'addrx', 'loclistx', 'rnglistx', 'strx'):
            out.append('\t.uleb128 %d' % v)
        elif form == 'sdata':
            out.append('\t.sleb128 %d' % v)
        elif form == 'addr':
            out.append('\t.%dbyte %d' % (self.addr, v))
        elif form == 'sec_offset':
            out.append(self.offset(v))
        elif form in ('flag_present', 'implicit_const'):
            pass
        elif form == 'data16':
            out.append('\t.byte ' + ', '.join(str(b) for b in v))
        elif form in ('exprloc', 'block', 'block1', 'block2', 'block4'):
            size = {'exprloc': '\t.uleb128 %d', 'block': '\t.uleb128 %d',
                    'block1': '\t.byte %d', 'block2': '\t.2byte %d',
                    'block4': '\t.4byte %d'}[form]
            out.append(size % len(v))
            if v:
                out.append('\t.byte ' + ', '.join(str(b) for b in v))
        elif form == 'raw':
            out.append(v)
        else:
            raise SystemExit('unknown form ' + form)

    def die(self, d, unit):
        tag, attrs, children, label = d
        specs = [(at, f[1] if isinstance(f, tuple) else f,
                  v if f == 'implicit_const' else 0)
                 for at, f, v in attrs if f != 'raw']
        code = self.abbrev_code(tag, 1 if children else 0, specs)
        if label:
            self.out.append('%s:' % label)
        self.out.append('\t.uleb128 %d' % code)
        for at, form, v in attrs:
            self.value(form, v, unit)
        for c in children:
            self.die(c, unit)
        if children:
            self.out.append('\t.byte 0')

    def unit(self, kind, root, signature=0, type_label=None):
        start, after, end = (self.new_label(x) for x in ('u', 'a', 'e'))
        in_types = kind == 'type' and self.version < 5
        i = self.out = self.types if in_types else self.info
        i.append('%s:' % start)
        if self.dwarf64:
            i.append('\t.4byte 0xffffffff')
            i.append('\t.8byte %s - %s + %d' % (end, after, self.length_delta))
        else:
            i.append('\t.4byte %s - %s + %d' % (end, after, self.length_delta))
        i.append('%s:' % after)
        i.append('\t.2byte %d' % self.version)
        if self.version >= 5:
            ut = 2 if kind == 'type' else 1
            i.append('\t.byte %d' % (9 if 'unittype' in self.damage else ut))
            i.append('\t.byte %d' % self.addr)
            i.append(self.offset('.Labbrev'))
        else:
            i.append(self.offset('.Labbrev'))
            i.append('\t.byte %d' % self.addr)
        if kind == 'type':
            i.append('\t.8byte 0x%x' % signature)
            i.append(self.offset('%s - %s' % (type_label, start)))
        self.die(root, start)
        i.append('%s:' % end)

    def text(self):
        out = ['\t.section .debug_abbrev,"",@progbits', '.Labbrev:']
        out += self.abbrev
        if 'noabbrevend' not in self.damage:
            out += ['\t.byte 0']
        out += ['\t.section .debug_info,"",@progbits'] + self.info
        out += ['\t.section .debug_str,"MS",@progbits,1']
        # A string nobody uses first, so that every strp has an addend.
        out += ['\t.string "(padding)"']
        for s, l in self.strs.items():
            out += ['%s:' % l, '\t.string ' + gas_string(s)]
        if self.line_strs:
            out += ['\t.section .debug_line_str,"MS",@progbits,1',
                    '\t.string "(padding)"']
            for s, l in self.line_strs.items():
                out += ['%s:' % l, '\t.string ' + gas_string(s)]
        if self.types:
            out += ['\t.section .debug_types,"",@progbits'] + self.types
        if self.strx:
            size = 8 if self.dwarf64 else 4
            out += ['\t.section .debug_str_offsets,"",@progbits']
            if self.dwarf64:
                out += ['\t.4byte 0xffffffff']
            out += [self.offset(4 + size * len(self.strx)), '\t.2byte 5',
                    '\t.2byte 0', '.Lstroff_base:']
            out += [self.offset(self.strs[s]) for s in self.strx]
        return '\n'.join(out) + '\n'


def cu(children, name='gnu.c', extra=()):
    return die('compile_unit',
               [('producer', 'strp', 'GNU C17 16.0.0 -g'),
                ('name', 'strp', name)] + list(extra), children)


# --- Cases ----------------------------------------------------------------

def case_gnu():
    """GCC 16's encoding: annotated DIEs of every kind, a shared chain, a
    chain of three, a chain whose tail is shared, an orphan."""
    int_t = die('base_type', [('name', 'strp', 'int'), ('byte_size', 'data1', 4),
                              ('encoding', 'data1', 5)], label='.Lint')
    return [('compile', cu([
        int_t,
        die('variable', [('name', 'strp', 'x'), ('type', 'ref4', '.Lint'),
                         ('GNU_annotation', 'ref4', '.LA1')]),
        die('variable', [('name', 'strp', 'y'), ('type', 'ref4', '.Lint'),
                         ('GNU_annotation', 'ref4', '.LA1')]),
        die('pointer_type', [('byte_size', 'data1', 8), ('type', 'ref4', '.Lint'),
                             ('GNU_annotation', 'ref4', '.LT1')], label='.Lptr'),
        die('variable', [('name', 'strp', 'p'), ('type', 'ref4', '.Lptr')]),
        die('structure_type', [('name', 'strp', 's'), ('byte_size', 'data1', 8),
                               ('GNU_annotation', 'ref4', '.LD1')], [
            die('member', [('name', 'strp', 'a'), ('type', 'ref4', '.Lint'),
                           ('data_member_location', 'data1', 0),
                           ('GNU_annotation', 'ref4', '.LA3')]),
            die('member', [('name', 'strp', 'b'), ('type', 'ref4', '.Lint'),
                           ('data_member_location', 'data1', 4)]),
        ]),
        die('union_type', [('name', 'strp', 'u'), ('byte_size', 'data1', 4),
                           ('GNU_annotation', 'ref4', '.LT1')], [
            die('member', [('name', 'strp', 'i'), ('type', 'ref4', '.Lint')]),
        ]),
        die('enumeration_type', [('name', 'strp', 'e'), ('byte_size', 'data1', 4),
                                 ('type', 'ref4', '.Lint'),
                                 ('GNU_annotation', 'ref4', '.LT2')], [
            die('enumerator', [('name', 'strp', 'E0'), ('const_value', 'data1', 0)]),
        ]),
        die('array_type', [('type', 'ref4', '.Lint'),
                           ('GNU_annotation', 'ref4', '.LT2')], [
            die('subrange_type', [('upper_bound', 'data1', 3)]),
        ]),
        die('typedef', [('name', 'strp', 't'), ('type', 'ref4', '.Lint'),
                        ('GNU_annotation', 'ref4', '.LD1')]),
        die('subprogram', [('name', 'strp', 'f'), ('type', 'ref4', '.Lint'),
                           ('external', 'flag_present', None),
                           ('GNU_annotation', 'ref4', '.LC1')], [
            die('formal_parameter', [('name', 'strp', 'q'), ('type', 'ref4', '.Lint'),
                                     ('GNU_annotation', 'ref4', '.LA2')]),
            die('formal_parameter', [('type', 'ref4', '.Lptr'),
                                     ('GNU_annotation', 'ref4', '.LC2')]),
        ]),
        ann('.LA1', 'btf_decl_tag', 'devicemem', '.LA2'),
        ann('.LA2', 'btf_decl_tag', 'rw'),
        ann('.LA3', 'btf_decl_tag', 'ro'),
        ann('.LD1', 'btf_decl_tag', 'whole'),
        ann('.LT1', 'btf_type_tag', '__user'),
        ann('.LT2', 'btf_type_tag', 'tag with spaces', form='string'),
        ann('.LC1', 'btf_decl_tag', 'one', '.LC2'),
        ann('.LC2', 'btf_decl_tag', 'two', '.LC3'),
        ann('.LC3', 'btf_decl_tag', 'three'),
        ann('.LU1', 'btf_decl_tag', 'orphan'),
    ]))]


def case_forms():
    """Every form once, clang's encoding beside GCC's, strings of every
    kind, DW_FORM_indirect, references of every size."""
    base = [('str_offsets_base', 'sec_offset', '.Lstroff_base')]
    return [('compile', cu([
        die('base_type', [('name', 'strx1', 'char'), ('byte_size', 'data1', 1),
                          ('encoding', 'data1', 6)], label='.Lchar'),
        die('variable', [
            ('name', 'strx', 'v'), ('type', 'ref1', '.Lchar'),
            ('const_value', 'data2', 0x1234), ('decl_line', 'data4', 7),
            ('byte_size', 'data8', 1), ('upper_bound', 'sdata', -5),
            ('count', 'udata', 300), ('external', 'flag', 1),
            ('location', 'exprloc', [3, 0, 0, 0, 0, 0, 0, 0, 0]),
            ('low_pc', 'addr', 0x1000), (0x3f10, 'data16', list(range(16))),
            (0x3f11, 'block1', [1, 2]), (0x3f12, 'block2', [3]),
            (0x3f13, 'block4', []), (0x3f14, 'block', [4, 5, 6]),
            (0x3f15, 'implicit_const', -7), (0x3f16, 'addrx', 1),
            (0x3f17, 'addrx1', 2), (0x3f18, 'addrx2', 3), (0x3f19, 'addrx4', 4),
            (0x3f1a, 'loclistx', 0), (0x3f1b, 'rnglistx', 0),
            (0x3f1c, 'ref_sig8', 0x1122334455667788),
            (0x3f1d, 'indirect', ('udata', 99)),
        ], [
            llvm('btf_decl_tag', 'first', form='strx2'),
            llvm('btf_decl_tag', 'second', form='line_strp'),
            llvm('btf_decl_tag', 'quote " backslash \\ tab\t end', form='string'),
        ]),
        die('variable', [('name', 'strx3', 'w'), ('type', 'ref2', '.Lchar'),
                         ('GNU_annotation', 'ref_udata', '.LG1')]),
        die('variable', [('name', 'strx4', 'z'), ('type', 'ref8', '.Lchar'),
                         ('GNU_annotation', 'ref_addr', '.LG2')]),
        die('variable', [('name', 'indirect', ('strp', 'ind')),
                         ('type', 'indirect', ('ref4', '.Lchar')),
                         ('GNU_annotation', 'indirect', ('ref4', '.LG2'))],
            [llvm('btf_type_tag', 'also clang')]),
        die('variable', [('name', 'string', 'number'),
                         ('GNU_annotation', 'ref4', '.LN1')]),
        ann('.LG1', 'btf_decl_tag', 'g1', '.LG2', form='strx1'),
        ann('.LG2', 'btf_type_tag', 'g2', form='line_strp'),
        die('GNU_annotation', [('name', 'strp', 'btf_decl_tag'),
                               ('const_value', 'sdata', -42)], label='.LN1'),
    ], extra=base))]


def case_typeunit():
    """A DWARF 5 type unit and a compile unit, both with annotations."""
    tu = die('type_unit', [('name', 'strp', 'tu')], [
        die('structure_type', [('name', 'strp', 'ts'), ('byte_size', 'data1', 4),
                               ('GNU_annotation', 'ref4', '.LTA')], [
            die('member', [('name', 'strp', 'm'),
                           ('GNU_annotation', 'ref4', '.LTB')]),
        ], label='.Ltstruct'),
        ann('.LTA', 'btf_decl_tag', 'in type unit', '.LTB'),
        ann('.LTB', 'btf_decl_tag', 'tail'),
    ])
    return [('type', tu, 0xfeedfacecafebeef, '.Ltstruct'),
            ('compile', cu([
                die('variable', [('name', 'strp', 'g'),
                                 ('type', 'ref_sig8', 0xfeedfacecafebeef),
                                 ('GNU_annotation', 'ref4', '.LCA')]),
                ann('.LCA', 'btf_type_tag', 'in compile unit'),
            ]))]


# Damaged variants: each a well-formed object but for one thing.
def case_loop():
    return [('compile', cu([
        die('variable', [('name', 'strp', 'x'), ('GNU_annotation', 'ref4', '.LA1')]),
        ann('.LA1', 'btf_decl_tag', 'a', '.LA2'),
        ann('.LA2', 'btf_decl_tag', 'b', '.LA3'),
        ann('.LA3', 'btf_decl_tag', 'c', '.LA2'),
    ]))]


def case_selfloop():
    return [('compile', cu([ann('.LA1', 'btf_decl_tag', 'a', '.LA1')]))]


def case_notannotation():
    return [('compile', cu([
        die('base_type', [('name', 'strp', 'int')], label='.Lint'),
        die('variable', [('name', 'strp', 'x'), ('GNU_annotation', 'ref4', '.Lint')]),
    ]))]


def case_refmiddle():
    return [('compile', cu([
        die('variable', [('name', 'strp', 'x'),
                         ('GNU_annotation', 'ref4', '.LA1 + 1')]),
        ann('.LA1', 'btf_decl_tag', 'a'),
    ]))]


def case_refpastend():
    return [('compile', cu([
        die('variable', [('name', 'strp', 'x'), ('GNU_annotation', 'ref4', 0x4000)]),
    ]))]


def case_refaddrpastend():
    return [('compile', cu([
        die('variable', [('name', 'strp', 'x'), ('type', 'ref_addr', '.Lx + 0x5000')],
            label='.Lx'),
    ]))]


def case_annform():
    return [('compile', cu([
        die('variable', [('name', 'strp', 'x'), ('GNU_annotation', 'data4', 12)]),
    ]))]


def case_badcode():
    return [('compile', cu([
        die('variable', [('name', 'strp', 'x')]),
        die('variable', [('name', 'raw', '\t.uleb128 77')]),
    ]))]


def case_badform():
    return [('compile', cu([die('variable', [('name', 0x7f, 0)])]))]


def case_strp_past_end():
    return [('compile', cu([
        die('variable', [('name', ('raw', 'strp'), '\t.4byte 0x9999')]),
    ]))]


def case_strx_past_end():
    return [('compile', cu([die('variable', [('name', 'strx1', 'x')]),
                            die('variable', [('name', ('raw', 'strx1'), '\t.byte 200')])],
                           extra=[('str_offsets_base', 'sec_offset', '.Lstroff_base')]))]


def case_unterminated():
    return [('compile', die('compile_unit',
                            [('name', ('raw', 'string'), '\t.ascii "abc"')]))]


def case_tworoots():
    return [('compile', die('compile_unit', [
        ('name', 'string', 'a'),
        (0x3f00, 'raw', '\t.uleb128 1\n\t.string "b"')]))]


def case_longleb():
    return [('compile', cu([
        die('variable', [('name', 'raw', '\t.byte ' + '0xff, ' * 10 + '0x7f')]),
    ]))]


def case_typeoffset():
    tu = die('type_unit', [('name', 'strp', 'tu')], [
        die('base_type', [('name', 'strp', 'int')], label='.Ltint')])
    return [('type', tu, 0x1234, '.Ltint + 1')]


def case_plain():
    """A unit without annotations."""
    return [('compile', cu([die('base_type', [('name', 'strp', 'int')])]))]


CASES = {k[5:]: v for k, v in globals().items() if k.startswith('case_')}


def main():
    p = argparse.ArgumentParser()
    p.add_argument('case', choices=sorted(CASES))
    p.add_argument('--version', type=int, default=5)
    p.add_argument('--dwarf64', action='store_true')
    p.add_argument('--addr', type=int, default=8)
    p.add_argument('--length-delta', type=int, default=0)
    p.add_argument('--damage', action='append', default=[])
    p.add_argument('--big-endian', action='store_true')
    a = p.parse_args()
    w = Writer(a.version, a.dwarf64, a.addr)
    w.big_endian = a.big_endian
    w.length_delta = a.length_delta
    w.damage = set(a.damage)
    for u in CASES[a.case]():
        if u[0] == 'type':
            w.unit('type', u[1], u[2], u[3])
        else:
            w.unit('compile', u[1])
    sys.stdout.write(w.text())


main()
