/* Warnings about the values of arithmetic, as GCC 16 gives them by
   default: a constant that changes value when converted as if by
   assignment (-Woverflow, "overflow in conversion" / "unsigned
   conversion"), a signed operation on constants whose result does not
   fit its type (-Woverflow, "integer overflow in expression"), an
   integer constant 0 as divisor (-Wdiv-by-zero), and a constant shift
   count that is negative or not less than the width of the shifted
   type (-Wshift-count-negative, -Wshift-count-overflow).  The parser
   calls these where it builds the operation, with the location GCC
   reports at (the operator, or the converted value), and not in
   operands that are not evaluated (sizeof, the dead side of && and ||
   with a constant left operand), as GCC inhibits them there.  */
#include "arith_warn.h"

#include <inttypes.h>
#include <stdio.h>

/* A constant integer value with the signedness of its type, for the
   message.  */
static void format_int(char *buf, size_t cap, Type *t, int64_t v) {
  if (type_is_signed(t))
    snprintf(buf, cap, "%" PRId64, v);
  else
    snprintf(buf, cap, "%" PRIu64, (uint64_t)v);
}

/* Whether the integer types GCC checks for conversion overflow: plain
   integer types (not bool, not enums).  */
static bool checked_integer_type(Type *t) {
  TypeKind k = type_kind(t);
  return type_is_integer(t) && k != TY_BOOL && k != TY_ENUM;
}

void warn_conversion_overflow(Type *from, const ConstVal *cv, Type *to, SrcLoc loc) {
  if (cv->kind != CV_INT || !checked_integer_type(from) || !checked_integer_type(to))
    return;
  int64_t width = type_int_width(to);
  if (width <= 0 || width >= 64)
    return;
  /* GCC warns when the value fits neither the signed nor the unsigned
     type of TO's width.  */
  bool from_signed = type_is_signed(from);
  int64_t v = cv->i;
  bool fits;
  if (from_signed && v < 0)
    fits = v >= -(INT64_C(1) << (width - 1));
  else
    fits = (uint64_t)v <= (UINT64_C(1) << width) - 1;
  if (fits)
    return;
  char was[32], now[32];
  format_int(was, sizeof was, from, v);
  format_int(now, sizeof now, to, type_int_truncate(to, v));
  const char *from_s = type_quoted(from);
  diag_warning(loc, W_OVERFLOW, "%s from %s to %s changes value from '%s' to '%s'",
               type_is_signed(to) ? "overflow in conversion" : "unsigned conversion",
               from_s, type_quoted(type_unqualified(to)), was, now);
}

/* Whether signed OP on A and B overflows a signed type WIDTH bits wide.  */
static bool signed_op_overflows(Op op, int64_t a, int64_t b, int width) {
  int64_t r;
  if (width < 64) {
    int64_t lo = -(INT64_C(1) << (width - 1)), hi = (INT64_C(1) << (width - 1)) - 1;
    if (a < lo || a > hi || b < lo || b > hi)
      return false; /* not values of the type: nothing to say */
    switch (op) {
    case OP_ADD: r = a + b; break;
    case OP_SUB: r = a - b; break;
    case OP_MUL:
      if (width > 32)
        return false;
      r = a * b;
      break;
    default: return false;
    }
    return r < lo || r > hi;
  }
  switch (op) {
  case OP_ADD: return (b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b);
  case OP_SUB: return (b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b);
  case OP_MUL:
    if (a == 0 || b == 0)
      return false;
    if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN))
      return true;
    r = (int64_t)((uint64_t)a * (uint64_t)b);
    return r / b != a;
  default: return false;
  }
}

void warn_signed_overflow(Op op, Type *t, int64_t a, int64_t b, int64_t result,
                          SrcLoc loc) {
  if (!checked_integer_type(t) || !type_is_signed(t))
    return;
  int64_t width = type_int_width(t);
  if (width <= 0 || width > 64 || !signed_op_overflows(op, a, b, (int)width))
    return;
  char now[32];
  format_int(now, sizeof now, t, result);
  diag_warning(loc, W_OVERFLOW, "integer overflow in expression of type %s results in '%s'",
               type_quoted(t), now);
}

void warn_division_by_zero(Type *divisor_type, const ConstVal *divisor, SrcLoc loc) {
  if (divisor->kind == CV_INT && divisor->i == 0 && type_is_integer(divisor_type))
    diag_warning(loc, W_DIV_BY_ZERO, "division by zero");
}

void warn_shift_count(bool left, Type *shifted, Type *count_type, const ConstVal *count,
                      SrcLoc loc) {
  if (count->kind != CV_INT || !type_is_integer(count_type) || !type_is_integer(shifted))
    return;
  const char *dir = left ? "left" : "right";
  if (type_is_signed(count_type) && count->i < 0)
    diag_warning(loc, W_SHIFT_COUNT_NEGATIVE, "%s shift count is negative", dir);
  else if ((uint64_t)count->i >= (uint64_t)type_int_width(shifted))
    diag_warning(loc, W_SHIFT_COUNT_OVERFLOW, "%s shift count >= width of type", dir);
}
