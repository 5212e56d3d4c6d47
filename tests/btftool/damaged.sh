# Damaged input: every kind of broken BTF or ELF is rejected with a
# one-line error naming what is wrong and where, exit status 1 -- never a
# crash, a hang, a sanitizer report or output that pretends all is well.
# (Run under `make SAN=1 check` this exercises build-san/btftool.)
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"

T="timeout 20"

patch_byte() { # FILE OFFSET VALUE (decimal or 0x hex)
  perl -e 'my ($file, $off, $v) = @ARGV; $v = hex $v if $v =~ /^0x/i;
           open my $f, "+<:raw", $file or die; seek $f, $off, 0;
           print $f pack("C", $v); close $f' "$@"
}

# Every way a blob can be broken, with the words the error must use.
while IFS='|' read -r name want spec; do
  [ -z "$name" ] && continue
  mkbtf "$TMPDIR/$name.btf" "$spec"
  one_line_error "damaged $name" "$want" $T "$BTFTOOL" dump "$TMPDIR/$name.btf"
done <<'EOF'
bad-magic|neither raw BTF nor an ELF file|HDR(magic => 0x1234); INT("int", 4, 32, 1);
bad-version|unsupported BTF version 2 at offset 2|HDR(version => 2); INT("int", 4, 32, 1);
hdr-len-small|header length 16 at offset 4 is less than|HDR(hdr_len => 16); INT("int", 4, 32, 1);
hdr-len-big|header length 4096 at offset 4 exceeds the blob size|HDR(hdr_len => 4096); INT("int", 4, 32, 1);
truncated-header|truncated BTF header: 20 bytes|INT("int", 4, 32, 1); TRUNCATE(20);
types-past-end|type section (offset 0, length 4000) runs past the end|INT("int", 4, 32, 1); HDR(type_len => 4000);
types-offset-past-end|type section (offset 8000, length 16) runs past|INT("int", 4, 32, 1); HDR(type_off => 8000);
strings-past-end|string section (offset 16, length 999) runs past|INT("int", 4, 32, 1); HDR(str_len => 999);
types-overlap-strings|overlaps or follows the string section|INT("int", 4, 32, 1); HDR(str_off => 8);
types-unaligned|type section offset 2 is not 4-byte aligned|GAP("\0\0"); INT("int", 4, 32, 1); HDR(type_off => 2, str_off => 18);
strings-unterminated|does not end with a NUL|INT("int", 4, 32, 1); STRINGS("\0int");
strings-no-empty|does not start with the empty string|INT(OFF(1), 4, 32, 1); STRINGS("xint\0");
strings-empty|empty string section|INT(OFF(0), 4, 32, 1); STRINGS("");
name-off-range|type [1] INT at offset 0x18: name offset 1000 is past the end of the strings (size 1)|INT(OFF(1000), 4, 32, 1);
member-name-off|type [2] STRUCT at offset 0x28: member #1: name offset 77 is past|INT("int", 4, 32, 1); STRUCT("", 8, ["a", 1, 0], [OFF(77), 1, 32]);
enum-name-off|enumerator #0: name offset 99|ENUM("e", 4, [OFF(99), 1]);
enum64-name-off|enumerator #1: name offset 99|ENUM64("e", 8, ["A", 1], [OFF(99), 1]);
param-name-off|parameter #0: name offset 99|INT("int", 4, 32, 1); PROTO(1, [OFF(99), 1]);
ref-range|type [2] PTR at offset 0x28: refers to type 99, but the last type is 2|INT("int", 4, 32, 1); PTR(99);
ref-range-member|type [2] STRUCT 's' at offset 0x28: member #0 refers to type 7|INT("int", 4, 32, 1); STRUCT("s", 4, ["a", 7, 0]);
ref-range-array|element type refers to type 9|INT("int", 4, 32, 1); ARRAY(9, 1, 2);
ref-range-index|index type refers to type 9|INT("int", 4, 32, 1); ARRAY(1, 9, 2);
ref-range-param|parameter #1 refers to type 5|INT("int", 4, 32, 1); PROTO(1, ["a", 1], ["b", 5]);
ref-range-return|type [2] FUNC_PROTO at offset 0x28: return type refers to type 5|INT("int", 4, 32, 1); PROTO(5);
ref-range-datasec|entry #0 refers to type 8|INT("int", 4, 32, 1); DATASEC(".data", 4, [8, 0, 4]);
ref-range-decl-tag|type [2] DECL_TAG 't' at offset 0x28: refers to type 3|INT("int", 4, 32, 1); DECL_TAG("t", 3, -1);
loop-ptr-const|reference loop [2] PTR -> [3] CONST -> [2]|INT("int", 4, 32, 1); PTR(3); CONST(2);
loop-self|reference loop [1] TYPEDEF -> [1]|TYPEDEF("t", 1);
loop-array|reference loop [2] ARRAY -> [2]|INT("int", 4, 32, 1); ARRAY(2, 1, 1);
loop-long|reference loop [3] VOLATILE -> [4] CONST -> [5] RESTRICT -> [6] TYPE_TAG -> [7] TYPEDEF -> [3]|INT("int", 4, 32, 1); PTR(3); VOLATILE(4); CONST(5); RESTRICT(6); TYPE_TAG("t", 7); TYPEDEF("td", 3);
vlen-overflow|type [2] STRUCT at offset 0x28: vlen 100 needs 1200 bytes of trailing data, only 12 left|INT("int", 4, 32, 1); STRUCT("s", 4, ["a", 1, 0]); PATCH(44, 0x04000064);
vlen-overflow-enum|vlen 65535 needs 524280 bytes|ENUM("e", 4, ["A", 1]); PATCH(28, 0x0600ffff);
kind-unknown|type [2] at offset 0x28: unknown kind 20|INT("int", 4, 32, 1); REC(0x14000000, "x", 0);
kind-zero|type [1] at offset 0x18: unknown kind 0|REC(0, "x", 0);
record-truncated|type [2] at offset 0x28: truncated record, 8 bytes left|INT("int", 4, 32, 1); PTR(1); TYPE_LEN(24);
data-truncated|type [1] INT at offset 0x18: vlen 0 needs 4 bytes of trailing data, only 2 left|INT("int", 4, 32, 1); TYPE_LEN(14);
big-endian-long-header|only a 24-byte header can be read in the other byte order|BIG_ENDIAN(); HDR_EXTRA("\0\0\0\0"); INT("int", 4, 32, 1);
big-endian-loop|reference loop [2] PTR -> [3] CONST -> [2]|BIG_ENDIAN(); INT("int", 4, 32, 1); PTR(3); CONST(2);
big-endian-ref|refers to type 99|BIG_ENDIAN(); INT("int", 4, 32, 1); PTR(99);
EOF

