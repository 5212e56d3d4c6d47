# Damaged .BTF.ext: `btftool dump --ext` rejects every kind of broken
# header, table, section and record with one line naming what is wrong and
# where (.BTF.ext+0xOFFSET), exit status 1 -- never a crash or a dump.
# The inputs are a btfcc object (func_info, line_info and core_relo) with
# words of its .BTF.ext changed; the messages' facts (libbpf's minimum
# record sizes, its limits on the header and tables) are libbpf's
# btf_ext__new's.  (Under BUILD=build-san this exercises the sanitizer
# build.)
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"

OBJCOPY=$(command -v llvm-objcopy-19 || command -v llvm-objcopy || true)
if [ -z "$OBJCOPY" ]; then
  skip "ext_damaged (llvm-objcopy-19 missing)"
  exit 0
fi
W=$TMPDIR/extd
mkdir -p "$W"
cat >"$W/p.c" <<'EOF'
struct s { int a; char b; } __attribute__((preserve_access_index));
int f(struct s *p) { return p->b; }
int g(struct s *p) { return p->a + f(p); }
EOF
T="timeout 20"

# base.o: the object without .rel.BTF.ext (the offsets it holds are in
# place, REL), so that any bytes can replace the section.
prepare() { # ENDIAN
  "$BTFCC" --target=bpf -m$1-endian -O2 -g -c "$W/p.c" -o "$W/$1.o" &&
    "$OBJCOPY" --remove-section .rel.BTF.ext "$W/$1.o" "$W/$1.base.o" &&
    "$OBJCOPY" -O binary --only-section=.BTF.ext --set-section-flags .BTF.ext=alloc \
      "$W/$1.base.o" "$W/$1.ext" && [ -s "$W/$1.ext" ]
}
if ! prepare little || ! prepare big; then
  fail "ext_damaged: cannot build the input object"
  exit 0
fi
if "$BTFTOOL" dump --ext "$W/little.base.o" >/dev/null 2>"$W/err"; then
  pass "ext_damaged: the undamaged object dumps"
else
  fail "ext_damaged: the undamaged object: $(head -1 "$W/err")"
fi

# damage ENDIAN SPEC OUT: the section with SPEC's changes, as an object.
# SPEC: "POS=VALUE" sets the 32-bit word at POS, "byte:POS=VALUE" a byte,
# "trunc=N" keeps N bytes; POS is a number or F+N, L+N, C+N (from the start
# of the func_info, line_info or core_relo table, after the header).
damage() {
  perl -e '
    my ($in, $big, @spec) = @ARGV;
    open my $f, "<:raw", $in or die; local $/; my $d = <$f>;
    my $w = $big ? "N" : "V";
    my $hl = unpack($w, substr($d, 4, 4));
    my %base = (F => $hl + unpack($w, substr($d, 8, 4)),
                L => $hl + unpack($w, substr($d, 16, 4)),
                C => $hl + unpack($w, substr($d, 24, 4)));
    for (@spec) {
      my ($k, $v) = /^(.*)=(.*)$/ or die "bad spec $_";
      $v = hex $v if $v =~ /^0x/;
      if ($k eq "trunc") { $d = substr($d, 0, $v); next }
      my $byte = $k =~ s/^byte://;
      my $pos = $k =~ /^([FLC])\+(\d+)$/ ? $base{$1} + $2 : $k;
      substr($d, $pos, $byte ? 1 : 4) = $byte ? pack("C", $v) : pack($w, $v);
    }
    print $d' "$W/$1.ext" "$([ "$1" = big ] && echo 1)" $2 >"$W/d.ext" &&
    "$OBJCOPY" --update-section .BTF.ext="$W/d.ext" "$W/$1.base.o" "$3"
}

# The layout of p.c's section: func_info F+0 record size, F+4 name, F+8
# count, F+12 first record (insn_off, type_id); line_info L+12 first
# record (insn_off, file_name_off, line_off, line_col); core_relo C+12
# first record (insn_off, type_id, access_str_off, kind).
while IFS='|' read -r name endian want spec; do
  [ -z "$name" ] && continue
  if ! damage "$endian" "$spec" "$W/$name.o"; then
    fail "ext_damaged $name: cannot make the input"; continue
  fi
  one_line_error "ext_damaged $name" "$want" $T "$BTFTOOL" dump --ext "$W/$name.o"
