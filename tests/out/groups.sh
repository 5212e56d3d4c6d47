#!/usr/bin/env bash
# out/: COMDAT section groups (section_set_group), as -fdebug-types-section
# makes them: several .debug_info sections, each type unit in a group of
# its own.  tests/out/grpgen.c builds the object; asm_write's text,
# assembled by GAS, must give the object that elf_write writes directly,
# for x86-64, BPF little endian and BPF big endian.
#
# Compared after normalising what legitimately differs (as in objects.sh):
# file offsets (GAS puts the relocation sections after .symtab), the order
# of the symbol table (GAS orders it by when it made each symbol), so
# symbol indices in relocations and in a .group's sh_info (readelf -g
# names the signature symbol instead), the contents of .symtab/.strtab,
# and binutils 2.40's own numbers for the BPF relocations.
. "$TESTROOT/lib.sh"
# GNU as 2.47 for BPF (GCC 16's, from get-gcc16): it reads GCC 16's text
# (quoted section names); Debian 12's binutils-bpf 2.40 does not.
BPF_AS=${BPF_AS16:-$HOME/.cache/btfcc-oracles/gcc16/root/usr/bin/bpf-as}
set -u
ROOT=$TESTROOT/..
W=${TMPDIR:-/tmp}
GEN=$W/grpgen

if ! cc -std=c17 -D_GNU_SOURCE $(lib_cflags) -Wall -Wextra -Werror -I "$ROOT/src" \
     -o "$GEN" "$ROOT/tests/out/grpgen.c" "$ROOT/$BUILD/libbtfcc.a" 2>"$W/cc.err"; then
  cat "$W/cc.err"; fail "out/grpgen builds"; exit 1
fi

# quiet CMD...: run, true when it succeeds and prints nothing on stderr.
quiet() {
  if "$@" >/dev/null 2>"$W/quiet.err" && [ ! -s "$W/quiet.err" ]; then return 0; fi
  cat "$W/quiet.err"
  return 1
}

# The section table without addresses and file offsets, and without the
# sh_info (a symbol index) of GROUP sections.
sections() {
  readelf -SW "$1" | grep '^ *\[' | sed -E 's/ [0-9a-f]{16} [0-9a-f]{6} / /' |
    sed -E '/ GROUP /s/^(.* [0-9]+) +[0-9]+( +[0-9]+)$/\1 -\2/'
}
# Symbols without their index, sorted.
symbols() { readelf -sW "$1" | grep -E '^ *[0-9]+:' | sed -E 's/^ *[0-9]+: //' | sort; }
# Relocations per relocation section, in order, without the section's
# file offset; the symbol by name, or a section symbol by its section's
# index (sections share names), not by its index in the symbol table;
# BPF types by size (see objects.sh).  (Lines are picked with grep: mawk
# knows no {16} intervals.)
relocs() {
  { readelf -sW "$1" | grep -E '^ *[0-9]+:' | sed 's/^/SYM /'
    readelf -rW "$1" | grep -E '^(Relocation section|[0-9a-f]{16} )'; } | awk '
    function hex(s,   v, i) {
      for (i = 1; i <= length(s); i++)
        v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
      return v
    }
    $1 == "SYM" { i = $2; sub(/:/, "", i)
                  sym[i + 0] = $5 == "SECTION" ? "section[" $8 "]" : $9; next }
    /^Relocation section/ { sub(/ at offset 0x[0-9a-f]+/, ""); print; next }
    {
      t = substr($2, 9); ty = $3
      if (ty ~ /^R_BPF/) {
        if (t == "00000003" || t == "0000000b") ty = "ABS32"
        else if (t == "00000002" || t == "0000000c") ty = "ABS64"
        else ty = "R_BPF_" t
      }
      s = sym[hex(substr($2, 1, 8))]
      print $1, ty, s, $NF
    }'
}
# Hex dumps of every section with contents of its own, by index (names
# repeat), but relocations (checked by relocs) and the symbol and string
# tables (their order differs).
contents() {
  local i
  for i in $(readelf -SW "$1" | grep -E '^ *\[ *[0-9]+\]' |
             grep -v -E ' (NULL|NOBITS|SYMTAB|STRTAB|RELA?) ' |
             sed -E 's/^ *\[ *([0-9]+)\].*/\1/'); do
    echo "section $i"
    readelf -x "$i" "$1" | grep '^  0x'
  done
}

