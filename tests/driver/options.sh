#!/usr/bin/env bash
# The driver options build systems use, each compared with gcc-16 (and
# bpf-gcc-16 for --target=bpf): -dumpversion, -dumpfullversion,
# -dumpmachine, -print-file-name=, -print-prog-name=, @FILE response
# files (quoting, nesting, a missing file), -v (header, command, search
# list), -### (commands quoted, nothing run), -save-temps (the files left
# and the .i), -E with -g (the working-directory marker), and the options
# btfcc refuses because it cannot make what they ask for.
#
# Normalisations, each for what must differ: the compiler's own
# directories (gcc-16's lib/gcc/x86_64-linux-gnu/16, btfcc's host GCC's
# lib/gcc/.../N) are left out of the -v search lists and become LIBDIR in
# -print-file-name=; GCC's own additions to COLLECT_GCC_OPTIONS
# ('-mtune=generic' '-march=x86-64') are dropped; the command lines are
# compared argument by argument for the arguments both run (GCC runs
# cc1 and as, btfcc itself).
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
GCC=$G16/gcc-16 BPFGCC=$G16/bpf-gcc-16
if [ ! -x "$GCC" ] || [ ! -x "$BPFGCC" ]; then
  skip "driver options (no gcc-16/bpf-gcc-16: shared/tools/get-gcc16)"; exit 0
fi
cd "$TMPDIR"
printf '#include "h.h"\nint x = N;\n' > t.c
echo '#define N 3' > h.h

# same NAME WANT GOT: equal, and not empty.
same() {
  if [ -n "$2" ] && [ "$2" = "$3" ]; then pass "$1"; else
    fail "$1"; diff <(echo "$2") <(echo "$3") | head -8; fi
}

# --- Queries: printed, nothing compiled (an input is ignored) ---
for q in -dumpversion -dumpfullversion -dumpmachine; do
  same "$q" "$("$GCC" $q t.c)" "$("$BTFCC" $q t.c)"
  same "$q --target=bpf (bpf-gcc-16)" "$("$BPFGCC" $q)" "$("$BTFCC" --target=bpf $q)"
done
libdir() { sed "s|^$(dirname "$1")/|LIBDIR/|"; }
g=$("$GCC" -print-file-name=include); b=$("$BTFCC" -print-file-name=include)
same "-print-file-name=include" "$(libdir "$g" <<<"$g")" "$(libdir "$b" <<<"$b")"
[ -f "$b/stddef.h" ] && pass "-print-file-name=include has stddef.h" || fail "-print-file-name=include: $b"
g=$("$GCC" -print-file-name=libgcc.a); b=$("$BTFCC" -print-file-name=libgcc.a)
same "-print-file-name=libgcc.a" "$(libdir "$g" <<<"$g")" "$(libdir "$b" <<<"$b")"
for q in -print-file-name=no-such-file.h -print-prog-name=no-such-prog; do
  same "$q" "$("$GCC" $q)" "$("$BTFCC" $q)"
done
rm -f t.o; "$BTFCC" -dumpversion -c t.c >/dev/null && [ ! -e t.o ] &&
  pass "a query compiles nothing" || fail "a query compiles nothing"

# --- @FILE: buildargv's quoting, nesting, a missing file left literal ---
printf '%s\n' "-DA='a b'  -DB=\"c\\\\d\\\"e\\\$f\" -DC=g\\ h" "-DD=x'y z'w" "@rf2" > rf1
printf -- '-DE=1\\\n2 "-DF=\\q" -DG=""\n' > rf2
printf 'int v;\n' > r.c
defs() { "$@" -std=gnu17 -dM -E r.c 2>/dev/null | grep -E '^#define [A-G] ' | LC_ALL=C sort; }
same "@file: quotes, backslashes, nested @file" "$(defs "$GCC" @rf1)" "$(defs "$BTFCC" @rf1)"
: > empty.rsp
same "@file: an empty file adds nothing" "$(defs "$GCC" @empty.rsp -DA=1)" "$(defs "$BTFCC" @empty.rsp -DA=1)"
"$GCC" -fsyntax-only @no-such.rsp r.c 2>g.err; grc=$?
"$BTFCC" -fsyntax-only @no-such.rsp r.c 2>b.err; brc=$?
[ $grc -ne 0 ] && [ $brc -ne 0 ] && grep -q -- @no-such.rsp g.err && grep -q -- @no-such.rsp b.err &&
  pass "@file: a missing one stays a literal argument (an input, not found)" ||
  fail "@file: missing ($grc/$brc: $(cat b.err))"
