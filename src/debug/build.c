/* Build the DIE graph of a translation unit in GCC's order.

   GCC creates DIEs at these moments, and so do we:
   - a file-scope typedef, or struct/union/enum definition: when declared;
   - a file-scope variable (also an extern declaration): when declared;
   - functions: after the whole unit, in symbol-table order (reverse of
     node creation: definitions as they were parsed, then the undefined
     functions the bodies call, in the order the bodies are analysed);
   - a type: the first time a DIE refers to it, appended to the unit
     after the referring DIE.  Qualifier DIEs are the exception: they go
     right after their base DIE's group (GCC's modified_type_die).
   Then, unless -fno-eliminate-unused-debug-types, GCC's pruning keeps
   only what variables, functions and base types reach.

   The declarations a precompiled header's state brought are the
   exception, when the only output is BTF pruned to what the unit uses
   (the BPF target's default): there the ids come from a walk from the
   unit's functions, variables and CO-RE roots (btf_gen.c), so the order
   in which DIEs are made does not matter, only what each says -- and a
   DIE says the same whenever it is made, but for one choice: the
   qualified variant a qualifier DIE is stacked on is the nearest that
   existed at the declaration event (nearest_subquals).  So when that
   choice is the same at every event for every type of the state, and
   the state has no btf tag (whose DECL_TAG records follow the order of
   the DIEs) and no typedef that makes a qualified type while being
   described, the header's typedefs and tags are not described at their
   events: their types get DIEs when a kept declaration reaches them
   (vmlinux.h: 7,300 DIEs made instead of 31,000 for a program using
   task_struct).  Anything else describes every declaration.

   This file is the one place that knows both sema's structures and the
   model: the model's DIEs point back into neither, and what the emitters
   need of a declaration (its section, its symbol, the size type) is
   recorded on them here.  */
#include "build.h"

#include "../parse/parse.h"
#include "../sema/decl.h"
#include "../sema/placement.h"
#include "../sema/tree_walk.h"
#include "../util/ptrmap.h"

#include <string.h>

/* What the builder knows of a type, by its id (sema's ids are dense).  */
typedef struct TypeDies {
  Die *die;  /* the type's DIE */
  Die *qual; /* an array type as declared: the qualifier DIEs over it */
  uint8_t user_aligned; /* struct/union main types: 0 not known, 1 no, 2 yes */
  bool reachable; /* from a declaration that can keep DIEs (pruning only) */
} TypeDies;

typedef struct Builder {
  DebugUnit *unit;
  const DebugBuildOptions *opts;
  uint32_t now;      /* order of the declaration event being described */
  uint32_t type_limit; /* the last type id that existed at that event:
                          GCC's nearest variant is one that existed */
  TypeDies *types;   /* by type id */
  size_t ntypes;
  VEC(const Type *) vm_types; /* variably modified types with a DIE: each
                                 function's parameters get their own */
  PtrMap definitions; /* Record -> its definition event (a DECL_TAG) */
  PtrMap entities;   /* first Decl of a variable or function -> its
                        VarEntity or FuncEntity */
  Die **annots;      /* annotation DIEs by (kind, value, rest): open */
  size_t annots_cap; /* addressing, a power of two (or 0) */
  size_t annots_len;
  PtrMap unbounded;  /* element type -> the DIE of arrays of it declared
                        `[]` (no index type) */
  bool pruning;      /* only reachable records need their members */
} Builder;

static Die *new_die(Builder *b, DieKind kind, bool top_level) {
  return debug_new_die(b->unit, kind, top_level);
}

/* --- What the builder knows of each type --- */

static TypeDies *type_slot(Builder *b, const Type *t) {
  if (t->id >= b->ntypes) {
    size_t n = b->ntypes ? b->ntypes : 1024;
    while (n <= t->id)
      n *= 2;
    b->types = xrealloc_zero_tail(b->types, b->ntypes * sizeof *b->types,
                                  n * sizeof *b->types);
    b->ntypes = n;
  }
  return &b->types[t->id];
}

/* T's DIE, or NULL when it has none yet.  */
static Die *type_die(const Builder *b, const Type *t) {
  return t->id < b->ntypes ? b->types[t->id].die : NULL;
}

/* A VLA type, or a pointer or array leading to one: GCC's types of
   such parameters are made afresh for each function.  */
static bool variably_modified(const Type *t) {
  for (; t; t = t->base) {
    if (t->kind == TY_ARRAY && (t->flags & TYF_VLA))
      return true;
    if (t->kind != TY_PTR && t->kind != TY_ARRAY)
      return false;
  }
  return false;
}

static void set_type_die(Builder *b, const Type *t, Die *d) {
  type_slot(b, t)->die = d;
  if (d && variably_modified(t))
    vec_push(&b->vm_types, t);
}

/* A new function: the variably modified types described so far are
   another function's.  */
static void forget_vm_types(Builder *b) {
  for (size_t i = 0; i < b->vm_types.len; i++)
    type_slot(b, b->vm_types.data[i])->die = NULL;
  b->vm_types.len = 0;
}

/* --- Annotations --- */

/* The slot of the annotation DIE (KIND, VALUE, REST) in the builder's
   table: the DIE, or an empty slot where it goes.  Values are compared
   by pointer, as the tags carry them.  */
static Die **annotation_slot(Builder *b, AnnotKind kind, const char *value,
                             const Die *rest) {
  uint64_t h = (uint64_t)(uintptr_t)value * 0x9e3779b97f4a7c15ull ^
               ((uint64_t)(uintptr_t)rest + (uint64_t)kind) * 0xc2b2ae3d27d4eb4full;
  size_t mask = b->annots_cap - 1;
  for (size_t i = (size_t)(h >> 32) & mask;; i = (i + 1) & mask) {
    Die *a = b->annots[i];
    if (!a || (a->annot_kind == kind && a->annot_value == value && a->annot == rest))
      return &b->annots[i];
  }
}

static void grow_annotations(Builder *b) {
  Die **old = b->annots;
  size_t old_cap = b->annots_cap;
  b->annots_cap = old_cap ? old_cap * 2 : 64;
  b->annots = xcalloc(b->annots_cap, sizeof *b->annots);
  for (size_t i = 0; i < old_cap; i++)
    if (old[i])
      *annotation_slot(b, old[i]->annot_kind, old[i]->annot_value,
                       old[i]->annot) = old[i];
  free(old);
}

/* The annotation DIE chain for TAGS (GCC order), shared when an equal
   chain (name, value, rest) exists.  */
static Die *annotation_chain(Builder *b, AnnotKind kind, BtfTag *tags) {
  if (!tags)
    return NULL;
  Die *rest = annotation_chain(b, kind, tags->next);
  if (2 * (b->annots_len + 1) > b->annots_cap)
    grow_annotations(b);
  Die **slot = annotation_slot(b, kind, tags->value, rest);
  if (*slot)
    return *slot;
  Die *a = new_die(b, DIE_ANNOTATION, true);
  a->annot_kind = kind;
  a->annot_value = tags->value;
  a->annot_loc = tags->loc;
  a->annot = rest;
  *slot = a;
  b->annots_len++;
  return a;
}

/* --- Types --- */

static Die *die_for_type(Builder *b, Type *t);
static Die *die_for_decl_type(Builder *b, Type *t);
static Die *declared_type_die(Builder *b, Type *type);

static bool type_is_local(Type *t) {
  switch (t->kind) {
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    return t->u.rec->scope_depth > 0;
  case TY_TYPEDEF:
    return !t->u.tdef->file_scope;
  default:
    return false;
  }
}

