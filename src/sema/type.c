/* Types (type.h): construction, variants and queries.  Derived types
   (pointers, arrays, functions, vectors, complex) are hash-consed, so
   one C type is one node and type identity is pointer identity for
   sema's comparisons and the debug emitters' "one DIE per type".
   Variants (qualified, tagged, aligned) hang off their main variant.
   The basic types, the table of derived ones and the type ids are the
   current compilation's (SemaTypes, which types_init makes).  */
#include "type.h"

#include <string.h>

uint32_t type_last_id(void) { return ctx_current->types->next_id; }

static Type *new_type(TypeKind kind) {
  Type *t = NEW(Type);
  t->kind = (uint8_t)kind;
  t->main = t;
  t->id = ++ctx_current->types->next_id;
  return t;
}

static Type *new_basic(TypeKind kind, int64_t size, uint32_t align,
                       bool is_unsigned) {
  Type *t = new_type(kind);
  t->size = size;
  t->align = align;
  if (is_unsigned)
    t->flags |= TYF_UNSIGNED;
  if (size < 0)
    t->flags |= TYF_INCOMPLETE;
  ctx_current->types->basic[kind] = t;
  return t;
}

static void types_free(void *arg) {
  SemaTypes *ts = arg;
  free(ts->derived);
  ts->derived = NULL;
}

void types_init(void) {
  SemaTypes *ts = NEW(SemaTypes);
  ctx_current->types = ts;
  ctx_at_free(types_free, ts);
  bool bpf = ctx_current->target.arch == ARCH_BPF;
  ty_void = new_basic(TY_VOID, -1, 1, false);
  ty_void->size = -1;
  ty_bool = new_basic(TY_BOOL, 1, 1, true);
  ty_char = new_basic(TY_CHAR, 1, 1, false); /* char is signed on both */
  ty_schar = new_basic(TY_SCHAR, 1, 1, false);
  ty_uchar = new_basic(TY_UCHAR, 1, 1, true);
  ty_short = new_basic(TY_SHORT, 2, 2, false);
  ty_ushort = new_basic(TY_USHORT, 2, 2, true);
  ty_int = new_basic(TY_INT, 4, 4, false);
  ty_uint = new_basic(TY_UINT, 4, 4, true);
  ty_long = new_basic(TY_LONG, 8, 8, false);
  ty_ulong = new_basic(TY_ULONG, 8, 8, true);
  ty_llong = new_basic(TY_LLONG, 8, 8, false);
  ty_ullong = new_basic(TY_ULLONG, 8, 8, true);
  /* BPF's biggest alignment is 8, which caps __int128 too.  */
  ty_int128 = new_basic(TY_INT128, 16, bpf ? 8 : 16, false);
  ty_uint128 = new_basic(TY_UINT128, 16, bpf ? 8 : 16, true);
  ty_float = new_basic(TY_FLOAT, 4, 4, false);
  ty_double = new_basic(TY_DOUBLE, 8, 8, false);
  ty_ldouble = bpf ? new_basic(TY_LDOUBLE, 8, 8, false)
                   : new_basic(TY_LDOUBLE, 16, 16, false);
  new_basic(TY_FLOAT16, 2, 2, false);
  new_basic(TY_FLOAT32, 4, 4, false);
  new_basic(TY_FLOAT64, 8, 8, false);
  new_basic(TY_FLOAT128, 16, 16, false);
  new_basic(TY_FLOAT32X, 8, 8, false);
  new_basic(TY_FLOAT64X, 16, 16, false);
  new_basic(TY_FLOAT128X, 16, 16, false);
  new_basic(TY_FLOAT128_GNU, 16, 16, false);
  new_basic(TY_BF16, 2, 2, false);
  new_basic(TY_DECIMAL32, 4, 4, false);
  new_basic(TY_DECIMAL64, 8, 8, false);
  new_basic(TY_DECIMAL128, 16, 16, false);
  new_basic(TY_NULLPTR, 8, 8, false); /* a pointer's size and alignment */
  ty_size_t = ty_ulong;
  ty_ptrdiff_t = ty_long;
  ty_wchar = ty_int;
  ty_char16 = ty_ushort;
  ty_char32 = ty_uint;
  ty_va_list = NULL; /* built by the parser (needs a record) */
}