# The groups expected in grpgen's object (REL is "rela" or "rel").
expected_groups() {
  local rel=$1
  cat <<EOF
COMDAT group section [    1] \`.group' [wi.996e67f7fe6872da] contains 2 sections:
   [Index]    Name
   [   10]   .debug_info
   [   11]   .$rel.debug_info
COMDAT group section [    2] \`.group' [wi.00000000000000aa] contains 3 sections:
   [Index]    Name
   [   14]   .debug_info
   [   15]   .$rel.debug_info
   [   18]   .debug_str
COMDAT group section [    3] \`.group' [wt.0123456789abcdef] contains 2 sections:
   [Index]    Name
   [   16]   .debug_types
   [   17]   .$rel.debug_types
COMDAT group section [    4] \`.group' [cvar] contains 1 sections:
   [Index]    Name
   [   19]   .data.cvar
COMDAT group section [    5] \`.group' [gdata] contains 1 sections:
   [Index]    Name
   [   20]   .data
EOF
}
groups() { readelf -gW "$1" | grep -E '^(COMDAT|   \[)'; }

for tgt in x86_64 bpf bpfeb; do
  case $tgt in
    x86_64) AS=(as); rel=rela ;;
    bpf) AS=("$BPF_AS"); rel=rel ;;
    bpfeb) AS=("$BPF_AS" --EB); rel=rel ;;
  esac
  if ! command -v "${AS[0]}" >/dev/null; then
    skip "groups $tgt (${AS[0]} not installed)"; continue
  fi
  d=$W/$tgt; mkdir -p "$d"
  if ! { "$GEN" $tgt elf "$d/ours.o" && "$GEN" $tgt asm-dA "$d/dA.s" &&
         "$GEN" $tgt asm "$d/plain.s"; }; then
    fail "groups $tgt: grpgen runs"; continue
  fi
  o=$d/ours.o
  check "groups $tgt: readelf -a accepts elf_write's object" quiet readelf -a "$o"
  # The comparisons below must not pass on empty output.
  check "groups $tgt: 16 relocations in 4 sections" \
    test "$(relocs "$o" | wc -l)" = 20 -a "$(contents "$o" | grep -c '^section')" -ge 16
  # Each grouped section's directive names its group.
  check "groups $tgt: asm_write names the groups" \
    test "$(grep -c ',"[a-zA-Z]*G",@progbits,.*,comdat$' "$d/plain.s")" = 6
  check "groups $tgt: readelf -g lists the groups and their members" \
    diff <(expected_groups $rel) <(groups "$o")
  for mode in dA plain; do
    g=$d/gas-$mode.o
    if ! quiet "${AS[@]}" -o "$g" "$d/$mode.s"; then
      fail "groups $tgt: GAS assembles the $mode text"; continue
    fi
    pass "groups $tgt: GAS assembles the $mode text"
    n="groups $tgt $mode"
    check "$n: section headers" diff <(sections "$g") <(sections "$o")
    check "$n: readelf -g" diff <(readelf -gW "$g") <(readelf -gW "$o")
    check "$n: symbols" diff <(symbols "$g") <(symbols "$o")
    check "$n: relocations" diff <(relocs "$g") <(relocs "$o")
    check "$n: section contents" diff <(contents "$g") <(contents "$o")
  done
  # The linker keeps one copy of each group: two copies of the object
  # link (cvar, defined in group cvar, is not defined twice) to what two
  # copies of GAS's object link to.
  if [ $tgt = x86_64 ] && command -v ld >/dev/null; then
    if quiet ld -r -o "$d/ours2.o" "$o" "$o" && quiet ld -r -o "$d/gas2.o" "$d/gas-plain.o" "$d/gas-plain.o"; then
      check "groups $tgt: ld -r keeps one copy of each group" \
        diff <(groups "$d/gas2.o"; sections "$d/gas2.o") <(groups "$d/ours2.o"; sections "$d/ours2.o")
    else
      fail "groups $tgt: ld -r links two copies"
    fi
  fi
done
