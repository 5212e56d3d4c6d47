#!/usr/bin/env bash
# tests/bpf/cross_kernel.sh — issue 11 (c): a CO-RE program compiled
# against a vmlinux.h from "another kernel" loads on the running kernel and
# reads the right fields.
#
# The other kernel's header is made here, from the running kernel's
# vmlinux.h, by editing struct task_struct: pid, tgid and comm move to its
# start (offsets no kernel has: the test checks that the running kernel's
# pid is not at offset 0), tgid is renamed tgid_v1 (the program reaches the
# kernel's name through a ___new flavor, guarded by bpf_core_field_exists)
# and a field btfcc_gone is added (a field the running kernel has lost: the
# program guards its read).  tests/bpf/cross/cross_kernel.bpf.c, built
# against that header by the compiler under test and by clang-19, is loaded
# by tests/bpf/bpfload's core mode (relocations against the running
# kernel's BTF), attached to sys_enter and woken; it compares what it read
# with bpf_get_current_pid_tgid() and writes flags.  Both builds must load,
# set every flag and read comm "bpfload", and print the same; a control
# build without preserve_access_index on the header's structs must not.
#
# Then a root type reached through a typedef (typedef_root.bpf.c), where
# btfcc names the struct and loads while clang-19's and bpf-gcc 16's builds,
# naming the typedef, are refused by libbpf (see the section at the end).
#
# The compiler under test is that of tests/bpf/selftests.sh: BPF_CC=CMD,
# else btfcc.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
CC=${BPF_CC:-${BTFCC:-$ROOT/build/btfcc}}
bpf_setup || { skip "bpf/cross_kernel ($BPF_SKIP)"; exit 0; }
work=${TMPDIR:-/tmp}/bpf-cross-kernel.$$
mkdir -p "$work/old"; trap 'rm -rf "$work"' EXIT

# The other kernel's vmlinux.h: task_struct's pid, tgid and comm first
# (tgid as tgid_v1), then btfcc_gone, then the rest without them.
awk '
  /^struct task_struct \{$/ { inside = 1; head = $0; n = 0; next }
  inside && /^\};$/ {
    print head; print moved["pid"]; print moved["tgid"]; print moved["comm"]; print "\tint btfcc_gone;"
    for (i = 1; i <= n; i++) print rest[i]
    print; inside = 0; next
  }
  inside && /^\tpid_t pid;$/ { moved["pid"] = $0; found++; next }
  inside && /^\tpid_t tgid;$/ { moved["tgid"] = "\tpid_t tgid_v1;"; found++; next }
  inside && /^\tchar comm\[16\];$/ { moved["comm"] = $0; found++; next }
  inside { rest[++n] = $0; next }
  { print }
  END { if (found != 3) { print "cross_kernel.sh: task_struct has no pid, tgid or comm[16] line" > "/dev/stderr"; exit 1 } }
' "$BPF_VMLINUX_DIR/vmlinux.h" > "$work/old/vmlinux.h" || { fail "cross_kernel/header (cannot edit vmlinux.h)"; exit 0; }

