/* Warnings about the values of arithmetic (-Woverflow, -Wdiv-by-zero,
   -Wshift-count-*).  See arith_warn.c.  */
#ifndef BTFCC_ARITH_WARN_H
#define BTFCC_ARITH_WARN_H

#include "const.h"
#include "tree.h"

/* Constant CV of type FROM converted as if by assignment to TO, the
   value at LOC: GCC's warning when it changes value beyond what either
   signedness of TO's width holds.  */
void warn_conversion_overflow(Type *from, const ConstVal *cv, Type *to, SrcLoc loc);
/* OP (+, -, *) on constants A and B of signed type T gave RESULT
   (truncated to T): GCC's warning at LOC when the true result does not
   fit T.  */
void warn_signed_overflow(Op op, Type *t, int64_t a, int64_t b, int64_t result,
                          SrcLoc loc);
/* A division or remainder at LOC by DIVISOR (of type DIVISOR_TYPE,
   before conversion): the warning when it is an integer constant 0.  */
void warn_division_by_zero(Type *divisor_type, const ConstVal *divisor, SrcLoc loc);
/* A shift (LEFT or right) at LOC of a value of promoted type SHIFTED
   by COUNT (of COUNT_TYPE): the warnings for a constant count that is
   negative or not less than SHIFTED's width.  */
void warn_shift_count(bool left, Type *shifted, Type *count_type, const ConstVal *count,
                      SrcLoc loc);

#endif
