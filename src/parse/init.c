/* Initializers (C17 6.7.9): braces, designators, brace elision and string
   literals for character arrays.  What we need from them: the length of
   an array declared with [], whether the value holds addresses or is all
   zero (GCC chooses the variable's section from that), and the value
   itself as the typed tree's Init: a flat list of stores, each at the
   byte offset (and for a bit-field the bit position) the walk through
   the braces and designators reaches.  A later store to the same place
   replaces an earlier one (C17 6.7.9p19).  */
#include "parser.h"
#include "../sema/tree_walk.h"

#include <math.h>
#include <string.h>

/* Where the value being read goes: a byte offset in the object (-1: an
   excess element, kept nowhere) and, for a bit-field, its member (whose
   bit offset counts from `off`, the start of its record).  */
typedef struct Place {
  int64_t off;
  const Member *bf;
} Place;

typedef struct InitState {
  Parser *p;
  InitInfo *info;
  bool want;              /* build the store list */
  VEC(InitElem) elems;
  int64_t flex_size;      /* bytes of a flexible array member's elements */
  SrcLoc designation;     /* the first designator of the latest designation */
  /* An expression met where brace elision began, whose type is not the
     aggregate's: it initializes the first scalar, or the first member
     of its own record type, that the elision reaches (GCC's order).  */
  bool has_pending;
  bool pending_erred; /* its parse reported errors */
  Expr pending;
} InitState;

static const Place NOWHERE = {-1, NULL};

/* The '=' that ends a designation (GCC's pedwarn in C90 at its first
   designator); false if there is none.  */
static bool designation_eq(InitState *s) {
  if (!accept_punct(s->p, P_ASSIGN))
    return false;
  diag_pedwarn_c90(s->designation, W_PEDANTIC,
                   "ISO C90 forbids specifying subobject to initialize");
  return true;
}

/* [lo ... hi]: the GNU range after lo, if any, in *HI.  */
static void designator_range(Parser *p, int64_t *hi) {
  if (!at_punct(p, P_ELLIPSIS))
    return;
  diag_pedwarn(next(p).loc, W_PEDANTIC,
               "ISO C forbids specifying range of elements to initialize");
  bool u;
  parse_int_const_expr(p, hi, &u);
}

static Place at(Place base, int64_t delta) {
  Place r = {base.off < 0 ? -1 : base.off + delta, NULL};
  return r;
}

/* The place of member M of a record at BASE.  */
static Place member_place(Place base, const Member *m) {
  if (base.off < 0)
    return NOWHERE;
  if (m->is_bitfield) {
    Place r = {base.off, m};
    return r;
  }
  return at(base, m->bit_offset / 8);
}

/* Record a store of VALUE (type T) at PL.  */
static void add_store(InitState *s, Place pl, Type *t, Node *value) {
  if (!s->want || pl.off < 0 || !value)
    return;
  InitElem e = {0};
  e.offset = pl.off;
  e.bit_width = -1;
  e.type = t;
  e.value = value;
  if (pl.bf) {
    int64_t storage = type_size(pl.bf->type);
    if (storage <= 0)
      storage = 1;
    int64_t unit = pl.bf->bit_offset / (storage * 8) * storage;
    e.offset = pl.off + unit;
    e.bit_offset = (int32_t)(pl.bf->bit_offset - unit * 8);
    e.bit_width = pl.bf->bit_width;
  }
  vec_push(&s->elems, e);
}

static void init_object(InitState *s, Type *t, Place pl);

/* Record what a scalar initializer value means for the section choice.  */
static void note_value(InitState *s, const Expr *e) {
  InitInfo *info = s->info;
  switch (e->cv.kind) {
  case CV_INT:
    if (e->cv.i != 0)
      info->all_zero = false;
    break;
  case CV_FLOAT:
    if (e->cv.f != 0 || signbit(e->cv.f))
      info->all_zero = false;
    break;
  case CV_ADDR:
    if (e->cv.sym || e->cv.str || e->cv.label) {
      info->has_reloc = true;
      info->all_zero = false;
    } else if (e->cv.i != 0) {
      info->all_zero = false;
    }
    break;
  default:
    info->is_const = false;
    info->all_zero = false;
  }
}

