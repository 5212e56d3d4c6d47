/* Building, simplifying and printing the IR (see ir.h).

   The simplification is what keeps lowered code free of the shapes a
   straightforward lowering leaves behind: blocks after a return or a
   break that nothing reaches, and jumps whose target is only another
   jump.  Blocks that inline assembly may reach (asm goto targets) are
   never removed.  */
#include "ir.h"

#include "../bpf/insn.h"
#include <inttypes.h>
#include <string.h>

IrReg ir_new_reg(IrFunc *f) {
  if (f->nregs == 0)
    f->nregs = 1;
  return f->nregs++;
}

uint32_t ir_new_block(IrFunc *f) {
  IrBlock b = {0};
  vec_push(&f->blocks, b);
  return (uint32_t)f->blocks.len - 1;
}

uint32_t ir_new_slot(IrFunc *f, int64_t size, uint32_t align, const char *name) {
  IrSlot s = {size > 0 ? size : 1, align ? align : 1, 0, name, 0, UINT32_MAX, false};
  vec_push(&f->slots, s);
  return (uint32_t)f->slots.len - 1;
}

static bool is_terminator(unsigned op) {
  return op == IR_JMP || op == IR_BR || op == IR_RET || op == IR_UNREACHABLE;
}

bool ir_block_terminated(const IrFunc *f, uint32_t block) {
  const IrBlock *b = &f->blocks.data[block];
  return b->insns.len && is_terminator(b->insns.data[b->insns.len - 1].op);
}

uint32_t *ir_predecessor_counts(const IrFunc *f) {
  size_t nb = f->blocks.len;
  uint32_t *npreds = xcalloc(nb ? nb : 1, sizeof *npreds);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++) {
      const IrInsn *in = &blk->insns.data[i];
      if (in->op == IR_JMP || in->op == IR_BR)
        npreds[in->then_]++;
      if (in->op == IR_BR)
        npreds[in->else_]++;
      if (in->op == IR_ASM)
        for (int l = 0; l < in->asm_->nlabels; l++)
          npreds[in->asm_->label_blocks[l]]++;
    }
  }
  return npreds;
}

IrInsn *ir_append(IrFunc *f, uint32_t block, IrOp op, SrcLoc loc) {
  IrBlock *b = &f->blocks.data[block];
  IrInsn i = {0};
  i.op = (uint8_t)op;
  i.loc = loc;
  vec_push(&b->insns, i);
  return &b->insns.data[b->insns.len - 1];
}

void ir_func_free(IrFunc *f) {
  for (size_t i = 0; i < f->blocks.len; i++)
    vec_free(&f->blocks.data[i].insns);
  vec_free(&f->blocks);
  vec_free(&f->slots);
}

/* The block a jump to B really lands on: through empty blocks that only
   jump on (at most a bounded number of steps, so cycles end).  */
static uint32_t thread_target(const IrFunc *f, uint32_t b) {
  for (int steps = 0; steps < 64; steps++) {
    const IrBlock *blk = &f->blocks.data[b];
    if (blk->asm_target || blk->insns.len != 1 ||
        blk->insns.data[0].op != IR_JMP)
      return b;
    b = blk->insns.data[0].then_;
  }
  return b;
}

static void mark_reachable(IrFunc *f) {
  size_t n = f->blocks.len;
  uint32_t *stack = xmalloc(sizeof *stack * (n + 1));
  size_t sp = 0;
  for (size_t i = 0; i < n; i++)
    f->blocks.data[i].reachable = false;
  stack[sp++] = 0;
  f->blocks.data[0].reachable = true;
  while (sp) {
    IrBlock *b = &f->blocks.data[stack[--sp]];
    for (size_t k = 0; k < b->insns.len; k++) {
      IrInsn *in = &b->insns.data[k];
      /* Successors: of jumps and branches, and the targets an asm goto
         may jump to (only when the asm itself can run: one in dead code
         makes no block reachable, and the verifier refuses code that
         nothing reaches).  */
      const uint32_t *succ = NULL;
      uint32_t two[2];
      int ns = 0;
      if (in->op == IR_JMP)
        two[ns++] = in->then_, succ = two;
      else if (in->op == IR_BR)
        two[ns++] = in->then_, two[ns++] = in->else_, succ = two;
      else if (in->op == IR_ASM)
        succ = in->asm_->label_blocks, ns = in->asm_->nlabels;
      for (int s = 0; s < ns; s++)
        if (!f->blocks.data[succ[s]].reachable) {
          f->blocks.data[succ[s]].reachable = true;
          stack[sp++] = succ[s];
        }
    }
  }
  free(stack);
}

/* --- Uses and definitions --- */

static void visit_val(IrVal v, IrRegVisit f, void *ctx) {
  if (v.kind == IV_REG && v.reg)
    f(ctx, v.reg, false);
}

void ir_insn_regs(const IrInsn *in, IrRegVisit f, void *ctx) {
  if ((in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_ATOMIC) &&
      in->addr.kind == IA_REG && in->addr.base)
    f(ctx, in->addr.base, false);
  switch ((IrOp)in->op) {
  case IR_CALL:
    for (int i = 0; i < in->call->nargs; i++)
      visit_val(in->call->args[i], f, ctx);
    if (in->call->kind == CALL_REG)
      f(ctx, in->call->target, false);
    break;
  case IR_JMP:
  case IR_UNREACHABLE:
    return;
  case IR_ASM:
    for (int i = 0; i < in->asm_->nops; i++) {
      const IrAsmOperand *o = &in->asm_->ops[i];
      if (!o->is_output || o->in_out)
        visit_val(o->val, f, ctx);
    }
    for (int i = 0; i < in->asm_->nops; i++) {
      const IrAsmOperand *o = &in->asm_->ops[i];
      if (o->is_output && o->val.kind == IV_REG)
        f(ctx, o->val.reg, true);
    }
    return;
  default:
    visit_val(in->a, f, ctx);
    visit_val(in->b, f, ctx);
  }
  if (in->dst)
    f(ctx, in->dst, true);
}

/* --- Facts by register ---

   Which facts (numbered instructions) name each register: built from K
   registers per fact (0: none), so that a write to a register kills just
   the facts that name it.  */

typedef struct RegIndex {
  uint32_t *start; /* per register: where its facts begin in `facts` */
  uint32_t *facts;
} RegIndex;

static void reg_index_build(RegIndex *ix, size_t nregs, const IrReg *regs, size_t n, size_t k) {
  ix->start = xcalloc(nregs + 1, sizeof *ix->start);
  for (size_t i = 0; i < n * k; i++)
    if (regs[i])
      ix->start[regs[i] + 1]++;
  for (size_t r = 0; r < nregs; r++)
    ix->start[r + 1] += ix->start[r];
  ix->facts = xmalloc((n * k + 1) * sizeof *ix->facts);
  uint32_t *fill = xmalloc((nregs + 1) * sizeof *fill);
  memcpy(fill, ix->start, (nregs + 1) * sizeof *fill);
  for (size_t i = 0; i < n * k; i++)
    if (regs[i])
      ix->facts[fill[regs[i]]++] = (uint32_t)(i / k);
  free(fill);
}

/* Remove from SET every fact that names R.  */
static void reg_index_clear(const RegIndex *ix, IrReg r, uint64_t *set) {
  for (uint32_t i = ix->start[r]; i < ix->start[r + 1]; i++)
    set[ix->facts[i] / 64] &= ~(1ull << (ix->facts[i] % 64));
}

/* An ir_insn_regs visitor: each register an instruction writes kills
   the facts in SET that name it.  */
typedef struct RegKill {
  const RegIndex *ix;
  uint64_t *set;
} RegKill;

static void reg_kill(void *ctx, IrReg r, bool def) {
  RegKill *k = ctx;
  if (def)
    reg_index_clear(k->ix, r, k->set);
}

static void reg_index_free(RegIndex *ix) {
  free(ix->start);
  free(ix->facts);
}

/* --- Constant offsets folded into addresses ---

   A load or store through a register that holds another register plus a
   constant uses the other register with the constant in its offset, as
   the verifier wants for context and socket pointers (it forbids
   arithmetic on them) and as fewer instructions do; the additions that
   nothing reads any more go with the dead instructions after.

   Each instruction X = Y + C (a 64-bit add or subtract of a constant,
   or a copy) makes a fact, killed by any write to X or to Y.  Only a
   register read as nothing but an address is folded: then it dies, and
   the longer life of Y replaces its life instead of adding to the
   register pressure (which in large functions costs spill slots).  Which facts
   hold where is the usual forward "available" dataflow over blocks (a
   fact holds at a block's start when it holds at the end of every
   predecessor).  Besides, a parameter the body never writes is fixed,
   and so is a register written once, as a copy of a fixed register or
   as one plus a constant: its fact holds everywhere, loops included.  */

typedef struct OffsetFact {
  IrReg x, y;
  int64_t c;
  uint8_t ext; /* not 0: X is Y extended from its low EXT bytes (c 0) */
} OffsetFact;

typedef struct Folding {
  IrFunc *f;
  VEC(OffsetFact) facts;      /* in block and instruction order */
  uint32_t *first;            /* per block: its first fact's index */
  RegIndex by_reg;            /* per register: facts naming it (x or y) */
  OffsetFact *fixed;          /* per register: its fact everywhere, x 0: none */
  uint8_t *address_only;      /* per register: read only as an address */
  size_t words;               /* a set of facts: this many uint64_t */
} Folding;

static void count_def(void *ctx, IrReg r, bool def) {
  if (def)
    ((uint32_t *)ctx)[r]++;
}

/* How many instructions write each register.  */
static uint32_t *count_defs(const IrFunc *f) {
  uint32_t *defs = xcalloc(f->nregs ? f->nregs : 1, sizeof *defs);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      ir_insn_regs(&f->blocks.data[b].insns.data[i], count_def, defs);
  return defs;
}

/* X = Y + C for an instruction IN that adds a constant to a register
   (a 64-bit add or subtract; a move too when COPIES).  */
static bool offset_def(const IrInsn *in, bool copies, IrReg *y, int64_t *c) {
  if (!in->dst || in->a.kind != IV_REG || in->core || in->a.reg == in->dst)
    return false;
  if (in->op == IR_MOV && copies) {
    *y = in->a.reg, *c = 0;
    return true;
  }
  if (in->op != IR_ALU || in->w32 || in->b.kind != IV_IMM ||
      (in->alu != BPF_ALU_ADD && in->alu != BPF_ALU_SUB) ||
      in->b.imm < -(1 << 20) || in->b.imm > (1 << 20))
    return false;
  *y = in->a.reg;
  *c = in->alu == BPF_ALU_ADD ? in->b.imm : -in->b.imm;
  return true;
}

/* The fact instruction IN makes, if any: an offset (offset_def, copies
   included) or an extension X = EXT(Y) from N bytes.  */
static bool fact_def(const IrInsn *in, OffsetFact *ft) {
  IrReg y;
  int64_t c;
  if (offset_def(in, true, &y, &c)) {
    *ft = (OffsetFact){in->dst, y, c, 0};
    return true;
  }
  if (in->op == IR_EXT && in->dst && in->a.kind == IV_REG && in->a.reg != in->dst) {
    *ft = (OffsetFact){in->dst, in->a.reg, 0, in->size};
    return true;
  }
  return false;
}

