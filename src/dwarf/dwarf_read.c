/* DWARF reader (see dwarf_read.h).  Opening a file walks every unit
   once, in section order: the unit header, its abbreviation table, then
   each DIE and each attribute value, checking every length, offset and
   reference against the bounds of the section it points into.  The DIEs
   are kept as a flat preorder array; attribute values are decoded again
   from the section bytes when asked for, so the array stays small.  */
#include "dwarf_read.h"
#include "../elf/elf_reloc.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

const char *dwarf_unit_kind(const DwarfUnit *u) {
  static const char *const kinds[] = {
      NULL, "compile unit", "type unit", "partial unit", "skeleton unit",
      "split compile unit", "split type unit"};
  return u->unit_type < ARRAY_LEN(kinds) && kinds[u->unit_type]
             ? kinds[u->unit_type]
             : "unit";
}

/* A name for messages: the known one, or the number ("DW_FORM_0x55").  */
typedef struct NameBuf {
  char text[40];
} NameBuf;

static const char *name_or_number(NameBuf *b, const char *name,
                                  const char *prefix, uint64_t v) {
  if (name)
    return name;
  snprintf(b->text, sizeof b->text, "%s0x%llx", prefix, (unsigned long long)v);
  return b->text;
}

/* ---------------------------------------------------------------------
   Reader state
   --------------------------------------------------------------------- */

typedef struct Bytes {
  const uint8_t *data;
  uint64_t size;
  bool present;
} Bytes;

/* One attribute specification of an abbreviation.  */
typedef struct AttrSpec {
  uint16_t name;
  uint16_t form;
  int64_t implicit; /* DW_FORM_implicit_const's value */
} AttrSpec;

typedef struct Abbrev {
  uint64_t code;
  uint64_t offset;     /* in .debug_abbrev */
  uint32_t first_spec; /* specs[first_spec .. first_spec + nspecs) */
  uint32_t nspecs;
  uint16_t tag;
  bool children;
} Abbrev;

/* The abbreviations of one table, sorted by code.  */
typedef struct AbbrevTable {
  uint64_t offset;
  uint32_t first; /* abbrevs[first .. first + count) */
  uint32_t count;
} AbbrevTable;

/* A DIE's DW_AT_GNU_annotation: the annotation DIE it refers to.  */
typedef struct AnnotationLink {
  uint32_t die, target;
} AnnotationLink;

/* Where the DIEs of one section's bytes [FROM, TO) start, a bit per
   byte, and how many start before each 64-bit word: the DIE at an
   offset is found by a bit test and a population count, the references
   of a kernel's DWARF being millions.  */
typedef struct DieStarts {
  uint32_t section;
  uint64_t from, to;    /* none when from == to */
  uint32_t first_die;   /* the DIE at FROM */
  uint64_t *bits;
  uint32_t *before;
} DieStarts;

struct DwarfPrivate {
  Bytes abbrev, str, line_str, str_offsets;
  VEC(Abbrev) abbrevs;
  VEC(AttrSpec) specs;
  VEC(AbbrevTable) tables;
  uint32_t main_info;   /* the .debug_info that DW_FORM_ref_addr of
                           .debug_types units points into */
  VEC(uint8_t *) owned; /* relocated section copies */
  VEC(AnnotationLink) links; /* by DIE: each DW_AT_GNU_annotation */
  char *file_data;      /* dwarf_open_path: the file */
  ElfFile *elf;         /* dwarf_open_path: its ELF view */
  DieStarts starts;     /* dwarf_read_units: the DIEs found by offset */
};

/* A reference whose target must be checked once the DIEs it may point
   at have been read.  */
typedef struct PendingRef {
  uint32_t die;     /* the referring DIE */
  uint32_t section; /* where the value is, and where the target is */
  uint32_t target_section;
  uint16_t attr, form;
  uint64_t at;      /* offset of the value */
  uint64_t target;  /* offset of the target */
} PendingRef;

/* Everything dwarf_open_* needs while it reads.  */
typedef struct Parser {
  DwarfFile *f;
  struct DwarfPrivate *p;
  DwarfError *err;
  VEC(DwarfSection) sections;
  VEC(DwarfUnit) units;
  VEC(DwarfDie) dies;
  size_t dies_ready;           /* dies' entries faulted in ahead (dies_room) */
  VEC(PendingRef) unit_refs;   /* unit-relative references of one unit */
  VEC(uint64_t) die_starts;    /* of one unit: a bit per byte, set where a
                                  DIE starts (check_unit_refs) */
  VEC(PendingRef) global_refs; /* DW_FORM_ref_addr */
  VEC(PendingRef) links;       /* DW_AT_GNU_annotation */
} Parser;

static unsigned long long ull(uint64_t v) { return v; }

/* ---------------------------------------------------------------------
   Cursor: bounded reads in the file's byte order.  A read past the end
   sets `overrun` and yields 0; callers check once after a group of reads.
   --------------------------------------------------------------------- */

typedef struct Cursor {
  const uint8_t *data;
  uint64_t pos;
  uint64_t end;
  bool be;
  bool overrun;
  bool leb_overflow; /* a LEB128 number does not fit in 64 bits */
} Cursor;

static bool cur_take(Cursor *c, uint64_t n) {
  if (c->overrun || c->pos > c->end || n > c->end - c->pos) {
    c->overrun = true;
    return false;
  }
  return true;
}

/* An N-byte unsigned number (1 <= N <= 8).  */
static uint64_t cur_uint(Cursor *c, unsigned n) {
  if (!cur_take(c, n))
    return 0;
  uint64_t v = load_uint(c->data + c->pos, n, c->be);
  c->pos += n;
  return v;
}

static uint64_t cur_uleb(Cursor *c) {
  uint64_t v = 0;
  unsigned shift = 0;
  for (;;) {
    if (!cur_take(c, 1))
      return 0;
    uint8_t b = c->data[c->pos++];
    uint64_t bits = b & 0x7f;
    if (shift < 64) {
      if (shift > 57 && (bits >> (64 - shift)) != 0)
        c->leb_overflow = true;
      v |= bits << shift;
    } else if (bits) {
      c->leb_overflow = true;
    }
    shift += 7;
    if (!(b & 0x80))
      return v;
  }
}

