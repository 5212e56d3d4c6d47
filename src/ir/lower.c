/* Lowering the typed tree of a function (sema/tree.h) to the IR.

   Storage: a local (or parameter) of scalar type whose address is never
   taken and that is not volatile lives in an IR register; every other
   local gets a frame slot.  Objects with static storage are reached
   through their symbols (IR_SYM, then loads and stores through the
   register).

   Values keep the IR's canonical 64-bit form (ir.h): `convert` is the
   one place where C's integer conversions become extensions, and the
   arithmetic of 32-bit types is done with 32-bit operations where the
   result may wrap (add, sub, mul, shl, neg), then sign-extended for
   signed types.

   Conditions are lowered as control flow (`cond`): && and || and !
   never build values unless a value is asked for.  Aggregates are
   handled by address: an expression of struct or union type yields the
   address of its object.  */
#include "lower.h"

#include "../lang/attrs.h"
#include "../sema/decl.h"
#include "../sema/tree_walk.h"

#include "../bpf/insn.h"
#include "../util/ctx.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Storage {
  Decl *decl;
  bool in_slot;
  IrReg reg;
  uint32_t slot;
  bool known;    /* an inlined parameter bound to a constant it keeps, or
                    a const local set to a constant */
  int64_t value;
} Storage;

typedef struct LabelBlock {
  Ident *name;
  uint32_t block;
} LabelBlock;

typedef struct CaseBlock {
  const Node *node;
  uint32_t block;
} CaseBlock;

/* The counter of a completely unrolled loop and the value it has in the
   copy being lowered; OUTER: the enclosing unrolled loop's (a nested
   loop's copies read both counters as constants).  */
typedef struct Unrolled {
  Decl *var;
  int64_t value;
  const struct Unrolled *outer;
} Unrolled;

typedef struct Lower {
  LowerEnv *env;
  IrFunc *f;
  uint32_t cur;
  VEC(Storage *) vars;
  VEC(LabelBlock) labels;
  VEC(CaseBlock) cases;
  VEC(Decl *) addressed; /* locals whose address is taken */
  uint32_t break_to, continue_to; /* UINT32_MAX: none */
  Type *ret_type;
  /* Inlining: where a return goes inside an inlined body (NO_BLOCK at
     the top level), the register or slot of its value, the depth.  */
  uint32_t ret_block;
  IrReg ret_reg;
  bool ret_in_slot;
  uint32_t ret_slot;
  int inline_depth;
  /* Variables with a cleanup attribute in scope, innermost last; the
     marks say how many were in scope where break/continue lead and at
     the start of the (inlined) function.  */
  VEC(Decl *) cleanups;
  size_t break_mark, continue_mark, ret_mark;
  int force_pai; /* inside __builtin_preserve_access_index: every record
                    access is relocated */
  /* Frame slots of the locals in scope (innermost last).  Each slot
     knows its scope (IrSlot.scope_from/to, in blocks' `order`, counted
     by ORDER): from the start of the innermost block or function around
     its object (SCOPE_FROM) to the end of that scope; the frame layout
     lets slots share bytes by that and by their uses (bpf/frame.c).  */
  VEC(uint32_t) scope_slots;
  uint32_t order, scope_from;
  /* In copies of completely unrolled loops: their counters and the
     values they have in these copies, innermost first (reads of them
     are those constants).  */
  const struct Unrolled *unrolled;
  /* Objects with static storage read since the block began and not
     written since (anything but a stack store may write them): a second
     read is the first one's value.  The verifier bounds a register by
     the checks on it, so `if (i < N) a[i]` must index with the register
     it checked, as GCC and clang do by not loading twice.  */
  struct { Decl *decl; IrVal val; } loads[8];
  int nloads;
  bool failed;
} Lower;

enum { NO_BLOCK = UINT32_MAX };

static IrVal expr(Lower *L, const Node *n);
static void stmt(Lower *L, const Node *n);
static void cond(Lower *L, const Node *n, uint32_t t, uint32_t f);
static void branch_w(Lower *L, unsigned c, bool w32, IrVal a, IrVal b, uint32_t t, uint32_t f,
                     SrcLoc loc);
static IrAddr lvalue_addr(Lower *L, const Node *n);
static IrAddr ptr_addr(Lower *L, const Node *p);
static IrAddr addr_plain(Lower *L, IrAddr a, SrcLoc loc);
static IrVal core_value(Lower *L, int64_t value, IrCore *core, SrcLoc loc);
static IrVal convert(Lower *L, IrVal v, Type *from, Type *to, SrcLoc loc);
static void init_slot(Lower *L, Storage *s, const Init *in, SrcLoc loc);

static void fail(Lower *L, SrcLoc loc, const char *msg) {
  if (!L->failed)
    diag_error(loc, "%s", msg);
  L->failed = true;
}

/* --- Types --- */

static bool is_signed_int(Type *t) {
  return type_is_integer(t) && type_is_signed(t) && type_kind(t) != TY_BOOL;
}

static int64_t size_of(Type *t) {
  int64_t s = type_size(t);
  return s < 0 ? 0 : s;
}

static bool is_aggregate(Type *t) {
  TypeKind k = type_kind(t);
  return k == TY_STRUCT || k == TY_UNION || k == TY_ARRAY || k == TY_COMPLEX ||
         k == TY_VECTOR;
}

static bool is_float(Type *t) { return type_is_real_float(t); }

/* --- Emission helpers --- */

static IrInsn *add(Lower *L, IrOp op, SrcLoc loc) {
  if (op == IR_CALL || op == IR_ATOMIC || op == IR_ASM || op == IR_LDPKT)
    L->nloads = 0; /* may write any memory */
  return ir_append(L->f, L->cur, op, loc);
}

static IrReg new_reg(Lower *L) { return ir_new_reg(L->f); }

static void jump(Lower *L, uint32_t to, SrcLoc loc) {
  if (!ir_block_terminated(L->f, L->cur)) {
    IrInsn *j = add(L, IR_JMP, loc);
    j->then_ = to;
  }
}

static void start_block(Lower *L, uint32_t b) {
  L->cur = b;
  L->f->blocks.data[b].order = L->f->blocks.data[b].order_last = ++L->order;
  L->nloads = 0; /* a block may be reached from elsewhere */
}

/* Memory other than the stack may have changed.  */
static void forget_loads(Lower *L) { L->nloads = 0; }

/* DST = V.  */
static void move_to(Lower *L, IrReg dst, IrVal v, SrcLoc loc) {
  IrInsn *m = ir_append(L->f, L->cur, IR_MOV, loc);
  m->dst = dst;
  m->a = v;
}

/* A register holding V (constants are moved into one).  */
static IrReg to_reg(Lower *L, IrVal v, SrcLoc loc) {
  if (v.kind == IV_REG)
    return v.reg;
  IrReg r = new_reg(L);
  move_to(L, r, v.kind == IV_IMM ? v : ir_imm(0), loc);
  return r;
}

static IrVal alu(Lower *L, unsigned op, IrVal a, IrVal b, bool w32, bool sign,
                 SrcLoc loc) {
  if (a.kind == IV_IMM && b.kind == IV_IMM && !w32) {
    uint64_t x = (uint64_t)a.imm, y = (uint64_t)b.imm;
    switch (op) {
    case BPF_ALU_ADD: return ir_imm((int64_t)(x + y));
    case BPF_ALU_SUB: return ir_imm((int64_t)(x - y));
    case BPF_ALU_MUL: return ir_imm((int64_t)(x * y));
    case BPF_ALU_AND: return ir_imm((int64_t)(x & y));
    case BPF_ALU_OR: return ir_imm((int64_t)(x | y));
    case BPF_ALU_XOR: return ir_imm((int64_t)(x ^ y));
    case BPF_ALU_LSH: if (y < 64) return ir_imm((int64_t)(x << y)); break;
    case BPF_ALU_RSH: if (y < 64) return ir_imm((int64_t)(x >> y)); break;
    }
  }
  if (a.kind != IV_REG)
    a = ir_reg(to_reg(L, a, loc));
  IrInsn *i = add(L, IR_ALU, loc);
  i->alu = (uint8_t)op;
  i->w32 = w32;
  i->sign = sign;
  i->dst = new_reg(L);
  i->a = a;
  i->b = b;
  return ir_reg(i->dst);
}

static IrVal extend(Lower *L, IrVal v, unsigned bytes, bool sign, SrcLoc loc) {
  if (bytes >= 8)
    return v;
  if (v.kind == IV_IMM) {
    unsigned sh = 64 - bytes * 8;
    uint64_t u = (uint64_t)v.imm << sh;
    return ir_imm(sign ? (int64_t)u >> sh : (int64_t)(u >> sh));
  }
  IrInsn *e = add(L, IR_EXT, loc);
  e->dst = new_reg(L);
  e->a = v;
  e->size = (uint8_t)bytes;
  e->sign = sign;
  return ir_reg(e->dst);
}

/* --- Floating point ---
   BPF has no floating-point instructions: as GCC's BPF port does, a
   float or double lives in a register as its bits, and every operation
   is a call of the soft-float library routine GCC names (libgcc's, and
   the __bpf_ ones GCC 16 uses for some double conversions).  long double
   is double on BPF.  */

static bool is_single(Type *t) { return size_of(t) == 4; }

/* A call of the routine NAME with A (and B) whose result is an integer
   of RESULT_BYTES (canonical: SIGNED or not) or float bits (0).  */
static IrVal libcall(Lower *L, const char *name, IrVal a, IrVal b, unsigned result_bytes,
                     bool result_signed, SrcLoc loc) {
  IrCall *c = NEW(IrCall);
  c->kind = CALL_FUNC;
  c->sym = name;
  c->args[0] = a;
  c->nargs = 1;
  if (b.kind != IV_NONE) {
    c->args[1] = b;
    c->nargs = 2;
  }
  IrInsn *i = ir_append(L->f, L->cur, IR_CALL, loc);
  i->call = c;
  i->dst = ir_new_reg(L->f);
  IrVal r = ir_reg(i->dst);
  if (result_bytes && result_bytes < 8) {
    IrInsn *e = ir_append(L->f, L->cur, IR_EXT, loc);
    e->dst = ir_new_reg(L->f);
    e->a = r;
    e->size = (uint8_t)result_bytes;
    e->sign = result_signed;
    r = ir_reg(e->dst);
  }
  return r;
}

/* The routine converting between FROM and TO, at least one floating.  */
static const char *float_conversion(Type *from, Type *to) {
  bool ff = is_float(from), tf = is_float(to);
  if (ff && tf)
    return is_single(from) == is_single(to) ? NULL
           : is_single(from)                ? "__bpf_extendsfdf2"
                                            : "__bpf_truncdfsf2";
  Type *i = ff ? to : from, *fl = ff ? from : to;
  bool sg = type_is_signed(i) && type_kind(i) != TY_BOOL, wide = size_of(i) > 4;
  static const char *const names[2][2][2][2] = {
      /* [to float?][single?][signed?][64-bit?] */
      {{{"__fixunsdfsi", "__fixunsdfdi"}, {"__bpf_fix_truncdfsi", "__fixdfdi"}},
       {{"__fixunssfsi", "__fixunssfdi"}, {"__fixsfsi", "__fixsfdi"}}},
      {{{"__bpf_floatunsidf", "__floatundidf"}, {"__bpf_floatsidf", "__floatdidf"}},
       {{"__floatunsisf", "__floatundisf"}, {"__floatsisf", "__floatdisf"}}},
  };
  return names[tf][is_single(fl)][sg][wide];
}

static IrVal float_convert(Lower *L, IrVal v, Type *from, Type *to, SrcLoc loc) {
  if (type_kind(to) == TY_BOOL) {
    const char *ne = is_single(from) ? "__nesf2" : "__nedf2";
    IrVal r = libcall(L, ne, v, ir_imm(0), 4, true, loc);
    return convert(L, r, ty_int, to, loc);
  }
  const char *name = float_conversion(from, to);
  if (!name)
    return v;
  if (!is_float(from) && size_of(from) < 4)
    from = ty_int; /* chars and shorts go through int */
  if (!is_float(to) && size_of(to) < 4) {
    IrVal r = libcall(L, float_conversion(from, ty_int), v, (IrVal){0}, 4, true, loc);
    return convert(L, r, ty_int, to, loc);
  }
  unsigned rb = is_float(to) ? 0 : (unsigned)size_of(to);
  return libcall(L, float_conversion(from, to), v, (IrVal){0}, rb,
                 !is_float(to) && type_is_signed(to), loc);
}

/* A floating OP (+ - * /) of A and B in type T.  */
static IrVal float_arith(Lower *L, unsigned op, IrVal a, IrVal b, Type *t, SrcLoc loc) {
  const char *ops[] = {"add", "sub", "mul", "div"};
  int k = op == OP_ADD ? 0 : op == OP_SUB ? 1 : op == OP_MUL ? 2 : op == OP_DIV ? 3 : -1;
  if (k < 0) {
    fail(L, loc, "invalid operation on floating-point operands");
    return ir_imm(0);
  }
  char name[16];
  snprintf(name, sizeof name, "__%s%s3", ops[k], is_single(t) ? "sf" : "df");
  return libcall(L, arena_strndup(perm, name, strlen(name)), a, b, 0, false, loc);
}

/* The int a floating comparison routine returns for OP, to compare with
   0 by COND.  */
static IrVal float_compare(Lower *L, unsigned op, IrVal a, IrVal b, Type *t, unsigned *cond,
                           SrcLoc loc) {
  const char *rel;
  switch (op) {
  case OP_EQ: rel = "eq"; *cond = BPF_JMP_JEQ; break;
  case OP_NE: rel = "ne"; *cond = BPF_JMP_JNE; break;
  case OP_LT: rel = "lt"; *cond = BPF_JMP_JSLT; break;
  case OP_LE: rel = "le"; *cond = BPF_JMP_JSLE; break;
  case OP_GT: rel = "gt"; *cond = BPF_JMP_JSGT; break;
  default: rel = "ge"; *cond = BPF_JMP_JSGE; break;
  }
  char name[16];
  snprintf(name, sizeof name, "__%s%s2", rel, is_single(t) ? "sf" : "df");
  return libcall(L, arena_strndup(perm, name, strlen(name)), a, b, 4, true, loc);
}

/* The bits of the constant F in floating type T.  */
static int64_t float_bits(long double f, Type *t) {
  if (is_single(t)) {
    float x = (float)f;
    uint32_t u;
    memcpy(&u, &x, 4);
    return u;
  }
  double d = (double)f;
  uint64_t u;
  memcpy(&u, &d, 8);
  return (int64_t)u;
}

/* V (canonical for FROM) as a canonical value of TO: C's conversions
   between scalar types.  */
static IrVal convert(Lower *L, IrVal v, Type *from, Type *to, SrcLoc loc) {
  if (type_kind(to) == TY_VOID)
    return v;
  if (is_float(from) || is_float(to))
    return float_convert(L, v, from, to, loc);
  int64_t ts = size_of(to), fs = size_of(from);
  if (type_kind(to) == TY_BOOL) {
    if (type_kind(from) == TY_BOOL)
      return v;
    if (v.kind == IV_IMM)
      return ir_imm(v.imm != 0);
    /* (v | -v) >> 63: 1 for every non-zero 64-bit value.  */
    IrInsn *n = add(L, IR_NEG, loc);
    n->dst = new_reg(L);
    n->a = v;
    IrVal t = alu(L, BPF_ALU_OR, ir_reg(n->dst), v, false, false, loc);
    return alu(L, BPF_ALU_RSH, t, ir_imm(63), false, false, loc);
  }
  bool ts_signed = is_signed_int(to), fs_signed = is_signed_int(from);
  if (ts >= 8)
    return v;
  if (fs <= ts && (fs_signed == ts_signed || (!fs_signed && fs < ts)))
    return v;
  return extend(L, v, (unsigned)ts, ts_signed, loc);
}

/* --- Storage of locals --- */

static Storage *find_var(Lower *L, Decl *d) {
  for (size_t i = L->vars.len; i-- > 0;)
    if (L->vars.data[i]->decl == d)
      return L->vars.data[i];
  return NULL;
}

static Storage *define_local(Lower *L, Decl *d);

/* D's storage where its declaration is reached: the one it has, unless
   that is a slot whose scope ended (the body of an inlined function or
   of an unrolled loop lowered again): then a new one.  */
static Storage *declared_var(Lower *L, Decl *d) {
  Storage *s = find_var(L, d);
  if (s && (!s->in_slot || L->f->slots.data[s->slot].scope_to == UINT32_MAX))
    return s;
  return define_local(L, d);
}

static bool is_addressed(Lower *L, Decl *d) {
  for (size_t i = 0; i < L->addressed.len; i++)
    if (L->addressed.data[i] == d)
      return true;
  return false;
}

/* A frame slot for a local of SIZE bytes and alignment ALIGN, in scope
   from the innermost scope's start until free_scope_slots.  */
static uint32_t local_slot(Lower *L, int64_t size, uint32_t align, const char *name) {
  uint32_t slot = ir_new_slot(L->f, size < 1 ? 1 : size, align, name);
  L->f->slots.data[slot].scope_from = L->scope_from;
  vec_push(&L->scope_slots, slot);
  return slot;
}

/* A scope begins: its locals' slots are in scope from here.  Returns
   the outer scope's start, for end_slot_scope.  */
static uint32_t begin_slot_scope(Lower *L) {
  uint32_t outer = L->scope_from;
  L->scope_from = L->f->blocks.data[L->cur].order;
  return outer;
}

/* The locals of the scopes above MARK end: no block begun from now on
   holds their values.  OUTER: the enclosing scope's start.  */
static void free_scope_slots(Lower *L, size_t mark, uint32_t outer) {
  for (size_t i = mark; i < L->scope_slots.len; i++)
    L->f->slots.data[L->scope_slots.data[i]].scope_to = L->order;
  if (L->scope_slots.len > mark)
    L->scope_slots.len = mark;
  L->scope_from = outer;
}

