# btftool check: the offline copy of the kernel's BTF verifier rules.
# Clean on valid BTF; GCC 12's known defect reported exactly; each
# hand-made rule-breaking blob reported with the kernel's own log line
# (recorded from Linux 6.18 in inputs/rules.tsv; load.sh compares with
# the running kernel itself).
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"

# clean NAME ARGS...: exit 0 and nothing printed.
clean() {
  local name=$1
  shift
  "$BTFTOOL" check "$@" >"$TMPDIR/o.txt" 2>"$TMPDIR/e.txt"
  local rc=$?
  if [ $rc -eq 0 ] && [ ! -s "$TMPDIR/o.txt" ] && [ ! -s "$TMPDIR/e.txt" ]; then
    pass "$name"
  else
    fail "$name (exit $rc)"
    head -5 "$TMPDIR/o.txt" "$TMPDIR/e.txt"
  fi
}

# reports NAME EXPECTED ARGS...: exit 1, and the last line of the first
# violation ends with EXPECTED (the kernel's last log line).
reports() {
  local name=$1 want=$2
  shift 2
  "$BTFTOOL" check "$@" >"$TMPDIR/o.txt" 2>"$TMPDIR/e.txt"
  local rc=$? last
  last=$(first_violation "$TMPDIR/o.txt" | tail -1)
  if [ $rc -eq 1 ] && [ ! -s "$TMPDIR/e.txt" ] && [[ "$last" == *"$want" ]]; then
    pass "$name"
  else
    fail "$name (exit $rc)"
    echo "want: $want"
    head -5 "$TMPDIR/o.txt" "$TMPDIR/e.txt"
  fi
}

vmlinux=/sys/kernel/btf/vmlinux
if [ -r "$vmlinux" ]; then
  clean "check $vmlinux is clean" "$vmlinux"
else
  skip "check vmlinux ($vmlinux not readable)"
fi

# Compiler output: raw clang BTF needs libbpf's fix-ups (DATASEC sizes,
# extern linkage); after them it is clean.
if [ -n "$CLANG_BPF" ]; then
  for target in bpf bpfeb; do
    for src in all_kinds prog; do
      obj=$TMPDIR/$src.$target.o
      compile_bpf "$INPUTS/$src.c" "$obj" $target -O2 || {
        fail "check $src.c ($target): clang failed"
        continue
      }
      clean "check --fixup $src.c (clang $target) is clean" --fixup "$obj"
    done
    "$BTFTOOL" check "$TMPDIR/all_kinds.$target.o" >"$TMPDIR/raw.txt"
    check "check all_kinds.c (clang $target) without fix-ups: DATASEC size 0" \
      grep -q "^\[[0-9]*\] DATASEC \.bss size=0 vlen=[0-9]* size == 0$" "$TMPDIR/raw.txt"
    check "check all_kinds.c (clang $target) without fix-ups: extern linkage" \
      grep -q "^\[[0-9]*\] FUNC bare_func type_id=[0-9]* Invalid func linkage$" "$TMPDIR/raw.txt"
  done
  compile_bpf "$INPUTS/bare_extern.c" "$TMPDIR/bare.o" bpf -O2 &&
    one_line_error "check --fixup: extern variable outside .ksyms" \
      "extern variable 'evar' (type [" "$BTFTOOL" check --fixup "$TMPDIR/bare.o"
else
  skip "check clang objects (clang-19 not installed)"
fi

# GCC 12's BTF encodes char as SIGNED|CHAR, which the kernel rejects
# ("Unsupported encoding"): that must be the first thing reported, and
# every char type must be reported the same way.
if have gcc && gcc -gbtf -c "$INPUTS/gcc_kinds.c" -o "$TMPDIR/gcc.o" 2>/dev/null; then
  "$BTFTOOL" check "$TMPDIR/gcc.o" >"$TMPDIR/gcc.txt"
  check "check gcc -gbtf: exit 1" [ $? -eq 1 ]
  check "check gcc -gbtf: first violation is char's Unsupported encoding" \
    grep -q "^\[[0-9]*\] INT char size=1 bits_offset=0 nr_bits=8 encoding=UNKN Unsupported encoding$" \
    <(head -1 "$TMPDIR/gcc.txt")
  check "check gcc -gbtf: signed char has the same Unsupported encoding" \
    grep -q "^\[[0-9]*\] INT signed char size=1 bits_offset=0 nr_bits=8 encoding=UNKN Unsupported encoding$" \
    "$TMPDIR/gcc.txt"
