#!/usr/bin/env bash
# tests/bpf/selftests.sh — issue 10 (a): the kernel's verifier gives each
# program of the kernel's BPF selftests the same verdict from the compiler
# under test's build as from clang-19 -O2's.
#
# For each object of tests/bpf/selftests.list: compile it with the compiler
# under test (the selftests' flags, tests/bpf/lib.bash), load each of its
# programs alone (tests/bpf/bpfload) and compare the verdict, loaded or
# rejected, with clang-19's in the list.  One PASS/FAIL line per program; an
# object that does not compile is one FAIL line naming its program count.
# Closes with the agreement count.  When the running kernel is not of the
# release the list was made on, clang-19's verdicts are taken from a fresh
# clang-19 build instead (said on a line of its own; kept for the next run).
#
# The compiler under test: BPF_CC (a command, e.g. BPF_CC=clang-19 or
# BPF_CC=~/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16), else $BTFCC.  For
# btfcc, the programs where it does not agree with clang-19 yet are listed
# with why in tests/bpf/selftests.expected (bpf_apply_expected in lib.bash:
# a change in either direction fails); tests/bpf/make-expected writes the
# list from a run's output.
# BPF_ONLY=REGEX keeps the objects whose names match (a quick look).
# Needs tests/install-selftests and root (the bpf syscall); else SKIP.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
LIST=$ROOT/tests/bpf/selftests.list
CC=${BPF_CC:-${BTFCC:-$ROOT/build/btfcc}}
bpf_setup || { skip "bpf/selftests ($BPF_SKIP)"; exit 0; }
# btfcc's known differences from clang-19 (tests/bpf/selftests.expected);
# another compiler's run prints its differences as they are.
expected=cat
[ -z "${BPF_CC:-}" ] && expected="bpf_apply_expected $ROOT/tests/bpf/selftests.expected"
{
work=${TMPDIR:-/tmp}/bpf-selftests.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
mapfile -t objects < <(bpf_list_objects "$LIST" | grep -E -- "${BPF_ONLY:-.}")

# The reference: clang-19's verdicts, from the list or, on another kernel,
# from a fresh build.
grep -v '^#' "$LIST" | cut -f1,2,4 | awk -F'\t' -v only="${BPF_ONLY:-.}" '$1 ~ only' > "$work/reference"
list_kernel=$(sed -n 's/^# kernel: *//p' "$LIST")
# Kernels of one upstream release (the part of `uname -r` before its first
# '-') count as one: 6.18.44-fc-v1252 and -v1272, two builds of this
# machine's kernel, gave all 3,377 programs the same verdicts.
if [ "${list_kernel%%-*}" != "${BPF_KERNEL%%-*}" ]; then
  echo "the list was made on kernel $list_kernel, this is $BPF_KERNEL: clang-19's verdicts come from a fresh build"
  # Kept beside this kernel's vmlinux.h for the next run (the sanitizer
  # pass of CI), under a key of everything they depend on.
  key=$( { cat "$LIST" "$BPF_VMLINUX_DIR/vmlinux.h" "$ROOT/tests/bpf/bpfload.c" "$ROOT/tests/bpf/lib.bash"
           "$CLANG" --version; } | md5sum | cut -d' ' -f1)
  cached=$BPF_VMLINUX_DIR/clang-verdicts.$key
  if [ -n "${BPF_ONLY:-}" ] || [ ! -s "$cached" ]; then
    bpf_compile_all "$CLANG" "$work/clang" "${objects[@]}"
    for o in "${objects[@]}"; do
      [ -f "$work/clang/$o.bpf.o" ] && "$BPFLOAD" load "$work/clang/$o.bpf.o"
    done | cut -f1,2,4 > "$work/reference"
    [ -z "${BPF_ONLY:-}" ] && cp "$work/reference" "$cached.$$" && mv "$cached.$$" "$cached"
  else
    echo "clang-19's verdicts on this kernel: $cached"
    cp "$cached" "$work/reference"
  fi
fi

bpf_compile_all "$CC" "$work/cc" "${objects[@]}"
: > "$work/verdicts"
for o in "${objects[@]}"; do
  if [ -f "$work/cc/$o.bpf.o" ]; then
    "$BPFLOAD" load "$work/cc/$o.bpf.o" >> "$work/verdicts"
  else
    n=$(awk -F'\t' -v o="$o" '$1 == o' "$work/reference" | wc -l)
    msg=$(grep -m1 -E 'error|Error' "$work/cc/$o.err" || head -1 "$work/cc/$o.err")
    fail "selftests/$o ($n programs: does not compile: ${msg:-no message})"
  fi
done

# Compare program by program.  An object that libbpf no longer opens gives
# one line with program "-": its programs count as rejected.
awk -F'\t' -v cc="$(basename "${CC%% *}")" '
  function verdict(v) { return v == "loaded" ? "loaded" : "rejected" }
  FILENAME == ARGV[1] { if ($2 == "-compiled-") { compiled[$1]; next }
              if ($2 == "-") { wv[$1] = verdict($4); wr[$1] = $7 }
              else { gv[$1 FS $2] = verdict($4); gr[$1 FS $2] = $7 }
              next }
  $2 == "-" { next }
  { k = $1 FS $2; want = verdict($3)
    if (k in gv) { have = gv[k]; why = gr[k] }
    else if ($1 in wv) { have = wv[$1]; why = wr[$1] }
    else if (!($1 in compiled)) next
    else { have = "missing"; why = "no such program in the object" }
    total++
    if (have == "loaded") loaded++
    if (want == "loaded") ref_loaded++
    if (have == want) { agree++; print "PASS: selftests/" $1 "/" $2; next }
    print "FAIL: selftests/" $1 "/" $2 " (clang-19: " want "; " cc ": " have (have == "loaded" ? "" : ": " why) ")" }
  END { printf "agreement: %d of %d programs of the compiled objects have clang-19%ss verdict; %s loads %d, clang-19 %d\n",
               agree, total, "\047", cc, loaded, ref_loaded }
' <(cat "$work/verdicts"; ls "$work/cc" | sed -n 's/\.bpf\.o$//p' | awk '{print $0 "\t-compiled-"}') "$work/reference"
echo "list: $(wc -l < "$work/reference") programs in ${#objects[@]} objects; $(ls "$work/cc"/*.bpf.o 2>/dev/null | wc -l) objects compiled by $CC"
} | $expected
