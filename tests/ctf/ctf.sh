#!/usr/bin/env bash
# CTF (-gctf): btfcc's .ctf section against GCC 16's, line for line in
# `-S -dA` text -- every value and every -dA comment (ctt_info,
# ctm_name, ...) -- on:
#   - the hand-written inputs here (inputs/*.c: every CTF kind, slices,
#     "unknown", enums, function pointers, VLAs, forward declarations,
#     qualifiers), x86-64, and inputs/bpf.c on BPF (bpf-gcc 16);
#   - random units (geninputs.py, fixed seeds) of the same constructs;
#   - the tag tests (tests/tags/*.c) and the seed CTF tests;
#   - vmlinux.h (-std=gnu17), with and without
#     -fno-eliminate-unused-debug-types;
#   - the glibc and uapi header units of tests/headers (GCC 16 reads the
#     same headers as btfcc: the host GCC's include directories).
# The normalisation (ctfnorm.py) is only this: GCC writes data objects and
# functions in the order of hash tables keyed by the addresses of its
# DIEs, which changes from one run of GCC to the next, so each (type,
# name) pair is sorted; nothing else is touched.  The rest of GCC's
# assembler text (code, .text/.file 0 lines) is not compared: btfcc does
# not generate x86-64 code.
# Known differences are listed in tests/ctf/xfail.list: they must still
# differ (an unexpected match is a FAIL, so the list stays true).
# Then the driver: GCC's errors for -gctf with -gbtf and bad levels, and
# that -gctf0 writes no .ctf.
source "$TESTROOT/lib.sh"
set -u
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16 BPFGCC=$G16/bpf-gcc-16
NORM="python3 $TESTROOT/ctf/ctfnorm.py"
if [ ! -x "$GCC" ]; then
  skip "ctf: no GCC 16 ($GCC; shared/tools/get-gcc16 installs it)"; exit 0
fi
# GCC 16 reads the headers btfcc reads: the host GCC's include directories.
INC=()
while read -r d; do INC+=(-isystem "$d"); done < <(LC_ALL=C gcc -xc -E -v - </dev/null 2>&1 |
  sed -n '/^#include <...> search starts here:/,/^End of search list./p' | sed '1d;$d;s/^ *//')

declare -A xfail=()
while read -r name why; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  xfail[$name]=$why
done < "$TESTROOT/ctf/xfail.list"

identical=0 differing=0
# compare NAME GCC-COMMAND BTFCC-COMMAND (each writing -S -dA text to the
# file named by its last argument, given here as OUT).
compare() {
  local name=$1 g=$TMPDIR/g.s b=$TMPDIR/b.s; shift
  local -a gcmd=() bcmd=()
  while [ "$1" != -- ]; do gcmd+=("$1"); shift; done; shift
  bcmd=("$@")
  rm -f "$g" "$b"
  if ! "${gcmd[@]}" -o "$g" 2>"$TMPDIR/g.err"; then
    fail "ctf $name: GCC 16 fails"; head -3 "$TMPDIR/g.err"; return
  fi
  if ! "${bcmd[@]}" -o "$b" 2>"$TMPDIR/b.err"; then
    fail "ctf $name: btfcc fails"; head -3 "$TMPDIR/b.err"; return
  fi
  $NORM "$g" > "$TMPDIR/g.ctf" || { fail "ctf $name: GCC 16 wrote no .ctf"; return; }
  if ! $NORM "$b" > "$TMPDIR/b.ctf"; then
    fail "ctf $name: btfcc wrote no .ctf"; return
  fi
  local lines; lines=$(wc -l < "$TMPDIR/g.ctf")
  if cmp -s "$TMPDIR/g.ctf" "$TMPDIR/b.ctf"; then
    identical=$((identical + 1))
    if [ -n "${xfail[$name]+x}" ]; then
      fail "ctf $name: unexpected match (listed in tests/ctf/xfail.list: ${xfail[$name]}; take it off)"
    else
      pass "ctf $name: .ctf identical to GCC 16's ($lines lines)"
    fi
  else
    differing=$((differing + 1))
    if [ -n "${xfail[$name]+x}" ]; then
      xfail "ctf $name (${xfail[$name]})"
    else
      fail "ctf $name: .ctf differs from GCC 16's"
      diff "$TMPDIR/g.ctf" "$TMPDIR/b.ctf" | head -10
    fi
  fi
}

