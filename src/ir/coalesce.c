/* Copies coalesced: a copy's source and destination become one register
   where their values never need two.

   The lowering writes every assignment to a variable as a move, and the
   webs (webs.c) give each of a variable's values a register of its own,
   so a loop that carries values round (jhash's `a`, `b`, `c`, mixed in
   place and copied back at the end of the body) holds each value twice:
   the register read at the loop's head and the one the body computes
   into, joined by a move at the end.  The register allocator gives a
   register one interval without holes (bpf/regalloc.c), so both hold a
   physical register through the whole body, and with eight registers
   the mixing rounds spill.  Made one register, the value needs one, and
   the move is gone.

   Two registers may become one when neither is written while the other
   holds a value something still reads, except by a copy of one into the
   other (then both hold the same value): they do not interfere, in the
   usual sense.  Interference is computed among the registers that copies
   name (at most MAX_CANDIDATES of them), from liveness, by a backward
   walk of each block; the incoming values (parameters, reads before any
   write) are written at the entry.  Then each copy in turn joins its two
   classes unless they interfere; a joined class interferes with what
   either did.  A copy whose value another register of the source's
   class holds too interferes with that one; the next round, with the
   class one register, joins it (rounds until none joins anything).  A class holding a parameter keeps the parameter's
   register (the incoming argument is there); two parameters never
   join.  Registers that inline assembly names are left alone (its
   operands are bound to their registers).  The copies left from a
   register to itself are removed.

   The values computed are the same, in the same order; only registers
   are renamed, so each check the verifier sees still guards the access
   it guarded, on the same value.  */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_CANDIDATES = 4096 };

typedef struct Coalesce {
  IrFunc *f;
  size_t nregs;
  uint32_t *index;     /* per register: its candidate index + 1 (0: none) */
  IrReg *reg_of;       /* per candidate: its register */
  size_t n, words;     /* candidates; uint64_t per row */
  uint64_t *rows;      /* [n * words]: the interference matrix */
  uint32_t *parent;    /* union-find over candidates */
  uint8_t *has_param;  /* per class root */
} Coalesce;

static bool is_copy(const IrInsn *in) {
  return in->op == IR_MOV && in->dst && in->a.kind == IV_REG && in->a.reg && !in->core;
}

static void exclude_asm_reg(void *ctx, IrReg r, bool def) {
  ((uint8_t *)ctx)[r] = 1;
}

static void add_candidate(Coalesce *c, const uint8_t *excluded, IrReg r) {
  if (c->index[r] || excluded[r] || c->n >= MAX_CANDIDATES)
    return;
  c->reg_of[c->n] = r;
  c->index[r] = (uint32_t)++c->n;
}

/* An instruction whose value the register allocator computes again
   where it is read rather than keep it in a register (bpf/regalloc.c).  */
static bool recomputable(const IrInsn *in) {
  return (in->op == IR_MOV && in->a.kind == IV_IMM && !in->core) || in->op == IR_SYM ||
         (in->op == IR_ADDR && in->addr.kind == IA_SLOT);
}

static void count_def(void *ctx, IrReg r, bool def) {
  if (def)
    ((uint32_t *)ctx)[r]++;
}

/* The registers written once, by a recomputable instruction: a copy of
   one stays a copy, or the one register would be kept live from the
   first read to the last where the allocator computes it afresh at
   each (a map's address, read in each step of a loop, held a register
   through the loop and pushed its counter onto the stack: iters.c's
   iter_subprog_iters, which the verifier then rejects).  */
static uint8_t *find_recomputable(const IrFunc *f, size_t nregs, uint32_t *defs,
                                  uint8_t *loaded) {
  uint8_t *cheap = xcalloc(nregs, 1);
  for (int p = 0; p < f->nparams; p++)
    if (f->params[p] && f->params[p] < nregs)
      defs[f->params[p]]++;
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      ir_insn_regs(in, count_def, defs);
      if (in->dst && in->dst < nregs && recomputable(in))
        cheap[in->dst] = 1;
      if (in->dst && in->dst < nregs && in->op == IR_LOAD)
        loaded[in->dst] = 1;
    }
  for (size_t r = 0; r < nregs; r++)
    if (defs[r] != 1)
      cheap[r] = 0;
  return cheap;
}

/* The registers that copies name (and inline assembly does not), but
   copies of recomputable values, and copies between two registers each
   written once (the allocator gives such a copy its source's register
   when the source ends there; made one register, a parameter's
   extension was computed in place in the register kept across calls,
   and the verifier, which links a register to its copies but not to
   what is computed from them, widened it to unknown at an iterator's
   loop: iters.c's iter_subprog_iters was rejected), nor the copy of a
   value loaded once into a variable (bpf_for's `i = *___t`, tested on
   the loaded value: kept as a copy, the verifier links the two and
   bounds the variable by the tests; as one register, the outer loop's
   `row` of iters.c's iter_nested_iters was widened to unknown at the
   inner iterator's loop, an effect seen, not fully explained); whether
   any copy has both ends among them.  */
