/* The eBPF instruction set, as the kernel defines it
   (Documentation/bpf/standardization/instruction-set.rst, RFC 9669):
   the fields of an instruction, its opcode numbers, and its encoding in
   either byte order.

   An instruction is 8 bytes: an opcode byte, two 4-bit register
   numbers, a signed 16-bit offset and a signed 32-bit immediate.  The
   opcode's low 3 bits are the class; the rest depends on the class:

     ALU, ALU64, JMP, JMP32:  op (4 bits) | source (1 bit) | class
     LD, LDX, ST, STX:        mode (3 bits) | size (2 bits) | class

   On a little-endian target the register byte holds dst in its low
   nibble and src in its high nibble, and off and imm are little-endian;
   a big-endian target (bpfeb) swaps the nibbles and stores off and imm
   big-endian.  The 64-bit immediate load (LD_IMM64) takes two slots: the
   second has opcode 0 and carries the high 32 bits in its imm.

   The constants are our own names for the kernel's numbers (the kernel's
   headers are not included anywhere in src/); they do not clash with
   <linux/bpf.h> so both may be seen in one test program.  */
#ifndef BTFCC_BPF_INSN_H
#define BTFCC_BPF_INSN_H

#include <stdbool.h>
#include <stdint.h>

enum { BPF_INSN_SIZE = 8, BPF_NREGS = 11 /* r0..r10 */, BPF_REG_FP = 10 };

/* Classes: code & 0x07.  */
enum {
  BPF_CLASS_LD = 0x00, BPF_CLASS_LDX = 0x01, BPF_CLASS_ST = 0x02,
  BPF_CLASS_STX = 0x03, BPF_CLASS_ALU = 0x04, BPF_CLASS_JMP = 0x05,
  BPF_CLASS_JMP32 = 0x06, BPF_CLASS_ALU64 = 0x07,
};

/* Source bit of ALU and jump opcodes: the operand is imm (K) or the src
   register (X).  In BPF_ALU_END it selects the byte order instead.  */
enum { BPF_SRC_K = 0x00, BPF_SRC_X = 0x08 };
enum { BPF_END_TO_LE = 0x00, BPF_END_TO_BE = 0x08 };

/* ALU operations: code & 0xf0 of ALU and ALU64.  DIV and MOD with
   off = 1 are the signed forms (v4); MOV X with off = 8, 16 or 32 is a
   sign-extending move (v4), with off = 1 an address-space cast (imm =
   dst_as << 16 | src_as); END in ALU64 with BPF_END_TO_LE is bswap (v4),
   imm = 16, 32 or 64 in every END form.  */
enum {
  BPF_ALU_ADD = 0x00, BPF_ALU_SUB = 0x10, BPF_ALU_MUL = 0x20,
  BPF_ALU_DIV = 0x30, BPF_ALU_OR = 0x40, BPF_ALU_AND = 0x50,
  BPF_ALU_LSH = 0x60, BPF_ALU_RSH = 0x70, BPF_ALU_NEG = 0x80,
  BPF_ALU_MOD = 0x90, BPF_ALU_XOR = 0xa0, BPF_ALU_MOV = 0xb0,
  BPF_ALU_ARSH = 0xc0, BPF_ALU_END = 0xd0,
};
enum { BPF_OFF_SIGNED = 1,      /* off of sdiv/smod */
       BPF_OFF_ADDR_SPACE = 1,  /* off of MOV X: address-space cast */ };

/* Jump operations: code & 0xf0 of JMP and JMP32.  JA in JMP32 is gotol
   (v4: the target offset is imm, not off).  CALL and EXIT exist in JMP
   only.  JCOND with src = BPF_JCOND_MAY_GOTO is may_goto.  */
enum {
  BPF_JMP_JA = 0x00, BPF_JMP_JEQ = 0x10, BPF_JMP_JGT = 0x20,
  BPF_JMP_JGE = 0x30, BPF_JMP_JSET = 0x40, BPF_JMP_JNE = 0x50,
  BPF_JMP_JSGT = 0x60, BPF_JMP_JSGE = 0x70, BPF_JMP_CALL = 0x80,
  BPF_JMP_EXIT = 0x90, BPF_JMP_JLT = 0xa0, BPF_JMP_JLE = 0xb0,
  BPF_JMP_JSLT = 0xc0, BPF_JMP_JSLE = 0xd0, BPF_JMP_JCOND = 0xe0,
};
enum { BPF_JCOND_MAY_GOTO = 0 };

