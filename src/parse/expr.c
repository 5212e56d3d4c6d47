/* Expressions (C17 6.5): parsed straight into typed values (Expr), and
   inside function bodies and initializers into nodes of the typed tree.
   An lvalue's `cv` is the constant address of the object when it has
   one (a global or a string); an rvalue's `cv` is its constant value,
   folded by sema/const.c in the operand types, so integer constant
   expressions, address constants and the offsetof idiom come out as GCC
   folds them.  Each operator applies C's conversions to its operands
   here (the types from sema/conv.c), and the tree records each one as an
   EX_CAST: the tree is the record of what this file decided.  */
#include "parser.h"
#include "../lang/attrs.h"
#include "../sema/decl.h"
#include "../sema/arith_warn.h"
#include "../sema/tree_walk.h"
#include "../lang/builtins.h"
#include "../sema/const.h"
#include "../sema/conv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static Expr parse_unary(Parser *p);
static Expr parse_cast(Parser *p);
static Expr parse_postfix_ops(Parser *p, Expr e);

/* --- Tree nodes ---
   Inside function bodies and initializers (p->tree_depth > 0) every
   expression also carries its node in the typed tree (sema/tree.h).  A
   folded arithmetic rvalue keeps no node: expr_node() makes its EX_CONST
   when a consumer asks, so constants cost nothing until used.  */

static inline bool tree_on(const Parser *p) { return p->tree_depth > 0; }

Node *expr_node(Parser *p, Expr *e) {
  if (e->n || !tree_on(p))
    return e->n;
  e->n = node_const(e->type ? e->type : ty_int, e->cv, e->loc);
  return e->n;
}

/* R with node N, unless R is a folded arithmetic constant.  */
static Expr with_node(Parser *p, Expr r, Node *n) {
  if (!tree_on(p))
    return r;
  if (!(r.flags & EF_LVALUE) && (r.cv.kind == CV_INT || r.cv.kind == CV_FLOAT))
    r.n = NULL;
  else
    r.n = n;
  return r;
}

/* A new node of KIND typed like R (or TYPE) with operands A, B.  */
static Node *mk(Parser *p, NodeKind kind, Type *type, SrcLoc loc, Node *a,
                Node *b) {
  if (!tree_on(p))
    return NULL;
  Node *n = node_new(kind, type ? type : ty_int, loc);
  n->a = a;
  n->b = b;
  n->is_lvalue = kind == EX_VAR || kind == EX_DEREF || kind == EX_MEMBER ||
                 kind == EX_INDEX || kind == EX_STRING ||
                 kind == EX_COMPOUND_LIT;
  return n;
}


/* Whether constant CV converts to a constant that needs no symbol (an
   arithmetic value, or an address that is only a number).  */
static bool plain_const(const ConstVal *cv) {
  return cv->kind == CV_INT || cv->kind == CV_FLOAT ||
         (cv->kind == CV_ADDR && !cv->sym && !cv->str && !cv->label);
}

/* The node of E converted to T (implicit conversion).  A constant
   without a symbol converts to a constant of T (an arithmetic type or a
   pointer), as GCC folds it: (void *)1 is an EX_CONST.  */
Node *expr_convert(Parser *p, Expr *e, Type *t) {
  if (!tree_on(p))
    return NULL;
  if ((!e->n || e->n->kind == EX_CONST) && e->type && plain_const(&e->cv) &&
      t && (type_is_arith(t) || type_is_pointer(t))) {
    ConstVal cv = e->cv;
    const_convert(&cv, e->type, t);
    if (plain_const(&cv))
      return node_const(t, cv, e->loc);
  }
  return node_convert(expr_node(p, e), t);
}

#define conv_node expr_convert

/* Whether warnings about values are off here (GCC's
   c_inhibit_evaluation_warnings): operands that are not evaluated.  */
static bool values_unevaluated(const Parser *p) {
  return p->in_sizeof_typeof || p->unevaluated > 0;
}

void expr_check_as_assigned(Parser *p, const Expr *e, Type *t, const AssignSite *site) {
  assign_check(t, e->type, expr_is_null_pointer_constant(e), site);
  if (!site->value_erred && !expr_erred(e) && e->type && !values_unevaluated(p))
    warn_conversion_overflow(e->type, &e->cv, t, e->loc);
}

Node *expr_convert_as_assigned(Parser *p, Expr *e, Type *t, const AssignSite *site) {
  expr_check_as_assigned(p, e, t, site);
  return expr_convert(p, e, type_unqualified(type_canon(t)));
}

static Op binary_op(Punct op) {
  switch (op) {
  case P_PLUS: return OP_ADD;
  case P_MINUS: return OP_SUB;
  case P_STAR: return OP_MUL;
  case P_SLASH: return OP_DIV;
  case P_PERCENT: return OP_MOD;
  case P_SHL: return OP_SHL;
  case P_SHR: return OP_SHR;
  case P_AMP: return OP_AND;
  case P_PIPE: return OP_OR;
  case P_CARET: return OP_XOR;
  case P_EQ: return OP_EQ;
  case P_NE: return OP_NE;
  case P_LT: return OP_LT;
  case P_LE: return OP_LE;
  case P_GT: return OP_GT;
  case P_GE: return OP_GE;
  default: return OP_NONE;
  }
}

/* --- Values --- */

/* An expression already reported as bad (see EF_ERROR).  */
static Expr bad_expr(SrcLoc loc) {
  Expr e = {0};
  e.type = ty_int;
  e.flags = EF_ERROR;
  e.loc = loc;
  return e;
}

Expr make_int_const(Type *t, int64_t v, SrcLoc loc) {
  Expr e = {0};
  e.type = t;
  e.loc = loc;
  e.cv.kind = CV_INT;
  e.cv.is_icx = true;
  e.cv.i = type_int_truncate(t, v);
  return e;
}


bool expr_is_null_pointer_constant(const Expr *e) {
  if (e->flags & EF_NULLPTR)
    return true;
  if (e->cv.kind != CV_INT || e->cv.i != 0 || !e->cv.is_icx)
    return false;
  if (type_is_integer(e->type))
    return true;
  /* (void *)0 */
  Type *c = type_canon(e->type);
  return c->kind == TY_PTR && type_kind(c->base) == TY_VOID;
}




/* An rvalue of type T converted from E (implicit or explicit).  */
static Expr convert(Parser *p, Expr e, Type *t) {
  Expr r = e;
  Node *n = conv_node(p, &e, t);
  const_convert(&r.cv, e.type, t);
  r.type = t;
  r.flags &= (uint8_t)~(EF_LVALUE | EF_BITFIELD | EF_STRING | EF_FUNC_DESIG |
                        EF_NULLPTR_T);
  if (type_kind(t) == TY_PTR && expr_is_null_pointer_constant(&e))
    r.flags |= EF_NULLPTR;
  else
    r.flags &= (uint8_t)~EF_NULLPTR;
  return with_node(p, r, n);
}

/* A conversion node of KIND from E's node to type T.  */
static Node *cast_node(Parser *p, Expr *e, Type *t, CastKind kind) {
  if (!tree_on(p))
    return NULL;
  Node *n = node_new(EX_CAST, t, e->loc);
  n->cast_kind = (uint8_t)kind;
  n->a = expr_node(p, e);
  return n;
}

/* The value of E when it names a C23 constexpr object of arithmetic
   type: its initializer's constant, an integer constant expression if
   the type is an integer type (C23 6.6).  Returns false, CV left alone,
   otherwise.  */
static bool constexpr_value(const Expr *e, ConstVal *cv) {
  const Decl *d = e->decl;
  if (!d || d->kind != DECL_VAR || !d->is_constexpr || !d->init ||
      d->init->nelems != 1 || !type_is_arith(d->type))
    return false;
  const Node *v = d->init->elems[0].value;
  if (!v || v->kind != EX_CONST ||
      (v->u.cv.kind != CV_INT && v->u.cv.kind != CV_FLOAT))
    return false;
  *cv = v->u.cv;
  cv->is_icx = v->u.cv.kind == CV_INT && type_is_integer(d->type);
  return true;
}

Expr expr_rvalue(Parser *p, Expr e) {
  if (!e.type)
    return bad_expr(e.loc);
  Type *c = type_canon(e.type);
  if (c->kind == TY_ARRAY) {
    /* Decay: the lvalue's constant address becomes the pointer value.  */
    Expr r = e;
    r.type = type_pointer(c->base);
    r.flags = 0;
    r.n = cast_node(p, &e, r.type, CAST_DECAY);
    return r;
  }
  if (c->kind == TY_FUNC) {
    Expr r = e;
    r.type = type_pointer(e.type);
    r.flags = 0;
    if (e.decl && e.decl->kind == DECL_FUNC) {
      memset(&r.cv, 0, sizeof r.cv);
      r.cv.kind = CV_ADDR;
      r.cv.sym = e.decl;
    }
    r.n = cast_node(p, &e, r.type, CAST_FUNC_DECAY);
    return r;
  }
  if (c->kind == TY_NULLPTR) {
    /* A nullptr_t value is nullptr, whatever object it is read from: a
       null void * that converts to any pointer (C23 6.3.2.4).  */
    Expr r = e;
    r.type = type_pointer(ty_void);
    r.flags = EF_NULLPTR | EF_NULLPTR_T;
    memset(&r.cv, 0, sizeof r.cv);
    r.n = cast_node(p, &e, r.type, (e.flags & EF_LVALUE) ? CAST_LOAD : CAST_NOOP);
    return r;
  }
  if (e.flags & EF_LVALUE) {
    Expr r = e;
    r.flags = 0;
    memset(&r.cv, 0, sizeof r.cv);
    r.type = type_unqualified(type_canon(e.type)) == type_canon(e.type)
                 ? e.type
                 : type_unqualified(type_canon(e.type));
    /* A constexpr object's value is its constant: no load.  */
    if (constexpr_value(&e, &r.cv)) {
      r.n = NULL;
      return r;
    }
    r.n = cast_node(p, &e, r.type, CAST_LOAD);
    if ((e.flags & EF_BITFIELD) && type_is_integer(r.type) &&
        !type_is_signed(r.type) && e.bit_width < 32 &&
        type_size(r.type) >= 4) {
      /* An unsigned bit-field narrower than int promotes to int, as
         GCC's narrow bit-field types do (C17 6.3.1.1p2).  */
      r.type = ty_int;
      if (r.n)
        r.n = node_convert(r.n, ty_int);
    }
    return r;
  }
  return e;
}

bool expr_is_true_const(const Expr *e, bool *value) {
  return const_truth(&e->cv, value);
}

/* --- Literals --- */

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Parse an integer pp-number; returns false if it is a float.  */
static bool parse_int_literal(const Token *t, Expr *out) {
  const char *s = t->text, *end = t->text + t->len;
  int base = 10;
  const char *d = s;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    d = s + 2;
  } else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    d = s + 2;
  } else if (s[0] == '0') {
    base = 8;
  }
  /* Float?  */
  for (const char *q = d; q < end; q++) {
    char c = *q;
    if (c == '.')
      return false;
    if (base != 16 && (c == 'e' || c == 'E'))
      return false;
    if (base == 16 && (c == 'p' || c == 'P'))
      return false;
  }
  uint64_t v = 0;
  bool overflow = false;
  const char *q = d;
  for (; q < end; q++) {
    char c = *q;
    if (c == '\'')
      continue;
    int dv;
    if (is_digit(c))
      dv = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f')
      dv = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F')
      dv = c - 'A' + 10;
    else
      break;
    if (dv >= base) {
      diag_error(t->loc, "invalid digit \"%d\" in %s constant", dv,
                 base == 8 ? "octal" : "binary");
      break;
    }
    if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base)
      overflow = true;
    v = v * (uint64_t)base + (uint64_t)dv;
  }
  if (q == d && base != 8) {
    diag_error(t->loc, "invalid suffix \"%.*s\" on integer constant",
               (int)(end - d), d);
  }
  /* Suffix.  */
  bool u = false, imag = false;
  int l = 0;
  const char *suf = q;
  while (q < end) {
    if ((*q == 'u' || *q == 'U') && !u) {
      u = true;
      q++;
    } else if ((q + 1 < end && ((q[0] == 'l' && q[1] == 'l') ||
                                (q[0] == 'L' && q[1] == 'L'))) && !l) {
      l = 2;
      q += 2;
    } else if ((*q == 'l' || *q == 'L') && !l) {
      l = 1;
      q++;
    } else if ((*q == 'i' || *q == 'j') && !imag) {
      imag = true;
      q++;
    } else if (q + 1 < end && (q[0] == 'w' || q[0] == 'W') &&
               (q[1] == 'b' || q[1] == 'B')) {
      q += 2;
    } else {
      diag_error(t->loc, "invalid suffix \"%.*s\" on integer constant",
                 (int)(end - suf), suf);
      break;
    }
  }
  if (overflow)
    diag_error(t->loc, "integer constant is too large for its type");
  if (base == 2 && lang_year() < 2023)
    diag_pedwarn(t->loc, W_PEDANTIC, "binary constants are a C23 feature or GCC extension");
  if (imag)
    diag_pedwarn(t->loc, W_PEDANTIC, "imaginary constants are a GCC extension");
  if (l == 2)
    diag_pedwarn_c90(t->loc, W_LONG_LONG, "use of C99 long long integer constant");
  /* Type: the first of the C17 6.4.4.1 list that holds the value.  */
  Type *ty;
  bool decimal = base == 10;
  if (!u && l == 0 && v <= INT32_MAX) ty = ty_int;
  else if (!u && l == 0 && !decimal && v <= UINT32_MAX) ty = ty_uint;
  else if (u && l == 0 && v <= UINT32_MAX) ty = ty_uint;
  else if (!u && l <= 1 && v <= INT64_MAX) ty = ty_long;
  else if (!u && l <= 1 && !decimal) ty = ty_ulong;
  else if (u && l <= 1) ty = ty_ulong;
  else if (!u && v <= INT64_MAX) ty = ty_llong;
  else if (!u && !decimal) ty = ty_ullong;
  else if (u) ty = ty_ullong;
  else {
    diag_warning(t->loc, W_OTHER, "integer constant is so large that it is unsigned");
    ty = l == 2 ? ty_ullong : ty_ulong;
  }
  *out = make_int_const(ty, (int64_t)v, t->loc);
  if (imag) {
    out->type = type_complex(ty);
    out->cv.kind = CV_NONE;
  }
  return true;
}

