/* Statements (C17 6.8) and function bodies.

   Each statement is parsed, checked and turned into its node of the
   typed tree (sema/tree.h): a block is an ST_COMPOUND of its items, a
   declaration inside a block becomes ST_DECL statements (through
   p->decl_sink, which parse_declaration fills), and each switch collects
   its case labels through p->case_sink.  The labels a body defines and
   the objects it declares are gathered on the parser for the FuncBody
   (decl.c).  Statement expressions take the value of their last
   statement when it is an expression statement (p->last_expr_value).  */
#include "parser.h"

#include <string.h>

static Node *parse_stmt(Parser *p);

static Node *stmt_node(Parser *p, NodeKind kind, SrcLoc loc) {
  (void)p;
  return node_new(kind, NULL, loc);
}

/* An ST_COMPOUND of the nodes in V (freed).  */
static Node *block_node(NodeVec *v, SrcLoc loc) {
  Node *n = node_new(ST_COMPOUND, NULL, loc);
  n->u.block.nkids = (int)v->len;
  if (v->len) {
    n->u.block.kids = NEW_ARRAY(Node *, v->len);
    memcpy(n->u.block.kids, v->data, v->len * sizeof(Node *));
  }
  vec_free(v);
  return n;
}

static Node *parse_attributed_stmt(Parser *p, NodeVec *block_kids);

/* A declaration in a block: its ST_DECLs go to KIDS.  */
static void parse_block_declaration(Parser *p, NodeVec *kids) {
  NodeVec *saved = p->decl_sink;
  p->decl_sink = kids;
  parse_declaration(p, false);
  p->decl_sink = saved;
}

Ident *label_of(Parser *p, Ident *name) {
  for (size_t i = p->label_aliases.len; i-- > 0;)
    if (p->label_aliases.data[i].name == name)
      return p->label_aliases.data[i].label;
  return name;
}

Ident *label_use(Parser *p, const Token *name) {
  Ident *label = label_of(p, name->ident);
  if (p->cur_func && !p->in_sizeof_typeof)
    labels_use(&p->func_labels, label, name->ident, p->input_loc);
  return label;
}

/* One block item: a __label__ list, a declaration or a statement.
   *AFTER_STATEMENT: whether a statement came last (C90 wants the
   declarations first).  */
static void parse_block_item(Parser *p, NodeVec *kids, bool *after_statement) {
  p->last_was_expr = false;
  if (at_keyword(p) == KW_LABEL) {
    /* __label__ a, b; local label declarations: until the block ends,
       each name means a label of this block's own.  */
    next(p);
    do {
      if (peek(p, 0)->kind != TK_IDENT) {
        syntax_error(p, peek(p, 0), "identifier");
        break;
      }
      Ident *name = next(p).ident;
      char buf[300];
      snprintf(buf, sizeof buf, "%s.%u", name->name, ++p->label_serial);
      vec_push(&p->label_aliases, ((LabelAlias){name, intern_cstr(buf)}));
    } while (accept_punct(p, P_COMMA));
    expect_punct(p, P_SEMI, NULL);
    return;
  }
  if (at_std_attribute(p)) {
    /* Attributes begin a declaration or a statement: which one shows
       after them (an attribute declaration, [[fallthrough]];, is an
       empty statement).  */
    Node *s = parse_attributed_stmt(p, kids);
    if (s)
      vec_push(kids, s);
    return;
  }
  if (at_declaration_start(p) &&
      !(peek(p, 0)->kind == TK_IDENT && at_punct_n(p, 1, P_COLON))) {
    SrcLoc loc = cur_loc(p);
    parse_block_declaration(p, kids);
    if (*after_statement)
      diag_pedwarn_c90(loc, W_DECLARATION_AFTER_STATEMENT,
                       "ISO C90 forbids mixed declarations and code");
    *after_statement = false;
    return;
  }
  Node *s = parse_stmt(p);
  if (s)
    vec_push(kids, s);
  *after_statement = true;
}

/* block-item-list: block-item*, to the block's '}' -- or to the end of
   input, GCC's "expected declaration or statement".  After each item
   the parser has resynchronised, as GCC's.  */
