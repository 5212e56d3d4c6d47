/* The BPF assembler: assembler text into a code buffer (code.h).

   One parser reads the three dialects that BPF code is written in, each
   statement in whichever it is written:

   - LLVM's pseudo-C (clang -S, the kernel's selftests' inline asm):
       r0 = *(u32 *)(r1 + 0)    *(u64 *)(r10 - 8) = r1    w0 s/= w1
       if w1 s> 5 goto +3       r1 = map ll               call 1
       lock *(u64 *)(r1 + 0) += r2     r0 = atomic_fetch_add((u64 *)(r1 + 0), r0)
       r0 = cmpxchg_64(r1 + 0, r0, r2)  r0 = (s8)r1        r1 = bswap64 r1
   - GCC's pseudo-C (bpf-gcc -S): the same with its spacing,
       r0 = *(u32 *) (r6+0)     *(u32 *) (r10+-4) = 0      call\tsub.constprop.0
   - GCC's normal syntax (bpf-gcc -masm=normal -S), registers with or
     without '%':  mov %r0,1   ldxw %r1,[%r2+8]   jeq %r0,0,.L5   lddw %r1,g

   Beyond what clang 19 and GNU as 2.47 read: LLVM 20's load-acquire and
   store-release (`r0 = load_acquire((u64 *)(r1 + 0))`,
   `store_release((u32 *)(r1 + 0), w2)`); also `r0 = addr_space_cast(r1,
   0, 1)`, `callx r1`, `ld_pseudo r1, 1, FD` and the legacy packet loads
   `r0 = *(u8 *)skb[imm]`, `skb[rS]`, `skb[rS + imm]`.  Numbers are C's
   (decimal, 0x, 0 octal, 0b, with U/L suffixes as LLONG_MIN leaves
   them) and GNU as's constant expressions (+ - * / % << >> & | ^ ~ !).

   Statements end at a newline or ';'.  Comments: '#' and '//' to the end
   of the line, and C's block comments.  Labels: `name:` before a
   statement, and GNU as's numeric local labels `1:` referred to as `1b`
   (the last before) or `1f` (the next after).  Directives: `.8byte` /
   `.quad` / `.dword` (each value one raw instruction slot, as the kernel
   selftests write instructions no syntax covers), `.globl` / `.global`
   (calls and loads of the name stay relocations), GNU as's conditionals
   (`.if`, `.ifc`, `.ifnc`, `.else`, `.endif`) and `.rept N` ... `.endr`
   (the statements between, N times).  Any other directive
   is an error, as is everything the instruction set cannot encode (an
   offset beyond 16 bits, registers of mixed widths, r11).

   Jump offsets written as numbers (`goto +3`) are taken as they are;
   jumps, calls and loads naming labels or symbols become references of
   the buffer, settled by bpf_code_resolve once the whole section is
   there (so inline asm may jump to the compiler's labels).  Assembling
   never crashes and stops at the first error, with its line, column and
   message.  */
#ifndef BTFCC_BPF_ASM_H
#define BTFCC_BPF_ASM_H

#include "code.h"

typedef struct BpfAsmError {
  uint32_t line; /* 1-based, in the text given */
  uint32_t col;  /* 1-based byte column */
  char message[200];
} BpfAsmError;

typedef struct BpfAsmOptions {
  bool big_endian;   /* byte order of .8byte values (bpfeb) */
  uint32_t pos_base; /* added to byte offsets to make the references'
                        positions (BpfRef.pos, BpfLabel.pos) */
  uint32_t max_repeated; /* statements .rept blocks may assemble in all;
                            0 for the default, 1 << 20 (the verifier's
                            limit on a program's instructions) */
} BpfAsmOptions;

/* Assemble LEN bytes of TEXT, appending to CODE.  False at the first
   error, with ERR filled; what was appended before stays.  References
   are not resolved (see bpf_code_resolve).  */
bool bpf_asm(BpfCode *code, const char *text, size_t len,
             const BpfAsmOptions *opts, BpfAsmError *err);

/* The line and column of byte offset POS in TEXT.  */
void bpf_asm_position(const char *text, size_t len, size_t pos,
                      uint32_t *line, uint32_t *col);

/* Assemble a whole text that stands alone (a file, a test): bpf_asm,
   then bpf_code_resolve, with a resolution error's position turned into
   a line and column too.  */
bool bpf_asm_resolved(BpfCode *code, const char *text, size_t len,
                      const BpfAsmOptions *opts, BpfAsmError *err);

#endif