static uint8_t base_encoding(Type *t, const DebugBuildOptions *o) {
  switch (t->kind) {
  case TY_BOOL:
    return ATE_BOOLEAN;
  case TY_CHAR:
    return o->signed_char ? ATE_SIGNED_CHAR : ATE_UNSIGNED_CHAR;
  case TY_SCHAR:
    return ATE_SIGNED_CHAR;
  case TY_UCHAR:
    return ATE_UNSIGNED_CHAR;
  case TY_SHORT: case TY_INT: case TY_LONG: case TY_LLONG: case TY_INT128:
    return ATE_SIGNED;
  case TY_USHORT: case TY_UINT: case TY_ULONG: case TY_ULLONG:
  case TY_UINT128:
    return ATE_UNSIGNED;
  case TY_BITINT:
    return t->flags & TYF_UNSIGNED ? ATE_UNSIGNED : ATE_SIGNED;
  case TY_DECIMAL32: case TY_DECIMAL64: case TY_DECIMAL128:
    return ATE_DECIMAL_FLOAT;
  default:
    return ATE_FLOAT;
  }
}

/* A base-type DIE for kind K (shared per kind: GCC has one DIE per base
   type node).  */
static Die *base_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_BASE, true);
  d->name = type_basic_name(t);
  d->size = t->size;
  d->encoding = base_encoding(t, b->opts);
  if (t->kind == TY_BITINT)
    d->base_bits = t->u.bitint.width;
  return d;
}

static Die *complex_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_BASE, true);
  Type *c = type_canon(t->base);
  Buf name = {0};
  buf_printf(&name, "complex %s", type_base_name((TypeKind)c->kind));
  d->name = arena_strndup(perm, name.data, name.len);
  buf_free(&name);
  d->size = type_size(t);
  d->encoding = type_is_integer(c) ? 0x80 /* GCC's lo_user complex int */
                                   : ATE_COMPLEX_FLOAT;
  return d;
}

/* The qualifier DIE kinds in GCC's dwarf_qual_info order.  */
static const struct {
  unsigned q;
  DieKind kind;
} qual_info[] = {
    {Q_CONST, DIE_CONST},
    {Q_VOLATILE, DIE_VOLATILE},
    {Q_RESTRICT, DIE_RESTRICT},
    {Q_ATOMIC, DIE_ATOMIC},
};

static unsigned popcount(unsigned v) {
  unsigned n = 0;
  for (; v; v &= v - 1)
    n++;
  return n;
}

/* The variant of T with the most of QUALS (a strict subset) among
   those made up to type id LIMIT, as GCC's
   get_nearest_type_subqualifiers picks it.  Ties go to the first in the
   variant list, whose order only grows: so the answer only moves one
   way as LIMIT grows, and the same answer at two limits is the answer
   at every limit between.  */
static unsigned nearest_subquals_upto(Type *t, unsigned quals, uint32_t limit) {
  Type *m = t->main;
  unsigned best = 0, best_n = 0;
  for (Type *v = m; v; v = v == m ? m->next_variant : v->next_variant) {
    if (v->id > limit)
      continue; /* made by a later declaration */
    if (v->tags != t->tags || v->align != t->align ||
        (v->flags & TYF_USER_ALIGN) != (t->flags & TYF_USER_ALIGN))
      continue;
    unsigned q = v->quals;
    if ((q & ~quals) || q == quals)
      continue;
    if (popcount(q) > best_n) {
      best = q;
      best_n = popcount(q);
    }
  }
  return best;
}

/* The same, among the variants that existed at the event described.  */
static unsigned nearest_subquals(const Builder *b, Type *t, unsigned quals) {
  return nearest_subquals_upto(t, quals, b->type_limit);
}

/* If D is a qualifier DIE, the DIE it ultimately qualifies (through
   other qualifier DIEs), else NULL.  */
static Die *qualified_base(Die *d) {
  if (!d)
    return NULL;
  if (d->kind != DIE_CONST && d->kind != DIE_VOLATILE &&
      d->kind != DIE_RESTRICT && d->kind != DIE_ATOMIC)
    return NULL;
  while (d && (d->kind == DIE_CONST || d->kind == DIE_VOLATILE ||
               d->kind == DIE_RESTRICT || d->kind == DIE_ATOMIC))
    d = d->type;
  return d;
}

/* Qualifier DIEs adding ADD to MOD (which already has HAVE), in GCC's
   order (const, volatile, restrict, atomic), reusing or placing them
   right after MOD's group of qualifier DIEs when MOD is top-level.  */
static Die *qualify(Builder *b, Die *mod, unsigned have, unsigned add,
                    bool local) {
  Die *first = NULL, *last = NULL;
  if (!local && mod && mod->on_list) {
    first = qualified_base(mod);
    if (!first || !first->on_list)
      first = mod;
    last = first;
    while (last->list_next && qualified_base(last->list_next) == first)
      last = last->list_next;
  }
  for (size_t i = 0; i < ARRAY_LEN(qual_info); i++) {
    if (!(qual_info[i].q & add))
      continue;
    unsigned want = have | qual_info[i].q;
    Die *found = NULL;
    if (first && first != last) {
      for (Die *d = first->list_next;; d = d->list_next) {
        if (d->type == mod && d->kind == qual_info[i].kind) {
          found = d;
          break;
        }
        if (d == last)
          break;
      }
    }
    if (found) {
      mod = found;
      have = want;
      continue;
    }
    Die *d = new_die(b, qual_info[i].kind, false);
    if (first) {
      debug_insert_after(b->unit, last, d);
      last = d;
    } else if (!local) {
      debug_append(b->unit, d);
    }
    d->type = mod;
    mod = d;
    have = want;
  }
  return mod;
}

/* Qualifier DIEs for T (t->quals != 0) over the nearest less-qualified
   variant.  */
static Die *qualified_die(Builder *b, Type *t) {
  unsigned sub = nearest_subquals(b, t, t->quals);
  Type *subt = NULL;
  for (Type *v = t->main; v; v = v == t->main ? t->main->next_variant : v->next_variant)
    if (v->quals == sub && v->tags == t->tags && v->align == t->align &&
        (v->flags & TYF_USER_ALIGN) == (t->flags & TYF_USER_ALIGN)) {
      subt = v;
      break;
    }
  if (!subt) {
    subt = type_unqualified(t);
    sub = 0;
  }
  Die *mod = die_for_type(b, subt);
  return qualify(b, mod, sub, t->quals & ~sub, type_is_local(t->main));
}

typedef VEC(int64_t) DimVec;

/* Element counts of nested arrays collapsed into one DIE, outer first.  */
static Type *collect_dims(Type *t, DimVec *dims, unsigned *typedef_quals) {
  Type *c = t;
  *typedef_quals = 0;
  for (;;) {
    if (c->kind == TY_ARRAY && !c->quals && !c->tags) {
      vec_push(dims, (c->flags & TYF_VLA) ? -1 : c->u.array.len);
      c = c->base;
      continue;
    }
    /* An element type that is a typedef of an array is an array to GCC
       too (a named variant of it): its dimensions join the outer ones
       and the typedef goes unnamed; a qualified one qualifies the
       elements (TYPEDEF_QUALS).  */
    if (c != t && c->kind == TY_TYPEDEF && !c->tags &&
        c->base->kind == TY_ARRAY && !c->base->quals && !c->base->tags) {
      *typedef_quals |= c->quals;
      c = c->base;
      continue;
    }
    return c;
  }
}

/* --- Alignment: DW_AT_alignment where GCC sets TYPE_USER_ALIGN or
   DECL_USER_ALIGN --- */

static bool record_user_aligned(Builder *b, Type *t);

