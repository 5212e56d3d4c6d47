/* Declarations: redeclarations and linkage.  See decl.c.  */
#ifndef BTFCC_SEMA_DECL_H
#define BTFCC_SEMA_DECL_H

#include "scope.h"

/* The earlier declaration a new declaration of NAME (KIND, storage class
   SC, at LOC; INITIALIZED: an initializer follows) redeclares in the
   current scope, or NULL; reports a redeclaration C forbids (and returns
   NULL for it).  */
Decl *decl_find_previous(const Scopes *s, Ident *name, DeclKind kind, int sc,
                         bool initialized, SrcLoc loc);
/* Merge D into PREV's chain (D redeclares PREV; DEPTH: the scope depth
   of D); reports conflicts.  Returns false when they conflict (D then
   starts a chain of its own).  */
bool decl_merge(Decl *d, Decl *prev, int depth);
void decl_complete_first_type(Decl *first, Type *type);

/* The type GCC's notes give D: an enumerator of a complete enumeration
   has the enumeration's type, other declarations their own.  */
Type *decl_type_shown(const Decl *d);
/* An attribute ID on any declaration of D's entity (D and those before
   it), or NULL.  */
const Attr *decl_find_attr(const Decl *d, int id);
/* The section attribute of D's entity (any of its declarations), or
   NULL.  */
const char *decl_section(const Decl *d);
/* The bytes D's entity occupies: its type's size, plus the elements of
   a flexible array member its initializer gives (as GCC sizes it), one
   element for an array of unknown size defined only tentatively; -1
   when the type is incomplete.  */
int64_t decl_storage_size(const Decl *d);
/* The end of the translation unit whose file-scope declarations are
   DECLS: what GCC checks when it finishes one.  */
void decl_finish_unit(Decl *const *decls, size_t n);

#endif