static Expr parse_float_literal(const Token *t) {
  char buf[128];
  size_t n = t->len < sizeof buf - 1 ? t->len : sizeof buf - 1;
  size_t j = 0;
  for (size_t i = 0; i < n; i++)
    if (t->text[i] != '\'')
      buf[j++] = t->text[i];
  buf[j] = 0;
  char *end;
  long double v = strtold(buf, &end);
  Type *ty = ty_double;
  const char *suf = end;
  bool imag = false;
  if (*suf == 'i' || *suf == 'j') {
    imag = true;
    suf++;
  }
  if (!*suf) {
  } else if (!strcmp(suf, "f") || !strcmp(suf, "F")) ty = ty_float;
  else if (!strcmp(suf, "l") || !strcmp(suf, "L")) ty = ty_ldouble;
  else if (!strcmp(suf, "f16") || !strcmp(suf, "F16")) ty = type_basic(TY_FLOAT16);
  else if (!strcmp(suf, "f32") || !strcmp(suf, "F32")) ty = type_basic(TY_FLOAT32);
  else if (!strcmp(suf, "f64") || !strcmp(suf, "F64")) ty = type_basic(TY_FLOAT64);
  else if (!strcmp(suf, "f128") || !strcmp(suf, "F128")) ty = type_basic(TY_FLOAT128);
  else if (!strcmp(suf, "f32x") || !strcmp(suf, "F32x")) ty = type_basic(TY_FLOAT32X);
  else if (!strcmp(suf, "f64x") || !strcmp(suf, "F64x")) ty = type_basic(TY_FLOAT64X);
  else if (!strcmp(suf, "q") || !strcmp(suf, "Q")) ty = type_basic(TY_FLOAT128_GNU);
  else if (!strcmp(suf, "w") || !strcmp(suf, "W")) ty = ty_ldouble;
  else if (!strcmp(suf, "df") || !strcmp(suf, "DF")) ty = type_basic(TY_DECIMAL32);
  else if (!strcmp(suf, "dd") || !strcmp(suf, "DD")) ty = type_basic(TY_DECIMAL64);
  else if (!strcmp(suf, "dl") || !strcmp(suf, "DL")) ty = type_basic(TY_DECIMAL128);
  else if (!strcmp(suf, "i") || !strcmp(suf, "j")) imag = true;
  else
    diag_error(t->loc, "invalid suffix \"%s\" on floating constant", suf);
  bool hex = buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X');
  if (hex && lang_year() < 1999 && !ctx_current->lang.gnu)
    diag_pedwarn(t->loc, W_PEDANTIC, "use of C99 hexadecimal floating constant");
  if (imag && !ctx_current->lang.c2y)
    diag_pedwarn(t->loc, W_PEDANTIC, "imaginary constants are a C2Y feature or GCC extension");
  Expr e = {0};
  e.type = imag ? type_complex(ty) : ty;
  e.loc = t->loc;
  if (!imag) {
    e.cv.kind = CV_FLOAT;
    e.cv.f = v;
  }
  return e;
}

/* --- Identifiers and calls --- */

static Expr ident_expr(Parser *p, Decl *d, SrcLoc loc) {
  Expr e = {0};
  e.loc = loc;
  e.decl = d;
  switch (d->kind) {
  case DECL_ENUM_CONST:
    e = make_int_const(d->type ? d->type : ty_int, d->enum_value, loc);
    e.decl = d;
    note_body_type(p, d->tag_type);
    note_init_type(p, d->tag_type);
    return e;
  case DECL_FUNC:
    e.type = d->type;
    e.flags = EF_FUNC_DESIG;
    e.cv.kind = CV_ADDR;
    e.cv.sym = d;
    break;
  case DECL_VAR:
  case DECL_PARAM:
    e.type = d->type;
    e.flags = EF_LVALUE;
    /* Objects with static storage have a constant address.  */
    if (d->kind == DECL_VAR &&
        (d->file_scope || d->sc == SC_STATIC || d->sc == SC_EXTERN) &&
        !d->is_thread_local) {
      e.cv.kind = CV_ADDR;
      e.cv.sym = d;
    }
    if (d->sc == SC_REGISTER)
      e.flags |= EF_REGISTER;
    break;
  default:
    diag_error(loc, "expected expression before '%s'", d->name->name);
    return bad_expr(loc);
  }
  if (!p->in_sizeof_typeof)
    d->first->used = true;
  if (tree_on(p)) {
    e.n = mk(p, EX_VAR, e.type, loc, NULL, NULL);
    e.n->is_lvalue = d->kind != DECL_FUNC;
    e.n->u.decl = d;
  }
  return e;
}

/* An implicit declaration `int name()` (C89; an error since C99 in GCC).  */
static Decl *implicit_function(Parser *p, Ident *name, SrcLoc loc) {
  if (lang_year() >= 1999)
    diag_error(loc, "implicit declaration of function '%s' [-Wimplicit-function-declaration]",
               name->name); /* a permerror: GCC names the warning it comes from */
  else
    diag_warning(loc, W_IMPLICIT_FUNCTION_DECLARATION,
                 "implicit declaration of function '%s'", name->name);
  Decl *d = NEW(Decl);
  d->kind = DECL_FUNC;
  d->name = name;
  d->type = type_function(ty_int, NULL, 0, false, true);
  d->loc = loc;
  d->first = d;
  d->sc = SC_EXTERN;
  d->implicit = true;
  d->file_scope = true;
  (void)p;
  return d;
}


/* The arguments of a call as tree nodes.  */
typedef struct CallArgs {
  Node **args;
  int nargs;
} CallArgs;

static void call_args_set(Parser *p, CallArgs *out, NodeVec *v) {
  out->nargs = (int)v->len;
  out->args = NULL;
  if (tree_on(p) && v->len) {
    out->args = NEW_ARRAY(Node *, v->len);
    memcpy(out->args, v->data, v->len * sizeof(Node *));
  }
  vec_free(v);
}

/* argument-expression-list after '('; consumes ')'.  FT: the called
   function's type, whose parameters the arguments convert to (as if by
   assignment), past them the default argument promotions.  */
static bool callee_name(const Node *n, char *buf, size_t cap, const SrcLoc **decl_at);

/* Where GCC's note on argument I of a call to N points: the function's
   declaration of the parameter, or the argument itself (ARG_LOC) when
   N is no function but a pointer (a BPF helper, a member); no location
   for a function whose parameter has none.  */
static SrcLoc callee_param_loc(const Node *n, int i, SrcLoc arg_loc) {
  while (n && (n->kind == EX_CAST || n->kind == EX_DEREF))
    n = n->a;
  bool is_function = n && n->kind == EX_VAR && n->u.decl && n->u.decl->kind == DECL_FUNC;
  if (is_function && i < n->u.decl->n_def_params)
    return n->u.decl->def_params[i].loc;
  return is_function ? (SrcLoc){0} : arg_loc;
}

static int parse_call_args(Parser *p, const Expr *fn, Type *ft, CallArgs *out) {
  int n = 0;
  NodeVec nodes = {0};
  bool proto = ft && !(ft->flags & TYF_OLDSTYLE);
  char callee[300];
  const SrcLoc *decl_at;
  bool named = proto && callee_name(fn->n, callee, sizeof callee, &decl_at);
  if (!at_punct(p, P_RPAREN)) {
    do {
      unsigned errors = diag_error_count();
      Expr a = expr_rvalue(p, parse_assign_expr(p));
      Type *param = proto && n < ft->u.func.nparams ? ft->u.func.params[n].type : NULL;
      AssignSite site = {.kind = ASSIGN_ARG, .loc = a.loc, .argno = n + 1,
                         .callee = named ? callee : NULL,
                         .param_loc = param ? callee_param_loc(fn->n, n, a.loc) : (SrcLoc){0},
                         .value_erred = diag_error_count() != errors};
      if (param && !tree_on(p))
        expr_check_as_assigned(p, &a, param, &site);
      if (tree_on(p)) {
        if (param)
          vec_push(&nodes, expr_convert_as_assigned(p, &a, param, &site));
        else if (a.type)
          vec_push(&nodes, conv_node(p, &a, type_default_promote(a.type)));
        else
          vec_push(&nodes, expr_node(p, &a));
      }
      n++;
    } while (accept_punct(p, P_COMMA));
  }
  expect_punct(p, P_RPAREN, NULL);
  if (out)
    call_args_set(p, out, &nodes);
  else
    vec_free(&nodes);
  return n;
}

/* The CO-RE builtins that ask about an lvalue (a field, a type, an enum
   value) take it as written: their first argument is not loaded and
   does not decay.  (__builtin_preserve_access_index takes a value.)  */
static bool builtin_keeps_access_path(BuiltinId id) {
  return id == BI_PRESERVE_FIELD_INFO || id == BI_PRESERVE_TYPE_INFO ||
         id == BI_PRESERVE_ENUM_VALUE || id == BI_BTF_TYPE_ID;
}

static Node *builtin_node(Parser *p, BuiltinId id, const char *name,
                          Type *type, SrcLoc loc, CallArgs *args) {
  if (!tree_on(p))
    return NULL;
  Node *n = node_new(EX_BUILTIN, type, loc);
  n->u.call.builtin = id;
  n->u.call.builtin_name = name;
  n->u.call.args = args->args;
  n->u.call.nargs = args->nargs;
  return n;
}

