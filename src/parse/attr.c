/* Attributes: GNU __attribute__((...)) and C23 [[...]] syntax, the table
   of attributes we know, and how each applies to declarations and types
   (GCC's rules: an attribute that needs a type, written on a declaration,
   applies to the declaration's whole type).  Also #pragma handling.  */
#include "parser.h"

#include "../lang/attrs.h"

#include <stdlib.h>
#include <string.h>

/* The attribute's id, ATTR_NONE when btfcc does not know it.  */
static AttrId attr_id(const Attr *a) { return attr_spec_id(a->spec); }

/* --- Parsing --- */

bool at_std_attribute(Parser *p) {
  return at_punct(p, P_LBRACKET) && at_punct_n(p, 1, P_LBRACKET);
}

bool at_attribute_start(Parser *p) {
  return at_keyword(p) == KW_ATTRIBUTE || at_std_attribute(p);
}

/* The name of an attribute may be any identifier or keyword.  */
static bool at_attr_name(Parser *p) { return peek(p, 0)->kind == TK_IDENT; }

/* attribute-argument-list: expressions, or an identifier first.  */
static void parse_attr_args(Parser *p, Attr *a, bool takes_ident) {
  VEC(AttrArg) args = {0};
  if (!at_punct(p, P_RPAREN)) {
    do {
      AttrArg arg = {0};
      const Token *t = peek(p, 0);
      arg.loc = t->loc;
      bool bare_ident =
          t->kind == TK_IDENT && !t->ident->keyword &&
          (at_punct_n(p, 1, P_COMMA) || at_punct_n(p, 1, P_RPAREN));
      if (bare_ident && (takes_ident || args.len == 0 || !lookup_ordinary(t->ident))) {
        Token id = next(p);
        arg.kind = AARG_IDENT;
        arg.ident = id.ident;
        /* An enumeration constant stands for its value.  */
        Decl *d = lookup_ordinary(id.ident);
        if (d && d->kind == DECL_ENUM_CONST && !takes_ident) {
          arg.kind = AARG_INT;
          arg.ival = d->enum_value;
        }
      } else if (t->kind == TK_STRING && (at_punct_n(p, 1, P_COMMA) ||
                                          at_punct_n(p, 1, P_RPAREN) ||
                                          peek(p, 1)->kind == TK_STRING)) {
        Expr e;
        parse_string_literal(p, &e);
        arg.kind = AARG_STRING;
        arg.str = e.str;
        arg.str_len = e.str_len;
        arg.str_width = e.str_width;
        arg.str_is_u8 = e.str_u8;
      } else {
        bool saved = p->in_sizeof_typeof;
        p->in_sizeof_typeof = true;
        Expr e = parse_assign_expr(p);
        p->in_sizeof_typeof = saved;
        if (e.flags & EF_STRING) {
          arg.kind = AARG_STRING;
          arg.str = e.str;
          arg.str_len = e.str_len;
          arg.str_width = e.str_width;
          arg.str_is_u8 = e.str_u8;
        } else if (e.cv.kind == CV_INT) {
          arg.kind = AARG_INT;
          arg.ival = e.cv.i;
        } else {
          arg.kind = AARG_OTHER;
        }
      }
      vec_push(&args, arg);
    } while (accept_punct(p, P_COMMA));
  }
  a->nargs = (int)args.len;
  a->args = args.len ? NEW_ARRAY(AttrArg, args.len) : NULL;
  if (args.len)
    memcpy(a->args, args.data, args.len * sizeof(AttrArg));
  vec_free(&args);
}

static Attr *new_attr(Ident *scope, Ident *name, SrcLoc loc, bool std) {
  Attr *a = NEW(Attr);
  a->scope = scope;
  a->name = attr_canonical_name(name);
  a->loc = loc;
  a->std_syntax = std;
  a->spec = attr_spec_named(a->name->name);
  return a;
}

