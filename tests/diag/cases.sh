#!/usr/bin/env bash
# The multi-line diagnostics cases (tests/diag/cases.txt) against gcc-16:
# each case's source with its own options (the standard, -pedantic,
# -pedantic-errors, -W...), and the whole of standard error -- errors,
# warnings and notes with file, line, column and text, GCC's quotes made
# ASCII -- and the exit status must equal gcc-16's.  A case gcc-16 says
# nothing about must have a status of 0 from both (so a case can not pass
# by two silent failures).
source "$TESTROOT/lib.sh"
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
if [ ! -x "$G16/gcc-16" ]; then skip "diag cases (no gcc-16: shared/tools/get-gcc16)"; exit 0; fi
cd "$TMPDIR"
# Split the file into case<N>.c and case<N>.opts.
awk -v dir="$TMPDIR" '
  /^=== / { n++; opts = substr($0, 5); print opts > (dir "/case" n ".opts"); printf "" > (dir "/case" n ".c"); next }
  n && !/^# / { print >> (dir "/case" n ".c") }
  END { print n > (dir "/count") }' "$TESTROOT/diag/cases.txt"
n=$(cat count)
[ "$n" -gt 40 ] || fail "diag cases: only $n cases read from cases.txt"
same=0
for i in $(seq 1 "$n"); do
  read -r -a opts < case$i.opts
  "$G16/gcc-16" "${opts[@]}" -fsyntax-only -fdiagnostics-plain-output case$i.c > g.txt 2>&1
  grc=$?
  sed -i "s/[‘’]/'/g" g.txt
  "$BTFCC" "${opts[@]}" -fsyntax-only -fdiagnostics-plain-output case$i.c > b.txt 2>&1
  brc=$?
  what="$(head -c 60 case$i.c | tr '\n' ' ') [${opts[*]}]"
  if ! cmp -s g.txt b.txt || [ $grc != $brc ]; then
    fail "cases/$i ($what): status gcc-16 $grc, btfcc $brc"
    diff g.txt b.txt | grep '^[<>]' | head -6
  elif [ ! -s g.txt ] && [ $grc != 0 ]; then
    fail "cases/$i ($what): gcc-16 fails with no message"
  else
    same=$((same + 1)); pass "cases/$i ($(grep -m1 -E ': (error|warning): ' g.txt | sed 's/^[^ ]* //' | head -c 70))"
  fi
done
echo "diag cases: $n cases, $same as gcc-16"
