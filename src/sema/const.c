/* Constant values (C17 6.6): conversion and folding of the ConstVal an
   expression carries.  Folding follows C's arithmetic in the operation's
   type (wrapping unsigned, two's complement signed, as GCC folds), so
   integer constant expressions, address constants and the offsetof idiom
   come out as GCC folds them.  The parser decides where folding happens;
   this file computes the values.  */
#include "const.h"

#include "../lang/attrs.h"
#include "decl.h"

#include <string.h>

/* V truncated to the width of integer (or pointer) type T, sign- or
   zero-extended back to 64 bits by T's signedness.  */
int64_t type_int_truncate(Type *t, int64_t v) {
  Type *c = type_canon(t);
  if (c->kind == TY_BOOL)
    return v != 0;
  if (c->kind == TY_PTR)
    return v;
  int64_t width = type_int_width(t); /* N of _BitInt(N) */
  if (width <= 0 || width >= 64)
    return v;
  int bits = (int)width;
  uint64_t mask = (UINT64_C(1) << bits) - 1;
  uint64_t u = (uint64_t)v & mask;
  if (type_is_signed(t) && (u >> (bits - 1)) & 1)
    u |= ~mask;
  return (int64_t)u;
}

/* Convert constant CV from type FROM to type TO (C17 6.3): integers
   truncate, floats convert, address constants stay addresses (to an
   integer: only the symbol-less offsetof idiom stays constant).  */
void const_convert(ConstVal *cv, Type *from, Type *to) {
  if (cv->kind == CV_NONE)
    return;
  Type *ct = type_canon(to);
  if (ct->kind == TY_VOID) {
    cv->kind = CV_NONE;
    return;
  }
  if (type_is_integer(to) || ct->kind == TY_PTR) {
    if (cv->kind == CV_FLOAT) {
      long double f = cv->f;
      if (ct->kind == TY_BOOL)
        cv->i = f != 0;
      else if (f >= 9.2233720368547758e18L || f < -9.2233720368547758e18L || f != f)
        cv->i = f >= 0 ? (int64_t)UINT64_MAX : INT64_MIN;
      else if (f >= 0 && !type_is_signed(to))
        cv->i = (int64_t)(uint64_t)f;
      else
        cv->i = (int64_t)f;
      cv->kind = CV_INT;
      cv->is_icx = false;
    }
    if (cv->kind == CV_INT)
      cv->i = type_int_truncate(to, cv->i);
    else if (cv->kind == CV_ADDR && ct->kind != TY_PTR && !cv->sym &&
             !cv->str && !cv->label) {
      /* (integer)(T *)N: the offsetof idiom.  */
      cv->kind = CV_INT;
      cv->i = type_int_truncate(to, cv->i);
      cv->is_icx = false;
    } else if (cv->kind == CV_ADDR && ct->kind == TY_BOOL) {
      cv->kind = CV_INT;
      cv->i = 1;
    } else if (cv->kind == CV_ADDR && ct->kind != TY_PTR &&
               type_size(to) < 8) {
      cv->kind = CV_NONE; /* truncated address: not a constant */
    }
    if (ct->kind == TY_PTR && cv->kind == CV_INT) {
      /* (T *)N: an address constant with no symbol.  */
      int64_t v = cv->i;
      bool icx = cv->is_icx;
      memset(cv, 0, sizeof *cv);
      cv->kind = CV_ADDR;
      cv->i = v;
      cv->is_icx = icx && v == 0;
    }
    return;
  }
  if (type_is_real_float(to) || ct->kind == TY_COMPLEX) {
    if (cv->kind == CV_INT) {
      cv->f = type_is_signed(from) ? (long double)cv->i
                                   : (long double)(uint64_t)cv->i;
      cv->kind = CV_FLOAT;
      cv->is_icx = false;
    } else if (cv->kind != CV_FLOAT) {
      cv->kind = CV_NONE;
    }
    if (cv->kind == CV_FLOAT) {
      if (ct->kind == TY_FLOAT)
        cv->f = (float)cv->f;
      else if (ct->kind == TY_DOUBLE)
        cv->f = (double)cv->f;
    }
    return;
  }
  cv->kind = CV_NONE;
}

