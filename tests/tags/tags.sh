#!/usr/bin/env bash
# btf_decl_tag and btf_type_tag: each .c file here states what it expects
# in comments (see check_tags.py): the diagnostics of GCC's attribute
# handlers and the records and references GCC 16 gives (the behaviour the
# seed tests of GCC's patch series check, re-expressed).
source "$TESTROOT/lib.sh"
for f in "$TESTROOT"/tags/*.c; do
  if python3 "$TESTROOT/tags/check_tags.py" "$BTFCC" "$f" > "$TMPDIR/out" 2>&1; then
    pass "$(basename "$f")"
  else
    fail "$(basename "$f")"; cat "$TMPDIR/out"
  fi
done
