#!/usr/bin/env bash
# Tests that read bpftool's dump cannot pass by accident.  bpftool exits
# non-zero with no output both for BTF without types and for BTF it cannot
# read; tests used to read "no output" as "nothing to check".  Here bpftool
# is replaced by /bin/false (a PATH shim) and the four scripts that had that
# path -- tags/check_tags.py (through tags/tags.sh), tags/tags.sh,
# kernel/load.sh, vmlinux/vmlinux.sh -- must FAIL, on the dump itself, and
# pass nothing but what the BTF header proves empty (type_len 0).
# vmlinux.sh gets a shim that lets only `btf dump file /sys/kernel/btf/vmlinux
# format c` through: with plain /bin/false it stops before it builds any
# object, which says nothing about the path under test.
source "$TESTROOT/lib.sh"
shim=$TMPDIR/false-bin; mkdir -p "$shim"
ln -sf /bin/false "$shim/bpftool"
real=$(command -v bpftool) || { skip "false bpftool (no bpftool to compare with)"; exit 0; }
vshim=$TMPDIR/vmlinux-bin; mkdir -p "$vshim"
cat > "$vshim/bpftool" <<EOT
#!/bin/sh
[ "\$*" = "btf dump file /sys/kernel/btf/vmlinux format c" ] && exec "$real" "\$@"
exit 1
EOT
chmod +x "$vshim/bpftool"

# bpftool_dump (lib.sh) itself: 0 with bpftool, 1 for an object without
# types, 2 for one with types that "bpftool" cannot dump.
printf 'int f(void);\n' > "$TMPDIR/none.c"
printf 'struct s { int a; } v;\n' > "$TMPDIR/some.c"
"$BTFCC" -gbtf -c "$TMPDIR/none.c" -o "$TMPDIR/none.o" &&
  "$BTFCC" -gbtf -c "$TMPDIR/some.c" -o "$TMPDIR/some.o" || { fail "false bpftool: compile"; exit 0; }
bpftool_dump "$TMPDIR/some.o" "$TMPDIR/d"; r1=$?
bpftool_dump "$TMPDIR/none.o" "$TMPDIR/d"; r2=$?
PATH=$shim:$PATH bpftool_dump "$TMPDIR/some.o" "$TMPDIR/d"; r3=$?
PATH=$shim:$PATH bpftool_dump "$TMPDIR/none.o" "$TMPDIR/d"; r4=$?
printf 'not BTF' > "$TMPDIR/junk.bin"
bpftool_dump "$TMPDIR/junk.bin" "$TMPDIR/d"; r5=$?
check "bpftool_dump: types 0, none 1, types under /bin/false 2, none under /bin/false 1, junk 2 (got $r1 $r2 $r3 $r4 $r5)" \
  [ "$r1 $r2 $r3 $r4 $r5" = "0 1 2 1 2" ]

# run_shimmed SHIMDIR SCRIPT: the test script's report with that bpftool.
run_shimmed() {
  local d=$TMPDIR/run-$(basename "$(dirname "$2")")
  mkdir -p "$d"
  ( export PATH=$1:$PATH TMPDIR=$d; bash "$TESTROOT/$2" ) > "$d.out" 2>&1
  echo "$d.out"
}
# expect_fails NAME OUT FAIL-REGEX PASS-OK-REGEX: OUT has a failed case
# whose name matches FAIL-REGEX, and every passed case's name matches
# PASS-OK-REGEX (both anchored at the start of the name).
expect_fails() {
  local name=$1 out=$2 nf bad
  nf=$(grep -cE "^FAIL: ($3)" "$out")
  bad=$(grep '^PASS: ' "$out" | grep -vE "^PASS: ($4)" | head -3 | tr '\n' ' ')
  if [ "$nf" -gt 0 ] && [ -z "$bad" ]; then
    pass "$name fails with bpftool = /bin/false ($nf failed cases)"
  else
    fail "$name with bpftool = /bin/false: $nf failed dumps, passes: ${bad:-none}"
    grep -E '^(FAIL|SKIP)' "$out" | head -5 | sed 's/^/    /' 
  fi
}

out=$(run_shimmed "$shim" tags/tags.sh)
# check_tags.py: a file whose records are checked fails ...
check "tags/check_tags.py fails with bpftool = /bin/false" grep -qx 'FAIL: decl_tag_vars.c' "$out"
grep -q 'bpftool -j btf dump failed (exit 1) on BTF with type_len' "$out" &&
  pass "tags/check_tags.py names the failed dump" || fail "tags/check_tags.py names the failed dump"
# ... and tags.sh's own btftool = bpftool comparison fails on the dump.
# What may pass: check_tags.py cases with only diagnostics or no types
# (their names alone), comparisons of objects the header proves empty, and
# __has_attribute, which reads no BTF.
expect_fails "tags/tags.sh dump comparison" "$out" '.*: bpftool cannot dump the BTF$' \
  '[a-z0-9_]+\.c$|.*\(no types: neither prints anything\)$|__has_attribute'

out=$(run_shimmed "$shim" kernel/load.sh)
if grep -q '^SKIP: kernel load' "$out"; then
  skip "kernel/load.sh with bpftool = /bin/false (bpf(BPF_BTF_LOAD) unavailable here)"
else
  expect_fails "kernel/load.sh" "$out" '.*: bpftool cannot dump the BTF$' '.*: no types \(type_len 0, nothing to load\)$'
fi

if [ -r /sys/kernel/btf/vmlinux ] && can_load_btf; then
  out=$(run_shimmed "$vshim" vmlinux/vmlinux.sh)
  # Compiling passes; what reads the BTF through bpftool may not.
  expect_fails "vmlinux/vmlinux.sh" "$out" '.*: bpftool cannot dump the BTF$' \
    'vmlinux.h compiles|v-default-[a-z0-9_]+\.o: no types \(type_len 0\), nothing to load$'
else
  skip "vmlinux/vmlinux.sh with bpftool = /bin/false (no kernel BTF or bpf(BPF_BTF_LOAD))"
fi
