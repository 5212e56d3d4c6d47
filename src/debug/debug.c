/* The model's own operations, for every producer: DIEs with ids, the
   unit's child list, and the marking and numbering that unused-type
   elimination ends with.  Nothing here knows where the DIEs come from
   (build.c fills the model from sema; a DWARF reader may fill it from
   an object file).  */
#include "debug.h"

DebugUnit *debug_unit_new(void) { return NEW(DebugUnit); }

/* --- The unit's child list --- */

void debug_append(DebugUnit *u, Die *d) {
  d->list_prev = u->last;
  d->list_next = NULL;
  if (u->last)
    u->last->list_next = d;
  else
    u->first = d;
  u->last = d;
  d->on_list = true;
}

void debug_insert_after(DebugUnit *u, Die *after, Die *d) {
  d->list_prev = after;
  d->list_next = after->list_next;
  if (after->list_next)
    after->list_next->list_prev = d;
  else
    u->last = d;
  after->list_next = d;
  d->on_list = true;
}

Die *debug_new_die(DebugUnit *u, DieKind kind, bool top_level) {
  Die *d = NEW(Die);
  d->kind = kind;
  d->id = u->ndies++;
  if (top_level)
    debug_append(u, d);
  return d;
}

/* --- Pruning (-feliminate-unused-debug-types) --- */

static void mark_chain(Die *a) {
  for (; a; a = a->annot)
    a->kept = true;
}

void debug_mark(Die *d) {
  while (d && !d->kept) {
    d->kept = true;
    mark_chain(d->annot);
    for (int i = 0; i < d->nmembers; i++) {
      debug_mark(d->members[i].type);
      mark_chain(d->members[i].annot);
    }
    for (int i = 0; i < d->nparams; i++) {
      debug_mark(d->params[i].type);
      mark_chain(d->params[i].annot);
    }
    debug_mark(d->specification);
    d = d->type;
  }
}

static void unlink_die(DebugUnit *u, Die *d) {
  if (d->list_prev)
    d->list_prev->list_next = d->list_next;
  else
    u->first = d->list_next;
  if (d->list_next)
    d->list_next->list_prev = d->list_prev;
  else
    u->last = d->list_prev;
  d->on_list = false;
}

/* One walk: the list is long and its DIEs are cold.  */
void debug_number(DebugUnit *u, bool keep_all) {
  uint32_t n = 0;
  u->dies.len = 0;
  for (Die *d = u->first, *next; d; d = next) {
    next = d->list_next;
    if (keep_all || (d->kind == DIE_BASE && !d->annot) ||
        d->kind == DIE_ANNOTATION)
      d->kept = true;
    if (d->kept) {
      d->order = n++;
      vec_push_perm(&u->dies, d);
    } else {
      unlink_die(u, d);
    }
  }
}

const char *debug_annot_name(AnnotKind kind) {
  return kind == ANNOT_TYPE_TAG ? "btf_type_tag" : "btf_decl_tag";
}

BitfieldUnit debug_bitfield_unit(const DieMember *dm) {
  int64_t unit = dm->type ? dm->type->size : 4;
  Die *t = dm->type;
  while (t && t->kind != DIE_BASE && t->kind != DIE_ENUM && t->type)
    t = t->type;
  if (t && t->size > 0)
    unit = t->size;
  int64_t ubits = unit * 8;
  int64_t start = dm->bit_offset / ubits * ubits;
  if (dm->bit_offset + dm->bit_size > start + ubits)
    start = dm->bit_offset / 8 * 8; /* straddles: GCC moves the unit */
  return (BitfieldUnit){unit, start};
}
