#!/usr/bin/env bash
# Dependency output as build systems use it: for each command line below,
# btfcc and gcc-16 run in fresh copies of one small tree, and what they
# leave -- every .d file (and the -MF files), the files made, standard
# output of -M/-MM, the exit status -- must be byte for byte the same.
# The cases cover -M, -MM, -MD, -MMD, -MF, -MT, -MQ (Make quoting of $,
# # and blanks, backslashes before blanks), -MP, -MG, with -E/-c/-S/-o,
# default targets and file names (from -o or the input), GCC's wrapping
# at column 72, system headers left out by -MM/-MMD, -include files,
# #pragma once, -Wp,-MD,FILE and -Wp,-MMD,FILE, standard input, GCC's
# errors for -MF/-MT/-MP/-MG without -M/-MM, -MG with -MD, no .d after
# a fatal error (a missing header) and a .d despite a syntax error, and
# GCC's environment variables DEPENDENCIES_OUTPUT and SUNPRO_DEPENDENCIES
# (appending, a target after a space, -MF overriding, no main file).
#
# One normalisation, for the files the compiler itself supplies: in -M
# and -MD output the compiler's own include directory (gcc-16's
# .../gcc/x86_64-linux-gnu/16/include, btfcc's host GCC's) is replaced by
# GCCLIB, and the lines of such a rule are joined (its wrapping depends
# on that directory's length).  Rules without those headers are compared
# as written, wrapping included.  Diagnostics (stderr) are not compared:
# tests/diag compares them.
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16
if [ ! -x "$GCC" ]; then skip "driver deps (no gcc-16: shared/tools/get-gcc16)"; exit 0; fi
cd "$TMPDIR"

# The tree: headers whose names need Make quoting, a generated (missing)
# header, a once-only header, a header from a subdirectory, errors.
mkdir -p src/sub src/dir2
cd src
printf '#include "a b.h"\n#include "h$x.h"\n#include "h#1.h"\nint x;\n' > t.c
touch 'a b.h' 'h$x.h' 'h#1.h'
printf '#include <stdio.h>\n#include "a b.h"\nint s;\n' > s.c
printf '#include "gen.h"\n#include <missing.h>\n#include "a b.h"\nint z;\n' > g.c
printf '#include "once.h"\nint a = ;\n#include "inc1.h"\n' > err.c
printf '#include "once.h"\n#error boo\nint a;\n' > e.c
printf '#pragma once\nint q;\n' > once.h
echo 'int inc1;' > inc1.h
printf '#include "inc1.h"\n' > dir2/n.h
echo 'int w;' > dir2/inc1.h
printf '#include "dir2/n.h"\n#include "once.h"\n#include "./once.h"\n#include "inc1.h"\n' > j.c
printf 'int y;\n' > sub/y.c
printf 'int b[] = {\n#embed "data.bin"\n};\n#include "a b.h"\n#if __has_embed("dir2/d2.bin")\n#embed "data.bin" limit(1)\n#embed "dir2/d2.bin"\n#endif\n;\n' > em.c
printf 'xyz' > data.bin; printf 'q' > dir2/d2.bin
long=$(printf 'h%.0s' $(seq 1 60))
touch "$long.h" "x$long.h"
printf '#include "%s.h"\n#include "x%s.h"\n#include "a b.h"\n' "$long" "$long" > l.c
cd ..

gcclib=$(readlink -f "$("$GCC" -print-file-name=include)")
ourlib=$(readlink -f "$("$BTFCC" -print-file-name=include)")

# run CC ARGS...: compile in a fresh copy of src/ under w/; print what
# the compilation left.
run() {
  local cc=$1; shift
  rm -rf w && cp -r src w && mkdir -p w/out
  (
    cd w || exit 1
    find . -type f | LC_ALL=C sort > ../before
    env "${ENV[@]}" "$cc" -std=gnu17 "$@" < t.c > ../stdout 2>../stderr
    echo "exit $?"
    echo "[stdout]"; cat ../stdout
    # the files made: their names; the contents of all but the objects,
    # assembler and preprocessed text (compared by other tests)
    find . -type f | LC_ALL=C sort | comm -13 ../before - | while read -r f; do
      echo "[$f]"
      case $f in *.o|*.s|*.i|*/foo) ;; *) cat "$f" ;; esac
    done
  ) | normalise
}
normalise() {
  # A rule that names the compiler's own headers: GCCLIB for the
  # directory, its lines joined.
  sed -e "s|$gcclib|GCCLIB|g" -e "s|$ourlib|GCCLIB|g" |
    awk '/GCCLIB/ || joined { joined = 1 }
         { line = line $0 }
         /\\$/ && joined { sub(/ \\$/, "", line); next }
         { print line; line = ""; joined = 0 }'
}

