#!/usr/bin/env bash
# tests/bpf/core_reloc.sh — issue 11 (b): the kernel selftests' own CO-RE
# relocation programs (progs/test_core_reloc_*.c) resolve their relocations
# as clang-19's builds of them do.
#
# For each pair of tests/bpf/core_reloc.list (the pairs the selftests'
# prog_tests/core_reloc.c runs), the program's build by the compiler under
# test and clang-19's build are loaded by tests/bpf/bpfload's core mode with
# libbpf's btf_custom_path naming the target BTF (the list's
# btf__core_reloc_*.c flavors compiled by clang-19 with -g, as the selftests
# build them), given the same input in data.in, attached to sys_enter and
# woken by a system call.  Compared: the verdict (for a rejection, the
# reason with type ids, relocation and instruction numbers left out, which
# differ between two objects' BTF and code by design) and every byte the
# program wrote to data (out, skip).  clang-19's verdict must be the one
# the selftest expects (the list's last column), so the oracle is checked
# too.  Then, as the selftests' core_reloc_btfgen does, the cases the
# list marks "btfgen" again with each build's target cut down by `bpftool
# gen min_core_btf` to what that build's relocations need (bpftool reads
# the object's .BTF.ext).  The btf__core_reloc_*.c flavors' relocations are the clang-19
# builds' on both sides, whatever the compiler under test.
#
# The compiler under test is that of tests/bpf/selftests.sh: BPF_CC=CMD,
# else btfcc, whose known differences are tests/bpf/core_reloc.expected.
# BPF_ONLY=REGEX keeps the cases whose names match.  A FAIL shows the first
# differing line; BPFLOAD_LOG=1 bpfload core OBJ PROG TARGET shows libbpf's
# relocation lines for one case.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
LIST=$ROOT/tests/bpf/core_reloc.list
CC=${BPF_CC:-${BTFCC:-$ROOT/build/btfcc}}
bpf_setup || { skip "bpf/core_reloc ($BPF_SKIP)"; exit 0; }
expected=cat
[ -z "${BPF_CC:-}" ] && expected="bpf_apply_expected $ROOT/tests/bpf/core_reloc.expected"
{
work=${TMPDIR:-/tmp}/bpf-core-reloc.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
cases=$(grep -v '^#' "$LIST" | awk -F'\t' -v only="${BPF_ONLY:-.}" '$1 ~ only')
mapfile -t objects < <(cut -f2 <<<"$cases" | sort -u)
mapfile -t targets < <(cut -f4 <<<"$cases" | grep -v '^-$' | sort -u)
bpf_compile_all "$CLANG" "$work/clang" "${objects[@]}" "${targets[@]}"
# Three programs (kernel, type_based, enum64val) test their builtins only
# under "#if __clang_major__ >= 15" and else just set data.skip: the
# compiler under test is given that macro, so that its relocations are
# tested rather than its version.
bpf_compile_all "$CC -D__clang_major__=19" "$work/cc" "${objects[@]}"

# outcome OBJ PROG TARGET: the loader's report, its verdict line reduced to
# the verdict and the reason without numbers that name one object's types,
# relocations or instructions.
outcome() {
  "$BPFLOAD" core "$1" "$2" "$3" | awk -F'\t' '
    NR == 1 { r = $7; gsub(/\[[0-9]+\]/, "[]", r); gsub(/#[0-9]+/, "#", r)
              gsub(/relo [0-9]+/, "relo", r); print $4, r; next } 1'
}

# compare NAME VERDICT CLANG-OBJ CC-OBJ PROG CLANG-TARGET CC-TARGET: one
# case, each build against its target.
compare() {
  local t=$1 verdict=$2
  # The two loads side by side: each mostly waits for the kernel.
  outcome "$3" "$5" "$6" > "$work/want" &
  outcome "$4" "$5" "$7" > "$work/got"
  wait
  total=$((total + 1))
  case $verdict:$(head -1 "$work/want" | cut -d' ' -f1) in
    loads:loaded|fails:rejected) ;;
    *) fail "$t (clang-19's build: $(head -1 "$work/want"); the selftest expects it $verdict)"; return ;;
  esac
  if cmp -s "$work/want" "$work/got"; then
    pass "$t"; same=$((same + 1))
  else
    fail "$t ($(diff "$work/want" "$work/got" | grep -m2 '^[<>]' | cut -c1-200 | tr '\n' ' ' | tr -s ' '))"
  fi
}

# min_btf TARGET OBJ OUT: bpftool's cut of TARGET to what OBJ's
# relocations need, as the selftests' btfgen run makes it.
min_btf() {
  bpftool gen min_core_btf "$1" "$3" "$2" >"$3.log" 2>&1
}

same=0 total=0
while IFS=$'\t' read -r name obj prog target verdict btfgen; do
  tbtf=-
  if [ "$target" != - ]; then
    tbtf=$work/clang/$target.bpf.o
    [ -f "$tbtf" ] || { fail "core_reloc/$name (clang-19 does not compile the target $target)"; continue; }
  fi
  if [ ! -f "$work/clang/$obj.bpf.o" ]; then fail "core_reloc/$name (clang-19 no longer compiles $obj)"; continue; fi
  if [ ! -f "$work/cc/$obj.bpf.o" ]; then
    fail "core_reloc/$name (does not compile: $(grep -m1 -E 'error|Error' "$work/cc/$obj.err" || head -1 "$work/cc/$obj.err"))"
    continue
  fi
  compare "core_reloc/$name" "$verdict" "$work/clang/$obj.bpf.o" "$work/cc/$obj.bpf.o" "$prog" "$tbtf" "$tbtf"
  [ "$btfgen" = btfgen ] || continue
  if ! min_btf "$tbtf" "$work/clang/$obj.bpf.o" "$work/min.clang"; then
    fail "btfgen/$name (bpftool gen min_core_btf fails on clang-19's build: $(head -1 "$work/min.clang.log"))"; continue
  fi
  if ! min_btf "$tbtf" "$work/cc/$obj.bpf.o" "$work/min.cc"; then
    fail "btfgen/$name (bpftool gen min_core_btf fails on this build: $(head -1 "$work/min.cc.log"))"; continue
  fi
  compare "btfgen/$name" "$verdict" "$work/clang/$obj.bpf.o" "$work/cc/$obj.bpf.o" "$prog" "$work/min.clang" "$work/min.cc"
done <<<"$cases"
echo "core_reloc: $same of $total relocation cases agree with clang-19's builds"
} | $expected