# Empty and tiny files.
: >"$TMPDIR/empty"
one_line_error "damaged empty file" "neither raw BTF nor an ELF file" \
  $T "$BTFTOOL" dump "$TMPDIR/empty"
printf '\x9f' >"$TMPDIR/one"
one_line_error "damaged one-byte file" "neither raw BTF nor an ELF" \
  $T "$BTFTOOL" dump "$TMPDIR/one"
printf '\x9f\xeb' >"$TMPDIR/magic-only"
one_line_error "damaged magic only" "truncated BTF header: 2 bytes" \
  $T "$BTFTOOL" dump "$TMPDIR/magic-only"
one_line_error "damaged missing file" "cannot read: No such file" \
  $T "$BTFTOOL" dump "$TMPDIR/does-not-exist"
one_line_error "damaged directory" "cannot read" $T "$BTFTOOL" dump "$TMPDIR"

# Broken ELF containers.
if have gcc && gcc -gbtf -c "$INPUTS/gcc_kinds.c" -o "$TMPDIR/gcc.o" 2>/dev/null; then
  elf=$TMPDIR/gcc.o
  cp "$elf" "$TMPDIR/class.o" && patch_byte "$TMPDIR/class.o" 4 7
  one_line_error "damaged ELF class" "bad ELF class 7 at offset 4" \
    $T "$BTFTOOL" dump "$TMPDIR/class.o"
  cp "$elf" "$TMPDIR/data.o" && patch_byte "$TMPDIR/data.o" 5 9
  one_line_error "damaged ELF data encoding" "bad ELF data encoding 9" \
    $T "$BTFTOOL" dump "$TMPDIR/data.o"
  cp "$elf" "$TMPDIR/shoff.o" && patch_byte "$TMPDIR/shoff.o" 45 0x7f
  one_line_error "damaged ELF section table offset" "section header table" \
    $T "$BTFTOOL" dump "$TMPDIR/shoff.o"
  cp "$elf" "$TMPDIR/shstrndx.o" && patch_byte "$TMPDIR/shstrndx.o" 62 200
  one_line_error "damaged ELF section-name index" "section-name table index 200 is out of range" \
    $T "$BTFTOOL" dump "$TMPDIR/shstrndx.o"
  cp "$elf" "$TMPDIR/shentsize.o" && patch_byte "$TMPDIR/shentsize.o" 58 8
  one_line_error "damaged ELF section header size" "section header size 8 is smaller than 64" \
    $T "$BTFTOOL" dump "$TMPDIR/shentsize.o"
  head -c 40 "$elf" >"$TMPDIR/ehdr.o"
  one_line_error "damaged ELF header truncated" "truncated ELF header: 40 bytes, need 64" \
    $T "$BTFTOOL" dump "$TMPDIR/ehdr.o"
  objcopy --rename-section .BTF=.XTF "$elf" "$TMPDIR/nobtf.o"
  one_line_error "damaged ELF without .BTF" "no .BTF section" \
    $T "$BTFTOOL" dump "$TMPDIR/nobtf.o"
  # The .BTF section's own bytes: bad magic, bad reference.
  btf_off=$((16#$(readelf -SW "$elf" |
    awk '{ for (i = 1; i < NF; i++) if ($i == ".BTF") print $(i + 3) }')))
  cp "$elf" "$TMPDIR/btfmagic.o" && patch_byte "$TMPDIR/btfmagic.o" "$btf_off" 0x12
  one_line_error "damaged .BTF magic inside ELF" ".BTF section at file offset 0x$(printf %x "$btf_off"): bad BTF magic 0x12eb" \
    $T "$BTFTOOL" dump "$TMPDIR/btfmagic.o"
  cp "$elf" "$TMPDIR/btfver.o" && patch_byte "$TMPDIR/btfver.o" $((btf_off + 2)) 3
  one_line_error "damaged .BTF version inside ELF" "unsupported BTF version 3" \
    $T "$BTFTOOL" dump "$TMPDIR/btfver.o"
