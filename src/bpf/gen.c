/* BPF code generation: one IR function into BPF instructions appended
   to its section's code buffer.

   Registers come from regalloc.c.  Each IR instruction becomes a few
   BPF instructions; the two-address form of BPF (dst op= src) is met by
   moving the first operand into the result's register first, through
   scratch r5 when the result's register is the second operand.  Spilled
   operands are loaded into scratch r0 / r5 and spilled results computed
   in r0 and stored after.  A scratch register remembers which spilled
   value it holds (loaded or just stored) until an instruction writes it
   or a label begins: a use then reads the register instead of loading
   the slot again.  Calls take their arguments in r1-r5, set up by one
   parallel move; parameters arrive there too.

   The frame is laid out by frame.c before the code is made.  Blocks are
   placed in the lowering's order, bail-outs after the others
   (place_blocks); a branch to the next block falls through.  Returns of constants are shared where that is shorter
   (plan_shared_returns): a block that only returns K is left out when
   another block ends in the same return, and its branches go there; a
   branch between two lone returns becomes a select into r0.  */
#include "gen.h"

#include "asm.h"
#include "frame.h"
#include "regalloc.h"
#include "../util/ctx.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum { SCRATCH0 = 0, SCRATCH1 = 5 };

typedef struct Gen {
  IrFunc *f;
  RegAlloc ra;
  BpfCode *code;
  int cpu;
  char **labels; /* per block */
  /* Shared returns (see plan_shared_returns): per block, the label
     before its final `return K` when other blocks' returns of K jump
     there, and the block whose such label replaces this one's (a block
     that only returns K; UINT32_MAX: none).  */
  char **ret_labels;
  uint32_t *ret_redirect;
  /* per block ending in a jump to a lone return: that return's block,
     whose return the jump becomes (UINT32_MAX: none)  */
  uint32_t *ret_inline;
  /* per block: a lone return that its one branch sets r0 for itself
     (emit_return_select), not placed  */
  bool *ret_absorbed;
  uint32_t block;      /* the block being generated */
  uint32_t next_block; /* the block placed after the current one */
  BpfGenLines *line_out; /* where each instruction's C comes from */
  BpfGenCores *core_out; /* instructions with CO-RE relocations */
  SrcLoc loc;
  IrReg holds[2];        /* the spilled value SCRATCH0 / SCRATCH1 holds (0: none) */
  bool holds_const[2];   /* ... or the constant const_value[k] */
  int64_t const_value[2];
} Gen;

static void forget_scratch(Gen *g) {
  g->holds[0] = g->holds[1] = 0;
  g->holds_const[0] = g->holds_const[1] = false;
}

/* R's entry in holds, or -1 when R is not a scratch register.  */
static int scratch_index(unsigned r) {
  return r == SCRATCH0 ? 0 : r == SCRATCH1 ? 1 : -1;
}

/* Register R is written: a scratch register forgets its value.  */
static void note_write(Gen *g, unsigned r) {
  int k = scratch_index(r);
  if (k >= 0) {
    g->holds[k] = 0;
    g->holds_const[k] = false;
  }
}

/* What instruction I writes, for the scratch registers' memory: the
   destination of ALU and loads; calls, legacy packet loads and atomics
   (which may write their source or r0) forget everything.  */
static void note_writes(Gen *g, BpfInsn i) {
  unsigned cls = i.code & 7, mode = i.code & 0xe0;
  if (cls == BPF_CLASS_ALU || cls == BPF_CLASS_ALU64 || cls == BPF_CLASS_LDX)
    note_write(g, i.dst);
  else if (cls == BPF_CLASS_LD || (cls == BPF_CLASS_STX && mode == BPF_MODE_ATOMIC) ||
           ((cls == BPF_CLASS_JMP || cls == BPF_CLASS_JMP32) && (i.code & 0xf0) == BPF_JMP_CALL))
    forget_scratch(g);
}

static void emit(Gen *g, BpfInsn i) {
  note_writes(g, i);
  uint32_t idx = bpf_code_emit(g->code, i);
  if (g->line_out) {
    BpfGenLine l = {idx, g->loc};
    vec_push(g->line_out, l);
  }
}

static bool fits_s32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

/* The instruction just emitted (at INSN) holds CORE's value.  */
static void note_core(Gen *g, uint32_t insn, const IrCore *core) {
  if (core && g->core_out) {
    BpfGenCore c = {insn, core};
    vec_push(g->core_out, c);
  }
}
static bool fits_s16(int64_t v) { return v >= INT16_MIN && v <= INT16_MAX; }

/* DST = V (a constant); nothing when DST is a scratch register that
   holds V already (the same constant stored to many places).  */
static void load_imm(Gen *g, unsigned dst, int64_t v) {
  int k = scratch_index(dst);
  if (k >= 0 && g->holds_const[k] && g->const_value[k] == v)
    return;
  if (fits_s32(v)) {
    emit(g, bpf_alu_imm(true, BPF_ALU_MOV, dst, (int32_t)v));
  } else if (v >= 0 && v <= UINT32_MAX) {
    emit(g, bpf_alu_imm(false, BPF_ALU_MOV, dst, (int32_t)(uint32_t)v));
  } else {
    note_write(g, dst);
    uint32_t idx = bpf_code_emit_ld_imm64(g->code, dst, BPF_LDIMM_VALUE, (uint64_t)v);
    if (g->line_out) {
      BpfGenLine l = {idx, g->loc};
      vec_push(g->line_out, l);
    }
  }
  if (k >= 0) {
    g->holds_const[k] = true;
    g->const_value[k] = v;
  }
}

static int64_t slot_offset(Gen *g, uint32_t slot) {
  return g->f->slots.data[slot].offset;
}