static Storage *define_local(Lower *L, Decl *d) {
  Storage s = {0};
  s.decl = d;
  Type *t = d->type;
  if (is_aggregate(t) || is_addressed(L, d) || (type_all_quals(t) & Q_VOLATILE) ||
      d->cleanup) {
    s.in_slot = true;
    /* A scalar starts an 8-byte stack slot of its own: the verifier
       keeps the value (its bounds, a constant) of a narrow store only at
       an aligned slot, and loses it elsewhere (`int idx` whose address a
       helper takes, then `a[idx]`).  Not a volatile one: programs make a
       counter volatile to keep its value from the compiler, and the
       verifier then must not follow it either (a loop over an iterator
       converges only while its counter is unknown: verifier_bits_iter's
       `volatile int nr`, at a 4-byte slot in clang's build too).  */
    uint32_t align = type_align(t);
    bool hidden = !is_aggregate(t) && (type_all_quals(t) & Q_VOLATILE);
    if (!is_aggregate(t) && align < 8 && !hidden)
      align = 8;
    s.slot = local_slot(L, size_of(t), align, d->name ? d->name->name : "tmp");
    L->f->slots.data[s.slot].natural_align = hidden;
  } else {
    s.reg = new_reg(L);
  }
  /* each in memory of its own: callers keep the pointer while more
     locals are defined */
  Storage *p = NEW(Storage);
  *p = s;
  vec_push(&L->vars, p);
  return p;
}

static bool has_static_storage(const Decl *d) {
  return d->kind == DECL_FUNC || d->file_scope || d->sc == SC_STATIC ||
         d->sc == SC_EXTERN;
}

/* --- Which locals have their address taken --- */

static void note_addressed(const Node *n, void *ctx) {
  Lower *L = ctx;
  const Node *target = NULL;
  if (n->kind == EX_ADDR)
    target = n->a;
  else if (n->kind == ST_ASM) {
    for (int i = 0; i < n->u.asm_stmt->noutputs; i++)
      if (strchr(n->u.asm_stmt->outputs[i].constraint, 'm'))
        vec_push(&L->addressed, tree_root_var(n->u.asm_stmt->outputs[i].expr));
    for (int i = 0; i < n->u.asm_stmt->ninputs; i++)
      if (strchr(n->u.asm_stmt->inputs[i].constraint, 'm'))
        vec_push(&L->addressed, tree_root_var(n->u.asm_stmt->inputs[i].expr));
    return;
  }
  Decl *d = tree_root_var(target);
  if (d)
    vec_push(&L->addressed, d);
}

/* --- Memory --- */

static IrAddr addr_plus_raw(IrAddr a, int64_t off) {
  a.off += off;
  return a;
}

/* Whether an access of SIZE bytes at A is misaligned on the stack, which
   the verifier refuses (a member of a packed struct in a local).  */
static bool misaligned_on_stack(Lower *L, IrAddr a, unsigned size) {
  if (a.kind != IA_SLOT || size < 2)
    return false;
  return L->f->slots.data[a.slot].align < size || a.off % (int64_t)size != 0;
}

static IrVal load(Lower *L, IrAddr a, unsigned size, bool sign, bool vol, SrcLoc loc) {
  if (misaligned_on_stack(L, a, size)) { /* byte by byte, little end first */
    IrVal v = ir_imm(0);
    for (unsigned k = 0; k < size; k++) {
      unsigned at = ctx_current->target.big_endian ? size - 1 - k : k;
      IrVal b = load(L, addr_plus_raw(a, at), 1, false, vol, loc);
      v = k ? alu(L, BPF_ALU_OR, v, alu(L, BPF_ALU_LSH, b, ir_imm(8 * k), false, false, loc),
                  false, false, loc)
            : b;
    }
    return sign && size < 8 ? extend(L, v, size, true, loc) : v;
  }
  IrInsn *i = add(L, IR_LOAD, loc);
  i->dst = new_reg(L);
  i->addr = a;
  i->size = (uint8_t)size;
  i->sign = sign && size < 8;
  i->is_volatile = vol;
  return ir_reg(i->dst);
}

static void store(Lower *L, IrAddr a, unsigned size, IrVal v, bool vol, SrcLoc loc) {
  if (a.kind != IA_SLOT)
    forget_loads(L);
  if (misaligned_on_stack(L, a, size)) { /* byte by byte */
    for (unsigned k = 0; k < size; k++) {
      unsigned at = ctx_current->target.big_endian ? size - 1 - k : k;
      IrVal b = v.kind == IV_IMM ? ir_imm((int64_t)((uint64_t)v.imm >> (8 * k) & 0xff))
                                 : alu(L, BPF_ALU_RSH, v, ir_imm(8 * k), false, false, loc);
      store(L, addr_plus_raw(a, at), 1, b, vol, loc);
    }
    return;
  }
  IrInsn *i = add(L, IR_STORE, loc);
  i->addr = a;
  i->size = (uint8_t)size;
  i->a = v;
  i->is_volatile = vol;
}

static IrAddr addr_plain(Lower *L, IrAddr a, SrcLoc loc);

/* A plus OFF bytes.  An address whose offset is relocated (CO-RE)
   becomes a plain register first: the relocation rewrites the offset
   an instruction holds, which must be the field's own.  */
static IrAddr addr_plus(Lower *L, IrAddr a, int64_t off, SrcLoc loc) {
  if (a.core && off)
    a = addr_plain(L, a, loc);
  a.off += off;
  return a;
}

/* A register holding the address A.  */
static IrReg addr_reg(Lower *L, IrAddr a, SrcLoc loc) {
  if (a.core) {
    /* base + the relocated offset, in a register of its own */
    IrReg off = core_value(L, a.off, a.core, loc).reg;
    IrReg base = a.kind == IA_SLOT ? addr_reg(L, ir_addr_slot(a.slot, 0), loc) : a.base;
    return alu(L, BPF_ALU_ADD, ir_reg(base), ir_reg(off), false, false, loc).reg;
  }
  if (a.kind == IA_REG && a.off == 0)
    return a.base;
  IrReg r = new_reg(L);
  if (a.kind == IA_SLOT) {
    IrInsn *i = add(L, IR_ADDR, loc);
    i->dst = r;
    i->addr = a;
    return r;
  }
  IrVal v = alu(L, BPF_ALU_ADD, ir_reg(a.base), ir_imm(a.off), false, false, loc);
  return v.reg;
}

/* The widest access (8, 4, 2, 1 bytes) for REMAINING bytes at
   alignment ALIGN.  */
static unsigned chunk_for(int64_t remaining, uint32_t align) {
  unsigned c = 8;
  while (c > 1 && (c > remaining || c > align))
    c /= 2;
  return c;
}

/* Copy N bytes from SRC to DST, both aligned to ALIGN.  */
static void copy_bytes(Lower *L, IrAddr dst, IrAddr src, int64_t n, uint32_t align,
                       SrcLoc loc) {
  if (!align)
    align = 1;
  if (n > chunk_for(n, align)) { /* more than one access: plain addresses */
    dst = addr_plain(L, dst, loc);
    src = addr_plain(L, src, loc);
  }
  for (int64_t off = 0; off < n;) {
    unsigned c = chunk_for(n - off, align);
    IrVal v = load(L, addr_plus(L, src, off, loc), c, false, false, loc);
    store(L, addr_plus(L, dst, off, loc), c, v, false, loc);
    off += c;
  }
}

static void set_bytes(Lower *L, IrAddr dst, uint8_t byte, int64_t n, uint32_t align,
                      SrcLoc loc) {
  if (!align)
    align = 1;
  uint64_t pattern = byte * 0x0101010101010101ull;
  IrVal val = byte ? ir_imm((int64_t)pattern) : ir_imm(0);
  if (byte && dst.kind != IA_SLOT)
    val = ir_reg(to_reg(L, val, loc));
  if (n > chunk_for(n, align))
    dst = addr_plain(L, dst, loc);
  for (int64_t off = 0; off < n;) {
    unsigned c = chunk_for(n - off, align);
    IrVal v = val;
    if (v.kind == IV_IMM && c < 8)
      v = ir_imm((int64_t)(pattern & ((1ull << (c * 8)) - 1)));
    if (v.kind == IV_IMM && c == 8 && byte && !(v.imm >= INT32_MIN && v.imm <= INT32_MAX))
      v = ir_reg(to_reg(L, v, loc));
    store(L, addr_plus(L, dst, off, loc), c, v, false, loc);
    off += c;
  }
}

/* --- Bit-fields --- */

typedef struct BitField {
  IrAddr unit; /* the storage unit's address */
  unsigned size;  /* its size in bytes */
  unsigned shift; /* of the field's lowest bit within the unit */
  unsigned width;
  bool sign;
} BitField;

static bool core_member_addr(Lower *L, const Node *n, IrAddr *out);

static BitField bitfield_of(Lower *L, const Node *n) {
  BitField bf = {0};
  Member *m = n->u.m.member;
  /* A relocated access names the bit-field itself, as clang's does: its
     load unit is where libbpf puts the offset (the unit found as below,
     which is libbpf's rule too).  A relocation of the record holding it
     would name an anonymous record's first member when the record is
     anonymous, and libbpf matches nothing but named members.  */
  IrAddr field;
  bool relocated = core_member_addr(L, n, &field) && field.core;
  IrAddr base = relocated ? field : addr_plain(L, lvalue_addr(L, n->a), n->loc);
  if (relocated)
    base.off -= m->bit_offset / 8;
  unsigned size = (unsigned)size_of(m->type);
  if (size < 1 || size > 8)
    size = 4;
  int64_t bit = m->bit_offset;
  int64_t unit = bit / (size * 8) * size;
  while (bit - unit * 8 + m->bit_width > (int64_t)size * 8 && size < 8) {
    size *= 2;
    unit = bit / (size * 8) * size;
  }
  if (relocated) {
    bf.unit = base;
    bf.unit.off += unit;
  } else {
    bf.unit = addr_plus(L, base, unit, n->loc);
  }
  bf.size = size;
  bf.width = (unsigned)m->bit_width;
  unsigned lo = (unsigned)(bit - unit * 8);
  bf.shift = ctx_current->target.big_endian ? size * 8 - lo - bf.width : lo;
  bf.sign = is_signed_int(m->type);
  return bf;
}

static IrVal bitfield_load(Lower *L, const Node *n, SrcLoc loc) {
  BitField bf = bitfield_of(L, n);
  IrVal v = load(L, bf.unit, bf.size, false, false, loc);
  unsigned left = 64 - bf.shift - bf.width;
  if (left)
    v = alu(L, BPF_ALU_LSH, v, ir_imm(left), false, false, loc);
  if (64 - bf.width)
    v = alu(L, bf.sign ? BPF_ALU_ARSH : BPF_ALU_RSH, v, ir_imm(64 - bf.width), false,
            false, loc);
  return v;
}

static void bitfield_store(Lower *L, const Node *n, IrVal val, SrcLoc loc) {
  BitField bf = bitfield_of(L, n);
  uint64_t mask = bf.width >= 64 ? ~0ull : ((1ull << bf.width) - 1);
  IrVal old = load(L, bf.unit, bf.size, false, false, loc);
  IrVal keep = ir_imm((int64_t)~(mask << bf.shift));
  if (bf.size < 8)
    keep.imm &= (int64_t)((1ull << (bf.size * 8)) - 1);
  if (!(keep.imm >= INT32_MIN && keep.imm <= INT32_MAX))
    keep = ir_reg(to_reg(L, keep, loc));
  old = alu(L, BPF_ALU_AND, old, keep, false, false, loc);
  IrVal nv = alu(L, BPF_ALU_AND, val, ir_imm((int64_t)mask), false, false, loc);
  if (mask > INT32_MAX && val.kind != IV_IMM) {
    /* the AND above took a 64-bit immediate: make it a register */
  }
  if (bf.shift)
    nv = alu(L, BPF_ALU_LSH, nv, ir_imm(bf.shift), false, false, loc);
  IrVal w = alu(L, BPF_ALU_OR, old, nv, false, false, loc);
  store(L, bf.unit, bf.size, w, false, loc);
}

static bool is_bitfield(const Node *n) {
  return n->kind == EX_MEMBER && n->u.m.member && n->u.m.member->is_bitfield;
}

/* --- Lvalues --- */

static IrAddr symbol_addr(Lower *L, Decl *d, int64_t off, SrcLoc loc) {
  IrInsn *i = add(L, IR_SYM, loc);
  i->dst = new_reg(L);
  i->sym = L->env->symbol_of(L->env, d);
  i->a = ir_imm(off);
  return ir_addr_reg(i->dst, 0);
}

static IrAddr var_addr(Lower *L, Decl *d, SrcLoc loc) {
  Storage *s = find_var(L, d);
  if (s && s->in_slot)
    return ir_addr_slot(s->slot, 0);
  if (s) {
    fail(L, loc, "internal error: address of a register variable");
    return ir_addr_slot(0, 0);
  }
  return symbol_addr(L, d, 0, loc);
}

/* An IR value that is the address of an aggregate value (the result of
   expr on a struct/union/array rvalue) as an address.  */
static IrAddr val_addr(Lower *L, IrVal v, SrcLoc loc) {
  return ir_addr_reg(to_reg(L, v, loc), 0);
}

static IrVal scale_index(Lower *L, IrVal idx, int64_t scale, SrcLoc loc) {
  if (scale == 1)
    return idx;
  if (idx.kind == IV_IMM)
    return ir_imm(idx.imm * scale);
  if (scale > 0 && (scale & (scale - 1)) == 0)
    return alu(L, BPF_ALU_LSH, idx, ir_imm(__builtin_ctzll((uint64_t)scale)), false,
               false, loc);
  return alu(L, BPF_ALU_MUL, idx, ir_imm(scale), false, false, loc);
}

/* --- CO-RE access chains ---
   A member access through a record with preserve_access_index (or any
   record inside __builtin_preserve_access_index) is relocated: its
   chain from the pointer it starts at (p->a.b[2].c) becomes an access
   string of indexes (the pointer's index, then each member's position in
   its record and each constant array subscript), and the offset the
   load or store holds is libbpf's to rewrite.  The chain is the longest
   prefix through such records; what follows it adds a fixed offset.  */

typedef struct CoreStep {
  int64_t index;   /* member position or array subscript */
  int64_t offset;  /* bytes this step adds */
  bool relocated;  /* through a preserve_access_index record */
  bool is_member;
  Member *member;
} CoreStep;

typedef struct CoreChain {
  const Node *ptr;  /* the pointer the chain starts at */
  Type *root;       /* the record type that pointer points to */
  int64_t root_index;
  CoreStep steps[32];
  int nsteps;
} CoreChain;

static bool const_arg(const Node *n, int64_t *v);

/* M's index among R's members as BTF lists them (unnamed bit-fields,
   padding, are not there).  */
static int member_position(const Record *r, const Member *m) {
  int pos = 0;
  for (int i = 0; i < r->nmembers; i++) {
    if (&r->members[i] == m)
      return pos;
    if (!(r->members[i].is_bitfield && !r->members[i].name))
      pos++;
  }
  return -1;
}

static bool core_walk(Lower *L, const Node *n, CoreChain *c) {
  switch (n->kind) {
  case EX_MEMBER: {
    if (!n->a->is_lvalue || !core_walk(L, n->a, c) || c->nsteps >= 32)
      return false;
    int pos = member_position(n->u.m.rec, n->u.m.member);
    if (pos < 0)
      return false;
    CoreStep st = {pos, n->u.m.member->bit_offset / 8,
                   (n->u.m.rec->preserve_access_index || L->force_pai) && L->env->co_re,
                   true, n->u.m.member};
    c->steps[c->nsteps++] = st;
    return true;
  }
  case EX_INDEX: {
    int64_t k;
    if (!const_arg(n->b, &k))
      return false;
    const Node *arr = n->a->kind == EX_CAST && n->a->cast_kind == CAST_DECAY ? n->a->a : NULL;
    if (arr && arr->is_lvalue) {
      if (!core_walk(L, arr, c) || c->nsteps >= 32)
        return false;
      CoreStep st = {k, k * n->u.arith.scale, false, false, NULL};
      c->steps[c->nsteps++] = st;
      return true;
    }
    if (type_kind(n->a->type) != TY_ARRAY) {
      /* p[k]: the chain's root, k its first index */
      Type *pt = type_canon(n->a->type);
      if (pt->kind != TY_PTR)
        return false;
      c->ptr = n->a;
      c->root = pt->base;
      c->root_index = k;
      return true;
    }
    if (!core_walk(L, n->a, c) || c->nsteps >= 32)
      return false;
    CoreStep st = {k, k * n->u.arith.scale, false, false, NULL};
    c->steps[c->nsteps++] = st;
    return true;
  }
  case EX_DEREF:
    c->ptr = n->a;
    c->root = type_canon(n->a->type)->base;
    c->root_index = 0;
    return c->root != NULL;
  default:
    return false;
  }
}

/* The relocated prefix of C: how many steps, the access string, the
   local offset; and the offset of the rest.  Zero steps: nothing to
   relocate.  */
static int core_prefix(const CoreChain *c, char *access, size_t size, int64_t *offset,
                       int64_t *rest) {
  int k = 0;
  while (k < c->nsteps && (c->steps[k].relocated || (!c->steps[k].is_member && k > 0)))
    k++;
  size_t len = (size_t)snprintf(access, size, "%lld", (long long)c->root_index);
  int64_t off = c->root_index * size_of(c->root);
  for (int i = 0; i < k; i++) {
    len += (size_t)snprintf(access + len, len < size ? size - len : 0, ":%lld",
                            (long long)c->steps[i].index);
    off += c->steps[i].offset;
  }
  *offset = off;
  *rest = 0;
  for (int i = k; i < c->nsteps; i++)
    *rest += c->steps[i].offset;
  return len < size ? k : 0;
}

/* The type a relocation names as its root: the record (or other type)
   itself, unqualified; but an anonymous record by the typedef it was
   reached through, as clang names it (libbpf finds the kernel's type
   by the root's name).  */
static Type *core_root(Type *t) {
  Type *c = type_canon(t);
  if (type_is_record(c) && !c->u.rec->name)
    for (Type *x = t; x && x != c; x = x->base)
      if (x->kind == TY_TYPEDEF)
        return type_unqualified(x);
  return type_unqualified(c);
}

