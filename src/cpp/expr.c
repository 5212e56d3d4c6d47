/* #if / #elif constant expressions, evaluated in intmax_t / uintmax_t
   with C's usual arithmetic conversions, as GCC's cpp does.

   Grammar (C17 6.10.1, 6.6), by precedence climbing:
     expr    := cond (',' cond)*
     cond    := binary ('?' expr ':' cond)?
     binary  := unary (binop unary)*
     unary   := ('+' | '-' | '~' | '!') unary | primary
     primary := number | char-constant | identifier | defined-expr
              | has-expr | '(' expr ')'
   Operands that are not evaluated (after 0 &&, 1 ||, the untaken arm of
   ?:) report no division by zero or overflow.  */
#include "cpp_internal.h"

#include <string.h>

enum { MAX_NESTING = 256 };

typedef struct PPValue {
  uintmax_t v;
  bool uns;
} PPValue;

typedef struct Eval {
  Cpp *cpp;
  Token tok;     /* current token */
  SrcLoc loc;    /* of the directive */
  const char *dir;
  int skip;      /* > 0 inside an operand that is not evaluated */
  int depth;
  bool failed;
  /* `!defined X` detection for the include-guard optimisation */
  int ntokens;
  bool leading_not;
  Ident *defined_id;
} Eval;

static void next(Eval *e) {
  cpp_get_token(e->cpp, &e->tok);
  e->ntokens++;
}

static bool is_op(const Eval *e, Punct p) {
  return e->tok.kind == TK_PUNCT && e->tok.punct == p;
}

static void fail(Eval *e, SrcLoc loc, const char *fmt, const char *arg) {
  if (!e->failed)
    diag_error(loc, fmt, arg);
  e->failed = true;
}

static const char *tok_str(Eval *e, const Token *t) {
  return arena_strndup(&e->cpp->arena, t->text, t->len);
}

static PPValue sval(intmax_t v) { return (PPValue){(uintmax_t)v, false}; }

static bool is_negative(PPValue a) { return !a.uns && (intmax_t)a.v < 0; }

/* --- Constants --- */

static int digit_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  c = (char)(c | 0x20);
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return 99;
}

/* Integer suffix: u, l, ul, lu, ll, ull, llu in any case (LL not lL).  */
static bool valid_int_suffix(const char *s, size_t n, bool *uns) {
  *uns = false;
  size_t i = 0;
  if (i < n && (s[i] == 'u' || s[i] == 'U')) {
    *uns = true;
    i++;
  }
  if (i < n && (s[i] == 'l' || s[i] == 'L')) {
    if (i + 1 < n && s[i + 1] == s[i])
      i++;
    i++;
  }
  if (i < n && !*uns && (s[i] == 'u' || s[i] == 'U')) {
    *uns = true;
    i++;
  }
  return i == n;
}

static PPValue parse_number(Eval *e, const Token *t) {
  const char *s = t->text;
  size_t n = t->len, i = 0;
  int base = 10;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  } else if (n >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    i = 2;
  } else if (s[0] == '0') {
    base = 8;
  }
  for (size_t k = 0; k < n; k++) {
    char c = (char)(s[k] | 0x20);
    if (s[k] == '.' || (base != 16 && c == 'e' && k > 0 && base != 2) ||
        (base == 16 && c == 'p')) {
      fail(e, t->loc, "floating constant in preprocessor expression", NULL);
      return sval(0);
    }
  }
  uintmax_t v = 0;
  bool overflow = false;
  size_t start = i;
  for (; i < n; i++) {
    if (s[i] == '\'' && i > start)
      continue; /* a digit separator (the lexer took it only in C23) */
    int d = digit_value(s[i]);
    if (d >= base) {
      if (base == 8 && d < 10) {
        char bad[2] = {s[i], 0};
        fail(e, t->loc, "invalid digit \"%s\" in octal constant", bad);
        return sval(0);
      }
      break;
    }
    if (v > (UINTMAX_MAX - (uintmax_t)d) / (uintmax_t)base)
      overflow = true;
    v = v * (uintmax_t)base + (uintmax_t)d;
  }
  bool uns;
  if ((i == start && base != 8) ||
      !valid_int_suffix(s + i, n - i, &uns)) {
    fail(e, t->loc, "invalid suffix \"%s\" on integer constant",
         arena_strndup(&e->cpp->arena, s + i, n - i));
    return sval(0);
  }
  if (overflow)
    diag_warning(t->loc, W_NONE, "integer constant is too large for its type");
  if (!uns && v > (uintmax_t)INTMAX_MAX) {
    if (base == 10 && !overflow)
      diag_warning(t->loc, W_NONE,
                   "integer constant is so large that it is unsigned");
    uns = true;
  }
  return (PPValue){v, uns};
}

