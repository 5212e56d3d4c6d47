/* Stores to private stack slots forwarded to their loads, and the
   stores nothing reads any more removed.

   A local array of pointers written and read back in one loop iteration
   (`f[i] = bpf_obj_new(...); if (!f[i]) ...; f[i]->data = i;` in the
   linked_list selftest, `struct foo *f[200]`: 1,600 bytes) needs no
   stack at all: each load reads the value the store before it wrote.
   The kernel allows 512 bytes of stack, so this decides whether such a
   program compiles (clang deletes the array the same way).

   A slot is private when no instruction can read or write it but the
   loads and stores that address it: its address, and whatever is
   computed from it (copies, arithmetic), is never stored to memory,
   returned, given to a call or to inline assembly, used by an atomic
   operation, and no volatile access touches it (nor inline assembly
   that names r10, in a function that has any).  Registers that may hold
   addresses of two slots join the slots into one class (a union-find
   over slots), private or not as a whole.  A call then cannot write a
   private slot, and a store through a register that holds no slot's
   address cannot either.

   Forwarding walks each extended basic block (a block that more than
   one edge enters, with the blocks below it that one edge each enters,
   as a tree) depth first, keeping two kinds of facts, undone on the way
   back up:
   - per register, the linear form of its value: k * R + c for a root
     register R (scalars), or a slot's address plus k * R + c (pointers
     into a slot), from moves, 64-bit additions, subtractions, shifts and
     multiplications by constants, and slot addresses;
   - the stores into private slots since the root, newest last: slot,
     index (k * R + c), size and the value stored.
   A register's write gives it a new stamp; a fact that names a register
   holds while the register keeps the stamp it had when the fact was
   made, so a write kills the facts that name it without a search.  A
   load at the same slot and index (the same root register unchanged,
   the same k and c) and of the size of the newest store that may touch
   its bytes becomes a copy of the stored value (an extension from the
   load's size when narrower than 8 bytes).  Two indexes of one root and
   one k differ by their constants, so `f[i + 1]` does not touch `f[i]`;
   a store whose index is unknown, or of another root, may touch any
   byte of its slot (through a register of unknown form: of its class).

   Afterwards, a private class of slots that no load reads any more has
   its stores removed (not one through a register that may hold another
   pointer too, from another definition: it may write elsewhere); their
   address arithmetic goes with the dead code (ir_simplify), and the
   frame layout gives no bytes to a slot that no instruction touches
   (bpf/frame.c).  */
#include "ir.h"

#include "../bpf/insn.h"
#include <string.h>

enum {
  NO_CLASS = -1,
  /* stores of one class looked at before the older ones are taken as
     overwritten: a bound on the work per access */
  CHAIN_LIMIT = 64,
};

/* --- Private slots --- */

typedef struct Privacy {
  IrFunc *f;
  int32_t *parent;   /* union-find over slots */
  int32_t *reg_cls;  /* per register: a slot of the class whose address it may hold, or NO_CLASS */
  uint8_t *escaped;  /* per slot (meaningful at class representatives) */
  /* per register: it may hold a slot's address and, from another
     definition (a parameter, a load, a call), something else */
  uint8_t *mixed;
} Privacy;

static int32_t cls_find(Privacy *p, int32_t s) {
  while (p->parent[s] != s) {
    p->parent[s] = p->parent[p->parent[s]];
    s = p->parent[s];
  }
  return s;
}

/* Join the classes of A and B (NO_CLASS: nothing); the class, or
   NO_CLASS.  */
static int32_t cls_join(Privacy *p, int32_t a, int32_t b) {
  if (a == NO_CLASS)
    return b == NO_CLASS ? NO_CLASS : cls_find(p, b);
  a = cls_find(p, a);
  if (b == NO_CLASS)
    return a;
  b = cls_find(p, b);
  if (a != b)
    p->parent[a > b ? a : b] = a < b ? a : b;
  return a < b ? a : b;
}

static int32_t val_cls(Privacy *p, IrVal v) {
  return v.kind == IV_REG && v.reg && p->reg_cls[v.reg] != NO_CLASS
             ? cls_find(p, p->reg_cls[v.reg])
             : NO_CLASS;
}