/* The fixed registers' facts (see above).  */
static void find_fixed(Folding *fo, const uint32_t *defs) {
  IrFunc *f = fo->f;
  size_t nregs = f->nregs ? f->nregs : 1;
  bool *is_param = xcalloc(nregs, sizeof *is_param);
  for (int p = 0; p < f->nparams; p++)
    if (f->params[p])
      is_param[f->params[p]] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 0; b < f->blocks.len; b++)
      for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
        const IrInsn *in = &f->blocks.data[b].insns.data[i];
        IrReg y;
        int64_t c;
        if (!offset_def(in, true, &y, &c) || defs[in->dst] != 1 || fo->fixed[in->dst].x)
          continue;
        if (fo->fixed[y].x)
          c += fo->fixed[y].c, y = fo->fixed[y].y;
        else if (!is_param[y] || defs[y] != 0)
          continue;
        fo->fixed[in->dst] = (OffsetFact){in->dst, y, c, 0};
        changed = true;
      }
  }
  free(is_param);
}

/* Every fact, and per register the facts that name it.  */
static void collect_facts(Folding *fo) {
  IrFunc *f = fo->f;
  size_t nregs = f->nregs ? f->nregs : 1;
  fo->first = xcalloc(f->blocks.len + 1, sizeof *fo->first);
  for (size_t b = 0; b < f->blocks.len; b++) {
    fo->first[b] = (uint32_t)fo->facts.len;
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      OffsetFact ft;
      if (fact_def(&f->blocks.data[b].insns.data[i], &ft))
        vec_push(&fo->facts, ft);
    }
  }
  fo->first[f->blocks.len] = (uint32_t)fo->facts.len;
  IrReg *regs = xmalloc((fo->facts.len * 2 + 1) * sizeof *regs);
  for (size_t k = 0; k < fo->facts.len; k++) {
    regs[2 * k] = fo->facts.data[k].x;
    regs[2 * k + 1] = fo->facts.data[k].y;
  }
  reg_index_build(&fo->by_reg, nregs, regs, fo->facts.len, 2);
  free(regs);
  fo->words = (fo->facts.len + 63) / 64;
}

/* SET (the facts that hold before IN, the NEXT-th fact's instruction
   if IN makes one) becomes the set after it.  */
static void step(const Folding *fo, const IrInsn *in, uint64_t *set, uint32_t *next) {
  RegKill k = {&fo->by_reg, set};
  ir_insn_regs(in, reg_kill, &k);
  OffsetFact ft;
  if (fact_def(in, &ft)) {
    uint32_t id = (*next)++;
    set[id / 64] |= 1ull << (id % 64);
  }
}

/* Register R as a fixed register plus a constant where SET holds: one
   step (a fact of R in SET, else R's fixed fact); false if none.  */
static bool offset_of(const Folding *fo, const uint64_t *set, IrReg r, IrReg *y, int64_t *c) {
  for (uint32_t i = fo->by_reg.start[r]; i < fo->by_reg.start[r + 1]; i++) {
    uint32_t id = fo->by_reg.facts[i];
    const OffsetFact *ft = &fo->facts.data[id];
    if (ft->x == r && !ft->ext && set[id / 64] >> (id % 64) & 1) {
      *y = ft->y, *c = ft->c;
      return true;
    }
  }
  if (fo->fixed[r].x) {
    *y = fo->fixed[r].y, *c = fo->fixed[r].c;
    return true;
  }
  return false;
}

static bool is_access(const IrInsn *in) {
  return (in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_ATOMIC) &&
         in->addr.kind == IA_REG && in->addr.base;
}

static void note_non_address_read(void *ctx, IrReg r, bool def) {
  if (!def)
    ((uint8_t *)ctx)[r] = 0;
}

/* Which registers are read as nothing but the base of an address.  */
static void find_address_only(Folding *fo) {
  IrFunc *f = fo->f;
  size_t nregs = f->nregs ? f->nregs : 1;
  fo->address_only = xmalloc(nregs);
  memset(fo->address_only, 1, nregs);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      IrInsn in = f->blocks.data[b].insns.data[i];
      if (is_access(&in))
        in.addr.base = 0; /* this read is an address */
      ir_insn_regs(&in, note_non_address_read, fo->address_only);
    }
}

/* A store of a value's low bytes takes them from before an extension
   that kept them (a pointer converted to int and stored: the verifier
   forbids the shifts of a sign extension on a pointer, and the store
   needs none).  */
static void narrow_store(const Folding *fo, const uint64_t *set, IrInsn *in) {
  if (in->op != IR_STORE || in->a.kind != IV_REG || !in->a.reg)
    return;
  IrReg r = in->a.reg;
  for (uint32_t i = fo->by_reg.start[r]; i < fo->by_reg.start[r + 1]; i++) {
    uint32_t id = fo->by_reg.facts[i];
    const OffsetFact *ft = &fo->facts.data[id];
    if (ft->x == r && ft->ext >= in->size && set[id / 64] >> (id % 64) & 1) {
      in->a = ir_reg(ft->y);
      return;
    }
  }
}

static void fold_insn(const Folding *fo, const uint64_t *set, IrInsn *in) {
  narrow_store(fo, set, in);
  if (!is_access(in) || in->addr.core || !fo->address_only[in->addr.base])
    return;
  IrReg y;
  int64_t c;
  /* Through a chain of facts, all holding here (a bounded walk).  */
  for (int steps = 0; steps < 8 && offset_of(fo, set, in->addr.base, &y, &c); steps++) {
    if (in->addr.off + c < INT16_MIN || in->addr.off + c > INT16_MAX)
      break;
    in->addr.base = y;
    in->addr.off += c;
  }
}

static uint32_t successors_of(const IrBlock *b, uint32_t succ[2]) {
  if (!b->insns.len)
    return 0;
  const IrInsn *t = &b->insns.data[b->insns.len - 1];
  if (t->op == IR_JMP) {
    succ[0] = t->then_;
    return 1;
  }
  if (t->op == IR_BR) {
    succ[0] = t->then_, succ[1] = t->else_;
    return 2;
  }
  return 0;
}

/* --- Block edges ---

   A function's control-flow edges as lists per block (one array of
   edges sorted by block, START[b] where block b's begin): successors or
   predecessors, with or without the edges of asm goto to its labels.
   The dataflow passes below walk them instead of finding each block's
   successors again on every round.  */

typedef struct BlockEdges {
  uint32_t *start; /* per block, and one past the last: where its edges begin */
  uint32_t *to;
} BlockEdges;

/* Call VISIT(ctx, from, to) for each edge of F in block order.  */
static void each_edge(const IrFunc *f, bool with_asm, void (*visit)(void *, uint32_t, uint32_t),
                      void *ctx) {
  for (size_t b = 0; b < f->blocks.len; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    uint32_t succ[2];
    for (uint32_t k = 0, n = successors_of(blk, succ); k < n; k++)
      visit(ctx, (uint32_t)b, succ[k]);
    if (!with_asm)
      continue;
    for (size_t i = 0; i < blk->insns.len; i++)
      if (blk->insns.data[i].op == IR_ASM)
        for (int l = 0; l < blk->insns.data[i].asm_->nlabels; l++)
          visit(ctx, (uint32_t)b, blk->insns.data[i].asm_->label_blocks[l]);
  }
}

typedef struct EdgeFill {
  BlockEdges *e;
  uint32_t *fill;
  bool reverse;
} EdgeFill;

static void count_edge(void *ctx, uint32_t from, uint32_t to) {
  EdgeFill *ef = ctx;
  ef->e->start[(ef->reverse ? to : from) + 1]++;
}

static void place_edge(void *ctx, uint32_t from, uint32_t to) {
  EdgeFill *ef = ctx;
  uint32_t key = ef->reverse ? to : from, other = ef->reverse ? from : to;
  ef->e->to[ef->fill[key]++] = other;
}

/* F's successors (REVERSE false) or predecessors (true) per block.  */
static void block_edges_build(const IrFunc *f, bool with_asm, bool reverse, BlockEdges *e) {
  size_t nb = f->blocks.len;
  e->start = xcalloc(nb + 1, sizeof *e->start);
  EdgeFill ef = {e, NULL, reverse};
  each_edge(f, with_asm, count_edge, &ef);
  for (size_t b = 0; b < nb; b++)
    e->start[b + 1] += e->start[b];
  e->to = xmalloc((e->start[nb] + 1) * sizeof *e->to);
  ef.fill = xmalloc((nb + 1) * sizeof *ef.fill);
  memcpy(ef.fill, e->start, (nb + 1) * sizeof *ef.fill);
  each_edge(f, with_asm, place_edge, &ef);
  free(ef.fill);
}

static void block_edges_free(BlockEdges *e) {
  free(e->start);
  free(e->to);
}

/* --- Available facts ---

   The forward dataflow both passes below share: facts are made by
   instructions (numbered in block and instruction order, FIRST[b] the
   first of block b) and killed by later ones; STEP turns the set before
   an instruction into the set after it.  A fact holds at a block's start
   when it holds at the end of every predecessor; the entry, blocks that
   nothing jumps to, and blocks an asm goto may reach start with none.

   STEP makes and kills facts whatever else holds, so one step through a
   block from all facts tells its effect: it keeps what it does not kill
   there, and its own facts (made there, so numbered from FIRST[b]) hold
   at its end as they hold at the end of that step, whatever it started
   with.  Only facts some block makes and keeps to its end can cross a
   block boundary, where every block is reached from one that starts
   with none; so the sets at block starts hold those alone, numbered in
   fact order.  Every start but the empty ones starts as all of them; a
   worklist (swept in block order) takes a block whose predecessors'
   starts changed and meets their ends (each from its start and its
   effect) into its start, until nothing changes: the greatest
   solution, the same in any order.  Where some block is reached from
   none that starts empty (a loop nothing enters), the sets hold every
   fact instead.  */

typedef void (*FactStep)(void *ctx, const IrInsn *in, uint64_t *set, uint32_t *next);

typedef struct Available {
  size_t words;     /* a set of all facts: this many uint64_t */
  size_t cwords;    /* a set at a block's start: this many uint64_t */
  uint32_t *fact;   /* per bit of a set at a block's start: its fact */
  uint64_t *starts; /* [block * cwords]: the facts at each block's start */
} Available;

/* Whether block B starts with no facts whatever its predecessors hold.  */
static bool starts_empty(const IrFunc *f, const BlockEdges *preds, size_t b) {
  return b == 0 || f->blocks.data[b].asm_target || preds->start[b] == preds->start[b + 1];
}