Type *type_basic(TypeKind k) { return ctx_current->types->basic[k]; }

bool type_kind_on_target(TypeKind k) {
  bool bpf = ctx_current->target.arch == ARCH_BPF;
  switch (k) {
  case TY_FLOAT128X: return false;
  case TY_FLOAT16: case TY_FLOAT128: case TY_FLOAT64X:
  case TY_DECIMAL32: case TY_DECIMAL64: case TY_DECIMAL128: return !bpf;
  default: return true;
  }
}

/* --- Derived types --- */

static uint32_t derived_hash(TypeKind kind, Type *base, int64_t n,
                             const Param *params, int nparams, uint16_t flags) {
  uint32_t h = hash_mix((uint32_t)kind, base ? base->id : 0);
  h = hash_mix(h, (uint32_t)n);
  h = hash_mix(h, (uint32_t)((uint64_t)n >> 32));
  h = hash_mix(h, flags);
  for (int i = 0; i < nparams; i++)
    h = hash_mix(h, params[i].type->id);
  return h;
}

static bool derived_equal(const Type *t, TypeKind kind, Type *base, int64_t n,
                          const Param *params, int nparams, uint16_t flags) {
  if (t->kind != kind || t->base != base || t->flags != flags)
    return false;
  switch (kind) {
  case TY_ARRAY:
  case TY_VECTOR:
  case TY_BITINT:
    return t->u.array.len == n;
  case TY_FUNC:
    if (t->u.func.nparams != nparams)
      return false;
    for (int i = 0; i < nparams; i++)
      if (t->u.func.params[i].type != params[i].type)
        return false;
    return true;
  default:
    return true;
  }
}

static void derived_grow(SemaTypes *ts) {
  size_t nc = ts->derived_cap ? ts->derived_cap * 2 : 4096;
  Type **nt = xcalloc(nc, sizeof(Type *));
  for (size_t i = 0; i < ts->derived_cap; i++) {
    Type *t = ts->derived[i];
    while (t) {
      Type *next = t->derived;
      uint32_t h = derived_hash((TypeKind)t->kind, t->base,
                                t->kind == TY_FUNC ? 0 : t->u.array.len,
                                t->kind == TY_FUNC ? t->u.func.params : NULL,
                                t->kind == TY_FUNC ? t->u.func.nparams : 0,
                                t->flags);
      t->derived = nt[h & (nc - 1)];
      nt[h & (nc - 1)] = t;
      t = next;
    }
  }
  free(ts->derived);
  ts->derived = nt;
  ts->derived_cap = nc;
}

/* Find or make the derived type described by the arguments.  */
static Type *derived_get(TypeKind kind, Type *base, int64_t n, Param *params,
                         int nparams, uint16_t flags, bool *created) {
  SemaTypes *ts = ctx_current->types;
  if (ts->derived_count * 2 >= ts->derived_cap)
    derived_grow(ts);
  uint32_t h = derived_hash(kind, base, kind == TY_FUNC ? 0 : n, params,
                            nparams, flags);
  Type **slot = &ts->derived[h & (ts->derived_cap - 1)];
  for (Type *t = *slot; t; t = t->derived)
    if (derived_equal(t, kind, base, n, params, nparams, flags)) {
      *created = false;
      return t;
    }
  Type *t = new_type(kind);
  t->base = base;
  t->flags = flags;
  t->depth = base ? base->depth + 1 : 1;
  if (kind == TY_FUNC) {
    Param *copy = nparams ? NEW_ARRAY(Param, nparams) : NULL;
    for (int i = 0; i < nparams; i++) {
      copy[i].type = params[i].type;
      if (params[i].type->depth + 1 > t->depth)
        t->depth = params[i].type->depth + 1;
    }
    t->u.func.params = copy;
    t->u.func.nparams = nparams;
  } else {
    t->u.array.len = n;
  }
  t->derived = *slot;
  *slot = t;
  ts->derived_count++;
  *created = true;
  return t;
}