static void parse_block_items(Parser *p, NodeVec *kids) {
  bool after_statement = false;
  while (!at_punct(p, P_RBRACE)) {
    if (at_eof(p)) {
      syntax_error(p, peek(p, 0), "declaration or statement");
      return;
    }
    parse_block_item(p, kids, &after_statement);
    p->syntax_error_pending = false;
  }
}

/* compound-statement: { block-item-list? } */
Node *parse_compound_stmt(Parser *p) {
  SrcLoc loc = cur_loc(p);
  expect_punct(p, P_LBRACE, NULL);
  scope_enter(&p->scopes);
  NodeVec kids = {0};
  size_t aliases = p->label_aliases.len;
  parse_block_items(p, &kids);
  /* The block's __label__ names end: those used and not defined are
     errors now.  */
  if (p->label_aliases.len > aliases) {
    size_t n = p->label_aliases.len - aliases;
    Ident **local = xmalloc(n * sizeof *local);
    for (size_t i = 0; i < n; i++)
      local[i] = p->label_aliases.data[aliases + i].label;
    labels_finish_block(&p->func_labels, local, n);
    free(local);
  }
  p->label_aliases.len = aliases;
  scope_leave(&p->scopes);
  accept_punct(p, P_RBRACE); /* at the end of input: said above */
  p->last_was_expr = false;
  return block_node(&kids, loc);
}

/* function-body: compound-statement (the parameters' scope is the
   block's own, opened by the caller).  */
Node *parse_function_body(Parser *p, Decl *fn) {
  (void)fn;
  SrcLoc loc = cur_loc(p);
  expect_punct(p, P_LBRACE, NULL);
  NodeVec kids = {0};
  parse_block_items(p, &kids);
  expect_punct(p, P_RBRACE, NULL);
  return block_node(&kids, loc);
}

/* ( { block-item-list? } ): after '(' '{' */
Expr parse_stmt_expr_body(Parser *p, Node **body) {
  SrcLoc loc = p->prev.loc;
  scope_enter(&p->scopes);
  p->in_stmt_expr++;
  NodeVec kids = {0};
  parse_block_items(p, &kids);
  p->in_stmt_expr--;
  scope_leave(&p->scopes);
  Expr e = {0};
  e.type = ty_void;
  e.loc = cur_loc(p);
  if (p->last_was_expr)
    e = p->last_expr_value;
  expect_punct(p, P_RBRACE, NULL);
  p->last_was_expr = false;
  *body = block_node(&kids, loc);
  return e;
}

/* The string literal of an asm statement, decoded.  */
static const char *asm_string(Parser *p) {
  Expr s;
  parse_string_literal(p, &s);
  return s.str;
}

/* asm-operand: ( [ identifier ] )? string-literal ( expression ) */
static void parse_asm_operands(Parser *p, AsmOperand **ops, int *nops,
                               bool outputs) {
  VEC(AsmOperand) v = {0};
  while (!at_punct(p, P_COLON) && !at_punct(p, P_COLONCOLON) &&
         !at_punct(p, P_RPAREN) && !at_eof(p)) {
    AsmOperand op = {0};
    if (accept_punct(p, P_LBRACKET)) {
      if (peek(p, 0)->kind == TK_IDENT)
        op.name = next(p).ident->name;
      expect_punct(p, P_RBRACKET, NULL);
    }
    if (peek(p, 0)->kind != TK_STRING) {
      syntax_error(p, peek(p, 0), "string literal");
      skip_balanced(p);
    } else {
      op.constraint = asm_string(p);
      expect_punct(p, P_LPAREN, NULL);
      Expr e = parse_expr(p);
      /* An input is a value, but a memory operand ("m") names its
         object: it stays an lvalue, as outputs do.  */
      if (!outputs && !strchr(op.constraint, 'm'))
        e = expr_rvalue(p, e);
      op.expr = expr_node(p, &e);
      expect_punct(p, P_RPAREN, NULL);
      vec_push(&v, op);
    }
    if (!accept_punct(p, P_COMMA))
      break;
  }
  *nops = (int)v.len;
  *ops = v.len ? NEW_ARRAY(AsmOperand, v.len) : NULL;
  if (v.len)
    memcpy(*ops, v.data, v.len * sizeof(AsmOperand));
  vec_free(&v);
}

