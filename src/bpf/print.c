/* Printing BPF instructions in bpf-gcc 16's pseudo-C (see print.h).
   The spellings follow GCC's templates (config/bpf/bpf.md, atomic.md):
   memory operands as `(rN+off)` with the sign inside the offset
   (`(r10+-8)`), a space after the cast of loads and stores but not of
   atomics, `call` and its target separated by a tab.  */
#include "print.h"

#include <inttypes.h>

static void reg(Buf *out, bool w, unsigned r) {
  buf_printf(out, "%c%u", w ? 'w' : 'r', r);
}

static const char *const size_types[4] = {"u32", "u16", "u8", "u64"};
static const char *size_type(unsigned code) {
  return size_types[BPF_CODE_SIZE(code) >> 3];
}

/* `.8byte 0x...` for one slot, with COMMENT if any.  */
static void raw(Buf *out, BpfInsn insn, bool big_endian, const char *comment) {
  buf_printf(out, ".8byte\t0x%016" PRIx64, bpf_insn_to_u64(insn, big_endian));
  if (comment)
    buf_printf(out, "\t# %s", comment);
}

static void jump_target(Buf *out, const char *target, int64_t offset) {
  if (target)
    buf_puts(out, target);
  else
    buf_printf(out, "%+" PRId64, offset);
}

static const char *alu_op(unsigned code, int16_t off) {
  switch (BPF_CODE_OP(code)) {
  case BPF_ALU_ADD: return "+=";
  case BPF_ALU_SUB: return "-=";
  case BPF_ALU_MUL: return "*=";
  case BPF_ALU_DIV: return off ? "s/=" : "/=";
  case BPF_ALU_OR: return "|=";
  case BPF_ALU_AND: return "&=";
  case BPF_ALU_LSH: return "<<=";
  case BPF_ALU_RSH: return ">>=";
  case BPF_ALU_MOD: return off ? "s%=" : "%=";
  case BPF_ALU_XOR: return "^=";
  case BPF_ALU_ARSH: return "s>>=";
  default: return "=";
  }
}

static void print_alu(Buf *out, BpfInsn i) {
  bool w = BPF_CODE_CLASS(i.code) == BPF_CLASS_ALU;
  bool x = BPF_CODE_SRC(i.code) == BPF_SRC_X;
  unsigned op = BPF_CODE_OP(i.code);
  reg(out, w && op != BPF_ALU_END, i.dst); /* swaps name r registers */
  if (op == BPF_ALU_NEG) {
    buf_puts(out, " = -");
    reg(out, w, i.dst);
  } else if (op == BPF_ALU_END) {
    const char *kind = !w ? "bswap" : x ? "be" : "le";
    buf_printf(out, " = %s%d r%u", kind, (int)i.imm, i.dst);
  } else if (op == BPF_ALU_MOV && x && i.off) {
    buf_printf(out, " = (s%d) ", (int)i.off);
    reg(out, w, i.src);
  } else {
    buf_printf(out, " %s ", alu_op(i.code, i.off));
    if (x)
      reg(out, w, i.src);
    else
      buf_printf(out, "%" PRId32, i.imm);
  }
}

static const char *jmp_op(unsigned code) {
  switch (BPF_CODE_OP(code)) {
  case BPF_JMP_JEQ: return "==";
  case BPF_JMP_JGT: return ">";
  case BPF_JMP_JGE: return ">=";
  case BPF_JMP_JSET: return "&";
  case BPF_JMP_JNE: return "!=";
  case BPF_JMP_JSGT: return "s>";
  case BPF_JMP_JSGE: return "s>=";
  case BPF_JMP_JLT: return "<";
  case BPF_JMP_JLE: return "<=";
  case BPF_JMP_JSLT: return "s<";
  default: return "s<=";
  }
}

