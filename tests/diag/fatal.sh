#!/usr/bin/env bash
# Fatal errors as gcc-16 gives them: a header or #embed file that is not
# found ends the compilation ("fatal error" at the file's name, then
# "compilation terminated.", and nothing after it: no error for the text
# the missing file would have preceded), while an <...> name with no
# directory to search (-nostdinc, no -I) is an ordinary error at the end
# of the directive's line and the compilation goes on.  For each case the
# whole of stderr (plain output, GCC's quotes made ASCII) and the exit
# status must be gcc-16's, and no object may be written.
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
if [ ! -x "$G16/gcc-16" ]; then skip "diag fatal (no gcc-16: shared/tools/get-gcc16)"; exit 0; fi
cd "$TMPDIR"
mkdir -p fatal && cd fatal

# same_as_gcc NAME ARGS...: compile with both; compare stderr and status.
same_as_gcc() {
  local name=$1; shift
  rm -f g.o b.o
  "$G16/gcc-16" -std=gnu23 -fdiagnostics-plain-output "$@" -c -o g.o 2>&1 |
    sed "s/[‘’]/'/g" > g.txt
  local grc=${PIPESTATUS[0]}
  "$BTFCC" -std=gnu23 -fdiagnostics-plain-output "$@" -c -o b.o 2> b.txt
  local brc=$?
  if [ ! -s g.txt ]; then
    fail "fatal/$name (gcc-16 says nothing: the case is wrong)"
  elif [ $grc != $brc ]; then
    fail "fatal/$name (exit $brc, gcc-16 $grc)"; cat b.txt | head -5
  elif [ -e b.o ] && [ $brc != 0 ]; then
    fail "fatal/$name (an object written despite the error)"
  elif cmp -s g.txt b.txt; then
    pass "fatal/$name ($(head -1 g.txt | cut -d' ' -f2-))"
  else
    fail "fatal/$name"; diff g.txt b.txt | head -8
  fi
}

printf '#include "btfcc_no_such.h"\nint x = ;\nint y = ;\n' > quoted.c
same_as_gcc "quoted header, errors after it not reported" quoted.c
printf 'int a;\n#include <btfcc/no_such.h>\nstruct { int x } s;\n' > angled.c
same_as_gcc "angled header" angled.c
printf '#include "inner.h"\nint z;\n' > outer.c
printf 'int w;\n#include "btfcc_no_such.h"\n' > inner.h
same_as_gcc "in an included header (the include chain)" outer.c
same_as_gcc "in an included header, plain output" -fdiagnostics-plain-output outer.c
printf 'const char d[] = {\n#embed "btfcc_no_such.bin"\n};\nint x = ;\n' > embed.c
same_as_gcc "#embed file" embed.c
printf 'int a;\n' > plain.c
same_as_gcc "-include file" -include btfcc_no_such.h plain.c
printf '#include <btfcc_no_such.h>  \nint x = ;\n' > nopath.c
same_as_gcc "no include path: an error, then the rest" -nostdinc nopath.c
same_as_gcc "an include path: fatal" -nostdinc -I. nopath.c

# Without plain output: the caret line under the name, and still nothing
# after "compilation terminated.".
"$BTFCC" -c quoted.c -o b.o 2> b.txt
if [ "$(tail -1 b.txt)" = "compilation terminated." ] && [ "$(grep -c 'error' b.txt)" = 1 ] &&
   grep -q '^quoted.c:1:10: fatal error: btfcc_no_such.h: No such file or directory$' b.txt; then
  pass "fatal/with source lines: one fatal error, at the name, then compilation terminated."
else
  fail "fatal/with source lines"; cat b.txt
fi

# -E: the text before the directive, then the end (as gcc-16).
printf 'int a;\n#include "btfcc_no_such.h"\nint b;\n' > e.c
"$G16/gcc-16" -E e.c 2>/dev/null | grep -v '^#' > g.i
"$BTFCC" -E e.c 2>/dev/null | grep -v '^#' > b.i
rc=${PIPESTATUS[0]}
if [ $rc = 1 ] && cmp -s g.i b.i && grep -q 'int a;' b.i && ! grep -q 'int b;' b.i; then
  pass "fatal/-E stops at the directive"
else
  fail "fatal/-E (exit $rc)"; diff g.i b.i | head -5
fi