static int32_t reg_class(Privacy *p, IrReg r) { return val_cls(p, ir_reg(r)); }

/* The class of slot addresses IN writes into its destination.  */
static int32_t class_made(Privacy *p, const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_ADDR:
    return in->addr.kind == IA_SLOT ? cls_find(p, (int32_t)in->addr.slot)
                                    : reg_class(p, in->addr.base);
  case IR_MOV: case IR_ALU: case IR_NEG: case IR_EXT: case IR_BSWAP:
    return cls_join(p, val_cls(p, in->a), val_cls(p, in->b));
  default:
    return NO_CLASS;
  }
}

/* Every register's class: until nothing changes, as registers are
   written in many places.  */
static void find_classes(Privacy *p) {
  IrFunc *f = p->f;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 0; b < f->blocks.len; b++)
      for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
        const IrInsn *in = &f->blocks.data[b].insns.data[i];
        int32_t c = in->dst ? class_made(p, in) : NO_CLASS;
        if (c == NO_CLASS)
          continue;
        int32_t old = reg_class(p, in->dst);
        if (old == c)
          continue;
        p->reg_cls[in->dst] = cls_join(p, old, c);
        changed = true;
      }
  }
}

/* The registers that may hold a slot's address or another value
   (Privacy.mixed): a store through one may write elsewhere.  */
static void find_mixed(Privacy *p) {
  IrFunc *f = p->f;
  size_t nregs = f->nregs ? f->nregs : 1;
  uint8_t *other = xcalloc(nregs, 1); /* some definition holds no slot's address */
  for (int k = 0; k < f->nparams; k++)
    if (f->params[k])
      other[f->params[k]] = 1;
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      if (in->dst && class_made(p, in) == NO_CLASS)
        other[in->dst] = 1;
      if (in->op == IR_ASM)
        for (int k = 0; k < in->asm_->nops; k++)
          if (in->asm_->ops[k].is_output && in->asm_->ops[k].val.kind == IV_REG)
            other[in->asm_->ops[k].val.reg] = 1;
    }
  for (size_t r = 0; r < nregs; r++)
    p->mixed[r] = other[r] && p->reg_cls[r] != NO_CLASS;
  free(other);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 0; b < f->blocks.len; b++)
      for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
        const IrInsn *in = &f->blocks.data[b].insns.data[i];
        if (!in->dst || p->mixed[in->dst] || class_made(p, in) == NO_CLASS)
          continue;
        bool from_mixed = (in->a.kind == IV_REG && p->mixed[in->a.reg]) ||
                          (in->b.kind == IV_REG && p->mixed[in->b.reg]) ||
                          (in->op == IR_ADDR && in->addr.kind == IA_REG && p->mixed[in->addr.base]);
        if (from_mixed)
          p->mixed[in->dst] = changed = true;
      }
  }
}

static void escape(Privacy *p, int32_t c) {
  if (c != NO_CLASS)
    p->escaped[cls_find(p, c)] = 1;
}

static void escape_val(Privacy *p, IrVal v) { escape(p, val_cls(p, v)); }

/* The class of the memory a load, store or atomic IN addresses, if a
   slot's.  */
static int32_t access_class(Privacy *p, const IrInsn *in) {
  return in->addr.kind == IA_SLOT ? cls_find(p, (int32_t)in->addr.slot)
                                  : reg_class(p, in->addr.base);
}

/* The slots IN lets out of sight, or touches in ways forwarding does
   not follow.  */
static void note_escapes(Privacy *p, const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_LOAD:
    if (in->is_volatile || in->addr.core)
      escape(p, access_class(p, in));
    break;
  case IR_STORE:
    escape_val(p, in->a);
    if (in->is_volatile || in->addr.core)
      escape(p, access_class(p, in));
    break;
  case IR_ATOMIC:
    escape_val(p, in->a);
    escape_val(p, in->b);
    escape(p, access_class(p, in));
    break;
  case IR_RET: case IR_LDPKT:
    escape_val(p, in->a);
    escape_val(p, in->b);
    break;
  case IR_CALL:
    for (int k = 0; k < in->call->nargs; k++)
      escape_val(p, in->call->args[k]);
    if (in->call->kind == CALL_REG)
      escape(p, reg_class(p, in->call->target));
    break;
  case IR_ASM:
    for (int k = 0; k < in->asm_->nops; k++) {
      const IrAsmOperand *o = &in->asm_->ops[k];
      escape_val(p, o->val);
      if (o->mem && o->mem_in_slot)
        escape(p, cls_find(p, (int32_t)o->mem_slot));
    }
    break;
  default:
    break;
  }
}

