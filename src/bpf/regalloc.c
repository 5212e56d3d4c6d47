/* Register allocation for BPF: the IR's virtual registers onto r1-r4 and
   r6-r9, by linear scan over live intervals.

   r0 and r5 are not in the scan: the code generator uses them as scratch
   registers (a spilled operand is loaded into one, a spilled result is
   computed in r0 and stored), r0 also for return values and cmpxchg.
   After the scan, a call's result that is read only before anything
   needs r0 again stays in r0 (results_in_r0).
   r10 is the frame pointer.  A call clobbers r0-r5, so a value live
   across a call gets one of r6-r9 (or a stack slot); inline assembly
   clobbers what its clobber list names.

   Liveness is the usual backward dataflow over blocks; a register's
   interval is the one range from its first to its last live position in
   block order (holes are not used).  When no register is free, the
   interval that ends last among the competing ones goes to an 8-byte
   stack slot of the frame (IR slots, laid out with the locals).

   A value prefers the register it is computed from, or, as a call's
   argument, the register it is passed in; a value computed in place
   into an argument shares the wish.  Without a wish of its own, a value
   avoids the registers that values starting during its life wish for,
   while another is free.  */
#include "regalloc.h"

#include "insn.h"
#include <stdlib.h>
#include <string.h>

typedef struct Interval {
  IrReg reg;
  int32_t start, end; /* positions; start > end: not live anywhere */
  uint16_t forbidden; /* physical registers it must not get */
  uint16_t hint;      /* a register it would like (0: none) */
} Interval;

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

/* Extend to POS the interval of each register (but 0) live at block B's
   start or end (SETS: lv.in or lv.out), in register order.  */
static void extend_live(Interval *iv, const IrLiveness *lv, const uint64_t *sets, size_t b,
                        size_t nregs, int32_t pos) {
  const uint64_t *live = sets + b * lv->words;
  for (size_t w = 0; w < lv->words; w++)
    for (uint64_t bits = live[w]; bits; bits &= bits - 1) {
      IrReg r = lv->tracked[w * 64 + (size_t)__builtin_ctzll(bits)];
      if (r && r < nregs)
        extend(&iv[r], pos);
    }
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

/* Each register that lives in memory gets an 8-byte slot of its own;
   frame.c lets slots whose values are never live together share bytes.  */
static void assign_spill_slots(IrFunc *f, RegAlloc *ra, const uint8_t *spilled) {
  for (size_t r = 0; r < (f->nregs ? f->nregs : 1); r++)
    if (spilled[r])
      ra->slot[r] = (int32_t)ir_new_slot(f, 8, 8, "spill");
}

/* An instruction whose value can be computed again anywhere.  */
static bool recomputable(const IrInsn *in) {
  return (in->op == IR_MOV && in->a.kind == IV_IMM && !in->core) ||
         in->op == IR_SYM || (in->op == IR_ADDR && in->addr.kind == IA_SLOT);
}

static void count_defs(void *ctx, IrReg r, bool def) {
  if (def)
    ((uint32_t *)ctx)[r]++;
}

/* The registers written once, by a recomputable instruction.  */
static const IrInsn **find_recomputable(const IrFunc *f, size_t nregs) {
  const IrInsn **remat = xcalloc(nregs, sizeof *remat);
  uint32_t *defs = xcalloc(nregs, sizeof *defs);
  for (int p = 0; p < f->nparams; p++)
    if (f->params[p])
      defs[f->params[p]]++;
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      ir_insn_regs(in, count_defs, defs);
      if (in->dst && recomputable(in))
        remat[in->dst] = in;
    }
  for (size_t r = 0; r < nregs; r++)
    if (defs[r] != 1)
      remat[r] = NULL;
  free(defs);
  return remat;
}

/* --- Call results used where they arrive ---

   A call leaves its result in r0, and the scan gives the result some
   other register, so a move follows every call.  A result whose life
   ends in the call's block, before anything that needs r0, is left in
   r0 instead: no move (clang's code does the same); so is a value
   computed in place (a copy, an operation on it as first operand) from
   such a result that it reads last.  r0 is the code generator's first
   scratch register, so each instruction after the call up to the
   result's last read must be one that never takes a scratch register
   for it: its register operands and result all in registers (none
   spilled or recomputed), no constant that must be put in a register
   first (a store of one to memory, a branch on two), and none of the
   instructions that write r0 or clobber it (calls, atomics, inline
   assembly, legacy packet loads).  */