void type_enter_derived(Type *t) {
  bool derived = t->kind == TY_ARRAY || t->kind == TY_VECTOR ||
                 t->kind == TY_BITINT || t->kind == TY_COMPLEX ||
                 t->kind == TY_FUNC;
  if (!derived || t->main != t)
    return;
  SemaTypes *ts = ctx_current->types;
  if (ts->derived_count * 2 >= ts->derived_cap)
    derived_grow(ts);
  uint32_t h = derived_hash((TypeKind)t->kind, t->base,
                            t->kind == TY_FUNC ? 0 : t->u.array.len,
                            t->kind == TY_FUNC ? t->u.func.params : NULL,
                            t->kind == TY_FUNC ? t->u.func.nparams : 0,
                            t->flags);
  Type **slot = &ts->derived[h & (ts->derived_cap - 1)];
  t->derived = *slot;
  *slot = t;
  ts->derived_count++;
}

Type *type_pointer(Type *to) {
  if (to->ptr_to)
    return to->ptr_to;
  Type *t = new_type(TY_PTR);
  t->base = to;
  t->depth = to->depth + 1;
  t->size = 8;
  t->align = 8;
  to->ptr_to = t;
  return t;
}

/* Array types are shared like GCC's (the flag that marks an incomplete
   one is part of the key, so `char[]` is one type), except that each
   zero-length array declarator makes a type of its own, as in GCC's C
   front end (its debug information has one DIE per `[0]`).  */
Type *type_array(Type *elem, int64_t len) {
  int64_t es = type_size(elem);
  bool incomplete = len < 0 || es < 0;
  uint16_t flags = incomplete ? TYF_INCOMPLETE : 0;
  bool created;
  Type *t = derived_get(TY_ARRAY, elem, len, NULL, 0, flags, &created);
  if (created || len == 0) {
    if (!created) {
      Type *fresh = new_type(TY_ARRAY);
      fresh->base = elem;
      fresh->flags = flags;
      fresh->depth = t->depth;
      fresh->u.array.len = 0;
      t = fresh;
    }
    t->align = type_align(elem);
    t->size = incomplete ? -1 : es * len;
  }
  return t;
}

/* The x86-64 psABI's layout, GCC's: the smallest of 1, 2, 4 and 8 bytes
   that holds N bits, then whole 8-byte words aligned to 8.  */
Type *type_bitint(int64_t width, bool is_unsigned) {
  bool created;
  Type *t = derived_get(TY_BITINT, NULL, width, NULL, 0,
                        is_unsigned ? TYF_UNSIGNED : 0, &created);
  if (created) {
    int64_t bytes = width <= 8 ? 1 : width <= 16 ? 2 : width <= 32 ? 4
                    : (width + 63) / 64 * 8;
    t->size = bytes;
    t->align = bytes < 8 ? (uint32_t)bytes : 8;
  }
  return t;
}

int64_t type_int_width(Type *t) {
  Type *c = type_canon(t);
  if (c->kind == TY_BITINT)
    return c->u.bitint.width;
  return type_size(c) * 8;
}

Type *type_vla(Type *elem) {
  bool created;
  Type *t = derived_get(TY_ARRAY, elem, -2, NULL, 0, TYF_VLA, &created);
  if (created) {
    t->align = type_align(elem);
    t->size = 0; /* unknown at compile time; GCC gives sizeof a run-time value */
  }
  return t;
}

