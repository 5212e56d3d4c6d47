#!/usr/bin/env bash
# The preprocessor on its own thread (src/cpp/pipe.c) changes nothing a
# user sees: the same output bytes, the same diagnostics in the same
# order, the same exit status as with one thread (BTFCC_THREADS=0), and
# the order of mixed preprocessor and parser diagnostics is GCC's.
# The same holds for the DWARF writer's second thread (abbreviations
# chosen while the tree is built, src/dwarf/dwarf_gen.c).
# `make SAN=thread check-threads` runs this script with the
# ThreadSanitizer build (build-tsan): a race it reports makes the exit
# status (66) and the diagnostics of the two runs differ, so the case
# fails, and the report is shown.
source "$TESTROOT/lib.sh"
cd "$TMPDIR"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
if [ "$(nproc)" -lt 2 ]; then
  skip "threads (one processor here: btfcc starts no second thread)"; exit 0
fi

# same_both NAME ARGS...: run btfcc both ways; compare stdout, stderr and
# the exit status.
same_both() {
  local name=$1; shift
  BTFCC_THREADS=0 timeout 60 "$BTFCC" "$@" > one.out 2> one.err; local rc1=$?
  timeout 60 "$BTFCC" "$@" > two.out 2> two.err; local rc2=$?
  if [ $rc1 -eq $rc2 ] && [ $rc1 -lt 2 ] && cmp -s one.out two.out &&
     cmp -s one.err two.err; then
    pass "$name: same with and without the thread (exit $rc1)"
  else
    fail "$name: threads change the result (exit $rc1 vs $rc2)"
    grep -q ThreadSanitizer two.err && grep -m1 -A20 'WARNING: ThreadSanitizer' two.err
    diff one.err two.err | head -10
  fi
}

# Mixed diagnostics: #warning and #error lines (preprocessor) between
# declarations with errors and warnings (parser), in a file long enough
# to fill the token ring several times.
{
  for i in $(seq 1 40); do
    echo "#warning early $i"
    echo "int bad_$i = undeclared_$i;"
    for j in $(seq 1 300); do echo "struct s_${i}_$j { int a, b[3]; long c; };"; done
    echo "#error middle $i"
    echo "int f_$i(void) __attribute__((btf_type_tag(\"t\")));"
  done
  echo "#if 1"
} > mixed.c
same_both "mixed diagnostics" -fsyntax-only mixed.c
same_both "mixed diagnostics, -fmax-errors=7" -fsyntax-only -fmax-errors=7 mixed.c
same_both "mixed diagnostics, -Werror" -fsyntax-only -Werror mixed.c
same_both "mixed diagnostics, plain" -fsyntax-only -fdiagnostics-plain-output mixed.c

# The order is GCC's: compare the kinds and lines of every diagnostic.
# (GCC gives "unterminated #if" no column; btfcc does.)
diag_lines() { grep -E '^mixed\.c:[0-9]+(:[0-9]+)?: (error|warning)' | sed -E 's/^mixed\.c:([0-9]+)(:[0-9]+)?: (error|warning).*/\1 \3/'; }
gcc -fsyntax-only mixed.c 2>&1 | diag_lines > gcc.txt
"$BTFCC" -fsyntax-only mixed.c 2>&1 | diag_lines > btfcc.txt
if [ -s gcc.txt ] && diff gcc.txt btfcc.txt > d.txt; then
  pass "preprocessor and parser diagnostics in GCC's order ($(wc -l < gcc.txt) lines)"
else
  fail "diagnostic order differs from GCC's"; head -10 d.txt
fi
for n in 3 8 25; do
  gcc -fsyntax-only -fmax-errors=$n mixed.c 2>&1 | diag_lines > gcc.txt
  "$BTFCC" -fsyntax-only -fmax-errors=$n mixed.c 2>&1 | diag_lines > btfcc.txt
  if [ -s gcc.txt ] && diff gcc.txt btfcc.txt > d.txt; then
    pass "-fmax-errors=$n stops where GCC stops"
  else
    fail "-fmax-errors=$n: diagnostics differ from GCC's"; head -10 d.txt
  fi
done

# The parser giving up early (too deep nesting) while the preprocessor
# still has thousands of tokens to give: no hang, same result.
{
  printf 'int x = '; for i in $(seq 1 5000); do printf '('; done; printf '1;\n'
  for i in $(seq 1 20000); do echo "int y_$i;"; done
  echo '#warning never reached by the parser'
} > deep.c
same_both "parser stops early" -fsyntax-only deep.c

