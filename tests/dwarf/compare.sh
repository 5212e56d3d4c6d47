#!/usr/bin/env bash
# Structural oracle: btfcc's DWARF against GCC's (the host gcc, GCC 12,
# which has no btf tags: the inputs are tag-free), DWARF 4, x86-64.
# Both objects are printed by llvm-dwarfdump --debug-info --show-form and
# normalised by dwarfnorm.py, which removes what only code generation
# gives (offsets, DW_AT_producer, pc/frame/location/call-site attributes,
# the locals, blocks and labels inside function bodies; see there); the
# rest must match line for line: DIE tree and order, tags, attributes and
# their order, forms (DW_FORM_implicit_const included), values.
#
# Exceptions, each with its reason:
#  - dwarfnorm.py: on DIEs GCC gives code or storage attributes (function
#    and variable definitions), DW_FORM_implicit_const and data1..8 are
#    not told apart: GCC's abbreviations for them include those
#    attributes and are shared with the dropped DIEs (locals), so which
#    constants are the same across an abbreviation's DIEs differs.
#  - <linux/bpf.h> is compared with -gno-column-info: it declares members
#    through macros (__bpf_md_ptr(type, name)); GCC places a declaration
#    whose name comes from a macro argument at the macro's expansion
#    point, btfcc at the argument's own column (its token locations keep
#    the spelling place, which its diagnostics need).  A known btfcc
#    discrepancy, left for the preprocessor; lines are still compared.
#  - The inputs call no function GCC knows as a built-in (printf, puts,
#    memcpy...): GCC describes those with the built-in's own prototype
#    (without restrict, for one), not the header's.
#  - The inputs call one undefined function at most: GCC orders the
#    DIEs (and BTF FUNCs) of called undefined functions by their first
#    call, btfcc by their first declaration (the parser records no call
#    order); a known discrepancy.
#  - A qualified typedef name of an array type (`const name_t x;`,
#    typedef char name_t[16]): GCC 12 describes it as the qualifier over
#    the array, GCC 16 -- the reference -- as the qualifier over the
#    typedef, whose array has qualified elements; shapes.c leaves such
#    declarations out here (-DGCC12_QUALIFIED_ARRAY_TYPEDEF) and they
#    are compared with GCC 16's DWARF below (and its CTF, tests/ctf).
#  - DW_AT_export_symbols (on anonymous members' structs and unions) is
#    GCC 16's, not GCC 12's: left out of btfcc's side here, compared
#    with gcc-16's DWARF in gcc16.sh.  Both sides use -std=gnu11, where
#    GCC 16 writes no DW_AT_language_name/version either.
#  - glibc's header unit is not compared: GCC keeps the _Atomic
#    qualifier DIEs of <stdatomic.h>'s unused typedefs, btfcc does not.
#    The uapi unit is (its static inline functions call each other: like
#    GCC, btfcc omits those nothing reachable calls).
source "$TESTROOT/lib.sh"
set -u
DWARFDUMP=$(command -v llvm-dwarfdump-19 || command -v llvm-dwarfdump || true)
if [ -z "$DWARFDUMP" ] || ! command -v gcc >/dev/null || ! command -v python3 >/dev/null; then
  skip "structural comparison with gcc (needs gcc, llvm-dwarfdump, python3)"
  exit 0
fi
W=$TMPDIR
NORM=$TESTROOT/dwarf/dwarfnorm.py
printf '#include <stdio.h>\n' >"$W/stdio.c"
printf '#include <linux/bpf.h>\n' >"$W/bpf.c"
# A few uses: what the default pruning keeps of <stdio.h>.
cat >"$W/stdio_uses.c" <<'EOF'
#include <stdio.h>
FILE *stream;
fpos_t position;
int use(void) { return fileno(stream); }
EOF