/* Whether some inline assembly of F names the frame pointer: it may
   reach any slot.  */
static bool reads_frame_pointer(const IrFunc *f) {
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      if (in->op == IR_ASM && in->asm_->templ && strstr(in->asm_->templ, "r10"))
        return true;
    }
  return false;
}

static void privacy_build(Privacy *p, IrFunc *f) {
  size_t ns = f->slots.len, nregs = f->nregs ? f->nregs : 1;
  *p = (Privacy){.f = f};
  p->parent = xmalloc((ns + 1) * sizeof *p->parent);
  for (size_t s = 0; s < ns; s++)
    p->parent[s] = (int32_t)s;
  p->reg_cls = xmalloc(nregs * sizeof *p->reg_cls);
  for (size_t r = 0; r < nregs; r++)
    p->reg_cls[r] = NO_CLASS;
  p->escaped = xcalloc(ns + 1, 1);
  p->mixed = xcalloc(nregs, 1);
  find_classes(p);
  find_mixed(p);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      note_escapes(p, &f->blocks.data[b].insns.data[i]);
  bool all = reads_frame_pointer(f);
  for (size_t s = 0; s < ns; s++)
    if (all || f->slots.data[s].natural_align) /* natural_align: a volatile scalar's */
      escape(p, (int32_t)s);
}

static bool class_private(Privacy *p, int32_t c) {
  return c != NO_CLASS && !p->escaped[cls_find(p, c)];
}

static void privacy_free(Privacy *p) {
  free(p->parent);
  free(p->reg_cls);
  free(p->escaped);
  free(p->mixed);
}

/* --- Linear forms --- */

/* A value: SLOT's address (NO_CLASS: none, a scalar) plus k * ROOT + c
   (ROOT 0: none, k 0).  Arithmetic wraps as the machine's does.  */
typedef struct Form {
  int32_t slot;
  IrReg root;
  uint32_t root_stamp;
  uint64_t k, c;
} Form;

/* What is known of a register written with stamp SELF: its form (when
   KNOWN), and whether it holds a value extended from its low EXT bytes
   (a narrow load's or an extension's; 0: not known), sign-extended when
   EXT_SIGN.  */
typedef struct RegForm {
  Form form;
  uint32_t self;
  bool known;
  uint8_t ext;
  bool ext_sign;
} RegForm;

/* A store into a private slot: *(SIZE)(slot + k * root + c) = VAL.  */
typedef struct StoreFact {
  Form at;
  uint8_t size;
  IrVal val;
  uint32_t val_stamp;
  int32_t cls;
  uint32_t prev;  /* the class's previous store + 1 (0: none) */
  bool alive;     /* not overwritten by a later store */
} StoreFact;

/* An undo record: what a step changed, to be put back.  */
typedef enum UndoKind { UNDO_STAMP, UNDO_FORM, UNDO_ALIVE, UNDO_HEAD, UNDO_FLOOR } UndoKind;
typedef struct Undo {
  uint8_t kind;
  uint32_t index;
  uint32_t old;
  RegForm old_form;
} Undo;

typedef struct Forward {
  IrFunc *f;
  Privacy *priv;
  uint32_t clock;
  uint32_t *stamp;     /* per register */
  RegForm *form;       /* per register */
  VEC(StoreFact) stores;
  uint32_t *head;      /* per class representative: its newest store + 1 */
  uint32_t *floor;     /* per class representative: stores below are overwritten */
  VEC(Undo) undo;
  uint32_t forwarded;
} Forward;

