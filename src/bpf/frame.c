/* The frame of a BPF function: where each IR slot lives below r10.

   Every slot is placed by one rule, whatever made it: a local whose
   address is taken, an aggregate, a temporary, an inlined function's
   locals and result, a register's spill slot.  Two slots may share bytes
   when they are never live at the same instruction (LLVM calls this
   stack colouring; the kernel allows 512 bytes, so sharing decides
   whether real programs compile).

   An instruction touches a slot when it addresses it (a frame-slot
   address, an "m" operand of inline assembly), when it reads or writes
   memory through a register holding the slot's address (IR_ADDR and the
   copies and arithmetic made from it), or, for a spill slot, when it
   reads or writes the spilled register (a parameter's spill slot is also
   touched on entry, where the parameter is stored).  A touch that writes
   the whole slot and reads nothing (a spilled register's definition, a
   store of the slot's full size) ends the slot's old value.  A slot is
   live at an instruction that touches it, and where it is both reached
   from a touch (forward dataflow) and live in the usual backward sense
   (a touch that reads it follows on some path before a whole write).
   A block begun outside the C scope of the slot's object (the lowering
   marks scopes: IrSlot.scope_from/to) is entered with the value dead: a
   loop body's locals do not live across its back edge.  Between a
   slot's touches, its bytes hold a value; elsewhere another slot may use
   them.  The verifier accepts such reuse: each owner writes before it
   reads, a spill slot is written whole (so the verifier keeps the
   register's type and range), and a pointer spilled there earlier is
   simply overwritten.

   A slot whose address escapes may be read or written where no
   instruction shows it: an address stored to memory, returned, given to
   inline assembly as an input (which may copy it to an output), to
   a kfunc (iterators and dynptrs live on in the kernel's view of the
   stack), to a BPF-to-BPF function or through a function pointer, or to a
   helper together with another stack address (bpf_dynptr_from_mem keeps
   its buffer), or a register that may hold either of two slots'
   addresses.  Such a slot is live wherever its C object is in scope
   (for spill and result slots: the whole function).
   A helper given one stack address (bpf_probe_read_user's buffer,
   bpf_map_lookup_elem's key, bpf_loop's context) only reads or writes it
   during the call: the call touches it.

   Interference is recorded when a slot becomes live, against the slots
   live at that point (two slots live together are both live where the
   later of the two became live).  Slots are then placed largest first,
   each at the least depth (aligned) where it overlaps no interfering
   slot already placed.  A slot no instruction touches (a local array
   whose loads read the stores' values in registers and whose stores
   then went, ir/forward.c) takes no bytes.  */
#include "frame.h"

#include <stdlib.h>
#include <string.h>

enum { STACK_LIMIT = 512, NO_SLOT = -1, MANY_SLOTS = -2 };

typedef struct Frame {
  IrFunc *f;
  const RegAlloc *ra;
  size_t nslots, words;   /* slot sets: this many uint64_t */
  int32_t *derived;       /* per register: the slot whose address it holds,
                             NO_SLOT or MANY_SLOTS */
  uint8_t *escaped;       /* per slot */
  uint64_t *interfere;    /* [slot * words] */
  uint64_t *touched;      /* slots some instruction touches (or entry writes) */
} Frame;

static void set_add(uint64_t *s, size_t i) { s[i / 64] |= 1ull << (i % 64); }
static bool set_has(const uint64_t *s, size_t i) { return s[i / 64] >> (i % 64) & 1; }

/* --- Which registers hold slot addresses --- */

static int32_t derived_of(const Frame *fr, IrVal v) {
  return v.kind == IV_REG && v.reg ? fr->derived[v.reg] : NO_SLOT;
}

static void escape(Frame *fr, int32_t s) {
  if (s >= 0)
    fr->escaped[s] = 1;
}

/* Register DST may now hold slot S's address as well as what it held:
   true when that changed.  */
static bool derive(Frame *fr, IrReg dst, int32_t s) {
  int32_t *d = &fr->derived[dst];
  if (s == NO_SLOT || *d == s || *d == MANY_SLOTS) {
    escape(fr, *d == MANY_SLOTS ? s : NO_SLOT);
    return false;
  }
  if (*d != NO_SLOT) { /* two slots (or more): both escape */
    escape(fr, *d);
    escape(fr, s);
    *d = MANY_SLOTS;
    return true;
  }
  *d = s;
  return true;
}

