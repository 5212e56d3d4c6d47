# btftool dump --ext: the .BTF.ext records of BPF objects, checked against
# two oracles.
#   libbpf: tests/btftool/extcheck.c prints what libbpf's btf__parse_elf()
#     reads from the object's .BTF.ext, in the same words; the .BTF.ext
#     part of `btftool dump --ext` must equal it, for clang-19's,
#     bpf-gcc-16's and btfcc's objects (little-endian: this libbpf reads
#     no other byte order).  In clang-19's and btfcc's objects each
#     line_info record carries its source line's text (GCC 16 writes
#     none), which must be the line of the file.
#   -dA: for bpf-gcc-16 and btfcc, every record's values (section, the
#     FUNC's name and id, file and line-text offsets, line and column, the
#     root type's id and name, the access string and its offset, the kind)
#     must be those the compiler's own `-S -dA` comments state, in both
#     byte orders (instruction offsets are labels there: libbpf checks
#     them).
# Inputs: the CO-RE seeds, tests/bpf/progs/*.c, and a sample of the
# kernel's BPF selftests (CO-RE ones and others) built as tests/bpf/lib.bash
# builds them.
source "$TESTROOT/lib.sh"
source "$TESTROOT/btftool/inputs/helpers.sh"
ROOT=$(cd "$TESTROOT/.." && pwd)
source "$TESTROOT/bpf/lib.bash"
BPF_GCC=${BPF_GCC:-$BPF_GCC_DEFAULT}
W=$TMPDIR/ext
mkdir -p "$W"

if ! bpf_setup; then
  skip "ext ($BPF_SKIP)"
  exit 0
fi
EXTCHECK=$W/extcheck
if ! cc -std=c17 -D_GNU_SOURCE -O2 -Wall -Wextra -I"$SELFTESTS_DIR/build/include" \
     "$TESTROOT/btftool/extcheck.c" "$SELFTESTS_DIR/build/libbpf/libbpf.a" \
     -lelf -lz -o "$EXTCHECK" 2>"$W/cc.err"; then
  fail "ext: cannot build tests/btftool/extcheck.c: $(head -1 "$W/cc.err")"
  exit 0
fi
have_gcc=1
[ -x "$BPF_GCC" ] || { have_gcc=0; skip "ext: bpf-gcc-16 objects (not installed)"; }

# The .BTF.ext part of btftool's dump.
ext_dump() { "$BTFTOOL" dump --ext "$1" | sed -n '/^\.BTF\.ext /,$p'; }

# check_libbpf NAME OBJ: btftool's records are libbpf's.
check_libbpf() {
  local name=$1 obj=$2
  if ! "$EXTCHECK" "$obj" >"$W/lib.txt" 2>"$W/lib.err"; then
    fail "$name: libbpf cannot read it: $(head -1 "$W/lib.err")"; return
  fi
  if ! ext_dump "$obj" >"$W/ours.txt" 2>"$W/ours.err"; then
    fail "$name: btftool: $(head -1 "$W/ours.err")"; return
  fi
  if cmp -s "$W/lib.txt" "$W/ours.txt"; then
    pass "$name (libbpf: $(grep -c '^    ' "$W/lib.txt") records)"
  else
    fail "$name: differs from libbpf: $(diff "$W/lib.txt" "$W/ours.txt" | grep -m2 '^[<>]' | tr '\n' ' ' | cut -c1-300)"
  fi
}

