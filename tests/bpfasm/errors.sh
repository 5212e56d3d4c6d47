#!/usr/bin/env bash
# bpfasm/errors: statements the instruction set cannot encode, each after
# a valid line: `btftool bpf-asm` exits 1 with `FILE:2:COL: error: ...`
# and writes nothing, and an oracle (llvm-mc-19 or GNU as, asked here)
# rejects the statement too.  Then damaged input (binary bytes, NULs,
# deep nesting, huge lines) ends in an error or a result, never a crash.
. "$TESTROOT/lib.sh"
. "$TESTROOT/bpfasm/common.bash"
set -u
W=${TMPDIR:-/tmp}

rejects() { # FILE: whether an oracle rejects it (crashes count as no)
  local rc
  if have "$LLVM_MC"; then
    "$LLVM_MC" -triple bpfel -mcpu=v4 -filetype=obj "$1" -o "$W/o.o" >/dev/null 2>&1
    rc=$?; [ $rc -ne 0 ] && [ $rc -lt 128 ] && return 0
  fi
  if [ -n "$BPF_AS" ]; then
    "$BPF_AS" -mdialect=pseudoc "$1" -o "$W/o.o" >/dev/null 2>&1
    rc=$?; [ $rc -ne 0 ] && [ $rc -lt 128 ] && return 0
  fi
  return 1
}

if ! have "$LLVM_MC" && [ -z "$BPF_AS" ]; then
  skip "bpfasm/errors (no oracle: llvm-mc-19 or GNU as for BPF)"
else
  while IFS= read -r stmt; do
    [ -z "$stmt" ] && continue
    f=$W/bad.s
    printf 'r0 = 0\n%s\n' "$stmt" >"$f"
    name="bpfasm/errors '$stmt'"
    if ! rejects "$f"; then
      fail "$name (no oracle rejects it: not an error case)"; continue
    fi
    "$BTFTOOL" bpf-asm -o "$W/out.bin" "$f" >"$W/out" 2>"$W/err"
    rc=$?
    if [ $rc -eq 1 ] && grep -q "^$f:2:[0-9][0-9]*: error: ..*" "$W/err" &&
       [ ! -s "$W/out" ] && [ "$(wc -l <"$W/err")" -eq 1 ]; then
      pass "$name: $(sed "s|^$f:||" "$W/err")"
    else
      fail "$name (exit $rc)"; cat "$W/err"
    fi
  done <<'EOF'
