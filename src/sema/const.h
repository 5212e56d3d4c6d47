/* Constant values (C17 6.6): conversion and folding.  See const.c.  */
#ifndef BTFCC_SEMA_CONST_H
#define BTFCC_SEMA_CONST_H

#include "tree.h"

int64_t type_int_truncate(Type *t, int64_t v);
void const_convert(ConstVal *cv, Type *from, Type *to);
bool const_fold_int(Op op, Type *t, int64_t a, int64_t b, int64_t *out,
                    SrcLoc loc);
bool const_fold_float(Op op, long double a, long double b, long double *f,
                      int64_t *i, bool *is_int);
/* Whether constant CV is known true or false (*value); false if CV is
   not a constant whose truth is known.  */
bool const_truth(const ConstVal *cv, bool *value);

#endif