/* The slot whose address IN computes into its destination, if any.  */
static int32_t address_made(const Frame *fr, const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_ADDR:
    return in->addr.kind == IA_SLOT ? (int32_t)in->addr.slot : fr->derived[in->addr.base];
  case IR_MOV: case IR_ALU: case IR_NEG: case IR_EXT: case IR_BSWAP: {
    int32_t a = derived_of(fr, in->a), b = derived_of(fr, in->b);
    if (a != NO_SLOT && b != NO_SLOT && a != b)
      return MANY_SLOTS;
    return a != NO_SLOT ? a : b;
  }
  default:
    return NO_SLOT;
  }
}

/* Addresses a call or a store lets out of sight.  */
static void note_escapes(Frame *fr, const IrInsn *in) {
  switch ((IrOp)in->op) {
  case IR_STORE: case IR_RET:
    escape(fr, derived_of(fr, in->a));
    break;
  case IR_ATOMIC:
    escape(fr, derived_of(fr, in->a));
    escape(fr, derived_of(fr, in->b));
    break;
  case IR_CALL: {
    const IrCall *c = in->call;
    int32_t first = NO_SLOT;
    bool two = false;
    for (int i = 0; i < c->nargs; i++) {
      int32_t s = derived_of(fr, c->args[i]);
      if (s == NO_SLOT)
        continue;
      if (first != NO_SLOT && s != first)
        two = true;
      if (first == NO_SLOT)
        first = s;
    }
    for (int i = 0; i < c->nargs; i++)
      if (c->kind != CALL_HELPER || two)
        escape(fr, derived_of(fr, c->args[i]));
    break;
  }
  case IR_ASM: /* an input may be copied to an output */
    for (int i = 0; i < in->asm_->nops; i++)
      if (!in->asm_->ops[i].is_output)
        escape(fr, derived_of(fr, in->asm_->ops[i].val));
    break;
  default:
    break;
  }
}

static void find_addresses(Frame *fr) {
  IrFunc *f = fr->f;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 0; b < f->blocks.len; b++)
      for (size_t i = 0; i < f->blocks.data[b].insns.len; i++) {
        const IrInsn *in = &f->blocks.data[b].insns.data[i];
        int32_t s = address_made(fr, in);
        if (in->dst && s == MANY_SLOTS) {
          escape(fr, derived_of(fr, in->a));
          escape(fr, derived_of(fr, in->b));
          changed |= fr->derived[in->dst] != MANY_SLOTS;
          fr->derived[in->dst] = MANY_SLOTS;
        } else if (in->dst) {
          changed |= derive(fr, in->dst, s);
        }
      }
  }
  for (size_t b = 0; b < f->blocks.len; b++)
    for (size_t i = 0; i < f->blocks.data[b].insns.len; i++)
      note_escapes(fr, &f->blocks.data[b].insns.data[i]);
}

/* --- Touches --- */

typedef struct Touches {
  Frame *fr;
  uint64_t *use;  /* slots read (or partly written) */
  uint64_t *all;  /* slots touched */
  const uint64_t *escaped; /* escaped slots in scope of the block: touched
                              by every instruction */
} Touches;

static void touch(Touches *t, int32_t s, bool whole_write) {
  if (s < 0)
    return;
  set_add(t->all, (size_t)s);
  if (!whole_write)
    set_add(t->use, (size_t)s);
}

static void touch_reg(void *ctx, IrReg r, bool def) {
  Touches *t = ctx;
  const RegAlloc *ra = t->fr->ra;
  if (ra->phys[r] < 0 && ra->slot[r] >= 0)
    touch(t, ra->slot[r], def);
}

static void touch_through(void *ctx, IrReg r, bool def) {
  Touches *t = ctx;
  if (!def)
    touch(t, t->fr->derived[r], false);
}

