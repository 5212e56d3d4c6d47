/* Constant stores to a stack slot merged into wide ones.

   A local array or struct with an initializer is lowered as its bytes
   are written: zero over the whole object (when the elements leave
   gaps), then each element, a string one byte at a time.  `char
   name[16] = "test_sock_addr1"` so becomes 32 one-byte stores where
   clang writes two 8-byte ones.  Here a run of consecutive instructions
   of a block that each store a constant into the same slot (no other
   instruction in between, so nothing reads the bytes or takes the
   slot's address meanwhile, and no other slot's store moves: slots that
   are never live together may share bytes) is replaced by the stores of
   the bytes the run leaves there: the later store of a byte wins, and
   the bytes are written in the widest aligned pieces they fill (8, 4,
   2 or 1 bytes; an 8-byte piece only when its value is a sign-extended
   32-bit immediate, as BPF_ST takes, else two 4-byte ones).  Bytes the
   run never writes stay unwritten.  A slot begins 8-aligned in the
   frame (bpf/frame.c) unless it keeps its natural alignment, which then
   bounds the pieces.  Volatile stores never merge.

   The verifier sees the same bytes initialised with the same values;
   bytes of a piece holding some non-zero byte become STACK_MISC rather
   than STACK_ZERO, as with clang's wide stores of such constants.  */
#include "ir.h"

#include "../util/ctx.h"
#include <stdlib.h>
#include <string.h>

static bool const_slot_store(const IrInsn *in) {
  return in->op == IR_STORE && in->addr.kind == IA_SLOT && !in->addr.core &&
         !in->is_volatile && in->a.kind == IV_IMM && in->addr.off >= 0 &&
         (in->size == 1 || in->size == 2 || in->size == 4 || in->size == 8);
}

/* The bytes of one slot a run writes: [lo, hi) of the slot, which of
   them are written and their values.  */
typedef struct SlotImage {
  int64_t lo, hi;
  uint8_t *val, *written;
} SlotImage;

static void image_store(SlotImage *im, const IrInsn *in, bool big_endian) {
  uint64_t v = (uint64_t)in->a.imm;
  for (unsigned k = 0; k < in->size; k++) {
    unsigned shift = 8 * (big_endian ? in->size - 1 - k : k);
    int64_t at = in->addr.off + k - im->lo;
    im->val[at] = (uint8_t)(v >> shift);
    im->written[at] = 1;
  }
}

/* The value of bytes [at, at + size) of the image, sign-extended from
   SIZE bytes.  */
static int64_t image_value(const SlotImage *im, int64_t at, unsigned size, bool big_endian) {
  uint64_t v = 0;
  for (unsigned k = 0; k < size; k++) {
    unsigned shift = 8 * (big_endian ? size - 1 - k : k);
    v |= (uint64_t)im->val[at - im->lo + k] << shift;
  }
  if (size < 8 && (v >> (8 * size - 1) & 1))
    v |= ~0ull << (8 * size);
  return (int64_t)v;
}

static bool all_written(const SlotImage *im, int64_t at, unsigned size) {
  if (at + size > im->hi)
    return false;
  for (unsigned k = 0; k < size; k++)
    if (!im->written[at - im->lo + k])
      return false;
  return true;
}

/* The widest piece that can store the bytes from AT on.  */
static unsigned piece_size(const SlotImage *im, int64_t at, uint32_t align, bool big_endian) {
  static const unsigned sizes[] = {8, 4, 2, 1};
  for (size_t k = 0; k < ARRAY_LEN(sizes); k++) {
    unsigned s = sizes[k];
    if (s > align || at % s || !all_written(im, at, s))
      continue;
    int64_t v = s == 8 ? image_value(im, at, 8, big_endian) : 0;
    if (s == 8 && (v < INT32_MIN || v > INT32_MAX))
      continue;
    return s;
  }
  return 1;
}

/* Append to OUT the stores of slot SLOT's image, modelled on TEMPLATE.  */
static size_t emit_image(const SlotImage *im, const IrInsn *tmpl, uint32_t align,
                         bool big_endian, IrInsn *out) {
  size_t n = 0;
  for (int64_t at = im->lo; at < im->hi;) {
    if (!im->written[at - im->lo]) {
      at++;
      continue;
    }
    unsigned s = piece_size(im, at, align, big_endian);
    IrInsn st = *tmpl;
    st.size = (uint8_t)s;
    st.addr.off = at;
    st.a = ir_imm(image_value(im, at, s, big_endian));
    out[n++] = st;
    at += s;
  }
  return n;
}

/* The alignment the slot's start is known to have in the frame.  */
static uint32_t frame_align(const IrSlot *sl) {
  if (sl->natural_align)
    return sl->align ? sl->align : 1;
  return 8;
}

/* Rewrite the run INSNS[FROM, TO) of constant stores to one slot into
   OUT (room for as many instructions as the run writes bytes); returns
   how many instructions OUT holds.  */
static size_t merge_run(const IrFunc *f, const IrInsn *insns, size_t from, size_t to,
                        IrInsn *out) {
  bool big_endian = ctx_current->target.big_endian;
  uint32_t slot = insns[from].addr.slot;
  SlotImage im = {insns[from].addr.off, insns[from].addr.off + insns[from].size, NULL, NULL};
  for (size_t j = from; j < to; j++) {
    if (insns[j].addr.off < im.lo)
      im.lo = insns[j].addr.off;
    if (insns[j].addr.off + insns[j].size > im.hi)
      im.hi = insns[j].addr.off + insns[j].size;
  }
  im.val = xcalloc((size_t)(im.hi - im.lo), 1);
  im.written = xcalloc((size_t)(im.hi - im.lo), 1);
  for (size_t j = from; j < to; j++)
    image_store(&im, &insns[j], big_endian);
  size_t n = emit_image(&im, &insns[from], frame_align(&f->slots.data[slot]), big_endian, out);
  free(im.val);
  free(im.written);
  return n;
}

/* The end of the run of constant stores to one slot that begins at
   INSNS[I] (I itself when none begins there).  */
static size_t run_end(const IrInsn *insns, size_t len, size_t i) {
  size_t end = i;
  while (end < len && const_slot_store(&insns[end]) &&
         insns[end].addr.slot == insns[i].addr.slot)
    end++;
  return end;
}

void ir_merge_slot_stores(IrFunc *f) {
  for (size_t b = 0; b < f->blocks.len; b++) {
    IrBlock *blk = &f->blocks.data[b];
    size_t w = 0;
    for (size_t i = 0; i < blk->insns.len;) {
      size_t end = run_end(blk->insns.data, blk->insns.len, i), bytes = 0;
      if (end - i < 2) {
        blk->insns.data[w++] = blk->insns.data[i++];
        continue;
      }
      for (size_t j = i; j < end; j++)
        bytes += blk->insns.data[j].size;
      IrInsn *merged = xmalloc(bytes * sizeof *merged);
      size_t n = merge_run(f, blk->insns.data, i, end, merged);
      const IrInsn *keep = n < end - i ? merged : &blk->insns.data[i];
      if (n >= end - i)
        n = end - i;
      memmove(&blk->insns.data[w], keep, n * sizeof *keep);
      free(merged);
      w += n;
      i = end;
    }
    blk->insns.len = w;
  }
}
