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
   only what variables, functions and base types reach.  */
#include "debug.h"
#include "../sema/tree_walk.h"

#include <string.h>

typedef struct Builder {
  DebugUnit *unit;
  const DebugOptions *opts;
  uint32_t now;      /* order of the declaration event being described */
  VEC(Die *) annots; /* hash-consed annotation DIEs */
  VEC(Die *) unbounded; /* arrays without an index type, one per element */
} Builder;

/* --- The unit's child list --- */

static void list_append(DebugUnit *u, Die *d) {
  d->list_prev = u->last;
  d->list_next = NULL;
  if (u->last)
    u->last->list_next = d;
  else
    u->first = d;
  u->last = d;
  d->on_list = true;
}

static void list_insert_after(DebugUnit *u, Die *after, Die *d) {
  d->list_prev = after;
  d->list_next = after->list_next;
  if (after->list_next)
    after->list_next->list_prev = d;
  else
    u->last = d;
  after->list_next = d;
  d->on_list = true;
}

static Die *new_die(Builder *b, DieKind kind, bool top_level) {
  Die *d = NEW(Die);
  d->kind = kind;
  if (top_level)
    list_append(b->unit, d);
  return d;
}

/* --- Annotations --- */

/* The annotation DIE chain for TAGS (GCC order), shared when an equal
   chain (name, value, rest) exists.  */
static Die *annotation_chain(Builder *b, const char *name, BtfTag *tags) {
  if (!tags)
    return NULL;
  Die *rest = annotation_chain(b, name, tags->next);
  for (size_t i = 0; i < b->annots.len; i++) {
    Die *a = b->annots.data[i];
    if (a->annot_name == name && a->annot_value == tags->value && a->annot == rest)
      return a;
  }
  Die *a = new_die(b, DIE_ANNOTATION, true);
  a->annot_name = name;
  a->annot_value = tags->value;
  a->annot_loc = tags->loc;
  a->annot = rest;
  vec_push(&b->annots, a);
  return a;
}

static const char *const TYPE_TAG_NAME = "btf_type_tag";
static const char *const DECL_TAG_NAME = "btf_decl_tag";

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

