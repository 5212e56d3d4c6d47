#!/usr/bin/env bash
# tests/bpf/asm_text.sh — issue 10: `btfcc -S` for BPF writes assembler
# text that GNU as (binutils 2.47, the bpf-as GCC 16's BPF port uses, with
# -mdialect=pseudoc) assembles into the very instructions and relocations
# that `btfcc -c` writes: the disassembly with relocations (llvm-objdump
# -dr) and the .BTF and .BTF.ext bytes of both objects must be equal, for
# each of tests/bpf/progs/*.c, tests/bpf/data/*.c and examples/xdp_ports.c
# (with -g); so must the sections (type, size, flags, alignment) and the
# data symbols (value, size, binding).  The addresses in
# tests/bpf/data/static_addresses.c's data stand for what they stand for
# in bpf-gcc 16's and clang-19's objects (tests/bpf/data_addresses.py).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
BTFCC=${BTFCC:-$ROOT/${BUILD:-build}/btfcc}
AS=${BPF_AS16:-$HOME/.cache/btfcc-oracles/gcc16/root/usr/bin/bpf-as}
if [ ! -x "$AS" ]; then skip "bpf/asm_text (no GNU as 2.47 for BPF: /work/shared/tools/get-gcc16 installs it)"; exit 0; fi
if ! command -v llvm-objdump-19 >/dev/null; then skip "bpf/asm_text (no llvm-objdump-19)"; exit 0; fi
bpf_setup || { skip "bpf/asm_text ($BPF_SKIP)"; exit 0; }
# -std=gnu17: the vmlinux.h declares bool, false and true (C23 keywords),
# as with GCC 16.
inc=(-std=gnu17 -I"$BPF_VMLINUX_DIR" -I"$SELFTESTS_DIR/build/include" -D__TARGET_ARCH_x86
     -idirafter /usr/include/x86_64-linux-gnu)
work=${TMPDIR:-/tmp}/bpf-asm-text.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
# sections by name (type, size, flags, alignment), data symbols, and
# every symbol that is not local (binding, visibility, defined or not)
layout() {
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '{print $1, $2, $5, $7, $NF}' | sort
  readelf -sW "$1" | awk 'NR > 3 && $4 == "OBJECT" {print $8, $2, $3, $5}' | sort
  binding "$1"
}
binding() {
  readelf -sW "$1" | awk 'NR > 3 && $5 != "LOCAL" && $8 != "" {print $8, $5, $6, ($7 == "UND" ? "UND" : "def")}' | sort
}
for src in "$ROOT"/tests/bpf/progs/*.c "$ROOT"/tests/bpf/data/*.c "$ROOT"/examples/xdp_ports.c; do
  name=$(basename "$src" .c)
  t=asm_text/$name
  "$BTFCC" --target=bpf -O2 -g "${inc[@]}" -S -o "$work/$name.s" "$src" 2>"$work/err" || { fail "$t (-S: $(head -1 "$work/err"))"; continue; }
  "$AS" -mdialect=pseudoc -o "$work/$name.as.o" "$work/$name.s" 2>"$work/err" || { fail "$t (GNU as: $(head -1 "$work/err"))"; continue; }
  "$BTFCC" --target=bpf -O2 -g "${inc[@]}" -c -o "$work/$name.o" "$src" 2>"$work/err" || { fail "$t (-c: $(head -1 "$work/err"))"; continue; }
  # the code with its relocations, and the bytes of .BTF and .BTF.ext
  { llvm-objdump-19 -dr "$work/$name.as.o" | tail -n +3
    readelf -x .BTF -x .BTF.ext "$work/$name.as.o"; layout "$work/$name.as.o"; } > "$work/a" 2>&1
  { llvm-objdump-19 -dr "$work/$name.o" | tail -n +3
    readelf -x .BTF -x .BTF.ext "$work/$name.o"; layout "$work/$name.o"; } > "$work/c" 2>&1
  if ! grep -q exit "$work/c"; then
    fail "$t (no code in the object)"
  elif cmp -s "$work/a" "$work/c"; then
    pass "$t"
  else
    fail "$t ($(diff "$work/a" "$work/c" | grep -m3 '^[<>]' | tr '\n' ' '))"
  fi
done

# The same symbols as bpf-gcc 16 writes them (its .weak and .hidden, for
# definitions and references alike).
GCC16=${BPF_GCC16:-$BPF_GCC_DEFAULT}
if [ -x "$GCC16" ]; then
  src=$ROOT/tests/bpf/data/visibility.c
  "$GCC16" -O2 -c -o "$work/vis.gcc.o" "$src" 2>"$work/err" &&
    "$BTFCC" --target=bpf -O2 -c -o "$work/vis.o" "$src" 2>>"$work/err"
  if [ -s "$work/vis.gcc.o" ] && [ -s "$work/vis.o" ]; then
    binding "$work/vis.gcc.o" > "$work/vis.gcc"; binding "$work/vis.o" > "$work/vis"
    check "asm_text/visibility: weak and hidden symbols as bpf-gcc 16's ($(grep -c . "$work/vis") symbols: $(grep -E 'WEAK|HIDDEN' "$work/vis" | awk '{print $1}' | tr '\n' ' '))" \
      cmp -s "$work/vis.gcc" "$work/vis"
  else
    fail "asm_text/visibility (does not compile: $(head -1 "$work/err"))"
  fi
else
  skip "asm_text/visibility (no bpf-gcc 16)"
fi

# What each address in initialized data stands for, as bpf-gcc 16 and
# clang-19 compile it.
src=$ROOT/tests/bpf/data/static_addresses.c
"$BTFCC" --target=bpf -O2 -c -o "$work/addr.o" "$src" 2>"$work/err" &&
  python3 "$ROOT/tests/bpf/data_addresses.py" "$work/addr.o" > "$work/addr" ||
  fail "asm_text/static_addresses (btfcc: $(head -1 "$work/err"))"
for cc in "$GCC16" clang-19; do
  if ! command -v "$cc" >/dev/null; then skip "asm_text/static_addresses against $cc (not installed)"; continue; fi
  tflag=(); [ "$cc" = clang-19 ] && tflag=(--target=bpf)
  if [ -s "$work/addr" ] && "$cc" "${tflag[@]}" -O2 -c -w -o "$work/addr.cc.o" "$src" 2>"$work/err" &&
     python3 "$ROOT/tests/bpf/data_addresses.py" "$work/addr.cc.o" > "$work/addr.cc"; then
    check "asm_text/static_addresses: $(grep -o -- '->' "$work/addr" | wc -l) addresses as $(basename "$cc")'s" \
      cmp -s "$work/addr.cc" "$work/addr"
    [ "$(grep -c -- '->' "$work/addr")" -ge 10 ] || fail "asm_text/static_addresses (fewer addresses than written)"
  else
    fail "asm_text/static_addresses against $cc ($(head -1 "$work/err"))"
  fi
done