static int64_t cur_sleb(Cursor *c) {
  uint64_t v = 0;
  unsigned shift = 0;
  uint8_t b;
  do {
    if (!cur_take(c, 1))
      return 0;
    b = c->data[c->pos++];
    if (shift < 64)
      v |= (uint64_t)(b & 0x7f) << shift;
    else if ((b & 0x7f) != 0 && (b & 0x7f) != 0x7f)
      c->leb_overflow = true;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    v |= ~(uint64_t)0 << shift;
  return (int64_t)v;
}

/* ---------------------------------------------------------------------
   Attribute values
   --------------------------------------------------------------------- */

/* What decoding a value needs to know besides the bytes.  */
typedef struct ValueContext {
  const DwarfFile *f;
  const struct DwarfPrivate *p;
  const DwarfUnit *unit;
  const char *label;   /* the unit's section, for messages */
  bool strings;        /* resolve the string forms */
  DwarfError *err;     /* NULL: no messages */
} ValueContext;

static bool is_known_form(uint64_t form) {
  return (form >= 0x01 && form <= 0x2c && form != 0x02) ||
         form == DW_FORM_GNU_addr_index || form == DW_FORM_GNU_str_index ||
         form == DW_FORM_GNU_ref_alt || form == DW_FORM_GNU_strp_alt;
}

/* Whether FORM refers to another DIE of this file.  */
static bool is_local_reference(uint16_t form) {
  return form == DW_FORM_ref1 || form == DW_FORM_ref2 ||
         form == DW_FORM_ref4 || form == DW_FORM_ref8 ||
         form == DW_FORM_ref_udata || form == DW_FORM_ref_addr;
}

static bool value_error(const ValueContext *vc, const DwarfAttr *a,
                        const char *fmt, ...) PRINTF_LIKE(3, 4);
static bool value_error(const ValueContext *vc, const DwarfAttr *a,
                        const char *fmt, ...) {
  if (!vc->err)
    return false;
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  NameBuf nb, fb;
  return read_error_at(vc->err, vc->label, a->offset, "%s (%s): %s",
                 name_or_number(&nb, dwarf_name_of_attr(a->name), "DW_AT_",
                                a->name),
                 name_or_number(&fb, dwarf_name_of_form(a->form), "DW_FORM_",
                                a->form),
                 msg);
}

/* The NUL-terminated string at OFFSET of the string section S, called
   NAME.  */
static const char *string_at(const ValueContext *vc, const DwarfAttr *a,
                             const Bytes *s, const char *name,
                             uint64_t offset) {
  if (!s->present) {
    value_error(vc, a, "there is no %s section", name);
    return NULL;
  }
  if (offset >= s->size) {
    value_error(vc, a, "offset 0x%llx is past the end of %s (size 0x%llx)",
                ull(offset), name, ull(s->size));
    return NULL;
  }
  const char *p = (const char *)s->data + offset;
  /* A section that ends with a NUL terminates every string in it: no
     search (one per string attribute of a kernel's DWARF, twice).  */
  if (s->data[s->size - 1] != 0 && !memchr(p, 0, s->size - offset)) {
    value_error(vc, a, "the string at %s+0x%llx is not terminated", name,
                ull(offset));
    return NULL;
  }
  return p;
}

/* The string of a strx form: entry INDEX of the unit's contribution to
   .debug_str_offsets.  */
static const char *strx_string(const ValueContext *vc, const DwarfAttr *a,
                               uint64_t index) {
  const Bytes *so = &vc->p->str_offsets;
  unsigned size = vc->unit->offset_size;
  if (!so->present) {
    value_error(vc, a, "there is no .debug_str_offsets section");
    return NULL;
  }
  uint64_t base = vc->unit->str_offsets_base;
  if (base > so->size || index >= (so->size - base) / size) {
    value_error(vc, a,
                "index %llu (base 0x%llx) is past the end of "
                ".debug_str_offsets (size 0x%llx)",
                ull(index), ull(base), ull(so->size));
    return NULL;
  }
  Cursor c = {so->data, base + index * size, so->size, vc->f->big_endian,
              false, false};
  return string_at(vc, a, &vc->p->str, ".debug_str", cur_uint(&c, size));
}

/* Give the raw value its meaning: unit-relative references become
   section offsets, the string forms their text.  */
static bool finish_value(const ValueContext *vc, DwarfAttr *a) {
  const DwarfUnit *u = vc->unit;
  switch (a->form) {
  case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4: case DW_FORM_ref8:
  case DW_FORM_ref_udata:
    if (a->u >= u->end - u->offset)
      return value_error(vc, a,
                         "refers to unit offset 0x%llx, past the end of "
                         "the unit (length 0x%llx)",
                         ull(a->u), ull(u->end - u->offset));
    a->u += u->offset;
    return true;
  case DW_FORM_strp:
    if (vc->strings)
      a->str = string_at(vc, a, &vc->p->str, ".debug_str", a->u);
    return !vc->strings || a->str;
  case DW_FORM_line_strp:
    if (vc->strings)
      a->str = string_at(vc, a, &vc->p->line_str, ".debug_line_str", a->u);
    return !vc->strings || a->str;
  case DW_FORM_strx: case DW_FORM_strx1: case DW_FORM_strx2:
  case DW_FORM_strx3: case DW_FORM_strx4: case DW_FORM_GNU_str_index:
    if (vc->strings)
      a->str = strx_string(vc, a, a->u);
    return !vc->strings || a->str;
  default:
    return true;
  }
}

/* Read the size-prefixed block of N bytes at the cursor.  */
static void read_block(Cursor *c, DwarfAttr *a, uint64_t n) {
  a->len = n;
  if (cur_take(c, n)) {
    a->block = c->data + c->pos;
    c->pos += n;
  }
}

/* The form, after following DW_FORM_indirect.  */
static bool read_form(const ValueContext *vc, Cursor *c, DwarfAttr *a,
                      uint64_t form) {
  while (form == DW_FORM_indirect && !c->overrun)
    form = cur_uleb(c);
  if (c->overrun)
    return value_error(vc, a, "runs past the end of the unit at 0x%llx",
                       ull(vc->unit->end));
  if (!is_known_form(form) || form == DW_FORM_implicit_const) {
    if (vc->err) {
      NameBuf nb;
      read_error_at(vc->err, vc->label, a->offset,
              "%s: DW_FORM_indirect gives %s form 0x%llx",
              name_or_number(&nb, dwarf_name_of_attr(a->name), "DW_AT_",
                             a->name),
              is_known_form(form) ? "the abbreviation-only" : "unknown",
              ull(form));
    }
    return false;
  }
  a->form = (uint16_t)form;
  return true;
}

/* Decode the value of the attribute SPEC at the cursor into *a.  */
static bool read_value(const ValueContext *vc, Cursor *c, const AttrSpec *spec,
                       DwarfAttr *a) {
  const DwarfUnit *u = vc->unit;
  memset(a, 0, sizeof *a);
  a->name = spec->name;
  a->form = spec->form;
  a->offset = c->pos;
  if (spec->form == DW_FORM_indirect && !read_form(vc, c, a, spec->form))
    return false;
  unsigned n = 0; /* size of a fixed-size value */
  switch (a->form) {
  case DW_FORM_addr: n = u->address_size; break;
  case DW_FORM_data1: case DW_FORM_ref1: case DW_FORM_flag:
  case DW_FORM_strx1: case DW_FORM_addrx1: n = 1; break;
  case DW_FORM_data2: case DW_FORM_ref2: case DW_FORM_strx2:
  case DW_FORM_addrx2: n = 2; break;
  case DW_FORM_strx3: case DW_FORM_addrx3: n = 3; break;
  case DW_FORM_data4: case DW_FORM_ref4: case DW_FORM_ref_sup4:
  case DW_FORM_strx4: case DW_FORM_addrx4: n = 4; break;
  case DW_FORM_data8: case DW_FORM_ref8: case DW_FORM_ref_sig8:
  case DW_FORM_ref_sup8: n = 8; break;
  case DW_FORM_strp: case DW_FORM_line_strp: case DW_FORM_sec_offset:
  case DW_FORM_strp_sup: case DW_FORM_GNU_ref_alt: case DW_FORM_GNU_strp_alt:
    n = u->offset_size;
    break;
  case DW_FORM_ref_addr:
    n = u->version <= 2 ? u->address_size : u->offset_size;
    break;
  case DW_FORM_udata: case DW_FORM_ref_udata: case DW_FORM_strx:
  case DW_FORM_addrx: case DW_FORM_loclistx: case DW_FORM_rnglistx:
  case DW_FORM_GNU_addr_index: case DW_FORM_GNU_str_index:
    a->u = cur_uleb(c);
    a->s = (int64_t)a->u;
    break;
  case DW_FORM_sdata:
    a->s = cur_sleb(c);
    a->u = (uint64_t)a->s;
    break;
  case DW_FORM_implicit_const:
    a->s = spec->implicit;
    a->u = (uint64_t)a->s;
    break;
  case DW_FORM_flag_present: a->u = 1; break;
  case DW_FORM_data16: read_block(c, a, 16); break;
  case DW_FORM_block1: read_block(c, a, cur_uint(c, 1)); break;
  case DW_FORM_block2: read_block(c, a, cur_uint(c, 2)); break;
  case DW_FORM_block4: read_block(c, a, cur_uint(c, 4)); break;
  case DW_FORM_block: case DW_FORM_exprloc:
    read_block(c, a, cur_uleb(c));
    break;
  case DW_FORM_string: {
    const uint8_t *s = c->data + c->pos;
    const uint8_t *nul =
        c->pos < c->end ? memchr(s, 0, c->end - c->pos) : NULL;
    if (!nul)
      return value_error(vc, a, "the string is not terminated before the "
                         "end of the unit at 0x%llx", ull(u->end));
    a->str = (const char *)s;
    c->pos += (uint64_t)(nul - s) + 1;
    break;
  }
  default:
    return value_error(vc, a, "unknown form");
  }
  if (n) {
    a->u = cur_uint(c, n);
    a->s = n < 8 && (a->u >> (8 * n - 1)) ? (int64_t)(a->u - (1ull << (8 * n)))
                                           : (int64_t)a->u;
  }
  if (c->leb_overflow)
    return value_error(vc, a, "LEB128 number does not fit in 64 bits");
  if (c->overrun)
    return value_error(vc, a, "runs past the end of the unit at 0x%llx",
                       ull(u->end));
  return finish_value(vc, a);
}

/* ---------------------------------------------------------------------
   Abbreviation tables
   --------------------------------------------------------------------- */

static int compare_abbrev_codes(const void *x, const void *y) {
  const Abbrev *a = x, *b = y;
  return a->code < b->code ? -1 : a->code > b->code;
}

/* Read one abbreviation's attribute specifications, up to the 0, 0
   that ends them.  */
static bool read_attr_specs(Parser *ps, Cursor *c, Abbrev *ab) {
  for (;;) {
    uint64_t at = c->pos;
    uint64_t name = cur_uleb(c);
    uint64_t form = cur_uleb(c);
    int64_t implicit = form == DW_FORM_implicit_const ? cur_sleb(c) : 0;
    if (c->overrun)
      return read_error_at(ps->err, ".debug_abbrev", ab->offset,
                     "abbreviation %llu runs past the end of the section "
                     "(its attribute list has no 0, 0 end)",
                     ull(ab->code));
    if (c->leb_overflow)
      return read_error_at(ps->err, ".debug_abbrev", at,
                     "LEB128 number does not fit in 64 bits");
    if (name == 0 && form == 0)
      return true;
    NameBuf nb;
    const char *aname =
        name_or_number(&nb, dwarf_name_of_attr((uint32_t)name), "DW_AT_", name);
    if (name == 0 || name > 0xffff)
      return read_error_at(ps->err, ".debug_abbrev", at,
                     "abbreviation %llu: attribute 0x%llx is out of range",
                     ull(ab->code), ull(name));
    if (!is_known_form(form))
      return read_error_at(ps->err, ".debug_abbrev", at,
                     "abbreviation %llu: %s has unknown form 0x%llx",
                     ull(ab->code), aname, ull(form));
    AttrSpec spec = {(uint16_t)name, (uint16_t)form, implicit};
    vec_push(&ps->p->specs, spec);
    ab->nspecs++;
  }
}

/* Read the abbreviation table at OFFSET of .debug_abbrev into a new
   entry of p->tables.  */
static bool read_abbrev_table(Parser *ps, uint64_t offset) {
  struct DwarfPrivate *p = ps->p;
  AbbrevTable t = {offset, (uint32_t)p->abbrevs.len, 0};
  Cursor c = {p->abbrev.data, offset, p->abbrev.size, ps->f->big_endian,
              false, false};
  for (;;) {
    Abbrev ab = {.offset = c.pos, .first_spec = (uint32_t)p->specs.len};
    ab.code = cur_uleb(&c);
    if (c.overrun)
      return read_error_at(ps->err, ".debug_abbrev", offset,
                     "the abbreviation table runs past the end of the "
                     "section (no 0 code ends it)");
    if (c.leb_overflow)
      return read_error_at(ps->err, ".debug_abbrev", ab.offset,
                     "LEB128 number does not fit in 64 bits");
    if (ab.code == 0)
      break;
    uint64_t tag = cur_uleb(&c);
    uint64_t children = cur_uint(&c, 1);
    if (c.overrun || c.leb_overflow)
      return read_error_at(ps->err, ".debug_abbrev", ab.offset,
                     "abbreviation %llu is truncated", ull(ab.code));
    if (tag == 0 || tag > 0xffff)
      return read_error_at(ps->err, ".debug_abbrev", ab.offset,
                     "abbreviation %llu has tag 0x%llx, out of range",
                     ull(ab.code), ull(tag));
    if (children > 1)
      return read_error_at(ps->err, ".debug_abbrev", ab.offset,
                     "abbreviation %llu has children flag %llu, not 0 or 1",
                     ull(ab.code), ull(children));
    ab.tag = (uint16_t)tag;
    ab.children = children == 1;
    if (!read_attr_specs(ps, &c, &ab))
      return false;
    vec_push(&p->abbrevs, ab);
    t.count++;
  }
  /* An empty table may leave the vector unallocated: no pointer into it.  */
  Abbrev *first = t.count ? p->abbrevs.data + t.first : NULL;
  if (t.count)
    qsort(first, t.count, sizeof *first, compare_abbrev_codes);
  for (uint32_t i = 1; i < t.count; i++)
    if (first[i].code == first[i - 1].code)
      return read_error_at(ps->err, ".debug_abbrev", first[i].offset,
                     "abbreviation code %llu is defined twice in the table "
                     "at 0x%llx",
                     ull(first[i].code), ull(offset));
  vec_push(&p->tables, t);
  return true;
}

/* The index of the table at OFFSET, read when first used.  */
static bool find_abbrev_table(Parser *ps, const DwarfUnit *u,
                              uint32_t *table) {
  struct DwarfPrivate *p = ps->p;
  const char *label = ps->sections.data[u->section].label;
  if (!p->abbrev.present)
    return read_error_at(ps->err, label, u->offset,
                   "there is no .debug_abbrev section");
  if (u->abbrev_offset >= p->abbrev.size)
    return read_error_at(ps->err, label, u->offset,
                   "abbreviation offset 0x%llx is past the end of "
                   ".debug_abbrev (size 0x%llx)",
                   ull(u->abbrev_offset), ull(p->abbrev.size));
  /* Most units share one table, or use the one read last.  */
  for (size_t i = p->tables.len; i-- > 0;)
    if (p->tables.data[i].offset == u->abbrev_offset) {
      *table = (uint32_t)i;
      return true;
    }
  if (!read_abbrev_table(ps, u->abbrev_offset))
    return false;
  *table = (uint32_t)p->tables.len - 1;
  return true;
}

/* The abbreviation with CODE in table T, or DWARF_NO_DIE.  */
static uint32_t lookup_abbrev(const struct DwarfPrivate *p,
                              const AbbrevTable *t, uint64_t code) {
  if (t->count == 0)
    return DWARF_NO_DIE;
  const Abbrev *first = p->abbrevs.data + t->first;
  /* Codes usually run 1, 2, 3 ...  */
  if (code >= 1 && code <= t->count && first[code - 1].code == code)
    return t->first + (uint32_t)(code - 1);
  uint32_t lo = 0, hi = t->count;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (first[mid].code < code)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < t->count && first[lo].code == code ? t->first + lo
                                                 : DWARF_NO_DIE;
}

/* ---------------------------------------------------------------------
   Unit headers
   --------------------------------------------------------------------- */

static bool valid_address_size(unsigned n) {
  return n == 1 || n == 2 || n == 4 || n == 8;
}

/* The header fields after unit_length and version.  */
static void read_header_fields(Cursor *c, bool in_types, DwarfUnit *u) {
  if (u->version >= 5) {
    u->unit_type = (uint8_t)cur_uint(c, 1);
    u->address_size = (uint8_t)cur_uint(c, 1);
    u->abbrev_offset = cur_uint(c, u->offset_size);
    if (u->unit_type == DW_UT_skeleton || u->unit_type == DW_UT_split_compile)
      u->dwo_id = cur_uint(c, 8);
    if (u->unit_type == DW_UT_type || u->unit_type == DW_UT_split_type) {
      u->signature = cur_uint(c, 8);
      u->type_offset = cur_uint(c, u->offset_size);
    }
    return;
  }
  u->unit_type = in_types ? DW_UT_type : DW_UT_compile;
  u->abbrev_offset = cur_uint(c, u->offset_size);
  u->address_size = (uint8_t)cur_uint(c, 1);
  if (in_types) {
    u->signature = cur_uint(c, 8);
    u->type_offset = cur_uint(c, u->offset_size);
  }
}

/* Read the header of the unit at OFFSET of section SEC into *u; *dies_at
   is where its first DIE starts.  */
static bool read_unit_header(Parser *ps, uint32_t sec, uint64_t offset,
                             DwarfUnit *u, uint64_t *dies_at) {
  const DwarfSection *s = &ps->sections.data[sec];
  Cursor c = {s->data, offset, s->size, ps->f->big_endian, false, false};
  memset(u, 0, sizeof *u);
  u->section = sec;
  u->offset = offset;
  u->offset_size = 4;
  uint64_t len = cur_uint(&c, 4);
  if (len == 0xffffffff) {
    u->offset_size = 8;
    len = cur_uint(&c, 8);
  } else if (len >= 0xfffffff0) {
    return read_error_at(ps->err, s->label, offset, "reserved unit length 0x%llx",
                   ull(len));
  }
  if (c.overrun)
    return read_error_at(ps->err, s->label, offset,
                   "truncated unit header: %llu bytes left in the section",
                   ull(s->size - offset));
  if (len > s->size - c.pos)
    return read_error_at(ps->err, s->label, offset,
                   "unit length 0x%llx runs past the end of the section "
                   "(size 0x%llx)",
                   ull(len), ull(s->size));
  u->end = c.pos + len;
  c.end = u->end;
  u->version = (uint16_t)cur_uint(&c, 2);
  if (c.overrun)
    return read_error_at(ps->err, s->label, offset,
                   "truncated unit header (unit length 0x%llx)", ull(len));
  if (u->version < 2 || u->version > 5 || (s->is_types && u->version != 4))
    return read_error_at(ps->err, s->label, offset,
                   "unsupported DWARF version %u%s", u->version,
                   s->is_types ? " in .debug_types (type units there are "
                                 "version 4)" : "");
  read_header_fields(&c, s->is_types, u);
  if (c.overrun)
    return read_error_at(ps->err, s->label, offset,
                   "truncated unit header (unit length 0x%llx)", ull(len));
  if (!dwarf_name_of_unit_type(u->unit_type))
    return read_error_at(ps->err, s->label, offset, "unknown unit type 0x%x",
                   u->unit_type);
  if (!valid_address_size(u->address_size))
    return read_error_at(ps->err, s->label, offset, "unsupported address size %u",
                   u->address_size);
  u->is_type_unit =
      u->unit_type == DW_UT_type || u->unit_type == DW_UT_split_type;
  if (u->is_type_unit) {
    if (u->type_offset < c.pos - offset || u->type_offset >= len)
      return read_error_at(ps->err, s->label, offset,
                     "type offset 0x%llx is outside the unit's DIEs",
                     ull(u->type_offset));
    u->type_offset += offset;
  }
  *dies_at = c.pos;
  return true;
}

/* ---------------------------------------------------------------------
   DIEs
   --------------------------------------------------------------------- */

/* The DIE at OFFSET among dies[first .. first + count), or DWARF_NO_DIE.  */
static uint32_t find_die(const DwarfDie *dies, uint32_t first, uint32_t count,
                         uint64_t offset) {
  uint32_t lo = first, hi = first + count;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (dies[mid].offset < offset)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < first + count && dies[lo].offset == offset ? lo : DWARF_NO_DIE;
}

/* The section DW_FORM_ref_addr values of unit U point into.  */
static bool ref_addr_section(Parser *ps, const ValueContext *vc,
                             const DwarfAttr *a, uint32_t *sec) {
  if (!ps->sections.data[vc->unit->section].is_types) {
    *sec = vc->unit->section;
    return true;
  }
  *sec = ps->p->main_info;
  return *sec != DWARF_NO_DIE ||
         value_error(vc, a, "there is no .debug_info section to refer to");
}

/* Remember a reference to a DIE of this file, to check its target once
   the DIEs are read.  */
static bool note_reference(Parser *ps, const ValueContext *vc, uint32_t die,
                           const DwarfAttr *a) {
  PendingRef r = {die, vc->unit->section, vc->unit->section, a->name, a->form,
                  a->offset, a->u};
  if (a->form != DW_FORM_ref_addr) {
    vec_push(&ps->unit_refs, r);
    return true;
  }
  if (!ref_addr_section(ps, vc, a, &r.target_section))
    return false;
  vec_push(&ps->global_refs, r);
  return true;
}

/* Remember DIE's DW_AT_GNU_annotation, to follow once the DIEs are read.  */
static bool note_annotation_link(Parser *ps, const ValueContext *vc,
                                 uint32_t die, const DwarfAttr *a,
                                 bool *seen) {
  ps->f->gnu_annotation_attrs++;
  if (!is_local_reference(a->form))
    return value_error(vc, a, "not a reference to a DIE of this file");
  if (*seen)
    return value_error(vc, a, "the DIE has a second DW_AT_GNU_annotation");
  *seen = true;
  PendingRef r = {die, vc->unit->section, vc->unit->section, a->name, a->form,
                  a->offset, a->u};
  if (a->form == DW_FORM_ref_addr &&
      !ref_addr_section(ps, vc, a, &r.target_section))
    return false;
  vec_push(&ps->links, r);
  return true;
}

/* Decode and check every attribute of DIE, whose abbreviation code the
   cursor has just passed.  */
static bool read_die_attrs(Parser *ps, const ValueContext *vc, Cursor *c,
                           uint32_t die) {
  const struct DwarfPrivate *p = ps->p;
  const Abbrev *ab = &p->abbrevs.data[ps->dies.data[die].abbrev];
  bool linked = false;
  for (uint32_t i = 0; i < ab->nspecs; i++) {
    DwarfAttr a;
    if (!read_value(vc, c, &p->specs.data[ab->first_spec + i], &a))
      return false;
    if (a.name == DW_AT_GNU_annotation &&
        !note_annotation_link(ps, vc, die, &a, &linked))
      return false;
    if (is_local_reference(a.form) && !note_reference(ps, vc, die, &a))
      return false;
  }
  if (ab->tag == DW_TAG_GNU_annotation)
    ps->f->gnu_annotation_dies++;
  else if (ab->tag == DW_TAG_LLVM_annotation)
    ps->f->llvm_annotation_dies++;
  return true;
}

/* Find the unit DIE's DW_AT_str_offsets_base before its other attributes
   (which may be strx forms that need it) are read.  */
static bool read_unit_bases(Parser *ps, DwarfUnit *u, const ValueContext *vc,
                            Cursor c, const Abbrev *ab) {
  if (u->version >= 5)
    u->str_offsets_base = u->offset_size == 8 ? 16 : 8;
  ValueContext raw = *vc;
  raw.strings = false;
  for (uint32_t i = 0; i < ab->nspecs; i++) {
    DwarfAttr a;
    if (!read_value(&raw, &c, &ps->p->specs.data[ab->first_spec + i], &a))
      return false;
    if (a.name == DW_AT_str_offsets_base)
      u->str_offsets_base = a.u;
  }
  return true;
}

/* Mark in ps->die_starts where each DIE of unit U starts, by its byte
   from the unit's start.  */
static void mark_die_starts(Parser *ps, const DwarfUnit *u) {
  size_t words = (size_t)((u->end - u->offset + 63) / 64);
  vec_grow(&ps->die_starts, words);
  ps->die_starts.len = words;
  memset(ps->die_starts.data, 0, words * sizeof *ps->die_starts.data);
  for (uint32_t i = u->first_die; i < u->first_die + u->die_count; i++) {
    uint64_t at = ps->dies.data[i].offset - u->offset;
    ps->die_starts.data[at / 64] |= (uint64_t)1 << (at % 64);
  }
}

/* Whether a DIE of the unit marked in ps->die_starts starts at OFFSET,
   whose unit starts at UNIT_OFFSET.  */
static bool die_starts_at(const Parser *ps, uint64_t unit_offset, uint64_t offset) {
  uint64_t at = offset - unit_offset;
  return offset >= unit_offset && at / 64 < ps->die_starts.len &&
         (ps->die_starts.data[at / 64] >> (at % 64) & 1);
}

/* Check the unit-relative references of the unit just read (a bit test
   each: a kernel's units hold millions of them).  */
static bool check_unit_refs(Parser *ps, const DwarfUnit *u) {
  const char *label = ps->sections.data[u->section].label;
  if (ps->unit_refs.len)
    mark_die_starts(ps, u);
  for (size_t i = 0; i < ps->unit_refs.len; i++) {
    const PendingRef *r = &ps->unit_refs.data[i];
    if (!die_starts_at(ps, u->offset, r->target)) {
      NameBuf nb, fb;
      return read_error_at(
          ps->err, label, r->at,
          "%s (%s): refers to 0x%llx, which is not the start of a DIE",
          name_or_number(&nb, dwarf_name_of_attr(r->attr), "DW_AT_", r->attr),
          name_or_number(&fb, dwarf_name_of_form(r->form), "DW_FORM_", r->form),
          ull(r->target));
    }
  }
  ps->unit_refs.len = 0;
  if (u->is_type_unit &&
      find_die(ps->dies.data, u->first_die, u->die_count, u->type_offset) ==
          DWARF_NO_DIE)
    return read_error_at(ps->err, label, u->offset,
                   "type offset 0x%llx is not the start of a DIE",
                   ull(u->type_offset - u->offset));
  return true;
}

/* An open DIE with children, while its children are read.  */
typedef struct OpenParent {
  uint32_t die;
  uint32_t last_child;
} OpenParent;
typedef VEC(OpenParent) OpenStack;

/* Room for one more DIE in ps->dies.  A kernel's DIE index is half a
   gigabyte, written once: its pages are faulted in a few megabytes at a
   time by one madvise (far cheaper on these machines than a fault per
   page), never more than a chunk ahead of the last DIE (the vector
   grows by doubling, and the pages past the chunk stay untouched).  */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
enum { DIES_CHUNK = (4u << 20) / sizeof(DwarfDie) };
static void dies_room(Parser *ps) {
  if (ps->dies.len < ps->dies_ready)
    return;
  vec_grow(&ps->dies, ps->dies.len + 1);
  size_t to = ps->dies.len + DIES_CHUNK < ps->dies.cap ? ps->dies.len + DIES_CHUNK
                                                       : ps->dies.cap;
  uintptr_t lo = (uintptr_t)(ps->dies.data + ps->dies.len);
  uintptr_t hi = (uintptr_t)(ps->dies.data + to);
  lo = (lo + 4095) & ~(uintptr_t)4095; /* whole pages inside */
  hi &= ~(uintptr_t)4095;
  if (hi > lo)
    (void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE); /* ignored without it */
  ps->dies_ready = to;
}

/* Append a new DIE for abbreviation AB at OFFSET under the innermost
   open parent.  */
static uint32_t add_die(Parser *ps, OpenStack *open, uint32_t unit,
                        uint64_t offset, uint32_t ab) {
  const Abbrev *abbrev = &ps->p->abbrevs.data[ab];
  uint32_t idx = (uint32_t)ps->dies.len;
  dies_room(ps);
  DwarfDie d = {(uint32_t)offset, unit, DWARF_NO_DIE, DWARF_NO_DIE, ab, abbrev->tag,
                abbrev->children};
  if (open->len) {
    OpenParent *top = &open->data[open->len - 1];
    d.parent = top->die;
    if (top->last_child != DWARF_NO_DIE)
      ps->dies.data[top->last_child].sibling = idx;
    top->last_child = idx;
  }
  vec_push(&ps->dies, d);
  if (abbrev->children) {
    OpenParent op = {idx, DWARF_NO_DIE};
    vec_push(open, op);
  }
  return idx;
}

/* Read the DIE tree of unit UNIT, which starts at DIES_AT.  */
static bool read_unit_dies(Parser *ps, uint32_t unit, uint64_t dies_at,
                           uint32_t table) {
  DwarfUnit *u = &ps->units.data[unit];
  const DwarfSection *s = &ps->sections.data[u->section];
  const AbbrevTable *t = &ps->p->tables.data[table];
  ValueContext vc = {ps->f, ps->p, u, s->label, true, ps->err};
  Cursor c = {s->data, dies_at, u->end, ps->f->big_endian, false, false};
  OpenStack open = {0};
  bool ok = true;
  u->first_die = (uint32_t)ps->dies.len;
  while (ok && c.pos < u->end) {
    uint64_t at = c.pos;
    uint64_t code = cur_uleb(&c);
    if (c.overrun) {
      ok = read_error_at(ps->err, s->label, at,
                   "the abbreviation code runs past the end of the unit at "
                   "0x%llx", ull(u->end));
    } else if (c.leb_overflow) {
      ok = read_error_at(ps->err, s->label, at,
                   "the abbreviation code does not fit in 64 bits");
    } else if (code == 0) {
      if (open.len) /* a null entry ends the innermost children */
        open.len--;
    } else if (ps->dies.len > u->first_die && !open.len) {
      ok = read_error_at(ps->err, s->label, at,
                   "a second top-level DIE (abbreviation code %llu) after "
                   "the unit DIE", ull(code));
    } else {
      uint32_t ab = lookup_abbrev(ps->p, t, code);
      if (ab == DWARF_NO_DIE)
        ok = read_error_at(ps->err, s->label, at,
                     "abbreviation code %llu is not in the table at "
                     ".debug_abbrev+0x%llx", ull(code), ull(t->offset));
      else if (ps->dies.len >= DWARF_NO_DIE - 1)
        ok = read_error_at(ps->err, s->label, at, "too many DIEs");
      else {
        bool root = ps->dies.len == u->first_die;
        uint32_t die = add_die(ps, &open, unit, at, ab);
        ok = (!root ||
              read_unit_bases(ps, u, &vc, c, &ps->p->abbrevs.data[ab])) &&
             read_die_attrs(ps, &vc, &c, die);
      }
    }
  }
  vec_free(&open);
  if (!ok)
    return false;
  u->die_count = (uint32_t)ps->dies.len - u->first_die;
  if (!u->die_count)
    return read_error_at(ps->err, s->label, u->offset, "the unit has no DIE");
  return check_unit_refs(ps, u);
}

/* Read every unit of section SEC.  */
static bool read_section_units(Parser *ps, uint32_t sec) {
  if (ps->sections.data[sec].size > UINT32_MAX) /* DIE offsets are 32-bit */
    return read_error(ps->err, "%s: sections of more than 4 GiB are not supported",
                      ps->sections.data[sec].label);
  ps->sections.data[sec].first_die = (uint32_t)ps->dies.len;
  uint64_t offset = 0;
  while (offset < ps->sections.data[sec].size) {
    DwarfUnit u;
    uint64_t dies_at = 0;
    uint32_t table = 0;
    if (!read_unit_header(ps, sec, offset, &u, &dies_at) ||
        !find_abbrev_table(ps, &u, &table))
      return false;
    if (ps->units.len >= DWARF_NO_DIE - 1)
      return read_error_at(ps->err, ps->sections.data[sec].label, offset,
                     "too many units");
    vec_push(&ps->units, u);
    if (!read_unit_dies(ps, (uint32_t)ps->units.len - 1, dies_at, table))
      return false;
    offset = u.end;
  }
  DwarfSection *s = &ps->sections.data[sec];
  s->die_count = (uint32_t)ps->dies.len - s->first_die;
  return true;
}

/* ---------------------------------------------------------------------
   Cross-unit checks: DW_FORM_ref_addr targets, annotation chains
   --------------------------------------------------------------------- */

/* The DIE REF points at, or DWARF_NO_DIE after reporting why not.  */
static uint32_t ref_target(Parser *ps, const PendingRef *r) {
  const DwarfSection *t = &ps->sections.data[r->target_section];
  uint32_t die = find_die(ps->dies.data, t->first_die, t->die_count, r->target);
  if (die == DWARF_NO_DIE) {
    NameBuf nb, fb;
    char why[96];
    if (r->target >= t->size)
      snprintf(why, sizeof why, "past the end of the section (size 0x%llx)",
               ull(t->size));
    else
      snprintf(why, sizeof why, "which is not the start of a DIE");
    read_error_at(ps->err, ps->sections.data[r->section].label, r->at,
            "%s (%s): refers to %s+0x%llx, %s",
            name_or_number(&nb, dwarf_name_of_attr(r->attr), "DW_AT_", r->attr),
            name_or_number(&fb, dwarf_name_of_form(r->form), "DW_FORM_", r->form),
            t->label, ull(r->target), why);
  }
  return die;
}

/* Note in the file whether DIE refers to TARGET in another unit.  */
static void note_crossing(Parser *ps, uint32_t die, uint32_t target) {
  if (ps->dies.data[die].unit != ps->dies.data[target].unit)
    ps->f->crosses_units = true;
}

static bool check_global_refs(Parser *ps) {
  for (size_t i = 0; i < ps->global_refs.len; i++) {
    const PendingRef *r = &ps->global_refs.data[i];
    uint32_t target = ref_target(ps, r);
    if (target == DWARF_NO_DIE)
      return false;
    note_crossing(ps, r->die, target);
  }
  return true;
}

/* Point every DIE with a DW_AT_GNU_annotation at its annotation DIE.  */
static bool resolve_annotation_links(Parser *ps) {
  for (size_t i = 0; i < ps->links.len; i++) {
    const PendingRef *r = &ps->links.data[i];
    uint32_t target = ref_target(ps, r);
    if (target == DWARF_NO_DIE)
      return false;
    uint16_t tag = ps->dies.data[target].tag;
    if (tag != DW_TAG_GNU_annotation) {
      NameBuf tb;
      return read_error_at(ps->err, ps->sections.data[r->section].label, r->at,
                     "DW_AT_GNU_annotation refers to 0x%llx, a %s, not a "
                     "DW_TAG_GNU_annotation",
                     ull(r->target),
                     name_or_number(&tb, dwarf_name_of_tag(tag), "DW_TAG_", tag));
    }
    note_crossing(ps, r->die, target);
    AnnotationLink link = {r->die, target};
    vec_push(&ps->p->links, link); /* in DIE order, as they were read */
  }
  return true;
}

/* The DIE that DIE's DW_AT_GNU_annotation refers to, or DWARF_NO_DIE.  */
static uint32_t annotation_of(const struct DwarfPrivate *p, uint32_t die) {
  size_t lo = 0, hi = p->links.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (p->links.data[mid].die < die)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < p->links.len && p->links.data[lo].die == die ? p->links.data[lo].target
                                                         : DWARF_NO_DIE;
}

/* Report the annotation chain loop through DIE.  */
static bool report_loop(Parser *ps, uint32_t die) {
  const DwarfDie *dies = ps->dies.data;
  Buf path = {0};
  uint32_t j = die;
  for (int n = 0; n < 8; n++) {
    buf_printf(&path, "0x%llx -> ", ull(dies[j].offset));
    j = annotation_of(ps->p, j);
    if (j == die)
      break;
  }
  buf_printf(&path, j == die ? "0x%llx" : "...", ull(dies[die].offset));
  const DwarfUnit *u = &ps->units.data[dies[die].unit];
  read_error_at(ps->err, ps->sections.data[u->section].label, dies[die].offset,
          "DW_AT_GNU_annotation chain loops: %s", buf_cstr(&path));
  buf_free(&path);
  return false;
}

/* Every chain of DW_AT_GNU_annotation links must end.  Each DIE has at
   most one link, so one walk per chain with three colours finds every
   loop in linear time.  */
static bool check_annotation_loops(Parser *ps) {
  enum { UNSEEN, ON_PATH, DONE };
  uint8_t *state = xcalloc(ps->dies.len ? ps->dies.len : 1, 1);
  bool ok = true;
  for (size_t k = 0; ok && k < ps->p->links.len; k++) {
    uint32_t i = ps->p->links.data[k].die;
    if (state[i] != UNSEEN)
      continue;
    uint32_t j = i;
    while (j != DWARF_NO_DIE && state[j] == UNSEEN) {
      state[j] = ON_PATH;
      j = annotation_of(ps->p, j);
    }
    if (j != DWARF_NO_DIE && state[j] == ON_PATH)
      ok = report_loop(ps, j);
    for (j = i; j != DWARF_NO_DIE && state[j] == ON_PATH; j = annotation_of(ps->p, j))
      state[j] = DONE;
  }
  free(state);
  return ok;
}

/* ---------------------------------------------------------------------
   Relocations (relocatable objects only)
   --------------------------------------------------------------------- */

/* The bytes of S, relocated when the file is relocatable.  */
static bool section_bytes(Parser *ps, ElfFile *elf, const ElfSection *s,
                          Bytes *out) {
  if (s->flags & ELF_SHF_COMPRESSED)
    return read_error(ps->err, "%s: compressed sections (SHF_COMPRESSED) are "
                     "not supported", s->name);
  out->data = s->data;
  out->size = s->size;
  out->present = true;
  if (elf->type != ELF_ET_REL || !elf_has_relocs(elf, s))
    return true;
  uint8_t *copy = xmalloc(s->size ? s->size : 1);
  memcpy(copy, s->data, s->size);
  vec_push(&ps->p->owned, copy);
  out->data = copy;
  ElfError ee;
  if (!elf_apply_relocs(elf, s, copy, &ee))
    return read_error(ps->err, "%s", ee.msg);
  return true;
}

/* ---------------------------------------------------------------------
   Opening
   --------------------------------------------------------------------- */

static Parser *parser_new(DwarfError *err, bool big_endian) {
  Parser *ps = xcalloc(1, sizeof *ps);
  ps->f = xcalloc(1, sizeof *ps->f);
  ps->p = xcalloc(1, sizeof *ps->p);
  ps->f->priv = ps->p;
  ps->f->big_endian = big_endian;
  ps->p->main_info = DWARF_NO_DIE;
  ps->err = err;
  return ps;
}

static void parser_free_scratch(Parser *ps) {
  vec_free(&ps->unit_refs);
  vec_free(&ps->die_starts);
  vec_free(&ps->global_refs);
  vec_free(&ps->links);
  free(ps);
}

static void parser_abort(Parser *ps) {
  ps->f->sections = ps->sections.data;
  ps->f->units = ps->units.data;
  ps->f->dies = ps->dies.data;
  dwarf_close(ps->f);
  parser_free_scratch(ps);
}

/* The file the parser read: its sections, units and DIEs (none when
   only the unit headers were read) move into it.  */
static DwarfFile *parser_hand_over(Parser *ps) {
  DwarfFile *f = ps->f;
  f->nsections = (uint32_t)ps->sections.len;
  f->sections = ps->sections.data;
  f->nunits = (uint32_t)ps->units.len;
  f->units = ps->units.data;
  f->ndies = (uint32_t)ps->dies.len;
  f->dies = ps->dies.data;
  parser_free_scratch(ps);
  return f;
}

/* Read everything, check it, and hand over the result.  */
static DwarfFile *parser_finish(Parser *ps) {
  bool ok = true;
  if (!ps->sections.len)
    ok = read_error(ps->err, "no .debug_info or .debug_types section");
  for (uint32_t i = 0; ok && i < ps->sections.len; i++)
    ok = read_section_units(ps, i);
  ok = ok && check_global_refs(ps) && resolve_annotation_links(ps) &&
       check_annotation_loops(ps);
  if (!ok) {
    parser_abort(ps);
    return NULL;
  }
  return parser_hand_over(ps);
}

static void add_unit_section(Parser *ps, const char *label, bool is_types,
                             const Bytes *b) {
  DwarfSection s = {0};
  snprintf(s.label, sizeof s.label, "%s", label);
  s.is_types = is_types;
  s.data = b->data;
  s.size = b->size;
  vec_push(&ps->sections, s);
}

/* The string and abbreviation sections, by name.  */
static Bytes *named_section(struct DwarfPrivate *p, const char *name) {
  if (strcmp(name, ".debug_abbrev") == 0)
    return &p->abbrev;
  if (strcmp(name, ".debug_str") == 0)
    return &p->str;
  if (strcmp(name, ".debug_line_str") == 0)
    return &p->line_str;
  if (strcmp(name, ".debug_str_offsets") == 0)
    return &p->str_offsets;
  return NULL;
}

static uint32_t count_named(const ElfFile *elf, const char *name) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < elf->nsections; i++)
    n += elf->sections[i].data && strcmp(elf->sections[i].name, name) == 0;
  return n;
}