static void set_u32(Forward *fw, UndoKind kind, uint32_t *place, uint32_t index, uint32_t v) {
  Undo u = {(uint8_t)kind, index, *place, {{0}, 0, false, 0, false}};
  vec_push(&fw->undo, u);
  *place = v;
}

/* Register R is written: a new stamp, and FORM (when KNOWN) as its form.  */
static void write_reg(Forward *fw, IrReg r, const Form *form, bool known) {
  set_u32(fw, UNDO_STAMP, &fw->stamp[r], r, ++fw->clock);
  Undo u = {UNDO_FORM, r, 0, fw->form[r]};
  vec_push(&fw->undo, u);
  fw->form[r] = (RegForm){known ? *form : (Form){0}, fw->stamp[r], known, 0, false};
}

static void undo_to(Forward *fw, size_t mark) {
  while (fw->undo.len > mark) {
    Undo *u = &fw->undo.data[--fw->undo.len];
    switch ((UndoKind)u->kind) {
    case UNDO_STAMP: fw->stamp[u->index] = u->old; break;
    case UNDO_FORM: fw->form[u->index] = u->old_form; break;
    case UNDO_ALIVE: fw->stores.data[u->index].alive = u->old != 0; break;
    case UNDO_HEAD: fw->head[u->index] = u->old; break;
    case UNDO_FLOOR: fw->floor[u->index] = u->old; break;
    }
  }
}

static bool root_holds(const Forward *fw, const Form *x) {
  return !x->root || fw->stamp[x->root] == x->root_stamp;
}

/* The form of V where the walk is: its register's if that holds, else
   the register itself as root; false for a register that may hold a
   slot's address in a form not known here.  */
static bool form_of(const Forward *fw, IrVal v, Form *out) {
  if (v.kind == IV_IMM) {
    *out = (Form){NO_CLASS, 0, 0, 0, (uint64_t)v.imm};
    return true;
  }
  if (v.kind != IV_REG || !v.reg)
    return false;
  const RegForm *rf = &fw->form[v.reg];
  if (rf->known && rf->self == fw->stamp[v.reg] && root_holds(fw, &rf->form)) {
    *out = rf->form;
    return true;
  }
  if (fw->priv->reg_cls[v.reg] != NO_CLASS)
    return false;
  *out = (Form){NO_CLASS, v.reg, fw->stamp[v.reg], 1, 0};
  return true;
}

/* SLOT + K * ROOT + C, with no root when K is 0.  */
static Form make_form(int32_t slot, IrReg root, uint32_t stamp, uint64_t k, uint64_t c) {
  return k && root ? (Form){slot, root, stamp, k, c} : (Form){slot, 0, 0, 0, c};
}

/* X + Y (X - Y when SUBTRACT), when the roots agree (or one has none)
   and at most one is an address (not the one subtracted).  */
static bool add_forms(const Form *x, const Form *y, bool subtract, Form *out) {
  if (y->slot != NO_CLASS && (x->slot != NO_CLASS || subtract))
    return false;
  if (x->root && y->root && (x->root != y->root || x->root_stamp != y->root_stamp))
    return false;
  uint64_t k = subtract ? x->k - y->k : x->k + y->k;
  uint64_t c = subtract ? x->c - y->c : x->c + y->c;
  IrReg root = x->root ? x->root : y->root;
  uint32_t stamp = x->root ? x->root_stamp : y->root_stamp;
  *out = make_form(x->slot != NO_CLASS ? x->slot : y->slot, root, stamp, k, c);
  return true;
}