# Two inputs in one run: a thread for each, macros and diagnostics kept
# apart as with one thread.
printf '#warning a\nint x = y;\n#define M 1\nint z = M;\n' > a.c
printf 'int q = M;\n#error b\nstruct s { int a; } v;\n' > b.c
same_both "two inputs" -fsyntax-only a.c b.c
printf 'int ok1;\n' > c1.c; printf 'struct t { int a; } ok2;\n' > c2.c
BTFCC_THREADS=0 "$BTFCC" -gbtf -gdwarf -c c1.c c2.c && cat c1.o c2.o > one.bin
"$BTFCC" -gbtf -gdwarf -c c1.c c2.c && cat c1.o c2.o > two.bin
cmp -s one.bin two.bin && pass "two inputs: the same objects" || fail "two inputs: objects differ"
# An object is written on a thread of its own while the compilation is
# freed (driver/btfcc.c, ObjectWriter): to standard output, and a write
# that fails, reported as with one thread.
same_both "object to standard output" -gbtf -gdwarf -c -o - c2.c
if [ -w /dev/full ]; then
  same_both "object written to a full device" -gbtf -c -o /dev/full c2.c
  grep -q "error writing '/dev/full'" two.err && pass "the writer thread's error is reported" ||
    fail "no error for a write to /dev/full"
fi

# Every C file of the test suite, as a syntax check, as BTF assembler and
# as DWARF assembler (whose abbreviations a second thread chooses).
n=0 bad=0
while IFS= read -r f; do
  for args in "-fsyntax-only" "-gbtf -S -o -" "-gdwarf -dA -S -o -"; do
    # shellcheck disable=SC2086
    BTFCC_THREADS=0 timeout 60 "$BTFCC" $args "$f" > one.out 2> one.err; rc1=$?
    # shellcheck disable=SC2086
    timeout 60 "$BTFCC" $args "$f" > two.out 2> two.err; rc2=$?
    n=$((n + 1))
    if [ $rc1 -ne $rc2 ] || [ $rc1 -gt 1 ] || ! cmp -s one.out two.out || ! cmp -s one.err two.err; then
      bad=$((bad + 1)); [ $bad -le 5 ] && echo "differs: $args $f"
    fi
  done
done < <(find "$TESTROOT" "$TESTROOT/../fuzz/seeds" "$TESTROOT/../examples" -name '*.c' 2>/dev/null | sort -u)
if [ $n -gt 100 ] && [ $bad -eq 0 ]; then
  pass "$n compilations of the suite's C files: same with and without the thread"
else
  fail "$bad of $n compilations differ with the thread"
fi

# A glibc and uapi unit: preprocessed text, dependencies, debug info.
printf '#include <%s>\n' stdio.h stdlib.h string.h signal.h pthread.h sys/socket.h \
  netinet/in.h linux/bpf.h linux/perf_event.h linux/if_link.h > unit.c
same_both "glibc/uapi unit -E" -E unit.c
same_both "glibc/uapi unit -M" -M unit.c
same_both "glibc/uapi unit -g -gbtf" -g -gbtf -fno-eliminate-unused-debug-types -S -o - unit.c
# A BPF program compiled to code, with DWARF and BTF.
same_both "BPF code (examples/xdp_ports.c)" --target=bpf -O2 -g -gdwarf -S -o - \
  "$TESTROOT/../examples/xdp_ports.c"

# A large input: the same objects.
if [ -r /sys/kernel/btf/vmlinux ] && command -v bpftool >/dev/null; then
  bpftool btf dump file /sys/kernel/btf/vmlinux format c > vmlinux.h 2>/dev/null
  for args in "-gbtf -c" "-gdwarf -c" "-gdwarf-4 -fno-eliminate-unused-debug-types -c" \
              "-gdwarf -gbtf -fdebug-types-section -c" "--target=bpf -gdwarf -gbtf -c"; do
    # shellcheck disable=SC2086
    BTFCC_THREADS=0 "$BTFCC" -std=gnu17 $args vmlinux.h -o one.o 2> one.err
    # shellcheck disable=SC2086
    "$BTFCC" -std=gnu17 $args vmlinux.h -o two.o 2> two.err
    cmp -s one.o two.o && cmp -s one.err two.err && [ -s one.o ] &&
      pass "vmlinux.h $args: same object" || fail "vmlinux.h $args: objects differ"
  done
else
  skip "no /sys/kernel/btf/vmlinux or bpftool"
fi
