#!/usr/bin/env bash
# Tricky macro cases (tests/cpp/macros/*.c: the C17 6.10.3.5 examples,
# __VA_OPT__, GNU comma pasting, stringizing, recursion and painted names,
# function-like names without '(', #if arithmetic, directives): the output
# of `btfcc -E` must be what `gcc -E -P` prints, compared after
# normalising white space (line markers dropped, blank runs made one
# space).  Neither compiler may report anything for these inputs.
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

have gcc || { skip "cpp macros (no gcc)"; exit 0; }
cd "$TESTROOT/cpp/macros"
for f in *.c; do
  name=${f%.c}
  if ! gcc -E -P "$f" > "$TMPDIR/$name.gcc" 2>"$TMPDIR/$name.gcc-err" || [ -s "$TMPDIR/$name.gcc-err" ] ||
     [ ! -s "$TMPDIR/$name.gcc" ]; then
    fail "macros $name (gcc -E -P reports something or prints nothing)"; head -3 "$TMPDIR/$name.gcc-err"; continue
  fi
  "$BTFCC" -E -P "$f" > "$TMPDIR/$name.out" 2>"$TMPDIR/$name.err"
  rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$TMPDIR/$name.err" ] &&
     [ "$(normalize < "$TMPDIR/$name.out")" = "$(normalize < "$TMPDIR/$name.gcc")" ]; then
    pass "macros $name"
  else
    fail "macros $name"
    cat "$TMPDIR/$name.err" | head -5
    diff "$TMPDIR/$name.gcc" "$TMPDIR/$name.out" | head -20
  fi
done

# -dM spells definitions as gcc -dM does.
cat > "$TMPDIR/defs.c" <<'EOT'
#define A 1
#define B(x,y) x ## y   +  #x
#define C(...) f(__VA_ARGS__)
#define D(a, args...) g(a, ## args)
#define E
#define F() ( )
#define G(x) # x x##x x ## x
#define H(x, ...) __VA_OPT__(x ## x)
#define I "str"	'c'   /* comment */   tail
#undef A
#define A 2
EOT
# Only the file's own macros are compared (each compiler's listing less
# what it prints for an empty file): predef.sh compares the predefined
# ones, with GCC 16.
: > "$TMPDIR/empty.c"
own_macros() {
  LC_ALL=C comm -13 <("$@" -dM -E "$TMPDIR/empty.c" | LC_ALL=C sort) \
                    <("$@" -dM -E "$TMPDIR/defs.c" | LC_ALL=C sort)
}
own_macros gcc > "$TMPDIR/defs.gcc"
own_macros "$BTFCC" > "$TMPDIR/defs.out"
if [ -s "$TMPDIR/defs.gcc" ] && cmp -s "$TMPDIR/defs.gcc" "$TMPDIR/defs.out"; then
  pass "macros -dM spelling"
else
  fail "macros -dM spelling"
fi
