/* Statements (C17 6.8) and function bodies.  Nothing is kept but what
   the declarations inside record; statements are checked as they go.  */
#include "parser.h"

static void parse_stmt(Parser *p);

/* The value of a statement expression is that of its last statement when
   that is an expression statement.  */
static Expr last_expr_value;
static bool last_was_expr;

static void parse_block_items(Parser *p) {
  while (!at_punct(p, P_RBRACE) && !at_eof(p)) {
    last_was_expr = false;
    if (at_keyword(p) == KW_LABEL) {
      /* __label__ a, b; local label declarations.  */
      next(p);
      do {
        if (peek(p, 0)->kind == TK_IDENT)
          next(p);
      } while (accept_punct(p, P_COMMA));
      expect_punct(p, P_SEMI, NULL);
      continue;
    }
    if (at_declaration_start(p) &&
        !(peek(p, 0)->kind == TK_IDENT && at_punct_n(p, 1, P_COLON))) {
      parse_declaration(p, false);
      continue;
    }
    parse_stmt(p);
  }
}

void parse_compound_stmt(Parser *p) {
  expect_punct(p, P_LBRACE, NULL);
  scope_push(p);
  parse_block_items(p);
  scope_pop(p);
  expect_punct(p, P_RBRACE, NULL);
  last_was_expr = false;
}

void parse_function_body(Parser *p, Decl *fn) {
  (void)fn;
  expect_punct(p, P_LBRACE, NULL);
  parse_block_items(p);
  expect_punct(p, P_RBRACE, NULL);
}

Expr parse_stmt_expr_body(Parser *p) {
  scope_push(p);
  p->in_stmt_expr++;
  parse_block_items(p);
  p->in_stmt_expr--;
  scope_pop(p);
  Expr e = {0};
  e.type = ty_void;
  e.loc = cur_loc(p);
  if (last_was_expr)
    e = last_expr_value;
  expect_punct(p, P_RBRACE, NULL);
  last_was_expr = false;
  return e;
}

/* asm [volatile|inline|goto]* ( ... ) ; */
static void parse_asm_stmt(Parser *p) {
  next(p);
  for (;;) {
    int kw = at_keyword(p);
    if (kw == KW_VOLATILE || kw == KW_INLINE || kw == KW_GOTO || kw == KW_CONST)
      next(p);
    else
      break;
  }
  if (!at_punct(p, P_LPAREN)) {
    diag_error(cur_loc(p), "expected '(' before %s", tok_desc(peek(p, 0)));
    skip_to_decl_end(p);
    return;
  }
  /* The operands are expressions; parse them to type-check and to mark
     the declarations they use.  */
  next(p);
  if (peek(p, 0)->kind == TK_STRING) {
    Expr s;
    parse_string_literal(p, &s);
  } else {
    parse_assign_expr(p); /* C23/GCC 15 constexpr asm string */
  }
  while (at_punct(p, P_COLON) || at_punct(p, P_COLONCOLON)) {
    int sections = next(p).punct == P_COLONCOLON ? 2 : 1;
    (void)sections;
    while (!at_punct(p, P_COLON) && !at_punct(p, P_COLONCOLON) &&
           !at_punct(p, P_RPAREN) && !at_eof(p)) {
      if (at_punct(p, P_LBRACKET)) /* [name] */
        skip_balanced(p);
      if (peek(p, 0)->kind == TK_STRING) {
        Expr s;
        parse_string_literal(p, &s);
        if (at_punct(p, P_LPAREN)) {
          next(p);
          parse_expr(p);
          expect_punct(p, P_RPAREN, NULL);
        }
      } else if (peek(p, 0)->kind == TK_IDENT) {
        next(p); /* goto label */
      } else {
        diag_error(cur_loc(p), "expected string literal before %s",
                   tok_desc(peek(p, 0)));
        skip_balanced(p);
      }
      if (!accept_punct(p, P_COMMA))
        break;
    }
  }
  expect_punct(p, P_RPAREN, NULL);
  expect_punct(p, P_SEMI, NULL);
}

static void parse_condition(Parser *p, const char *what) {
  expect_punct(p, P_LPAREN, NULL);
  Expr c = expr_rvalue(p, parse_expr(p));
  if (c.type && !type_is_scalar(c.type) && type_kind(c.type) != TY_VECTOR)
    diag_error(c.loc, "used %s type value where scalar is required",
               type_is_record(c.type) ? "struct" : "non-scalar");
  (void)what;
  expect_punct(p, P_RPAREN, NULL);
}

static void parse_stmt_inner(Parser *p);

static void parse_stmt(Parser *p) {
  nest_enter(p, "statement");
  parse_stmt_inner(p);
  nest_leave(p);
}