/* __attribute__ ( ( attribute-list ) ), repeated.  */
Attr *parse_gnu_attributes(Parser *p) {
  Attr *head = NULL, **tail = &head;
  while (at_keyword(p) == KW_ATTRIBUTE) {
    next(p);
    if (!expect_punct(p, P_LPAREN, NULL) || !expect_punct(p, P_LPAREN, NULL)) {
      skip_balanced(p);
      continue;
    }
    for (;;) {
      if (at_punct(p, P_COMMA)) {
        next(p);
        continue;
      }
      if (at_punct(p, P_RPAREN))
        break;
      if (!at_attr_name(p)) {
        syntax_error(p, peek(p, 0), "identifier");
        while (!at_eof(p) && !at_punct(p, P_RPAREN))
          skip_balanced(p);
        break;
      }
      Token name = next(p);
      Attr *a = new_attr(NULL, name.ident, name.loc, false);
      if (accept_punct(p, P_LPAREN)) {
        const AttrSpec *spec = a->spec;
        parse_attr_args(p, a, !spec || spec->takes_ident);
        if (!expect_punct(p, P_RPAREN, NULL))
          while (!at_eof(p) && !at_punct(p, P_RPAREN))
            skip_balanced(p);
      }
      *tail = a;
      tail = &a->next;
      if (!at_punct(p, P_COMMA))
        break;
    }
    expect_punct(p, P_RPAREN, NULL);
    expect_punct(p, P_RPAREN, NULL);
  }
  return head;
}

/* [[ attribute-list ]] with optional scopes (gnu::name), repeated.  */
Attr *parse_std_attributes(Parser *p) {
  Attr *head = NULL, **tail = &head;
  while (at_std_attribute(p)) {
    next(p);
    next(p);
    for (;;) {
      if (accept_punct(p, P_COMMA))
        continue;
      if (at_punct(p, P_RBRACKET))
        break;
      if (!at_attr_name(p)) {
        syntax_error(p, peek(p, 0), "identifier");
        while (!at_eof(p) && !at_punct(p, P_RBRACKET))
          skip_balanced(p);
        break;
      }
      Token name = next(p);
      Ident *scope = NULL;
      if (accept_punct(p, P_COLONCOLON) ||
          (at_punct(p, P_COLON) && at_punct_n(p, 1, P_COLON) &&
           (next(p), next(p), true))) {
        scope = name.ident;
        if (!at_attr_name(p)) {
          syntax_error(p, peek(p, 0), "identifier");
          break;
        }
        name = next(p);
      }
      Attr *a = new_attr(scope ? attr_canonical_name(scope) : NULL,
                         name.ident, name.loc, true);
      bool gnu = scope && strcmp(a->scope->name, "gnu") == 0;
      if (at_punct(p, P_LPAREN)) {
        if (gnu || !scope) {
          next(p);
          const AttrSpec *spec = a->spec;
          parse_attr_args(p, a, !spec || spec->takes_ident);
          expect_punct(p, P_RPAREN, NULL);
        } else {
          skip_balanced(p); /* foreign vendor attribute: ignore the body */
        }
      }
      *tail = a;
      tail = &a->next;
      if (!at_punct(p, P_COMMA))
        break;
    }
    expect_punct(p, P_RBRACKET, NULL);
    expect_punct(p, P_RBRACKET, NULL);
  }
  return head;
}

/* attribute-specifier-sequence: ( __attribute__ ((...)) | [[...]] )*,
   in any mix.  */
Attr *parse_any_attributes(Parser *p) {
  Attr *head = NULL;
  while (at_attribute_start(p))
    head = attr_concat(head, at_std_attribute(p) ? parse_std_attributes(p)
                                                 : parse_gnu_attributes(p));
  return head;
}

Attr *attr_concat(Attr *a, Attr *b) {
  if (!a)
    return b;
  Attr *t = a;
  while (t->next)
    t = t->next;
  t->next = b;
  return a;
}

Attr *attr_find(Attr *list, const char *name) {
  for (; list; list = list->next)
    if (strcmp(list->name->name, name) == 0)
      return list;
  return NULL;
}

/* --- Checking --- */

/* The spec of A, or NULL after warning that it is ignored.  Foreign
   scoped C23 attributes are ignored silently unless unknown.  */
/* Where an error about A goes: where GCC reports it (report_at, set
   when A is applied), else at A.  */
static SrcLoc attr_where(const Attr *a) {
  return a->report_at.file ? a->report_at : a->loc;
}

/* ATTRS are applied at AT (those not placed already).  */
static void attrs_report_at(Attr *attrs, SrcLoc at) {
  for (Attr *a = attrs; a; a = a->next)
    if (!a->report_at.file)
      a->report_at = at;
}

/* GCC's place for the errors of attributes applied to a declarator:
   its input location (Parser.input_loc) once the token after the
   declarator is read.  */