static IrCore *new_core(Type *type, const char *access, uint32_t kind) {
  IrCore *core = NEW(IrCore);
  core->type = type;
  core->access = arena_strndup(perm, access, strlen(access));
  core->kind = kind;
  return core;
}

/* The address of member access or constant subscript N when its chain
   is relocated, in *OUT; false when N is no such access (then nothing
   was emitted).  */
static bool core_member_addr(Lower *L, const Node *n, IrAddr *out) {
  CoreChain c = {0};
  if (!core_walk(L, n, &c) || !c.root)
    return false;
  char access[256];
  int64_t off, rest;
  if (!core_prefix(&c, access, sizeof access, &off, &rest))
    return false;
  IrVal p = expr(L, c.ptr);
  IrAddr a = ir_addr_reg(to_reg(L, p, n->loc), off);
  a.core = new_core(core_root(c.root), access, CORE_FIELD_BYTE_OFFSET);
  if (rest == 0)
    *out = a;
  else
    *out = ir_addr_reg(addr_reg(L, a, n->loc), rest);
  return true;
}

/* A relocated constant: dst = VALUE, which libbpf rewrites.  */
static IrVal core_value(Lower *L, int64_t value, IrCore *core, SrcLoc loc) {
  IrReg dst = new_reg(L);
  move_to(L, dst, ir_imm(value), loc);
  IrBlock *b = &L->f->blocks.data[L->cur];
  b->insns.data[b->insns.len - 1].core = core;
  return ir_reg(dst);
}

/* An address with a relocated offset as a plain one (before more
   offset is added to it).  */
static IrAddr addr_plain(Lower *L, IrAddr a, SrcLoc loc) {
  if (!a.core)
    return a;
  return ir_addr_reg(addr_reg(L, a, loc), 0);
}

/* The address pointer expression P holds, with what is constant in it
   kept as the offset: &s.f, arrays decayed, p + constant.  A context
   field must be read as *(ctx + off) with ctx itself unmodified: the
   verifier refuses a computed ctx address.  */
static IrAddr ptr_addr(Lower *L, const Node *p) {
  SrcLoc loc = p->loc;
  while (p->kind == EX_CAST && p->cast_kind == CAST_NOOP && type_is_pointer(p->a->type))
    p = p->a;
  if (p->kind == EX_ADDR && p->a->kind != EX_VAR)
    return lvalue_addr(L, p->a);
  if (p->kind == EX_ADDR && p->a->u.decl->kind != DECL_FUNC)
    return lvalue_addr(L, p->a);
  if (p->kind == EX_CAST && p->cast_kind == CAST_DECAY)
    return lvalue_addr(L, p->a);
  if (p->kind == EX_PTR_ADD) {
    int64_t k;
    const Node *b = p->b;
    while (b->kind == EX_CAST && (b->cast_kind == CAST_INT || b->cast_kind == CAST_NOOP))
      b = b->a;
    if (b->kind == EX_CONST && b->u.cv.kind == CV_INT) {
      k = b->u.cv.i * p->u.arith.scale;
      return addr_plus(L, addr_plain(L, ptr_addr(L, p->a), loc), p->op == OP_SUB ? -k : k, loc);
    }
  }
  IrVal v = expr(L, p);
  return ir_addr_reg(to_reg(L, v, loc), 0);
}

static IrAddr lvalue_addr(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  switch (n->kind) {
  case EX_VAR:
    return var_addr(L, n->u.decl, loc);
  case EX_DEREF:
    return ptr_addr(L, n->a);
  case EX_MEMBER: {
    IrAddr base;
    if (core_member_addr(L, n, &base))
      return base;
    if (n->a->is_lvalue)
      base = addr_plain(L, lvalue_addr(L, n->a), loc);
    else
      base = val_addr(L, expr(L, n->a), loc);
    return addr_plus(L, base, n->u.m.member->bit_offset / 8, loc);
  }
  case EX_INDEX: {
    IrAddr base;
    if (core_member_addr(L, n, &base))
      return base; /* a constant subscript in a relocated chain */
    if (type_kind(n->a->type) == TY_ARRAY)
      base = addr_plain(L, lvalue_addr(L, n->a), loc);
    else
      base = addr_plain(L, ptr_addr(L, n->a), loc);
    IrVal idx = expr(L, n->b);
    idx = convert(L, idx, n->b->type, ty_long, loc);
    if (idx.kind == IV_IMM)
      return addr_plus(L, base, idx.imm * n->u.arith.scale, loc);
    IrVal off = scale_index(L, idx, n->u.arith.scale, loc);
    IrReg b = addr_reg(L, base, loc);
    IrVal sum = alu(L, BPF_ALU_ADD, ir_reg(b), off, false, false, loc);
    return ir_addr_reg(sum.reg, 0);
  }
  case EX_STRING: {
    IrInsn *i = add(L, IR_SYM, loc);
    i->dst = new_reg(L);
    i->sym = L->env->string_symbol(L->env, n);
    i->a = ir_imm(0);
    return ir_addr_reg(i->dst, 0);
  }
  case EX_COMPOUND_LIT: {
    Decl *d = n->u.decl;
    if (has_static_storage(d))
      return symbol_addr(L, d, 0, loc);
    if (!find_var(L, d))
      vec_push(&L->addressed, d);
    Storage *s = declared_var(L, d);
    if (n->init) {
      /* initialise each time the literal is evaluated */
      init_slot(L, s, n->init, loc);
    }
    return ir_addr_slot(s->slot, 0);
  }
  case EX_COMMA:
    expr(L, n->a);
    return lvalue_addr(L, n->b);
  case EX_CAST:
    if (n->cast_kind == CAST_NOOP && n->a)
      return lvalue_addr(L, n->a);
    /* fallthrough */
  default: {
    /* an rvalue of aggregate type: its value is its address */
    IrVal v = expr(L, n);
    return val_addr(L, v, loc);
  }
  }
}

/* --- Loads and stores of C objects --- */

static IrVal load_lvalue(Lower *L, const Node *lv, SrcLoc loc) {
  Type *t = lv->type;
  if (lv->kind == EX_VAR) {
    for (const Unrolled *u = L->unrolled; u; u = u->outer)
      if (lv->u.decl == u->var)
        return convert(L, ir_imm(u->value), ty_long, t, loc);
    Storage *s = find_var(L, lv->u.decl);
    if (s && s->known)
      return ir_imm(s->value);
    if (s && !s->in_slot)
      return ir_reg(s->reg);
    int64_t k;
    if (!s && has_static_storage(lv->u.decl) && tree_static_int_value(lv->u.decl, &k))
      return convert(L, ir_imm(k), ty_long, t, loc);
    if (!s && has_static_storage(lv->u.decl) && type_is_scalar(t) && !is_float(t) &&
        !(type_all_quals(t) & Q_VOLATILE)) {
      Decl *e = lv->u.decl->first ? lv->u.decl->first : lv->u.decl;
      for (int i = 0; i < L->nloads; i++)
        if (L->loads[i].decl == e)
          return L->loads[i].val;
      IrAddr a = lvalue_addr(L, lv);
      IrVal v = load(L, a, (unsigned)size_of(t), is_signed_int(t), false, loc);
      if (L->nloads < (int)ARRAY_LEN(L->loads)) {
        L->loads[L->nloads].decl = e;
        L->loads[L->nloads++].val = v;
      }
      return v;
    }
  }
  if (is_aggregate(t)) {
    IrAddr a = lvalue_addr(L, lv);
    return ir_reg(addr_reg(L, a, loc));
  }
  if (is_bitfield(lv))
    return bitfield_load(L, lv, loc);
  IrAddr a = lvalue_addr(L, lv);
  unsigned size = (unsigned)size_of(t);
  if (size != 1 && size != 2 && size != 4 && size != 8) {
    fail(L, loc, "unsupported object size for a load in eBPF");
    return ir_imm(0);
  }
  return load(L, a, size, is_signed_int(t), type_all_quals(t) & Q_VOLATILE, loc);
}

/* Store V (canonical for lv's type) into the object LV.  */
static void store_lvalue(Lower *L, const Node *lv, IrVal v, SrcLoc loc) {
  Type *t = lv->type;
  if (lv->kind == EX_VAR) {
    Storage *s = find_var(L, lv->u.decl);
    if (s && !s->in_slot) {
      move_to(L, s->reg, v, loc);
      return;
    }
  }
  if (is_aggregate(t)) {
    IrAddr dst = lvalue_addr(L, lv);
    copy_bytes(L, dst, val_addr(L, v, loc), size_of(t), type_align(t), loc);
    return;
  }
  if (is_bitfield(lv)) {
    bitfield_store(L, lv, v, loc);
    return;
  }
  IrAddr a = lvalue_addr(L, lv);
  store(L, a, (unsigned)size_of(t), v, type_all_quals(t) & Q_VOLATILE, loc);
}

/* --- Initializers --- */

static void init_elems(Lower *L, IrAddr base, const Init *in, SrcLoc loc) {
  for (int i = 0; i < in->nelems; i++) {
    const InitElem *e = &in->elems[i];
    IrAddr a = addr_plus(L, base, e->offset, loc);
    if (e->value && e->value->kind == EX_STRING) {
      const Node *s = e->value;
      int64_t n = size_of(e->type);
      int64_t len = (int64_t)s->u.s.len + s->u.s.width;
      if (n <= 0 || n > len)
        n = len;
      for (int64_t k = 0; k < n;) {
        unsigned c = 1;
        uint64_t bytes = 0;
        for (unsigned j = 0; j < c; j++)
          bytes |= (uint64_t)(k + j < (int64_t)s->u.s.len ? (uint8_t)s->u.s.str[k + j] : 0)
                   << (8 * j);
        store(L, addr_plus(L, a, k, loc), c, ir_imm((int64_t)bytes), false, loc);
        k += c;
      }
      continue;
    }
    if (e->bit_width >= 0) {
      /* a bit-field: read-modify-write of its unit, as for assignment */
      unsigned size = (unsigned)size_of(e->type);
      if (size < 1 || size > 8)
        size = 4;
      uint64_t mask = e->bit_width >= 64 ? ~0ull : ((1ull << e->bit_width) - 1);
      unsigned shift = ctx_current->target.big_endian
                           ? size * 8 - (unsigned)e->bit_offset - (unsigned)e->bit_width
                           : (unsigned)e->bit_offset;
      IrVal v = expr(L, e->value);
      IrVal old = load(L, a, size, false, false, loc);
      IrVal keep = ir_imm((int64_t)~(mask << shift) &
                          (int64_t)(size < 8 ? (1ull << (size * 8)) - 1 : ~0ull));
      if (!(keep.imm >= INT32_MIN && keep.imm <= INT32_MAX))
        keep = ir_reg(to_reg(L, keep, loc));
      old = alu(L, BPF_ALU_AND, old, keep, false, false, loc);
      IrVal mv = ir_imm((int64_t)mask);
      if (!(mv.imm >= INT32_MIN && mv.imm <= INT32_MAX))
        mv = ir_reg(to_reg(L, mv, loc));
      v = alu(L, BPF_ALU_AND, v, mv, false, false, loc);
      if (shift)
        v = alu(L, BPF_ALU_LSH, v, ir_imm(shift), false, false, loc);
      store(L, a, size, alu(L, BPF_ALU_OR, old, v, false, false, loc), false, loc);
      continue;
    }
    IrVal v = expr(L, e->value);
    if (is_aggregate(e->type))
      copy_bytes(L, a, val_addr(L, v, loc), size_of(e->type), type_align(e->type), loc);
    else
      store(L, a, (unsigned)size_of(e->type), v, false, loc);
  }
}

static void init_slot(Lower *L, Storage *s, const Init *in, SrcLoc loc) {
  IrAddr base = ir_addr_slot(s->slot, 0);
  int64_t size = L->f->slots.data[s->slot].size;
  /* Zero what the elements leave out (all of it, simply, when there are
     gaps; nothing when the elements cover the object).  */
  int64_t covered = 0;
  bool contiguous = true;
  for (int i = 0; i < in->nelems; i++) {
    const InitElem *e = &in->elems[i];
    if (e->offset != covered || e->bit_width >= 0 ||
        (e->value && e->value->kind == EX_STRING)) {
      contiguous = false;
      break;
    }
    covered += size_of(e->type);
  }
  if (!contiguous || covered < size)
    set_bytes(L, base, 0, size, L->f->slots.data[s->slot].align, loc);
  init_elems(L, base, in, loc);
}

static void init_local(Lower *L, Decl *d, const Init *in, SrcLoc loc) {
  Storage *s = declared_var(L, d);
  if (!in)
    return;
  if (!s->in_slot) {
    IrVal v = in->nelems ? expr(L, in->elems[0].value) : ir_imm(0);
    move_to(L, s->reg, v, loc);
    /* a const local set to a constant is that constant wherever it is
       read, as an inlined function's constant argument is */
    if (v.kind == IV_IMM && (type_all_quals(d->type) & (Q_CONST | Q_VOLATILE)) == Q_CONST) {
      s->known = true;
      s->value = v.imm;
    }
    return;
  }
  init_slot(L, s, in, loc);
}

/* --- Builtins --- */

/* Whether builtin B is NAME, spelled with or without __builtin_.  */
static bool builtin_is(const char *b, const char *name) {
  if (!b)
    return false;
  if (!strncmp(b, "__builtin_", 10) && !strcmp(b + 10, name))
    return true;
  return !strcmp(b, name);
}

static const Node *strip_noop(const Node *n) {
  while (n && n->kind == EX_CAST && n->cast_kind == CAST_NOOP)
    n = n->a;
  return n;
}

/* The alignment known of what pointer expression N points to.  */
static uint32_t pointee_align(const Node *n) {
  n = strip_noop(n);
  if (n && type_is_pointer(n->type)) {
    Type *p = type_canon(n->type)->base;
    if (p && type_kind(p) != TY_VOID && type_align(p) > 0)
      return type_align(p);
  }
  if (n && n->kind == EX_CAST && n->cast_kind == CAST_DECAY && n->a)
    return type_align(n->a->type);
  return 1;
}

static bool const_arg(const Node *n, int64_t *v) {
  n = strip_noop(n);
  while (n && n->kind == EX_CAST && (n->cast_kind == CAST_INT || n->cast_kind == CAST_NOOP))
    n = n->a;
  if (n && n->kind == EX_CONST && n->u.cv.kind == CV_INT) {
    *v = n->u.cv.i;
    return true;
  }
  /* a static object that keeps its initial value (libbpf's helpers) */
  if (n && n->kind == EX_CAST && n->cast_kind == CAST_LOAD && n->a->kind == EX_VAR &&
      has_static_storage(n->a->u.decl))
    return tree_static_int_value(n->a->u.decl, v);
  return false;
}

/* The size a memory builtin is given, when it is known here: a constant
   expression, or a value the lowering knows (a constant local that
   keeps its value, an inlined function's constant argument), as GCC 16
   knows it after constant propagation and inlining.  */
static bool known_size(Lower *L, const Node *n, int64_t *size) {
  if (!const_arg(n, size)) {
    IrVal v = expr(L, n);
    if (v.kind != IV_IMM)
      return false;
    *size = v.imm;
  }
  return *size >= 0;
}

static IrVal atomic_op(Lower *L, const Node *n, int op, bool fetch, bool return_new,
                       SrcLoc loc) {
  const Node *ptr = n->u.call.args[0];
  Type *pt = type_canon(ptr->type)->base;
  unsigned size = (unsigned)size_of(pt);
  IrVal p = expr(L, ptr);
  IrVal v = expr(L, n->u.call.args[1]);
  if (op == BPF_ALU_SUB) {
    IrInsn *ng = add(L, IR_NEG, loc);
    ng->dst = new_reg(L);
    ng->a = v;
    v = ir_reg(ng->dst);
  }
  int aop = op == BPF_ALU_SUB ? BPF_ATOMIC_ADD : op;
  IrReg preg = to_reg(L, p, loc), vreg = to_reg(L, v, loc);
  IrInsn *i = add(L, IR_ATOMIC, loc);
  i->addr = ir_addr_reg(preg, 0);
  i->size = (uint8_t)(size == 8 ? 8 : 4);
  i->a = ir_reg(vreg);
  i->atomic = aop | (fetch || return_new ? BPF_ATOMIC_FETCH : 0);
  if (!(fetch || return_new))
    return ir_imm(0);
  i->dst = new_reg(L);
  IrVal old = ir_reg(i->dst);
  if (size == 4)
    old = extend(L, old, 4, is_signed_int(pt), loc);
  if (!return_new)
    return old;
  switch (op) {
  case BPF_ATOMIC_ADD: return alu(L, BPF_ALU_ADD, old, v, size == 4, false, loc);
  case BPF_ALU_SUB: return alu(L, BPF_ALU_ADD, old, v, size == 4, false, loc);
  case BPF_ATOMIC_AND: return alu(L, BPF_ALU_AND, old, v, false, false, loc);
  case BPF_ATOMIC_OR: return alu(L, BPF_ALU_OR, old, v, false, false, loc);
  case BPF_ATOMIC_XOR: return alu(L, BPF_ALU_XOR, old, v, false, false, loc);
  }
  return old;
}

