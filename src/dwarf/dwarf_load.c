/* DWARF to the debug model (dwarf_load.h).

   Two passes over the DIEs, neither recursive, so no input can exhaust
   the stack:
   1. every DIE that describes a type (at any depth: a struct defined in
      a function is a type too), every variable and every function of a
      compile unit gets its model DIE, appended to the unit's list in
      DWARF order;
   2. each of them is filled from its attributes and children, its
      references looked up among the DIEs of pass 1.
   The BTF generator then walks the list and translates referenced types
   first, so the order here is the DWARF's and nothing more.

   Annotations: dwarf_die_annotations lists both encodings (GCC's chain,
   then clang's children); each annotated DIE gets its own chain of model
   annotation DIEs, GCC's in chain order (its head is the outermost type
   tag, next to the pointer), clang's reversed (clang writes the
   innermost first: `int __t("2") __t("1") *` has children "2", "1" and
   clang's BTF reads PTR -> '1' -> '2' -> int).

   Variables are placed with the ELF symbol table: the symbol of the
   variable's name gives its section (the DATASEC name), its offset in
   the section and its size, as pahole does.  In a kernel image only the
   functions and variables pahole gives records keep theirs
   (kernel_rules.h).  */
#include "dwarf_load.h"

#include "kernel_rules.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DW_OP_addr = 0x03, DW_OP_constu = 0x10, DW_OP_plus_uconst = 0x23 };

typedef struct SymRef {
  const char *name;
  uint32_t index; /* in the ELF file's symbols */
} SymRef;

/* The attributes of the DIE being read, decoded once: loading a DIE asks
   for several of them (name, size, type, declaration, tags ...), and
   each of the reader's queries decodes the DIE from its start.  */
enum { MAX_CACHED_ATTRS = 48 };
typedef struct AttrCache {
  uint32_t die; /* DWARF_NO_DIE: none */
  uint32_t n;
  DwarfAttr attrs[MAX_CACHED_ATTRS];
} AttrCache;

typedef struct Loader {
  const DwarfFile *f;
  ElfFile *elf;
  DebugUnit *u;
  Die **memo;         /* model DIE of each DWARF DIE in [lo, hi), by
                         its index less lo, or NULL */
  DwarfError *err;
  VEC(uint32_t) origin; /* the DWARF DIE of each model DIE, by id */
  SymRef *by_name;    /* symbols that may be variables, by name */
  uint32_t nsyms;
  KernelRules *rules; /* NULL: no kernel image or module */
  uint32_t lo, hi;    /* the DIEs of the units being loaded */
  bool crossed;       /* a reference left them */
  AttrCache cache;
} Loader;

