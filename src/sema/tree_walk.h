/* Walking the typed tree, and facts about static objects the bodies
   give (see tree_walk.c).  */
#ifndef BTFCC_TREE_WALK_H
#define BTFCC_TREE_WALK_H

#include "../parse/parser.h" /* ConstVal */
#include "tree.h"

typedef void (*TreeVisit)(const Node *n, void *ctx);

/* Call F on N and every node below it, parents first.  */
void tree_walk(const Node *n, TreeVisit f, void *ctx);
/* The variable an lvalue is part of (through members, array indexing
   and decay), or NULL.  */
Decl *tree_root_var(const Node *n);
/* Set Decl.written (on each entity's first declaration) for every
   object some body or initializer among DECLS assigns, increments,
   takes the address of, or names as an asm output.  */
void tree_mark_writes(Decl *const *decls, size_t n);
/* The integer value a static scalar keeps for ever (never written, its
   address never taken, a constant initializer).  */
bool tree_static_int_value(Decl *d, int64_t *value);
/* The value of integer expression N computed from constants and from
   const objects of static storage with constant initializers, as GCC
   folds a static initializer (`static const u32 s = scale * 10;` where
   scale is such an object: not an integer constant expression, but
   GCC takes it there).  False if N is not so computable.  */
bool tree_fold_int(const Node *n, int64_t *value);

#endif