static IrVal cmpxchg(Lower *L, const Node *n, bool want_bool, SrcLoc loc) {
  const Node *ptr = n->u.call.args[0];
  Type *pt = type_canon(ptr->type)->base;
  unsigned size = (unsigned)size_of(pt);
  IrReg p = to_reg(L, expr(L, ptr), loc);
  IrReg expected = to_reg(L, expr(L, n->u.call.args[1]), loc);
  IrReg desired = to_reg(L, expr(L, n->u.call.args[2]), loc);
  IrInsn *i = add(L, IR_ATOMIC, loc);
  i->addr = ir_addr_reg(p, 0);
  i->size = (uint8_t)(size == 8 ? 8 : 4);
  i->atomic = BPF_ATOMIC_CMPXCHG;
  i->a = ir_reg(desired);
  i->b = ir_reg(expected);
  i->dst = new_reg(L);
  IrVal old = ir_reg(i->dst);
  if (size == 4)
    old = extend(L, old, 4, is_signed_int(pt), loc);
  if (!want_bool)
    return old;
  IrReg r = new_reg(L);
  uint32_t yes = ir_new_block(L->f), no = ir_new_block(L->f), done = ir_new_block(L->f);
  IrInsn *br = add(L, IR_BR, loc);
  br->alu = BPF_JMP_JEQ;
  br->a = old;
  br->b = ir_reg(expected);
  br->then_ = yes;
  br->else_ = no;
  start_block(L, yes);
  move_to(L, r, ir_imm(1), loc);
  jump(L, done, loc);
  start_block(L, no);
  move_to(L, r, ir_imm(0), loc);
  jump(L, done, loc);
  start_block(L, done);
  return ir_reg(r);
}

/* The type a CO-RE builtin's argument names: `*(T *)0` names T.  */
static Type *core_arg_type(const Node *a) {
  return type_unqualified(a->type); /* relocations name types, not qualifiers */
}

/* __builtin_preserve_field_info, __builtin_btf_type_id,
   __builtin_preserve_type_info, __builtin_preserve_enum_value: the local
   value, relocated.  */
static IrVal core_enum_value(Lower *L, const Node *n, const Node *type_ptr, const Node *value,
                             const Node *flag_arg);

static IrVal core_builtin(Lower *L, const Node *n, const char *name) {
  SrcLoc loc = n->loc;
  int64_t flag = 0;
  if (builtin_is(name, "preserve_enum_value") && n->u.call.nargs == 3)
    return core_enum_value(L, n, n->u.call.args[0], n->u.call.args[1], n->u.call.args[2]);
  if (n->u.call.nargs != 2 || !const_arg(n->u.call.args[1], &flag)) {
    fail(L, loc, "the second argument of a CO-RE builtin must be an integer constant");
    return ir_imm(0);
  }
  const Node *a = n->u.call.args[0];
  if (builtin_is(name, "preserve_field_info")) {
    /* the field as written, or its address (bpf_core_read.h's form for
       compilers other than clang) */
    while (a->kind == EX_CAST && (a->cast_kind == CAST_LOAD || a->cast_kind == CAST_NOOP ||
                                  a->cast_kind == CAST_DECAY))
      a = a->a;
    if (a->kind == EX_ADDR)
      a = a->a;
    if (a->kind != EX_MEMBER && a->kind != EX_INDEX) {
      fail(L, loc, "argument of __builtin_preserve_field_info must be a field access");
      return ir_imm(0);
    }
    CoreChain c = {0};
    L->force_pai++;
    bool ok = core_walk(L, a, &c) && c.root;
    L->force_pai--;
    char access[256];
    int64_t off, rest;
    if (!ok || !core_prefix(&c, access, sizeof access, &off, &rest) || flag < 0 || flag > 5) {
      fail(L, loc, "invalid argument to __builtin_preserve_field_info");
      return ir_imm(0);
    }
    /* an array element is a field of its element type */
    Member elem = {0};
    elem.type = a->type;
    elem.bit_width = -1;
    Member *m = a->kind == EX_MEMBER ? a->u.m.member : &elem;
    int64_t size = size_of(m->type), value;
    switch (flag) {
    case CORE_FIELD_BYTE_OFFSET:
      /* a bit-field's: the start of the unit of its type's size that
         holds it */
      value = m->is_bitfield ? off - m->bit_offset / 8 + m->bit_offset / (size * 8) * size : off;
      break;
    case CORE_FIELD_BYTE_SIZE: value = size; break;
    case CORE_FIELD_EXISTS: value = 1; break;
    case CORE_FIELD_SIGNED: value = is_signed_int(m->type); break;
    case CORE_FIELD_LSHIFT_U64:
      if (m->is_bitfield) {
        int64_t in_unit = m->bit_offset % (size * 8);
        value = ctx_current->target.big_endian ? in_unit + (64 - size * 8) : 64 - (in_unit + m->bit_width);
      } else {
        value = 64 - size * 8;
      }
      break;
    default: /* RSHIFT_U64 */
      value = 64 - (m->is_bitfield ? m->bit_width : size * 8);
      break;
    }
    return core_value(L, value, new_core(core_root(c.root), access, (uint32_t)flag), loc);
  }
  Type *t = core_arg_type(a);
  if (builtin_is(name, "btf_type_id")) {
    if (flag != 0 && flag != 1) {
      fail(L, loc, "invalid second argument to __builtin_btf_type_id");
      return ir_imm(0);
    }
    return core_value(L, 0, new_core(t, "0", flag ? CORE_TYPE_ID_TARGET : CORE_TYPE_ID_LOCAL),
                      loc);
  }
  if (builtin_is(name, "preserve_type_info")) {
    static const uint32_t kinds[] = {CORE_TYPE_EXISTS, CORE_TYPE_SIZE, CORE_TYPE_MATCHES};
    if (flag < 0 || flag > 2) {
      fail(L, loc, "invalid second argument to __builtin_preserve_type_info");
      return ir_imm(0);
    }
    int64_t value = flag == 1 ? size_of(t) : 1;
    return core_value(L, value, new_core(t, "0", kinds[flag]), loc);
  }
  /* preserve_enum_value(*(enum E *)ENUMERATOR, flag) */
  const Node *v = a;
  if (v->kind == EX_CAST && v->cast_kind == CAST_LOAD)
    v = v->a;
  if (v->kind != EX_DEREF) {
    fail(L, loc, "invalid argument to __builtin_preserve_enum_value");
    return ir_imm(0);
  }
  return core_enum_value(L, n, NULL, v->a, n->u.call.args[1]);
}

/* __builtin_preserve_enum_value: clang's (*(enum E *)ENUMERATOR, flag),
   or GCC's (pointer to enum E, ENUMERATOR, flag) with TYPE_PTR.  */
static IrVal core_enum_value(Lower *L, const Node *n, const Node *type_ptr, const Node *value,
                             const Node *flag_arg) {
  SrcLoc loc = n->loc;
  int64_t flag, enumval;
  Type *t = type_ptr ? type_canon(type_ptr->type)->base : type_canon(n->u.call.args[0]->type);
  Type *et = t ? type_canon(t) : NULL;
  if (!et || et->kind != TY_ENUM || !const_arg(value, &enumval) ||
      !const_arg(flag_arg, &flag) || (flag != 0 && flag != 1)) {
    fail(L, loc, "invalid argument to __builtin_preserve_enum_value");
    return ir_imm(0);
  }
  t = type_unqualified(t);
  const Record *r = et->u.rec;
  int idx = -1;
  for (int i = 0; i < r->nenums && idx < 0; i++)
    if (r->enums[i].value == enumval)
      idx = i;
  if (idx < 0) {
    fail(L, loc, "invalid argument to __builtin_preserve_enum_value");
    return ir_imm(0);
  }
  char access[32];
  snprintf(access, sizeof access, "%d", idx);
  return core_value(L, flag ? enumval : 1,
                    new_core(t, access, flag ? CORE_ENUMVAL_VALUE : CORE_ENUMVAL_EXISTS), loc);
}

static IrVal builtin(Lower *L, const Node *n, const char *name) {
  SrcLoc loc = n->loc;
  int na = n->u.call.nargs;
  Node **args = n->u.call.args;
  if (!name)
    name = "?";
  bool core = builtin_is(name, "preserve_access_index") ||
              builtin_is(name, "preserve_field_info") ||
              builtin_is(name, "btf_type_id") ||
              builtin_is(name, "preserve_type_info") ||
              builtin_is(name, "preserve_enum_value");
  if (core && !L->env->co_re) {
    fail(L, loc, "BPF CO-RE is required but not enabled");
    return ir_imm(0);
  }
  if (builtin_is(name, "preserve_access_index") && na == 1) {
    L->force_pai++;
    IrVal v = expr(L, args[0]);
    L->force_pai--;
    return v;
  }
  if (builtin_is(name, "preserve_field_info") || builtin_is(name, "btf_type_id") ||
      builtin_is(name, "preserve_type_info") || builtin_is(name, "preserve_enum_value"))
    return core_builtin(L, n, name);
  if (builtin_is(name, "expect") || builtin_is(name, "expect_with_probability") ||
      builtin_is(name, "assume_aligned")) {
    IrVal v = na ? expr(L, args[0]) : ir_imm(0);
    return na ? convert(L, v, args[0]->type, n->type, loc) : v;
  }
  if (builtin_is(name, "constant_p")) {
    int64_t v;
    if (na && const_arg(args[0], &v))
      return ir_imm(1);
    /* a parameter's value (the parser kept only those): a constant when
       the function was inlined with one */
    return ir_imm(na && expr(L, args[0]).kind == IV_IMM);
  }
  if (builtin_is(name, "unreachable") || builtin_is(name, "trap")) {
    add(L, IR_UNREACHABLE, loc);
    start_block(L, ir_new_block(L->f));
    return ir_imm(0);
  }
  if (builtin_is(name, "memcpy") || builtin_is(name, "memmove") ||
      builtin_is(name, "memset")) {
    int64_t size;
    if (na != 3 || !known_size(L, args[2], &size)) {
      char msg[96];
      snprintf(msg, sizeof msg, "could not inline call to '__builtin_%s': size must be constant",
               strncmp(name, "__builtin_", 10) ? name : name + 10);
      fail(L, loc, msg);
      return ir_imm(0);
    }
    IrVal d = expr(L, args[0]);
    IrAddr dst = ir_addr_reg(to_reg(L, d, loc), 0);
    if (builtin_is(name, "memset")) {
      int64_t byte;
      uint32_t align = pointee_align(args[0]);
      if (const_arg(args[1], &byte)) {
        set_bytes(L, dst, (uint8_t)byte, size, align, loc);
      } else {
        IrVal b = expr(L, args[1]);
        IrVal v = alu(L, BPF_ALU_AND, b, ir_imm(0xff), false, false, loc);
        for (int64_t off = 0; off < size; off++)
          store(L, addr_plus(L, dst, off, loc), 1, v, false, loc);
      }
      return d;
    }
    IrVal s = expr(L, args[1]);
    IrAddr src = ir_addr_reg(to_reg(L, s, loc), 0);
    uint32_t a1 = pointee_align(args[0]), a2 = pointee_align(args[1]);
    uint32_t align = a1 < a2 ? a1 : a2;
    if (builtin_is(name, "memmove")) {
      /* load everything first, then store */
      IrVal vals[64];
      unsigned sizes[64];
      int cnt = 0;
      int64_t off = 0;
      while (off < size && cnt < 64) {
        unsigned c = chunk_for(size - off, align ? align : 1);
        vals[cnt] = load(L, addr_plus(L, src, off, loc), c, false, false, loc);
        sizes[cnt++] = c;
        off += c;
      }
      if (off < size) {
        fail(L, loc, "__builtin_memmove is too large for eBPF");
        return d;
      }
      off = 0;
      for (int i = 0; i < cnt; i++) {
        store(L, addr_plus(L, dst, off, loc), sizes[i], vals[i], false, loc);
        off += sizes[i];
      }
      return d;
    }
    copy_bytes(L, dst, src, size, align, loc);
    return d;
  }
  if (builtin_is(name, "memcmp") || builtin_is(name, "bcmp")) {
    int64_t size;
    if (na != 3 || !const_arg(args[2], &size) || size < 0) {
      fail(L, loc, "the size of __builtin_memcmp must be a constant in eBPF");
      return ir_imm(0);
    }
    IrReg a = to_reg(L, expr(L, args[0]), loc), b = to_reg(L, expr(L, args[1]), loc);
    IrReg r = new_reg(L);
    uint32_t done = ir_new_block(L->f);
    move_to(L, r, ir_imm(0), loc);
    for (int64_t off = 0; off < size; off++) {
      IrVal x = load(L, ir_addr_reg(a, off), 1, false, false, loc);
      IrVal y = load(L, ir_addr_reg(b, off), 1, false, false, loc);
      IrVal diff = alu(L, BPF_ALU_SUB, x, y, false, false, loc);
      move_to(L, r, diff, loc);
      uint32_t next = ir_new_block(L->f);
      IrInsn *br = add(L, IR_BR, loc);
      br->alu = BPF_JMP_JNE;
      br->a = ir_reg(r);
      br->b = ir_imm(0);
      br->then_ = done;
      br->else_ = next;
      start_block(L, next);
    }
    jump(L, done, loc);
    start_block(L, done);
    return ir_reg(r);
  }
  if (builtin_is(name, "bswap16") || builtin_is(name, "bswap32") || builtin_is(name, "bswap64")) {
    unsigned bytes = name[strlen(name) - 1] == '6' && name[strlen(name) - 2] == '1' ? 2
                     : name[strlen(name) - 2] == '3' ? 4 : 8;
    IrVal v = expr(L, args[0]);
    IrInsn *i = add(L, IR_BSWAP, loc);
    i->dst = new_reg(L);
    i->a = v;
    i->size = (uint8_t)bytes;
    i->sign = ctx_current->target.big_endian; /* on bpfeb, swapping is "to little endian" */
    return ir_reg(i->dst);
  }
  if (builtin_is(name, "bpf_load_byte") || builtin_is(name, "bpf_load_half") ||
      builtin_is(name, "bpf_load_word")) {
    /* GCC's form: (offset), the packet of the function's first argument
       (LD_ABS/LD_IND read the context in r6); also (ctx, offset) */
    if (na != 1 && na != 2) {
      fail(L, loc, "wrong number of arguments to a BPF packet load");
      return ir_imm(0);
    }
    if (na == 1 && !L->f->nparams) {
      fail(L, loc, "a BPF packet load needs the program's context argument");
      return ir_imm(0);
    }
    IrVal ctx = na == 2 ? expr(L, args[0]) : ir_reg(L->f->params[0]);
    IrVal off = expr(L, args[na - 1]);
    IrInsn *i = add(L, IR_LDPKT, loc);
    i->dst = new_reg(L);
    i->b = ctx;
    i->a = off;
    i->size = builtin_is(name, "bpf_load_byte") ? 1 : builtin_is(name, "bpf_load_half") ? 2 : 4;
    return ir_reg(i->dst);
  }
  static const struct {
    const char *name;
    int op;
    bool fetch, return_new;
  } atomics[] = {
      {"__sync_fetch_and_add", BPF_ATOMIC_ADD, true, false},
      {"__sync_fetch_and_sub", BPF_ALU_SUB, true, false},
      {"__sync_fetch_and_or", BPF_ATOMIC_OR, true, false},
      {"__sync_fetch_and_and", BPF_ATOMIC_AND, true, false},
      {"__sync_fetch_and_xor", BPF_ATOMIC_XOR, true, false},
      {"__sync_add_and_fetch", BPF_ATOMIC_ADD, false, true},
      {"__sync_sub_and_fetch", BPF_ALU_SUB, false, true},
      {"__sync_or_and_fetch", BPF_ATOMIC_OR, false, true},
      {"__sync_and_and_fetch", BPF_ATOMIC_AND, false, true},
      {"__sync_xor_and_fetch", BPF_ATOMIC_XOR, false, true},
      {"__atomic_fetch_add", BPF_ATOMIC_ADD, true, false},
      {"__atomic_fetch_sub", BPF_ALU_SUB, true, false},
      {"__atomic_fetch_or", BPF_ATOMIC_OR, true, false},
      {"__atomic_fetch_and", BPF_ATOMIC_AND, true, false},
      {"__atomic_fetch_xor", BPF_ATOMIC_XOR, true, false},
      {"__atomic_add_fetch", BPF_ATOMIC_ADD, false, true},
      {"__atomic_sub_fetch", BPF_ALU_SUB, false, true},
      {"__atomic_or_fetch", BPF_ATOMIC_OR, false, true},
      {"__atomic_and_fetch", BPF_ATOMIC_AND, false, true},
      {"__atomic_xor_fetch", BPF_ATOMIC_XOR, false, true},
  };
  for (size_t k = 0; k < ARRAY_LEN(atomics); k++)
    if (!strcmp(name, atomics[k].name)) {
      /* When the value is not used, the plain (non-fetch) form: GCC and
         clang emit `lock *(u64 *)(r1 + 0) += r2` then.  */
      return atomic_op(L, n, atomics[k].op, atomics[k].fetch, atomics[k].return_new, loc);
    }
  if (!strcmp(name, "__sync_val_compare_and_swap"))
    return cmpxchg(L, n, false, loc);
  if (!strcmp(name, "__sync_bool_compare_and_swap"))
    return cmpxchg(L, n, true, loc);
  if (!strcmp(name, "__sync_lock_test_and_set") || !strcmp(name, "__atomic_exchange_n")) {
    const Node *ptr = args[0];
    Type *pt = type_canon(ptr->type)->base;
    IrReg p = to_reg(L, expr(L, ptr), loc);
    IrReg v = to_reg(L, expr(L, args[1]), loc);
    IrInsn *i = add(L, IR_ATOMIC, loc);
    i->addr = ir_addr_reg(p, 0);
    i->size = (uint8_t)(size_of(pt) == 8 ? 8 : 4);
    i->atomic = BPF_ATOMIC_XCHG;
    i->a = ir_reg(v);
    i->dst = new_reg(L);
    return ir_reg(i->dst);
  }
  if (!strcmp(name, "__atomic_load_n")) {
    Type *pt = type_canon(args[0]->type)->base;
    IrVal p = expr(L, args[0]);
    return load(L, ir_addr_reg(to_reg(L, p, loc), 0), (unsigned)size_of(pt),
                is_signed_int(pt), true, loc);
  }
  if (!strcmp(name, "__atomic_store_n")) {
    Type *pt = type_canon(args[0]->type)->base;
    IrVal p = expr(L, args[0]);
    IrVal v = expr(L, args[1]);
    store(L, ir_addr_reg(to_reg(L, p, loc), 0), (unsigned)size_of(pt), v, true, loc);
    return ir_imm(0);
  }
  if (!strcmp(name, "__sync_synchronize") || !strcmp(name, "__atomic_thread_fence") ||
      !strcmp(name, "__atomic_signal_fence"))
    return ir_imm(0);
  char msg[200];
  snprintf(msg, sizeof msg, "builtin '%s' is not supported for eBPF yet", name);
  fail(L, loc, msg);
  return ir_imm(0);
}

