/* Scopes: which declaration an identifier names at a point of the
   translation unit (C17 6.2.1).  The parser enters and leaves scopes as
   it reads blocks and parameter lists and asks here what a name means;
   the bindings themselves live on the identifiers (Ident.ordinary and
   Ident.tag point at the innermost one), so a lookup is one load.  */
#ifndef BTFCC_SEMA_SCOPE_H
#define BTFCC_SEMA_SCOPE_H

#include "type.h"

/* One binding of an identifier in a scope (ordinary or tag namespace).  */
typedef struct Binding {
  struct Binding *shadowed; /* outer binding of the same name */
  Ident *name;
  union {         /* by namespace (is_tag) */
    Decl *decl;   /* ordinary namespace */
    Type *type;   /* tag namespace: the struct/union/enum main variant */
  };
  int depth;
  bool is_tag;
} Binding;

/* The open scopes: every binding made, in order, and where each open
   scope's bindings start.  */
typedef struct Scopes {
  int depth;                 /* 0 = file scope */
  VEC(Binding *) bindings;
  VEC(int) marks;
} Scopes;

void scope_enter(Scopes *s);
/* Leave the innermost scope: its bindings go, what they shadowed
   returns.  */
void scope_leave(Scopes *s);
/* Bind NAME to D in the innermost scope (a redeclaration in the same
   scope replaces the binding's declaration).  */
Binding *scope_bind_ordinary(Scopes *s, Ident *name, Decl *d);
Binding *scope_bind_tag(Scopes *s, Ident *name, Type *t);
/* Bind NAME to D at file scope from inside a block (an implicit
   function declaration is visible for the rest of the unit), unless
   NAME is bound already.  */
void scope_bind_file(Scopes *s, Ident *name, Decl *d);
/* Unbind everything (the end of the translation unit) and free.  */
void scopes_release(Scopes *s);

static inline Decl *lookup_ordinary(Ident *name) {
  Binding *b = name->ordinary;
  return b ? b->decl : NULL;
}
static inline Binding *lookup_ordinary_binding(Ident *name) {
  return name->ordinary;
}
static inline Binding *lookup_tag(Ident *name) { return name->tag; }

#endif