Type *type_vector(Type *elem, int64_t bytes) {
  bool created;
  int64_t es = type_size(elem);
  int64_t n = es > 0 ? bytes / es : 0;
  Type *t = derived_get(TY_VECTOR, elem, n, NULL, 0, 0, &created);
  if (created) {
    t->size = bytes;
    /* GCC aligns vectors to their size, capped at the biggest alignment. */
    uint32_t big = ctx_current->target.arch == ARCH_BPF ? 8 : 16;
    uint32_t a = 1;
    while ((int64_t)a < bytes && a < big)
      a *= 2;
    t->align = a;
  }
  return t;
}

Type *type_complex(Type *component) {
  bool created;
  Type *t = derived_get(TY_COMPLEX, component, 0, NULL, 0, 0, &created);
  if (created) {
    t->size = type_size(component) * 2;
    t->align = type_align(component);
  }
  return t;
}

Type *type_function(Type *ret, Param *params, int nparams, bool variadic,
                    bool oldstyle) {
  uint16_t flags = (uint16_t)((variadic ? TYF_VARIADIC : 0) |
                              (oldstyle ? TYF_OLDSTYLE : 0));
  bool created;
  Type *t = derived_get(TY_FUNC, ret, 0, params, nparams, flags, &created);
  if (created) {
    t->size = 1; /* GNU: sizeof a function is 1 */
    t->align = 1;
  }
  return t;
}

Type *type_typedef(Decl *d) {
  Type *t = new_type(TY_TYPEDEF);
  t->base = d->type;
  t->depth = d->type->depth + 1;
  t->u.tdef = d;
  t->size = type_size(d->type);
  t->align = type_align(d->type);
  if (type_canon(d->type)->flags & TYF_INCOMPLETE)
    t->flags |= TYF_INCOMPLETE;
  return t;
}

Record *record_new(TypeKind kind, Ident *name, SrcLoc loc) {
  Record *r = NEW(Record);
  r->kind = kind;
  r->name = name;
  r->loc = loc;
  r->size = -1;
  r->align = 1;
  return r;
}

Type *type_record(Record *r) {
  Type *t = new_type((TypeKind)r->kind);
  t->u.rec = r;
  t->size = -1;
  t->align = 1;
  t->flags |= TYF_INCOMPLETE;
  if (r->kind == TY_ENUM)
    t->flags |= TYF_UNSIGNED;
  return t;
}

/* --- Variants --- */

static bool tags_equal(const BtfTag *a, const BtfTag *b) {
  for (; a && b; a = a->next, b = b->next)
    if (a->value != b->value) /* values are interned */
      return false;
  return a == b;
}

/* The variant of T's main variant with exactly these properties.  */
/* Variants made while a struct, union or enum was incomplete copied its
   incomplete state; once it is complete, bring them up to date, so that
   `const struct X` is one type before and after X's definition (as in
   GCC, where it gets one DIE).  */
static void complete_variants(Type *m) {
  if (m->flags & TYF_INCOMPLETE)
    return;
  for (Type *v = m->next_variant; v; v = v->next_variant)
    if (v->flags & TYF_INCOMPLETE) {
      v->flags &= (uint16_t)~TYF_INCOMPLETE;
      v->size = m->size;
      if (!(v->flags & TYF_USER_ALIGN))
        v->align = m->align;
    }
}

static Type *variant_get(Type *t, unsigned quals, BtfTag *tags, uint32_t align,
                         uint16_t flags) {
  Type *m = t->main;
  if (m->kind == TY_STRUCT || m->kind == TY_UNION || m->kind == TY_ENUM)
    complete_variants(m);
  if (m->quals == quals && tags_equal(m->tags, tags) && m->align == align &&
      m->flags == flags)
    return m;
  for (Type *v = m->next_variant; v; v = v->next_variant)
    if (v->quals == quals && tags_equal(v->tags, tags) && v->align == align &&
        v->flags == flags)
      return v;
  Type *v = new_type((TypeKind)m->kind);
  uint32_t id = v->id;
  *v = *m;
  v->id = id;
  v->quals = (uint8_t)quals;
  v->tags = tags;
  v->align = align;
  v->flags = flags;
  v->ptr_to = NULL;
  v->derived = NULL;
  v->main = m;
  v->next_variant = m->next_variant;
  m->next_variant = v;
  return v;
}