/* Decodes one UTF-8 sequence at *p (< end); returns the code point.  */
static uint32_t utf8_decode(const char **p, const char *end) {
  const unsigned char *s = (const unsigned char *)*p;
  uint32_t c = s[0];
  int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
  if (extra && s + extra < (const unsigned char *)end + 1) {
    c &= 0x3f >> extra;
    for (int k = 1; k <= extra; k++)
      c = (c << 6) | (s[k] & 0x3f);
  } else {
    extra = 0;
  }
  *p += 1 + extra;
  return c;
}

/* One (possibly escaped) character of a character constant.  */
static uint32_t char_unit(const char **pp, const char *end, bool wide) {
  const char *p = *pp;
  if (*p != '\\') {
    if (wide) {
      uint32_t c = utf8_decode(&p, end);
      *pp = p;
      return c;
    }
    *pp = p + 1;
    return (unsigned char)*p;
  }
  p++;
  char c = p < end ? *p++ : 0;
  uint32_t v = 0;
  switch (c) {
  case 'n': v = '\n'; break;
  case 't': v = '\t'; break;
  case 'r': v = '\r'; break;
  case 'a': v = 7; break;
  case 'b': v = 8; break;
  case 'f': v = 12; break;
  case 'v': v = 11; break;
  case 'e':
  case 'E': v = 27; break;
  case 'x':
    while (p < end && digit_value(*p) < 16)
      v = v * 16 + (uint32_t)digit_value(*p++);
    break;
  case 'u':
  case 'U':
    for (int k = c == 'u' ? 4 : 8; k > 0 && p < end && digit_value(*p) < 16;
         k--)
      v = v * 16 + (uint32_t)digit_value(*p++);
    break;
  default:
    if (c >= '0' && c <= '7') {
      v = (uint32_t)(c - '0');
      for (int k = 0; k < 2 && p < end && *p >= '0' && *p <= '7'; k++)
        v = v * 8 + (uint32_t)(*p++ - '0');
    } else {
      v = (unsigned char)c;
    }
  }
  *pp = p;
  return v;
}

static PPValue parse_char(Eval *e, const Token *t) {
  const char *s = t->text, *end = s + t->len - 1;
  int width = 8; /* bits of one character */
  bool uns = false, wide = false, is_signed_char = true;
  if (s[0] == 'L') {
    width = 32, wide = true;
    s++;
  } else if (s[0] == 'u' && s[1] == '8') {
    uns = true, is_signed_char = false;
    s += 2;
  } else if (s[0] == 'u') {
    width = 16, wide = true, uns = true;
    s++;
  } else if (s[0] == 'U') {
    width = 32, wide = true, uns = true;
    s++;
  }
  s++; /* the quote */
  uint32_t mask = width == 32 ? 0xffffffffu : (1u << width) - 1;
  uintmax_t v = 0;
  int count = 0;
  while (s < end) {
    uint32_t c = char_unit(&s, end, wide) & mask;
    v = wide ? c : ((v << 8) | c) & 0xffffffffu;
    count++;
  }
  if (count == 0) {
    fail(e, t->loc, "empty character constant", NULL);
    return sval(0);
  }
  if (count > 1 && !e->skip) {
    if (wide || count > 4)
      diag_warning(t->loc, W_NONE, "character constant too long for its type");
    else
      diag_warning(t->loc, W_NONE, "multi-character character constant");
  }
  if (uns)
    return (PPValue){v, true};
  /* plain char is signed on our targets; L'' is a signed 32-bit int */
  int bits = wide ? 32 : count == 1 && is_signed_char ? 8 : 32;
  uintmax_t sign = (uintmax_t)1 << (bits - 1);
  v &= (sign << 1) - 1;
  return sval((intmax_t)((v ^ sign) - sign));
}

/* --- defined and __has_* --- */

