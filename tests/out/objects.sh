#!/usr/bin/env bash
# out/: asm_write's text, assembled by GAS, must give the object that
# elf_write writes directly: the same sections (bytes, flags, sizes,
# alignment, links), the same symbols and the same relocations.  Runs for
# x86-64, BPF little endian and BPF big endian.  tests/out/objgen.c builds
# the sections; see its header for what they contain.
. "$TESTROOT/lib.sh"
# GNU as 2.47 for BPF (GCC 16's, from get-gcc16): it reads GCC 16's text
# (quoted section names); Debian 12's binutils-bpf 2.40 does not.
BPF_AS=${BPF_AS16:-$HOME/.cache/btfcc-oracles/gcc16/root/usr/bin/bpf-as}
set -u
ROOT=$TESTROOT/..
W=${TMPDIR:-/tmp}
GEN=$W/objgen

if ! cc -std=c17 -D_GNU_SOURCE $(lib_cflags) -Wall -Wextra -Werror -I "$ROOT/src" \
     -o "$GEN" "$ROOT/tests/out/objgen.c" "$ROOT/$BUILD/libbtfcc.a" 2>"$W/cc.err"; then
  cat "$W/cc.err"; fail "out/objgen builds"; exit 1
fi

# quiet CMD...: run, true when it succeeds and prints nothing on stderr.
quiet() {
  if "$@" >/dev/null 2>"$W/quiet.err" && [ ! -s "$W/quiet.err" ]; then return 0; fi
  cat "$W/quiet.err"
  return 1
}

# The section table without addresses and file offsets.
sections() { readelf -SW "$1" | grep '^ *\[' | sed -E 's/ [0-9a-f]{16} [0-9a-f]{6} / /'; }
# Symbols without their index, sorted.
symbols() { readelf -sW "$1" | grep -E '^ *[0-9]+:' | sed -E 's/^ *[0-9]+: //' | sort; }
# Relocations without the Info word (it holds the symbol index); the type
# as a name that does not depend on the binutils version: binutils 2.40
# numbers R_BPF_64_ABS32/64 11 and 12, LLVM and later binutils 3 and 2.
# (No multi-line ?: and no {16} in awk: mawk knows neither.)
relocs() {
  readelf -rW "$1" | grep -E '^[0-9a-f]{16} ' | awk '{
    t = substr($2, 9); ty = $3
    if (ty ~ /^R_BPF/) {
      if (t == "00000003" || t == "0000000b") ty = "ABS32"
      else if (t == "00000002" || t == "0000000c") ty = "ABS64"
      else ty = "R_BPF_" t
    }
    $2 = ""; $3 = ty; print }' | sort
}
# Dump the contents of every section with file bytes into DIR.
dump_sections() {
  local obj=$1 dir=$2 objcopy=$3 name
  mkdir -p "$dir"
  for name in $(readelf -SW "$obj" | grep '^ *\[' | grep -v -E 'NULL|NOBITS|SYMTAB|STRTAB|RELA? ' |
                sed -E 's/^ *\[ *[0-9]+\] +([^ ]+) .*/\1/'); do
    "$objcopy" --dump-section "$name=$dir/$name" "$obj" "$dir.discard.o" 2>/dev/null || echo "cannot dump $name"
  done
}

# compare_objects NAME GAS_OBJ OUR_OBJ OBJCOPY
compare_objects() {
  local n=$1 g=$2 o=$3 objcopy=$4
  check "$n: section headers" diff <(sections "$g") <(sections "$o")
  check "$n: symbols" diff <(symbols "$g") <(symbols "$o")
  check "$n: relocations" diff <(relocs "$g") <(relocs "$o")
  check "$n: relocations listed" test "$(relocs "$o" | wc -l)" -ge 10
  rm -rf "$W/dg" "$W/do"
  dump_sections "$g" "$W/dg" "$objcopy"; dump_sections "$o" "$W/do" "$objcopy"
  check "$n: section contents" diff -r "$W/dg" "$W/do"
}

for tgt in x86_64 bpf bpfeb; do
  case $tgt in
    x86_64) AS=(as); OBJCOPY=objcopy ;;
    bpf) AS=("$BPF_AS"); OBJCOPY=bpf-objcopy ;;
    bpfeb) AS=("$BPF_AS" --EB); OBJCOPY=bpf-objcopy ;;
  esac
  if ! command -v "${AS[0]}" >/dev/null || ! command -v "$OBJCOPY" >/dev/null; then
    skip "out/$tgt (${AS[0]} or $OBJCOPY not installed)"; continue
  fi
  d=$W/$tgt; mkdir -p "$d"
  if ! { "$GEN" $tgt elf full "$d/ours.o" && "$GEN" $tgt asm-dA full "$d/dA.s" &&
         "$GEN" $tgt asm full "$d/plain.s"; }; then
    fail "$tgt: objgen runs"; continue
  fi

  check "$tgt: readelf -a accepts elf_write's object" quiet readelf -a "$d/ours.o"
  check "$tgt: objcopy accepts elf_write's object" quiet "$OBJCOPY" "$d/ours.o" "$d/copy.o"
  if command -v bpftool >/dev/null; then
    out=$(bpftool btf dump file "$d/ours.o" 2>&1)
    check "$tgt: bpftool reads the BTF" \
      test "$out" = "[1] INT 'int' size=4 bits_offset=0 nr_bits=32 encoding=SIGNED"
  else
    skip "$tgt: bpftool reads the BTF (bpftool not installed)"
  fi

  "$GEN" $tgt elf full "$d/again.o"
  check "$tgt: elf_write is deterministic" cmp -s "$d/ours.o" "$d/again.o"
  "$GEN" $tgt asm-dA full "$d/again.s"
  check "$tgt: asm_write is deterministic" cmp -s "$d/dA.s" "$d/again.s"

  for mode in dA plain; do
    if quiet "${AS[@]}" -o "$d/gas-$mode.o" "$d/$mode.s"; then
      pass "$tgt: GAS assembles the $mode text"
      compare_objects "$tgt $mode" "$d/gas-$mode.o" "$d/ours.o" "$OBJCOPY"
    else
      fail "$tgt: GAS assembles the $mode text"
    fi
  done
done

# The exact text of a small annotated and plain .BTF, per target.
for tgt in x86_64 bpf; do
  for mode in asm-dA asm; do
    "$GEN" $tgt $mode mini "$W/mini.s"
    check "exact text: $tgt $mode" diff "$ROOT/tests/out/expected/mini-$tgt-$mode.s" "$W/mini.s"
  done
done
