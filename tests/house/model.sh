#!/usr/bin/env bash
# The debug model stands alone: tests/house/model.c fills it by hand (no
# parser, no sema), and the BTF and DWARF generators write it.  The BTF
# must be what bpftool prints below, pass btftool check (the kernel's
# rules) and load into the running kernel where that works; the DWARF
# must carry the two annotations.  bpftool's and btftool's exit statuses
# are checked: empty output is never taken for a pass.
. "$TESTROOT/lib.sh"
set -u
ROOT=$TESTROOT/..
W=${TMPDIR:-/tmp}
GEN=$W/model
if ! cc -std=c17 -D_GNU_SOURCE $(lib_cflags) -Wall -Wextra -Werror -I "$ROOT/src" \
     -o "$GEN" "$ROOT/tests/house/model.c" "$ROOT/$BUILD/libbtfcc.a" -pthread 2>"$W/cc.err"; then
  cat "$W/cc.err"; fail "house/model.c builds against the model alone"; exit 1
fi
pass "house/model.c builds against the model alone"

check "a hand-made model: BTF written" "$GEN" btf "$W/m.o"
cat >"$W/want.txt" <<'END'
[1] STRUCT 'point' size=16 vlen=2
	'x' type_id=2 bits_offset=0
	'p' type_id=3 bits_offset=64
[2] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED
[3] PTR '(anon)' type_id=8
[4] INT 'long unsigned int' size=8 bits_offset=0 nr_bits=64 encoding=(none)
[5] ARRAY '(anon)' type_id=4 index_type_id=4 nr_elems=0
[6] VAR 'origin' type_id=1, linkage=global
[7] VAR 'counts' type_id=5, linkage=global
[8] TYPE_TAG 'user' type_id=2
[9] DECL_TAG 'pinned' type_id=6 component_idx=-1
[10] DATASEC '.bss' size=0 vlen=1
	type_id=6 offset=0 size=16 (VAR 'origin')
END
if command -v bpftool >/dev/null; then
  if bpftool btf dump file "$W/m.o" >"$W/got.txt" 2>"$W/bpftool.err"; then
    check "a hand-made model: bpftool's dump of its BTF" diff "$W/want.txt" "$W/got.txt"
  else
    cat "$W/bpftool.err"; fail "a hand-made model: bpftool reads its BTF"
  fi
else
  skip "a hand-made model: bpftool's dump (bpftool not installed)"
fi
check "a hand-made model: btftool dump equals the expected dump" \
  diff "$W/want.txt" <("$BTFTOOL" dump "$W/m.o")
check "a hand-made model: btftool check --fixup (the kernel's rules after libbpf's)" \
  "$BTFTOOL" check --fixup "$W/m.o"
if can_load_btf; then
  check "a hand-made model: the kernel loads its BTF" "$BTFTOOL" load "$W/m.o"
else
  skip "a hand-made model: kernel load (BPF_BTF_LOAD unavailable)"
fi

check "a hand-made model: DWARF written" "$GEN" dwarf "$W/d.o"
# (the unit DIE is gnu23's: DW_AT_language_name and _version, 5 bytes)
cat >"$W/want-dwarf.txt" <<'END'
compile unit .debug_info+0x0 'model.c' (DWARF 5)
0x47 DW_TAG_pointer_type (anon): btf_type_tag "user"
0x5a DW_TAG_variable 'origin': btf_decl_tag "pinned"
DW_TAG_GNU_annotation DIEs: 2, DW_AT_GNU_annotation attributes: 2
END
if "$BTFTOOL" annotations "$W/d.o" >"$W/got-dwarf.txt" 2>"$W/btftool.err"; then
  check "a hand-made model: the DWARF's annotations" diff "$W/want-dwarf.txt" "$W/got-dwarf.txt"
else
  cat "$W/btftool.err"; fail "a hand-made model: btftool reads its DWARF"
fi