static Expr builtin_call(Parser *p, Token name) {
  next(p); /* ( */
  Type *args[8] = {0};
  Expr first = {0};
  int n = 0;
  bool first_const = false;
  BuiltinId id = builtin_lookup(name.ident->name);
  if (id == BI_VA_START)
    p->uses_va = true;
  NodeVec nodes = {0};
  Expr strs[2] = {{0}}; /* the first two arguments, when string literals */
  if (!at_punct(p, P_RPAREN)) {
    do {
      Expr a = parse_assign_expr(p);
      if (n < 2 && (a.flags & EF_STRING) && a.str_width == 1)
        strs[n] = a;
      Node *as_written =
          n == 0 && builtin_keeps_access_path(id) ? expr_node(p, &a) : NULL;
      if (n == 0) {
        Expr r = expr_rvalue(p, a);
        first = r;
        int64_t known;
        /* As clang: a const variable initialized with an integer
           constant has a known value too (BPF headers assert it).  */
        first_const = r.cv.kind == CV_INT || r.cv.kind == CV_FLOAT ||
                      (r.cv.kind == CV_ADDR && (a.flags & EF_STRING)) ||
                      (r.flags & EF_NULLPTR) || /* ((void *)0), as GCC */
                      (a.decl && a.decl->kind == DECL_VAR &&
                       (type_all_quals(a.decl->type) & Q_CONST) &&
                       tree_static_int_value(a.decl, &known));
      }
      a = expr_rvalue(p, a);
      if (n < 8)
        args[n] = a.type;
      if (tree_on(p)) {
        Type *param = n == 1 && (id == BI_EXPECT ||
                                 id == BI_EXPECT_WITH_PROBABILITY)
                          ? ty_long : builtin_param_type(id, n);
        vec_push(&nodes, n == 0 && builtin_keeps_access_path(id) ? as_written
                         : param ? expr_convert(p, &a, param)
                                 : expr_node(p, &a));
      }
      n++;
    } while (accept_punct(p, P_COMMA));
  }
  expect_punct(p, P_RPAREN, NULL);
  int want = builtin_param_count(id);
  if (want >= 0 && n != want) {
    diag_error(name.loc, "too %s arguments to function '%s'; expected %d, have %d",
               n < want ? "few" : "many", name.ident->name, want, n);
    vec_free(&nodes);
    return bad_expr(name.loc);
  }
  CallArgs cargs;
  call_args_set(p, &cargs, &nodes);
  const char *s = name.ident->name;
  if (!strcmp(s, "__builtin_constant_p")) {
    /* A parameter's value may be a constant once its function is
       inlined (libbpf's bpf_tail_call_static asks of its slot): the code
       generator answers then.  */
    const Node *a = cargs.nargs == 1 ? cargs.args[0] : NULL;
    while (a && a->kind == EX_CAST && (a->cast_kind == CAST_NOOP || a->cast_kind == CAST_INT))
      a = a->a;
    if (!first_const && tree_on(p) && a && a->kind == EX_CAST && a->cast_kind == CAST_LOAD &&
        a->a->kind == EX_VAR && a->a->u.decl->kind == DECL_PARAM) {
      Expr e = {0};
      e.loc = name.loc;
      e.type = ty_int;
      e.n = builtin_node(p, id, s, ty_int, name.loc, &cargs);
      return e;
    }
    return make_int_const(ty_int, first_const, name.loc);
  }
  /* strcmp and strlen of string literals are constants (GCC folds them;
     BPF, with no C library, needs it: bpf_experimental.h compares
     operator spellings).  */
  if (!strcmp(s, "__builtin_strcmp") && n == 2 && strs[0].type && strs[1].type) {
    int c = strcmp(strs[0].str, strs[1].str);
    return make_int_const(ty_int, c < 0 ? -1 : c > 0, name.loc);
  }
  if (!strcmp(s, "__builtin_strlen") && n == 1 && strs[0].type)
    return make_int_const(ty_ulong, (int64_t)strlen(strs[0].str), name.loc);
  if (!strcmp(s, "__builtin_expect") || !strcmp(s, "__builtin_expect_with_probability")) {
    /* The value is the first argument's, converted to long.  */
    Expr e = convert(p, first, ty_long);
    e.loc = name.loc;
    if (tree_on(p) && e.n && cargs.nargs) {
      cargs.args[0] = e.n;
      e = with_node(p, e, builtin_node(p, id, s, ty_long, name.loc, &cargs));
    }
    return e;
  }
  Expr e = {0};
  e.loc = name.loc;
  e.type = builtin_result_type(s, args, n < 8 ? n : 8);
  if (!strcmp(s, "__builtin_offsetof"))
    e.type = ty_size_t;
  if ((!strcmp(s, "__builtin_inf") || !strcmp(s, "__builtin_huge_val") ||
       !strcmp(s, "__builtin_inff") || !strcmp(s, "__builtin_huge_valf") ||
       !strcmp(s, "__builtin_infl") || !strcmp(s, "__builtin_huge_vall"))) {
    e.cv.kind = CV_FLOAT;
    e.cv.f = INFINITY;
  }
  if (!strncmp(s, "__builtin_nan", 13)) {
    e.cv.kind = CV_FLOAT;
    e.cv.f = NAN;
  }
  if ((!strcmp(s, "__builtin_bswap16") || !strcmp(s, "__builtin_bswap32") ||
       !strcmp(s, "__builtin_bswap64")) && first.cv.kind == CV_INT) {
    uint64_t v = (uint64_t)first.cv.i, r = 0;
    int bytes = s[15] == '1' ? 2 : s[15] == '3' ? 4 : 8;
    for (int i = 0; i < bytes; i++)
      r |= ((v >> (8 * i)) & 0xff) << (8 * (bytes - 1 - i));
    e.cv.kind = CV_INT;
    e.cv.i = type_int_truncate(e.type, (int64_t)r);
  }
  return with_node(p, e, builtin_node(p, id, s, e.type, name.loc, &cargs));
}

/* The callee N as GCC names it in a diagnostic (`f`, `fp` for `(*fp)`,
   `s.m`, `p->m`) into BUF, and where it is declared (*DECL_AT, when a
   function or a member declares it; GCC adds no note for a pointer
   variable).  False if N has no such name.  */
static bool callee_name(const Node *n, char *buf, size_t cap, const SrcLoc **decl_at) {
  *decl_at = NULL;
  while (n && n->kind == EX_CAST)
    n = n->a;
  if (n && n->kind == EX_DEREF)
    return callee_name(n->a, buf, cap, decl_at) && (*decl_at = NULL, true);
  if (!n)
    return false;
  if (n->kind == EX_VAR && n->u.decl && n->u.decl->name) {
    snprintf(buf, cap, "%s", n->u.decl->name->name);
    if (n->u.decl->kind == DECL_FUNC)
      *decl_at = &n->u.decl->loc;
    return true;
  }
  if (n->kind == EX_MEMBER && n->u.m.member && n->u.m.member->name) {
    const Node *base = n->a;
    const char *op = ".";
    if (base && base->kind == EX_DEREF) {
      base = base->a;
      op = "->";
    }
    const SrcLoc *ignored;
    char inner[256];
    if (!callee_name(base, inner, sizeof inner, &ignored))
      return false;
    snprintf(buf, cap, "%s%s%s", inner, op, n->u.m.member->name->name);
    *decl_at = &n->u.m.member->loc;
    return true;
  }
  return false;
}

/* A prototyped call's argument count against FT's parameters, with
   GCC's errors (at the callee) and its note on the declaration.  */
static void check_arg_count(const Expr *fn, const Type *ft, int nargs) {
  if (ft->flags & TYF_OLDSTYLE)
    return;
  int nparams = ft->u.func.nparams;
  bool variadic = (ft->flags & TYF_VARIADIC) != 0;
  if (nargs == nparams || (variadic && nargs > nparams))
    return;
  char name[300];
  const SrcLoc *decl_at;
  bool named = callee_name(fn->n, name, sizeof name, &decl_at);
  const char *what = nargs > nparams ? "many" : "few";
  if (named)
    diag_error(fn->loc, "too %s arguments to function '%s'; expected %s%d, have %d",
               what, name, variadic ? "at least " : "", nparams, nargs);
  else
    diag_error(fn->loc, "too %s arguments to function; expected %s%d, have %d", what,
               variadic ? "at least " : "", nparams, nargs);
  if (named && decl_at)
    diag_note(*decl_at, "declared here");
}

static Expr call_expr(Parser *p, Expr fn) {
  SrcLoc loc = next(p).loc; /* ( */
  Expr f = expr_rvalue(p, fn);
  Type *ft = type_canon(f.type);
  if (ft->kind == TY_PTR)
    ft = type_canon(ft->base);
  CallArgs cargs;
  int nargs = parse_call_args(p, &fn, ft->kind == TY_FUNC ? ft : NULL, &cargs);
  if (expr_erred(&fn))
    return bad_expr(fn.loc);
  if (ft->kind == TY_FUNC)
    check_arg_count(&fn, ft, nargs);
  if (ft->kind != TY_FUNC) {
    if (fn.n && fn.n->kind == EX_VAR && fn.n->u.decl && fn.n->u.decl->name)
      diag_error(fn.loc, "called object '%s' is not a function or function pointer",
                 fn.n->u.decl->name->name);
    else
      diag_error(fn.loc, "called object is not a function or function pointer");
    return bad_expr(loc);
  }
  Expr e = {0};
  e.loc = fn.loc;
  e.type = ft->base;
  if (tree_on(p)) {
    e.n = mk(p, EX_CALL, e.type, fn.loc, expr_node(p, &f), NULL);
    e.n->u.call.args = cargs.args;
    e.n->u.call.nargs = cargs.nargs;
    e.n->u.call.builtin = BI_NONE;
  }
  return e;
}

/* --- Member access --- */

/* Find member NAME in record R (looking into anonymous members); adds its
   bit offset to *bit_off.  */
static Member *find_member(Record *r, Ident *name, int64_t *bit_off) {
  for (int i = 0; i < r->nmembers; i++) {
    Member *m = &r->members[i];
    if (m->name == name) {
      *bit_off += m->bit_offset;
      return m;
    }
    if (!m->name) {
      Type *c = type_canon(m->type);
      if ((c->kind == TY_STRUCT || c->kind == TY_UNION) && c->u.rec->complete) {
        int64_t off = *bit_off + m->bit_offset;
        Member *in = find_member(c->u.rec, name, &off);
        if (in) {
          *bit_off = off;
          return in;
        }
      }
    }
  }
  return NULL;
}

/* The chain of members from record R to member NAME, through anonymous
   members: path[0] is in R, path[len-1] is NAME's.  Returns the length
   (0 if not found).  */
enum { MAX_MEMBER_PATH = 64 };

static int member_path(Record *r, Ident *name, Member **path, int depth) {
  if (depth >= MAX_MEMBER_PATH)
    return 0;
  for (int i = 0; i < r->nmembers; i++) {
    Member *m = &r->members[i];
    if (m->name == name) {
      path[depth] = m;
      return depth + 1;
    }
    if (!m->name) {
      Type *c = type_canon(m->type);
      if ((c->kind == TY_STRUCT || c->kind == TY_UNION) && c->u.rec->complete) {
        path[depth] = m;
        int len = member_path(c->u.rec, name, path, depth + 1);
        if (len)
          return len;
      }
    }
  }
  return 0;
}

/* The EX_MEMBER chain for BASE.NAME: one node per record level.  */
static Node *member_node(Parser *p, Expr *base, Record *r, Ident *name,
                         unsigned quals, SrcLoc loc) {
  Member *path[MAX_MEMBER_PATH];
  int len = member_path(r, name, path, 0);
  Node *n = expr_node(p, base);
  bool lvalue = (base->flags & EF_LVALUE) != 0;
  for (int i = 0; i < len; i++) {
    Type *t = quals ? type_qualified(path[i]->type, quals) : path[i]->type;
    Node *m = node_new(EX_MEMBER, t, loc);
    m->a = n;
    m->is_lvalue = lvalue;
    m->u.m.member = path[i];
    m->u.m.rec = r;
    n = m;
    r = type_canon(path[i]->type)->u.rec;
  }
  return n;
}

/* E.NAME where E is a struct/union lvalue or rvalue; LOC is NAME's,
   OP_LOC that of the '.' or '->' before it, where GCC reports errors.  */
static Expr member_expr(Parser *p, Expr base, Ident *name, SrcLoc loc, SrcLoc op_loc) {
  if (expr_erred(&base))
    return bad_expr(loc);
  Type *c = type_canon(base.type);
  if (c->kind != TY_STRUCT && c->kind != TY_UNION) {
    diag_error(op_loc, "request for member '%s' in something not a structure or union",
               name->name);
    return bad_expr(loc);
  }
  if (!c->u.rec->complete) {
    diag_error(op_loc, "invalid use of undefined type %s", type_quoted(c));
    return bad_expr(loc);
  }
  int64_t bit_off = 0;
  Member *m = find_member(c->u.rec, name, &bit_off);
  if (!m) {
    diag_error(op_loc, "%s has no member named '%s'", type_quoted(base.type),
               name->name);
    return bad_expr(loc);
  }
  Expr e = {0};
  e.loc = base.loc;
  unsigned q = type_all_quals(base.type);
  e.type = q ? type_qualified(m->type, q & (Q_CONST | Q_VOLATILE)) : m->type;
  e.flags = base.flags & EF_LVALUE;
  if (m->is_bitfield) {
    e.flags |= EF_BITFIELD;
    e.bit_width = m->bit_width;
  }
  if ((base.flags & EF_LVALUE) && base.cv.kind == CV_ADDR && !m->is_bitfield) {
    e.cv = base.cv;
    e.cv.i += bit_off / 8;
  }
  if (tree_on(p))
    e.n = member_node(p, &base, c->u.rec, name, q & (Q_CONST | Q_VOLATILE),
                      loc);
  return e;
}

/* *E */
static Expr deref(Parser *p, Expr e, SrcLoc loc) {
  e = expr_rvalue(p, e);
  if (expr_erred(&e))
    return bad_expr(loc);
  Type *c = type_canon(e.type);
  if (c->kind != TY_PTR) {
    diag_error(loc, "invalid type argument of unary '*' (have %s)",
               type_quoted(e.type));
    return bad_expr(loc);
  }
  if (type_kind(c->base) == TY_VOID && !p->in_sizeof_typeof)
    diag_warning(loc, W_NONE, "dereferencing 'void *' pointer");
  Expr r = {0};
  r.loc = loc;
  r.type = c->base;
  r.flags = EF_LVALUE;
  if (type_kind(c->base) == TY_FUNC)
    r.flags = EF_FUNC_DESIG;
  if (e.cv.kind == CV_ADDR)
    r.cv = e.cv; /* the object's address is the pointer's value */
  r.n = mk(p, EX_DEREF, r.type, loc, expr_node(p, &e), NULL);
  if (r.n && type_kind(c->base) == TY_FUNC)
    r.n->is_lvalue = false;
  return r;
}

/* --- Arithmetic --- */

static bool both_int_consts(const Expr *a, const Expr *b) {
  return a->cv.kind == CV_INT && b->cv.kind == CV_INT;
}

static bool both_arith_consts(const Expr *a, const Expr *b) {
  return (a->cv.kind == CV_INT || a->cv.kind == CV_FLOAT) &&
         (b->cv.kind == CV_INT || b->cv.kind == CV_FLOAT);
}



static bool is_compare(Punct op) {
  return op == P_LT || op == P_GT || op == P_LE || op == P_GE || op == P_EQ ||
         op == P_NE;
}

/* Pointer arithmetic and comparisons.  */
/* The node of a pointer comparison: both operands in one pointer type
   (the pointer operand's; a null pointer constant or integer converts
   to it).  */
