#!/usr/bin/env bash
# Decl tags on a global declared extern and then defined (GCC PR122248,
# ../shared/spec/ecosystem-facts.md: "the tags are merged, and the
# extern/AT_specification DIEs carry chains"): the declaration DIE
# carries the tags merged so far (its chain replaced at each
# redeclaration, GCC's "added last, after any existing one is removed"),
# the definition DIE (DW_AT_specification) the whole merged chain, and
# equal chains share their DIEs.  BTF has one VAR for the pair.
source "$TESTROOT/lib.sh"
set -u
W=$TMPDIR
SRC=$TESTROOT/tags/redeclaration.c
"$BTFCC" -gdwarf -c "$SRC" -o "$W/r.o" || { fail "redeclaration.c compiles"; exit 0; }
"$BTFTOOL" annotations "$W/r.o" | sed -E 's/^0x[0-9a-f]+ //' >"$W/got.txt"
cat >"$W/want.txt" <<'WANT'
compile unit .debug_info+0x0 'REDECL' (DWARF 5)
DW_TAG_variable 'shared': btf_decl_tag "second", btf_decl_tag "first"
DW_TAG_variable (anon): btf_decl_tag "third", btf_decl_tag "second", btf_decl_tag "first"
DW_TAG_variable 'twice': btf_decl_tag "x"
DW_TAG_variable (anon): btf_decl_tag "x"
DW_TAG_subprogram 'fn': btf_decl_tag "def", btf_decl_tag "proto"
DW_TAG_GNU_annotation DIEs: 6, DW_AT_GNU_annotation attributes: 8
WANT
sed -i "s|'REDECL'|'$SRC'|" "$W/want.txt"
if diff "$W/want.txt" "$W/got.txt" >"$W/diff"; then
  pass "redeclared globals: declaration and definition DIEs carry their chains"
else
  fail "redeclared globals: annotation chains"; cat "$W/diff"
fi
# The definition DIE names the declaration and repeats neither name nor
# type (llvm-dwarfdump shows what the specification resolves to).
llvm-dwarfdump-19 --debug-info "$W/r.o" 2>/dev/null >"$W/dump.txt" || true
if [ -s "$W/dump.txt" ]; then
  check "DW_AT_specification names the declaration" \
    grep -q 'DW_AT_specification.*"shared"' "$W/dump.txt"
  check "the declaration DIE says DW_AT_declaration" \
    bash -c "grep -A8 'DW_AT_name.*\"shared\"' '$W/dump.txt' | grep -q DW_AT_declaration"
else
  skip "llvm-dwarfdump checks (no llvm-dwarfdump-19)"
fi
"$BTFCC" -gbtf -c "$SRC" -o "$W/b.o"
vars=$(bpftool btf dump file "$W/b.o" | grep -c "^\[[0-9]*\] VAR 'shared'")
check "BTF: one VAR for the declaration and its definition" [ "$vars" = 1 ]
