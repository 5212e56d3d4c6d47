/* Register allocation for BPF: the IR's virtual registers onto r1-r4 and
   r6-r9, by linear scan over live intervals.

   r0 and r5 are never allocated: the code generator uses them as scratch
   registers (a spilled operand is loaded into one, a spilled result is
   computed in r0 and stored), r0 also for return values and cmpxchg.
   r10 is the frame pointer.  A call clobbers r0-r5, so a value live
   across a call gets one of r6-r9 (or a stack slot); inline assembly
   clobbers what its clobber list names.

   Liveness is the usual backward dataflow over blocks; a register's
   interval is the one range from its first to its last live position in
   block order (holes are not used).  When no register is free, the
   interval that ends last among the competing ones goes to an 8-byte
   stack slot of the frame (IR slots, laid out with the locals).  */
#include "regalloc.h"

#include <stdlib.h>
#include <string.h>

typedef struct Interval {
  IrReg reg;
  int32_t start, end; /* positions; start > end: not live anywhere */
  uint16_t forbidden; /* physical registers it must not get */
  uint16_t hint;      /* a register it would like (0: none) */
} Interval;

/* --- Liveness --- */

typedef struct Liveness {
  size_t words; /* per set */
  uint64_t *use, *def, *in, *out; /* [block * words] */
} Liveness;

static inline void bit_set(uint64_t *s, IrReg r) { s[r / 64] |= 1ull << (r % 64); }
static inline bool bit_has(const uint64_t *s, IrReg r) {
  return s[r / 64] >> (r % 64) & 1;
}

typedef struct UseDefCtx {
  uint64_t *use, *def;
} UseDefCtx;

static void note_use_def(void *ctx, IrReg r, bool def) {
  UseDefCtx *c = ctx;
  if (def)
    bit_set(c->def, r);
  else if (!bit_has(c->def, r))
    bit_set(c->use, r);
}

static int successors(const IrBlock *b, uint32_t succ[2]) {
  if (!b->insns.len)
    return 0;
  const IrInsn *t = &b->insns.data[b->insns.len - 1];
  if (t->op == IR_JMP) {
    succ[0] = t->then_;
    return 1;
  }
  if (t->op == IR_BR) {
    succ[0] = t->then_;
    succ[1] = t->else_;
    return 2;
  }
  return 0;
}

static void liveness(const IrFunc *f, Liveness *lv) {
  size_t nb = f->blocks.len;
  lv->words = (f->nregs + 63) / 64 + 1;
  size_t total = nb * lv->words;
  lv->use = xcalloc(total, 8);
  lv->def = xcalloc(total, 8);
  lv->in = xcalloc(total, 8);
  lv->out = xcalloc(total, 8);
  for (size_t b = 0; b < nb; b++) {
    UseDefCtx c = {lv->use + b * lv->words, lv->def + b * lv->words};
    const IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++)
      ir_insn_regs(&blk->insns.data[i], note_use_def, &c);
  }
  /* asm goto may jump to its targets: they are successors of the block
     holding the asm, which also falls through.  */
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t b = nb; b-- > 0;) {
      const IrBlock *blk = &f->blocks.data[b];
      uint64_t *out = lv->out + b * lv->words, *in = lv->in + b * lv->words;
      uint32_t succ[2];
      int ns = successors(blk, succ);
      for (int s = 0; s < ns; s++) {
        const uint64_t *sin = lv->in + succ[s] * lv->words;
        for (size_t w = 0; w < lv->words; w++)
          out[w] |= sin[w];
      }
      for (size_t i = 0; i < blk->insns.len; i++) {
        const IrInsn *in_ = &blk->insns.data[i];
        if (in_->op == IR_ASM)
          for (int l = 0; l < in_->asm_->nlabels; l++) {
            const uint64_t *sin = lv->in + in_->asm_->label_blocks[l] * lv->words;
            for (size_t w = 0; w < lv->words; w++)
              out[w] |= sin[w];
          }
      }
      const uint64_t *use = lv->use + b * lv->words, *def = lv->def + b * lv->words;
      for (size_t w = 0; w < lv->words; w++) {
        uint64_t v = use[w] | (out[w] & ~def[w]);
        if (v != in[w]) {
          in[w] = v;
          changed = true;
        }
      }
    }
  }
}

static void liveness_free(Liveness *lv) {
  free(lv->use);
  free(lv->def);
  free(lv->in);
  free(lv->out);
}

