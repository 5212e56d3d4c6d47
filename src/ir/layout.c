/* Block layout: the order the code generator places blocks in.

   A jump to the block placed next costs nothing (it falls through), and a
   conditional branch whose one target is placed next is one instruction
   instead of two (`if c goto A; goto B`).  The lowering makes blocks in
   the order it meets the C, which scatters a branch's targets: the code
   after an `if` is made after everything inside it, inlined functions
   and unrolled loops interleave their blocks.  So the blocks are laid out
   in chains: from a chain's first block, each block is followed by one of
   its successors not yet placed (for a branch, its else side: the
   branch is never inverted, so the verifier, which follows the fall-through
   path first and comes back to the taken one, explores a program's paths
   in the order of the lowering's `if c goto then; goto else` -- the order
   decides whether an open-coded iterator's loop converges, as in the
   selftests' iter_obfuscate_counter -- and JSET, which has no inverse,
   needs no second jump), until every successor is placed; the next chain starts at the first unplaced block the lowering
   made.  The entry stays first; empty (unreachable) blocks go last.

   Only the placement changes: the blocks keep their numbers, and the
   register allocator's positions still follow the lowering's order, in
   which a loop's blocks are together (a loop's latch placed at the end
   of the function would stretch every value live in the loop over all
   the code placed between).  Moving whole blocks changes no path
   through the program: every access stays behind the checks that guard
   it.  */
#include "ir.h"

#include <stdlib.h>

/* B's successors, preferred first, into SUCC; their number.  */
static uint32_t layout_successors(const IrBlock *b, uint32_t succ[2]) {
  if (!b->insns.len)
    return 0;
  const IrInsn *t = &b->insns.data[b->insns.len - 1];
  if (t->op == IR_JMP) {
    succ[0] = t->then_;
    return 1;
  }
  if (t->op != IR_BR)
    return 0;
  succ[0] = t->else_;
  succ[1] = t->then_;
  return 2;
}

uint32_t *ir_layout(const IrFunc *f) {
  size_t nb = f->blocks.len;
  uint32_t *order = xmalloc(nb * sizeof *order);
  uint8_t *placed = xcalloc(nb, 1);
  size_t n = 0;
  for (size_t start = 0; start < nb; start++) {
    uint32_t b = (uint32_t)start;
    while (!placed[b] && f->blocks.data[b].insns.len) {
      placed[b] = 1;
      order[n++] = b;
      uint32_t succ[2], ns = layout_successors(&f->blocks.data[b], succ), k = 0;
      while (k < ns && (placed[succ[k]] || !f->blocks.data[succ[k]].insns.len))
        k++;
      if (k == ns)
        break;
      b = succ[k];
    }
  }
  for (size_t b = 0; b < nb; b++)
    if (!placed[b])
      order[n++] = (uint32_t)b;
  free(placed);
  return order;
}