static Node *pointer_compare_node(Parser *p, Punct op, Expr *a, Expr *b,
                                  SrcLoc loc) {
  if (!tree_on(p))
    return NULL;
  Type *t = type_is_pointer(a->type) ? a->type : b->type;
  Node *n = node_new(EX_BINARY, ty_int, loc);
  n->op = (uint8_t)binary_op(op);
  n->a = conv_node(p, a, t);
  n->b = conv_node(p, b, t);
  return n;
}

/* Whether pointer types A and B point to compatible types, qualifiers
   aside (GCC's comp_target_types).  */
static bool pointer_targets_compatible(Type *a, Type *b) {
  Type *ta = type_unqualified(type_canon(type_canon(a)->base));
  Type *tb = type_unqualified(type_canon(type_canon(b)->base));
  return types_compatible(ta, tb, false);
}

/* GCC's diagnostics of comparison OP at LOC between A and B, one of
   them a pointer: a pointer against an integer other than a null
   pointer constant, two pointers to incompatible types (for == and !=
   a void pointer or a null pointer constant matches any).  */
static void check_pointer_comparison(Punct op, const Expr *a, const Expr *b, SrcLoc loc) {
  bool ap = type_is_pointer(a->type), bp = type_is_pointer(b->type);
  if (ap != bp) {
    const Expr *other = ap ? b : a;
    if (type_is_integer(other->type) && !expr_is_null_pointer_constant(other))
      diag_warning(loc, W_NONE, "comparison between pointer and integer");
    return;
  }
  if (pointer_targets_compatible(a->type, b->type))
    return;
  if (op == P_EQ || op == P_NE) {
    Type *ta = type_canon(type_canon(a->type)->base), *tb = type_canon(type_canon(b->type)->base);
    if (ta->kind == TY_VOID || tb->kind == TY_VOID || expr_is_null_pointer_constant(a) ||
        expr_is_null_pointer_constant(b))
      return;
  } else if (expr_is_null_pointer_constant(a) || expr_is_null_pointer_constant(b)) {
    return;
  }
  diag_warning(loc, W_COMPARE_DISTINCT_POINTER_TYPES,
               "comparison of distinct pointer types lacks a cast");
}

static Expr pointer_binary(Parser *p, Punct op, Expr a, Expr b, SrcLoc loc) {
  Type *ca = type_canon(a.type), *cb = type_canon(b.type);
  Expr r = {0};
  r.loc = a.loc;
  if (is_compare(op)) {
    check_pointer_comparison(op, &a, &b, loc);
    r.type = ty_int;
    r.n = pointer_compare_node(p, op, &a, &b, a.loc);
    if (a.cv.kind == CV_ADDR && b.cv.kind == CV_ADDR && a.cv.sym == b.cv.sym &&
        !a.cv.str && !b.cv.str) {
      int64_t v;
      if (const_fold_int(binary_op(op), ty_long, a.cv.i, b.cv.i, &v, loc)) {
        r.cv.kind = CV_INT;
        r.cv.i = v;
      }
    } else if (op == P_EQ || op == P_NE) {
      /* &sym == 0 is known false.  */
      const Expr *addr = a.cv.kind == CV_ADDR && (a.cv.sym || a.cv.str) ? &a : &b;
      const Expr *zero = addr == &a ? &b : &a;
      if (addr->cv.kind == CV_ADDR && (addr->cv.sym || addr->cv.str) &&
          zero->cv.kind != CV_NONE && expr_is_null_pointer_constant(zero)) {
        r.cv.kind = CV_INT;
        r.cv.i = op == P_NE;
      }
    }
    return with_node(p, r, r.n);
  }
  if (op == P_MINUS && ca->kind == TY_PTR && cb->kind == TY_PTR) {
    if (!pointer_targets_compatible(a.type, b.type)) {
      diag_error(loc, "invalid operands to binary - (have %s and %s)",
                 type_quoted(a.type), type_quoted(b.type));
      return bad_expr(loc);
    }
    r.type = ty_ptrdiff_t;
    int64_t es = type_size(ca->base);
    if (es <= 0)
      es = 1;
    if (a.cv.kind == CV_ADDR && b.cv.kind == CV_ADDR && a.cv.sym == b.cv.sym &&
        !a.cv.str && !b.cv.str) {
      r.cv.kind = CV_INT;
      r.cv.i = (a.cv.i - b.cv.i) / es;
    }
    Node *n = mk(p, EX_PTR_DIFF, r.type, a.loc, expr_node(p, &a),
                 expr_node(p, &b));
    if (n)
      n->u.arith.scale = es;
    return with_node(p, r, n);
  }
  /* ptr + int, int + ptr, ptr - int */
  Expr ptr = ca->kind == TY_PTR ? a : b;
  Expr n = ca->kind == TY_PTR ? b : a;
  if (!type_is_integer(n.type)) {
    diag_error(loc, "invalid operands to binary %s (have %s and %s)",
               punct_spelling(op), type_quoted(a.type), type_quoted(b.type));
    return bad_expr(loc);
  }
  r.type = ptr.type;
  Type *pointee = type_canon(ptr.type)->base;
  int64_t es = type_kind(pointee) == TY_VOID || type_kind(pointee) == TY_FUNC
                   ? 1 : type_size(pointee);
  if (ptr.cv.kind == CV_ADDR && n.cv.kind == CV_INT && es > 0) {
    r.cv = ptr.cv;
    int64_t delta = (int64_t)((uint64_t)n.cv.i * (uint64_t)es);
    r.cv.i = op == P_MINUS ? (int64_t)((uint64_t)r.cv.i - (uint64_t)delta)
                           : (int64_t)((uint64_t)r.cv.i + (uint64_t)delta);
    r.cv.is_icx = false;
  }
  Node *nd = mk(p, EX_PTR_ADD, r.type, a.loc, expr_node(p, &ptr),
                conv_node(p, &n, ty_ptrdiff_t));
  if (nd) {
    nd->op = op == P_MINUS ? OP_SUB : OP_ADD;
    nd->u.arith.scale = es;
  }
  return with_node(p, r, nd);
}

/* BASE[IDX] with BASE the pointer operand (after decay), kept as an
   EX_INDEX node (the access path as written).  */
static Expr index_expr(Parser *p, Expr base, Expr idx, SrcLoc lb, SrcLoc loc) {
  Expr e = deref(p, pointer_binary(p, P_PLUS, base, idx, lb), loc);
  if (tree_on(p) && e.type) {
    Type *pointee = type_canon(base.type)->base;
    int64_t es = type_kind(pointee) == TY_VOID ? 1 : type_size(pointee);
    e.n = mk(p, EX_INDEX, e.type, loc, expr_node(p, &base),
             conv_node(p, &idx, ty_ptrdiff_t));
    e.n->u.arith.scale = es;
  }
  return e;
}

bool expr_report_void_value(const Expr *e) {
  if (!e->type || expr_erred(e) || type_kind(e->type) != TY_VOID)
    return false;
  diag_error(e->loc, "void value not ignored as it ought to be");
  return true;
}

/* GCC's warnings about the right operand B of OP (division by zero, a
   shift count out of range; T the left operand's promoted type for a
   shift), at the operator LOC.  */
static void warn_operand_values(Parser *p, Punct op, Type *t, const Expr *b, SrcLoc loc) {
  if (values_unevaluated(p) || !b->type)
    return;
  if (op == P_SLASH || op == P_PERCENT)
    warn_division_by_zero(b->type, &b->cv, loc);
  else if (op == P_SHL || op == P_SHR)
    warn_shift_count(op == P_SHL, t, b->type, &b->cv, loc);
}

/* The result of binary operator OP on rvalues A and B.  */
static Expr binary(Parser *p, Punct op, Expr a, Expr b, SrcLoc loc) {
  if (!a.type || !b.type || expr_erred(&a) || expr_erred(&b))
    return bad_expr(loc);
  if (expr_report_void_value(&a) || expr_report_void_value(&b))
    return bad_expr(loc);
  bool ap = type_is_pointer(a.type), bp = type_is_pointer(b.type);
  if ((ap || bp) && (op == P_PLUS || op == P_MINUS || is_compare(op)))
    return pointer_binary(p, op, a, b, loc);
  if (!type_is_arith(a.type) || !type_is_arith(b.type)) {
    if (op == P_ANDAND || op == P_OROR) {
      /* handled by the caller */
    }
    diag_error(loc, "invalid operands to binary %s (have %s and %s)",
               punct_spelling(op), type_quoted(a.type), type_quoted(b.type));
    return bad_expr(loc);
  }
  bool int_op = op == P_PERCENT || op == P_SHL || op == P_SHR ||
                op == P_AMP || op == P_PIPE || op == P_CARET;
  if (int_op && (!type_is_integer(a.type) || !type_is_integer(b.type))) {
    if (type_kind(a.type) != TY_VECTOR && type_kind(b.type) != TY_VECTOR) {
      diag_error(loc, "invalid operands to binary %s (have %s and %s)",
                 punct_spelling(op), type_quoted(a.type), type_quoted(b.type));
      return bad_expr(loc);
    }
  }
  Type *t;
  if (op == P_SHL || op == P_SHR)
    t = type_promote(a.type);
  else
    t = type_usual_arith(a.type, b.type);
  warn_operand_values(p, op, t, &b, loc);
  Expr ca = convert(p, a, op == P_SHL || op == P_SHR ? t : t);
  Expr cb = convert(p, b, op == P_SHL || op == P_SHR ? type_promote(b.type) : t);
  Expr r = {0};
  r.loc = a.loc;
  r.type = is_compare(op) ? ty_int : t;
  Node *n = mk(p, EX_BINARY, r.type, a.loc, expr_node(p, &ca),
               expr_node(p, &cb));
  if (n)
    n->op = (uint8_t)binary_op(op);
  if (type_is_integer(t) && both_int_consts(&ca, &cb)) {
    int64_t v;
    if (const_fold_int(binary_op(op), t, ca.cv.i, cb.cv.i, &v, loc)) {
      r.cv.kind = CV_INT;
      r.cv.is_icx = a.cv.is_icx && b.cv.is_icx;
      r.cv.i = type_int_truncate(r.type, v);
      if (!values_unevaluated(p))
        warn_signed_overflow(binary_op(op), t, ca.cv.i, cb.cv.i, r.cv.i, loc);
    }
  } else if (both_arith_consts(&ca, &cb) && type_is_real_float(t)) {
    long double f;
    int64_t i;
    bool is_int;
    if (const_fold_float(binary_op(op), ca.cv.f, cb.cv.f, &f, &i, &is_int)) {
      if (is_int) {
        r.cv.kind = CV_INT;
        r.cv.i = i;
      } else {
        r.cv.kind = CV_FLOAT;
        r.cv.f = f;
        const_convert(&r.cv, t, t);
      }
    }
  }
  return with_node(p, r, n);
}

/* --- Assignment and conditional --- */

static bool is_assign_op(Punct op) {
  return op == P_ASSIGN || op == P_MUL_ASSIGN || op == P_DIV_ASSIGN ||
         op == P_MOD_ASSIGN || op == P_ADD_ASSIGN || op == P_SUB_ASSIGN ||
         op == P_SHL_ASSIGN || op == P_SHR_ASSIGN || op == P_AND_ASSIGN ||
         op == P_XOR_ASSIGN || op == P_OR_ASSIGN;
}

/* The pointer variable under N (loaded, perhaps converted), or NULL.  */
static const Decl *loaded_variable(const Node *n) {
  while (n && n->kind == EX_CAST && (n->cast_kind == CAST_NOOP || n->cast_kind == CAST_DECAY))
    n = n->a;
  if (n && n->kind == EX_CAST && n->cast_kind == CAST_LOAD && n->a->kind == EX_VAR &&
      n->a->u.decl && n->a->u.decl->name)
    return n->a->u.decl;
  return NULL;
}

/* The lvalue N as GCC prints it in "read-only location" ('*q', '*(q +
   4)': the byte offset) into BUF; false for forms btfcc does not
   print.  */
static bool print_location(const Node *n, char *buf, size_t cap) {
  const Node *ptr = NULL, *idx = NULL;
  int64_t scale = 1;
  if (n && n->kind == EX_INDEX) {
    ptr = n->a;
    idx = n->b;
    scale = n->u.arith.scale;
  } else if (n && n->kind == EX_DEREF && n->a && n->a->kind == EX_PTR_ADD &&
             n->a->op == OP_ADD) {
    ptr = n->a->a;
    idx = n->a->b;
    scale = n->a->u.arith.scale;
  } else if (n && n->kind == EX_DEREF) {
    ptr = n->a;
  }
  const Decl *v = loaded_variable(ptr);
  if (!v)
    return false;
  while (idx && idx->kind == EX_CAST && idx->cast_kind != CAST_LOAD)
    idx = idx->a;
  if (idx && (idx->kind != EX_CONST || idx->u.cv.kind != CV_INT || idx->u.cv.i < 0))
    return false;
  int64_t off = idx ? idx->u.cv.i * scale : 0;
  if (off)
    snprintf(buf, cap, "*(%s + %lld)", v->name->name, (long long)off);
  else
    snprintf(buf, cap, "*%s", v->name->name);
  return true;
}

/* GCC's error for modifying (VERB: "assignment", "increment",
   "decrement") the const lvalue E at LOC: named by what E is.  */