/* An aligned attribute on the type or on a typedef it goes through, an
   array of such elements, or a struct or union with a user-aligned
   member.  Enums never count (GCC gives them no DW_AT_alignment, nor
   to members of their type).  */
static bool type_user_aligned(Builder *b, Type *t) {
  for (;;) {
    if (t->flags & TYF_USER_ALIGN)
      return true;
    if (t->kind == TY_TYPEDEF || t->kind == TY_ARRAY)
      t = t->base;
    else if (t->kind == TY_STRUCT || t->kind == TY_UNION)
      return record_user_aligned(b, t);
    else
      return false;
  }
}

/* The struct or union type T's record: remembered per main type (the
   record is complete by now), or nested records would be walked again
   for every use.  */
static bool record_user_aligned(Builder *b, Type *t) {
  Record *r = t->u.rec;
  uint8_t memo = type_slot(b, t->main)->user_aligned;
  if (memo)
    return memo == 2;
  bool aligned = r->user_align != 0;
  for (int i = 0; i < r->nmembers && !aligned; i++)
    aligned = r->members[i].user_align || type_user_aligned(b, r->members[i].type);
  type_slot(b, t->main)->user_aligned = aligned ? 2 : 1;
  return aligned;
}

/* A member's DW_AT_alignment (its DECL_ALIGN), or 0.  */
static uint32_t member_user_align(Builder *b, Record *r, Member *m) {
  if (!m->user_align && !type_user_aligned(b, m->type))
    return 0;
  uint32_t a = type_align(m->type);
  if (m->user_align)
    a = (r->packed || m->packed) ? m->user_align
                                 : a > m->user_align ? a : m->user_align;
  return a;
}

/* GCC's gen_type_die, which runs before the DIE of a variable, member,
   parameter or function (for its return type) is made: the DIEs of the
   declared type that are not made on reference.  Through pointers and
   qualifiers, it makes array and function type DIEs, typedefs, and
   struct, union and enum DIEs (declarations of incomplete ones); base,
   pointer and qualifier DIEs wait for the reference.  */
static void make_type_first(Builder *b, Type *t) {
  while (t && !type_die(b, t)) {
    switch (t->kind) {
    case TY_PTR:
      t = t->base;
      continue;
    case TY_TYPEDEF:
    case TY_STRUCT:
    case TY_UNION:
    case TY_ENUM:
    case TY_NULLPTR: /* GCC makes its unspecified type at once */
      die_for_type(b, t->main);
      return;
    case TY_ARRAY:
    case TY_VECTOR:
      /* A tagged array is a DIE of its own, made first too (GCC).  */
      if (t->quals) {
        t = t->main;
        continue;
      }
      die_for_type(b, t);
      return;
    case TY_FUNC:
      if (t != t->main) {
        t = t->main;
        continue;
      }
      make_type_first(b, t->base);
      die_for_type(b, t);
      return;
    default:
      return;
    }
  }
}

static void complete_record(Builder *b, Die *d, Type *t);

/* A file-scope struct, union or enum referred to before its definition
   event: GCC makes a declaration DIE then, and completes that DIE in
   place at the definition (so the DIEs of its members' types come
   after what was declared in between).  */
static bool defined_later(Builder *b, Record *r) {
  Decl *def = ptrmap_get(&b->definitions, r);
  return def && def->order > b->now;
}

static Die *record_die(Builder *b, Type *t) {
  Record *r = t->u.rec;
  DieKind k = t->kind == TY_STRUCT ? DIE_STRUCT
            : t->kind == TY_UNION  ? DIE_UNION
                                   : DIE_ENUM;
  Die *d = new_die(b, k, !type_is_local(t));
  set_type_die(b, t, d);
  d->name = r->name ? r->name->name : NULL;
  d->loc = r->def_loc.file ? r->def_loc : r->loc;
  if (t->tags)
    d->annot = annotation_chain(b, ANNOT_TYPE_TAG, t->tags);
  if (!r->complete || defined_later(b, r)) {
    d->declaration = true;
    d->pending = r->complete;
    return d;
  }
  complete_record(b, d, t);
  return d;
}

/* The base type an enum's DW_AT_type names: GCC names the first standard
   integer type of the underlying type's width and signedness, in the order
   int, char, short, long, long long, __int128 -- so a fixed `long long`
   shows as long int, `char` as signed char, `bool` as unsigned char.  */
static Type *enum_base_type(Type *u) {
  u = type_canon(u);
  bool uns = !type_is_signed(u);
  Type *order[] = {uns ? ty_uint : ty_int,     uns ? ty_uchar : ty_schar,
                   uns ? ty_ushort : ty_short, uns ? ty_ulong : ty_long,
                   uns ? ty_ullong : ty_llong, uns ? ty_uint128 : ty_int128};
  for (size_t i = 0; i < ARRAY_LEN(order); i++)
    if (type_size(order[i]) == type_size(u))
      return order[i];
  return u;
}

/* The definition's part of a record DIE: size, enumerators, members.  */
static void complete_record(Builder *b, Die *d, Type *t) {
  Record *r = t->u.rec;
  DieKind k = d->kind;
  d->declaration = false;
  d->pending = false;
  d->size = r->size;
  if (k != DIE_ENUM && record_user_aligned(b, t))
    d->user_align = r->align;
  /* A record no kept DIE can reach is pruned: its DIE still takes its
     place, and its members' types theirs, but it needs no lists.  */
  bool lists = !b->pruning || type_slot(b, t->main)->reachable;
  if (k == DIE_ENUM) {
    d->nenums = lists ? r->nenums : 0;
    d->enums = lists ? NEW_ARRAY(DieEnumerator, r->nenums > 0 ? r->nenums : 1) : NULL;
    for (int i = 0; i < d->nenums; i++) {
      d->enums[i].name = r->enums[i].name->name;
      d->enums[i].value = r->enums[i].value;
    }
    bool is_signed = r->enum_int && !(r->enum_int->flags & TYF_UNSIGNED);
    d->encoding = is_signed ? ATE_SIGNED : ATE_UNSIGNED;
    /* DWARF 5 gives enums a DW_AT_type: the underlying base type DIE is
       created after the enum's.  */
    Type *base = r->enum_int ? enum_base_type(r->enum_int) : NULL;
    if (base)
      d->type = die_for_type(b, base);
    return;
  }
  /* Unnamed bit-fields are padding: DWARF has no member for them.  */
  d->members = lists ? NEW_ARRAY(DieMember, r->nmembers > 0 ? r->nmembers : 1) : NULL;
  for (int i = 0; i < r->nmembers; i++) {
    Member *m = &r->members[i];
    if (!m->name && m->is_bitfield)
      continue;
    DieMember unlisted = {0};
    DieMember *dm = lists ? &d->members[d->nmembers++] : &unlisted;
    dm->name = m->name ? m->name->name : NULL;
    dm->bit_offset = m->bit_offset;
    dm->bit_size = m->is_bitfield ? m->bit_width : 0;
    dm->loc = m->loc;
    dm->user_align = member_user_align(b, r, m);
    make_type_first(b, m->type);
    dm->type = die_for_decl_type(b, m->type);
    if (!m->name && dm->type && (dm->type->kind == DIE_STRUCT || dm->type->kind == DIE_UNION) &&
        !dm->type->name)
      dm->type->anon_member = true;
    if (m->decl_tags)
      dm->annot = annotation_chain(b, ANNOT_DECL_TAG, m->decl_tags);
  }
}

/* A fresh list: A's tags, then B's.  */
static BtfTag *tags_concat(BtfTag *a, BtfTag *b) {
  if (!a)
    return b;
  BtfTag *head = NULL, **tail = &head;
  for (; a; a = a->next) {
    BtfTag *c = NEW(BtfTag);
    *c = *a;
    c->next = NULL;
    *tail = c;
    tail = &c->next;
  }
  *tail = b;
  return head;
}