static void attrs_report_at_declarator(Parser *p, Attr *attrs) {
  if (attrs) {
    (void)peek(p, 0);
    attrs_report_at(attrs, p->input_loc);
  }
}

static const AttrSpec *checked_spec(const Attr *a) {
  if (a->scope && strcmp(a->scope->name, "gnu") != 0) {
    if (strcmp(a->scope->name, "clang") != 0)
      diag_warning(attr_where(a), W_ATTRIBUTES, "'%s::%s' scoped attribute directive ignored",
                   a->scope->name, a->name->name);
    return NULL;
  }
  const AttrSpec *spec = a->spec;
  if (!spec) {
    if (a->std_syntax)
      diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
    else
      diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute directive ignored",
                   a->name->name);
    return NULL;
  }
  if (a->nargs < spec->min_args ||
      (spec->max_args >= 0 && a->nargs > spec->max_args)) {
    diag_error(attr_where(a), "wrong number of arguments specified for '%s' attribute",
               a->name->name);
    if (spec->max_args == spec->min_args)
      diag_note(attr_where(a), "expected %d, found %d", spec->min_args, a->nargs);
    else if (spec->max_args < 0)
      diag_note(attr_where(a), "expected at least %d, found %d", spec->min_args,
                a->nargs);
    else
      diag_note(attr_where(a), "expected between %d and %d, found %d",
                spec->min_args, spec->max_args, a->nargs);
    return NULL;
  }
  return spec;
}

bool attr_is_type_attr(const Attr *a) {
  const AttrSpec *spec = a->spec;
  return spec && (spec->target == AT_TYPE || spec->target == AT_FUNC_TYPE);
}

void attr_split(Attr *all, Attr **type_attrs, Attr **decl_attrs) {
  Attr *th = NULL, **tt = &th, *dh = NULL, **dt = &dh;
  for (Attr *a = all; a;) {
    Attr *next = a->next;
    a->next = NULL;
    if (attr_is_type_attr(a)) {
      *tt = a;
      tt = &a->next;
    } else {
      *dt = a;
      dt = &a->next;
    }
    a = next;
  }
  *type_attrs = th;
  *decl_attrs = dh;
}

/* Validate a btf tag argument (GCC's btf_tag_args_ok); returns the value
   (interned) or NULL after an error.  */
static const char *btf_tag_value(const Attr *a) {
  const AttrArg *arg = &a->args[0];
  if (arg->kind != AARG_STRING) {
    diag_error(attr_where(a), "'%s' attribute requires a string argument",
               a->name->name);
    return NULL;
  }
  if (arg->str_width != 1) {
    diag_error(attr_where(a), "unsupported wide string type argument in '%s' attribute",
               a->name->name);
    return NULL;
  }
  return intern(arg->str, strlen(arg->str))->name;
}

static BtfTag *new_tag(const char *value, SrcLoc loc, BtfTag *next) {
  BtfTag *g = NEW(BtfTag);
  g->value = value;
  g->loc = loc;
  g->next = next;
  return g;
}

static int64_t attr_int_arg(const Attr *a, int i, bool *ok) {
  *ok = i < a->nargs && a->args[i].kind == AARG_INT;
  return *ok ? a->args[i].ival : 0;
}

/* aligned(N): N must be a power of two; no argument means the biggest
   alignment.  Returns 0 after an error.  */
static uint32_t aligned_value(const Attr *a) {
  if (a->nargs == 0)
    return target_biggest_align();
  bool ok;
  int64_t v = attr_int_arg(a, 0, &ok);
  if (!ok) {
    diag_error(attr_where(a), "requested alignment is not an integer constant");
    return 0;
  }
  if (v <= 0 || (v & (v - 1)) != 0) {
    diag_error(attr_where(a), "requested alignment '%lld' is not a positive power of 2",
               (long long)v);
    return 0;
  }
  if (v > (1 << 28)) {
    diag_error(attr_where(a), "requested alignment '%lld' exceeds maximum %u",
               (long long)v, 1u << 28);
    return 0;
  }
  return (uint32_t)v;
}