# check_text NAME OBJ: each line_info record, as libbpf reads it
# (extcheck's output in $W/lib.txt, from check_libbpf just before, its
# escapes undone), holds
# the text of its source line, as clang records it: the file's line
# itself, byte for byte, without its line end.
check_text() {
  local name=$1
  perl -ne '
    next unless /^    insn_off=.* (\/\S+):(\d+):\d+ \x27(.*)\x27$/;
    my ($f, $l, $t) = ($1, $2, $3);
    # undo the escapes of extcheck: backslash, quote, n, t, octal
    $t =~ s/\\(?:([0-7]{3})|(.))/defined $1 ? chr(oct $1) : $2 eq "n" ? "\n" : $2 eq "t" ? "\t" : $2/ge;
    $n++;
    if (!exists $src{$f}) {
      open(my $h, "<", $f) or do { $src{$f} = undef; next };
      $src{$f} = [<$h>];
    }
    next unless $src{$f};
    my $want = $src{$f}[$l - 1] // ""; $want =~ s/\r?\n\z//;
    if ($t eq $want) { $ok++ } else { $bad++; print "$f:$l: \x27$t\x27\n" if $bad <= 2 }
    END { printf "%d %d %d\n", $n, $ok // 0, $bad // 0 }' "$W/lib.txt" >"$W/text.txt"
  local n ok bad
  read -r n ok bad < <(tail -1 "$W/text.txt")
  if [ "${ok:-0}" -gt 0 ] && [ "$bad" = 0 ]; then
    pass "$name: line texts ($ok of $n records)"
  else
    fail "$name: line texts: $ok of $n records right, $bad wrong: $(head -2 "$W/text.txt" | tr '\n' ' ')"
  fi
}

# The records as -dA comments state them, one line each, without
# instruction offsets: "func SEC NAME ID", "line SEC FILE_OFF LINE_OFF LINE
# COL", "core SEC ID NAME ASTR_OFF ASTR KIND".
da_records() {
  perl -ne '
    sub v { my $s = shift; return $s =~ /^0x/ ? hex $s : $s }
    $in = 1 if /\.section\s+"?\.BTF\.ext/; $in = 0 if $in && /\.section/ && !/BTF\.ext/;
    next unless $in && /^\s*\.(?:4|2)?byte\s+(\S+)\s*#\s*(.*)$/;
    my ($x, $c) = ($1, $2);
    if ($c =~ /^(?:Func|Line|Core)Info section string for (.*)/) { $sec = $1 }
    elsif ($c =~ /^label for function (.*)/) { $fn = $1 }
    elsif ($c eq "btf_type_id") { print "func $sec $fn ", v($x), "\n" }
    elsif ($c eq "file_name_off") { $fo = v($x) }
    elsif ($c eq "line_off") { $lo = v($x) }
    elsif ($c =~ /^\(line, col\) \((\d+), (\d+)\)/) { print "line $sec $fo $lo $1 $2\n" }
    elsif ($c =~ /^bpfcr_type \((?:struct |union |enum )?(.*)\)$/) { $t = v($x) . " $1" }
    elsif ($c =~ /^bpfcr_astr_off \("(.*)"\)$/) { $a = v($x) . " $1" }
    elsif ($c eq "bpfcr_kind") { print "core $sec $t $a ", v($x), "\n" }' "$1"
}

# The same from btftool's dump.  The root type's name is compared without
# the keyword -dA puts before it (its id is compared exactly): GCC writes
# "struct siphash_key_t" for a typedef of an anonymous struct.
dump_records() {
  perl -ne '
    if (/^(func_info|line_info|core_relo) /) { $k = $1 }
    elsif (/^  sec \x27(.*)\x27 name_off=/) { $sec = $1 }
    elsif ($k eq "func_info" && /type_id=(\d+) FUNC \x27(.*)\x27$/) { print "func $sec $2 $1\n" }
    elsif ($k eq "line_info" && /file_name_off=(\d+) line_off=(\d+) .*:(\d+):(\d+) \x27/) { print "line $sec $1 $2 $3 $4\n" }
    elsif ($k eq "core_relo" && /type_id=(\d+)(?: \w+ \x27(.*?)\x27| \(void\)) access_str_off=(\d+) \x27(.*)\x27 kind=\S+ \((\d+)\)$/) {
      my $n = ($2 // "") eq "(anon)" ? "" : $2 // "";
      print "core $sec $1 $n $3 $4 $5\n" }' "$1"
}

# check_da NAME OBJ ASM: the records of OBJ are those ASM's comments state.
check_da() {
  local name=$1 obj=$2 asm=$3
  da_records "$asm" >"$W/da.txt"
  if ! ext_dump "$obj" >"$W/dump.txt" 2>"$W/ours.err"; then
    fail "$name: btftool: $(head -1 "$W/ours.err")"; return
  fi
  dump_records "$W/dump.txt" >"$W/ours.txt"
  if [ ! -s "$W/da.txt" ]; then
    fail "$name: no .BTF.ext records in the -dA output"
  elif cmp -s "$W/da.txt" "$W/ours.txt"; then
    pass "$name (-dA: $(wc -l <"$W/da.txt") records)"
  else
    fail "$name: differs from -dA: $(diff "$W/da.txt" "$W/ours.txt" | grep -m2 '^[<>]' | tr '\n' ' ' | cut -c1-300)"
  fi
}

# one_input LABEL SRC CC-ARGS...: SRC built by clang-19, bpf-gcc-16 and
# btfcc (both byte orders for the last two), each checked.
# -std=gnu17: the vmlinux.h declares bool, false and true (C23 keywords),
# as with GCC 16.
inc=(-std=gnu17 -I"$BPF_VMLINUX_DIR" -I"$SELFTESTS_DIR/build/include" -D__TARGET_ARCH_x86
     -idirafter /usr/include/x86_64-linux-gnu)
one_input() {
  local label=$1 src=$2 o=$W/$1
  if clang-19 --target=bpf -mcpu=v4 -O2 -g "${inc[@]}" -c "$src" -o "$o.clang.o" 2>"$o.err"; then
    check_libbpf "ext $label (clang-19)" "$o.clang.o"
    check_text "ext $label (clang-19)" "$o.clang.o"
  else
    fail "ext $label: clang-19 does not compile it: $(head -1 "$o.err")"
  fi
  local e
  for e in little big; do
    if "$BTFCC" --target=bpf -m$e-endian -O2 -g "${inc[@]}" -c "$src" -o "$o.$e.o" 2>"$o.err" &&
       "$BTFCC" --target=bpf -m$e-endian -O2 -g -S -dA "${inc[@]}" "$src" -o "$o.$e.s" 2>"$o.err"; then
      [ $e = little ] && check_libbpf "ext $label (btfcc)" "$o.$e.o" &&
        check_text "ext $label (btfcc)" "$o.$e.o"
      check_da "ext $label (btfcc, $e-endian)" "$o.$e.o" "$o.$e.s"
    else
      fail "ext $label: btfcc: $(grep -m1 error "$o.err")"
    fi
    [ $have_gcc = 1 ] || continue
    if "$BPF_GCC" -std=gnu11 -m$e-endian -O2 -gbtf -mco-re "${inc[@]}" -idirafter /usr/include -c "$src" -o "$o.gcc.$e.o" 2>"$o.err" &&
       "$BPF_GCC" -std=gnu11 -m$e-endian -O2 -gbtf -mco-re -S -dA "${inc[@]}" -idirafter /usr/include "$src" -o "$o.gcc.$e.s" 2>"$o.err"; then
      [ $e = little ] && check_libbpf "ext $label (bpf-gcc-16)" "$o.gcc.$e.o"
      check_da "ext $label (bpf-gcc-16, $e-endian)" "$o.gcc.$e.o" "$o.gcc.$e.s"
    else
      echo "NOTE: ext $label: bpf-gcc-16 does not compile it: $(grep -m1 error "$o.err")"
    fi
  done
}

for src in "$SHARED"/seeds/tests/gcc.target/bpf/core-*.c; do
  [ -f "$src" ] || { skip "ext seeds (../shared/seeds missing)"; break; }
  one_input "seed-$(basename "$src" .c)" "$src"
done
for src in "$ROOT"/tests/bpf/progs/*.c; do
  one_input "progs-$(basename "$src" .c)" "$src"
done

# Kernel selftests: clang-19 and btfcc builds as the selftests build them
# (libbpf), and btfcc's -S -dA of the same command line (a wrapper turns
# -c into -S -dA).
sample=(test_core_reloc_kernel test_core_reloc_flavors test_core_reloc_existence
        test_core_reloc_bitfields_probed test_core_reloc_enumval
        test_core_reloc_type_based test_core_reloc_type_id test_core_reloc_size
        test_core_reloc_arrays test_core_reloc_nesting test_xdp loop1 test_spin_lock
        test_core_reloc_mods strobemeta_subprogs)
cat >"$W/btfcc-S" <<EOF
#!/usr/bin/env bash
args=()
for a in "\$@"; do [ "\$a" = -c ] && args+=(-S -dA) || args+=("\$a"); done
exec "$BTFCC" "\${args[@]}"
EOF
chmod +x "$W/btfcc-S"
for n in "${sample[@]}"; do
  src=$BPF_PROGS/$n.c
  [ -f "$src" ] || { skip "ext selftest $n (not in this tree)"; continue; }
  if bpf_compile "$CLANG" "$src" "$W/$n.clang.o" 2>"$W/$n.err"; then
    check_libbpf "ext selftest $n (clang-19)" "$W/$n.clang.o"
  else
    fail "ext selftest $n: clang-19 does not compile it: $(head -1 "$W/$n.err")"
  fi
  if bpf_compile "$BTFCC" "$src" "$W/$n.o" 2>"$W/$n.err" &&
     bpf_compile "$W/btfcc-S" "$src" "$W/$n.s" 2>"$W/$n.err"; then
    check_libbpf "ext selftest $n (btfcc)" "$W/$n.o"
    check_text "ext selftest $n (btfcc)" "$W/$n.o"
    check_da "ext selftest $n (btfcc)" "$W/$n.o" "$W/$n.s"
  else
    fail "ext selftest $n: btfcc: $(grep -m1 error "$W/$n.err")"
  fi
done

# What --ext asks of its input.
if extract_btf "$W/progs-core.clang.o" "$W/raw.btf"; then
  one_line_error "ext: raw BTF has no .BTF.ext" "raw BTF has no .BTF.ext" \
    "$BTFTOOL" dump --ext "$W/raw.btf"
else
  fail "ext: cannot extract .BTF from progs-core.clang.o"
fi
printf 'int x;\n' >"$W/plain.c"
"$BTFCC" -gbtf -c "$W/plain.c" -o "$W/plain.o"
one_line_error "ext: an object without .BTF.ext" "no .BTF.ext section" \
  "$BTFTOOL" dump --ext "$W/plain.o"