Type *type_qualified(Type *t, unsigned quals) {
  if ((t->quals | quals) == t->quals)
    return t;
  /* C17 6.7.3p10: qualifying an array type qualifies its elements.  */
  if (t->kind == TY_ARRAY) {
    Type *e = type_qualified(t->base, quals);
    Type *a = (t->flags & TYF_VLA) ? type_vla(e) : type_array(e, t->u.array.len);
    return t->tags ? type_with_tags(a, t->tags) : a;
  }
  return variant_get(t, t->quals | quals, t->tags, t->align, t->flags);
}

Type *type_unqualified(Type *t) {
  if (!t->quals)
    return t;
  return variant_get(t, 0, t->tags, t->align, t->flags);
}

Type *type_with_tags(Type *t, BtfTag *tags) {
  if (!tags)
    return t;
  /* Append T's existing tags after the new ones (a fresh list).  */
  BtfTag *head = NULL, **tail = &head;
  for (BtfTag *g = tags; g; g = g->next) {
    BtfTag *c = NEW(BtfTag);
    *c = *g;
    c->next = NULL;
    *tail = c;
    tail = &c->next;
  }
  *tail = t->tags;
  return variant_get(t, t->quals, head, t->align, t->flags);
}

/* Parameter adjustment (C17 6.7.6.3p7-8).  The type tags of the array
   stay with the pointer it becomes, as GCC keeps them.  */
Type *type_param_adjusted(Type *t, unsigned array_quals) {
  Type *c = type_canon(t);
  if (c->kind == TY_ARRAY)
    return type_qualified(type_with_tags(type_pointer(c->base), t->tags),
                          array_quals);
  if (c->kind == TY_FUNC)
    return type_pointer(t);
  return t;
}

Type *type_with_align(Type *t, uint32_t align) {
  return variant_get(t, t->quals, t->tags, align, t->flags | TYF_USER_ALIGN);
}

Type *type_with_flags(Type *t, uint16_t flags) {
  return variant_get(t, t->quals, t->tags, t->align, t->flags | flags);
}

/* --- Queries --- */

Type *type_canon(Type *t) {
  if (t->kind != TY_TYPEDEF)
    return t;
  unsigned q = 0;
  while (t->kind == TY_TYPEDEF) {
    q |= t->quals;
    t = t->base;
  }
  return q ? type_qualified(t, q) : t;
}

unsigned type_all_quals(Type *t) {
  unsigned q = 0;
  for (;;) {
    q |= t->quals;
    if (t->kind != TY_TYPEDEF)
      return q;
    t = t->base;
  }
}

bool type_is_integer(Type *t) {
  TypeKind k = type_kind(t);
  return (k >= TY_BOOL && k <= TY_BITINT) || k == TY_ENUM;
}

bool type_is_real_float(Type *t) {
  TypeKind k = type_kind(t);
  return k >= TY_FLOAT && k <= TY_DECIMAL128;
}

bool type_is_arith(Type *t) {
  return type_is_integer(t) || type_is_real_float(t) ||
         type_kind(t) == TY_COMPLEX;
}

bool type_is_scalar(Type *t) {
  return type_is_arith(t) || type_is_pointer(t) || type_kind(t) == TY_NULLPTR;
}

bool type_is_signed(Type *t) {
  Type *c = type_canon(t);
  if (c->kind == TY_ENUM)
    return c->u.rec->enum_int ? !(c->u.rec->enum_int->flags & TYF_UNSIGNED)
                              : false;
  if (c->kind >= TY_FLOAT && c->kind <= TY_DECIMAL128)
    return true;
  return !(c->flags & TYF_UNSIGNED);
}