# case ARGS...: the same for both compilers (in the environment ENV).
ENV=()
case_() {
  local name="${ENV[*]} $*"
  run "$GCC" "$@" > want
  run "$BTFCC" "$@" > got
  if cmp -s want got; then
    pass "deps: $name"
  else
    fail "deps: $name"
    diff want got | head -10
  fi
}

# -M, -MM: the rule on standard output, or -o, or -MF; -c changes nothing.
case_ -M t.c
case_ -M s.c
case_ -MM s.c
case_ -MM t.c
case_ -MM -MP t.c
case_ -MM -o o.d t.c
case_ -MM -MF mf.d -o y t.c
case_ -MM -MF - t.c
case_ -MM -c t.c
case_ -M -E s.c
case_ -MM l.c
# #embed: each file it reads, once
case_ -M em.c
case_ -MM -MP em.c
case_ -MM -MP l.c
# Targets: -MT as written, -MQ Make-quoted, -MT before -MQ whatever the
# order, an empty target, a long target that wraps.
case_ -MM -MT 't $x z' -MQ 'q $x y' t.c
case_ -MM -MQ 'a#b\ c\\ d%' t.c
case_ -MM -MT a -MQ b -MT c t.c
case_ -MM -MQ a -MQ b -MT c t.c
case_ -MM -MT '' t.c
case_ -MM -MT "$long$long" t.c
# -MG: missing headers listed as written (-MM: only "..." ones); without
# it, a missing "..." header is fatal, a missing <...> one is left out.
case_ -M -MG g.c
case_ -MM -MG g.c
case_ -MM -MP -MG g.c
case_ -MM g.c
printf '#include <missing.h>\nint a;\n' > src/m.c
case_ -MM m.c
# -include files, several paths to one file, #pragma once, "./".
case_ -MM -include inc1.h -include dir2/n.h j.c
case_ -MM -I. j.c
case_ -MM -I./ -Idir2 j.c
# Standard input: target "-", no main file.
case_ -MM -x c -
# -MD, -MMD: FILE.d after -o or the input; the target after -o (not
# with -E); -MF, -MT override; the last -MF wins.
case_ -MD -c t.c
case_ -MD -c s.c
case_ -MMD -c s.c
case_ -MMD -c t.c -o out/foo.o
case_ -MMD -c sub/y.c
case_ -MMD -E t.c -o out/t.i
case_ -MMD -E -P t.c
case_ -MMD -S t.c -o out/t.s
case_ -MMD -S t.c
case_ -MMD -c t.c -o out/foo
case_ -MMD -MF dd -c t.c -o out/foo.o
case_ -MMD -MT tt -c t.c
case_ -MMD -MQ 'q $x' -c t.c -o out/foo.o
case_ -MMD -MF d1 -MF d2 -c t.c
case_ -MMD -MP -c t.c
case_ -MD -MF - -c t.c -o /dev/null
case_ -MMD -c t.c sub/y.c
# cc1's form through -Wp: the file given, the target from the input.
case_ -Wp,-MMD,wp.d -c t.c -o out/w.o
case_ -Wp,-MD,w2.d,-DFOO -c s.c
case_ -Wp,-MMD,out/.t.o.d -c t.c -o out/t.o
# Errors: a fatal error writes no .d; other errors do not stop it; -MG
# only with -M/-MM; -MF/-MT/-MQ/-MP/-MG need -M/-MM/-MD/-MMD.
case_ -MD -c g.c
case_ -MD -c err.c
case_ -MMD -c e.c
case_ -MM e.c
case_ -MMD -MG -c g.c
case_ -MF x.d -c t.c
case_ -MT x -c t.c
case_ -MP -c t.c
case_ -MG -c t.c
# The environment: DEPENDENCIES_OUTPUT (as -MM -MF, appended, a target
# after the space) and SUNPRO_DEPENDENCIES (as -M, no main file), only
# without dependency options; -MF overrides the file.
ENV=(DEPENDENCIES_OUTPUT=env.d)
case_ -c t.c
case_ -c t.c sub/y.c
case_ -MP -c t.c -o out/t.o
case_ -MF q.d -c t.c
case_ -MMD -c t.c
ENV=("DEPENDENCIES_OUTPUT=out/env.d tg\$t")
case_ -c t.c
ENV=(SUNPRO_DEPENDENCIES=sun.d)
case_ -c s.c
case_ -c t.c -o out/t.o
ENV=()