/* --- Calls --- */

/* A kfunc: an extern function in libbpf's .ksyms section (__ksym).  */
static bool is_ksym(const Decl *d) {
  const char *sec = decl_section(d);
  return sec && !strcmp(sec, ".ksyms");
}

/* --- Inlining --- */

enum { INLINE_LIMIT = 400 /* tree nodes */ };

static void count_node(const Node *n, void *ctx) {
  (void)n;
  ++*(int *)ctx;
}

/* The size of a body in tree nodes, counted up to a little past the
   inlining limit.  */
static int body_size(const Node *body) {
  int n = 0;
  tree_walk(body, count_node, &n);
  return n;
}

/* Whether a call of FN (its definition DEF) is inlined: always_inline,
   declared inline (GCC at -O2 inlines such small functions), a call BPF
   could not make (more than five arguments, aggregates by value), or a
   small body; never noinline ones, nor weak ones (another object may
   replace a weak definition at link time: GCC and clang call it, and
   the verifier checks a global one against its own BTF prototype).  */
static bool should_inline(Lower *L, const Node *call, Decl *fn, Decl *def) {
  if (!def || !def->body || L->inline_depth >= 8)
    return false;
  if (decl_find_attr(fn, ATTR_NOINLINE) || decl_find_attr(def, ATTR_NOINLINE) ||
      decl_find_attr(fn, ATTR_WEAK) || decl_find_attr(def, ATTR_WEAK))
    return false;
  if (decl_find_attr(fn, ATTR_ALWAYS_INLINE) || decl_find_attr(def, ATTR_ALWAYS_INLINE))
    return true;
  bool is_inline = false;
  for (Decl *x = def; x; x = x->prev)
    is_inline |= x->is_inline;
  if (is_inline)
    return true;
  if (call->u.call.nargs > 5 || is_aggregate(type_canon(fn->type)->base))
    return true;
  for (int i = 0; i < call->u.call.nargs; i++)
    if (is_aggregate(call->u.call.args[i]->type))
      return true;
  /* Small functions, global ones too, as GCC and clang inline them at
     -O2 (a global function stays emitted; calls of it are then never
     verified on their own).  */
  return body_size(def->body->body) <= INLINE_LIMIT;
}

typedef struct AssignSearch {
  const Decl *d;
  bool found;
} AssignSearch;

static void note_assignment(const Node *n, void *ctx) {
  AssignSearch *a = ctx;
  bool writes = n->kind == EX_ASSIGN || n->kind == EX_OP_ASSIGN || n->kind == EX_PREINC ||
                n->kind == EX_PREDEC || n->kind == EX_POSTINC || n->kind == EX_POSTDEC;
  if (writes && tree_root_var(n->a) == a->d)
    a->found = true;
}

/* Whether BODY assigns to (or increments) the variable D.  */
static bool assigned_in(const Node *body, const Decl *d) {
  AssignSearch a = {d, false};
  tree_walk(body, note_assignment, &a);
  return a.found;
}

static IrVal inline_call(Lower *L, const Node *n, Decl *def) {
  SrcLoc loc = n->loc;
  const FuncBody *body = def->body;
  /* The arguments, in order, before anything of the callee.  */
  int na = n->u.call.nargs;
  IrVal *args = xcalloc((size_t)na + 1, sizeof *args);
  for (int i = 0; i < na; i++)
    args[i] = expr(L, n->u.call.args[i]);
  /* The callee's own labels, cases, loops and return.  */
  Lower saved = *L;
  L->labels.data = NULL; L->labels.len = L->labels.cap = 0;
  L->cases.data = NULL; L->cases.len = L->cases.cap = 0;
  L->break_to = L->continue_to = NO_BLOCK;
  L->ret_type = type_canon(def->type)->base;
  L->ret_block = ir_new_block(L->f);
  L->ret_reg = 0;
  L->ret_in_slot = false;
  L->ret_mark = L->cleanups.len;
  L->inline_depth++;
  if (is_aggregate(L->ret_type)) {
    L->ret_in_slot = true;
    L->ret_slot = ir_new_slot(L->f, size_of(L->ret_type), type_align(L->ret_type), "ret");
  } else if (type_kind(L->ret_type) != TY_VOID) {
    L->ret_reg = new_reg(L);
  }
  tree_walk(body->body, note_addressed, L);
  size_t slot_mark = L->scope_slots.len;
  uint32_t outer_scope = begin_slot_scope(L);
  for (int i = 0; i < body->nparams; i++) {
    Decl *p = body->params[i];
    if (!p)
      continue;
    Storage *st = define_local(L, p);
    IrVal v = i < na ? args[i] : ir_imm(0);
    if (is_aggregate(p->type)) {
      copy_bytes(L, ir_addr_slot(st->slot, 0), val_addr(L, v, loc), size_of(p->type),
                 type_align(p->type), loc);
    } else if (st->in_slot) {
      store(L, ir_addr_slot(st->slot, 0), (unsigned)size_of(p->type), v, false, loc);
    } else {
      move_to(L, st->reg, v, loc);
      /* A constant argument the body never changes is that constant
         everywhere in it (an "i" operand of inline asm may need it, as
         libbpf's bpf_tail_call_static's slot does).  */
      if (v.kind == IV_IMM && !assigned_in(body->body, p)) {
        st->known = true;
        st->value = v.imm;
      }
    }
  }
  free(args);
  stmt(L, body->body);
  /* The code after the call goes in a block made after the body's, so
     that the body's early returns jump forward to it and each falls
     through into the rest of the body: the path the verifier explores
     first is then the one that goes on (as clang's layout has it), not
     the early return.  The return block, made before the body, only
     jumps there and is threaded away.  */
  uint32_t after = ir_new_block(L->f);
  jump(L, L->ret_block, loc);
  start_block(L, L->ret_block);
  jump(L, after, loc);
  start_block(L, after);
  free_scope_slots(L, slot_mark, outer_scope);
  IrVal result = ir_imm(0);
  if (L->ret_in_slot)
    result = ir_reg(addr_reg(L, ir_addr_slot(L->ret_slot, 0), loc));
  else if (L->ret_reg)
    result = ir_reg(L->ret_reg);
  vec_free(&L->labels);
  vec_free(&L->cases);
  bool failed = L->failed;
  uint32_t cur = L->cur;
  L->labels = saved.labels;
  L->cases = saved.cases;
  L->break_to = saved.break_to;
  L->continue_to = saved.continue_to;
  L->ret_type = saved.ret_type;
  L->ret_block = saved.ret_block;
  L->ret_reg = saved.ret_reg;
  L->ret_in_slot = saved.ret_in_slot;
  L->ret_slot = saved.ret_slot;
  L->inline_depth = saved.inline_depth;
  L->ret_mark = saved.ret_mark;
  L->break_mark = saved.break_mark;
  L->continue_mark = saved.continue_mark;
  L->failed = failed;
  L->cur = cur;
  return result;
}

/* The bytes of kfunc D's argument K (of type T) the kernel reads: an
   integer narrower than 8 bytes is read at its width by the native
   function (its upper bits are not the caller's to set, as clang
   leaves them), unless its name carries one of the suffixes by which
   the verifier checks the whole register (`__sz`, `__szk`, `__k`, any
   `__` annotation); 0 for all 8.  */
static uint8_t kfunc_arg_bytes(const Decl *d, int k, Type *t) {
  if (!type_is_integer(t) || size_of(t) >= 8)
    return 0;
  if (k >= d->n_def_params || !d->def_params)
    return 0; /* no declaration to read the annotation from */
  const Ident *name = d->def_params[k].name;
  if (name && strstr(name->name, "__"))
    return 0;
  return (uint8_t)size_of(t);
}

static IrVal call(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  {
    const Node *t = strip_noop(n->a);
    if (t && t->kind == EX_CAST && t->cast_kind == CAST_FUNC_DECAY && t->a &&
        t->a->kind == EX_VAR && t->a->u.decl->kind == DECL_FUNC) {
      Decl *fn = t->a->u.decl;
      Decl *def = L->env->definition_of ? L->env->definition_of(L->env, fn) : NULL;
      if (should_inline(L, n, fn, def))
        return inline_call(L, n, def);
      /* The library functions GCC knows as builtins.  */
      static const char *const libc[] = {"memcpy", "memset", "memmove", "memcmp",
                                         "bcmp"};
      for (size_t i = 0; !def && i < ARRAY_LEN(libc); i++)
        if (fn->name && !strcmp(fn->name->name, libc[i]))
          return builtin(L, n, libc[i]);
    }
  }
  if (n->u.call.nargs > 5) {
    fail(L, loc, "too many function arguments for eBPF");
    return ir_imm(0);
  }
  IrCall *c = NEW(IrCall);
  const Node *fn = n->a;
  const Node *target = strip_noop(fn);
  if (target && target->kind == EX_CAST && target->cast_kind == CAST_FUNC_DECAY &&
      target->a && target->a->kind == EX_VAR) {
    Decl *d = target->a->u.decl;
    c->kind = CALL_FUNC;
    c->sym = L->env->symbol_of(L->env, d);
    c->is_kfunc = is_ksym(d);
    for (int k = 0; c->is_kfunc && k < n->u.call.nargs && k < 5; k++)
      c->arg_bytes[k] = kfunc_arg_bytes(d, k, n->u.call.args[k]->type);
  } else if (target && target->kind == EX_CAST && target->cast_kind == CAST_LOAD &&
             target->a && target->a->kind == EX_VAR &&
             tree_static_int_value(target->a->u.decl, &c->helper)) {
    c->kind = CALL_HELPER;
  } else {
    int64_t v;
    if (const_arg(fn, &v)) {
      c->kind = CALL_HELPER;
      c->helper = v;
    } else {
      c->kind = CALL_REG;
      c->target = to_reg(L, expr(L, fn), loc);
    }
  }
  for (int i = 0; i < n->u.call.nargs; i++) {
    const Node *a = n->u.call.args[i];
    if (is_aggregate(a->type) && type_kind(a->type) != TY_ARRAY) {
      fail(L, a->loc, "eBPF does not support passing aggregates by value");
      return ir_imm(0);
    }
    c->args[i] = expr(L, a);
  }
  c->nargs = n->u.call.nargs;
  IrInsn *i = add(L, IR_CALL, loc);
  i->call = c;
  Type *rt = n->type;
  if (type_kind(rt) != TY_VOID) {
    if (is_aggregate(rt)) {
      fail(L, loc, "eBPF does not support returning aggregates");
      return ir_imm(0);
    }
    i->dst = new_reg(L);
    /* the callee returns r0 whole: make it canonical for the type */
    unsigned size = (unsigned)size_of(rt);
    if (size < 8 && type_is_integer(rt))
      return extend(L, ir_reg(i->dst), size, is_signed_int(rt), loc);
    return ir_reg(i->dst);
  }
  return ir_imm(0);
}

/* --- Expressions --- */

static bool op_is_compare(unsigned op) { return op >= OP_EQ && op <= OP_GE; }

/* Whether N's value is always 0 or 1: a comparison, a logical operator,
   or a value of type _Bool.  */
static bool is_truth_value(const Node *n) {
  switch (n->kind) {
  case EX_BINARY:
    return op_is_compare(n->op);
  case EX_UNARY:
    return n->op == OP_LOGNOT;
  case EX_LOGAND:
  case EX_LOGOR:
    return true;
  default:
    return type_kind(n->type) == TY_BOOL;
  }
}

static unsigned compare_cond(unsigned op, bool sign) {
  switch (op) {
  case OP_EQ: return BPF_JMP_JEQ;
  case OP_NE: return BPF_JMP_JNE;
  case OP_LT: return sign ? BPF_JMP_JSLT : BPF_JMP_JLT;
  case OP_LE: return sign ? BPF_JMP_JSLE : BPF_JMP_JLE;
  case OP_GT: return sign ? BPF_JMP_JSGT : BPF_JMP_JGT;
  default: return sign ? BPF_JMP_JSGE : BPF_JMP_JGE;
  }
}

/* Unsigned A / D or A % D for a constant D > 1: a shift or a mask for a
   power of two; for A below 2^32, a multiplication by D's reciprocal
   (rounded up, with 32 + s fraction bits) and a shift, as GCC and LLVM
   divide by constants; the verifier follows the bounds of both, not of
   a division.  A_SMALL: A is known to be below 2^31.  */
static IrVal udiv_const(Lower *L, unsigned op, IrVal a, bool a_small, uint64_t d,
                        SrcLoc loc) {
  if ((d & (d - 1)) == 0) {
    if (op == OP_DIV)
      return alu(L, BPF_ALU_RSH, a, ir_imm(__builtin_ctzll(d)), false, false, loc);
    IrVal m = ir_imm((int64_t)(d - 1));
    if (d - 1 > INT32_MAX)
      m = ir_reg(to_reg(L, m, loc));
    return alu(L, BPF_ALU_AND, a, m, false, false, loc);
  }
  int s = 64 - __builtin_clzll(d - 1); /* ceil(log2 d) */
  unsigned __int128 m = (((unsigned __int128)1 << (32 + s)) / d) + 1;
  IrVal q;
  if (m < ((unsigned __int128)1 << 32) || a_small) {
    /* a < 2^31 and m < 2^33: the product fits 64 bits */
    IrVal p = alu(L, BPF_ALU_MUL, a, ir_reg(to_reg(L, ir_imm((int64_t)m), loc)), false, false, loc);
    q = alu(L, BPF_ALU_RSH, p, ir_imm(32 + s), false, false, loc);
  } else {
    uint64_t mp = (uint64_t)(m - ((unsigned __int128)1 << 32));
    IrVal p = alu(L, BPF_ALU_MUL, a, ir_reg(to_reg(L, ir_imm((int64_t)mp), loc)), false, false, loc);
    IrVal t = alu(L, BPF_ALU_RSH, p, ir_imm(32), false, false, loc);
    IrVal h = alu(L, BPF_ALU_SUB, a, t, false, false, loc);
    h = alu(L, BPF_ALU_RSH, h, ir_imm(1), false, false, loc);
    h = alu(L, BPF_ALU_ADD, t, h, false, false, loc);
    q = alu(L, BPF_ALU_RSH, h, ir_imm(s - 1), false, false, loc);
  }
  if (op == OP_DIV)
    return q;
  IrVal qd = alu(L, BPF_ALU_MUL, q, ir_imm((int64_t)d), false, false, loc);
  return alu(L, BPF_ALU_SUB, a, qd, false, false, loc);
}

/* A binary operation OP on A and B of the operation's type T (A_SMALL:
   A is known to be below 2^31).  */
static IrVal arith(Lower *L, unsigned op, IrVal a, IrVal b, Type *t, SrcLoc loc,
                   bool a_small) {
  if (is_float(t))
    return float_arith(L, op, a, b, t, loc);
  int64_t size = size_of(t);
  bool sign = is_signed_int(t);
  bool narrow = size < 8;
  unsigned bop;
  bool wraps = false;
  switch (op) {
  case OP_ADD: bop = BPF_ALU_ADD; wraps = true; break;
  case OP_SUB: bop = BPF_ALU_SUB; wraps = true; break;
  case OP_MUL: bop = BPF_ALU_MUL; wraps = true; break;
  case OP_DIV: bop = BPF_ALU_DIV; break;
  case OP_MOD: bop = BPF_ALU_MOD; break;
  case OP_SHL: bop = BPF_ALU_LSH; wraps = true; break;
  case OP_SHR: bop = sign ? BPF_ALU_ARSH : BPF_ALU_RSH; break;
  case OP_AND: bop = BPF_ALU_AND; break;
  case OP_OR: bop = BPF_ALU_OR; break;
  default: bop = BPF_ALU_XOR; break;
  }
  if ((op == OP_DIV || op == OP_MOD) && sign && L->env->cpu < 4) {
    int64_t k;
    if (!(b.kind == IV_IMM && (k = b.imm) > 0 && (k & (k - 1)) == 0)) {
      fail(L, loc, "signed division and modulo need -mcpu=v4 in eBPF");
      return ir_imm(0);
    }
    /* x / 2^k rounds toward zero: add 2^k - 1 to negative x first.  */
    IrVal sgn = alu(L, BPF_ALU_ARSH, a, ir_imm(63), false, false, loc);
    IrVal bias = alu(L, BPF_ALU_AND, sgn, ir_imm(k - 1), false, false, loc);
    IrVal adj = alu(L, BPF_ALU_ADD, a, bias, false, false, loc);
    if (op == OP_DIV)
      return alu(L, BPF_ALU_ARSH, adj, ir_imm(__builtin_ctzll((uint64_t)k)), false, false, loc);
    IrVal q = alu(L, BPF_ALU_AND, adj, ir_imm(-k), false, false, loc);
    IrVal r = alu(L, BPF_ALU_SUB, a, q, false, false, loc);
    return r;
  }
  if ((op == OP_DIV || op == OP_MOD) && !sign && b.kind == IV_IMM && b.imm > 1 &&
      (size <= 4 || (b.imm & (b.imm - 1)) == 0))
    return udiv_const(L, op, a, a_small, (uint64_t)b.imm, loc);
  /* Signed int addition, subtraction and multiplication cannot overflow
     in C (without -fwrapv): on operands held sign-extended, the 64-bit
     operation gives the int result already sign-extended, as GCC and
     clang widen such arithmetic, with no extension after it.  */
  if (size == 4 && sign && !L->env->wrapv &&
      (bop == BPF_ALU_ADD || bop == BPF_ALU_SUB || bop == BPF_ALU_MUL))
    narrow = wraps = false;
  bool w32 = narrow && wraps;
  if (w32 && a.kind == IV_IMM && b.kind == IV_IMM) {
    uint64_t x = (uint64_t)a.imm, y = (uint64_t)b.imm, r;
    switch (bop) {
    case BPF_ALU_ADD: r = x + y; break;
    case BPF_ALU_SUB: r = x - y; break;
    case BPF_ALU_MUL: r = x * y; break;
    default: r = (y & 31) == y ? x << y : 0; break;
    }
    return extend(L, ir_imm((int64_t)r), (unsigned)size, sign, loc);
  }
  if (narrow && (bop == BPF_ALU_LSH || bop == BPF_ALU_RSH || bop == BPF_ALU_ARSH) &&
      b.kind == IV_IMM)
    b.imm &= 31;
  IrVal r = alu(L, bop, a, b, w32, sign && (op == OP_DIV || op == OP_MOD), loc);
  if (w32 && sign)
    r = extend(L, r, (unsigned)size, true, loc);
  else if (narrow && size < 4)
    r = extend(L, r, (unsigned)size, sign, loc);
  return r;
}