static int spill_offset(Gen *g, IrReg r) {
  return (int)slot_offset(g, (uint32_t)g->ra.slot[r]);
}

static void compute_value(Gen *g, const IrInsn *in, unsigned rd);

/* The physical register holding V, loading it into SCRATCH first when V
   is spilled or a constant (or computing it again, when it can be).  */
static unsigned use(Gen *g, IrVal v, unsigned scratch) {
  if (v.kind == IV_IMM || v.kind == IV_NONE) {
    load_imm(g, scratch, v.kind == IV_IMM ? v.imm : 0);
    return scratch;
  }
  int p = g->ra.phys[v.reg];
  if (p >= 0)
    return (unsigned)p;
  if (g->ra.remat[v.reg]) {
    compute_value(g, g->ra.remat[v.reg], scratch);
    return scratch;
  }
  if (g->ra.slot[v.reg] < 0) { /* never written: any value will do */
    load_imm(g, scratch, 0);
    return scratch;
  }
  int held = scratch_index(scratch);
  if (held >= 0 && g->holds[held] == v.reg)
    return scratch;
  emit(g, bpf_ldx(BPF_SIZE_DW, scratch, BPF_REG_FP, (int16_t)spill_offset(g, v.reg)));
  if (held >= 0)
    g->holds[held] = v.reg;
  return scratch;
}

/* The register to compute DST in (SCRATCH0 when it lives in memory).  */
static unsigned def_reg(Gen *g, IrReg dst) {
  int p = dst ? g->ra.phys[dst] : -1;
  return p >= 0 ? (unsigned)p : SCRATCH0;
}

/* After computing DST in REG: store it if spilled.  */
static void def_done(Gen *g, IrReg dst, unsigned reg) {
  if (dst && g->ra.phys[dst] < 0 && g->ra.slot[dst] >= 0) {
    emit(g, bpf_stx(BPF_SIZE_DW, BPF_REG_FP, (int16_t)spill_offset(g, dst), reg));
    for (int k = 0; k < 2; k++)
      if (g->holds[k] == dst)
        g->holds[k] = 0; /* its old value */
    if (scratch_index(reg) >= 0)
      g->holds[scratch_index(reg)] = dst;
  }
}

static void move(Gen *g, unsigned dst, unsigned src) {
  if (dst != src)
    emit(g, bpf_alu_reg(true, BPF_ALU_MOV, dst, src));
}

/* The base register and offset of ADDR; the offset made to fit 16 bits
   by adding to a scratch copy of the base.  */
static unsigned addr_base(Gen *g, IrAddr a, unsigned scratch, int16_t *off) {
  unsigned base;
  int64_t o = a.off;
  if (a.kind == IA_SLOT) {
    base = BPF_REG_FP;
    o += slot_offset(g, a.slot);
  } else {
    base = use(g, ir_reg(a.base), scratch);
  }
  if (!fits_s16(o)) {
    move(g, scratch, base);
    if (fits_s32(o))
      emit(g, bpf_alu_imm(true, BPF_ALU_ADD, scratch, (int32_t)o));
    else
      diag_error(g->loc, "offset %" PRId64 " is out of range for BPF", o);
    base = scratch;
    o = 0;
  }
  *off = (int16_t)o;
  return base;
}

static unsigned size_code(unsigned bytes) {
  int s = bpf_size_from_bytes(bytes);
  return s < 0 ? BPF_SIZE_DW : (unsigned)s;
}

/* REG = REG extended from BYTES (1, 2, 4), signed or not.  */
static void extend_reg(Gen *g, unsigned reg, unsigned bytes, bool sign) {
  if (bytes >= 8)
    return;
  if (sign) {
    if (g->cpu >= 4) {
      emit(g, bpf_movsx(true, reg, reg, bytes * 8));
    } else {
      emit(g, bpf_alu_imm(true, BPF_ALU_LSH, reg, 64 - (int)bytes * 8));
      emit(g, bpf_alu_imm(true, BPF_ALU_ARSH, reg, 64 - (int)bytes * 8));
    }
  } else if (bytes == 4) {
    emit(g, bpf_alu_reg(false, BPF_ALU_MOV, reg, reg));
  } else {
    emit(g, bpf_alu_imm(true, BPF_ALU_AND, reg, bytes == 1 ? 0xff : 0xffff));
  }
}

static bool commutative(unsigned alu) {
  return alu == BPF_ALU_ADD || alu == BPF_ALU_MUL || alu == BPF_ALU_AND ||
         alu == BPF_ALU_OR || alu == BPF_ALU_XOR;
}

static BpfInsn alu_insn(const IrInsn *in, unsigned dst, bool imm, unsigned src,
                        int32_t k) {
  BpfInsn i = imm ? bpf_alu_imm(!in->w32, in->alu, dst, k)
                  : bpf_alu_reg(!in->w32, in->alu, dst, src);
  if (in->sign && (in->alu == BPF_ALU_DIV || in->alu == BPF_ALU_MOD))
    i = bpf_alu_signed(i);
  return i;
}

