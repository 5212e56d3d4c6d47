#!/usr/bin/env bash
# btfcc's DWARF against GCC 16's own (issue 14, item 3): for each input
# and each way of asking for DWARF (-gdwarf-5, -gdwarf-4, with
# -fdebug-types-section, with -fno-eliminate-unused-debug-types, with
# -gstrict-dwarf, with both -gstrict-dwarf and -fdebug-types-section),
# `llvm-dwarfdump --debug-info --debug-types --show-form` of gcc-16's
# object and of btfcc's, normalised by
# dwarfnorm.py (what only code generation gives: offsets, the producer,
# pc/frame/location attributes, the insides of function bodies; see
# there), must be the same line for line: DIE tree and order, tags,
# attributes and their order, forms and values -- GCC 16's additions
# included (DW_AT_language_name/version, DW_AT_export_symbols on
# anonymous members, the unsigned enumerators' forms).
#
# btfcc is given GCC 16's include directories (-nostdinc, then gcc-16's
# own list), so that <stddef.h> and <stdarg.h> are GCC 16's in both.
#
# Known differences are listed in gcc16.xfail ("INPUT OPTIONS: reason"); a
# listed case that matches fails, so that the list is kept true.
source "$TESTROOT/lib.sh"
set -u
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}/gcc-16
DWARFDUMP=$(command -v llvm-dwarfdump-19 || command -v llvm-dwarfdump || true)
if [ ! -x "$G16" ] || [ -z "$DWARFDUMP" ] || ! command -v python3 >/dev/null; then
  skip "DWARF against gcc-16 (needs ../shared/tools/get-gcc16, llvm-dwarfdump, python3)"
  exit 0
fi
W=$TMPDIR
NORM=$TESTROOT/dwarf/dwarfnorm.py
XFAIL=$TESTROOT/dwarf/gcc16.xfail
g16inc=$("$G16" -print-file-name=include)
INC=(-nostdinc -isystem "$g16inc" -isystem /usr/local/include
     -isystem /usr/include/x86_64-linux-gnu -isystem /usr/include)

printf '#include <stdio.h>\n' >"$W/stdio.c"
printf '#include <linux/bpf.h>\n' >"$W/bpf.c"
# GCC 16's additions, each in a few shapes.
cat >"$W/gcc16_attrs.c" <<'EOF'
struct in { int x; union { int b; char c; }; struct { int d; union { long e; }; }; } v1;
struct named_member { struct { int a; } named; } v2;
union { int z; } top;
typedef struct { int t; } anon_typedef;
struct uses_typedef { anon_typedef td; } v3;
enum E { A = (unsigned long long)-32, B = 1 } e;
enum F { C = -5, D = 0x100000000 } f;
enum G { H = -1 } g;
enum U { U1 = 0xffffffffu, U2 = 1 } u;
enum : unsigned char { UC = 255 } uc;
EOF

inputs=("$TESTROOT/layout/cases.c" "$TESTROOT/dwarf/inputs/shapes.c"
        "$TESTROOT/dwarf/inputs/macroloc.c"
        "$TESTROOT/dwarf/inputs/redecl.c" "$TESTROOT/dwarf/inputs/stubs.c"
        "$TESTROOT/dwarf/inputs/inittypes.c"
        "$W/gcc16_attrs.c" "$W/stdio.c"
        "$W/bpf.c" "$TESTROOT/headers/uapi.c" "$TESTROOT/headers/glibc.c")
modes=("-gdwarf-5" "-gdwarf-4" "-gdwarf-5 -fdebug-types-section"
       "-gdwarf-4 -fdebug-types-section" "-gdwarf-5 -fno-eliminate-unused-debug-types"
       "-gdwarf-4 -fno-eliminate-unused-debug-types" "-gdwarf-5 -gstrict-dwarf"
       "-gdwarf-4 -gstrict-dwarf" "-gdwarf-5 -gstrict-dwarf -fdebug-types-section"
       "-gdwarf-4 -gstrict-dwarf -fdebug-types-section")

listed() { grep -q "^$1: " "$XFAIL" 2>/dev/null; }
for f in "${inputs[@]}"; do
  b=$(basename "$f")
  for m in "${modes[@]}"; do
    for std in gnu23 gnu17; do
      # gnu17 once per input: the language attributes of C17
      [ $std = gnu17 ] && [ "$m" != "-gdwarf-5" ] && continue
      name="$b -std=$std $m"
      # shellcheck disable=SC2086
      if ! "$G16" -std=$std $m -w -c "$f" -o "$W/g.o" 2>"$W/g.err"; then
        fail "$name: gcc-16 compiles it"; head -3 "$W/g.err"; continue
      fi
      # shellcheck disable=SC2086
      if ! "$BTFCC" "${INC[@]}" -std=$std $m -w -c "$f" -o "$W/b.o" 2>"$W/b.err"; then
        fail "$name: btfcc compiles it"; head -3 "$W/b.err"; continue
      fi
      "$DWARFDUMP" --debug-info --debug-types --show-form "$W/g.o" | python3 "$NORM" >"$W/g.txt"
      "$DWARFDUMP" --debug-info --debug-types --show-form "$W/b.o" | python3 "$NORM" >"$W/b.txt"
      same=0
      [ "$(grep -c DW_TAG_ "$W/g.txt")" -gt 2 ] && cmp -s "$W/g.txt" "$W/b.txt" && same=1
      if listed "$name"; then
        if [ $same = 1 ]; then
          fail "$name: listed in gcc16.xfail but now the same as gcc-16's (update the list)"
        else
          xfail "$name ($(grep "^$name: " "$XFAIL" | head -1 | cut -d: -f2- | cut -c2-))"
        fi
      elif [ $same = 1 ]; then
        pass "$name: the DIEs of gcc-16 ($(grep -c DW_TAG_ "$W/g.txt") DIEs)"
      else
        fail "$name: the DIEs of gcc-16"; diff "$W/g.txt" "$W/b.txt" | head -20
      fi
    done
  done
done

# The two attributes GCC 16 adds to the unit, on their own: present in
# DWARF 5 from C17 on (not with -gstrict-dwarf, not in DWARF 4), in the
# type units too, with GCC 16's forms and values.
for std in c11 c17 c23 c2y; do
  for m in "-gdwarf-5" "-gdwarf-4" "-gdwarf-5 -gstrict-dwarf" "-gdwarf-5 -fdebug-types-section"; do
    # shellcheck disable=SC2086
    "$G16" -std=$std $m -S -dA "$W/gcc16_attrs.c" -o "$W/g.s" 2>/dev/null &&
      "$BTFCC" "${INC[@]}" -std=$std $m -S -dA "$W/gcc16_attrs.c" -o "$W/b.s" &&
      check "-std=$std $m: the unit's language attributes of gcc-16 -dA" \
        eval 'grep -q "DW_AT_language\$" "$W/g.s" &&
              cmp -s <(grep -E "# \(?DW_AT_language" -A1 "$W/g.s" | grep -v LASF) \
                     <(grep -E "# \(?DW_AT_language" -A1 "$W/b.s" | grep -v LASF)'
  done
done