/* The form of IN's result, from its operands before it runs.  */
static bool form_made(const Forward *fw, const IrInsn *in, Form *out) {
  Form x, y;
  switch ((IrOp)in->op) {
  case IR_MOV:
    return !in->core && form_of(fw, in->a, out);
  case IR_ADDR:
    if (in->addr.core)
      return false;
    if (in->addr.kind == IA_SLOT) {
      *out = (Form){(int32_t)in->addr.slot, 0, 0, 0, (uint64_t)in->addr.off};
      return true;
    }
    if (!form_of(fw, ir_reg(in->addr.base), &x) || x.slot == NO_CLASS)
      return false;
    *out = x;
    out->c += (uint64_t)in->addr.off;
    return true;
  case IR_ALU:
    if (in->w32 || in->core || !form_of(fw, in->a, &x) || !form_of(fw, in->b, &y))
      return false;
    switch (in->alu) {
    case BPF_ALU_ADD:
      if (x.slot != NO_CLASS || y.slot == NO_CLASS)
        return add_forms(&x, &y, false, out);
      return add_forms(&y, &x, false, out);
    case BPF_ALU_SUB:
      return add_forms(&x, &y, true, out);
    case BPF_ALU_LSH:
      if (x.slot != NO_CLASS || y.root || y.c >= 64)
        return false;
      *out = make_form(NO_CLASS, x.root, x.root_stamp, x.k << y.c, x.c << y.c);
      return true;
    case BPF_ALU_MUL:
      if (x.slot != NO_CLASS || y.slot != NO_CLASS || (x.root && y.root))
        return false;
      if (y.root) {
        Form t = x;
        x = y, y = t;
      }
      *out = make_form(NO_CLASS, x.root, x.root_stamp, x.k * y.c, x.c * y.c);
      return true;
    default:
      return false;
    }
  default:
    return false;
  }
}

/* The address IN accesses, as a form into a slot.  */
static bool access_form(const Forward *fw, const IrInsn *in, Form *out) {
  if (in->addr.core)
    return false;
  if (in->addr.kind == IA_SLOT) {
    *out = (Form){(int32_t)in->addr.slot, 0, 0, 0, (uint64_t)in->addr.off};
    return true;
  }
  if (!form_of(fw, ir_reg(in->addr.base), out) || out->slot == NO_CLASS)
    return false;
  out->c += (uint64_t)in->addr.off;
  return true;
}

/* How [A, A + ASIZE) and [B, B + BSIZE) of one slot relate: 0 apart, 1
   the same bytes, 2 overlapping otherwise or not known.  */
static int compare_places(const Forward *fw, const Form *a, unsigned asize, const Form *b,
                          unsigned bsize) {
  if (a->slot != b->slot)
    return 0;
  if (a->root != b->root || a->k != b->k || (a->root && a->root_stamp != b->root_stamp) ||
      !root_holds(fw, a))
    return 2;
  int64_t d = (int64_t)(a->c - b->c);
  if (d == 0 && asize == bsize)
    return 1;
  return d > -(int64_t)asize && d < (int64_t)bsize ? 2 : 0;
}

/* The store LOAD may read, if it is one whose value can be read at the
   same place and size: the newest of its class's stores that may touch
   its bytes.  */
static const StoreFact *store_read(const Forward *fw, int32_t cls, const Form *at, unsigned size) {
  int steps = 0;
  for (uint32_t s = fw->head[cls]; s > fw->floor[cls] && steps < CHAIN_LIMIT; steps++) {
    const StoreFact *st = &fw->stores.data[s - 1];
    s = st->prev;
    if (!st->alive)
      continue;
    int rel = compare_places(fw, &st->at, st->size, at, size);
    if (rel == 0)
      continue;
    if (rel == 2)
      return NULL;
    if (st->val.kind == IV_REG && fw->stamp[st->val.reg] != st->val_stamp)
      return NULL;
    return st;
  }
  return NULL;
}

static void kill_store(Forward *fw, uint32_t index) {
  Undo u = {UNDO_ALIVE, index, 1, {{0}, 0, false, 0, false}};
  vec_push(&fw->undo, u);
  fw->stores.data[index].alive = false;
}

/* A store at AT of SIZE bytes into class CLS: the stores it may
   overwrite are no longer read (all of them when AT is NULL).  */
static void overwrite(Forward *fw, int32_t cls, const Form *at, unsigned size) {
  int steps = 0;
  uint32_t s = fw->head[cls];
  for (; at && s > fw->floor[cls] && steps < CHAIN_LIMIT; steps++) {
    StoreFact *st = &fw->stores.data[s - 1];
    uint32_t index = s - 1;
    s = st->prev;
    if (st->alive && compare_places(fw, &st->at, st->size, at, size) != 0)
      kill_store(fw, index);
  }
  if (!at || s > fw->floor[cls]) /* unknown place, or too many to look at */
    set_u32(fw, UNDO_FLOOR, &fw->floor[cls], (uint32_t)cls, (uint32_t)fw->stores.len);
}

