#!/usr/bin/env bash
# Every C file of the test suite that btfcc compiles, as DWARF 5 and 4,
# for x86-64 and BPF, as an object (-c) and, for x86-64, as assembly
# (-S -dA) assembled by GNU as: three DWARF readers accept each object.
#  - llvm-dwarfdump --verify says "No errors." and warns of nothing but
#    ".debug_line[...].prologue.file_names[1] is a duplicate of
#    file_names[0]": DWARF 5 line tables name the primary file as entry
#    0 and again as entry 1, as GCC's do (gcc -gdwarf-5 objects get the
#    same warning), since DW_AT_decl_file 1 must name the primary file.
#  - readelf --debug-dump=info,line,abbrev,str prints no "readelf:
#    Warning" or "readelf: Error".  Exception, BPF only: binutils 2.40's readelf does not know
#    the relocations R_BPF_64_ABS64 (2) and R_BPF_64_ABS32 (3) of LLVM
#    and binutils >= 2.41 (2.40 numbered BPF relocations differently)
#    and says "unable to apply unsupported reloc type 2" (or 3) for
#    those in debug sections (the code's addresses, the strings);
#    clang-19's BPF objects with -g get the same.
#  - eu-readelf -w prints nothing on standard error and no "invalid",
#    "cannot", "error", "warning" or "???" in its dump (outside quoted
#    strings and the input's own name).  Exception: elfutils 0.188 does
#    not know DW_AT_language_name (0x90) and DW_AT_language_version
#    (0x91), which GCC 16 writes in DWARF 5 (DWARF 6's, checked against
#    gcc-16 in gcc16.sh); it prints "???" for their names and still
#    decodes their forms.
# The inputs: tests/tags/*.c (with their "options:" comment; those that
# expect an error are left out), tests/btftool/inputs/*.c,
# tests/layout/cases.c, examples/*.c and the seed tests under
# ../shared/seeds/tests (with their dg-options less the debug-format
# ones; those with dg-error are left out).
source "$TESTROOT/lib.sh"
set -u
ROOT=$TESTROOT/..
SEEDS=$SHARED/seeds/tests
DWARFDUMP=$(command -v llvm-dwarfdump-19 || command -v llvm-dwarfdump || true)
for tool in readelf eu-readelf as; do
  command -v $tool >/dev/null || { skip "DWARF validity ($tool unavailable)"; exit 0; }
done
[ -n "$DWARFDUMP" ] || { skip "DWARF validity (llvm-dwarfdump unavailable)"; exit 0; }

# The jobs: FILE<TAB>OPTIONS[<TAB>TARGETS], one per input.
jobs=$TMPDIR/jobs
: >"$jobs"
for f in "$ROOT"/tests/tags/*.c; do
  grep -q '/\* error:' "$f" && continue
  printf '%s\t%s\n' "$f" "$(sed -n 's|.*/\* options: \(.*\) \*/.*|\1|p' "$f" | head -1)" >>"$jobs"
done
for f in "$ROOT"/tests/btftool/inputs/*.c "$ROOT"/tests/layout/cases.c "$ROOT"/examples/*.c; do
  # Host programs (they include glibc headers, which have no BPF variant).
  case $f in */diedump.c | */libbpf_fixup.c) targets=x86_64 ;; *) targets= ;; esac
  printf '%s\t-I%s\t%s\n' "$f" "$ROOT/src" "$targets" >>"$jobs"
done
if [ ! -d "$SEEDS" ]; then
  # Said, not silent: in a worktree ../shared was not found, and half the
  # cases went missing without a word.
  skip "DWARF validity of the seed tests ($SEEDS not found)"
else
  for f in $(find "$SEEDS" -name '*.c' | sort); do
    grep -q 'dg-error' "$f" && continue
    opts=$(sed -n 's/.*dg-options "\(.*\)".*/\1/p' "$f" | head -1)
    # -gbtf stays (BTF and DWARF both), the DWARF and CTF options go.
    opts=$(printf '%s\n' $opts | grep -v -E '^-g(dwarf.*|ctf.*)?$' | tr '\n' ' ')
    printf '%s\t%s\n' "$f" "$opts" >>"$jobs"
  done