bool type_is_pointer(Type *t) { return type_kind(t) == TY_PTR; }

bool type_is_record(Type *t) {
  TypeKind k = type_kind(t);
  return k == TY_STRUCT || k == TY_UNION;
}

bool type_is_void(Type *t) { return type_kind(t) == TY_VOID; }

static Type *main_of_canon(Type *t) { return type_canon(t)->main; }

bool type_is_complete(Type *t) {
  Type *c = type_canon(t);
  switch (c->kind) {
  case TY_VOID:
    return false;
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    return c->u.rec->complete;
  case TY_ARRAY:
    return c->u.array.len >= 0 || (c->flags & TYF_VLA);
  default:
    return true;
  }
}

int64_t type_size(Type *t) {
  Type *c = type_canon(t);
  switch (c->kind) {
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    return c->u.rec->complete ? c->u.rec->size : -1;
  case TY_ARRAY: {
    if (c->flags & TYF_VLA)
      return 0;
    if (c->u.array.len < 0)
      return -1;
    int64_t es = type_size(c->base);
    return es < 0 ? -1 : es * c->u.array.len;
  }
  case TY_VOID:
    return 1; /* GNU: sizeof(void) == 1 */
  default:
    return c->size;
  }
}

uint32_t type_align(Type *t) {
  /* A user alignment on a typedef or variant wins; otherwise the natural
     alignment of the underlying type.  */
  for (Type *p = t;; p = p->base) {
    if (p->flags & TYF_USER_ALIGN)
      return p->align;
    if (p->kind != TY_TYPEDEF)
      break;
  }
  Type *c = main_of_canon(t);
  switch (c->kind) {
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    return c->u.rec->align ? c->u.rec->align : 1;
  case TY_ARRAY:
    return type_align(c->base);
  default:
    return c->align ? c->align : 1;
  }
}

/* Ranks (C23 6.3.1.1) as numbers that order by width first: bool
   lowest, then by the width of the values, and at one width a standard
   type above a bit-precise one (long long above long).  */
int type_int_rank(Type *t) {
  Type *c = type_canon(t);
  if (c->kind == TY_BOOL)
    return 1;
  if (c->kind == TY_ENUM)
    return 32 * 8 + 4; /* as int */
  if (!type_is_integer(c))
    return 0;
  int rank = (int)type_int_width(c) * 8;
  if (c->kind == TY_LLONG || c->kind == TY_ULLONG)
    rank += 5;
  else if (c->kind != TY_BITINT)
    rank += 4;
  return rank;
}

Type *type_int_of_size(int64_t size, bool is_unsigned) {
  switch (size) {
  case 1:
    return is_unsigned ? ty_uchar : ty_schar;
  case 2:
    return is_unsigned ? ty_ushort : ty_short;
  case 4:
    return is_unsigned ? ty_uint : ty_int;
  case 8:
    return is_unsigned ? ty_ulong : ty_long;
  default:
    return is_unsigned ? ty_uint128 : ty_int128;
  }
}