static bool uses_in_registers(const RegAlloc *ra, const IrInsn *in) {
  bool ok = true;
  const IrVal *ops[2] = {&in->a, &in->b};
  for (int k = 0; k < 2; k++)
    if (ops[k]->kind == IV_REG && ops[k]->reg && ra->phys[ops[k]->reg] < 0)
      ok = false;
  if ((in->op == IR_LOAD || in->op == IR_STORE) && in->addr.kind == IA_REG &&
      ra->phys[in->addr.base] < 0)
    ok = false;
  if (in->dst && ra->phys[in->dst] < 0)
    ok = false;
  return ok;
}

static bool leaves_r0_alone(const RegAlloc *ra, const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_MOV: case IR_ALU: case IR_NEG: case IR_EXT: case IR_BSWAP:
  case IR_LOAD: case IR_ADDR: case IR_SYM: case IR_RET:
    return uses_in_registers(ra, in);
  case IR_STORE:
    return in->a.kind == IV_REG && uses_in_registers(ra, in);
  case IR_BR:
    return (in->a.kind == IV_REG || in->b.kind == IV_REG) && uses_in_registers(ra, in);
  default:
    return false;
  }
}

static void results_in_r0(const IrFunc *f, RegAlloc *ra, const Interval *iv) {
  int32_t pos = 0;
  for (size_t b = 0; b < f->blocks.len; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    int32_t first = pos, last = pos + 2 * (int32_t)blk->insns.len - 2;
    for (size_t i = 0; i < blk->insns.len; i++) {
      const IrInsn *in = &blk->insns.data[i];
      IrReg r = in->dst;
      int32_t at = first + 2 * (int32_t)i;
      /* a call's result, or one computed in place from a value in r0
         that it reads last */
      bool in_place = in->op == IR_MOV || in->op == IR_ALU || in->op == IR_NEG ||
                      in->op == IR_EXT || in->op == IR_BSWAP;
      bool from_r0 = in->op == IR_CALL ||
                     (in_place && in->a.kind == IV_REG && in->a.reg &&
                      ra->phys[in->a.reg] == 0 && iv[in->a.reg].end == at);
      if (!from_r0 || !r || !ra->read[r] || ra->phys[r] <= 0)
        continue;
      /* (its other definitions, if any, lie inside the interval too:
         they compute it in r0, which nothing else needs there) */
      if (iv[r].start != at || iv[r].end > last)
        continue; /* lives beyond its block */
      bool ok = true;
      for (size_t j = i + 1; ok && j < blk->insns.len && first + 2 * (int32_t)j <= iv[r].end; j++)
        ok = leaves_r0_alone(ra, &blk->insns.data[j]);
      if (ok)
        ra->phys[r] = 0;
    }
    pos += 2 * (int32_t)blk->insns.len;
  }
}

/* A value computed in place into one that would like a register
   (`w2 = w1` of a loaded argument) would like it too, when it has no
   wish of its own: computed there, the copy is to itself.  Backwards,
   so that chains of such values pass the wish along.  */
static void pass_hints_back(const IrFunc *f, Interval *iv, const IrReg *hint_src) {
  for (size_t b = f->blocks.len; b-- > 0;)
    for (size_t i = f->blocks.data[b].insns.len; i-- > 0;) {
      IrReg d = f->blocks.data[b].insns.data[i].dst, s = d ? hint_src[d] : 0;
      if (s && iv[d].hint && !iv[s].hint)
        iv[s].hint = iv[d].hint;
    }
}

/* The first register of the allocation order that is free and not in
   AVOID, or -1.  */
static int first_free(Interval *const *active, unsigned avoid) {
  for (size_t j = 0; j < ARRAY_LEN(alloc_order); j++) {
    unsigned p = alloc_order[j];
    if (!active[p] && !(avoid >> p & 1))
      return (int)p;
  }
  return -1;
}

/* The registers that intervals starting later inside ORDER[K]'s one
   would like (a call's argument registers, mostly): taking one of them
   for ORDER[K] when another is free would cost a move or a swap before
   the call (the first argument computed while the context is still in
   r1 would sit in r2 and push the second argument out of it).  Only a
   bounded number of intervals ahead are looked at.  */