/* tree_walk visitor: sets *(bool *)CTX when N computes at run time --
   a call, an automatic compound literal, or a read of an object other
   than a const one with an initializer (GCC folds those).  */
static void note_run_time(const Node *n, void *ctx) {
  if (n->kind == EX_CALL)
    *(bool *)ctx = true;
  /* a block's compound literal: made when the block runs */
  if (n->kind == EX_COMPOUND_LIT && n->u.decl && n->u.decl->sc != SC_STATIC)
    *(bool *)ctx = true;
  if (n->kind == EX_CAST && n->cast_kind == CAST_LOAD) {
    const Decl *v = tree_root_var(n->a);
    bool folded_const = v && v->kind == DECL_VAR &&
                        (type_all_quals(v->type) & (Q_CONST | Q_VOLATILE)) == Q_CONST &&
                        v->first && v->first->init;
    if (!folded_const)
      *(bool *)ctx = true;
  }
}

/* GCC's error for a value E of an object of static storage that is
   computed at run time (it reads a variable, it calls a function).  */
static void check_constant_element(InitState *s, const Expr *e, bool erred) {
  if (!s->info->static_storage || erred || expr_erred(e) || e->cv.kind != CV_NONE || !e->n)
    return;
  int64_t folded;
  if (tree_fold_int(e->n, &folded))
    return;
  bool run_time = false;
  tree_walk(e->n, note_run_time, &run_time);
  if (run_time)
    diag_error(e->loc, "initializer element is not constant");
}

static bool is_char_array(Type *t) {
  Type *c = type_canon(t);
  if (c->kind != TY_ARRAY)
    return false;
  Type *e = type_canon(c->base);
  return type_is_integer(e) &&
         (type_size(e) == 1 || e->main == type_canon(ty_wchar)->main ||
          e->main == ty_char16 || e->main == ty_char32);
}

static bool is_aggregate(Type *t) {
  TypeKind k = type_kind(t);
  return k == TY_ARRAY || k == TY_STRUCT || k == TY_UNION;
}

/* A flexible array member (T, at PL) initialized with N elements: GCC
   adds their bytes to the size of the object that holds it.  */
static void note_flexible(InitState *s, Type *t, Place pl, int64_t n) {
  Type *c = type_canon(t);
  int64_t esize = type_size(c->base);
  if (pl.off >= 0 && c->u.array.len < 0 && esize > 0 && n * esize > s->flex_size)
    s->flex_size = n * esize;
}

/* GCC's warning when string literal E does not fit the array T it
   initializes, its terminating null aside (at WHERE: the string, or the
   brace before it).  */
static void check_string_fits(Type *t, const Expr *e, SrcLoc where) {
  Type *c = type_canon(t);
  int64_t esize = type_size(c->base);
  if (c->u.array.len < 0 || esize <= 0 || (int64_t)e->str_len <= c->u.array.len)
    return;
  diag_warning(where, W_NONE,
               "initializer-string for array of %s is too long (%lld chars into %lld available)",
               type_quoted(type_unqualified(type_canon(c->base))),
               (long long)(e->str_len + 1) * e->str_width,
               (long long)(c->u.array.len * esize));
}

/* A string literal initializing a character array (of unknown length:
   a flexible array member, which takes the string's length).  */
static void init_string(InitState *s, Type *t, Place pl, SrcLoc where) {
  Expr e;
  parse_string_literal(s->p, &e);
  check_string_fits(t, &e, where);
  for (uint32_t i = 0; i < e.str_len * e.str_width; i++)
    if (e.str[i])
      s->info->all_zero = false;
  Type *c = type_canon(t);
  if (c->u.array.len < 0) {
    t = type_array(c->base, (int64_t)e.str_len + 1);
    note_flexible(s, c, pl, (int64_t)e.str_len + 1);
  }
  if (s->want)
    add_store(s, pl, t, string_node(s->p, &e));
}