bool types_compatible(Type *a, Type *b, bool ignore_quals) {
  a = type_canon(a);
  b = type_canon(b);
  if (a == b)
    return true;
  if (!ignore_quals && a->quals != b->quals)
    return false;
  if (a->kind != b->kind) {
    /* An enum is compatible with its underlying integer type.  */
    if (a->kind == TY_ENUM && a->u.rec->enum_int)
      return types_compatible(a->u.rec->enum_int, b, true);
    if (b->kind == TY_ENUM && b->u.rec->enum_int)
      return types_compatible(a, b->u.rec->enum_int, true);
    return false;
  }
  switch (a->kind) {
  case TY_PTR:
    return types_compatible(a->base, b->base, false);
  case TY_ARRAY:
    if (!types_compatible(a->base, b->base, false))
      return false;
    return a->u.array.len < 0 || b->u.array.len < 0 ||
           a->u.array.len == b->u.array.len || (a->flags & TYF_VLA) ||
           (b->flags & TYF_VLA);
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    return a->u.rec == b->u.rec;
  case TY_FUNC:
    if (!types_compatible(a->base, b->base, true))
      return false;
    if ((a->flags & TYF_OLDSTYLE) || (b->flags & TYF_OLDSTYLE))
      return true;
    if (a->u.func.nparams != b->u.func.nparams ||
        (a->flags & TYF_VARIADIC) != (b->flags & TYF_VARIADIC))
      return false;
    for (int i = 0; i < a->u.func.nparams; i++)
      if (!types_compatible(a->u.func.params[i].type, b->u.func.params[i].type,
                            true))
        return false;
    return true;
  case TY_VECTOR:
    return a->u.array.len == b->u.array.len &&
           types_compatible(a->base, b->base, true);
  case TY_COMPLEX:
    return types_compatible(a->base, b->base, true);
  default:
    return a->main == b->main;
  }
}

const char *type_basic_name(Type *t) {
  if (t->kind != TY_BITINT)
    return type_base_name((TypeKind)t->kind);
  char name[48];
  snprintf(name, sizeof name, "%s_BitInt(%lld)",
           t->flags & TYF_UNSIGNED ? "unsigned " : "",
           (long long)t->u.bitint.width);
  return arena_strndup(perm, name, strlen(name));
}

const char *type_base_name(TypeKind k) {
  switch (k) {
  case TY_VOID: return "void";
  case TY_BOOL: return lang_year() >= 2023 ? "bool" : "_Bool"; /* C23 keyword */
  case TY_CHAR: return "char";
  case TY_SCHAR: return "signed char";
  case TY_UCHAR: return "unsigned char";
  case TY_SHORT: return "short int";
  case TY_USHORT: return "short unsigned int";
  case TY_INT: return "int";
  case TY_UINT: return "unsigned int";
  case TY_LONG: return "long int";
  case TY_ULONG: return "long unsigned int";
  case TY_LLONG: return "long long int";
  case TY_ULLONG: return "long long unsigned int";
  case TY_INT128: return "__int128";
  case TY_UINT128: return "__int128 unsigned";
  case TY_FLOAT: return "float";
  case TY_DOUBLE: return "double";
  case TY_LDOUBLE: return "long double";
  case TY_FLOAT16: return "_Float16";
  case TY_FLOAT32: return "_Float32";
  case TY_FLOAT64: return "_Float64";
  case TY_FLOAT128: return "_Float128";
  case TY_FLOAT32X: return "_Float32x";
  case TY_FLOAT64X: return "_Float64x";
  case TY_FLOAT128X: return "_Float128x";
  case TY_FLOAT128_GNU: return "__float128";
  case TY_BF16: return "__bf16";
  case TY_DECIMAL32: return "_Decimal32";
  case TY_DECIMAL64: return "_Decimal64";
  case TY_DECIMAL128: return "_Decimal128";
  case TY_NULLPTR: return "nullptr_t";
  default: return "?";
  }
}

/* C declarator syntax for diagnostics: builds "int (*)[3]" style names. */
static void type_name_rec(Buf *b, Type *t, const char *inner, bool strip);

static void type_name_prefix(Buf *b, Type *t) {
  static const char *const qn[] = {"const ", "volatile ", "restrict ",
                                   "_Atomic "};
  for (int i = 0; i < 4; i++)
    if (t->quals & (1u << i) && t->kind != TY_PTR)
      buf_puts(b, qn[i]);
}

