#!/usr/bin/env bash
# tests/bpf/pragmas.sh — issue 10: loop pragmas decide what btfcc unrolls
# as the compiler that defines each form does.  One function per form, the
# same 8-trip loop in each; a function's code keeps the loop when it has a
# backward jump.  btfcc must agree with clang-19 on every form (clang reads
# GCC's `GCC unroll N` too) and with bpf-gcc 16 on GCC's own.  Partial
# unrolling (a count below the trips) keeps a loop in all three.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
BTFCC=${BTFCC:-$ROOT/${BUILD:-build}/btfcc}
GCC16=${BPF_GCC16:-$HOME/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16}
for tool in clang-19 llvm-objdump-19; do
  command -v $tool >/dev/null || { skip "bpf/pragmas (no $tool)"; exit 0; }
done
[ -x "$GCC16" ] || { skip "bpf/pragmas (no bpf-gcc-16: shared/tools/get-gcc16)"; exit 0; }
work=${TMPDIR:-/tmp}/bpf-pragmas.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
# name, pragma, whether bpf-gcc reads it
forms=(
  "gcc_unroll_1|GCC unroll 1|gcc" "gcc_unroll_2|GCC unroll 2|gcc" "gcc_unroll_8|GCC unroll 8|gcc"
  "nounroll|nounroll|" "clang_disable|clang loop unroll(disable)|"
  "clang_count_2|clang loop unroll_count(2)|" "clang_count_8|clang loop unroll_count(8)|"
  "unroll|unroll|" "unroll_8|unroll 8|" "unroll_paren_8|unroll(8)|" "unroll_4|unroll 4|"
  "clang_full|clang loop unroll(full)|" "clang_enable|clang loop unroll(enable)|"
)
{
  echo 'unsigned long long a[16];'
  for f in "${forms[@]}"; do
    IFS='|' read -r name pragma _ <<<"$f"
    printf 'unsigned long long %s(void) {\n  unsigned long long s = 0;\n#pragma %s\n  for (int i = 0; i < 8; i++)\n    s = s * 3 + a[i];\n  return s;\n}\n' "$name" "$pragma"
  done
} > "$work/p.c"
"$BTFCC" --target=bpf -O2 -c "$work/p.c" -o "$work/b.o" 2>"$work/err" || { fail "bpf/pragmas (btfcc: $(head -1 "$work/err"))"; exit 0; }
clang-19 --target=bpf -O2 -c "$work/p.c" -o "$work/c.o" 2>"$work/err" || { fail "bpf/pragmas (clang-19: $(head -1 "$work/err"))"; exit 0; }
"$GCC16" -O2 -c "$work/p.c" -o "$work/g.o" 2>"$work/err" || { fail "bpf/pragmas (bpf-gcc-16: $(head -1 "$work/err"))"; exit 0; }
# loop or unrolled: whether function NAME of OBJ jumps backward
shape() {
  llvm-objdump-19 -d "$1" | awk -v f="<$2>:" '
    $2 == f { on = 1; seen = 1; next } /^$/ { on = 0 }
    on && /goto -/ { k = 1 }
    END { print !seen ? "missing" : k ? "loop" : "unrolled" }'
}
loops=0 unrolled=0
for f in "${forms[@]}"; do
  IFS='|' read -r name pragma gcc <<<"$f"
  b=$(shape "$work/b.o" "$name") c=$(shape "$work/c.o" "$name")
  want="clang-19: $c"
  ok=1; [ "$b" = "$c" ] || ok=0
  if [ -n "$gcc" ]; then
    g=$(shape "$work/g.o" "$name")
    want="$want, bpf-gcc-16: $g"
    [ "$b" = "$g" ] || ok=0
  fi
  [ "$b" = loop ] && loops=$((loops + 1)); [ "$b" = unrolled ] && unrolled=$((unrolled + 1))
  if [ $ok = 1 ]; then pass "bpf/pragmas/$name (#pragma $pragma: $b)"
  else fail "bpf/pragmas/$name (#pragma $pragma: btfcc $b; $want)"; fi
done
# both shapes must occur, or the check above proves nothing
if [ $loops -gt 0 ] && [ $unrolled -gt 0 ]; then pass "bpf/pragmas ($loops kept as loops, $unrolled unrolled)"
else fail "bpf/pragmas (all one shape: $loops loops, $unrolled unrolled)"; fi
