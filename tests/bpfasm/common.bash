# Helpers for tests/bpfasm/*.sh: the oracles, and the bytes and
# relocations of a code section, read the same way from every object.
# Sourced after tests/lib.sh.

LLVM_MC=llvm-mc-19
CLANG=clang-19
# binutils' tools start ten times faster than LLVM's: theirs if present.
OBJCOPY=llvm-objcopy-19; command -v bpf-objcopy >/dev/null && OBJCOPY=bpf-objcopy
READELF=llvm-readelf-19; command -v readelf >/dev/null && READELF=readelf

# GNU as for BPF, binutils >= 2.41 (2.40's has neither BPF v4 nor GCC's
# pseudo-C): bpf-gcc 16's own (../shared/tools/get-gcc16), else bpf-as.
find_bpf_as() {
  local g cand
  for g in bpf-gcc-16 "$HOME/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16"; do
    if command -v "$g" >/dev/null 2>&1; then
      cand=$("$g" -print-prog-name=as 2>/dev/null)
      [ -x "$cand" ] && break
    fi
    cand=
  done
  for c in $cand bpf-as; do
    local v
    v=$("$c" --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p')
    set -- $v
    if [ -n "$v" ] && { [ "$1" -gt 2 ] || [ "$2" -ge 41 ]; }; then
      echo "$c"; return 0
    fi
  done
  return 1
}
BPF_AS=$(find_bpf_as || true)

have() { command -v "$1" >/dev/null 2>&1; }

# section_bytes OBJ SECTION OUT: the section's bytes (empty if absent).
section_bytes() {
  "$OBJCOPY" -O binary --only-section="$2" "$1" "$3" 2>/dev/null || : >"$3"
}

# section_relocs OBJ SECTION: "OFFSET TYPE SYMBOL" per relocation of the
# section (offsets as 16 hex digits; binutils 2.40's R_BPF_INSN_* named
# as LLVM and later binutils name them).
section_relocs() {
  "$READELF" -r -W "$1" | awk -v want="$2" -v q="'" '
    /^Relocation section/ { s = $3; gsub(q, "", s); sub(/^\.rel(a)?/, "", s); on = (s == want); next }
    on && NF >= 5 && $1 ~ /^[0-9a-f]+$/ {
      t = $3; sub(/R_BPF_INSN_64/, "R_BPF_64_64", t); sub(/R_BPF_INSN_DISP32/, "R_BPF_64_32", t)
      o = $1; while (length(o) < 16) o = "0" o
      printf "%s %s %s\n", o, t, $5 }'
}

# A hex dump of FILE, one 8-byte slot per line, numbered.
slots() { od -An -v -tx1 -w8 "$1" | awk '{ printf "%5d:%s\n", NR - 1, $0 }'; }

# compare_bin NAME EXPECTED ACTUAL: PASS/FAIL with the first differences.
compare_bin() {
  if cmp -s "$2" "$3" && [ -s "$2" ]; then
    pass "$1"
  else
    fail "$1"
    diff <(slots "$2") <(slots "$3") | head -${DIFF_LINES:-12}
  fi
}

# exec_sections OBJ: the names of its code sections (PROGBITS, flag X).
exec_sections() {
  "$READELF" -S -W "$1" | awk '/^ *\[ *[0-9]+\]/ {
    sub(/^ *\[ *[0-9]+\] */, ""); if ($2 == "PROGBITS" && $7 ~ /X/) print $1 }'
}

# roundtrip NAME OBJ [-EB]: `btftool bpf-disasm OBJ`, assembled again by
# GNU as, has every code section's bytes and relocations of OBJ.  One
# PASS or FAIL line.
roundtrip() {
  local name=$1 obj=$2 eb=${3:-} w=${TMPDIR:-/tmp}/rt.$$ s bad=
  if ! "$BTFTOOL" bpf-disasm "$obj" >"$w.s" 2>"$w.err"; then
    fail "$name (bpf-disasm: $(head -1 "$w.err"))"; return
  fi
  if ! "$BPF_AS" ${eb:--EL} -mdialect=pseudoc "$w.s" -o "$w.o" 2>"$w.err"; then
    fail "$name (GNU as rejects the text)"; head -5 "$w.err"; return
  fi
  local n=0
  for s in $(exec_sections "$obj"); do
    n=$((n + 1))
    section_bytes "$obj" "$s" "$w.a"; section_bytes "$w.o" "$s" "$w.b"
    if ! cmp -s "$w.a" "$w.b"; then
      bad="$bad $s"; diff <(slots "$w.a") <(slots "$w.b") | head -6
    fi
    if ! diff <(section_relocs "$obj" "$s") <(section_relocs "$w.o" "$s") >"$w.d"; then
      bad="$bad $s(relocations)"; head -6 "$w.d"
    fi
  done
  if [ $n -eq 0 ]; then
    fail "$name (no code sections)"
  elif [ -n "$bad" ]; then
    fail "$name:$bad"
  else
    pass "$name ($n code sections)"
  fi
  rm -f "$w".*
}

# compare_asm NAME ORACLE_OBJ SOURCE [-EB]: `btftool bpf-asm SOURCE` has
# the .text bytes and relocations of ORACLE_OBJ (an oracle's object of the
# same text).  PASS or FAIL lines for the bytes and the relocations.
compare_asm() {
  local name=$1 obj=$2 src=$3 eb=${4:-} w=${TMPDIR:-/tmp}/ca.$$
  section_bytes "$obj" .text "$w.ref"
  section_relocs "$obj" .text >"$w.refrel"
  if ! "$BTFTOOL" bpf-asm $eb -o "$w.ours" "$src" >"$w.ourrel" 2>"$w.err"; then
    fail "$name (bpf-asm rejects the input)"; head -5 "$w.err"; rm -f "$w".*; return
  fi
  compare_bin "$name bytes" "$w.ref" "$w.ours"
  if diff "$w.refrel" "$w.ourrel" >"$w.diff"; then
    pass "$name relocations ($(wc -l <"$w.refrel"))"
  else
    fail "$name relocations"; head -10 "$w.diff"
  fi
  rm -f "$w".*
}