/* asm-clobbers: string-literal ( , string-literal )*
   asm-goto-labels: identifier ( , identifier )*  */
static void parse_asm_names(Parser *p, AsmStmt *a, bool labels) {
  VEC(const char *) strs = {0};
  VEC(Ident *) ids = {0};
  VEC(Ident *) names = {0};
  while (!at_punct(p, P_COLON) && !at_punct(p, P_COLONCOLON) &&
         !at_punct(p, P_RPAREN) && !at_eof(p)) {
    if (!labels && peek(p, 0)->kind == TK_STRING)
      vec_push(&strs, asm_string(p));
    else if (labels && peek(p, 0)->kind == TK_IDENT) {
      Token name = next(p);
      vec_push(&names, name.ident);
      vec_push(&ids, label_use(p, &name));
    }
    else {
      syntax_error(p, peek(p, 0), labels ? "identifier" : "string literal");
      skip_balanced(p);
    }
    if (!accept_punct(p, P_COMMA))
      break;
  }
  if (strs.len) {
    a->nclobbers = (int)strs.len;
    a->clobbers = NEW_ARRAY(const char *, strs.len);
    memcpy(a->clobbers, strs.data, strs.len * sizeof(const char *));
  }
  if (ids.len) {
    a->nlabels = (int)ids.len;
    a->labels = NEW_ARRAY(Ident *, ids.len);
    memcpy(a->labels, ids.data, ids.len * sizeof(Ident *));
    a->label_names = NEW_ARRAY(Ident *, names.len);
    memcpy(a->label_names, names.data, names.len * sizeof(Ident *));
  }
  vec_free(&strs);
  vec_free(&ids);
  vec_free(&names);
}

/* asm-statement:
     asm asm-qualifier* ( string-literal
        ( : asm-operands? ( : asm-operands? ( : clobbers? ( : labels )? )? )? )? ) ;
   A '::' token stands for two colons.  */
static Node *parse_asm_stmt(Parser *p) {
  Token kw = next(p);
  AsmStmt *a = NEW(AsmStmt);
  memset(a, 0, sizeof *a);
  for (;;) {
    int k = at_keyword(p);
    if (k == KW_VOLATILE)
      a->is_volatile = true;
    else if (k == KW_INLINE)
      a->is_inline = true;
    else if (k == KW_GOTO)
      a->is_goto = true;
    else if (k != KW_CONST)
      break;
    next(p);
  }
  if (!require_punct(p, P_LPAREN)) {
    skip_to_decl_end(p);
    return NULL;
  }
  if (peek(p, 0)->kind == TK_STRING) {
    a->templ = asm_string(p);
  } else {
    Expr e = parse_assign_expr(p); /* C23/GCC 15 constexpr asm string */
    a->templ = e.str ? e.str : "";
  }
  a->basic = true;
  int section = 0; /* colons seen */
  while (at_punct(p, P_COLON) || at_punct(p, P_COLONCOLON)) {
    section += next(p).punct == P_COLONCOLON ? 2 : 1;
    a->basic = false;
    if (at_punct(p, P_COLON) || at_punct(p, P_COLONCOLON))
      continue;
    if (section == 1)
      parse_asm_operands(p, &a->outputs, &a->noutputs, true);
    else if (section == 2)
      parse_asm_operands(p, &a->inputs, &a->ninputs, false);
    else
      parse_asm_names(p, a, section >= 4);
  }
  /* Before the last section GCC wants another ':' (or the ')'); after a
     missing ')' it skips to one and reads no ';'.  */
  bool sections_left = section < (a->is_goto ? 4 : 3);
  if (!expect_punct(p, P_RPAREN, at_punct(p, P_RPAREN) || !sections_left ? NULL
                                 : a->is_goto ? "':'" : "':' or ')'"))
    return NULL;
  expect_punct(p, P_SEMI, NULL);
  Node *n = stmt_node(p, ST_ASM, kw.loc);
  n->u.asm_stmt = a;
  return n;
}

