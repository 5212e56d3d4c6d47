# btftool annotations and the DWARF reader (src/dwarf/dwarf_read.h):
#  - clang's DW_TAG_LLVM_annotation encoding: exactly what llvm-dwarfdump
#    shows, for x86-64, i386, BPF both byte orders, DWARF 4, 5 and 64-bit
#    DWARF, type units;
#  - GCC's DW_TAG_GNU_annotation encoding (no GCC 16 here): hand-made
#    objects (inputs/mkdwarf.py) assembled for x86-64 (RELA), i386 (REL),
#    BPF little and big endian (REL, binutils' relocation numbers);
#  - GCC 12 and bpf-gcc objects read without error and list nothing;
#  - the reader API against llvm-dwarfdump, DIE by DIE (inputs/diedump.c);
#  - damaged input: one line naming what and where, exit status 1.
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"
set -u

T="timeout 20"
W=$TMPDIR
ROOT=$TESTROOT/..
DWARFDUMP=$(command -v llvm-dwarfdump-19 || command -v llvm-dwarfdump || true)
PY=$(command -v python3 || true)
SRC=$INPUTS/dwarf_tags.c

mkdwarf() { "$PY" "$INPUTS/mkdwarf.py" "$@"; }
oracle() { "$DWARFDUMP" --debug-info --debug-types "$2" | "$PY" "$INPUTS/dwarf_oracle.py" "$1"; }

# same_as_dwarfdump NAME OBJ: btftool annotations lists what llvm-dwarfdump
# shows: the same DIE lines (in any order) and the same counts.
same_as_dwarfdump() {
  local name=$1 obj=$2
  if [ -z "$DWARFDUMP" ] || [ -z "$PY" ]; then
    skip "$name (needs llvm-dwarfdump and python3)"
    return
  fi
  oracle annotations "$obj" >"$W/ref.txt"
  $T "$BTFTOOL" annotations "$obj" >"$W/ours.txt" 2>"$W/ours.err"
  local rc=$?
  { grep '^0x' "$W/ref.txt" | LC_ALL=C sort; grep '^DW_' "$W/ref.txt"; } >"$W/ref.sorted"
  { grep '^0x' "$W/ours.txt" | LC_ALL=C sort; grep '^DW_' "$W/ours.txt"; } >"$W/ours.sorted"
  if [ $rc -eq 0 ] && [ ! -s "$W/ours.err" ] && grep -q '^0x' "$W/ref.txt" &&
     cmp -s "$W/ref.sorted" "$W/ours.sorted"; then
    pass "$name"
  else
    fail "$name (exit $rc)"
    head -3 "$W/ours.err"
    diff "$W/ref.sorted" "$W/ours.sorted" | head -10
  fi
}

# --- clang: DW_TAG_LLVM_annotation ----------------------------------------

if [ -n "$CLANG_BPF" ]; then
  while read -r tag flags; do
    if "$CLANG_BPF" $flags -g -c "$SRC" -o "$W/clang-$tag.o" 2>"$W/cc.err"; then
      same_as_dwarfdump "clang $tag annotations as llvm-dwarfdump shows them" "$W/clang-$tag.o"
    else
      fail "clang $tag compiles"; head -3 "$W/cc.err"
    fi
  done <<'EOF'
x86-64 -target x86_64-linux-gnu
x86-64-O2 -target x86_64-linux-gnu -O2
x86-64-dwarf4 -target x86_64-linux-gnu -gdwarf-4
x86-64-dwarf64 -target x86_64-linux-gnu -gdwarf-5 -gdwarf64
i386 -target i386-linux-gnu
bpf -target bpf -O2
bpf-dwarf4 -target bpf -O2 -gdwarf-4
bpfeb -target bpfeb -O2
bpfeb-dwarf4 -target bpfeb -O2 -gdwarf-4
EOF
  # Type units: C++ (clang makes none for C); decl tags are ignored there,
  # the type tag on the pointer stays.
  printf '%s\n' 'struct S { int __attribute__((btf_type_tag("tp"))) *p; };' \
    'S s;' >"$W/tu.cc"
  for v in 4 5; do
    if "$CLANG_BPF" -x c++ -g -gdwarf-$v -fdebug-types-section -c "$W/tu.cc" \
         -o "$W/tu$v.o" 2>/dev/null; then
      same_as_dwarfdump "clang DWARF $v type unit annotations" "$W/tu$v.o"
      check "clang DWARF $v type unit is named" \
        grep -q "^type unit .debug_.*+0x0 signature 0x[0-9a-f]\{16\} (DWARF $v)$" "$W/ours.txt"
    else
      skip "clang DWARF $v type units (clang++ unavailable)"
    fi
  done
