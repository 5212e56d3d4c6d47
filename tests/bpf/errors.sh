#!/usr/bin/env bash
# tests/bpf/errors.sh — issue 10: what BPF cannot do is a compile-time
# error at the place and in the words bpf-gcc 16 uses (file:line:col:
# error: message, or GCC's "sorry, unimplemented:"), never a crash nor
# an object the kernel would refuse.
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
  want=$(grep -m1 -E ': (error|sorry, unimplemented): ' g.err | sed 's/‘/'"'"'/g; s/’/'"'"'/g')
  got=$(grep -m1 -E ': (error|sorry, unimplemented): ' b.err)
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
int x __attribute__((section(".bss.x"))) = 5;
void f(char *d, char *s, int n) { __builtin_memcpy(d, s, n); }
void f(char *d, int n) { __builtin_memset(d, 0, n); }
void f(char *d, char *s, int n) { __builtin_memmove(d, s, n); }
static inline __attribute__((always_inline)) void z(char *d, int n) { __builtin_memset(d, 0, n); } void f(char *d, int n) { z(d, n); }
int a; unsigned _BitInt(7) x;
CASES

# CO-RE (issue 11): -mco-re/-mno-co-re and bpf-gcc 16's defaults.  CO-RE is
# on exactly when BTF is written (-g or -gbtf on BPF) unless -mno-co-re;
# -mco-re without BTF is refused before anything is compiled (bpf-gcc's
# "cc1: error:" is btfcc's "btfcc: error:"); with CO-RE off every CO-RE
# builtin is an error.  Each case: FLAGS|SOURCE.  For the builtins only
# file, line and message are compared: bpf-gcc 16 puts the column on a
# type name inside the argument or on the function's name, not on the
# call.
i=0
while IFS='|' read -r flags src; do
  [ -z "$src" ] && continue
  i=$((i + 1))
  printf '%s\n' "$src" > core$i.c
  read -r -a fl <<<"$flags"
  "$GCC" -O2 "${fl[@]}" -c core$i.c -o g.o 2> g.err; grc=$?
  "$BTFCC" --target=bpf -O2 "${fl[@]}" -c core$i.c -o b.o 2> b.err; brc=$?
  norm() { grep -m1 ': error: ' | sed "s/‘/'/g; s/’/'/g; s/^cc1:/btfcc:/" |
           sed -E 's/^([^:]+:[0-9]+):[0-9]+: /\1: /'; }
  want=$(norm < g.err); got=$(norm < b.err)
  if [ $grc -eq 0 ]; then
    fail "errors/core$i (bpf-gcc 16 accepts $flags: the case is wrong)"
  elif [ $brc -ne 1 ]; then
    fail "errors/core$i (btfcc exit $brc with $flags: $src)"
  elif [ "$want" = "$got" ]; then
    pass "errors/core$i ($flags: $want)"
  else
    fail "errors/core$i ($flags: bpf-gcc 16: '$want'; btfcc: '$got')"
  fi
done <<'CASES'
-mco-re|int x;
-mco-re -gdwarf|int x;
-mco-re -gctf|int x;
-mno-co-re -mco-re|int x;
-gbtf -mno-co-re -mco-re -g0|int x;
-mno-co-re -gbtf|struct s { int a; }; unsigned long f(struct s *p) { return __builtin_preserve_field_info(p->a, 0); }
-mno-co-re -g|struct s { int a; }; int f(struct s *p) { return __builtin_preserve_access_index(p->a); }
-gdwarf|struct s { int a; }; unsigned long f(void) { return __builtin_preserve_type_info(*(struct s *)0, 1); }
-O2|enum e { A, B }; unsigned long f(void) { return __builtin_preserve_enum_value(*(enum e *)B, 1); }
-mno-co-re -gbtf|struct s { int a; }; unsigned long f(struct s *p) { return __builtin_btf_type_id(*p, 1); }
CASES

# With CO-RE off, a preserve_access_index record is read without
# relocations, and with it on (the default with BTF) with them, as bpf-gcc
# 16 writes them (the count of bpfcr_kind records in -S -dA).
src='struct s { int a; int b; } __attribute__((preserve_access_index)); int f(struct s *p) { return p->b; }'
printf '%s\n' "$src" > pai.c
for flags in "-gbtf" "-g" "-gbtf -mno-co-re" "-mco-re -gbtf"; do
  read -r -a fl <<<"$flags"
  g=$("$GCC" -O2 "${fl[@]}" -S -dA pai.c -o - 2>/dev/null | grep -c bpfcr_kind)
  b=$("$BTFCC" --target=bpf -O2 "${fl[@]}" -S -dA pai.c -o - 2>/dev/null | grep -c bpfcr_kind)
  if [ "$g" = "$b" ]; then
    pass "errors/core-pai ($flags: $g relocations, as bpf-gcc 16)"
  else
    fail "errors/core-pai ($flags: bpf-gcc 16 $g relocations, btfcc $b)"
  fi
done

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