/* ( expression ): a controlling expression, a scalar rvalue.  */
static Node *parse_condition(Parser *p) {
  if (!require_punct(p, P_LPAREN)) { /* as GCC: no condition read */
    Expr bad = {.type = ty_int, .flags = EF_ERROR, .loc = cur_loc(p)};
    return expr_node(p, &bad);
  }
  Expr c = expr_rvalue(p, parse_expr(p));
  if (expr_erred(&c) || expr_report_void_value(&c))
    ;
  else if (c.type && !type_is_scalar(c.type) && type_kind(c.type) != TY_VECTOR)
    diag_error(c.loc, "used %s type value where scalar is required",
               type_is_record(c.type) ? "struct" : "non-scalar");
  expect_punct(p, P_RPAREN, NULL);
  return expr_node(p, &c);
}

static Node *parse_stmt_inner(Parser *p);

static Node *parse_stmt(Parser *p) {
  nest_enter(p, "statement");
  Node *n = parse_stmt_inner(p);
  nest_leave(p);
  /* Only an expression statement (possibly labeled) gives a statement
     expression its value.  */
  if (n && n->kind != ST_EXPR && n->kind != ST_LABEL && n->kind != ST_CASE &&
      n->kind != ST_DEFAULT)
    p->last_was_expr = false;
  return n;
}

/* The statement after a label; NULL (an empty statement) for C23's label
   at the end of a block.  A declaration after a label (C23) becomes a
   block of its ST_DECLs.  */
static Node *parse_labeled_body(Parser *p) {
  if (at_punct(p, P_RBRACE))
    return NULL;
  if (at_declaration_start(p)) {
    SrcLoc loc = cur_loc(p);
    NodeVec kids = {0};
    parse_block_declaration(p, &kids);
    return block_node(&kids, loc);
  }
  return parse_stmt(p);
}

/* labeled-statement: identifier : attribute* statement */
static Node *parse_label_stmt(Parser *p) {
  Token name = next(p);
  next(p); /* : */
  parse_any_attributes(p);
  Node *n = stmt_node(p, ST_LABEL, name.loc);
  n->u.lbl.label = label_of(p, name.ident);
  if (!p->in_sizeof_typeof) {
    vec_push(&p->tree_labels, n->u.lbl.label);
    if (p->cur_func)
      labels_define(&p->func_labels, n->u.lbl.label, name.ident, name.loc);
  }
  ST_BODY(n) = parse_labeled_body(p);
  return n;
}

/* labeled-statement: case constant-expression ( ... constant-expression )? : statement */
static Node *parse_case_stmt(Parser *p) {
  Token kw = next(p);
  int64_t lo, hi;
  bool u;
  if (!p->switch_depth)
    diag_error(kw.loc, "case label not within a switch statement");
  bool valid = parse_int_const_expr(p, &lo, &u);
  hi = lo;
  bool is_range = accept_punct(p, P_ELLIPSIS);
  if (is_range)
    valid &= parse_int_const_expr(p, &hi, &u);
  expect_punct(p, P_COLON, "':' or '...'");
  Node *n = stmt_node(p, ST_CASE, kw.loc);
  n->u.cs.lo = lo;
  n->u.cs.hi = hi;
  if (p->case_sink &&
      (!valid || !p->switch_labels ||
       switch_labels_add_case(p->switch_labels, lo, hi, is_range, kw.loc)))
    vec_push(p->case_sink, n);
  ST_BODY(n) = parse_labeled_body(p);
  return n;
}

/* labeled-statement: default : statement */
static Node *parse_default_stmt(Parser *p) {
  Token kw = next(p);
  if (!p->switch_depth)
    diag_error(kw.loc, "'default' label not within a switch statement");
  expect_punct(p, P_COLON, NULL);
  Node *n = stmt_node(p, ST_DEFAULT, kw.loc);
  if (p->case_sink &&
      (!p->switch_labels || switch_labels_add_default(p->switch_labels, kw.loc)))
    vec_push(p->case_sink, n);
  ST_BODY(n) = parse_labeled_body(p);
  return n;
}

/* selection-statement: if ( expression ) statement ( else statement )? */
static Node *parse_if_stmt(Parser *p) {
  Token kw = next(p);
  Node *n = stmt_node(p, ST_IF, kw.loc);
  ST_COND(n) = parse_condition(p);
  ST_BODY(n) = parse_stmt(p);
  if (accept_keyword(p, KW_ELSE))
    ST_ELSE(n) = parse_stmt(p);
  return n;
}