static Die *array_die_of(Builder *b, Type *t, Type *shape);

/* The DIE of a tagged variant of a non-qualified type.  */
static Die *tagged_die(Builder *b, Type *t) {
  Type *plain = t->main;
  if (t->kind == TY_TYPEDEF || t->kind == TY_STRUCT || t->kind == TY_UNION ||
      t->kind == TY_ENUM || t->kind == TY_PTR || t->kind == TY_ARRAY ||
      t->kind == TY_FUNC || t->kind == TY_VECTOR || t->kind == TY_COMPLEX) {
    /* A copy of the type's DIE carrying the annotation.  */
    Die *d;
    if (t->kind == TY_PTR) {
      d = new_die(b, DIE_POINTER, true);
      set_type_die(b, t, d);
      d->size = 8;
      d->type = die_for_type(b, t->base);
    } else if (t->kind == TY_ARRAY) {
      /* Made as a plain array is, before its element (GCC's order).  */
      d = array_die_of(b, t, plain);
    } else if (t->kind == TY_TYPEDEF) {
      d = new_die(b, DIE_TYPEDEF, !type_is_local(plain));
      set_type_die(b, t, d);
      d->name = t->u.tdef->name->name;
      d->loc = t->u.tdef->loc;
      if (type_user_aligned(b, t))
        d->user_align = type_align(t);
      d->type = die_for_type(b, t->base);
      /* GCC's attribute list for the tagged use is the new tags in front
         of those of the type the typedef names, so the clone's chain
         continues with those (dwarf-btf-type-tag-7).  */
      d->annot = annotation_chain(b, ANNOT_TYPE_TAG,
                                  tags_concat(t->tags, t->base->tags));
      return d;
    } else {
      Die *base = die_for_type(b, plain);
      /* The copy needs the definition now.  */
      if (base && base->pending)
        complete_record(b, base, plain);
      d = new_die(b, base ? base->kind : DIE_BASE, true);
      set_type_die(b, t, d);
      if (base) {
        Die *keep_next = d->list_next, *keep_prev = d->list_prev;
        uint32_t id = d->id;
        *d = *base;
        d->id = id;
        d->list_next = keep_next;
        d->list_prev = keep_prev;
        d->on_list = true;
      }
    }
    d->annot = annotation_chain(b, ANNOT_TYPE_TAG, t->tags);
    return d;
  }
  Die *d = base_die(b, t);
  set_type_die(b, t, d);
  d->annot = annotation_chain(b, ANNOT_TYPE_TAG, t->tags);
  return d;
}

/* --- DIEs of main types, one function per kind.  Each registers its
   DIE before making the DIEs it refers to (a pointer may lead back). --- */

static Die *pointer_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_POINTER, true);
  set_type_die(b, t, d);
  d->size = 8;
  d->type = die_for_type(b, t->base);
  return d;
}

static bool is_unbounded_array(const Type *type);

static Die *typedef_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_TYPEDEF, !type_is_local(t));
  set_type_die(b, t, d);
  d->name = t->u.tdef->name->name;
  d->loc = t->u.tdef->loc;
  if (type_user_aligned(b, t))
    d->user_align = type_align(t);
  /* A typedef names the array itself: the qualifiers of its elements
     go over the typedef where it is used (die_for_decl_type).  */
  Type *base = t->base;
  d->type = base->kind == TY_ARRAY && !base->tags && !is_unbounded_array(base)
                ? die_for_type(b, base)
                : declared_type_die(b, base);
  if (t->u.tdef->decl_tags)
    d->annot = annotation_chain(b, ANNOT_DECL_TAG, t->u.tdef->decl_tags);
  return d;
}

static Die *array_die(Builder *b, Type *t) { return array_die_of(b, t, t); }

/* The array DIE of type T, whose dimensions and element are those of
   SHAPE (T itself, or the untagged array T is a tagged variant of).  */
static Die *array_die_of(Builder *b, Type *t, Type *shape) {
  Die *d = new_die(b, DIE_ARRAY, true);
  set_type_die(b, t, d);
  if (type_user_aligned(b, t))
    d->user_align = type_align(t);
  DimVec dims = {0};
  unsigned typedef_quals;
  Type *elem = collect_dims(shape, &dims, &typedef_quals);
  for (Type *c = shape; c != elem; c = c->base)
    if (c->kind == TY_ARRAY && (c->flags & TYF_VLA))
      d->variable_length = true;
  d->ndims = (int)dims.len;
  d->dims = NEW_ARRAY(int64_t, dims.len);
  memcpy(d->dims, dims.data, dims.len * sizeof(int64_t));
  vec_free(&dims);
  /* GCC creates the subrange index type (sizetype) before the element
     type.  */
  d->index_type = die_for_type(b, ty_ulong);
  /* Elements qualified through a typedef keep the qualifiers (as well
     as the array above them, die_for_decl_type): GCC's element type is
     the qualified variant.  */
  if (typedef_quals)
    elem = type_qualified(elem, typedef_quals);
  d->type = die_for_type(b, elem);
  return d;
}

static Die *vector_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_VECTOR, true);
  set_type_die(b, t, d);
  d->size = t->size;
  d->ndims = 1;
  d->dims = NEW_ARRAY(int64_t, 1);
  d->dims[0] = t->u.array.len;
  /* GCC's subrange of a vector has bounds but no type: no index type
     DIE is made for it (so none takes a place in the unit's order).  */
  d->index_type = NULL;
  d->type = die_for_type(b, t->base);
  return d;
}

/* A function type's return type: a qualified one (directly or through
   typedefs) is replaced by its unqualified main type, as GCC's front end
   does (C17 6.7.6.3p5: the function returns the unqualified type).  */
static Type *return_type(Type *fn) {
  Type *r = fn->base;
  return type_all_quals(r) ? type_unqualified(type_canon(r)) : r;
}

static Die *function_type_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_SUBROUTINE, true);
  set_type_die(b, t, d);
  d->prototyped = !(t->flags & TYF_OLDSTYLE);
  /* GCC ends the parameters of an unprototyped function type, as of a
     variadic one, with DW_TAG_unspecified_parameters.  */
  d->variadic = (t->flags & (TYF_VARIADIC | TYF_OLDSTYLE)) != 0;
  d->type = die_for_type(b, return_type(t));
  d->nparams = t->u.func.nparams;
  d->params = NEW_ARRAY(DieParam, d->nparams > 0 ? d->nparams : 1);
  for (int i = 0; i < d->nparams; i++)
    d->params[i].type = die_for_type(b, t->u.func.params[i].type);
  return d;
}

/* The DIE of a main type (unqualified, untagged).  */
static Die *main_type_die(Builder *b, Type *t) {
  switch (t->kind) {
  case TY_PTR:
    return pointer_die(b, t);
  case TY_TYPEDEF:
    return typedef_die(b, t);
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    return record_die(b, t);
  case TY_ARRAY:
    return array_die(b, t);
  case TY_VECTOR:
    return vector_die(b, t);
  case TY_FUNC:
    return function_type_die(b, t);
  case TY_COMPLEX:
    return complex_die(b, t);
  case TY_NULLPTR: {
    Die *d = new_die(b, DIE_UNSPECIFIED, true);
    d->name = "typeof (nullptr)"; /* GCC's name */
    return d;
  }
  default: {
    Die *d = base_die(b, t);
    if (t->kind == TY_ULONG && !b->unit->sizetype)
      b->unit->sizetype = d;
    return d;
  }
  }
}