/* The integer type a mode attribute names, keeping T's signedness.  */
static Type *mode_type(const Attr *a, Type *t) {
  if (a->args[0].kind != AARG_IDENT) {
    diag_error(attr_where(a), "'%s' attribute requires an identifier", a->name->name);
    return NULL;
  }
  Ident *m = attr_canonical_name(a->args[0].ident);
  const char *s = m->name;
  bool is_unsigned = type_is_integer(t) && !type_is_signed(t);
  int64_t size = 0;
  if (!strcmp(s, "QI") || !strcmp(s, "byte"))
    size = 1;
  else if (!strcmp(s, "HI"))
    size = 2;
  else if (!strcmp(s, "SI"))
    size = 4;
  else if (!strcmp(s, "DI") || !strcmp(s, "word") || !strcmp(s, "pointer") ||
           !strcmp(s, "unwind_word"))
    size = 8;
  else if (!strcmp(s, "TI"))
    size = 16;
  else if (!strcmp(s, "SF"))
    return type_basic(TY_FLOAT);
  else if (!strcmp(s, "DF"))
    return type_basic(TY_DOUBLE);
  else if (!strcmp(s, "XF") || !strcmp(s, "TF"))
    return type_basic(TY_LDOUBLE);
  else if (!strcmp(s, "SC"))
    return type_complex(ty_float);
  else if (!strcmp(s, "DC"))
    return type_complex(ty_double);
  else if (!strcmp(s, "XC") || !strcmp(s, "TC"))
    return type_complex(ty_ldouble);
  else {
    diag_error(attr_where(a), "unknown machine mode '%s'", m->name);
    return NULL;
  }
  if (type_kind(t) == TY_ENUM) {
    Record *r = type_canon(t)->u.rec;
    if (r->complete)
      layout_enum(r, false, size);
    return t;
  }
  if (!type_is_integer(t) && !type_is_pointer(t)) {
    diag_error(attr_where(a), "invalid pointer mode");
    return NULL;
  }
  return type_int_of_size(size, is_unsigned);
}

/* vector_size applies to the scalar at the bottom of pointers, arrays and
   functions (GCC's handle_vector_size_attribute).  */
static Type *vectorize(Parser *p, const Attr *a, Type *t, int64_t bytes) {
  Type *c = type_canon(t);
  switch (c->kind) {
  case TY_PTR:
    return type_qualified(type_pointer(vectorize(p, a, c->base, bytes)),
                          t->quals);
  case TY_ARRAY:
    return type_array(vectorize(p, a, c->base, bytes), c->u.array.len);
  case TY_FUNC:
    return type_function(vectorize(p, a, c->base, bytes), c->u.func.params,
                         c->u.func.nparams, c->flags & TYF_VARIADIC,
                         c->flags & TYF_OLDSTYLE);
  default:
    break;
  }
  if (!type_is_arith(t) || type_kind(t) == TY_COMPLEX) {
    diag_error(attr_where(a), "invalid vector type for attribute '%s'", a->name->name);
    return t;
  }
  int64_t es = type_size(t);
  if (bytes <= 0 || es <= 0 || bytes % es != 0 || ((bytes / es) & (bytes / es - 1))) {
    diag_error(attr_where(a), "number of vector components %lld not a power of two",
               es > 0 ? (long long)(bytes / es) : 0LL);
    return t;
  }
  (void)p;
  return type_vector(type_unqualified(t), bytes);
}

/* The handlers of the type attributes with an effect.  Each applies A
   to T; IN_PLACE: T is being defined (the attribute modifies it rather
   than making a variant).  */

static Type *type_attr_btf_type_tag(const Attr *a, Type *t, bool in_place) {
  const char *value = btf_tag_value(a);
  if (!value)
    return t;
  if (type_kind(t) == TY_FUNC) {
    diag_warning(attr_where(a), W_ATTRIBUTES,
                 "'%s' attribute does not apply to functions", a->name->name);
    return t;
  }
  Type *c = type_canon(t);
  /* GCC will not make an attribute variant of a complete struct or
     union, even through a typedef of one.  */
  if (!in_place && (c->kind == TY_STRUCT || c->kind == TY_UNION) &&
      c->u.rec->complete) {
    diag_warning(attr_where(a), W_ATTRIBUTES,
                 "ignoring attributes applied to %s after definition",
                 type_quoted(c->main));
    return t;
  }
  if (in_place) {
    t->tags = new_tag(value, a->loc, t->tags);
    return t;
  }
  return type_with_tags(t, new_tag(value, a->loc, NULL));
}