static void readonly_error(const Expr *e, SrcLoc loc, const char *verb) {
  const Node *n = e->n;
  char where[256];
  if (e->decl && e->decl->kind == DECL_PARAM)
    diag_error(loc, "%s of read-only parameter '%s'", verb, e->decl->name->name);
  else if (e->decl)
    diag_error(loc, "%s of read-only variable '%s'", verb, e->decl->name->name);
  else if (n && n->kind == EX_MEMBER && n->u.m.member && n->u.m.member->name)
    diag_error(loc, (type_all_quals(n->a->type) & Q_CONST)
                        ? "%s of member '%s' in read-only object"
                        : "%s of read-only member '%s'",
               verb, n->u.m.member->name->name);
  else if (print_location(n, where, sizeof where))
    diag_error(loc, "%s of read-only location '%s'", verb, where);
  else
    diag_error(loc, "%s of read-only location", verb);
}

/* E may be modified by the operator at LOC (WHAT names its operand, as
   in GCC's message; VERB what the operator does: "assignment",
   "increment", "decrement"; an array takes no assignment and is no
   operand of ++ or --).  */
static void check_modifiable(const Expr *e, SrcLoc loc, const char *what,
                             const char *verb) {
  bool assignment = verb[0] == 'a';
  if (expr_erred(e))
    return;
  if (!(e->flags & EF_LVALUE) || (!assignment && type_kind(e->type) == TY_ARRAY)) {
    diag_error(loc, "lvalue required as %s", what);
    return;
  }
  if (assignment && type_kind(e->type) == TY_ARRAY) {
    diag_error(loc, "assignment to expression with array type");
    return;
  }
  if (type_all_quals(e->type) & Q_CONST)
    readonly_error(e, loc, verb);
}

static Punct assign_base_op(Punct op) {
  switch (op) {
  case P_MUL_ASSIGN: return P_STAR;
  case P_DIV_ASSIGN: return P_SLASH;
  case P_MOD_ASSIGN: return P_PERCENT;
  case P_ADD_ASSIGN: return P_PLUS;
  case P_SUB_ASSIGN: return P_MINUS;
  case P_SHL_ASSIGN: return P_SHL;
  case P_SHR_ASSIGN: return P_SHR;
  case P_AND_ASSIGN: return P_AMP;
  case P_XOR_ASSIGN: return P_CARET;
  case P_OR_ASSIGN: return P_PIPE;
  default: return P_ASSIGN;
  }
}

/* The node of LHS OP= RHS with result type T (see EX_OP_ASSIGN).  */
static Node *op_assign_node(Parser *p, Punct op, Expr *lhs, Expr *rhs,
                            Type *t) {
  Node *n = mk(p, EX_OP_ASSIGN, t, lhs->loc, expr_node(p, lhs), NULL);
  n->op = (uint8_t)binary_op(op);
  if (!rhs->type || !lhs->type) {
    n->b = expr_node(p, rhs);
    n->u.arith.comp_type = t;
    return n;
  }
  /* The value of an unsigned bit-field narrower than int is an int.  */
  Type *lt = lhs->type;
  if ((lhs->flags & EF_BITFIELD) && type_is_integer(lt) &&
      !type_is_signed(lt) && lhs->bit_width < 32 && type_size(lt) >= 4)
    lt = ty_int;
  if (type_is_pointer(lhs->type)) {
    Type *pointee = type_canon(lhs->type)->base;
    n->u.arith.scale = type_kind(pointee) == TY_VOID ? 1 : type_size(pointee);
    n->u.arith.comp_type = t;
    n->b = conv_node(p, rhs, ty_ptrdiff_t);
  } else if (op == P_SHL || op == P_SHR) {
    n->u.arith.comp_type = type_promote(lt);
    n->b = conv_node(p, rhs, type_promote(rhs->type));
  } else if (type_is_arith(lt) && type_is_arith(rhs->type)) {
    n->u.arith.comp_type = type_usual_arith(lt, rhs->type);
    n->b = conv_node(p, rhs, n->u.arith.comp_type);
  } else {
    n->u.arith.comp_type = t;
    n->b = expr_node(p, rhs);
  }
  return n;
}

/* assignment-expression:
     conditional-expression
     unary-expression assignment-operator assignment-expression */
Expr parse_assign_expr(Parser *p) {
  Expr lhs = parse_cond_expr(p);
  const Token *t = peek(p, 0);
  if (t->kind == TK_PUNCT && is_assign_op((Punct)t->punct)) {
    Token op = next(p);
    unsigned errors = diag_error_count();
    Expr rhs = expr_rvalue(p, parse_assign_expr(p));
    bool rhs_erred = diag_error_count() != errors;
    if (expr_erred(&lhs) || expr_erred(&rhs))
      return bad_expr(lhs.loc);
    Punct base_op = assign_base_op((Punct)op.punct);
    if ((base_op == P_PLUS || base_op == P_MINUS) && type_is_pointer(lhs.type) &&
        !type_is_integer(rhs.type) && !(base_op == P_MINUS && type_is_pointer(rhs.type))) {
      diag_error(op.loc, "invalid operands to binary %s (have %s and %s)",
                 punct_spelling(base_op), type_quoted(lhs.type), type_quoted(rhs.type));
      return bad_expr(lhs.loc);
    }
    if (base_op != P_ASSIGN && lhs.type && type_is_arith(lhs.type))
      warn_operand_values(p, base_op,
                          type_is_integer(lhs.type) ? type_promote(lhs.type) : lhs.type,
                          &rhs, op.loc);
    check_modifiable(&lhs, op.loc, "left operand of assignment", "assignment");
    Expr r = {0};
    r.loc = lhs.loc;
    r.type = lhs.type ? type_unqualified(type_canon(lhs.type)) : ty_int;
    if (lhs.type && type_all_quals(lhs.type) == 0)
      r.type = lhs.type;
    AssignSite site = {.kind = ASSIGN_PLAIN, .loc = op.loc, .value_loc = rhs.loc,
                       .value_erred = rhs_erred};
    if (op.punct == P_ASSIGN && !tree_on(p))
      expr_check_as_assigned(p, &rhs, r.type, &site);
    if (tree_on(p)) {
      if (op.punct == P_ASSIGN)
        r.n = mk(p, EX_ASSIGN, r.type, lhs.loc, expr_node(p, &lhs),
                 expr_convert_as_assigned(p, &rhs, r.type, &site));
      else
        r.n = op_assign_node(p, assign_base_op((Punct)op.punct), &lhs, &rhs,
                             r.type);
    }
    return r;
  }
  return lhs;
}


Expr parse_cond_expr(Parser *p);

/* Binary operators by precedence climbing.  */
static int binary_prec(const Token *t) {
  if (t->kind != TK_PUNCT)
    return -1;
  switch (t->punct) {
  case P_STAR: case P_SLASH: case P_PERCENT: return 10;
  case P_PLUS: case P_MINUS: return 9;
  case P_SHL: case P_SHR: return 8;
  case P_LT: case P_GT: case P_LE: case P_GE: return 7;
  case P_EQ: case P_NE: return 6;
  case P_AMP: return 5;
  case P_CARET: return 4;
  case P_PIPE: return 3;
  case P_ANDAND: return 2;
  case P_OROR: return 1;
  default: return -1;
  }
}

static Expr logical(Parser *p, Punct op, Expr a, Expr b, SrcLoc loc) {
  if (expr_erred(&a) || expr_erred(&b))
    return bad_expr(loc);
  if (expr_report_void_value(&a) || expr_report_void_value(&b))
    return bad_expr(loc);
  if (!type_is_scalar(a.type) || !type_is_scalar(b.type)) {
    diag_error(loc, "invalid operands to binary %s", punct_spelling(op));
    return bad_expr(loc);
  }
  Expr r = {0};
  r.loc = a.loc;
  r.type = ty_int;
  Node *n = mk(p, op == P_ANDAND ? EX_LOGAND : EX_LOGOR, ty_int, a.loc,
               expr_node(p, &a), expr_node(p, &b));
  bool va, vb;
  bool ka = expr_is_true_const(&a, &va), kb = expr_is_true_const(&b, &vb);
  if (op == P_ANDAND) {
    if (ka && !va) {
      r.cv.kind = CV_INT;
      r.cv.i = 0;
      r.cv.is_icx = a.cv.is_icx;
    } else if (ka && kb) {
      r.cv.kind = CV_INT;
      r.cv.i = vb;
      r.cv.is_icx = a.cv.is_icx && b.cv.is_icx;
    }
  } else {
    if (ka && va) {
      r.cv.kind = CV_INT;
      r.cv.i = 1;
      r.cv.is_icx = a.cv.is_icx;
    } else if (ka && kb) {
      r.cv.kind = CV_INT;
      r.cv.i = vb;
      r.cv.is_icx = a.cv.is_icx && b.cv.is_icx;
    }
  }
  return with_node(p, r, n);
}

/* multiplicative-, additive-, shift-, relational-, equality-, AND-,
   exclusive-OR-, inclusive-OR-, logical-AND- and logical-OR-expression:
     cast-expression ( binary-operator cast-expression )*
   by precedence climbing from MIN_PREC (binary_prec).  */
static Expr parse_binary(Parser *p, int min_prec) {
  Expr lhs = parse_cast(p);
  for (;;) {
    const Token *t = peek(p, 0);
    int prec = binary_prec(t);
    if (prec < min_prec)
      return lhs;
    Token op = next(p);
    Expr l = expr_rvalue(p, lhs);
    /* Short-circuit operands whose value cannot matter are still parsed
       (and type-checked) but not evaluated: no warnings about values.  */
    bool known, dead = false;
    if ((op.punct == P_ANDAND || op.punct == P_OROR) && expr_is_true_const(&l, &known))
      dead = op.punct == P_ANDAND ? !known : known;
    p->unevaluated += dead;
    Expr rhs = expr_rvalue(p, parse_binary(p, prec + 1));
    p->unevaluated -= dead;
    if (op.punct == P_ANDAND || op.punct == P_OROR)
      lhs = logical(p, (Punct)op.punct, l, rhs, op.loc);
    else
      lhs = binary(p, (Punct)op.punct, l, rhs, op.loc);
  }
}

/* conditional-expression:
     logical-OR-expression ( ? expression? : conditional-expression )?
   (GNU: the middle operand may be omitted).  */
Expr parse_cond_expr(Parser *p) {
  Expr c = parse_binary(p, 1);
  if (!at_punct(p, P_QUESTION))
    return c;
  Token q = next(p);
  c = expr_rvalue(p, c);
  if (!type_is_scalar(c.type) && !expr_erred(&c))
    diag_error(q.loc, "used struct type value where scalar is required");
  Expr a;
  bool gnu_elvis = at_punct(p, P_COLON);
  bool known, cond_known = expr_is_true_const(&c, &known);
  if (gnu_elvis) {
    a = c; /* x ?: y */
  } else {
    p->unevaluated += cond_known && !known; /* the arm not taken */
    a = expr_rvalue(p, parse_expr(p));
    p->unevaluated -= cond_known && !known;
  }
  expect_punct(p, P_COLON, NULL);
  p->unevaluated += cond_known && known;
  Expr b = expr_rvalue(p, parse_cond_expr(p));
  p->unevaluated -= cond_known && known;
  if (expr_erred(&c) || expr_erred(&a) || expr_erred(&b))
    return bad_expr(c.loc);
  Expr r = {0};
  r.loc = c.loc;
  r.type = type_conditional(a.type, expr_is_null_pointer_constant(&a), b.type,
                            expr_is_null_pointer_constant(&b), q.loc);
  if (tree_on(p)) {
    bool is_void = type_kind(r.type) == TY_VOID;
    r.n = mk(p, EX_COND, r.type, c.loc, NULL, NULL);
    r.n->c = expr_node(p, &c);
    if (!gnu_elvis)
      r.n->a = is_void ? expr_node(p, &a) : conv_node(p, &a, r.type);
    r.n->b = is_void ? expr_node(p, &b) : conv_node(p, &b, r.type);
  }
  bool v;
  if (expr_is_true_const(&c, &v)) {
    Expr chosen = convert(p, v ? a : b, r.type);
    r.cv = chosen.cv;
    if (r.cv.kind == CV_INT)
      r.cv.is_icx = c.cv.is_icx && chosen.cv.is_icx;
    if (type_kind(r.type) == TY_PTR && expr_is_null_pointer_constant(v ? &a : &b))
      r.flags |= EF_NULLPTR;
  }
  return with_node(p, r, r.n);
}

/* expression: assignment-expression ( , assignment-expression )* */
Expr parse_expr(Parser *p) {
  Expr e = parse_assign_expr(p);
  while (at_punct(p, P_COMMA)) {
    next(p);
    Node *left = expr_node(p, &e);
    Expr r = parse_assign_expr(p);
    e = expr_rvalue(p, r);
    Node *right = expr_node(p, &e);
    e.cv.kind = CV_NONE; /* a comma expression is never constant */
    if (tree_on(p))
      e.n = mk(p, EX_COMMA, e.type, left->loc, left, right);
  }
  return e;
}

static Expr parse_primary(Parser *p);

/* Whether T ends an expression: nothing after a literal that is
   followed by it can belong to the expression.  */