done <<'EOF'
truncated-header|little|truncated .BTF.ext header: 6 bytes|trunc=6
bad-magic|little|.BTF.ext+0x0: bad magic 0x1234|0=0x1234 trunc=200
bad-version|little|.BTF.ext+0x2: unsupported .BTF.ext version 2|byte:2=2
bad-flags|little|.BTF.ext+0x3: unsupported .BTF.ext flags 0x1|byte:3=1
hdr-len-small|little|.BTF.ext+0x4: header length 16 is less than 24 (libbpf's minimum)|4=16
hdr-len-big|little|.BTF.ext+0x4: header length 4096 exceeds the section size|4=4096
no-data|little|header length 32 leaves no data|trunc=32
func-past-end|little|.BTF.ext+0x8: func_info (offset 0, length 4000) runs past the end|12=4000
line-offset-past-end|little|.BTF.ext+0x10: line_info (offset 4000000000, length|16=4000000000
core-unaligned|little|.BTF.ext+0x18: core_relo offset 2 is not 4-byte aligned|24=2
no-record-size|little|func_info of 2 bytes has no record size|12=2
no-sections|little|func_info has a record size but no sections|12=4
section-header-truncated|little|func_info section #0: header truncated, 4 bytes left|12=8
func-rec-small|little|func_info record size 4 is less than 8 (libbpf's minimum)|F+0=4
line-rec-small|little|line_info record size 12 is less than 16 (libbpf's minimum)|L+0=12
core-rec-small|little|core_relo record size 8 is less than 16 (libbpf's minimum)|C+0=8
rec-size-odd|little|line_info record size 18 is not a multiple of 4|L+0=18
no-records|little|func_info section #0 has no records|F+8=0
too-many-records|little|core_relo section #0: 100 records of 16 bytes run past the end of the table|C+8=100
huge-count|little|line_info section #0: 4294967295 records of 16 bytes run past|L+8=0xffffffff
section-name-range|little|section name offset 99999 is past the end of the .BTF strings|F+4=99999
section-not-in-object|little|names 's', which is not a section of the object|F+4=1
insn-odd|little|line_info insn_off 13 is not a multiple of 8|L+12=13
insn-past-code|little|func_info insn_off 8000 is past the end of section '.text'|F+12=8000
insn-unsorted|little|func_info insn_off 0 does not follow the previous record's 0|F+20=0
func-type-range|little|type_id 500 is out of range (the last type is|F+16=500
func-type-not-func|little|not a FUNC|F+16=1
file-name-range|little|file_name_off 99999 is past the end of the .BTF strings|L+16=99999
line-text-range|little|line_off 99999 is past the end of the .BTF strings|L+20=99999
core-type-range|little|type_id 500 is out of range|C+16=500
core-access-range|little|access_str_off 99999 is past the end|C+20=99999
core-access-syntax|little|access string 's' is not numbers joined by ':'|C+20=1
core-kind|little|unknown relocation kind 13|C+24=13
big-endian-kind|big|unknown relocation kind 13|C+24=13
big-endian-rec-small|big|core_relo record size 8 is less than 16|C+0=8
big-endian-hdr-len|big|.BTF.ext+0x4: header length 4096 exceeds|4=4096
EOF

# A relocation of .BTF.ext that points outside it (clang's objects carry
# them; btfcc's hold the offsets resolved).
if [ -z "$CLANG_BPF" ] || ! "$CLANG_BPF" --target=bpf -O2 -g -c "$W/p.c" -o "$W/clang.o"; then
  fail "ext_damaged: clang-19 cannot build the input"
  exit 0
fi
relsec=$(readelf -SW "$W/clang.o" |
         sed -n 's/.* \.rel\.BTF\.ext  *REL  *[0-9a-f]*  *\([0-9a-f]*\) .*/\1/p')
if [ -n "$relsec" ]; then
  cp "$W/clang.o" "$W/rel.o"
  perl -e 'open my $f, "+<:raw", $ARGV[0] or die; seek $f, hex($ARGV[1]), 0;
           print $f pack("Q<", 0x10000); close $f' "$W/rel.o" "$relsec"
  one_line_error "ext_damaged relocation-outside" \
    "relocation at offset 0x10000 is outside .BTF.ext" $T "$BTFTOOL" dump --ext "$W/rel.o"
  cp "$W/clang.o" "$W/sym.o"
  perl -e 'open my $f, "+<:raw", $ARGV[0] or die; seek $f, hex($ARGV[1]) + 8, 0;
           print $f pack("Q<", (5000 << 32) | 4); close $f' "$W/sym.o" "$relsec"
  one_line_error "ext_damaged relocation-symbol" \
    "relocation refers to symbol 5000" $T "$BTFTOOL" dump --ext "$W/sym.o"
else
  fail "ext_damaged: no .rel.BTF.ext in clang-19's object"
fi