static void parse_stmt_inner(Parser *p) {
  const Token *t = peek(p, 0);
  last_was_expr = false;
  if (at_std_attribute(p) || at_keyword(p) == KW_ATTRIBUTE) {
    /* Statement attributes ([[fallthrough]];, __attribute__((fallthrough));)
       or attributes before a declaration handled by the caller.  */
    parse_any_attributes(p);
    if (accept_punct(p, P_SEMI))
      return;
    if (at_declaration_start(p)) {
      parse_declaration(p, false);
      return;
    }
    parse_stmt(p);
    return;
  }
  if (t->kind == TK_PUNCT) {
    switch (t->punct) {
    case P_LBRACE:
      parse_compound_stmt(p);
      return;
    case P_SEMI:
      next(p);
      return;
    default:
      break;
    }
  }
  if (t->kind == TK_IDENT && !t->ident->keyword && at_punct_n(p, 1, P_COLON)) {
    next(p);
    next(p);
    parse_any_attributes(p);
    if (at_punct(p, P_RBRACE))
      return; /* C23: a label at the end of a block */
    if (at_declaration_start(p)) {
      parse_declaration(p, false);
      return;
    }
    parse_stmt(p);
    return;
  }
  switch (at_keyword(p)) {
  case KW_CASE: {
    Token kw = next(p);
    int64_t v;
    bool u;
    if (!p->switch_depth)
      diag_error(kw.loc, "case label not within a switch statement");
    parse_int_const_expr(p, &v, &u);
    if (accept_punct(p, P_ELLIPSIS))
      parse_int_const_expr(p, &v, &u);
    expect_punct(p, P_COLON, NULL);
    if (!at_punct(p, P_RBRACE))
      parse_stmt(p);
    return;
  }
  case KW_DEFAULT: {
    Token kw = next(p);
    if (!p->switch_depth)
      diag_error(kw.loc, "'default' label not within a switch statement");
    expect_punct(p, P_COLON, NULL);
    if (!at_punct(p, P_RBRACE))
      parse_stmt(p);
    return;
  }
  case KW_IF:
    next(p);
    parse_condition(p, "if");
    parse_stmt(p);
    if (accept_keyword(p, KW_ELSE))
      parse_stmt(p);
    last_was_expr = false;
    return;
  case KW_SWITCH: {
    next(p);
    expect_punct(p, P_LPAREN, NULL);
    Expr c = expr_rvalue(p, parse_expr(p));
    if (c.type && !type_is_integer(c.type))
      diag_error(c.loc, "switch quantity not an integer");
    expect_punct(p, P_RPAREN, NULL);
    p->switch_depth++;
    parse_stmt(p);
    p->switch_depth--;
    last_was_expr = false;
    return;
  }
  case KW_WHILE:
    next(p);
    parse_condition(p, "while");
    p->loop_depth++;
    parse_stmt(p);
    p->loop_depth--;
    last_was_expr = false;
    return;
  case KW_DO:
    next(p);
    p->loop_depth++;
    parse_stmt(p);
    p->loop_depth--;
    if (!accept_keyword(p, KW_WHILE))
      diag_error(cur_loc(p), "expected 'while' before %s", tok_desc(peek(p, 0)));
    parse_condition(p, "while");
    expect_punct(p, P_SEMI, NULL);
    last_was_expr = false;
    return;
  case KW_FOR:
    next(p);
    expect_punct(p, P_LPAREN, NULL);
    scope_push(p);
    if (at_declaration_start(p))
      parse_declaration(p, false);
    else {
      if (!at_punct(p, P_SEMI))
        parse_expr(p);
      expect_punct(p, P_SEMI, NULL);
    }
    if (!at_punct(p, P_SEMI))
      expr_rvalue(p, parse_expr(p));
    expect_punct(p, P_SEMI, NULL);
    if (!at_punct(p, P_RPAREN))
      parse_expr(p);
    expect_punct(p, P_RPAREN, NULL);
    p->loop_depth++;
    parse_stmt(p);
    p->loop_depth--;
    scope_pop(p);
    last_was_expr = false;
    return;
  case KW_GOTO:
    next(p);
    if (accept_punct(p, P_STAR))
      parse_expr(p);
    else if (peek(p, 0)->kind == TK_IDENT)
      next(p);
    else
      diag_error(cur_loc(p), "expected identifier or '*' before %s",
                 tok_desc(peek(p, 0)));
    expect_punct(p, P_SEMI, NULL);
    return;
  case KW_CONTINUE: {
    Token kw = next(p);
    if (!p->loop_depth)
      diag_error(kw.loc, "continue statement not within a loop");
    expect_punct(p, P_SEMI, NULL);
    return;
  }
  case KW_BREAK: {
    Token kw = next(p);
    if (!p->loop_depth && !p->switch_depth)
      diag_error(kw.loc, "break statement not within loop or switch");
    expect_punct(p, P_SEMI, NULL);
    return;
  }
  case KW_RETURN:
    next(p);
    if (!at_punct(p, P_SEMI))
      expr_rvalue(p, parse_expr(p));
    expect_punct(p, P_SEMI, NULL);
    return;
  case KW_ASM:
    parse_asm_stmt(p);
    return;
  case KW_ELSE:
    diag_error(t->loc, "'else' without a previous 'if'");
    next(p);
    return;
  default:
    break;
  }
  Expr e = parse_expr(p);
  if (!accept_punct(p, P_SEMI)) {
    expect_punct(p, P_SEMI, NULL);
    /* Recover: skip to the end of the statement.  */
    while (!at_eof(p) && !at_punct(p, P_SEMI) && !at_punct(p, P_RBRACE)) {
      if (at_punct(p, P_LBRACE) || at_punct(p, P_LPAREN) || at_punct(p, P_LBRACKET))
        skip_balanced(p);
      else
        next(p);
    }
    accept_punct(p, P_SEMI);
    return;
  }
  last_expr_value = expr_rvalue(p, e);
  if (e.type && type_kind(e.type) == TY_ARRAY)
    last_expr_value = expr_rvalue(p, e);
  last_was_expr = true;
}