static void gen_alu(Gen *g, const IrInsn *in) {
  unsigned rd = def_reg(g, in->dst);
  IrVal a = in->a, b = in->b;
  bool b_imm = b.kind == IV_IMM && (in->w32 || fits_s32(b.imm));
  if (a.kind == IV_REG && b.kind == IV_REG && g->ra.phys[b.reg] == (int)rd &&
      g->ra.phys[a.reg] != (int)rd) {
    if (commutative(in->alu)) {
      IrVal t = a;
      a = b;
      b = t;
    } else {
      /* b would be overwritten by the move of a: keep it in scratch.  */
      unsigned rb = SCRATCH1;
      move(g, rb, (unsigned)g->ra.phys[b.reg]);
      unsigned ra = use(g, a, rd);
      move(g, rd, ra);
      emit(g, alu_insn(in, rd, false, rb, 0));
      def_done(g, in->dst, rd);
      return;
    }
  }
  unsigned ra = use(g, a, rd);
  move(g, rd, ra);
  if (b_imm) {
    emit(g, alu_insn(in, rd, true, 0, (int32_t)b.imm));
  } else {
    unsigned rb = use(g, b, SCRATCH1);
    emit(g, alu_insn(in, rd, false, rb, 0));
  }
  def_done(g, in->dst, rd);
}

static void gen_load(Gen *g, const IrInsn *in) {
  unsigned rd = def_reg(g, in->dst);
  int16_t off;
  unsigned base = addr_base(g, in->addr, SCRATCH1, &off);
  unsigned sz = size_code(in->size);
  if (in->sign && in->size < 8 && g->cpu >= 4) {
    emit(g, bpf_ldxsx(sz, rd, base, off));
    note_core(g, bpf_code_len(g->code) - 1, in->addr.core);
  } else {
    emit(g, bpf_ldx(sz, rd, base, off));
    note_core(g, bpf_code_len(g->code) - 1, in->addr.core);
    if (in->sign)
      extend_reg(g, rd, in->size, true);
  }
  def_done(g, in->dst, rd);
}

static void gen_store(Gen *g, const IrInsn *in) {
  int16_t off;
  unsigned base = addr_base(g, in->addr, SCRATCH1, &off);
  unsigned sz = size_code(in->size);
  /* BPF_ST (an immediate) only to the stack: the verifier refuses it for
     the context, and it is what GCC does.  */
  if (in->a.kind == IV_IMM && in->addr.kind == IA_SLOT && fits_s32(in->a.imm)) {
    emit(g, bpf_st(sz, base, off, (int32_t)in->a.imm));
    note_core(g, bpf_code_len(g->code) - 1, in->addr.core);
    return;
  }
  unsigned rv = use(g, in->a, SCRATCH0);
  emit(g, bpf_stx(sz, base, off, rv));
  note_core(g, bpf_code_len(g->code) - 1, in->addr.core);
}

/* Moves of a call's arguments (or a function's parameters) between
   registers, all at once: SRC[i] into DST[i] (-1: no move).  Cycles are
   broken through SCRATCH0.  */
static void parallel_move(Gen *g, int *dst, int *src, int n) {
  bool done[8] = {0};
  for (int i = 0; i < n; i++)
    if (src[i] < 0 || src[i] == dst[i])
      done[i] = true;
  for (;;) {
    bool progress = false, pending = false;
    for (int i = 0; i < n; i++) {
      if (done[i])
        continue;
      pending = true;
      bool blocked = false;
      for (int j = 0; j < n; j++)
        if (j != i && !done[j] && src[j] == dst[i])
          blocked = true;
      if (!blocked) {
        move(g, (unsigned)dst[i], (unsigned)src[i]);
        done[i] = true;
        progress = true;
      }
    }
    if (!pending)
      return;
    if (!progress) {
      for (int i = 0; i < n; i++)
        if (!done[i]) {
          int s = src[i];
          move(g, SCRATCH0, (unsigned)s);
          for (int j = 0; j < n; j++)
            if (!done[j] && src[j] == s)
              src[j] = SCRATCH0;
          break;
        }
    }
  }
}

static void gen_call(Gen *g, const IrInsn *in) {
  const IrCall *c = in->call;
  int dst[6], src[6], n = 0;
  for (int i = 0; i < c->nargs; i++) {
    IrVal v = c->args[i];
    dst[n] = i + 1;
    src[n] = v.kind == IV_REG && g->ra.phys[v.reg] >= 0 ? g->ra.phys[v.reg] : -1;
    n++;
  }
  unsigned target = 0;
  if (c->kind == CALL_REG) {
    /* The target must survive the argument moves.  */
    target = use(g, ir_reg(c->target), SCRATCH0);
    if (target >= 1 && target <= 5) {
      move(g, SCRATCH0, target);
      target = SCRATCH0;
    }
  }
  parallel_move(g, dst, src, n);
  for (int i = 0; i < c->nargs; i++) {
    IrVal v = c->args[i];
    if (v.kind == IV_REG && g->ra.phys[v.reg] >= 0)
      continue;
    unsigned r = use(g, v, (unsigned)(i + 1));
    move(g, (unsigned)(i + 1), r);
  }
  switch (c->kind) {
  case CALL_HELPER:
    emit(g, bpf_call(BPF_CALL_HELPER, (int32_t)c->helper));
    break;
  case CALL_FUNC: {
    forget_scratch(g);
    uint32_t idx = bpf_code_call(g->code, c->sym, 0, 0);
    if (c->is_kfunc)
      g->code->insns.data[idx].src = BPF_CALL_KFUNC;
    if (g->line_out) {
      BpfGenLine l = {idx, g->loc};
      vec_push(g->line_out, l);
    }
    break;
  }
  case CALL_REG:
    emit(g, bpf_insn(BPF_CLASS_JMP | BPF_JMP_CALL | BPF_SRC_X, target, 0, 0, 0));
    break;
  }
  /* r0 only when the value is used: after a helper the kernel declares
     void (bpf_spin_lock), the verifier refuses to read it at all */
  if (in->dst && g->ra.read[in->dst]) {
    unsigned rd = def_reg(g, in->dst);
    move(g, rd, 0);
    def_done(g, in->dst, rd);
  }
}