else
  skip "damaged ELF files (gcc -gbtf unavailable)"
fi

# Truncation at many points, of raw blobs and of ELF objects: always a
# one-line error.  CHECK must also end cleanly (exit 1, no stderr noise).
# variants DIR FILE MODE STEP|VALUE: write every cut (MODE cut) or every
# one-byte corruption (MODE set) of FILE into DIR, in one process.
variants() {
  rm -rf "$1" && mkdir -p "$1"
  perl -e '
    my ($dir, $file, $mode, $arg) = @ARGV;
    open my $f, "<:raw", $file or die; local $/; my $d = <$f>;
    my $n = length $d;
    for (my $k = 0; $k < $n; $k += ($mode eq "set" || $k < 64) ? 1 : $arg) {
      my $v = $d;
      if ($mode eq "cut") { $v = substr($d, 0, $k) }
      else { substr($v, $k, 1) = chr($arg) }
      open my $g, ">:raw", sprintf("%s/%06d", $dir, $k) or die;
      print $g $v; close $g;
    }' "$@"
}

# verdicts NAME DIR STRICT: run dump and check on every file of DIR.
# With STRICT, dump must fail with one line and print nothing, check
# must exit 1; otherwise any clean outcome (0 or 1, at most one line).
verdicts() {
  local name=$1 dir=$2 strict=$3 bad=0 rc f cmd lines
  for f in "$dir"/*; do
    for cmd in dump check; do
      $T "$BTFTOOL" $cmd "$f" >"$TMPDIR/o.txt" 2>"$TMPDIR/e.txt"
      rc=$?
      mapfile -t lines <"$TMPDIR/e.txt"
      if [ $rc -gt 1 ] || [ ${#lines[@]} -gt 1 ] ||
         { [ "$strict" = strict ] && { [ $rc -ne 1 ] ||
           { [ $cmd = dump ] && { [ ${#lines[@]} -ne 1 ] || [ -s "$TMPDIR/o.txt" ]; }; }; }; }; then
        echo "$cmd of $name variant ${f##*/}: exit $rc, ${#lines[@]} stderr lines"
        printf '%s\n' "${lines[@]:0:3}"
        bad=$((bad + 1))
      fi
    done
    [ $bad -gt 5 ] && break
  done
  check "damaged $name" [ $bad -eq 0 ]
}