static PPValue parse_defined(Eval *e) {
  Cpp *cpp = e->cpp;
  SrcLoc loc = e->tok.loc;
  bool first_operand = e->leading_not && e->ntokens == 2;
  cpp->prevent_expansion++;
  next(e);
  bool paren = is_op(e, P_LPAREN);
  if (paren)
    next(e);
  if (e->tok.kind != TK_IDENT) {
    cpp->prevent_expansion--;
    fail(e, loc, "operator \"defined\" requires an identifier", NULL);
    return sval(0);
  }
  Ident *id = e->tok.ident;
  if (paren) {
    next(e);
    if (!is_op(e, P_RPAREN)) {
      cpp->prevent_expansion--;
      fail(e, e->tok.loc, "missing ')' after \"defined\"", NULL);
      return sval(0);
    }
  }
  cpp->prevent_expansion--;
  if (first_operand)
    e->defined_id = id;
  next(e);
  return sval(id->macro != NULL);
}

/* --- Operators --- */

static int binary_precedence(const Token *t) {
  if (t->kind != TK_PUNCT)
    return -1;
  switch (t->punct) {
  case P_STAR:
  case P_SLASH:
  case P_PERCENT: return 10;
  case P_PLUS:
  case P_MINUS: return 9;
  case P_SHL:
  case P_SHR: return 8;
  case P_LT:
  case P_GT:
  case P_LE:
  case P_GE: return 7;
  case P_EQ:
  case P_NE: return 6;
  case P_AMP: return 5;
  case P_CARET: return 4;
  case P_PIPE: return 3;
  case P_ANDAND: return 2;
  case P_OROR: return 1;
  default: return -1;
  }
}

static void overflow_warning(Eval *e, SrcLoc loc) {
  if (!e->skip)
    diag_warning(loc, W_NONE, "integer overflow in preprocessor expression");
}

static PPValue shift(PPValue a, PPValue b, bool left) {
  uintmax_t n = b.v;
  if (is_negative(b)) {
    left = !left;
    n = -b.v;
  }
  if (left)
    return (PPValue){n >= 64 ? 0 : a.v << n, a.uns};
  if (a.uns || !is_negative(a))
    return (PPValue){n >= 64 ? 0 : a.v >> n, a.uns};
  /* arithmetic shift of a negative value */
  return (PPValue){n >= 64 ? UINTMAX_MAX : ~(~a.v >> n), false};
}

static PPValue apply_binary(Eval *e, Punct op, PPValue a, PPValue b,
                            SrcLoc loc) {
  if (op == P_SHL || op == P_SHR)
    return shift(a, b, op == P_SHL);
  bool uns = a.uns || b.uns;
  intmax_t sa = (intmax_t)a.v, sb = (intmax_t)b.v;
  switch (op) {
  case P_STAR: {
    uintmax_t r = a.v * b.v;
    if (!uns && sa != 0 &&
        (sa == -1 ? sb == INTMAX_MIN : (intmax_t)r / sa != sb))
      overflow_warning(e, loc);
    return (PPValue){r, uns};
  }
  case P_SLASH:
  case P_PERCENT:
    if (b.v == 0) {
      if (!e->skip)
        fail(e, loc, "division by zero in #if", NULL);
      return (PPValue){0, uns};
    }
    if (uns)
      return (PPValue){op == P_SLASH ? a.v / b.v : a.v % b.v, true};
    if (sa == INTMAX_MIN && sb == -1) {
      if (op == P_SLASH)
        overflow_warning(e, loc);
      return (PPValue){op == P_SLASH ? a.v : 0, false};
    }
    return sval(op == P_SLASH ? sa / sb : sa % sb);
  case P_PLUS: {
    uintmax_t r = a.v + b.v;
    if (!uns && ((sa < 0) == (sb < 0)) && ((intmax_t)r < 0) != (sa < 0))
      overflow_warning(e, loc);
    return (PPValue){r, uns};
  }
  case P_MINUS: {
    uintmax_t r = a.v - b.v;
    if (!uns && ((sa < 0) != (sb < 0)) && ((intmax_t)r < 0) != (sa < 0))
      overflow_warning(e, loc);
    return (PPValue){r, uns};
  }
  case P_LT: return sval(uns ? a.v < b.v : sa < sb);
  case P_GT: return sval(uns ? a.v > b.v : sa > sb);
  case P_LE: return sval(uns ? a.v <= b.v : sa <= sb);
  case P_GE: return sval(uns ? a.v >= b.v : sa >= sb);
  case P_EQ: return sval(a.v == b.v);
  case P_NE: return sval(a.v != b.v);
  case P_AMP: return (PPValue){a.v & b.v, uns};
  case P_CARET: return (PPValue){a.v ^ b.v, uns};
  case P_PIPE: return (PPValue){a.v | b.v, uns};
  default: return sval(0);
  }
}