/* Collect the DWARF sections of ELF, relocated.  */
static bool load_elf_sections(Parser *ps, ElfFile *elf) {
  enum { SHF_GROUP = 0x200 };
  uint32_t main_without_group = DWARF_NO_DIE;
  for (uint32_t i = 0; i < elf->nsections; i++) {
    const ElfSection *s = &elf->sections[i];
    if (!s->data) /* SHT_NOBITS and SHT_NULL */
      continue;
    bool info = strcmp(s->name, ".debug_info") == 0;
    bool types = strcmp(s->name, ".debug_types") == 0;
    Bytes *named = named_section(ps->p, s->name);
    if (!info && !types && !named) {
      if (strcmp(s->name, ".zdebug_info") == 0)
        return read_error(ps->err, "%s: compressed sections (.zdebug) are "
                         "not supported", s->name);
      continue;
    }
    Bytes b;
    if (!section_bytes(ps, elf, s, &b))
      return false;
    if (named) {
      if (named->present)
        return read_error(ps->err, "%s: more than one section of this name "
                         "(section %u)", s->name, i);
      *named = b;
      continue;
    }
    char label[48];
    if (count_named(elf, s->name) > 1)
      snprintf(label, sizeof label, "%s[%u]", s->name, i);
    else
      snprintf(label, sizeof label, "%s", s->name);
    if (info && ps->p->main_info == DWARF_NO_DIE)
      ps->p->main_info = (uint32_t)ps->sections.len;
    if (info && !(s->flags & SHF_GROUP) && main_without_group == DWARF_NO_DIE)
      main_without_group = (uint32_t)ps->sections.len;
    add_unit_section(ps, label, types, &b);
  }
  /* References from .debug_types go to the .debug_info outside any
     COMDAT group, the one that holds the compile unit.  */
  if (main_without_group != DWARF_NO_DIE)
    ps->p->main_info = main_without_group;
  return true;
}

