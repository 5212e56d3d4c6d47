#!/usr/bin/env bash
# Predefined macros: `btfcc -dM -E` on an empty file prints exactly what
# `gcc -dM -E` prints for every -std (x86_64) and what `bpf-gcc -dM -E`
# prints for --target=bpf/bpfel/bpfeb, except the version-identity macros,
# which are ours by design and left out of the comparison:
#   __GNUC__ __GNUC_MINOR__ __GNUC_PATCHLEVEL__ __VERSION__ __BTFCC__
# (btfcc: 12, 2, 0, "12.2.0 (btfcc VERSION)", 1).
source "$TESTROOT/lib.sh"
source "$TESTROOT/cpp/common.bash"

IDENTITY='^#define (__GNUC__|__GNUC_MINOR__|__GNUC_PATCHLEVEL__|__VERSION__|__BTFCC__) '
empty=$TMPDIR/empty.c
: > "$empty"

# compare NAME "btfcc options" "reference command"
compare() {
  local name=$1 ours=$2 ref=$3
  local want=$TMPDIR/$name.want got=$TMPDIR/$name.got
  $ref -dM -E -x c "$empty" 2>/dev/null | grep -Ev "$IDENTITY" | sort > "$want"
  "$BTFCC" $ours -dM -E "$empty" 2>"$TMPDIR/$name.err" | grep -Ev "$IDENTITY" | sort > "$got"
  if [ -s "$want" ] && cmp -s "$want" "$got"; then
    pass "predef $name"
  else
    fail "predef $name"
    diff "$want" "$got" | head -20
  fi
}

if have gcc; then
  for std in c89 c90 iso9899:1990 c99 c11 c17 c18 c2x gnu89 gnu90 gnu99 gnu11 gnu17 gnu18 gnu2x; do
    compare "x86_64-$std" "-std=$std" "gcc -std=$std"
  done
  compare "x86_64-c23" "-std=c23" "gcc -std=c2x"      # GCC 12 spells it c2x
  compare "x86_64-gnu23" "-std=gnu23" "gcc -std=gnu2x"
  compare "x86_64-default" "" "gcc"
  compare "x86_64-undef" "-undef" "gcc -undef"
  compare "x86_64-ansi" "-ansi" "gcc -ansi"
else
  skip "predef x86_64 (no gcc)"
fi

if have bpf-gcc; then
  for std in c89 c99 c11 c17 c2x gnu89 gnu99 gnu11 gnu17 gnu2x; do
    compare "bpf-$std" "--target=bpf -std=$std" "bpf-gcc -std=$std"
  done
  compare "bpfel" "--target=bpfel" "bpf-gcc -mlittle-endian"
  compare "bpfeb" "--target=bpfeb" "bpf-gcc -mbig-endian"
  compare "bpf-mbig-endian" "--target=bpf -mbig-endian" "bpf-gcc -mbig-endian"
  compare "bpf-undef" "--target=bpf -undef" "bpf-gcc -undef"
else
  skip "predef bpf (no bpf-gcc)"
fi

# The identity macros themselves.
got=$("$BTFCC" -dM -E "$empty" | grep -E "$IDENTITY" | sort | tr '\n' '|')
want='#define __BTFCC__ 1|#define __GNUC_MINOR__ 2|#define __GNUC_PATCHLEVEL__ 0|#define __GNUC__ 12|#define __VERSION__ "12.2.0 (btfcc '
check "predef identity" test "${got#"$want"}" != "$got"