# The running kernel's task_struct: pid is not where the edited header has it.
pid_bits=$(bpftool btf dump file /sys/kernel/btf/vmlinux | awk '
  /^\[[0-9]+\] STRUCT .task_struct. / { inside = 1; next }
  inside && /^\[/ { exit }
  inside && /^\t.pid. / { for (i = 1; i <= NF; i++) if ($i ~ /^bits_offset=/) { sub(/bits_offset=/, "", $i); print $i; exit } }')
if [ -n "$pid_bits" ] && [ "$pid_bits" != 0 ]; then
  pass "cross_kernel/header (the kernel's task_struct.pid is at bit $pid_bits, the edited header's at 0)"
else
  fail "cross_kernel/header (task_struct.pid of the running kernel at '${pid_bits}': the edited header would not differ)"
fi

# Every flag set, comm "bpfload" (the loader's name), on both builds.
want=$(printf '  data.out = 01 01 01 01 01 01 01 01 62 70 66 6c 6f 61 64%s' "$(printf ' 00%.0s' {1..9})")
src=$ROOT/tests/bpf/cross/cross_kernel.bpf.c
for side in clang cc; do
  compiler=$CLANG; [ $side = cc ] && compiler=$CC
  if ! BPF_VMLINUX_DIR=$work/old bpf_compile "$compiler" "$src" "$work/$side.bpf.o" 2>"$work/$side.err"; then
    fail "cross_kernel/$side (does not compile: $(grep -m1 -E 'error' "$work/$side.err"))"; continue
  fi
  "$BPFLOAD" core "$work/$side.bpf.o" cross_kernel - > "$work/$side.out"
  verdict=$(head -1 "$work/$side.out" | cut -f4,7)
  got=$(grep '^  data.out = ' "$work/$side.out")
  if [ "${verdict%%$'\t'*}" != loaded ]; then
    fail "cross_kernel/$side (not loaded: $verdict)"
  elif [ "$got" != "$want" ]; then
    fail "cross_kernel/$side (read wrong: $got)"
  else
    pass "cross_kernel/$side (loads on $(uname -r); pid, tgid through a flavor, comm read right, guarded fields skipped)"
  fi
done
# The control: without preserve_access_index on vmlinux.h's structs the
# direct read task_btf->pid is compiled at the header's offset, not
# relocated, and reads something else -- so the header does mislead.
if BPF_VMLINUX_DIR=$work/old bpf_compile "$CC -DBPF_NO_PRESERVE_ACCESS_INDEX" "$src" "$work/plain.bpf.o" 2>"$work/plain.err"; then
  "$BPFLOAD" core "$work/plain.bpf.o" cross_kernel - > "$work/plain.out"
  plain=$(grep '^  data.out = ' "$work/plain.out")
  check "cross_kernel/control (without CO-RE on task_struct the direct read is wrong or refused: ${plain:-$(head -1 "$work/plain.out" | cut -f4)})" \
    test "${plain:0:17}" != "  data.out = 01 01"
else
  fail "cross_kernel/control (does not compile: $(grep -m1 -E 'error' "$work/plain.err"))"
fi
if [ -s "$work/clang.out" ] && [ -s "$work/cc.out" ]; then
  check "cross_kernel/same (both builds print the same)" \
    cmp -s <(sed 1d "$work/clang.out") <(sed 1d "$work/cc.out")
fi

# A root type reached through a typedef (tests/bpf/cross/typedef_root.bpf.c):
# where btfcc departs from GCC 16 on purpose.  clang-19 and bpf-gcc 16 both
# name the typedef my_task_t as the relocation's root (bpf-gcc 16's -dA:
# "bpfcr_type (struct my_task_t)"); libbpf finds no kernel type of that name
# and refuses both objects.  btfcc names struct task_struct, so its object
# loads and reads the pid.  Only for btfcc: it is btfcc's choice that is
# tested, and each oracle's refusal is checked so that the test notices
# the day libbpf or a compiler changes.
[ -n "${BPF_CC:-}" ] && exit 0
GCC16=${BPF_GCC16:-$BPF_GCC_DEFAULT}
src=$ROOT/tests/bpf/cross/typedef_root.bpf.c
declare -A root_compiler=([clang]=$CLANG [gcc16]=$GCC16 [btfcc]=$CC)
for side in clang gcc16 btfcc; do
  compiler=${root_compiler[$side]}
  if [ $side = gcc16 ] && [ ! -x "$GCC16" ]; then
    skip "cross_kernel/typedef_root/gcc16 (no bpf-gcc 16: ../shared/tools/get-gcc16)"; continue
  fi
  if ! bpf_compile "$compiler" "$src" "$work/root_$side.bpf.o" 2>"$work/root_$side.err"; then
    fail "cross_kernel/typedef_root/$side (does not compile: $(grep -m1 -E 'error' "$work/root_$side.err"))"; continue
  fi
  "$BPFLOAD" core "$work/root_$side.bpf.o" typedef_root - > "$work/root_$side.out"
  verdict=$(head -1 "$work/root_$side.out" | cut -f4)
  reason=$(head -1 "$work/root_$side.out" | cut -f7)
  if [ $side = btfcc ]; then
    check "cross_kernel/typedef_root/btfcc (loads, names struct task_struct, reads the pid: $verdict $(grep '^  data.pid_read' "$work/root_$side.out"))" \
      grep -qx '  data.pid_read = 01 00 00 00' "$work/root_$side.out"
  else
    case $verdict/$reason in
      rejected/*"failed to resolve CO-RE relocation"*"typedef my_task_t.pid"*)
        pass "cross_kernel/typedef_root/$side (refused by libbpf as expected: ${reason#verifier: })" ;;
      *) fail "cross_kernel/typedef_root/$side (expected libbpf to refuse the typedef root; got: $verdict $reason)" ;;
    esac
  fi
done
# The -dA comment of the relocation's root: GCC 16's names the typedef
# (spelt with GCC's "struct" before it), btfcc's the struct.
if [ -x "$GCC16" ]; then
  for side in gcc16 btfcc; do
    BPF_CMD=(); bpf_compile_cmd "${root_compiler[$side]}" "$src" "$work/root_$side.s"
    asm_cmd=(); for word in "${BPF_CMD[@]}"; do [ "$word" = -c ] && word=-S; asm_cmd+=("$word"); done
    "${asm_cmd[@]}" -gbtf -dA 2>"$work/root_$side.serr" || cat "$work/root_$side.serr" >&2
    grep -o 'bpfcr_type (.*)' "$work/root_$side.s" > "$work/root_$side.cr" 2>/dev/null
  done
  check "cross_kernel/typedef_root/dA (gcc-16: $(cat "$work/root_gcc16.cr"); btfcc: $(cat "$work/root_btfcc.cr"))" \
    test "$(cat "$work/root_gcc16.cr")|$(cat "$work/root_btfcc.cr")" = "bpfcr_type (struct my_task_t)|bpfcr_type (struct task_struct)"
fi
