#!/usr/bin/env bash
# The two BTF listings of the cover letter of GCC's patch series (seed
# 001), record for record: kinds, names, references, component_idx, ids.
# The inputs are the cover letter's declarations (the type_tags example
# needs a definition of struct S; the letter's listing elides its member,
# here one `long`, which is its record [2]).
# - decl_tags: its ids are those of -gprune-btf (tags inside the type
#   block, before the VARs).
# - type_tags: the default (no pruning: tags after VARs and FUNCs).
# The listings stop before the DATASEC record; so does the comparison.
source "$TESTROOT/lib.sh"
dir=$TESTROOT/tags/cover
compare() {  # NAME OPTIONS
  "$BTFCC" -gbtf $2 -c "$dir/$1.c" -o "$TMPDIR/$1.o" || { fail "$1: compile"; return; }
  "$BTFTOOL" dump "$TMPDIR/$1.o" | sed '/DATASEC/,$d' > "$TMPDIR/$1.txt"
  # The letter abbreviates STRUCT S's member list.
  [ "$1" = type_tags ] && sed -i "/^\t'v' /d" "$TMPDIR/$1.txt"
  if diff -u "$dir/$1.expected" "$TMPDIR/$1.txt" > "$TMPDIR/d"; then
    pass "cover letter listing: $1 ${2:-(default)}"
  else
    fail "cover letter listing: $1"; cat "$TMPDIR/d"
  fi
  if can_load_btf; then
    check "cover letter $1: kernel accepts the BTF" "$BTFTOOL" load "$TMPDIR/$1.o"
  else
    skip "cover letter $1: kernel load (bpf(BPF_BTF_LOAD) unavailable)"
  fi
  check_dump "cover letter $1: btftool dump = bpftool dump" "$TMPDIR/$1.o"
}
compare decl_tags -gprune-btf
compare type_tags ""
