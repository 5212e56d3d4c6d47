#!/usr/bin/env bash
# The seed tests of GCC's patch series (../shared/seeds/tests), run as they
# are written -- GCC DejaGnu "dg" tests: dg-options, dg-error/dg-warning on
# their lines, scan-assembler over -S -dA output -- by the workspace's
# DejaGnu re-implementation (../shared/tools/dgrun), with btfcc as the
# compiler (DGCC=btfcc, DGCC_BPF="btfcc --target=bpf" for gcc.target/bpf).
# tests/dwarf/seeds.sh and tests/tags re-express the same expectations
# beside more of their own; this runs the originals.
#
# Every seed test must PASS, but those in tests/seeds/xfail.list, which must
# FAIL (XFAIL: expected failure); a listed test that passes is a FAIL
# ("unexpected pass"): take it off the list.  UNSUPPORTED (dgrun would not
# run it here) is a SKIP.  A listed path that does not exist is a FAIL.
source "$TESTROOT/lib.sh"
set -u
SEEDS=$SHARED/seeds/tests
DGRUN=$SHARED/tools/dgrun
LIST=$TESTROOT/seeds/xfail.list
if [ ! -d "$SEEDS" ] || [ ! -x "$DGRUN" ]; then
  skip "seed tests ($SEEDS or $DGRUN not found)"; exit 0
fi
have() { command -v "$1" >/dev/null 2>&1; }
have python3 || { skip "seed tests (dgrun needs python3)"; exit 0; }

# dgrun exits 0 whatever the verdicts: read them, one line per test.
DGCC=$BTFCC DGCC_BPF="$BTFCC --target=bpf" DGRUN_TIMEOUT=60 \
  python3 "$DGRUN" -j 2 "$SEEDS" > "$TMPDIR/dgrun.out" 2>"$TMPDIR/dgrun.err"
if ! grep -qE '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$TMPDIR/dgrun.out"; then
  fail "seed tests: dgrun did not finish"; head -5 "$TMPDIR/dgrun.err"; exit 0
fi

declare -A xfail=()
while read -r path why; do
  [[ -z "$path" || "$path" == \#* ]] && continue
  xfail[$path]=$why
  [ -f "$SEEDS/$path" ] || fail "seeds: $path is listed in tests/seeds/xfail.list but is not a seed test"
done < "$LIST"

n=0
while IFS= read -r line; do
  verdict=${line%%: *} rest=${line#*: }
  path=${rest%% (*} path=${path#"$SEEDS"/}
  detail=${rest#"$SEEDS/$path"}
  n=$((n + 1))
  case $verdict in
    PASS)
      if [ -n "${xfail[$path]+x}" ]; then
        fail "seeds $path: unexpected pass (listed as an expected failure: ${xfail[$path]}; take it off tests/seeds/xfail.list)"
      else
        pass "seeds $path$detail"
      fi ;;
    FAIL)
      if [ -n "${xfail[$path]+x}" ]; then
        xfail "seeds $path: expected failure (${xfail[$path]})"
      else
        fail "seeds $path"; echo "  $detail" | cut -c1-600
      fi ;;
    UNSUPPORTED) skip "seeds $path$detail" ;;
    *) n=$((n - 1)) ;;
  esac
done < <(grep -E '^(PASS|FAIL|UNSUPPORTED): ' "$TMPDIR/dgrun.out")
# Every seed file got a verdict.
want=$(find "$SEEDS" -name '*.c' | wc -l)
check "seeds: dgrun gave all $want seed tests a verdict ($n)" [ "$n" -eq "$want" ]