/* The slots IN touches, into T (cleared first).  */
static void insn_touches(Touches *t, const IrInsn *in) {
  Frame *fr = t->fr;
  memset(t->use, 0, fr->words * sizeof *t->use);
  memset(t->all, 0, fr->words * sizeof *t->all);
  if (in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_ATOMIC) {
    if (in->addr.kind == IA_SLOT) {
      const IrSlot *sl = &fr->f->slots.data[in->addr.slot];
      touch(t, (int32_t)in->addr.slot,
            in->op == IR_STORE && in->addr.off == 0 && in->size == sl->size);
    } else {
      touch(t, fr->derived[in->addr.base], false);
    }
  } else if (in->op == IR_CALL || in->op == IR_ASM) {
    ir_insn_regs(in, touch_through, t);
  }
  if (in->op == IR_ASM)
    for (int i = 0; i < in->asm_->nops; i++)
      if (in->asm_->ops[i].mem && in->asm_->ops[i].mem_in_slot)
        touch(t, (int32_t)in->asm_->ops[i].mem_slot, false);
  /* spilled registers: reads first, so that a register both read and
     written reads its slot */
  ir_insn_regs(in, touch_reg, t);
  for (size_t w = 0; w < fr->words; w++) {
    t->use[w] |= t->escaped[w];
    t->all[w] |= t->escaped[w];
  }
}

/* --- Liveness and interference --- */

static size_t successors(const IrBlock *b, uint32_t **out) {
  size_t n = 0, cap = 2;
  uint32_t *s = xmalloc(cap * sizeof *s);
  for (size_t i = 0; i < b->insns.len; i++) {
    const IrInsn *in = &b->insns.data[i];
    uint32_t targets[2];
    const uint32_t *list = targets;
    size_t k = 0;
    if (in->op == IR_JMP)
      targets[k++] = in->then_;
    else if (in->op == IR_BR)
      targets[k++] = in->then_, targets[k++] = in->else_;
    else if (in->op == IR_ASM)
      list = in->asm_->label_blocks, k = (size_t)in->asm_->nlabels;
    for (size_t j = 0; j < k; j++) {
      if (n == cap)
        s = xrealloc(s, (cap *= 2) * sizeof *s);
      s[n++] = list[j];
    }
  }
  *out = s;
  return n;
}

/* Slot S becomes live where the slots LIVE are: they interfere.  */
static void begin_live(Frame *fr, size_t s, const uint64_t *live) {
  uint64_t *row = fr->interfere + s * fr->words;
  for (size_t w = 0; w < fr->words; w++) {
    uint64_t bits = live[w];
    row[w] |= bits;
    while (bits) {
      size_t o = w * 64 + (size_t)__builtin_ctzll(bits);
      bits &= bits - 1;
      set_add(fr->interfere + o * fr->words, s);
    }
  }
}

static void or_into(uint64_t *dst, const uint64_t *src, size_t words) {
  for (size_t w = 0; w < words; w++)
    dst[w] |= src[w];
}