else
  skip "clang objects (clang-19 unavailable)"
fi

# --- GCC 12 and bpf-gcc: no annotations, no errors --------------------------

# no_annotations NAME OBJ: exit 0, nothing on either output.
no_annotations() {
  $T "$BTFTOOL" annotations "$2" >"$W/o.txt" 2>"$W/e.txt"
  local rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$W/o.txt" ] && [ ! -s "$W/e.txt" ]; then
    pass "$1"
  else
    fail "$1 (exit $rc)"; head -3 "$W/e.txt" "$W/o.txt"
  fi
}

gcc_objects=()
while read -r tag cc flags; do
  have "$cc" || { skip "$tag objects ($cc unavailable)"; continue; }
  if $cc $flags -c "$SRC" -o "$W/gcc-$tag.o" 2>/dev/null; then
    no_annotations "$tag object: read, no annotations" "$W/gcc-$tag.o"
    gcc_objects+=("$W/gcc-$tag.o")
  else
    skip "$tag objects ($cc $flags fails)"
  fi
done <<'EOF'
gcc gcc -g
gcc-O2 gcc -g -O2
gcc-dwarf2 gcc -gdwarf-2
gcc-dwarf3 gcc -gdwarf-3
gcc-dwarf4 gcc -gdwarf-4
gcc-dwarf5-g3 gcc -gdwarf-5 -g3
gcc-dwarf64 gcc -gdwarf-5 -gdwarf64
gcc-types4 gcc -gdwarf-4 -fdebug-types-section
gcc-types5 gcc -gdwarf-5 -fdebug-types-section
gcc-m32 gcc -m32 -g
gcc-split gcc -g -gsplit-dwarf
bpf-gcc bpf-gcc -g -O2
bpf-gcc-dwarf4 bpf-gcc -gdwarf-4 -O2
bpf-gcc-eb bpf-gcc -mbig-endian -g -O2
EOF
# A linked executable and a relocatable link of several units.
if gcc -g -O1 -nostdlib -Wl,-e,entry -o "$W/exe" "$SRC" 2>/dev/null; then
  no_annotations "gcc linked executable: read, no annotations" "$W/exe"
  gcc_objects+=("$W/exe")
fi
if [ -f "$W/gcc-gcc.o" ] && [ -f "$W/gcc-gcc-dwarf4.o" ] &&
   ld -r -o "$W/merged.o" "$W/gcc-gcc.o" "$W/gcc-gcc-dwarf4.o" 2>/dev/null; then
  no_annotations "ld -r of DWARF 5 and 4 objects: read, no annotations" "$W/merged.o"
  gcc_objects+=("$W/merged.o")
fi

# --- The reader API against llvm-dwarfdump, DIE by DIE ----------------------

DIEDUMP=$W/diedump
if cc -std=c17 -D_GNU_SOURCE $(lib_cflags) -Wall -Wextra -Werror -I "$ROOT/src" \
     -o "$DIEDUMP" "$INPUTS/diedump.c" "$ROOT/$BUILD/libbtfcc.a" 2>"$W/cc.err"; then
  pass "diedump builds against the library"
else
  fail "diedump builds against the library"; head -5 "$W/cc.err"; DIEDUMP=
fi
# same_dies NAME OBJ: every DIE's offset, tag, name and attribute names.
same_dies() {
  if [ -z "$DIEDUMP" ] || [ -z "$DWARFDUMP" ] || [ -z "$PY" ]; then
    skip "$1 (needs diedump, llvm-dwarfdump and python3)"
    return
  fi
  oracle dies "$2" | LC_ALL=C sort >"$W/ref.dies"
  $T "$DIEDUMP" "$2" 2>"$W/dd.err" | LC_ALL=C sort >"$W/ours.dies"
  if [ -s "$W/ref.dies" ] && [ ! -s "$W/dd.err" ] && cmp -s "$W/ref.dies" "$W/ours.dies"; then
    pass "$1"
  else
    fail "$1"; head -3 "$W/dd.err"; diff "$W/ref.dies" "$W/ours.dies" | head -6
  fi
}
for obj in "$W"/clang-*.o "$W"/tu?.o "${gcc_objects[@]}"; do
  [ -f "$obj" ] || continue
  case $obj in *bpf-gcc*) continue ;; esac # llvm-dwarfdump cannot relocate these
  same_dies "reader API: every DIE of $(basename "$obj") as llvm-dwarfdump reads it" "$obj"
