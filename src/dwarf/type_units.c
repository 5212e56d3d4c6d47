/* Type units for -fdebug-types-section (see type_units.h).  */
#include "type_units.h"

#include "../util/md5.h"
#include "dwarf_consts.h"

#include <string.h>

/* --- Type signatures (DWARF 4 §7.27, as GCC computes them) --- */

/* The attributes a signature covers, in the order it covers them.  */
static const uint16_t signature_attrs[] = {
    DW_AT_name, 0x32 /* accessibility */, 0x33 /* address_class */,
    0x4e /* allocated */, 0x34 /* artificial */, 0x4f /* associated */,
    0x5b /* binary_scale */, DW_AT_bit_offset, DW_AT_bit_size,
    0x2e /* bit_stride */, DW_AT_byte_size, 0x51 /* byte_stride */,
    DW_AT_const_value, 0x1d /* containing_type */, DW_AT_count,
    0x50 /* data_location */, DW_AT_data_member_location,
    0x5c /* decimal_scale */, 0x5e /* decimal_sign */,
    0x1e /* default_value */, 0x5f /* digit_count */, 0x15 /* discr */,
    0x3d /* discr_list */, 0x16 /* discr_value */, DW_AT_encoding,
    0x65 /* endianity */, 0x63 /* explicit */, 0x21 /* is_optional */,
    0x02 /* location */, 0x22 /* lower_bound */, 0x61 /* mutable */,
    0x09 /* ordering */, 0x60 /* picture_string */, DW_AT_prototyped,
    0x5d /* small */, 0x46 /* segment */, 0x19 /* string_length */,
    0x6f /* string_length_bit_size */, 0x70 /* string_length_byte_size */,
    0x62 /* threads_scaled */, DW_AT_upper_bound, 0x4a /* use_location */,
    0x53 /* use_UTF8 */, 0x4b /* variable_parameter */,
    0x4c /* virtuality */, 0x17 /* visibility */,
    0x4d /* vtable_elem_location */, DW_AT_type, 0x41 /* friend */,
    DW_AT_alignment,
};

typedef struct Signer {
  Md5 md5;
  int32_t mark;          /* last mark handed out */
  VEC(ODie *) marked;    /* to clear afterwards */
} Signer;

static void sign_uleb(Signer *s, uint64_t v) {
  uint8_t b[LEB128_MAX];
  md5_update(&s->md5, b, uleb128_put(b, v));
}

static void sign_sleb(Signer *s, int64_t v) {
  uint8_t b[LEB128_MAX];
  md5_update(&s->md5, b, sleb128_put(b, v));
}

/* A string with its terminating NUL.  */
static void sign_string(Signer *s, const char *str) {
  md5_update(&s->md5, str, strlen(str) + 1);
}

static void set_mark(Signer *s, ODie *d, int32_t mark) {
  if (!d->mark)
    vec_push(&s->marked, d);
  d->mark = mark;
}

static bool is_type_tag(uint16_t tag) {
  switch (tag) {
  case DW_TAG_array_type: case DW_TAG_enumeration_type:
  case DW_TAG_pointer_type: case DW_TAG_structure_type:
  case DW_TAG_subroutine_type: case DW_TAG_union_type:
  case DW_TAG_subrange_type: case DW_TAG_base_type: case DW_TAG_const_type:
  case DW_TAG_volatile_type: case DW_TAG_typedef:
    return true;
  default:
    return false;
  }
}

static const char *name_of(ODie *d) {
  OAttr *a = odie_attr(d, DW_AT_name);
  return a && a->kind == AV_STRING ? a->str : NULL;
}

static void sign_die(Signer *s, ODie *d);