/* Whether every block is reached from one that starts empty.  */
static bool all_reached_from_empty_starts(const IrFunc *f, const BlockEdges *preds,
                                          const BlockEdges *succs) {
  size_t nb = f->blocks.len, n = 0, reached = 0;
  uint8_t *seen = xcalloc(nb ? nb : 1, 1);
  uint32_t *stack = xmalloc((nb ? nb : 1) * sizeof *stack);
  for (size_t b = 0; b < nb; b++)
    if (starts_empty(f, preds, b)) {
      seen[b] = 1;
      stack[n++] = (uint32_t)b;
    }
  while (n) {
    uint32_t b = stack[--n];
    reached++;
    for (uint32_t s = succs->start[b]; s < succs->start[b + 1]; s++)
      if (!seen[succs->to[s]]) {
        seen[succs->to[s]] = 1;
        stack[n++] = succs->to[s];
      }
  }
  free(stack);
  free(seen);
  return reached == nb;
}

typedef VEC(uint32_t) U32List;

/* Each block's effect, as lists of facts per block (START[b] where block
   b's begin): the ones it kills (its own that it makes and kills too)
   and its own it keeps.  */
typedef struct BlockEffects {
  U32List kills, made;
  uint32_t *kill_start, *made_start;
} BlockEffects;

/* Step through each block from all facts (SCRATCH, WORDS) and list
   what it kills and what of its own it keeps.  */
static void block_effects_build(const IrFunc *f, size_t words, const uint32_t *first,
                                FactStep step, void *ctx, uint64_t *scratch, BlockEffects *e) {
  size_t nb = f->blocks.len;
  *e = (BlockEffects){0};
  e->kill_start = xmalloc((nb + 1) * sizeof *e->kill_start);
  e->made_start = xmalloc((nb + 1) * sizeof *e->made_start);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    memset(scratch, 0xff, words * sizeof *scratch);
    uint32_t next = first[b];
    for (size_t i = 0; i < blk->insns.len; i++)
      step(ctx, &blk->insns.data[i], scratch, &next);
    e->kill_start[b] = (uint32_t)e->kills.len;
    e->made_start[b] = (uint32_t)e->made.len;
    for (size_t w = 0; w < words; w++) {
      uint64_t word = scratch[w];
      for (uint64_t gone = ~word; gone; gone &= gone - 1)
        vec_push(&e->kills, (uint32_t)(w * 64 + (size_t)__builtin_ctzll(gone)));
      if ((w + 1) * 64 <= first[b] || w * 64 >= next)
        continue;
      for (; word; word &= word - 1) {
        size_t id = w * 64 + (size_t)__builtin_ctzll(word);
        if (id >= first[b] && id < next)
          vec_push(&e->made, (uint32_t)id);
      }
    }
  }
  e->kill_start[nb] = (uint32_t)e->kills.len;
  e->made_start[nb] = (uint32_t)e->made.len;
}

static void block_effects_free(BlockEffects *e) {
  vec_free(&e->kills);
  vec_free(&e->made);
  free(e->kill_start);
  free(e->made_start);
}

/* Number the facts that the sets at block starts hold (those some block
   keeps, or all of NBITS) into AV, and turn the effects' facts into
   those numbers (a kill of another fact becomes UINT32_MAX).  */
static void number_crossing_facts(BlockEffects *e, size_t nbits, bool crossing_only,
                                  Available *av) {
  uint32_t *bit = xmalloc((nbits ? nbits : 1) * sizeof *bit);
  for (size_t id = 0; id < nbits; id++)
    bit[id] = crossing_only ? UINT32_MAX : 0;
  for (size_t k = 0; k < e->made.len; k++)
    bit[e->made.data[k]] = 0;
  size_t nc = 0;
  av->fact = xmalloc((nbits ? nbits : 1) * sizeof *av->fact);
  for (size_t id = 0; id < nbits; id++)
    if (bit[id] != UINT32_MAX) {
      av->fact[nc] = (uint32_t)id;
      bit[id] = (uint32_t)nc++;
    }
  for (size_t k = 0; k < e->made.len; k++)
    e->made.data[k] = bit[e->made.data[k]];
  for (size_t k = 0; k < e->kills.len; k++)
    e->kills.data[k] = bit[e->kills.data[k]];
  av->cwords = nc / 64 + 1;
  free(bit);
}

/* The facts at block P's end, into END (CW words), from its start.  */
static void block_end(const BlockEffects *e, const uint64_t *starts, size_t cw, size_t p,
                      uint64_t *end) {
  memcpy(end, starts + p * cw, cw * sizeof *end);
  for (uint32_t k = e->kill_start[p]; k < e->kill_start[p + 1]; k++)
    if (e->kills.data[k] != UINT32_MAX)
      end[e->kills.data[k] / 64] &= ~(1ull << (e->kills.data[k] % 64));
  for (uint32_t k = e->made_start[p]; k < e->made_start[p + 1]; k++)
    end[e->made.data[k] / 64] |= 1ull << (e->made.data[k] % 64);
}

/* Block B's start, into CUR: the meet of its predecessors' ends (END
   scratch).  */
static void meet_predecessors(const IrFunc *f, const BlockEdges *preds, const BlockEffects *e,
                              const uint64_t *starts, size_t cw, size_t b, uint64_t *cur,
                              uint64_t *end) {
  uint32_t p0 = preds->start[b], p1 = preds->start[b + 1];
  if (starts_empty(f, preds, b)) {
    memset(cur, 0, cw * sizeof *cur);
    return;
  }
  block_end(e, starts, cw, preds->to[p0], cur);
  for (uint32_t p = p0 + 1; p < p1; p++) {
    block_end(e, starts, cw, preds->to[p], end);
    for (size_t j = 0; j < cw; j++)
      cur[j] &= end[j];
  }
}

/* The facts at each block's start, into AV.  */
static void available_at_starts(const IrFunc *f, size_t words, const uint32_t *first,
                                FactStep step, void *ctx, Available *av) {
  size_t nb = f->blocks.len, w = words ? words : 1;
  BlockEdges preds, succs;
  block_edges_build(f, false, true, &preds);
  block_edges_build(f, false, false, &succs);
  uint64_t *scratch = xmalloc(w * sizeof *scratch);
  BlockEffects e;
  block_effects_build(f, w, first, step, ctx, scratch, &e);
  free(scratch);
  number_crossing_facts(&e, w * 64, all_reached_from_empty_starts(f, &preds, &succs), av);
  size_t cw = av->cwords;
  av->words = w;
  av->starts = xmalloc(nb * cw * sizeof *av->starts);
  for (size_t b = 0; b < nb; b++)
    memset(av->starts + b * cw, starts_empty(f, &preds, b) ? 0 : 0xff, cw * sizeof *av->starts);
  uint8_t *dirty = xmalloc(nb ? nb : 1);
  memset(dirty, 1, nb);
  uint64_t *cur = xmalloc(cw * sizeof *cur), *end = xmalloc(cw * sizeof *end);
  for (bool again = true; again;) {
    again = false;
    for (size_t b = 0; b < nb; b++) {
      if (!dirty[b])
        continue;
      dirty[b] = 0;
      meet_predecessors(f, &preds, &e, av->starts, cw, b, cur, end);
      if (!memcmp(cur, av->starts + b * cw, cw * sizeof *cur))
        continue;
      memcpy(av->starts + b * cw, cur, cw * sizeof *cur);
      for (uint32_t s = succs.start[b]; s < succs.start[b + 1]; s++) {
        dirty[succs.to[s]] = 1;
        if (succs.to[s] <= b)
          again = true; /* this sweep has passed it */
      }
    }
  }
  free(cur);
  free(end);
  free(dirty);
  block_effects_free(&e);
  block_edges_free(&preds);
  block_edges_free(&succs);
}

/* The facts at block B's start, into SET (of av->words).  */
static void available_at(const Available *av, size_t b, uint64_t *set) {
  memset(set, 0, av->words * sizeof *set);
  const uint64_t *s = av->starts + b * av->cwords;
  for (size_t j = 0; j < av->cwords; j++)
    for (uint64_t bits = s[j]; bits; bits &= bits - 1) {
      uint32_t id = av->fact[j * 64 + (size_t)__builtin_ctzll(bits)];
      set[id / 64] |= 1ull << (id % 64);
    }
}

static void available_free(Available *av) {
  free(av->fact);
  free(av->starts);
}

static void fold_step(void *ctx, const IrInsn *in, uint64_t *set, uint32_t *next) {
  step(ctx, in, set, next);
}

static void fold_addresses(IrFunc *f) {
  size_t nregs = f->nregs ? f->nregs : 1, nb = f->blocks.len;
  Folding fo = {.f = f};
  uint32_t *defs = count_defs(f);
  fo.fixed = xcalloc(nregs, sizeof *fo.fixed);
  find_fixed(&fo, defs);
  free(defs);
  collect_facts(&fo);
  find_address_only(&fo);
  size_t w = fo.words ? fo.words : 1;
  Available av;
  available_at_starts(f, fo.words, fo.first, fold_step, &fo, &av);
  uint64_t *cur = xmalloc(w * sizeof *cur);
  for (size_t b = 0; b < nb; b++) {
    available_at(&av, b, cur);
    uint32_t next = fo.first[b];
    IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++) {
      fold_insn(&fo, cur, &blk->insns.data[i]);
      step(&fo, &blk->insns.data[i], cur, &next);
    }
  }
  free(cur);
  available_free(&av);
  free(fo.first);
  reg_index_free(&fo.by_reg);
  free(fo.fixed);
  free(fo.address_only);
  vec_free(&fo.facts);
}

/* --- Copies propagated ---

   After a move X = Y of a register, a read of X where the copy holds on
   every path (neither X nor Y written since) reads Y: the move then
   often has no reader left and goes with the dead instructions, and a
   chain of moves (a parameter bound by inlining, a statement
   expression's value, an assignment through temporaries) becomes one
   register.  A copied register shares its bounds and pointer identity
   with the original, so a check on one covers an access through the
   other.  Operands of arithmetic (IR_ALU) keep the register they name: a
   value the verifier bounded through a copy (a loop counter checked as
   `i = *p, i >= 0 && i < N`) must stay the one the index arithmetic
   reads (the iters selftests).  Facts are the moves; rewrites wait until
   a walk is done (a rewritten move would no longer match the index of
   registers its fact names), and walks repeat while a chain gets
   shorter.  Inline assembly operands are left as they are.  */

/* The instructions of F that PRED holds of, in block order, appended to
   *OUT; returns per block the index of its first one (and the count at
   the end).  */
typedef VEC(IrInsn *) InsnList;

static uint32_t *collect_insns(IrFunc *f, bool (*pred)(const IrInsn *), InsnList *out) {
  uint32_t *first = xcalloc(f->blocks.len + 1, sizeof *first);
  for (size_t b = 0; b < f->blocks.len; b++) {
    first[b] = (uint32_t)out->len;
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      if (pred(&f->blocks.data[b].insns.data[i]))
        vec_push(out, &f->blocks.data[b].insns.data[i]);
  }
  first[f->blocks.len] = (uint32_t)out->len;
  return first;
}

typedef struct CopyFacts {
  InsnList moves;      /* each fact's move, in order */
  uint32_t *first;     /* per block: its first fact */
  RegIndex by_reg;     /* per register: moves that name it (dst or source) */
  size_t words;
} CopyFacts;

static bool copy_fact(const IrInsn *in) {
  return in->op == IR_MOV && in->dst && in->a.kind == IV_REG && in->a.reg &&
         in->a.reg != in->dst && !in->core;
}

