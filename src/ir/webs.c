/* Webs: one register for each independent value of a variable.

   The lowering gives a scalar local one register for its whole life, so
   a variable assigned afresh in each of many places (`ptr = data + i` in
   every step of an unrolled sequence, an inlined function's locals, a
   loop counter reused by the next loop) is one register whose uses span
   the function.  The register allocator gives a register one interval,
   from its first to its last live position, so such a variable holds a
   physical register, or a stack slot, everywhere, and the values that
   really are live together get spilled.  Spills cost instructions, and
   the verifier walks every one of them on every path it explores.

   A web is a set of definitions and the uses they reach, closed under
   "reach a common use": the definitions that meet at a join (a loop's
   head, the code after an if) are one web, two assignments whose values
   never meet are two.  Each web gets a register of its own; the one that
   holds the register's value on entry (a parameter, or a read before any
   write) keeps the number.  Registers that inline assembly names are left
   whole (an "+r" operand reads and writes one register).

   The computation: a union-find over nodes, one for each definition and
   one for each (block, register) where the register is live on entry.  A
   block's exit value of a register is its last definition there, or its
   entry node; each edge joins the exit value of the predecessor with the
   successor's entry node.  Then a walk of each block rewrites every use
   to the web of the value reaching it and every definition to its own
   web's register.  */
#include "ir.h"

#include <string.h>

typedef struct Webs {
  IrFunc *f;
  IrLiveness lv;
  uint8_t *split;    /* per register: it is split into webs */
  uint32_t *parent;  /* union-find over nodes */
  uint32_t nnodes;
  /* entry nodes: open addressing on (block, register) */
  uint64_t *keys;    /* block * nregs + reg + 1; 0: empty */
  uint32_t *vals;
  size_t cap;
  size_t nregs;      /* registers before splitting */
  uint32_t *last;    /* per register: its current value's node in the walk (0: none) */
} Webs;

static uint32_t find(Webs *w, uint32_t n) {
  while (w->parent[n] != n) {
    w->parent[n] = w->parent[w->parent[n]];
    n = w->parent[n];
  }
  return n;
}

static void unite(Webs *w, uint32_t a, uint32_t b) {
  a = find(w, a), b = find(w, b);
  if (a != b)
    w->parent[a < b ? b : a] = a < b ? a : b;
}

static uint32_t new_node(Webs *w) {
  w->parent[w->nnodes] = w->nnodes;
  return w->nnodes++;
}

static uint32_t *entry_place(Webs *w, uint32_t block, IrReg r) {
  uint64_t key = (uint64_t)block * w->nregs + r + 1;
  size_t h = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (w->cap - 1);
  while (w->keys[h] && w->keys[h] != key)
    h = (h + 1) & (w->cap - 1);
  if (!w->keys[h]) {
    w->keys[h] = key;
    w->vals[h] = 0;
  }
  return &w->vals[h];
}

/* The node of R's value on entry to BLOCK (0 where R is not live there).  */
static uint32_t entry_node(Webs *w, uint32_t block, IrReg r) {
  if (!ir_live_has(&w->lv, w->lv.in, block, r))
    return 0;
  uint32_t *v = entry_place(w, block, r);
  if (!*v)
    *v = new_node(w);
  return *v;
}

static void count_def(void *ctx, IrReg r, bool def) {
  if (def)
    ((uint32_t *)ctx)[r]++;
}

static void note_asm_reg(void *ctx, IrReg r, bool def) {
  ((uint8_t *)ctx)[r] = 0;
}

/* The successors of block B, asm goto targets included; returns how many
   (at most 2 + the asm labels; SUCC has room for N).  */
static size_t successors(const IrFunc *f, uint32_t b, uint32_t *succ, size_t n) {
  const IrBlock *blk = &f->blocks.data[b];
  size_t k = 0;
  for (size_t i = 0; i < blk->insns.len; i++) {
    const IrInsn *in = &blk->insns.data[i];
    if (in->op == IR_ASM)
      for (int l = 0; l < in->asm_->nlabels && k < n; l++)
        succ[k++] = in->asm_->label_blocks[l];
  }
  if (blk->insns.len) {
    const IrInsn *t = &blk->insns.data[blk->insns.len - 1];
    if ((t->op == IR_JMP || t->op == IR_BR) && k < n)
      succ[k++] = t->then_;
    if (t->op == IR_BR && k < n)
      succ[k++] = t->else_;
  }
  return k;
}

/* The value of each split register at the end of block B: LAST.  */
static void walk_defs(Webs *w, uint32_t b, uint32_t *touched, size_t *ntouched) {
  const IrBlock *blk = &w->f->blocks.data[b];
  for (size_t i = 0; i < blk->insns.len; i++) {
    IrReg d = blk->insns.data[i].dst;
    if (d && d < w->nregs && w->split[d]) {
      if (!w->last[d])
        touched[(*ntouched)++] = d;
      w->last[d] = new_node(w);
    }
  }
}

typedef struct Rename {
  Webs *w;
  uint32_t block;
  IrReg *reg_of; /* per node root: its web's register (0: not yet) */
  uint32_t nnodes; /* nodes reg_of has room for */
  uint8_t *taken;
} Rename;

static IrReg web_reg(Rename *rn, uint32_t node, IrReg r) {
  uint32_t root = find(rn->w, node);
  if (!rn->reg_of[root]) {
    if (!rn->taken[r]) {
      rn->taken[r] = 1;
      rn->reg_of[root] = r;
    } else {
      rn->reg_of[root] = ir_new_reg(rn->w->f);
    }
  }
  return rn->reg_of[root];
}