static bool ends_expression(const Token *t) {
  if (t->kind != TK_PUNCT)
    return false;
  switch (t->punct) {
  case P_COMMA: case P_SEMI: case P_RBRACE: case P_RBRACKET: case P_RPAREN:
    return true;
  default:
    return false;
  }
}

/* constant-expression: conditional-expression, which must be an
   integer constant expression here (C17 6.6p6).  */
bool parse_int_const_expr(Parser *p, int64_t *value, bool *is_unsigned) {
  SrcLoc loc = cur_loc(p);
  /* Most constant expressions (enumerator values, array sizes, bit-field
     widths) are a lone literal: it is its own value, without the descent
     through every level of precedence.  */
  bool lone_literal = peek(p, 0)->kind == TK_NUMBER && ends_expression(peek(p, 1));
  Expr e = expr_rvalue(p, lone_literal ? parse_primary(p) : parse_cond_expr(p));
  *is_unsigned = e.type && type_is_integer(e.type) && !type_is_signed(e.type);
  if (e.type && type_is_integer(e.type) && e.cv.kind == CV_INT) {
    *value = e.cv.i;
    return true;
  }
  if (e.type && e.cv.kind == CV_INT) {
    *value = e.cv.i;
    return true;
  }
  if (!expr_erred(&e))
    diag_error(loc, "expression is not an integer constant expression");
  *value = 0;
  return false;
}

/* --- Unary and cast --- */

/* sizeof or _Alignof (IS_ALIGN) of type T, written at LOC, its operand
   at WHERE (where GCC reports an incomplete type).  */
static Expr sizeof_type(Type *t, SrcLoc loc, SrcLoc where, bool is_align) {
  Type *c = type_canon(t);
  if (is_align) {
    if (!type_is_complete(t) && c->kind != TY_VOID && c->kind != TY_FUNC)
      diag_error(where, "invalid application of '__alignof__' to incomplete type %s",
                 type_quoted(t));
    return make_int_const(ty_size_t, type_align(t), loc);
  }
  if (c->kind == TY_ARRAY && (c->flags & TYF_VLA)) {
    Expr e = {0};
    e.type = ty_size_t;
    e.loc = loc;
    return e;
  }
  if (!type_is_complete(t) && c->kind != TY_VOID && c->kind != TY_FUNC) {
    diag_error(where, "invalid application of 'sizeof' to incomplete type %s",
               type_quoted(t));
    return make_int_const(ty_size_t, 1, loc);
  }
  int64_t s = type_size(t);
  return make_int_const(ty_size_t, s < 0 ? 1 : s, loc);
}

/* --- Storage classes of compound literals (C23) --- */

/* What the storage-class specifiers in front of a parenthesized type
   name said: C23 gives a compound literal constexpr, register, static
   and thread_local (_Thread_local, __thread); elsewhere (a cast, sizeof)
   they are an error.  FIRST is where the first one is, THREAD its
   spelling.  */
typedef struct LiteralStorage {
  bool any, is_static, is_register, is_thread_local, is_constexpr;
  SrcLoc first;
  Token thread;
} LiteralStorage;

static bool is_literal_storage_keyword(int kw) {
  return kw == KW_STATIC || kw == KW_REGISTER || kw == KW_THREAD_LOCAL ||
         kw == KW_CONSTEXPR;
}

/* Whether the '(' next starts a parenthesized type name (a cast, a
   compound literal, sizeof's or alignof's operand), storage classes of
   a compound literal included.  */
static bool starts_paren_type_name(Parser *p) {
  const Token *t1 = peek(p, 1);
  int kw1 = keyword_of(t1);
  return kw1 ? keyword_starts_type_name(kw1) || is_literal_storage_keyword(kw1)
             : is_typedef_name(p, t1);
}

/* storage-class-specifier*, in front of the type name: GCC's
   c_parser_compound_literal_scspecs, whose errors for a repeated or
   clashing specifier are at its input location.  */
static LiteralStorage parse_literal_storage(Parser *p) {
  LiteralStorage st = {0};
  for (int kw; is_literal_storage_keyword(kw = at_keyword(p));) {
    Token t = next(p);
    report_c11_keyword(&t);
    if (!st.any)
      st.first = t.loc;
    st.any = true;
    bool *flag = kw == KW_STATIC     ? &st.is_static
               : kw == KW_REGISTER   ? &st.is_register
               : kw == KW_CONSTEXPR  ? &st.is_constexpr
                                     : &st.is_thread_local;
    if (*flag) {
      diag_error(p->input_loc, "duplicate '%.*s'", (int)t.len, t.text);
    } else if ((kw == KW_STATIC && st.is_register) || (kw == KW_REGISTER && st.is_static)) {
      /* the first one stays */
      diag_error(p->input_loc, "multiple storage classes in declaration specifiers");
      continue;
    }
    *flag = true;
    if (kw == KW_THREAD_LOCAL)
      st.thread = t;
  }
  return st;
}

/* A compound literal's storage classes, its initializer's brace at
   BRACE: what only C23 has, and thread_local in a block without static
   (the literal would be automatic).  */
static void check_literal_storage(Parser *p, const LiteralStorage *st, SrcLoc brace) {
  if (!st->any)
    return;
  diag_pedwarn_before(2023, brace, W_PEDANTIC,
                      "ISO C forbids storage class specifiers in compound literals before C23");
  if (p->cur_func && st->is_thread_local && !st->is_static)
    diag_error(brace, "compound literal implicitly auto and declared '%.*s'",
               (int)st->thread.len, st->thread.text);
}

/* sizeof unary-expression | sizeof ( type-name ) | _Alignof ( type-name ):
   the operand is a type name or an expression.  */
static Expr parse_sizeof(Parser *p, bool is_align) {
  Token kw = next(p);
  bool saved = p->in_sizeof_typeof;
  p->in_sizeof_typeof = true;
  Expr r;
  if (at_punct(p, P_LPAREN) && starts_paren_type_name(p)) {
    next(p);
    LiteralStorage st = parse_literal_storage(p);
    SrcLoc where = cur_loc(p);
    Type *t = parse_type_name(p);
    expect_punct(p, P_RPAREN, NULL);
    if (at_punct(p, P_LBRACE)) {
      /* sizeof (T){...}: a compound literal operand.  */
      InitInfo info = {0};
      check_literal_storage(p, &st, cur_loc(p));
      t = parse_initializer(p, t, &info, NULL);
      Expr e = {0};
      e.type = t;
      e.flags = EF_LVALUE;
      e = parse_postfix_ops(p, e);
      r = sizeof_type(e.type, kw.loc, where, is_align);
    } else {
      if (st.any)
        diag_error(st.first, "storage class specifier in '%.*s'", (int)kw.len, kw.text);
      r = sizeof_type(t, kw.loc, where, is_align);
    }
    p->in_sizeof_typeof = saved;
    return r;
  }
  SrcLoc where = cur_loc(p); /* the operand's first token */
  Expr e = parse_unary(p);
  p->in_sizeof_typeof = saved;
  if (e.flags & EF_BITFIELD)
    diag_error(kw.loc, "'sizeof' applied to a bit-field");
  if (is_align && e.decl && e.decl->kind == DECL_VAR)
    return make_int_const(ty_size_t, type_align(e.type), kw.loc);
  return sizeof_type(e.type ? e.type : ty_int, kw.loc, where, is_align);
}

/* __builtin_offsetof ( type-name , member-designator ) */
static Expr parse_offsetof(Parser *p) {
  Token kw = next(p);
  expect_punct(p, P_LPAREN, NULL);
  Type *t = parse_type_name(p);
  expect_punct(p, P_COMMA, NULL);
  int64_t off = 0;
  bool constant = true;
  Type *cur = t;
  bool first = true;
  for (;;) {
    if (first || accept_punct(p, P_DOT)) {
      first = false;
      const Token *nt = peek(p, 0);
      if (nt->kind != TK_IDENT) {
        syntax_error(p, nt, "identifier");
        break;
      }
      Token n = next(p);
      Type *c = type_canon(cur);
      if (c->kind != TY_STRUCT && c->kind != TY_UNION) {
        diag_error(n.loc, "request for member '%s' in something not a structure or union",
                   n.ident->name);
        break;
      }
      int64_t bits = 0;
      Member *m = c->u.rec->complete ? find_member(c->u.rec, n.ident, &bits) : NULL;
      if (!m) {
        diag_error(n.loc, "%s has no member named '%s'", type_quoted(cur),
                   n.ident->name);
        break;
      }
      if (m->is_bitfield)
        diag_error(n.loc, "attempt to take address of bit-field structure member '%s'",
                   n.ident->name);
      off += bits / 8;
      cur = m->type;
    } else if (at_punct(p, P_LBRACKET)) {
      next(p);
      Expr idx = expr_rvalue(p, parse_expr(p));
      expect_punct(p, P_RBRACKET, NULL);
      Type *c = type_canon(cur);
      if (c->kind != TY_ARRAY) {
        diag_error(kw.loc, "subscripted value is neither array nor pointer");
        break;
      }
      if (idx.cv.kind == CV_INT)
        off += idx.cv.i * type_size(c->base);
      else
        constant = false;
      cur = c->base;
    } else {
      break;
    }
  }
  expect_punct(p, P_RPAREN, NULL);
  if (!constant) {
    Expr e = {0};
    e.type = ty_size_t;
    e.loc = kw.loc;
    return e;
  }
  return make_int_const(ty_size_t, off, kw.loc);
}

/* _Generic ( assignment-expression , generic-assoc-list ) */
static Expr parse_generic(Parser *p) {
  Token kw = next(p);
  expect_punct(p, P_LPAREN, NULL);
  bool saved = p->in_sizeof_typeof;
  p->in_sizeof_typeof = true;
  Expr ctl = expr_rvalue(p, parse_assign_expr(p));
  p->in_sizeof_typeof = saved;
  Type *ct = ctl.type ? ctl.type : ty_int;
  Expr chosen = {0}, dflt = {0};
  bool have = false, have_default = false;
  while (accept_punct(p, P_COMMA)) {
    if (accept_keyword(p, KW_DEFAULT)) {
      expect_punct(p, P_COLON, NULL);
      dflt = parse_assign_expr(p);
      have_default = true;
      continue;
    }
    Type *t = parse_type_name(p);
    expect_punct(p, P_COLON, NULL);
    Expr e = parse_assign_expr(p);
    if (!have && types_compatible(t, ct, false) &&
        type_all_quals(t) == type_all_quals(ct)) {
      chosen = e;
      have = true;
    } else if (!have && types_compatible(t, type_unqualified(type_canon(ct)), false) &&
               !type_all_quals(t)) {
      chosen = e;
      have = true;
    }
  }
  expect_punct(p, P_RPAREN, NULL);
  if (have)
    return chosen;
  if (have_default)
    return dflt;
  diag_error(kw.loc, "'_Generic' selector of type %s is not compatible with any association",
             type_quoted(ct));
  return bad_expr(kw.loc);
}

/* __builtin_va_arg ( assignment-expression , type-name ) */
static Expr parse_va_arg(Parser *p) {
  Token kw = next(p);
  expect_punct(p, P_LPAREN, NULL);
  Expr ap = expr_rvalue(p, parse_assign_expr(p));
  expect_punct(p, P_COMMA, NULL);
  Type *t = parse_type_name(p);
  expect_punct(p, P_RPAREN, NULL);
  Expr e = {0};
  e.type = t;
  e.loc = kw.loc;
  e.n = mk(p, EX_VA_ARG, t, kw.loc, expr_node(p, &ap), NULL);
  return e;
}

/* __builtin_types_compatible_p ( type-name , type-name ) */
static Expr parse_types_compatible(Parser *p) {
  Token kw = next(p);
  expect_punct(p, P_LPAREN, NULL);
  Type *a = parse_type_name(p);
  expect_punct(p, P_COMMA, NULL);
  Type *b = parse_type_name(p);
  expect_punct(p, P_RPAREN, NULL);
  Type *ua = type_unqualified(type_canon(a)), *ub = type_unqualified(type_canon(b));
  return make_int_const(ty_int, types_compatible(ua, ub, false), kw.loc);
}

/* __builtin_choose_expr ( constant-expression , assignment-expression ,
                         assignment-expression ) */
static Expr parse_choose_expr(Parser *p) {
  Token kw = next(p);
  expect_punct(p, P_LPAREN, NULL);
  int64_t c;
  bool u;
  parse_int_const_expr(p, &c, &u);
  expect_punct(p, P_COMMA, NULL);
  Expr a = parse_assign_expr(p);
  expect_punct(p, P_COMMA, NULL);
  Expr b = parse_assign_expr(p);
  expect_punct(p, P_RPAREN, NULL);
  (void)kw;
  return c ? a : b;
}

/* __builtin_has_attribute ( type-name-or-expression , attribute )
   (after the keyword and '('): whether the declaration the expression
   names, through any '*' and '&' (as `*sym` of libbpf's
   bpf_ksym_exists), has the attribute on any of its declarations.  A
   type, or an expression that names no declaration, has none that btfcc
   records: false.  The operand is not evaluated.  */