static void copy_step(void *ctx, const IrInsn *in, uint64_t *set, uint32_t *next) {
  CopyFacts *cf = ctx;
  RegKill k = {&cf->by_reg, set};
  ir_insn_regs(in, reg_kill, &k);
  if (copy_fact(in)) {
    uint32_t id = (*next)++;
    set[id / 64] |= 1ull << (id % 64);
  }
}

void ir_insn_uses(IrInsn *in, IrUseRewrite f, void *ctx) {
  if ((in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_ATOMIC) &&
      in->addr.kind == IA_REG && in->addr.base)
    f(ctx, &in->addr.base);
  switch ((IrOp)in->op) {
  case IR_CALL:
    for (int i = 0; i < in->call->nargs; i++)
      if (in->call->args[i].kind == IV_REG && in->call->args[i].reg)
        f(ctx, &in->call->args[i].reg);
    if (in->call->kind == CALL_REG && in->call->target)
      f(ctx, &in->call->target);
    return;
  case IR_ASM: case IR_JMP: case IR_UNREACHABLE:
    return;
  default:
    if (in->a.kind == IV_REG && in->a.reg)
      f(ctx, &in->a.reg);
    if (in->b.kind == IV_REG && in->b.reg)
      f(ctx, &in->b.reg);
  }
}

typedef VEC(IrReg *) RegPlaces;
typedef VEC(IrReg) RegList;

typedef struct CopyUse {
  const CopyFacts *cf;
  const uint64_t *set;
  RegPlaces *places; /* with sources: the rewrites to make */
  RegList *sources;
} CopyUse;

static IrReg copy_source(const CopyFacts *cf, const uint64_t *set, IrReg r);

static void note_copy_use(void *ctx, IrReg *r) {
  CopyUse *u = ctx;
  IrReg src = copy_source(u->cf, u->set, *r);
  if (src != *r) {
    vec_push(u->places, r);
    vec_push(u->sources, src);
  }
}

/* The moves of F as facts, and the sets of them available at each
   block's start into AV (false when F has none, and AV is empty).  */
static bool copy_facts_build(IrFunc *f, CopyFacts *cf, Available *av) {
  size_t nregs = f->nregs ? f->nregs : 1;
  *cf = (CopyFacts){0};
  cf->first = collect_insns(f, copy_fact, &cf->moves);
  size_t n = cf->moves.len;
  cf->words = (n + 63) / 64;
  IrReg *regs = xmalloc((n * 2 + 1) * sizeof *regs);
  for (size_t k = 0; k < n; k++) {
    regs[2 * k] = cf->moves.data[k]->dst;
    regs[2 * k + 1] = cf->moves.data[k]->a.reg;
  }
  reg_index_build(&cf->by_reg, nregs, regs, n, 2);
  free(regs);
  *av = (Available){0};
  if (n)
    available_at_starts(f, cf->words, cf->first, copy_step, cf, av);
  return n > 0;
}

static void copy_facts_free(CopyFacts *cf) {
  free(cf->first);
  reg_index_free(&cf->by_reg);
  vec_free(&cf->moves);
}

/* The register R is a copy of where the copy facts in SET hold, or R.  */
static IrReg copy_source(const CopyFacts *cf, const uint64_t *set, IrReg r) {
  const RegIndex *ix = &cf->by_reg;
  for (uint32_t i = ix->start[r]; i < ix->start[r + 1]; i++) {
    uint32_t id = ix->facts[i];
    const IrInsn *mv = cf->moves.data[id];
    if (mv->dst == r && (set[id / 64] >> (id % 64) & 1))
      return mv->a.reg;
  }
  return r;
}

/* One walk; true if it rewrote a read.  An ALU operation's second
   operand reads the copy's source, so that the copy, often the only
   other reader, can go and the two values need not live in two
   registers.  Its first operand stays: read through, it let the
   verifier reject iters/iter_subprog_iters, whose loop check bounds the
   copy the arithmetic then no longer read.  */
static bool propagate_copies_once(IrFunc *f) {
  size_t nb = f->blocks.len;
  CopyFacts cf;
  Available av;
  if (!copy_facts_build(f, &cf, &av)) {
    copy_facts_free(&cf);
    return false;
  }
  uint64_t *cur = xmalloc(cf.words * sizeof *cur);
  RegPlaces places = {0};
  RegList sources = {0};
  for (size_t b = 0; b < nb; b++) {
    available_at(&av, b, cur);
    uint32_t next = cf.first[b];
    IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++) {
      CopyUse u = {&cf, cur, &places, &sources};
      IrInsn *in = &blk->insns.data[i];
      if (in->op != IR_ALU)
        ir_insn_uses(in, note_copy_use, &u);
      else if (in->b.kind == IV_REG && in->b.reg && in->b.reg != in->dst)
        note_copy_use(&u, &in->b.reg);
      copy_step(&cf, &blk->insns.data[i], cur, &next);
    }
  }
  for (size_t k = 0; k < places.len; k++)
    *places.data[k] = sources.data[k];
  bool any = places.len > 0;
  vec_free(&places);
  vec_free(&sources);
  free(cur);
  available_free(&av);
  copy_facts_free(&cf);
  return any;
}

/* A register written once, by a move of a constant that fits an
   instruction's immediate, is that constant wherever it is read as a
   plain operand: a branch's, an ALU operation's second, a returned value,
   a call's argument, a move's source, a value stored to the stack (BPF_ST).
   Its register then often has no reader left.  A division or modulo by
   zero keeps its register: the verifier refuses an immediate zero.  */
static bool fits_imm32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

static bool take_constant(IrVal *v, const IrInsn *const *konst) {
  if (v->kind != IV_REG || !v->reg || !konst[v->reg])
    return false;
  *v = ir_imm(konst[v->reg]->a.imm);
  return true;
}

/* An extension of such a constant is a move of the extended constant
   (`w2 = w2` of a constant argument, `zext32 32`).  */
static bool extend_constant(IrInsn *in, const IrInsn *const *konst) {
  if (in->core || in->a.kind != IV_REG || !in->a.reg || !konst[in->a.reg] ||
      (in->size != 1 && in->size != 2 && in->size != 4))
    return false;
  uint64_t v = (uint64_t)konst[in->a.reg]->a.imm, bits = 8u * in->size;
  uint64_t low = v & ((1ull << bits) - 1);
  int64_t x = in->sign && (low >> (bits - 1) & 1) ? (int64_t)(low | ~((1ull << bits) - 1))
                                                   : (int64_t)low;
  in->op = IR_MOV;
  in->a = ir_imm(x);
  in->size = 0;
  in->sign = false;
  return true;
}

static bool propagate_constants(IrFunc *f, const uint32_t *defs) {
  const IrInsn **konst = xcalloc(f->nregs ? f->nregs : 1, sizeof *konst);
  bool any_const = false, changed = false;
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      if (in->op == IR_MOV && in->dst && defs[in->dst] == 1 && in->a.kind == IV_IMM &&
          !in->core && fits_imm32(in->a.imm))
        konst[in->dst] = in, any_const = true;
    }
  for (size_t b = 0; any_const && b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      IrInsn *in = &f->blocks.data[b].insns.data[i];
      switch ((IrOp)in->op) {
      case IR_MOV: case IR_RET:
        changed |= take_constant(&in->a, konst);
        break;
      case IR_EXT:
        changed |= extend_constant(in, konst);
        break;
      case IR_STORE:
        if (in->addr.kind == IA_SLOT)
          changed |= take_constant(&in->a, konst);
        break;
      case IR_BR:
        changed |= take_constant(&in->b, konst);
        changed |= take_constant(&in->a, konst);
        break;
      case IR_ALU:
        if (!(in->b.kind == IV_REG && konst[in->b.reg] && konst[in->b.reg]->a.imm == 0 &&
              (in->alu == BPF_ALU_DIV || in->alu == BPF_ALU_MOD)))
          changed |= take_constant(&in->b, konst);
        break;
      case IR_CALL:
        for (int k = 0; k < in->call->nargs; k++)
          changed |= take_constant(&in->call->args[k], konst);
        break;
      default:
        break;
      }
    }
  free(konst);
  return changed;
}

static void propagate_copies(IrFunc *f) {
  for (int round = 0; round < 8; round++) {
    uint32_t *defs = count_defs(f);
    bool changed = propagate_constants(f, defs);
    changed |= propagate_copies_once(f);
    free(defs);
    if (!changed)
      break;
  }
}

/* --- Values that repeat one still available ---

   An instruction that computes what an earlier one computed becomes a
   copy of the earlier result, when on every path in between nothing
   wrote the registers either reads or the earlier result (and, for a
   load, nothing wrote memory).  The values are loads of the same place
   (base register or frame slot, offset, size, signedness) of objects
   that are not volatile, pure arithmetic (ALU, negation, extension,
   byte swap) on the same operands, and a symbol's address (a global's
   LD_IMM64, two instruction slots: kept in a register for its next
   access, or recomputed by the allocator where no register is free).  C allows it, and the verifier needs
   it: it bounds a register by the checks on that register (or on its
   copies), so a value tested and then used must be one value, not two
   computed alike.  A pointer loaded from the context twice (as
   `ctx->sk && ctx->sk->family` reads it) is two values, and a null test
   of the first says nothing of the second; a bitfield extracted for
   `if (ip->ihl > 5)` and again for `(ip->ihl - 5) * 4`, or `p->n` read
   for `if (p->n < 64)` and again for `a[p->n / 64]`, are bounded only in
   the copy that was tested.  A copy shares the test.  Facts are the
   values; a store, call, atomic or asm kills the loads among them.  */

typedef struct ValueFacts {
  IrFunc *f;
  InsnList values;            /* each fact's instruction, in order */
  uint32_t *first;            /* per block: its first fact */
  uint32_t *same_next;        /* per fact: the next fact of the same value + 1, in a ring */
  uint64_t *loads;            /* the facts that are loads (a set) */
  RegIndex by_reg;            /* per register: facts that read or write it */
  size_t words;
  uint32_t *table;            /* by value: the latest fact of its group + 1 */
  size_t cap;                 /* the table's size, a power of two */
} ValueFacts;

static bool value_reads(const IrVal v, IrReg r) { return v.kind == IV_REG && v.reg == r; }

static bool value_fact(const IrInsn *in) {
  if (!in->dst)
    return false;
  switch ((IrOp)in->op) {
  case IR_LOAD:
    return !in->is_volatile && !in->addr.core &&
           !(in->addr.kind == IA_REG && in->addr.base == in->dst);
  case IR_ALU: case IR_NEG: case IR_EXT: case IR_BSWAP:
    return !in->core && !value_reads(in->a, in->dst) && !value_reads(in->b, in->dst);
  case IR_SYM:
    return in->sym != NULL;
  case IR_MOV: /* a relocated constant: the same relocation, the same value */
    return in->core && in->a.kind == IV_IMM;
  default:
    return false;
  }
}

static bool same_core(const IrCore *a, const IrCore *b) {
  return a->kind == b->kind && a->type == b->type &&
         strcmp(a->access ? a->access : "", b->access ? b->access : "") == 0;
}