# compare NAME FILE OPTIONS...: DWARF 4.  (DWARF 5 is compared with
# GCC 16 in gcc16.sh: there GCC 16's DW_AT_export_symbols changes which
# abbreviations structs share, and so which constants GCC 12 would have
# made DW_FORM_implicit_const.)
compare() {
  local name=$1 file=$2 v
  shift 2
  for v in 4; do
    if ! gcc -std=gnu11 -g -gdwarf-$v "$@" -c "$file" -o "$W/gcc.o" 2>"$W/gcc.err"; then
      skip "$name DWARF $v (gcc fails: $(head -1 "$W/gcc.err"))"
      continue
    fi
    if ! "$BTFCC" -std=gnu11 -gdwarf-$v "$@" -c "$file" -o "$W/btfcc.o" 2>"$W/btfcc.err"; then
      fail "$name DWARF $v: btfcc compiles"; head -3 "$W/btfcc.err"
      continue
    fi
    "$DWARFDUMP" --debug-info --show-form "$W/gcc.o" | python3 "$NORM" >"$W/gcc.txt"
    "$DWARFDUMP" --debug-info --show-form "$W/btfcc.o" | python3 "$NORM" |
      grep -v DW_AT_export_symbols >"$W/btfcc.txt"
    if [ "$(wc -l <"$W/gcc.txt")" -gt 20 ] && diff -u "$W/gcc.txt" "$W/btfcc.txt" >"$W/diff"; then
      pass "$name DWARF $v: the same DIEs as gcc -g ($(grep -c DW_TAG_ "$W/gcc.txt") DIEs)"
    else
      fail "$name DWARF $v: the same DIEs as gcc -g"; head -40 "$W/diff"
    fi
  done
}

compare "tests/layout/cases.c (every type)" "$TESTROOT/layout/cases.c" -fno-eliminate-unused-debug-types
compare "tests/dwarf/inputs/shapes.c" "$TESTROOT/dwarf/inputs/shapes.c" -DGCC12_QUALIFIED_ARRAY_TYPEDEF
compare "<stdio.h> (every type)" "$W/stdio.c" -fno-eliminate-unused-debug-types
compare "<stdio.h> uses" "$W/stdio_uses.c"
compare "<linux/bpf.h> (every type, no columns)" "$W/bpf.c" -fno-eliminate-unused-debug-types -gno-column-info
compare "tests/dwarf/inputs/redecl.c (redeclarations, unbounded arrays)" "$TESTROOT/dwarf/inputs/redecl.c"
compare "tests/headers/uapi.c (static inline functions calling each other)" "$TESTROOT/headers/uapi.c"

# The same input's BTF: GCC 12 also emits a VAR for each declaration
# that a definition completes (GCC 16 does not: the spec), so VAR records
# are left out; types, their order and ids must be gcc -gbtf's, except
# that GCC 12 gives plain char no encoding, where GCC 16 (and btfcc)
# mark it signed (spec; the kernel rejects GCC 12's form in vmlinux.h).
# Arrays declared [] outside a struct are left out (NO_UNBOUNDED): GCC
# gives them index type 0, which the kernel rejects ("Invalid index");
# btfcc gives them sizetype, checked below.
if gcc -gbtf -DNO_UNBOUNDED -c "$TESTROOT/dwarf/inputs/redecl.c" -o "$W/gb.o" 2>/dev/null &&
   "$BTFCC" -gbtf -DNO_UNBOUNDED -c "$TESTROOT/dwarf/inputs/redecl.c" -o "$W/bb.o"; then
  types() { bpftool btf dump file "$1" | awk '/^\[/ { keep = $2 != "VAR" && $2 != "DATASEC" && $2 != "FUNC" } keep' |
            sed "s/'char' size=1 bits_offset=0 nr_bits=8 encoding=UNKN/'char' size=1 bits_offset=0 nr_bits=8 encoding=SIGNED/"; }
  if [ "$(types "$W/gb.o" | wc -l)" -gt 10 ] && diff <(types "$W/gb.o") <(types "$W/bb.o") >"$W/bdiff"; then
    pass "tests/dwarf/inputs/redecl.c: the BTF types of gcc -gbtf"
  else
    fail "tests/dwarf/inputs/redecl.c: BTF types differ from gcc -gbtf"; head -20 "$W/bdiff"
  fi
else
  skip "redecl.c BTF (gcc -gbtf unavailable)"
