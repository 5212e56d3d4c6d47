#!/usr/bin/env bash
# bpfasm/llvm: every instruction form in LLVM's pseudo-C, assembled by
# `btftool bpf-asm` and by llvm-mc-19 (-mcpu=v4), little- and big-endian:
# the same .text bytes and the same relocations.
. "$TESTROOT/lib.sh"
. "$TESTROOT/bpfasm/common.bash"
set -u
W=${TMPDIR:-/tmp}
if ! have "$LLVM_MC" || ! have "$OBJCOPY" || ! have "$READELF"; then
  skip "bpfasm/llvm (llvm-mc-19, llvm-objcopy-19 and llvm-readelf-19 needed)"
  exit 0
fi

. "$TESTROOT/bpfasm/forms.bash"

for group in $FORM_GROUPS; do
  src=$W/$group.s
  gen_$group >"$src"
  for end in el eb; do
    eb=; [ $end = eb ] && eb=-EB
    name="bpfasm/llvm $group bpf$end"
    if ! "$LLVM_MC" -triple bpf$end -mcpu=v4 -filetype=obj "$src" -o "$W/$group.$end.o" 2>"$W/mc.err"; then
      fail "$name (llvm-mc rejects the input)"; head -5 "$W/mc.err"; continue
    fi
    compare_asm "$name" "$W/$group.$end.o" "$src" $eb
  done
done
