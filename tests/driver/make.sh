#!/usr/bin/env bash
# A make build with btfcc -MMD -MP, as build systems write it: after the
# first build, nothing is rebuilt; touching a header rebuilds exactly the
# objects whose sources include it (directly or through another header);
# touching a system header rebuilds nothing (-MMD leaves them out);
# removing a header that no source includes any more does not break the
# build (-MP's empty rules); a header in a subdirectory named with -I
# counts too.
source "$TESTROOT/lib.sh"
if ! command -v make >/dev/null; then skip "make (not installed)"; exit 0; fi
cd "$TMPDIR"
mkdir -p inc obj
echo '#define A 1' > a.h
printf '#include "a.h"\n#define B (A + 1)\n' > b.h
echo '#define C 3' > inc/c.h
echo '#define OLD 1' > old.h
printf '#include "a.h"\n#include <stddef.h>\nint one[A];\n' > one.c
printf '#include "b.h"\n#include "old.h"\nint two[B];\n' > two.c
printf '#include <c.h>\nint three[C];\n' > three.c
printf 'int four;\n' > four.c
cat > Makefile <<EOF
CC = $BTFCC
CFLAGS = -gbtf -MMD -MP -Iinc
OBJS = obj/one.o obj/two.o obj/three.o obj/four.o
all: \$(OBJS)
obj/%.o: %.c
	\$(CC) \$(CFLAGS) -c \$< -o \$@
-include \$(OBJS:.o=.d)
EOF

# built ARGS...: the objects make rebuilds, sorted, on one line.
built() {
  make "$@" 2>&1 | grep -o 'obj/[a-z]*\.o$' | LC_ALL=C sort | tr '\n' ' '
}
expect() { # NAME WANT GOT
  [ "$2" = "$3" ] && pass "make: $1" || fail "make: $1 (want '$2', got '$3')"
}
expect "first build compiles all" "obj/four.o obj/one.o obj/three.o obj/two.o " "$(built)"
[ -f obj/one.d ] && [ -f obj/two.d ] && pass "make: -MMD wrote obj/*.d" || fail "make: no .d files"
expect "nothing to rebuild" "" "$(built)"
sleep 1
touch a.h
expect "a.h: one.c and two.c (through b.h)" "obj/one.o obj/two.o " "$(built)"
touch b.h
expect "b.h: two.c only" "obj/two.o " "$(built)"
touch inc/c.h
expect "inc/c.h (-I): three.c only" "obj/three.o " "$(built)"
expect "nothing to rebuild after that" "" "$(built)"
# A system header is not in -MMD's lists: pretending it changed rebuilds
# nothing.
stddef=$("$BTFCC" -print-file-name=include)/stddef.h
expect "a system header (-MMD leaves it out)" "" "$(built -W "$stddef")"
# two.c stops including old.h, which goes: -MP's rule for it keeps make
# from failing on the stale obj/two.d.
printf '#include "b.h"\nint two[B];\n' > two.c
rm old.h
expect "a removed header (-MP)" "obj/two.o " "$(built)"
make >/dev/null 2>&1 && pass "make: the build still succeeds" || fail "make: the build fails"