mkdir -p rdir
"$GCC" -fsyntax-only @rdir r.c 2>g.err; grc=$?
"$BTFCC" -fsyntax-only @rdir r.c 2>b.err; brc=$?
[ $grc -ne 0 ] && [ $brc -ne 0 ] && same "@file: a directory is an error" "$(sed 's/^[^:]*: //' g.err)" "$(sed 's/^[^:]*: //' b.err)"
printf -- '-gbtf -c\n-o "r r.o"\n' > build.rsp
rm -f 'r r.o'; "$BTFCC" @build.rsp r.c && [ -s 'r r.o' ] &&
  pass "@file: options of a compilation, a quoted output name" || fail "@file compile"

# --- -v: header, the command, the search list, and it compiles ---
mkdir -p sysd after
vopts=(-c t.c -o v.o -I no-such-dir -I /usr/include -iquote . -iquote no-q -isystem sysd -idirafter after)
"$GCC" -std=gnu17 -v "${vopts[@]}" 2>g.v; grc=$?
rm -f v.o; "$BTFCC" -v "${vopts[@]}" 2>b.v; brc=$?
[ $brc = 0 ] && [ -s v.o ] && pass "-v compiles" || fail "-v compiles ($brc)"
searchlist() {
  awk '/^ignoring |^  as it is/ { print } /search starts here:$/ { on = 1 }
       on { print } /^End of search list/ { on = 0 }' "$1" | grep -v '/gcc/x86_64-linux-gnu/[0-9]*/\|/lib/gcc/\.\./\|/include-fixed\|x86_64-linux-gnu/include"$\|/usr/local/include/x86_64-linux-gnu'
}
same "-v: search list as gcc-16's" "$(searchlist g.v)" "$(searchlist b.v)"
same "-v: Target line" "$(grep '^Target:' g.v)" "$(grep '^Target:' b.v)"
same "-v: version line" "$(grep -o '^gcc version 16\.2\.0 ' g.v)" "$(grep -o '^gcc version 16\.2\.0 ' b.v)"
collect() { grep -m1 '^COLLECT_GCC_OPTIONS=' "$1" | sed "s/ '-mtune=generic' '-march=x86-64'//; s/'-std=gnu17' //"; }
same "-v: COLLECT_GCC_OPTIONS" "$(collect g.v)" "$(collect b.v)"
"$BPFGCC" -v -c t.c -o /dev/null 2>g.v; "$BTFCC" --target=bpf -v -c t.c -o /dev/null 2>b.v
same "-v --target=bpf: Target and thread model (bpf-gcc-16)" \
  "$(grep -E '^(Target|Thread model):' g.v)" "$(grep -E '^(Target|Thread model):' b.v)"

# --- -###: nothing runs; options and arguments quoted as GCC quotes ---
dopts=(-c t.c -o 'o $x".o' -D 'Q=a b\c' -D "R='r'" -I .)
rm -f 'o $x".o'
"$GCC" -std=gnu17 -### "${dopts[@]}" 2>g.d; "$BTFCC" -### "${dopts[@]}" 2>b.d; brc=$?
[ $brc = 0 ] && [ ! -e 'o $x".o' ] && pass "-### runs nothing" || fail "-### runs nothing ($brc)"
same "-###: COLLECT_GCC_OPTIONS" "$(collect g.d)" "$(collect b.d)"
# joined arguments become words of their own, -x is left out, as GCC has it
jopts=(-DA -UB -I. -isystemsys -iquoteq -idirafterd -includeinc1.h -MFx.d -MTt
       -MQq -MD -xc -ofoo.o -Wall -O2 -gbtf -c t.c)
"$GCC" -std=gnu17 -### "${jopts[@]}" 2>g.d; "$BTFCC" -### "${jopts[@]}" 2>b.d
same "-###: COLLECT_GCC_OPTIONS of joined options" "$(collect g.d)" "$(collect b.d)"
"$GCC" -std=gnu17 -### "${dopts[@]}" 2>g.d; "$BTFCC" -### "${dopts[@]}" 2>b.d
# every argument of btfcc's command that gcc-16 passes to cc1 or as
# appears quoted the same way there
quoted_ok=1
for arg in '"o \$x\".o"' '"Q=a b\\c"' "\"R='r'\"" t.c; do
  grep -qF -- " $arg" g.d || { echo "  gcc-16 has no $arg"; quoted_ok=0; }
  grep -qF -- " $arg" b.d || { echo "  btfcc has no $arg"; quoted_ok=0; }
done
[ $quoted_ok = 1 ] && pass "-###: arguments quoted as gcc-16 quotes them" || fail "-###: quoting"