static PPValue parse_expr(Eval *e);
static PPValue parse_unary(Eval *e);

static bool starts_operand(const Token *t) {
  if (t->kind == TK_IDENT || t->kind == TK_NUMBER || t->kind == TK_CHAR)
    return true;
  return t->kind == TK_PUNCT &&
         (t->punct == P_LPAREN || t->punct == P_PLUS || t->punct == P_MINUS ||
          t->punct == P_TILDE || t->punct == P_NOT);
}

static void bad_token(Eval *e) {
  const Token *t = &e->tok;
  if (t->kind == TK_EOD)
    fail(e, e->loc, "#%s with no expression", e->dir);
  else if (t->kind == TK_PUNCT && t->punct == P_RPAREN)
    fail(e, t->loc, "missing expression between '(' and ')'", NULL);
  else
    fail(e, t->loc, "token \"%s\" is not valid in preprocessor expressions",
         tok_str(e, t));
}

static PPValue parse_primary(Eval *e) {
  Token t = e->tok;
  switch (t.kind) {
  case TK_NUMBER:
    next(e);
    return parse_number(e, &t);
  case TK_CHAR:
    next(e);
    return parse_char(e, &t);
  case TK_IDENT: {
    if (strcmp(t.ident->name, "defined") == 0)
      return parse_defined(e);
    Macro *m = t.ident->macro;
    if (m && m->kind == MK_BUILTIN && !(t.flags & TF_NOEXPAND) &&
        e->cpp->builtin_depth < 32) {
      if (m->builtin >= BI_HAS_ATTRIBUTE) {
        bool ok;
        e->cpp->builtin_depth++;
        long v = m->builtin == BI_HAS_EMBED ? eval_has_embed(e->cpp, m, &t, &ok)
                 : m->builtin == BI_HAS_INCLUDE || m->builtin == BI_HAS_INCLUDE_NEXT
                     ? eval_has_include(e->cpp, m, &t, &ok)
                     : eval_has_operator(e->cpp, m, &t, &ok);
        e->cpp->builtin_depth--;
        if (!ok)
          e->failed = true;
        next(e);
        return sval(v);
      }
    }
    next(e);
    return sval(0); /* any other identifier */
  }
  case TK_PUNCT:
    if (t.punct == P_LPAREN) {
      next(e);
      PPValue v = parse_expr(e);
      if (e->failed)
        return v;
      if (!is_op(e, P_RPAREN)) {
        fail(e, e->tok.loc, "missing ')' in expression", NULL);
        return v;
      }
      next(e);
      return v;
    }
    break;
  default:
    break;
  }
  bad_token(e);
  return sval(0);
}

static PPValue parse_unary(Eval *e) {
  if (e->failed)
    return sval(0);
  if (e->tok.kind != TK_PUNCT)
    return parse_primary(e);
  Punct op = (Punct)e->tok.punct;
  if (op != P_PLUS && op != P_MINUS && op != P_TILDE && op != P_NOT)
    return parse_primary(e);
  if (++e->depth > MAX_NESTING) {
    fail(e, e->tok.loc, "#%s expression nested too deeply", e->dir);
    return sval(0);
  }
  SrcLoc loc = e->tok.loc;
  if (op == P_NOT && e->ntokens == 1)
    e->leading_not = true;
  next(e);
  PPValue v = parse_unary(e);
  e->depth--;
  switch (op) {
  case P_MINUS:
    if (!v.uns && v.v == (uintmax_t)INTMAX_MIN)
      overflow_warning(e, loc);
    return (PPValue){-v.v, v.uns};
  case P_TILDE: return (PPValue){~v.v, v.uns};
  case P_NOT: return sval(v.v == 0);
  default: return v;
  }
}