/* ---------------------------------------------------------------------
   Reading a file a range of units at a time
   --------------------------------------------------------------------- */

/* The unit headers of section SEC into ps->units, no DIE read.  */
static bool read_section_headers(Parser *ps, uint32_t sec) {
  if (ps->sections.data[sec].size > UINT32_MAX)
    return read_error(ps->err, "%s: sections of more than 4 GiB are not supported",
                      ps->sections.data[sec].label);
  for (uint64_t offset = 0; offset < ps->sections.data[sec].size;) {
    DwarfUnit u;
    uint64_t dies_at;
    if (!read_unit_header(ps, sec, offset, &u, &dies_at))
      return false;
    if (ps->units.len >= DWARF_NO_DIE - 1)
      return read_error_at(ps->err, ps->sections.data[sec].label, offset,
                           "too many units");
    vec_push(&ps->units, u);
    offset = u.end;
  }
  return true;
}

DwarfFile *dwarf_open_elf_outline(ElfFile *elf, DwarfError *err) {
  Parser *ps = parser_new(err, elf->big_endian);
  bool ok = load_elf_sections(ps, elf);
  if (ok && !ps->sections.len)
    ok = read_error(ps->err, "no .debug_info or .debug_types section");
  for (uint32_t i = 0; ok && i < ps->sections.len; i++)
    ok = read_section_headers(ps, i);
  if (!ok) {
    parser_abort(ps);
    return NULL;
  }
  return parser_hand_over(ps);
}

