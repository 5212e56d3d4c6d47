/* -fdump-tree: the typed tree as text, for tests and for people.

   The format is stable and compact.  For each function definition:

     function NAME <TYPE>
       param NAME <TYPE>            (one per parameter, in order)
       local NAME <TYPE> STORAGE    (auto, static, register; "(literal)"
                                     names a compound literal)
       label NAME
       body
       {
         STATEMENT ...
       }

   and for each initialized variable at file scope:

     var NAME <TYPE> = INIT

   A statement takes one line, its sub-statements indented by two
   spaces below it:

     decl NAME <TYPE> [= INIT]      if EXPR / else      while EXPR
     do / while EXPR                for INIT-STMT ; EXPR ; EXPR
     switch EXPR cases=N            case LO[...HI]:     default:
     label NAME:                    goto NAME           goto *EXPR
     break                          continue            return [EXPR]
     expr EXPR                      (empty statement: "expr")
     asm [volatile] [inline] [goto] "TEMPLATE" outputs(...) inputs(...)
         clobbers(...) labels(...)

   An expression is (KIND <TYPE> OPERANDS...), types in angle brackets
   as GCC spells them:

     (const <T> VALUE)     VALUE: integer, float (%Lg), &SYM+OFF, "str"+OFF,
                           &&label, or ? (not constant)
     (string <T> "bytes")  (var <T> NAME)
     (cast:KIND <T> E)     KIND: load decay fdecay nop int bool inttoptr
                           ptrtoint inttofloat floattoint float void other
     (OP <T> A [B])        OP: neg plus bitnot lognot add sub mul div mod
                           shl shr and or xor eq ne lt le gt ge
     (ptradd*N <T> P I)    (ptrsub*N <T> P I)   (ptrdiff/N <T> A B)
     (logand <T> A B)      (logor <T> A B)      (addr <T> A)  (deref <T> A)
     (member <T> A .NAME)  (index*N <T> A I)    (assign <T> A B)
     (OP= <T> A B [comp=<T>] [*N])   (preinc+N <T> A) ... (postdec-N <T> A)
     (cond <T> C A B)      (comma <T> A B)      (call <T> F ARGS...)
     (builtin NAME <T> ARGS...)      (stmtexpr <T> { ... })
     (literal <T> INIT)    (va_arg <T> A)       (labeladdr <T> NAME)

   An initializer is { +OFFSET <T> VALUE, ... } with +OFFSET:BIT:WIDTH for
   a bit-field (the bytes it does not store are zero).  Inside a
   statement expression the statements print on one line: a block as
   { S; S; }, "if E then S else S", "while E do S", "do S while E",
   "for init S cond E step E do S", the others as on their own lines.  */
#include "tree.h"

#include <inttypes.h>
#include <string.h>

static void dump_stmt(FILE *out, const Node *n, int indent);
static void dump_init(FILE *out, const Init *in);

static const char *const cast_names[] = {
    [CAST_LOAD] = "load", [CAST_DECAY] = "decay", [CAST_FUNC_DECAY] = "fdecay",
    [CAST_NOOP] = "nop", [CAST_INT] = "int", [CAST_TO_BOOL] = "bool",
    [CAST_INT_TO_PTR] = "inttoptr", [CAST_PTR_TO_INT] = "ptrtoint",
    [CAST_INT_TO_FLOAT] = "inttofloat", [CAST_FLOAT_TO_INT] = "floattoint",
    [CAST_FLOAT] = "float", [CAST_TO_VOID] = "void", [CAST_OTHER] = "other",
};

static const char *const op_names[] = {
    [OP_NONE] = "?", [OP_NEG] = "neg", [OP_PLUS] = "plus",
    [OP_BITNOT] = "bitnot", [OP_LOGNOT] = "lognot", [OP_ADD] = "add",
    [OP_SUB] = "sub", [OP_MUL] = "mul", [OP_DIV] = "div", [OP_MOD] = "mod",
    [OP_SHL] = "shl", [OP_SHR] = "shr", [OP_AND] = "and", [OP_OR] = "or",
    [OP_XOR] = "xor", [OP_EQ] = "eq", [OP_NE] = "ne", [OP_LT] = "lt",
    [OP_LE] = "le", [OP_GT] = "gt", [OP_GE] = "ge",
};

static void dump_type(FILE *out, Type *t) {
  fprintf(out, "<%s>", t ? type_name(t) : "?");
}

static const char *decl_name(const Decl *d) {
  return d && d->name ? d->name->name : "(anon)";
}

