#!/usr/bin/env bash
# vmlinux.h from the running kernel: btfcc compiles it; its types equal
# GCC's (pahole's BTF from `gcc -g` DWARF of the same file); the kernel
# accepts its BTF; btftool dumps it as bpftool does.  Both targets.
source "$TESTROOT/lib.sh"
shape="python3 $TESTROOT/tools/btfshape.py"
if [ ! -r /sys/kernel/btf/vmlinux ]; then
  skip "vmlinux.h (no /sys/kernel/btf/vmlinux on this machine)"; exit 0
fi
v=$TMPDIR/vmlinux.h
bpftool btf dump file /sys/kernel/btf/vmlinux format c > "$v" || { fail "bpftool format c"; exit 0; }
echo "vmlinux.h: $(wc -l < "$v") lines"

for tgt in x86_64 bpf; do
  topt=-std=gnu17; gcc=gcc; [ $tgt = bpf ] && { topt="-std=gnu17 --target=bpf"; gcc=bpf-gcc; }
  o=$TMPDIR/v-$tgt.o
  check "vmlinux.h compiles ($tgt, -gbtf -c)" "$BTFCC" $topt -gbtf -c "$v" -o "$TMPDIR/v-default-$tgt.o"
  if ! "$BTFCC" $topt -gbtf -gno-prune-btf -fno-eliminate-unused-debug-types -c "$v" -o "$o" 2>"$TMPDIR/err"; then
    fail "vmlinux.h compiles ($tgt, all types)"; head -5 "$TMPDIR/err"; continue
  fi
  pass "vmlinux.h compiles ($tgt, all types)"
  # Types equal GCC's.
  $gcc -g -fno-eliminate-unused-debug-types -c -x c "$v" -o "$TMPDIR/g-$tgt.o"
  pahole --btf_gen_floats --btf_encode_detached="$TMPDIR/g-$tgt.btf" "$TMPDIR/g-$tgt.o"
  $shape "$TMPDIR/g-$tgt.btf" > "$TMPDIR/g.shape"
  $shape "$o" > "$TMPDIR/b.shape"
  n=$(wc -l < "$TMPDIR/g.shape")
  if [ "$n" -gt 10000 ] && diff "$TMPDIR/g.shape" "$TMPDIR/b.shape" > "$TMPDIR/diff"; then
    pass "vmlinux.h types equal GCC's ($tgt, $n named types, 0 differences)"
  else
    fail "vmlinux.h types equal GCC's ($tgt): $(grep -c '^<' "$TMPDIR/diff") differences of $n"
    head -5 "$TMPDIR/diff" | cut -c1-300
  fi
  # The kernel accepts the BTF (DATASEC completed as libbpf does).
  if can_load_btf; then
    for f in "$o" "$TMPDIR/v-default-$tgt.o"; do
      bpftool_dump "$f" "$TMPDIR/dump"; rc=$?
      if [ $rc -eq 1 ]; then
        # Nothing is used, so nothing is emitted (GCC's empty header).
        pass "$(basename "$f"): no types (type_len 0), nothing to load"; continue
      elif [ $rc -ne 0 ]; then
        fail "$(basename "$f"): bpftool cannot dump the BTF"; head -3 "$TMPDIR/dump.err"; continue
      fi
      if "$BTFTOOL" load "$f" > "$TMPDIR/log" 2>&1; then
        pass "kernel accepts $(basename "$f")"
      else
        fail "kernel rejects $(basename "$f")"; tail -5 "$TMPDIR/log"
      fi
    done
  else
    skip "kernel load of vmlinux.h BTF (bpf(BPF_BTF_LOAD) unavailable here)"
  fi
  # btftool dump is byte-identical to bpftool's.
  check_dump "btftool dump = bpftool dump ($tgt vmlinux.h object)" "$o"
done