/* T's DIE, made (with the DIEs it refers to) the first time.  */
static Die *die_for_type(Builder *b, Type *t) {
  if (!t)
    return NULL;
  Die *known = type_die(b, t);
  if (known)
    return known;
  if (t->kind == TY_VOID && !t->quals && !t->tags)
    return NULL;
  Die *d;
  if (t->quals)
    d = qualified_die(b, t);
  else if (t->tags && t != t->main)
    d = tagged_die(b, t);
  else if (t != t->main)
    /* A variant that differs only in alignment or flags: GCC gives
       typedef variants their own DIE; others share the main's.  */
    d = die_for_type(b, t->main);
  else
    d = main_type_die(b, t);
  set_type_die(b, t, d);
  return d;
}

/* The DIE for the declared type T of a variable, member or typedef.  An
   array of qualified elements declared so is itself qualified in GCC
   (its quals come from the declaration's specifiers): qualifier DIEs sit
   above the array DIE.  Behind a pointer the array is unqualified.  A
   qualified typedef name of an array type is, as in GCC 16, the
   qualifiers over the typedef (GCC 12 put them over the array).  */
static Die *die_for_decl_type(Builder *b, Type *t) {
  /* A typedef name of an array of qualified elements: the elements'
     qualifiers over the typedef (GCC).  */
  if (t->kind == TY_TYPEDEF && !t->tags) {
    Type *elem = type_canon(t);
    if (elem->kind == TY_ARRAY) {
      while (elem->kind == TY_ARRAY && !elem->tags)
        elem = elem->base;
      unsigned q = type_all_quals(elem) & ~t->quals;
      if (q)
        return die_for_type(b, type_qualified(t, q));
    }
  }
  Die *d = die_for_type(b, t);
  if (t->kind != TY_ARRAY || t->tags)
    return d;
  if (type_slot(b, t)->qual)
    return type_slot(b, t)->qual;
  Type *elem = t;
  while (elem->kind == TY_ARRAY && !elem->tags)
    elem = elem->base;
  unsigned q = type_all_quals(elem);
  if (!q)
    return d;
  Die *qd = qualify(b, d, 0, q, false);
  return type_slot(b, t)->qual = qd;
}

/* --- Declarations --- */

/* GCC's section category for a defined variable (sema/placement.c).  */
static SectionCategory var_section(Decl *d, const char **named) {
  switch (decl_data_placement(d, named)) {
  case PLACE_BSS: return SECCAT_BSS;
  case PLACE_DATA: return SECCAT_DATA;
  case PLACE_RODATA: return SECCAT_RODATA;
  case PLACE_NAMED: return SECCAT_NAMED;
  default: return SECCAT_NONE;
  }
}

/* Whether this declaration of a variable defines it (tentatively or
   not), as opposed to declaring it extern.  */
static bool declaration_defines(const Decl *d) {
  return d->sc != SC_EXTERN || d->has_init;
}

/* The type DIE of a variable or typedef declared with TYPE.  GCC gives
   an array declared `[]` there no index type at all (no subrange type,
   BTF index type 0), unlike a flexible array member, whose index type
   starts at 0: one DIE per element type.  */
static bool is_unbounded_array(const Type *type) {
  return type->kind == TY_ARRAY && type->u.array.len == -1 && !type->quals &&
         !type->tags && !(type->flags & TYF_VLA);
}

static Die *declared_type_die(Builder *b, Type *type) {
  if (!is_unbounded_array(type))
    return die_for_decl_type(b, type);
  Die *known = ptrmap_get(&b->unbounded, type->base);
  if (known)
    return known;
  Die *d = new_die(b, DIE_ARRAY, true); /* before its element, as GCC */
  d->ndims = 1;
  d->dims = NEW_ARRAY(int64_t, 1);
  d->dims[0] = -1;
  ptrmap_put(&b->unbounded, type->base, d);
  d->type = die_for_decl_type(b, type->base);
  return d;
}

static Die *variable_die(Builder *b, Decl *d) {
  Type *type = d->type_as_declared ? d->type_as_declared : d->type;
  if (is_unbounded_array(type))
    declared_type_die(b, type); /* before the variable, like other types */
  else
    make_type_first(b, type);
  Die *v = new_die(b, DIE_VARIABLE, true);
  /* An aligned attribute on the variable makes an aligned variant of
     its declared type (not of a typedef it names).  */
  if (d->type->flags & TYF_USER_ALIGN)
    v->user_align = d->type->align;
  v->name = d->name->name;
  v->loc = d->loc;
  v->external = d->sc != SC_STATIC;
  v->declaration = !declaration_defines(d);
  v->type = declared_type_die(b, type);
  if (d->tags_so_far)
    v->annot = annotation_chain(b, ANNOT_DECL_TAG, d->tags_so_far);
  return v;
}

/* A definition of a variable first declared extern: as in GCC, a DIE of
   its own that names the declaration's DIE (DW_AT_specification) and
   carries the tags merged so far; the declaration keeps its own.  */
static Die *variable_definition_die(Builder *b, Decl *d, Die *decl_die) {
  if (is_unbounded_array(d->type))
    declared_type_die(b, d->type);
  else
    make_type_first(b, d->type);
  Die *v = new_die(b, DIE_VARIABLE, true);
  if (d->type->flags & TYF_USER_ALIGN)
    v->user_align = d->type->align;
  v->name = decl_die->name;
  v->loc = d->loc;
  v->external = decl_die->external;
  v->specification = decl_die;
  decl_die->has_definition = true;
  v->type = declared_type_die(b, d->type);
  if (d->tags_so_far)
    v->annot = annotation_chain(b, ANNOT_DECL_TAG, d->tags_so_far);
  return v;
}

static Die *subprogram_die(Builder *b, Decl *d) {
  forget_vm_types(b);
  make_type_first(b, return_type(type_canon(d->type)));
  Die *f = new_die(b, DIE_SUBPROGRAM, true);
  Decl *def = d;
  f->name = d->name->name;
  f->loc = d->loc;
  f->external = d->sc != SC_STATIC;
  f->is_extern = !d->first->defined;
  f->declaration = f->is_extern;
  Type *ft = type_canon(d->type);
  f->prototyped = !(ft->flags & TYF_OLDSTYLE);
  /* So does an unprototyped declaration, but not a definition (whose
     parameters are known).  */
  f->variadic = (ft->flags & TYF_VARIADIC) != 0 ||
                ((ft->flags & TYF_OLDSTYLE) && f->is_extern);
  f->section = d->first->section;
  f->type = die_for_type(b, return_type(ft));
  int n = ft->u.func.nparams;
  bool named = def->defined && def->def_params && def->n_def_params == n;
  if (def->defined && def->def_params && (ft->flags & TYF_OLDSTYLE))
    n = def->n_def_params, named = true;
  f->nparams = n;
  f->params = NEW_ARRAY(DieParam, n > 0 ? n : 1);
  for (int i = 0; i < n; i++) {
    Param *prm = named ? &def->def_params[i] : &ft->u.func.params[i];
    if (named)
      make_type_first(b, prm->type);
    f->params[i].type = die_for_type(b, prm->type);
    if (named) {
      f->params[i].name = prm->name ? prm->name->name : NULL;
      f->params[i].loc = prm->loc;
      if (prm->decl_tags)
        f->params[i].annot = annotation_chain(b, ANNOT_DECL_TAG, prm->decl_tags);
    }
  }
  /* Locals and types the body uses: their DIEs come after the function's
     own (children of the subprogram in DWARF).  */
  for (int i = 0; i < def->n_locals; i++)
    if (def->locals[i]->sc != SC_STATIC && def->locals[i]->sc != SC_EXTERN) {
      make_type_first(b, def->locals[i]->type);
      die_for_type(b, def->locals[i]->type);
    }
  for (int i = 0; i < def->n_used_types; i++)
    die_for_type(b, def->used_types[i]);
  if (d->first->decl_tags)
    f->annot = annotation_chain(b, ANNOT_DECL_TAG, d->first->decl_tags);
  return f;
}

