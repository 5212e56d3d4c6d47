# btftool load: BPF_BTF_LOAD into the running kernel.  Compiler output
# loads after libbpf's fix-ups (which match libbpf's own, byte for byte),
# broken blobs are rejected with the kernel's log, and -- the point of
# the checker -- `btftool check` predicts the kernel's verdict and its
# message on every hand-made blob.  Without BPF_BTF_LOAD: SKIP.
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"

"$BTFTOOL" load --probe 2>"$TMPDIR/probe.err"
probe=$?
if [ $probe -eq 2 ]; then
  skip "load (BPF_BTF_LOAD unavailable: $(cat "$TMPDIR/probe.err"))"
  exit 0
fi
check "load --probe exits 0 when BPF_BTF_LOAD works" [ $probe -eq 0 ]

loads() { # NAME ARGS...
  local name=$1
  shift
  "$BTFTOOL" load "$@" >"$TMPDIR/o.txt" 2>"$TMPDIR/e.txt"
  local rc=$?
  if [ $rc -eq 0 ]; then
    pass "$name"
  else
    fail "$name (exit $rc)"
    tail -n 3 "$TMPDIR/o.txt" "$TMPDIR/e.txt"
  fi
}

# The kernel's verdict on FILE (--no-fixup) against the checker's: both
# accept, or both reject and the kernel's last log line ends the
# checker's first violation (a member or entry error also names its type
# on a line the kernel logged too).
agree() { # NAME FILE
  local name=$1 file=$2 krc crc klast cv clast
  "$BTFTOOL" load --no-fixup "$file" >"$TMPDIR/k.txt" 2>"$TMPDIR/k.err"
  krc=$?
  "$BTFTOOL" check "$file" >"$TMPDIR/c.txt" 2>"$TMPDIR/c.err"
  crc=$?
  klast=$(grep -av '^$' "$TMPDIR/k.txt" | tail -1)
  cv=$(first_violation "$TMPDIR/c.txt")
  clast=$(printf '%s\n' "$cv" | tail -1)
  if [ $krc -eq 0 ] && [ $crc -eq 0 ]; then
    pass "$name: both accept"
  elif [ $krc -eq 1 ] && [ $crc -eq 1 ] && [ -n "$klast" ] &&
       [[ "$clast" == *"$klast" ]] &&
       { [ "$(printf '%s\n' "$cv" | wc -l)" -eq 1 ] ||
         grep -aqxF -- "$(printf '%s\n' "$cv" | head -1)" "$TMPDIR/k.txt"; }; then
    pass "$name: both reject: $klast"
  else
    fail "$name: kernel exit $krc, checker exit $crc"
    echo "kernel : $klast"
    echo "checker: $clast"
    head -2 "$TMPDIR/k.err" "$TMPDIR/c.err"
  fi
}

# Compiler output, after the fix-ups.
if [ -n "$CLANG_BPF" ]; then
  for target in bpf bpfeb; do
    for src in all_kinds prog; do
      obj=$TMPDIR/$src.$target.o
      if compile_bpf "$INPUTS/$src.c" "$obj" $target -O2; then
        loads "load $src.c (clang $target)" "$obj"
        agree "load --no-fixup $src.c (clang $target) vs check" "$obj"
        "$BTFTOOL" fixup "$obj" -o "$obj.fixed"
        agree "load $src.c (clang $target) fixed up vs check" "$obj.fixed"
      else
        fail "load $src.c ($target): clang failed"
      fi
    done
  done
  if compile_bpf "$INPUTS/bare_extern.c" "$TMPDIR/bare.o" bpf -O2; then
    one_line_error "load refuses an extern variable outside .ksyms, as libbpf" \
      "is in no .ksyms or .kconfig section" "$BTFTOOL" load "$TMPDIR/bare.o"
    agree "load --no-fixup bare_extern.c vs check" "$TMPDIR/bare.o"
  fi
else
  skip "load clang objects (clang-19 not installed)"
fi

