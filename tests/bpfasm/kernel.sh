#!/usr/bin/env bash
# bpfasm/kernel: the running kernel's verifier as the oracle for what
# neither llvm-mc-19 nor GNU as can write: load-acquire and store-release
# (Linux 6.15) in every size.  A socket filter assembled by `btftool
# bpf-asm`, printed by `btftool bpf-disasm` (these as .8byte data), made
# an object by GNU as and loaded with bpftool: accepted.  The same
# program with the registers of one load-acquire swapped is rejected, so
# the check can fail.
. "$TESTROOT/lib.sh"
. "$TESTROOT/bpfasm/common.bash"
set -u
W=${TMPDIR:-/tmp}
pin=/sys/fs/bpf/btfcc_bpfasm_$$

if [ -z "$BPF_AS" ] || ! have bpftool; then
  skip "bpfasm/kernel (GNU as for BPF >= 2.41 and bpftool needed)"
  exit 0
fi

# object NAME ASM: an object with one socket program of the text ASM.
object() {
  printf '%s\n' "$2" >"$W/$1.s"
  "$BTFTOOL" bpf-asm -o "$W/$1.bin" "$W/$1.s" >/dev/null || return 1
  { printf '\t.section\tsocket,"ax",@progbits\n\t.globl\tprog\n\t.type\tprog,@function\nprog:\n'
    "$BTFTOOL" bpf-disasm "$W/$1.bin"
    printf '\t.size\tprog, .-prog\n\t.section\tlicense,"aw"\n\t.string\t"GPL"\n'
  } >"$W/$1.full.s" && "$BPF_AS" -mdialect=pseudoc "$W/$1.full.s" -o "$W/$1.o"
}
loads() { # OBJECT: whether the kernel accepts it
  rm -f "$pin"
  bpftool prog load "$1" "$pin" type socket >"$W/load.log" 2>&1
  local rc=$?
  rm -f "$pin"
  return $rc
}

object trivial $'r0 = 0\nexit' || { fail "bpfasm/kernel (cannot build a trivial program)"; exit 0; }
if ! loads "$W/trivial.o"; then
  skip "bpfasm/kernel (bpftool prog load fails here: $(tail -1 "$W/load.log"))"
  exit 0
fi

prologue=$'r2 = 5\n*(u64 *)(r10 - 8) = r2\n*(u64 *)(r10 - 16) = r2\nr1 = r10'
acq=$'r0 = load_acquire((u64 *)(r1 - 8))
w3 = load_acquire((u32 *)(r10 - 8))
w3 = load_acquire((u16 *)(r10 - 8))
w3 = load_acquire((u8 *)(r10 - 8))
store_release((u64 *)(r10 - 16), r0)
store_release((u32 *)(r10 - 16), w3)
store_release((u16 *)(r10 - 16), w3)
store_release((u8 *)(r10 - 16), w3)'
if ! object acqrel "$prologue"$'\n'"$acq"$'\nr0 = 0\nexit'; then
  fail "bpfasm/kernel load-acquire/store-release (does not assemble)"
elif grep -q load_acquire "$W/acqrel.full.s" && loads "$W/acqrel.o"; then
  pass "bpfasm/kernel load-acquire and store-release, 1 to 8 bytes: the verifier accepts them"
elif grep -q 'invalid atomic\|unknown opcode' "$W/load.log"; then
  skip "bpfasm/kernel load-acquire/store-release (this kernel predates them: $(grep -m1 'invalid atomic\|unknown opcode' "$W/load.log"))"
else
  fail "bpfasm/kernel load-acquire/store-release rejected"; tail -5 "$W/load.log"
fi
# r0 = load_acquire((u64 *)(r10 - 8)) with dst and src swapped: the
# kernel reads r10 = load_acquire((u64 *)(r0 - 8)), r0 not yet set.
if object swapped "$prologue"$'\n.8byte 0x00000100fff80adb\nr0 = 0\nexit' &&
   ! loads "$W/swapped.o"; then
  pass "bpfasm/kernel a load-acquire with swapped registers is rejected ($(grep -m1 -o 'R[0-9]* !read_ok\|frame pointer is read only' "$W/load.log"))"
else
  fail "bpfasm/kernel a load-acquire with swapped registers is not rejected"
fi
