#!/usr/bin/env bash
# The diagnostics corpus (tests/diag/corpus.txt) against gcc-16: for each
# case the whole of standard error -- errors, warnings and notes with
# file, line, column and text, and GCC's "In function" / "At top level"
# lines; GCC's quotes made ASCII -- must equal gcc-16's.  A case must draw at least one
# diagnostic from gcc-16 (else the case is wrong).  Cases listed in
# corpus.xfail (the line of corpus.txt, verbatim) are known differences:
# reported XFAIL while they differ and FAIL once they match, so the list
# shrinks as btfcc learns them.
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
if [ ! -x "$G16/gcc-16" ]; then skip "diag corpus (no gcc-16: shared/tools/get-gcc16)"; exit 0; fi
cd "$TMPDIR"
n=0 same=0 known=0
while IFS= read -r src; do
  case $src in ''|'#'*) continue;; esac
  n=$((n + 1))
  printf '%s\n' "$src" > case$n.c
  "$G16/gcc-16" -std=gnu23 -fsyntax-only -fdiagnostics-plain-output case$n.c 2>&1 |
    sed "s/[‘’]/'/g" > g.txt
  "$BTFCC" -std=gnu23 -fsyntax-only -fdiagnostics-plain-output case$n.c > b.txt 2>&1
  listed=false
  grep -Fxq -- "$src" "$TESTROOT/diag/corpus.xfail" && listed=true
  if ! grep -Eq ': (error|warning): ' g.txt; then
    fail "corpus/$n (gcc-16 reports nothing: the case is wrong: $src)"
  elif cmp -s g.txt b.txt; then
    if $listed; then fail "corpus/$n (matches gcc-16 now: remove it from corpus.xfail: $src)"
    else same=$((same + 1)); pass "corpus/$n ($(grep -m1 -E ': (error|warning): ' g.txt | sed 's/^[^ ]* //'))"; fi
  elif $listed; then
    known=$((known + 1)); xfail "corpus/$n ($src)"
  else
    fail "corpus/$n ($src)"; diff g.txt b.txt | grep '^[<>]' | head -4
  fi
done < "$TESTROOT/diag/corpus.txt"
echo "diag corpus: $n cases, $same as gcc-16, $known known differences"
