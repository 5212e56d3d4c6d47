#!/usr/bin/env bash
# tests/bpf/errors.sh — issue 10: what BPF cannot do is a compile-time
# error at the place and in the words bpf-gcc 16 uses (file:line:col:
# error: message), never a crash nor an object the kernel would refuse.
# Each case is compiled by both compilers; both must fail, and btfcc's
# first error line must equal bpf-gcc 16's.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
BTFCC=${BTFCC:-$ROOT/${BUILD:-build}/btfcc}
GCC=${BPF_GCC16:-$HOME/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16}
[ -x "$GCC" ] || { skip "bpf/errors (no bpf-gcc 16: /work/shared/tools/get-gcc16)"; exit 0; }
work=${TMPDIR:-/tmp}/bpf-errors.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
cd "$work"
n=0
while IFS= read -r src; do
  [ -z "$src" ] && continue
  n=$((n + 1))
  printf '%s\n' "$src" > case$n.c
  "$GCC" -O2 -c case$n.c -o g.o 2> g.err; grc=$?
  "$BTFCC" --target=bpf -O2 -c case$n.c -o b.o 2> b.err; brc=$?
  want=$(grep -m1 ': error: ' g.err | sed 's/‘/'"'"'/g; s/’/'"'"'/g')
  got=$(grep -m1 ': error: ' b.err)
  if [ $grc -eq 0 ]; then
    fail "errors/$n (bpf-gcc 16 accepts it: the case is wrong)"
  elif [ $brc -eq 0 ] || [ $brc -gt 1 ]; then
    fail "errors/$n (btfcc exit $brc: $src)"
  elif [ "$want" = "$got" ]; then
    pass "errors/$n ($want)"
  else
    fail "errors/$n (bpf-gcc 16: '$want'; btfcc: '$got')"
  fi
done <<'CASES'
int f(int a, int b, int c, int d, int e, int g); int h(void) { return f(1, 2, 3, 4, 5, 6); }
int f(int a, int b, int c, int d, int e, int g) { return a + g; }
int h(void) { return undeclared_function(1); }
int h(int x) { return x +; }
CASES

# An error the assembler finds in inline assembly, after the C compiled,
# fails the compilation as GNU as fails bpf-gcc 16's: exit 1, no object.
printf 'int f(int x) { asm volatile("r0 = frobnicate r1"); return x; }\n' > asm.c
"$GCC" -O2 -c asm.c -o g.o 2>/dev/null; grc=$?
rm -f b.o; "$BTFCC" --target=bpf -O2 -c asm.c -o b.o 2>b.err; brc=$?
if [ $grc -ne 0 ] && [ $brc -eq 1 ] && [ ! -e b.o ] && grep -q ': error: in inline assembly' b.err; then
  pass "errors/inline assembly: exit 1, no object ($(grep -m1 -o 'error: .*' b.err))"
else
  fail "errors/inline assembly (bpf-gcc 16 exit $grc; btfcc exit $brc, object $( [ -e b.o ] && echo written || echo none))"
fi