done

# --- GCC's encoding, hand-made ----------------------------------------------

if [ -z "$PY" ] || ! have as; then
  skip "hand-made GCC-encoding objects (needs python3 and as)"
  exit 0
fi

# assemble NAME ASSEMBLER MKDWARF-ARGS...: $W/NAME.o, or false.
assemble() {
  local name=$1 asm=$2
  shift 2
  mkdwarf "$@" >"$W/$name.s" && $asm "$W/$name.s" -o "$W/$name.o" 2>"$W/$name.err"
}

cat >"$W/gnu.expected" <<'EOF'
compile unit .debug_info+0x0 'gnu.c' (DWARF 5)
0x1c DW_TAG_variable 'x': btf_decl_tag "devicemem", btf_decl_tag "rw"
0x29 DW_TAG_variable 'y': btf_decl_tag "devicemem", btf_decl_tag "rw"
0x36 DW_TAG_pointer_type (anon): btf_type_tag "__user"
0x49 DW_TAG_structure_type 's': btf_decl_tag "whole"
0x53 DW_TAG_member 'a': btf_decl_tag "ro"
0x6c DW_TAG_union_type 'u': btf_type_tag "__user"
0x80 DW_TAG_enumeration_type 'e': btf_type_tag "tag with spaces"
0x95 DW_TAG_array_type (anon): btf_type_tag "tag with spaces"
0xa1 DW_TAG_typedef 't': btf_decl_tag "whole"
0xae DW_TAG_subprogram 'f': btf_decl_tag "one", btf_decl_tag "two", btf_decl_tag "three"
0xbb DW_TAG_formal_parameter 'q': btf_decl_tag "rw"
0xc8 DW_TAG_formal_parameter (anon): btf_decl_tag "two", btf_decl_tag "three"
DW_TAG_GNU_annotation DIEs: 10, DW_AT_GNU_annotation attributes: 15
EOF
no_offsets() { sed -E 's/^0x[0-9a-f]+ //; s/\+0x[0-9a-f]+ / /; s/\(DWARF [0-9]\)$//' "$1"; }
no_offsets "$W/gnu.expected" >"$W/gnu.shape"

# Every variant of the GCC-encoding unit lists the same chains.
while IFS='|' read -r name asm args; do
  [ -z "$name" ] && continue
  if ! have "${asm%% *}" || ! assemble "$name" "$asm" gnu $args; then
    skip "GCC encoding, $name (${asm%% *} unavailable or fails)"
    continue
  fi
  $T "$BTFTOOL" annotations "$W/$name.o" >"$W/$name.out" 2>"$W/$name.err"
  rc=$?
  if [ "$name" = x86-64 ]; then
    check "GCC encoding, $name: chains, shared chains, counts" \
      cmp -s "$W/gnu.expected" "$W/$name.out"
  fi
  if [ $rc -eq 0 ] && cmp -s "$W/gnu.shape" <(no_offsets "$W/$name.out"); then
    pass "GCC encoding, $name: the same chains and counts"
  else
    fail "GCC encoding, $name (exit $rc)"; head -3 "$W/$name.err"
    diff "$W/gnu.shape" <(no_offsets "$W/$name.out") | head -6
  fi
  case $name in bpf*) ;; *)
    same_as_dwarfdump "GCC encoding, $name: as llvm-dwarfdump shows it" "$W/$name.o" ;;
  esac
done <<'EOF'
x86-64|as|
x86-64-dwarf4|as|--version 4
x86-64-dwarf3|as|--version 3
x86-64-dwarf2|as|--version 2
x86-64-dwarf64|as|--dwarf64
x86-64-dwarf64-v4|as|--dwarf64 --version 4
i386|as --32|--addr 4
i386-dwarf4|as --32|--addr 4 --version 4
bpf|bpf-as|
bpf-dwarf64|bpf-as|--dwarf64
bpfeb|bpf-as -EB|
bpfeb-dwarf4|bpf-as -EB|--version 4
EOF