static void sign_attr(Signer *s, uint16_t tag, const OAttr *a) {
  if (a->kind == AV_REF) {
    ODie *target = a->ref;
    /* A pointer covers only its pointee's name, if it has one, so a
       type signs the same whether what it points to is complete.  */
    const char *name = name_of(target);
    if (a->at == DW_AT_type && tag == DW_TAG_pointer_type && name) {
      sign_uleb(s, 'N');
      sign_uleb(s, a->at);
      sign_uleb(s, 'E');
      sign_string(s, name);
      return;
    }
    if (target->mark > 0) { /* seen: a back reference */
      sign_uleb(s, 'R');
      sign_uleb(s, a->at);
      sign_uleb(s, (uint64_t)target->mark);
      return;
    }
    set_mark(s, target, ++s->mark);
    sign_uleb(s, 'T');
    sign_uleb(s, a->at);
    sign_die(s, target);
    return;
  }
  sign_uleb(s, 'A');
  sign_uleb(s, a->at);
  switch (a->kind) {
  case AV_UNSIGNED:
  case AV_FILE:
    /* GCC narrows unsigned constants to int here.  */
    sign_uleb(s, DW_FORM_sdata);
    sign_sleb(s, (int32_t)a->value);
    break;
  case AV_SIGNED:
    sign_uleb(s, DW_FORM_sdata);
    sign_sleb(s, (int64_t)a->value);
    break;
  case AV_FLAG:
    sign_uleb(s, DW_FORM_flag);
    sign_uleb(s, 1);
    break;
  case AV_STRING:
    sign_uleb(s, DW_FORM_string);
    sign_string(s, a->str);
    break;
  default: /* section offsets: nothing */
    break;
  }
}

static void sign_die(Signer *s, ODie *d) {
  sign_uleb(s, 'D');
  sign_uleb(s, d->tag);
  for (size_t k = 0; k < ARRAY_LEN(signature_attrs); k++) {
    OAttr *a = odie_attr(d, signature_attrs[k]);
    if (a)
      sign_attr(s, d->tag, a);
  }
  for (ODie *c = d->first; c; c = c->next) {
    const char *name = name_of(c);
    if (name && (is_type_tag(c->tag) || c->tag == DW_TAG_subprogram)) {
      /* Named nested types: their name only.  */
      sign_uleb(s, 'S');
      sign_uleb(s, c->tag);
      sign_string(s, name);
    } else {
      if (!c->mark)
        set_mark(s, c, -1);
      sign_die(s, c);
    }
  }
  sign_uleb(s, 0);
}

static void compute_signature(ODie *type, uint8_t out[8]) {
  Signer s = {0};
  md5_init(&s.md5);
  s.mark = 1;
  set_mark(&s, type, 1);
  sign_die(&s, type);
  uint8_t digest[16];
  md5_final(&s.md5, digest);
  memcpy(out, digest + 8, 8);
  for (size_t i = 0; i < s.marked.len; i++)
    s.marked.data[i]->mark = 0;
  vec_free(&s.marked);
}

/* --- Moving types out --- */

static bool should_move(ODie *d) {
  if (d->local || odie_attr(d, DW_AT_declaration))
    return false;
  switch (d->tag) {
  case DW_TAG_enumeration_type:
    return true;
  case DW_TAG_structure_type:
  case DW_TAG_union_type:
    return odie_attr(d, DW_AT_byte_size) != NULL; /* constant size */
  default:
    return false;
  }
}

/* D's type-unit bookkeeping, made when first wanted.  */
static ODieUnitInfo *unit_info(ODie *d) {
  if (!d->tu)
    d->tu = NEW(ODieUnitInfo);
  return d->tu;
}

static void set_unit(ODie *d, ODie *unit) {
  d->unit = unit;
  for (ODie *c = d->first; c; c = c->next)
    set_unit(c, unit);
}

/* Copy D's children (and theirs) under COPY, recording each copy.  */
static void clone_children(ODie *d, ODie *copy, ODie *unit) {
  for (ODie *c = d->first; c; c = c->next) {
    ODie *cc = odie_clone(c);
    unit_info(c)->copy = cc;
    c->tu->copy_unit = unit;
    cc->unit = unit;
    odie_append(copy, cc);
    clone_children(c, cc, unit);
  }
}

/* Make every reference of D (and its children) stay inside UNIT: a DIE
   of another unit that is not a type unit's type is copied in, once,
   at the end of the unit (where this walk reaches it later).  */
static void copy_referenced(ODie *unit, ODie *d) {
  for (int i = 0; i < d->nattrs; i++) {
    OAttr *a = &d->attrs[i];
    if (a->kind != AV_REF)
      continue;
    ODie *t = a->ref;
    ODieUnitInfo *ti = unit_info(t);
    if (t->unit == unit || ti->signature)
      continue;
    if (ti->copy_unit != unit) {
      ODie *copy = odie_clone(t);
      ti->copy = copy;
      ti->copy_unit = unit;
      copy->unit = unit;
      if (!odie_attr(t, DW_AT_declaration))
        clone_children(t, copy, unit);
      odie_append(unit, copy);
    }
    a->ref = ti->copy;
  }
  for (ODie *c = d->first; c; c = c->next)
    copy_referenced(unit, c);
}