static void print_jmp(Buf *out, BpfInsn i, const char *target,
                      int64_t addend) {
  bool w = BPF_CODE_CLASS(i.code) == BPF_CLASS_JMP32;
  switch (BPF_CODE_OP(i.code)) {
  case BPF_JMP_JA:
    if (w) {
      buf_puts(out, "gotol ");
      jump_target(out, target, i.imm);
    } else {
      buf_puts(out, "goto ");
      jump_target(out, target, i.off);
    }
    return;
  case BPF_JMP_CALL:
    buf_puts(out, "call\t");
    if (target) {
      buf_puts(out, target);
      if (addend)
        buf_printf(out, "%+" PRId64, addend);
    } else
      buf_printf(out, "%" PRId32, i.imm);
    return;
  case BPF_JMP_EXIT:
    buf_puts(out, "exit");
    return;
  case BPF_JMP_JCOND:
    buf_puts(out, "may_goto ");
    jump_target(out, target, i.off);
    return;
  }
  buf_puts(out, "if ");
  reg(out, w, i.dst);
  buf_printf(out, " %s ", jmp_op(i.code));
  if (BPF_CODE_SRC(i.code) == BPF_SRC_X)
    reg(out, w, i.src);
  else
    buf_printf(out, "%" PRId32, i.imm);
  buf_puts(out, " goto ");
  jump_target(out, target, i.off);
}

static void print_atomic(Buf *out, BpfInsn i) {
  bool w = BPF_CODE_SIZE(i.code) == BPF_SIZE_W;
  const char *ty = size_type(i.code);
  if (i.imm == BPF_ATOMIC_XCHG || i.imm == BPF_ATOMIC_CMPXCHG) {
    bool cmp = i.imm == BPF_ATOMIC_CMPXCHG;
    reg(out, w, cmp ? 0 : i.src);
    buf_printf(out, " = %s%s(r%u%+d, ", cmp ? "cmpxchg" : "xchg",
               w ? "32_32" : "_64", i.dst, (int)i.off);
    if (cmp) {
      reg(out, w, 0);
      buf_puts(out, ", ");
    }
    reg(out, w, i.src);
    buf_puts(out, ")");
    return;
  }
  static const char *const names[] = {"add", "or", "and", "xor"};
  unsigned op = (unsigned)i.imm & ~BPF_ATOMIC_FETCH;
  const char *name = op == BPF_ATOMIC_ADD   ? names[0]
                     : op == BPF_ATOMIC_OR  ? names[1]
                     : op == BPF_ATOMIC_AND ? names[2]
                                            : names[3];
  if (i.imm & BPF_ATOMIC_FETCH) {
    reg(out, w, i.src);
    buf_printf(out, " = atomic_fetch_%s((%s *)(r%u%+d), ", name, ty, i.dst,
               (int)i.off);
    reg(out, w, i.src);
    buf_puts(out, ")");
    return;
  }
  static const char *const ops[] = {"+=", "|=", "&=", "^="};
  buf_printf(out, "lock *(%s *)(r%u%+d) %s ", ty, i.dst, (int)i.off,
             ops[name == names[0] ? 0 : name == names[1] ? 1
                 : name == names[2] ? 2 : 3]);
  reg(out, w, i.src);
}

/* The comment of a raw slot: LLVM's spelling of what GNU as cannot
   write, or NULL.  */
static const char *llvm_spelling(BpfInsn i, char *buf, size_t size) {
  unsigned cls = BPF_CODE_CLASS(i.code);
  if (cls == BPF_CLASS_STX && BPF_CODE_MODE(i.code) == BPF_MODE_ATOMIC) {
    bool w = BPF_CODE_SIZE(i.code) != BPF_SIZE_DW;
    if (i.imm == BPF_ATOMIC_LOAD_ACQ)
      snprintf(buf, size, "%c%u = load_acquire((%s *)(r%u %c %d))",
               w ? 'w' : 'r', i.dst, size_type(i.code), i.src,
               i.off < 0 ? '-' : '+', abs(i.off));
    else
      snprintf(buf, size, "store_release((%s *)(r%u %c %d), %c%u)",
               size_type(i.code), i.dst, i.off < 0 ? '-' : '+', abs(i.off),
               w ? 'w' : 'r', i.src);
    return buf;
  }
  if (cls == BPF_CLASS_ALU64 && BPF_CODE_OP(i.code) == BPF_ALU_MOV) {
    snprintf(buf, size, "r%u = addr_space_cast(r%u, %u, %u)", i.dst, i.src,
             (unsigned)i.imm >> 16, (unsigned)i.imm & 0xffff);
    return buf;
  }
  if (i.code == (BPF_CLASS_JMP | BPF_JMP_CALL | BPF_SRC_X)) {
    snprintf(buf, size, "callx r%u", i.dst);
    return buf;
  }
  if (i.code == (BPF_CLASS_JMP | BPF_JMP_CALL) && i.src == BPF_CALL_LOCAL) {
    snprintf(buf, size, "call %+d (BPF-to-BPF)", (int)i.imm);
    return buf;
  }
  if (i.code == (BPF_CLASS_JMP | BPF_JMP_CALL) && i.src == BPF_CALL_KFUNC) {
    snprintf(buf, size, "call kfunc %d", (int)i.imm);
    return buf;
  }
  if (bpf_is_ld_imm64(i)) {
    snprintf(buf, size, "ld_pseudo r%u, %u, %d", i.dst, i.src, (int)i.imm);
    return buf;
  }
  return NULL;
}