# The fix-ups are libbpf's: let libbpf (1.1) load the same object and
# read back from the kernel the BTF it handed over.
if [ -n "$CLANG_BPF" ] && have cc && [ -r /usr/include/bpf/libbpf.h ] &&
   cc -O1 -o "$TMPDIR/libbpf_fixup" "$INPUTS/libbpf_fixup.c" -lbpf 2>"$TMPDIR/cc.err"; then
  # (libbpf opens host-endian objects only.)
  for target in bpf; do
    obj=$TMPDIR/prog.$target.o
    if "$TMPDIR/libbpf_fixup" "$obj" "$TMPDIR/libbpf.$target.btf" 2>"$TMPDIR/lb.err"; then
      "$BTFTOOL" fixup "$obj" -o "$TMPDIR/ours.$target.btf"
      if cmp -s "$TMPDIR/libbpf.$target.btf" "$TMPDIR/ours.$target.btf"; then
        pass "fixup prog.c (clang $target) is byte-identical to libbpf's"
      else
        fail "fixup prog.c (clang $target) differs from libbpf's"
        diff <("$BTFTOOL" dump "$TMPDIR/libbpf.$target.btf") \
          <("$BTFTOOL" dump "$TMPDIR/ours.$target.btf") | head -10
      fi
    else
      skip "fixup prog.c ($target) vs libbpf (libbpf could not load it: $(head -c 200 "$TMPDIR/lb.err"))"
    fi
  done
else
  skip "fixup vs libbpf (cc, clang-19 or libbpf-dev missing)"
fi

# gcc -gbtf: the kernel rejects GCC 12's char encoding, as check says.
if have gcc && gcc -gbtf -c "$INPUTS/gcc_kinds.c" -o "$TMPDIR/gcc.o" 2>/dev/null; then
  agree "load --no-fixup gcc -gbtf vs check" "$TMPDIR/gcc.o"
  "$BTFTOOL" load --no-fixup "$TMPDIR/gcc.o" >"$TMPDIR/o.txt" 2>"$TMPDIR/e.txt"
  rc=$?
  grep -q "Unsupported encoding$" "$TMPDIR/o.txt" &&
    grep -q "the kernel rejected the BTF" "$TMPDIR/e.txt"
  check "load gcc -gbtf: rejected with the kernel's Unsupported encoding" \
    [ $rc -eq 1 -a $? -eq 0 ]
fi

# The kernel's own BTF loads as user BTF, and the checker agrees.
vmlinux=/sys/kernel/btf/vmlinux
if [ -r "$vmlinux" ]; then
  loads "load $vmlinux" "$vmlinux"
  agree "load --no-fixup $vmlinux vs check" "$vmlinux"
fi

# A blob broken by one rule is rejected with the kernel's message, which
# is the one recorded in inputs/rules.tsv -- and the one check prints.
kernel_case() {
  local name=$1 want=$2 spec=$3 file
  rule_blob "$name" "$spec"
  file=$TMPDIR/rules/$name.btf
  [ "$want" = "!" ] && return 0
  agree "rule $name" "$file"
  "$BTFTOOL" load --no-fixup "$file" >"$TMPDIR/o.txt" 2>/dev/null
  local rc=$? last
  last=$(grep -av '^$' "$TMPDIR/o.txt" | tail -1)
  if { [ "$want" = "-" ] && [ $rc -eq 0 ]; } ||
     { [ $rc -eq 1 ] && [ "$last" = "$want" ]; }; then
    pass "rule $name: the kernel logs what rules.tsv recorded"
  else
    fail "rule $name: kernel exit $rc, logged: $last"
    echo "recorded: $want"
  fi
}
for_each_rule kernel_case

# Big-endian blobs are converted before loading, like libbpf does.
mkbtf "$TMPDIR/be.btf" 'BIG_ENDIAN(); INT("int", 4, 32, 1); PTR(1);
  STRUCT("s", 16, ["a", 1, 0], ["p", 2, 64]);'
loads "load a big-endian blob" --no-fixup "$TMPDIR/be.btf"
mkbtf "$TMPDIR/be-bad.btf" 'BIG_ENDIAN(); INT("int", 4, 32, 1); FLOAT("f", 3);'
agree "load --no-fixup big-endian broken blob vs check" "$TMPDIR/be-bad.btf"