/* A compound literal alone as the value of a scalar of static storage
   (`int y = (int){4};`): GCC takes the constant its own initializer
   gives it, with a pedwarn (ISO C has no such constant).  Other values
   read from a literal stay run-time ones.  */
static void take_literal_constant(Expr *e) {
  const Node *n = e->n;
  if (!n || n->kind != EX_CAST || n->cast_kind != CAST_LOAD || !n->a ||
      n->a->kind != EX_COMPOUND_LIT)
    return;
  const Decl *d = n->a->u.decl;
  const Init *init = n->a->init;
  /* a static one in a block may have been written since */
  if (!d || !init || (d->sc == SC_STATIC && !d->file_scope) || init->nelems != 1 ||
      init->elems[0].offset != 0 || !init->elems[0].value ||
      init->elems[0].value->kind != EX_CONST)
    return;
  diag_pedwarn(e->loc, W_PEDANTIC, "initializer element is not constant");
  e->n = init->elems[0].value;
  e->cv = e->n->u.cv;
}

/* initializer of a scalar: assignment-expression | { assignment-expression ,? }
   One scalar: expression, or a brace-enclosed expression.  The value
   converts to T as if by assignment.  */
static void init_scalar(InitState *s, Type *t, Place pl) {
  Parser *p = s->p;
  if (at_punct(p, P_LBRACE)) {
    next(p);
    if (at_punct(p, P_RBRACE)) {
      next(p);
      return; /* {} zero-initializes (C23 / GNU) */
    }
    nest_enter(p, "initializer");
    init_scalar(s, t, pl);
    nest_leave(p);
    while (accept_punct(p, P_COMMA) && !at_punct(p, P_RBRACE)) {
      diag_warning(cur_loc(p), W_OTHER, "excess elements in scalar initializer");
      init_scalar(s, t, NOWHERE);
    }
    expect_punct(p, P_RBRACE, NULL);
    return;
  }
  unsigned errors = diag_error_count();
  bool erred = s->has_pending && s->pending_erred;
  Expr e = s->has_pending ? s->pending : expr_rvalue(p, parse_assign_expr(p));
  s->has_pending = false;
  AssignSite site = {.kind = ASSIGN_INIT, .loc = e.loc,
                     .value_erred = erred || diag_error_count() != errors};
  if (e.type && type_kind(e.type) == TY_VOID)
    diag_error(e.loc, "void value not ignored as it ought to be");
  if (s->info->static_storage && !site.value_erred)
    take_literal_constant(&e);
  check_constant_element(s, &e, site.value_erred);
  note_value(s, &e);
  if (s->want)
    add_store(s, pl, t, expr_convert_as_assigned(p, &e, t, &site));
  else
    expr_check_as_assigned(p, &e, t, &site);
}

/* Parse designators ( [i] | [a ... b] | .name )* = ; returns false if
   none.  For an array, *index is set; for a record, *member.  Only the
   first designator is resolved here; nested ones are handled by
   recursion through init_designated.  */
static void init_designated(InitState *s, Type *t, Place pl);

/* initializer-list: designation? initializer ( , designation? initializer )*
   for an array.
   Initialize the elements of array T from the current list position;
   BRACED: inside the array's own braces (designators allowed), else
   brace-elided (stop when the array is full).  Returns elements used.  */
