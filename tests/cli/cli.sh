#!/usr/bin/env bash
# btfcc's GCC-compatible command line.
source "$TESTROOT/lib.sh"
cd "$TMPDIR"
printf 'int x;\nint f(void) { return x; }\n' > a.c
printf 'long y[N];\n' > b.c

out=$("$BTFCC" --version); [ $? -eq 0 ] && [[ $out == btfcc* ]] && pass "--version" || fail "--version"
"$BTFCC" --help | grep -q -- '-gbtf' && pass "--help" || fail "--help"
err=$("$BTFCC" --bogus a.c 2>&1); rc=$?
[ $rc -eq 1 ] && [[ $err == *"unrecognized command-line option '--bogus'"* ]] && pass "unknown option is an error naming it" || fail "unknown option ($rc: $err)"
err=$("$BTFCC" -c 2>&1); [ $? -eq 1 ] && [[ $err == *"no input files"* ]] && pass "no input files" || fail "no input files"
"$BTFCC" a.c 2>/dev/null; [ $? -eq 1 ] && pass "linking is refused (exit 1)" || fail "linking is refused"

# -c: default output names, several inputs.
rm -f a.o b.o
"$BTFCC" -gbtf -DN=3 -c a.c b.c && [ -f a.o ] && [ -f b.o ] && pass "-c with several inputs writes a.o and b.o" || fail "-c with several inputs"
bpftool btf dump file b.o | grep -q "nr_elems=3" && pass "-D defines a macro (y[N] with -DN=3)" || fail "-D"
"$BTFCC" -gbtf -DN=3 -UN -c b.c -o /dev/null 2>/dev/null; [ $? -eq 1 ] && pass "-U undefines it" || fail "-U"
"$BTFCC" -gbtf -c a.c b.c -o x.o 2>/dev/null; [ $? -eq 1 ] && pass "-o with several inputs is an error" || fail "-o with several inputs"
"$BTFCC" -gbtf -S a.c && grep -q '\.BTF' a.s && pass "-S writes a.s" || fail "-S default name"
"$BTFCC" -gbtf -S a.c -o - | grep -q 'btf_magic' && fail "-S without -dA has no comments" || pass "-S without -dA has no comments"
"$BTFCC" -gbtf -S -dA a.c -o - | grep -q 'btf_magic' && pass "-o - writes to standard output" || fail "-o -"

# Standard input.
printf 'int z;\n' | "$BTFCC" -x c -gbtf -c - -o z.o && bpftool btf dump file z.o | grep -q "VAR 'z'" && pass "- reads standard input with -x c" || fail "stdin"
printf 'int z;\n' | "$BTFCC" -gbtf -c - -o z.o 2>/dev/null; [ $? -eq 1 ] && pass "- without -x c is an error" || fail "stdin without -x"
printf '#define Q 42\nQ\n' | "$BTFCC" -E - | grep -q '^42' && pass "-E - preprocesses standard input" || fail "-E stdin"

# -E output compiles with gcc, -fsyntax-only writes nothing.
printf '#include <stdio.h>\nint main(void) { printf("%%d\\n", BUFSIZ); return 0; }\n' > p.c
"$BTFCC" -E p.c -o p.i && gcc -fsyntax-only -x c p.i && pass "-E output compiles with gcc" || fail "-E output compiles"
rm -f p.o; "$BTFCC" -fsyntax-only p.c && [ ! -e p.o ] && pass "-fsyntax-only succeeds and writes nothing" || fail "-fsyntax-only"
printf 'int f( {\n' > bad.c
"$BTFCC" -fsyntax-only bad.c 2>/dev/null; [ $? -eq 1 ] && pass "-fsyntax-only on a bad file exits 1" || fail "-fsyntax-only bad"

# Include options.
mkdir -p inc sys after q; echo '#define FROM_I 1' > inc/i.h; echo '#define FROM_SYS 2' > sys/s.h
echo '#define FROM_AFTER 3' > after/a.h; echo '#define FROM_Q 4' > q/q.h; echo 'int included_first;' > pre.h
printf '#include <i.h>\n#include <s.h>\n#include <a.h>\n#include "q.h"\nint v[FROM_I+FROM_SYS+FROM_AFTER+FROM_Q];\n' > inc.c
"$BTFCC" -gbtf -I inc -isystem sys -idirafter after -iquote q -include pre.h -c inc.c -o inc.o &&
  bpftool btf dump file inc.o | grep -q "nr_elems=10" && bpftool btf dump file inc.o | grep -q "included_first" &&
  pass "-I -isystem -idirafter -iquote -include" || fail "include options"
"$BTFCC" -nostdinc -fsyntax-only p.c 2>/dev/null; [ $? -eq 1 ] && pass "-nostdinc drops the default directories" || fail "-nostdinc"

# Standards: typeof and asm are keywords only in GNU modes and C23.
printf 'int typeof = 1;\n' > std.c
"$BTFCC" -std=c11 -fsyntax-only std.c && ! "$BTFCC" -std=gnu11 -fsyntax-only std.c 2>/dev/null &&
  pass "-std=c11 vs -std=gnu11 (typeof)" || fail "-std"
for s in c89 c90 c99 c11 c17 c18 c23 c2x gnu89 gnu99 gnu11 gnu17 gnu23; do
  "$BTFCC" -std=$s -fsyntax-only a.c || { fail "-std=$s"; continue; }
