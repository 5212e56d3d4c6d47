#!/usr/bin/env bash
# bpfasm/gcc: every instruction form in GCC's two dialects (pseudo-C as
# bpf-gcc 16 writes it, and the normal syntax of -masm=normal, registers
# with and without '%'), assembled by `btftool bpf-asm` and by GNU as
# (binutils >= 2.41, -mdialect=pseudoc / normal), little- and big-endian:
# the same .text bytes and relocations.
. "$TESTROOT/lib.sh"
. "$TESTROOT/bpfasm/common.bash"
set -u
W=${TMPDIR:-/tmp}
if [ -z "$BPF_AS" ] || ! have "$OBJCOPY" || ! have "$READELF"; then
  skip "bpfasm/gcc (GNU as for BPF >= 2.41, llvm-objcopy-19, llvm-readelf-19 needed)"
  exit 0
fi

imms="0 1 -1 7 0x7fffffff -2147483648 0xffffffff 1+2*3 (4<<2) ~3"

# --- GCC's pseudo-C ---
pc_alu() {
  for op in '+=' '-=' '*=' '/=' '%=' '|=' '&=' '^=' '<<=' '>>=' 's>>=' 's/=' 's%='; do
    printf '\tr1 %s r2\n\tw3 %s w4\n' "$op" "$op"
    for i in $imms; do printf '\tr5 %s %s\n\tw6 %s %s\n' "$op" "$i" "$op" "$i"; done
  done
  printf '\tr0 = r1\n\tw2 = w3\n\tr7 = -5\n\tw8 = 0xffff\n\tr0 = -r0\n\tw4 = -w4\n'
  for b in 8 16 32; do printf '\tr1 = (s%s) r2\n' $b; done
  for b in 8 16; do printf '\tw1 = (s%s) w2\n' $b; done
  for b in 16 32 64; do printf '\tr1 = be%s r1\n\tr2 = le%s r2\n\tr3 = bswap%s r3\n' $b $b $b; done
}
pc_mem() {
  for off in '+0' '+-4' '+-8' '+32767' '+-32768' '+16' ' + 8' '-8'; do
    for t in u8 u16 u32 u64; do
      printf '\tr1 = *(%s *) (r2%s)\n' $t "$off"
      printf '\t*(%s *) (r10%s) = r3\n' $t "$off"
      printf '\t*(%s *) (r4%s) = -5\n' $t "$off"
    done
    for t in s8 s16 s32; do printf '\tr5 = *(%s *) (r6%s)\n' $t "$off"; done
  done
  for t in u8 u16 u32; do
    printf '\tr0 = *(%s *) skb[3]\n\tr0 = *(%s *) skb[r7+4]\n' $t $t
  done
}
pc_jmp() {
  echo ".L1:"
  for op in '==' '!=' '>' '>=' '<' '<=' 's>' 's>=' 's<' 's<=' '&'; do
    printf '\tif r1 %s r2 goto .L1\n\tif w3 %s w4 goto .L2\n' "$op" "$op"
    printf '\tif r5 %s 7 goto .L2\n\tif w6 %s -1 goto .L1\n' "$op" "$op"
    printf '\tif r5 %s 0x7fffffff goto +3\n\tif w6 %s 0xffffffff goto -3\n' "$op" "$op"
  done
  printf '\tgoto .L1\n\tgoto .L2\n\tgoto +0\n\tgoto -1\n\tgotol .L1\n\tgotol .L2\n'
  printf '\tmay_goto .L2\n\tmay_goto .L1\n'
  echo ".L2:"; printf '\texit\n'
}
pc_call() {
  echo "sub:"
  printf '\tcall\t1\n\tcall\t212\n\tcall\tsub\n\tcall\tsub.constprop.0\n\tcall\tbpf_kf\n'
  printf '\tcall\t.L3\n\texit\n.L3:\n\texit\n'
  printf '\t.global\tglob\nglob:\n\tcall\tglob\n\texit\n'
}
pc_ld64() {
  echo ".L4:"
  for v in 0 1 -1 1311768465173141112 0x1234567812345678 -9223372036854775808 4294967296; do
    printf '\tr1 = %s ll\n' "$v"
  done
  printf '\tr2 = g ll\n\tr3 = map1+8 ll\n\tr4 = .L4 ll\n\tr5 = .L5 ll\n\tr0 = arr ll\n'
  echo ".L5:"; printf '\texit\n'
}
pc_atomic() {
  for op in '+=' '|=' '&=' '^='; do
    printf '\tlock *(u64 *)(r1+0) %s r2\n\tlock *(u32 *)(r3+-8) %s w4\n' "$op" "$op"
  done
  printf '\t*(u64 *) (r1+0) += r2\n\t*(u32 *) (r1+4) += r2\n'
  for f in add or and xor; do
    printf '\tr0 = atomic_fetch_%s((u64 *)(r1+0), r0)\n' $f
    printf '\tw5 = atomic_fetch_%s((u32 *)(r10+-4), w5)\n' $f
  done
  printf '\tr7 = xchg_64(r1+0, r7)\n\tw5 = xchg32_32(r2+0, w5)\n'
  printf '\tr0 = cmpxchg_64(r1+0, r0, r5)\n\tw0 = cmpxchg32_32(r2+8, w0, w1)\n'
}

