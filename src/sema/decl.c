/* Declarations: redeclarations and linkage (C17 6.2.2, 6.7p3-4, 6.9.2).

   A name declared again refers to the same entity when C says so (same
   scope, or extern and function declarations reaching a file-scope
   one); the declarations are then chained (Decl.prev, Decl.first), the
   types must be compatible and the composite type is kept (the complete
   array, the prototype), linkage follows the first declaration, and
   btf_decl_tag lists merge across the chain as GCC merges them.  The
   parser builds each Decl from the declarator and asks here which
   earlier declaration, if any, it redeclares.  */
#include "decl.h"

#include "../lang/attrs.h"
#include "tree.h"
#include "../util/ptrmap.h"

/* The first declaration of an entity gets the completed type of a later
   one (extern int a[]; int a[3];); the type as first written is kept
   for the debug information.  */
void decl_complete_first_type(Decl *first, Type *type) {
  if (!first->type_as_declared)
    first->type_as_declared = first->type;
  first->type = type;
}

Type *decl_type_shown(const Decl *d) {
  if (d->kind == DECL_ENUM_CONST && d->tag_type &&
      type_canon(d->tag_type)->u.rec->complete)
    return d->tag_type;
  return d->type;
}

/* GCC's error for an entity defined twice (an object initialized twice,
   `int x = 1; ... int x = 2;`, a function given two bodies), D the
   second, with its note at the declaration that defined it first.  */
static void report_redefinition(const Decl *d, const Decl *prev) {
  for (const Decl *x = prev; x; x = x->prev)
    if (d->kind == DECL_FUNC ? x->defined : x->has_init) {
      diag_error(d->loc, "redefinition of '%s'", d->name->name);
      diag_note(x->loc, "previous definition of '%s' with type %s",
                x->name->name, type_quoted(decl_type_shown(x)));
      return;
    }
}

/* GCC's note at the declaration a conflicting one follows: "previous
   definition" once the entity has a body or an initializer, "previous
   implicit declaration" for an implicit one.  */
static void note_previous(const Decl *prev) {
  bool defined = false;
  for (const Decl *x = prev; x && !defined; x = x->prev)
    defined = x->kind == DECL_FUNC ? x->defined : x->has_init;
  diag_note(prev->loc, "previous %s of '%s' with type %s",
            defined ? "definition" : prev->implicit ? "implicit declaration" : "declaration",
            prev->name->name, type_quoted(decl_type_shown(prev)));
}

bool decl_merge(Decl *d, Decl *prev, int depth) {
  if (prev->kind != d->kind) {
    diag_error(d->loc, "'%s' redeclared as different kind of symbol",
               d->name->name);
    diag_note(prev->loc, "previous declaration of '%s' with type %s",
              prev->name->name, type_quoted(decl_type_shown(prev)));
    return false;
  }
  if (d->kind == DECL_TYPEDEF) {
    if (!types_compatible(d->type, prev->type, false)) {
      diag_error(d->loc, "conflicting types for '%s'; have %s",
                 d->name->name, type_quoted(d->type));
      diag_note(prev->loc, "previous declaration of '%s' with type %s",
                prev->name->name, type_quoted(decl_type_shown(prev)));
      return false;
    }
    return true;
  }
  if (!types_compatible(d->type, prev->type, false)) {
    /* Old-style and prototype, or [] and [N], are compatible; anything
       else conflicts.  */
    diag_error(d->loc, "conflicting types for '%s'; have %s", d->name->name,
               type_quoted(d->type));
    note_previous(prev);
    return false;
  }
  Decl *first = prev->first;
  d->first = first;
  d->prev = prev;
  /* Composite type: prefer the more complete array / the prototype.  */
  Type *nc = type_canon(d->type), *pc = type_canon(prev->type);
  if (nc->kind == TY_ARRAY && nc->u.array.len < 0 && pc->u.array.len >= 0)
    d->type = prev->type;
  if (nc->kind == TY_FUNC && (nc->flags & TYF_OLDSTYLE) &&
      !(pc->flags & TYF_OLDSTYLE))
    d->type = prev->type;
  if ((d->kind == DECL_VAR && d->has_init) || (d->kind == DECL_FUNC && d->defined))
    report_redefinition(d, prev);
  if (d->sc == SC_STATIC && prev->sc != SC_STATIC && depth == 0) {
    diag_error(d->loc, "static declaration of '%s' follows non-static declaration",
               d->name->name);
    diag_note(prev->loc, "previous %sdeclaration of '%s' with type %s",
              prev->implicit ? "implicit " : "", prev->name->name,
              type_quoted(decl_type_shown(prev)));
  }
  if (d->kind == DECL_VAR && d->is_thread_local != prev->is_thread_local && depth == 0) {
    diag_error(d->loc, d->is_thread_local
                           ? "thread-local declaration of '%s' follows non-thread-local declaration"
                           : "non-thread-local declaration of '%s' follows thread-local declaration",
               d->name->name);
    diag_note(prev->loc, "previous declaration of '%s' with type %s",
              prev->name->name, type_quoted(decl_type_shown(prev)));
  }
  if (d->sc == SC_NONE && prev->sc == SC_STATIC && d->kind == DECL_VAR &&
      depth == 0) {
    diag_error(d->loc, "non-static declaration of '%s' follows static declaration",
               d->name->name);
    diag_note(prev->loc, "previous declaration of '%s' with type %s",
              prev->name->name, type_quoted(decl_type_shown(prev)));
  }
  /* Linkage follows the first declaration (static ... extern).  */
  if (d->sc == SC_EXTERN && prev->sc == SC_STATIC)
    d->sc = SC_STATIC;
  if (d->sc == SC_NONE && d->kind == DECL_FUNC && prev->sc == SC_STATIC)
    d->sc = SC_STATIC;
  if (!d->section)
    d->section = prev->section;
  /* btf_decl_tag lists merge across redeclarations (GCC, PR122248): the
     new declaration's tags not already present go in front.  */
  BtfTag *merged = first->decl_tags == d->decl_tags ? d->decl_tags : first->decl_tags;
  for (BtfTag *g = d->decl_tags; g; g = g->next) {
    bool seen = false;
    for (BtfTag *h = first->decl_tags; h; h = h->next)
      if (h->value == g->value)
        seen = true;
    if (!seen) {
      BtfTag *c = NEW(BtfTag);
      *c = *g;
      c->next = merged;
      merged = c;
    }
  }
  first->decl_tags = merged;
  if (d->defined)
    first->defined = true;
  if (d->type != first->type && type_canon(first->type)->kind == TY_ARRAY &&
      type_canon(first->type)->u.array.len < 0)
    decl_complete_first_type(first, d->type);
  return true;
}