static bool same_val(IrVal a, IrVal b) {
  return a.kind == b.kind && (a.kind == IV_REG ? a.reg == b.reg : a.imm == b.imm);
}

static bool same_value(const IrInsn *a, const IrInsn *b) {
  if (a->op != b->op || a->size != b->size || a->sign != b->sign)
    return false;
  if (a->op == IR_LOAD)
    return a->addr.kind == b->addr.kind && a->addr.off == b->addr.off &&
           (a->addr.kind == IA_REG ? a->addr.base == b->addr.base
                                   : a->addr.slot == b->addr.slot);
  if (a->op == IR_SYM)
    return a->a.imm == b->a.imm && strcmp(a->sym, b->sym) == 0;
  if (a->op == IR_MOV)
    return a->a.imm == b->a.imm && same_core(a->core, b->core);
  return a->alu == b->alu && a->w32 == b->w32 && same_val(a->a, b->a) && same_val(a->b, b->b);
}

static uint32_t value_hash(const IrInsn *in) {
  uint32_t h = hash_mix(hash_mix((uint32_t)in->op, (uint32_t)in->size * 2u + in->sign),
                        (uint32_t)in->alu * 2u + in->w32);
  if (in->op == IR_LOAD)
    return hash_mix(hash_mix(hash_mix(h, in->addr.kind),
                    in->addr.kind == IA_REG ? in->addr.base : in->addr.slot),
                    (uint32_t)in->addr.off);
  if (in->op == IR_SYM)
    return hash_mix(hash_mix(h, hash_bytes(in->sym, strlen(in->sym))), (uint32_t)in->a.imm);
  if (in->op == IR_MOV)
    return hash_mix(hash_mix(h, in->core->kind), (uint32_t)in->a.imm);
  const IrVal *ops[2] = {&in->a, &in->b};
  for (int k = 0; k < 2; k++)
    h = hash_mix(hash_mix(h, ops[k]->kind),
                 ops[k]->kind == IV_REG ? ops[k]->reg : (uint32_t)ops[k]->imm);
  return h;
}

static bool writes_memory(const IrInsn *in) {
  return in->op == IR_STORE || in->op == IR_ATOMIC || in->op == IR_CALL ||
         in->op == IR_ASM || in->op == IR_LDPKT;
}

static void value_step(void *ctx, const IrInsn *in, uint64_t *set, uint32_t *next) {
  ValueFacts *vf = ctx;
  if (writes_memory(in))
    for (size_t j = 0; j < (vf->words ? vf->words : 1); j++)
      set[j] &= ~vf->loads[j];
  RegKill k = {&vf->by_reg, set};
  ir_insn_regs(in, reg_kill, &k);
  if (value_fact(in)) {
    uint32_t id = (*next)++;
    set[id / 64] |= 1ull << (id % 64);
  }
}

/* The table's slot for IN's value: its group's, or an empty one.  */
static uint32_t *value_slot(ValueFacts *vf, const IrInsn *in) {
  size_t j = value_hash(in) & (vf->cap - 1);
  while (vf->table[j] && !same_value(vf->values.data[vf->table[j] - 1], in))
    j = (j + 1) & (vf->cap - 1);
  return &vf->table[j];
}

static void collect_values(ValueFacts *vf) {
  IrFunc *f = vf->f;
  size_t nregs = f->nregs ? f->nregs : 1;
  vf->first = collect_insns(f, value_fact, &vf->values);
  size_t n = vf->values.len;
  vf->words = (n + 63) / 64;
  vf->loads = xcalloc(vf->words ? vf->words : 1, sizeof *vf->loads);
  for (size_t k = 0; k < n; k++)
    if (vf->values.data[k]->op == IR_LOAD)
      vf->loads[k / 64] |= 1ull << (k % 64);
  /* Same values, each group a ring: a small open-addressing table by
     value holding each group's latest fact.  The ring goes both ways in
     block order: which of two alike is available at the other is for
     the flow to say, not their order (a loop's test block may follow
     its body).  */
  vf->same_next = xcalloc(n + 1, sizeof *vf->same_next);
  vf->cap = 16;
  while (vf->cap < n * 2)
    vf->cap *= 2;
  vf->table = xcalloc(vf->cap, sizeof *vf->table);
  for (size_t k = 0; k < n; k++) {
    uint32_t *slot = value_slot(vf, vf->values.data[k]);
    if (*slot) { /* insert K after the group's latest */
      uint32_t last = *slot - 1;
      vf->same_next[k] = vf->same_next[last];
      vf->same_next[last] = (uint32_t)k + 1;
    } else {
      vf->same_next[k] = (uint32_t)k + 1;
    }
    *slot = (uint32_t)k + 1;
  }
  IrReg *regs = xmalloc((n * 3 + 1) * sizeof *regs);
  for (size_t k = 0; k < n; k++) {
    const IrInsn *in = vf->values.data[k];
    regs[3 * k] = in->dst;
    if (in->op == IR_LOAD) {
      regs[3 * k + 1] = in->addr.kind == IA_REG ? in->addr.base : 0;
      regs[3 * k + 2] = 0;
    } else {
      regs[3 * k + 1] = in->a.kind == IV_REG ? in->a.reg : 0;
      regs[3 * k + 2] = in->b.kind == IV_REG ? in->b.reg : 0;
    }
  }
  reg_index_build(&vf->by_reg, nregs, regs, n, 3);
  free(regs);
}

/* IN with each register operand that is a copy (where the copy facts
   in COPIES hold) read from the copy's source.  */
static IrInsn through_copies(const CopyFacts *cf, const uint64_t *copies, const IrInsn *in) {
  IrInsn p = *in;
  if (!copies)
    return p;
  if (p.op == IR_LOAD && p.addr.kind == IA_REG && p.addr.base)
    p.addr.base = copy_source(cf, copies, p.addr.base);
  if (p.op != IR_LOAD) {
    if (p.a.kind == IV_REG && p.a.reg)
      p.a.reg = copy_source(cf, copies, p.a.reg);
    if (p.b.kind == IV_REG && p.b.reg)
      p.b.reg = copy_source(cf, copies, p.b.reg);
  }
  return p;
}

/* One walk: true if it made a repeat a copy.  */
static bool reuse_values_once(IrFunc *f) {
  ValueFacts vf = {.f = f};
  collect_values(&vf);
  CopyFacts cf;
  Available copies_av, av = {0};
  bool copies_in = copy_facts_build(f, &cf, &copies_av), in = vf.values.len > 0;
  size_t w = vf.words, nb = f->blocks.len, cw = cf.words ? cf.words : 1;
  if (in)
    available_at_starts(f, w, vf.first, value_step, &vf, &av);
  uint64_t *cur = xmalloc((w ? w : 1) * sizeof *cur), *copies = xmalloc(cw * sizeof *copies);
  /* Replacements wait until the walk is done: the facts point at the
     instructions themselves.  */
  VEC(uint32_t) repl = {0}; /* pairs: fact, the fact it copies */
  for (size_t b = 0; in && b < nb; b++) {
    available_at(&av, b, cur);
    if (copies_in)
      available_at(&copies_av, b, copies);
    uint32_t next = vf.first[b], next_copy = cf.first[b];
    IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++) {
      const IrInsn *insn = &blk->insns.data[i];
      if (value_fact(insn)) {
        /* the group of its value, its operands read through copies */
        uint32_t id = next;
        IrInsn probe = through_copies(&cf, copies_in ? copies : NULL, insn);
        uint32_t start = *value_slot(&vf, &probe), p = start;
        do {
          if (p && p - 1 != id && (cur[(p - 1) / 64] >> ((p - 1) % 64) & 1)) {
            vec_push(&repl, id);
            vec_push(&repl, p - 1);
            break;
          }
          p = p ? vf.same_next[p - 1] : 0;
        } while (p != start);
      }
      value_step(&vf, insn, cur, &next);
      if (copies_in)
        copy_step(&cf, insn, copies, &next_copy);
    }
  }
  /* A repeat of a repeat copies the copy: the same value.  */
  for (size_t k = 0; k < repl.len; k += 2) {
    IrInsn *insn = vf.values.data[repl.data[k]];
    IrReg src = vf.values.data[repl.data[k + 1]]->dst;
    SrcLoc loc = insn->loc;
    IrReg dst = insn->dst;
    memset(insn, 0, sizeof *insn);
    insn->op = IR_MOV;
    insn->dst = dst;
    insn->a = ir_reg(src);
    insn->loc = loc;
  }
  bool any = repl.len > 0;
  vec_free(&repl);
  free(cur);
  free(copies);
  available_free(&av);
  available_free(&copies_av);
  copy_facts_free(&cf);
  free(vf.first);
  free(vf.same_next);
  free(vf.loads);
  free(vf.table);
  reg_index_free(&vf.by_reg);
  vec_free(&vf.values);
  return any;
}

/* Walks repeat while they find repeats: a value computed from a repeat
   (the shifts that extract a bitfield from a reloaded byte) is one the
   next walk finds.  */
static void reuse_values(IrFunc *f) {
  for (int round = 0; round < 8 && reuse_values_once(f); round++)
    ;
}


/* --- Temporaries computed in place ---

   A temporary written once by an arithmetic instruction and read once,
   by an operation later in its block on it as first operand (D = -T,
   D = ext(T), D = T op X), is computed in D itself when nothing between
   reads or writes D: the operation then works in place (D = D op X), and
   the allocator's hints, which follow a register's first definition
   only, need not guess.  Blocks are walked from their end, so a chain of
   temporaries collapses into D.  A plain move D = T is left as it is:
   computing a variable assigned in a loop in place of its temporary
   changed the states the verifier compares at an iterator loop's head
   (bpf_for loops of the kernel's iters selftests stopped verifying).  */

typedef struct RegCounts {
  uint32_t *defs, *uses;
} RegCounts;

static void count_def_use(void *ctx, IrReg r, bool def) {
  RegCounts *c = ctx;
  if (def)
    c->defs[r]++;
  else
    c->uses[r]++;
}

typedef struct Mentions {
  IrReg r;
  bool found;
} Mentions;

static void note_mention(void *ctx, IrReg r, bool def) {
  Mentions *m = ctx;
  m->found |= r == m->r;
}

static bool mentions(const IrInsn *in, IrReg r) {
  Mentions m = {r, false};
  ir_insn_regs(in, note_mention, &m);
  return m.found;
}

/* The instructions that compute a value from registers and constants
   alone, and so may compute it into any register.  */
static bool is_arithmetic(const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_MOV: case IR_NEG: case IR_EXT: case IR_BSWAP: case IR_ALU:
    return in->dst != 0;
  default:
    return false;
  }
}

static bool in_place_reader(const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_NEG: case IR_EXT: case IR_BSWAP: case IR_ALU:
    return in->dst && in->a.kind == IV_REG && in->a.reg && !in->core &&
           !(in->b.kind == IV_REG && in->b.reg == in->dst);
  default:
    return false;
  }
}