static void gen_atomic(Gen *g, const IrInsn *in) {
  int16_t off;
  unsigned base = addr_base(g, in->addr, SCRATCH1, &off);
  unsigned sz = size_code(in->size);
  if (in->atomic == BPF_ATOMIC_CMPXCHG) {
    /* r0 holds the expected value and receives the old one.  */
    unsigned rv = use(g, in->a, SCRATCH1);
    if (rv == SCRATCH1 && base == SCRATCH1)
      diag_error(g->loc, "too many spilled operands for cmpxchg");
    unsigned re = use(g, in->b, SCRATCH0);
    move(g, 0, re);
    emit(g, bpf_atomic(sz, (unsigned)in->atomic, base, off, rv));
    if (in->dst) {
      unsigned rd = def_reg(g, in->dst);
      move(g, rd, 0);
      def_done(g, in->dst, rd);
    }
    return;
  }
  if (in->atomic & BPF_ATOMIC_FETCH) {
    /* The old value comes back in the source register.  */
    unsigned rd = def_reg(g, in->dst);
    if (rd == base) {
      move(g, SCRATCH1, base);
      base = SCRATCH1;
    }
    unsigned rv = use(g, in->a, rd);
    move(g, rd, rv);
    emit(g, bpf_atomic(sz, (unsigned)in->atomic, base, off, rd));
    def_done(g, in->dst, rd);
    return;
  }
  unsigned rv = use(g, in->a, SCRATCH0);
  emit(g, bpf_atomic(sz, (unsigned)in->atomic, base, off, rv));
}

static void jump_to(Gen *g, BpfInsn insn, uint32_t block) {
  uint32_t to = g->ret_redirect[block];
  const char *label = to != UINT32_MAX ? g->ret_labels[to] : g->labels[block];
  uint32_t idx = bpf_code_jump(g->code, insn, label, 0);
  if (g->line_out) {
    BpfGenLine l = {idx, g->loc};
    vec_push(g->line_out, l);
  }
}

static unsigned invert_cond(unsigned c) {
  switch (c) {
  case BPF_JMP_JEQ: return BPF_JMP_JNE;
  case BPF_JMP_JNE: return BPF_JMP_JEQ;
  case BPF_JMP_JGT: return BPF_JMP_JLE;
  case BPF_JMP_JLE: return BPF_JMP_JGT;
  case BPF_JMP_JGE: return BPF_JMP_JLT;
  case BPF_JMP_JLT: return BPF_JMP_JGE;
  case BPF_JMP_JSGT: return BPF_JMP_JSLE;
  case BPF_JMP_JSLE: return BPF_JMP_JSGT;
  case BPF_JMP_JSGE: return BPF_JMP_JSLT;
  case BPF_JMP_JSLT: return BPF_JMP_JSGE;
  }
  return c;
}

static unsigned swap_cond(unsigned c) {
  switch (c) {
  case BPF_JMP_JGT: return BPF_JMP_JLT;
  case BPF_JMP_JLT: return BPF_JMP_JGT;
  case BPF_JMP_JGE: return BPF_JMP_JLE;
  case BPF_JMP_JLE: return BPF_JMP_JGE;
  case BPF_JMP_JSGT: return BPF_JMP_JSLT;
  case BPF_JMP_JSLT: return BPF_JMP_JSGT;
  case BPF_JMP_JSGE: return BPF_JMP_JSLE;
  case BPF_JMP_JSLE: return BPF_JMP_JSGE;
  }
  return c;
}

/* The branch IN between two returns of constants, as a select (see
   plan_return_selects): `r0 = A; if c goto out; r0 = B; out: exit`.  */
static void gen_return_select(Gen *g, const IrInsn *in, unsigned cond, IrVal a, IrVal b) {
  const IrFunc *f = g->f;
  int64_t then_value = f->blocks.data[in->then_].insns.data[0].a.imm;
  int64_t else_value = f->blocks.data[in->else_].insns.data[0].a.imm;
  unsigned ra = use(g, a, SCRATCH0);
  bool b_imm = b.kind == IV_IMM && fits_s32(b.imm);
  unsigned rb = b_imm ? 0 : use(g, b, SCRATCH1);
  load_imm(g, 0, then_value);
  BpfInsn j = b_imm ? bpf_jmp_imm(in->w32, cond, ra, (int32_t)b.imm, 0)
                    : bpf_jmp_reg(in->w32, cond, ra, rb, 0);
  char out[160];
  snprintf(out, sizeof out, ".L%s.%u.select", f->name, g->block);
  uint32_t idx = bpf_code_jump(g->code, j, out, 0);
  if (g->line_out) {
    BpfGenLine l = {idx, g->loc};
    vec_push(g->line_out, l);
  }
  load_imm(g, 0, else_value);
  bpf_code_label(g->code, out, 0);
  forget_scratch(g);
  emit(g, bpf_exit());
}

static void gen_branch(Gen *g, const IrInsn *in) {
  unsigned cond = in->alu;
  IrVal a = in->a, b = in->b;
  uint32_t then_ = in->then_, else_ = in->else_;
  if (g->ret_absorbed[then_] && g->ret_absorbed[else_]) {
    if (a.kind == IV_IMM && b.kind == IV_REG && cond != BPF_JMP_JSET) {
      IrVal t = a;
      a = b;
      b = t;
      cond = swap_cond(cond);
    }
    gen_return_select(g, in, cond, a, b);
    return;
  }
  if (a.kind == IV_IMM && b.kind == IV_REG && cond != BPF_JMP_JSET) {
    IrVal t = a;
    a = b;
    b = t;
    cond = swap_cond(cond);
  }
  if (then_ == g->next_block && cond != BPF_JMP_JSET) {
    cond = invert_cond(cond);
    uint32_t t = then_;
    then_ = else_;
    else_ = t;
  }
  unsigned ra = use(g, a, SCRATCH0);
  BpfInsn j;
  if (b.kind == IV_IMM && fits_s32(b.imm))
    j = bpf_jmp_imm(in->w32, cond, ra, (int32_t)b.imm, 0);
  else
    j = bpf_jmp_reg(in->w32, cond, ra, use(g, b, SCRATCH1), 0);
  jump_to(g, j, then_);
  if (else_ != g->next_block)
    jump_to(g, bpf_goto(0), else_);
}