static bool find_candidates(Coalesce *c) {
  IrFunc *f = c->f;
  uint8_t *excluded = xcalloc(c->nregs, 1);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      if (f->blocks.data[b].insns.data[i].op == IR_ASM)
        ir_insn_regs(&f->blocks.data[b].insns.data[i], exclude_asm_reg, excluded);
  uint32_t *defs = xcalloc(c->nregs, sizeof *defs);
  uint8_t *loaded = xcalloc(c->nregs, 1);
  uint8_t *cheap = find_recomputable(f, c->nregs, defs, loaded);
  bool any = false;
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      if (!is_copy(in) || in->a.reg == in->dst || cheap[in->a.reg] ||
          (defs[in->a.reg] == 1 && (defs[in->dst] == 1 || loaded[in->a.reg])))
        continue;
      add_candidate(c, excluded, in->dst);
      add_candidate(c, excluded, in->a.reg);
      any |= c->index[in->dst] && c->index[in->a.reg];
    }
  free(cheap);
  free(loaded);
  free(defs);
  free(excluded);
  return any;
}

static uint64_t *row(const Coalesce *c, size_t i) { return c->rows + i * c->words; }

static void set_bit(uint64_t *s, size_t i) { s[i / 64] |= 1ull << (i % 64); }
static void clear_bit(uint64_t *s, size_t i) { s[i / 64] &= ~(1ull << (i % 64)); }
static bool has_bit(const uint64_t *s, size_t i) { return s[i / 64] >> (i % 64) & 1; }

/* LIVE (over candidates) := the candidates in block B's set SETS.  */
static void load_live(const Coalesce *c, const IrLiveness *lv, const uint64_t *sets, size_t b,
                      uint64_t *live) {
  memset(live, 0, c->words * sizeof *live);
  const uint64_t *s = sets + b * lv->words;
  for (size_t w = 0; w < lv->words; w++)
    for (uint64_t bits = s[w]; bits; bits &= bits - 1) {
      IrReg r = lv->tracked[w * 64 + (size_t)__builtin_ctzll(bits)];
      if (r < c->nregs && c->index[r])
        set_bit(live, c->index[r] - 1);
    }
}

/* Candidate I interferes with every candidate in LIVE but itself and
   EXCEPT (a copy's source; SIZE_MAX: none).  */
static void interfere_with_live(Coalesce *c, size_t i, const uint64_t *live, size_t except) {
  uint64_t *r = row(c, i);
  for (size_t w = 0; w < c->words; w++) {
    uint64_t add = live[w];
    if (w == i / 64)
      add &= ~(1ull << (i % 64));
    if (except != SIZE_MAX && w == except / 64)
      add &= ~(1ull << (except % 64));
    r[w] |= add;
  }
}

typedef struct InsnRegs {
  IrReg uses[16], defs[8];
  int nuses, ndefs;
} InsnRegs;

static void collect_reg(void *ctx, IrReg r, bool def) {
  InsnRegs *ir = ctx;
  if (def && ir->ndefs < 8)
    ir->defs[ir->ndefs++] = r;
  else if (!def && ir->nuses < 16)
    ir->uses[ir->nuses++] = r;
}

/* The interference matrix, from a backward walk of each block.  */
static void build_interference(Coalesce *c) {
  IrFunc *f = c->f;
  IrLiveness lv;
  ir_liveness(f, &lv);
  uint64_t *live = xcalloc(c->words, sizeof *live);
  for (size_t b = 0; b < f->blocks.len; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    load_live(c, &lv, lv.out, b, live);
    for (size_t i = blk->insns.len; i-- > 0;) {
      const IrInsn *in = &blk->insns.data[i];
      InsnRegs regs = {0};
      ir_insn_regs(in, collect_reg, &regs);
      size_t source = SIZE_MAX;
      if (is_copy(in) && in->a.reg < c->nregs && c->index[in->a.reg])
        source = c->index[in->a.reg] - 1;
      for (int d = 0; d < regs.ndefs; d++) {
        IrReg r = regs.defs[d];
        if (r && r < c->nregs && c->index[r])
          interfere_with_live(c, c->index[r] - 1, live, source);
      }
      for (int d = 0; d < regs.ndefs; d++) {
        IrReg r = regs.defs[d];
        if (r && r < c->nregs && c->index[r])
          clear_bit(live, c->index[r] - 1);
      }
      for (int u = 0; u < regs.nuses; u++) {
        IrReg r = regs.uses[u];
        if (r && r < c->nregs && c->index[r])
          set_bit(live, c->index[r] - 1);
      }
    }
  }
  /* The incoming values are all written at the entry.  */
  if (f->blocks.len) {
    load_live(c, &lv, lv.in, 0, live);
    for (int p = 0; p < f->nparams; p++) {
      IrReg r = f->params[p];
      if (r && r < c->nregs && c->index[r])
        set_bit(live, c->index[r] - 1);
    }
    for (size_t i = 0; i < c->n; i++)
      if (has_bit(live, i))
        interfere_with_live(c, i, live, SIZE_MAX);
  }
  /* symmetric */
  for (size_t i = 0; i < c->n; i++)
    for (size_t w = 0; w < c->words; w++)
      for (uint64_t bits = row(c, i)[w]; bits; bits &= bits - 1)
        set_bit(row(c, w * 64 + (size_t)__builtin_ctzll(bits)), i);
  free(live);
  ir_liveness_free(&lv);
}