/* selection-statement: switch ( expression ) statement
   The controlling expression is promoted (C17 6.8.4.2p5).  */
static Node *parse_switch_stmt(Parser *p) {
  Token kw = next(p);
  expect_punct(p, P_LPAREN, NULL);
  Expr c = expr_rvalue(p, parse_expr(p));
  Node *cn = NULL;
  SwitchLabels labels, *checked = NULL;
  if (c.type && type_is_integer(c.type)) {
    switch_labels_init(&labels, c.type, kw.loc);
    checked = &labels;
  }
  if (c.type && !type_is_integer(c.type))
    diag_error(c.loc, "switch quantity not an integer");
  else if (c.type && type_int_rank(c.type) < type_int_rank(ty_int))
    cn = expr_convert(p, &c, ty_int);
  if (!cn)
    cn = expr_node(p, &c);
  expect_punct(p, P_RPAREN, NULL);
  Node *n = stmt_node(p, ST_SWITCH, kw.loc);
  ST_COND(n) = cn;
  NodeVec cases = {0};
  NodeVec *saved = p->case_sink;
  SwitchLabels *saved_labels = p->switch_labels;
  p->case_sink = &cases;
  p->switch_labels = checked;
  p->switch_depth++;
  ST_BODY(n) = parse_stmt(p);
  p->switch_depth--;
  p->case_sink = saved;
  p->switch_labels = saved_labels;
  if (checked)
    switch_labels_finish(checked);
  n->u.sw.ncases = (int)cases.len;
  if (cases.len) {
    n->u.sw.cases = NEW_ARRAY(Node *, cases.len);
    memcpy(n->u.sw.cases, cases.data, cases.len * sizeof(Node *));
  }
  vec_free(&cases);
  return n;
}

/* The body of a loop.  */
static Node *parse_loop_body(Parser *p) {
  p->loop_depth++;
  Node *body = parse_stmt(p);
  p->loop_depth--;
  return body;
}

/* A loop's node, taking the unroll pragma that came before it.  */
static Node *loop_node(Parser *p, NodeKind kind, SrcLoc loc) {
  Node *n = stmt_node(p, kind, loc);
  n->u.loop.unroll = p->loop_unroll;
  p->loop_unroll = LOOP_UNROLL_DEFAULT;
  return n;
}

/* iteration-statement: while ( expression ) statement */
static Node *parse_while_stmt(Parser *p) {
  Token kw = next(p);
  Node *n = loop_node(p, ST_WHILE, kw.loc);
  ST_COND(n) = parse_condition(p);
  ST_BODY(n) = parse_loop_body(p);
  return n;
}

/* iteration-statement: do statement while ( expression ) ; */
static Node *parse_do_stmt(Parser *p) {
  Token kw = next(p);
  Node *n = loop_node(p, ST_DO, kw.loc);
  ST_BODY(n) = parse_loop_body(p);
  require_keyword(p, KW_WHILE);
  ST_COND(n) = parse_condition(p);
  if (!require_punct(p, P_SEMI))
    skip_to_decl_end(p);
  return n;
}

/* iteration-statement:
     for ( expression? ; expression? ; expression? ) statement
     for ( declaration expression? ; expression? ) statement */
static Node *parse_for_stmt(Parser *p) {
  Token kw = next(p);
  Node *n = loop_node(p, ST_FOR, kw.loc);
  expect_punct(p, P_LPAREN, NULL);
  scope_enter(&p->scopes);
  if (at_declaration_start(p)) {
    SrcLoc loc = cur_loc(p);
    NodeVec kids = {0};
    parse_block_declaration(p, &kids);
    ST_INIT(n) = block_node(&kids, loc);
    if (lang_year() < 1999) {
      diag_error(kw.loc, "'for' loop initial declarations are only allowed "
                         "in C99 or C11 mode");
      if (!p->for_decl_hint_given)
        diag_note(kw.loc, "use option '-std=c99', '-std=gnu99', '-std=c11' "
                          "or '-std=gnu11' to compile your code");
      p->for_decl_hint_given = true;
    }
  } else {
    if (!at_punct(p, P_SEMI)) {
      Expr e = parse_expr(p);
      ST_INIT(n) = stmt_node(p, ST_EXPR, e.loc);
      ST_INIT(n)->a = expr_node(p, &e);
    }
    expect_punct(p, P_SEMI, NULL);
  }
  if (!at_punct(p, P_SEMI)) {
    Expr c = expr_rvalue(p, parse_expr(p));
    ST_COND(n) = expr_node(p, &c);
  }
  expect_punct(p, P_SEMI, NULL);
  if (!at_punct(p, P_RPAREN)) {
    Expr step = parse_expr(p);
    ST_STEP(n) = expr_node(p, &step);
  }
  expect_punct(p, P_RPAREN, NULL);
  ST_BODY(n) = parse_loop_body(p);
  scope_leave(&p->scopes);
  return n;
}