static void coalesce_temporaries(IrFunc *f) {
  size_t nregs = f->nregs ? f->nregs : 1;
  RegCounts c = {xcalloc(nregs, sizeof *c.defs), xcalloc(nregs, sizeof *c.uses)};
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      ir_insn_regs(&f->blocks.data[b].insns.data[i], count_def_use, &c);
  for (size_t p = 0; p < (size_t)f->nparams; p++)
    if (f->params[p])
      c.defs[f->params[p]]++;
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    for (size_t i = blk->insns.len; i-- > 0;) {
      IrInsn *rd = &blk->insns.data[i];
      if (!in_place_reader(rd))
        continue;
      IrReg t = rd->a.reg, d = rd->dst;
      if (t == d || c.defs[t] != 1 || c.uses[t] != 1)
        continue;
      size_t j = i;
      while (j-- > 0 && !mentions(&blk->insns.data[j], t) && !mentions(&blk->insns.data[j], d))
        ;
      if (j == SIZE_MAX || blk->insns.data[j].dst != t || !is_arithmetic(&blk->insns.data[j]))
        continue;
      IrInsn *def = &blk->insns.data[j];
      /* The definition may read D (D = D + 1 then), not write it.  */
      def->dst = d;
      c.defs[t] = c.uses[t] = 0;
      c.defs[d]++;
      rd->a.reg = d;
      c.uses[d]++;
    }
  }
  free(c.defs);
  free(c.uses);
}

/* --- Extensions of extensions ---

   Lowering a C expression through conversions makes chains of
   extensions, computed in place once temporaries are coalesced:
   `(__u32)(int)x` is `R = sext32 X; R = zext32 R`, and a 32-bit shift
   by zero (`b << 0` of load_byte) is a zero-extension from 4 bytes.  An
   extension from N bytes of the result of an extension from M >= N
   bytes reads only low bytes that the first left as they were, so it
   can read the first one's operand instead, and the first, whose
   result the second overwrites, goes; so does a zero-extension of what
   a 32-bit operation or an unsigned load leaves zero-extended already,
   or a sign-extension of an unsigned load narrower than it (a copy
   where its result is another register).
   Per-register demand
   (demand.c) cannot see this: the register is wide where the chain
   ends.  */
static bool is_extension(const IrInsn *in, unsigned *bytes) {
  if (in->op == IR_EXT && in->dst && in->a.kind == IV_REG && !in->core) {
    *bytes = in->size;
    return true;
  }
  if (in->op == IR_ALU && in->w32 && in->dst && in->a.kind == IV_REG && !in->core &&
      in->b.kind == IV_IMM && in->b.imm == 0 &&
      (in->alu == BPF_ALU_LSH || in->alu == BPF_ALU_RSH || in->alu == BPF_ALU_OR ||
       in->alu == BPF_ALU_ADD || in->alu == BPF_ALU_SUB || in->alu == BPF_ALU_XOR)) {
    *bytes = 4; /* w = w op 0: the low 4 bytes, zero-extended */
    return true;
  }
  return false;
}

/* Whether IN leaves its result zero-extended from BYTES bytes: a 32-bit
   operation (BYTES 4), an unsigned load of at most BYTES.  */
static bool already_zero_extended(const IrInsn *in, unsigned bytes) {
  if ((in->op == IR_ALU || in->op == IR_NEG) && in->w32 && !in->core)
    return bytes == 4 && !(in->sign && (in->alu == BPF_ALU_DIV || in->alu == BPF_ALU_MOD));
  return in->op == IR_LOAD && !in->sign && in->size <= bytes && !in->addr.core;
}

/* Whether extension EXT leaves the value DEF computes as it is: a
   zero-extension from at least the bytes DEF leaves zero-extended, a
   sign-extension from more bytes than an unsigned load's (its top bit
   is zero).  */
static bool extends_nothing(const IrInsn *def, const IrInsn *ext) {
  if (!ext->sign)
    return already_zero_extended(def, ext->size);
  return def->op == IR_LOAD && !def->sign && def->size < ext->size && !def->addr.core;
}

/* Append IN to the W instructions kept of INSNS, folded into the one
   before it where it can be (which may fold again into the one before
   that); returns the new count.  */
static size_t keep_folded(IrInsn *insns, size_t w, IrInsn in) {
  unsigned n, m;
  while (w && is_extension(&in, &n)) {
    IrInsn *prev = &insns[w - 1];
    if (in.op == IR_EXT && prev->dst == in.a.reg && extends_nothing(prev, &in)) {
      if (in.dst == in.a.reg)
        return w; /* nothing to do */
      in.op = IR_MOV; /* of the value the one before just computed */
      in.size = 0;
      in.sign = false;
      break;
    }
    if (in.dst != in.a.reg || prev->dst != in.dst || prev->op != IR_EXT ||
        !is_extension(prev, &m) || n > m)
      break;
    in.a = prev->a; /* reads the first one's operand, in its place */
    w--;
  }
  insns[w] = in;
  return w + 1;
}

static void fold_extension_chains(IrFunc *f) {
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    size_t w = 0;
    for (size_t i = 0; i < blk->insns.len; i++) {
      IrInsn in = blk->insns.data[i];
      unsigned n;
      if (in.op == IR_ALU && is_extension(&in, &n)) {
        /* the operation with zero is the zero-extension it computes */
        in.op = IR_EXT;
        in.size = 4;
        in.sign = false;
        in.w32 = false;
        in.alu = 0;
        in.b = (IrVal){0};
      }
      w = keep_folded(blk->insns.data, w, in);
    }
    blk->insns.len = w;
  }
}

/* --- Liveness ---

   A block's registers are kept as two lists, in one array for all
   blocks: those it reads before any write (its uses) and those it writes
   before any read (its kills).  Only registers some block uses can be
   live at a block's start or end; a function of thousands of blocks has
   tens of thousands of registers but a few hundred such, so the sets
   hold these alone (IrLiveness.tracked).  A register is live into a
   block when the block uses it, or it is live out and not killed
   there.  Entries start as the uses; a worklist (swept backward in
   block order) takes a block one of whose successors' entries grew and
   adds to its entry what its exit gained, until nothing changes: the
   least solution, the same in any order.  Sets only grow, so a block
   whose exit gained nothing is done at once.  */

typedef struct UseKillLists {
  VEC(IrReg) regs; /* per block: its uses, then its kills */
  uint32_t *start; /* per block, and one past the last: where its uses begin */
  uint32_t *kills; /* per block: where its kills begin */
  uint64_t *seen;  /* scratch: the registers the block named so far */
  VEC(IrReg) kill_list; /* scratch: this block's kills */
} UseKillLists;

/* The first time a block names a register decides: read, a use;
   written, a kill (an instruction names what it reads before what it
   writes).  */
static void note_first_use_or_kill(void *ctx, IrReg r, bool def) {
  UseKillLists *u = ctx;
  if (ir_set_has(u->seen, r))
    return;
  ir_set_add(u->seen, r);
  if (def)
    vec_push(&u->kill_list, r);
  else
    vec_push(&u->regs, r);
}

static void use_kill_lists_build(const IrFunc *f, size_t words, UseKillLists *u) {
  size_t nb = f->blocks.len;
  *u = (UseKillLists){0};
  u->start = xmalloc((nb + 1) * sizeof *u->start);
  u->kills = xmalloc((nb + 1) * sizeof *u->kills);
  u->seen = xcalloc(words, sizeof *u->seen);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    u->start[b] = (uint32_t)u->regs.len;
    for (size_t i = 0; i < blk->insns.len; i++)
      ir_insn_regs(&blk->insns.data[i], note_first_use_or_kill, u);
    u->kills[b] = (uint32_t)u->regs.len;
    for (size_t k = 0; k < u->kill_list.len; k++)
      vec_push(&u->regs, u->kill_list.data[k]);
    u->kill_list.len = 0;
    for (size_t k = u->start[b]; k < u->regs.len; k++)
      u->seen[u->regs.data[k] / 64] &= ~(1ull << (u->regs.data[k] % 64));
  }
  u->start[nb] = u->kills[nb] = (uint32_t)u->regs.len;
}

static void use_kill_lists_free(UseKillLists *u) {
  vec_free(&u->regs);
  vec_free(&u->kill_list);
  free(u->start);
  free(u->kills);
  free(u->seen);
}

/* Number the registers some block uses (in register order) and turn the
   lists' registers into those numbers; a kill of another register
   becomes UINT32_MAX.  */
static void track_used_registers(IrLiveness *lv, UseKillLists *u, size_t nb) {
  lv->bit = xmalloc(lv->nbits * sizeof *lv->bit);
  for (size_t r = 0; r < lv->nbits; r++)
    lv->bit[r] = UINT32_MAX;
  for (size_t b = 0; b < nb; b++)
    for (uint32_t k = u->start[b]; k < u->kills[b]; k++)
      lv->bit[u->regs.data[k]] = 0;
  size_t n = 0;
  for (size_t r = 0; r < lv->nbits; r++)
    if (lv->bit[r] == 0)
      n++;
  lv->tracked = xmalloc((n + 1) * sizeof *lv->tracked);
  n = 0;
  for (size_t r = 0; r < lv->nbits; r++)
    if (lv->bit[r] == 0) {
      lv->tracked[n] = (IrReg)r;
      lv->bit[r] = (uint32_t)n++;
    }
  lv->words = (n + 63) / 64 + 1;
  for (size_t k = 0; k < u->regs.len; k++)
    u->regs.data[k] = lv->bit[u->regs.data[k]];
}

/* Add to OUT what the entries of block B's successors hold: true if
   it gained anything.  */
static bool live_out_join(const BlockEdges *succs, size_t b, size_t words, const uint64_t *ins,
                          uint64_t *out) {
  bool grew = false;
  for (uint32_t s = succs->start[b]; s < succs->start[b + 1]; s++) {
    const uint64_t *sin = ins + succs->to[s] * words;
    for (size_t w = 0; w < words; w++)
      if (sin[w] & ~out[w]) {
        out[w] |= sin[w];
        grew = true;
      }
  }
  return grew;
}

/* Add to IN what OUT holds that block B does not kill: true if it
   gained anything.  The kills leave OUT for the while (HELD, one byte
   per kill, remembers which OUT held).  */
static bool live_in_join(const UseKillLists *u, size_t b, size_t words, uint64_t *out,
                         uint64_t *in, uint8_t *held) {
  uint32_t k0 = u->kills[b], k1 = u->start[b + 1];
  for (uint32_t k = k0; k < k1; k++) {
    uint32_t i = u->regs.data[k];
    held[k - k0] = i != UINT32_MAX && ir_set_has(out, i);
    if (held[k - k0])
      out[i / 64] &= ~(1ull << (i % 64));
  }
  bool grew = false;
  for (size_t w = 0; w < words; w++)
    if (out[w] & ~in[w]) {
      in[w] |= out[w];
      grew = true;
    }
  for (uint32_t k = k0; k < k1; k++)
    if (held[k - k0])
      ir_set_add(out, u->regs.data[k]);
  return grew;
}

/* The most kills of any block.  */
static uint32_t most_kills(const UseKillLists *u, size_t nb) {
  uint32_t most = 0;
  for (size_t b = 0; b < nb; b++)
    if (u->start[b + 1] - u->kills[b] > most)
      most = u->start[b + 1] - u->kills[b];
  return most;
}

