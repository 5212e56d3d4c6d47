#!/usr/bin/env bash
# Assembler output (-S -dA): GCC 16's comment conventions and the bytes.
# - spec_example: the worked example of spec/gcc-asm-format.md §1.3,
#   transcribed into spec_example.expected, must come out line for line;
#   for BPF the same text with BPF's directives and comment character and
#   symbol references in bts_offset (spec §0, §1.2).
# - all_kinds: every record of every kind has the comment shapes of
#   spec §1.2, and the assembled text gives the same .BTF bytes as -c.
source "$TESTROOT/lib.sh"
dir=$TESTROOT/asm


"$BTFCC" -gbtf -S -dA "$dir/spec_example.c" -o "$TMPDIR/x.s"
btf_section "$TMPDIR/x.s" > "$TMPDIR/x.btf.s"
if diff -u "$dir/spec_example.expected" "$TMPDIR/x.btf.s" > "$TMPDIR/d"; then
  pass "spec example, x86-64: .BTF text equals the spec's"
else
  fail "spec example, x86-64"; head -20 "$TMPDIR/d"
fi

# BPF: the .BTF text bpf-gcc 16 writes for the same input (.2byte/.4byte,
# quoted section names, bts_offset as symbol references, and the strings
# .BTF.ext adds for the function's section and file), line for line.
G16=${GCC16_DIR:-$HOME/.cache/btfcc-oracles/gcc16/bin}
if [ -x "$G16/bpf-gcc-16" ]; then
  (cd "$dir" && "$G16/bpf-gcc-16" -gno-prune-btf -gbtf -S -dA spec_example.c -o "$TMPDIR/g.s")
  (cd "$dir" && "$BTFCC" --target=bpf -gno-prune-btf -gbtf -S -dA spec_example.c -o "$TMPDIR/b.s")
  btf_section "$TMPDIR/g.s" > "$TMPDIR/g.btf.s"
  # btfcc also writes the text of each line_info record's source line,
  # as clang does (GCC 16 writes none): those strings, the last of the
  # table, are dropped here, and str_len less their bytes.
  btf_section "$TMPDIR/b.s" | perl -e '
    open(my $f, "<", shift) or die; my %src = map { chomp; ($_, 1) } <$f>;
    my @l = <STDIN>; my $drop = 0;
    for (@l) {
      next unless /^\t\.ascii "(.*)\\0"\t# btf_aux_string/;
      (my $t = $1) =~ s/\\(.)/$1/g;
      if ($src{$t}) { $drop += length($t) + 1; $_ = "" }
    }
    for (@l) { s/^(\t\.4byte\t)0x([0-9a-f]+)(\t# str_len)$/sprintf("%s0x%x%s", $1, hex($2) - $drop, $3)/e; print }
  ' "$dir/spec_example.c" > "$TMPDIR/b.btf.s"
  if [ -s "$TMPDIR/g.btf.s" ] && diff -u "$TMPDIR/g.btf.s" "$TMPDIR/b.btf.s" > "$TMPDIR/d"; then
    pass "spec example, BPF: .BTF text equals bpf-gcc 16's"
  else
    fail "spec example, BPF"; head -20 "$TMPDIR/d"
  fi
else
  skip "spec example, BPF (no bpf-gcc 16: shared/tools/get-gcc16)"
fi

# Comment shapes for every record of every kind.
"$BTFCC" -gbtf -S -dA "$dir/all_kinds.c" -o "$TMPDIR/k.s"
python3 - "$TMPDIR/k.s" <<'PY'
import re, sys
lines = [l.rstrip("\n") for l in open(sys.argv[1])]
start = lines.index("\t.section\t.BTF,\"\",@progbits")
body = [l for l in lines[start + 2:] if l.startswith("\t.")]
def comment(l): return l.split("\t# ", 1)[1] if "\t# " in l else None
kinds_seen = set()
i = 10  # after the 8 header words
errors = []
words = [(l, comment(l)) for l in body]
pos = 8
ref = r"(void|\(BTF_KIND_[A-Z0-9_]+ '[^']*'\))"
while pos < len(words) and not words[pos][0].startswith("\t.ascii"):
    l, c = words[pos]
    m = re.fullmatch(r"TYPE (\d+) BTF_KIND_([A-Z0-9_]+) '([^']*)'", c or "")
    if not m:
        errors.append("record start: " + l); break
    kind = m.group(2); kinds_seen.add(kind)
    info = words[pos + 1][1]; third = words[pos + 2][1]
    exp_info = {"FUNC": r"btt_info: kind=12, kflag=0, linkage=[012]",
                "VAR": r"btv_info", "DATASEC": r"btt_info: n_entries=\d+"}.get(
                kind, r"btt_info: kind=\d+, kflag=[01], vlen=\d+")
    if not re.fullmatch(exp_info, info): errors.append("%s info: %s" % (kind, info))
    exp_third = {"INT": r"btt_size: \d+B", "FLOAT": r"btt_size: \d+B",
                 "STRUCT": r"btt_size: \d+B", "UNION": r"btt_size: \d+B",
                 "ENUM": r"btt_size: \d+B", "ENUM64": r"btt_size: \d+B",
                 "ARRAY": r"\(unused\)", "FWD": r"\(unused\)", "DATASEC": r"btt_size",
                 "VAR": r"btv_type: " + ref}.get(kind, r"btt_type: " + ref)
    if not re.fullmatch(exp_third, third): errors.append("%s third: %s" % (kind, third))
    vlen = int(re.search(r"(?:vlen|n_entries)=(\d+)", info).group(1)) if re.search(r"(?:vlen|n_entries)=", info) else 0
    pos += 3
    trailing = {"INT": [r"bti_encoding"], "VAR": [r"btv_linkage"],
                "DECL_TAG": [r"component_idx=-?\d+"],
                "ARRAY": [r"bta_elem_type: " + ref, r"bta_index_type: " + ref, r"bta_nelems"]}.get(kind, [])
    per = {"STRUCT": [r"MEMBER '[^']*' idx=\d+", r"btm_type: " + ref, r"btm_offset"],
           "UNION": [r"MEMBER '[^']*' idx=\d+", r"btm_type: " + ref, r"btm_offset"],
           "ENUM": [r"ENUM_CONST '[^']*' idx=\d+", r"bte_value"],
           "ENUM64": [r"ENUM_CONST '[^']*' idx=\d+", r"bte_value_lo32", r"bte_value_hi32"],
           "FUNC_PROTO": [r"farg_name '[^']*'", r"farg_type: " + ref],
           "DATASEC": [r"bts_type: \(BTF_KIND_(VAR|FUNC) '[^']*'\)", r"bts_offset", r"bts_size"]}.get(kind, [])
    for pat in trailing + per * vlen:
        c = words[pos][1]
        if not re.fullmatch(pat, c or ""): errors.append("%s trailing: %s (want %s)" % (kind, c, pat))
        pos += 1
strs = [c for l, c in words[pos:] if l.startswith("\t.ascii")]
if not all(re.fullmatch(r"btf_(aux_)?string, str_pos = 0x[0-9a-f]+", c or "") for c in strs):
    errors.append("string comments")
want = {"INT","PTR","ARRAY","STRUCT","UNION","ENUM","ENUM64","FWD","TYPEDEF","VOLATILE",
        "CONST","RESTRICT","FUNC","FUNC_PROTO","VAR","DATASEC","FLOAT","DECL_TAG","TYPE_TAG"}
missing = want - kinds_seen
if missing: errors.append("kinds not covered: %s" % sorted(missing))
print("\n".join(errors[:10]))
sys.exit(1 if errors else 0)
PY
[ $? -eq 0 ] && pass "all kinds: every record's comments have GCC 16's shapes" || fail "all kinds: comment shapes"

# -S and -c agree byte for byte.
for tgt in x86_64 bpf bpfeb; do
  topt=--target=$tgt; as=as; asopt=""
  # BPF code: GNU as 2.47 (GCC 16's), which reads GCC's pseudo-C
  bas=${BPF_AS16:-$HOME/.cache/btfcc-oracles/gcc16/root/usr/bin/bpf-as}
  case $tgt in bpf) as=$bas; asopt=-mdialect=pseudoc;; bpfeb) as=$bas; asopt="--EB -mdialect=pseudoc";; esac
  "$BTFCC" $topt -gbtf -S -dA "$dir/all_kinds.c" -o "$TMPDIR/k-$tgt.s"
  "$BTFCC" $topt -gbtf -c "$dir/all_kinds.c" -o "$TMPDIR/k-$tgt.o"
  $as $asopt "$TMPDIR/k-$tgt.s" -o "$TMPDIR/k-$tgt.as.o"
  objcopy=objcopy; [ $tgt != x86_64 ] && objcopy=bpf-objcopy
  $objcopy --dump-section .BTF="$TMPDIR/a.btf" "$TMPDIR/k-$tgt.as.o" "$TMPDIR/discard.o" 2>/dev/null
  $objcopy --dump-section .BTF="$TMPDIR/c.btf" "$TMPDIR/k-$tgt.o" "$TMPDIR/discard.o" 2>/dev/null
  check "all kinds, $tgt: assembled -S text equals the -c object's .BTF" cmp -s "$TMPDIR/a.btf" "$TMPDIR/c.btf"