/* Fold integer operation OP on values A, B of type T; false when the
   result is not a constant (division by zero, out-of-range shift).  */
bool const_fold_int(Op op, Type *t, int64_t a, int64_t b, int64_t *out,
                    SrcLoc loc) {
  bool sgn = type_is_signed(t);
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  int64_t width = type_int_width(t);
  int bits = width >= 64 || width <= 0 ? 64 : (int)width;
  if (!sgn && bits < 64) {
    ua &= (UINT64_C(1) << bits) - 1;
    ub &= (UINT64_C(1) << bits) - 1;
  }
  int64_t r;
  switch (op) {
  case OP_ADD: r = (int64_t)(ua + ub); break;
  case OP_SUB: r = (int64_t)(ua - ub); break;
  case OP_MUL: r = (int64_t)(ua * ub); break;
  case OP_DIV:
  case OP_MOD:
    if (b == 0)
      return false; /* the parser warns (sema/arith_warn.c) */
    if (sgn) {
      if (a == INT64_MIN && b == -1)
        r = op == OP_DIV ? a : 0;
      else
        r = op == OP_DIV ? a / b : a % b;
    } else {
      r = (int64_t)(op == OP_DIV ? ua / ub : ua % ub);
    }
    break;
  case OP_SHL:
    if (b < 0 || b >= bits)
      return false;
    r = (int64_t)(ua << b);
    break;
  case OP_SHR:
    if (b < 0 || b >= bits)
      return false;
    if (sgn)
      r = a < 0 ? (int64_t)~(~ua >> b) : (int64_t)(ua >> b);
    else
      r = (int64_t)(ua >> b);
    break;
  case OP_AND: r = (int64_t)(ua & ub); break;
  case OP_OR: r = (int64_t)(ua | ub); break;
  case OP_XOR: r = (int64_t)(ua ^ ub); break;
  case OP_LT: r = sgn ? a < b : ua < ub; break;
  case OP_GT: r = sgn ? a > b : ua > ub; break;
  case OP_LE: r = sgn ? a <= b : ua <= ub; break;
  case OP_GE: r = sgn ? a >= b : ua >= ub; break;
  case OP_EQ: r = ua == ub; break;
  case OP_NE: r = ua != ub; break;
  default: return false;
  }
  *out = r;
  return true;
}

/* Fold floating operation OP; comparisons give an integer (*is_int).  */
bool const_fold_float(Op op, long double a, long double b, long double *f,
                      int64_t *i, bool *is_int) {
  *is_int = false;
  switch (op) {
  case OP_ADD: *f = a + b; return true;
  case OP_SUB: *f = a - b; return true;
  case OP_MUL: *f = a * b; return true;
  case OP_DIV: *f = a / b; return true;
  case OP_LT: *i = a < b; *is_int = true; return true;
  case OP_GT: *i = a > b; *is_int = true; return true;
  case OP_LE: *i = a <= b; *is_int = true; return true;
  case OP_GE: *i = a >= b; *is_int = true; return true;
  case OP_EQ: *i = a == b; *is_int = true; return true;
  case OP_NE: *i = a != b; *is_int = true; return true;
  default: return false;
  }
}

bool const_truth(const ConstVal *cv, bool *value) {
  if (cv->kind == CV_INT) {
    *value = cv->i != 0;
    return true;
  }
  if (cv->kind == CV_FLOAT) {
    *value = cv->f != 0;
    return true;
  }
  if (cv->kind == CV_ADDR && cv->sym && decl_find_attr(cv->sym, ATTR_WEAK))
    return false; /* a weak symbol's address may be null: known at link time */
  if (cv->kind == CV_ADDR && (cv->sym || cv->str)) {
    *value = true;
    return true;
  }
  if (cv->kind == CV_ADDR && !cv->sym && !cv->str && !cv->label) {
    *value = cv->i != 0;
    return true;
  }
  return false;
}