static void remember_store(Forward *fw, int32_t cls, const Form *at, const IrInsn *in) {
  StoreFact st = {*at, in->size, in->a, 0, cls, fw->head[cls], true};
  if (in->a.kind == IV_REG)
    st.val_stamp = fw->stamp[in->a.reg];
  vec_push(&fw->stores, st);
  set_u32(fw, UNDO_HEAD, &fw->head[cls], (uint32_t)cls, (uint32_t)fw->stores.len);
}

/* Whether register R, as the walk knows it, is already what extending
   its low SIZE bytes (sign-extending when SIGN) gives.  */
static bool already_extended(const Forward *fw, IrReg r, unsigned size, bool sign) {
  const RegForm *rf = &fw->form[r];
  if (rf->self != fw->stamp[r] || !rf->ext || rf->ext > size)
    return false;
  return rf->ext_sign == sign || (!rf->ext_sign && rf->ext < size);
}

/* LOAD becomes the value ST stored.  */
static void forward_load(const Forward *fw, IrInsn *load, const StoreFact *st) {
  IrReg dst = load->dst;
  bool sign = load->sign;
  unsigned size = load->size;
  SrcLoc loc = load->loc;
  memset(load, 0, sizeof *load);
  load->dst = dst;
  load->loc = loc;
  if (st->val.kind == IV_IMM && size < 8) {
    unsigned sh = 64 - size * 8;
    uint64_t u = (uint64_t)st->val.imm << sh;
    load->op = IR_MOV;
    load->a = ir_imm(sign ? (int64_t)u >> sh : (int64_t)(u >> sh));
  } else if (size < 8 && !already_extended(fw, st->val.reg, size, sign)) {
    load->op = IR_EXT;
    load->a = st->val;
    load->size = (uint8_t)size;
    load->sign = sign;
  } else {
    load->op = IR_MOV;
    load->a = st->val;
  }
}

/* An ir_insn_regs visitor: each register written gets a new stamp and
   no form.  */
static void note_write(void *ctx, IrReg r, bool def) {
  if (def)
    write_reg(ctx, r, NULL, false);
}

/* One instruction of the walk.  */
static void forward_step(Forward *fw, IrInsn *in) {
  Privacy *p = fw->priv;
  Form at;
  if (in->op == IR_LOAD && !in->is_volatile && class_private(p, access_class(p, in)) &&
      access_form(fw, in, &at)) {
    const StoreFact *st = store_read(fw, cls_find(p, at.slot), &at, in->size);
    if (st) {
      forward_load(fw, in, st);
      fw->forwarded++;
    }
  } else if (in->op == IR_STORE && class_private(p, access_class(p, in))) {
    int32_t cls = access_class(p, in);
    bool known = access_form(fw, in, &at);
    overwrite(fw, cls, known ? &at : NULL, in->size);
    if (known && (in->a.kind == IV_IMM || (in->a.kind == IV_REG && in->a.reg)))
      remember_store(fw, cls, &at, in);
  }
  Form made;
  bool known = in->dst && form_made(fw, in, &made);
  ir_insn_regs(in, note_write, fw);
  if (known)
    write_reg(fw, in->dst, &made, true);
  if (in->dst && ((in->op == IR_LOAD && in->size < 8) || in->op == IR_EXT)) {
    fw->form[in->dst].ext = in->size; /* undone with the write's record */
    fw->form[in->dst].ext_sign = in->sign;
  }
}

/* --- The walk over extended basic blocks --- */

static uint32_t successors(const IrBlock *b, uint32_t succ[2]) {
  if (!b->insns.len)
    return 0;
  const IrInsn *t = &b->insns.data[b->insns.len - 1];
  if (t->op == IR_JMP)
    return succ[0] = t->then_, 1;
  if (t->op == IR_BR)
    return succ[0] = t->then_, succ[1] = t->else_, 2;
  return 0;
}