/* Whether GNU as can write INSN (with TARGET): the rest is raw data.  */
static bool has_syntax(BpfInsn i, const BpfInsn *next, const char *target) {
  if (!bpf_insn_is_valid(i, next))
    return false;
  unsigned cls = BPF_CODE_CLASS(i.code);
  if (cls == BPF_CLASS_STX && BPF_CODE_MODE(i.code) == BPF_MODE_ATOMIC)
    return i.imm != BPF_ATOMIC_LOAD_ACQ && i.imm != BPF_ATOMIC_STORE_REL;
  if (cls == BPF_CLASS_ALU64 && BPF_CODE_OP(i.code) == BPF_ALU_MOV &&
      BPF_CODE_SRC(i.code) == BPF_SRC_X && i.off == BPF_OFF_ADDR_SPACE)
    return false;
  if (i.code == (BPF_CLASS_JMP | BPF_JMP_CALL))
    return i.src == BPF_CALL_HELPER ? true : target != NULL;
  if (bpf_is_ld_imm64(i))
    return i.src == BPF_LDIMM_VALUE;
  if (bpf_insn_is_gotol(i))
    return target != NULL; /* GNU as reads `gotol N` as an absolute target */
  return true;
}

unsigned bpf_print_insn(Buf *out, BpfInsn i, const BpfInsn *next,
                        const char *target, int64_t addend, bool big_endian) {
  if (!has_syntax(i, next, target)) {
    char buf[96];
    raw(out, i, big_endian, llvm_spelling(i, buf, sizeof buf));
    return 1;
  }
  switch (BPF_CODE_CLASS(i.code)) {
  case BPF_CLASS_ALU:
  case BPF_CLASS_ALU64:
    print_alu(out, i);
    return 1;
  case BPF_CLASS_JMP:
  case BPF_CLASS_JMP32:
    print_jmp(out, i, target, addend);
    return 1;
  case BPF_CLASS_LD:
    if (bpf_is_ld_imm64(i)) {
      uint64_t v = (uint32_t)i.imm | (uint64_t)(uint32_t)next->imm << 32;
      buf_printf(out, "r%u = ", i.dst);
      if (target) {
        /* The addend lives in the first slot's imm only (the second stays
           0, as clang and libbpf have it); GNU as would spread a negative
           one over both, so a negative addend is written as its 32 bits.  */
        buf_puts(out, target);
        if (addend > 0)
          buf_printf(out, "+%" PRId64, addend);
        else if (addend < 0)
          buf_printf(out, "+%" PRIu32, (uint32_t)addend);
      } else {
        buf_printf(out, "%" PRId64, (int64_t)v);
      }
      buf_puts(out, " ll");
      return 2;
    }
    if (BPF_CODE_MODE(i.code) == BPF_MODE_ABS)
      buf_printf(out, "r0 = *(%s *) skb[%" PRId32 "]", size_type(i.code), i.imm);
    else
      buf_printf(out, "r0 = *(%s *) skb[r%u + %" PRId32 "]", size_type(i.code),
                 i.src, i.imm);
    return 1;
  case BPF_CLASS_LDX:
    buf_printf(out, "r%u = *(%c%s *) (r%u+%d)", i.dst,
               BPF_CODE_MODE(i.code) == BPF_MODE_MEMSX ? 's' : 'u',
               size_type(i.code) + 1, i.src, (int)i.off);
    return 1;
  case BPF_CLASS_ST:
    buf_printf(out, "*(%s *) (r%u+%d) = %" PRId32, size_type(i.code), i.dst,
               (int)i.off, i.imm);
    return 1;
  default: /* STX */
    if (BPF_CODE_MODE(i.code) == BPF_MODE_ATOMIC) {
      print_atomic(out, i);
      return 1;
    }
    buf_printf(out, "*(%s *) (r%u+%d) = r%u", size_type(i.code), i.dst,
               (int)i.off, i.src);
    return 1;
  }
}

/* --- The whole buffer --- */

/* Where each instruction's jump lands, if it is a jump with no
   reference: its target index, or -1.  */