static void gen_ext(Gen *g, const IrInsn *in) {
  unsigned rd = def_reg(g, in->dst);
  unsigned ra = use(g, in->a, rd);
  if (in->sign && g->cpu >= 4 && in->size < 8) {
    emit(g, bpf_movsx(true, rd, ra, in->size * 8));
  } else if (!in->sign && in->size == 4) {
    emit(g, bpf_alu_reg(false, BPF_ALU_MOV, rd, ra));
  } else {
    move(g, rd, ra);
    extend_reg(g, rd, in->size, in->sign);
  }
  def_done(g, in->dst, rd);
}

static void gen_bswap(Gen *g, const IrInsn *in) {
  unsigned rd = def_reg(g, in->dst);
  move(g, rd, use(g, in->a, rd));
  emit(g, bpf_end(!in->sign, rd, in->size * 8));
  def_done(g, in->dst, rd);
}

static void gen_ldpkt(Gen *g, const IrInsn *in) {
  /* LD_ABS / LD_IND read the packet of the context in r6.  */
  unsigned ctx = use(g, in->b, SCRATCH1);
  move(g, 6, ctx);
  unsigned sz = size_code(in->size);
  if (in->a.kind == IV_IMM && fits_s32(in->a.imm)) {
    emit(g, bpf_insn(BPF_CLASS_LD | BPF_MODE_ABS | sz, 0, 0, 0, (int32_t)in->a.imm));
  } else {
    unsigned ri = use(g, in->a, SCRATCH1);
    emit(g, bpf_insn(BPF_CLASS_LD | BPF_MODE_IND | sz, 0, ri, 0, 0));
  }
  if (in->dst) {
    unsigned rd = def_reg(g, in->dst);
    move(g, rd, 0);
    def_done(g, in->dst, rd);
  }
}

/* --- Inline assembly --- */

/* The register an asm operand lives in: its own, or a scratch one
   (loaded before, for inputs; stored after, for outputs).  */
static unsigned asm_operand_reg(Gen *g, const IrAsmOperand *o, unsigned *next_scratch) {
  if (o->val.kind == IV_REG && g->ra.phys[o->val.reg] >= 0)
    return (unsigned)g->ra.phys[o->val.reg];
  unsigned r = *next_scratch;
  *next_scratch = r == SCRATCH0 ? SCRATCH1 : SCRATCH0;
  return r;
}

/* Write operand O into the template's text: a register, a constant or a
   symbol.  */
static void asm_put_operand(Gen *g, Buf *t, const IrAsmOperand *o, unsigned reg,
                            char mod) {
  if (o->mem) { /* (rN + off), r10 for a frame slot */
    int64_t off = o->mem_off;
    if (o->mem_in_slot) {
      reg = BPF_REG_FP;
      off += slot_offset(g, o->mem_slot);
    }
    buf_printf(t, "(r%u %c %" PRId64 ")", reg, off < 0 ? '-' : '+', off < 0 ? -off : off);
  } else if (o->sym) {
    buf_puts(t, o->sym);
    if (o->val.imm)
      buf_printf(t, "%+" PRId64, o->val.imm);
  } else if (o->val.kind == IV_IMM && !o->is_output) {
    buf_printf(t, "%" PRId64, o->val.imm);
  } else {
    buf_printf(t, "%c%u", mod == 'w' ? 'w' : 'r', reg);
  }
}

static int asm_find_operand(const IrAsm *a, const char *name, size_t len) {
  for (int i = 0; i < a->nops; i++)
    if (a->ops[i].name && strlen(a->ops[i].name) == len &&
        !memcmp(a->ops[i].name, name, len))
      return i;
  return -1;
}

static int asm_find_label(const IrAsm *a, const char *name, size_t len) {
  for (int i = 0; i < a->nlabels; i++)
    if (strlen(a->labels[i]) == len && !memcmp(a->labels[i], name, len))
      return i;
  return -1;
}

