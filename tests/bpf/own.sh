#!/usr/bin/env bash
# tests/bpf/own.sh — issue 10: our own BPF programs (tests/bpf/progs/*.c),
# built by btfcc and by clang-19, load in the running kernel and run the
# same under BPF_PROG_TEST_RUN.
#
# Each program stores what it computes from the packet in global data, so
# tests/bpf/bpfload's run mode prints it variable by variable after each
# of its fixed inputs: the two builds' printouts must be equal, and the
# btfcc build must have loaded (a program the verifier rejects prints a
# "rejected" verdict, which never equals clang's "loaded").  A file may
# name the CPU versions to build it for in a line `btfcc-cpus: v1 v2 v3`
# (default v4, GCC 16's default); each is compared with clang-19 at the
# same -mcpu.  A line `btfcc-flags: ...` adds flags for both compilers
# (-fwrapv, say).  A line `btfcc-max-processed: R` bounds the verifier's
# work: for each program, the processed-instruction count of btfcc's build
# is at most R times clang-19's (the file says why R); a line
# `btfcc-max-insns: R` bounds the code's size the same way, by the
# translated instruction count.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
BTFCC=${BTFCC:-$ROOT/${BUILD:-build}/btfcc}
bpf_setup || { skip "bpf/own ($BPF_SKIP)"; exit 0; }
work=${TMPDIR:-/tmp}/bpf-own.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT
# vmlinux.h of the running kernel and the selftests' libbpf headers (the
# CO-RE program), then the host's asm/ headers for <linux/bpf.h>.
# -std=gnu17: the vmlinux.h declares bool, false and true (C23 keywords),
# as with GCC 16.
inc=(-std=gnu17 -I"$BPF_VMLINUX_DIR" -I"$SELFTESTS_DIR/build/include" -D__TARGET_ARCH_x86
     -idirafter /usr/include/x86_64-linux-gnu)
# check_ratio NAME COLUMN CLANG_OBJ BTFCC_OBJ R: each program's count in
# bpfload's COLUMN (5: translated instructions, 6: processed) from
# BTFCC_OBJ is at most R times the one from CLANG_OBJ.
check_ratio() {
  local t=$1 col=$2 verdict
  shift
  verdict=$(join -t $'\t' <("$BPFLOAD" load "$2" | cut -f2,"$col" | sort) <("$BPFLOAD" load "$3" | cut -f2,"$col" | sort) \
    | awk -F'\t' -v r="$4" '
        $2 !~ /^[0-9]+$/ || $3 !~ /^[0-9]+$/ { bad = bad " " $1 ": no count (" $2 ", " $3 ")"; next }
        { n++; if ($3 > r * $2) bad = bad sprintf(" %s: %d > %s x %d", $1, $3, r, $2) }
        END { if (!n && bad == "") bad = " no programs"; print bad == "" ? "ok" : substr(bad, 2) }')
  if [ "$verdict" = ok ]; then pass "$t"; else fail "$t ($verdict)"; fi
}

for src in "$ROOT"/tests/bpf/progs/*.c "$ROOT"/examples/xdp_ports.c; do
  name=$(basename "$src" .c)
  cpus=$(sed -n 's/.*btfcc-cpus: *//p' "$src" | head -1)
  read -r -a flags <<<"$(sed -n 's/.*btfcc-flags: *//p' "$src" | head -1)"
  max_processed=$(sed -n 's/.*btfcc-max-processed: *//p' "$src" | head -1)
  max_insns=$(sed -n 's/.*btfcc-max-insns: *//p' "$src" | head -1)
  for cpu in ${cpus:-v4}; do
    t=own/$name/$cpu
    if ! clang-19 -O2 --target=bpf -mcpu="$cpu" -g "${inc[@]}" "${flags[@]}" -c "$src" -o "$work/$name.clang.o" 2>"$work/err"; then
      fail "$t (clang-19 does not compile it: $(head -1 "$work/err"))"; continue
    fi
    if ! "$BTFCC" --target=bpf -O2 -mcpu="$cpu" -g "${inc[@]}" "${flags[@]}" -c "$src" -o "$work/$name.o" 2>"$work/err"; then
      fail "$t (btfcc: $(grep -m1 error "$work/err"))"; continue
    fi
    "$BPFLOAD" run "$work/$name.clang.o" | awk -F'\t' 'NF >= 6 { print $2, $4; next } 1' > "$work/want"
    "$BPFLOAD" run "$work/$name.o" | awk -F'\t' 'NF >= 6 { print $2, $4; next } 1' > "$work/got"
    # CO-RE: the same relocations (kind, root type, access string) as
    # clang-19's, as a set (the instructions they sit on differ, and clang
    # computes a repeated one once).
    core() { llvm-objdump-19 -dr "$1" | sed -n 's/.*CO-RE <\([a-z_]*\)> \[[0-9]*\] /\1 /p' | sort -u; }
    if [ "$(core "$work/$name.clang.o")" != "$(core "$work/$name.o")" ]; then
      fail "$t (CO-RE relocations differ from clang-19's: $(diff <(core "$work/$name.clang.o") <(core "$work/$name.o") | grep -m2 '^[<>]' | tr '\n' ' '))"
      continue
    fi
    if ! grep -q loaded "$work/want"; then
      fail "$t (clang-19's build does not load: the test program is wrong)"
    elif ! grep -q . "$work/got"; then
      fail "$t (bpfload printed nothing for btfcc's build)"
    elif cmp -s "$work/want" "$work/got"; then
      pass "$t"
    else
      fail "$t ($(diff "$work/want" "$work/got" | grep -m4 '^[<>]' | tr '\n' ' ' | cut -c1-400))"
    fi
    if [ -n "$max_processed" ]; then
      check_ratio "$t/processed" 6 "$work/$name.clang.o" "$work/$name.o" "$max_processed"
    fi
    if [ -n "$max_insns" ]; then
      check_ratio "$t/insns" 5 "$work/$name.clang.o" "$work/$name.o" "$max_insns"
    fi
  done
done