/* "compile unit .debug_info+0x0, DIE 0x2e: ..." */
static bool load_error(Loader *L, uint32_t die, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static bool load_error(Loader *L, uint32_t die, const char *fmt, ...) {
  const DwarfUnit *un = &L->f->units[L->f->dies[die].unit];
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return read_error(L->err, "%s %s+0x%llx, DIE 0x%llx (%s): %s",
                    dwarf_unit_kind(un), L->f->sections[un->section].label,
                    (unsigned long long)un->offset,
                    (unsigned long long)L->f->dies[die].offset,
                    dwarf_name_of_tag(L->f->dies[die].tag), msg);
}

/* --- Attributes --- */

/* The first attribute NAME of DIE into *out; false if it has none.  */
static bool find_attr(Loader *L, uint32_t die, uint16_t name, DwarfAttr *out) {
  AttrCache *c = &L->cache;
  if (c->die != die) {
    size_t n = dwarf_die_attrs(L->f, die, c->attrs, MAX_CACHED_ATTRS);
    if (n > MAX_CACHED_ATTRS) { /* too many to keep: ask the reader */
      c->die = DWARF_NO_DIE;
      return dwarf_die_attr(L->f, die, name, out);
    }
    c->die = die;
    c->n = (uint32_t)n;
  }
  for (uint32_t i = 0; i < c->n; i++)
    if (c->attrs[i].name == name) {
      *out = c->attrs[i];
      return true;
    }
  return false;
}

/* DW_AT_name of DIE when it is a string, else NULL.  */
static const char *die_name(Loader *L, uint32_t die) {
  DwarfAttr a;
  return find_attr(L, die, DW_AT_name, &a) ? a.str : NULL;
}

static bool has_attr(Loader *L, uint32_t die, uint16_t name) {
  DwarfAttr a;
  return find_attr(L, die, name, &a);
}

static bool flag_attr(Loader *L, uint32_t die, uint16_t name) {
  DwarfAttr a;
  return find_attr(L, die, name, &a) && (a.form == DW_FORM_flag_present || a.u);
}

static bool is_constant(uint16_t form) {
  switch (form) {
  case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4:
  case DW_FORM_data8: case DW_FORM_sdata: case DW_FORM_udata:
  case DW_FORM_implicit_const:
    return true;
  default:
    return false;
  }
}

static bool is_signed_form(uint16_t form) {
  return form == DW_FORM_sdata || form == DW_FORM_implicit_const;
}

/* A constant attribute; false if absent, an error if not a constant.  */
static bool const_attr(Loader *L, uint32_t die, uint16_t name, int64_t *out,
                       bool *ok) {
  DwarfAttr a;
  if (!find_attr(L, die, name, &a))
    return false;
  if (!is_constant(a.form)) {
    *ok = load_error(L, die, "%s is a %s, not a constant",
                     dwarf_name_of_attr(name), dwarf_name_of_form(a.form));
    return false;
  }
  *out = is_signed_form(a.form) ? a.s : (int64_t)a.u;
  return true;
}

/* The model DIE of DWARF DIE I, one of the units being loaded.  */
static Die **memo_at(const Loader *L, uint32_t i) { return &L->memo[i - L->lo]; }

/* The DIE an attribute refers to, DWARF_NO_DIE when absent.  */
static uint32_t ref_attr(Loader *L, uint32_t die, uint16_t name, bool *ok) {
  DwarfAttr a;
  const DwarfFile *f = L->f;
  if (!find_attr(L, die, name, &a))
    return DWARF_NO_DIE;
  if (a.form == DW_FORM_ref_sig8) {
    for (uint32_t i = 0; i < f->nunits; i++)
      if (f->units[i].is_type_unit && f->units[i].signature == a.u) {
        uint32_t t = dwarf_die_at(f, f->units[i].section, f->units[i].type_offset);
        if (t != DWARF_NO_DIE)
          return t;
      }
    *ok = load_error(L, die, "%s: no type unit has signature 0x%016llx",
                     dwarf_name_of_attr(name), (unsigned long long)a.u);
    return DWARF_NO_DIE;
  }
  switch (a.form) {
  case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4: case DW_FORM_ref8:
  case DW_FORM_ref_udata: case DW_FORM_ref_addr: {
    uint32_t unit = f->dies[die].unit;
    uint32_t t = a.form == DW_FORM_ref_addr ? DWARF_NO_DIE : dwarf_unit_die_at(f, unit, a.u);
    if (t != DWARF_NO_DIE)
      return t;
    t = dwarf_die_at(f, f->units[unit].section, a.u);
    if (t != DWARF_NO_DIE)
      return t;
    for (uint32_t s = 0; s < f->nsections; s++)
      if (!f->sections[s].is_types &&
          (t = dwarf_die_at(f, s, a.u)) != DWARF_NO_DIE)
        return t;
    *ok = load_error(L, die, "%s refers to 0x%llx, where no DIE starts",
                     dwarf_name_of_attr(name), (unsigned long long)a.u);
    return DWARF_NO_DIE;
  }
  default:
    *ok = load_error(L, die, "%s is a %s, not a reference",
                     dwarf_name_of_attr(name), dwarf_name_of_form(a.form));
    return DWARF_NO_DIE;
  }
}

/* ref_attr, for a DIE of the units being loaded: one of another unit
   is an error, and says so in L->crossed.  */
static uint32_t ref_attr_here(Loader *L, uint32_t die, uint16_t name, bool *ok) {
  uint32_t t = ref_attr(L, die, name, ok);
  if (t != DWARF_NO_DIE && (t < L->lo || t >= L->hi)) {
    L->crossed = true;
    *ok = load_error(L, die, "%s refers to DIE 0x%llx, in a unit loaded apart",
                     dwarf_name_of_attr(name), (unsigned long long)L->f->dies[t].offset);
    return DWARF_NO_DIE;
  }
  return t;
}

/* The model type DW_AT_type of DIE names; NULL for void (no DW_AT_type,
   or DW_TAG_unspecified_type).  */
static Die *type_attr(Loader *L, uint32_t die, bool *ok) {
  uint32_t t = ref_attr_here(L, die, DW_AT_type, ok);
  if (t == DWARF_NO_DIE || L->f->dies[t].tag == DW_TAG_unspecified_type)
    return NULL;
  Die *d = *memo_at(L, t);
  if (!d || d->kind == DIE_VARIABLE || d->kind == DIE_SUBPROGRAM) {
    *ok = load_error(L, die, "DW_AT_type refers to DIE 0x%llx, a %s, not a type",
                     (unsigned long long)L->f->dies[t].offset,
                     dwarf_name_of_tag(L->f->dies[t].tag));
    return NULL;
  }
  return d;
}

/* --- Pass 1: which DIEs the model holds --- */

static void note_origin(Loader *L, const Die *d, uint32_t die) {
  vec_grow(&L->origin, (size_t)d->id + 1);
  L->origin.data[d->id] = die;
  if (L->origin.len <= d->id)
    L->origin.len = d->id + 1;
}

static bool kind_of_tag(uint16_t tag, DieKind *kind) {
  switch (tag) {
  case DW_TAG_base_type: *kind = DIE_BASE; return true;
  case DW_TAG_pointer_type: *kind = DIE_POINTER; return true;
  case DW_TAG_const_type: *kind = DIE_CONST; return true;
  case DW_TAG_volatile_type: *kind = DIE_VOLATILE; return true;
  case DW_TAG_restrict_type: *kind = DIE_RESTRICT; return true;
  case DW_TAG_atomic_type: *kind = DIE_ATOMIC; return true;
  case DW_TAG_typedef: *kind = DIE_TYPEDEF; return true;
  case DW_TAG_structure_type:
  case DW_TAG_class_type: *kind = DIE_STRUCT; return true;
  case DW_TAG_union_type: *kind = DIE_UNION; return true;
  case DW_TAG_enumeration_type: *kind = DIE_ENUM; return true;
  case DW_TAG_array_type: *kind = DIE_ARRAY; return true;
  case DW_TAG_subroutine_type: *kind = DIE_SUBROUTINE; return true;
  default: return false;
  }
}

static bool unit_level(const DwarfFile *f, uint32_t die) {
  uint32_t p = f->dies[die].parent;
  return p != DWARF_NO_DIE && f->dies[p].parent == DWARF_NO_DIE;
}

static void create_dies(Loader *L) {
  const DwarfFile *f = L->f;
  for (uint32_t i = L->lo; i < L->hi; i++) {
    DieKind kind;
    uint16_t tag = f->dies[i].tag;
    if (kind_of_tag(tag, &kind)) {
      if (kind == DIE_ARRAY && has_attr(L, i, DW_AT_GNU_vector))
        kind = DIE_VECTOR;
    } else if ((tag == DW_TAG_variable || tag == DW_TAG_subprogram) &&
               unit_level(f, i) && !has_attr(L, i, DW_AT_abstract_origin)) {
      kind = tag == DW_TAG_variable ? DIE_VARIABLE : DIE_SUBPROGRAM;
    } else {
      continue;
    }
    Die *d = *memo_at(L, i) = debug_new_die(L->u, kind, true);
    note_origin(L, d, i);
  }
}

/* --- Pass 2: the contents --- */

/* The model's annotation chain for the annotations of DIE.  */
static Die *load_annotations(Loader *L, uint32_t die) {
  DwarfAnnotation buf[16];
  size_t n = dwarf_die_annotations(L->f, die, buf, 16);
  DwarfAnnotation *an = buf;
  if (n > 16) {
    an = xcalloc(n, sizeof *an);
    dwarf_die_annotations(L->f, die, an, n);
  }
  Die *head = NULL, *tail = NULL, *clang = NULL;
  for (size_t i = 0; i < n; i++) {
    bool decl = an[i].name && !strcmp(an[i].name, "btf_decl_tag");
    bool type = an[i].name && !strcmp(an[i].name, "btf_type_tag");
    if ((!decl && !type) || !an[i].value)
      continue; /* another annotation, or a number: not a btf tag */
    Die *a = debug_new_die(L->u, DIE_ANNOTATION, false);
    note_origin(L, a, an[i].die);
    a->annot_kind = decl ? ANNOT_DECL_TAG : ANNOT_TYPE_TAG;
    a->annot_value = an[i].value;
    a->name = debug_annot_name(a->annot_kind);
    if (L->f->dies[an[i].die].tag == DW_TAG_LLVM_annotation) {
      /* clang's children run from the innermost tag out */
      a->annot = clang;
      clang = a;
      continue;
    }
    if (tail)
      tail->annot = a;
    else
      head = a;
    tail = a;
  }
  if (an != buf)
    free(an);
  if (tail)
    tail->annot = clang;
  return head ? head : clang;
}

static uint32_t count_children(const DwarfFile *f, uint32_t die, uint16_t tag) {
  uint32_t n = 0;
  for (uint32_t c = dwarf_die_first_child(f, die); c != DWARF_NO_DIE;
       c = f->dies[c].sibling)
    n += f->dies[c].tag == tag;
  return n;
}

/* DW_AT_data_member_location: a constant, or DW_OP_plus_uconst N (DWARF
   2's form), in bytes.  */
static bool member_location(Loader *L, uint32_t die, int64_t *bytes) {
  DwarfAttr a;
  *bytes = 0;
  if (!find_attr(L, die, DW_AT_data_member_location, &a))
    return true;
  if (is_constant(a.form)) {
    *bytes = is_signed_form(a.form) ? a.s : (int64_t)a.u;
    return true;
  }
  if (a.block && a.len >= 2 &&
      (a.block[0] == DW_OP_plus_uconst || a.block[0] == DW_OP_constu)) {
    uint64_t v = 0;
    unsigned shift = 0;
    for (uint64_t i = 1; i < a.len && shift < 64; i++, shift += 7) {
      v |= (uint64_t)(a.block[i] & 0x7f) << shift;
      if (!(a.block[i] & 0x80)) {
        *bytes = (int64_t)v;
        return true;
      }
    }
  }
  return load_error(L, die, "DW_AT_data_member_location is not a constant offset");
}

/* A member's bit offset from the start of its struct: DWARF 5's
   DW_AT_data_bit_offset, or DWARF 2-4's DW_AT_bit_offset counted from
   the most significant bit of a storage unit of DW_AT_byte_size.  */
static bool load_member(Loader *L, uint32_t die, DieMember *m) {
  bool ok = true;
  m->name = die_name(L, die);
  m->type = type_attr(L, die, &ok);
  m->annot = load_annotations(L, die);
  int64_t bit_size = 0, bit_offset, data_bit_offset, unit_bytes;
  const_attr(L, die, DW_AT_bit_size, &bit_size, &ok);
  if (bit_size < 0 || bit_size > INT32_MAX)
    return load_error(L, die, "DW_AT_bit_size %lld is out of range", (long long)bit_size);
  m->bit_size = (int32_t)bit_size;
  if (const_attr(L, die, DW_AT_data_bit_offset, &data_bit_offset, &ok)) {
    m->bit_offset = data_bit_offset;
    return ok;
  }
  int64_t bytes;
  if (!ok || !member_location(L, die, &bytes))
    return false;
  m->bit_offset = bytes * 8;
  if (const_attr(L, die, DW_AT_bit_offset, &bit_offset, &ok)) {
    if (!const_attr(L, die, DW_AT_byte_size, &unit_bytes, &ok))
      unit_bytes = m->type ? m->type->size : 0;
    if (L->f->big_endian)
      m->bit_offset += bit_offset;
    else
      m->bit_offset += unit_bytes * 8 - bit_offset - bit_size;
  }
  return ok;
}

static bool load_record(Loader *L, uint32_t die, Die *d) {
  const DwarfFile *f = L->f;
  uint32_t n = count_children(f, die, DW_TAG_member);
  d->members = NEW_ARRAY(DieMember, n ? n : 1);
  for (uint32_t c = dwarf_die_first_child(f, die); c != DWARF_NO_DIE;
       c = f->dies[c].sibling) {
    if (f->dies[c].tag != DW_TAG_member || has_attr(L, c, DW_AT_external))
      continue; /* C++'s static members are variables */
    DieMember *m = &d->members[d->nmembers];
    memset(m, 0, sizeof *m);
    if (!load_member(L, c, m))
      return false;
    d->nmembers++;
  }
  return true;
}

static bool load_enum(Loader *L, uint32_t die, Die *d) {
  const DwarfFile *f = L->f;
  bool ok = true;
  Die *base = type_attr(L, die, &ok);
  while (base && base->kind != DIE_BASE && base->type)
    base = base->type;
  bool is_signed = base ? base->encoding == ATE_SIGNED ||
                              base->encoding == ATE_SIGNED_CHAR
                        : false;
  uint32_t n = count_children(f, die, DW_TAG_enumerator);
  d->enums = NEW_ARRAY(DieEnumerator, n ? n : 1);
  for (uint32_t c = dwarf_die_first_child(f, die); c != DWARF_NO_DIE;
       c = f->dies[c].sibling) {
    if (f->dies[c].tag != DW_TAG_enumerator)
      continue;
    DwarfAttr a;
    if (!find_attr(L, c, DW_AT_const_value, &a) || !is_constant(a.form))
      return load_error(L, c, "an enumerator without a constant DW_AT_const_value");
    int64_t v = (int64_t)a.u;
    if (is_signed_form(a.form)) {
      v = a.s;
      if (!base && v < 0)
        is_signed = true; /* no DW_AT_type: the values tell */
    } else if (is_signed && d->size < 8 && d->size > 0) {
      /* a signed enum's dataN value of the enum's width: sign-extend */
      unsigned bits = (unsigned)d->size * 8;
      if ((a.form == DW_FORM_data1 && bits == 8) ||
          (a.form == DW_FORM_data2 && bits == 16) ||
          (a.form == DW_FORM_data4 && bits == 32))
        v = a.s;
    }
    d->enums[d->nenums].name = die_name(L, c);
    d->enums[d->nenums].value = v;
    d->nenums++;
  }
  d->encoding = is_signed ? ATE_SIGNED : ATE_UNSIGNED;
  return ok;
}

static bool load_array(Loader *L, uint32_t die, Die *d) {
  const DwarfFile *f = L->f;
  bool ok = true;
  uint32_t n = count_children(f, die, DW_TAG_subrange_type);
  d->dims = NEW_ARRAY(int64_t, n ? n : 1);
  for (uint32_t c = dwarf_die_first_child(f, die); c != DWARF_NO_DIE && ok;
       c = f->dies[c].sibling) {
    if (f->dies[c].tag != DW_TAG_subrange_type)
      continue;
    int64_t count = -1, upper, lower = 0;
    if (!d->index_type)
      d->index_type = type_attr(L, c, &ok);
    const_attr(L, c, DW_AT_lower_bound, &lower, &ok);
    if (const_attr(L, c, DW_AT_count, &count, &ok))
      ;
    else if (const_attr(L, c, DW_AT_upper_bound, &upper, &ok))
      count = upper - lower + 1;
    else if (has_attr(L, c, DW_AT_upper_bound) || has_attr(L, c, DW_AT_count))
      d->variable_length = true; /* a VLA's bound: an expression */
    d->dims[d->ndims++] = count < 0 ? -1 : count;
  }
  if (!L->u->sizetype && d->index_type)
    L->u->sizetype = d->index_type;
  return ok;
}

/* Parameters of a subroutine type or a subprogram.  */
static bool load_params(Loader *L, uint32_t die, Die *d) {
  const DwarfFile *f = L->f;
  bool ok = true;
  uint32_t n = count_children(f, die, DW_TAG_formal_parameter);
  d->params = NEW_ARRAY(DieParam, n ? n : 1);
  for (uint32_t c = dwarf_die_first_child(f, die); c != DWARF_NO_DIE && ok;
       c = f->dies[c].sibling) {
    if (f->dies[c].tag == DW_TAG_unspecified_parameters)
      d->variadic = true;
    if (f->dies[c].tag != DW_TAG_formal_parameter)
      continue;
    DieParam *p = &d->params[d->nparams++];
    memset(p, 0, sizeof *p);
    uint32_t src = c, origin = ref_attr(L, c, DW_AT_abstract_origin, &ok);
    if (origin != DWARF_NO_DIE)
      src = origin;
    p->name = die_name(L, src);
    p->type = type_attr(L, src, &ok);
    p->annot = load_annotations(L, src);
  }
  return ok;
}

/* --- Variables' places: the symbol table --- */

static int compare_symbol_names(const void *x, const void *y) {
  const SymRef *a = x, *b = y;
  int c = strcmp(a->name, b->name);
  return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* The symbols with data in a section, by name.  */
static void index_symbols(Loader *L) {
  ElfFile *elf = L->elf;
  L->by_name = xcalloc(elf->nsymbols + 1, sizeof *L->by_name);
  for (uint32_t i = 0; i < elf->nsymbols; i++) {
    const ElfSymbol *s = &elf->symbols[i];
    if (s->name && *s->name && s->shndx != ELF_SHN_UNDEF &&
        s->shndx < elf->nsections &&
        (s->type == ELF_STT_OBJECT || s->type == ELF_STT_NOTYPE))
      L->by_name[L->nsyms++] = (SymRef){s->name, i};
  }
  qsort(L->by_name, L->nsyms, sizeof *L->by_name, compare_symbol_names);
}

/* Whether the variable has a place: a DW_AT_location expression.  When
   it is DW_OP_addr A and nothing else, *addr is A (in a relocatable
   object, the offset in its section) and *known true; other forms
   (clang's DW_OP_addrx, an index into .debug_addr) leave the address
   unknown.  */
static bool static_address(Loader *L, uint32_t die, uint64_t *addr, bool *known) {
  DwarfAttr a;
  unsigned size = L->f->units[L->f->dies[die].unit].address_size;
  if (!find_attr(L, die, DW_AT_location, &a) || !a.block || !a.len)
    return false;
  *known = a.len == 1 + size && a.block[0] == DW_OP_addr;
  if (*known)
    *addr = load_uint(a.block + 1, size, L->f->big_endian);
  return true;
}

/* SEC holds variables: the unit records its size, once.  */
static void note_section(DebugUnit *u, const ElfSection *sec) {
  for (size_t i = 0; i < u->sections.len; i++)
    if (!strcmp(u->sections.data[i].name, sec->name))
      return;
  vec_push_perm(&u->sections, ((DebugSection){sec->name, sec->size}));
}

/* Where the variable D (DWARF DIE) lives: the symbol of its name at its
   address (names repeat: static variables of different units); without
   a known address, the symbol of its name whose size is its type's, or
   the only one.  */
static void place_variable(Loader *L, uint32_t die, Die *d) {
  uint64_t addr = 0;
  bool known = false;
  if (!L->nsyms || !d->name || !static_address(L, die, &addr, &known))
    return;
  const ElfSymbol *syms = L->elf->symbols;
  size_t lo = 0, hi = L->nsyms;
  while (lo < hi) { /* the first of the name */
    size_t mid = (lo + hi) / 2;
    if (strcmp(L->by_name[mid].name, d->name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  bool rel = L->elf->type == ELF_ET_REL;
  const ElfSymbol *best = NULL;
  for (; lo < L->nsyms && !strcmp(L->by_name[lo].name, d->name); lo++) {
    const ElfSymbol *s = &syms[L->by_name[lo].index];
    if (known && s->value != addr)
      continue;
    /* several sections may hold this offset: the size decides */
    if (!best || (d->type && (int64_t)s->size == d->type->size))
      best = s;
  }
  if (!best)
    return;
  const ElfSection *sec = &L->elf->sections[best->shndx];
  note_section(L->u, sec);
  d->seccat = SECCAT_NAMED;
  d->section = sec->name;
  d->var_offset = (int64_t)(best->value - (rel ? 0 : sec->addr));
  d->var_size = (int64_t)best->size;
  d->symbol = d->name;
}

/* A variable or function completing a declaration (DW_AT_specification)
   takes what it does not say from it.  */
static uint32_t declaration_of(Loader *L, uint32_t die, Die *d, bool *ok) {
  uint32_t spec = ref_attr_here(L, die, DW_AT_specification, ok);
  if (spec == DWARF_NO_DIE)
    return die;
  Die *sd = *memo_at(L, spec);
  if (!sd || sd->kind != d->kind) {
    *ok = load_error(L, die, "DW_AT_specification refers to DIE 0x%llx, a %s",
                     (unsigned long long)L->f->dies[spec].offset,
                     dwarf_name_of_tag(L->f->dies[spec].tag));
    return die;
  }
  sd->has_definition = true;
  d->specification = sd;
  return spec;
}

/* What variables and functions share: name, type, linkage, tags, each
   from the DIE or else from the declaration it completes.  Returns that
   declaration's DIE (DIE itself when it completes none).  */
static uint32_t load_entity(Loader *L, uint32_t die, Die *d, bool *ok) {
  uint32_t decl = declaration_of(L, die, d, ok);
  d->name = die_name(L, die);
  if (!d->name)
    d->name = die_name(L, decl);
  d->type = type_attr(L, has_attr(L, die, DW_AT_type) ? die : decl, ok);
  d->external = flag_attr(L, die, DW_AT_external) || flag_attr(L, decl, DW_AT_external);
  d->declaration = flag_attr(L, die, DW_AT_declaration);
  d->is_extern = d->declaration;
  d->annot = load_annotations(L, die);
  if (!d->annot && decl != die)
    d->annot = load_annotations(L, decl);
  return decl;
}

static bool load_variable(Loader *L, uint32_t die, Die *d) {
  bool ok = true;
  load_entity(L, die, d, &ok);
  if (!d->is_extern)
    place_variable(L, die, d);
  if (d->type && d->type->size > d->var_size)
    d->var_size = d->type->size;
  return ok;
}

/* Parameters: the definition's children, else the declaration's.  */
static bool load_subprogram(Loader *L, uint32_t die, Die *d) {
  bool ok = true;
  uint32_t decl = load_entity(L, die, d, &ok);
  d->prototyped = flag_attr(L, decl, DW_AT_prototyped);
  bool own = count_children(L->f, die, DW_TAG_formal_parameter) || decl == die;
  return ok && load_params(L, own ? die : decl, d);
}

static bool load_die(Loader *L, uint32_t die, Die *d) {
  bool ok = true;
  int64_t size = 0;
  if (d->kind != DIE_VARIABLE && d->kind != DIE_SUBPROGRAM) {
    d->name = die_name(L, die);
    if (const_attr(L, die, DW_AT_byte_size, &size, &ok) && size < 0)
      return load_error(L, die, "DW_AT_byte_size %lld is negative", (long long)size);
    d->size = size;
    d->declaration = flag_attr(L, die, DW_AT_declaration);
    d->annot = load_annotations(L, die);
    if (d->kind != DIE_ARRAY && d->kind != DIE_VECTOR)
      d->type = type_attr(L, die, &ok);
  }
  if (!ok)
    return false;
  switch (d->kind) {
  case DIE_BASE: {
    int64_t enc = 0;
    const_attr(L, die, DW_AT_encoding, &enc, &ok);
    d->encoding = (uint8_t)enc;
    return ok;
  }
  case DIE_POINTER:
    if (!d->size)
      d->size = L->f->units[L->f->dies[die].unit].address_size;
    return true;
  case DIE_STRUCT:
  case DIE_UNION:
    return d->declaration || load_record(L, die, d);
  case DIE_ENUM:
    return load_enum(L, die, d);
  case DIE_ARRAY:
  case DIE_VECTOR:
    d->type = type_attr(L, die, &ok);
    return ok && load_array(L, die, d);
  case DIE_SUBROUTINE:
    d->prototyped = flag_attr(L, die, DW_AT_prototyped);
    return load_params(L, die, d);
  case DIE_VARIABLE:
    return load_variable(L, die, d);
  case DIE_SUBPROGRAM:
    return load_subprogram(L, die, d);
  default:
    return true;
  }
}

/* --- What the BTF generator can walk ---
   It translates what a type refers to before the type, recursively,
   except that a struct or union takes its record before its members.  A
   loop of references that passes no struct (damaged DWARF: a typedef of
   itself) would never end, and a chain deeper than MAX_DEPTH would
   exhaust the stack: both are errors, found by the same walk, without
   recursion.  */

enum { MAX_DEPTH = 4096 };

/* The Ith type D refers to; false past the last.  */
static bool nth_ref(const Die *d, int i, Die **out) {
  if (i == 0) { *out = d->type; return true; }
  if (i == 1) {
    *out = d->kind == DIE_ARRAY || d->kind == DIE_VECTOR ? d->index_type : NULL;
    return true;
  }
  i -= 2;
  if (i < d->nmembers) { *out = d->members[i].type; return true; }
  i -= d->nmembers;
  if (i < d->nparams) { *out = d->params[i].type; return true; }
  return false;
}

typedef struct WalkFrame {
  Die *die;
  int next;
} WalkFrame;

static bool check_walkable(Loader *L) {
  DebugUnit *u = L->u;
  uint8_t *state = xcalloc(u->ndies ? u->ndies : 1, 1); /* 1 open, 2 done */
  WalkFrame *stack = xcalloc(MAX_DEPTH, sizeof *stack);
  bool ok = true;
  for (size_t r = 0; r < u->dies.len && ok; r++) {
    if (state[u->dies.data[r]->id])
      continue;
    int sp = 0;
    stack[sp++] = (WalkFrame){u->dies.data[r], 0};
    state[u->dies.data[r]->id] = 1;
    while (sp > 0 && ok) {
      WalkFrame *fr = &stack[sp - 1];
      Die *t;
      if (!nth_ref(fr->die, fr->next++, &t)) {
        state[fr->die->id] = 2;
        sp--;
        continue;
      }
      if (!t || state[t->id] == 2)
        continue;
      if (state[t->id] == 1) { /* a loop: fine when a struct is on it */
        int k = sp - 1;
        while (k >= 0 && stack[k].die != t && stack[k].die->kind != DIE_STRUCT &&
               stack[k].die->kind != DIE_UNION)
          k--;
        if (k >= 0 && stack[k].die == t && t->kind != DIE_STRUCT &&
            t->kind != DIE_UNION)
          ok = load_error(L, L->origin.data[t->id],
                          "the type refers to itself through no struct or union");
        continue;
      }
      if (sp == MAX_DEPTH) {
        ok = load_error(L, L->origin.data[t->id],
                        "types nest deeper than %d levels", MAX_DEPTH);
        break;
      }
      state[t->id] = 1;
      stack[sp++] = (WalkFrame){t, 0};
    }
  }
  free(state);
  free(stack);
  return ok;
}

/* Variables and functions in the unit's lists: a declaration completed
   by a definition is only the definition; with the kernel's rules, only
   those they keep.  */
static void list_entities(Loader *L, bool kernel) {
  DebugUnit *u = L->u;
  for (uint32_t i = L->lo; i < L->hi; i++) {
    Die *d = *memo_at(L, i);
    if (!d || d->has_definition || (kernel && !d->kept))
      continue;
    if (d->kind == DIE_VARIABLE)
      vec_push_perm(&u->vars, d);
    else if (d->kind == DIE_SUBPROGRAM && d->name)
      vec_push_perm(&u->funcs, d);
  }
}

/* What the batches share: the reader's DIEs and the symbols (read
   only; each batch maps its own DIEs to model DIEs in a table of its
   range's size) and the kernel's rules, which the batches apply one at a
   time in their order (turn: the batch whose turn it is), so that a
   function's FUNC goes to its first definition in DWARF order whatever
   the order in which threads load the batches.  */
struct DwarfLoader {
  Loader shared;
  pthread_mutex_t lock;
  pthread_cond_t turn_changed;
  uint32_t turn;
};

DwarfLoader *dwarf_loader_new(const DwarfFile *f, ElfFile *elf, DwarfError *err) {
  if (elf && !elf_read_symbols(elf, err))
    return NULL;
  DwarfLoader *dl = xcalloc(1, sizeof *dl);
  dl->shared = (Loader){.f = f, .elf = elf};
  if (elf) {
    index_symbols(&dl->shared);
    dl->shared.rules = kernel_rules_new(elf);
  }
  pthread_mutex_init(&dl->lock, NULL);
  pthread_cond_init(&dl->turn_changed, NULL);
  return dl;
}

bool dwarf_loader_kernel(const DwarfLoader *dl) { return dl->shared.rules != NULL; }

/* Wait for BATCH's turn, apply the kernel's rules to U when it is not
   NULL, and pass the turn on.  */
static void rules_in_turn(DwarfLoader *dl, uint32_t batch, DebugUnit *u) {
  pthread_mutex_lock(&dl->lock);
  while (dl->turn != batch)
    pthread_cond_wait(&dl->turn_changed, &dl->lock);
  if (u && dl->shared.rules)
    kernel_rules_apply(dl->shared.rules, u);
  dl->turn++;
  pthread_cond_broadcast(&dl->turn_changed);
  pthread_mutex_unlock(&dl->lock);
}

/* Units [FIRST, END) of F, batch BATCH.  */
static DebugUnit *load_units(DwarfLoader *dl, const DwarfFile *f, uint32_t batch,
                             uint32_t first, uint32_t end, bool *crossed, DwarfError *err) {
  Loader l = dl->shared, *L = &l;
  L->f = f;
  L->u = debug_unit_new();
  L->err = err;
  L->origin = (__typeof__(L->origin)){0};
  L->cache.die = DWARF_NO_DIE;
  L->crossed = false;
  L->lo = first < end ? f->units[first].first_die : 0;
  L->hi = first < end ? f->units[end - 1].first_die + f->units[end - 1].die_count : 0;
  if (first == 0 && end == f->nunits)
    L->lo = 0, L->hi = f->ndies;
  L->memo = xcalloc(L->hi > L->lo ? L->hi - L->lo : 1, sizeof *L->memo);
  create_dies(L);
  /* Aggregates last: their members' offsets and enums' signedness read
     sizes and encodings of the types loaded first.  */
  bool ok = true;
  for (int round = 0; round < 2; round++)
    for (uint32_t i = L->lo; i < L->hi && ok; i++) {
      Die *d = *memo_at(L, i);
      bool aggregate = d && (d->kind == DIE_STRUCT || d->kind == DIE_UNION ||
                             d->kind == DIE_ENUM);
      if (d && aggregate == (round == 1))
        ok = load_die(L, i, d);
    }
  rules_in_turn(dl, batch, ok ? L->u : NULL);
  if (ok) {
    bool kernel = L->rules != NULL;
    L->u->kernel = kernel;
    list_entities(L, kernel);
    debug_number(L->u, !kernel);
    ok = check_walkable(L);
  }
  /* the model DIEs go with the caller's arena */
  free(L->memo);
  vec_free(&L->origin);
  if (crossed)
    *crossed = L->crossed;
  return ok ? L->u : NULL;
}

DebugUnit *dwarf_loader_units(DwarfLoader *dl, uint32_t batch, uint32_t first,
                              uint32_t end, bool *crossed, DwarfError *err) {
  return load_units(dl, dl->shared.f, batch, first, end, crossed, err);
}

DebugUnit *dwarf_loader_file(DwarfLoader *dl, uint32_t batch, const DwarfFile *units,
                             bool *crossed, DwarfError *err) {
  return load_units(dl, units, batch, 0, units->nunits, crossed, err);
}

void dwarf_loader_pass(DwarfLoader *dl, uint32_t batch) { rules_in_turn(dl, batch, NULL); }

void dwarf_loader_free(DwarfLoader *dl) {
  if (!dl)
    return;
  free(dl->shared.by_name);
  kernel_rules_free(dl->shared.rules);
  pthread_mutex_destroy(&dl->lock);
  pthread_cond_destroy(&dl->turn_changed);
  free(dl);
}

DebugUnit *dwarf_load(const DwarfFile *f, ElfFile *elf, DwarfError *err) {
  DwarfLoader *dl = dwarf_loader_new(f, elf, err);
  if (!dl)
    return NULL;
  DebugUnit *u = dwarf_loader_units(dl, 0, 0, f->nunits, NULL, err);
  dwarf_loader_free(dl);
  return u;
}