void ir_liveness(const IrFunc *f, IrLiveness *lv) {
  size_t nb = f->blocks.len;
  lv->nbits = ((size_t)f->nregs + 63) / 64 * 64 + 64; /* as a set of registers holds */
  UseKillLists u;
  use_kill_lists_build(f, lv->nbits / 64, &u);
  track_used_registers(lv, &u, nb);
  size_t total = nb * lv->words;
  lv->in = xcalloc(total ? total : 1, 8);
  lv->out = xcalloc(total ? total : 1, 8);
  for (size_t b = 0; b < nb; b++)
    for (uint32_t k = u.start[b]; k < u.kills[b]; k++)
      ir_set_add(lv->in + b * lv->words, u.regs.data[k]);
  /* asm goto may jump to its targets: they are successors of the block
     holding the asm, which also falls through.  */
  BlockEdges preds, succs;
  block_edges_build(f, true, true, &preds);
  block_edges_build(f, true, false, &succs);
  uint8_t *dirty = xmalloc(nb ? nb : 1);
  memset(dirty, 1, nb);
  uint8_t *held = xmalloc(most_kills(&u, nb) + 1);
  for (bool again = true; again;) {
    again = false;
    for (size_t b = nb; b-- > 0;) {
      if (!dirty[b])
        continue;
      dirty[b] = 0;
      uint64_t *out = lv->out + b * lv->words, *in = lv->in + b * lv->words;
      if (!live_out_join(&succs, b, lv->words, lv->in, out) ||
          !live_in_join(&u, b, lv->words, out, in, held))
        continue;
      for (uint32_t p = preds.start[b]; p < preds.start[b + 1]; p++) {
        dirty[preds.to[p]] = 1;
        if (preds.to[p] >= b)
          again = true; /* this sweep has passed it */
      }
    }
  }
  free(held);
  free(dirty);
  block_edges_free(&preds);
  block_edges_free(&succs);
  use_kill_lists_free(&u);
}

void ir_liveness_free(IrLiveness *lv) {
  free(lv->in);
  free(lv->out);
  free(lv->tracked);
  free(lv->bit);
}

/* Write into LIVE (a set of registers, cleared first) the registers of
   block B's set SETS (lv.in or lv.out).  */
static void live_registers(const IrLiveness *lv, const uint64_t *sets, size_t b, uint64_t *live) {
  memset(live, 0, lv->nbits / 8);
  const uint64_t *s = sets + b * lv->words;
  for (size_t w = 0; w < lv->words; w++)
    for (uint64_t bits = s[w]; bits; bits &= bits - 1)
      ir_set_add(live, lv->tracked[w * 64 + (size_t)__builtin_ctzll(bits)]);
}

/* --- Dead instructions --- */

/* Whether IN only computes its result: no store, call, atomic, asm,
   volatile access, legacy packet load (which may end the program) or
   control flow.  */
static bool is_pure(const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_MOV: case IR_ALU: case IR_NEG: case IR_EXT: case IR_BSWAP:
  case IR_ADDR: case IR_SYM:
    return true;
  case IR_LOAD:
    return !in->is_volatile;
  default:
    return false;
  }
}

/* Liveness before an instruction from liveness after it (walking a
   block backward): what it writes is dead before it, then what it reads
   is live.  */
static void clear_written(void *ctx, IrReg r, bool def) {
  if (def)
    ((uint64_t *)ctx)[r / 64] &= ~(1ull << (r % 64));
}

static void add_read(void *ctx, IrReg r, bool def) {
  if (!def)
    ir_set_add(ctx, r);
}

/* Remove pure instructions whose result is dead where they write it
   (not live after them), until none is left; true if any went.  A
   parameter copied into a local that is never used then reads no
   argument register at all.  */
static bool remove_dead(IrFunc *f) {
  bool any = false;
  for (int round = 0; round < 16; round++) {
    IrLiveness lv;
    ir_liveness(f, &lv);
    uint64_t *live = xmalloc(lv.nbits / 8);
    bool changed = false;
    for (size_t b = 0; b < f->blocks.len; b++) {
      IrBlock *blk = &f->blocks.data[b];
      if (!blk->insns.len)
        continue;
      live_registers(&lv, lv.out, b, live);
      uint8_t *dead = xcalloc(blk->insns.len, 1);
      for (size_t i = blk->insns.len; i-- > 0;) {
        const IrInsn *in = &blk->insns.data[i];
        if (is_pure(in) && in->dst && !ir_set_has(live, in->dst)) {
          dead[i] = 1;
          changed = true;
          continue;
        }
        ir_insn_regs(in, clear_written, live);
        ir_insn_regs(in, add_read, live);
      }
      size_t m = 0;
      for (size_t i = 0; i < blk->insns.len; i++)
        if (!dead[i])
          blk->insns.data[m++] = blk->insns.data[i];
      blk->insns.len = m;
      free(dead);
    }
    free(live);
    ir_liveness_free(&lv);
    if (!changed)
      break;
    any = true;
  }
  return any;
}

/* Blocks that only return the same constant (or nothing) become one,
   so a branch between two of them has one target.  */
static void merge_returns(IrFunc *f) {
  size_t nb = f->blocks.len;
  uint32_t *same = xmalloc((nb + 1) * sizeof *same);
  VEC(uint32_t) kept = {0};
  for (size_t b = 0; b < nb; b++) {
    same[b] = (uint32_t)b;
    const IrBlock *blk = &f->blocks.data[b];
    if (blk->asm_target || blk->insns.len != 1 || blk->insns.data[0].op != IR_RET ||
        blk->insns.data[0].a.kind == IV_REG)
      continue;
    IrVal v = blk->insns.data[0].a;
    size_t k = 0;
    for (; k < kept.len; k++) {
      IrVal w = f->blocks.data[kept.data[k]].insns.data[0].a;
      if (w.kind == v.kind && (v.kind == IV_NONE || w.imm == v.imm))
        break;
    }
    if (k < kept.len)
      same[b] = kept.data[k];
    else
      vec_push(&kept, (uint32_t)b);
  }
  for (size_t b = 0; b < nb; b++) {
    IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len)
      continue;
    IrInsn *t = &blk->insns.data[blk->insns.len - 1];
    if (t->op == IR_JMP || t->op == IR_BR)
      t->then_ = same[t->then_];
    if (t->op == IR_BR)
      t->else_ = same[t->else_];
  }
  vec_free(&kept);
  free(same);
}

/* A jump to a block that only returns a register becomes that return,
   when the jumping block sets the register to a constant last: each
   return then has its own value, which constant propagation puts into
   it (`r0 = 3; exit` in place of `r6 = 3; goto out` and a shared
   `out: r0 = r6; exit`), and the shared block goes when nothing jumps
   to it any more.  Returns of equal constants are merged again later.  */
static bool sets_constant_last(const IrBlock *b, IrReg r) {
  for (size_t i = b->insns.len; i-- > 0;) {
    const IrInsn *in = &b->insns.data[i];
    if (mentions(in, r))
      return in->op == IR_MOV && in->dst == r && in->a.kind == IV_IMM && !in->core;
  }
  return false;
}

static void duplicate_returns(IrFunc *f) {
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len)
      continue;
    IrInsn *t = &blk->insns.data[blk->insns.len - 1];
    if (t->op != IR_JMP)
      continue;
    const IrBlock *to = &f->blocks.data[t->then_];
    if (to->asm_target || to->insns.len != 1 || to->insns.data[0].op != IR_RET ||
        to->insns.data[0].a.kind != IV_REG || !sets_constant_last(blk, to->insns.data[0].a.reg))
      continue;
    SrcLoc loc = t->loc;
    *t = to->insns.data[0];
    t->loc = loc;
  }
}

/* Jumps to jumps threaded; a branch with one target becomes a jump;
   blocks nothing reaches emptied.  */
static void thread_jumps(IrFunc *f) {
  for (size_t i = 0; i < f->blocks.len; i++) {
    IrBlock *b = &f->blocks.data[i];
    if (!b->insns.len)
      continue;
    IrInsn *t = &b->insns.data[b->insns.len - 1];
    if (t->op == IR_JMP || t->op == IR_BR)
      t->then_ = thread_target(f, t->then_);
    if (t->op == IR_BR) {
      t->else_ = thread_target(f, t->else_);
      if (t->then_ == t->else_) { /* and it compares nothing */
        t->op = IR_JMP;
        t->a = t->b = (IrVal){0};
      }
    }
  }
  mark_reachable(f);
  for (size_t i = 0; i < f->blocks.len; i++)
    if (!f->blocks.data[i].reachable)
      f->blocks.data[i].insns.len = 0;
}

/* A branch on two constants goes one way: it becomes a jump, and the
   other way's code, if nothing else reaches it, goes at the next
   threading.  The comparison is the branch's own (signed or not, 32 or
   64 bits).  */
static bool branch_taken(const IrInsn *in) {
  uint64_t a = (uint64_t)in->a.imm, b = (uint64_t)in->b.imm;
  int64_t sa = in->a.imm, sb = in->b.imm;
  if (in->w32) {
    a = (uint32_t)a, b = (uint32_t)b;
    sa = (int32_t)a, sb = (int32_t)b;
  }
  switch (in->alu) {
  case BPF_JMP_JEQ: return a == b;
  case BPF_JMP_JNE: return a != b;
  case BPF_JMP_JGT: return a > b;
  case BPF_JMP_JGE: return a >= b;
  case BPF_JMP_JLT: return a < b;
  case BPF_JMP_JLE: return a <= b;
  case BPF_JMP_JSET: return (a & b) != 0;
  case BPF_JMP_JSGT: return sa > sb;
  case BPF_JMP_JSGE: return sa >= sb;
  case BPF_JMP_JSLT: return sa < sb;
  default: return sa <= sb; /* BPF_JMP_JSLE */
  }
}

static bool is_known_cond(unsigned c) {
  switch (c) {
  case BPF_JMP_JEQ: case BPF_JMP_JNE: case BPF_JMP_JGT: case BPF_JMP_JGE:
  case BPF_JMP_JLT: case BPF_JMP_JLE: case BPF_JMP_JSET: case BPF_JMP_JSGT:
  case BPF_JMP_JSGE: case BPF_JMP_JSLT: case BPF_JMP_JSLE:
    return true;
  }
  return false;
}

static bool fold_known_branches(IrFunc *f) {
  bool any = false;
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len)
      continue;
    IrInsn *t = &blk->insns.data[blk->insns.len - 1];
    if (t->op != IR_BR || t->a.kind != IV_IMM || t->b.kind != IV_IMM || !is_known_cond(t->alu))
      continue;
    t->then_ = branch_taken(t) ? t->then_ : t->else_;
    t->op = IR_JMP;
    t->a = t->b = (IrVal){0};
    any = true;
  }
  return any;
}

/* A block that ends in a jump to a block nothing else reaches takes that
   block's instructions in place of the jump: straight-line code is one
   block, which the passes over a block's facts see whole.  A block with
   an asm goto stays as it is: the passes (liveness, the allocator's
   intervals) take the asm's targets as successors of its block's end,
   so nothing may follow the asm but the jump.  */
static bool has_asm_goto(const IrBlock *b) {
  for (size_t i = 0; i < b->insns.len; i++)
    if (b->insns.data[i].op == IR_ASM && b->insns.data[i].asm_->nlabels)
      return true;
  return false;
}

