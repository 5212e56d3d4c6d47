# btftool dump: byte-identical to `bpftool btf dump file` (bpftool
# v7.1.0) for clang BPF objects (both byte orders), gcc -gbtf objects,
# raw .BTF extracted from them, ELF32, split BTF and the kernel's own
# /sys/kernel/btf/vmlinux (which must also be fast).
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"

if ! have bpftool; then
  skip "dump (bpftool not installed)"
  exit 0
fi

# clang BPF objects: every kind, little- and big-endian, -O0 and -O2.
if [ -n "$CLANG_BPF" ]; then
  for src in all_kinds prog bare_extern; do
    for target in bpf bpfeb; do
      for opt in -O0 -O2; do
        obj=$TMPDIR/$src.$target$opt.o
        if ! compile_bpf "$INPUTS/$src.c" "$obj" $target $opt; then
          fail "dump $src.c ($target $opt): clang failed"
          continue
        fi
        same_dump "dump $src.c (clang $target $opt, ELF)" "$obj"
        if extract_btf "$obj" "$obj.btf"; then
          same_dump "dump $src.c (clang $target $opt, raw .BTF)" "$obj.btf"
        else
          skip "dump $src.c ($target $opt, raw) (cannot extract .BTF)"
        fi
      done
    done
  done
  # ELF32 big-endian: the same BTF in another container.
  obj=$TMPDIR/all_kinds.bpfeb-O2.o
  if have llvm-objcopy-19 &&
     llvm-objcopy-19 -O elf32-powerpc "$obj" "$TMPDIR/elf32be.o" 2>/dev/null; then
    same_dump "dump all_kinds.c (ELF32 big-endian)" "$TMPDIR/elf32be.o"
  else
    skip "dump ELF32 big-endian (llvm-objcopy-19 missing)"
  fi
else
  skip "dump clang objects (clang-19 not installed)"
fi

# gcc -gbtf objects (GCC 12 has no tag attributes), ELF64 and ELF32.
if have gcc && gcc -gbtf -c "$INPUTS/gcc_kinds.c" -o "$TMPDIR/gcc.o" 2>/dev/null; then
  same_dump "dump gcc_kinds.c (gcc -gbtf, ELF)" "$TMPDIR/gcc.o"
  if extract_btf "$TMPDIR/gcc.o" "$TMPDIR/gcc.btf"; then
    same_dump "dump gcc_kinds.c (gcc -gbtf, raw .BTF)" "$TMPDIR/gcc.btf"
  else
    fail "dump gcc_kinds.c raw: objcopy could not extract .BTF"
  fi
  if objcopy -O elf32-i386 "$TMPDIR/gcc.o" "$TMPDIR/gcc32.o" 2>/dev/null; then
    same_dump "dump gcc_kinds.c (ELF32)" "$TMPDIR/gcc32.o"
  fi
else
  skip "dump gcc objects (gcc -gbtf unavailable)"
fi

# Hand-made blobs, in both byte orders.  Where bpftool (libbpf 1.1)
# parses one, so must we, identically -- except that our reader also
# rejects what libbpf 1.1 lets through: bad name offsets, references to
# missing types, reference loops, versions other than 1.
dump_rule_case() {
  local name=$1 spec=$3 order file
  for order in le be; do
    file=$TMPDIR/rules/$name.$order.btf
    if [ $order = be ]; then mkbtf "$file" "BIG_ENDIAN(); $spec"
    else mkbtf "$file" "$spec"; fi
    bpftool btf dump file "$file" >"$TMPDIR/ref.txt" 2>/dev/null
    local ref_rc=$?
    "$BTFTOOL" dump "$file" >"$TMPDIR/ours.txt" 2>"$TMPDIR/ours.err"
    local rc=$?
    if [ $ref_rc -eq 0 ] && [ $rc -eq 0 ]; then
      if cmp -s "$TMPDIR/ref.txt" "$TMPDIR/ours.txt"; then
        pass "dump hand-made $name ($order)"
      else
        fail "dump hand-made $name ($order)"
        diff "$TMPDIR/ref.txt" "$TMPDIR/ours.txt" | head -5
      fi
    elif [ $rc -eq 1 ] && { [ $ref_rc -ne 0 ] ||
        grep -aqE "name offset|refers to type|reference loop|version" \
          "$TMPDIR/ours.err"; }; then
      pass "dump hand-made $name ($order): rejected"
    else
      fail "dump hand-made $name ($order): btftool exit $rc, bpftool exit $ref_rc"
      cat "$TMPDIR/ours.err"
    fi
  done
}
mkdir -p "$TMPDIR/rules"
for_each_rule dump_rule_case