static int64_t init_array_items(InitState *s, Type *t, bool braced, Place pl) {
  Parser *p = s->p;
  Type *c = type_canon(t);
  Type *elem = c->base;
  int64_t esize = type_size(elem) > 0 ? type_size(elem) : 0;
  int64_t len = c->u.array.len; /* -1: unknown */
  int64_t index = 0, max = 0;
  while (s->has_pending || (!at_punct(p, P_RBRACE) && !at_eof(p))) {
    if (!braced && len >= 0 && index >= len)
      break;
    if (at_punct(p, P_LBRACKET) || at_punct(p, P_DOT)) {
      if (!braced)
        break; /* a designator belongs to the enclosing braces */
      s->designation = cur_loc(p);
      if (at_punct(p, P_DOT)) {
        diag_error(cur_loc(p), "field name not in record or union initializer");
        skip_balanced(p);
        continue;
      }
      next(p);
      int64_t lo, hi;
      bool u;
      parse_int_const_expr(p, &lo, &u);
      hi = lo;
      designator_range(p, &hi);
      expect_punct(p, P_RBRACKET, NULL);
      if (lo < 0 || (len >= 0 && hi >= len)) {
        diag_error(p->prev.loc, "array index in initializer exceeds array bounds");
        lo = hi = 0;
      }
      index = lo;
      size_t first_elem = s->elems.len;
      if (at_punct(p, P_LBRACKET) || at_punct(p, P_DOT))
        init_designated(s, elem, at(pl, lo * esize));
      else {
        designation_eq(s);
        init_object(s, elem, at(pl, lo * esize));
      }
      /* [lo ... hi] = v: the same stores for every element.  */
      size_t last_elem = s->elems.len;
      for (int64_t k = lo + 1; k <= hi && s->want; k++)
        for (size_t j = first_elem; j < last_elem; j++) {
          InitElem e = s->elems.data[j];
          e.offset += (k - lo) * esize;
          vec_push(&s->elems, e);
        }
      index = hi + 1;
    } else {
      if (len >= 0 && index >= len) {
        diag_warning(cur_loc(p), W_OTHER, "excess elements in array initializer");
        init_object(s, elem, NOWHERE);
      } else {
        init_object(s, elem, at(pl, index * esize));
      }
      index++;
    }
    if (index > max)
      max = index;
    if (!at_punct(p, P_COMMA))
      break;
    if (!braced && len >= 0 && index >= len)
      break;
    if (!braced && at_punct_n(p, 1, P_RBRACE))
      break;
    next(p);
  }
  return max;
}

/* initializer-list for a struct or union (GNU also: identifier :
   initializer); members of struct/union T, like init_array_items.  */