# Raw BTF without ELF: DATASEC laid out by natural alignment.
mkbtf "$TMPDIR/layout.btf" 'INT("char", 1, 8, 1); INT("long", 8, 64, 1);
  VAR("c", 1, 1); VAR("l", 2, 1); VAR("d", 1, 1);
  DATASEC(".data", 0, [3, 0, 1], [4, 0, 8], [5, 0, 1]);'
"$BTFTOOL" fixup "$TMPDIR/layout.btf" -o "$TMPDIR/layout.fixed"
"$BTFTOOL" dump "$TMPDIR/layout.fixed" | tail -4 >"$TMPDIR/layout.txt"
cat >"$TMPDIR/layout.want" <<'EOF'
[6] DATASEC '.data' size=17 vlen=3
	type_id=3 offset=0 size=1 (VAR 'c')
	type_id=4 offset=8 size=8 (VAR 'l')
	type_id=5 offset=16 size=1 (VAR 'd')
EOF
check "fixup lays out a raw DATASEC by natural alignment" \
  cmp -s "$TMPDIR/layout.txt" "$TMPDIR/layout.want"
loads "load raw BTF with a DATASEC to lay out" "$TMPDIR/layout.btf"

# Differential test: the same blobs with words of their type section
# replaced by small ids, zeros and random values (deterministically).
# Whatever the damage, the kernel and the checker must agree.
mutate() { # IN OUT SEED
  perl -e '
    my ($in, $out, $seed) = @ARGV;
    srand($seed);
    open my $f, "<:raw", $in or die; local $/; my $d = <$f>;
    my ($hdr_len, $type_off, $type_len) = unpack("x4 V V V", $d);
    my $start = $hdr_len + $type_off;
    for (1 .. 1 + int(rand(3))) {
      my $o = $start + 4 * int(rand($type_len / 4));
      my $r = rand();
      my $w = $r < 0.5 ? int(rand(40)) : $r < 0.7 ? 0
            : $r < 0.85 ? int(rand(200)) : int(rand(2**32));
      substr($d, $o, 4) = pack("V", $w);
    }
    open my $g, ">:raw", $out or die; print $g $d;' "$@"
}
mutations() { # NAME FILE COUNT
  local name=$1 file=$2 count=$3 i bad=0
  for ((i = 0; i < count; i++)); do
    mutate "$file" "$TMPDIR/mut.btf" $i
    agree "mutation" "$TMPDIR/mut.btf" >"$TMPDIR/agree.txt"
    if grep -q '^FAIL' "$TMPDIR/agree.txt"; then
      bad=$((bad + 1))
      cp "$TMPDIR/mut.btf" "$TMPDIR/mut.$name.$i.btf"
      sed 's/^/  /' "$TMPDIR/agree.txt"
    fi
  done
  check "kernel and checker agree on $count mutations of $name" [ $bad -eq 0 ]
}
mkbtf "$TMPDIR/mut-base.btf" 'INT("int", 4, 32, 1); PTR(1);
  STRUCTK("s", 16, ["a", 1, 0, 3], ["p", 2, 64]); ENUM64S("e", 8, ["X", -5]);
  TYPE_TAG("t", 1); PROTO(1, ["a", 1], ["", 0]); FUNC("f", 6, 1);
  VAR("v", 1, 1); DATASEC(".data", 4, [8, 0, 4]); DECL_TAG("d", 8, -1);
  FLOAT("float", 4); ARRAY(1, 1, 3); ENUM("e2", 4, ["Q", 2]); FWD("fw", 1);
  TYPEDEF("td", 3); CONST(2); VOLATILE(16); UNION("u", 8, ["x", 2, 0]);
  STRUCT("n", 24, ["s", 3, 0], ["u", 18, 128])'
mutations "a hand-made blob" "$TMPDIR/mut-base.btf" 100
if [ -f "$TMPDIR/all_kinds.bpf.o.fixed" ]; then
  mutations "all_kinds.c fixed up" "$TMPDIR/all_kinds.bpf.o.fixed" 100
fi
