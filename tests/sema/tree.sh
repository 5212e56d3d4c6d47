#!/usr/bin/env bash
# The typed tree (src/sema/tree.h) as -fdump-tree prints it, against
# expectations derived by hand from C17's conversion rules and checked
# against GCC 16's -fdump-tree-original (the conversions, not the
# syntax: GCC also folds and narrows arithmetic, which the tree does not).
# Each tests/sema/cases/NAME.c has its expected dump in NAME.tree.
# A second part checks that the dump can fail: a case with a wrong
# expectation must be reported as different.
. "$TESTROOT/lib.sh"
cd "$TESTROOT/sema/cases" || exit 1
for c in *.c; do
  n=${c%.c}
  if ! "$BTFCC" -fsyntax-only -fdump-tree="$TMPDIR/$n.tree" "$c" 2>"$TMPDIR/$n.err"; then
    fail "tree/$n (btfcc failed: $(head -1 "$TMPDIR/$n.err"))"
    continue
  fi
  if diff -u "$n.tree" "$TMPDIR/$n.tree" >"$TMPDIR/$n.diff"; then
    pass "tree/$n"
  else
    fail "tree/$n"
    head -30 "$TMPDIR/$n.diff"
  fi
done
# The comparison is not vacuous: a changed conversion shows.
sed 's/cast:int <int> (cast:load <signed char>/cast:nop <int> (cast:load <signed char>/' conv.tree >"$TMPDIR/wrong.tree"
if cmp -s conv.tree "$TMPDIR/wrong.tree"; then
  fail "tree/can-fail (the mutation did not apply)"
elif "$BTFCC" -fsyntax-only -fdump-tree="$TMPDIR/conv2.tree" conv.c &&
     ! cmp -s "$TMPDIR/wrong.tree" "$TMPDIR/conv2.tree"; then
  pass "tree/can-fail"
else
  fail "tree/can-fail"
fi
# No dump is written for input with errors, and the exit is non-zero.
printf 'int f(void) { return x; }\n' >"$TMPDIR/bad.c"
if "$BTFCC" -fsyntax-only -fdump-tree="$TMPDIR/bad.tree" "$TMPDIR/bad.c" 2>/dev/null; then
  fail "tree/error-exit"
else
  pass "tree/error-exit"
fi
# Headers without function bodies build no tree: the dump is empty.
printf 'struct s { int a; };\nextern int v;\nint f(int);\n' >"$TMPDIR/decls.c"
"$BTFCC" -fsyntax-only -fdump-tree="$TMPDIR/decls.tree" "$TMPDIR/decls.c" &&
  check "tree/declarations-only" test ! -s "$TMPDIR/decls.tree"