# Every form; clang's and GCC's encodings on one DIE; strings of every
# kind and escapes; a numeric annotation value.
for a in as "bpf-as -EB"; do
  have "${a%% *}" || continue
  n=forms-${a%% *}
  be=; [ "$a" != as ] && be=--big-endian
  if assemble "$n" "$a" forms $be; then
    [ "$a" = as ] && same_as_dwarfdump "every form ($a): as llvm-dwarfdump shows it" "$W/$n.o"
    $T "$BTFTOOL" annotations "$W/$n.o" >"$W/$n.out" 2>&1
    check "every form ($a): escapes" grep -qF \
      "btf_decl_tag \"quote \\\" backslash \\\\ tab\\t end\"" "$W/$n.out"
    check "every form ($a): both encodings on one DIE" grep -qF \
      "'ind': btf_type_tag \"g2\", btf_type_tag \"also clang\"" "$W/$n.out"
    check "every form ($a): numeric value" grep -qF \
      "'number': btf_decl_tag -42" "$W/$n.out"
  else
    fail "every form assembles ($a)"; head -3 "$W/$n.err"
  fi
done

# Type units: DWARF 5 in .debug_info, DWARF 4 in .debug_types.
for v in 5 4; do
  if assemble tu$v as typeunit --version $v; then
    $T "$BTFTOOL" annotations "$W/tu$v.o" >"$W/tu$v.out" 2>&1
    sec=.debug_info; [ $v = 4 ] && sec=.debug_types
    check "type unit (DWARF $v): named by section and signature" grep -qx \
      "type unit $sec+0x0 signature 0xfeedfacecafebeef (DWARF $v)" "$W/tu$v.out"
    check "type unit (DWARF $v): its chain" grep -q \
      "DW_TAG_structure_type 'ts': btf_decl_tag \"in type unit\", btf_decl_tag \"tail\"$" "$W/tu$v.out"
    check "type unit (DWARF $v): the compile unit after it" grep -q \
      "^compile unit .debug_info+0x.* 'gnu.c' (DWARF $v)$" "$W/tu$v.out"
    same_as_dwarfdump "type unit (DWARF $v): as llvm-dwarfdump shows it" "$W/tu$v.o"
  fi
done

# JSON: the same content; shared chains share annotation DIEs.
$T "$BTFTOOL" annotations --format=json "$W/x86-64.o" >"$W/gnu.json" 2>&1
check "--format=json: GCC encoding" "$PY" - "$W/gnu.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
dies = {d['name']: d for u in doc['units'] for d in u['dies']}
offs = lambda n: [a['offset'] for a in dies[n]['annotations']]
assert doc['units'][0]['kind'] == 'compile unit' and doc['units'][0]['name'] == 'gnu.c'
assert offs('x') == offs('y') and len(offs('x')) == 2          # one shared chain
assert offs('q') == offs('x')[1:]                              # its tail shared
assert [a['value'] for a in dies['f']['annotations']] == ['one', 'two', 'three']
anon = [d for u in doc['units'] for d in u['dies'] if d['name'] is None]
assert any(offs('f')[1:] == [a['offset'] for a in d['annotations']] for d in anon)
assert doc['gnu_annotation_dies'] == 10 and doc['gnu_annotation_attributes'] == 15
assert doc['llvm_annotation_dies'] == 0
EOF
if assemble plain as plain; then
  no_annotations "a unit without annotations lists nothing" "$W/plain.o"
  check "--format=json without annotations" "$PY" -c '
import json, sys
d = json.load(sys.stdin)
assert d == {"units": [], "gnu_annotation_dies": 0, "gnu_annotation_attributes": 0, "llvm_annotation_dies": 0}
' < <($T "$BTFTOOL" annotations --format=json "$W/plain.o")
fi
if [ -f "$W/forms-as.o" ]; then
  check "--format=json: escapes, numbers, both encodings" "$PY" -c '
import json, sys
d = json.load(sys.stdin)
dies = {x["name"]: x for u in d["units"] for x in u["dies"]}
assert [a["value"] for a in dies["v"]["annotations"]] == ["first", "second", "quote \" backslash \\ tab\t end"]
assert dies["number"]["annotations"][0]["value"] == -42
assert [a["value"] for a in dies["ind"]["annotations"]] == ["g2", "also clang"]
assert d["llvm_annotation_dies"] == 4
' < <($T "$BTFTOOL" annotations --format=json "$W/forms-as.o")
fi