static Type *type_attr_aligned(const Attr *a, Type *t, bool in_place) {
  uint32_t al = aligned_value(a);
  if (!al)
    return t;
  Type *c = type_canon(t);
  if (in_place && (c->kind == TY_STRUCT || c->kind == TY_UNION ||
                   c->kind == TY_ENUM)) {
    if (al > c->u.rec->user_align)
      c->u.rec->user_align = al;
    return t;
  }
  /* On a type (not a definition), aligned may only increase
     alignment, except on a typedef where GCC lets it decrease.  */
  return type_with_align(t, al);
}

static Type *type_attr_vector_size(Parser *p, const Attr *a, Type *t) {
  bool ok;
  int64_t bytes = attr_int_arg(a, 0, &ok);
  if (!ok) {
    diag_error(attr_where(a), "'%s' attribute argument value is not an integer constant",
               a->name->name);
    return t;
  }
  return vectorize(p, a, t, bytes);
}

static Type *type_attr_mode(const Attr *a, Type *t) {
  Type *m = mode_type(a, t);
  return m ? type_qualified(m, type_all_quals(t)) : t;
}

static Type *type_attr_transparent_union(const Attr *a, Type *t, bool in_place) {
  Type *c = type_canon(t);
  if (c->kind != TY_UNION) {
    diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
    return t;
  }
  return in_place ? t : type_with_flags(t, TYF_TRANSPARENT);
}

static Type *type_attr_packed(const Attr *a, Type *t, bool in_place) {
  Type *c = type_canon(t);
  if (c->kind == TY_STRUCT || c->kind == TY_UNION || c->kind == TY_ENUM) {
    if (in_place)
      c->u.rec->packed = true;
    else if (c->u.rec->complete)
      diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
    return t;
  }
  diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
  return t;
}

/* Apply one type attribute to T: its handler, by id.  */
static Type *apply_one_type_attr(Parser *p, Type *t, const Attr *a,
                                 const AttrSpec *spec, bool in_place) {
  switch (spec->id) {
  case ATTR_BTF_TYPE_TAG:
    return type_attr_btf_type_tag(a, t, in_place);
  case ATTR_ALIGNED:
    return type_attr_aligned(a, t, in_place);
  case ATTR_VECTOR_SIZE:
    return type_attr_vector_size(p, a, t);
  case ATTR_MODE:
    return type_attr_mode(a, t);
  case ATTR_MAY_ALIAS:
    return in_place ? t : type_with_flags(t, TYF_MAY_ALIAS);
  case ATTR_TRANSPARENT_UNION:
    return type_attr_transparent_union(a, t, in_place);
  case ATTR_PACKED:
    return type_attr_packed(a, t, in_place);
  default:
    break;
  }
  if (spec->target == AT_FUNC_TYPE && type_kind(t) != TY_FUNC &&
      !(type_is_pointer(t) && type_kind(type_canon(t)->base) == TY_FUNC)) {
    diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute only applies to function types",
                 a->name->name);
  }
  return t; /* no effect on layout or debug information */
}

/* GCC's warning for A, a declaration's attribute, written on a type.  */
static void warn_not_for_types(const Attr *a) {
  diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute does not apply to types",
               a->name->name);
}

Type *apply_type_attrs(Parser *p, Type *t, Attr *attrs, bool in_place,
                       SrcLoc loc) {
  (void)loc;
  if (!in_place)
    attrs_report_at_declarator(p, attrs);
  for (Attr *a = attrs; a; a = a->next) {
    const AttrSpec *spec = checked_spec(a);
    if (!spec)
      continue;
    if (spec->target == AT_DECL) {
      warn_not_for_types(a);
      continue;
    }
    t = apply_one_type_attr(p, t, a, spec, in_place);
  }
  return t;
}

/* A declaration's attribute written on a struct, union or enum type:
   GCC warns that it does not apply to types (deprecated and unused do).  */
static bool decl_attr_on_type(const AttrSpec *spec) {
  return spec->target == AT_DECL && spec->id != ATTR_DEPRECATED &&
         spec->id != ATTR_UNUSED;
}

