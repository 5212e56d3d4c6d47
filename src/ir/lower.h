/* Lowering a function's typed tree (sema/tree.h) to the IR (ir.h).  */
#ifndef BTFCC_LOWER_H
#define BTFCC_LOWER_H

#include "../parse/parser.h" /* ConstVal (until sema owns it) */
#include "../sema/tree.h"
#include "ir.h"

/* What the lowering asks of the object being built: the symbol of a
   declaration with static storage (functions, globals, static locals),
   and of a string literal's data (placed in a read-only section).  */
typedef struct LowerEnv LowerEnv;
struct LowerEnv {
  const char *(*symbol_of)(LowerEnv *env, Decl *d);
  const char *(*string_symbol)(LowerEnv *env, const Node *str);
  /* The declaration of D's entity that has its body, or NULL.  */
  Decl *(*definition_of)(LowerEnv *env, Decl *d);
  int cpu; /* BPF CPU version, 1-4 */
  bool wrapv; /* -fwrapv: signed overflow wraps (else it cannot happen) */
  bool co_re; /* CO-RE: preserve_access_index relocates, the CO-RE
                 builtins are allowed (else they are errors, as in GCC) */
};

/* F's body as IR (NULL after an error, reported).  */
IrFunc *lower_function(LowerEnv *env, Decl *fn);
void lower_free(IrFunc *f);

#endif