static void type_name_rec(Buf *b, Type *t, const char *inner, bool strip) {
  /* (an anonymous struct, union or enum is known by its typedef name) */
  if (strip && t->kind == TY_TYPEDEF &&
      !((t->base->kind == TY_STRUCT || t->base->kind == TY_UNION ||
         t->base->kind == TY_ENUM) && !t->base->u.rec->name)) {
    type_name_rec(b, type_qualified(t->base, t->quals), inner, true);
    return;
  }
  switch (t->kind) {
  case TY_PTR: {
    Buf in = {0};
    buf_putc(&in, '*');
    if (t->quals & Q_CONST)
      buf_puts(&in, " const");
    if (t->quals & Q_VOLATILE)
      buf_puts(&in, " volatile");
    if (t->quals & Q_RESTRICT)
      buf_puts(&in, " restrict");
    buf_puts(&in, inner);
    Type *c = type_canon(t->base);
    if (c->kind == TY_ARRAY || c->kind == TY_FUNC) {
      Buf p = {0};
      buf_printf(&p, "(%s)", buf_cstr(&in));
      type_name_rec(b, t->base, buf_cstr(&p), strip);
      buf_free(&p);
    } else {
      type_name_rec(b, t->base, buf_cstr(&in), strip);
    }
    buf_free(&in);
    return;
  }
  case TY_ARRAY: {
    Buf in = {0};
    buf_puts(&in, inner);
    if (t->u.array.len >= 0)
      buf_printf(&in, "[%lld]", (long long)t->u.array.len);
    else
      buf_puts(&in, "[]");
    type_name_rec(b, t->base, buf_cstr(&in), strip);
    buf_free(&in);
    return;
  }
  case TY_FUNC: {
    Buf in = {0};
    buf_puts(&in, inner);
    buf_putc(&in, '(');
    for (int i = 0; i < t->u.func.nparams; i++) {
      if (i)
        buf_puts(&in, ", ");
      type_name_rec(&in, t->u.func.params[i].type, "", strip);
    }
    if (t->flags & TYF_VARIADIC)
      buf_puts(&in, t->u.func.nparams ? ", ..." : "...");
    else if (t->u.func.nparams == 0 && !(t->flags & TYF_OLDSTYLE))
      buf_puts(&in, "void");
    buf_putc(&in, ')');
    type_name_rec(b, t->base, buf_cstr(&in), strip);
    buf_free(&in);
    return;
  }
  default:
    break;
  }
  type_name_prefix(b, t);
  switch (t->kind) {
  case TY_STRUCT:
  case TY_UNION:
  case TY_ENUM:
    buf_printf(b, "%s %s",
               t->kind == TY_STRUCT ? "struct"
               : t->kind == TY_UNION ? "union"
                                     : "enum",
               t->u.rec->name ? t->u.rec->name->name : "<anonymous>");
    break;
  case TY_TYPEDEF:
    buf_puts(b, t->u.tdef->name->name);
    break;
  case TY_COMPLEX:
    buf_puts(b, "complex ");
    type_name_rec(b, t->base, "", strip);
    break;
  case TY_VECTOR:
    buf_printf(b, "__vector(%lld) ", (long long)t->u.array.len);
    type_name_rec(b, t->base, "", strip);
    break;
  default:
    buf_puts(b, type_basic_name(t));
    break;
  }
  if (inner[0]) {
    if (inner[0] != '[' && inner[0] != '(')
      buf_putc(b, ' ');
    buf_puts(b, inner);
  }
}

const char *type_name(Type *t) {
  Buf b = {0};
  type_name_rec(&b, t, "", false);
  char *s = arena_strndup(perm, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

const char *type_quoted(Type *t) {
  Buf b = {0}, stripped = {0};
  buf_putc(&b, '\'');
  type_name_rec(&b, t, "", false);
  buf_putc(&b, '\'');
  type_name_rec(&stripped, t, "", true);
  if (stripped.len != b.len - 2 || memcmp(stripped.data, b.data + 1, stripped.len))
    buf_printf(&b, " {aka '%s'}", buf_cstr(&stripped));
  char *s = arena_strndup(perm, b.data, b.len);
  buf_free(&b);
  buf_free(&stripped);
  return s;
}
