#!/usr/bin/env bash
# tests/bpf/behaviour.sh — issue 10 (b): programs built by the compiler
# under test behave as clang-19's builds do under BPF_PROG_TEST_RUN.
#
# For each program of tests/bpf/runnable.list, both builds are loaded alone
# and run on tests/bpf/bpfload's fixed inputs (IPv4/IPv6, TCP/UDP, short,
# long and runt packets; two raw-tracepoint/syscall contexts); the return
# values, output packets and map contents after each run must print the
# same.  A FAIL shows the first differing lines.
#
# The compiler under test is that of tests/bpf/selftests.sh: BPF_CC=CMD,
# else btfcc, whose known differences are tests/bpf/behaviour.expected.
# BPF_ONLY=REGEX
# keeps the objects whose names match.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
LIST=$ROOT/tests/bpf/runnable.list
CC=${BPF_CC:-${BTFCC:-$ROOT/build/btfcc}}
bpf_setup || { skip "bpf/behaviour ($BPF_SKIP)"; exit 0; }
# btfcc's known differences from clang-19 (tests/bpf/behaviour.expected).
expected=cat
[ -z "${BPF_CC:-}" ] && expected="bpf_apply_expected $ROOT/tests/bpf/behaviour.expected"
{
work=${TMPDIR:-/tmp}/bpf-behaviour.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
mapfile -t objects < <(bpf_list_objects "$LIST" | grep -E -- "${BPF_ONLY:-.}")
bpf_compile_all "$CLANG" "$work/clang" "${objects[@]}"
bpf_compile_all "$CC" "$work/cc" "${objects[@]}"

same=0 total=0
while IFS=$'\t' read -r obj prog; do
  total=$((total + 1))
  name=behaviour/$obj/$prog
  if [ ! -f "$work/clang/$obj.bpf.o" ]; then fail "$name (clang-19 no longer compiles $obj)"; continue; fi
  if [ ! -f "$work/cc/$obj.bpf.o" ]; then
    fail "$name (does not compile: $(grep -m1 -E 'error|Error' "$work/cc/$obj.err" || head -1 "$work/cc/$obj.err"))"
    continue
  fi
  # Of the verdict line, the program and verdict (the instruction counts
  # differ between compilers by design); the runs in full.
  "$BPFLOAD" run "$work/clang/$obj.bpf.o" "$prog" | awk -F'\t' 'NR == 1 { print $2, $4; next } 1' > "$work/want"
  "$BPFLOAD" run "$work/cc/$obj.bpf.o" "$prog" | awk -F'\t' 'NR == 1 { print $2, $4; next } 1' > "$work/got"
  if cmp -s "$work/want" "$work/got"; then
    pass "$name"; same=$((same + 1))
  else
    fail "$name ($(diff "$work/want" "$work/got" | grep -m2 '^[<>]' | tr '\n' ' ' | tr -s ' '))"
  fi
done < <(grep -v '^#' "$LIST" | awk -F'\t' -v only="${BPF_ONLY:-.}" '$1 ~ only')
echo "behaviour: $same of $total programs run the same as clang-19's builds"
} | $expected