static void gen_asm(Gen *g, const IrInsn *in) {
  const IrAsm *a = in->asm_;
  unsigned regs[32] = {0};
  unsigned next_scratch = SCRATCH0;
  int nops = a->nops < 32 ? a->nops : 32;
  for (int i = 0; i < nops; i++) {
    const IrAsmOperand *o = &a->ops[i];
    if (o->sym || (o->val.kind == IV_IMM && !o->is_output) || o->mem_in_slot)
      continue;
    regs[i] = asm_operand_reg(g, o, &next_scratch);
    if (!o->is_output || o->in_out) {
      unsigned r = use(g, o->val, regs[i]);
      move(g, regs[i], r);
    }
  }
  Buf t = {0};
  const char *p = a->templ;
  unsigned unique = bpf_code_len(g->code); /* %= : distinct per statement */
  while (*p) {
    if (*p != '%' || a->basic) {
      buf_putc(&t, *p++);
      continue;
    }
    p++;
    char mod = 0;
    if (*p == '%') {
      buf_putc(&t, '%');
      p++;
      continue;
    }
    if (*p == '=') {
      buf_printf(&t, "%u", unique);
      p++;
      continue;
    }
    if ((*p == 'l' || *p == 'w') && (p[1] == '[' || (p[1] >= '0' && p[1] <= '9')))
      mod = *p++;
    int idx = -1;
    if (*p == '[') {
      const char *e = strchr(p, ']');
      if (!e)
        break;
      if (mod == 'l') {
        int l = asm_find_label(a, p + 1, (size_t)(e - p - 1));
        if (l >= 0)
          buf_puts(&t, g->labels[a->label_blocks[l]]);
        else
          diag_error(in->loc, "unknown asm goto label");
        p = e + 1;
        continue;
      }
      idx = asm_find_operand(a, p + 1, (size_t)(e - p - 1));
      p = e + 1;
    } else if (*p >= '0' && *p <= '9') {
      idx = 0;
      while (*p >= '0' && *p <= '9')
        idx = idx * 10 + (*p++ - '0');
      if (mod == 'l') {
        int l = idx - a->nops;
        if (l >= 0 && l < a->nlabels)
          buf_puts(&t, g->labels[a->label_blocks[l]]);
        else
          diag_error(in->loc, "asm goto label number out of range");
        continue;
      }
    } else {
      buf_putc(&t, '%');
      continue;
    }
    if (idx < 0 || idx >= nops) {
      diag_error(in->loc, "invalid operand in asm template");
      continue;
    }
    asm_put_operand(g, &t, &a->ops[idx], regs[idx], mod);
  }
  BpfAsmOptions opts = {.big_endian = ctx_current->target.big_endian};
  BpfAsmError err;
  uint32_t first = bpf_code_len(g->code);
  forget_scratch(g);
  if (!bpf_asm(g->code, t.data ? t.data : "", t.len, &opts, &err))
    diag_error(in->loc, "in inline assembly: line %u: %s", err.line, err.message);
  if (g->line_out)
    for (uint32_t i = first; i < bpf_code_len(g->code); i++) {
      BpfGenLine l = {i, g->loc};
      vec_push(g->line_out, l);
      break;
    }
  buf_free(&t);
  for (int i = 0; i < nops; i++) {
    const IrAsmOperand *o = &a->ops[i];
    if (o->is_output && o->val.kind == IV_REG) {
      IrReg d = o->val.reg;
      if (g->ra.phys[d] < 0)
        def_done(g, d, regs[i]);
    }
  }
}

/* IN's value (a constant, a symbol's address, a frame slot's or a
   register-based address) into RD: at its definition, and again at each
   use of a value that is recomputed instead of spilled.  */
static void compute_value(Gen *g, const IrInsn *in, unsigned rd) {
  switch (in->op) {
  case IR_MOV:
    load_imm(g, rd, in->a.imm);
    break;
  case IR_SYM: {
    note_write(g, rd);
    uint32_t idx = bpf_code_ld_sym(g->code, rd, in->sym, in->a.imm, 0);
    if (g->line_out) {
      BpfGenLine l = {idx, g->loc};
      vec_push(g->line_out, l);
    }
    break;
  }
  default: { /* IR_ADDR */
    int16_t off;
    unsigned base = addr_base(g, in->addr, rd, &off);
    move(g, rd, base);
    if (off)
      emit(g, bpf_alu_imm(true, BPF_ALU_ADD, rd, off));
  }
  }
}

static void gen_insn(Gen *g, const IrInsn *in) {
  g->loc = in->loc;
  if (in->dst && g->ra.remat[in->dst] == in)
    return; /* computed where it is read */
  switch ((IrOp)in->op) {
  case IR_MOV: {
    unsigned rd = def_reg(g, in->dst);
    if (in->core && (in->core->kind == CORE_TYPE_ID_LOCAL ||
                     in->core->kind == CORE_TYPE_ID_TARGET)) {
      /* a type id: LD_IMM64, as clang writes it */
      note_write(g, rd);
      uint32_t idx = bpf_code_emit_ld_imm64(g->code, rd, BPF_LDIMM_VALUE,
                                            (uint64_t)in->a.imm);
      note_core(g, idx, in->core);
    } else if (in->a.kind == IV_IMM) {
      if (in->core) {
        /* the first instruction load_imm writes: an LD_IMM64's first slot */
        uint32_t at = bpf_code_len(g->code);
        load_imm(g, rd, in->a.imm);
        note_core(g, at, in->core);
      } else {
        compute_value(g, in, rd);
      }
    }
    else {
      unsigned src = use(g, in->a, rd);
      if (g->ra.phys[in->dst] < 0)
        rd = src; /* a copy that lives in memory is stored from where the value is */
      move(g, rd, src);
    }
    def_done(g, in->dst, rd);
    break;
  }
  case IR_ALU: gen_alu(g, in); break;
  case IR_NEG: {
    unsigned rd = def_reg(g, in->dst);
    move(g, rd, use(g, in->a, rd));
    emit(g, bpf_neg(!in->w32, rd));
    def_done(g, in->dst, rd);
    break;
  }
  case IR_EXT: gen_ext(g, in); break;
  case IR_BSWAP: gen_bswap(g, in); break;
  case IR_LOAD: gen_load(g, in); break;
  case IR_STORE: gen_store(g, in); break;
  case IR_ADDR:
  case IR_SYM: {
    unsigned rd = def_reg(g, in->dst);
    compute_value(g, in, rd);
    def_done(g, in->dst, rd);
    break;
  }
  case IR_CALL: gen_call(g, in); break;
  case IR_ATOMIC: gen_atomic(g, in); break;
  case IR_ASM: gen_asm(g, in); break;
  case IR_LDPKT: gen_ldpkt(g, in); break;
  case IR_JMP:
    if (g->ret_inline[g->block] != UINT32_MAX) {
      gen_insn(g, &g->f->blocks.data[g->ret_inline[g->block]].insns.data[0]);
      break;
    }
    if (in->then_ != g->next_block)
      jump_to(g, bpf_goto(0), in->then_);
    break;
  case IR_BR: gen_branch(g, in); break;
  case IR_RET:
    if (g->ret_labels[g->block]) {
      /* other returns of this value jump here: r0 is set after the label */
      forget_scratch(g);
      bpf_code_label(g->code, g->ret_labels[g->block], 0);
    }
    if (in->a.kind != IV_NONE) {
      unsigned r = use(g, in->a, 0);
      move(g, 0, r);
    }
    emit(g, bpf_exit());
    break;
  case IR_UNREACHABLE: break;
  }
}