static void find_interference(Frame *fr) {
  IrFunc *f = fr->f;
  size_t nb = f->blocks.len, W = fr->words;
  /* per block: touches, uses before a whole write, whole writes */
  uint64_t *touched = xcalloc(nb * W + 1, 8), *gen = xcalloc(nb * W + 1, 8),
           *kill = xcalloc(nb * W + 1, 8);
  uint64_t *use = xcalloc(W, 8), *all = xcalloc(W, 8);
  /* per block: the slots whose C scope its span meets; the escaped ones
     among them */
  uint64_t *scope = xcalloc(nb * W + 1, 8), *esc = xcalloc(nb * W + 1, 8);
  for (size_t b = 0; b < nb; b++)
    for (size_t s = 0; s < fr->nslots; s++) {
      const IrSlot *sl = &f->slots.data[s];
      const IrBlock *blk = &f->blocks.data[b];
      if (blk->order_last >= sl->scope_from && blk->order <= sl->scope_to) {
        set_add(scope + b * W, s);
        if (fr->escaped[s])
          set_add(esc + b * W, s);
      }
    }
  Touches t = {fr, use, all, NULL};
  uint32_t **succ = xcalloc(nb + 1, sizeof *succ);
  size_t *nsucc = xcalloc(nb + 1, sizeof *nsucc);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    nsucc[b] = successors(blk, &succ[b]);
    t.escaped = esc + b * W;
    for (size_t i = 0; i < blk->insns.len; i++) {
      insn_touches(&t, &blk->insns.data[i]);
      for (size_t w = 0; w < W; w++) {
        gen[b * W + w] |= use[w] & ~kill[b * W + w];
        kill[b * W + w] |= all[w] & ~use[w];
        touched[b * W + w] |= all[w];
      }
    }
  }
  /* a block outside a slot's scope is entered with its value dead
     (unless the block itself reads the value it enters with) */
  uint64_t *dead_in = xcalloc(nb * W + 1, 8);
  for (size_t k = 0; k < nb * W; k++)
    dead_in[k] = ~scope[k] & ~gen[k];
  /* parameters' spill slots are written on entry */
  uint64_t *entry = xcalloc(W, 8);
  for (int p = 0; p < f->nparams; p++) {
    IrReg r = f->params[p];
    if (r && fr->ra->read[r] && fr->ra->phys[r] < 0 && fr->ra->slot[r] >= 0)
      set_add(entry, (size_t)fr->ra->slot[r]);
  }
  for (size_t b = 0; b < nb; b++)
    or_into(fr->touched, touched + b * W, W);
  or_into(fr->touched, entry, W);
  /* backward liveness: in = gen | (out & ~kill) */
  uint64_t *lin = xcalloc(nb * W + 1, 8), *lout = xcalloc(nb * W + 1, 8);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = nb; b-- > 0;) {
      uint64_t *out = lout + b * W;
      for (size_t k = 0; k < nsucc[b]; k++)
        or_into(out, lin + succ[b][k] * W, W);
      for (size_t w = 0; w < W; w++) {
        uint64_t v = (gen[b * W + w] | (out[w] & ~kill[b * W + w])) & ~dead_in[b * W + w];
        if (v != lin[b * W + w]) {
          lin[b * W + w] = v;
          changed = true;
        }
      }
    }
  }
  /* forward reach: in = entry | union of predecessors' out */
  uint64_t *rin = xcalloc(nb * W + 1, 8), *rout = xcalloc(nb * W + 1, 8);
  if (nb)
    or_into(rin, entry, W);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t b = 0; b < nb; b++) {
      for (size_t w = 0; w < W; w++) {
        uint64_t v = (rin[b * W + w] & ~dead_in[b * W + w]) | touched[b * W + w];
        if (v != rout[b * W + w]) {
          rout[b * W + w] = v;
          changed = true;
        }
      }
      for (size_t k = 0; k < nsucc[b]; k++) {
        uint64_t *sin = rin + succ[b][k] * W;
        for (size_t w = 0; w < W; w++)
          if ((sin[w] | rout[b * W + w]) != sin[w]) {
            sin[w] |= rout[b * W + w];
            changed = true;
          }
      }
    }
  }
  /* per instruction: live = touched | (reached before & live after) */
  uint64_t *live = xcalloc(W, 8), *prev = xcalloc(W, 8), *reach = xcalloc(W, 8);
  for (size_t b = 0; b < nb; b++) {
    const IrBlock *blk = &f->blocks.data[b];
    size_t n = blk->insns.len;
    if (!n)
      continue;
    uint64_t *after = xmalloc(n * W * 8); /* live after each instruction */
    uint64_t *cur = xmalloc(W * 8);
    memcpy(cur, lout + b * W, W * 8);
    t.escaped = esc + b * W;
    for (size_t i = n; i-- > 0;) {
      memcpy(after + i * W, cur, W * 8);
      insn_touches(&t, &blk->insns.data[i]);
      for (size_t w = 0; w < W; w++)
        cur[w] = use[w] | (cur[w] & ~(all[w] & ~use[w]));
    }
    free(cur);
    for (size_t w = 0; w < W; w++)
      reach[w] = rin[b * W + w] & ~dead_in[b * W + w];
    memset(prev, 0, W * 8);
    for (size_t i = 0; i < n; i++) {
      insn_touches(&t, &blk->insns.data[i]);
      for (size_t w = 0; w < W; w++)
        live[w] = all[w] | (reach[w] & after[i * W + w]);
      /* the slots that were not live at the previous instruction begin here */
      for (size_t w = 0; w < W; w++) {
        uint64_t fresh = live[w] & ~prev[w];
        while (fresh) {
          size_t s = w * 64 + (size_t)__builtin_ctzll(fresh);
          fresh &= fresh - 1;
          begin_live(fr, s, live);
        }
      }
      or_into(reach, all, W);
      memcpy(prev, live, W * 8);
    }
    free(after);
  }
  for (size_t b = 0; b < nb; b++)
    free(succ[b]);
  free(succ);
  free(nsucc);
  free(touched), free(gen), free(kill), free(use), free(all), free(entry), free(dead_in);
  free(scope), free(esc);
  free(lin), free(lout), free(rin), free(rout);
  free(live), free(prev), free(reach);
}