/* Bytes of a string, escaped as C would write them.  */
static void dump_bytes(FILE *out, const char *s, size_t n) {
  fputc('"', out);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", out);
    else if (c < 0x20 || c >= 0x7f)
      fprintf(out, "\\%03o", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

static void dump_const(FILE *out, const Node *n) {
  const ConstVal *cv = &n->u.cv;
  switch (cv->kind) {
  case CV_INT:
    if (type_is_signed(n->type) || type_is_pointer(n->type))
      fprintf(out, "%" PRId64, cv->i);
    else
      fprintf(out, "%" PRIu64, (uint64_t)cv->i);
    break;
  case CV_FLOAT:
    fprintf(out, "%Lg", cv->f);
    break;
  case CV_ADDR:
    if (cv->label)
      fputs("&&label", out);
    else if (cv->sym)
      fprintf(out, "&%s%+" PRId64, decl_name(cv->sym), cv->i);
    else if (cv->str)
      fprintf(out, "\"\"%+" PRId64, cv->i);
    else
      fprintf(out, "%" PRId64, cv->i);
    break;
  default:
    fputs("?", out);
  }
}

static void dump_args(FILE *out, Node **args, int n) {
  for (int i = 0; i < n; i++) {
    fputc(' ', out);
    tree_dump_expr(out, args[i]);
  }
}

static void dump_asm(FILE *out, const AsmStmt *a);

/* Statement N on one line (inside a statement expression).  */
static void dump_stmt_inline(FILE *out, const Node *n) {
  if (!n) {
    fputs("expr", out);
    return;
  }
  switch ((NodeKind)n->kind) {
  case ST_COMPOUND:
    fputs("{", out);
    for (int i = 0; i < n->u.block.nkids; i++) {
      fputc(' ', out);
      dump_stmt_inline(out, n->u.block.kids[i]);
      fputc(';', out);
    }
    fputs(" }", out);
    return;
  case ST_DECL:
    fprintf(out, "decl %s ", decl_name(n->u.decl));
    dump_type(out, n->u.decl->type);
    if (n->init) {
      fputs(" = ", out);
      dump_init(out, n->init);
    }
    return;
  case ST_EXPR:
    fputs("expr", out);
    if (n->a) {
      fputc(' ', out);
      tree_dump_expr(out, n->a);
    }
    return;
  case ST_IF:
    fputs("if ", out);
    tree_dump_expr(out, ST_COND(n));
    fputs(" then ", out);
    dump_stmt_inline(out, ST_BODY(n));
    if (ST_ELSE(n)) {
      fputs(" else ", out);
      dump_stmt_inline(out, ST_ELSE(n));
    }
    return;
  case ST_WHILE:
    fputs("while ", out);
    tree_dump_expr(out, ST_COND(n));
    fputs(" do ", out);
    dump_stmt_inline(out, ST_BODY(n));
    return;
  case ST_DO:
    fputs("do ", out);
    dump_stmt_inline(out, ST_BODY(n));
    fputs(" while ", out);
    tree_dump_expr(out, ST_COND(n));
    return;
  case ST_FOR:
    fputs("for init ", out);
    dump_stmt_inline(out, ST_INIT(n));
    fputs(" cond ", out);
    if (ST_COND(n))
      tree_dump_expr(out, ST_COND(n));
    fputs(" step ", out);
    if (ST_STEP(n))
      tree_dump_expr(out, ST_STEP(n));
    fputs(" do ", out);
    dump_stmt_inline(out, ST_BODY(n));
    return;
  case ST_SWITCH:
    fputs("switch ", out);
    tree_dump_expr(out, ST_COND(n));
    fprintf(out, " cases=%d ", n->u.sw.ncases);
    dump_stmt_inline(out, ST_BODY(n));
    return;
  case ST_CASE:
    if (n->u.cs.hi != n->u.cs.lo)
      fprintf(out, "case %" PRId64 " ... %" PRId64 ": ", n->u.cs.lo,
              n->u.cs.hi);
    else
      fprintf(out, "case %" PRId64 ": ", n->u.cs.lo);
    dump_stmt_inline(out, ST_BODY(n));
    return;
  case ST_DEFAULT:
    fputs("default: ", out);
    dump_stmt_inline(out, ST_BODY(n));
    return;
  case ST_LABEL:
    fprintf(out, "label %s: ", n->u.lbl.label->name);
    dump_stmt_inline(out, ST_BODY(n));
    return;
  case ST_GOTO:
    fprintf(out, "goto %s", n->u.lbl.label->name);
    return;
  case ST_GOTO_INDIRECT:
    fputs("goto *", out);
    tree_dump_expr(out, n->a);
    return;
  case ST_BREAK: fputs("break", out); return;
  case ST_CONTINUE: fputs("continue", out); return;
  case ST_RETURN:
    fputs("return", out);
    if (n->a) {
      fputc(' ', out);
      tree_dump_expr(out, n->a);
    }
    return;
  case ST_ASM:
    dump_asm(out, n->u.asm_stmt);
    return;
  default:
    tree_dump_expr(out, n);
    return;
  }
}

void tree_dump_expr(FILE *out, const Node *n) {
  if (!n) {
    fputs("(null)", out);
    return;
  }
  fputc('(', out);
  switch ((NodeKind)n->kind) {
  case EX_CONST:
    fputs("const ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    dump_const(out, n);
    break;
  case EX_STRING:
    fputs("string ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    dump_bytes(out, n->u.s.str, (size_t)n->u.s.len * n->u.s.width);
    break;
  case EX_VAR:
    fputs("var ", out);
    dump_type(out, n->type);
    fprintf(out, " %s", decl_name(n->u.decl));
    break;
  case EX_UNARY:
  case EX_BINARY:
    fprintf(out, "%s ", op_names[n->op < OP_GE + 1 ? n->op : 0]);
    dump_type(out, n->type);
    break;
  case EX_PTR_ADD:
    fprintf(out, "%s*%" PRId64 " ", n->op == OP_SUB ? "ptrsub" : "ptradd",
            n->u.arith.scale);
    dump_type(out, n->type);
    break;
  case EX_PTR_DIFF:
    fprintf(out, "ptrdiff/%" PRId64 " ", n->u.arith.scale);
    dump_type(out, n->type);
    break;
  case EX_LOGAND: fputs("logand ", out); dump_type(out, n->type); break;
  case EX_LOGOR: fputs("logor ", out); dump_type(out, n->type); break;
  case EX_ADDR: fputs("addr ", out); dump_type(out, n->type); break;
  case EX_DEREF: fputs("deref ", out); dump_type(out, n->type); break;
  case EX_MEMBER:
    fputs("member ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    tree_dump_expr(out, n->a);
    fprintf(out, " .%s)", n->u.m.member && n->u.m.member->name
                              ? n->u.m.member->name->name : "(anon)");
    return;
  case EX_INDEX:
    fprintf(out, "index*%" PRId64 " ", n->u.arith.scale);
    dump_type(out, n->type);
    break;
  case EX_ASSIGN: fputs("assign ", out); dump_type(out, n->type); break;
  case EX_OP_ASSIGN:
    fprintf(out, "%s= ", op_names[n->op < OP_GE + 1 ? n->op : 0]);
    dump_type(out, n->type);
    fputc(' ', out);
    tree_dump_expr(out, n->a);
    fputc(' ', out);
    tree_dump_expr(out, n->b);
    fputs(" comp=", out);
    dump_type(out, n->u.arith.comp_type);
    if (n->u.arith.scale)
      fprintf(out, " *%" PRId64, n->u.arith.scale);
    fputc(')', out);
    return;
  case EX_PREINC: case EX_PREDEC: case EX_POSTINC: case EX_POSTDEC: {
    static const char *const names[] = {"preinc+", "predec-", "postinc+",
                                        "postdec-"};
    fprintf(out, "%s%" PRId64 " ", names[n->kind - EX_PREINC],
            n->u.arith.scale);
    dump_type(out, n->type);
    break;
  }
  case EX_COND:
    fputs("cond ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    tree_dump_expr(out, n->c);
    fputs(n->a ? " " : " ?:", out);
    if (n->a)
      tree_dump_expr(out, n->a);
    fputc(' ', out);
    tree_dump_expr(out, n->b);
    fputc(')', out);
    return;
  case EX_COMMA: fputs("comma ", out); dump_type(out, n->type); break;
  case EX_CAST:
    fprintf(out, "cast:%s ", n->cast_kind <= CAST_OTHER
                                 ? cast_names[n->cast_kind] : "?");
    dump_type(out, n->type);
    break;
  case EX_CALL:
    fputs("call ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    tree_dump_expr(out, n->a);
    dump_args(out, n->u.call.args, n->u.call.nargs);
    fputc(')', out);
    return;
  case EX_BUILTIN:
    fprintf(out, "builtin %s ", n->u.call.builtin_name);
    dump_type(out, n->type);
    dump_args(out, n->u.call.args, n->u.call.nargs);
    fputc(')', out);
    return;
  case EX_STMT_EXPR:
    fputs("stmtexpr ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    dump_stmt_inline(out, n->a);
    fputc(')', out);
    return;
  case EX_COMPOUND_LIT:
    fputs("literal ", out);
    dump_type(out, n->type);
    fputc(' ', out);
    if (n->init)
      dump_init(out, n->init);
    fputc(')', out);
    return;
  case EX_VA_ARG: fputs("va_arg ", out); dump_type(out, n->type); break;
  case EX_LABEL_ADDR:
    fputs("labeladdr ", out);
    dump_type(out, n->type);
    fprintf(out, " %s)", n->u.lbl.label ? n->u.lbl.label->name : "?");
    return;
  default:
    fprintf(out, "?%d", n->kind);
    break;
  }
  if (n->a) {
    fputc(' ', out);
    tree_dump_expr(out, n->a);
  }
  if (n->b) {
    fputc(' ', out);
    tree_dump_expr(out, n->b);
  }
  fputc(')', out);
}

static void dump_init(FILE *out, const Init *in) {
  fputs("{", out);
  for (int i = 0; i < in->nelems; i++) {
    const InitElem *e = &in->elems[i];
    fprintf(out, "%s+%" PRId64, i ? ", " : " ", e->offset);
    if (e->bit_width >= 0)
      fprintf(out, ":%d:%d", e->bit_offset, e->bit_width);
    fputc(' ', out);
    dump_type(out, e->type);
    fputc(' ', out);
    tree_dump_expr(out, e->value);
  }
  fputs(" }", out);
}

static void line(FILE *out, int indent, const char *s) {
  fprintf(out, "%*s%s", indent, "", s);
}

static void dump_sub(FILE *out, const Node *n, int indent) {
  if (n)
    dump_stmt(out, n, indent);
  else
    line(out, indent, "expr\n");
}

static void dump_asm_operands(FILE *out, const char *what,
                              const AsmOperand *ops, int n) {
  if (!n)
    return;
  fprintf(out, " %s(", what);
  for (int i = 0; i < n; i++) {
    if (i)
      fputs(", ", out);
    if (ops[i].name)
      fprintf(out, "[%s] ", ops[i].name);
    dump_bytes(out, ops[i].constraint, strlen(ops[i].constraint));
    fputc(' ', out);
    tree_dump_expr(out, ops[i].expr);
  }
  fputc(')', out);
}

static void dump_asm(FILE *out, const AsmStmt *a) {
  fputs("asm", out);
  if (a->is_volatile)
    fputs(" volatile", out);
  if (a->is_inline)
    fputs(" inline", out);
  if (a->is_goto)
    fputs(" goto", out);
  if (a->basic)
    fputs(" basic", out);
  fputc(' ', out);
  dump_bytes(out, a->templ, strlen(a->templ));
  dump_asm_operands(out, "outputs", a->outputs, a->noutputs);
  dump_asm_operands(out, "inputs", a->inputs, a->ninputs);
  if (a->nclobbers) {
    fputs(" clobbers(", out);
    for (int i = 0; i < a->nclobbers; i++) {
      if (i)
        fputs(", ", out);
      dump_bytes(out, a->clobbers[i], strlen(a->clobbers[i]));
    }
    fputc(')', out);
  }
  if (a->nlabels) {
    fputs(" labels(", out);
    for (int i = 0; i < a->nlabels; i++)
      fprintf(out, "%s%s", i ? ", " : "", a->labels[i]->name);
    fputc(')', out);
  }
}

static void dump_stmt(FILE *out, const Node *n, int indent) {
  fprintf(out, "%*s", indent, "");
  switch ((NodeKind)n->kind) {
  case ST_COMPOUND:
    fputs("{\n", out);
    for (int i = 0; i < n->u.block.nkids; i++)
      dump_stmt(out, n->u.block.kids[i], indent + 2);
    line(out, indent, "}\n");
    return;
  case ST_DECL:
    fprintf(out, "decl %s ", decl_name(n->u.decl));
    dump_type(out, n->u.decl->type);
    if (n->init) {
      fputs(" = ", out);
      dump_init(out, n->init);
    }
    fputc('\n', out);
    return;
  case ST_EXPR:
    fputs("expr", out);
    if (n->a) {
      fputc(' ', out);
      tree_dump_expr(out, n->a);
    }
    fputc('\n', out);
    return;
  case ST_IF:
    fputs("if ", out);
    tree_dump_expr(out, ST_COND(n));
    fputc('\n', out);
    dump_sub(out, ST_BODY(n), indent + 2);
    if (ST_ELSE(n)) {
      line(out, indent, "else\n");
      dump_sub(out, ST_ELSE(n), indent + 2);
    }
    return;
  case ST_WHILE:
    fputs("while ", out);
    tree_dump_expr(out, ST_COND(n));
    fputc('\n', out);
    dump_sub(out, ST_BODY(n), indent + 2);
    return;
  case ST_DO:
    fputs("do\n", out);
    dump_sub(out, ST_BODY(n), indent + 2);
    line(out, indent, "while ");
    tree_dump_expr(out, ST_COND(n));
    fputc('\n', out);
    return;
  case ST_FOR:
    fputs("for\n", out);
    line(out, indent + 2, "init\n");
    if (ST_INIT(n))
      dump_stmt(out, ST_INIT(n), indent + 4);
    line(out, indent + 2, "cond ");
    if (ST_COND(n))
      tree_dump_expr(out, ST_COND(n));
    fputc('\n', out);
    line(out, indent + 2, "step ");
    if (ST_STEP(n))
      tree_dump_expr(out, ST_STEP(n));
    fputc('\n', out);
    dump_sub(out, ST_BODY(n), indent + 2);
    return;
  case ST_SWITCH:
    fputs("switch ", out);
    tree_dump_expr(out, ST_COND(n));
    fprintf(out, " cases=%d\n", n->u.sw.ncases);
    dump_sub(out, ST_BODY(n), indent + 2);
    return;
  case ST_CASE:
    if (n->u.cs.hi != n->u.cs.lo)
      fprintf(out, "case %" PRId64 " ... %" PRId64 ":\n", n->u.cs.lo,
              n->u.cs.hi);
    else
      fprintf(out, "case %" PRId64 ":\n", n->u.cs.lo);
    if (ST_BODY(n))
      dump_stmt(out, ST_BODY(n), indent + 2);
    return;
  case ST_DEFAULT:
    fputs("default:\n", out);
    if (ST_BODY(n))
      dump_stmt(out, ST_BODY(n), indent + 2);
    return;
  case ST_LABEL:
    fprintf(out, "label %s:\n", n->u.lbl.label->name);
    if (ST_BODY(n))
      dump_stmt(out, ST_BODY(n), indent + 2);
    return;
  case ST_GOTO:
    fprintf(out, "goto %s\n", n->u.lbl.label->name);
    return;
  case ST_GOTO_INDIRECT:
    fputs("goto *", out);
    tree_dump_expr(out, n->a);
    fputc('\n', out);
    return;
  case ST_BREAK: fputs("break\n", out); return;
  case ST_CONTINUE: fputs("continue\n", out); return;
  case ST_RETURN:
    fputs("return", out);
    if (n->a) {
      fputc(' ', out);
      tree_dump_expr(out, n->a);
    }
    fputc('\n', out);
    return;
  case ST_ASM:
    dump_asm(out, n->u.asm_stmt);
    fputc('\n', out);
    return;
  default:
    tree_dump_expr(out, n);
    fputc('\n', out);
    return;
  }
}

static const char *storage_name(const Decl *d) {
  switch (d->sc) {
  case SC_STATIC: return "static";
  case SC_REGISTER: return "register";
  default: return "auto";
  }
}

static void dump_function(FILE *out, const Decl *fn) {
  const FuncBody *fb = fn->body;
  fprintf(out, "function %s ", decl_name(fn));
  dump_type(out, fn->type);
  fputc('\n', out);
  for (int i = 0; i < fb->nparams; i++) {
    fprintf(out, "  param %s ", decl_name(fb->params[i]));
    dump_type(out, fb->params[i]->type);
    fputc('\n', out);
  }
  for (int i = 0; i < fb->nlocals; i++) {
    const Decl *d = fb->locals[i];
    fprintf(out, "  local %s ", d->name ? d->name->name : "(literal)");
    dump_type(out, d->type);
    fprintf(out, " %s\n", storage_name(d));
  }
  for (int i = 0; i < fb->nlabels; i++)
    fprintf(out, "  label %s\n", fb->labels[i]->name);
  if (fb->uses_va)
    fputs("  uses va_start\n", out);
  fputs("  body\n", out);
  dump_stmt(out, fb->body, 2);
}

void tree_dump_decls(FILE *out, Decl **decls, size_t ndecls) {
  for (size_t i = 0; i < ndecls; i++) {
    const Decl *d = decls[i];
    if (d->kind == DECL_FUNC && d->body) {
      dump_function(out, d);
    } else if (d->kind == DECL_VAR && d->init) {
      fprintf(out, "var %s ", decl_name(d));
      dump_type(out, d->type);
      fputs(" = ", out);
      dump_init(out, d->init);
      fputc('\n', out);
    }
  }
}
