#!/usr/bin/env bash
# Layout identical to GCC's: records, bit-fields, packed, aligned,
# #pragma pack, mode, enums -- for x86-64 and BPF.  The oracle is GCC
# itself: pahole's BTF from `gcc -g` (x86-64) and `bpf-gcc -g` (BPF) DWARF,
# compared type by type with btfcc's BTF (tests/tools/btfshape.py).
# Inputs: tests/layout/cases.c and records generated from fixed seeds.
source "$TESTROOT/lib.sh"
shape="python3 $TESTROOT/tools/btfshape.py"
gen="python3 $TESTROOT/layout/gen_structs.py"
seeds=${LAYOUT_SEEDS:-25}

# compare NAME SRC TARGET: one case.
compare() {
  # gcc and bpf-gcc are GCC 12 (default gnu17: _Bool is named so).
  local name=$1 src=$2 tgt=$3 gcc=gcc topt="-std=gnu17"
  if [ "$tgt" = bpf ]; then gcc=bpf-gcc; topt="--target=bpf -std=gnu17"; fi
  if ! $gcc -g -fno-eliminate-unused-debug-types -c "$src" -o "$TMPDIR/g.o" 2>/dev/null; then
    # GCC rejects the input: so must btfcc.
    if "$BTFCC" $topt -fsyntax-only "$src" 2>/dev/null; then
      fail "$name: gcc rejects it, btfcc accepts it"
    else
      pass "$name: rejected like gcc"
    fi
    return
  fi
  pahole --btf_gen_floats --btf_encode_detached="$TMPDIR/g.btf" "$TMPDIR/g.o" || { fail "$name: pahole"; return; }
  $shape "$TMPDIR/g.btf" > "$TMPDIR/g.shape" || { fail "$name: shape of gcc"; return; }
  if ! "$BTFCC" $topt -gbtf -gno-prune-btf -fno-eliminate-unused-debug-types -c "$src" -o "$TMPDIR/b.o" 2>"$TMPDIR/err"; then
    fail "$name: btfcc failed: $(head -1 "$TMPDIR/err")"; return
  fi
  $shape "$TMPDIR/b.o" > "$TMPDIR/b.shape" || { fail "$name: shape of btfcc"; return; }
  if [ ! -s "$TMPDIR/g.shape" ]; then fail "$name: no types from gcc"; return; fi
  if diff "$TMPDIR/g.shape" "$TMPDIR/b.shape" > "$TMPDIR/diff"; then
    pass "$name ($(wc -l < "$TMPDIR/g.shape") types)"
  else
    fail "$name"; head -6 "$TMPDIR/diff" | cut -c1-300
  fi
}

for tgt in x86_64 bpf; do
  compare "cases.c $tgt" "$TESTROOT/layout/cases.c" $tgt
  for s in $(seq 1 "$seeds"); do
    flag=""; [ $tgt = bpf ] && flag=--bpf
    $gen "$s" 60 $flag | { [ $tgt = bpf ] && sed 's/long double/double/g' || cat; } > "$TMPDIR/r$s.c"
    compare "random records seed $s $tgt" "$TMPDIR/r$s.c" $tgt
  done
done