static void init_record_items(InitState *s, Type *t, bool braced, Place pl) {
  Parser *p = s->p;
  Record *r = type_canon(t)->u.rec;
  int i = 0;
  bool is_union = r->kind == TY_UNION;
  /* Unnamed bit-fields take no initializer.  */
  while (i < r->nmembers && !r->members[i].name && r->members[i].is_bitfield)
    i++;
  while (s->has_pending || (!at_punct(p, P_RBRACE) && !at_eof(p))) {
    if (!braced && (i >= r->nmembers || (is_union && i > 0)))
      break;
    if (at_punct(p, P_DOT) || at_punct(p, P_LBRACKET)) {
      if (!braced)
        break;
      s->designation = cur_loc(p);
      if (at_punct(p, P_LBRACKET)) {
        diag_error(cur_loc(p), "array index in non-array initializer");
        skip_balanced(p);
        continue;
      }
      next(p);
      const Token *nt = peek(p, 0);
      if (nt->kind != TK_IDENT) {
        syntax_error(p, nt, "identifier");
        return;
      }
      Token name = next(p);
      int found = -1;
      for (int j = 0; j < r->nmembers; j++)
        if (r->members[j].name == name.ident)
          found = j;
      if (found < 0) {
        /* A member of an anonymous struct/union member.  */
        for (int j = 0; j < r->nmembers && found < 0; j++) {
          Member *m = &r->members[j];
          if (m->name || !type_is_record(m->type))
            continue;
          Record *in = type_canon(m->type)->u.rec;
          for (int k = 0; k < in->nmembers; k++)
            if (in->members[k].name == name.ident)
              found = j;
        }
        if (found < 0) {
          diag_error(name.loc, "%s has no member named '%s'", type_quoted(t),
                     name.ident->name);
          while (!at_eof(p) && !at_punct(p, P_COMMA) && !at_punct(p, P_RBRACE))
            skip_balanced(p);
        } else {
          /* Re-dispatch the designator into the anonymous member.  */
          Member *m = &r->members[found];
          Record *in = type_canon(m->type)->u.rec;
          Place inner = member_place(pl, m);
          for (int k = 0; k < in->nmembers; k++)
            if (in->members[k].name == name.ident) {
              Place mp = member_place(inner, &in->members[k]);
              if (at_punct(p, P_DOT) || at_punct(p, P_LBRACKET))
                init_designated(s, in->members[k].type, mp);
              else {
                designation_eq(s);
                init_object(s, in->members[k].type, mp);
              }
            }
          i = found + 1;
        }
      } else {
        Member *m = &r->members[found];
        if (at_punct(p, P_DOT) || at_punct(p, P_LBRACKET))
          init_designated(s, m->type, member_place(pl, m));
        else {
          if (!designation_eq(s) && !at_punct(p, P_LBRACE))
            expect_punct(p, P_ASSIGN, NULL);
          init_object(s, m->type, member_place(pl, m));
        }
        i = found + 1;
      }
    } else if (peek(p, 0)->kind == TK_IDENT && at_punct_n(p, 1, P_COLON) &&
               braced) {
      /* Obsolete GNU form: name: value.  */
      Token name = next(p);
      diag_pedwarn(next(p).loc, W_PEDANTIC,
                   "obsolete use of designated initializer with ':'");
      int found = -1;
      for (int j = 0; j < r->nmembers; j++)
        if (r->members[j].name == name.ident)
          found = j;
      if (found < 0) {
        diag_error(name.loc, "%s has no member named '%s'", type_quoted(t),
                   name.ident->name);
        init_object(s, ty_int, NOWHERE);
      } else {
        init_object(s, r->members[found].type,
                    member_place(pl, &r->members[found]));
        i = found + 1;
      }
    } else {
      if (i >= r->nmembers || (is_union && i > 0)) {
        diag_warning(cur_loc(p), W_OTHER, "excess elements in %s initializer",
                     is_union ? "union" : "struct");
        init_object(s, ty_int, NOWHERE);
      } else {
        init_object(s, r->members[i].type, member_place(pl, &r->members[i]));
        i++;
      }
    }
    while (i < r->nmembers && !r->members[i].name && r->members[i].is_bitfield)
      i++;
    if (!at_punct(p, P_COMMA))
      break;
    if (!braced && (i >= r->nmembers || is_union))
      break;
    if (!braced && at_punct_n(p, 1, P_RBRACE))
      break;
    next(p);
  }
}

/* designation: designator-list =
   designator: [ constant-expression ] | [ lo ... hi ] (GNU) | . identifier
   After a designator: more designators applying to T's parts, then
   '=' and a value.  */
static void init_designated(InitState *s, Type *t, Place pl) {
  Parser *p = s->p;
  Type *c = type_canon(t);
  if (at_punct(p, P_LBRACKET)) {
    if (c->kind != TY_ARRAY) {
      diag_error(cur_loc(p), "array index in non-array initializer");
      skip_balanced(p);
      accept_punct(p, P_ASSIGN);
      init_object(s, ty_int, NOWHERE);
      return;
    }
    next(p);
    int64_t lo, hi;
    bool u;
    parse_int_const_expr(p, &lo, &u);
    hi = lo;
    designator_range(p, &hi);
    expect_punct(p, P_RBRACKET, NULL);
    int64_t esize = type_size(c->base) > 0 ? type_size(c->base) : 0;
    size_t first_elem = s->elems.len;
    init_designated(s, c->base, at(pl, lo * esize));
    size_t last_elem = s->elems.len;
    for (int64_t k = lo + 1; k <= hi && s->want && k - lo < (1 << 20); k++)
      for (size_t j = first_elem; j < last_elem; j++) {
        InitElem e = s->elems.data[j];
        e.offset += (k - lo) * esize;
        vec_push(&s->elems, e);
      }
    return;
  }
  if (at_punct(p, P_DOT)) {
    next(p);
    const Token *nt = peek(p, 0);
    if (nt->kind != TK_IDENT || (c->kind != TY_STRUCT && c->kind != TY_UNION)) {
      diag_error(nt->loc, "field name not in record or union initializer");
      skip_balanced(p);
      accept_punct(p, P_ASSIGN);
      init_object(s, ty_int, NOWHERE);
      return;
    }
    Token name = next(p);
    Record *r = c->u.rec;
    for (int j = 0; j < r->nmembers; j++)
      if (r->members[j].name == name.ident) {
        init_designated(s, r->members[j].type, member_place(pl, &r->members[j]));
        return;
      }
    diag_error(name.loc, "%s has no member named '%s'", type_quoted(t),
               name.ident->name);
    accept_punct(p, P_ASSIGN);
    init_object(s, ty_int, NOWHERE);
    return;
  }
  designation_eq(s);
  init_object(s, t, pl);
}

