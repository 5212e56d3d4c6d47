/* Construction of the typed tree (tree.h): node allocation and the
   classification of conversions.  The parser decides where a conversion
   happens (C's rules for each operator); this file decides what kind of
   conversion it is, so every EX_CAST in the tree is classified the same
   way.  Nodes live in the perm arena with the rest of the translation
   unit.  */
#include "tree.h"

#include <string.h>

Node *node_new(NodeKind kind, Type *type, SrcLoc loc) {
  Node *n = NEW(Node);
  memset(n, 0, sizeof *n);
  n->kind = (uint8_t)kind;
  n->type = type;
  n->loc = loc;
  return n;
}

Node *node_const(Type *t, ConstVal cv, SrcLoc loc) {
  Node *n = node_new(EX_CONST, t, loc);
  n->u.cv = cv;
  return n;
}

Node *node_int(Type *t, int64_t v, SrcLoc loc) {
  ConstVal cv = {0};
  cv.kind = CV_INT;
  cv.is_icx = true;
  cv.i = v;
  return node_const(t, cv, loc);
}

static bool is_int_like(Type *c) {
  return type_is_integer(c);
}

CastKind cast_kind_of(Type *from, Type *to) {
  Type *f = type_canon(from), *t = type_canon(to);
  if (t->kind == TY_VOID)
    return CAST_TO_VOID;
  if (t->kind == TY_BOOL && f->kind != TY_BOOL)
    return CAST_TO_BOOL;
  if (f->kind == TY_COMPLEX || t->kind == TY_COMPLEX ||
      f->kind == TY_VECTOR || t->kind == TY_VECTOR ||
      t->kind == TY_UNION || t->kind == TY_STRUCT)
    return f->main == t->main ? CAST_NOOP : CAST_OTHER;
  bool fi = is_int_like(f), ti = is_int_like(t);
  /* nullptr_t is represented as a null pointer */
  bool fp = f->kind == TY_PTR || f->kind == TY_NULLPTR;
  bool tp = t->kind == TY_PTR || t->kind == TY_NULLPTR;
  bool ff = type_is_real_float(f), tf = type_is_real_float(t);
  if (fi && ti)
    return type_size(f) == type_size(t) ? CAST_NOOP : CAST_INT;
  if (fp && tp)
    return CAST_NOOP;
  if (fi && tp)
    return CAST_INT_TO_PTR;
  if (fp && ti)
    return CAST_PTR_TO_INT;
  if (fi && tf)
    return CAST_INT_TO_FLOAT;
  if (ff && ti)
    return CAST_FLOAT_TO_INT;
  if (ff && tf)
    return type_size(f) == type_size(t) && f->kind == t->kind ? CAST_NOOP
                                                              : CAST_FLOAT;
  return CAST_OTHER;
}

/* Whether a value of type A needs no conversion to be of type B.  */
static bool same_rvalue_type(Type *a, Type *b) {
  if (a == b)
    return true;
  Type *ca = type_canon(a), *cb = type_canon(b);
  return type_unqualified(ca) == type_unqualified(cb);
}

Node *node_cast(Node *a, Type *to, SrcLoc loc) {
  Node *n = node_new(EX_CAST, to, loc);
  n->cast_kind = (uint8_t)cast_kind_of(a->type, to);
  n->a = a;
  return n;
}

Node *node_convert(Node *a, Type *to) {
  if (!a || !to || !a->type || same_rvalue_type(a->type, to))
    return a;
  return node_cast(a, to, a->loc);
}
