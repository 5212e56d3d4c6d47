/* -Wbtf-tag-placement: where GCC's and clang's rules for btf_type_tag
   give different BTF for the same declaration.

   The two compilers attach tags differently and render them
   differently:
   - GCC: a GNU tag among the declaration specifiers applies to the whole
     declared type; a tag after '*' to that pointer; a C23
     [[gnu::btf_type_tag]] to the type on its left.  In BTF, the tags of
     a pointer type sit between the PTR and its pointee.
   - clang: a GNU tag applies to the type it is written after (in the
     specifiers: the specifier type); [[gnu::btf_type_tag]] is unknown to
     it.  In BTF, the tags of a type sit between a PTR and that type, so
     only tags on pointees show.
   We build the declared type both ways, render each as the chain of
   pointers and tags BTF would hold, and warn when the two differ.  */
#include "parser.h"

#include <string.h>

/* The btf_type_tag values of ATTRS in GCC's chain order (last written
   first), without diagnostics (the real application reports errors);
   GNU syntax only when GNU_ONLY.  */
static BtfTag *quiet_tags(Attr *attrs, bool gnu_only, BtfTag *rest) {
  BtfTag *head = rest;
  for (Attr *a = attrs; a; a = a->next) {
    if (strcmp(a->name->name, "btf_type_tag") != 0 || a->nargs != 1 ||
        a->args[0].kind != AARG_STRING || a->args[0].str_width != 1)
      continue;
    if (a->scope && strcmp(a->scope->name, "gnu") != 0)
      continue;
    if (gnu_only && a->std_syntax)
      continue;
    BtfTag *g = NEW(BtfTag);
    g->value = intern_cstr(a->args[0].str)->name;
    g->loc = a->loc;
    g->next = head;
    head = g;
  }
  return head;
}

/* The declared type as clang sees it: derivations of LV applied to T
   (which already carries the specifier tags), GNU tags after '*'
   attached to their pointer, C23 gnu:: tags ignored.  */
static Type *clang_type(DeclLevel *lv, Type *t) {
  if (!lv)
    return t;
  for (int i = 0; i < lv->nptrs; i++) {
    t = type_pointer(t);
    if (lv->ptrs[i].quals)
      t = type_qualified(t, lv->ptrs[i].quals);
    t = type_with_tags(t, quiet_tags(lv->ptrs[i].attrs, true, NULL));
  }
  for (int i = lv->nsufs - 1; i >= 0; i--) {
    SuffixOp *op = &lv->sufs[i];
    if (op->kind == SUF_ARRAY)
      t = op->vla ? type_vla(t) : type_array(t, op->len);
    else
      t = type_function(t, op->params, op->nparams, op->variadic, op->oldstyle);
  }
  if (lv->inner)
    return clang_type(lv->inner,
                      type_with_tags(t, quiet_tags(lv->inner_attrs, true, NULL)));
  return t;
}

static void render_tags(BtfTag *tags, Buf *out) {
  for (BtfTag *g = tags; g; g = g->next)
    buf_printf(out, "tag(%s) ", g->value);
}

/* Render the pointers and tags BTF gets for T, under clang's rendering
   (tags of a pointee) or GCC's (tags of the pointer).  Named types end
   the walk.  ARRAY_TAGS: under GCC's rules, the tags of the array whose
   element T is (btf_gen.c gives them to a pointer element, before its
   own).  */
static void render(Type *t, bool clang, BtfTag *array_tags, Buf *out,
                   int depth) {
  if (depth > 64) {
    buf_puts(out, "...");
    return;
  }
  if (t->quals & Q_CONST)
    buf_puts(out, "const ");
  if (t->quals & Q_VOLATILE)
    buf_puts(out, "volatile ");
  switch (t->kind) {
  case TY_PTR: {
    buf_putc(out, '*');
    render_tags(array_tags, out);
    render_tags(clang ? t->base->tags : t->tags, out);
    render(t->base, clang, NULL, out, depth + 1);
    return;
  }
  case TY_ARRAY:
    buf_printf(out, "[%lld]", (long long)t->u.array.len);
    render(t->base, clang, clang ? NULL : t->tags, out, depth + 1);
    return;
  case TY_FUNC:
    buf_puts(out, "fn(");
    for (int i = 0; i < t->u.func.nparams; i++) {
      if (i)
        buf_puts(out, ", ");
      render(t->u.func.params[i].type, clang, NULL, out, depth + 1);
    }
    buf_puts(out, ")->");
    render(t->base, clang, NULL, out, depth + 1);
    return;
  default:
    buf_puts(out, type_name(t->main));
  }
}

void check_tag_placement(Parser *p, const DeclSpec *ds, const Declarator *d,
                         bool param) {
  (void)p;
  if (!ctx_current->diag_opts.enabled[W_BTF_TAG_PLACEMENT] || !ds->type || !d->type)
    return;
  /* Only declarations that write a tag somewhere can differ.  */
  bool any = quiet_tags(ds->attrs, false, NULL) != NULL;
  for (DeclLevel *lv = d->level; lv && !any; lv = lv->inner) {
    for (int i = 0; i < lv->nptrs && !any; i++)
      any = quiet_tags(lv->ptrs[i].attrs, false, NULL) != NULL;
    any = any || quiet_tags(lv->inner_attrs, false, NULL) != NULL;
  }
  if (!any)
    return;
  BtfTag *spec_tags = quiet_tags(ds->attrs, true, NULL);
  Type *gcc = d->type;
  if (spec_tags && type_kind(gcc) != TY_FUNC)
    gcc = type_with_tags(gcc, spec_tags);
  Type *clang = clang_type(d->level, type_with_tags(ds->type, spec_tags));
  if (param) { /* both compilers adjust an array parameter to a pointer */
    gcc = type_param_adjusted(gcc, 0);
    clang = type_param_adjusted(clang, 0);
  }
  Buf g = {0}, c = {0};
  render(gcc, false, NULL, &g, 0);
  render(clang, true, NULL, &c, 0);
  if (strcmp(buf_cstr(&g), buf_cstr(&c)) != 0)
    diag_warning(d->loc, W_BTF_TAG_PLACEMENT,
                 "GCC and clang give '%s' different BTF type tags: GCC %s, "
                 "clang %s",
                 d->name ? d->name->name : "this declaration", g.data, c.data);
  buf_free(&g);
  buf_free(&c);
}