else
  skip "check gcc objects (gcc -gbtf unavailable)"
fi

# One hand-made blob per rule, in both byte orders.
check_rule_case() {
  local name=$1 want=$2 spec=$3
  rule_blob "$name" "$spec"
  mkbtf "$TMPDIR/rules/$name.be.btf" "BIG_ENDIAN(); $spec"
  case $want in
  -)
    clean "check rule $name: accepted" "$TMPDIR/rules/$name.btf"
    clean "check rule $name: accepted (big-endian)" "$TMPDIR/rules/$name.be.btf"
    ;;
  !)
    one_line_error "check rule $name: not BTF" "neither raw BTF nor an ELF" \
      "$BTFTOOL" check "$TMPDIR/rules/$name.btf"
    ;;
  *)
    reports "check rule $name" "$want" "$TMPDIR/rules/$name.btf"
    # In the other byte order the blob is checked as libbpf would load
    # it; only the header checks see different bytes.
    case $name in hdr-*) ;; *)
      reports "check rule $name (big-endian)" "$want" "$TMPDIR/rules/$name.be.btf" ;;
    esac
    ;;
  esac
}
for_each_rule check_rule_case

# Rules that differ between kernel versions.
dir=$TMPDIR/rules
clean "check --kernel-compat=no-type-tag-order accepts CONST -> TYPE_TAG" \
  --kernel-compat=no-type-tag-order "$dir/tagorder-const.btf"
clean "check --kernel-compat no-type-tag-order accepts TYPEDEF -> TYPE_TAG" \
  --kernel-compat no-type-tag-order "$dir/tagorder-typedef.btf"
reports "check --kernel-compat=tag-kflag-zero rejects a kflag TYPE_TAG" \
  "[2] TYPE_TAG t type_id=1 Invalid btf_info kind_flag" \
  --kernel-compat=tag-kflag-zero "$dir/typetag-kflag-ok.btf"
reports "check --kernel-compat=tag-kflag-zero rejects a kflag DECL_TAG" \
  "[3] DECL_TAG t type=2 component_idx=-1 Invalid btf_info kind_flag" \
  --kernel-compat=tag-kflag-zero "$dir/decltag-kflag-ok.btf"
reports "check --kernel-compat=datasec-identifier rejects '?.data'" \
  "[3] DATASEC ?.data size=4 vlen=1 Invalid name" \
  --kernel-compat=datasec-identifier "$dir/datasec-qmark-ok.btf"
clean "check --kernel-compat=datasec-identifier accepts '.data'" \
  --kernel-compat=no-type-tag-order,datasec-identifier "$dir/ok-all.btf"
one_line_error "check --kernel-compat with an unknown rule" \
  "unknown kernel-compat rule 'bogus'" \
  "$BTFTOOL" check --kernel-compat=type-tag-order,bogus "$dir/ok-all.btf"

# Every broken type is reported, each once; types that only depend on a
# broken one are not reported again.
mkbtf "$TMPDIR/many.btf" 'INT("c1", 1, 8, 3); INT("c2", 1, 8, 6);
  PTR(1); STRUCT("s", 1, ["a", 1, 0]); FLOAT("f", 5); PTR(9);
  VAR("v", 1, 2); TYPEDEF("", 1);'
"$BTFTOOL" check "$TMPDIR/many.btf" >"$TMPDIR/many.txt"
cat >"$TMPDIR/many.want" <<'EOF'
[1] INT c1 size=1 bits_offset=0 nr_bits=8 encoding=UNKN Unsupported encoding
[2] INT c2 size=1 bits_offset=0 nr_bits=8 encoding=UNKN Unsupported encoding
[5] FLOAT f size=5 Invalid type_size
[7] VAR v type_id=1 linkage=2 Linkage not supported
[8] TYPEDEF (anon) type_id=1 Invalid name
[6] PTR (anon) type_id=9 Invalid type_id
EOF
check "check reports every broken type once, in the kernel's order" \
  cmp -s "$TMPDIR/many.txt" "$TMPDIR/many.want" ||
  diff "$TMPDIR/many.want" "$TMPDIR/many.txt"