/* src of CALL: a helper (imm = helper number), a BPF-to-BPF call (imm =
   target - (pc + 1) in instructions) or a kfunc (imm = BTF id).  */
enum { BPF_CALL_HELPER = 0, BPF_CALL_LOCAL = 1, BPF_CALL_KFUNC = 2 };

/* Load/store size: code & 0x18.  */
enum { BPF_SIZE_W = 0x00, BPF_SIZE_H = 0x08, BPF_SIZE_B = 0x10,
       BPF_SIZE_DW = 0x18 };

/* Load/store mode: code & 0xe0.  ABS and IND are the legacy packet
   loads (class LD); MEMSX the sign-extending loads (LDX, v4); ATOMIC the
   atomic operations (STX, W and DW), their operation in imm.  */
enum { BPF_MODE_IMM = 0x00, BPF_MODE_ABS = 0x20, BPF_MODE_IND = 0x40,
       BPF_MODE_MEM = 0x60, BPF_MODE_MEMSX = 0x80, BPF_MODE_ATOMIC = 0xc0 };

/* imm of an atomic instruction: ADD/OR/AND/XOR (| FETCH to return the
   old value in src), XCHG, CMPXCHG (compares with r0, old value into
   r0), and the load-acquire (dst = *(src + off)) and store-release
   (*(dst + off) = src) of kernel 6.15, in any size.  */
enum {
  BPF_ATOMIC_ADD = 0x00, BPF_ATOMIC_OR = 0x40, BPF_ATOMIC_AND = 0x50,
  BPF_ATOMIC_XOR = 0xa0, BPF_ATOMIC_FETCH = 0x01,
  BPF_ATOMIC_XCHG = 0xe0 | BPF_ATOMIC_FETCH,
  BPF_ATOMIC_CMPXCHG = 0xf0 | BPF_ATOMIC_FETCH,
  BPF_ATOMIC_LOAD_ACQ = 0x100, BPF_ATOMIC_STORE_REL = 0x110,
};

/* src of LD_IMM64 (the kernel's BPF_PSEUDO_*): what the loader puts in
   the 64-bit immediate.  */
enum {
  BPF_LDIMM_VALUE = 0,         /* the value itself */
  BPF_LDIMM_MAP_FD = 1,        /* imm = map fd: the map's address */
  BPF_LDIMM_MAP_VALUE = 2,     /* imm = map fd, next imm = offset in value */
  BPF_LDIMM_BTF_ID = 3,        /* imm = BTF id of a kernel variable */
  BPF_LDIMM_FUNC = 4,          /* imm = pc-relative offset of a subprogram */
  BPF_LDIMM_MAP_IDX = 5,       /* imm = index into fd_array */
  BPF_LDIMM_MAP_IDX_VALUE = 6, /* the same, plus an offset */
};

/* Field access.  */
#define BPF_CODE_CLASS(code) ((code) & 0x07)
#define BPF_CODE_OP(code) ((code) & 0xf0)
#define BPF_CODE_SRC(code) ((code) & 0x08)
#define BPF_CODE_SIZE(code) ((code) & 0x18)
#define BPF_CODE_MODE(code) ((code) & 0xe0)

/* The LD_IMM64 opcode (class LD, mode IMM, size DW).  */
enum { BPF_CODE_LD_IMM64 = BPF_CLASS_LD | BPF_MODE_IMM | BPF_SIZE_DW };

typedef struct BpfInsn {
  uint8_t code;
  uint8_t dst : 4;
  uint8_t src : 4;
  int16_t off;
  int32_t imm;
} BpfInsn;

_Static_assert(sizeof(BpfInsn) == 8, "BpfInsn is one 8-byte slot");