# --- GCC's normal syntax (P: the register prefix, '%' or none for ours) ---
n_forms() {
  local P=$1
  for m in add sub mul div mod or and xor lsh rsh arsh mov sdiv smod; do
    for s in '' 32; do
      printf '\t%s%s\t%sr1,%sr2\n' $m "$s" "$P" "$P"
      for i in 0 -1 0x7fffffff 5 '(1<<4)'; do printf '\t%s%s\t%sr3, %s\n' $m "$s" "$P" "$i"; done
    done
  done
  printf '\tneg\t%sr4\n\tneg32\t%sr5\n' "$P" "$P"
  for b in 8 16 32; do printf '\tmovs\t%sr0,%sr1,%s\n' "$P" "$P" $b; done
  for b in 8 16; do printf '\tmovs32\t%sr0,%sr1,%s\n' "$P" "$P" $b; done
  for b in 16 32 64; do printf '\tendle\t%sr1,%s\n\tendbe\t%sr2, %s\n\tbswap\t%sr3, %s\n' "$P" $b "$P" $b "$P" $b; done
  echo ".L6:"
  printf '\tlddw\t%sr1,0x1234567812345678\n\tlddw\t%sr2,-1\n\tlddw\t%sr3,map1\n\tlddw\t%sr4,.L6\n' "$P" "$P" "$P" "$P"
  for s in b h w; do printf '\tldabs%s\t3\n\tldind%s\t%sr1,4\n' $s $s "$P"; done
  for s in b h w dw; do
    printf '\tldx%s\t%sr1,[%sr2+8]\n\tldx%s\t%sr1,[%sr10+-8]\n' $s "$P" "$P" $s "$P" "$P"
    printf '\tstx%s\t[%sr10-8],%sr1\n\tst%s\t[%sr1+0],-3\n' $s "$P" "$P" $s "$P"
  done
  for s in b h w; do printf '\tldxs%s\t%sr1,[%sr2+2]\n' $s "$P" "$P"; done
  printf '\tstw\t[%sfp+-4],0\n\tmov\t%sr2,%sfp\n' "$P" "$P" "$P"
  for j in jeq jne jgt jge jlt jle jsgt jsge jslt jsle jset; do
    for s in '' 32; do
      printf '\t%s%s\t%sr0,%sr1,.L6\n\t%s%s\t%sr0,5,.L7\n\t%s%s\t%sr0,-1,+2\n' \
        $j "$s" "$P" "$P" $j "$s" "$P" $j "$s" "$P"
    done
  done
  printf '\tja\t.L6\n\tja\t-1\n\tja\t+0\n\tjal\t.L7\n\tjcond\t.L7\n'
  printf '\tcall\t1\n\tcall\tsub\n\tcall\t.L7\n'
  for a in aadd aor aand axor afadd afor afand afxor axchg acmp; do
    printf '\t%s\t[%sr1+0],%sr2\n\t%s32\t[%sr1+4],%sr2\n' $a "$P" "$P" $a "$P" "$P"
  done
  printf '\txadddw\t[%sr1+0],%sr2\n\txaddw\t[%sr1+0],%sr2\n' "$P" "$P" "$P" "$P"
  echo ".L7:"; printf '\texit\n'
}
# Instructions written as data (as the kernel's bpf_experimental.h writes
# may_goto for compilers without it): .byte/.short/.long/.quad and their
# sized names, and values with label arithmetic, settled once placed.
pc_data() {
  printf '\tr0 = 0\n1:\t.byte 0xe5, 0\n\t.short 2\n\t.long 0\n'
  printf '\t.byte 0xe5\n\t.byte 0\n\t.long ((2f - 1b - 8) / 8) & 0xffff\n\t.short 0\n'
  printf '\t.byte 0xe5\n\t.byte 0\n\t.long (((2f - 1b - 8) / 8) & 0xffff) << 16\n\t.short 0\n'
  printf '\t.2byte 0xb7, 0\n\t.4byte 7\n\t.hword 0x95, 0\n\t.int 0\n'
  printf '\t.quad 0x00000009000000b7\n\t.8byte 0x1122334455667788, 2f - 1b\n'
  printf '\t.dword 3f - 1b\n3:\tr1 = -1\n\t.byte 0x05, 0\n\t.short (1b - 3b) / 8\n\t.4byte 0\n'
  printf '2:\texit\n'
}
# Conditional assembly, as bpf_experimental.h's bpf_addr_space_cast picks
# the byte of its register: .ifc/.ifnc on strings (quoted or not), .if on
# expressions, .else, nesting, and blocks not taken that hold lines no
# instruction could be; and labels spelt like those directives.
pc_cond() {
  for r in r0 r3 r9; do
    printf '\t.byte 0xBF\n'
    for c in r0 r3 r9; do printf '\t.ifc %s, %s\n\t.byte 0x%s%s\n\t.endif\n' $r $c ${c#r} ${c#r}; done
    printf '\t.short 1\n\t.long 0x10000\n'
  done
  printf '\t.ifnc "a b", "a b"\n\tr0 = 1\n\t.else\n\tr0 = 2\n\t.endif\n'
  printf '\t.if (1 << 2) & 4\n\t.ifc x,y\n\tr1 = 1\n\t.else\n\tr1 = 2\n\t.endif\n\t.else\n\tr1 = 3\n\t.endif\n'
  printf '\t.if 0\n\tr1 = 4\n\t.if 1\n\tr1 = 5\n\t.endif\n\t.else\n\tr1 = 6\n\t.endif\n\texit\n'
  # names followed by ':' are labels, even those spelt like the directives
  printf 'else:\n.else:\n.endif: .if:\tgoto .else\n\tgoto .endif\n\tgoto .if\n'
}
# Repetition (.rept/.endr, as the selftests' verifier_gotol writes 40,000
# additions): nested blocks, numeric labels defined again in each round,
# a count of zero, a count that is an expression, a block inside a
# conditional not taken, a label that jumps over the whole block.
pc_rept() {
  printf '	goto 2f
0:	r0 = 0
	.rept 3
	r0 += 1
	.rept 2
1:	r1 = 2
	if r1 > 3 goto 1b
	.endr
	.endr
'
  printf '	.rept 0
	r9 = 9
	.endr
	.rept (1 << 2) - 1
	w2 = 7
	.endr
'
  printf '	.if 0
	.rept 5
	r3 = 3
	.endr
	.endif
	.rept 1000
	r4 += 1
	.endr
	exit
2:	goto 0b
'
}
n_pct() { n_forms %; }
n_bare() { n_forms ''; }

run_group() { # NAME DIALECT GENERATOR [REFERENCE_GENERATOR]
  local group=$1 dialect=$2 src=$W/$1.s ref=$W/$1.ref.s
  $3 >"$src"
  ${4:-$3} >"$ref"
  for end in el eb; do
    local eb= aseb=-EL name="bpfasm/gcc $group bpf$end"
    [ $end = eb ] && eb=-EB aseb=-EB
    if ! "$BPF_AS" $aseb -mdialect=$dialect "$ref" -o "$W/$group.$end.o" 2>"$W/as.err"; then
      fail "$name (GNU as rejects the input)"; head -5 "$W/as.err"; continue
    fi
    compare_asm "$name" "$W/$group.$end.o" "$src" $eb
  done
}

for g in alu mem jmp call ld64 atomic data cond rept; do run_group pseudoc-$g pseudoc pc_$g; done
run_group normal normal n_pct
run_group normal-bare normal n_bare n_pct