opts=(-std=gnu17 -w -gctf -S -dA)
# Hand-written inputs (x86-64); bpf.c on BPF as well.
for f in "$TESTROOT"/ctf/inputs/*.c; do
  n=$(basename "$f" .c)
  compare "inputs/$n" "$GCC" "${opts[@]}" "$f" -- "$BTFCC" "${opts[@]}" "$f"
  compare "inputs/$n -fno-eliminate-unused-debug-types" \
    "$GCC" "${opts[@]}" -fno-eliminate-unused-debug-types "$f" -- \
    "$BTFCC" "${opts[@]}" -fno-eliminate-unused-debug-types "$f"
done
# DWARF 4 places bit-fields by their storage unit: CTF follows it.
f=$TESTROOT/ctf/inputs/kinds.c
compare "inputs/kinds -gdwarf-4" "$GCC" "${opts[@]}" -gdwarf-4 "$f" -- "$BTFCC" "${opts[@]}" -gdwarf-4 "$f"
if [ -x "$BPFGCC" ]; then
  f=$TESTROOT/ctf/inputs/bpf.c
  for d in "" -gdwarf-4; do
    compare "inputs/bpf (BPF)${d:+ $d}" "$BPFGCC" "${opts[@]}" $d "$f" -- \
      "$BTFCC" --target=bpf "${opts[@]}" $d "$f"
    compare "inputs/bpf (BPF, big-endian)${d:+ $d}" "$BPFGCC" -mbig-endian "${opts[@]}" $d "$f" -- \
      "$BTFCC" --target=bpfeb "${opts[@]}" $d "$f"
  done
else
  skip "ctf inputs/bpf on BPF (no bpf-gcc 16)"
fi

# Random units.
# Random units: three seeds.
python3 "$TESTROOT/ctf/geninputs.py" "$TMPDIR/gen" "${CTF_RANDOM:-40}" 1
python3 "$TESTROOT/ctf/geninputs.py" "$TMPDIR/gen" "${CTF_RANDOM:-30}" 2
python3 "$TESTROOT/ctf/geninputs.py" "$TMPDIR/gen" "${CTF_RANDOM:-30}" 3
for f in "$TMPDIR"/gen/*.c; do
  n=$(basename "$f" .c)
  if ! "$GCC" "${opts[@]}" "$f" -o /dev/null 2>/dev/null; then
    echo "NOTE: ctf random/$n: GCC 16 refuses it (the generator's C is invalid), not compared"; continue
  fi
  compare "random/$n" "$GCC" "${opts[@]}" "$f" -- "$BTFCC" "${opts[@]}" "$f"
done

# The tag tests and the seed CTF tests: tags leave no CTF record.
for f in "$TESTROOT"/tags/*.c "$SHARED"/seeds/tests/gcc.dg/debug/ctf/*.c; do
  [ -f "$f" ] || continue
  grep -q '/\* error:' "$f" && continue
  if ! "$GCC" "${opts[@]}" "$f" -o /dev/null 2>/dev/null; then
    echo "NOTE: ctf tags/$(basename "$f" .c): GCC 16 refuses it, not compared"; continue
  fi
  compare "tags/$(basename "$f" .c)" "$GCC" "${opts[@]}" "$f" -- "$BTFCC" "${opts[@]}" "$f"
done

# Header units and vmlinux.h.
for unit in glibc uapi; do
  f=$TESTROOT/headers/$unit.c
  for e in "" -fno-eliminate-unused-debug-types; do
    compare "headers/$unit${e:+ $e}" "$GCC" -nostdinc "${INC[@]}" "${opts[@]}" $e "$f" -- \
      "$BTFCC" "${opts[@]}" $e "$f"
  done
done
if [ -r /sys/kernel/btf/vmlinux ] && command -v bpftool >/dev/null; then
  v=$TMPDIR/vmlinux.h
  bpftool btf dump file /sys/kernel/btf/vmlinux format c > "$v"
  for e in "" -fno-eliminate-unused-debug-types; do
    compare "vmlinux.h${e:+ $e}" "$GCC" "${opts[@]}" $e -x c "$v" -- "$BTFCC" "${opts[@]}" $e -x c "$v"
  done
else
  skip "ctf vmlinux.h (no /sys/kernel/btf/vmlinux or bpftool)"
fi
echo "ctf: $identical inputs identical to GCC 16's, $differing differ"

# The comparison can fail: one changed value, one dropped string.
f=$TESTROOT/ctf/inputs/kinds.c
"$BTFCC" "${opts[@]}" "$f" -o "$TMPDIR/b.s"
$NORM "$TMPDIR/b.s" > "$TMPDIR/b.ctf"
sed '0,/0x20\t# ctm_offset/s//0x21\t# ctm_offset/' "$TMPDIR/b.s" > "$TMPDIR/m1.s"
sed '0,/"int\\0"/{/"int\\0"/d}' "$TMPDIR/b.s" > "$TMPDIR/m2.s"
for m in m1 m2; do
  check "ctf: a changed .ctf is told apart ($m)" eval '! cmp -s "$TMPDIR/b.ctf" <($NORM "$TMPDIR/$m.s")'
done
check "ctf: a file without .ctf is refused by the comparison" eval '! $NORM "$TESTROOT/ctf/ctfnorm.py" >/dev/null 2>&1'

# The driver: GCC's errors, the same words.
printf 'int x;\n' > "$TMPDIR/x.c"
for args in "-gctf -gbtf" "-gbtf -gctf" "-gctf0 -gbtf" "-gbtf -g0 -gctf" "-gctf4" "-gctfx" "-gctf-1"; do
  LC_ALL=C "$GCC" $args -S "$TMPDIR/x.c" -o "$TMPDIR/g.s" 2>"$TMPDIR/g.err"; grc=$?
  "$BTFCC" $args -S "$TMPDIR/x.c" -o "$TMPDIR/b.s" 2>"$TMPDIR/b.err"; brc=$?
  want=$(sed 's/^[^:]*gcc-16: /btfcc: /' "$TMPDIR/g.err")
  got=$(cat "$TMPDIR/b.err")
  if [ $grc -ne 0 ] && [ $brc -ne 0 ] && [ "$want" = "$got" ]; then
    pass "ctf driver: $args is refused as GCC refuses it ($got)"
  else
    fail "ctf driver: $args: GCC exit $grc '$want', btfcc exit $brc '$got'"
  fi
done
for args in "-gctf0" "-gctf -gctf0" "-gctf -g0 -gctf0"; do
  "$BTFCC" $args -S "$TMPDIR/x.c" -o "$TMPDIR/b.s" 2>/dev/null
  check "ctf driver: $args writes no .ctf (as GCC)" eval '! grep -q "\.ctf" "$TMPDIR/b.s"'
done
# (Not "-gctf -g0": GCC then writes a CU's line-table DWARF, which btfcc
# does not.)
for args in "-gctf1" "-gctf3" "-gctf -g" "-g -gctf" "-gctf -gdwarf-4"; do
  "$BTFCC" $args -S "$TMPDIR/x.c" -o "$TMPDIR/b.s" 2>/dev/null
  "$GCC" $args -S "$TMPDIR/x.c" -o "$TMPDIR/g.s" 2>/dev/null
  gs=$(grep -o '^\s*\.section\s*\.\(ctf\|debug_info\)' "$TMPDIR/g.s" | sort -u | tr -d ' \t' | tr '\n' ' ')
  bs=$(grep -o '^\s*\.section\s*\.\(ctf\|debug_info\)' "$TMPDIR/b.s" | sort -u | tr -d ' \t' | tr '\n' ' ')
  check "ctf driver: $args writes GCC's debug sections (${gs:-none})" [ "$gs" = "$bs" ]
done
# On BPF a -g before -gctf chose the format CTF replaces (no DWARF), one
# after it asks for DWARF, as in bpf-gcc 16.
if [ -x "$BPFGCC" ]; then
  for args in "-gctf -g" "-g -gctf" "-g2 -gctf" "-gctf -g2" "-ggdb -gctf" "-gdwarf -gctf" "-g -gctf -g"; do
    "$BTFCC" --target=bpf $args -S "$TMPDIR/x.c" -o "$TMPDIR/b.s" 2>/dev/null
    "$BPFGCC" $args -S "$TMPDIR/x.c" -o "$TMPDIR/g.s" 2>/dev/null
    gs=$(grep -o '^\s*\.section\s*"\?\.\(ctf\|BTF\|debug_info\)' "$TMPDIR/g.s" | sort -u | tr -d ' \t"' | tr '\n' ' ')
    bs=$(grep -o '^\s*\.section\s*"\?\.\(ctf\|BTF\|debug_info\)' "$TMPDIR/b.s" | sort -u | tr -d ' \t"' | tr '\n' ' ')
    check "ctf driver (BPF): $args writes bpf-gcc's debug sections (${gs:-none})" [ "$gs" = "$bs" ]
  done
fi