/* Bytes of a load/store size (BPF_SIZE_*), and back (0 if not 1/2/4/8).  */
unsigned bpf_size_bytes(unsigned size);
int bpf_size_from_bytes(unsigned bytes);

/* The 8 bytes of INSN in the target's byte order, and back.  */
void bpf_insn_encode(BpfInsn insn, bool big_endian, uint8_t out[8]);
BpfInsn bpf_insn_decode(const uint8_t in[8], bool big_endian);
/* The 8-byte integer a `.8byte` directive writes for INSN (its bytes
   read in the target's byte order), and back.  */
uint64_t bpf_insn_to_u64(BpfInsn insn, bool big_endian);
BpfInsn bpf_insn_from_u64(uint64_t v, bool big_endian);

/* Whether INSN starts a two-slot LD_IMM64.  */
static inline bool bpf_is_ld_imm64(BpfInsn insn) {
  return insn.code == BPF_CODE_LD_IMM64;
}
/* Whether INSN is an instruction of the kernel's instruction set
   (including the legacy packet loads; NEXT is the following slot, read
   only for LD_IMM64, may be NULL at the end of the code).  The printer
   writes anything else as raw data.  */
bool bpf_insn_is_valid(BpfInsn insn, const BpfInsn *next);
/* Whether INSN jumps by off (conditional jumps, goto, may_goto), and
   whether it is gotol (jumps by imm).  */
bool bpf_insn_jumps_by_off(BpfInsn insn);
static inline bool bpf_insn_is_gotol(BpfInsn insn) {
  return insn.code == (BPF_CLASS_JMP32 | BPF_JMP_JA | BPF_SRC_K);
}

