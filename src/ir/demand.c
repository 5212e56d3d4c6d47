/* Demanded bytes: extensions whose upper bytes nothing reads.

   The IR holds every value extended to 64 bits (ir.h), so a C `int`
   read from memory is sign-extended at once (on CPU v1-v3 two shifts
   after the load), and a `u64` narrowed to `u32` is zero-extended, even
   when the value only goes on to a 32-bit store or a 32-bit operation,
   which read its low bytes alone.  For each register, the number of low
   bytes its readers can observe is the largest any reader demands: a
   store of N bytes demands N of the value it stores, a 32-bit operation
   or branch 4 of each operand, a kfunc its narrow integer arguments'
   width (IrCall.arg_bytes), a struct_ops program the width of its
   result (IrFunc.ret_bytes); a copy, a negation and the operations
   whose low result bytes depend only on the operands' low bytes (add,
   sub, mul, and, or, xor, and the shifted value of a left shift) demand
   of their operands what their own result is demanded; an extension
   from N bytes at most N; every other read (addresses, 64-bit compares,
   calls, returns, divisions, right shifts, inline assembly) all 8.  The
   demands only grow, so rounds over the function until nothing changes
   reach the fixed point.

   Then an extension from N bytes whose result is demanded N bytes or
   fewer is a copy, and a sign-extending load of N bytes whose result is
   demanded N bytes or fewer loads without extending.  The bytes that
   change are ones no instruction reads, so the program computes what it
   did; the verifier sees every value that is compared, used in an
   address or passed on in full, as before.  */
#include "ir.h"

#include "../bpf/insn.h"
#include <stdlib.h>

typedef struct Demand {
  uint8_t *bytes; /* per register */
  unsigned ret_bytes; /* of a returned value */
  bool changed;
} Demand;

static void demand(Demand *dm, IrVal v, unsigned bytes) {
  if (v.kind == IV_REG && v.reg && dm->bytes[v.reg] < bytes) {
    dm->bytes[v.reg] = (uint8_t)bytes;
    dm->changed = true;
  }
}

static void demand_whole(void *ctx, IrReg r, bool def) {
  if (!def)
    demand(ctx, ir_reg(r), 8);
}

/* ALU operations whose result's low N bytes need only the operands' low
   N bytes (of a shift, only the shifted value's).  */
static bool low_bytes_op(unsigned alu) {
  switch (alu) {
  case BPF_ALU_ADD: case BPF_ALU_SUB: case BPF_ALU_MUL: case BPF_ALU_AND:
  case BPF_ALU_OR: case BPF_ALU_XOR: case BPF_ALU_LSH:
    return true;
  }
  return false;
}

static void demand_of(Demand *dm, const IrInsn *in) {
  unsigned mine = in->dst ? dm->bytes[in->dst] : 8;
  switch ((IrOp)in->op) {
  case IR_STORE:
    if (in->addr.kind == IA_REG)
      demand(dm, ir_reg(in->addr.base), 8);
    demand(dm, in->a, in->size < 8 ? in->size : 8);
    return;
  case IR_MOV:
    demand(dm, in->a, mine);
    return;
  case IR_NEG:
    demand(dm, in->a, in->w32 && mine > 4 ? 4 : mine);
    return;
  case IR_EXT:
    demand(dm, in->a, in->size < mine ? in->size : mine);
    return;
  case IR_ALU:
    if (in->sign && (in->alu == BPF_ALU_DIV || in->alu == BPF_ALU_MOD) && !in->w32)
      break;
    if (in->w32) {
      demand(dm, in->a, 4);
      demand(dm, in->b, 4);
    } else if (low_bytes_op(in->alu)) {
      demand(dm, in->a, mine);
      demand(dm, in->b, in->alu == BPF_ALU_LSH ? 8 : mine);
    } else {
      break;
    }
    return;
  case IR_BR:
    demand(dm, in->a, in->w32 ? 4 : 8);
    demand(dm, in->b, in->w32 ? 4 : 8);
    return;
  case IR_RET:
    demand(dm, in->a, dm->ret_bytes);
    return;
  case IR_CALL:
    if (in->call->kind == CALL_REG)
      break;
    for (int k = 0; k < in->call->nargs; k++)
      demand(dm, in->call->args[k], in->call->arg_bytes[k] ? in->call->arg_bytes[k] : 8);
    return;
  default:
    break;
  }
  ir_insn_regs(in, demand_whole, dm);
}

void ir_narrow_demanded(IrFunc *f) {
  Demand dm = {xcalloc(f->nregs ? f->nregs : 1, 1), f->ret_bytes ? f->ret_bytes : 8, true};
  while (dm.changed) {
    dm.changed = false;
    for (size_t b = 0; b < f->blocks.len; b++)
      for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
        demand_of(&dm, &f->blocks.data[b].insns.data[i]);
  }
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      IrInsn *in = &f->blocks.data[b].insns.data[i];
      if (!in->dst || dm.bytes[in->dst] > in->size)
        continue;
      if (in->op == IR_EXT) {
        in->op = IR_MOV;
        in->size = 0;
        in->sign = false;
      } else if (in->op == IR_LOAD && in->sign) {
        in->sign = false;
      }
    }
  free(dm.bytes);
}