static void rename_use(void *ctx, IrReg *r) {
  Rename *rn = ctx;
  Webs *w = rn->w;
  if (*r >= w->nregs || !w->split[*r])
    return;
  uint32_t node = w->last[*r] ? w->last[*r] : entry_node(w, rn->block, *r);
  /* a node made only now is a value no edge brings (a block nothing
     reaches): the register stays as it is */
  if (node && node < rn->nnodes)
    *r = web_reg(rn, node, *r);
}

void ir_split_webs(IrFunc *f) {
  Webs w = {.f = f, .nregs = f->nregs ? f->nregs : 1};
  size_t nregs = w.nregs, nb = f->blocks.len;
  uint32_t *defs = xcalloc(nregs, sizeof *defs);
  w.split = xcalloc(nregs, 1);
  size_t ndefs = 0;
  for (size_t b = 0; b < nb; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      ir_insn_regs(&f->blocks.data[b].insns.data[i], count_def, defs);
  for (int p = 0; p < f->nparams; p++)
    if (f->params[p])
      defs[f->params[p]]++;
  bool any = false;
  for (size_t r = 1; r < nregs; r++) {
    w.split[r] = defs[r] > 1;
    any |= w.split[r];
    ndefs += defs[r];
  }
  for (size_t b = 0; b < nb; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      if (f->blocks.data[b].insns.data[i].op == IR_ASM)
        ir_insn_regs(&f->blocks.data[b].insns.data[i], note_asm_reg, w.split);
  free(defs);
  if (!any) {
    free(w.split);
    return;
  }
  ir_liveness(f, &w.lv);
  /* Nodes: 0 is "none"; then definitions and live-in entries.  */
  size_t nentries = 0, maxsucc = 2;
  for (size_t b = 0; b < nb; b++) {
    const uint64_t *in = w.lv.in + b * w.lv.words;
    for (size_t k = 0; k < w.lv.words; k++)
      nentries += (size_t)__builtin_popcountll(in[k]);
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      if (f->blocks.data[b].insns.data[i].op == IR_ASM)
        maxsucc += (size_t)f->blocks.data[b].insns.data[i].asm_->nlabels;
  }
  w.parent = xmalloc((1 + ndefs + nentries) * sizeof *w.parent);
  new_node(&w); /* node 0 */
  for (w.cap = 16; w.cap < 2 * nentries + 2; w.cap *= 2)
    ;
  w.keys = xcalloc(w.cap, sizeof *w.keys);
  w.vals = xcalloc(w.cap, sizeof *w.vals);
  w.last = xcalloc(nregs, sizeof *w.last);
  uint32_t *touched = xmalloc(nregs * sizeof *touched);
  uint32_t *succ = xmalloc(maxsucc * sizeof *succ);
  uint32_t *def_base = xmalloc((nb + 1) * sizeof *def_base);

  /* Each block's definitions get nodes in order (def_base[b] the first);
     each edge joins the exit values with the successor's entry.  */
  for (uint32_t b = 0; b < nb; b++) {
    size_t nt = 0;
    def_base[b] = w.nnodes;
    walk_defs(&w, b, touched, &nt);
    /* LAST holds the block's last definitions; the others exit as they
       entered.  */
    size_t ns = successors(f, b, succ, maxsucc);
    for (size_t s = 0; s < ns; s++) {
      const uint64_t *sin = w.lv.in + succ[s] * w.lv.words;
      for (size_t k = 0; k < w.lv.words; k++)
        for (uint64_t bits = sin[k]; bits; bits &= bits - 1) {
          IrReg r = w.lv.tracked[k * 64 + (unsigned)__builtin_ctzll(bits)];
          if (r >= nregs || !w.split[r])
            continue;
          uint32_t from = w.last[r] ? w.last[r] : entry_node(&w, b, r);
          if (from)
            unite(&w, from, entry_node(&w, succ[s], r));
        }
    }
    for (size_t t = 0; t < nt; t++)
      w.last[touched[t]] = 0;
  }
  def_base[nb] = w.nnodes;

  /* Renaming: the entry's web keeps each register's number (parameters,
     reads before any write); the first other web seen keeps it where
     the entry has none.  */
  Rename rn = {&w, 0, xcalloc(w.nnodes, sizeof *rn.reg_of), w.nnodes, xcalloc(nregs, 1)};
  for (size_t r = 1; r < nregs; r++)
    if (w.split[r] && ir_live_has(&w.lv, w.lv.in, 0, (IrReg)r)) {
      uint32_t n = entry_node(&w, 0, (IrReg)r);
      /* (a node made only now is one no definition or edge reaches) */
      if (n && n < rn.nnodes)
        web_reg(&rn, n, (IrReg)r);
    }
  for (uint32_t b = 0; b < nb; b++) {
    IrBlock *blk = &f->blocks.data[b];
    uint32_t next = def_base[b];
    size_t nt = 0;
    rn.block = b;
    for (size_t i = 0; i < blk->insns.len; i++) {
      IrInsn *in = &blk->insns.data[i];
      ir_insn_uses(in, rename_use, &rn);
      IrReg d = in->dst;
      if (d && d < nregs && w.split[d]) {
        uint32_t node = next++;
        if (!w.last[d])
          touched[nt++] = d;
        w.last[d] = node;
        in->dst = web_reg(&rn, node, d);
      }
    }
    for (size_t t = 0; t < nt; t++)
      w.last[touched[t]] = 0;
  }

  free(rn.reg_of);
  free(rn.taken);
  free(def_base);
  free(succ);
  free(touched);
  free(w.last);
  free(w.keys);
  free(w.vals);
  free(w.parent);
  free(w.split);
  ir_liveness_free(&w.lv);
}
