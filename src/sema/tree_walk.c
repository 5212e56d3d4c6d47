/* Walking the typed tree (tree.h), and what the whole unit's bodies tell
   about objects with static storage: whether any code writes to one or
   takes its address.  A static object that no code writes and whose
   address is never taken keeps its initial value for ever: optimizing
   compilers fold its loads into that value and drop the object (GCC
   does so for libbpf's `static void *(*bpf_map_lookup_elem)(...) =
   (void *) 1;`, which is how helper calls become `call 1`).  */
#include "tree_walk.h"

#include "const.h"

static void walk_init(const Init *in, TreeVisit f, void *ctx) {
  if (!in)
    return;
  for (int i = 0; i < in->nelems; i++)
    tree_walk(in->elems[i].value, f, ctx);
}

void tree_walk(const Node *n, TreeVisit f, void *ctx) {
  if (!n)
    return;
  f(n, ctx);
  tree_walk(n->a, f, ctx);
  tree_walk(n->b, f, ctx);
  tree_walk(n->c, f, ctx);
  tree_walk(n->d, f, ctx);
  switch (n->kind) {
  case EX_CALL:
  case EX_BUILTIN:
    for (int i = 0; i < n->u.call.nargs; i++)
      tree_walk(n->u.call.args[i], f, ctx);
    break;
  case ST_COMPOUND:
  case EX_STMT_EXPR:
    for (int i = 0; i < n->u.block.nkids; i++)
      tree_walk(n->u.block.kids[i], f, ctx);
    break;
  case ST_DECL:
  case EX_COMPOUND_LIT:
    walk_init(n->init, f, ctx);
    break;
  case ST_ASM:
    for (int i = 0; i < n->u.asm_stmt->noutputs; i++)
      tree_walk(n->u.asm_stmt->outputs[i].expr, f, ctx);
    for (int i = 0; i < n->u.asm_stmt->ninputs; i++)
      tree_walk(n->u.asm_stmt->inputs[i].expr, f, ctx);
    break;
  default:
    break;
  }
}

Decl *tree_root_var(const Node *n) {
  while (n) {
    switch (n->kind) {
    case EX_VAR:
      return n->u.decl;
    case EX_MEMBER:
      n = n->a;
      break;
    case EX_INDEX:
      if (!n->a || type_kind(n->a->type) != TY_ARRAY)
        return NULL;
      n = n->a;
      break;
    case EX_CAST:
      if (n->cast_kind != CAST_DECAY && n->cast_kind != CAST_NOOP)
        return NULL;
      n = n->a;
      break;
    default:
      return NULL;
    }
  }
  return NULL;
}

static void mark(const Node *lv) {
  Decl *d = tree_root_var(lv);
  if (d)
    (d->first ? d->first : d)->written = true;
}

static void note_write(const Node *n, void *ctx) {
  (void)ctx;
  switch (n->kind) {
  case EX_ASSIGN:
  case EX_OP_ASSIGN:
  case EX_PREINC:
  case EX_PREDEC:
  case EX_POSTINC:
  case EX_POSTDEC:
  case EX_ADDR:
    mark(n->a);
    break;
  case EX_CAST:
    if (n->cast_kind == CAST_DECAY)
      mark(n->a); /* an array's address escapes */
    break;
  case ST_ASM:
    for (int i = 0; i < n->u.asm_stmt->noutputs; i++)
      mark(n->u.asm_stmt->outputs[i].expr);
    break;
  default:
    break;
  }
}

void tree_mark_writes(Decl *const *decls, size_t n) {
  for (size_t i = 0; i < n; i++) {
    Decl *d = decls[i];
    if (d->kind == DECL_FUNC && d->body)
      tree_walk(d->body->body, note_write, NULL);
    if (d->kind == DECL_VAR && d->init)
      walk_init(d->init, note_write, NULL);
  }
}

bool tree_static_int_value(Decl *d, int64_t *value) {
  Decl *e = d->first ? d->first : d;
  if (e->written || (type_all_quals(d->type) & Q_VOLATILE) || !type_is_scalar(d->type))
    return false;
  for (Decl *x = d; x; x = x->prev) {
    if (x->sc == SC_EXTERN && !x->init)
      continue;
    bool static_storage = x->sc == SC_STATIC || (type_all_quals(x->type) & Q_CONST);
    if (!static_storage)
      return false;
    const Init *in = x->init;
    if (!in || in->nelems != 1)
      continue;
    const Node *v = in->elems[0].value;
    while (v && v->kind == EX_CAST &&
           (v->cast_kind == CAST_NOOP || v->cast_kind == CAST_INT_TO_PTR ||
            v->cast_kind == CAST_INT || v->cast_kind == CAST_PTR_TO_INT))
      v = v->a;
    if (v && v->kind == EX_CONST &&
        (v->u.cv.kind == CV_INT ||
         (v->u.cv.kind == CV_ADDR && !v->u.cv.sym && !v->u.cv.str && !v->u.cv.label))) {
      *value = v->u.cv.i;
      return true;
    }
    return false;
  }
  return false;
}

bool tree_fold_int(const Node *n, int64_t *value) {
  if (!n || !n->type || !type_is_integer(n->type))
    return false;
  int64_t a, b;
  switch (n->kind) {
  case EX_CONST:
    if (n->u.cv.kind != CV_INT)
      return false;
    *value = n->u.cv.i;
    return true;
  case EX_CAST:
    if (n->cast_kind == CAST_LOAD) {
      Decl *d = n->a->kind == EX_VAR ? n->a->u.decl : NULL;
      if (!d || d->kind != DECL_VAR || !(d->file_scope || d->sc == SC_STATIC) ||
          (type_all_quals(d->type) & (Q_CONST | Q_VOLATILE)) != Q_CONST ||
          !tree_static_int_value(d, &a))
        return false;
    } else if (n->cast_kind == CAST_INT || n->cast_kind == CAST_NOOP) {
      if (!tree_fold_int(n->a, &a))
        return false;
    } else {
      return false;
    }
    *value = type_int_truncate(n->type, a);
    return true;
  case EX_UNARY:
    if (!tree_fold_int(n->a, &a))
      return false;
    switch (n->op) {
    case OP_PLUS: *value = a; return true;
    case OP_NEG: *value = type_int_truncate(n->type, (int64_t)(0 - (uint64_t)a)); return true;
    case OP_BITNOT: *value = type_int_truncate(n->type, ~a); return true;
    default: return false;
    }
  case EX_BINARY:
    if (n->op < OP_ADD || n->op > OP_XOR) /* arithmetic, not comparisons */
      return false;
    if (!tree_fold_int(n->a, &a) || !tree_fold_int(n->b, &b))
      return false;
    return const_fold_int((Op)n->op, n->type, a, b, value, n->loc);
  default:
    return false;
  }
}
