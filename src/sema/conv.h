/* Conversions (C17 6.3): which type an operation converts its operands
   to.  See conv.c.  */
#ifndef BTFCC_SEMA_CONV_H
#define BTFCC_SEMA_CONV_H

#include "type.h"

/* The integer promotions of T (an integer type), unqualified.  */
Type *type_promote(Type *t);
/* The usual arithmetic conversions of arithmetic types A and B.  */
Type *type_usual_arith(Type *a, Type *b);
/* The default argument promotions (arguments without a prototype).  */
Type *type_default_promote(Type *t);

/* The type of c ? a : b given the branches' types (see conv.c);
   reports a mismatch at LOC.  */
Type *type_conditional(Type *ta, bool a_null, Type *tb, bool b_null,
                       SrcLoc loc);

#endif