# --- Damaged input -----------------------------------------------------------

# damaged NAME EXPECTED MKDWARF-ARGS...: assembled by GAS for x86-64.
damaged() {
  local name=$1 want=$2
  shift 2
  if assemble bad as "$@"; then
    one_line_error "damaged DWARF: $name" "$want" $T "$BTFTOOL" annotations "$W/bad.o"
  else
    fail "damaged DWARF: $name assembles"; head -3 "$W/bad.err"
  fi
}
damaged "annotation chain loop" \
  ".debug_info+0x2b: DW_AT_GNU_annotation chain loops: 0x2b -> 0x38 -> 0x2b" loop
damaged "annotation refers to itself" \
  ".debug_info+0x15: DW_AT_GNU_annotation chain loops: 0x15 -> 0x15" selfloop
damaged "annotation link to another DIE" \
  ".debug_info+0x1f: DW_AT_GNU_annotation refers to 0x15, a DW_TAG_base_type, not a DW_TAG_GNU_annotation" notannotation
damaged "reference into a DIE" \
  ".debug_info+0x1a: DW_AT_GNU_annotation (DW_FORM_ref4): refers to 0x1f, which is not the start of a DIE" refmiddle
damaged "reference past the unit" \
  "refers to unit offset 0x4000, past the end of the unit (length 0x1f)" refpastend
damaged "DW_FORM_ref_addr past the section" \
  ".debug_info+0x1a: DW_AT_type (DW_FORM_ref_addr): refers to .debug_info+0x5015, past the end of the section (size 0x1f)" refaddrpastend
damaged "annotation link that is no reference" \
  "DW_AT_GNU_annotation (DW_FORM_data4): not a reference to a DIE of this file" annform
damaged "bad abbreviation code" \
  ".debug_info+0x1b: abbreviation code 77 is not in the table at .debug_abbrev+0x0" badcode
damaged "unknown form" \
  ".debug_abbrev+0xc: abbreviation 2: DW_AT_name has unknown form 0x7f" badform
damaged "strp past .debug_str" \
  ".debug_info+0x16: DW_AT_name (DW_FORM_strp): offset 0x9999 is past the end of .debug_str" strp_past_end
damaged "strx past .debug_str_offsets" \
  "DW_AT_name (DW_FORM_strx1): index 200 (base 0x8) is past the end of .debug_str_offsets (size 0xc)" strx_past_end
damaged "unterminated string" \
  ".debug_info+0xd: DW_AT_name (DW_FORM_string): the string is not terminated before the end of the unit at 0x10" unterminated
damaged "two top-level DIEs" \
  ".debug_info+0xf: a second top-level DIE (abbreviation code 1) after the unit DIE" tworoots
damaged "LEB128 too long" \
  ".debug_info+0x16: the abbreviation code does not fit in 64 bits" longleb
damaged "type offset not at a DIE" \
  ".debug_info+0x0: type offset 0x1e is not the start of a DIE" typeoffset
damaged "unit length past the section" \
  ".debug_info+0x0: unit length 0x532 runs past the end of the section (size 0x14e)" gnu --length-delta 1000
damaged "unit length too short" \
  "DW_AT_const_value (DW_FORM_strp): runs past the end of the unit at 0x14b" gnu --length-delta -3
damaged "DWARF version 6" ".debug_info+0x0: unsupported DWARF version 6" gnu --version 6
damaged "DWARF version 1" ".debug_info+0x0: unsupported DWARF version 1" gnu --version 1
damaged "address size 3" ".debug_info+0x0: unsupported address size 3" gnu --addr 3
damaged "unit type 9" ".debug_info+0x0: unknown unit type 0x9" gnu --damage unittype
damaged "children flag 2" \
  ".debug_abbrev+0x0: abbreviation 1 has children flag 2, not 0 or 1" gnu --damage children2
damaged "abbreviation code twice" \
  "abbreviation code 1 is defined twice in the table at 0x0" gnu --damage dupcode
damaged "abbreviation table without end" \
  ".debug_abbrev+0x0: the abbreviation table runs past the end of the section" plain --damage noabbrevend