void apply_record_attrs(Parser *p, Record *r, Attr *attrs, SrcLoc at) {
  attrs_report_at(attrs, at);
  for (Attr *a = attrs; a; a = a->next) {
    const AttrSpec *spec = checked_spec(a);
    if (!spec)
      continue;
    AttrId id = spec->id;
    if (id == ATTR_PACKED)
      r->packed = true;
    else if (id == ATTR_PRESERVE_ACCESS_INDEX)
      r->preserve_access_index = true; /* CO-RE: accesses are relocated */
    else if (id == ATTR_ALIGNED) {
      uint32_t al = aligned_value(a);
      if (al > r->user_align)
        r->user_align = al;
    } else if (id == ATTR_BTF_TYPE_TAG) {
      /* Handled by the caller on the record's type (needs the Type).  */
    } else if (decl_attr_on_type(spec)) {
      warn_not_for_types(a);
    }
  }
  (void)p;
}

void report_type_attrs(Attr *attrs, SrcLoc at) {
  attrs_report_at(attrs, at);
  for (Attr *a = attrs; a; a = a->next) {
    const AttrSpec *spec = a->spec;
    if (spec && !a->scope && decl_attr_on_type(spec))
      warn_not_for_types(a);
  }
}

BtfTag *attrs_btf_tags(Parser *p, Attr *attrs, bool type_tags, Attr **rest) {
  attrs_report_at_declarator(p, attrs);
  BtfTag *tags = NULL;
  Attr *rh = NULL, **rt = &rh;
  AttrId want = type_tags ? ATTR_BTF_TYPE_TAG : ATTR_BTF_DECL_TAG;
  for (Attr *a = attrs; a;) {
    Attr *next = a->next;
    if (attr_id(a) == want && !a->scope) {
      if (a->nargs != 1) {
        diag_error(attr_where(a), "wrong number of arguments specified for '%s' attribute",
                   a->name->name);
        diag_note(attr_where(a), "expected 1, found %d", a->nargs);
      } else {
        const char *v = btf_tag_value(a);
        if (v)
          tags = new_tag(v, a->loc, tags);
      }
    } else {
      a->next = NULL;
      *rt = a;
      rt = &a->next;
    }
    a = next;
  }
  if (rest)
    *rest = rh;
  return tags;
}

/* Merge a decl's new btf_decl_tags in front of the existing ones.  */
static void add_decl_tag(BtfTag **list, const char *value, SrcLoc loc) {
  *list = new_tag(value, loc, *list);
}

void apply_decl_attrs(Parser *p, Decl *d, Attr *attrs) {
  attrs_report_at_declarator(p, attrs);
  for (Attr *a = attrs; a; a = a->next) {
    const AttrSpec *spec = checked_spec(a);
    if (!spec)
      continue;
    AttrId id = spec->id;
    if (spec->target == AT_TYPE || spec->target == AT_FUNC_TYPE ||
        id == ATTR_MODE ||
        (id == ATTR_ALIGNED && d->kind == DECL_TYPEDEF)) {
      if (spec->target == AT_FUNC_TYPE && type_kind(d->type) == TY_FUNC)
        continue; /* function type attributes: no effect for us */
      d->type = apply_one_type_attr(p, d->type, a, spec, false);
      continue;
    }
    if (id == ATTR_BTF_DECL_TAG) {
      const char *v = btf_tag_value(a);
      if (v)
        add_decl_tag(&d->decl_tags, v, a->loc);
    } else if (id == ATTR_SECTION) {
      if (a->args[0].kind != AARG_STRING)
        diag_error(attr_where(a), "section attribute argument not a string constant");
      else if (d->kind == DECL_VAR || d->kind == DECL_FUNC)
        d->section = a->args[0].str;
      else
        diag_error(attr_where(a), "section attribute not allowed for '%s'",
                   d->name ? d->name->name : "");
    } else if (id == ATTR_ALIGNED) {
      uint32_t al = aligned_value(a);
      if (al && d->kind == DECL_VAR && al > type_align(d->type))
        d->type = type_with_align(d->type, al);
    } else if (id == ATTR_PACKED) {
      if (d->kind != DECL_TYPEDEF)
        diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
      else
        diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
    } else if (id == ATTR_USED) {
      d->used = true;
    } else if (id == ATTR_CLEANUP) {
      Decl *fn = a->args[0].kind == AARG_IDENT ? lookup_ordinary(a->args[0].ident) : NULL;
      if (!fn || fn->kind != DECL_FUNC) {
        diag_error(attr_where(a), "cleanup argument not a function");
      } else if (d->kind == DECL_VAR && !d->file_scope && d->sc != SC_STATIC) {
        d->cleanup = fn;
        fn->first->used = true; /* called when the scope ends */
      } else {
        diag_warning(attr_where(a), W_ATTRIBUTES, "'%s' attribute ignored", a->name->name);
      }
    }
  }
  d->attrs = attr_concat(d->attrs, attrs);
}