/* --- Intervals --- */

typedef struct ExtendCtx {
  Interval *iv;
  int32_t pos;
} ExtendCtx;

static void extend(Interval *iv, int32_t pos) {
  if (iv->start > iv->end) {
    iv->start = iv->end = pos;
    return;
  }
  if (pos < iv->start)
    iv->start = pos;
  if (pos > iv->end)
    iv->end = pos;
}

static void note_position(void *ctx, IrReg r, bool def) {
  ExtendCtx *c = ctx;
  extend(&c->iv[r], c->pos);
}

typedef struct Clobber {
  int32_t pos;
  uint16_t mask;
} Clobber;

enum { CALL_CLOBBERS = 0x3f /* r0-r5 */ };

static int by_start(const void *x, const void *y) {
  const Interval *a = *(Interval *const *)x, *b = *(Interval *const *)y;
  if (a->start != b->start)
    return a->start < b->start ? -1 : 1;
  return a->reg < b->reg ? -1 : a->reg > b->reg;
}

static const unsigned alloc_order[] = {1, 2, 3, 4, 6, 7, 8, 9};

static void note_read(void *ctx, IrReg r, bool def) {
  if (!def)
    ((uint8_t *)ctx)[r] = 1;
}

/* Spill slots and the last position their values are live at: a slot
   whose value is dead before an interval starts takes that interval.  */
typedef struct SpillSlot {
  uint32_t slot;
  int32_t end;
} SpillSlot;
typedef VEC(SpillSlot) SpillSlots;

static int32_t spill_slot(IrFunc *f, SpillSlots *spills, const Interval *iv) {
  for (size_t i = 0; i < spills->len; i++)
    if (spills->data[i].end < iv->start) {
      spills->data[i].end = iv->end;
      return (int32_t)spills->data[i].slot;
    }
  SpillSlot s = {ir_new_slot(f, 8, 8, "spill"), iv->end};
  vec_push(spills, s);
  return (int32_t)s.slot;
}