static Expr has_attribute(Parser *p, SrcLoc loc) {
  Decl *d = NULL;
  int k = 0;
  while (at_punct_n(p, k, P_STAR) || at_punct_n(p, k, P_AMP))
    k++;
  const Token *id = peek(p, k);
  if (k < LOOKAHEAD - 1 && id->kind == TK_IDENT && !id->ident->keyword &&
      at_punct_n(p, k + 1, P_COMMA))
    d = lookup_ordinary(id->ident);
  bool saved = p->in_sizeof_typeof;
  p->in_sizeof_typeof = true; /* unevaluated */
  if (at_type_name_start(p))
    parse_type_name(p);
  else
    parse_assign_expr(p);
  p->in_sizeof_typeof = saved;
  expect_punct(p, P_COMMA, NULL);
  bool has = false;
  if (peek(p, 0)->kind == TK_IDENT) {
    Ident *name = attr_canonical_name(next(p).ident);
    const AttrSpec *spec = attr_spec_named(name->name);
    has = d && spec && decl_find_attr(d, (int)spec->id);
  } else {
    syntax_error(p, peek(p, 0), "identifier");
  }
  while (!at_eof(p) && !at_punct(p, P_RPAREN)) /* the attribute's arguments */
    skip_balanced(p);
  expect_punct(p, P_RPAREN, NULL);
  return make_int_const(ty_bool, has, loc);
}

/* __builtin_shuffle, __builtin_convertvector ( expression , type-name ),
   __builtin_has_attribute, __builtin_tgmath,
   __builtin_call_with_static_chain, __builtin_counted_by_ref:
   builtins with syntax of their own, kept as EX_BUILTIN calls.  */
static Expr parse_special_builtin(Parser *p, int kw) {
  Token t = next(p);
  expect_punct(p, P_LPAREN, NULL);
  Expr first = {0};
  Type *last_type = NULL;
  int n = 0;
  BuiltinId id = builtin_lookup(t.ident->name);
  NodeVec nodes = {0};
  CallArgs cargs;
  if (kw == KW_BUILTIN_CONVERTVECTOR) {
    first = expr_rvalue(p, parse_assign_expr(p));
    expect_punct(p, P_COMMA, NULL);
    last_type = parse_type_name(p);
    expect_punct(p, P_RPAREN, NULL);
    Expr e = {0};
    e.type = last_type;
    e.loc = t.loc;
    if (tree_on(p))
      vec_push(&nodes, expr_node(p, &first));
    call_args_set(p, &cargs, &nodes);
    e.n = builtin_node(p, id, t.ident->name, e.type, t.loc, &cargs);
    return e;
  }
  if (kw == KW_BUILTIN_HAS_ATTRIBUTE)
    return has_attribute(p, t.loc);
  if (!at_punct(p, P_RPAREN)) {
    do {
      Expr a = expr_rvalue(p, parse_assign_expr(p));
      if (n == 0)
        first = a;
      if (tree_on(p))
        vec_push(&nodes, expr_node(p, &a));
      n++;
    } while (accept_punct(p, P_COMMA));
  }
  expect_punct(p, P_RPAREN, NULL);
  Expr e = {0};
  e.loc = t.loc;
  e.type = first.type ? first.type : ty_int;
  if (kw == KW_BUILTIN_COUNTED_BY_REF)
    e.type = type_pointer(ty_void);
  if (kw == KW_BUILTIN_TGMATH)
    e.type = ty_double;
  call_args_set(p, &cargs, &nodes);
  e.n = builtin_node(p, id, t.ident->name, e.type, t.loc, &cargs);
  return e;
}

/* ( storage-class-specifier* type-name ) { initializer-list }: a
   compound literal, with the storage ST says (static, thread_local, or
   at file scope: static storage; register: no address).  */
static Expr compound_literal(Parser *p, Type *t, SrcLoc loc, const LiteralStorage *st) {
  InitInfo info = {0};
  Init *init = NULL;
  SrcLoc brace = cur_loc(p);
  check_literal_storage(p, st, brace);
  if (st->is_constexpr)
    t = type_qualified(t, Q_CONST);
  t = parse_initializer(p, t, &info, tree_on(p) ? &init : NULL);
  diag_pedwarn_c90(brace, W_PEDANTIC, "ISO C90 forbids compound literals");
  bool static_storage = !p->cur_func || st->is_static;
  note_body_type(p, t);
  note_init_type(p, t);
  Expr e = {0};
  e.type = t;
  e.loc = loc;
  e.flags = EF_LVALUE | (st->is_register ? EF_REGISTER : 0);
  if (static_storage) {
    /* At file scope, or static: its address is a constant.  */
    e.cv.kind = CV_ADDR;
    e.cv.str = true;
  }
  if (tree_on(p)) {
    /* The unnamed object: a local of the function (static at file
       scope), with its initializer.  */
    Decl *d = NEW(Decl);
    memset(d, 0, sizeof *d);
    d->kind = DECL_VAR;
    d->type = t;
    d->loc = loc;
    d->first = d;
    d->sc = static_storage ? SC_STATIC : st->is_register ? SC_REGISTER : SC_AUTO;
    d->file_scope = !p->cur_func;
    d->is_thread_local = st->is_thread_local;
    d->is_constexpr = st->is_constexpr;
    d->has_init = true;
    d->defined = true;
    d->init = init;
    d->init_all_zero = info.all_zero;
    if (p->cur_func && !p->in_sizeof_typeof)
      vec_push(&p->tree_locals, d);
    e.n = mk(p, EX_COMPOUND_LIT, t, loc, NULL, NULL);
    e.n->u.decl = d;
    e.n->init = init;
  }
  return e;
}

static Expr parse_cast_inner(Parser *p);

/* cast-expression:
     unary-expression
     ( type-name ) cast-expression
     ( type-name ) { initializer-list ,? }   (a compound literal)  */
static Expr parse_cast(Parser *p) {
  nest_enter(p, "expression");
  Expr e = parse_cast_inner(p);
  nest_leave(p);
  return e;
}

static Expr parse_cast_inner(Parser *p) {
  if (at_punct(p, P_LPAREN) && starts_paren_type_name(p)) {
    /* ( type-name ) cast-expression, or a compound literal.  */
    Token lp = next(p);
    LiteralStorage st = parse_literal_storage(p);
    Type *t = parse_type_name(p);
    expect_punct(p, P_RPAREN, NULL);
    if (at_punct(p, P_LBRACE)) {
      Expr e = compound_literal(p, t, lp.loc, &st);
      return parse_postfix_ops(p, e);
    }
    if (st.any)
      diag_error(lp.loc, "storage class specifier in cast");
    Expr v = expr_rvalue(p, parse_cast(p));
    if (expr_erred(&v))
      return bad_expr(lp.loc);
    Type *c = type_canon(t);
    if (c->kind != TY_VOID && !type_is_scalar(t) && c->kind != TY_VECTOR) {
      if ((c->kind == TY_UNION) && v.type) {
        /* GNU cast to union type */
        Expr e = {0};
        e.type = t;
        e.loc = lp.loc;
        if (tree_on(p)) {
          e.n = node_cast(expr_node(p, &v), t, lp.loc);
          e.n->cast_kind = CAST_OTHER;
        }
        return e;
      }
      diag_error(lp.loc, "conversion to non-scalar type requested");
      return bad_expr(lp.loc);
    }
    if (v.type && !type_is_scalar(v.type) && c->kind != TY_VOID &&
        type_kind(v.type) != TY_VECTOR) {
      diag_error(lp.loc, "aggregate value used where %s was expected",
                 type_is_pointer(t) ? "a pointer" : type_is_real_float(t) ? "a floating-point" : "an integer");
      return bad_expr(lp.loc);
    }
    Expr r = convert(p, v, t);
    r.loc = lp.loc;
    if (r.cv.kind == CV_INT && !type_is_integer(v.type))
      r.cv.is_icx = v.cv.kind == CV_FLOAT && v.cv.is_icx;
    note_body_type(p, t);
    note_init_type(p, t);
    if (r.n && r.n == v.n) /* an explicit cast is kept as written */
      r.n = node_cast(r.n, t, lp.loc);
    return r;
  }
  return parse_unary(p);
}

static Expr parse_primary(Parser *p);

/* ++E, --E, E++, E-- (KIND) on lvalue E: the value is E's, unqualified;
   the step is the element size for a pointer, else 1.  */
static Expr incdec(Parser *p, Expr e, NodeKind kind, SrcLoc loc) {
  if (expr_erred(&e))
    return bad_expr(loc);
  Node *target = expr_node(p, &e);
  Expr r = expr_rvalue(p, e);
  r.cv.kind = CV_NONE;
  if (tree_on(p) && r.type) {
    r.n = mk(p, kind, r.type, loc, target, NULL);
    int64_t step = 1;
    if (type_is_pointer(r.type)) {
      Type *pointee = type_canon(r.type)->base;
      step = type_kind(pointee) == TY_VOID ? 1 : type_size(pointee);
    }
    r.n->u.arith.scale = step;
  }
  return r;
}

static Expr unary_arith_value(Parser *p, Token op, Expr e);

/* The node of unary OP applied to rvalue E giving type T.  */
static Node *unary_node(Parser *p, Punct op, Expr *e, Type *t, SrcLoc loc) {
  if (!tree_on(p))
    return NULL;
  Op o = op == P_MINUS ? OP_NEG : op == P_PLUS ? OP_PLUS
       : op == P_TILDE ? OP_BITNOT : OP_LOGNOT;
  Node *n = node_new(EX_UNARY, t, loc);
  n->op = (uint8_t)o;
  n->a = o == OP_LOGNOT ? expr_node(p, e) : conv_node(p, e, t);
  return n;
}

static Expr unary_arith(Parser *p, Token op, Expr e) {
  e = expr_rvalue(p, e);
  if (!e.type || expr_erred(&e))
    return bad_expr(op.loc);
  Expr r = unary_arith_value(p, op, e);
  if (!r.n && r.type && tree_on(p))
    r = with_node(p, r, unary_node(p, (Punct)op.punct, &e, r.type, op.loc));
  return r;
}

static Expr unary_arith_value(Parser *p, Token op, Expr e) {
  Expr r = {0};
  r.loc = op.loc;
  switch (op.punct) {
  case P_PLUS:
  case P_MINUS:
    if (!type_is_arith(e.type)) {
      diag_error(op.loc, "wrong type argument to unary %s",
                 op.punct == P_PLUS ? "plus" : "minus");
      return bad_expr(op.loc);
    }
    r.type = type_is_integer(e.type) ? type_promote(e.type) : e.type;
    if (e.cv.kind == CV_INT) {
      r.cv.kind = CV_INT;
      r.cv.is_icx = e.cv.is_icx;
      int64_t v = type_int_truncate(r.type, e.cv.i);
      r.cv.i = type_int_truncate(
          r.type, op.punct == P_MINUS ? (int64_t)(0 - (uint64_t)v) : v);
    } else if (e.cv.kind == CV_FLOAT) {
      r.cv.kind = CV_FLOAT;
      r.cv.f = op.punct == P_MINUS ? -e.cv.f : e.cv.f;
    }
    return r;
  case P_TILDE:
    if (!type_is_integer(e.type) && type_kind(e.type) != TY_COMPLEX &&
        type_kind(e.type) != TY_VECTOR) {
      diag_error(op.loc, "wrong type argument to bit-complement");
      return bad_expr(op.loc);
    }
    r.type = type_is_integer(e.type) ? type_promote(e.type) : e.type;
    if (e.cv.kind == CV_INT) {
      r.cv.kind = CV_INT;
      r.cv.is_icx = e.cv.is_icx;
      r.cv.i = type_int_truncate(r.type, ~type_int_truncate(r.type, e.cv.i));
    }
    return r;
  case P_NOT: {
    if (!type_is_scalar(e.type)) {
      diag_error(op.loc, "wrong type argument to unary exclamation mark");
      return bad_expr(op.loc);
    }
    r.type = ty_int;
    bool v;
    if (expr_is_true_const(&e, &v)) {
      r.cv.kind = CV_INT;
      r.cv.is_icx = e.cv.is_icx || e.cv.kind == CV_INT;
      r.cv.i = !v;
    }
    return r;
  }
  default:
    return bad_expr(op.loc);
  }
}

/* unary-expression:
     postfix-expression | ++ unary-expression | -- unary-expression
     | unary-operator cast-expression | sizeof unary-expression
     | sizeof ( type-name ) | _Alignof ( type-name ) | && identifier
     | __extension__ cast-expression | __real__/__imag__ cast-expression  */