void apply_member_attrs(Parser *p, Member *m, Attr *attrs) {
  attrs_report_at_declarator(p, attrs);
  for (Attr *a = attrs; a; a = a->next) {
    const AttrSpec *spec = checked_spec(a);
    if (!spec)
      continue;
    AttrId id = spec->id;
    if (id == ATTR_PACKED) {
      m->packed = true;
    } else if (id == ATTR_ALIGNED) {
      uint32_t al = aligned_value(a);
      if (al > m->user_align)
        m->user_align = al;
    } else if (id == ATTR_BTF_DECL_TAG) {
      const char *v = btf_tag_value(a);
      if (v)
        add_decl_tag(&m->decl_tags, v, a->loc);
    } else if (spec->target == AT_TYPE || id == ATTR_MODE) {
      m->type = apply_one_type_attr(p, m->type, a, spec, false);
    }
  }
}

void apply_param_attrs(Parser *p, Param *prm, Attr *attrs) {
  attrs_report_at_declarator(p, attrs);
  for (Attr *a = attrs; a; a = a->next) {
    const AttrSpec *spec = checked_spec(a);
    if (!spec)
      continue;
    AttrId id = spec->id;
    if (id == ATTR_BTF_DECL_TAG) {
      const char *v = btf_tag_value(a);
      if (v)
        add_decl_tag(&prm->decl_tags, v, a->loc);
    } else if (spec->target == AT_TYPE || id == ATTR_MODE) {
      prm->type = apply_one_type_attr(p, prm->type, a, spec, false);
    }
  }
}

/* --- Pragmas the parser acts on --- */

static bool pragma_ident_is(Parser *p, const char *s) {
  const Token *t = peek(p, 0);
  return t->kind == TK_IDENT && strcmp(t->ident->name, s) == 0;
}

/* #pragma pack(), pack(N), pack(push[,N]), pack(pop[,N]) */
static void pragma_pack(Parser *p) {
  SrcLoc loc = cur_loc(p);
  if (!accept_punct(p, P_LPAREN)) {
    diag_warning(loc, W_OTHER, "missing '(' after '#pragma pack' - ignored");
    return;
  }
  if (accept_punct(p, P_RPAREN)) {
    p->pack = 0;
    return;
  }
  if (pragma_ident_is(p, "push")) {
    next(p);
    vec_push(&p->pack_stack, p->pack);
    if (accept_punct(p, P_COMMA)) {
      if (peek(p, 0)->kind == TK_IDENT)
        next(p), accept_punct(p, P_COMMA);
      if (peek(p, 0)->kind == TK_NUMBER)
        p->pack = (uint32_t)strtoul(next(p).text, NULL, 0);
    }
  } else if (pragma_ident_is(p, "pop")) {
    next(p);
    if (p->pack_stack.len)
      p->pack = p->pack_stack.data[--p->pack_stack.len];
    else
      diag_warning(loc, W_OTHER, "#pragma pack (pop) encountered without matching #pragma pack (push)");
    while (!at_eof(p) && !at_punct(p, P_RPAREN))
      next(p);
  } else if (peek(p, 0)->kind == TK_NUMBER) {
    unsigned long v = strtoul(next(p).text, NULL, 0);
    if (v != 0 && v != 1 && v != 2 && v != 4 && v != 8 && v != 16)
      diag_warning(loc, W_OTHER, "alignment must be a small power of two, not %lu", v);
    else
      p->pack = (uint32_t)v;
  }
  expect_punct(p, P_RPAREN, NULL);
}

/* #pragma clang attribute push(__attribute__((x)), apply_to = record) and
   pop.  We accept and track them; the attributes in use there
   (preserve_access_index) do not change layout.  */
static void pragma_clang_attribute(Parser *p) {
  if (pragma_ident_is(p, "push")) {
    next(p);
    Attr *a = NULL;
    if (accept_punct(p, P_LPAREN)) {
      a = parse_any_attributes(p);
      while (!at_eof(p))
        next(p);
    }
    vec_push(&p->clang_attr_stack, a);
  } else if (pragma_ident_is(p, "pop")) {
    next(p);
    if (p->clang_attr_stack.len)
      p->clang_attr_stack.len--;
  }
}