/* Whether N's value is known to be non-negative: then a signed
   division, modulo or right shift of it may use the unsigned
   instruction, whose result the verifier can bound.  */
static bool nonneg(const Node *n) {
  if (!n)
    return false;
  if (!is_signed_int(n->type))
    return false;
  switch (n->kind) {
  case EX_CONST:
    return n->u.cv.kind == CV_INT && n->u.cv.i >= 0;
  case EX_CAST:
    if (n->cast_kind == CAST_INT || n->cast_kind == CAST_NOOP) {
      Type *from = n->a->type;
      if (type_is_integer(from) && !is_signed_int(from) && size_of(from) < size_of(n->type))
        return true;
      return size_of(from) <= size_of(n->type) && nonneg(n->a);
    }
    return false;
  case EX_BINARY:
    switch (n->op) {
    case OP_AND:
      return nonneg(n->a) || nonneg(n->b);
    case OP_SHR: case OP_DIV: case OP_MOD:
      return nonneg(n->a) && nonneg(n->b);
    case OP_ADD: case OP_MUL: case OP_OR: case OP_XOR:
      return nonneg(n->a) && nonneg(n->b);
    default:
      return op_is_compare(n->op);
    }
  default:
    return false;
  }
}

/* The type to do OP in: T, or its unsigned counterpart for a division,
   modulo or shift of operands known non-negative.  */
static Type *op_type(unsigned op, Type *t, const Node *a, const Node *b) {
  if ((op == OP_DIV || op == OP_MOD || op == OP_SHR) && is_signed_int(t) &&
      nonneg(a) && (op == OP_SHR || nonneg(b)))
    return size_of(t) == 8 ? ty_ulong : ty_uint;
  return t;
}

/* The value 0/1 of a condition.  */
static IrVal cond_value(Lower *L, const Node *n) {
  IrReg r = new_reg(L);
  uint32_t t = ir_new_block(L->f), f = ir_new_block(L->f), done = ir_new_block(L->f);
  cond(L, n, t, f);
  start_block(L, t);
  move_to(L, r, ir_imm(1), n->loc);
  jump(L, done, n->loc);
  start_block(L, f);
  move_to(L, r, ir_imm(0), n->loc);
  jump(L, done, n->loc);
  start_block(L, done);
  return ir_reg(r);
}

static IrVal ptr_add(Lower *L, IrVal p, IrVal i, int64_t scale, bool sub, SrcLoc loc) {
  IrVal off = scale_index(L, i, scale, loc);
  return alu(L, sub ? BPF_ALU_SUB : BPF_ALU_ADD, p, off, false, false, loc);
}

static IrVal incdec(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  const Node *lv = n->a;
  Type *t = lv->type;
  bool inc = n->kind == EX_PREINC || n->kind == EX_POSTINC;
  bool post = n->kind == EX_POSTINC || n->kind == EX_POSTDEC;
  IrVal old = load_lvalue(L, lv, loc);
  if (post && old.kind == IV_REG) {
    /* keep the old value: the variable's register changes below */
    IrReg c = new_reg(L);
    move_to(L, c, old, loc);
    old = ir_reg(c);
  }
  IrVal nv;
  if (type_is_pointer(t))
    nv = ptr_add(L, old, ir_imm(1), n->u.arith.scale ? n->u.arith.scale : 1, !inc, loc);
  else if (type_kind(t) == TY_BOOL)
    nv = inc ? ir_imm(1) : convert(L, alu(L, BPF_ALU_SUB, old, ir_imm(1), false, false, loc),
                                   ty_long, t, loc);
  else {
    Type *ct = size_of(t) < 4 ? ty_int : t;
    nv = arith(L, inc ? OP_ADD : OP_SUB, old, ir_imm(1), ct, loc, false);
    nv = convert(L, nv, ct, t, loc);
  }
  store_lvalue(L, lv, nv, loc);
  return post ? old : nv;
}

static IrVal op_assign(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  const Node *lv = n->a;
  Type *t = lv->type;
  IrVal old = load_lvalue(L, lv, loc);
  IrVal b = expr(L, n->b);
  IrVal r;
  if (type_is_pointer(t)) {
    r = ptr_add(L, old, convert(L, b, n->b->type, ty_long, loc), n->u.arith.scale,
                n->op == OP_SUB, loc);
  } else {
    Type *ct = n->u.arith.comp_type ? n->u.arith.comp_type : t;
    IrVal a = convert(L, old, t, ct, loc);
    r = arith(L, n->op, a, b, ct, loc, false);
    r = convert(L, r, ct, t, loc);
  }
  store_lvalue(L, lv, r, loc);
  return r;
}

static IrVal cast(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  switch (n->cast_kind) {
  case CAST_LOAD:
    return load_lvalue(L, n->a, loc);
  case CAST_DECAY: {
    IrAddr a = lvalue_addr(L, n->a);
    return ir_reg(addr_reg(L, a, loc));
  }
  case CAST_FUNC_DECAY: {
    const Node *f = n->a;
    if (f->kind == EX_VAR)
      return ir_reg(addr_reg(L, symbol_addr(L, f->u.decl, 0, loc), loc));
    return expr(L, f);
  }
  case CAST_TO_VOID:
    expr(L, n->a);
    return ir_imm(0);
  case CAST_OTHER:
    if (is_aggregate(n->type) || is_aggregate(n->a->type))
      return expr(L, n->a);
    fail(L, loc, "unsupported conversion for eBPF");
    return ir_imm(0);
  default: {
    if (type_kind(n->type) == TY_BOOL && is_truth_value(n->a))
      return expr(L, n->a); /* already 0 or 1 */
    if (n->a && n->a->kind == EX_CONST && n->a->u.cv.kind == CV_INT &&
        !is_float(n->type) && !is_float(n->a->type)) {
      IrVal v = ir_imm(n->a->u.cv.i);
      return convert(L, v, n->a->type, n->type, loc);
    }
    IrVal v = expr(L, n->a);
    return convert(L, v, n->a->type, n->type, loc);
  }
  }
}

static IrVal const_value(Lower *L, const Node *n) {
  const ConstVal *cv = &n->u.cv;
  switch (cv->kind) {
  case CV_INT:
    return convert(L, ir_imm(cv->i), ty_long, n->type, n->loc);
  case CV_ADDR:
    if (cv->sym)
      return ir_reg(addr_reg(L, symbol_addr(L, cv->sym, cv->i, n->loc), n->loc));
    if (cv->str || cv->label) {
      fail(L, n->loc, "unsupported address constant for eBPF");
      return ir_imm(0);
    }
    return ir_imm(cv->i);
  default:
    if (is_float(n->type))
      return ir_imm(float_bits(cv->f, n->type));
    return convert(L, ir_imm((int64_t)cv->f), ty_long, n->type, n->loc);
  }
}

static uint32_t label_block(Lower *L, Ident *name);

static IrVal stmt_expr(Lower *L, const Node *n) {
  const Node *body = n->a;
  if (!body || body->kind != ST_COMPOUND)
    return ir_imm(0);
  int nk = body->u.block.nkids;
  IrVal v = ir_imm(0);
  for (int i = 0; i < nk; i++) {
    const Node *k = body->u.block.kids[i];
    /* The last statement, through its labels (`l: ret;` ends the BPF
       headers' bpf_cmp), gives the value.  */
    while (i == nk - 1 && k->kind == ST_LABEL && ST_BODY(k)) {
      uint32_t b = label_block(L, k->u.lbl.label);
      jump(L, b, k->loc);
      start_block(L, b);
      k = ST_BODY(k);
    }
    if (i == nk - 1 && k->kind == ST_EXPR && k->a) {
      v = expr(L, k->a);
      break;
    }
    stmt(L, k);
  }
  return v;
}

static IrVal expr(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  switch ((NodeKind)n->kind) {
  case EX_CONST:
    return const_value(L, n);
  case EX_STRING:
  case EX_VAR:
  case EX_DEREF:
  case EX_MEMBER:
  case EX_INDEX:
  case EX_COMPOUND_LIT:
    if (is_aggregate(n->type))
      return ir_reg(addr_reg(L, lvalue_addr(L, n), loc));
    return load_lvalue(L, n, loc);
  case EX_UNARY: {
    if (n->op == OP_LOGNOT)
      return cond_value(L, n);
    IrVal a = expr(L, n->a);
    if (n->op == OP_PLUS)
      return a;
    if (n->op == OP_NEG && is_float(n->type)) {
      IrVal sign = ir_reg(to_reg(L, ir_imm(is_single(n->type) ? 0x80000000ll : INT64_MIN), loc));
      return alu(L, BPF_ALU_XOR, a, sign, false, false, loc);
    }
    if (n->op == OP_NEG)
      return arith(L, OP_SUB, ir_imm(0), a, n->type, loc, false);
    IrVal r = alu(L, BPF_ALU_XOR, a, ir_imm(-1), false, false, loc);
    return convert(L, r, is_signed_int(n->type) ? n->type : ty_ulong, n->type, loc);
  }
  case EX_BINARY: {
    if (op_is_compare(n->op))
      return cond_value(L, n);
    IrVal a = expr(L, n->a);
    IrVal b = expr(L, n->b);
    Type *ot = op_type(n->op, n->type, n->a, n->b);
    bool small = nonneg(n->a) && size_of(n->a->type) <= 4;
    return convert(L, arith(L, n->op, a, b, ot, loc, small), ot, n->type, loc);
  }
  case EX_PTR_ADD: {
    IrVal p = expr(L, n->a);
    IrVal i = convert(L, expr(L, n->b), n->b->type, ty_long, loc);
    return ptr_add(L, p, i, n->u.arith.scale, n->op == OP_SUB, loc);
  }
  case EX_PTR_DIFF: {
    IrVal a = expr(L, n->a), b = expr(L, n->b);
    IrVal d = alu(L, BPF_ALU_SUB, a, b, false, false, loc);
    int64_t s = n->u.arith.scale;
    if (s <= 1)
      return d;
    if ((s & (s - 1)) == 0)
      return alu(L, BPF_ALU_ARSH, d, ir_imm(__builtin_ctzll((uint64_t)s)), false, false, loc);
    if (L->env->cpu >= 4)
      return alu(L, BPF_ALU_DIV, d, ir_imm(s), false, true, loc);
    fail(L, loc, "pointer difference of this element size needs -mcpu=v4 in eBPF");
    return ir_imm(0);
  }
  case EX_LOGAND:
  case EX_LOGOR:
    return cond_value(L, n);
  case EX_ADDR: {
    const Node *a = n->a;
    if (a->kind == EX_VAR && a->u.decl->kind == DECL_FUNC)
      return ir_reg(addr_reg(L, symbol_addr(L, a->u.decl, 0, loc), loc));
    return ir_reg(addr_reg(L, lvalue_addr(L, a), loc));
  }
  case EX_ASSIGN: {
    IrVal v = expr(L, n->b);
    store_lvalue(L, n->a, v, loc);
    return v;
  }
  case EX_OP_ASSIGN:
    return op_assign(L, n);
  case EX_PREINC:
  case EX_PREDEC:
  case EX_POSTINC:
  case EX_POSTDEC:
    return incdec(L, n);
  case EX_COND: {
    IrReg r = new_reg(L);
    uint32_t t = ir_new_block(L->f), f = ir_new_block(L->f), done = ir_new_block(L->f);
    if (!n->a) {
      /* c ?: b: the value of c when it is true */
      IrVal c = expr(L, n->c);
      move_to(L, r, c, loc);
      IrInsn *br = add(L, IR_BR, loc);
      br->alu = BPF_JMP_JNE;
      br->a = ir_reg(r);
      br->b = ir_imm(0);
      br->then_ = done;
      br->else_ = f;
    } else {
      cond(L, n->c, t, f);
      start_block(L, t);
      IrVal a = expr(L, n->a);
      if (type_kind(n->type) != TY_VOID) {
        move_to(L, r, a, loc);
      }
      jump(L, done, loc);
    }
    start_block(L, f);
    IrVal b = expr(L, n->b);
    if (type_kind(n->type) != TY_VOID) {
      move_to(L, r, b, loc);
    }
    jump(L, done, loc);
    start_block(L, done);
    return ir_reg(r);
  }
  case EX_COMMA:
    expr(L, n->a);
    return expr(L, n->b);
  case EX_CAST:
    return cast(L, n);
  case EX_CALL:
    return call(L, n);
  case EX_BUILTIN:
    return builtin(L, n, n->u.call.builtin_name);
  case EX_STMT_EXPR:
    return stmt_expr(L, n);
  case EX_VA_ARG:
    fail(L, loc, "variadic functions are not supported by eBPF");
    return ir_imm(0);
  case EX_LABEL_ADDR:
    fail(L, loc, "label addresses are not supported by eBPF");
    return ir_imm(0);
  default:
    fail(L, loc, "internal error: unexpected node in an expression");
    return ir_imm(0);
  }
}

/* --- Conditions --- */

static void branch(Lower *L, unsigned c, IrVal a, IrVal b, uint32_t t, uint32_t f,
                   SrcLoc loc) {
  branch_w(L, c, false, a, b, t, f, loc);
}

/* N without the conversions between 32-bit integer types around it:
   they keep the low 32 bits, all a 32-bit comparison reads.  */
static const Node *strip_32bit_conversions(const Node *n) {
  while (n->kind == EX_CAST && (n->cast_kind == CAST_INT || n->cast_kind == CAST_NOOP) &&
         type_is_integer(n->type) && type_is_integer(n->a->type) && size_of(n->type) == 4 &&
         size_of(n->a->type) == 4)
    n = n->a;
  return n;
}

/* A comparison of 32-bit operands, one of them converted from another
   32-bit type (`(__u32)i < n` of an int i), on the CPUs with 32-bit
   jumps: a 32-bit jump on the register that holds the operand itself.
   The canonical form holds the converted value in another register (i
   zero-extended beside i sign-extended); a check of that copy would say
   nothing of i, which indexes the array the check guards.  False when
   the comparison is not of this kind.  */
static bool compare_32(Lower *L, const Node *n, uint32_t t, uint32_t f) {
  Type *ot = n->a->type;
  if (L->env->cpu < 3 || !type_is_integer(ot) || size_of(ot) != 4)
    return false;
  const Node *xa = strip_32bit_conversions(n->a), *xb = strip_32bit_conversions(n->b);
  if (xa == n->a && xb == n->b)
    return false;
  IrVal a = expr(L, xa), b = expr(L, xb);
  if (a.kind == IV_IMM)
    a = convert(L, a, xa->type, ot, n->loc);
  if (b.kind == IV_IMM)
    b = convert(L, b, xb->type, ot, n->loc);
  branch_w(L, compare_cond(n->op, is_signed_int(ot)), a.kind != IV_IMM || b.kind != IV_IMM,
           a, b, t, f, n->loc);
  return true;
}

/* if (A cond B) goto T else goto F, as a 32-bit comparison when W32.  */
static void branch_w(Lower *L, unsigned c, bool w32, IrVal a, IrVal b, uint32_t t, uint32_t f,
                     SrcLoc loc) {
  if (a.kind == IV_IMM && b.kind == IV_IMM) {
    uint64_t x = (uint64_t)a.imm, y = (uint64_t)b.imm;
    int64_t sx = a.imm, sy = b.imm;
    bool r;
    switch (c) {
    case BPF_JMP_JEQ: r = x == y; break;
    case BPF_JMP_JNE: r = x != y; break;
    case BPF_JMP_JGT: r = x > y; break;
    case BPF_JMP_JGE: r = x >= y; break;
    case BPF_JMP_JLT: r = x < y; break;
    case BPF_JMP_JLE: r = x <= y; break;
    case BPF_JMP_JSGT: r = sx > sy; break;
    case BPF_JMP_JSGE: r = sx >= sy; break;
    case BPF_JMP_JSLT: r = sx < sy; break;
    case BPF_JMP_JSLE: r = sx <= sy; break;
    default: r = (x & y) != 0; break;
    }
    jump(L, r ? t : f, loc);
    return;
  }
  IrInsn *br = add(L, IR_BR, loc);
  br->alu = (uint8_t)c;
  br->w32 = w32;
  br->a = a;
  br->b = b;
  br->then_ = t;
  br->else_ = f;
}

static void cond(Lower *L, const Node *n, uint32_t t, uint32_t f) {
  SrcLoc loc = n->loc;
  switch (n->kind) {
  case EX_LOGAND: {
    uint32_t mid = ir_new_block(L->f);
    cond(L, n->a, mid, f);
    start_block(L, mid);
    cond(L, n->b, t, f);
    return;
  }
  case EX_LOGOR: {
    uint32_t mid = ir_new_block(L->f);
    cond(L, n->a, t, mid);
    start_block(L, mid);
    cond(L, n->b, t, f);
    return;
  }
  case EX_UNARY:
    if (n->op == OP_LOGNOT) {
      cond(L, n->a, f, t);
      return;
    }
    break;
  case EX_BINARY:
    if (op_is_compare(n->op)) {
      if (compare_32(L, n, t, f))
        return;
      Type *ot = n->a->type;
      bool sign = is_signed_int(ot);
      IrVal a = expr(L, n->a);
      IrVal b = expr(L, n->b);
      if (is_float(ot)) {
        unsigned c;
        IrVal r = float_compare(L, n->op, a, b, ot, &c, loc);
        branch(L, c, r, ir_imm(0), t, f, loc);
        return;
      }
      branch(L, compare_cond(n->op, sign), a, b, t, f, loc);
      return;
    }
    break;
  case EX_CAST:
    if (n->cast_kind == CAST_TO_BOOL || (n->cast_kind == CAST_NOOP && type_is_scalar(n->a->type))) {
      cond(L, n->a, t, f);
      return;
    }
    break;
  case EX_COMMA:
    expr(L, n->a);
    cond(L, n->b, t, f);
    return;
  case EX_CONST:
    if (n->u.cv.kind == CV_INT) {
      jump(L, n->u.cv.i ? t : f, loc);
      return;
    }
    break;
  default:
    break;
  }
  IrVal v = expr(L, n);
  if (is_float(n->type)) {
    unsigned c;
    IrVal r = float_compare(L, OP_NE, v, ir_imm(0), n->type, &c, loc);
    branch(L, c, r, ir_imm(0), t, f, loc);
    return;
  }
  branch(L, BPF_JMP_JNE, v, ir_imm(0), t, f, loc);
}