/* jump-statement: goto identifier ; | goto * expression ; (GNU) */
static Node *parse_goto_stmt(Parser *p) {
  Token kw = next(p);
  Node *n = NULL;
  if (accept_punct(p, P_STAR)) {
    Expr e = expr_rvalue(p, parse_expr(p));
    n = stmt_node(p, ST_GOTO_INDIRECT, kw.loc);
    n->a = expr_node(p, &e);
  } else if (peek(p, 0)->kind == TK_IDENT) {
    n = stmt_node(p, ST_GOTO, kw.loc);
    Token name = next(p);
    n->u.lbl.label = label_use(p, &name);
  } else {
    syntax_error(p, peek(p, 0), "identifier or '*'");
  }
  expect_punct(p, P_SEMI, NULL);
  return n;
}

/* jump-statement: continue ; | break ; */
static Node *parse_break_continue(Parser *p, bool is_break) {
  Token kw = next(p);
  if (!is_break && !p->loop_depth)
    diag_error(kw.loc, "continue statement not within a loop");
  if (is_break && !p->loop_depth && !p->switch_depth)
    diag_error(kw.loc, "break statement not within loop or switch");
  expect_punct(p, P_SEMI, NULL);
  return stmt_node(p, is_break ? ST_BREAK : ST_CONTINUE, kw.loc);
}

/* A return's value against its function's type, as GCC checks it: a
   missing or extra value is an error since C99 (GCC's permerror; in C89
   an extra value is a warning, a missing one fine), with a note on the
   function; a void value where one is returned, an error.  */
static void check_return(Parser *p, SrcLoc kw_loc, const Expr *e) {
  Decl *fn = p->cur_func;
  Type *ft = fn ? type_canon(fn->type) : NULL;
  if (!ft || ft->kind != TY_FUNC)
    return;
  bool void_fn = type_kind(ft->base) == TY_VOID;
  bool c99 = lang_year() >= 1999;
  if (!e && !void_fn && c99) {
    diag_error(kw_loc, "'return' with no value, in function returning non-void "
                       "[-Wreturn-mismatch]");
    diag_note(fn->loc, "declared here");
  } else if (e && void_fn && type_kind(e->type) != TY_VOID) {
    bool shown = true;
    if (c99)
      diag_error(e->loc, "'return' with a value, in function returning void "
                         "[-Wreturn-mismatch]");
    else
      shown = diag_warning(e->loc, W_RETURN_MISMATCH,
                           "'return' with a value, in function returning void");
    if (shown)
      diag_note(fn->loc, "declared here");
  } else if (e && !void_fn && type_kind(e->type) == TY_VOID) {
    diag_error(e->loc, "void value not ignored as it ought to be");
  }
}

/* jump-statement: return expression? ;
   The value converts to the function's return type as if by
   assignment.  */
static Node *parse_return_stmt(Parser *p) {
  Token kw = next(p);
  Node *n = stmt_node(p, ST_RETURN, kw.loc);
  if (!at_punct(p, P_SEMI)) {
    unsigned errors = diag_error_count();
    Expr e = expr_rvalue(p, parse_expr(p));
    bool erred = diag_error_count() != errors;
    check_return(p, kw.loc, &e);
    Type *ft = p->cur_func ? type_canon(p->cur_func->type) : NULL;
    if (ft && ft->kind == TY_FUNC && type_kind(ft->base) != TY_VOID)
      n->a = expr_convert_as_assigned(
          p, &e, ft->base,
          &(AssignSite){.kind = ASSIGN_RETURN, .loc = e.loc, .value_erred = erred});
    else
      n->a = expr_node(p, &e);
  } else {
    check_return(p, kw.loc, NULL);
  }
  expect_punct(p, P_SEMI, NULL);
  return n;
}