/* A count after an unroll pragma: N or (N); -1 if none.  */
static int32_t pragma_count(Parser *p) {
  bool paren = accept_punct(p, P_LPAREN);
  int32_t n = -1;
  if (peek(p, 0)->kind == TK_NUMBER) {
    unsigned long v = strtoul(next(p).text, NULL, 0);
    n = v > 65535 ? 65535 : (int32_t)v;
  }
  if (paren)
    accept_punct(p, P_RPAREN);
  return n;
}

static int32_t unroll_from_count(int32_t n) {
  return n < 0 ? LOOP_UNROLL_FULL : n <= 1 ? LOOP_UNROLL_NONE : n;
}

/* #pragma unroll [N], #pragma nounroll, #pragma GCC unroll N,
   #pragma clang loop unroll(full|enable|disable) / unroll_count(N):
   kept for the loop that follows.  */
static void pragma_clang_loop(Parser *p) {
  while (peek(p, 0)->kind == TK_IDENT) {
    bool count = pragma_ident_is(p, "unroll_count"), unroll = pragma_ident_is(p, "unroll");
    next(p);
    if (count) {
      p->loop_unroll = unroll_from_count(pragma_count(p));
    } else if (accept_punct(p, P_LPAREN)) {
      if (unroll && pragma_ident_is(p, "disable"))
        p->loop_unroll = LOOP_UNROLL_NONE;
      else if (unroll && (pragma_ident_is(p, "full") || pragma_ident_is(p, "enable")))
        p->loop_unroll = LOOP_UNROLL_FULL;
      while (!at_eof(p) && !accept_punct(p, P_RPAREN))
        next(p);
    }
  }
}

/* #pragma GCC diagnostic push | pop | ignored|warning|error "-Wname"
   (after "GCC diagnostic").  Other kinds and options btfcc has no
   group for change nothing.  */
static void pragma_gcc_diagnostic(Parser *p) {
  if (pragma_ident_is(p, "push")) {
    diag_pragma_push();
    return;
  }
  if (pragma_ident_is(p, "pop")) {
    diag_pragma_pop();
    return;
  }
  DiagPragmaKind kind;
  if (pragma_ident_is(p, "ignored"))
    kind = DIAG_PRAGMA_IGNORED;
  else if (pragma_ident_is(p, "warning"))
    kind = DIAG_PRAGMA_WARNING;
  else if (pragma_ident_is(p, "error"))
    kind = DIAG_PRAGMA_ERROR;
  else
    return;
  next(p);
  const Token *opt = peek(p, 0);
  if (opt->kind == TK_STRING && opt->len >= 2 && opt->text[0] == '"') {
    char name[128];
    size_t n = opt->len - 2 < sizeof name - 1 ? opt->len - 2 : sizeof name - 1;
    memcpy(name, opt->text + 1, n);
    name[n] = 0;
    diag_pragma_set(name, kind);
  }
}

void handle_pragma(Parser *p) {
  if (pragma_ident_is(p, "pack")) {
    next(p);
    pragma_pack(p);
  } else if (pragma_ident_is(p, "unroll")) {
    next(p);
    p->loop_unroll = unroll_from_count(pragma_count(p));
  } else if (pragma_ident_is(p, "nounroll")) {
    p->loop_unroll = LOOP_UNROLL_NONE;
  } else if (pragma_ident_is(p, "GCC") && peek(p, 1)->kind == TK_IDENT &&
             strcmp(peek(p, 1)->ident->name, "unroll") == 0) {
    next(p), next(p);
    p->loop_unroll = unroll_from_count(pragma_count(p));
  } else if (pragma_ident_is(p, "GCC") && peek(p, 1)->kind == TK_IDENT &&
             strcmp(peek(p, 1)->ident->name, "diagnostic") == 0) {
    next(p), next(p);
    pragma_gcc_diagnostic(p);
  } else if (pragma_ident_is(p, "clang")) {
    next(p);
    if (pragma_ident_is(p, "attribute")) {
      next(p);
      pragma_clang_attribute(p);
    } else if (pragma_ident_is(p, "loop")) {
      next(p);
      pragma_clang_loop(p);
    }
  }
  while (!at_eof(p))
    next(p);
}
