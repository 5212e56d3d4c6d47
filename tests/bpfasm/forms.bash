# Every instruction form in LLVM's pseudo-C, by group (gen_GROUP prints
# the group's assembler text), for tests/bpfasm/*.sh.  Each form is
# written as llvm-mc-19 -mcpu=v4 accepts it.
FORM_GROUPS="alu mov mem jmp call ld64 atomic misc"

imms="0 1 -1 7 0x7fffffff -2147483648 0xffffffff 2147483648 1+2*3 4<<2 -4*4"

gen_alu() {
  for op in '+=' '-=' '*=' '/=' '%=' '|=' '&=' '^=' '<<=' '>>=' 's>>=' 's/=' 's%='; do
    echo "r1 $op r2"; echo "w3 $op w4"; echo "r10 $op r0"; echo "w9 $op w10"
    for i in $imms; do echo "r5 $op $i"; echo "w6 $op $i"; done
  done
}
gen_mov() {
  echo "r0 = r1"; echo "w2 = w3"; echo "r10 = r9"
  for i in $imms; do echo "r7 = $i"; echo "w8 = $i"; done
  echo "r0 = -r0"; echo "w4 = -w4"; echo "r9 = - r9"
  for b in 8 16 32; do echo "r1 = (s$b)r2"; echo "r3 = (s$b) r4"; done
  for b in 8 16; do echo "w1 = (s$b)w2"; done
  for b in 16 32 64; do
    echo "r1 = be$b r1"; echo "r2 = le$b r2"; echo "r3 = bswap$b r3"
  done
  echo "r0 = addr_space_cast(r1, 0, 1)"; echo "r2 = addr_space_cast(r3, 1, 0)"
}
gen_mem() {
  for off in '+ 0' '- 8' '+ 32767' '- 32768' '+ 0x10' '+ 1 + 2'; do
    for t in u8 u16 u32 u64; do
      echo "r1 = *($t *)(r2 $off)"
      echo "*($t *)(r10 $off) = r3"
      echo "*($t *)(r4 $off) = -5"
      echo "*($t *)(r4 $off) = 0x7fffffff"
    done
    for t in u8 u16 u32; do
      echo "w1 = *($t *)(r2 $off)"; echo "*($t *)(r10 $off) = w3"
    done
    for t in s8 s16 s32; do echo "r5 = *($t *)(r6 $off)"; done
  done
  echo "r0=*(u32*)(r1+0)"; echo "*(u64*)(r10-8)=r1"
  for t in u8 u16 u32; do
    echo "r0 = *($t *)skb[3]"; echo "r0 = *($t *)skb[-1]"; echo "r0 = *($t *)skb[r7]"
  done
}
gen_jmp() {
  echo "top:"
  for op in '==' '!=' '>' '>=' '<' '<=' 's>' 's>=' 's<' 's<=' '&'; do
    echo "if r1 $op r2 goto +3"; echo "if w3 $op w4 goto -2"
    echo "if r5 $op 7 goto top"; echo "if w6 $op -1 goto end"
    echo "if r7 $op 0x7fffffff goto 1f"; echo "1:"
    echo "if w8 $op 0xffffffff goto 1b"
  done
  echo "goto +0"; echo "goto -1"; echo "goto 3"; echo "goto top"; echo "goto end"
  echo "gotol +32767"; echo "gotol -5"; echo "gotol top"; echo "gotol end"
  echo "may_goto +2"; echo "may_goto top"; echo "may_goto end"
  echo "end:"; echo "exit"
}
gen_call() {
  echo "f:"
  echo "call 1"; echo "call 212"; echo "call -1"; echo "call 0x7fffffff"
  echo "call f"; echo "call g"; echo "call bpf_map_lookup_elem"
  echo "call ext + 8"; echo "callx r3"
  echo "g:"; echo "exit"
  echo ".globl glob"; echo "glob:"; echo "call glob"; echo "exit"
}
gen_ld64() {
  echo "lab:"
  for v in 0 1 -1 0x1234567812345678 0xffffffffffffffff 9223372036854775807 \
           -9223372036854775808 0x80000000 4294967296 '1 << 40'; do
    echo "r1 = $v ll"
  done
  echo "r2 = map ll"; echo "r3 = map + 8 ll"; echo "r4 = map - 16 ll"
  echo "r5 = lab ll"; echo "r6 = lab2 + 8 ll"; echo "r0 = 0 ll"
  echo "ld_pseudo r1, 1, 7"; echo "ld_pseudo r9, 2, 0x12345678"
  echo "lab2:"; echo "exit"
}
gen_atomic() {
  for op in '+=' '|=' '&=' '^='; do
    echo "lock *(u64 *)(r1 + 0) $op r2"; echo "lock *(u32 *)(r3 - 8) $op w4"
  done
  echo "lock *(u32 *)(r3 + 16) += r4" # llvm-mc takes r for += only
  for f in add or and xor; do
    echo "r0 = atomic_fetch_$f((u64 *)(r1 + 0), r0)"
    echo "w5 = atomic_fetch_$f((u32 *)(r10 - 4), w5)"
  done
  echo "r0 = xchg_64(r1 + 8, r0)"; echo "w7 = xchg32_32(r10 - 16, w7)"
  echo "r0 = cmpxchg_64(r1 + 0, r0, r2)"; echo "w0 = cmpxchg32_32(r3 - 4, w0, w9)"
}
gen_misc() {
  printf 'r0 = 1 # a comment\nr0 = 2 // another\nr1 = 3 /* block */ ; r2 = 4\n'
  printf '/* a comment\n   over lines */ r3 = 5\n\n\t  \n;;\n'
  printf 'l1: l2: r4 = 6\nl3:\nexit\n.8byte 0x00000009000000b7\n'
  printf '.8byte 0x1122334455667788, 0\nr5 = 7; r6 = 8; exit\n'
  printf '2: goto 2f\ngoto 2b\n2: goto 2b\n'
}

