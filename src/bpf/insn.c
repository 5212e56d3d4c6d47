/* Encoding, decoding and checking eBPF instructions (see insn.h).  */
#include "insn.h"

unsigned bpf_size_bytes(unsigned size) {
  switch (size) {
  case BPF_SIZE_B: return 1;
  case BPF_SIZE_H: return 2;
  case BPF_SIZE_W: return 4;
  default: return 8;
  }
}

int bpf_size_from_bytes(unsigned bytes) {
  switch (bytes) {
  case 1: return BPF_SIZE_B;
  case 2: return BPF_SIZE_H;
  case 4: return BPF_SIZE_W;
  case 8: return BPF_SIZE_DW;
  default: return -1;
  }
}

void bpf_insn_encode(BpfInsn insn, bool big_endian, uint8_t out[8]) {
  uint16_t off = (uint16_t)insn.off;
  uint32_t imm = (uint32_t)insn.imm;
  out[0] = insn.code;
  if (big_endian) {
    out[1] = (uint8_t)(insn.dst << 4 | insn.src);
    out[2] = (uint8_t)(off >> 8);
    out[3] = (uint8_t)off;
    for (int i = 0; i < 4; i++)
      out[4 + i] = (uint8_t)(imm >> (24 - 8 * i));
  } else {
    out[1] = (uint8_t)(insn.src << 4 | insn.dst);
    out[2] = (uint8_t)off;
    out[3] = (uint8_t)(off >> 8);
    for (int i = 0; i < 4; i++)
      out[4 + i] = (uint8_t)(imm >> (8 * i));
  }
}

BpfInsn bpf_insn_decode(const uint8_t in[8], bool big_endian) {
  BpfInsn insn = {.code = in[0]};
  uint16_t off;
  uint32_t imm = 0;
  if (big_endian) {
    insn.dst = in[1] >> 4;
    insn.src = in[1] & 15;
    off = (uint16_t)(in[2] << 8 | in[3]);
    for (int i = 0; i < 4; i++)
      imm = imm << 8 | in[4 + i];
  } else {
    insn.dst = in[1] & 15;
    insn.src = in[1] >> 4;
    off = (uint16_t)(in[3] << 8 | in[2]);
    for (int i = 4; i-- > 0;)
      imm = imm << 8 | in[4 + i];
  }
  insn.off = (int16_t)off;
  insn.imm = (int32_t)imm;
  return insn;
}

uint64_t bpf_insn_to_u64(BpfInsn insn, bool big_endian) {
  uint8_t b[8];
  bpf_insn_encode(insn, big_endian, b);
  uint64_t v = 0;
  for (int i = 0; i < 8; i++)
    v |= (uint64_t)b[i] << (big_endian ? 56 - 8 * i : 8 * i);
  return v;
}

BpfInsn bpf_insn_from_u64(uint64_t v, bool big_endian) {
  uint8_t b[8];
  for (int i = 0; i < 8; i++)
    b[i] = (uint8_t)(v >> (big_endian ? 56 - 8 * i : 8 * i));
  return bpf_insn_decode(b, big_endian);
}

bool bpf_insn_jumps_by_off(BpfInsn insn) {
  unsigned cls = BPF_CODE_CLASS(insn.code), op = BPF_CODE_OP(insn.code);
  if (cls == BPF_CLASS_JMP)
    return op != BPF_JMP_CALL && op != BPF_JMP_EXIT;
  if (cls == BPF_CLASS_JMP32)
    return op != BPF_JMP_JA;
  return false;
}