# Sections cut short (objcopy --update-section), relocations broken in
# place, sections missing or compressed.
section_bytes() { # OBJ SECTION OUT
  objcopy -O binary --only-section="$2" --set-section-flags "$2"=alloc "$1" "$3"
}
obj=$W/x86-64.o
if [ -f "$obj" ] && have objcopy; then
  section_bytes "$obj" .debug_abbrev "$W/abbrev.bin"
  head -c 30 "$W/abbrev.bin" >"$W/abbrev.cut"
  objcopy --update-section .debug_abbrev="$W/abbrev.cut" "$obj" "$W/cut1.o"
  one_line_error "damaged DWARF: .debug_abbrev cut short" \
    ".debug_abbrev+0x14: abbreviation 3 runs past the end of the section" \
    $T "$BTFTOOL" annotations "$W/cut1.o"
  section_bytes "$obj" .debug_info "$W/info.bin"
  head -c 100 "$W/info.bin" >"$W/info.cut"
  objcopy --update-section .debug_info="$W/info.cut" "$obj" "$W/cut2.o"
  one_line_error "damaged DWARF: .debug_info cut short" \
    ".debug_info+0x0: unit length 0x14a runs past the end of the section (size 0x64)" \
    $T "$BTFTOOL" annotations "$W/cut2.o"
  head -c 7 "$W/info.bin" >"$W/info.cut"
  objcopy --update-section .debug_info="$W/info.cut" "$obj" "$W/cut3.o"
  one_line_error "damaged DWARF: .debug_info cut inside the unit header" \
    ".debug_info+0x0: unit length 0x14a runs past the end of the section (size 0x7)" \
    $T "$BTFTOOL" annotations "$W/cut3.o"
  printf 'abc' >"$W/str.cut"
  objcopy --update-section .debug_str="$W/str.cut" "$obj" "$W/cut4.o"
  one_line_error "damaged DWARF: .debug_str cut short" \
    "DW_AT_producer (DW_FORM_strp): offset 0xa is past the end of .debug_str (size 0x3)" \
    $T "$BTFTOOL" annotations "$W/cut4.o"
  objcopy --rename-section .debug_abbrev=.debug_gone "$obj" "$W/noabbrev.o"
  one_line_error "damaged DWARF: no .debug_abbrev" \
    ".debug_info+0x0: there is no .debug_abbrev section" \
    $T "$BTFTOOL" annotations "$W/noabbrev.o"
  # The first .rela.debug_info entry: r_offset, then r_info's symbol.
  rela=$((16#$(readelf -SW "$obj" |
    awk '{ for (i = 1; i < NF; i++) if ($i == ".rela.debug_info") print $(i + 3) }')))
  cp "$obj" "$W/reloff.o"
  perl -e 'open my $f, "+<:raw", $ARGV[0] or die; seek $f, $ARGV[1], 0;
           print $f pack("Q<", 0xfff0); close $f' "$W/reloff.o" "$rela"
  one_line_error "damaged DWARF: relocation outside its section" \
    ".rela.debug_info+0x0: relocation at offset 0xfff0 is outside .debug_info (size 0x14e)" \
    $T "$BTFTOOL" annotations "$W/reloff.o"
  cp "$obj" "$W/relsym.o"
  perl -e 'open my $f, "+<:raw", $ARGV[0] or die; seek $f, $ARGV[1] + 12, 0;
           print $f pack("L<", 999); close $f' "$W/relsym.o" "$rela"
  one_line_error "damaged DWARF: relocation symbol out of range" \
    ".rela.debug_info+0x0: relocation refers to symbol 999, but there are" \
    $T "$BTFTOOL" annotations "$W/relsym.o"
fi
if gcc -c "$SRC" -o "$W/nodebug.o" 2>/dev/null; then
  one_line_error "damaged DWARF: object without DWARF" \
    "no .debug_info or .debug_types section" $T "$BTFTOOL" annotations "$W/nodebug.o"
fi
if gcc -g -gz=zlib -c "$SRC" -o "$W/gz.o" 2>/dev/null &&
   readelf -SW "$W/gz.o" | grep -q '\.debug_info.* C '; then
  one_line_error "damaged DWARF: compressed sections" \
    "compressed sections (SHF_COMPRESSED) are not supported" \
    $T "$BTFTOOL" annotations "$W/gz.o"
else
  skip "compressed DWARF (gcc -gz=zlib unavailable)"
