#!/usr/bin/env bash
# bpfasm/roundtrip: objects from llvm-mc-19 (every instruction form),
# clang-19 and bpf-gcc 16 (tests/bpfasm/progs.c, several -mcpu, both byte
# orders), printed by `btftool bpf-disasm` in bpf-gcc's pseudo-C and
# assembled again by GNU as: the same code bytes and relocations.
. "$TESTROOT/lib.sh"
. "$TESTROOT/bpfasm/common.bash"
. "$TESTROOT/bpfasm/forms.bash"
set -u
W=${TMPDIR:-/tmp}
if [ -z "$BPF_AS" ] || ! have "$OBJCOPY" || ! have "$READELF"; then
  skip "bpfasm/roundtrip (GNU as for BPF >= 2.41, llvm-objcopy-19, llvm-readelf-19 needed)"
  exit 0
fi

if have "$LLVM_MC"; then
  for group in $FORM_GROUPS; do
    gen_$group >"$W/$group.s"
    for end in el eb; do
      eb=; [ $end = eb ] && eb=-EB
      if "$LLVM_MC" -triple bpf$end -mcpu=v4 -filetype=obj "$W/$group.s" -o "$W/$group.$end.o"; then
        roundtrip "bpfasm/roundtrip forms $group bpf$end" "$W/$group.$end.o" $eb
      else
        fail "bpfasm/roundtrip forms $group bpf$end (llvm-mc)"
      fi
    done
  done
else
  skip "bpfasm/roundtrip forms (llvm-mc-19 needed)"
fi

progs=$TESTROOT/bpfasm/progs.c
if have "$CLANG"; then
  for v in "bpf v3 -DNO_SDIV" "bpf v4" "bpfeb v4"; do
    set -- $v
    eb=; [ $1 = bpfeb ] && eb=-EB
    o=$W/clang-$1-$2.o
    if "$CLANG" -target $1 -mcpu=$2 ${3:-} -O2 -c "$progs" -o "$o"; then
      roundtrip "bpfasm/roundtrip clang-19 $1 -mcpu=$2" "$o" $eb
    else
      fail "bpfasm/roundtrip clang-19 $1 -mcpu=$2 (does not compile)"
    fi
  done
else
  skip "bpfasm/roundtrip clang (clang-19 needed)"
fi

GCC16=
for g in bpf-gcc-16 "$HOME/.cache/btfcc-oracles/gcc16/bin/bpf-gcc-16"; do
  have "$g" && { GCC16=$g; break; }
done
if [ -n "$GCC16" ]; then
  for v in "v3 -DNO_SDIV" "v4" "v4 -mbig-endian"; do
    set -- $v
    eb=; [ "${2:-}" = -mbig-endian ] && eb=-EB
    o=$W/gcc-$1${2:-}.o
    if "$GCC16" -mcpu=$1 ${2:-} -O2 -c "$progs" -o "$o"; then
      roundtrip "bpfasm/roundtrip bpf-gcc-16 -mcpu=$1 ${2:-}" "$o" $eb
      # The printer writes what bpf-gcc writes: its -S instructions, line
      # for line (label numbers, hex or decimal constants and the symbols
      # of data sections aside).
      "$GCC16" -mcpu=$1 ${2:-} -O2 -S "$progs" -o "$W/gcc.s"
      insns() { grep -P '^\t[^.]' "$1" | python3 -c '
import re, sys
for l in sys.stdin:
    l = re.sub(r"\.L[0-9]+", ".L", l)
    l = re.sub(r"\b0x[0-9a-fA-F]+", lambda m: str(int(m.group(0), 16)), l)
    print(re.sub(r"= [^ 0-9-][^ ]* ll", "= SYMBOL ll", l), end="")'; }
      "$BTFTOOL" bpf-disasm "$o" >"$W/ours.s"
      if diff <(insns "$W/gcc.s") <(insns "$W/ours.s") >"$W/print.diff" &&
         [ -s "$W/gcc.s" ]; then
        pass "bpfasm/roundtrip bpf-gcc-16 -mcpu=$1 ${2:-}: printed as bpf-gcc -S prints ($(insns "$W/gcc.s" | wc -l) instructions)"
      else
        fail "bpfasm/roundtrip bpf-gcc-16 -mcpu=$1 ${2:-}: printed unlike bpf-gcc -S"
        head -10 "$W/print.diff"
      fi
    else
      fail "bpfasm/roundtrip bpf-gcc-16 -mcpu=$1 ${2:-} (does not compile)"
    fi
  done
else
  skip "bpfasm/roundtrip bpf-gcc (bpf-gcc-16 needed: ../shared/tools/get-gcc16)"
fi
