#!/usr/bin/env bash
# The running kernel accepts the BTF of every C input in the test tree,
# compiled for x86-64 and BPF, pruned and not (DATASEC sizes and offsets
# completed, extern FUNC linkage made global, as libbpf does before
# loading).  Listed exception: objects whose only violations are extern
# variable declarations (VAR linkage 2, which GCC 16 emits the same way and
# the kernel rejects as "Linkage not supported") are checked with
# `btftool check` instead.  Without bpf(BPF_BTF_LOAD) every case is a SKIP.
source "$TESTROOT/lib.sh"
root=$TESTROOT/..
if ! can_load_btf; then
  skip "kernel load (bpf(BPF_BTF_LOAD) unavailable here)"; exit 0
fi
for src in "$root"/examples/*.c "$TESTROOT"/asm/*.c "$TESTROOT"/layout/cases.c \
           "$TESTROOT"/headers/*.c "$TESTROOT"/btf/*.c; do
  [ -f "$src" ] || continue
  for opts in "" "-gno-prune-btf -fno-eliminate-unused-debug-types" "--target=bpf" \
              "--target=bpf -gno-prune-btf -fno-eliminate-unused-debug-types"; do
    name="$(basename "$src") ${opts:-(default)}"
    o=$TMPDIR/o.o
    if ! "$BTFCC" -gbtf $opts -c "$src" -o "$o" 2>"$TMPDIR/err"; then
      fail "$name: compile"; head -3 "$TMPDIR/err"; continue
    fi
    if [ -z "$(bpftool btf dump file "$o")" ]; then
      pass "$name: no types (nothing to load)"; continue
    fi
    if "$BTFTOOL" load "$o" > "$TMPDIR/log" 2>&1; then
      pass "$name: kernel accepts"
      continue
    fi
    "$BTFTOOL" check "$o" > "$TMPDIR/check"
    if [ -s "$TMPDIR/check" ] && ! grep -q -v -E '^\[[0-9]+\] VAR .* linkage=2 Linkage not supported$' "$TMPDIR/check"; then
      pass "$name: only extern VARs break kernel rules (listed exception)"
    else
      fail "$name: kernel rejects"; tail -3 "$TMPDIR/log"; head -3 "$TMPDIR/check"
    fi
  done
done
