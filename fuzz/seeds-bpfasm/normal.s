mov %r0, 1
ldxw %r1, [%r2+8]
jeq %r0, 0, .L5
lddw r1, g
stw [%fp+-4], 0
.L5: afadd [%r1+0], %r2
movs32 r0, r1, 8
bswap r0, 16
1: ja 1b
.globl f
f: call f
exit