/* --- Scopes with cleanups --- */

/* Call the cleanup functions of the variables in scope above MARK,
   innermost first, each with the variable's address (when the block can
   still fall through).  */
static void run_cleanups(Lower *L, size_t mark, SrcLoc loc) {
  for (size_t i = L->cleanups.len; i-- > mark;) {
    if (ir_block_terminated(L->f, L->cur))
      return;
    Decl *v = L->cleanups.data[i];
    Storage *st = find_var(L, v);
    if (!st || !st->in_slot)
      continue;
    IrCall *c = NEW(IrCall);
    Decl *fn = v->cleanup;
    c->kind = CALL_FUNC;
    c->sym = L->env->symbol_of(L->env, fn);
    c->is_kfunc = is_ksym(fn);
    c->args[0] = ir_reg(addr_reg(L, ir_addr_slot(st->slot, 0), loc));
    c->nargs = 1;
    IrInsn *i = add(L, IR_CALL, loc);
    i->call = c;
  }
}

/* Leave the scopes above MARK: their cleanups, then forget them.  */
static void end_scope(Lower *L, size_t mark, SrcLoc loc) {
  run_cleanups(L, mark, loc);
  L->cleanups.len = mark;
}

/* Whether condition N is one test (no && or ||): then each of its two
   outcomes has one way in.  */
static bool single_test(const Node *n) {
  while ((n->kind == EX_UNARY && n->op == OP_LOGNOT) ||
         (n->kind == EX_CAST && (n->cast_kind == CAST_TO_BOOL || n->cast_kind == CAST_NOOP)))
    n = n->a;
  return n->kind != EX_LOGAND && n->kind != EX_LOGOR && n->kind != EX_COND &&
         n->kind != EX_COMMA && n->kind != EX_STMT_EXPR;
}

/* --- Statements --- */

static uint32_t label_block(Lower *L, Ident *name) {
  for (size_t i = 0; i < L->labels.len; i++)
    if (L->labels.data[i].name == name)
      return L->labels.data[i].block;
  LabelBlock lb = {name, ir_new_block(L->f)};
  L->f->blocks.data[lb.block].label = name->name;
  vec_push(&L->labels, lb);
  return lb.block;
}

static uint32_t case_block(Lower *L, const Node *c) {
  for (size_t i = 0; i < L->cases.len; i++)
    if (L->cases.data[i].node == c)
      return L->cases.data[i].block;
  CaseBlock cb = {c, ir_new_block(L->f)};
  vec_push(&L->cases, cb);
  return cb.block;
}

/* A switch is a chain of tests, then the body.  The tests' blocks are
   made before the body's, so that they are laid out first and the cases
   the body falls through from one to the next follow one another
   (clang's layout: jhash's `case 12: c += ...; case 11: ...` runs
   straight on, where a test between each two cases cost a jump over it).
   The tests are written after the body, once its case labels have their
   blocks in the body's order.  */
static void switch_stmt(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  Type *ct = ST_COND(n)->type;
  IrVal v = expr(L, ST_COND(n));
  if (v.kind == IV_IMM)
    v = ir_reg(to_reg(L, v, loc));
  bool sign = is_signed_int(ct);
  uint32_t head = L->cur;
  uint32_t end = ir_new_block(L->f);
  int ncases = n->u.sw.ncases;
  uint32_t *next = xcalloc((size_t)ncases + 1, sizeof *next);
  uint32_t *mid = xcalloc((size_t)ncases + 1, sizeof *mid);
  for (int i = 0; i < ncases; i++) {
    const Node *c = n->u.sw.cases[i];
    if (c->kind == ST_DEFAULT)
      continue;
    next[i] = ir_new_block(L->f);
    if (c->u.cs.lo != c->u.cs.hi)
      mid[i] = ir_new_block(L->f);
  }
  uint32_t saved_break = L->break_to;
  size_t saved_mark = L->break_mark;
  L->break_to = end;
  L->break_mark = L->cleanups.len;
  start_block(L, ir_new_block(L->f)); /* code before the first case: dead */
  stmt(L, ST_BODY(n));
  jump(L, end, loc);
  L->break_to = saved_break;
  L->break_mark = saved_mark;
  /* the tests, from the block the switch began in */
  L->cur = head;
  forget_loads(L);
  uint32_t dflt = end;
  for (int i = 0; i < ncases; i++) {
    const Node *c = n->u.sw.cases[i];
    uint32_t target = case_block(L, c);
    if (c->kind == ST_DEFAULT) {
      dflt = target;
      continue;
    }
    int64_t lo = convert(L, ir_imm(c->u.cs.lo), ct, ct, loc).imm;
    int64_t hi = convert(L, ir_imm(c->u.cs.hi), ct, ct, loc).imm;
    if (!mid[i]) {
      branch(L, BPF_JMP_JEQ, v, ir_imm(lo), target, next[i], loc);
    } else {
      branch(L, sign ? BPF_JMP_JSLT : BPF_JMP_JLT, v, ir_imm(lo), next[i], mid[i], loc);
      start_block(L, mid[i]);
      branch(L, sign ? BPF_JMP_JSLE : BPF_JMP_JLE, v, ir_imm(hi), target, next[i], loc);
    }
    start_block(L, next[i]);
  }
  jump(L, dflt, loc);
  free(next);
  free(mid);
  start_block(L, end);
}

/* --- Complete unrolling ---
   A counted loop `for (i = A; i < B; i++)` (<=, >, >=, != and steps of
   any constant, i a register local the body never writes, no labels or
   cases inside) of a few iterations becomes that many copies of its body,
   i a constant in each: indexes become constant offsets, which the
   verifier needs for context fields (ctx->user_ip6[i]) and GCC and clang
   give it by unrolling such loops too.  A pragma before the loop that
   asks for no unrolling (`#pragma nounroll`, `GCC unroll 1`, `clang loop
   unroll(disable)`) or for fewer copies than the trips (there is no
   partial unrolling) keeps it a loop.  */

enum { UNROLL_MAX_TRIPS = 32, UNROLL_MAX_NODES = 4000 };

typedef struct Counted {
  Decl *var;
  int64_t start, step;
  int64_t trips;
} Counted;

static const Node *strip_int_casts(const Node *n) {
  while (n && n->kind == EX_CAST && (n->cast_kind == CAST_INT || n->cast_kind == CAST_NOOP ||
                                     n->cast_kind == CAST_LOAD))
    n = n->a;
  return n;
}

typedef struct UnrollScan {
  Decl *var;
  bool bad;
} UnrollScan;

static void unroll_scan(const Node *n, void *ctx) {
  UnrollScan *u = ctx;
  switch (n->kind) {
  case EX_ASSIGN: case EX_OP_ASSIGN: case EX_PREINC: case EX_PREDEC:
  case EX_POSTINC: case EX_POSTDEC: case EX_ADDR:
    if (tree_root_var(n->a) == u->var)
      u->bad = true;
    break;
  case ST_LABEL: case ST_CASE: case ST_DEFAULT: case ST_GOTO: case ST_GOTO_INDIRECT:
  case ST_ASM: case EX_STMT_EXPR:
    u->bad = true; /* labels would be duplicated; asm may be counted on */
    break;
  default:
    break;
  }
}

static bool counted_loop(Lower *L, const Node *n, Counted *c) {
  const Node *init = ST_INIT(n), *cond = ST_COND(n), *step = ST_STEP(n);
  if (n->kind != ST_FOR || !init || !cond || !step)
    return false;
  /* init: i = A, or the declaration of i with A */
  int64_t start;
  if (init->kind == ST_COMPOUND && init->u.block.nkids == 1)
    init = init->u.block.kids[0];
  if (init->kind == ST_DECL) {
    if (!init->init || init->init->nelems != 1 || !const_arg(init->init->elems[0].value, &start))
      return false;
    c->var = init->u.decl;
  } else if (init->kind == ST_EXPR && init->a && init->a->kind == EX_ASSIGN &&
             init->a->a->kind == EX_VAR && const_arg(init->a->b, &start)) {
    c->var = init->a->a->u.decl;
  } else {
    return false;
  }
  Type *vt = c->var->type;
  if (!type_is_integer(vt) || size_of(vt) > 8 || !is_signed_int(vt) ||
      (type_all_quals(vt) & Q_VOLATILE) || has_static_storage(c->var) ||
      is_addressed(L, c->var))
    return false;
  /* step: i++, ++i, i--, --i, i += K, i -= K */
  const Node *st = step;
  int64_t k;
  if ((st->kind == EX_POSTINC || st->kind == EX_PREINC) && st->a->kind == EX_VAR &&
      st->a->u.decl == c->var)
    c->step = 1;
  else if ((st->kind == EX_POSTDEC || st->kind == EX_PREDEC) && st->a->kind == EX_VAR &&
           st->a->u.decl == c->var)
    c->step = -1;
  else if (st->kind == EX_OP_ASSIGN && st->a->kind == EX_VAR && st->a->u.decl == c->var &&
           (st->op == OP_ADD || st->op == OP_SUB) && const_arg(st->b, &k) && k != 0)
    c->step = st->op == OP_ADD ? k : -k;
  else
    return false;
  /* cond: i OP B with the counter on the left */
  if (cond->kind != EX_BINARY || !op_is_compare(cond->op))
    return false;
  const Node *lhs = strip_int_casts(cond->a);
  int64_t bound;
  if (!lhs || lhs->kind != EX_VAR || lhs->u.decl != c->var || !const_arg(cond->b, &bound))
    return false;
  int64_t trips = 0;
  for (int64_t i = start; trips <= UNROLL_MAX_TRIPS; i += c->step, trips++) {
    bool go;
    switch (cond->op) {
    case OP_LT: go = i < bound; break;
    case OP_LE: go = i <= bound; break;
    case OP_GT: go = i > bound; break;
    case OP_GE: go = i >= bound; break;
    case OP_NE: go = i != bound; break;
    default: go = false; break;
    }
    if (!go)
      break;
  }
  if (trips > UNROLL_MAX_TRIPS)
    return false;
  UnrollScan u = {c->var, false};
  tree_walk(ST_BODY(n), unroll_scan, &u);
  int64_t nodes = trips * body_size(ST_BODY(n));
  int32_t asked = n->u.loop.unroll;
  if (u.bad || nodes > UNROLL_MAX_NODES || asked == LOOP_UNROLL_NONE ||
      (asked > 1 && asked < trips))
    return false;
  c->start = start;
  c->trips = trips;
  return true;
}

/* An unrolled loop's counter (in register ST) leaves it holding VALUE.  */
static void set_counter(Lower *L, const Storage *st, Type *type, int64_t value, SrcLoc loc) {
  if (!st->in_slot)
    move_to(L, st->reg, convert(L, ir_imm(value), ty_long, type, loc), loc);
}

static void unrolled_loop(Lower *L, const Node *n, const Counted *c) {
  SrcLoc loc = n->loc;
  size_t scope_mark = L->cleanups.len, slot_mark = L->scope_slots.len;
  uint32_t outer_scope = begin_slot_scope(L);
  Storage *st = declared_var(L, c->var);
  uint32_t end = ir_new_block(L->f);
  uint32_t sb = L->break_to, sc = L->continue_to;
  size_t sbm = L->break_mark, scm = L->continue_mark;
  const Unrolled *outer = L->unrolled;
  Unrolled copy = {c->var, 0, outer};
  L->break_mark = L->continue_mark = L->cleanups.len;
  int64_t i = c->start;
  for (int64_t t = 0; t < c->trips; t++, i += c->step) {
    uint32_t next = ir_new_block(L->f), brk = ir_new_block(L->f);
    L->continue_to = next;
    L->break_to = brk;
    copy.value = i;
    L->unrolled = &copy;
    stmt(L, ST_BODY(n));
    jump(L, next, loc);
    /* a break leaves the counter at this copy's value */
    start_block(L, brk);
    L->unrolled = outer;
    set_counter(L, st, c->var->type, i, loc);
    jump(L, end, loc);
    start_block(L, next);
  }
  L->unrolled = outer;
  set_counter(L, st, c->var->type, i, loc); /* the loop ran out */
  jump(L, end, loc);
  /* the code after the loop after the copies, as in loop() */
  uint32_t after = ir_new_block(L->f);
  start_block(L, end);
  jump(L, after, loc);
  start_block(L, after);
  L->break_to = sb;
  L->continue_to = sc;
  L->break_mark = sbm;
  L->continue_mark = scm;
  end_scope(L, scope_mark, loc);
  free_scope_slots(L, slot_mark, outer_scope);
}

static void loop(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  Counted counted;
  if (counted_loop(L, n, &counted)) {
    unrolled_loop(L, n, &counted);
    return;
  }
  uint32_t head = ir_new_block(L->f), body = ir_new_block(L->f),
           step = ir_new_block(L->f), end = ir_new_block(L->f);
  size_t scope_mark = L->cleanups.len, slot_mark = L->scope_slots.len;
  uint32_t outer_scope = begin_slot_scope(L);
  if (n->kind == ST_FOR && ST_INIT(n)) {
    /* the init's declarations live until the loop ends (not a block of
       its own for cleanups) */
    const Node *init = ST_INIT(n);
    if (init->kind == ST_COMPOUND)
      for (int i = 0; i < init->u.block.nkids; i++)
        stmt(L, init->u.block.kids[i]);
    else
      stmt(L, init);
  }
  if (n->kind == ST_DO)
    jump(L, body, loc);
  else
    jump(L, head, loc);
  start_block(L, head);
  if (ST_COND(n))
    cond(L, ST_COND(n), body, end);
  else
    jump(L, body, loc);
  uint32_t sb = L->break_to, sc = L->continue_to;
  size_t sbm = L->break_mark, scm = L->continue_mark;
  L->break_to = end;
  L->continue_to = step;
  L->break_mark = L->continue_mark = L->cleanups.len;
  start_block(L, body);
  stmt(L, ST_BODY(n));
  jump(L, step, loc);
  L->break_to = sb;
  L->continue_to = sc;
  L->break_mark = sbm;
  L->continue_mark = scm;
  start_block(L, step);
  if (n->kind == ST_FOR && ST_STEP(n))
    expr(L, ST_STEP(n));
  jump(L, head, loc);
  /* The code after the loop goes in a block made after the body's, so
     that the loop is laid out whole before it (END, made before the
     body, only jumps there and is threaded away).  */
  uint32_t after = ir_new_block(L->f);
  start_block(L, end);
  jump(L, after, loc);
  start_block(L, after);
  end_scope(L, scope_mark, loc);
  free_scope_slots(L, slot_mark, outer_scope);
}

/* The bytes of a constant initializer (integers and bit-fields) in the
   target's byte order; false when some element is not an integer
   constant.  */
static bool const_init_image(const Init *in, uint8_t *img, int64_t size) {
  memset(img, 0, (size_t)size);
  for (int i = 0; i < in->nelems; i++) {
    const InitElem *e = &in->elems[i];
    int64_t v;
    if (!const_arg(e->value, &v))
      return false;
    unsigned n = (unsigned)size_of(e->type);
    uint64_t u = (uint64_t)v;
    if (e->bit_width >= 0) {
      uint64_t cur = 0;
      for (unsigned k = 0; k < n; k++) {
        int64_t at = e->offset + (ctx_current->target.big_endian ? n - 1 - k : k);
        if (at >= 0 && at < size)
          cur |= (uint64_t)img[at] << (8 * k);
      }
      uint64_t mask = e->bit_width >= 64 ? ~0ull : (1ull << e->bit_width) - 1;
      unsigned shift = ctx_current->target.big_endian ? n * 8 - (unsigned)e->bit_offset - (unsigned)e->bit_width
                                         : (unsigned)e->bit_offset;
      u = (cur & ~(mask << shift)) | ((u & mask) << shift);
    }
    for (unsigned k = 0; k < n; k++) {
      int64_t at = e->offset + (ctx_current->target.big_endian ? n - 1 - k : k);
      if (at >= 0 && at < size)
        img[at] = (uint8_t)(u >> (8 * k));
    }
  }
  return true;
}

/* `*(long *)&(T){...}` of a constant compound literal: the integer its
   first bytes hold (bpf_misc.h's __imm_insn makes raw instructions so).  */
static bool const_load_of_literal(const Node *n, int64_t *value) {
  if (!n || n->kind != EX_CAST || n->cast_kind != CAST_LOAD || n->a->kind != EX_DEREF)
    return false;
  const Node *p = n->a->a;
  while (p->kind == EX_CAST && (p->cast_kind == CAST_NOOP))
    p = p->a;
  if (p->kind != EX_ADDR || p->a->kind != EX_COMPOUND_LIT || !p->a->init)
    return false;
  int64_t size = size_of(p->a->type), want = size_of(n->type);
  if (size <= 0 || size > 64 || want > size || want <= 0)
    return false;
  uint8_t img[64];
  if (!const_init_image(p->a->init, img, size))
    return false;
  uint64_t u = 0;
  for (int64_t k = 0; k < want; k++)
    u |= (uint64_t)img[ctx_current->target.big_endian ? want - 1 - k : k] << (8 * k);
  *value = (int64_t)u;
  return true;
}