/* --- The compile unit after the move --- */

/* DIEs the compile unit keeps whether or not anything refers to them.  */
static bool is_prune_root(ODie *d) {
  if (d->local || d->used_root)
    return true;
  if (d->tag == DW_TAG_base_type)
    return !odie_attr(d, DW_AT_GNU_annotation);
  return !is_type_tag(d->tag) && d->tag != DW_TAG_restrict_type &&
         d->tag != DW_TAG_atomic_type;
}

static void mark_used(ODie *d, ODie *unit) {
  if (d->mark)
    return;
  d->mark = 1;
  for (int i = 0; i < d->nattrs; i++)
    if (d->attrs[i].kind == AV_REF && d->attrs[i].ref->unit == unit)
      mark_used(d->attrs[i].ref, unit);
  for (ODie *c = d->first; c; c = c->next)
    mark_used(c, unit);
}

static void prune_unit(ODie *cu) {
  for (ODie *d = cu->first; d; d = d->next)
    if (is_prune_root(d))
      mark_used(d, cu);
  ODie *prev = NULL;
  for (ODie *d = cu->first, *next; d; d = next) {
    next = d->next;
    if (d->mark)
      prev = d;
    else
      odie_unlink(cu, prev, d);
  }
}

static void clear_marks(ODie *d) {
  d->mark = 0;
  for (ODie *c = d->first; c; c = c->next)
    clear_marks(c);
}

/* --- Stubs for repeated references across units --- */

typedef struct ExternalRef {
  ODie *target;
  uint32_t count;
  ODie *stub;
} ExternalRef;

/* GCC finds a unit's external references in one of its open-addressing
   hash tables and makes the stubs by walking the table's slots, so the
   stubs come in slot order.  The table is mirrored here: 10 asked for,
   so 13 slots; each look-up first grows it once three quarters full (to
   the smallest prime of GCC's list at least twice the entries,
   re-inserting in old slot order); a key goes to hash mod size, then
   steps by 1 + hash mod (size - 2).  The hash is a target's signature,
   its first four bytes read as a little-endian word.  */
typedef struct RefTable {
  uint32_t size;
  uint32_t entries;
  int32_t *slots; /* index into ExternalRefs.data, or -1 */
} RefTable;

typedef VEC(ExternalRef) ExternalRefs;

static const uint32_t gcc_primes[] = {
    7,         13,        31,        61,        127,       251,
    509,       1021,      2039,      4093,      8191,      16381,
    32749,     65521,     131071,    262139,    524287,    1048573,
    2097143,   4194301,   8388593,   16777213,  33554393,  67108859,
    134217689, 268435399, 536870909, 1073741789, 2147483647, 4294967291u,
};

static uint32_t gcc_prime_at_least(uint32_t n) {
  size_t k = 0;
  while (k + 1 < ARRAY_LEN(gcc_primes) && gcc_primes[k] < n)
    k++;
  return gcc_primes[k];
}

static uint32_t ref_hash(const ODie *target) {
  const uint8_t *sig = target->tu ? target->tu->signature : NULL;
  if (!sig)
    return 0;
  return (uint32_t)sig[0] | (uint32_t)sig[1] << 8 | (uint32_t)sig[2] << 16 |
         (uint32_t)sig[3] << 24;
}

static void ref_table_init(RefTable *t, uint32_t size) {
  t->size = size;
  t->entries = 0;
  t->slots = xmalloc(size * sizeof *t->slots);
  for (uint32_t i = 0; i < size; i++)
    t->slots[i] = -1;
}

/* The slot of TARGET: its own if present, else the empty one it would
   take.  */
static uint32_t ref_table_probe(const RefTable *t, const ExternalRefs *refs,
                                const ODie *target) {
  uint32_t hash = ref_hash(target);
  uint32_t i = hash % t->size, step = 1 + hash % (t->size - 2);
  while (t->slots[i] >= 0 && refs->data[t->slots[i]].target != target)
    i = (i + step) % t->size;
  return i;
}

static void ref_table_grow(RefTable *t, const ExternalRefs *refs) {
  RefTable old = *t;
  ref_table_init(t, old.entries * 2 > old.size ? gcc_prime_at_least(old.entries * 2)
                                               : old.size);
  for (uint32_t i = 0; i < old.size; i++)
    if (old.slots[i] >= 0) {
      t->slots[ref_table_probe(t, refs, refs->data[old.slots[i]].target)] =
          old.slots[i];
      t->entries++;
    }
  free(old.slots);
}

