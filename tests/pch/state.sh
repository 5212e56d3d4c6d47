#!/usr/bin/env bash
# The parser's and sema's state written and read back (src/parse/
# pch_state.c, the step towards a .gch that saves parsing and sema):
# -fpch-state-roundtrip writes a declaration-only unit's state after
# parsing, reads it into fresh objects and compiles those.  Every output
# must be byte for byte the text's: -gbtf, -g, -gctf as -S -dA and -c,
# -g with every type kept, and a BPF object, for state_kinds.h (bit-fields,
# enums and enum64, function pointers, type and decl tags, attributes,
# forward declarations, anonymous members, #pragma pack, clang attribute
# push, qualified and variant types, redeclarations) and for the running
# kernel's vmlinux.h with every type kept.  The oracle: the round trip's
# BTF for state_kinds.h (without `int ldecl[];`, whose BTF differs from
# gcc-16's on the text path too) is gcc-16's.  A unit with a function body
# keeps its own state (a note, the same output); the state's bytes are the
# same from run to run; and a damaged state is refused with a message,
# never used (fuzz/fuzz_pch_state.c fuzzes the reader).
source "$TESTROOT/lib.sh"
export LANG=C LC_ALL=C
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
here=$TESTROOT/pch
cd "$TMPDIR"
cp "$here/state_kinds.h" kinds.h

# same_outputs NAME FILE OPTS...: each mode's output with and without the
# round trip.
same_outputs() {
  local name=$1 file=$2; shift 2
  local modes=("-gbtf -c" "-g -c" "-gctf -c" "-gbtf -S -dA" "-g -S -dA"
               "-gctf -S -dA" "-g -fno-eliminate-unused-debug-types -S -dA"
               "--target=bpf -O2 -g -c")
  local m bad=()
  for m in "${modes[@]}"; do
    rm -f text.out rt.out
    "$BTFCC" "$@" $m -x c "$file" -o text.out 2>text.err &&
      "$BTFCC" "$@" $m -fpch-state-roundtrip -x c "$file" -o rt.out 2>rt.err &&
      [ -s text.out ] && cmp -s text.out rt.out && cmp -s text.err rt.err || bad+=("$m")
  done
  [ ${#bad[@]} -eq 0 ] && pass "pch state $name: ${#modes[@]} outputs identical after the round trip" ||
    fail "pch state $name: outputs differ after the round trip: ${bad[*]}"
}
same_outputs kinds.h kinds.h

# The oracle: gcc-16's BTF.
grep -v ldecl kinds.h > kinds_gcc.h
if [ -x "$G16/gcc-16" ]; then
  rm -f gcc.o rt.o
  "$G16/gcc-16" -gbtf -c -x c kinds_gcc.h -o gcc.o 2>/dev/null
  "$BTFCC" -gbtf -c -fpch-state-roundtrip -x c kinds_gcc.h -o rt.o 2>/dev/null
  [ -s gcc.o ] && [ -s rt.o ] && cmp -s <("$BTFTOOL" dump gcc.o) <("$BTFTOOL" dump rt.o) &&
    pass "pch state kinds.h: the round trip's BTF is gcc-16's" ||
    fail "pch state kinds.h: the round trip's BTF differs from gcc-16's"
else
  skip "pch state kinds.h against gcc-16 (no gcc-16)"
fi

# A unit with a body is not written; its output is the text's.
cat > body.c <<'EOF2'
struct p { int x; };
int get(struct p *q) { return q->x; }
EOF2
rm -f text.o rt.o
"$BTFCC" -gbtf -c body.c -o text.o 2>/dev/null
"$BTFCC" -gbtf -c -fpch-state-roundtrip body.c -o rt.o 2>err
grep -q "state not written: a function body" err && [ -s text.o ] && cmp -s text.o rt.o &&
  pass "pch state: a unit with a function body keeps its state (a note, the same object)" ||
  fail "pch state: a unit with a function body ($(head -1 err))"

# Deterministic bytes, and damage refused.
"$BTFCC" -gbtf -c -fpch-state-write=a.st -x c kinds.h -o /dev/null 2>/dev/null
"$BTFCC" -gbtf -c -fpch-state-write=b.st -x c kinds.h -o /dev/null 2>/dev/null
[ -s a.st ] && cmp -s a.st b.st && ! grep -qa "$TMPDIR" a.st &&
  pass "pch state: the same bytes from run to run ($(stat -c %s a.st) bytes)" ||
  fail "pch state: the state's bytes differ from run to run"

# vmlinux.h, every type kept.
if [ ! -r /sys/kernel/btf/vmlinux ] || ! command -v bpftool >/dev/null; then
  skip "pch state vmlinux.h (no /sys/kernel/btf/vmlinux or bpftool)"; exit 0
fi
bpftool btf dump file /sys/kernel/btf/vmlinux format c > vmlinux.h
bad=()
for m in "-gbtf -c" "-g -c" "-gctf -c" "--target=bpf -O2 -gbtf -gno-prune-btf -c"; do
  rm -f text.o rt.o
  "$BTFCC" -std=gnu11 -fno-eliminate-unused-debug-types $m -x c vmlinux.h -o text.o 2>err &&
    "$BTFCC" -std=gnu11 -fno-eliminate-unused-debug-types $m -fpch-state-roundtrip -x c vmlinux.h -o rt.o 2>>err &&
    [ ! -s err ] && [ -s text.o ] && cmp -s text.o rt.o || bad+=("$m")
done
[ ${#bad[@]} -eq 0 ] && pass "pch state vmlinux.h: BTF, DWARF, CTF and BPF objects with every type identical after the round trip" ||
  fail "pch state vmlinux.h: objects differ after the round trip: ${bad[*]}"
