/* Scopes.  Each identifier carries its innermost binding (Ident.ordinary /
   Ident.tag); entering a scope records a mark, leaving it pops every
   binding made since and restores what they shadowed.  */
#include "parser.h"

void scope_push(Parser *p) {
  vec_push(&p->scope_marks, (int)p->bindings.len);
  p->depth++;
}

void scope_pop(Parser *p) {
  int mark = p->scope_marks.data[--p->scope_marks.len];
  while ((int)p->bindings.len > mark) {
    Binding *b = p->bindings.data[--p->bindings.len];
    if (b->is_tag)
      b->name->tag = b->shadowed;
    else
      b->name->ordinary = b->shadowed;
  }
  p->depth--;
}

static Binding *new_binding(Parser *p, Ident *name, bool is_tag) {
  Binding *b = NEW(Binding);
  b->name = name;
  b->depth = p->depth;
  b->is_tag = is_tag;
  b->shadowed = is_tag ? name->tag : name->ordinary;
  if (is_tag)
    name->tag = b;
  else
    name->ordinary = b;
  vec_push(&p->bindings, b);
  return b;
}

Binding *bind_ordinary(Parser *p, Ident *name, Decl *d) {
  Binding *cur = name->ordinary;
  if (cur && cur->depth == p->depth) {
    cur->decl = d; /* redeclaration in the same scope */
    return cur;
  }
  Binding *b = new_binding(p, name, false);
  b->decl = d;
  return b;
}

Binding *bind_tag(Parser *p, Ident *name, Type *t) {
  Binding *b = new_binding(p, name, true);
  b->type = t;
  return b;
}

Decl *lookup_ordinary(Ident *name) {
  Binding *b = name->ordinary;
  return b ? b->decl : NULL;
}

Binding *lookup_ordinary_binding(Ident *name) { return name->ordinary; }

Binding *lookup_tag(Ident *name) { return name->tag; }

bool is_typedef_name(Parser *p, const Token *t) {
  (void)p;
  if (t->kind != TK_IDENT || t->ident->keyword)
    return false;
  Decl *d = lookup_ordinary(t->ident);
  return d && d->kind == DECL_TYPEDEF;
}