static Expr parse_unary(Parser *p) {
  const Token *t = peek(p, 0);
  int kw = keyword_of(t);
  if (t->kind == TK_PUNCT) {
    switch (t->punct) {
    case P_PLUS:
    case P_MINUS:
    case P_TILDE:
    case P_NOT: {
      Token op = next(p);
      return unary_arith(p, op, parse_cast(p));
    }
    case P_AMP: {
      Token op = next(p);
      Expr e = parse_cast(p);
      if (!e.type || expr_erred(&e))
        return bad_expr(op.loc);
      if (e.flags & EF_BITFIELD) {
        diag_error(op.loc, "cannot take address of bit-field");
        return bad_expr(op.loc);
      }
      if (e.flags & EF_REGISTER) {
        /* GCC reports it at its input location.  */
        if (e.decl && e.decl->name)
          diag_error(p->input_loc, "address of register variable '%s' requested",
                     e.decl->name->name);
        else
          diag_error(p->input_loc, "address of register compound literal requested");
        return bad_expr(op.loc);
      }
      if (!(e.flags & (EF_LVALUE | EF_FUNC_DESIG)) &&
          type_kind(e.type) != TY_FUNC) {
        diag_error(op.loc, "lvalue required as unary '&' operand");
        return bad_expr(op.loc);
      }
      Expr r = {0};
      r.loc = op.loc;
      r.type = type_pointer(e.type);
      r.cv = e.cv; /* the object's constant address, if any */
      if (r.cv.kind != CV_ADDR)
        r.cv.kind = CV_NONE;
      if (e.decl && !p->in_sizeof_typeof)
        e.decl->first->used = true;
      r.n = mk(p, EX_ADDR, r.type, op.loc, expr_node(p, &e), NULL);
      return r;
    }
    case P_STAR: {
      Token op = next(p);
      return deref(p, parse_cast(p), op.loc);
    }
    case P_INC:
    case P_DEC: {
      Token op = next(p);
      Expr e = parse_unary(p);
      check_modifiable(&e, op.loc, op.punct == P_INC ? "increment operand" : "decrement operand",
                       op.punct == P_INC ? "increment" : "decrement");
      return incdec(p, e, op.punct == P_INC ? EX_PREINC : EX_PREDEC, op.loc);
    }
    case P_ANDAND: {
      /* &&label: the address of a label (GNU).  */
      Token op = next(p);
      Ident *label = NULL;
      if (peek(p, 0)->kind == TK_IDENT) {
        Token name = next(p);
        label = label_use(p, &name);
      }
      else
        syntax_error(p, peek(p, 0), "identifier");
      Expr r = {0};
      r.loc = op.loc;
      r.type = type_pointer(ty_void);
      r.cv.kind = CV_ADDR;
      r.cv.label = true;
      r.n = mk(p, EX_LABEL_ADDR, r.type, op.loc, NULL, NULL);
      if (r.n)
        r.n->u.lbl.label = label;
      return r;
    }
    default:
      break;
    }
  }
  switch (kw) {
  case KW_SIZEOF:
    return parse_sizeof(p, false);
  case KW_ALIGNOF:
    report_c11_keyword(peek(p, 0));
    return parse_sizeof(p, true);
  case KW_EXTENSION: {
    next(p);
    diag_extension(1);
    Expr e = parse_cast(p);
    diag_extension(-1);
    return e;
  }
  case KW_REAL:
  case KW_IMAG: {
    Token op = next(p);
    Expr e = parse_cast(p);
    Expr r = expr_rvalue(p, e);
    Type *c = e.type ? type_canon(e.type) : ty_int;
    r.type = c->kind == TY_COMPLEX ? c->base : e.type;
    r.flags = e.flags & EF_LVALUE;
    r.loc = op.loc;
    if (kw == KW_IMAG && c->kind != TY_COMPLEX && r.cv.kind != CV_NONE) {
      r.cv.kind = CV_INT;
      r.cv.i = 0;
    }
    if (c->kind == TY_COMPLEX)
      r.cv.kind = CV_NONE;
    if (tree_on(p)) {
      /* No node kind of its own: a builtin call named after the
         operator, its operand as written.  */
      CallArgs cargs = {NEW_ARRAY(Node *, 1), 1};
      cargs.args[0] = expr_node(p, &e);
      r = with_node(p, r, builtin_node(p, BI_NONE, kw == KW_REAL ? "__real__"
                                                                 : "__imag__",
                                       r.type, op.loc, &cargs));
    }
    return r;
  }
  default:
    break;
  }
  return parse_postfix_ops(p, parse_primary(p));
}

/* postfix-expression:
     primary-expression ( [ expression ] | ( argument-expression-list? )
     | . identifier | -> identifier | ++ | -- )*  */
static Expr parse_postfix_ops(Parser *p, Expr e) {
  for (;;) {
    const Token *t = peek(p, 0);
    if (t->kind != TK_PUNCT)
      return e;
    switch (t->punct) {
    case P_LBRACKET: {
      Token lb = next(p);
      Expr idx = expr_rvalue(p, parse_expr(p));
      expect_punct(p, P_RBRACKET, NULL);
      Expr base = expr_rvalue(p, e);
      if (expr_erred(&base) || expr_erred(&idx)) {
        e = bad_expr(lb.loc);
        continue;
      }
      /* a[i] is *(a + i); either operand may be the pointer.  */
      if (!type_is_pointer(base.type) && type_is_pointer(idx.type)) {
        Expr tmp = base;
        base = idx;
        idx = tmp;
      }
      if (!type_is_pointer(base.type)) {
        if (type_kind(base.type) == TY_VECTOR) {
          Expr r = {0};
          r.type = type_canon(base.type)->base;
          r.flags = EF_LVALUE;
          r.loc = lb.loc;
          e = r;
          continue;
        }
        diag_error(lb.loc, "subscripted value is neither array nor pointer nor vector");
        e = bad_expr(lb.loc);
        continue;
      }
      if (!type_is_integer(idx.type)) {
        diag_error(lb.loc, "array subscript is not an integer");
        e = bad_expr(lb.loc);
        continue;
      }
      e = index_expr(p, base, idx, lb.loc, e.loc);
      continue;
    }
    case P_LPAREN:
      e = call_expr(p, e);
      continue;
    case P_DOT:
    case P_ARROW: {
      Token op = next(p);
      const Token *nt = peek(p, 0);
      if (nt->kind != TK_IDENT) {
        syntax_error(p, nt, "identifier");
        return bad_expr(op.loc);
      }
      Token name = next(p);
      if (op.punct == P_ARROW) {
        Expr ptr = expr_rvalue(p, e);
        if (expr_erred(&ptr)) {
          e = bad_expr(op.loc);
          continue;
        }
        if (!type_is_pointer(ptr.type)) {
          diag_error(op.loc, "invalid type argument of '->' (have %s)",
                     type_quoted(ptr.type));
          e = bad_expr(op.loc);
          continue;
        }
        e = deref(p, ptr, op.loc);
        e.loc = ptr.loc; /* p->m starts where p does, as GCC places it */
      }
      e = member_expr(p, e, name.ident, name.loc, op.loc);
      continue;
    }
    case P_INC:
    case P_DEC: {
      Token op = next(p);
      check_modifiable(&e, op.loc, op.punct == P_INC ? "increment operand" : "decrement operand",
                       op.punct == P_INC ? "increment" : "decrement");
      e = incdec(p, e, op.punct == P_INC ? EX_POSTINC : EX_POSTDEC, op.loc);
      continue;
    }
    default:
      return e;
    }
  }
}

/* ( { ... } ) statement expression or ( expression ) */
static Expr parse_paren(Parser *p) {
  Token lp = next(p);
  if (at_punct(p, P_LBRACE)) {
    if (!p->cur_func) {
      diag_error(lp.loc, "braced-group within expression allowed only inside a function");
      skip_balanced(p);
      expect_punct(p, P_RPAREN, NULL);
      return bad_expr(lp.loc);
    }
    next(p);
    Node *body = NULL;
    Expr e = parse_stmt_expr_body(p, &body);
    expect_punct(p, P_RPAREN, NULL);
    diag_pedwarn(lp.loc, W_PEDANTIC, "ISO C forbids braced-groups within expressions");
    e.loc = lp.loc;
    e.flags &= (uint8_t)~EF_LVALUE;
    e.cv.kind = CV_NONE;
    if (tree_on(p)) {
      e.n = mk(p, EX_STMT_EXPR, e.type ? e.type : ty_void, lp.loc, NULL, NULL);
      if (body) {
        e.n->u.block = body->u.block;
        e.n->a = body;
      }
    }
    return e;
  }
  Expr e = parse_expr(p);
  expect_punct(p, P_RPAREN, NULL);
  return e;
}

/* The EX_STRING node of string literal E.  */
Node *string_node(Parser *p, const Expr *e) {
  if (!tree_on(p))
    return NULL;
  Node *n = node_new(EX_STRING, e->type, e->loc);
  n->is_lvalue = true;
  n->u.s.str = e->str;
  n->u.s.len = e->str_len;
  n->u.s.width = e->str_width;
  return n;
}

/* primary-expression:
     identifier | constant | string-literal | ( expression )
     | generic-selection | ( { block-item-list } )  (GNU)
     | the builtins with syntax of their own  */
static Expr parse_primary(Parser *p) {
  const Token *t = peek(p, 0);
  switch (t->kind) {
  case TK_NUMBER: {
    Token n = next(p);
    Expr e;
    if (parse_int_literal(&n, &e))
      return e;
    return parse_float_literal(&n);
  }
  case TK_CHAR: {
    Token c = next(p);
    Type *ty;
    int64_t v = decode_char_constant(p, &c, &ty);
    return make_int_const(ty, v, c.loc);
  }
  case TK_STRING: {
    Expr e;
    parse_string_literal(p, &e);
    e.n = string_node(p, &e);
    return e;
  }
  case TK_PUNCT:
    if (t->punct == P_LPAREN)
      return parse_paren(p);
    break;
  case TK_IDENT: {
    int kw = t->ident->keyword;
    switch (kw) {
    case 0:
      break;
    case KW_BUILTIN_OFFSETOF:
      return parse_offsetof(p);
    case KW_BUILTIN_VA_ARG:
      return parse_va_arg(p);
    case KW_BUILTIN_TYPES_COMPATIBLE_P:
      return parse_types_compatible(p);
    case KW_BUILTIN_CHOOSE_EXPR:
      return parse_choose_expr(p);
    case KW_GENERIC:
      return parse_generic(p);
    case KW_TRUE:
    case KW_FALSE: {
      Token b = next(p);
      return make_int_const(ty_bool, kw == KW_TRUE, b.loc);
    }
    case KW_NULLPTR: {
      Token b = next(p);
      Expr e = make_int_const(type_pointer(ty_void), 0, b.loc);
      const_convert(&e.cv, ty_int, e.type);
      e.flags |= EF_NULLPTR | EF_NULLPTR_T;
      return e;
    }
    case KW_BUILTIN_SHUFFLE:
    case KW_BUILTIN_CONVERTVECTOR:
    case KW_BUILTIN_HAS_ATTRIBUTE:
    case KW_BUILTIN_TGMATH:
    case KW_BUILTIN_CALL_WITH_STATIC_CHAIN:
    case KW_BUILTIN_COUNTED_BY_REF:
      return parse_special_builtin(p, kw);
    default:
      syntax_error(p, t, "expression");
      next(p);
      return bad_expr(t->loc);
    }
    Token id = next(p);
    Decl *d = lookup_ordinary(id.ident);
    if (!d) {
      /* __func__, __FUNCTION__, __PRETTY_FUNCTION__ */
      const char *s = id.ident->name;
      if (!strcmp(s, "__func__") || !strcmp(s, "__FUNCTION__") ||
          !strcmp(s, "__PRETTY_FUNCTION__")) {
        const char *fname = p->cur_func ? p->cur_func->name->name : "";
        if (!p->cur_func)
          diag_warning(id.loc, W_OTHER, "'%s' is not defined outside of function scope", s);
        Expr e = {0};
        e.type = type_array(type_qualified(ty_char, Q_CONST), (int64_t)strlen(fname) + 1);
        e.flags = EF_LVALUE | EF_STRING;
        e.str = fname;
        e.str_len = (uint32_t)strlen(fname);
        e.str_width = 1;
        e.loc = id.loc;
        e.cv.kind = CV_ADDR;
        e.cv.str = true;
        e.n = string_node(p, &e);
        return e;
      }
      if (at_punct(p, P_LPAREN) && builtin_result_type(s, NULL, 0))
        return builtin_call(p, id);
      if (at_punct(p, P_LPAREN)) {
        Decl *fd = implicit_function(p, id.ident, id.loc);
        /* Bound at file scope for later uses in this unit.  */
        scope_bind_file(&p->scopes, id.ident, fd);
        fd->used = true;
        return ident_expr(p, fd, id.loc);
      }
      if (p->cur_func) {
        /* GCC reports each undeclared name once per function.  */
        for (size_t i = 0; i < p->undeclared.len; i++)
          if (p->undeclared.data[i] == id.ident)
            return bad_expr(id.loc);
        vec_push(&p->undeclared, id.ident);
        diag_error(id.loc, "'%s' undeclared (first use in this function)", s);
        if (!p->undeclared_noted) {
          p->undeclared_noted = true;
          diag_note(id.loc, "each undeclared identifier is reported only once "
                            "for each function it appears in");
        }
      } else
        diag_error(id.loc, "'%s' undeclared here (not in a function)", s);
      return bad_expr(id.loc);
    }
    return ident_expr(p, d, id.loc);
  }
  default:
    break;
  }
  syntax_error(p, t, "expression");
  if (t->kind != TK_EOF && !(t->kind == TK_PUNCT &&
                             (t->punct == P_SEMI || t->punct == P_RBRACE ||
                              t->punct == P_RPAREN)))
    next(p);
  return bad_expr(t->loc);
}
