/* Record and enum layout, as GCC lays them out on x86-64 and BPF (both
   use PCC_BITFIELD_TYPE_MATTERS rules: a bit-field never spans more
   alignment units of its declared type than the type itself has, and a
   named bit-field's type alignment counts towards the record's).  */
#include "type.h"

uint32_t target_biggest_align(void) {
  return ctx_current->target.arch == ARCH_BPF ? 8 : 16;
}

static uint64_t round_up(uint64_t v, uint64_t a) {
  return a > 1 ? (v + a - 1) / a * a : v;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t max_u32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* Would a W-bit field at BITPOS span more units of ALIGN_BITS than a
   whole object of its type (TYPE_BITS) does?  */
static bool spans_too_many_units(uint64_t bitpos, uint64_t w,
                                 uint64_t align_bits, uint64_t type_bits) {
  uint64_t off = bitpos % align_bits;
  return (off + w + align_bits - 1) / align_bits > type_bits / align_bits;
}

/* The alignment (bytes) a non-bit-field member asks for.  */
static uint32_t member_align(const Record *r, const Member *m) {
  uint32_t a = type_align(m->type);
  if ((r->packed || m->packed) && !m->user_align)
    a = 1;
  if (m->user_align)
    a = (r->packed || m->packed) ? m->user_align : max_u32(a, m->user_align);
  if (r->pack)
    a = min_u32(a, r->pack);
  return a;
}

/* Place bit-field M at *BITPOS; returns its contribution to the record's
   alignment (bytes, 1 = none).  */
static uint32_t place_bitfield(const Record *r, Member *m, uint64_t *bitpos) {
  uint32_t talign = type_align(m->type);
  int64_t tsize = type_size(m->type);
  bool packed = r->packed || m->packed;
  uint64_t w = (uint64_t)m->bit_width;
  if (w == 0) {
    /* A zero-width bit-field aligns the next field to its type (even in
       packed records and under #pragma pack) but does not change the
       record's alignment.  */
    *bitpos = round_up(*bitpos, (uint64_t)talign * 8);
    m->bit_offset = (int64_t)*bitpos;
    return 1;
  }
  if (m->user_align)
    *bitpos = round_up(*bitpos, (uint64_t)m->user_align * 8);
  if (!packed && !r->pack && tsize > 0 &&
      spans_too_many_units(*bitpos, w, (uint64_t)talign * 8,
                           (uint64_t)tsize * 8))
    *bitpos = round_up(*bitpos, (uint64_t)talign * 8);
  m->bit_offset = (int64_t)*bitpos;
  *bitpos += w;
  uint32_t rec_align = m->user_align ? m->user_align : 1;
  if (m->name) {
    uint32_t ta = r->pack ? min_u32(talign, r->pack) : packed ? 1 : talign;
    rec_align = max_u32(rec_align, ta);
  }
  return rec_align;
}

uint32_t record_depth(const Record *r) {
  uint32_t d = 0;
  for (int i = 0; i < r->nmembers; i++)
    if (r->members[i].type->depth > d)
      d = r->members[i].type->depth;
  return d + 1;
}

/* Largest record size in bits: every bit offset stays an int64_t.  */
#define RECORD_MAX_BITS ((uint64_t)INT64_MAX)

bool layout_record(Record *r) {
  bool is_union = r->kind == TY_UNION, fits = true;
  uint64_t bitpos = 0, union_bits = 0;
  uint32_t align = 1;
  for (int i = 0; i < r->nmembers; i++) {
    Member *m = &r->members[i];
    if (m->is_bitfield) {
      uint64_t pos = is_union ? 0 : bitpos;
      align = max_u32(align, place_bitfield(r, m, &pos));
      if (is_union) {
        m->bit_offset = 0;
        uint64_t bytes_bits = round_up(pos, 8);
        if (bytes_bits > union_bits)
          union_bits = bytes_bits;
      } else {
        bitpos = pos;
      }
      continue;
    }
    uint32_t a = member_align(r, m);
    int64_t sz = type_size(m->type);
    if (sz < 0)
      sz = 0; /* flexible array member */
    if ((uint64_t)sz > RECORD_MAX_BITS / 8 - (is_union ? 0 : bitpos / 8 + a)) {
      fits = false;
      sz = 0;
    }
    align = max_u32(align, a);
    if (is_union) {
      m->bit_offset = 0;
      if ((uint64_t)sz * 8 > union_bits)
        union_bits = (uint64_t)sz * 8;
    } else {
      bitpos = round_up(bitpos, (uint64_t)a * 8);
      m->bit_offset = (int64_t)bitpos;
      bitpos += (uint64_t)sz * 8;
    }
  }
  if (r->user_align)
    align = max_u32(align, r->user_align);
  uint64_t bits = is_union ? union_bits : bitpos;
  if (bits > RECORD_MAX_BITS - 8 * (uint64_t)align) {
    fits = false;
    bits = 0;
  }
  r->align = align;
  r->size = (int64_t)round_up(round_up(bits, 8) / 8, align);
  r->complete = true;
  return fits;
}

/* Bits needed to hold V in two's complement (signed) or binary.  */
static int min_precision(int64_t v, bool is_signed) {
  uint64_t u = (uint64_t)v;
  if (is_signed && v < 0)
    u = ~u;
  int bits = 0;
  while (u) {
    bits++;
    u >>= 1;
  }
  if (bits == 0)
    bits = 1;
  return is_signed ? bits + 1 : bits;
}

void layout_enum(Record *r, bool packed, int64_t mode_size) {
  bool is_unsigned = true;
  for (int i = 0; i < r->nenums; i++)
    if (r->enums[i].value < 0 && !r->enums[i].big_unsigned)
      is_unsigned = false;
  int precision = 1;
  for (int i = 0; i < r->nenums; i++) {
    int p = min_precision(r->enums[i].value, !is_unsigned);
    if (p > precision)
      precision = p;
  }
  Type *t;
  if (mode_size > 0) {
    t = type_int_of_size(mode_size, is_unsigned);
  } else if (packed || precision > 32) {
    int64_t bytes = precision <= 8 ? 1 : precision <= 16 ? 2
                  : precision <= 32 ? 4 : precision <= 64 ? 8 : 16;
    t = type_int_of_size(bytes, is_unsigned);
  } else {
    t = is_unsigned ? ty_uint : ty_int;
  }
  r->enum_int = t;
  r->size = t->size;
  r->align = t->align;
  r->complete = true;
}
