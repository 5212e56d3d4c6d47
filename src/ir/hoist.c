/* Constants hoisted into the branch before them.

   `x = cond1 ? 1 : cond2 ? 2 : 3`, an inlined function's early returns
   of constants, and every `if (...) { x = K; } else ...` that joins again
   make blocks that only set one register and jump on to the join:

       if c goto S else T      S: x = K; goto J

   Such a copy can run before the branch instead, when the other side T
   does not read x's old value (x is not live on entry to T): then the
   branch goes straight to J, and S's jump is gone:

       x = K; if c goto J else T

   which is the code clang makes for a chain of such tests.  Only
   constants move: a copy of a register would read it on the path to T
   too, where the register may never have been written (`result` of
   `if (ip) result = ...; else if (ip6) result = ...;` read only after a
   test that fails without either), and the verifier rejects reading a
   register nothing wrote.  The branch must not read x (it would see the
   new value).  Only S with this one predecessor moves, so the code only
   shrinks; the path through T runs one copy more, whose value T
   overwrites or never reads.  Moving a constant above a branch moves no
   memory access and no pointer arithmetic: the checks that guard
   accesses stay where they are.  */
#include "ir.h"

#include <stdlib.h>

static bool reads_reg(const IrInsn *in, IrReg r) {
  return (in->a.kind == IV_REG && in->a.reg == r) || (in->b.kind == IV_REG && in->b.reg == r);
}

/* B: the one-copy block that hoisting may empty into its branch.  */
static bool is_copy_block(const IrBlock *b) {
  if (b->asm_target || b->insns.len != 2)
    return false;
  const IrInsn *c = &b->insns.data[0], *j = &b->insns.data[1];
  return c->op == IR_MOV && c->dst && c->a.kind == IV_IMM && !c->core && j->op == IR_JMP;
}

bool ir_hoist_copies(IrFunc *f) {
  size_t nb = f->blocks.len;
  uint32_t *npreds = ir_predecessor_counts(f);
  IrLiveness lv;
  ir_liveness(f, &lv);
  bool changed = false;
  for (size_t b = 0; b < nb; b++) {
    IrBlock *blk = &f->blocks.data[b];
    if (!blk->insns.len)
      continue;
    IrInsn *br = &blk->insns.data[blk->insns.len - 1];
    if (br->op != IR_BR)
      continue;
    for (int side = 0; side < 2; side++) {
      uint32_t s = side ? br->else_ : br->then_, t = side ? br->then_ : br->else_;
      const IrBlock *sb = &f->blocks.data[s];
      if (s == b || s == t || npreds[s] != 1 || !is_copy_block(sb))
        continue;
      const IrInsn *copy = &sb->insns.data[0];
      IrReg x = copy->dst;
      if (reads_reg(br, x) || ir_live_has(&lv, lv.in, t, x))
        continue;
      IrInsn moved = *copy, branch = *br;
      uint32_t join = sb->insns.data[1].then_;
      if (side)
        branch.else_ = join;
      else
        branch.then_ = join;
      *br = moved;
      vec_push(&blk->insns, branch);
      f->blocks.data[s].insns.len = 0;
      npreds[s] = 0;
      changed = true;
      break; /* the block's branch changed: its other side next time */
    }
  }
  ir_liveness_free(&lv);
  free(npreds);
  return changed;
}