/* Read the DIEs of the units already in ps->units, in their order,
   each section's DIEs counted where its units' are.  */
static bool read_listed_units(Parser *ps) {
  for (uint32_t i = 0; i < ps->units.len; i++) {
    DwarfUnit *u = &ps->units.data[i];
    DwarfSection *s = &ps->sections.data[u->section];
    if (!s->die_count)
      s->first_die = (uint32_t)ps->dies.len;
    uint64_t dies_at;
    uint32_t table;
    if (!read_unit_header(ps, u->section, u->offset, u, &dies_at) ||
        !find_abbrev_table(ps, u, &table) || !read_unit_dies(ps, i, dies_at, table))
      return false;
    s->die_count = (uint32_t)ps->dies.len - s->first_die;
  }
  return true;
}

/* The DieStarts of F's DIEs when they are all in one section.  */
static void index_die_starts(DwarfFile *f) {
  DieStarts *ds = &f->priv->starts;
  if (!f->nunits || f->units[0].section != f->units[f->nunits - 1].section)
    return;
  ds->section = f->units[0].section;
  ds->from = f->units[0].offset;
  ds->to = f->units[f->nunits - 1].end;
  ds->first_die = f->units[0].first_die;
  size_t words = (size_t)((ds->to - ds->from + 63) / 64);
  ds->bits = xcalloc(words ? words : 1, sizeof *ds->bits);
  ds->before = xmalloc((words ? words : 1) * sizeof *ds->before);
  for (uint32_t i = 0; i < f->ndies; i++) {
    uint64_t at = f->dies[i].offset - ds->from;
    ds->bits[at / 64] |= (uint64_t)1 << (at % 64);
  }
  uint32_t n = 0;
  for (size_t w = 0; w < words; w++) {
    ds->before[w] = n;
    n += (uint32_t)__builtin_popcountll(ds->bits[w]);
  }
}

