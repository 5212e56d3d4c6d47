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
  # Objects that compile: btftool and bpftool dump them alike.
  grep -q '/\* error:' "$f" && continue
  extra=$(sed -n 's|.*/\* options: \(.*\) \*/.*|\1|p' "$f" | head -1)
  for tgt in x86_64 bpf; do
    "$BTFCC" --target=$tgt -gbtf $extra -w -c "$f" -o "$TMPDIR/o.o" 2>/dev/null || continue
    check_dump "$(basename "$f") $tgt: btftool dump = bpftool dump" "$TMPDIR/o.o"
  done
done

# __has_attribute knows both attributes, in every spelling.
printf '#if __has_attribute(btf_type_tag) && __has_attribute(__btf_decl_tag__) && __has_c_attribute(gnu::btf_type_tag) && __has_c_attribute(gnu::btf_decl_tag) && !__has_attribute(no_such_attribute)\nyes\n#endif\n' > "$TMPDIR/h.c"
"$BTFCC" -E -P "$TMPDIR/h.c" | grep -q '^yes$' && pass "__has_attribute / __has_c_attribute report both tags" || fail "__has_attribute"