done

# Objects whose flexible array member is initialized: the symbols' sizes
# and the DATASEC sizes of their VARs as bpf-gcc 16's (it adds the
# elements to the type's size), and the initialized bytes of each object.
if [ -x "$G16/bpf-gcc-16" ]; then
  "$G16/bpf-gcc-16" -O2 -gbtf -c "$dir/flexible.c" -o "$TMPDIR/fg.o"
  "$BTFCC" --target=bpf -O2 -gbtf -c "$dir/flexible.c" -o "$TMPDIR/fb.o"
  sizes() {
    readelf -sW "$1" | awk '$4 == "OBJECT" { print $8, $3 }' | sort
    bpftool btf dump file "$1" | grep -F '(VAR ' | sed 's/type_id=[0-9]* //' | sort
    # each object's bytes, by name: objdump -t gives value and size
    objdump -t "$1" | awk '$3 == "O" && $4 == ".data" { print $6, $1, $5 }' | sort |
      while read -r name at size; do
        printf '%s ' "$name"
        objcopy -O binary --only-section=.data "$1" "$TMPDIR/data.bin"
        od -An -tx1 -j $((16#$at)) -N $((16#$size)) "$TMPDIR/data.bin" | tr -d '\n '; echo
      done
  }
  sizes "$TMPDIR/fg.o" > "$TMPDIR/fg.txt"; sizes "$TMPDIR/fb.o" > "$TMPDIR/fb.txt"
  if grep -q "x 17" "$TMPDIR/fg.txt" && diff -u "$TMPDIR/fg.txt" "$TMPDIR/fb.txt" > "$TMPDIR/d"; then
    pass "flexible array members: object sizes and bytes as bpf-gcc 16's"
  else
    fail "flexible array members: differ from bpf-gcc 16"; head -20 "$TMPDIR/d"
  fi
else
  skip "flexible array members (no bpf-gcc 16: shared/tools/get-gcc16)"
fi

# Variables declared before they are defined: the VAR records and the
# DATASECs follow the definitions' order, each VAR at its first
# declaration's place, and the declaration's name stays in the strings
# (GCC reads its DIE first) -- .BTF text equal to gcc-16's, with and
# without -fno-eliminate-unused-debug-types.
if [ -x "$G16/gcc-16" ]; then
  for elim in "" -fno-eliminate-unused-debug-types; do
    "$G16/gcc-16" -gbtf $elim -S -dA "$dir/declared_first.c" -o "$TMPDIR/g.s"
    "$BTFCC" -gbtf $elim -S -dA "$dir/declared_first.c" -o "$TMPDIR/b.s"
    btf_section "$TMPDIR/g.s" > "$TMPDIR/g.btf.s"
    btf_section "$TMPDIR/b.s" > "$TMPDIR/b.btf.s"
    if ! grep -q "BTF_KIND_VAR 'rv'" "$TMPDIR/g.btf.s"; then
      fail "declared first $elim: gcc-16 wrote no VAR 'rv' (the case is wrong)"
    elif diff -u "$TMPDIR/g.btf.s" "$TMPDIR/b.btf.s" > "$TMPDIR/d"; then
      pass "declared first $elim: .BTF text equals gcc-16's"
    else
      fail "declared first $elim"; head -20 "$TMPDIR/d"
    fi
  done
else
  skip "declared first (no gcc-16)"
fi