fi
"$BTFCC" -gbtf -c "$TESTROOT/dwarf/inputs/redecl.c" -o "$W/ub.o" &&
  bpftool btf dump file "$W/ub.o" | grep -q "ARRAY '(anon)' type_id=[0-9]* index_type_id=[1-9][0-9]* nr_elems=0" &&
  ! bpftool btf dump file "$W/ub.o" | grep -q "index_type_id=0 " &&
  pass "redecl.c: arrays declared [] get an index type in BTF (the kernel's rule)" ||
  fail "redecl.c: an array with index type 0"

# Qualified typedef names of array types, against GCC 16 (the DIE tags,
# their order and their references).
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}/gcc-16
if [ -x "$G16" ]; then
  # One declaration a unit, each shape on its own.
  decls=("const name_t cname;" "volatile name_t vnames[2][3];"
         "struct q { const volatile name_t m; const cs_t c[2]; } qs;"
         "const name_t (*pname)[4];" "cs_t plain_cs;" "const volatile cs_t cvcs;"
         "const name_t two[1][2];")
  # Each DIE's tag, name, bound and the DIE (by number) it refers to.
  shape() { python3 -c '
import re, sys
lines = open(sys.argv[1]).read().splitlines()
num = {}
for l in lines:
    m = re.search(r"\(DIE \((0x[0-9a-f]+)\) (DW_TAG_\w+)", l)
    if m:
        num[int(m.group(1), 16)] = len(num)
for l in lines:
    m = re.search(r"\(DIE \((0x[0-9a-f]+)\) (DW_TAG_\w+)", l)
    if m:
        print(num[int(m.group(1), 16)], m.group(2)); continue
    m = re.search(r"\s(0x[0-9a-f]+|0)\s+# DW_AT_type$", l)
    if m:
        print("  type ->", num.get(int(m.group(1), 16), "?")); continue
    m = re.search(r"# (DW_AT_upper_bound)$", l) or re.search(r"# DW_AT_name: (.*)$", l) or re.search(r"\.ascii \"(.*)\\\\0\"\s+# DW_AT_name$", l)
    if m:
        print("  ", l.split()[1] if "upper_bound" in l else m.group(1))
' "$1"; }
  for decl in "${decls[@]}"; do
    printf 'typedef char name_t[16];\ntypedef const short cs_t[2];\n%s\n' "$decl" >"$W/qarr.c"
    "$G16" -std=gnu17 -g -dA -S "$W/qarr.c" -o "$W/g16.s" &&
      "$BTFCC" -std=gnu17 -g -dA -S "$W/qarr.c" -o "$W/b16.s" &&
      shape "$W/g16.s" >"$W/g16.shape" && shape "$W/b16.s" >"$W/b16.shape" &&
      check "qualified typedef name of an array, '$decl': the DIEs of GCC 16" \
        eval 'grep -q DW_TAG_variable "$W/g16.shape" && cmp -s "$W/g16.shape" "$W/b16.shape"'
  done
  # Arrays with type tags: a DIE of their own, made before the variable
  # and before their element (GCC 16's order), the annotation after.
  cat >"$W/tarr.c" <<'EOF2'
#define __t(x) __attribute__((btf_type_tag(x)))
struct S { int q; };
int *b[2];
int __t("x") *a[2];
struct S __t("y") *m[3][4];
const int __t("z") *ca[2];
typedef int __t("w") *TA[5];
TA ta;
struct U { int __t("u") *f[2]; long g; } u;
void f(int __t("p") *p[2]) {}
EOF2
  "$G16" -g -dA -S "$W/tarr.c" -o "$W/g16.s" &&
    "$BTFCC" -g -dA -S "$W/tarr.c" -o "$W/b16.s" &&
    shape "$W/g16.s" >"$W/g16.shape" && shape "$W/b16.s" >"$W/b16.shape" &&
    check "arrays with type tags: the DIEs of GCC 16 (annotations included)" \
      eval 'grep -q GNU_annotation "$W/g16.shape" && cmp -s "$W/g16.shape" "$W/b16.shape"'
else
  skip "qualified typedef names of arrays against GCC 16 (no gcc-16)"
fi
