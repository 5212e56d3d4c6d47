#!/usr/bin/env bash
# tests/bpf/dwarf_code.sh — issue 10 item 4: on BPF, -gdwarf describes the
# code as bpf-gcc 16 does.  For tests/bpf/progs/*.c, tests/bpf/dwarf_inputs/*.c,
# examples/xdp_ports.c and a few kernel selftests objects, at -gdwarf-4
# and -gdwarf-5 (with -gbtf, for .BTF.ext):
#   verify   llvm-dwarfdump-19 --verify finds no error;
#   code     each function symbol's [value, value+size) is its subprogram's
#            low_pc/high_pc (relocated against its section), the unit's
#            ranges are exactly the code sections, and the line table's
#            rows per section are the .BTF.ext line_info records (offsets,
#            lines, columns) -- tests/tools/dwarfcode.py, which reads the
#            object through readelf, llvm-dwarfdump-19 and btftool dump;
#   objdump  llvm-objdump-19 -dl shows source lines in the disassembly;
#   asm      (-gdwarf-5, progs and inputs) -S assembled by bpf-as gives
#            the same .debug_info, .debug_line, .debug_aranges and
#            .debug_rnglists bytes and relocations as -c.
# And for tests/bpf/dwarf_inputs/*.c, which bpf-gcc 16 compiles into the
# same functions: the compile unit's and the subprograms' attributes and
# forms equal bpf-gcc 16's (shape), except DW_AT_call_all_calls: GCC
# describes call sites (DW_TAG_call_site), btfcc does not yet, so it must
# not claim that all calls are described.  (Values differ where they
# should: GCC's frame base is DW_OP_breg12 0, its internal argument
# pointer, btfcc's DW_OP_reg10 as clang's, r10 being BPF's frame pointer.)
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/lib.sh"
. "$ROOT/tests/bpf/lib.bash"
BTFCC=${BTFCC:-$ROOT/${BUILD:-build}/btfcc}
BTFTOOL=${BTFTOOL:-$ROOT/${BUILD:-build}/btftool}
AS=${BPF_AS16:-$HOME/.cache/btfcc-oracles/gcc16/root/usr/bin/bpf-as}
GCC=${BPF_GCC16:-$BPF_GCC_DEFAULT}
CHECK=$ROOT/tests/tools/dwarfcode.py
for tool in llvm-dwarfdump-19 llvm-objdump-19 llvm-objcopy-19 readelf python3; do
  command -v $tool >/dev/null || { skip "bpf/dwarf_code (no $tool)"; exit 0; }
done
bpf_setup || { skip "bpf/dwarf_code ($BPF_SKIP)"; exit 0; }
inc=(-std=gnu17 -I"$BPF_VMLINUX_DIR" -I"$SELFTESTS_DIR/build/include" -D__TARGET_ARCH_x86
     -idirafter /usr/include/x86_64-linux-gnu)
work=${TMPDIR:-/tmp}/bpf-dwarf-code.$$
mkdir -p "$work"; trap 'rm -rf "$work"' EXIT

# check_object NAME OBJ: verify, code and objdump cases of OBJ.
check_object() {
  local t=$1 o=$2
  if llvm-dwarfdump-19 --verify "$o" >"$work/verify" 2>&1; then
    pass "$t/verify"
  else
    fail "$t/verify ($(grep -m1 -i error "$work/verify"))"
  fi
  if python3 "$CHECK" "$o" "$BTFTOOL" >"$work/code" 2>&1; then
    pass "$t/code"
  else
    fail "$t/code ($(head -2 "$work/code" | tr '\n' ' '))"
  fi
  # a source line comment ("; /dir/file.c:12") before some instruction
  if llvm-objdump-19 -dl "$o" 2>/dev/null | grep -qE '^; /.*:[0-9]+$'; then
    pass "$t/objdump"
  else
    fail "$t/objdump (no source lines in llvm-objdump-19 -dl)"
  fi
}