/* The DIE at OFFSET of SECTION by F's DieStarts: true when they cover
   it, *DIE then the DIE or DWARF_NO_DIE.  */
static bool die_by_start(const DwarfFile *f, uint32_t section, uint64_t offset,
                         uint32_t *die) {
  const DieStarts *ds = &f->priv->starts;
  if (!ds->bits || section != ds->section || offset < ds->from || offset >= ds->to)
    return false;
  uint64_t at = offset - ds->from, word = ds->bits[at / 64];
  uint64_t bit = (uint64_t)1 << (at % 64);
  *die = word & bit ? ds->first_die + ds->before[at / 64] +
                          (uint32_t)__builtin_popcountll(word & (bit - 1))
                    : DWARF_NO_DIE;
  return true;
}

DwarfFile *dwarf_read_units(const DwarfFile *outline, uint32_t first, uint32_t end,
                            DwarfError *err) {
  Parser *ps = parser_new(err, outline->big_endian);
  const struct DwarfPrivate *op = outline->priv;
  ps->p->abbrev = op->abbrev;
  ps->p->str = op->str;
  ps->p->line_str = op->line_str;
  ps->p->str_offsets = op->str_offsets;
  ps->p->main_info = op->main_info;
  for (uint32_t i = 0; i < outline->nsections; i++) {
    DwarfSection s = outline->sections[i];
    s.first_die = s.die_count = 0;
    vec_push(&ps->sections, s);
  }
  for (uint32_t i = first; i < end && i < outline->nunits; i++)
    vec_push(&ps->units, outline->units[i]);
  if (!read_listed_units(ps) || !check_global_refs(ps) || !resolve_annotation_links(ps) ||
      !check_annotation_loops(ps)) {
    parser_abort(ps);
    return NULL;
  }
  DwarfFile *f = parser_hand_over(ps);
  index_die_starts(f);
  return f;
}