/* An "m" operand: the lvalue E's address as a base and an offset (a
   frame slot's stays r10-relative, as the verifier wants stack accesses).
   The asm reads the base, whether it reads or writes the memory.  */
static void asm_memory(Lower *L, IrAsmOperand *op, const Node *e, SrcLoc loc) {
  IrAddr ad = addr_plain(L, lvalue_addr(L, e), loc);
  op->mem = true;
  op->is_output = false;
  op->mem_off = ad.off;
  if (ad.kind == IA_SLOT) {
    op->mem_in_slot = true;
    op->mem_slot = ad.slot;
    op->val = (IrVal){0};
  } else {
    op->val = ir_reg(ad.base);
  }
}

static void asm_stmt(Lower *L, const Node *n) {
  SrcLoc loc = n->loc;
  const AsmStmt *s = n->u.asm_stmt;
  IrAsm *a = NEW(IrAsm);
  a->templ = s->templ;
  a->basic = s->basic;
  a->nops = s->noutputs + s->ninputs;
  a->noutputs = s->noutputs;
  a->ops = NEW_ARRAY(IrAsmOperand, a->nops + 1);
  /* outputs: registers receiving the values, stored after */
  IrReg *out_regs = NEW_ARRAY(IrReg, s->noutputs + 1);
  for (int i = 0; i < s->noutputs; i++) {
    const AsmOperand *o = &s->outputs[i];
    IrAsmOperand *op = &a->ops[i];
    op->name = o->name;
    op->constraint = o->constraint;
    op->is_output = true;
    op->in_out = strchr(o->constraint, '+') != NULL;
    if (strchr(o->constraint, 'm') && !strchr(o->constraint, 'r')) {
      asm_memory(L, op, o->expr, loc); /* the asm stores there itself */
      continue;
    }
    Storage *st = o->expr->kind == EX_VAR ? find_var(L, o->expr->u.decl) : NULL;
    if (st && !st->in_slot)
      out_regs[i] = st->reg;
    else
      out_regs[i] = new_reg(L);
    if (op->in_out) {
      IrVal cur = load_lvalue(L, o->expr, loc);
      if (!(cur.kind == IV_REG && cur.reg == out_regs[i])) {
        move_to(L, out_regs[i], cur, loc);
      }
    }
    op->val = ir_reg(out_regs[i]);
  }
  for (int i = 0; i < s->ninputs; i++) {
    const AsmOperand *in = &s->inputs[i];
    IrAsmOperand *op = &a->ops[s->noutputs + i];
    op->name = in->name;
    op->constraint = in->constraint;
    const Node *e = in->expr;
    bool imm_ok = strchr(in->constraint, 'i') || strchr(in->constraint, 'n');
    int64_t k;
    const Node *se = strip_noop(e);
    if (imm_ok && const_arg(e, &k)) {
      op->val = ir_imm(k);
      continue;
    }
    if (imm_ok && se && se->kind == EX_CONST && se->u.cv.kind == CV_ADDR && se->u.cv.sym) {
      op->sym = L->env->symbol_of(L->env, se->u.cv.sym);
      op->val = ir_imm(se->u.cv.i);
      continue;
    }
    if (imm_ok && se && se->kind == EX_ADDR && se->a->kind == EX_VAR &&
        has_static_storage(se->a->u.decl)) {
      op->sym = L->env->symbol_of(L->env, se->a->u.decl);
      op->val = ir_imm(0);
      continue;
    }
    if (imm_ok && se && se->kind == EX_CAST && se->cast_kind == CAST_FUNC_DECAY &&
        se->a->kind == EX_VAR) {
      op->sym = L->env->symbol_of(L->env, se->a->u.decl);
      op->val = ir_imm(0);
      continue;
    }
    int64_t raw;
    if (imm_ok && const_load_of_literal(e, &raw)) {
      op->val = ir_imm(raw);
      continue;
    }
    if (imm_ok && strchr(in->constraint, 'r') == NULL) {
      IrVal v = expr(L, e); /* an inlined parameter bound to a constant */
      if (v.kind == IV_IMM) {
        op->val = v;
        continue;
      }
    }
    if (strchr(in->constraint, 'm') && !strchr(in->constraint, 'r') && e->is_lvalue) {
      asm_memory(L, op, e, loc);
      continue;
    }
    if (!strchr(in->constraint, 'r') && !strchr(in->constraint, 'p') &&
        !(in->constraint[0] >= '0' && in->constraint[0] <= '9')) {
      if (imm_ok)
        fail(L, loc, "impossible constraint in 'asm'");
      else
        fail(L, loc, "unsupported constraint in BPF inline assembly");
      return;
    }
    /* A register operand narrower than its value's register, `"r"((short)x)`,
       is the register of x as it is: GCC and clang leave the bits above
       the operand's width as they are, and bpf_experimental.h's
       bpf_cmp_* compare the whole of x that way.  */
    int64_t unused;
    while (e->kind == EX_CAST && e->cast_kind == CAST_INT && type_is_integer(e->type) &&
           type_is_integer(e->a->type) && size_of(e->type) < size_of(e->a->type) &&
           !const_arg(e->a, &unused))
      e = e->a;
    IrVal v = expr(L, e);
    if (in->constraint[0] >= '0' && in->constraint[0] <= '9') {
      int tied = in->constraint[0] - '0';
      if (tied < s->noutputs) {
        move_to(L, out_regs[tied], v, loc);
        a->ops[tied].in_out = true;
        op->val = ir_reg(out_regs[tied]);
        continue;
      }
    }
    op->val = ir_reg(to_reg(L, v, loc));
  }
  for (int i = 0; i < s->nclobbers; i++) {
    const char *c = s->clobbers[i];
    if ((c[0] == 'r' || c[0] == 'w') && c[1] >= '0' && c[1] <= '9') {
      int r = atoi(c + 1);
      if (r >= 0 && r <= 9)
        a->clobbers |= (uint16_t)(1u << r);
    }
  }
  a->nlabels = s->nlabels;
  if (s->nlabels) {
    a->labels = NEW_ARRAY(const char *, s->nlabels);
    a->label_blocks = NEW_ARRAY(uint32_t, s->nlabels);
    for (int i = 0; i < s->nlabels; i++) {
      a->labels[i] = s->label_names[i]->name;
      a->label_blocks[i] = label_block(L, s->labels[i]);
      L->f->blocks.data[a->label_blocks[i]].asm_target = true;
    }
  }
  IrInsn *i = add(L, IR_ASM, loc);
  i->asm_ = a;
  if (s->nlabels) {
    /* an asm goto ends its block: it falls through to the next */
    uint32_t next = ir_new_block(L->f);
    jump(L, next, loc);
    start_block(L, next);
  }
  for (int k = 0; k < s->noutputs; k++) {
    const Node *lv = s->outputs[k].expr;
    Storage *st = lv->kind == EX_VAR ? find_var(L, lv->u.decl) : NULL;
    if (st && !st->in_slot && st->reg == out_regs[k])
      continue;
    IrVal v = ir_reg(out_regs[k]);
    if (type_is_integer(lv->type) && size_of(lv->type) < 8)
      v = extend(L, v, (unsigned)size_of(lv->type), is_signed_int(lv->type), loc);
    store_lvalue(L, lv, v, loc);
  }
}

/* Whether condition C is `x == K`, K a constant.  */
static bool tests_equal_constant(const Node *c) {
  while (c && c->kind == EX_CAST && (c->cast_kind == CAST_TO_BOOL || c->cast_kind == CAST_NOOP))
    c = c->a;
  int64_t k;
  return c && c->kind == EX_BINARY && c->op == OP_EQ && (const_arg(c->a, &k) || const_arg(c->b, &k));
}

/* One arm S of an if (at LOC), from block B on to END, with the loads
   known before the test (NLOADS of LOADS).  */
static void if_arm(Lower *L, uint32_t b, const Node *s, uint32_t end, SrcLoc loc, int nloads,
                   const __typeof__(L->loads) loads) {
  start_block(L, b);
  L->nloads = nloads;
  memcpy(L->loads, loads, sizeof L->loads);
  stmt(L, s);
  jump(L, end, loc);
}

/* Whether statement N bails out: it ends in a `return` of nothing, of a
   constant or of a variable's value (`return 0;`, `return off;`), as the
   test of a failure is followed, not in a return of a value computed
   for the occasion.  */
static bool is_bail_out(const Node *n) {
  while (n && n->kind == ST_COMPOUND && n->u.block.nkids > 0)
    n = n->u.block.kids[n->u.block.nkids - 1];
  if (!n || n->kind != ST_RETURN)
    return false;
  const Node *v = n->a;
  while (v && v->kind == EX_CAST && v->cast_kind != CAST_LOAD)
    v = v->a;
  return !v || v->kind == EX_CONST ||
         (v->kind == EX_CAST && v->cast_kind == CAST_LOAD && v->a->kind == EX_VAR);
}

/* Mark the then-block T of a bail-out, and the blocks its statement made
   (from index FIRST_NEW on), to be placed after the others.  */
static void mark_early_return(Lower *L, uint32_t t, size_t first_new) {
  L->f->blocks.data[t].early_return = true;
  for (size_t b = first_new; b < L->f->blocks.len; b++)
    L->f->blocks.data[b].early_return = true;
}

static void stmt(Lower *L, const Node *n) {
  if (!n || L->failed)
    return;
  SrcLoc loc = n->loc;
  switch ((NodeKind)n->kind) {
  case ST_COMPOUND: {
    size_t mark = L->cleanups.len, slots = L->scope_slots.len;
    uint32_t outer_scope = begin_slot_scope(L);
    for (int i = 0; i < n->u.block.nkids; i++)
      stmt(L, n->u.block.kids[i]);
    end_scope(L, mark, loc);
    free_scope_slots(L, slots, outer_scope);
    return;
  }
  case ST_DECL: {
    Decl *d = n->u.decl;
    if (d->kind != DECL_VAR || has_static_storage(d))
      return;
    if (type_canon(d->type)->flags & TYF_VLA) {
      fail(L, loc, "variable-length arrays are not supported by eBPF");
      return;
    }
    init_local(L, d, n->init, loc);
    if (d->cleanup)
      vec_push(&L->cleanups, d);
    return;
  }
  case ST_EXPR:
    if (n->a)
      expr(L, n->a);
    return;
  case ST_IF: {
    /* The arm laid out first is the one the verifier explores first.
       After `x == C` it is the else-arm: the then-arm knows x exactly,
       and states it leaves are pruned against the wider ones the
       else-arm left before (iters/iter_obfuscate_counter's loop only
       converges that way).  */
    bool else_first = ST_ELSE(n) && tests_equal_constant(ST_COND(n));
    uint32_t f0 = else_first ? ir_new_block(L->f) : 0;
    uint32_t t = ir_new_block(L->f), end = ir_new_block(L->f);
    uint32_t f = else_first ? f0 : ST_ELSE(n) ? ir_new_block(L->f) : end;
    cond(L, ST_COND(n), t, f);
    /* each branch has the test as its one way in: what was read before
       it is still what memory holds */
    int nloads = single_test(ST_COND(n)) ? L->nloads : 0;
    __typeof__(L->loads) loads;
    memcpy(loads, L->loads, sizeof loads);
    if (else_first)
      if_arm(L, f, ST_ELSE(n), end, loc, nloads, loads);
    size_t first_new = L->f->blocks.len;
    if_arm(L, t, ST_BODY(n), end, loc, nloads, loads);
    if (!ST_ELSE(n) && is_bail_out(ST_BODY(n)))
      mark_early_return(L, t, first_new);
    if (ST_ELSE(n) && !else_first)
      if_arm(L, f, ST_ELSE(n), end, loc, nloads, loads);
    start_block(L, end);
    return;
  }
  case ST_WHILE:
  case ST_DO:
  case ST_FOR:
    loop(L, n);
    return;
  case ST_SWITCH:
    switch_stmt(L, n);
    return;
  case ST_CASE:
  case ST_DEFAULT: {
    uint32_t b = case_block(L, n);
    jump(L, b, loc);
    start_block(L, b);
    stmt(L, ST_BODY(n));
    return;
  }
  case ST_LABEL: {
    uint32_t b = label_block(L, n->u.lbl.label);
    jump(L, b, loc);
    start_block(L, b);
    stmt(L, ST_BODY(n));
    return;
  }
  case ST_GOTO:
    jump(L, label_block(L, n->u.lbl.label), loc);
    start_block(L, ir_new_block(L->f));
    return;
  case ST_GOTO_INDIRECT:
    fail(L, loc, "computed goto is not supported by eBPF");
    return;
  case ST_BREAK:
  case ST_CONTINUE: {
    uint32_t to = n->kind == ST_BREAK ? L->break_to : L->continue_to;
    if (to == NO_BLOCK) {
      fail(L, loc, "break or continue outside a loop");
      return;
    }
    run_cleanups(L, n->kind == ST_BREAK ? L->break_mark : L->continue_mark, loc);
    jump(L, to, loc);
    start_block(L, ir_new_block(L->f));
    return;
  }
  case ST_RETURN: {
    IrVal v = {0};
    if (L->ret_block != NO_BLOCK) {
      /* in an inlined body: the value to its place, then on after the
         call */
      if (n->a) {
        IrVal rv = expr(L, n->a);
        if (L->cleanups.len > L->ret_mark && rv.kind == IV_REG && !L->ret_in_slot) {
          IrReg keep = new_reg(L); /* the value, before the cleanups run */
          move_to(L, keep, rv, loc);
          rv = ir_reg(keep);
        }
        run_cleanups(L, L->ret_mark, loc);
        if (L->ret_in_slot)
          copy_bytes(L, ir_addr_slot(L->ret_slot, 0), val_addr(L, rv, loc),
                     size_of(L->ret_type), type_align(L->ret_type), loc);
        else if (L->ret_reg) {
          move_to(L, L->ret_reg, rv, loc);
        }
      }
      run_cleanups(L, L->ret_mark, loc);
      jump(L, L->ret_block, loc);
      start_block(L, ir_new_block(L->f));
      return;
    }
    if (n->a) {
      if (is_aggregate(n->a->type)) {
        fail(L, loc, "eBPF does not support returning aggregates");
        return;
      }
      v = expr(L, n->a);
      if (type_kind(L->ret_type) == TY_VOID)
        v = (IrVal){0};
    }
    if (L->cleanups.len > L->ret_mark) {
      if (v.kind == IV_REG) {
        IrReg keep = new_reg(L);
        move_to(L, keep, v, loc);
        v = ir_reg(keep);
      }
      run_cleanups(L, L->ret_mark, loc);
    }
    IrInsn *r = add(L, IR_RET, loc);
    r->a = v;
    start_block(L, ir_new_block(L->f));
    return;
  }
  case ST_ASM:
    asm_stmt(L, n);
    return;
  default:
    fail(L, loc, "internal error: unexpected statement");
    return;
  }
}

/* --- Functions --- */

/* The bytes of FN's return value of type T its caller reads (0: all 8):
   a struct_ops program is called through a trampoline by the kernel's
   native code, which reads a narrow integer result at its width (clang
   leaves the upper bits as they are).  */
static uint8_t struct_ops_ret_bytes(const Decl *fn, Type *t) {
  const char *sec = decl_section(fn);
  if (!sec || strncmp(sec, "struct_ops", 10) || (sec[10] && sec[10] != '/' && sec[10] != '.'))
    return 0;
  if (!type_is_integer(t) || size_of(t) >= 8)
    return 0;
  return (uint8_t)size_of(t);
}

IrFunc *lower_function(LowerEnv *env, Decl *fn) {
  const FuncBody *body = fn->body;
  if (!body || !body->body)
    return NULL;
  IrFunc *f = xcalloc(1, sizeof *f);
  Lower L = {0};
  L.env = env;
  L.f = f;
  L.break_to = L.continue_to = NO_BLOCK;
  L.ret_block = NO_BLOCK;
  L.ret_type = type_canon(fn->type)->base;
  f->name = env->symbol_of(env, fn);
  f->loc = fn->loc;
  tree_walk(body->body, note_addressed, &L);
  L.cur = ir_new_block(f);
  if (body->nparams > 5) {
    fail(&L, fn->loc, "too many function arguments for eBPF");
  }
  f->naked = decl_find_attr(fn, ATTR_NAKED) != NULL;
  f->ret_bytes = struct_ops_ret_bytes(fn, L.ret_type);
  for (int i = 0; i < body->nparams && i < 5 && !f->naked; i++) {
    Decl *p = body->params[i];
    IrReg in = new_reg(&L);
    f->params[i] = in;
    f->nparams = i + 1;
    if (!p)
      continue;
    if (is_aggregate(p->type)) {
      fail(&L, p->loc, "eBPF does not support passing aggregates by value");
      break;
    }
    Storage *s = define_local(&L, p);
    unsigned size = (unsigned)size_of(p->type);
    IrVal v = ir_reg(in);
    if (type_is_integer(p->type) && size < 8)
      v = extend(&L, v, size, is_signed_int(p->type), p->loc);
    if (s->in_slot) {
      store(&L, ir_addr_slot(s->slot, 0), size, v, false, p->loc);
    } else {
      move_to(&L, s->reg, v, p->loc);
    }
  }
  stmt(&L, body->body);
  if (f->naked) {
    /* no epilogue: the assembly ends the function itself */
    if (!ir_block_terminated(f, L.cur))
      add(&L, IR_UNREACHABLE, fn->loc);
  } else if (!ir_block_terminated(f, L.cur)) {
    IrInsn *r = add(&L, IR_RET, fn->loc);
    /* falling off the end: main returns 0; others an unspecified value */
    r->a = type_kind(L.ret_type) == TY_VOID ? (IrVal){0} : ir_imm(0);
  }
  vec_free(&L.vars);
  vec_free(&L.labels);
  vec_free(&L.cases);
  vec_free(&L.addressed);
  vec_free(&L.cleanups);
  vec_free(&L.scope_slots);
  if (L.failed) {
    lower_free(f);
    return NULL;
  }
  return f;
}

void lower_free(IrFunc *f) {
  if (!f)
    return;
  ir_func_free(f);
  free(f);
}