static uint8_t base_encoding(TypeKind k, const DebugOptions *o) {
  switch (k) {
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
  d->name = type_base_name((TypeKind)t->kind);
  d->size = t->size;
  d->encoding = base_encoding((TypeKind)t->kind, b->opts);
  d->src_type = t;
  return d;
}

static Die *complex_die(Builder *b, Type *t) {
  Die *d = new_die(b, DIE_BASE, true);
  Type *c = type_canon(t->base);
  Buf name = {0};
  buf_printf(&name, "complex %s", type_base_name((TypeKind)c->kind));
  d->name = arena_strndup(&perm, name.data, name.len);
  buf_free(&name);
  d->size = type_size(t);
  d->encoding = type_is_integer(c) ? 0x80 /* GCC's lo_user complex int */
                                   : ATE_COMPLEX_FLOAT;
  d->src_type = t;
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

/* The existing variant of T with the most of QUALS (a strict subset),
   as GCC's get_nearest_type_subqualifiers picks it.  */
static unsigned nearest_subquals(Type *t, unsigned quals) {
  Type *m = t->main;
  unsigned best = 0, best_n = 0;
  for (Type *v = m; v; v = v == m ? m->next_variant : v->next_variant) {
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
                    bool local, Type *src) {
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
      list_insert_after(b->unit, last, d);
      last = d;
    } else if (!local) {
      list_append(b->unit, d);
    }
    d->type = mod;
    d->src_type = src;
    mod = d;
    have = want;
  }
  return mod;
}

/* Qualifier DIEs for T (t->quals != 0) over the nearest less-qualified
   variant.  */
static Die *qualified_die(Builder *b, Type *t) {
  unsigned sub = nearest_subquals(t, t->quals);
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
  return qualify(b, mod, sub, t->quals & ~sub, type_is_local(t->main), t);
}

typedef VEC(int64_t) DimVec;

/* Element counts of nested arrays collapsed into one DIE, outer first.  */
static Type *collect_dims(Type *t, DimVec *dims) {
  Type *c = t;
  while (c->kind == TY_ARRAY && !c->quals && !c->tags) {
    vec_push(dims, (c->flags & TYF_VLA) ? -1 : c->u.array.len);
    c = c->base;
  }
  return c;
}

/* --- Alignment: DW_AT_alignment where GCC sets TYPE_USER_ALIGN or
   DECL_USER_ALIGN --- */

static bool record_user_aligned(Record *r);

/* An aligned attribute on the type or on a typedef it goes through, an
   array of such elements, or a struct or union with a user-aligned
   member.  Enums never count (GCC gives them no DW_AT_alignment, nor
   to members of their type).  */
static bool type_user_aligned(Type *t) {
  for (;;) {
    if (t->flags & TYF_USER_ALIGN)
      return true;
    if (t->kind == TY_TYPEDEF || t->kind == TY_ARRAY)
      t = t->base;
    else if (t->kind == TY_STRUCT || t->kind == TY_UNION)
      return record_user_aligned(t->u.rec);
    else
      return false;
  }
}

/* Remembered per record (complete by now), or nested records would be
   walked again for every use.  */
static bool record_user_aligned(Record *r) {
  if (r->user_aligned_memo)
    return r->user_aligned_memo == 2;
  bool aligned = r->user_align != 0;
  for (int i = 0; i < r->nmembers && !aligned; i++)
    aligned = r->members[i].user_align || type_user_aligned(r->members[i].type);
  r->user_aligned_memo = aligned ? 2 : 1;
  return aligned;
}

/* A member's DW_AT_alignment (its DECL_ALIGN), or 0.  */
static uint32_t member_user_align(Record *r, Member *m) {
  if (!m->user_align && !type_user_aligned(m->type))
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
  while (t && !t->debug) {
    switch (t->kind) {
    case TY_PTR:
      t = t->base;
      continue;
    case TY_TYPEDEF:
    case TY_STRUCT:
    case TY_UNION:
    case TY_ENUM:
      die_for_type(b, t->main);
      return;
    case TY_ARRAY:
    case TY_VECTOR:
      if (t->quals || t->tags) {
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
   after what was declared in between).  r->debug is the definition
   event (debug_build).  */
static bool defined_later(Builder *b, Record *r) {
  Decl *def = r->debug;
  return def && def->order > b->now;
}

static Die *record_die(Builder *b, Type *t) {
  Record *r = t->u.rec;
  DieKind k = t->kind == TY_STRUCT ? DIE_STRUCT
            : t->kind == TY_UNION  ? DIE_UNION
                                   : DIE_ENUM;
  Die *d = new_die(b, k, !type_is_local(t));
  t->debug = d;
  d->name = r->name ? r->name->name : NULL;
  d->loc = r->def_loc.file ? r->def_loc : r->loc;
  d->src_type = t;
  if (t->tags)
    d->annot = annotation_chain(b, TYPE_TAG_NAME, t->tags);
  if (!r->complete || defined_later(b, r)) {
    d->declaration = true;
    d->pending = r->complete;
    return d;
  }
  complete_record(b, d, t);
  return d;
}

/* The definition's part of a record DIE: size, enumerators, members.  */
static void complete_record(Builder *b, Die *d, Type *t) {
  Record *r = t->u.rec;
  DieKind k = d->kind;
  d->declaration = false;
  d->pending = false;
  d->size = r->size;
  if (k != DIE_ENUM && record_user_aligned(r))
    d->user_align = r->align;
  if (k == DIE_ENUM) {
    d->nenums = r->nenums;
    d->enums = NEW_ARRAY(DieEnumerator, r->nenums > 0 ? r->nenums : 1);
    for (int i = 0; i < r->nenums; i++) {
      d->enums[i].name = r->enums[i].name->name;
      d->enums[i].value = r->enums[i].value;
    }
    bool is_signed = r->enum_int && !(r->enum_int->flags & TYF_UNSIGNED);
    d->encoding = is_signed ? ATE_SIGNED : ATE_UNSIGNED;
    /* DWARF 5 gives enums a DW_AT_type: the underlying base type DIE is
       created after the enum's.  */
    if (r->enum_int)
      d->type = die_for_type(b, r->enum_int);
    return;
  }
  /* Unnamed bit-fields are padding: DWARF has no member for them.  */
  d->members = NEW_ARRAY(DieMember, r->nmembers > 0 ? r->nmembers : 1);
  for (int i = 0; i < r->nmembers; i++) {
    Member *m = &r->members[i];
    if (!m->name && m->is_bitfield)
      continue;
    DieMember *dm = &d->members[d->nmembers++];
    dm->name = m->name ? m->name->name : NULL;
    dm->bit_offset = m->bit_offset;
    dm->bit_size = m->is_bitfield ? m->bit_width : 0;
    dm->loc = m->loc;
    dm->user_align = member_user_align(r, m);
    make_type_first(b, m->type);
    dm->type = die_for_decl_type(b, m->type);
    if (m->decl_tags)
      dm->annot = annotation_chain(b, DECL_TAG_NAME, m->decl_tags);
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
      t->debug = d;
      d->size = 8;
      d->type = die_for_type(b, t->base);
    } else if (t->kind == TY_TYPEDEF) {
      d = new_die(b, DIE_TYPEDEF, !type_is_local(plain));
      t->debug = d;
      d->name = t->u.tdef->name->name;
      d->loc = t->u.tdef->loc;
      if (type_user_aligned(t))
        d->user_align = type_align(t);
      d->type = die_for_type(b, t->base);
      /* GCC's attribute list for the tagged use is the new tags in front
         of those of the type the typedef names, so the clone's chain
         continues with those (dwarf-btf-type-tag-7).  */
      d->src_type = t;
      d->annot = annotation_chain(b, TYPE_TAG_NAME,
                                  tags_concat(t->tags, t->base->tags));
      return d;
    } else {
      Die *base = die_for_type(b, plain);
      /* The copy needs the definition now.  */
      if (base && base->pending)
        complete_record(b, base, plain);
      d = new_die(b, base ? base->kind : DIE_BASE, true);
      t->debug = d;
      if (base) {
        Die *keep_next = d->list_next, *keep_prev = d->list_prev;
        *d = *base;
        d->list_next = keep_next;
        d->list_prev = keep_prev;
        d->on_list = true;
      }
    }
    d->src_type = t;
    d->annot = annotation_chain(b, TYPE_TAG_NAME, t->tags);
    return d;
  }
  Die *d = base_die(b, t);
  t->debug = d;
  d->annot = annotation_chain(b, TYPE_TAG_NAME, t->tags);
  return d;
}

static Die *die_for_type(Builder *b, Type *t) {
  if (!t)
    return NULL;
  if (t->debug)
    return t->debug;
  if (t->kind == TY_VOID && !t->quals && !t->tags)
    return NULL;
  Die *d;
  if (t->quals) {
    d = qualified_die(b, t);
  } else if (t->tags && t != t->main) {
    d = tagged_die(b, t);
  } else if (t != t->main) {
    /* A variant that differs only in alignment or flags: GCC gives
       typedef variants their own DIE; others share the main's.  */
    d = die_for_type(b, t->main);
  } else {
    switch (t->kind) {
    case TY_PTR:
      d = new_die(b, DIE_POINTER, true);
      t->debug = d;
      d->size = 8;
      d->src_type = t;
      d->type = die_for_type(b, t->base);
      break;
    case TY_TYPEDEF:
      d = new_die(b, DIE_TYPEDEF, !type_is_local(t));
      t->debug = d;
      d->name = t->u.tdef->name->name;
      d->src_type = t;
      d->decl = t->u.tdef;
      d->loc = t->u.tdef->loc;
      if (type_user_aligned(t))
        d->user_align = type_align(t);
      d->type = declared_type_die(b, t->base);
      if (t->u.tdef->decl_tags)
        d->annot = annotation_chain(b, DECL_TAG_NAME, t->u.tdef->decl_tags);
      break;
    case TY_STRUCT:
    case TY_UNION:
    case TY_ENUM:
      d = record_die(b, t);
      break;
    case TY_ARRAY: {
      d = new_die(b, DIE_ARRAY, true);
      t->debug = d;
      d->src_type = t;
      if (type_user_aligned(t))
        d->user_align = type_align(t);
      DimVec dims = {0};
      Type *elem = collect_dims(t, &dims);

      d->ndims = (int)dims.len;
      d->dims = NEW_ARRAY(int64_t, dims.len);
      memcpy(d->dims, dims.data, dims.len * sizeof(int64_t));
      vec_free(&dims);
      /* GCC creates the subrange index type (sizetype) before the
         element type.  */
      d->index_type = die_for_type(b, ty_ulong);
      d->type = die_for_type(b, elem);
      break;
    }
    case TY_VECTOR:
      d = new_die(b, DIE_VECTOR, true);
      t->debug = d;
      d->src_type = t;
      d->size = t->size;
      d->ndims = 1;
      d->dims = NEW_ARRAY(int64_t, 1);
      d->dims[0] = t->u.array.len;
      d->index_type = die_for_type(b, ty_ulong);
      d->type = die_for_type(b, t->base);
      break;
    case TY_FUNC: {
      d = new_die(b, DIE_SUBROUTINE, true);
      t->debug = d;
      d->src_type = t;
      d->prototyped = !(t->flags & TYF_OLDSTYLE);
      d->variadic = (t->flags & TYF_VARIADIC) != 0;
      d->type = die_for_type(b, t->base);
      d->nparams = t->u.func.nparams;
      d->params = NEW_ARRAY(DieParam, d->nparams > 0 ? d->nparams : 1);
      for (int i = 0; i < d->nparams; i++)
        d->params[i].type = die_for_type(b, t->u.func.params[i].type);
      break;
    }
    case TY_COMPLEX:
      d = complex_die(b, t);
      break;
    default:
      d = base_die(b, t);
      break;
    }
  }
  t->debug = d;
  return d;
}

/* The DIE for the declared type T of a variable, member or typedef.  An
   array of qualified elements declared so is itself qualified in GCC
   (its quals come from the declaration's specifiers): qualifier DIEs sit
   above the array DIE.  Behind a pointer the array is unqualified.  */
static Die *die_for_decl_type(Builder *b, Type *t) {
  /* A qualified typedef name of an array type: C qualifies the
     elements, and GCC describes the declared type as the qualifiers
     over the typedef's array DIE, without the typedef's name.  */
  if (t->kind == TY_TYPEDEF && t->quals && !t->tags) {
    Type *arr = t->base;
    while (arr->kind == TY_TYPEDEF && !arr->quals && !arr->tags)
      arr = arr->base;
    if (arr->kind == TY_ARRAY && !arr->quals && !arr->tags) {
      if (t->debug_qual)
        return t->debug_qual;
      Type *elem = arr;
      while (elem->kind == TY_ARRAY && !elem->tags)
        elem = elem->base;
      unsigned have = type_all_quals(elem);
      Die *ad = die_for_decl_type(b, arr);
      unsigned add = t->quals & ~have;
      t->debug_qual = add ? qualify(b, ad, have, add, type_is_local(t->main), t) : ad;
      return t->debug_qual;
    }
  }
  Die *d = die_for_type(b, t);
  if (t->kind != TY_ARRAY || t->tags)
    return d;
  if (t->debug_qual)
    return t->debug_qual;
  Type *elem = t;
  while (elem->kind == TY_ARRAY && !elem->tags)
    elem = elem->base;
  unsigned q = type_all_quals(elem);
  if (!q)
    return d;
  t->debug_qual = qualify(b, d, 0, q, false, t);
  return t->debug_qual;
}

/* --- Declarations --- */

/* GCC's section category for a defined variable (varasm.cc
   categorize_decl_for_section, PIE on x86-64 like the host GCC).  */
static SectionCategory var_section(Decl *d, const char **named) {
  Decl *f = d->first;
  const char *sec = d->section ? d->section : f->section;
  if (sec) {
    *named = sec;
    return SECCAT_NAMED;
  }
  if (d->is_thread_local || f->is_thread_local)
    return SECCAT_NONE;
  if (!f->defined)
    return SECCAT_NONE;
  unsigned q = type_all_quals(d->type);
  Type *c = type_canon(d->type);
  while (c->kind == TY_ARRAY) {
    q |= type_all_quals(c->base);
    c = type_canon(c->base);
  }
  bool readonly = (q & Q_CONST) && !(q & Q_VOLATILE);
  bool has_init = d->has_init;
  bool zero_init = !has_init || d->init_all_zero;
  bool reloc = d->init_has_reloc;
  if (!(q & Q_CONST) && zero_init)
    return SECCAT_BSS;
  if (readonly && !reloc)
    return SECCAT_RODATA;
  if (reloc && target.arch != ARCH_BPF)
    return SECCAT_NONE; /* .data.rel(.ro)(.local) under PIE */
  return SECCAT_DATA;
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
  for (size_t i = 0; i < b->unbounded.len; i++)
    if (b->unbounded.data[i]->src_type->base == type->base)
      return b->unbounded.data[i];
  Die *d = new_die(b, DIE_ARRAY, true); /* before its element, as GCC */
  d->src_type = type;
  d->ndims = 1;
  d->dims = NEW_ARRAY(int64_t, 1);
  d->dims[0] = -1;
  vec_push(&b->unbounded, d);
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
  v->decl = d;
  v->external = d->sc != SC_STATIC;
  v->declaration = !declaration_defines(d);
  v->type = declared_type_die(b, type);
  if (d->tags_so_far)
    v->annot = annotation_chain(b, DECL_TAG_NAME, d->tags_so_far);
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
  v->decl = d;
  v->external = decl_die->external;
  v->specification = decl_die;
  decl_die->has_definition = true;
  v->type = declared_type_die(b, d->type);
  if (d->tags_so_far)
    v->annot = annotation_chain(b, DECL_TAG_NAME, d->tags_so_far);
  return v;
}

static Die *subprogram_die(Builder *b, Decl *d) {
  make_type_first(b, type_canon(d->type)->base);
  Die *f = new_die(b, DIE_SUBPROGRAM, true);
  Decl *def = d;
  f->name = d->name->name;
  f->loc = d->loc;
  f->decl = d;
  f->external = d->sc != SC_STATIC;
  f->is_extern = !d->first->defined;
  f->declaration = f->is_extern;
  Type *ft = type_canon(d->type);
  f->prototyped = !(ft->flags & TYF_OLDSTYLE);
  f->variadic = (ft->flags & TYF_VARIADIC) != 0;
  f->type = die_for_type(b, ft->base);
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
        f->params[i].annot = annotation_chain(b, DECL_TAG_NAME, prm->decl_tags);
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
    f->annot = annotation_chain(b, DECL_TAG_NAME, d->first->decl_tags);
  return f;
}

/* --- Pruning (-feliminate-unused-debug-types) --- */

static void mark_die(Die *d);

static void mark_chain(Die *a) {
  for (; a; a = a->annot)
    a->kept = true;
}

static void mark_die(Die *d) {
  while (d && !d->kept) {
    d->kept = true;
    mark_chain(d->annot);
    for (int i = 0; i < d->nmembers; i++) {
      mark_die(d->members[i].type);
      mark_chain(d->members[i].annot);
    }
    for (int i = 0; i < d->nparams; i++) {
      mark_die(d->params[i].type);
      mark_chain(d->params[i].annot);
    }
    mark_die(d->specification);
    d = d->type;
  }
}

/* Drop from the unit's list what pruning did not keep (nothing with
   KEEP_ALL), then number the survivors into unit->dies.  GCC's pruning
   keeps every base type DIE and every annotation DIE, referenced or
   not.  One walk: the list is long and its DIEs are cold.  */
static void drop_unkept(DebugUnit *unit, bool keep_all) {
  uint32_t n = 0;
  unit->dies.len = 0;
  for (Die *d = unit->first, *next; d; d = next) {
    next = d->list_next;
    if (keep_all || (d->kind == DIE_BASE && !d->annot) ||
        d->kind == DIE_ANNOTATION)
      d->kept = true;
    if (d->kept) {
      d->order = n++;
      vec_push_perm(&unit->dies, d);
      continue;
    }
    if (d->list_prev)
      d->list_prev->list_next = d->list_next;
    else
      unit->first = d->list_next;
    if (d->list_next)
      d->list_next->list_prev = d->list_prev;
    else
      unit->last = d->list_prev;
    d->on_list = false;
  }
}

/* --- The unit --- */

/* Every file-scope entity once: the last declaration seen for it.  */
typedef struct Entity {
  Decl *first;
  Decl *last;
  Die *die;
} Entity;

typedef VEC(Decl *) DeclVec;

/* A static function declared inline that nothing refers to: GCC never
   outputs it, so it has no DIE (nor BTF FUNC).  */
static bool unused_static_inline(Decl *f, DeclVec *inlines) {
  if (f->sc != SC_STATIC || f->used)
    return false;
  for (size_t i = 0; i < inlines->len; i++)
    if (inlines->data[i] == f)
      return true;
  return false;
}

/* A static variable that GCC's optimizers remove (at -O1 and above):
   nothing refers to it, or it is a scalar that nothing writes, whose
   constant initial value replaces every use.  No symbol, so no DIE and no BTF VAR.  */
static bool optimized_away(const Decl *f, const Decl *def, const DebugOptions *opts) {
  if (opts->optimize <= 0 || def->sc != SC_STATIC)
    return false;
  if (!f->used)
    return true;
  int64_t value;
  return tree_static_int_value((Decl *)def, &value);
}

DebugUnit *debug_build(TransUnit *tu, const DebugOptions *opts) {
  Builder b = {0};
  b.unit = NEW(DebugUnit);
  b.opts = opts;
  b.unit->main_file = tu->main_file;
  VEC(Decl *) funcs = {0};
  DeclVec inlines = {0};   /* functions with an inline declaration */
  VEC(Decl *) var_entities = {0};
  /* Each file-scope record's definition event (defined_later).  */
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    if (d->kind == DECL_TAG && d->tag_is_definition)
      d->rec->debug = d;
  }
  /* Declaration events in source order.  */
  for (size_t i = 0; i < tu->decls.len; i++) {
    Decl *d = tu->decls.data[i];
    b.now = d->order;
    switch (d->kind) {
    case DECL_TYPEDEF:
      die_for_type(&b, d->type);
      break;
    case DECL_TAG:
      if (d->tag_is_definition) {
        Die *rd = d->tag_type->debug;
        if (rd && rd->pending)
          complete_record(&b, rd, d->tag_type);
        else
          die_for_type(&b, d->tag_type);
      }
      break;
    case DECL_VAR: {
      Decl *f = d->first;
      if (!f->debug) {
        f->debug = variable_die(&b, d);
        vec_push(&var_entities, f);
      } else if (((Die *)f->debug)->declaration && declaration_defines(d)) {
        f->debug = variable_definition_die(&b, d, f->debug);
      } else {
        /* A redeclaration: the entity's DIE describes the latest one.  */
        Die *v = f->debug;
        /* Keep describing the defining declaration (its section).  */
        if (declaration_defines(d) || !declaration_defines(v->decl))
          v->decl = d;
        v->type = declared_type_die(&b, d->type);
        if (d->defined)
          v->declaration = false;
        if (d->tags_so_far)
          v->annot = annotation_chain(&b, DECL_TAG_NAME, d->tags_so_far);
      }
      break;
    }
    case DECL_FUNC:
      if (!d->first->debug) {
        d->first->debug = (void *)1; /* seen */
        vec_push(&funcs, d->first);
      }
      if (d->defined)
        d->first->defined = true;
      if (d->is_inline)
        vec_push(&inlines, d->first);
      break;
    default:
      break;
    }
  }
  /* The rest is described at the end of the unit: every record is
     defined by then.  */
  b.now = UINT32_MAX;
  /* Functions: symbol-table order is the reverse of node creation, where
     defined functions get their node when defined and referenced
     undefined ones after all bodies.  */
  VEC(Decl *) nodes = {0};
  for (size_t i = 0; i < funcs.len; i++)
    if (funcs.data[i]->defined && !unused_static_inline(funcs.data[i], &inlines))
      vec_push(&nodes, funcs.data[i]);
  for (size_t i = 0; i < funcs.len; i++)
    if (!funcs.data[i]->defined && funcs.data[i]->used)
      vec_push(&nodes, funcs.data[i]);
  for (size_t i = nodes.len; i-- > 0;) {
    Decl *f = nodes.data[i];
    /* The latest declaration carries the composite type and the
       definition's parameter names.  */
    Decl *last = f;
    for (size_t j = 0; j < tu->decls.len; j++) {
      Decl *d = tu->decls.data[j];
      if (d->kind == DECL_FUNC && d->first == f && (d->defined || !last->defined))
        last = d;
    }
    Die *fd = subprogram_die(&b, last);
    fd->is_extern = !f->defined;
    f->debug = fd;
    vec_push_perm(&b.unit->funcs, fd);
  }
  /* Variables: reverse of varpool node creation (definitions in order,
     then referenced externs).  */
  VEC(Decl *) vnodes = {0};
  for (size_t i = 0; i < var_entities.len; i++)
    if (var_entities.data[i]->defined &&
        !optimized_away(var_entities.data[i], ((Die *)var_entities.data[i]->debug)->decl, opts))
      vec_push(&vnodes, var_entities.data[i]);
  for (size_t i = 0; i < var_entities.len; i++) {
    Decl *f = var_entities.data[i];
    if (!f->defined && (f->used || !opts->eliminate_unused_types))
      vec_push(&vnodes, f);
  }
  for (size_t i = vnodes.len; i-- > 0;) {
    Decl *f = vnodes.data[i];
    Die *v = f->debug;
    Decl *d = v->decl;
    v->is_extern = !f->defined;
    v->seccat = f->defined ? var_section(d, &v->section)
                           : (d->section || f->section ? SECCAT_NAMED : SECCAT_NONE);
    if (v->seccat == SECCAT_NAMED && !v->section)
      v->section = d->section ? d->section : f->section;
    int64_t size = type_size(d->type);
    v->var_size = type_kind(d->type) == TY_VOID ? 1 : size < 0 ? 0 : size;
    vec_push_perm(&b.unit->vars, v);
  }
  /* Pruning.  */
  if (opts->eliminate_unused_types) {
    for (size_t i = 0; i < b.unit->vars.len; i++)
      mark_die(b.unit->vars.data[i]);
    for (size_t i = 0; i < b.unit->funcs.len; i++) {
      Die *f = b.unit->funcs.data[i];
      mark_die(f);
      Decl *d = f->decl;
      for (int k = 0; k < d->n_locals; k++)
        if (d->locals[k]->type->debug)
          mark_die(d->locals[k]->type->debug);
      for (int k = 0; k < d->n_used_types; k++)
        mark_die(die_for_type(&b, d->used_types[k]));
    }
    drop_unkept(b.unit, false);
  } else {
    /* Every listed DIE stays (kept before marking, which stops at kept
       DIEs).  */
    drop_unkept(b.unit, true);
    for (size_t i = 0; i < b.unit->vars.len; i++)
      mark_die(b.unit->vars.data[i]);
    for (size_t i = 0; i < b.unit->funcs.len; i++)
      mark_die(b.unit->funcs.data[i]);
  }
  vec_free(&funcs);
  vec_free(&var_entities);
  vec_free(&nodes);
  vec_free(&inlines);
  vec_free(&vnodes);
  vec_free(&b.annots);
  vec_free(&b.unbounded);
  return b.unit;
}
