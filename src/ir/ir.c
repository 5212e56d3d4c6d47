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
  IrSlot s = {size > 0 ? size : 1, align ? align : 1, 0, name};
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
  for (size_t i = 0; i < n; i++)
    if (f->blocks.data[i].asm_target && !f->blocks.data[i].reachable) {
      f->blocks.data[i].reachable = true;
      stack[sp++] = (uint32_t)i;
    }
  while (sp) {
    IrBlock *b = &f->blocks.data[stack[--sp]];
    for (size_t k = 0; k < b->insns.len; k++) {
      IrInsn *in = &b->insns.data[k];
      uint32_t succ[2];
      int ns = 0;
      if (in->op == IR_JMP)
        succ[ns++] = in->then_;
      else if (in->op == IR_BR) {
        succ[ns++] = in->then_;
        succ[ns++] = in->else_;
      }
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

static void count_read(void *ctx, IrReg r, bool def) {
  if (!def)
    ((uint32_t *)ctx)[r]++;
}

static void uncount_read(void *ctx, IrReg r, bool def) {
  if (!def)
    ((uint32_t *)ctx)[r]--;
}

/* Remove pure instructions whose result nothing reads, until none is
   left: a parameter copied into a local that is never used then reads
   no argument register at all.  */
static void remove_dead(IrFunc *f) {
  uint32_t *reads = xcalloc(f->nregs ? f->nregs : 1, sizeof *reads);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      ir_insn_regs(&f->blocks.data[b].insns.data[i], count_read, reads);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 0; b < f->blocks.len; b++) {
      IrBlock *blk = &f->blocks.data[b];
      size_t m = 0;
      for (size_t i = 0; i < blk->insns.len; i++) {
        IrInsn *in = &blk->insns.data[i];
        if (is_pure(in) && in->dst && !reads[in->dst]) {
          ir_insn_regs(in, uncount_read, reads);
          changed = true;
          continue;
        }
        blk->insns.data[m++] = *in;
      }
      blk->insns.len = m;
    }
  }
  free(reads);
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
  for (size_t i = 0; i < f->blocks.len; i++) {
    IrBlock *b = &f->blocks.data[i];
    IrInsn *t = &b->insns.data[b->insns.len - 1];
    if (t->op == IR_JMP || t->op == IR_BR)
      t->then_ = thread_target(f, t->then_);
    if (t->op == IR_BR) {
      t->else_ = thread_target(f, t->else_);
      if (t->then_ == t->else_)
        t->op = IR_JMP;
    }
  }
  mark_reachable(f);
  for (size_t i = 0; i < f->blocks.len; i++)
    if (!f->blocks.data[i].reachable)
      f->blocks.data[i].insns.len = 0;
  remove_dead(f);
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