/* initializer: assignment-expression | { initializer-list ,? }
   Initialize one object of type T from the list position: braces,
   a string for a char array, an expression, or (for an aggregate without
   braces) brace elision.  */
static void init_object_inner(InitState *s, Type *t, Place pl);

static void init_object(InitState *s, Type *t, Place pl) {
  nest_enter(s->p, "initializer");
  init_object_inner(s, t, pl);
  nest_leave(s->p);
}

/* A whole struct or union initialized from expression E of its type.  */
static void init_record_value(InitState *s, Type *t, Place pl, Expr e) {
  note_value(s, &e);
  if (s->want)
    add_store(s, pl, t, expr_node(s->p, &e));
}

static void init_object_inner(InitState *s, Type *t, Place pl) {
  Parser *p = s->p;
  Type *c = type_canon(t);
  if (at_punct(p, P_LBRACE) && is_aggregate(t)) {
    SrcLoc brace = next(p).loc;
    if (c->kind == TY_ARRAY) {
      if (is_char_array(t) && peek(p, 0)->kind == TK_STRING &&
          (at_punct_n(p, 1, P_RBRACE) || peek(p, 1)->kind == TK_STRING)) {
        init_string(s, t, pl, brace);
      } else {
        note_flexible(s, t, pl, init_array_items(s, t, true, pl));
      }
    } else {
      init_record_items(s, t, true, pl);
    }
    accept_punct(p, P_COMMA);
    expect_punct(p, P_RBRACE, NULL);
    return;
  }
  if (!s->has_pending && is_char_array(t) && peek(p, 0)->kind == TK_STRING) {
    init_string(s, t, pl, peek(p, 0)->loc);
    return;
  }
  if (is_aggregate(t)) {
    /* Brace elision; but a value of the record's own type initializes
       the record: the expression is parsed here, and goes down the
       elision to the first scalar or record of its type if it is not.
       A string or a brace cannot be a record's value.  */
    if (c->kind != TY_ARRAY && !s->has_pending && !at_punct(p, P_LBRACE) &&
        !at_punct(p, P_DOT) && !at_punct(p, P_LBRACKET) &&
        peek(p, 0)->kind != TK_STRING) {
      unsigned errors = diag_error_count();
      s->pending = expr_rvalue(p, parse_assign_expr(p));
      s->pending_erred = diag_error_count() != errors;
      s->has_pending = true;
    }
    if (c->kind != TY_ARRAY && s->has_pending && s->pending.type &&
        types_compatible(s->pending.type, t, true)) {
      s->has_pending = false;
      init_record_value(s, t, pl, s->pending);
      return;
    }
    if (c->kind == TY_ARRAY)
      note_flexible(s, t, pl, init_array_items(s, t, false, pl));
    else
      init_record_items(s, t, false, pl);
    return;
  }
  init_scalar(s, t, pl);
}

static int elem_order(const void *a, const void *b) {
  const InitElem *x = a, *y = b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  if (x->bit_offset != y->bit_offset)
    return x->bit_offset < y->bit_offset ? -1 : 1;
  return 0;
}

/* The Init of the stores collected in S for an object of type T: sorted
   by place, a later store to a place replacing an earlier one.  */
