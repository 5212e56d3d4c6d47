/* BPF instructions as assembler text, in bpf-gcc 16's pseudo-C dialect
   (what `bpf-gcc -S` writes and GNU as 2.47 reads back into the same
   bytes):

     r0 = *(u32 *) (r1+0)        *(u64 *) (r10+-8) = r1     w0 s/= w2
     if r0 == 0 goto .L5         call\t1                    r1 = map ll
     r0 = atomic_fetch_add((u64 *)(r1+0), r0)   r0 = (s32) r4   r0 = bswap16 r0

   What GNU as has no syntax for (load-acquire, store-release,
   addr_space_cast, callx, LD_IMM64 with a pseudo source, a BPF-to-BPF
   call or gotol without a label, and encodings the kernel does not
   define) is written as `.8byte` data, one per slot, with LLVM's
   spelling in a comment where there is one.  */
#ifndef BTFCC_BPF_PRINT_H
#define BTFCC_BPF_PRINT_H

#include "code.h"

/* Append INSN's text (no indentation, no newline).  NEXT is the
   following slot (read for LD_IMM64; NULL at the end).  TARGET names
   the jump's label, the call's or load's symbol (+ ADDEND bytes), or
   is NULL to print numbers.  Returns the slots printed (2 for
   LD_IMM64).  */
unsigned bpf_print_insn(Buf *out, BpfInsn insn, const BpfInsn *next,
                        const char *target, int64_t addend, bool big_endian);

/* Append the whole buffer: its labels (`name:`), then each instruction on
   a line of its own after a tab, with the names its references give.
   Jumps with no reference get labels `.L<n>`, n counted from
   *NEXT_LABEL (which is advanced) and skipping names the buffer defines,
   so that every jump prints as a label.  The buffer's globals are not
   printed (`.globl` belongs with the symbol's other directives).  */
void bpf_print_code(Buf *out, const BpfCode *code, bool big_endian,
                    uint32_t *next_label);

#endif