/* The entry for TARGET, made if new.  */
static ExternalRef *ref_table_lookup(RefTable *t, ExternalRefs *refs,
                                     ODie *target) {
  if (t->size * 3 <= t->entries * 4)
    ref_table_grow(t, refs);
  uint32_t i = ref_table_probe(t, refs, target);
  if (t->slots[i] < 0) {
    ExternalRef r = {target, 0, NULL};
    vec_push(refs, r);
    t->slots[i] = (int32_t)(refs->len - 1);
    t->entries++;
  }
  return &refs->data[t->slots[i]];
}

static void count_external(ODie *d, ODie *unit, RefTable *table,
                           ExternalRefs *refs) {
  for (int i = 0; i < d->nattrs; i++) {
    OAttr *a = &d->attrs[i];
    if (a->kind != AV_REF || a->ref->unit == unit || a->at == DW_AT_signature)
      continue;
    ref_table_lookup(table, refs, a->ref)->count++;
  }
  for (ODie *c = d->first; c; c = c->next)
    count_external(c, unit, table, refs);
}

static void redirect_external(ODie *d, ODie *unit, ExternalRefs *refs) {
  for (int i = 0; i < d->nattrs; i++) {
    OAttr *a = &d->attrs[i];
    if (a->kind != AV_REF || a->ref->unit == unit || a->at == DW_AT_signature)
      continue;
    for (size_t k = 0; k < refs->len; k++)
      if (refs->data[k].target == a->ref && refs->data[k].stub) {
        a->ref = refs->data[k].stub;
        break;
      }
  }
  for (ODie *c = d->first; c; c = c->next)
    redirect_external(c, unit, refs);
}

/* A unit that refers to another unit's type more than once refers to a
   local stub (the type's tag and DW_AT_signature) instead: local
   references are smaller.  The stubs come in the order of GCC's table
   (RefTable above).  */
void type_units_add_stubs(ODie *unit) {
  ExternalRefs refs = {0};
  RefTable table;
  ref_table_init(&table, gcc_prime_at_least(10));
  count_external(unit, unit, &table, &refs);
  for (uint32_t i = 0; i < table.size; i++) {
    if (table.slots[i] < 0)
      continue;
    ExternalRef *r = &refs.data[table.slots[i]];
    if (r->count < 2)
      continue;
    ODie *stub = odie_new(r->target->tag, unit);
    add_ref(stub, DW_AT_signature, r->target);
    stub->unit = unit;
    r->stub = stub;
  }
  redirect_external(unit, unit, &refs);
  free(table.slots);
  vec_free(&refs);
}

TypeUnit *type_units_split(ODie *cu, bool prune_cu, const char *line_label) {
  TypeUnit *units = NULL;
  /* The unit's language, its name and version, repeated in each type
     unit as GCC does.  */
  OAttr *lang_attrs[3] = {odie_attr(cu, DW_AT_language),
                          odie_attr(cu, DW_AT_language_name),
                          odie_attr(cu, DW_AT_language_version)};
  /* Signatures first, over the unit as it is, then the moves.  */
  ODie *prev = NULL;
  for (ODie *d = cu->first, *next; d; d = next) {
    next = d->next;
    if (!should_move(d)) {
      prev = d;
      continue;
    }
    TypeUnit *tu = NEW(TypeUnit);
    compute_signature(d, tu->signature);
    unit_info(d)->signature = tu->signature;
    tu->type = d;
    tu->root = odie_new(DW_TAG_type_unit, NULL);
    for (int k = 0; k < 3; k++)
      if (lang_attrs[k])
        add_const(tu->root, lang_attrs[k]->at, (int64_t)lang_attrs[k]->value);
    add_attr(tu->root, DW_AT_stmt_list, AV_LABEL)->str = line_label;
    odie_unlink(cu, prev, d);
    odie_append(tu->root, d);
    tu->next = units; /* GCC writes the last one made first */
    units = tu;
  }
  set_unit(cu, cu);
  for (TypeUnit *tu = units; tu; tu = tu->next)
    set_unit(tu->root, tu->root);
  for (TypeUnit *tu = units; tu; tu = tu->next)
    copy_referenced(tu->root, tu->root);
  if (prune_cu) {
    prune_unit(cu);
    clear_marks(cu);
  }
  return units;
}