static Init *finish_init(InitState *s, Type *t) {
  Init *in = NEW(Init);
  memset(in, 0, sizeof *in);
  in->type = t;
  in->is_const = s->info->is_const;
  in->has_reloc = s->info->has_reloc;
  in->all_zero = s->info->all_zero;
  in->flex_size = s->flex_size;
  size_t n = s->elems.len;
  if (n) {
    /* A stable insertion sort (stores mostly come in order already), so
       of two stores to one place the later stays last.  */
    InitElem *v = s->elems.data;
    for (size_t i = 1; i < n; i++) {
      InitElem e = v[i];
      size_t j = i;
      while (j > 0 && elem_order(&v[j - 1], &e) > 0) {
        v[j] = v[j - 1];
        j--;
      }
      v[j] = e;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
      if (m && elem_order(&v[m - 1], &v[i]) == 0)
        m--; /* replaced by the later store */
      v[m++] = v[i];
    }
    in->elems = NEW_ARRAY(InitElem, m);
    memcpy(in->elems, v, m * sizeof(InitElem));
    in->nelems = (int)m;
  }
  vec_free(&s->elems);
  return in;
}

static Type *parse_initializer_value(InitState *s, Type *t);

/* initializer: assignment-expression | { initializer-list ,? }
   The stores are gathered while the typed tree is being built.  */
Type *parse_initializer(Parser *p, Type *t, InitInfo *info, Init **out) {
  InitState s = {.p = p, .info = info, .want = out != NULL};
  info->all_zero = true;
  info->is_const = true;
  info->has_reloc = false;
  p->tree_depth += s.want;
  Type *nt = parse_initializer_value(&s, t);
  p->tree_depth -= s.want;
  if (out)
    *out = finish_init(&s, nt);
  return nt;
}

static Type *parse_initializer_value(InitState *s, Type *t) {
  Parser *p = s->p;
  InitInfo *info = s->info;
  Place whole = {0, NULL};
  Type *c = type_canon(t);
  bool unknown_len = c->kind == TY_ARRAY && c->u.array.len < 0;
  if ((c->kind == TY_STRUCT || c->kind == TY_UNION) && !at_punct(p, P_LBRACE)) {
    /* A struct or union object's initializer without braces is one
       expression of its type (C17 6.7.9p13).  */
    init_record_value(s, t, whole, expr_rvalue(p, parse_assign_expr(p)));
    return t;
  }
  if (!unknown_len) {
    init_object(s, t, whole);
    return t;
  }
  /* T x[] = ...: the length comes from the initializer.  */
  int64_t n = 0;
  /* A string, or a string alone in braces (adjacent literals, which
     can only be one string, as init_object_inner takes them).  */
  if (is_char_array(t) &&
      (peek(p, 0)->kind == TK_STRING ||
       (at_punct(p, P_LBRACE) && peek(p, 1)->kind == TK_STRING &&
        (at_punct_n(p, 2, P_RBRACE) || at_punct_n(p, 2, P_COMMA) ||
         peek(p, 2)->kind == TK_STRING)))) {
    bool braced = accept_punct(p, P_LBRACE);
    Expr e;
    parse_string_literal(p, &e);
    for (uint32_t i = 0; i < e.str_len * e.str_width; i++)
      if (e.str[i])
        info->all_zero = false;
    n = (int64_t)e.str_len + 1;
    if (s->want)
      add_store(s, whole, type_array(c->base, n), string_node(p, &e));
    if (braced) {
      accept_punct(p, P_COMMA);
      expect_punct(p, P_RBRACE, NULL);
    }
  } else if (accept_punct(p, P_LBRACE)) {
    n = init_array_items(s, t, true, whole);
    accept_punct(p, P_COMMA);
    expect_punct(p, P_RBRACE, NULL);
  } else {
    diag_error(cur_loc(p), "invalid initializer");
    parse_assign_expr(p);
    return t;
  }
  Type *nt = type_array(c->base, n);
  if (t->kind == TY_TYPEDEF || t->quals || t->tags) {
    /* keep the element type as written; qualifiers live on elements */
  }
  return nt;
}