static uint32_t find(Coalesce *c, uint32_t i) {
  while (c->parent[i] != i)
    i = c->parent[i] = c->parent[c->parent[i]];
  return i;
}

/* Join the classes of KEEP and GONE (roots): KEEP interferes with what
   either did.  */
static void join(Coalesce *c, uint32_t keep, uint32_t gone) {
  uint64_t *k = row(c, keep);
  const uint64_t *g = row(c, gone);
  for (size_t w = 0; w < c->words; w++) {
    k[w] |= g[w];
    for (uint64_t bits = g[w]; bits; bits &= bits - 1)
      set_bit(row(c, w * 64 + (size_t)__builtin_ctzll(bits)), keep);
  }
  c->parent[gone] = keep;
  c->has_param[keep] |= c->has_param[gone];
}

/* Each copy, in order, joins its two classes if they may be one.  */
static bool join_copies(Coalesce *c) {
  IrFunc *f = c->f;
  bool any = false;
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      if (!is_copy(in) || !c->index[in->dst] || !c->index[in->a.reg])
        continue;
      uint32_t d = find(c, c->index[in->dst] - 1), s = find(c, c->index[in->a.reg] - 1);
      if (d == s || has_bit(row(c, d), s) || (c->has_param[d] && c->has_param[s]))
        continue;
      if (c->has_param[d])
        join(c, d, s);
      else
        join(c, s, d);
      any = true;
    }
  return any;
}

typedef struct Renamer {
  const Coalesce *c;
  const IrReg *to; /* per candidate: its class's register */
} Renamer;

static IrReg renamed(const Renamer *rn, IrReg r) {
  if (!r || r >= rn->c->nregs || !rn->c->index[r])
    return r;
  return rn->to[rn->c->index[r] - 1];
}

static void rename_use(void *ctx, IrReg *r) { *r = renamed(ctx, *r); }

/* Every register to its class's one: the parameter's if the class has
   one, else its root's.  Then the copies of a register to itself go.  */
static void rename_classes(Coalesce *c) {
  IrFunc *f = c->f;
  IrReg *to = xcalloc(c->n, sizeof *to);
  for (size_t i = 0; i < c->n; i++)
    to[i] = c->reg_of[find(c, (uint32_t)i)];
  for (int p = 0; p < f->nparams; p++) {
    IrReg r = f->params[p];
    if (r && r < c->nregs && c->index[r])
      to[find(c, c->index[r] - 1)] = r;
  }
  for (size_t i = 0; i < c->n; i++)
    to[i] = to[find(c, (uint32_t)i)];
  Renamer rn = {c, to};
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    size_t kept = 0;
    for (size_t i = 0; i < blk->insns.len; i++) {
      IrInsn *in = &blk->insns.data[i];
      if (in->op != IR_ASM) {
        in->dst = renamed(&rn, in->dst);
        ir_insn_uses(in, rename_use, &rn);
      }
      if (is_copy(in) && in->a.reg == in->dst)
        continue;
      blk->insns.data[kept++] = *in;
    }
    blk->insns.len = kept;
  }
  free(to);
}

/* One round: whether any copy went.  */
static bool coalesce_round(IrFunc *f) {
  Coalesce c = {0};
  c.f = f;
  c.nregs = f->nregs ? f->nregs : 1;
  c.index = xcalloc(c.nregs, sizeof *c.index);
  c.reg_of = xcalloc(MAX_CANDIDATES, sizeof *c.reg_of);
  bool joined = false;
  if (find_candidates(&c)) {
    c.words = (c.n + 63) / 64;
    c.rows = xcalloc(c.n * c.words, sizeof *c.rows);
    c.parent = xmalloc(c.n * sizeof *c.parent);
    c.has_param = xcalloc(c.n, 1);
    for (size_t i = 0; i < c.n; i++)
      c.parent[i] = (uint32_t)i;
    for (int p = 0; p < f->nparams; p++)
      if (f->params[p] && f->params[p] < c.nregs && c.index[f->params[p]])
        c.has_param[c.index[f->params[p]] - 1] = 1;
    build_interference(&c);
    joined = join_copies(&c);
    if (joined)
      rename_classes(&c);
  }
  free(c.index);
  free(c.reg_of);
  free(c.rows);
  free(c.parent);
  free(c.has_param);
  return joined;
}

/* Rounds until none joins anything (at most MAX_ROUNDS): a copy of a
   value that another copy of it holds too interferes with that one, and
   joins it once the two are one register.  */
void ir_coalesce_copies(IrFunc *f) {
  enum { MAX_ROUNDS = 4 };
  for (int round = 0; round < MAX_ROUNDS && coalesce_round(f); round++)
    ;
}
