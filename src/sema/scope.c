/* Scopes (scope.h).  Each identifier carries its innermost binding
   (Ident.ordinary / Ident.tag); entering a scope records a mark, leaving
   it pops every binding made since and restores what they shadowed.  A
   binding made at file scope from inside a block is slid below every
   open scope's mark, so leaving those scopes keeps it.  */
#include "scope.h"

void scope_enter(Scopes *s) {
  vec_push(&s->marks, (int)s->bindings.len);
  s->depth++;
}

static void unbind(Binding *b) {
  if (b->is_tag)
    b->name->tag = b->shadowed;
  else
    b->name->ordinary = b->shadowed;
}

void scope_leave(Scopes *s) {
  int mark = s->marks.data[--s->marks.len];
  while ((int)s->bindings.len > mark)
    unbind(s->bindings.data[--s->bindings.len]);
  s->depth--;
}

static Binding *new_binding(Scopes *s, Ident *name, bool is_tag) {
  Binding *b = NEW(Binding);
  b->name = name;
  b->depth = s->depth;
  b->is_tag = is_tag;
  b->shadowed = is_tag ? name->tag : name->ordinary;
  b->decl = NULL;
  if (is_tag)
    name->tag = b;
  else
    name->ordinary = b;
  vec_push(&s->bindings, b);
  return b;
}

Binding *scope_bind_ordinary(Scopes *s, Ident *name, Decl *d) {
  Binding *cur = name->ordinary;
  if (cur && cur->depth == s->depth) {
    cur->decl = d; /* redeclaration in the same scope */
    return cur;
  }
  Binding *b = new_binding(s, name, false);
  b->decl = d;
  return b;
}

Binding *scope_bind_tag(Scopes *s, Ident *name, Type *t) {
  Binding *b = new_binding(s, name, true);
  b->type = t;
  return b;
}

void scope_bind_file(Scopes *s, Ident *name, Decl *d) {
  if (name->ordinary)
    return;
  Binding *b = NEW(Binding);
  b->name = name;
  b->decl = d;
  b->depth = 0;
  b->shadowed = NULL;
  b->is_tag = false;
  name->ordinary = b;
  vec_push(&s->bindings, b);
  if (s->marks.len) {
    /* Keep it below every open scope's mark.  */
    for (size_t i = s->bindings.len - 1; i > 0; i--)
      s->bindings.data[i] = s->bindings.data[i - 1];
    s->bindings.data[0] = b;
    for (size_t i = 0; i < s->marks.len; i++)
      s->marks.data[i]++;
  }
}

void scopes_release(Scopes *s) {
  while (s->bindings.len)
    unbind(s->bindings.data[--s->bindings.len]);
  vec_free(&s->bindings);
  vec_free(&s->marks);
}