# Every kind and odd values: extreme enumerators, bit-fields, unknown
# linkages and encodings, varargs, a DATASEC entry for void.
ODD='INT("int", 4, 32, 1); INT("", 1, 8, 4); INT("u7", 1, 7, 0, 1);
  INT("weird", 2, 16, 15); PTR(0); ARRAY(1, 1, 0xffffffff);
  STRUCTK("bf", 8, ["a", 1, 0, 3], ["b", 1, 3, 0], ["", 1, 32, 32]);
  UNION("", 4, ["x", 1, 0]);
  ENUM("e", 4, ["N", -2147483648], ["P", 2147483647]);
  ENUMS("se", 4, ["N", -1], ["Z", 0]);
  ENUM64("u64e", 8, ["MAX", -1], ["HI", 1 << 63]);
  ENUM64S("s64e", 8, ["MIN", 1 << 63], ["M1", -1]);
  FWD("s", 0); FWD("u", 1); TYPEDEF("t", 1); VOLATILE(1); CONST(1);
  RESTRICT(5); PROTO(1, ["a", 1], ["", 0]); FUNC("f", 19, 0);
  FUNC("g", 19, 1); FUNC("h", 19, 2); FUNC("k", 19, 7);
  VAR("v", 1, 0); VAR("w", 1, 1); VAR("x", 1, 2); VAR("y", 1, 9);
  DATASEC(".data", 16, [24, 0, 4], [25, 4, 4], [0, 8, 4]);
  FLOAT("float", 4); DECL_TAG("dt", 24, -1); DECL_TAG("dt", 7, 2);
  TYPE_TAG("tt", 1); TYPE_TAG("kt", 1); KFLAG();'
mkbtf "$TMPDIR/odd.btf" "$ODD"
same_dump "dump every kind with odd values" "$TMPDIR/odd.btf"
mkbtf "$TMPDIR/odd.be.btf" "BIG_ENDIAN(); $ODD"
same_dump "dump every kind with odd values (big-endian)" "$TMPDIR/odd.be.btf"

# Split BTF on a base (-B), as `bpftool -B base btf dump file split`.
mkbtf "$TMPDIR/base.btf" 'INT("int", 4, 32, 1); PTR(1);'
mkbtf "$TMPDIR/split.btf" 'STRINGS("s\0x\0"); STRUCT(OFF(5), 8, [OFF(7), 2, 0]); PTR(3);'
bpftool -B "$TMPDIR/base.btf" btf dump file "$TMPDIR/split.btf" >"$TMPDIR/split.ref" 2>&1
"$BTFTOOL" dump -B "$TMPDIR/base.btf" "$TMPDIR/split.btf" >"$TMPDIR/split.out" 2>&1
if [ -s "$TMPDIR/split.ref" ] && cmp -s "$TMPDIR/split.ref" "$TMPDIR/split.out"; then
  pass "dump split BTF with -B"
else
  fail "dump split BTF with -B"
  diff "$TMPDIR/split.ref" "$TMPDIR/split.out" | head
fi

# The running kernel's BTF: identical.  The times are printed for the
# reader only: speed is judged in bench/, never by a timed test (a loaded
# machine made a one-second limit fail).
vmlinux=/sys/kernel/btf/vmlinux
if [ -r "$vmlinux" ]; then
  same_dump "dump $vmlinux" "$vmlinux"
  TIMEFORMAT=%R
  ours=$( { time "$BTFTOOL" dump "$vmlinux" >/dev/null 2>&1; } 2>&1)
  ref=$( { time bpftool btf dump file "$vmlinux" >/dev/null 2>&1; } 2>&1)
  echo "# vmlinux raw dump ($(wc -l <"$TMPDIR/ours.txt") lines): btftool ${ours}s, bpftool ${ref}s"
else
  skip "dump vmlinux ($vmlinux not readable)"
fi
