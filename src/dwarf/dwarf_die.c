/* DIE tree primitives.  */
#include "dwarf_die.h"

#include "dwarf_consts.h"

#include <string.h>

/* How many attributes a DIE with TAG can get at most (DW_AT_sibling
   included): DIEs are the bulk of the memory, so each gets just that.  */
static uint8_t attr_capacity(uint16_t tag) {
  switch (tag) {
  case DW_TAG_unspecified_parameters: return 1;
  case DW_TAG_enumerator: case DW_TAG_subrange_type:
  case DW_TAG_const_type: case DW_TAG_volatile_type:
  case DW_TAG_restrict_type: case DW_TAG_atomic_type: return 2;
  case DW_TAG_pointer_type: case DW_TAG_GNU_annotation: return 3;
  case DW_TAG_base_type: case DW_TAG_subroutine_type: return 4;
  case DW_TAG_array_type: return 5;
  case DW_TAG_typedef: case DW_TAG_formal_parameter: return 7;
  /* producer, language, language name and version, name, comp_dir,
     low_pc, high_pc or ranges, stmt_list */
  case DW_TAG_compile_unit: return 9;
  /* name, byte_size, alignment, decl_file/line/column, annotation,
     sibling (or name, declaration ...)  */
  case DW_TAG_structure_type: case DW_TAG_union_type: return 8;
  /* the same with encoding and type */
  case DW_TAG_enumeration_type: case DW_TAG_variable: return 9;
  /* external, name, decl_file/line/column, prototyped, type,
     declaration or low_pc, high_pc and frame_base, annotation, sibling */
  case DW_TAG_subprogram: return 12;
  default: return MAX_ATTRS;
  }
}

/* Arena memory is zeroed: the DIE and its attribute slots start empty.  */
static ODie *odie_alloc(uint16_t tag, uint8_t cap) {
  ODie *d = arena_alloc(perm, sizeof(ODie) + cap * sizeof(OAttr));
  d->tag = tag;
  d->cap = cap;
  return d;
}

ODie *odie_new(uint16_t tag, ODie *parent) {
  return odie_new_sized(tag, parent, attr_capacity(tag));
}

ODie *odie_new_sized(uint16_t tag, ODie *parent, uint8_t cap) {
  ODie *d = odie_alloc(tag, cap);
  if (parent)
    odie_append(parent, d);
  return d;
}

void odie_append(ODie *parent, ODie *child) {
  child->next = NULL;
  if (parent->last)
    parent->last->next = child;
  else
    parent->first = child;
  parent->last = child;
}

void odie_unlink(ODie *parent, ODie *prev, ODie *child) {
  if (prev)
    prev->next = child->next;
  else
    parent->first = child->next;
  if (parent->last == child)
    parent->last = prev;
  child->next = NULL;
}

ODie *odie_clone(const ODie *d) {
  ODie *c = odie_alloc(d->tag, d->cap);
  c->nattrs = d->nattrs;
  memcpy(c->attrs, d->attrs, d->nattrs * sizeof(OAttr));
  c->local = d->local;
  return c;
}

OAttr *odie_attr(ODie *d, uint16_t at) {
  for (int i = 0; i < d->nattrs; i++)
    if (d->attrs[i].at == at)
      return &d->attrs[i];
  return NULL;
}

OAttr *add_attr(ODie *d, uint16_t at, ValueKind kind) {
  if (d->nattrs >= d->cap)
    fatal("internal error: too many DWARF attributes on one DIE");
  OAttr *a = &d->attrs[d->nattrs++]; /* zeroed (odie_alloc) */
  a->at = at;
  a->kind = (uint8_t)kind;
  return a;
}

void add_const(ODie *d, uint16_t at, int64_t v) {
  OAttr *a = add_attr(d, at, v < 0 ? AV_SIGNED : AV_UNSIGNED);
  a->value = (uint64_t)v;
}

void add_uconst(ODie *d, uint16_t at, uint64_t v) {
  add_attr(d, at, AV_UNSIGNED)->value = v;
}

void add_string(ODie *d, uint16_t at, const char *s) {
  add_attr(d, at, AV_STRING)->str = s;
}

void add_flag(ODie *d, uint16_t at) { add_attr(d, at, AV_FLAG); }

OAttr *add_ref(ODie *d, uint16_t at, ODie *to) {
  if (!to)
    return NULL;
  OAttr *a = add_attr(d, at, AV_REF);
  a->ref = to;
  return a;
}