void dwarf_discard_bytes(const DwarfFile *f, uint32_t first, uint32_t end) {
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0 || first >= end || end > f->nunits)
    return;
  const DwarfUnit *a = &f->units[first], *b = &f->units[end - 1];
  if (a->section != b->section)
    return;
  const DwarfSection *s = &f->sections[a->section];
  for (size_t i = 0; i < f->priv->owned.len; i++)
    if (s->data == f->priv->owned.data[i])
      return; /* relocated: a copy, not the file's pages */
  uintptr_t lo = (uintptr_t)(s->data + a->offset), hi = (uintptr_t)(s->data + b->end);
  lo = (lo + (uintptr_t)page - 1) & ~((uintptr_t)page - 1); /* whole pages inside */
  hi &= ~((uintptr_t)page - 1);
  if (lo < hi)
    madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

DwarfFile *dwarf_open_elf(ElfFile *elf, DwarfError *err) {
  Parser *ps = parser_new(err, elf->big_endian);
  if (!load_elf_sections(ps, elf)) {
    parser_abort(ps);
    return NULL;
  }
  return parser_finish(ps);
}

static void raw_bytes(Bytes *b, const uint8_t *data, size_t size) {
  b->data = data;
  b->size = size;
  b->present = size > 0;
}

DwarfFile *dwarf_open_sections(const DwarfRawSections *raw, DwarfError *err) {
  Parser *ps = parser_new(err, raw->big_endian);
  struct DwarfPrivate *p = ps->p;
  raw_bytes(&p->abbrev, raw->abbrev, raw->abbrev_size);
  raw_bytes(&p->str, raw->str, raw->str_size);
  raw_bytes(&p->line_str, raw->line_str, raw->line_str_size);
  raw_bytes(&p->str_offsets, raw->str_offsets, raw->str_offsets_size);
  Bytes b;
  if (raw->info_size) {
    raw_bytes(&b, raw->info, raw->info_size);
    p->main_info = 0;
    add_unit_section(ps, ".debug_info", false, &b);
  }
  if (raw->types_size) {
    raw_bytes(&b, raw->types, raw->types_size);
    add_unit_section(ps, ".debug_types", true, &b);
  }
  return parser_finish(ps);
}