/* Shared returns.  A block that only returns a constant K (or nothing)
   costs `r0 = K; exit` where it is placed, and the branch before it
   often a jump around it too.  When another block ends in the same
   return after other work, the branches and jumps to the lone return
   go to that block's `r0 = K` instead (a label before it), and the lone
   return is not placed at all: `if r1 == 0 goto out` in place of
   `if r1 != 0 goto +2; r0 = 0; exit`.  Of several such blocks the last
   placed is the target.  Only the path to an exit changes: nothing
   moves across a check, and the verifier sees the same exit value.  */
static bool is_constant_return(const IrInsn *in) {
  return in->op == IR_RET && in->a.kind != IV_REG;
}

static bool same_return(const IrInsn *a, const IrInsn *b) {
  return a->a.kind == b->a.kind && (a->a.kind == IV_NONE || a->a.imm == b->a.imm);
}

/* A block nothing but `return K`, that may be left out.  */
static bool is_lone_return(const IrFunc *f, size_t b) {
  const IrBlock *blk = &f->blocks.data[b];
  return b != 0 && !blk->asm_target && blk->insns.len == 1 &&
         is_constant_return(&blk->insns.data[0]);
}

/* A branch between two returns of constants, each reached from this
   branch alone and from no shared return, becomes a select: `r0 = A;
   if c goto out; r0 = B; out: exit` (4 instructions for 5), as clang
   writes `return c ? A : B`.  The branch must not read r0, which now
   holds A: its operands are in registers other than r0 (a spilled
   second operand is loaded into r5).  */
static bool is_select_return(const Gen *g, uint32_t b, const uint32_t *npreds) {
  return is_lone_return(g->f, b) && npreds[b] == 1 &&
         g->ret_redirect[b] == UINT32_MAX &&
         g->f->blocks.data[b].insns.data[0].a.kind == IV_IMM;
}

static bool branch_leaves_r0(const Gen *g, const IrInsn *br) {
  /* the first operand, after gen_branch's swap, is a register */
  if (br->a.kind != IV_REG && (br->b.kind != IV_REG || br->alu == BPF_JMP_JSET))
    return false;
  const IrVal *v[2] = {&br->a, &br->b};
  for (int k = 0; k < 2; k++) {
    if (v[k]->kind != IV_REG)
      continue;
    int p = g->ra.phys[v[k]->reg];
    if (p == 0 || (p < 0 && (k == 0 || br->a.kind == IV_IMM)))
      return false; /* in r0, or loaded into scratch r0 */
  }
  return true;
}

static void plan_return_selects(Gen *g) {
  const IrFunc *f = g->f;
  size_t nb = f->blocks.len;
  g->ret_absorbed = xcalloc(nb ? nb : 1, sizeof *g->ret_absorbed);
  uint32_t *npreds = ir_predecessor_counts(f);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len || g->ret_redirect[b] != UINT32_MAX)
      continue;
    const IrInsn *br = &blk->insns.data[blk->insns.len - 1];
    if (br->op != IR_BR || br->then_ == br->else_ ||
        !is_select_return(g, br->then_, npreds) || !is_select_return(g, br->else_, npreds) ||
        !branch_leaves_r0(g, br))
      continue;
    g->ret_absorbed[br->then_] = g->ret_absorbed[br->else_] = true;
  }
  free(npreds);
}

/* The last block that ends in the same return as lone return B after
   other work, or UINT32_MAX.  */
static uint32_t find_return_tail(const IrFunc *f, size_t b) {
  const IrInsn *ret = &f->blocks.data[b].insns.data[0];
  for (size_t t = f->blocks.len; t-- > 0;) {
    const IrBlock *tb = &f->blocks.data[t];
    if (tb->insns.len >= 2 && is_constant_return(&tb->insns.data[tb->insns.len - 1]) &&
        same_return(ret, &tb->insns.data[tb->insns.len - 1]))
      return (uint32_t)t;
  }
  return UINT32_MAX;
}

/* Else the last block that jumps to B (its jump becomes B's return,
   no longer than the jump for a return of nothing, one instruction
   more for a constant, which B's two no longer placed pay for).  */
static uint32_t find_jump_tail(const IrFunc *f, size_t b) {
  for (size_t t = f->blocks.len; t-- > 0;) {
    const IrBlock *tb = &f->blocks.data[t];
    if (t != b && tb->insns.len && tb->insns.data[tb->insns.len - 1].op == IR_JMP &&
        tb->insns.data[tb->insns.len - 1].then_ == b)
      return (uint32_t)t;
  }
  return UINT32_MAX;
}