static PPValue parse_binary(Eval *e, int min_prec) {
  PPValue lhs = parse_unary(e);
  for (;;) {
    int prec = binary_precedence(&e->tok);
    if (e->failed || prec < min_prec)
      return lhs;
    Punct op = (Punct)e->tok.punct;
    SrcLoc loc = e->tok.loc;
    next(e);
    if (e->tok.kind == TK_EOD) {
      fail(e, loc, "operator '%s' has no right operand", punct_spelling(op));
      return lhs;
    }
    bool skip_rhs = (op == P_ANDAND && lhs.v == 0) ||
                    (op == P_OROR && lhs.v != 0);
    e->skip += skip_rhs;
    PPValue rhs = parse_binary(e, prec + 1);
    e->skip -= skip_rhs;
    if (op == P_ANDAND)
      lhs = sval(lhs.v && rhs.v);
    else if (op == P_OROR)
      lhs = sval(lhs.v || rhs.v);
    else
      lhs = apply_binary(e, op, lhs, rhs, loc);
  }
}

static PPValue parse_cond(Eval *e) {
  PPValue c = parse_binary(e, 1);
  if (e->failed || !is_op(e, P_QUESTION))
    return c;
  if (++e->depth > MAX_NESTING) {
    fail(e, e->tok.loc, "#%s expression nested too deeply", e->dir);
    return sval(0);
  }
  next(e);
  e->skip += c.v == 0;
  PPValue a = parse_expr(e);
  e->skip -= c.v == 0;
  if (e->failed)
    return a;
  if (!is_op(e, P_COLON)) {
    fail(e, e->tok.loc, "'?' without following ':'", NULL);
    return a;
  }
  next(e);
  e->skip += c.v != 0;
  PPValue b = parse_cond(e);
  e->skip -= c.v != 0;
  e->depth--;
  PPValue r = c.v ? a : b;
  r.uns = a.uns || b.uns;
  return r;
}

static PPValue parse_expr(Eval *e) {
  if (++e->depth > MAX_NESTING) {
    fail(e, e->tok.loc, "#%s expression nested too deeply", e->dir);
    return sval(0);
  }
  PPValue v = parse_cond(e);
  while (!e->failed && is_op(e, P_COMMA)) {
    next(e);
    v = parse_cond(e);
  }
  e->depth--;
  return v;
}

bool eval_if_expression(Cpp *cpp, SrcLoc loc, const char *dir,
                        Ident **guard) {
  Eval e = {.cpp = cpp, .loc = loc, .dir = dir};
  *guard = NULL;
  cpp->expanded_in_directive = false;
  next(&e);
  if (e.tok.kind == TK_EOD) {
    diag_error(loc, "#%s with no expression", dir);
    return false;
  }
  PPValue v = parse_expr(&e);
  if (!e.failed && e.tok.kind != TK_EOD) {
    if (is_op(&e, P_COLON))
      fail(&e, e.tok.loc, "':' without preceding '?'", NULL);
    else if (is_op(&e, P_RPAREN))
      fail(&e, e.tok.loc, "missing '(' in expression", NULL);
    else if (starts_operand(&e.tok))
      fail(&e, e.tok.loc, "missing binary operator before token \"%s\"",
           tok_str(&e, &e.tok));
    else
      fail(&e, e.tok.loc,
           "token \"%s\" is not valid in preprocessor expressions",
           tok_str(&e, &e.tok));
  }
  cpp_pop_all_contexts(cpp);
  if (e.failed)
    return false;
  if (e.leading_not && e.defined_id && !cpp->expanded_in_directive &&
      (e.ntokens == 4 || e.ntokens == 6))
    *guard = e.defined_id;
  return v.v != 0;
}

bool eval_embed_operand(Cpp *cpp, SrcLoc loc, const char *dir, intmax_t *value) {
  Eval e = {.cpp = cpp, .loc = loc, .dir = dir};
  next(&e);
  if (is_op(&e, P_RPAREN)) {
    diag_error(e.tok.loc, "missing expression between '(' and ')'");
    return false;
  }
  SrcLoc at = e.tok.loc;
  PPValue v = parse_expr(&e);
  if (e.failed)
    return false;
  if (!is_op(&e, P_RPAREN)) {
    diag_error(at, "unbalanced '('");
    return false;
  }
  if (is_negative(v)) {
    diag_error(at, "negative embed parameter operand");
    return false;
  }
  *value = (intmax_t)v.v;
  return true;
}