/* --- Placement --- */

static int by_size(const void *x, const void *y, void *ctx) {
  const IrSlot *slots = ctx;
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  if (slots[a].size != slots[b].size)
    return slots[a].size > slots[b].size ? -1 : 1;
  return a < b ? -1 : a > b;
}

/* Every slot starts 8-aligned below r10: the verifier keeps the value
   of a scalar stored narrower than 8 bytes only at such an offset (a
   loop counter whose address is taken stays bounded) -- but a volatile
   scalar, at its own alignment (IrSlot.natural_align).  */
static uint32_t slot_align(const IrSlot *sl) {
  if (sl->natural_align)
    return sl->align ? sl->align : 1;
  return sl->align > 16 ? 16 : 8;
}

static int64_t round_up(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

bool bpf_frame_layout(IrFunc *f, const RegAlloc *ra, int64_t *size) {
  Frame fr = {.f = f, .ra = ra, .nslots = f->slots.len};
  fr.words = (fr.nslots + 63) / 64 + 1;
  size_t nregs = f->nregs ? f->nregs : 1;
  fr.derived = xmalloc(nregs * sizeof *fr.derived);
  for (size_t r = 0; r < nregs; r++)
    fr.derived[r] = NO_SLOT;
  fr.escaped = xcalloc(fr.nslots + 1, 1);
  fr.interfere = xcalloc(fr.nslots * fr.words + 1, 8);
  fr.touched = xcalloc(fr.words, 8);
  find_addresses(&fr);
  find_interference(&fr);
  /* largest first, each at the least depth that fits */
  uint32_t *order = xmalloc((fr.nslots + 1) * sizeof *order);
  for (size_t s = 0; s < fr.nslots; s++)
    order[s] = (uint32_t)s;
  /* insertion sort: deterministic, and slot counts are small */
  for (size_t i = 1; i < fr.nslots; i++)
    for (size_t j = i; j > 0 && by_size(&order[j], &order[j - 1], f->slots.data) < 0; j--) {
      uint32_t tmp = order[j];
      order[j] = order[j - 1];
      order[j - 1] = tmp;
    }
  uint8_t *placed = xcalloc(fr.nslots + 1, 1);
  int64_t top = 0;
  for (size_t k = 0; k < fr.nslots; k++) {
    uint32_t s = order[k];
    IrSlot *sl = &f->slots.data[s];
    if (!set_has(fr.touched, s)) { /* no bytes for what nothing touches */
      sl->offset = 0;
      continue;
    }
    int64_t sz = sl->size < 1 ? 1 : sl->size, a = slot_align(sl);
    int64_t depth = round_up(sz, a);
    for (bool moved = true; moved;) {
      moved = false;
      for (size_t o = 0; o < fr.nslots; o++) {
        if (!placed[o] || !set_has(fr.interfere + s * fr.words, o))
          continue;
        const IrSlot *other = &f->slots.data[o];
        int64_t lo = -other->offset, hi = lo - (other->size < 1 ? 1 : other->size);
        /* occupied depths: (hi, lo]; ours: (depth - sz, depth] */
        if (depth - sz < lo && hi < depth) {
          depth = round_up(lo + sz, a);
          moved = true;
        }
      }
    }
    sl->offset = -depth;
    placed[s] = 1;
    if (depth > top)
      top = depth;
  }
  free(placed);
  free(order);
  free(fr.derived);
  free(fr.escaped);
  free(fr.interfere);
  free(fr.touched);
  *size = top;
  if (top > STACK_LIMIT) {
    diag_error(f->loc, "eBPF stack limit exceeded");
    return false;
  }
  return true;
}