static void plan_shared_returns(Gen *g) {
  const IrFunc *f = g->f;
  size_t nb = f->blocks.len;
  g->ret_labels = xcalloc(nb, sizeof *g->ret_labels);
  g->ret_redirect = xmalloc((nb ? nb : 1) * sizeof *g->ret_redirect);
  g->ret_inline = xmalloc((nb ? nb : 1) * sizeof *g->ret_inline);
  for (size_t b = 0; b < nb; b++)
    g->ret_redirect[b] = g->ret_inline[b] = UINT32_MAX;
  for (size_t b = 0; b < nb; b++) {
    if (!is_lone_return(f, b))
      continue;
    uint32_t t = find_return_tail(f, b);
    if (t == UINT32_MAX)
      t = find_jump_tail(f, b);
    if (t == UINT32_MAX)
      continue;
    const IrInsn *last = &f->blocks.data[t].insns.data[f->blocks.data[t].insns.len - 1];
    if (last->op == IR_JMP)
      g->ret_inline[t] = b;
    g->ret_redirect[b] = t;
    if (!g->ret_labels[t]) {
      char name[160];
      snprintf(name, sizeof name, ".L%s.%u.ret", f->name, t);
      g->ret_labels[t] = xstrdup(name);
    }
  }
  plan_return_selects(g);
}

/* Whether block B is placed: not empty, and not a lone return whose
   jumps go to a shared one.  */
static bool is_placed(const Gen *g, size_t b) {
  return g->f->blocks.data[b].insns.len && g->ret_redirect[b] == UINT32_MAX &&
         !g->ret_absorbed[b];
}

/* The placed blocks into LAYOUT in the order they are laid out;
   returns how many.  The lowering's order, but the blocks of early
   returns (IrBlock.early_return) after all the others: the test before
   an early return then jumps to it and falls through to the code that
   goes on, the path the verifier explores first (as in clang's layout).
   Exploring the early return first gave the verifier strobemeta's loops
   with the narrowest states first, and the wider ones that came later
   were not pruned against them (strobemeta_nounroll2: over 1,000,000
   processed instructions before, 174,513 after).  */
static size_t place_blocks(const Gen *g, uint32_t *layout) {
  size_t nb = g->f->blocks.len, n = 0;
  for (int late = 0; late < 2; late++)
    for (size_t b = 0; b < nb; b++)
      if (is_placed(g, b) && g->f->blocks.data[b].early_return == (late == 1))
        layout[n++] = (uint32_t)b;
  return n;
}

bool bpf_gen_func(IrFunc *f, BpfCode *code, int cpu, BpfGenLines *lines,
                  BpfGenCores *cores) {
  Gen g = {0};
  g.f = f;
  g.code = code;
  g.cpu = cpu;
  g.line_out = lines;
  g.core_out = cores;
  bpf_regalloc(f, &g.ra);
  int64_t frame_size;
  bool ok = bpf_frame_layout(f, &g.ra, &frame_size);
  g.labels = xcalloc(f->blocks.len, sizeof *g.labels);
  for (size_t b = 0; b < f->blocks.len; b++) {
    char name[160];
    snprintf(name, sizeof name, ".L%s.%zu", f->name, b);
    g.labels[b] = xstrdup(name);
  }
  plan_shared_returns(&g);
  g.loc = f->loc;
  /* Parameters: from r1-r5 into their registers or spill slots (those
     the body reads).  */
  int dst[5], src[5], n = 0;
  for (int p = 0; p < f->nparams; p++) {
    IrReg r = f->params[p];
    if (r && g.ra.read[r] && g.ra.phys[r] >= 0) {
      dst[n] = g.ra.phys[r];
      src[n] = p + 1;
      n++;
    }
  }
  for (int p = 0; p < f->nparams; p++) {
    IrReg r = f->params[p];
    if (r && g.ra.read[r] && g.ra.phys[r] < 0 && g.ra.slot[r] >= 0)
      emit(&g, bpf_stx(BPF_SIZE_DW, BPF_REG_FP, (int16_t)spill_offset(&g, r),
                       (unsigned)(p + 1)));
  }
  parallel_move(&g, dst, src, n);
  /* Blocks in the lowering's order, bail-outs last, the empty
     (unreachable) ones left out (place_blocks).  The order decides which
     side of each branch falls through, which is the path the verifier
     explores first: a layout that let the then-side of every if fall
     through kept iters/iter_obfuscate_counter's open-coded loop from
     converging, and the else-side layout broke others
     (pyperf600_nounroll, strobemeta_bpf_loop, task_kfunc_success), so
     the lowering orders the blocks where it matters (see lower.c's
     ST_IF, loop(), inline_call()).  */
  size_t nb = f->blocks.len;
  uint32_t *layout = xmalloc((nb ? nb : 1) * sizeof *layout);
  size_t nplaced = place_blocks(&g, layout);
  bool last_falls = false;
  for (size_t k = 0; k < nplaced; k++) {
    uint32_t b = layout[k];
    IrBlock *blk = &f->blocks.data[b];
    g.block = b;
    g.next_block = k + 1 < nplaced ? layout[k + 1] : UINT32_MAX;
    bpf_code_label(code, g.labels[b], 0);
    forget_scratch(&g);
    for (size_t i = 0; i < blk->insns.len; i++)
      gen_insn(&g, &blk->insns.data[i]);
    last_falls = blk->insns.data[blk->insns.len - 1].op == IR_UNREACHABLE;
  }
  if (last_falls && !f->naked)
    emit(&g, bpf_exit()); /* the code must not run off its end */
  free(layout);
  for (size_t b = 0; b < nb; b++) {
    free(g.labels[b]);
    free(g.ret_labels[b]);
  }
  free(g.labels);
  free(g.ret_labels);
  free(g.ret_redirect);
  free(g.ret_inline);
  free(g.ret_absorbed);
  bpf_regalloc_free(&g.ra);
  return ok;
}