static int64_t jump_target_index(const BpfCode *c, size_t i) {
  BpfInsn insn = c->insns.data[i];
  int64_t t;
  if (bpf_insn_is_gotol(insn))
    t = (int64_t)i + 1 + insn.imm;
  else if (bpf_insn_jumps_by_off(insn))
    t = (int64_t)i + 1 + insn.off;
  else if (insn.code == (BPF_CLASS_JMP | BPF_JMP_CALL) &&
           insn.src == BPF_CALL_LOCAL)
    t = (int64_t)i + 1 + insn.imm;
  else
    return -1;
  return t >= 0 && t <= (int64_t)c->insns.len ? t : -1;
}

/* Order of labels by instruction, stable (qsort's comparison).  */
static int by_insn(const void *x, const void *y) {
  const BpfLabel *a = *(const BpfLabel *const *)x, *b = *(const BpfLabel *const *)y;
  if (a->insn != b->insn)
    return a->insn < b->insn ? -1 : 1;
  return a < b ? -1 : a > b;
}

void bpf_print_code(Buf *out, const BpfCode *c, bool big_endian,
                    uint32_t *next_label) {
  size_t n = c->insns.len;
  /* The labels in instruction order, and a name for each index that has
     one (the first defined, or one made up below).  */
  const BpfLabel **sorted = xcalloc(c->labels.len + 1, sizeof *sorted);
  for (size_t i = 0; i < c->labels.len; i++)
    sorted[i] = &c->labels.data[i];
  qsort(sorted, c->labels.len, sizeof *sorted, by_insn);
  const char **label_at = xcalloc(n + 1, sizeof *label_at);
  for (size_t i = c->labels.len; i-- > 0;)
    if (sorted[i]->insn <= n)
      label_at[sorted[i]->insn] = sorted[i]->name;
  /* References and relocations by instruction.  */
  const BpfRef **ref_of = xcalloc(n + 1, sizeof *ref_of);
  for (size_t i = 0; i < c->refs.len; i++)
    if (c->refs.data[i].kind != BPF_REF_DATA) /* settled: printed as it is */
      ref_of[c->refs.data[i].insn] = &c->refs.data[i];
  const BpfReloc **reloc_of = xcalloc(n + 1, sizeof *reloc_of);
  for (size_t i = 0; i < c->relocs.len; i++)
    reloc_of[c->relocs.data[i].insn] = &c->relocs.data[i];
  /* Labels for jumps without a reference.  */
  Arena names = {0};
  for (size_t i = 0; i < n; i++) {
    int64_t t = jump_target_index(c, i);
    if (ref_of[i] || reloc_of[i] || t < 0 || label_at[t])
      continue;
    char buf[24];
    int len;
    do /* a name the buffer does not define already */
      len = snprintf(buf, sizeof buf, ".L%u", (*next_label)++);
    while (bpf_code_find_label(c, buf));
    label_at[t] = arena_strndup(&names, buf, (size_t)len);
  }
  size_t li = 0; /* next of sorted */
  for (size_t i = 0; i <= n;) {
    bool printed = false;
    for (; li < c->labels.len && sorted[li]->insn <= i; li++)
      if (sorted[li]->insn == i) {
        buf_printf(out, "%s:\n", sorted[li]->name);
        printed = true;
      }
    if (label_at[i] && !printed)
      buf_printf(out, "%s:\n", label_at[i]);
    if (i == n)
      break;
    BpfInsn insn = c->insns.data[i];
    const BpfInsn *next = i + 1 < n ? &c->insns.data[i + 1] : NULL;
    const char *target = NULL;
    int64_t addend = 0;
    if (ref_of[i]) {
      target = ref_of[i]->name;
      addend = ref_of[i]->addend;
    } else if (reloc_of[i] && reloc_of[i]->sym) {
      target = reloc_of[i]->sym;
      addend = reloc_of[i]->addend;
    } else {
      int64_t t = jump_target_index(c, i);
      if (t >= 0)
        target = label_at[t];
    }
    /* A label between the two slots of an LD_IMM64: write them raw.  */
    if (bpf_is_ld_imm64(insn) && next && label_at[i + 1])
      next = NULL;
    buf_putc(out, '\t');
    i += bpf_print_insn(out, insn, next, target, addend, big_endian);
    buf_putc(out, '\n');
  }
  arena_free(&names);
  free(sorted);
  free(label_at);
  free(ref_of);
  free(reloc_of);
}