.endif
.else
.ifc a
.endr
.rept 2
.rept
.if 1
.ifc "a, b
r0 = *(u32 *)(r1 + 32768)
r0 = *(u32 *)(r1 - 32769)
r0 = *(u32 *)(r1)
r1 += w2
w0 = r1
if r0 == w1 goto +1
if r0 ~ 1 goto +1
r0 = 4294967296
goto +32768
goto 2f
lock *(u64 *)(r1 + 0) -= r2
r0 = cmpxchg_64(r1 + 0, r3, r2)
w0 = be16 w0
r0 = (s32)w1
r1 = -r2
frob r0, 1
r0 = 1 +
r0 =
call
exit r0
r0 = 1 /* unterminated
a: a: exit
r0 = 0x10000000000000000 ll
*(u64 *)(r1 + 0) = w2
w0 = *(s8 *)(r1 + 0)
r0 = 1 / 0
r12 = 1
r0 = *(u128 *)(r1 + 0)
r0 = 08
r0 = 0x
mov %r0
ldxw %r1, [%r2]
jeq %r0, 0
movs %r0, %r1, 64
bswap %r0, 8
r0 = r1 @
EOF
fi

# Instructions written as data must come out whole: btfcc's code buffers
# hold 8-byte instructions (GNU as would emit the stray bytes), and a
# value with labels is settled inside one instruction.
whole() { # TEXT EXPECTED-MESSAGE
  printf 'r0 = 0\n%b\n' "$1" >"$W/w.s"
  "$BTFTOOL" bpf-asm -o "$W/w.bin" "$W/w.s" >"$W/w.out" 2>"$W/w.err"
  local rc=$?
  if [ $rc -eq 1 ] && grep -q "^$W/w.s:[0-9]*:[0-9]*: error: .*$2" "$W/w.err"; then
    pass "bpfasm/errors data: '$1'"
  else
    fail "bpfasm/errors data: '$1' (exit $rc)"; cat "$W/w.err"
  fi
}
whole '.byte 0x95, 0, 0' "make 3 bytes, not a whole 8-byte instruction"
whole '.long 0x95\nexit' "make 4 bytes, not a whole 8-byte instruction"
whole '.long 0x95\nl: .long 0' "make 4 bytes, not a whole 8-byte instruction"
whole '.byte 0x05, 0, 0, 0, 0, 0\n.long 1f - 1f\n1: exit' "must lie within one instruction"
whole '.short 70000' "does not fit in 2 bytes"
whole '.byte 0x05, 0\n.short nowhere\n.long 0' "label 'nowhere' is not defined here"

# Damaged input: an error (exit 1, a located message) or success, never
# a crash or a hang.
damaged() { # NAME FILE
  timeout 20 "$BTFTOOL" bpf-asm -o "$W/d.bin" "$2" >/dev/null 2>"$W/d.err"
  local rc=$?
  if [ $rc -eq 0 ] || { [ $rc -eq 1 ] && grep -q ": error: " "$W/d.err"; }; then
    pass "bpfasm/errors damaged: $1"
  else
    fail "bpfasm/errors damaged: $1 (exit $rc)"; head -3 "$W/d.err"
  fi
}
head -c 4096 "$BTFTOOL" >"$W/bin.s"; damaged "binary bytes" "$W/bin.s"
printf 'r0 = 1\0r1 = 2\n' >"$W/nul.s"; damaged "a NUL byte" "$W/nul.s"
python3 -c "print('r0 = ' + '(' * 50000 + '1' + ')' * 50000)" >"$W/deep.s"
damaged "50000 parentheses" "$W/deep.s"
python3 -c "print('r0 = ' + '-' * 50000 + '1')" >"$W/neg.s"
damaged "50000 minus signs" "$W/neg.s"
python3 -c "print(';'.join(['r0 += 1'] * 200000))" >"$W/long.s"
damaged "200000 statements on one line" "$W/long.s"
python3 -c "
for i in range(40000): print('1: goto 1b; goto 1f')
print('1: exit')" >"$W/locals.s"
damaged "40000 numeric labels" "$W/locals.s"
printf '.rept 100000\n.rept 100000\nr0 += 1\n.endr\n.endr\n' >"$W/rept.s"
damaged "ten billion repetitions" "$W/rept.s"
check "bpfasm/errors damaged: the repetition budget is what ends it" grep -q "repeats more than" "$W/d.err"
# A block over the budget is refused before its first round: the body's
# own error (round one) is never reached.
printf '.rept 600000\nr0 += 1\nbogus\n.endr\n' >"$W/rept_over.s"
damaged "600000 rounds of two statements" "$W/rept_over.s"
check "bpfasm/errors damaged: an over-budget block is refused up front" grep -q "1:1: error: .rept repeats more than 1048576" "$W/d.err"
printf '.rept 1048576\nr0 += 1\n.endr\n' >"$W/rept_full.s"
check "bpfasm/errors: a .rept of exactly the budget assembles" "$BTFTOOL" bpf-asm -o "$W/d.bin" "$W/rept_full.s"
check "bpfasm/errors: ... into 1048576 instructions" test "$(stat -c %s "$W/d.bin")" = 8388608
python3 -c "print('.rept 2\n' * 40 + 'exit\n' + '.endr\n' * 40)" >"$W/rept_deep.s"
damaged ".rept nested 40 deep" "$W/rept_deep.s"
printf 'r0 = 1\nif r0 == 0 goto' >"$W/eof.s"; damaged "end of file inside a statement" "$W/eof.s"
: >"$W/empty.s"; damaged "empty file" "$W/empty.s"

# The commands' own errors: exit 1 and one line saying what is wrong.
cli() { # NAME EXPECTED-TEXT ARGS...
  local name=$1 want=$2; shift 2
  "$BTFTOOL" "$@" >"$W/c.out" 2>"$W/c.err"
  local rc=$?
  if [ $rc -eq 1 ] && grep -q -- "$want" "$W/c.err" && [ ! -s "$W/c.out" ]; then
    pass "bpfasm/errors cli: $name"
  else
    fail "bpfasm/errors cli: $name (exit $rc)"; cat "$W/c.err"
  fi
}
printf 'exit\n' >"$W/ok.s"; printf '\225\0\0\0\0\0\0' >"$W/seven.bin"
cli "bpf-asm without FILE" "missing FILE" bpf-asm
cli "bpf-asm, unknown option" "unknown option '-x'" bpf-asm -x "$W/ok.s"
cli "bpf-asm, no such file" "$W/none.s: No such file" bpf-asm "$W/none.s"
cli "bpf-disasm, 7 bytes" "7 bytes, not whole 8-byte instructions" bpf-disasm "$W/seven.bin"
head -c 100 "$BTFTOOL" >"$W/cut.o"
cli "bpf-disasm, a cut ELF file" "$W/cut.o: " bpf-disasm "$W/cut.o"