static unsigned wanted_later(Interval *const *order, size_t n, size_t k) {
  unsigned mask = 0;
  for (size_t j = k + 1; j < n && j < k + 32 && order[j]->start <= order[k]->end; j++)
    mask |= order[j]->hint;
  return mask;
}

void bpf_regalloc(IrFunc *f, RegAlloc *ra) {
  size_t nregs = f->nregs ? f->nregs : 1;
  const IrInsn **recompute = find_recomputable(f, nregs);
  ra->remat = xcalloc(nregs, sizeof *ra->remat);
  ra->phys = xmalloc(nregs);
  ra->slot = xmalloc(nregs * sizeof *ra->slot);
  ra->read = xcalloc(nregs, 1);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      ir_insn_regs(&f->blocks.data[b].insns.data[i], note_read, ra->read);
  memset(ra->phys, -1, nregs);
  for (size_t r = 0; r < nregs; r++)
    ra->slot[r] = -1;

  IrLiveness lv;
  ir_liveness(f, &lv);
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
    /* A value live into the block is live just before its first
       instruction: a call there clobbers it (the check below wants the
       clobber strictly inside the interval).  */
    extend_live(iv, &lv, lv.in, b, nregs, first - 1);
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
    extend_live(iv, &lv, lv.out, b, nregs, pos - 1);
  }

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
     operations): the register to prefer for it.  And a call's argument
     would like the register it is passed in (r1-r4; r5 is scratch):
     computed there, it needs no move before the call.  */
  IrReg *hint_src = xcalloc(nregs, sizeof *hint_src);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      /* (an atomic fetch returns the old value in its operand's register) */
      bool two_address = in->op == IR_MOV || in->op == IR_ALU || in->op == IR_NEG ||
                         in->op == IR_EXT || in->op == IR_BSWAP ||
                         (in->op == IR_ATOMIC && (in->atomic & BPF_ATOMIC_FETCH) &&
                          in->atomic != BPF_ATOMIC_CMPXCHG);
      if (two_address && in->dst && in->a.kind == IV_REG && !hint_src[in->dst])
        hint_src[in->dst] = in->a.reg;
      for (int a = 0; in->op == IR_CALL && a < in->call->nargs && a < 4; a++) {
        IrVal v = in->call->args[a];
        if (v.kind == IV_REG && v.reg && !iv[v.reg].hint)
          iv[v.reg].hint = (uint16_t)(1u << (a + 1));
      }
    }
  pass_hints_back(f, iv, hint_src);
  /* Linear scan.  */
  Interval *active[16] = {0}; /* by physical register */
  uint8_t *spilled = xcalloc(nregs, 1);
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
    pick = pick >= 0 ? pick : first_free(active, cur->forbidden | wanted_later(order, n, k));
    pick = pick >= 0 ? pick : first_free(active, cur->forbidden);
    if (pick < 0) {
      /* Spill whichever ends last: the current interval or an active one
         whose register the current may take; a value that can be
         recomputed (which needs no slot and no store) first.  */
      int victim = -1;
      bool cheap = recompute[cur->reg] != NULL;
      int32_t far = cur->end;
      for (size_t j = 0; j < ARRAY_LEN(alloc_order); j++) {
        unsigned p = alloc_order[j];
        if (!active[p] || (cur->forbidden >> p & 1))
          continue;
        bool c = recompute[active[p]->reg] != NULL;
        if ((c && !cheap) || (c == cheap && active[p]->end > far)) {
          far = active[p]->end;
          victim = (int)p;
          cheap = c;
        }
      }
      if (victim >= 0) {
        Interval *v = active[victim];
        ra->phys[v->reg] = -1;
        spilled[v->reg] = 1;
        active[victim] = NULL;
        pick = victim;
      } else {
        spilled[cur->reg] = 1;
        continue;
      }
    }
    ra->phys[cur->reg] = (int8_t)pick;
    active[pick] = cur;
  }
  for (size_t r = 0; r < nregs; r++)
    if (spilled[r] && recompute[r]) {
      ra->remat[r] = recompute[r];
      spilled[r] = 0; /* no slot */
    }
  free(recompute);
  results_in_r0(f, ra, iv);
  assign_spill_slots(f, ra, spilled);
  ir_liveness_free(&lv);
  free(spilled);
  free(order);
  free(iv);
  free(hint_src);
}

void bpf_regalloc_free(RegAlloc *ra) {
  free(ra->remat);
  free(ra->phys);
  free(ra->slot);
  free(ra->read);
}
