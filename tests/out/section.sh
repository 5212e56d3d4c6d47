#!/usr/bin/env bash
# out/: unit checks of the section builder (tests/out/secbuild.c).
. "$TESTROOT/lib.sh"
set -u
ROOT=$TESTROOT/..
W=${TMPDIR:-/tmp}
if ! cc -std=c17 -D_GNU_SOURCE $(lib_cflags) -Wall -Wextra -Werror -I "$ROOT/src" \
     -o "$W/secbuild" "$ROOT/tests/out/secbuild.c" "$ROOT/$BUILD/libbtfcc.a" 2>"$W/cc.err"; then
  cat "$W/cc.err"; fail "out/secbuild builds"; exit 1
fi
"$W/secbuild"