static void merge_blocks(IrFunc *f) {
  size_t nb = f->blocks.len;
  uint32_t *npreds = xcalloc(nb, sizeof *npreds);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    uint32_t succ[2];
    for (uint32_t k = 0, n = successors_of(blk, succ); k < n; k++)
      npreds[succ[k]]++;
    for (size_t i = 0; i < blk->insns.len; i++)
      if (blk->insns.data[i].op == IR_ASM)
        for (int l = 0; l < blk->insns.data[i].asm_->nlabels; l++)
          npreds[blk->insns.data[i].asm_->label_blocks[l]]++;
  }
  for (size_t a = 0; a < nb; a++) {
    IrBlock *blk = &f->blocks.data[a];
    while (blk->insns.len) {
      IrInsn *t = &blk->insns.data[blk->insns.len - 1];
      uint32_t to = t->then_;
      if (t->op != IR_JMP || to == 0 || to == a || npreds[to] != 1 ||
          f->blocks.data[to].asm_target || has_asm_goto(blk))
        break;
      IrBlock *from = &f->blocks.data[to];
      /* the block now holds code of both: its span of C covers both */
      if (from->order < blk->order)
        blk->order = from->order;
      if (from->order_last > blk->order_last)
        blk->order_last = from->order_last;
      blk->insns.len--;
      for (size_t i = 0; i < from->insns.len; i++)
        vec_push(&blk->insns, from->insns.data[i]);
      from->insns.len = 0;
      npreds[to] = 0;
    }
  }
  free(npreds);
}

/* `d = 0 - y`, a C negation as the lowering writes it (the width's
   rules of subtraction; the zero in a register `t = 0` just before, as
   the lowering leaves it), becomes `d = -y`: one instruction when the
   allocator gives d the register of a y that ends there, where the
   subtraction needs d's zero first.  A zero register nothing else reads
   goes with the dead code.  */
static bool is_zero_operand(const IrInsn *prev, IrVal a) {
  if (a.kind == IV_IMM)
    return a.imm == 0;
  return a.kind == IV_REG && prev && prev->op == IR_MOV && prev->dst == a.reg &&
         prev->a.kind == IV_IMM && prev->a.imm == 0 && !prev->core;
}

static void negate_in_place(IrFunc *f) {
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    for (size_t i = 0; i < blk->insns.len; i++) {
      IrInsn *in = &blk->insns.data[i];
      const IrInsn *prev = i ? &blk->insns.data[i - 1] : NULL;
      if (in->op != IR_ALU || in->alu != BPF_ALU_SUB || in->core || !in->dst ||
          in->b.kind != IV_REG || !in->b.reg || !is_zero_operand(prev, in->a) ||
          (in->a.kind == IV_REG && in->a.reg == in->dst))
        continue;
      in->op = IR_NEG;
      in->a = in->b;
      in->b = (IrVal){0};
    }
  }
}

void ir_simplify(IrFunc *f) {
  for (size_t i = 0; i < f->blocks.len; i++) {
    IrBlock *b = &f->blocks.data[i];
    /* Nothing after the first terminator runs.  */
    for (size_t k = 0; k < b->insns.len; k++)
      if (is_terminator(b->insns.data[k].op)) {
        b->insns.len = k + 1;
        break;
      }
    if (!b->insns.len || !is_terminator(b->insns.data[b->insns.len - 1].op)) {
      IrInsn u = {0};
      u.op = IR_UNREACHABLE;
      vec_push(&b->insns, u);
    }
  }
  merge_returns(f);
  thread_jumps(f);
  merge_blocks(f);
  duplicate_returns(f);
  thread_jumps(f); /* a return block nothing jumps to any more is emptied */
  ir_split_webs(f); /* a variable's unrelated values become registers of their own */
  fold_addresses(f);
  propagate_copies(f); /* a value read through a copy is the same value */
  if (ir_forward_slot_stores(f)) /* a stack slot's value read back from its store */
    propagate_copies(f);
  reuse_values(f);
  negate_in_place(f);
  coalesce_temporaries(f);
  fold_extension_chains(f);
  ir_narrow_demanded(f); /* after reuse_values: a narrowed value is no longer an extension */
  propagate_copies(f);
  /* Removing dead code can leave blocks that only jump, and branches
     whose work is gone: thread again (a chain of such branches, as an
     inline memcmp whose result does not matter, goes one block a round;
     rounds stop when nothing changes).  */
  for (int round = 0; round < 64; round++) {
    bool changed = remove_dead(f);
    changed |= fold_known_branches(f);
    if (!changed)
      break;
    merge_returns(f);
    thread_jumps(f);
  }
  if (ir_hoist_copies(f))
    thread_jumps(f);
  merge_blocks(f);
  coalesce_temporaries(f);
  fold_extension_chains(f); /* again, now that copies are read through */
  ir_coalesce_copies(f);     /* a value carried round a loop in one register */
  ir_merge_slot_stores(f); /* after constants reached the stores */
}

/* --- Printing --- */

static void put_val(Buf *o, IrVal v) {
  if (v.kind == IV_REG)
    buf_printf(o, "%%%u", v.reg);
  else if (v.kind == IV_IMM)
    buf_printf(o, "%" PRId64, v.imm);
  else
    buf_puts(o, "_");
}

static void put_addr(Buf *o, const IrFunc *f, IrAddr a) {
  if (a.kind == IA_REG)
    buf_printf(o, "[%%%u%+" PRId64 "]", a.base, a.off);
  else
    buf_printf(o, "[slot%u(%s)%+" PRId64 "]", a.slot,
               f->slots.data[a.slot].name ? f->slots.data[a.slot].name : "",
               a.off);
}

static const char *alu_name(unsigned alu, bool sign) {
  switch (alu) {
  case BPF_ALU_ADD: return "add";
  case BPF_ALU_SUB: return "sub";
  case BPF_ALU_MUL: return "mul";
  case BPF_ALU_DIV: return sign ? "sdiv" : "div";
  case BPF_ALU_MOD: return sign ? "smod" : "mod";
  case BPF_ALU_OR: return "or";
  case BPF_ALU_AND: return "and";
  case BPF_ALU_XOR: return "xor";
  case BPF_ALU_LSH: return "shl";
  case BPF_ALU_RSH: return "shr";
  case BPF_ALU_ARSH: return "sar";
  }
  return "?";
}

static const char *cond_name(unsigned c) {
  switch (c) {
  case BPF_JMP_JEQ: return "==";
  case BPF_JMP_JNE: return "!=";
  case BPF_JMP_JGT: return ">";
  case BPF_JMP_JGE: return ">=";
  case BPF_JMP_JLT: return "<";
  case BPF_JMP_JLE: return "<=";
  case BPF_JMP_JSGT: return "s>";
  case BPF_JMP_JSGE: return "s>=";
  case BPF_JMP_JSLT: return "s<";
  case BPF_JMP_JSLE: return "s<=";
  case BPF_JMP_JSET: return "&";
  }
  return "?";
}

static void dump_insn(const IrFunc *f, const IrInsn *in, Buf *o) {
  buf_puts(o, "  ");
  if (in->dst)
    buf_printf(o, "%%%u = ", in->dst);
  switch ((IrOp)in->op) {
  case IR_MOV: buf_puts(o, "mov "); put_val(o, in->a); break;
  case IR_ALU:
    buf_printf(o, "%s%s ", alu_name(in->alu, in->sign), in->w32 ? "32" : "");
    put_val(o, in->a);
    buf_puts(o, ", ");
    put_val(o, in->b);
    break;
  case IR_NEG: buf_puts(o, "neg "); put_val(o, in->a); break;
  case IR_EXT:
    buf_printf(o, "%cext%u ", in->sign ? 's' : 'z', in->size * 8);
    put_val(o, in->a);
    break;
  case IR_BSWAP:
    buf_printf(o, "%s%u ", in->sign ? "le" : "be", in->size * 8);
    put_val(o, in->a);
    break;
  case IR_LOAD:
    buf_printf(o, "load%s%u%s ", in->sign ? "s" : "", in->size * 8,
               in->is_volatile ? " volatile" : "");
    put_addr(o, f, in->addr);
    break;
  case IR_STORE:
    buf_printf(o, "store%u%s ", in->size * 8, in->is_volatile ? " volatile" : "");
    put_addr(o, f, in->addr);
    buf_puts(o, ", ");
    put_val(o, in->a);
    break;
  case IR_ADDR: buf_puts(o, "addr "); put_addr(o, f, in->addr); break;
  case IR_SYM: buf_printf(o, "sym %s%+" PRId64, in->sym, in->a.imm); break;
  case IR_CALL: {
    const IrCall *c = in->call;
    if (c->kind == CALL_HELPER)
      buf_printf(o, "call helper %" PRId64 "(", c->helper);
    else if (c->kind == CALL_FUNC)
      buf_printf(o, "call %s%s(", c->is_kfunc ? "kfunc " : "", c->sym);
    else
      buf_printf(o, "callx %%%u(", c->target);
    for (int i = 0; i < c->nargs; i++) {
      if (i)
        buf_puts(o, ", ");
      put_val(o, c->args[i]);
    }
    buf_puts(o, ")");
    break;
  }
  case IR_ATOMIC:
    buf_printf(o, "atomic%u 0x%x ", in->size * 8, (unsigned)in->atomic);
    put_addr(o, f, in->addr);
    buf_puts(o, ", ");
    put_val(o, in->a);
    if (in->b.kind != IV_NONE) {
      buf_puts(o, ", ");
      put_val(o, in->b);
    }
    break;
  case IR_ASM: buf_printf(o, "asm %d operands", in->asm_->nops); break;
  case IR_LDPKT:
    buf_printf(o, "ldpkt%u ", in->size * 8);
    put_val(o, in->a);
    break;
  case IR_JMP: buf_printf(o, "jmp b%u", in->then_); break;
  case IR_BR:
    buf_printf(o, "br%s ", in->w32 ? "32" : "");
    put_val(o, in->a);
    buf_printf(o, " %s ", cond_name(in->alu));
    put_val(o, in->b);
    buf_printf(o, ", b%u, b%u", in->then_, in->else_);
    break;
  case IR_RET: buf_puts(o, "ret "); put_val(o, in->a); break;
  case IR_UNREACHABLE: buf_puts(o, "unreachable"); break;
  }
  buf_putc(o, '\n');
}

void ir_dump(const IrFunc *f, Buf *o) {
  buf_printf(o, "function %s (section %s)\n", f->name,
             f->section ? f->section : ".text");
  for (size_t s = 0; s < f->slots.len; s++)
    buf_printf(o, "  slot%zu %s: %" PRId64 " bytes, align %u\n", s,
               f->slots.data[s].name ? f->slots.data[s].name : "",
               f->slots.data[s].size, f->slots.data[s].align);
  for (size_t b = 0; b < f->blocks.len; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len)
      continue;
    buf_printf(o, "b%zu:\n", b);
    for (size_t i = 0; i < blk->insns.len; i++)
      dump_insn(f, &blk->insns.data[i], o);
  }
}
