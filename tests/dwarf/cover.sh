#!/usr/bin/env bash
# The two DWARF listings of the cover letter of GCC's patch series (seed
# 001, read in place), against our DWARF for the same declarations
# (tests/tags/cover/*.c, the inputs of the BTF listings' test):
#  - listing 1, "Example: btf_decl_tag": x with "rw", "devicemem" and the
#    anonymous struct's member ptr with "rw" (decl_tags.c);
#  - listing 2, "Example: btf_type_tag": x's int with "rcu", "foo" and
#    do_thing's parameters rcu_s ("rcu") and ptr ("foo") (type_tags.c).
# Compared: which DIE refers to which annotation DIEs, in which order,
# which annotation DIEs are shared, which DIEs use the annotated types,
# and how many annotation DIEs there are (cover.py).  Offsets,
# abbreviations and the lines the letter elides are not compared.
source "$TESTROOT/lib.sh"
set -u
LETTER=$(ls "$SHARED"/seeds/001-cover-*.txt 2>/dev/null | head -1)
if [ -z "$LETTER" ]; then
  skip "cover letter DWARF listings (seed 001 not found)"
  exit 0
fi
P=$TESTROOT/dwarf/cover.py
n=0
for ex in decl_tags type_tags; do
  n=$((n + 1))
  python3 "$P" letter "$LETTER" $n >"$TMPDIR/letter$n.txt"
  # The letter's graph is what its prose says, before it is used as the
  # reference: sharing of "rw" (listing 1), of "rcu" but not "foo" (2).
  case $ex in
  decl_tags) check "cover letter listing 1 read: x -> devicemem -> rw, ptr -> the same rw" \
               grep -q '^DW_TAG_variable x: devicemem\[2\] rw\[1\]' "$TMPDIR/letter$n.txt" ;;
  type_tags) check "cover letter listing 2 read: rcu shared, two foo DIEs" \
               grep -q '^DW_TAG_pointer_type -> void: foo\[3\]' "$TMPDIR/letter$n.txt" ;;
  esac
  for v in 5 4; do
    for tgt in x86_64 bpf; do
      name="cover letter DWARF listing $n ($ex), DWARF $v, $tgt"
      if ! "$BTFCC" --target=$tgt -gdwarf-$v -c "$TESTROOT/tags/cover/$ex.c" -o "$TMPDIR/c.o" 2>"$TMPDIR/err"; then
        fail "$name: compiles"; head -3 "$TMPDIR/err"; continue
      fi
      readelf --debug-dump=info "$TMPDIR/c.o" >"$TMPDIR/c.txt" 2>&1
      python3 "$P" readelf "$TMPDIR/c.txt" >"$TMPDIR/ours.txt"
      if diff -u "$TMPDIR/letter$n.txt" "$TMPDIR/ours.txt" >"$TMPDIR/d"; then
        pass "$name: same annotation graph"
      else
        fail "$name: same annotation graph"; cat "$TMPDIR/d"
      fi
    done
  done
done