fi

export DWARFDUMP
# one FILE OPTIONS VERSION TARGET MODE: compile, read, print PASS/FAIL.
one() {
  local f=$1 opts=$2 v=$3 tgt=$4 mode=$5
  local w name o
  w=$(mktemp -d "$TMPDIR/one.XXXXXX")
  name="${f#$ROOT/}"; name="${name#"$SEEDS"/}"
  name="$name: DWARF $v $tgt $mode"
  o=$w/t.o
  if [ "$mode" = -c ]; then
    "$BTFCC" --target=$tgt -gdwarf-$v $opts -w -c "$f" -o "$o" 2>"$w/cc.err"
  else
    "$BTFCC" --target=$tgt -gdwarf-$v $opts -w -S -dA "$f" -o "$w/t.s" 2>"$w/cc.err" &&
      as "$w/t.s" -o "$o" 2>>"$w/cc.err"
  fi
  if [ $? -ne 0 ] || [ -s "$w/cc.err" ]; then
    echo "FAIL: $name: compiles"; head -3 "$w/cc.err"; rm -rf "$w"; return
  fi
  local bad=
  "$DWARFDUMP" --verify "$o" >"$w/v.txt" 2>&1
  if ! grep -qx 'No errors.' "$w/v.txt" ||
     grep -v -E '^(Verifying |No errors\.$|warning: \.debug_line\[0x[0-9a-f]+\]\.prologue\.file_names\[1\] is a duplicate of file_names\[0\]$)' "$w/v.txt" | grep -q .; then
    bad="llvm-dwarfdump --verify"; grep -v '^Verifying ' "$w/v.txt" | head -5
  fi
  readelf --debug-dump=info,line,abbrev,str "$o" >"$w/r.txt" 2>&1
  local ok_reloc='^readelf: Warning: unable to apply unsupported reloc type [23] to section \.debug_'
  [ "$tgt" = bpf ] || ok_reloc='^$'
  if grep -v -E "$ok_reloc" "$w/r.txt" | grep -q -E 'readelf: (Warning|Error)'; then
    bad="$bad readelf"; grep -v -E "$ok_reloc" "$w/r.txt" | grep -E 'readelf: (Warning|Error)' | head -3
  fi
  # (File names such as dropped_warning.c are not complaints.)
  eu-readelf -w "$o" 2>"$w/e.err" | sed -e "s|$(basename "$f" .c)||g" -e 's/"[^"]*"//g' |
    grep -v -E '^ +\?\?\? \(0x9[01]\) +\(data[14]\) [0-9]+$|^ +attr: \?\?\? \(0x9[01]\), form: data[14], offset: 0x[0-9a-f]+$' >"$w/e.txt"
  if [ -s "$w/e.err" ] || grep -q -i -E 'invalid|cannot|error|warning|\?\?\?' "$w/e.txt"; then
    bad="$bad eu-readelf"; head -3 "$w/e.err"; grep -i -E 'invalid|cannot|error|warning|\?\?\?' "$w/e.txt" | head -3
  fi
  if [ -z "$bad" ]; then echo "PASS: $name"; else echo "FAIL: $name:$bad"; fi
  rm -rf "$w"
}
export -f one
export BTFCC ROOT TMPDIR

while IFS=$'\t' read -r f opts targets; do
  for v in 5 4; do
    for tgt in ${targets:-x86_64 bpf}; do
      printf '%s\0%s\0%s\0%s\0%s\0' "$f" "$opts" $v $tgt -c
    done
    printf '%s\0%s\0%s\0%s\0%s\0' "$f" "$opts" $v x86_64 -S
  done
done <"$jobs" | xargs -0 -n5 -P2 bash -c 'one "$@"' _
