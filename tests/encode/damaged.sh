#!/usr/bin/env bash
# btftool encode on damaged DWARF: a clear message naming the unit and
# the DIE, exit status 1, never a crash.  The damage is done to gcc-16's
# own assembler output (-dA comments say which word is which), assembled
# by GNU as: a typedef of itself, a variable's DW_AT_type naming another
# variable, a member of a struct that is itself.  Each damaged object is
# also made a kernel module of two units (ld -r with a second object and
# a .gnu.linkonce.this_module section), whose units encode reads a batch
# at a time, each batch's alone: a batch that fails has the file read
# whole again, so the message is the same.
source "$TESTROOT/lib.sh"
GCC16=${GCC16:-$HOME/.cache/btfcc-oracles/gcc16/bin/gcc-16}
[ -x "$GCC16" ] || { skip "damaged DWARF (no $GCC16)"; exit 0; }
cd "$TMPDIR" || exit 1
printf 'typedef int myint;\nmyint v;\nstruct s { myint a; struct s *next; } w;\n' >dm.c
"$GCC16" -g -S -dA dm.c -o dm.s || { fail "gcc-16 -S -dA"; exit 0; }
# damage WHAT LINE-PATTERN NEW-VALUE: the first DW_AT_type word after the
# DIE whose comment matches PATTERN gets NEW-VALUE (a unit offset).
damage() {
  awk -v pat="$1" -v val="$2" '
    index($0, pat) { armed = 1 }
    armed && /# DW_AT_type$/ { sub(/0x[0-9a-f]+/, val); armed = 0 }
    { print }' dm.s >bad.s && as bad.s -o bad.o
}
off() { sed -n "s/.*(DIE (\(0x[0-9a-f]*\)) $1).*/\1/p" dm.s | sed -n "${2:-1}p"; }
printf 'int other(int x) { return x; }\n' >other.c
"$GCC16" -g -c other.c -o other.o || { fail "gcc-16 -g -c other.c"; exit 0; }
printf '\t.section .gnu.linkonce.this_module,"aw"\n\t.byte 0\n' >this_module.s
as this_module.s -o this_module.o || { fail "as this_module.s"; exit 0; }
# encode_fails NAME FILE MESSAGE-REGEX: exit 1 and one line matching
encode_fails() {
  "$BTFTOOL" encode -o out.btf "$2" >out.txt 2>err.txt; local rc=$?
  if [ $rc = 1 ] && [ "$(wc -l <err.txt)" = 1 ] && grep -q -- "$3" err.txt; then
    pass "$1: $(sed 's/^[^:]*: [^:]*: //' err.txt)"
  else
    fail "$1 (exit $rc)"; cat err.txt
  fi
}
# expect NAME PATTERN VALUE MESSAGE-REGEX: the object and the module
expect() {
  local name=$1
  if ! damage "$2" "$3"; then fail "$name: cannot assemble the damaged object"; return; fi
  encode_fails "$name" bad.o "$4"
  if ! ld -r bad.o other.o this_module.o -o bad.ko; then
    fail "$name: cannot link the damaged module"; return
  fi
  encode_fails "$name, in a module of two units" bad.ko "$4"
}
typedef=$(off DW_TAG_typedef) var=$(off DW_TAG_variable) var2=$(off DW_TAG_variable 2)
member=$(off DW_TAG_member)
unit="compile unit .debug_info+0x0"
expect "a typedef of itself" "$typedef) DW_TAG_typedef" "$typedef" \
  "$unit, DIE $typedef (DW_TAG_typedef): the type refers to itself"
expect "a variable's type is a variable" "$var2) DW_TAG_variable" "$var" \
  "$unit, DIE $var2 (DW_TAG_variable): DW_AT_type refers to DIE $var, a DW_TAG_variable, not a type"
expect "a reference to no DIE" "$member) DW_TAG_member" "0x3" \
  "\.debug_info+0x[0-9a-f]*: DW_AT_type (DW_FORM_ref4): refers to 0x3, which is not the start of a DIE"
# The undamaged object encodes.
as dm.s -o good.o && check "the undamaged object encodes" "$BTFTOOL" encode -o good.btf good.o
ld -r good.o other.o this_module.o -o good.ko &&
  check "the undamaged module encodes" "$BTFTOOL" encode -o good.ko.btf good.ko