# the debug sections' bytes and relocations (symbols by name)
debug_bytes() {
  local s
  for s in .debug_info .debug_line .debug_aranges .debug_rnglists .debug_ranges; do
    llvm-objcopy-19 --dump-section="$s=$work/sec" "$1" "$work/null" 2>/dev/null || continue
    echo "$s $(md5sum < "$work/sec")"
  done
  readelf -rW "$1" | awk '/^Relocation section .*debug/ {p = 1; print $3; next}
                          /^Relocation section/ {p = 0} p && NF >= 5 {print $1, $3, $5}'
}

srcs=("$ROOT"/tests/bpf/progs/*.c "$ROOT"/tests/bpf/dwarf_inputs/*.c "$ROOT"/examples/xdp_ports.c)
for src in "${srcs[@]}"; do
  name=$(basename "$src" .c)
  for v in 4 5; do
    t=dwarf_code/$name/dwarf$v
    o=$work/$name.$v.o
    "$BTFCC" --target=bpf -O2 -gbtf -gdwarf-$v "${inc[@]}" -c -o "$o" "$src" 2>"$work/err" \
      || { fail "$t (-c: $(head -1 "$work/err"))"; continue; }
    check_object "$t" "$o"
  done
  t=dwarf_code/$name/asm
  if [ ! -x "$AS" ]; then
    skip "$t (no GNU as 2.47 for BPF: /work/shared/tools/get-gcc16 installs it)"
  elif ! "$BTFCC" --target=bpf -O2 -gbtf -gdwarf-5 "${inc[@]}" -S -o "$work/$name.s" "$src" 2>"$work/err"; then
    fail "$t (-S: $(head -1 "$work/err"))"
  elif ! "$AS" -mdialect=pseudoc -o "$work/$name.as.o" "$work/$name.s" 2>"$work/err"; then
    fail "$t (GNU as: $(head -1 "$work/err"))"
  else
    debug_bytes "$work/$name.5.o" >"$work/c"
    debug_bytes "$work/$name.as.o" >"$work/a"
    if ! grep -q debug_line "$work/c"; then
      fail "$t (no .debug_line)"
    elif cmp -s "$work/a" "$work/c"; then
      pass "$t"
    else
      fail "$t ($(diff "$work/a" "$work/c" | grep -m3 '^[<>]' | tr '\n' ' '))"
    fi
  fi
done

# a few of the kernel's selftests objects, as the selftests build them
for name in bpf_loop loop1 pyperf_subprogs strobemeta_bpf_loop test_spin_lock; do
  src=$BPF_PROGS/$name.c
  [ -f "$src" ] || { skip "dwarf_code/selftests/$name (not in this tree)"; continue; }
  for v in 4 5; do
    t=dwarf_code/selftests/$name/dwarf$v
    o=$work/st_$name.$v.o
    bpf_compile "$BTFCC -gdwarf-$v" "$src" "$o" 2>"$work/err" \
      || { fail "$t (-c: $(grep -m1 error "$work/err"))"; continue; }
    check_object "$t" "$o"
  done
done

# shape against bpf-gcc 16
for src in "$ROOT"/tests/bpf/dwarf_inputs/*.c; do
  name=$(basename "$src" .c)
  t=dwarf_code/shape/$name
  if [ ! -x "$GCC" ]; then skip "$t (no bpf-gcc 16: /work/shared/tools/get-gcc16 installs it)"; continue; fi
  "$GCC" -O2 -gdwarf -c -o "$work/g.o" "$src" 2>"$work/err" || { fail "$t (bpf-gcc: $(head -1 "$work/err"))"; continue; }
  "$BTFCC" --target=bpf -O2 -gdwarf -c -o "$work/b.o" "$src" 2>"$work/err" || { fail "$t (-c: $(head -1 "$work/err"))"; continue; }
  python3 "$CHECK" --shape "$work/g.o" | sed 's/, DW_AT_call_all_calls DW_FORM_flag_present//' >"$work/gs"
  python3 "$CHECK" --shape "$work/b.o" >"$work/bs"
  if ! grep -q DW_AT_low_pc "$work/gs"; then
    fail "$t (bpf-gcc's object has no code addresses)"
  elif cmp -s "$work/gs" "$work/bs"; then
    pass "$t"
  else
    fail "$t ($(diff "$work/gs" "$work/bs" | grep -m2 '^[<>]' | tr '\n' ' '))"
  fi
done