/* --- Constructors, for the code generator. --- */
static inline BpfInsn bpf_insn(uint8_t code, unsigned dst, unsigned src,
                               int16_t off, int32_t imm) {
  BpfInsn i = {.code = code, .dst = dst & 15, .src = src & 15, .off = off,
               .imm = imm};
  return i;
}
/* ALU: W64 selects ALU64.  OP is BPF_ALU_*.  */
static inline BpfInsn bpf_alu_reg(bool w64, unsigned op, unsigned dst,
                                  unsigned src) {
  return bpf_insn((w64 ? BPF_CLASS_ALU64 : BPF_CLASS_ALU) | op | BPF_SRC_X,
                  dst, src, 0, 0);
}
static inline BpfInsn bpf_alu_imm(bool w64, unsigned op, unsigned dst,
                                  int32_t imm) {
  return bpf_insn((w64 ? BPF_CLASS_ALU64 : BPF_CLASS_ALU) | op | BPF_SRC_K,
                  dst, 0, 0, imm);
}
/* Signed division and modulo (v4): OP is BPF_ALU_DIV or BPF_ALU_MOD.  */
static inline BpfInsn bpf_alu_signed(BpfInsn alu) {
  alu.off = BPF_OFF_SIGNED;
  return alu;
}
static inline BpfInsn bpf_neg(bool w64, unsigned dst) {
  return bpf_insn((w64 ? BPF_CLASS_ALU64 : BPF_CLASS_ALU) | BPF_ALU_NEG,
                  dst, 0, 0, 0);
}
/* dst = (sBITS) src, BITS 8, 16 or 32 (32 only with W64).  */
static inline BpfInsn bpf_movsx(bool w64, unsigned dst, unsigned src,
                                unsigned bits) {
  BpfInsn i = bpf_alu_reg(w64, BPF_ALU_MOV, dst, src);
  i.off = (int16_t)bits;
  return i;
}
/* dst = be16/be32/be64 dst (TO_BE) or le..; BITS 16, 32 or 64.  */
static inline BpfInsn bpf_end(bool to_be, unsigned dst, unsigned bits) {
  return bpf_insn(BPF_CLASS_ALU | BPF_ALU_END |
                      (to_be ? BPF_END_TO_BE : BPF_END_TO_LE),
                  dst, 0, 0, (int32_t)bits);
}
/* dst = bswapBITS dst (v4).  */
static inline BpfInsn bpf_bswap(unsigned dst, unsigned bits) {
  return bpf_insn(BPF_CLASS_ALU64 | BPF_ALU_END | BPF_END_TO_LE, dst, 0, 0,
                  (int32_t)bits);
}
/* dst = *(uSIZE *)(src + off); SIZE is BPF_SIZE_*.  */
static inline BpfInsn bpf_ldx(unsigned size, unsigned dst, unsigned src,
                              int16_t off) {
  return bpf_insn(BPF_CLASS_LDX | BPF_MODE_MEM | size, dst, src, off, 0);
}
/* dst = *(sSIZE *)(src + off) (v4).  */
static inline BpfInsn bpf_ldxsx(unsigned size, unsigned dst, unsigned src,
                                int16_t off) {
  return bpf_insn(BPF_CLASS_LDX | BPF_MODE_MEMSX | size, dst, src, off, 0);
}
/* *(uSIZE *)(dst + off) = src.  */
static inline BpfInsn bpf_stx(unsigned size, unsigned dst, int16_t off,
                              unsigned src) {
  return bpf_insn(BPF_CLASS_STX | BPF_MODE_MEM | size, dst, src, off, 0);
}
/* *(uSIZE *)(dst + off) = imm.  */
static inline BpfInsn bpf_st(unsigned size, unsigned dst, int16_t off,
                             int32_t imm) {
  return bpf_insn(BPF_CLASS_ST | BPF_MODE_MEM | size, dst, 0, off, imm);
}
/* Atomic OP (BPF_ATOMIC_*) on *(uSIZE *)(dst + off) with src.  */
static inline BpfInsn bpf_atomic(unsigned size, unsigned op, unsigned dst,
                                 int16_t off, unsigned src) {
  return bpf_insn(BPF_CLASS_STX | BPF_MODE_ATOMIC | size, dst, src, off,
                  (int32_t)op);
}
/* if dst OP src/imm goto +off; W32 selects JMP32.  */
static inline BpfInsn bpf_jmp_reg(bool w32, unsigned op, unsigned dst,
                                  unsigned src, int16_t off) {
  return bpf_insn((w32 ? BPF_CLASS_JMP32 : BPF_CLASS_JMP) | op | BPF_SRC_X,
                  dst, src, off, 0);
}
static inline BpfInsn bpf_jmp_imm(bool w32, unsigned op, unsigned dst,
                                  int32_t imm, int16_t off) {
  return bpf_insn((w32 ? BPF_CLASS_JMP32 : BPF_CLASS_JMP) | op | BPF_SRC_K,
                  dst, 0, off, imm);
}
static inline BpfInsn bpf_goto(int16_t off) {
  return bpf_insn(BPF_CLASS_JMP | BPF_JMP_JA, 0, 0, off, 0);
}
static inline BpfInsn bpf_gotol(int32_t imm) {
  return bpf_insn(BPF_CLASS_JMP32 | BPF_JMP_JA, 0, 0, 0, imm);
}
static inline BpfInsn bpf_may_goto(int16_t off) {
  return bpf_insn(BPF_CLASS_JMP | BPF_JMP_JCOND, 0, BPF_JCOND_MAY_GOTO, off,
                  0);
}
/* call: KIND is BPF_CALL_HELPER/LOCAL/KFUNC.  */
static inline BpfInsn bpf_call(unsigned kind, int32_t imm) {
  return bpf_insn(BPF_CLASS_JMP | BPF_JMP_CALL, 0, kind, 0, imm);
}
static inline BpfInsn bpf_exit(void) {
  return bpf_insn(BPF_CLASS_JMP | BPF_JMP_EXIT, 0, 0, 0, 0);
}
/* The two slots of dst = VALUE ll; PSEUDO is BPF_LDIMM_*.  */
static inline void bpf_ld_imm64(BpfInsn out[2], unsigned dst, unsigned pseudo,
                                uint64_t value) {
  out[0] = bpf_insn(BPF_CODE_LD_IMM64, dst, pseudo, 0, (int32_t)(uint32_t)value);
  out[1] = bpf_insn(0, 0, 0, 0, (int32_t)(uint32_t)(value >> 32));
}

#endif