/* Whether block B begins an extended basic block of its own.  */
static bool is_root(const IrFunc *f, const uint32_t *npreds, uint32_t b) {
  return b == 0 || npreds[b] != 1 || f->blocks.data[b].asm_target;
}

typedef struct WalkItem {
  uint32_t block;
  bool leave;        /* undo the block's facts */
  size_t undo_mark, store_mark;
} WalkItem;

static void walk_tree(Forward *fw, const uint32_t *npreds, uint32_t root) {
  IrFunc *f = fw->f;
  VEC(WalkItem) stack = {0};
  WalkItem first = {root, false, 0, 0};
  vec_push(&stack, first);
  while (stack.len) {
    WalkItem it = stack.data[--stack.len];
    if (it.leave) {
      undo_to(fw, it.undo_mark);
      fw->stores.len = it.store_mark;
      continue;
    }
    WalkItem leave = {it.block, true, fw->undo.len, fw->stores.len};
    vec_push(&stack, leave);
    IrBlock *blk = &f->blocks.data[it.block];
    for (size_t i = 0; i < blk->insns.len; i++)
      forward_step(fw, &blk->insns.data[i]);
    uint32_t succ[2];
    for (uint32_t k = 0, n = successors(blk, succ); k < n; k++)
      if (!is_root(f, npreds, succ[k]) && succ[k] != it.block) {
        WalkItem child = {succ[k], false, 0, 0};
        vec_push(&stack, child);
      }
  }
  vec_free(&stack);
}

static void forward_all(Forward *fw) {
  IrFunc *f = fw->f;
  uint32_t *npreds = ir_predecessor_counts(f);
  for (uint32_t b = 0; b < f->blocks.len; b++)
    if (is_root(f, npreds, b) && f->blocks.data[b].insns.len)
      walk_tree(fw, npreds, b);
  free(npreds);
}

/* --- Stores nothing reads --- */

/* Remove the stores into private classes that no load reads; how many.
   A store through a register that may also point elsewhere stays.  */
static uint32_t remove_unread_stores(IrFunc *f, Privacy *p) {
  size_t ns = f->slots.len;
  uint8_t *read = xcalloc(ns + 1, 1);
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
      const IrInsn *in = &f->blocks.data[b].insns.data[i];
      int32_t c = in->op == IR_LOAD ? access_class(p, in) : NO_CLASS;
      if (c != NO_CLASS)
        read[c] = 1;
    }
  uint32_t removed = 0;
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    size_t m = 0;
    for (size_t i = 0; i < blk->insns.len; i++) {
      const IrInsn *in = &blk->insns.data[i];
      int32_t c = in->op == IR_STORE ? access_class(p, in) : NO_CLASS;
      bool elsewhere = c != NO_CLASS && in->addr.kind == IA_REG && p->mixed[in->addr.base];
      if (class_private(p, c) && !read[c] && !elsewhere) {
        removed++;
        continue;
      }
      blk->insns.data[m++] = *in;
    }
    blk->insns.len = m;
  }
  free(read);
  return removed;
}

bool ir_forward_slot_stores(IrFunc *f) {
  if (!f->slots.len)
    return false;
  Privacy p;
  privacy_build(&p, f);
  bool any_private = false;
  for (size_t s = 0; s < f->slots.len; s++)
    any_private |= class_private(&p, (int32_t)s);
  uint32_t changed = 0;
  if (any_private) {
    size_t nregs = f->nregs ? f->nregs : 1, ns = f->slots.len;
    Forward fw = {.f = f, .priv = &p};
    fw.stamp = xcalloc(nregs, sizeof *fw.stamp);
    fw.form = xcalloc(nregs, sizeof *fw.form);
    fw.head = xcalloc(ns + 1, sizeof *fw.head);
    fw.floor = xcalloc(ns + 1, sizeof *fw.floor);
    forward_all(&fw);
    changed = fw.forwarded;
    free(fw.stamp);
    free(fw.form);
    free(fw.head);
    free(fw.floor);
    vec_free(&fw.stores);
    vec_free(&fw.undo);
    changed += remove_unread_stores(f, &p);
  }
  privacy_free(&p);
  return changed > 0;
}