Decl *decl_find_previous(const Scopes *s, Ident *name, DeclKind kind, int sc,
                         bool initialized, SrcLoc loc) {
  Binding *b = lookup_ordinary_binding(name);
  Decl *prev = NULL;
  if (b && b->depth == s->depth)
    prev = b->decl;
  else if (b && (sc == SC_EXTERN || kind == DECL_FUNC) && b->decl &&
           b->decl->file_scope && b->decl->kind == kind)
    prev = b->decl;
  if (prev && (prev->kind == DECL_ENUM_CONST || prev->kind == DECL_PARAM)) {
    if (b->depth == s->depth) {
      diag_error(loc, "'%s' redeclared as different kind of symbol",
                 name->name);
      diag_note(prev->loc, "previous definition of '%s' with type %s",
                name->name, type_quoted(decl_type_shown(prev)));
    }
    prev = NULL;
  }
  if (prev && s->depth > 0 && kind == DECL_VAR && sc != SC_EXTERN &&
      prev->sc != SC_EXTERN) {
    if (initialized && prev->has_init) {
      diag_error(loc, "redefinition of '%s'", name->name);
      diag_note(prev->loc, "previous definition of '%s' with type %s",
                name->name, type_quoted(decl_type_shown(prev)));
      return NULL;
    }
    diag_error(loc, "redeclaration of '%s' with no linkage", name->name);
    diag_note(prev->loc, "previous declaration of '%s' with type %s",
              name->name, type_quoted(decl_type_shown(prev)));
    prev = NULL;
  }
  return prev;
}

const Attr *decl_find_attr(const Decl *d, int id) {
  for (const Decl *x = d; x; x = x->prev)
    for (const Attr *a = x->attrs; a; a = a->next)
      if ((int)attr_spec_id(a->spec) == id)
        return a;
  return NULL;
}

/* Whether D's entity is an array of unknown size that no declaration
   completes and one defines tentatively (`int a[];`): GCC gives it one
   element at the end of the unit.  */
static bool tentative_open_array(const Decl *d) {
  if (d->kind != DECL_VAR || !d->file_scope || type_kind(d->type) != TY_ARRAY ||
      type_canon(d->type)->u.array.len >= 0)
    return false;
  bool defined = false;
  for (const Decl *x = d; x; x = x->prev) {
    if (x->has_init)
      return false;
    defined |= x->defined;
  }
  return defined;
}

int64_t decl_storage_size(const Decl *d) {
  int64_t size = type_size(d->type);
  if (size < 0)
    return tentative_open_array(d) ? type_size(type_canon(d->type)->base) : size;
  for (const Decl *x = d; x; x = x->prev)
    if (x->kind == DECL_VAR && x->init)
      return size + x->init->flex_size;
  return size;
}

const char *decl_section(const Decl *d) {
  for (const Decl *x = d; x; x = x->prev)
    if (x->section)
      return x->section;
  return NULL;
}

/* Warn of the arrays of unknown size that only tentative definitions
   declare, as GCC does when it finishes the unit: at each entity's last
   declaration, the static entities first, then the others, each group in
   the order of the entities' first declarations.  */
void decl_finish_unit(Decl *const *decls, size_t n) {
  PtrMap latest = {0};
  for (size_t i = n; i-- > 0;) {
    Decl *d = decls[i];
    Decl *e = d->first ? d->first : d;
    if (d->kind == DECL_VAR && d->file_scope && !ptrmap_get(&latest, e))
      ptrmap_put(&latest, e, d);
  }
  for (int statics = 1; statics >= 0; statics--)
    for (size_t i = 0; i < n; i++) {
      Decl *d = decls[i];
      if (d->kind != DECL_VAR || !d->file_scope || (d->first && d->first != d))
        continue;
      const Decl *last = ptrmap_get(&latest, d);
      if ((d->sc == SC_STATIC) == statics && tentative_open_array(last))
        diag_warning(last->loc, W_NONE, "array '%s' assumed to have one element",
                     d->name->name);
    }
  ptrmap_free(&latest);
}