DwarfFile *dwarf_open_path(const char *path, DwarfError *err) {
  char *data;
  size_t size;
  if (!read_file(path, &data, &size)) {
    read_error(err, "cannot read: %s", strerror(errno));
    return NULL;
  }
  if (!elf_is_elf(data, size)) {
    read_error(err, "not an ELF file");
    free(data);
    return NULL;
  }
  ElfError ee;
  ElfFile *elf = elf_open(data, size, &ee);
  if (!elf) {
    read_error(err, "bad ELF file: %s", ee.msg);
    free(data);
    return NULL;
  }
  DwarfFile *f = dwarf_open_elf(elf, err);
  if (!f) {
    elf_close(elf);
    free(data);
    return NULL;
  }
  f->priv->file_data = data;
  f->priv->elf = elf;
  return f;
}

void dwarf_close(DwarfFile *f) {
  if (!f)
    return;
  struct DwarfPrivate *p = f->priv;
  for (size_t i = 0; i < p->owned.len; i++)
    free(p->owned.data[i]);
  vec_free(&p->owned);
  vec_free(&p->links);
  vec_free(&p->abbrevs);
  vec_free(&p->specs);
  vec_free(&p->tables);
  free(p->starts.bits);
  free(p->starts.before);
  elf_close(p->elf);
  free(p->file_data);
  free(p);
  free(f->sections);
  free(f->units);
  free(f->dies);
  free(f);
}

void dwarf_discard_dies(const DwarfFile *f, uint32_t first, uint32_t end) {
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0 || first >= end || end > f->ndies)
    return;
  uintptr_t lo = (uintptr_t)(f->dies + first), hi = (uintptr_t)(f->dies + end);
  lo = (lo + (uintptr_t)page - 1) & ~((uintptr_t)page - 1); /* whole pages inside */
  hi &= ~((uintptr_t)page - 1);
  if (lo < hi)
    madvise((void *)lo, hi - lo, MADV_DONTNEED);
}

void dwarf_release_dies(DwarfFile *f) {
  free(f->priv->starts.bits);
  free(f->priv->starts.before);
  f->priv->starts = (DieStarts){0};
  free(f->dies);
  f->dies = NULL;
  f->ndies = 0;
  for (uint32_t i = 0; i < f->nunits; i++)
    f->units[i].first_die = f->units[i].die_count = 0;
  for (uint32_t i = 0; i < f->nsections; i++)
    f->sections[i].first_die = f->sections[i].die_count = 0;
}

/* ---------------------------------------------------------------------
   Queries
   --------------------------------------------------------------------- */

size_t dwarf_die_attrs(const DwarfFile *f, uint32_t die, DwarfAttr *out,
                       size_t max) {
  const DwarfDie *d = &f->dies[die];
  const DwarfUnit *u = &f->units[d->unit];
  const DwarfSection *s = &f->sections[u->section];
  const struct DwarfPrivate *p = f->priv;
  const Abbrev *ab = &p->abbrevs.data[d->abbrev];
  ValueContext vc = {f, p, u, s->label, true, NULL};
  Cursor c = {s->data, d->offset, u->end, f->big_endian, false, false};
  cur_uleb(&c); /* the abbreviation code */
  for (uint32_t i = 0; i < ab->nspecs && i < max; i++)
    read_value(&vc, &c, &p->specs.data[ab->first_spec + i], &out[i]);
  return ab->nspecs;
}

bool dwarf_die_attr(const DwarfFile *f, uint32_t die, uint16_t name,
                    DwarfAttr *out) {
  const DwarfDie *d = &f->dies[die];
  const DwarfUnit *u = &f->units[d->unit];
  const DwarfSection *s = &f->sections[u->section];
  const struct DwarfPrivate *p = f->priv;
  const Abbrev *ab = &p->abbrevs.data[d->abbrev];
  ValueContext vc = {f, p, u, s->label, true, NULL};
  Cursor c = {s->data, d->offset, u->end, f->big_endian, false, false};
  cur_uleb(&c);
  for (uint32_t i = 0; i < ab->nspecs; i++) {
    const AttrSpec *spec = &p->specs.data[ab->first_spec + i];
    /* Values before the wanted one are decoded to be skipped.  */
    ValueContext skip = vc;
    skip.strings = spec->name == name;
    if (read_value(&skip, &c, spec, out) && spec->name == name)
      return true;
  }
  return false;
}

const char *dwarf_die_name(const DwarfFile *f, uint32_t die) {
  DwarfAttr a;
  return dwarf_die_attr(f, die, DW_AT_name, &a) ? a.str : NULL;
}

uint32_t dwarf_die_first_child(const DwarfFile *f, uint32_t die) {
  if (!f->dies[die].has_children || die + 1 >= f->ndies ||
      f->dies[die + 1].parent != die)
    return DWARF_NO_DIE;
  return die + 1;
}

uint32_t dwarf_die_at(const DwarfFile *f, uint32_t section, uint64_t offset) {
  if (section >= f->nsections)
    return DWARF_NO_DIE;
  uint32_t die;
  if (die_by_start(f, section, offset, &die))
    return die;
  const DwarfSection *s = &f->sections[section];
  return find_die(f->dies, s->first_die, s->die_count, offset);
}

uint32_t dwarf_unit_die_at(const DwarfFile *f, uint32_t unit, uint64_t offset) {
  if (unit >= f->nunits)
    return DWARF_NO_DIE;
  const DwarfUnit *u = &f->units[unit];
  uint32_t die;
  if (offset >= u->offset && offset < u->end && die_by_start(f, u->section, offset, &die))
    return die;
  return find_die(f->dies, u->first_die, u->die_count, offset);
}

static bool is_constant_form(uint16_t form) {
  return form == DW_FORM_data1 || form == DW_FORM_data2 ||
         form == DW_FORM_data4 || form == DW_FORM_data8 ||
         form == DW_FORM_sdata || form == DW_FORM_udata ||
         form == DW_FORM_implicit_const;
}

static DwarfAnnotation describe_annotation(const DwarfFile *f, uint32_t die) {
  DwarfAnnotation an = {die, dwarf_die_name(f, die), NULL, false, 0};
  DwarfAttr a;
  if (dwarf_die_attr(f, die, DW_AT_const_value, &a)) {
    an.value = a.str;
    if (!a.str && is_constant_form(a.form)) {
      an.has_number = true;
      an.number = a.form == DW_FORM_udata ? (int64_t)a.u : a.s;
    }
  }
  return an;
}

bool dwarf_die_is_annotated(const DwarfFile *f, uint32_t die) {
  const DwarfDie *d = &f->dies[die];
  if (d->tag == DW_TAG_GNU_annotation || d->tag == DW_TAG_LLVM_annotation)
    return false;
  if (annotation_of(f->priv, die) != DWARF_NO_DIE)
    return true;
  for (uint32_t j = dwarf_die_first_child(f, die); j != DWARF_NO_DIE;
       j = f->dies[j].sibling)
    if (f->dies[j].tag == DW_TAG_LLVM_annotation)
      return true;
  return false;
}

size_t dwarf_die_annotations(const DwarfFile *f, uint32_t die,
                             DwarfAnnotation *out, size_t max) {
  size_t n = 0;
  for (uint32_t j = annotation_of(f->priv, die); j != DWARF_NO_DIE;
       j = annotation_of(f->priv, j), n++)
    if (n < max)
      out[n] = describe_annotation(f, j);
  for (uint32_t j = dwarf_die_first_child(f, die); j != DWARF_NO_DIE;
       j = f->dies[j].sibling)
    if (f->dies[j].tag == DW_TAG_LLVM_annotation) {
      if (n < max)
        out[n] = describe_annotation(f, j);
      n++;
    }
  return n;
}