# --- -save-temps: the files gcc-16 leaves, and its .i ---
temps() { # CC ARGS...: the files made, by name
  local cc=$1; shift
  rm -rf st && mkdir -p st/out && cp t.c h.h st/ &&
    (cd st && "$cc" -std=gnu17 -ffreestanding "$@" 2>/dev/null; echo "exit $?"; find . -type f | LC_ALL=C sort)
}
for args in "-save-temps -c t.c" "-save-temps -c t.c -o out/foo.o" \
    "-save-temps=obj -c t.c -o out/foo.o" "-save-temps=cwd -c t.c -o out/foo.o" \
    "-save-temps -S t.c -o out/foo.s" "-save-temps -gbtf -c t.c"; do
  same "-save-temps files: $args" "$(temps "$GCC" $args)" "$(temps "$BTFCC" $args)"
done
for g in "" -g -gbtf; do
  temps "$GCC" -save-temps $g -c t.c >/dev/null; cp st/t.i g.i
  temps "$BTFCC" -save-temps $g -c t.c >/dev/null; cp st/t.i b.i
  cmp -s g.i b.i && pass "-save-temps $g: t.i as gcc-16's" || { fail "-save-temps $g: t.i"; diff g.i b.i | head -5; }
done
(cd st && "$BTFCC" -ffreestanding -gbtf -S t.c -o again.s && cmp -s again.s t.s) &&
  pass "-save-temps: t.s is what -S writes" || fail "-save-temps: t.s"
(cd st && "$BTFCC" -ffreestanding -gbtf -c t.c -o again.o && cmp -s again.o t.o) &&
  pass "-save-temps: t.o is what -c writes" || fail "-save-temps: t.o"

# --- -E with debug information: GCC's working-directory marker ---
for g in -g -gbtf -gdwarf-4 "-g -g0"; do
  same "-E $g: line markers" "$("$GCC" -std=gnu17 -ffreestanding $g -E t.c | grep '^#')" \
    "$("$BTFCC" -ffreestanding $g -E t.c | grep '^#')"
done

# --- Options btfcc cannot honour: an error naming the option ---
for opt in -C -CC -dD -dN -dI -dU -H -g1 -g3 -ggdb3 -gz -gz=zlib -gsplit-dwarf \
    -gpubnames -fdump-tree-original -fdump-rtl-expand -fstack-usage -flto \
    -fcallgraph-info -fopt-info -fprofile-arcs -ftest-coverage \
    -frecord-gcc-switches -fdebug-prefix-map=a=b -ffile-prefix-map=a=b \
    -fmacro-prefix-map=a=b -fverbose-asm -fsave-optimization-record \
    -fdiagnostics-format=json -fdirectives-only; do
  err=$("$BTFCC" "$opt" -E t.c -o /dev/null 2>&1); rc=$?
  [ $rc = 1 ] && [[ $err == *"'$opt'"* ]] && pass "refused: $opt" || fail "refused: $opt ($rc: $err)"
done
# -x c-header with -c: gcc-16 writes a precompiled header (.gch), and so
# does btfcc (tests/pch/ checks its use); with -x c a header is C, as for
# gcc-16 (and so is a FILE.h given with -c, the way vmlinux.h is
# compiled: btfcc's choice, where gcc-16 would write a .gch into FILE.o).
echo 'int hh;' > hh.h
rm -f hh.h.gch hh.o; "$GCC" -x c-header -c hh.h && [ -f hh.h.gch ] && [ ! -e hh.o ] &&
  pass "gcc-16 -x c-header -c hh.h writes hh.h.gch" || fail "gcc-16 -x c-header -c hh.h"
rm -f hh.h.gch hh.o; "$BTFCC" -x c-header -c hh.h && [ -f hh.h.gch ] && [ ! -e hh.o ] &&
  pass "btfcc -x c-header -c hh.h writes hh.h.gch" || fail "btfcc -x c-header -c hh.h"
rm -f hh.h.gch; "$BTFCC" hh.h && [ -f hh.h.gch ] &&
  pass "btfcc hh.h writes hh.h.gch" || fail "btfcc hh.h"
rm -f hh.h.gch
rm -f hh.o; "$BTFCC" -x c -c hh.h && [ -f hh.o ] && pass "taken: -x c -c hh.h" || fail "taken: -x c -c hh.h"
# and options that only steer code generation, or ask for what GCC does
# by default, are still taken
for opt in -pipe -fno-omit-frame-pointer -fno-strict-aliasing -gno-record-gcc-switches \
    -grecord-gcc-switches -gvariable-location-views -gstatement-frontiers -gz=none; do
  "$BTFCC" "$opt" -c t.c -o /dev/null && pass "taken: $opt" || fail "taken: $opt"
done