truncations() { # NAME FILE STEP
  variants "$TMPDIR/cuts" "$2" cut "$3"
  verdicts "$1 truncated at every ${3}th byte" "$TMPDIR/cuts" strict
}

mkbtf "$TMPDIR/all.btf" 'INT("int", 4, 32, 1); PTR(1); STRUCTK("s", 16,
  ["a", 1, 0, 3], ["p", 2, 64]); ENUM64S("e", 8, ["X", -5]); TYPE_TAG("t", 1);
  PROTO(1, ["a", 1], ["", 0]); FUNC("f", 6, 1); VAR("v", 1, 1);
  DATASEC(".data", 4, [8, 0, 4]); DECL_TAG("d", 8, -1); FLOAT("float", 4);
  ARRAY(1, 1, 3); ENUM("e2", 4, ["Q", 2]); FWD("fw", 1); TYPEDEF("td", 3)'
truncations "hand-made blob" "$TMPDIR/all.btf" 1
mkbtf "$TMPDIR/all.be.btf" 'BIG_ENDIAN(); INT("int", 4, 32, 1); PTR(1);
  STRUCT("s", 16, ["a", 1, 0], ["p", 2, 64]); ENUM64("e", 8, ["X", 5]);'

truncations "hand-made big-endian blob" "$TMPDIR/all.be.btf" 1
if [ -n "$CLANG_BPF" ] && compile_bpf "$INPUTS/all_kinds.c" "$TMPDIR/ak.o" bpf -O2; then
  truncations "clang ELF object" "$TMPDIR/ak.o" 97
  extract_btf "$TMPDIR/ak.o" "$TMPDIR/ak.btf" &&
    truncations "clang raw .BTF" "$TMPDIR/ak.btf" 11
  compile_bpf "$INPUTS/all_kinds.c" "$TMPDIR/akeb.o" bpfeb -O2 &&
    truncations "clang big-endian ELF object" "$TMPDIR/akeb.o" 101
fi

# Every byte of a blob corrupted in turn: any outcome but a crash, a hang,
# a sanitizer report or a multi-line error.
corruptions() { # NAME FILE VALUE
  variants "$TMPDIR/bad" "$2" set "$3"
  verdicts "$1 with each byte set to $3" "$TMPDIR/bad" any
}
corruptions "hand-made blob" "$TMPDIR/all.btf" 255
corruptions "hand-made blob" "$TMPDIR/all.btf" 1
corruptions "hand-made big-endian blob" "$TMPDIR/all.be.btf" 128