fi
printf 'not an ELF file' >"$W/text.o"
one_line_error "damaged DWARF: not ELF" "not an ELF file" $T "$BTFTOOL" annotations "$W/text.o"
one_line_error "damaged DWARF: missing file" "cannot read: No such file" \
  $T "$BTFTOOL" annotations "$W/does-not-exist.o"
one_line_error "annotations without FILE" "annotations: missing FILE" "$BTFTOOL" annotations
one_line_error "annotations --format=xml" "option '--format' needs text or json" \
  "$BTFTOOL" annotations --format=xml "$W/x86-64.o"
check "--help mentions annotations" grep -q "annotations \[--format=text|json\] FILE" \
  <("$BTFTOOL" --help)

# Cut at many points and corrupted byte by byte: every outcome is clean
# (exit 0, or exit 1 with one line), never a crash, hang or sanitizer
# report.  Cuts of an ELF file always break it.
# Every byte is damaged in turn; the sanitizer build, some 5 times slower
# per run, takes every 5th (fuzz/fuzz_dwarf covers the rest at speed).
case "$BUILD" in *san*) export DAMAGE_STEP=5;; *) export DAMAGE_STEP=1;; esac
variants() { # DIR FILE cut STEP | DIR FILE set VALUE FROM TO
  rm -rf "$1" && mkdir -p "$1"
  perl -e '
    my ($dir, $file, $mode, $arg, $from, $to) = @ARGV;
    open my $f, "<:raw", $file or die; local $/; my $d = <$f>;
    my $n = length $d;
    ($from, $to) = (0, $n) if $mode eq "cut";
    my $step = $ENV{DAMAGE_STEP} || 1;
    for (my $k = $from; $k < $to; $k += $mode eq "set" ? $step : $k < 64 ? 1 : $arg) {
      my $v = $d;
      if ($mode eq "cut") { $v = substr($d, 0, $k) } else { substr($v, $k, 1) = chr($arg) }
      open my $g, ">:raw", sprintf("%s/%06d", $dir, $k) or die;
      print $g $v; close $g;
    }' "$@"
}
verdicts() { # NAME DIR strict|any
  local name=$1 dir=$2 strict=$3 bad=0 rc lines f
  for f in "$dir"/*; do
    $T "$BTFTOOL" annotations "$f" >"$W/o.txt" 2>"$W/e.txt"
    rc=$?
    mapfile -t <"$W/e.txt"; lines=${#MAPFILE[@]}
    if [ $rc -gt 1 ] || [ "$lines" -gt 1 ] ||
       { [ $rc -eq 1 ] && { [ "$lines" -ne 1 ] || [ -s "$W/o.txt" ]; }; } ||
       { [ "$strict" = strict ] && [ $rc -ne 1 ]; }; then
      echo "variant ${f##*/}: exit $rc, $lines stderr lines"; head -3 "$W/e.txt"
      bad=$((bad + 1))
    fi
    [ $bad -gt 5 ] && break
  done
  check "damaged $name" [ $bad -eq 0 ]
}
# FROM TO: the file range of section NAME of OBJ.
section_range() {
  local off size
  read -r off size < <(readelf -SW "$1" |
    awk -v s="$2" '{ for (i = 1; i < NF; i++) if ($i == s) { print $(i + 3), $(i + 4); exit } }')
  [ -n "$off" ] && echo $((16#$off)) $((16#$off + 16#$size))
}
for obj in "$W/x86-64.o" "$W/bpfeb.o" "$W/forms-as.o" "$W/clang-bpf.o"; do
  [ -f "$obj" ] || continue
  n=$(basename "$obj" .o)
  variants "$W/cuts" "$obj" cut 7
  verdicts "$n truncated at every 7th byte" "$W/cuts" strict
  for s in .debug_info .debug_abbrev; do
    read -r from to < <(section_range "$obj" "$s")
    [ -n "$from" ] || continue
    # Every byte (every DAMAGE_STEP-th under the sanitizers) is damaged
    # once, the three values taking turns: one process per variant made
    # a full sweep of each value the slowest test of the suite, and
    # fuzz_dwarf tries all values in-process.
    phase=0 step=$DAMAGE_STEP
    for value in 255 0 128; do
      DAMAGE_STEP=$((3 * step)) variants "$W/set" "$obj" set $value $((from + phase)) "$to"
      verdicts "$n with one byte in $((3 * step)) of $s, from +$phase, set to $value" "$W/set" any
      phase=$((phase + step))
    done
  done
done
