/* Conversions (C17 6.3): the types the implicit conversions lead to.
   The parser asks here which type an operator works in (integer
   promotions, the usual arithmetic conversions, the default argument
   promotions) and builds the EX_CAST nodes that take its operands there;
   sema/tree.c classifies each conversion.  */
#include "conv.h"

/* The integer promotions (C17 6.3.1.1p2): a type of lower rank than int
   becomes int (all their values fit in int on our targets); an enum
   promotes as its compatible integer type.  */
Type *type_promote(Type *t) {
  Type *c = type_canon(t);
  if (c->kind == TY_ENUM)
    c = c->u.rec->enum_int ? c->u.rec->enum_int : ty_uint;
  switch (c->kind) {
  case TY_BOOL: case TY_CHAR: case TY_SCHAR: case TY_UCHAR:
  case TY_SHORT: case TY_USHORT:
    return ty_int;
  default:
    return c->main;
  }
}

/* The usual arithmetic conversions (C17 6.3.1.8): the common real type
   of A and B, complex when either is; a vector operand wins (GNU).  */
Type *type_usual_arith(Type *a, Type *b) {
  Type *ca = type_canon(a), *cb = type_canon(b);
  if (ca->kind == TY_COMPLEX || cb->kind == TY_COMPLEX) {
    Type *ea = ca->kind == TY_COMPLEX ? ca->base : a;
    Type *eb = cb->kind == TY_COMPLEX ? cb->base : b;
    return type_complex(type_unqualified(type_canon(type_usual_arith(ea, eb))));
  }
  if (ca->kind == TY_VECTOR)
    return ca->main;
  if (cb->kind == TY_VECTOR)
    return cb->main;
  if (type_is_real_float(a) || type_is_real_float(b)) {
    /* The wider float wins (by size; long double over _Float128 etc.).  */
    if (!type_is_real_float(a))
      return cb->main;
    if (!type_is_real_float(b))
      return ca->main;
    return type_size(a) >= type_size(b) ? ca->main : cb->main;
  }
  Type *pa = type_promote(a), *pb = type_promote(b);
  if (pa == pb)
    return pa;
  int ra = type_int_rank(pa), rb = type_int_rank(pb);
  bool sa = type_is_signed(pa), sb = type_is_signed(pb);
  if (sa == sb)
    return ra >= rb ? pa : pb;
  Type *u = sa ? pb : pa, *s = sa ? pa : pb;
  if (type_int_rank(u) >= type_int_rank(s))
    return u;
  if (type_int_width(s) > type_int_width(u))
    return s;
  /* The unsigned type corresponding to the signed one.  */
  if (type_kind(s) == TY_BITINT)
    return type_bitint(type_int_width(s), true);
  return type_int_of_size(type_size(s), true);
}

/* The default argument promotions (C17 6.5.2.2p6): integer
   promotions, float to double.  */
Type *type_default_promote(Type *t) {
  Type *c = type_canon(t);
  if (c->kind == TY_FLOAT)
    return ty_double;
  if (type_is_integer(c))
    return type_promote(c);
  return t;
}

/* The type of a ?: whose branches have types TA and TB (rvalues; A_NULL,
   B_NULL: the branch is a null pointer constant), C17 6.5.15p3-6.  */
Type *type_conditional(Type *ta, bool a_null, Type *tb, bool b_null,
                       SrcLoc loc) {
  if (type_is_arith(ta) && type_is_arith(tb))
    return type_usual_arith(ta, tb);
  Type *ca = type_canon(ta), *cb = type_canon(tb);
  if (ca->kind == TY_VOID || cb->kind == TY_VOID)
    return ty_void;
  if ((ca->kind == TY_STRUCT || ca->kind == TY_UNION) && ca->main == cb->main)
    return ta;
  if (ca->kind == TY_PTR && b_null)
    return ta;
  if (cb->kind == TY_PTR && a_null)
    return tb;
  if (ca->kind == TY_PTR && cb->kind == TY_PTR) {
    Type *ea = ca->base, *eb = cb->base;
    unsigned q = type_all_quals(ea) | type_all_quals(eb);
    if (type_kind(ea) == TY_VOID || type_kind(eb) == TY_VOID)
      return type_pointer(type_qualified(ty_void, q));
    if (q == type_all_quals(ea))
      return ta;
    return type_pointer(type_qualified(type_canon(ea), q));
  }
  if (ca->kind == TY_PTR && type_is_integer(tb))
    return ta;
  if (cb->kind == TY_PTR && type_is_integer(ta))
    return tb;
  if (ca->kind == TY_VECTOR)
    return ta;
  diag_error(loc, "type mismatch in conditional expression");
  return ta;
}