void bpf_regalloc(IrFunc *f, RegAlloc *ra) {
  size_t nregs = f->nregs ? f->nregs : 1;
  ra->phys = xmalloc(nregs);
  ra->slot = xmalloc(nregs * sizeof *ra->slot);
  ra->read = xcalloc(nregs, 1);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      ir_insn_regs(&f->blocks.data[b].insns.data[i], note_read, ra->read);
  memset(ra->phys, -1, nregs);
  for (size_t r = 0; r < nregs; r++)
    ra->slot[r] = -1;

  Liveness lv;
  liveness(f, &lv);
  Interval *iv = xcalloc(nregs, sizeof *iv);
  for (size_t r = 0; r < nregs; r++) {
    iv[r].reg = (IrReg)r;
    iv[r].start = 1;
    iv[r].end = 0;
  }
  VEC(Clobber) clobbers = {0};
  /* Parameters are defined on entry, before the first instruction; one
     the body never reads is not taken from its register at all (a
     callback's unused last parameters may be registers the verifier
     has not initialised).  */
  for (int p = 0; p < f->nparams; p++)
    if (f->params[p] && ra->read[f->params[p]]) {
      extend(&iv[f->params[p]], -1);
      iv[f->params[p]].hint = (uint16_t)(1u << (p + 1));
    }
  int32_t pos = 0;
  for (size_t b = 0; b < f->blocks.len; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len)
      continue;
    int32_t first = pos;
    const uint64_t *in = lv.in + b * lv.words;
    for (IrReg r = 1; r < nregs; r++)
      if (bit_has(in, r))
        extend(&iv[r], first);
    for (size_t i = 0; i < blk->insns.len; i++, pos += 2) {
      const IrInsn *insn = &blk->insns.data[i];
      ExtendCtx c = {iv, pos};
      ir_insn_regs(insn, note_position, &c);
      Clobber cl = {pos, 0};
      if (insn->op == IR_CALL)
        cl.mask = CALL_CLOBBERS;
      else if (insn->op == IR_LDPKT)
        cl.mask = CALL_CLOBBERS | 1u << 6; /* the context goes to r6 */
      else if (insn->op == IR_ASM)
        cl.mask = insn->asm_->clobbers;
      if (cl.mask)
        vec_push(&clobbers, cl);
    }
    const uint64_t *out = lv.out + b * lv.words;
    for (IrReg r = 1; r < nregs; r++)
      if (bit_has(out, r))
        extend(&iv[r], pos - 1);
  }
  liveness_free(&lv);

  /* A value live across a clobbering point (strictly inside its
     interval; clobbers are in position order) must avoid the registers
     it clobbers.  */
  /* An asm operand never lives in a register the asm clobbers (GCC's
     rule: the template may use the operand after clobbering them).  */
  for (size_t b = 0; b < f->blocks.len; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++) {
      const IrInsn *insn = &blk->insns.data[i];
      if (insn->op != IR_ASM)
        continue;
      for (int k = 0; k < insn->asm_->nops; k++) {
        IrVal v = insn->asm_->ops[k].val;
        if (v.kind == IV_REG && v.reg)
          iv[v.reg].forbidden |= insn->asm_->clobbers;
      }
    }
  }
  Interval **order = xmalloc(nregs * sizeof *order);
  size_t n = 0;
  for (size_t r = 1; r < nregs; r++) {
    if (iv[r].start > iv[r].end)
      continue;
    /* binary search the first clobber after start */
    size_t lo = 0, hi = clobbers.len;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (clobbers.data[mid].pos <= iv[r].start)
        lo = mid + 1;
      else
        hi = mid;
    }
    for (size_t k = lo; k < clobbers.len && clobbers.data[k].pos < iv[r].end; k++)
      iv[r].forbidden |= clobbers.data[k].mask;
    order[n++] = &iv[r];
  }
  vec_free(&clobbers);
  qsort(order, n, sizeof *order, by_start);

  /* Where each register's value first comes from (moves and two-address
     operations): the register to prefer for it.  */
  IrReg *hint_src = xcalloc(nregs, sizeof *hint_src);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      bool two_address = in->op == IR_MOV || in->op == IR_ALU || in->op == IR_NEG ||
                         in->op == IR_EXT || in->op == IR_BSWAP;
      if (two_address && in->dst && in->a.kind == IV_REG && !hint_src[in->dst])
        hint_src[in->dst] = in->a.reg;
    }
  /* Linear scan.  */
  Interval *active[16] = {0}; /* by physical register */
  SpillSlots spills = {0};
  for (size_t k = 0; k < n; k++) {
    Interval *cur = order[k];
    /* A value last read where another is written frees its register for
       it: every instruction reads its operands before it writes.  */
    for (unsigned p = 0; p < 16; p++)
      if (active[p] && active[p]->end <= cur->start && active[p] != cur)
        active[p] = NULL;
    int pick = -1;
    if (cur->hint) {
      unsigned p = (unsigned)__builtin_ctz(cur->hint);
      if (!active[p] && !(cur->forbidden >> p & 1) && p != 0 && p != 5)
        pick = (int)p;
    }
    /* The register of the value it is computed from (a move's source, an
       operation's first operand): no move then.  */
    IrReg src = hint_src[cur->reg];
    if (pick < 0 && src && ra->phys[src] > 0) {
      unsigned p = (unsigned)ra->phys[src];
      if (!active[p] && !(cur->forbidden >> p & 1))
        pick = (int)p;
    }
    for (size_t j = 0; pick < 0 && j < ARRAY_LEN(alloc_order); j++) {
      unsigned p = alloc_order[j];
      if (!active[p] && !(cur->forbidden >> p & 1))
        pick = (int)p;
    }
    if (pick < 0) {
      /* Spill whichever ends last: the current interval or an active one
         whose register the current may take.  */
      int victim = -1;
      int32_t far = cur->end;
      for (size_t j = 0; j < ARRAY_LEN(alloc_order); j++) {
        unsigned p = alloc_order[j];
        if (active[p] && !(cur->forbidden >> p & 1) && active[p]->end > far) {
          far = active[p]->end;
          victim = (int)p;
        }
      }
      if (victim >= 0) {
        Interval *v = active[victim];
        ra->phys[v->reg] = -1;
        ra->slot[v->reg] = spill_slot(f, &spills, v);
        active[victim] = NULL;
        pick = victim;
      } else {
        ra->slot[cur->reg] = spill_slot(f, &spills, cur);
        continue;
      }
    }
    ra->phys[cur->reg] = (int8_t)pick;
    active[pick] = cur;
  }
  free(order);
  free(iv);
  free(hint_src);
  vec_free(&spills);
}

void bpf_regalloc_free(RegAlloc *ra) {
  free(ra->phys);
  free(ra->slot);
  free(ra->read);
}