/* --- The unit's entities --- */

/* A file-scope variable: its DIE, and the declaration the DIE describes
   (the defining one once there is one: its section).  */
typedef struct VarEntity {
  Decl *first;
  Decl *decl;
  Die *die;
  uint32_t defined_at; /* the order of its first defining declaration
                          among the unit's (0: none yet) */
} VarEntity;

/* A function: its file-scope declarations in order.  */
typedef struct FuncEntity {
  Decl *first;
  VEC(Decl *) decls;
  bool inline_declared; /* one of them says inline */
  bool kept;            /* GCC outputs it (find_reachable) */
} FuncEntity;

typedef VEC(Decl *) DeclVec;

typedef struct Entities {
  VEC(VarEntity *) vars;   /* in order of first declaration */
  VEC(FuncEntity *) funcs;
  uint32_t definitions;    /* variables defined so far */
} Entities;

/* A variable's declaration event: its first makes the DIE; a definition
   after an extern declaration makes a second DIE naming the first; other
   redeclarations update the entity's DIE.  */
static void describe_variable(Builder *b, Entities *ents, Decl *d) {
  Decl *f = d->first;
  VarEntity *e = ptrmap_get(&b->entities, f);
  if (e && !e->defined_at && declaration_defines(d))
    e->defined_at = ++ents->definitions;
  if (!e) {
    e = NEW(VarEntity);
    e->first = f;
    e->decl = d;
    e->die = variable_die(b, d);
    if (declaration_defines(d))
      e->defined_at = ++ents->definitions;
    ptrmap_put(&b->entities, f, e);
    vec_push(&ents->vars, e);
    return;
  }
  if (e->die->declaration && declaration_defines(d)) {
    e->decl = d;
    e->die = variable_definition_die(b, d, e->die);
    return;
  }
  /* A redeclaration: the entity's DIE describes the latest one, but
     keeps describing the defining declaration (its section).  */
  Die *v = e->die;
  if (declaration_defines(d) || !declaration_defines(e->decl))
    e->decl = d;
  v->type = declared_type_die(b, d->type);
  if (d->defined)
    v->declaration = false;
  if (d->tags_so_far)
    v->annot = annotation_chain(b, ANNOT_DECL_TAG, d->tags_so_far);
}

/* A function's declaration event: functions are described at the end of
   the unit; here they are only collected.  */
static void note_function(Builder *b, Entities *ents, Decl *d) {
  FuncEntity *e = ptrmap_get(&b->entities, d->first);
  if (!e) {
    e = NEW(FuncEntity);
    e->first = d->first;
    ptrmap_put(&b->entities, d->first, e);
    vec_push(&ents->funcs, e);
  }
  vec_push(&e->decls, d);
  if (d->defined)
    d->first->defined = true;
  if (d->is_inline)
    e->inline_declared = true;
}

/* --- A precompiled header's declarations, described from the roots --- */

/* Whether describing T could make a type: die_for_decl_type's qualified
   typedef of an array, array_die_of's elements qualified through a
   typedef, type_unqualified of a qualified type whose unqualified
   variant (same alignment and flags) does not exist.  A type made while
   describing exists in one way of describing and not in the other, and
   nearest_subquals would see it.  */
static bool describing_makes_types(Type *t) {
  if (t->kind == TY_TYPEDEF) {
    Type *elem = type_canon(t);
    if (elem->kind == TY_ARRAY) {
      while (elem->kind == TY_ARRAY && !elem->tags)
        elem = elem->base;
      if (type_all_quals(elem))
        return true;
    }
  }
  for (Type *c = t; c && (c->kind == TY_ARRAY ||
                          (c->kind == TY_TYPEDEF && c->base->kind == TY_ARRAY));
       c = c->base)
    if (c != t && c->kind == TY_TYPEDEF && c->quals)
      return true;
  if (t->quals) {
    /* (variant_get first brings variants made while a record was
       incomplete up to date) */
    Type *m = t->main;
    uint16_t flags = t->flags;
    uint32_t align = t->align;
    bool record = m->kind == TY_STRUCT || m->kind == TY_UNION || m->kind == TY_ENUM;
    if (record && !(m->flags & TYF_INCOMPLETE) && (flags & TYF_INCOMPLETE)) {
      flags &= (uint16_t)~TYF_INCOMPLETE;
      if (!(flags & TYF_USER_ALIGN))
        align = m->align;
    }
    for (Type *v = m; v; v = v == m ? m->next_variant : v->next_variant)
      if (!v->quals && v->tags == t->tags && v->align == align && v->flags == flags)
        return false;
    return true;
  }
  return false;
}

/* Whether the DIEs of the state's types say the same whenever they are
   made (see the head of this file): no btf tag, no type made while
   describing, and each qualified type's nearest less-qualified variant
   the same at every event (at the lowest limit, its own id, and the
   highest, every type there is).  */
static bool state_describable_from_roots(const TransUnit *tu) {
  if (tu->state_tagged)
    return false;
  for (size_t i = 0; i < tu->n_state_types; i++) {
    Type *t = tu->state_types[i];
    if (describing_makes_types(t))
      return false;
    if (t->quals && nearest_subquals_upto(t, t->quals, t->id) !=
                        nearest_subquals_upto(t, t->quals, UINT32_MAX))
      return false;
  }
  return true;
}

/* The declaration events of the unit, in source order: typedefs, tags,
   variables get their DIEs now; FROM_ROOTS: but not the typedefs and
   tags of a precompiled header's state (a record a variable there
   declared before its definition is still completed at it).  */
static void describe_declarations(Builder *b, TransUnit *tu, Entities *ents,
                                  bool from_roots) {
  /* Each file-scope record's definition event (defined_later).  */
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    if (d->kind == DECL_TAG && d->tag_is_definition)
      ptrmap_put(&b->definitions, d->rec, d);
  }
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    bool reached_later = from_roots && i >= tu->state_first && i < tu->state_end;
    b->now = d->order;
    b->type_limit = d->types_at ? d->types_at : UINT32_MAX;
    switch (d->kind) {
    case DECL_TYPEDEF:
      if (!reached_later)
        die_for_type(b, d->type);
      break;
    case DECL_TAG:
      if (d->tag_is_definition) {
        Die *rd = type_die(b, d->tag_type);
        if (rd && rd->pending)
          complete_record(b, rd, d->tag_type);
        else if (!reached_later)
          die_for_type(b, d->tag_type);
      }
      break;
    case DECL_VAR:
      describe_variable(b, ents, d);
      break;
    case DECL_FUNC:
      note_function(b, ents, d);
      break;
    default:
      break;
    }
  }
}

/* The declaration a function's DIE describes: the latest, which carries
   the composite type, or the definition with its parameter names.
   (A redeclaration before the definition does not count: the first
   declaration stands for the defined entity until then.)  */
static Decl *describing_declaration(FuncEntity *e) {
  Decl *last = e->first;
  for (size_t i = 0; i < e->decls.len; i++) {
    Decl *d = e->decls.data[i];
    if (d->defined || !last->defined)
      last = d;
  }
  return last;
}

/* --- What GCC keeps: its removal of unreachable functions drops a
   static function declared inline that no kept function and no
   initializer refers to -- transitively, and with it the undefined
   functions and variables only such functions refer to.  No node, so
   no DIE (nor BTF FUNC or VAR). --- */