done; pass "every -std value is accepted"
"$BTFCC" -std=c42 -fsyntax-only a.c 2>/dev/null; [ $? -eq 1 ] && pass "bad -std is an error" || fail "bad -std"

# Targets.
"$BTFCC" --target=bpf -gbtf -c a.c -o t1.o && readelf -h t1.o | grep -q "Linux BPF" && pass "--target=bpf" || fail "--target=bpf"
"$BTFCC" -target bpfeb -gbtf -c a.c -o t2.o && readelf -h t2.o | grep -q "big endian" && pass "-target bpfeb (big-endian)" || fail "-target bpfeb"
"$BTFCC" --target=bpfel -gbtf -c a.c -o t3.o && readelf -h t3.o | grep -q "little endian" && pass "--target=bpfel" || fail "--target=bpfel"
"$BTFCC" --target=mips -c a.c 2>/dev/null; [ $? -eq 1 ] && pass "unsupported target is an error" || fail "bad target"

# Debug formats: which of .BTF and .debug_info each option combination
# gives is what GCC 16 gives (gcc-16, and bpf-gcc-16 for the BPF target,
# where plain -g means BTF: GCC 12's bpf-gcc gave DWARF).
sections() { readelf -SW "$1" 2>/dev/null | grep -oE '\.BTF$|\.BTF |\.debug_info' | tr -d ' ' | sort -u | tr '\n' ' '; }
printf 'int a;\nstruct s { int x; } v;\n' > dbg.c
for opts in "-g" "-gbtf" "-gdwarf" "-gdwarf-4" "-gbtf -gdwarf" "-gdwarf -gbtf" "-g -gbtf" "-gbtf -g" "-g -g0"; do
  for tgt in x86 bpf; do
    g16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
    gcc=$g16/gcc-16 topt=; [ $tgt = bpf ] && { gcc=$g16/bpf-gcc-16; topt=--target=bpf; }
    command -v $gcc >/dev/null || { skip "debug options $opts ($tgt): no $gcc"; continue; }
    $gcc $opts -c dbg.c -o dbg-g.o 2>/dev/null && "$BTFCC" $topt $opts -c dbg.c -o dbg-b.o &&
      [ "$(sections dbg-g.o)" = "$(sections dbg-b.o)" ] &&
      pass "$opts ($tgt): the sections $gcc writes: $(sections dbg-b.o)" ||
      fail "$opts ($tgt): btfcc '$(sections dbg-b.o)', $gcc '$(sections dbg-g.o)'"
  done
done
"$BTFCC" -gdwarf-3 -c dbg.c -o x.o 2>err.txt; [ $? -eq 1 ] && grep -q "DWARF version 3 is not supported" err.txt &&
  pass "-gdwarf-3: an error naming what is supported" || fail "-gdwarf-3"
"$BTFCC" -gdwarf-4 -c dbg.c -o d4.o && [ "$(readelf --debug-dump=info d4.o | grep -m1 -o 'Version: *[0-9]*' | tr -s ' ')" = "Version: 4" ] &&
  pass "-gdwarf-4 writes DWARF 4" || fail "-gdwarf-4 version"
"$BTFCC" -gdwarf -c dbg.c -o d5.o && [ "$(readelf --debug-dump=info d5.o | grep -m1 -o 'Version: *[0-9]*' | tr -s ' ')" = "Version: 5" ] &&
  pass "-gdwarf writes DWARF 5" || fail "-gdwarf version"
"$BTFCC" -gdwarf -gno-column-info -dA -S dbg.c -o nc.s && ! grep -q DW_AT_decl_column nc.s && grep -q DW_AT_decl_line nc.s &&
  pass "-gno-column-info drops DW_AT_decl_column" || fail "-gno-column-info"

# Code-generation options are accepted and ignored.
"$BTFCC" -O2 -Os -O0 -g0 -gbtf -fPIC -fno-common -fomit-frame-pointer -march=native -mtune=generic -pipe -c a.c -o o.o &&
  pass "-O* -f* -m* accepted" || fail "-O -f -m"

# Warnings: -w, -Werror, -Wno-attributes.
printf 'int x __attribute__((no_such_attr));\n' > w.c
"$BTFCC" -fsyntax-only w.c 2>&1 | grep -q "warning: 'no_such_attr' attribute directive ignored \[-Wattributes\]" && pass "unknown attribute warns [-Wattributes]" || fail "attribute warning"
[ -z "$("$BTFCC" -w -fsyntax-only w.c 2>&1)" ] && pass "-w silences warnings" || fail "-w"
[ -z "$("$BTFCC" -Wno-attributes -fsyntax-only w.c 2>&1)" ] && pass "-Wno-attributes silences them" || fail "-Wno-attributes"
"$BTFCC" -Werror -fsyntax-only w.c 2>/dev/null; [ $? -eq 1 ] && pass "-Werror makes them errors" || fail "-Werror"

# Install.
# (SAN=1 for the sanitizer build, so that make never relinks its
# binaries without the sanitizer runtime.)
san=0; case "$BUILD" in *san*) san=1;; esac
make -s -C "$TESTROOT/.." install PREFIX="$TMPDIR/prefix" BUILD="$BUILD" SAN=$san >/dev/null 2>&1 &&
  [ -x "$TMPDIR/prefix/bin/btfcc" ] && [ -x "$TMPDIR/prefix/bin/btftool" ] && [ -f "$TMPDIR/prefix/share/man/man1/btfcc.1" ] &&
  pass "make install PREFIX=..." || fail "make install"