/* expression-statement: expression? ; */
static Node *parse_expr_stmt(Parser *p) {
  Expr e = parse_expr(p);
  if (!expect_punct(p, P_SEMI, NULL))
    return NULL;
  Node *n = stmt_node(p, ST_EXPR, e.loc);
  n->a = expr_node(p, &e);
  /* In a statement expression the last one's value is the result.  */
  if (p->in_stmt_expr) {
    p->last_expr_value = expr_rvalue(p, e);
    n->a = expr_node(p, &p->last_expr_value);
    p->last_was_expr = true;
  }
  return n;
}

/* statement: attribute-specifier-sequence statement, or attributes on
   an empty statement ([[fallthrough]];) or before a declaration.  A
   declaration's ST_DECLs go to BLOCK_KIDS when it is a block item (NULL
   returned), else into a block of their own; its specifiers take the
   C23 attributes read here.  */
static Node *parse_attributed_stmt(Parser *p, NodeVec *block_kids) {
  SrcLoc loc = cur_loc(p);
  Attr *std = NULL;
  for (;;) {
    if (at_std_attribute(p))
      std = attr_concat(std, parse_std_attributes(p));
    else if (at_keyword(p) == KW_ATTRIBUTE)
      parse_gnu_attributes(p);
    else
      break;
  }
  if (accept_punct(p, P_SEMI))
    return stmt_node(p, ST_EXPR, loc);
  if (at_declaration_start(p) &&
      !(peek(p, 0)->kind == TK_IDENT && at_punct_n(p, 1, P_COLON))) {
    p->lead_std_attrs = std;
    if (block_kids) {
      parse_block_declaration(p, block_kids);
      return NULL;
    }
    NodeVec kids = {0};
    parse_block_declaration(p, &kids);
    return block_node(&kids, loc);
  }
  return parse_stmt(p);
}

/* statement:
     labeled-statement | compound-statement | expression-statement
     | selection-statement | iteration-statement | jump-statement
     | asm-statement (GNU)  */
static Node *parse_stmt_inner(Parser *p) {
  const Token *t = peek(p, 0);
  p->last_was_expr = false;
  if (at_std_attribute(p) || at_keyword(p) == KW_ATTRIBUTE)
    return parse_attributed_stmt(p, NULL);
  if (t->kind == TK_PUNCT && t->punct == P_LBRACE)
    return parse_compound_stmt(p);
  if (t->kind == TK_PUNCT && t->punct == P_SEMI)
    return stmt_node(p, ST_EXPR, next(p).loc);
  if (t->kind == TK_PUNCT && (t->punct == P_RPAREN || t->punct == P_RBRACKET)) {
    /* Where a skip after a syntax error stopped (GCC's words and step). */
    syntax_error(p, t, "statement");
    next(p);
    return NULL;
  }
  if (t->kind == TK_IDENT && !t->ident->keyword && at_punct_n(p, 1, P_COLON))
    return parse_label_stmt(p);
  switch (at_keyword(p)) {
  case KW_CASE: return parse_case_stmt(p);
  case KW_DEFAULT: return parse_default_stmt(p);
  case KW_IF: return parse_if_stmt(p);
  case KW_SWITCH: return parse_switch_stmt(p);
  case KW_WHILE: return parse_while_stmt(p);
  case KW_DO: return parse_do_stmt(p);
  case KW_FOR: return parse_for_stmt(p);
  case KW_GOTO: return parse_goto_stmt(p);
  case KW_CONTINUE: return parse_break_continue(p, false);
  case KW_BREAK: return parse_break_continue(p, true);
  case KW_RETURN: return parse_return_stmt(p);
  case KW_ASM: return parse_asm_stmt(p);
  case KW_ELSE:
    diag_error(t->loc, "'else' without a previous 'if'");
    next(p);
    return NULL;
  default:
    return parse_expr_stmt(p);
  }
}