typedef struct Reach {
  PtrMap in_bodies; /* entity (first Decl) -> referenced from some body */
  PtrMap reached;   /* entity -> referenced from a kept body */
  VEC(Decl *) work; /* kept definitions whose bodies are still to walk */
} Reach;

static bool droppable(const FuncEntity *e) {
  return e->first->sc == SC_STATIC && e->inline_declared;
}

static Decl *definition_of(const FuncEntity *e) {
  for (size_t i = 0; i < e->decls.len; i++)
    if (e->decls.data[i]->defined && e->decls.data[i]->body)
      return e->decls.data[i];
  return NULL;
}

static void note_in_bodies(const Node *n, void *ctx) {
  if (n->kind == EX_VAR && n->u.decl)
    ptrmap_put(ctx, n->u.decl->first, (void *)1);
}

typedef struct ReachWalk {
  Builder *b;
  Reach *r;
} ReachWalk;

static void keep_function(Reach *r, FuncEntity *e) {
  if (e->kept)
    return;
  e->kept = true;
  Decl *def = definition_of(e);
  if (def)
    vec_push(&r->work, def);
}

static void note_reached(const Node *n, void *ctx) {
  ReachWalk *w = ctx;
  if (n->kind != EX_VAR || !n->u.decl)
    return;
  Decl *first = n->u.decl->first;
  ptrmap_put(&w->r->reached, first, (void *)1);
  if (first->kind == DECL_FUNC && first->defined) {
    FuncEntity *e = ptrmap_get(&w->b->entities, first);
    if (e)
      keep_function(w->r, e);
  }
}

/* Set FuncEntity.kept for the functions GCC outputs, and Reach.reached
   for what their bodies refer to.  */
static void find_reachable(Builder *b, Entities *ents, Reach *r) {
  for (size_t i = 0; i < ents->funcs.len; i++) {
    Decl *def = definition_of(ents->funcs.data[i]);
    if (def)
      tree_walk(def->body->body, note_in_bodies, &r->in_bodies);
  }
  /* Roots: every definition GCC keeps anyway, and what is referred to
     from outside the bodies (initializers).  */
  for (size_t i = 0; i < ents->funcs.len; i++) {
    FuncEntity *e = ents->funcs.data[i];
    if (!e->first->defined)
      continue;
    if (!droppable(e) ||
        (e->first->used && !ptrmap_get(&r->in_bodies, e->first)))
      keep_function(r, e);
  }
  ReachWalk w = {b, r};
  while (r->work.len) {
    Decl *def = r->work.data[--r->work.len];
    tree_walk(def->body->body, note_reached, &w);
  }
}

/* An entity some expression refers to, where that reference survives:
   in a kept body, or outside every body.  */
static bool referenced(const Reach *r, Decl *first) {
  return first->used && (ptrmap_get(&r->reached, first) ||
                         !ptrmap_get(&r->in_bodies, first));
}

/* A library function the BPF code generator always expands in place
   (as GCC's BPF port does): calls of it leave no extern FUNC behind.  */
static bool expanded_inline(const Decl *f) {
  static const char *const names[] = {"memcpy", "memset", "memmove", "memcmp", "bcmp"};
  if (ctx_current->target.arch != ARCH_BPF || !f->name)
    return false;
  for (size_t i = 0; i < ARRAY_LEN(names); i++)
    if (!strcmp(f->name->name, names[i]))
      return true;
  return false;
}

/* Functions, in symbol-table order: the reverse of node creation, where
   defined functions get their node when defined and referenced undefined
   ones after all bodies.  DESCRIBED gets the declaration each DIE of
   unit->funcs describes.  */
static void describe_functions(Builder *b, Entities *ents, const Reach *r,
                               DeclVec *described) {
  VEC(FuncEntity *) nodes = {0};
  for (size_t i = 0; i < ents->funcs.len; i++) {
    FuncEntity *e = ents->funcs.data[i];
    if (e->first->defined && e->kept)
      vec_push(&nodes, e);
  }
  for (size_t i = 0; i < ents->funcs.len; i++) {
    FuncEntity *e = ents->funcs.data[i];
    if (!e->first->defined && referenced(r, e->first) && !expanded_inline(e->first))
      vec_push(&nodes, e);
  }
  for (size_t i = nodes.len; i-- > 0;) {
    FuncEntity *e = nodes.data[i];
    Decl *last = describing_declaration(e);
    Die *fd = subprogram_die(b, last);
    fd->is_extern = !e->first->defined;
    vec_push_perm(&b->unit->funcs, fd);
    vec_push(described, last);
  }
  vec_free(&nodes);
}

/* A variable's DATASEC, symbol and size, from the declaration its DIE
   describes.  */
static void place_variable(VarEntity *e) {
  Die *v = e->die;
  Decl *d = e->decl, *f = e->first;
  v->is_extern = !f->defined;
  v->seccat = f->defined ? var_section(d, &v->section)
                         : (d->section || f->section ? SECCAT_NAMED : SECCAT_NONE);
  if (v->seccat == SECCAT_NAMED && !v->section)
    v->section = d->section ? d->section : f->section;
  v->symbol = d->asm_name ? d->asm_name : v->name;
  int64_t size = decl_storage_size(d);
  v->var_size = type_kind(d->type) == TY_VOID ? 1 : size < 0 ? 0 : size;
}

/* A static variable that GCC's optimizers remove (at -O1 and above):
   nothing refers to it, or it is a scalar that nothing writes, whose
   constant initial value replaces every use.  No symbol, so no DIE and
   no BTF VAR.  */
static bool optimized_away(const VarEntity *e, const DebugBuildOptions *opts) {
  if (opts->optimize <= 0 || e->decl->sc != SC_STATIC)
    return false;
  if (!e->first->used)
    return true;
  int64_t value;
  return tree_static_int_value(e->decl, &value);
}

/* Defined variables in the order of their first defining declarations
   (an extern declaration before it does not count), as GCC's varpool
   creates their nodes.  */
typedef struct DefinedVar {
  uint64_t key; /* defined_at, then the place in first-declaration order */
  VarEntity *e;
} DefinedVar;

