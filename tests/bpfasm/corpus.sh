#!/usr/bin/env bash
# bpfasm/corpus: the kernel's BPF selftests (Debian's linux-source
# package, the newest under /usr/src) as real assembler input and real
# objects.
#
# 1. Inline asm: clang-19 -S -fno-integrated-as copies each `asm volatile`
#    template of progs/verifier_*.c into its output verbatim, operands
#    substituted (written by hand for clang: `*(u64*)(r10 - 8) = r1;`,
#    `l0_%=:`, `.8byte`, block comments, LLONG_MIN's `U` suffixes).  The
#    text between #APP and #NO_APP, assembled by `btftool bpf-asm` and by
#    llvm-mc-19: the same bytes and relocations, file by file.
# 2. Compiled C: objects of the other progs (clang-19 -O2, the first
#    BPFASM_CORPUS_MAX of them, default 40, that compile against this
#    kernel's vmlinux.h), printed by `btftool bpf-disasm` and assembled
#    again by GNU as: the same code bytes and relocations.
#
# The extracted tree is kept in ~/.cache/btfcc-oracles/linux-selftests-V.
. "$TESTROOT/lib.sh"
. "$TESTROOT/bpfasm/common.bash"
set -u
W=${TMPDIR:-/tmp}

tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -1)
if [ -z "$tarball" ]; then
  skip "bpfasm/corpus (no /usr/src/linux-source-*.tar.xz: apt-get install linux-source-6.12)"
  exit 0
fi
if ! have "$CLANG" || ! have "$LLVM_MC"; then
  skip "bpfasm/corpus (clang-19 and llvm-mc-19 needed)"
  exit 0
fi
ver=$(basename "$tarball" .tar.xz); ver=${ver#linux-source-}
cache=${BTFCC_ORACLES:-$HOME/.cache/btfcc-oracles}/linux-selftests-$ver
if [ ! -e "$cache/.done" ]; then
  rm -rf "$cache.tmp" && mkdir -p "$cache.tmp"
  if ! tar -xJf "$tarball" -C "$cache.tmp" --strip-components=1 --wildcards \
       "linux-source-$ver/tools/testing/selftests/bpf/*" \
       "linux-source-$ver/tools/include/*" \
       "linux-source-$ver/tools/lib/bpf/*" 2>"$W/tar.err"; then
    fail "bpfasm/corpus (cannot unpack $tarball)"; head -3 "$W/tar.err"; exit 0
  fi
  rm -rf "$cache" && mv "$cache.tmp" "$cache" && touch "$cache/.done"
fi
SELF=$cache/tools/testing/selftests/bpf
PROGS=$SELF/progs
if [ -r /sys/kernel/btf/vmlinux ] && have bpftool; then
  bpftool btf dump file /sys/kernel/btf/vmlinux format c >"$W/vmlinux.h"
else
  : >"$W/vmlinux.h" # the progs that need it will not compile
fi
INC=(-I"$W" -I"$PROGS" -I"$cache/tools/include/uapi" -I/usr/include
     -I/usr/include/x86_64-linux-gnu -I"$SELF")

# --- 1. Inline asm of verifier_*.c ---
# The files llvm-mc-19 itself fails on (it crashes: "PLEASE submit a bug
# report"): expected failures, with no other oracle for their dialect.
LLVM_MC_FAILS="verifier_arena_large"
mkdir -p "$W/asm"
( cd "$W/asm" && "$CLANG" -target bpf -O2 -mcpu=v4 -S -fno-integrated-as \
    "${INC[@]}" "$PROGS"/verifier_*.c 2>"$W/asm.err" )
files=0 insns=0
for s in "$W"/asm/verifier_*.s; do
  [ -e "$s" ] || continue
  b=$(basename "$s" .s) t=$W/asm/$b.asm name="bpfasm/corpus asm $b"
  awk '/^[ \t]*#APP/ { on = 1; next } /^[ \t]*#NO_APP/ { on = 0; print ""; next } on' "$s" >"$t"
  [ -s "$t" ] || continue
  if ! "$LLVM_MC" -triple bpfel -mcpu=v4 -filetype=obj "$t" -o "$t.o" 2>"$t.mcerr"; then
    why=$(grep -m1 -o 'error:.*\|Segmentation.*\|PLEASE submit' "$t.mcerr" | head -1)
    if [[ " $LLVM_MC_FAILS " == *" $b "* ]]; then
      xfail "$name (the oracle, llvm-mc-19, fails on it: $why)"
    else
      skip "$name (llvm-mc-19 fails on it: $why)"
    fi
    continue
  elif [[ " $LLVM_MC_FAILS " == *" $b "* ]]; then
    fail "$name: listed in LLVM_MC_FAILS, but llvm-mc-19 assembles it now (update the list)"
  fi
  section_bytes "$t.o" .text "$t.mc"
  if ! "$BTFTOOL" bpf-asm -o "$t.ours" "$t" >"$t.ourrel" 2>"$t.err"; then
    fail "$name (bpf-asm: $(head -1 "$t.err"))"; continue
  fi
  n=$(( $(stat -c %s "$t.mc") / 8 ))
  if ! cmp -s "$t.mc" "$t.ours"; then
    fail "$name"; diff <(slots "$t.mc") <(slots "$t.ours") | head -6
  elif ! diff <(section_relocs "$t.o" .text) "$t.ourrel" >"$t.rdiff"; then
    fail "$name relocations"; head -6 "$t.rdiff"
  else
    pass "$name ($n slots)"
    files=$((files + 1)) insns=$((insns + n))
  fi
done
if [ $files -lt 20 ]; then
  fail "bpfasm/corpus asm: only $files files compared (clang's errors: $(grep -c 'error:' "$W/asm.err"))"
else
  echo "note: inline asm of $files verifier_*.c files, $insns instruction slots, identical"
fi

# --- 2. Objects of the other progs, through bpf-disasm and GNU as ---
if [ -z "$BPF_AS" ]; then
  skip "bpfasm/corpus objects (GNU as for BPF >= 2.41 needed)"
  exit 0
fi
mkdir -p "$W/obj"
list=$(ls "$PROGS"/*.c | grep -v '/verifier_' | head -"${BPFASM_CORPUS_MAX:-40}")
( cd "$W/obj" && "$CLANG" -target bpf -O2 -mcpu=v3 -c "${INC[@]}" $list 2>"$W/obj.err" )
objs=0
for o in "$W"/obj/*.o; do
  [ -e "$o" ] || continue
  roundtrip "bpfasm/corpus object $(basename "$o")" "$o"
  objs=$((objs + 1))
done
tried=$(echo "$list" | wc -l)
[ $objs -ge $(( tried / 8 + 1 )) ] ||
  fail "bpfasm/corpus objects: only $objs of $tried progs compiled"
