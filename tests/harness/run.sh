#!/usr/bin/env bash
# tests/run's counting, on a tree of fake test scripts: a SKIP fails the run
# under CI=true and not otherwise; an XFAIL never fails it; a script that
# exits non-zero without a FAIL line is a failed case; a NOTE is no case.
source "$TESTROOT/lib.sh"
t=$TMPDIR/tree
mkdir -p "$t/tests/a" "$t/tests/b"
cp "$TESTROOT/run" "$TESTROOT/lib.sh" "$t/tests/"
printf 'source "$TESTROOT/lib.sh"\npass one\nskip "two (no oracle)"\nxfail "three (not built)"\necho "NOTE: four"\n' > "$t/tests/a/a.sh"
printf 'source "$TESTROOT/lib.sh"\npass five\nexit 3\n' > "$t/tests/b/b.sh"
# run CI-VALUE PATTERN...: tests/run's last line and exit status.
run() {
  local ci=$1 rc; shift
  CI=$ci bash "$t/tests/run" "$@" > "$TMPDIR/run.out" 2>&1; rc=$?
  echo "$(tail -1 "$TMPDIR/run.out") rc=$rc"
}
got=$(run "" a/); check "a skip passes outside CI ($got)" [ "$got" = "1 passed, 0 failed rc=0" ]
grep -q '^1 skipped, 1 expected failures$' "$TMPDIR/run.out" && grep -q '    NOTE: four' "$TMPDIR/run.out" &&
  pass "skips, expected failures and notes are listed" || fail "skips, expected failures and notes are listed"
got=$(run true a/); check "a skip fails under CI=true ($got)" [ "$got" = "1 passed, 1 failed rc=1" ]
grep -q 'FAIL: two (no oracle) \[skipped: a failure under CI=true\]' "$TMPDIR/run.out" &&
  pass "CI=true names the skipped case" || fail "CI=true names the skipped case"
got=$(run "" b/); check "a script exiting 3 without FAIL fails ($got)" [ "$got" = "1 passed, 1 failed rc=1" ]
got=$(run "" b/ a/); check "several patterns ($got)" [ "$got" = "2 passed, 1 failed rc=1" ]
# -j 2: the same counts, the reports in name order.
got=$(run "" -j 2 b/ a/); check "-j 2 ($got)" [ "$got" = "2 passed, 1 failed rc=1" ]
order=$(grep -oE '^[ab]/[ab]\.sh' "$TMPDIR/run.out" | tr '\n' ' ')
check "-j 2 reports in name order ($order)" [ "$order" = "a/a.sh b/b.sh " ]
# --fast leaves out what tests/fast.exclude lists.
printf 'b/b.sh  # slow\n' > "$t/tests/fast.exclude"
got=$(run "" --fast); check "--fast leaves out tests/fast.exclude ($got)" [ "$got" = "1 passed, 0 failed rc=0" ]
