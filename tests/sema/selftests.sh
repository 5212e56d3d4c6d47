#!/usr/bin/env bash
# The typed tree over real BPF programs: every program of the kernel's
# BPF selftests (tests/install-selftests) that btfcc accepts gets a
# complete tree -- no node the parser could not build (a NULL operand
# prints "(null)", a non-constant EX_CONST "?", an unknown kind "?N"),
# and no compile crashes (nor sanitizer reports, under
# BUILD=build-san).  Uses the running kernel's vmlinux.h, as tests/bpf
# does.
. "$TESTROOT/lib.sh"
SELFTESTS_DIR=${SELFTESTS_DIR:-$HOME/.cache/btfcc-oracles/selftests}
src=$SELFTESTS_DIR/src/tools/testing/selftests/bpf
if [ ! -d "$src/progs" ] || [ ! -d "$SELFTESTS_DIR/build/include" ]; then
  skip "tree/selftests (kernel selftests not installed in $SELFTESTS_DIR; run tests/install-selftests)"
  exit 0
fi
vmdir=$SELFTESTS_DIR/kernel-$(uname -r)
if [ ! -s "$vmdir/vmlinux.h" ]; then
  if [ ! -r /sys/kernel/btf/vmlinux ] || ! command -v bpftool >/dev/null; then
    skip "tree/selftests (no vmlinux.h: needs /sys/kernel/btf/vmlinux and bpftool)"; exit 0
  fi
  mkdir -p "$vmdir" && bpftool btf dump file /sys/kernel/btf/vmlinux format c > "$vmdir/vmlinux.h.tmp" &&
    mv "$vmdir/vmlinux.h.tmp" "$vmdir/vmlinux.h" || { fail "tree/selftests (bpftool)"; exit 0; }
fi
sysinc=$(LC_ALL=C gcc -xc -E -v - </dev/null 2>&1 |
  sed -n '/^#include <...> search starts here:/,/^End of search list./p' | sed '1d;$d' |
  sed 's/^ */-idirafter /' | tr '\n' ' ')
n=0 ok=0 crashed=0 holes=0
for f in "$src"/progs/*.c; do
  name=$(basename "$f" .c)
  n=$((n + 1))
  # shellcheck disable=SC2086  # sysinc is a list of options
  "$BTFCC" --target=bpf -g -D__TARGET_ARCH_x86 -mlittle-endian -I"$vmdir" \
    -I"$SELFTESTS_DIR/build/include" -I"$src" -I"$SELFTESTS_DIR/src/tools/include/uapi" \
    -std=gnu11 $sysinc -DENABLE_ATOMICS_TESTS -fsyntax-only \
    -fdump-tree="$TMPDIR/t.tree" "$f" 2>"$TMPDIR/t.err"
  rc=$?
  # A sanitizer report (BUILD=build-san) exits 1 like a compile error.
  if grep -q -E 'ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer' "$TMPDIR/t.err"; then
    rc=134
  fi
  if [ $rc -ge 128 ]; then
    crashed=$((crashed + 1)); echo "crash ($rc): $name"
  elif [ $rc -eq 0 ]; then
    ok=$((ok + 1))
    if grep -q -E '\(null\)|\?[0-9]|\(const <[^>]*> \?\)|<\?>' "$TMPDIR/t.tree"; then
      holes=$((holes + 1)); echo "incomplete tree: $name"
      grep -o -E '.{60}(\(null\)|\?[0-9]|\(const <[^>]*> \?\)|<\?>)' "$TMPDIR/t.tree" | head -2
    fi
  fi
done
echo "selftest programs: $n, accepted: $ok, crashes: $crashed, incomplete trees: $holes"
check "tree/selftests: no crash" test "$crashed" -eq 0
check "tree/selftests: every accepted program has a complete tree ($ok of $n accepted)" test "$holes" -eq 0
# A floor, not an exact count: what btfcc accepts moves with the
# preprocessor and the libbpf headers' compiler checks (768 of 798 on
# Linux 6.12's selftests when this was written).
check "tree/selftests: btfcc accepts the programs (at least 760)" test "$ok" -ge 760