/* ALU and ALU64: which (op, source, off, imm) the kernel defines.  */
static bool alu_is_valid(BpfInsn i) {
  bool w64 = BPF_CODE_CLASS(i.code) == BPF_CLASS_ALU64;
  bool x = BPF_CODE_SRC(i.code) == BPF_SRC_X;
  unsigned op = BPF_CODE_OP(i.code);
  switch (op) {
  case BPF_ALU_NEG:
    return !x && i.src == 0 && i.off == 0 && i.imm == 0;
  case BPF_ALU_END:
    if (w64 && x) /* bswap has TO_LE only */
      return false;
    return i.src == 0 && i.off == 0 &&
           (i.imm == 16 || i.imm == 32 || i.imm == 64);
  case BPF_ALU_MOV:
    if (x && i.off == BPF_OFF_ADDR_SPACE && w64)
      return true; /* imm holds the two address spaces */
    if (x && (i.off == 8 || i.off == 16 || (i.off == 32 && w64)))
      return i.imm == 0;
    break;
  case BPF_ALU_DIV:
  case BPF_ALU_MOD:
    if (i.off == BPF_OFF_SIGNED)
      return x ? i.imm == 0 : i.src == 0;
    break;
  case 0xe0:
  case 0xf0:
    return false;
  }
  if (i.off != 0)
    return false;
  return x ? i.imm == 0 : i.src == 0;
}

static bool jmp_is_valid(BpfInsn i) {
  bool w32 = BPF_CODE_CLASS(i.code) == BPF_CLASS_JMP32;
  bool x = BPF_CODE_SRC(i.code) == BPF_SRC_X;
  switch (BPF_CODE_OP(i.code)) {
  case BPF_JMP_JA:
    if (x || i.dst || i.src)
      return false;
    return w32 ? i.off == 0 : i.imm == 0;
  case BPF_JMP_CALL:
    return !w32 && !x && i.dst == 0 && i.off == 0 &&
           i.src <= BPF_CALL_KFUNC;
  case BPF_JMP_EXIT:
    return !w32 && !x && i.dst == 0 && i.src == 0 && i.off == 0 &&
           i.imm == 0;
  case BPF_JMP_JCOND:
    return !w32 && !x && i.dst == 0 && i.src == BPF_JCOND_MAY_GOTO &&
           i.imm == 0;
  case 0xf0:
    return false;
  }
  return x ? i.imm == 0 : i.src == 0;
}

static bool atomic_op_is_valid(unsigned size, int32_t op) {
  if (op == BPF_ATOMIC_LOAD_ACQ || op == BPF_ATOMIC_STORE_REL)
    return true;
  if (size != BPF_SIZE_W && size != BPF_SIZE_DW)
    return false;
  switch (op & ~BPF_ATOMIC_FETCH) {
  case BPF_ATOMIC_ADD: case BPF_ATOMIC_OR: case BPF_ATOMIC_AND:
  case BPF_ATOMIC_XOR:
    return true;
  }
  return op == BPF_ATOMIC_XCHG || op == BPF_ATOMIC_CMPXCHG;
}

bool bpf_insn_is_valid(BpfInsn i, const BpfInsn *next) {
  unsigned size = BPF_CODE_SIZE(i.code), mode = BPF_CODE_MODE(i.code);
  if (i.dst > BPF_REG_FP || i.src > BPF_REG_FP)
    return false; /* r0..r10: four bits can name registers that do not exist */
  switch (BPF_CODE_CLASS(i.code)) {
  case BPF_CLASS_ALU:
  case BPF_CLASS_ALU64:
    return alu_is_valid(i);
  case BPF_CLASS_JMP:
  case BPF_CLASS_JMP32:
    return jmp_is_valid(i);
  case BPF_CLASS_LD:
    if (i.code == BPF_CODE_LD_IMM64)
      return i.src <= BPF_LDIMM_MAP_IDX_VALUE && i.off == 0 && next &&
             next->code == 0 && next->dst == 0 && next->src == 0 &&
             next->off == 0;
    if (size == BPF_SIZE_DW || i.dst != 0 || i.off != 0)
      return false;
    if (mode == BPF_MODE_ABS)
      return i.src == 0;
    return mode == BPF_MODE_IND;
  case BPF_CLASS_LDX:
    if (mode == BPF_MODE_MEMSX)
      return size != BPF_SIZE_DW && i.imm == 0;
    return mode == BPF_MODE_MEM && i.imm == 0;
  case BPF_CLASS_ST:
    return mode == BPF_MODE_MEM && i.src == 0;
  default: /* STX */
    if (mode == BPF_MODE_ATOMIC)
      return atomic_op_is_valid(size, i.imm);
    return mode == BPF_MODE_MEM && i.imm == 0;
  }
}