static int by_definition(const void *a, const void *b) {
  const DefinedVar *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

static void sort_by_definition(VarEntity **vars, size_t n) {
  DefinedVar *k = xmalloc(n * sizeof *k);
  for (size_t i = 0; i < n; i++)
    k[i] = (DefinedVar){(uint64_t)vars[i]->defined_at << 32 | i, vars[i]};
  qsort(k, n, sizeof *k, by_definition);
  for (size_t i = 0; i < n; i++)
    vars[i] = k[i].e;
  free(k);
}

/* Variables, in the reverse of varpool node creation (definitions in
   order, then referenced externs).  */
static void describe_variables(Builder *b, Entities *ents, const Reach *r) {
  VEC(VarEntity *) vnodes = {0};
  for (size_t i = 0; i < ents->vars.len; i++)
    if (ents->vars.data[i]->first->defined && !optimized_away(ents->vars.data[i], b->opts))
      vec_push(&vnodes, ents->vars.data[i]);
  if (vnodes.len > 1)
    sort_by_definition(vnodes.data, vnodes.len);
  for (size_t i = 0; i < ents->vars.len; i++) {
    VarEntity *e = ents->vars.data[i];
    if (!e->first->defined &&
        (referenced(r, e->first) || !b->opts->eliminate_unused_types))
      vec_push(&vnodes, e);
  }
  for (size_t i = vnodes.len; i-- > 0;) {
    place_variable(vnodes.data[i]);
    vec_push_perm(&b->unit->vars, vnodes.data[i]->die);
  }
  vec_free(&vnodes);
}

/* --- Pruning (-feliminate-unused-debug-types) --- */

/* Before any DIE is made: every type a kept DIE could lead to, marked
   reachable.  Roots are what pruning keeps from (every variable and
   function of the unit, whether kept or not, their parameters, locals
   and the types their bodies use, and the extra types); each type leads
   to its main variant (whose DIE a variant's copies or qualifiers lead
   to), its base, its parameters, and a struct's members or an enum's
   integer type.  So a record outside the set has a DIE that no kept DIE
   reaches, and complete_record lists no members for it (vmlinux.h's
   thousands of records in a BPF program that uses a few).  */
typedef VEC(Type *) TypeVec;

static void reach_type(Builder *b, TypeVec *work, Type *t) {
  if (!t)
    return;
  TypeDies *s = type_slot(b, t);
  if (s->reachable)
    return;
  s->reachable = true;
  vec_push(work, t);
}

static void reach_decl(Builder *b, TypeVec *work, const Decl *d) {
  reach_type(b, work, d->type);
  reach_type(b, work, d->type_as_declared);
  if (d->kind != DECL_FUNC)
    return;
  for (int i = 0; i < d->n_def_params; i++)
    reach_type(b, work, d->def_params[i].type);
  for (int i = 0; i < d->n_locals; i++)
    reach_type(b, work, d->locals[i]->type);
  for (int i = 0; i < d->n_used_types; i++)
    reach_type(b, work, d->used_types[i]);
}

static void find_reachable_types(Builder *b, TransUnit *tu) {
  TypeVec work = {0};
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    if (d->kind == DECL_VAR || d->kind == DECL_FUNC)
      reach_decl(b, &work, d);
  }
  for (size_t i = 0; i < b->opts->n_extra_types; i++)
    reach_type(b, &work, (Type *)b->opts->extra_types[i]);
  for (size_t i = 0; i < tu->init_types.len; i++)
    reach_type(b, &work, tu->init_types.data[i]);
  while (work.len) {
    Type *t = work.data[--work.len];
    reach_type(b, &work, t->main);
    reach_type(b, &work, t->base);
    switch (t->kind) {
    case TY_FUNC:
      for (int i = 0; i < t->u.func.nparams; i++)
        reach_type(b, &work, t->u.func.params[i].type);
      break;
    case TY_STRUCT:
    case TY_UNION:
      for (int i = 0; i < t->u.rec->nmembers; i++)
        reach_type(b, &work, t->u.rec->members[i].type);
      break;
    case TY_ENUM:
      reach_type(b, &work, t->u.rec->enum_int);
      break;
    default:
      break;
    }
  }
  vec_free(&work);
  b->pruning = true;
}

/* D, used by a body or an initializer: kept, and a root of the
   compile unit's pruning after type units too.  */
static void mark_used_root(Die *d) {
  if (!d)
    return;
  d->used_root = true;
  debug_mark(d);
}

/* GCC's pruning keeps only what variables, functions (with the types
   their bodies use) and base types reach; without it, every listed DIE
   stays (kept before marking, which stops at kept DIEs).  */
static void prune_unit(Builder *b, Decl **described, const TransUnit *tu) {
  DebugUnit *u = b->unit;
  if (!b->opts->eliminate_unused_types) {
    debug_number(u, true);
    for (size_t i = 0; i < u->vars.len; i++)
      debug_mark(u->vars.data[i]);
    for (size_t i = 0; i < u->funcs.len; i++)
      debug_mark(u->funcs.data[i]);
    return;
  }
  for (size_t i = 0; i < u->vars.len; i++)
    debug_mark(u->vars.data[i]);
  for (size_t i = 0; i < b->opts->n_extra_types; i++)
    debug_mark(b->opts->extra_dies[i]);
  /* What file-scope initializers name: GCC keeps the DIEs that exist.  */
  for (size_t i = 0; i < tu->init_types.len; i++)
    mark_used_root(type_die(b, tu->init_types.data[i]));
  for (size_t i = 0; i < u->funcs.len; i++) {
    debug_mark(u->funcs.data[i]);
    Decl *d = described[i];
    for (int k = 0; k < d->n_locals; k++)
      debug_mark(type_die(b, d->locals[k]->type));
    for (int k = 0; k < d->n_used_types; k++)
      mark_used_root(die_for_type(b, d->used_types[k]));
  }
  u->pruned = true;
  debug_number(u, false);
}

/* The size type when no DIE of the unit is it: off the list, for the
   emitters that need one (BTF's index type of `[]` arrays).  */
static void ensure_sizetype(Builder *b) {
  if (b->unit->sizetype)
    return;
  Die *d = new_die(b, DIE_BASE, false);
  d->name = type_base_name(TY_ULONG);
  d->size = type_size(ty_ulong);
  d->encoding = ATE_UNSIGNED;
  b->unit->sizetype = d;
}

/* A tentative definition `T x[];` is completed to one element at the
   end of the unit: GCC then describes that array type; its index type
   (the size type) stays in the unit's order even when the array itself
   is pruned as unused.  */
static void complete_tentative_arrays(Builder *b, Entities *ents) {
  for (size_t i = 0; i < ents->vars.len; i++) {
    Decl *d = ents->vars.data[i]->decl;
    Type *declared = d->type_as_declared ? d->type_as_declared : d->type;
    if (ents->vars.data[i]->first->defined && !d->has_init &&
        d->sc != SC_EXTERN && is_unbounded_array(declared))
      die_for_type(b, type_array(declared->base, 1));
  }
}

DebugUnit *debug_build(TransUnit *tu, const DebugBuildOptions *opts) {
  Builder b = {0};
  b.type_limit = UINT32_MAX;
  /* a slot for every type made so far, zeroed in one go (type_slot grows
     it for those made while describing) */
  b.ntypes = (size_t)type_last_id() + 1;
  b.types = xcalloc(b.ntypes, sizeof *b.types);
  b.unit = debug_unit_new();
  b.opts = opts;
  b.unit->main_file = tu->main_file;
  Entities ents = {0};
  if (opts->eliminate_unused_types)
    find_reachable_types(&b, tu);
  bool from_roots = opts->order_from_roots && opts->eliminate_unused_types &&
                    tu->state_end > tu->state_first &&
                    state_describable_from_roots(tu);
  b.unit->from_roots = from_roots;
  describe_declarations(&b, tu, &ents, from_roots);
  /* The rest is described at the end of the unit: every record is
     defined by then.  */
  b.now = UINT32_MAX;
  b.type_limit = UINT32_MAX;
  complete_tentative_arrays(&b, &ents);
  DeclVec described = {0};
  Reach reach = {0};
  find_reachable(&b, &ents, &reach);
  describe_functions(&b, &ents, &reach, &described);
  describe_variables(&b, &ents, &reach);
  ptrmap_free(&reach.in_bodies);
  ptrmap_free(&reach.reached);
  vec_free(&reach.work);
  /* Types the code generator needs described (CO-RE roots).  */
  for (size_t i = 0; i < opts->n_extra_types; i++)
    opts->extra_dies[i] = die_for_type(&b, (Type *)opts->extra_types[i]);
  prune_unit(&b, described.data, tu);
  ensure_sizetype(&b);
  for (size_t i = 0; i < ents.funcs.len; i++)
    vec_free(&ents.funcs.data[i]->decls);
  vec_free(&ents.funcs);
  vec_free(&ents.vars);
  vec_free(&described);
  free(b.annots);
  ptrmap_free(&b.unbounded);
  free(b.types);
  vec_free(&b.vm_types);
  ptrmap_free(&b.definitions);
  ptrmap_free(&b.entities);
  return b.unit;
}

