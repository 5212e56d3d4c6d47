#!/usr/bin/env bash
# Constants that BPF headers assert on (tests/sema/fold.c): every
# _Static_assert there holds for gcc-16 and bpf-gcc-16 (checked first: an
# assertion the oracle does not accept is a wrong test), and must hold for
# btfcc on both targets.  Then clang's answer where GCC refuses to fold:
# __builtin_constant_p(!!weak_symbol) is 0 (its address may be null), the
# form libbpf's bpf_ksym_exists uses under clang; GCC 16 reports "expression
# in static assertion is not constant" there, and btfcc takes clang's side
# rather than reject the header.
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
src=$TESTROOT/sema/fold.c
for oracle in gcc-16 bpf-gcc-16; do
  if [ ! -x "$G16/$oracle" ]; then
    skip "fold: $oracle (shared/tools/get-gcc16)"
  elif "$G16/$oracle" -fsyntax-only "$src" 2>"$TMPDIR/o.err"; then
    pass "fold: $oracle accepts every assertion"
  else
    fail "fold: $oracle rejects the test"; head -3 "$TMPDIR/o.err"
  fi
done
for t in x86_64 bpf; do
  args=(); [ $t = bpf ] && args=(--target=bpf)
  if "$BTFCC" "${args[@]}" -fsyntax-only "$src" 2>"$TMPDIR/b.err"; then
    pass "fold: btfcc ($t) folds as GCC 16"
  else
    fail "fold: btfcc ($t)"; head -3 "$TMPDIR/b.err"
  fi
done
cat > "$TMPDIR/weak.c" <<'EOT'
extern int weak_fn(void) __attribute__((weak));
extern int strong_fn(void);
_Static_assert(!__builtin_constant_p(!!weak_fn), "a weak address is not known");
_Static_assert(__builtin_constant_p(!!strong_fn), "a strong one is not null");
EOT
if clang-19 --target=bpf -fsyntax-only "$TMPDIR/weak.c" 2>/dev/null &&
   "$BTFCC" --target=bpf -fsyntax-only "$TMPDIR/weak.c" 2>"$TMPDIR/w.err"; then
  pass "fold: a weak symbol's address is not a constant (clang's answer)"
else
  fail "fold: weak symbol addresses"; head -3 "$TMPDIR/w.err"
fi
