#!/usr/bin/env bash
# Compilations share no state (src/util/ctx.h): tests/house/contexts.c
# compiles each input for both targets one after the other, in the other
# order, and all at once on threads of their own, and wants the same
# bytes and diagnostics every time.  Inputs: a tagged example, a file
# with errors, and vmlinux.h where the kernel has BTF.
. "$TESTROOT/lib.sh"
set -u
ROOT=$TESTROOT/..
W=${TMPDIR:-/tmp}
GEN=$W/contexts
if ! cc -std=c17 -D_GNU_SOURCE $(lib_cflags) -Wall -Wextra -Werror -I "$ROOT/src" \
     -o "$GEN" "$ROOT/tests/house/contexts.c" "$ROOT/$BUILD/libbtfcc.a" -pthread 2>"$W/cc.err"; then
  cat "$W/cc.err"; fail "house/contexts.c builds against the library"; exit 1
fi
inputs=("$ROOT/examples/kernel_tags.c" "$ROOT/tests/diag/errors.c")
if [ -r /sys/kernel/btf/vmlinux ] && command -v bpftool >/dev/null &&
   bpftool btf dump file /sys/kernel/btf/vmlinux format c > "$W/vmlinux.h" 2>/dev/null; then
  inputs+=("$W/vmlinux.h")
else
  skip "contexts: vmlinux.h (no kernel BTF or no bpftool here)"
fi
"$GEN" "${inputs[@]}" > "$W/out.txt" 2>&1
rc=$?
cat "$W/out.txt"
grep -q '^FAIL' "$W/out.txt" || [ "$rc" = 0 ] || fail "contexts: the client exits with $rc"
