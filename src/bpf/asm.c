/* The BPF assembler (see asm.h for the dialects it reads).

   Text is read one statement at a time: the lexer cuts the statement
   into tokens (registers, numbers, names, operators, with GNU as's and
   LLVM's comments and separators), then the statement's first tokens
   decide its form:

     NAME ':'                      a label, then the rest of the statement
     '.'NAME ...                   a directive
     a mnemonic of GCC's normal    normal syntax (mov, ldxw, jeq, ...)
       syntax, not followed by '='
     anything else                 pseudo-C, by its leading keyword (if,
                                   goto, call, lock, exit, ...) or the
                                   assignment's left side

   Each form checks what the kernel's instruction set requires of it
   (register widths, ranges) and appends the instruction, or a reference
   for the code buffer to settle.  An error ends the statement's parse at
   once (longjmp back to bpf_asm), with the offending token's position.  */
#include "asm.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Tokens --- */

typedef enum {
  TOK_END,   /* end of the statement */
  TOK_NAME,  /* identifier: symbol, label, keyword, mnemonic */
  TOK_REG,   /* r0..r10, w0..w10, %r0.., %fp */
  TOK_NUM,   /* integer */
  TOK_LOCAL, /* numeric local label reference: 1b, 1f */
  TOK_OP,    /* punctuation and operators */
  TOK_STR,   /* "a string", quotes included (the operands of .ifc) */
} TokKind;

typedef struct Tok {
  uint8_t kind;
  uint8_t reg;   /* TOK_REG: number */
  bool w;        /* TOK_REG: a 32-bit w register */
  bool forward;  /* TOK_LOCAL: 1f */
  uint32_t at;   /* byte offset in the text */
  uint32_t len;
  uint64_t num;  /* TOK_NUM value, TOK_LOCAL label number */
  char op[5];    /* TOK_OP spelling: "+=", "s>>=", "(" ... */
} Tok;

/* Numeric local labels (`1:`): how many times each has been defined.  */
typedef struct LocalLabel {
  uint64_t number;
  uint32_t defined;
} LocalLabel;

/* A `1f` reference waiting for its definition.  */
typedef struct LocalForward {
  uint64_t number;
  uint32_t instance;
  uint32_t at;
} LocalForward;

/* An open conditional block (.if ... .else ... .endif, as GNU as has
   them): whether its statements are assembled now, whether its condition
   held, whether the block around it is assembled, and whether .else came.  */
typedef struct {
  bool taking, held, outer, had_else;
  uint32_t at; /* the .if, for an error when its .endif is missing */
} Cond;
#define MAX_CONDS 32

typedef struct Asm {
  BpfCode *code;
  const char *text;
  size_t len;
  size_t cur; /* lexer position */
  const BpfAsmOptions *opts;
  VEC(Tok) toks; /* the current statement */
  size_t ti;     /* next token */
  VEC(LocalLabel) locals;
  VEC(LocalForward) forwards;
  uint32_t unit; /* distinguishes this call's local labels in the buffer */
  bool in_data;   /* in a data directive's value: labels allowed */
  bool saw_label; /* ... and it named one */
  const BpfCode *placed; /* evaluating a deferred value: labels placed */
  uint8_t raw[8]; /* bytes of data directives not yet a whole instruction */
  unsigned nraw;
  uint32_t raw_at; /* where the first of them was written */
  Cond conds[MAX_CONDS]; /* the open .if blocks, innermost last */
  unsigned nconds;
  unsigned nrepts;       /* .rept blocks being repeated, nested */
  uint64_t repeated;     /* statements assembled by .rept so far */
  uint64_t max_repeated; /* ... and how many it may assemble */
  bool normal;   /* in a statement of the normal syntax: `fp` is r10 */
  unsigned depth; /* of the expression being parsed */
  BpfAsmError *err;
  jmp_buf fail;
} Asm;

void bpf_asm_position(const char *text, size_t len, size_t pos,
                      uint32_t *line, uint32_t *col) {
  uint32_t l = 1;
  size_t start = 0;
  if (pos > len)
    pos = len;
  for (size_t i = 0; i < pos; i++)
    if (text[i] == '\n') {
      l++;
      start = i + 1;
    }
  *line = l;
  *col = (uint32_t)(pos - start) + 1;
}

static _Noreturn void error_at(Asm *a, size_t at, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static _Noreturn void error_at(Asm *a, size_t at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(a->err->message, sizeof a->err->message, fmt, ap);
  va_end(ap);
  bpf_asm_position(a->text, a->len, at, &a->err->line, &a->err->col);
  longjmp(a->fail, 1);
}

/* How a token reads in a message: its text, shortened.  */
static const char *tok_text(const Asm *a, const Tok *t, char *buf,
                            size_t size) {
  if (t->kind == TOK_END)
    return "end of statement";
  snprintf(buf, size, "'%.*s'", (int)(t->len > 40 ? 40 : t->len),
           a->text + t->at);
  return buf;
}

static bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c == '.' || c == '$';
}
static bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9');
}
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Skip blanks and comments inside a statement; false at its end (a
   newline, ';' or the end of the text), which is left unread.  */
static bool skip_space(Asm *a) {
  while (a->cur < a->len) {
    char c = a->text[a->cur];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      a->cur++;
    } else if (c == '#' ||
               (c == '/' && a->cur + 1 < a->len && a->text[a->cur + 1] == '/')) {
      while (a->cur < a->len && a->text[a->cur] != '\n')
        a->cur++;
    } else if (c == '/' && a->cur + 1 < a->len && a->text[a->cur + 1] == '*') {
      size_t start = a->cur;
      a->cur += 2;
      while (a->cur + 1 < a->len &&
             !(a->text[a->cur] == '*' && a->text[a->cur + 1] == '/'))
        a->cur++;
      if (a->cur + 1 >= a->len)
        error_at(a, start, "unterminated comment");
      a->cur += 2;
    } else {
      return c != '\n' && c != ';';
    }
  }
  return false;
}

/* A register name: r0..r10 or w0..w10 (with '%' in normal syntax), %fp.  */
static bool read_register(const char *s, size_t n, Tok *t) {
  if (n && s[0] == '%') {
    s++, n--;
    if (n == 2 && s[0] == 'f' && s[1] == 'p') {
      t->reg = BPF_REG_FP, t->w = false;
      return true;
    }
  }
  if (n < 2 || n > 3 || (s[0] != 'r' && s[0] != 'w'))
    return false;
  unsigned v = 0;
  for (size_t i = 1; i < n; i++) {
    if (!is_digit(s[i]))
      return false;
    v = v * 10 + (unsigned)(s[i] - '0');
  }
  if (n == 3 && s[1] == '0')
    return false; /* r01 is a name */
  t->reg = (uint8_t)(v > 15 ? 15 : v);
  t->w = s[0] == 'w';
  return v < 16;
}

/* The length of C's integer suffix (U, L, UL, LL, ULL in any case and
   order, as macros like LLONG_MIN leave in inline asm) ending a number
   at S, or 0.  */
static size_t integer_suffix(const char *s, size_t n) {
  size_t k = 0, u = 0, l = 0;
  for (; k < n && is_name_char(s[k]); k++) {
    if (s[k] == 'u' || s[k] == 'U')
      u++;
    else if (s[k] == 'l' || s[k] == 'L')
      l++;
    else
      return 0;
  }
  return u <= 1 && l <= 2 ? k : 0;
}

static void lex_number(Asm *a, Tok *t) {
  const char *s = a->text;
  size_t i = a->cur, start = i;
  unsigned base = 10;
  /* A numeric local label reference: digits then 'b' or 'f' alone.  */
  size_t j = i;
  while (j < a->len && is_digit(s[j]))
    j++;
  if (j < a->len && (s[j] == 'b' || s[j] == 'f') &&
      !(j + 1 < a->len && is_name_char(s[j + 1])) &&
      !(s[j] == 'b' && j == i + 1 && s[i] == '0' && j + 1 < a->len &&
        is_digit(s[j + 1]))) {
    uint64_t v = 0;
    for (size_t k = i; k < j; k++) {
      if (v > (UINT64_MAX - 9) / 10)
        error_at(a, start, "label number too large");
      v = v * 10 + (uint64_t)(s[k] - '0');
    }
    t->kind = TOK_LOCAL;
    t->num = v;
    t->forward = s[j] == 'f';
    a->cur = j + 1;
    return;
  }
  if (s[i] == '0' && i + 1 < a->len && (s[i + 1] == 'x' || s[i + 1] == 'X'))
    base = 16, i += 2;
  else if (s[i] == '0' && i + 1 < a->len && (s[i + 1] == 'b' || s[i + 1] == 'B'))
    base = 2, i += 2;
  else if (s[i] == '0')
    base = 8;
  uint64_t v = 0;
  size_t digits = 0;
  for (; i < a->len && is_name_char(s[i]); i++) {
    char c = s[i];
    unsigned d = is_digit(c)               ? (unsigned)(c - '0')
                 : (c >= 'a' && c <= 'f') ? (unsigned)(c - 'a' + 10)
                 : (c >= 'A' && c <= 'F') ? (unsigned)(c - 'A' + 10)
                                          : 99;
    if (d >= base && digits && integer_suffix(s + i, a->len - i)) {
      i += integer_suffix(s + i, a->len - i);
      break;
    }
    if (d >= base)
      error_at(a, start, "invalid number '%.*s'",
               (int)(i + 1 - start > 40 ? 40 : i + 1 - start), s + start);
    if (v > (UINT64_MAX - d) / base)
      error_at(a, start, "number too large for 64 bits");
    v = v * base + d;
    digits++;
  }
  if (base != 8 && base != 10 && digits == 0)
    error_at(a, start, "invalid number");
  t->kind = TOK_NUM;
  t->num = v;
  a->cur = i;
}

/* Operators, longest first.  s>>=, s/=, s%=, s<, s<=, s>, s>= are one
   token each (the 's' is part of the operator).  */
static const char *const operators[] = {
    "s>>=", "<<=", ">>=", "s/=", "s%=", "s<=", "s>=", "+=", "-=", "*=",
    "/=",   "%=",  "|=",  "&=",  "^=",  "==",  "!=",  "<=", ">=", "<<",
    ">>",   "s<",  "s>",  "+",   "-",   "*",   "/",   "%",  "|",  "&",
    "^",    "~",   "<",   ">",   "=",   "(",   ")",   "[",  "]",  ",",
    ":",    "!",
};

static void lex_token(Asm *a, Tok *t) {
  const char *s = a->text;
  size_t i = a->cur;
  memset(t, 0, sizeof *t);
  t->at = (uint32_t)i;
  char c = s[i];
  if (is_digit(c)) {
    lex_number(a, t);
  } else if (c == '"') {
    size_t j = i + 1;
    while (j < a->len && s[j] != '"' && s[j] != '\n')
      j++;
    if (j >= a->len || s[j] != '"')
      error_at(a, i, "missing closing '\"'");
    t->kind = TOK_STR;
    a->cur = j + 1;
  } else if (c == 's' && i + 1 < a->len &&
             (s[i + 1] == '<' || s[i + 1] == '>' || s[i + 1] == '/' ||
              s[i + 1] == '%')) {
    goto op; /* s>= etc.; a name 's' never precedes these */
  } else if (is_name_start(c) || c == '%') {
    size_t j = i + 1;
    while (j < a->len && is_name_char(s[j]))
      j++;
    if (c == '%' && j == i + 1)
      goto op;
    if (read_register(s + i, j - i, t))
      t->kind = TOK_REG;
    else if (c == '%')
      error_at(a, i, "unknown register '%.*s'",
               (int)(j - i > 40 ? 40 : j - i), s + i);
    else
      t->kind = TOK_NAME;
    a->cur = j;
  } else {
  op:
    for (size_t k = 0; k < ARRAY_LEN(operators); k++) {
      size_t n = strlen(operators[k]);
      if (i + n <= a->len && memcmp(s + i, operators[k], n) == 0) {
        t->kind = TOK_OP;
        memcpy(t->op, operators[k], n + 1);
        a->cur = i + n;
        t->len = (uint32_t)n;
        return;
      }
    }
    if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
      error_at(a, i, "unexpected character '%c'", c);
    error_at(a, i, "unexpected byte 0x%02x", (unsigned char)c);
  }
  t->len = (uint32_t)(a->cur - t->at);
}

/* Cut the next statement into tokens; false at the end of the text.  */
static bool lex_statement(Asm *a) {
  a->toks.len = 0;
  a->ti = 0;
  /* Skip empty statements.  */
  for (;;) {
    if (skip_space(a))
      break;
    if (a->cur >= a->len)
      return false;
    a->cur++; /* newline or ';' */
  }
  while (skip_space(a)) {
    Tok t;
    lex_token(a, &t);
    vec_push(&a->toks, t);
  }
  Tok end = {.kind = TOK_END, .at = (uint32_t)a->cur};
  vec_push(&a->toks, end);
  return true;
}

/* --- Token matching --- */

static Tok *peek(Asm *a) { return &a->toks.data[a->ti]; }
static Tok *peek2(Asm *a) {
  return &a->toks.data[a->ti + 1 < a->toks.len ? a->ti + 1 : a->ti];
}
static Tok *next(Asm *a) {
  Tok *t = &a->toks.data[a->ti];
  if (t->kind != TOK_END)
    a->ti++;
  return t;
}

static bool is_op(const Tok *t, const char *op) {
  return t->kind == TOK_OP && strcmp(t->op, op) == 0;
}
static bool is_name(const Asm *a, const Tok *t, const char *name) {
  size_t n = strlen(name);
  return t->kind == TOK_NAME && t->len == n &&
         memcmp(a->text + t->at, name, n) == 0;
}
static bool accept_op(Asm *a, const char *op) {
  if (!is_op(peek(a), op))
    return false;
  next(a);
  return true;
}

static _Noreturn void expected(Asm *a, const char *what) {
  char buf[64];
  Tok *t = peek(a);
  error_at(a, t->at, "expected %s, found %s", what,
           tok_text(a, t, buf, sizeof buf));
}

static void expect_op(Asm *a, const char *op) {
  if (!accept_op(a, op)) {
    char what[16];
    snprintf(what, sizeof what, "'%s'", op);
    expected(a, what);
  }
}
static void expect_name(Asm *a, const char *name) {
  if (!is_name(a, peek(a), name)) {
    char what[32];
    snprintf(what, sizeof what, "'%s'", name);
    expected(a, what);
  }
  next(a);
}
static void expect_end(Asm *a) {
  if (peek(a)->kind != TOK_END)
    expected(a, "end of statement");
}

/* A register; WIDTH 'r' or 'w' demands that kind, 0 takes either.  */
static Tok *expect_reg(Asm *a, char width) {
  Tok *t = peek(a);
  if (a->normal && is_name(a, t, "fp")) {
    t->kind = TOK_REG;
    t->reg = BPF_REG_FP;
    t->w = false;
  }
  if (t->kind != TOK_REG)
    expected(a, width == 'w' ? "a w register" : "a register");
  if (t->reg > BPF_REG_FP)
    error_at(a, t->at, "no register %c%u in BPF (r0-r10)", t->w ? 'w' : 'r',
             t->reg);
  if ((width == 'r' && t->w) || (width == 'w' && !t->w))
    error_at(a, t->at, "expected a %s register here, found %c%u",
             width == 'w' ? "32-bit (w)" : "64-bit (r)", t->w ? 'w' : 'r',
             t->reg);
  return next(a);
}

/* --- Constant expressions (GNU as's operators and precedence) ---

   expr := or;  or := xor ('|' xor)*;  xor := and ('^' and)*;
   and := shift ('&' shift)*;  shift := add (('<<'|'>>') add)*;
   add := mul (('+'|'-') mul)*;  mul := unary (('*'|'/'|'%') unary)*;
   unary := ('-'|'+'|'~'|'!') unary | NUMBER | '(' expr ')'
   Arithmetic wraps at 64 bits.  */

static uint64_t parse_expr(Asm *a);
static uint64_t parse_unary(Asm *a);
static uint64_t label_value(Asm *a, const Tok *t);

static uint64_t parse_unary_operand(Asm *a) {
  Tok *t = peek(a);
  if (accept_op(a, "-"))
    return -parse_unary(a);
  if (accept_op(a, "+"))
    return parse_unary(a);
  if (accept_op(a, "~"))
    return ~parse_unary(a);
  if (accept_op(a, "!"))
    return !parse_unary(a);
  if (t->kind == TOK_NUM)
    return next(a)->num;
  if (accept_op(a, "(")) {
    uint64_t v = parse_expr(a);
    expect_op(a, ")");
    return v;
  }
  if (a->in_data && (t->kind == TOK_NAME || t->kind == TOK_LOCAL))
    return label_value(a, next(a));
  if (t->kind == TOK_NAME)
    error_at(a, t->at, "symbol '%.*s' not allowed here (a number is needed)",
             (int)(t->len > 40 ? 40 : t->len), a->text + t->at);
  expected(a, "a number");
}

/* unary, with a bound on nesting (the input is the user's).  */
static uint64_t parse_unary(Asm *a) {
  Tok *t = peek(a);
  if (++a->depth > 100)
    error_at(a, t->at, "expression nested too deeply");
  uint64_t v = parse_unary_operand(a);
  a->depth--;
  return v;
}

static uint64_t parse_binary(Asm *a, int level) {
  static const char *const ops[][3] = {
      {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
  if (level == (int)ARRAY_LEN(ops))
    return parse_unary(a);
  uint64_t v = parse_binary(a, level + 1);
  for (;;) {
    Tok *t = peek(a);
    const char *op = NULL;
    for (int k = 0; k < 3 && ops[level][k]; k++)
      if (is_op(t, ops[level][k]))
        op = ops[level][k];
    if (!op)
      return v;
    next(a);
    uint64_t r = parse_binary(a, level + 1);
    switch (op[0]) {
    case '|': v |= r; break;
    case '^': v ^= r; break;
    case '&': v &= r; break;
    case '+': v += r; break;
    case '-': v -= r; break;
    case '*': v *= r; break;
    case '<':
    case '>':
      if (r >= 64)
        error_at(a, t->at, "shift by %llu", (unsigned long long)r);
      v = op[0] == '<' ? v << r : (uint64_t)((int64_t)v >> r);
      break;
    default: /* '/' and '%': signed, as GNU as */
      if (r == 0)
        error_at(a, t->at, "division by zero");
      if ((int64_t)r == -1)
        v = op[0] == '/' ? -v : 0;
      else
        v = op[0] == '/' ? (uint64_t)((int64_t)v / (int64_t)r)
                         : (uint64_t)((int64_t)v % (int64_t)r);
    }
  }
}

static uint64_t parse_expr(Asm *a) { return parse_binary(a, 0); }

/* An expression that must fit in 32 bits, signed or unsigned.  */
static int32_t parse_imm32(Asm *a) {
  uint32_t at = peek(a)->at;
  int64_t v = (int64_t)parse_expr(a);
  if (v < INT32_MIN || v > (int64_t)UINT32_MAX)
    error_at(a, at, "immediate %lld does not fit in 32 bits", (long long)v);
  return (int32_t)(uint32_t)v;
}

static int16_t check_off16(Asm *a, uint32_t at, int64_t v) {
  if (v < INT16_MIN || v > INT16_MAX)
    error_at(a, at, "offset %lld does not fit in 16 bits", (long long)v);
  return (int16_t)v;
}

/* --- Labels and references --- */

static uint32_t pos_of(const Asm *a, uint32_t at) {
  return a->opts->pos_base + at;
}

/* The buffer's name for instance I of numeric local label N.  */
static void local_name(const Asm *a, uint64_t n, uint32_t i, char *buf,
                       size_t size) {
  snprintf(buf, size, ".L__bpfasm%u_%llu_%u", a->unit, (unsigned long long)n,
           i);
}

static LocalLabel *local_label(Asm *a, uint64_t n) {
  for (size_t i = 0; i < a->locals.len; i++)
    if (a->locals.data[i].number == n)
      return &a->locals.data[i];
  LocalLabel l = {n, 0};
  vec_push(&a->locals, l);
  return &a->locals.data[a->locals.len - 1];
}

static void define_label(Asm *a, const char *name, uint32_t at) {
  if (!bpf_code_label(a->code, name, pos_of(a, at)))
    error_at(a, at, "label '%s' is already defined", name);
}

/* The label or symbol name a token stands for (NAME or 1b/1f).  */
static void ref_name(Asm *a, const Tok *t, char *buf, size_t size) {
  if (t->kind == TOK_LOCAL) {
    LocalLabel *l = local_label(a, t->num);
    if (!t->forward && l->defined == 0)
      error_at(a, t->at, "no label '%llu:' before this",
               (unsigned long long)t->num);
    uint32_t inst = t->forward ? l->defined : l->defined - 1;
    local_name(a, t->num, inst, buf, size);
    if (t->forward) {
      LocalForward f = {t->num, inst, t->at};
      vec_push(&a->forwards, f);
    }
    return;
  }
  if (t->len >= size)
    error_at(a, t->at, "name too long");
  memcpy(buf, a->text + t->at, t->len);
  buf[t->len] = 0;
}

static bool is_symbol_tok(const Tok *t) {
  return t->kind == TOK_NAME || t->kind == TOK_LOCAL;
}

/* A jump target: a label (NAME, 1b, 1f) or a number (the offset).
   Emits INSN with the offset filled in, or a reference.  */
static void emit_jump(Asm *a, BpfInsn insn) {
  Tok *t = peek(a);
  if (is_symbol_tok(t)) {
    char name[256];
    ref_name(a, t, name, sizeof name);
    next(a);
    expect_end(a);
    bpf_code_jump(a->code, insn, name, pos_of(a, t->at));
    return;
  }
  int64_t v = (int64_t)parse_expr(a);
  if (bpf_insn_is_gotol(insn)) {
    if (v < INT32_MIN || v > INT32_MAX)
      error_at(a, t->at, "jump offset %lld does not fit in 32 bits",
               (long long)v);
    insn.imm = (int32_t)v;
  } else {
    if (v < INT16_MIN || v > INT16_MAX)
      error_at(a, t->at, "jump offset %lld does not fit in 16 bits (use gotol)",
               (long long)v);
    insn.off = (int16_t)v;
  }
  expect_end(a);
  bpf_code_emit(a->code, insn);
}

/* SYMBOL [('+'|'-') expr]: the symbol's name and the addend.  */
static void parse_symbol_addend(Asm *a, char *name, size_t size,
                                int64_t *addend) {
  Tok *t = next(a);
  ref_name(a, t, name, size);
  *addend = 0;
  if (accept_op(a, "+"))
    *addend = (int64_t)parse_expr(a);
  else if (accept_op(a, "-"))
    *addend = -(int64_t)parse_expr(a);
}

/* call NUMBER | call SYMBOL [+- expr] | call REG (callx) */
static void emit_call(Asm *a) {
  Tok *t = peek(a);
  if (t->kind == TOK_REG) {
    Tok *r = expect_reg(a, 'r');
    expect_end(a);
    bpf_code_emit(a->code, bpf_insn(BPF_CLASS_JMP | BPF_JMP_CALL | BPF_SRC_X,
                                    r->reg, 0, 0, 0));
    return;
  }
  if (is_symbol_tok(t)) {
    char name[256];
    int64_t addend;
    parse_symbol_addend(a, name, sizeof name, &addend);
    expect_end(a);
    bpf_code_call(a->code, name, addend, pos_of(a, t->at));
    return;
  }
  if (t->kind == TOK_END)
    expected(a, "a helper number or a function name");
  int32_t imm = parse_imm32(a);
  expect_end(a);
  bpf_code_emit(a->code, bpf_call(BPF_CALL_HELPER, imm));
}

/* The operand of a 64-bit load: VALUE or SYMBOL [+- expr], then `ll`
   in pseudo-C (rD = ... ll) and nothing in normal syntax (lddw rD, ...).  */
static void emit_ld_imm64(Asm *a, unsigned dst) {
  Tok *t = peek(a);
  char name[256];
  int64_t addend = 0;
  uint64_t v = 0;
  bool sym = is_symbol_tok(t);
  if (sym) {
    parse_symbol_addend(a, name, sizeof name, &addend);
    if (addend < INT32_MIN || addend > (int64_t)UINT32_MAX)
      error_at(a, t->at, "addend %lld does not fit in 32 bits",
               (long long)addend);
    addend = (int32_t)(uint32_t)addend; /* the slot's imm holds 32 bits */
  } else {
    v = parse_expr(a);
  }
  if (!a->normal)
    expect_name(a, "ll");
  expect_end(a);
  if (sym)
    bpf_code_ld_sym(a->code, dst, name, addend, pos_of(a, t->at));
  else
    bpf_code_emit_ld_imm64(a->code, dst, BPF_LDIMM_VALUE, v);
}

/* --- Memory operands --- */

/* A size type: u8 u16 u32 u64 (s8 .. s64 when SIGNED_OK, *signed set).  */
static unsigned parse_size_type(Asm *a, bool signed_ok, bool *is_signed) {
  static const char *const names[] = {"u8", "u16", "u32", "u64",
                                      "s8", "s16", "s32", "s64"};
  static const unsigned sizes[] = {BPF_SIZE_B, BPF_SIZE_H, BPF_SIZE_W,
                                   BPF_SIZE_DW};
  Tok *t = peek(a);
  for (unsigned i = 0; i < 8; i++)
    if (is_name(a, t, names[i])) {
      if (i >= 4 && !signed_ok)
        error_at(a, t->at, "a signed type is not allowed here");
      next(a);
      if (is_signed)
        *is_signed = i >= 4;
      return sizes[i % 4];
    }
  expected(a, signed_ok ? "a size type (u8, u16, u32, u64, s8, s16, s32)"
                        : "a size type (u8, u16, u32, u64)");
}

/* (TYPE *) */
static unsigned parse_cast(Asm *a, bool signed_ok, bool *is_signed) {
  expect_op(a, "(");
  unsigned size = parse_size_type(a, signed_ok, is_signed);
  expect_op(a, "*");
  expect_op(a, ")");
  return size;
}

/* REG [('+'|'-') expr] up to CLOSE: the base register and offset.  */
static int16_t parse_base_off(Asm *a, const char *close, unsigned *base) {
  *base = expect_reg(a, 'r')->reg;
  Tok *t = peek(a);
  int64_t v = 0;
  if (accept_op(a, "+"))
    v = (int64_t)parse_expr(a);
  else if (accept_op(a, "-"))
    v = -(int64_t)parse_expr(a);
  else /* both assemblers want the offset, even + 0 */
    expected(a, "'+' or '-' and an offset");
  int16_t off = check_off16(a, t->at, v);
  expect_op(a, close);
  return off;
}

/* *(TYPE *)(REG + off): after the '*'.  */
typedef struct MemRef {
  unsigned size;
  bool is_signed;
  unsigned base;
  int16_t off;
  uint32_t at;
} MemRef;

static MemRef parse_mem(Asm *a, bool signed_ok) {
  MemRef m = {.at = peek(a)->at};
  m.size = parse_cast(a, signed_ok, &m.is_signed);
  expect_op(a, "(");
  m.off = parse_base_off(a, ")", &m.base);
  return m;
}

/* A value register of a store or atomic of SIZE: r, or w for 32 bits and
   less (the same register either way).  */
static unsigned value_reg(Asm *a, unsigned size) {
  return expect_reg(a, size == BPF_SIZE_DW ? 'r' : 0)->reg;
}

/* --- Pseudo-C statements --- */

typedef struct OpName {
  const char *op;
  unsigned code;
} OpName;

static const OpName alu_ops[] = {
    {"+=", BPF_ALU_ADD},   {"-=", BPF_ALU_SUB},  {"*=", BPF_ALU_MUL},
    {"/=", BPF_ALU_DIV},   {"%=", BPF_ALU_MOD},  {"|=", BPF_ALU_OR},
    {"&=", BPF_ALU_AND},   {"^=", BPF_ALU_XOR},  {"<<=", BPF_ALU_LSH},
    {">>=", BPF_ALU_RSH},  {"s>>=", BPF_ALU_ARSH},
    {"s/=", BPF_ALU_DIV | 0x100}, {"s%=", BPF_ALU_MOD | 0x100},
};

static const OpName jmp_ops[] = {
    {"==", BPF_JMP_JEQ},  {"!=", BPF_JMP_JNE},  {">", BPF_JMP_JGT},
    {">=", BPF_JMP_JGE},  {"<", BPF_JMP_JLT},   {"<=", BPF_JMP_JLE},
    {"s>", BPF_JMP_JSGT}, {"s>=", BPF_JMP_JSGE}, {"s<", BPF_JMP_JSLT},
    {"s<=", BPF_JMP_JSLE}, {"&", BPF_JMP_JSET},
};

static const OpName *find_op(const OpName *ops, size_t n, const Tok *t) {
  if (t->kind != TOK_OP)
    return NULL;
  for (size_t i = 0; i < n; i++)
    if (strcmp(ops[i].op, t->op) == 0)
      return &ops[i];
  return NULL;
}

/* if REG OP (REG | expr) goto TARGET */
static void pc_if(Asm *a) {
  Tok *dst = expect_reg(a, 0);
  const OpName *op = find_op(jmp_ops, ARRAY_LEN(jmp_ops), peek(a));
  if (!op)
    expected(a, "a comparison (==, !=, >, >=, <, <=, s>, s>=, s<, s<=, &)");
  next(a);
  BpfInsn insn;
  if (peek(a)->kind == TOK_REG) {
    Tok *src = expect_reg(a, dst->w ? 'w' : 'r');
    insn = bpf_jmp_reg(dst->w, op->code, dst->reg, src->reg, 0);
  } else {
    insn = bpf_jmp_imm(dst->w, op->code, dst->reg, parse_imm32(a), 0);
  }
  expect_name(a, "goto");
  emit_jump(a, insn);
}

/* The rest of `lock *(TYPE *)(REG + off) OP= REG` after the memory
   operand M; LOCKED false for GNU as's legacy form without `lock`, which
   has += only.  */
static void atomic_rmw(Asm *a, MemRef m, bool locked) {
  if (m.size != BPF_SIZE_W && m.size != BPF_SIZE_DW)
    error_at(a, m.at, "atomic operations are 32 or 64 bits wide");
  static const OpName ops[] = {{"+=", BPF_ATOMIC_ADD}, {"|=", BPF_ATOMIC_OR},
                               {"&=", BPF_ATOMIC_AND}, {"^=", BPF_ATOMIC_XOR}};
  const OpName *op = find_op(ops, locked ? 4 : 1, peek(a));
  if (!op)
    expected(a, locked ? "'+=', '|=', '&=' or '^='" : "'=' or '+='");
  next(a);
  unsigned src = value_reg(a, m.size);
  expect_end(a);
  bpf_code_emit(a->code, bpf_atomic(m.size, op->code, m.base, m.off, src));
}

/* *(TYPE *)(REG + off) = (REG | expr), or += REG: after the '*'.  */
static void pc_store(Asm *a) {
  MemRef m = parse_mem(a, false);
  if (is_op(peek(a), "+=")) {
    atomic_rmw(a, m, false);
    return;
  }
  expect_op(a, "=");
  if (peek(a)->kind == TOK_REG) {
    unsigned src = value_reg(a, m.size);
    expect_end(a);
    bpf_code_emit(a->code, bpf_stx(m.size, m.base, m.off, src));
    return;
  }
  int32_t imm = parse_imm32(a);
  expect_end(a);
  bpf_code_emit(a->code, bpf_st(m.size, m.base, m.off, imm));
}

/* The atomic functions of LLVM's syntax and GCC's, after `REG =`.  */
typedef struct AtomicFn {
  const char *name;
  int32_t op;
  bool typed;    /* the memory operand has a cast: (u64 *)(r1 + 0) */
  unsigned size; /* else the size the name gives (xchg, cmpxchg) */
} AtomicFn;

static const AtomicFn fetch_fns[] = {
    {"atomic_fetch_add", BPF_ATOMIC_ADD | BPF_ATOMIC_FETCH, true, 0},
    {"atomic_fetch_or", BPF_ATOMIC_OR | BPF_ATOMIC_FETCH, true, 0},
    {"atomic_fetch_and", BPF_ATOMIC_AND | BPF_ATOMIC_FETCH, true, 0},
    {"atomic_fetch_xor", BPF_ATOMIC_XOR | BPF_ATOMIC_FETCH, true, 0},
    {"xchg_64", BPF_ATOMIC_XCHG, false, BPF_SIZE_DW},
    {"xchg32_32", BPF_ATOMIC_XCHG, false, BPF_SIZE_W},
    {"cmpxchg_64", BPF_ATOMIC_CMPXCHG, false, BPF_SIZE_DW},
    {"cmpxchg32_32", BPF_ATOMIC_CMPXCHG, false, BPF_SIZE_W},
};

/* The register named twice (result and operand) must be the same one.  */
static void same_reg(Asm *a, const Tok *first, const Tok *second) {
  if (first->reg != second->reg)
    error_at(a, second->at,
             "this instruction reads and writes one register: expected %c%u",
             second->w ? 'w' : 'r', first->reg);
}

static void width_for_size(Asm *a, const Tok *r, unsigned size) {
  if (size == BPF_SIZE_DW && r->w)
    error_at(a, r->at, "a 64-bit operation needs an r register");
}

static void pc_atomic_fn(Asm *a, const Tok *dst, const AtomicFn *fn) {
  next(a);
  expect_op(a, "(");
  MemRef m;
  if (fn->typed) { /* atomic_fetch_OP((TYPE *)(REG + off), REG) */
    m = parse_mem(a, false);
    if (m.size != BPF_SIZE_W && m.size != BPF_SIZE_DW)
      error_at(a, m.at, "atomic operations are 32 or 64 bits wide");
  } else { /* xchg_64(REG + off, REG), cmpxchg_64(REG + off, r0, REG) */
    m.size = fn->size;
    m.off = parse_base_off(a, ",", &m.base);
    a->ti--; /* give the ',' back */
  }
  width_for_size(a, dst, m.size);
  expect_op(a, ",");
  Tok *val = expect_reg(a, 0);
  width_for_size(a, val, m.size);
  unsigned src = val->reg;
  if (fn->op == BPF_ATOMIC_CMPXCHG) {
    if (dst->reg != 0 || val->reg != 0)
      error_at(a, dst->reg ? dst->at : val->at,
               "compare-and-exchange compares with r0 and returns in it");
    expect_op(a, ",");
    Tok *s = expect_reg(a, 0);
    width_for_size(a, s, m.size);
    src = s->reg;
  } else {
    same_reg(a, dst, val);
  }
  expect_op(a, ")");
  expect_end(a);
  bpf_code_emit(a->code, bpf_atomic(m.size, (unsigned)fn->op, m.base, m.off,
                                    src));
}

/* load_acquire((TYPE *)(REG + off)) after `REG =`, and
   store_release((TYPE *)(REG + off), REG): LLVM 20's syntax.  */
static void pc_load_acquire(Asm *a, const Tok *dst) {
  next(a);
  expect_op(a, "(");
  MemRef m = parse_mem(a, false);
  expect_op(a, ")");
  expect_end(a);
  width_for_size(a, dst, m.size);
  /* dst = *(src + off): the base is in src, unlike the other atomics */
  bpf_code_emit(a->code,
                bpf_insn(BPF_CLASS_STX | BPF_MODE_ATOMIC | m.size, dst->reg,
                         m.base, m.off, BPF_ATOMIC_LOAD_ACQ));
}

static void pc_store_release(Asm *a) {
  expect_op(a, "(");
  MemRef m = parse_mem(a, false);
  expect_op(a, ",");
  unsigned src = value_reg(a, m.size);
  expect_op(a, ")");
  expect_end(a);
  bpf_code_emit(a->code, bpf_atomic(m.size, BPF_ATOMIC_STORE_REL, m.base,
                                    m.off, src));
}

/* r0 = *(TYPE *)skb[imm] | skb[REG] | skb[REG + imm]: after the '*'.  */
static void pc_skb_load(Asm *a, const Tok *dst, unsigned size) {
  if (dst->reg != 0 || dst->w)
    error_at(a, dst->at, "packet loads (skb[...]) load into r0");
  next(a); /* skb */
  expect_op(a, "[");
  BpfInsn insn;
  if (peek(a)->kind == TOK_REG) {
    unsigned src = expect_reg(a, 'r')->reg;
    int32_t imm = 0;
    if (accept_op(a, "+"))
      imm = parse_imm32(a);
    else if (accept_op(a, "-"))
      imm = (int32_t)(0u - (uint32_t)parse_imm32(a));
    insn = bpf_insn(BPF_CLASS_LD | BPF_MODE_IND | size, 0, src, 0, imm);
  } else {
    insn = bpf_insn(BPF_CLASS_LD | BPF_MODE_ABS | size, 0, 0, 0,
                    parse_imm32(a));
  }
  expect_op(a, "]");
  expect_end(a);
  bpf_code_emit(a->code, insn);
}

/* rD = *(TYPE *)(REG + off) or a packet load: after the '*'.  */
static void pc_load(Asm *a, const Tok *dst) {
  uint32_t at = peek(a)->at;
  bool is_signed;
  unsigned size = parse_cast(a, true, &is_signed);
  if (is_name(a, peek(a), "skb")) {
    if (is_signed)
      error_at(a, at, "packet loads are unsigned");
    pc_skb_load(a, dst, size);
    return;
  }
  expect_op(a, "(");
  unsigned base;
  int16_t off = parse_base_off(a, ")", &base);
  expect_end(a);
  if (dst->w && (is_signed || size == BPF_SIZE_DW))
    error_at(a, dst->at, "this load fills all 64 bits: write r%u", dst->reg);
  if (is_signed && size == BPF_SIZE_DW)
    size = BPF_SIZE_DW, is_signed = false; /* s64 is u64 */
  bpf_code_emit(a->code, is_signed ? bpf_ldxsx(size, dst->reg, base, off)
                                   : bpf_ldx(size, dst->reg, base, off));
}

/* REG = ... (after the '='): every form with a destination register.  */
static void pc_assign(Asm *a, const Tok *dst) {
  Tok *t = peek(a);
  bool w64 = !dst->w;
  if (t->kind == TOK_END)
    expected(a, "a register, a number, a symbol or a memory operand");
  if (t->kind == TOK_REG) { /* mov */
    Tok *src = expect_reg(a, dst->w ? 'w' : 'r');
    expect_end(a);
    bpf_code_emit(a->code, bpf_alu_reg(w64, BPF_ALU_MOV, dst->reg, src->reg));
    return;
  }
  if (is_op(t, "-") && peek2(a)->kind == TOK_REG) { /* neg */
    next(a);
    Tok *src = expect_reg(a, dst->w ? 'w' : 'r');
    same_reg(a, dst, src);
    expect_end(a);
    bpf_code_emit(a->code, bpf_neg(w64, dst->reg));
    return;
  }
  if (is_op(t, "*")) {
    next(a);
    pc_load(a, dst);
    return;
  }
  if (is_op(t, "(") && peek2(a)->kind == TOK_NAME) { /* (s8) r1 */
    next(a);
    Tok *ty = next(a);
    unsigned bits = is_name(a, ty, "s8")    ? 8
                    : is_name(a, ty, "s16") ? 16
                    : is_name(a, ty, "s32") ? 32
                                            : 0;
    if (!bits)
      error_at(a, ty->at, "expected s8, s16 or s32 (a sign-extending move)");
    if (bits == 32 && dst->w)
      error_at(a, ty->at, "(s32) needs 64-bit registers");
    expect_op(a, ")");
    Tok *src = expect_reg(a, dst->w ? 'w' : 'r');
    expect_end(a);
    bpf_code_emit(a->code, bpf_movsx(w64, dst->reg, src->reg, bits));
    return;
  }
  if (t->kind == TOK_NAME) {
    static const struct { const char *name; bool swap, be; unsigned bits; }
        ends[] = {{"be16", 0, 1, 16}, {"be32", 0, 1, 32}, {"be64", 0, 1, 64},
                  {"le16", 0, 0, 16}, {"le32", 0, 0, 32}, {"le64", 0, 0, 64},
                  {"bswap16", 1, 0, 16}, {"bswap32", 1, 0, 32},
                  {"bswap64", 1, 0, 64}};
    for (size_t i = 0; i < ARRAY_LEN(ends); i++)
      if (is_name(a, t, ends[i].name) && peek2(a)->kind == TOK_REG) {
        next(a);
        if (dst->w)
          error_at(a, dst->at, "byte swaps work on r registers");
        Tok *src = expect_reg(a, 'r');
        same_reg(a, dst, src);
        expect_end(a);
        bpf_code_emit(a->code, ends[i].swap
                                   ? bpf_bswap(dst->reg, ends[i].bits)
                                   : bpf_end(ends[i].be, dst->reg, ends[i].bits));
        return;
      }
    for (size_t i = 0; i < ARRAY_LEN(fetch_fns); i++)
      if (is_name(a, t, fetch_fns[i].name) && is_op(peek2(a), "(")) {
        pc_atomic_fn(a, dst, &fetch_fns[i]);
        return;
      }
    if (is_name(a, t, "load_acquire") && is_op(peek2(a), "(")) {
      pc_load_acquire(a, dst);
      return;
    }
    if (is_name(a, t, "addr_space_cast") && is_op(peek2(a), "(")) {
      next(a);
      next(a);
      Tok *src = expect_reg(a, 'r');
      expect_op(a, ",");
      int32_t to = parse_imm32(a);
      expect_op(a, ",");
      int32_t from = parse_imm32(a);
      expect_op(a, ")");
      expect_end(a);
      if (dst->w)
        error_at(a, dst->at, "addr_space_cast works on r registers");
      if ((uint32_t)to > 0xffff || (uint32_t)from > 0xffff)
        error_at(a, t->at, "address spaces are 16-bit numbers");
      BpfInsn i = bpf_alu_reg(true, BPF_ALU_MOV, dst->reg, src->reg);
      i.off = BPF_OFF_ADDR_SPACE;
      i.imm = (int32_t)((uint32_t)to << 16 | (uint32_t)from);
      bpf_code_emit(a->code, i);
      return;
    }
  }
  if (is_symbol_tok(t)) {
    if (dst->w)
      error_at(a, dst->at, "a 64-bit load (ll) needs an r register");
    emit_ld_imm64(a, dst->reg);
    return;
  }
  /* An immediate: mov, or LD_IMM64 with 'll'.  */
  size_t save = a->ti;
  parse_expr(a);
  bool ll = is_name(a, peek(a), "ll");
  a->ti = save;
  if (ll) {
    if (dst->w)
      error_at(a, dst->at, "a 64-bit load (ll) needs an r register");
    emit_ld_imm64(a, dst->reg);
    return;
  }
  int32_t imm = parse_imm32(a);
  expect_end(a);
  bpf_code_emit(a->code, bpf_alu_imm(w64, BPF_ALU_MOV, dst->reg, imm));
}

/* REG OP= (REG | expr) and REG = ...  */
static void pc_register_statement(Asm *a) {
  Tok *dst = expect_reg(a, 0);
  Tok *t = peek(a);
  if (accept_op(a, "=")) {
    pc_assign(a, dst);
    return;
  }
  const OpName *op = find_op(alu_ops, ARRAY_LEN(alu_ops), t);
  if (!op)
    expected(a, "'=' or an assignment operator (+=, -=, ...)");
  next(a);
  bool w64 = !dst->w;
  BpfInsn insn;
  if (peek(a)->kind == TOK_REG) {
    Tok *src = expect_reg(a, dst->w ? 'w' : 'r');
    insn = bpf_alu_reg(w64, op->code & 0xff, dst->reg, src->reg);
  } else {
    insn = bpf_alu_imm(w64, op->code & 0xff, dst->reg, parse_imm32(a));
  }
  expect_end(a);
  if (op->code & 0x100)
    insn = bpf_alu_signed(insn);
  bpf_code_emit(a->code, insn);
}

/* A pseudo-C statement.  */
static void pseudo_c_statement(Asm *a) {
  Tok *t = peek(a);
  if (t->kind == TOK_REG) {
    pc_register_statement(a);
    return;
  }
  if (accept_op(a, "*")) {
    pc_store(a);
    return;
  }
  if (t->kind != TOK_NAME)
    expected(a, "an instruction");
  next(a);
  if (is_name(a, t, "if")) {
    pc_if(a);
  } else if (is_name(a, t, "goto")) {
    emit_jump(a, bpf_goto(0));
  } else if (is_name(a, t, "gotol")) {
    emit_jump(a, bpf_gotol(0));
  } else if (is_name(a, t, "may_goto")) {
    emit_jump(a, bpf_may_goto(0));
  } else if (is_name(a, t, "call")) {
    emit_call(a);
  } else if (is_name(a, t, "callx")) {
    Tok *r = expect_reg(a, 'r');
    expect_end(a);
    bpf_code_emit(a->code, bpf_insn(BPF_CLASS_JMP | BPF_JMP_CALL | BPF_SRC_X,
                                    r->reg, 0, 0, 0));
  } else if (is_name(a, t, "exit")) {
    expect_end(a);
    bpf_code_emit(a->code, bpf_exit());
  } else if (is_name(a, t, "lock")) {
    expect_op(a, "*");
    atomic_rmw(a, parse_mem(a, false), true);
  } else if (is_name(a, t, "store_release")) {
    pc_store_release(a);
  } else {
    error_at(a, t->at, "unknown instruction '%.*s'",
             (int)(t->len > 40 ? 40 : t->len), a->text + t->at);
  }
}

/* --- GCC's normal syntax ---

   A table of mnemonics: each names its operand shape and the opcode (or
   atomic operation) it encodes.  */

typedef enum {
  N_ALU,     /* op REG, REG|imm */
  N_NEG,     /* neg REG */
  N_MOVS,    /* movs REG, REG, 8|16|32 */
  N_END,     /* endle/endbe/bswap REG, 16|32|64 */
  N_LDDW,    /* lddw REG, imm|SYMBOL */
  N_LDABS,   /* ldabsw imm */
  N_LDIND,   /* ldindw REG, imm */
  N_LDX,     /* ldxw REG, [REG+off] */
  N_STX,     /* stxw [REG+off], REG */
  N_ST,      /* stw [REG+off], imm */
  N_JA,      /* ja/jal/jcond TARGET */
  N_JCC,     /* jeq REG, REG|imm, TARGET */
  N_CALL,    /* call imm|SYMBOL|REG */
  N_EXIT,
  N_ATOMIC,  /* aadd [REG+off], REG */
  N_PSEUDO,  /* ld_pseudo REG, src, imm (LLVM) */
} NormalShape;

typedef struct Mnemonic {
  const char *name;
  uint8_t shape;
  uint8_t code;
  int16_t off; /* sdiv/smod: 1 */
  int32_t imm; /* atomic operation */
} Mnemonic;

#define ALU(n, op)                                                             \
  {n, N_ALU, BPF_CLASS_ALU64 | op, 0, 0}, {n "32", N_ALU, BPF_CLASS_ALU | op, 0, 0}
#define JCC(n, op)                                                             \
  {n, N_JCC, BPF_CLASS_JMP | op, 0, 0}, {n "32", N_JCC, BPF_CLASS_JMP32 | op, 0, 0}
#define SIZES(n, shape, base)                                                  \
  {n "b", shape, base | BPF_SIZE_B, 0, 0},                                     \
      {n "h", shape, base | BPF_SIZE_H, 0, 0},                                 \
      {n "w", shape, base | BPF_SIZE_W, 0, 0},                                 \
      {n "dw", shape, base | BPF_SIZE_DW, 0, 0}
#define ATOMIC(n, op)                                                          \
  {n, N_ATOMIC, BPF_CLASS_STX | BPF_MODE_ATOMIC | BPF_SIZE_DW, 0, op},         \
      {n "32", N_ATOMIC, BPF_CLASS_STX | BPF_MODE_ATOMIC | BPF_SIZE_W, 0, op}

static const Mnemonic mnemonics[] = {
    ALU("add", BPF_ALU_ADD), ALU("sub", BPF_ALU_SUB), ALU("mul", BPF_ALU_MUL),
    ALU("div", BPF_ALU_DIV), ALU("mod", BPF_ALU_MOD), ALU("or", BPF_ALU_OR),
    ALU("and", BPF_ALU_AND), ALU("xor", BPF_ALU_XOR), ALU("lsh", BPF_ALU_LSH),
    ALU("rsh", BPF_ALU_RSH), ALU("arsh", BPF_ALU_ARSH), ALU("mov", BPF_ALU_MOV),
    {"sdiv", N_ALU, BPF_CLASS_ALU64 | BPF_ALU_DIV, 1, 0},
    {"sdiv32", N_ALU, BPF_CLASS_ALU | BPF_ALU_DIV, 1, 0},
    {"smod", N_ALU, BPF_CLASS_ALU64 | BPF_ALU_MOD, 1, 0},
    {"smod32", N_ALU, BPF_CLASS_ALU | BPF_ALU_MOD, 1, 0},
    {"neg", N_NEG, BPF_CLASS_ALU64 | BPF_ALU_NEG, 0, 0},
    {"neg32", N_NEG, BPF_CLASS_ALU | BPF_ALU_NEG, 0, 0},
    {"movs", N_MOVS, BPF_CLASS_ALU64 | BPF_ALU_MOV | BPF_SRC_X, 0, 0},
    {"movs32", N_MOVS, BPF_CLASS_ALU | BPF_ALU_MOV | BPF_SRC_X, 0, 0},
    {"endle", N_END, BPF_CLASS_ALU | BPF_ALU_END | BPF_END_TO_LE, 0, 0},
    {"endbe", N_END, BPF_CLASS_ALU | BPF_ALU_END | BPF_END_TO_BE, 0, 0},
    {"bswap", N_END, BPF_CLASS_ALU64 | BPF_ALU_END | BPF_END_TO_LE, 0, 0},
    {"lddw", N_LDDW, BPF_CODE_LD_IMM64, 0, 0},
    SIZES("ldabs", N_LDABS, BPF_CLASS_LD | BPF_MODE_ABS),
    SIZES("ldind", N_LDIND, BPF_CLASS_LD | BPF_MODE_IND),
    SIZES("ldx", N_LDX, BPF_CLASS_LDX | BPF_MODE_MEM),
    SIZES("ldxs", N_LDX, BPF_CLASS_LDX | BPF_MODE_MEMSX),
    SIZES("stx", N_STX, BPF_CLASS_STX | BPF_MODE_MEM),
    SIZES("st", N_ST, BPF_CLASS_ST | BPF_MODE_MEM),
    {"ja", N_JA, BPF_CLASS_JMP | BPF_JMP_JA, 0, 0},
    {"jal", N_JA, BPF_CLASS_JMP32 | BPF_JMP_JA, 0, 0},
    {"jcond", N_JA, BPF_CLASS_JMP | BPF_JMP_JCOND, 0, 0},
    JCC("jeq", BPF_JMP_JEQ), JCC("jne", BPF_JMP_JNE), JCC("jgt", BPF_JMP_JGT),
    JCC("jge", BPF_JMP_JGE), JCC("jlt", BPF_JMP_JLT), JCC("jle", BPF_JMP_JLE),
    JCC("jsgt", BPF_JMP_JSGT), JCC("jsge", BPF_JMP_JSGE),
    JCC("jslt", BPF_JMP_JSLT), JCC("jsle", BPF_JMP_JSLE),
    JCC("jset", BPF_JMP_JSET),
    {"call", N_CALL, BPF_CLASS_JMP | BPF_JMP_CALL, 0, 0},
    {"exit", N_EXIT, BPF_CLASS_JMP | BPF_JMP_EXIT, 0, 0},
    ATOMIC("aadd", BPF_ATOMIC_ADD), ATOMIC("aor", BPF_ATOMIC_OR),
    ATOMIC("aand", BPF_ATOMIC_AND), ATOMIC("axor", BPF_ATOMIC_XOR),
    ATOMIC("afadd", BPF_ATOMIC_ADD | BPF_ATOMIC_FETCH),
    ATOMIC("afor", BPF_ATOMIC_OR | BPF_ATOMIC_FETCH),
    ATOMIC("afand", BPF_ATOMIC_AND | BPF_ATOMIC_FETCH),
    ATOMIC("afxor", BPF_ATOMIC_XOR | BPF_ATOMIC_FETCH),
    ATOMIC("axchg", BPF_ATOMIC_XCHG), ATOMIC("acmp", BPF_ATOMIC_CMPXCHG),
    {"xadddw", N_ATOMIC, BPF_CLASS_STX | BPF_MODE_ATOMIC | BPF_SIZE_DW, 0,
     BPF_ATOMIC_ADD},
    {"xaddw", N_ATOMIC, BPF_CLASS_STX | BPF_MODE_ATOMIC | BPF_SIZE_W, 0,
     BPF_ATOMIC_ADD},
    {"ld_pseudo", N_PSEUDO, BPF_CODE_LD_IMM64, 0, 0},
};

static const Mnemonic *find_mnemonic(const Asm *a, const Tok *t) {
  if (t->kind != TOK_NAME)
    return NULL;
  for (size_t i = 0; i < ARRAY_LEN(mnemonics); i++)
    if (is_name(a, t, mnemonics[i].name))
      return &mnemonics[i];
  return NULL;
}

/* Normal syntax registers are r (or %r): w registers do not exist there.  */
static Tok *normal_reg(Asm *a) { return expect_reg(a, 'r'); }
static bool at_normal_reg(Asm *a) {
  return peek(a)->kind == TOK_REG || is_name(a, peek(a), "fp");
}

/* [REG + off] */
static int16_t normal_mem(Asm *a, unsigned *base) {
  expect_op(a, "[");
  return parse_base_off(a, "]", base);
}

/* REG, REG|imm: the destination and the source register (X) or
   immediate (K) of an ALU or jump instruction.  */
static void normal_operands(Asm *a, BpfInsn *insn) {
  insn->dst = normal_reg(a)->reg;
  expect_op(a, ",");
  if (at_normal_reg(a)) {
    insn->code |= BPF_SRC_X;
    insn->src = normal_reg(a)->reg;
  } else {
    insn->imm = parse_imm32(a);
  }
}

static void normal_statement(Asm *a, const Mnemonic *m) {
  next(a);
  a->normal = true;
  BpfInsn insn = bpf_insn(m->code, 0, 0, m->off, 0);
  switch ((NormalShape)m->shape) {
  case N_ALU:
    normal_operands(a, &insn);
    break;
  case N_NEG:
    insn.dst = normal_reg(a)->reg;
    break;
  case N_MOVS: {
    insn.dst = normal_reg(a)->reg;
    expect_op(a, ",");
    insn.src = normal_reg(a)->reg;
    expect_op(a, ",");
    uint32_t at = peek(a)->at;
    int32_t bits = parse_imm32(a);
    bool w64 = BPF_CODE_CLASS(m->code) == BPF_CLASS_ALU64;
    if (bits != 8 && bits != 16 && !(bits == 32 && w64))
      error_at(a, at, "sign extension from 8, 16%s bits only",
               w64 ? " or 32" : "");
    insn.off = (int16_t)bits;
    break;
  }
  case N_END: {
    insn.dst = normal_reg(a)->reg;
    expect_op(a, ",");
    uint32_t at = peek(a)->at;
    insn.imm = parse_imm32(a);
    if (insn.imm != 16 && insn.imm != 32 && insn.imm != 64)
      error_at(a, at, "byte swaps are 16, 32 or 64 bits wide");
    break;
  }
  case N_LDDW:
  case N_PSEUDO: {
    unsigned dst = normal_reg(a)->reg;
    expect_op(a, ",");
    if (m->shape == N_PSEUDO) {
      uint32_t at = peek(a)->at;
      int32_t src = parse_imm32(a);
      if (src < 0 || src > 15)
        error_at(a, at, "pseudo source %d is not a register number", src);
      expect_op(a, ",");
      uint64_t v = parse_expr(a);
      expect_end(a);
      bpf_code_emit_ld_imm64(a->code, dst, (unsigned)src, v);
      return;
    }
    emit_ld_imm64(a, dst);
    return;
  }
  case N_LDABS:
    insn.imm = parse_imm32(a);
    break;
  case N_LDIND:
    insn.src = normal_reg(a)->reg;
    expect_op(a, ",");
    insn.imm = parse_imm32(a);
    break;
  case N_LDX: {
    insn.dst = normal_reg(a)->reg;
    expect_op(a, ",");
    unsigned base;
    insn.off = normal_mem(a, &base);
    insn.src = base;
    if (BPF_CODE_MODE(m->code) == BPF_MODE_MEMSX &&
        BPF_CODE_SIZE(m->code) == BPF_SIZE_DW)
      insn.code = BPF_CLASS_LDX | BPF_MODE_MEM | BPF_SIZE_DW; /* ldxsdw */
    break;
  }
  case N_STX:
  case N_ST:
  case N_ATOMIC: {
    unsigned base;
    insn.off = normal_mem(a, &base);
    insn.dst = base;
    expect_op(a, ",");
    if (m->shape == N_ST)
      insn.imm = parse_imm32(a);
    else
      insn.src = normal_reg(a)->reg;
    if (m->shape == N_ATOMIC)
      insn.imm = m->imm;
    break;
  }
  case N_JA:
    if (insn.code == (BPF_CLASS_JMP | BPF_JMP_JCOND))
      insn.src = BPF_JCOND_MAY_GOTO;
    emit_jump(a, insn);
    return;
  case N_JCC:
    normal_operands(a, &insn);
    expect_op(a, ",");
    emit_jump(a, insn);
    return;
  case N_CALL:
    emit_call(a);
    return;
  case N_EXIT:
    break;
  }
  expect_end(a);
  bpf_code_emit(a->code, insn);
}

/* A label in a data directive's value: its byte offset once the code
   is placed (when evaluating a deferred value), else 0 for now and the
   value is deferred.  */
static uint64_t label_value(Asm *a, const Tok *t) {
  if (!a->placed) {
    char name[256];
    ref_name(a, t, name, sizeof name); /* checks a 1b has its label */
    a->saw_label = true;
    return 0;
  }
  char name[256];
  snprintf(name, sizeof name, "%.*s", (int)(t->len < 255 ? t->len : 255), a->text + t->at);
  const BpfLabel *l = bpf_code_find_label(a->placed, name);
  if (!l)
    error_at(a, t->at, "label '%s' is not defined here", name);
  return (uint64_t)l->insn * BPF_INSN_SIZE;
}

/* The text of tokens FIRST..LAST-1 of the statement, a local label
   reference (1b, 1f) as the name of the label it means now.  */
static char *tokens_text(Asm *a, size_t first, size_t last) {
  Buf b = {0};
  for (size_t i = first; i < last; i++) {
    const Tok *t = &a->toks.data[i];
    if (t->kind == TOK_LOCAL) {
      char name[64];
      ref_name(a, t, name, sizeof name);
      buf_puts(&b, name);
    } else {
      buf_append(&b, a->text + t->at, t->len);
    }
    buf_putc(&b, ' ');
  }
  buf_putc(&b, 0);
  return (char *)b.data;
}

/* Evaluate a deferred data value (BpfDataEval).  */
static bool eval_placed(const BpfCode *c, const char *expr, int64_t *value, char *msg,
                        size_t msg_size) {
  BpfAsmError err = {0};
  static const BpfAsmOptions defaults = {0};
  Asm a = {.text = expr, .len = strlen(expr), .opts = &defaults, .err = &err,
           .in_data = true, .placed = c};
  volatile bool ok = false;
  if (!setjmp(a.fail) && lex_statement(&a)) {
    *value = (int64_t)parse_expr(&a);
    expect_end(&a);
    ok = true;
  }
  if (!ok)
    snprintf(msg, msg_size, "in a data directive's value: %s", err.message);
  vec_free(&a.toks);
  return ok;
}

/* --- Directives --- */

/* N bytes of V (which must fit in them, signed or not) after the raw
   bytes so far; every 8 make an instruction, in the target's byte order
   (GNU as and LLVM let programs write instructions the assembler has no
   syntax for this way, such as may_goto).  */
static void raw_bytes(Asm *a, uint64_t v, unsigned n, uint32_t at) {
  if (n < 8) {
    int64_t sv = (int64_t)v, lim = (int64_t)1 << (8 * n);
    if (sv < -lim / 2 || sv >= lim)
      error_at(a, at, "value %lld does not fit in %u byte%s", (long long)sv, n,
               n > 1 ? "s" : "");
  }
  if (!a->nraw)
    a->raw_at = at;
  for (unsigned k = 0; k < n; k++) {
    unsigned shift = a->opts->big_endian ? 8 * (n - 1 - k) : 8 * k;
    a->raw[a->nraw++] = (uint8_t)(v >> shift);
    if (a->nraw == 8) {
      uint64_t w = 0;
      for (unsigned j = 0; j < 8; j++)
        w |= (uint64_t)a->raw[j] << (a->opts->big_endian ? 8 * (7 - j) : 8 * j);
      bpf_code_emit(a->code, bpf_insn_from_u64(w, a->opts->big_endian));
      a->nraw = 0;
    }
  }
}

/* Raw bytes must have made whole instructions before anything else.  */
static void check_raw_whole(Asm *a) {
  if (a->nraw)
    error_at(a, a->raw_at, "data directives here make %u byte%s, not a whole "
             "8-byte instruction", a->nraw, a->nraw > 1 ? "s" : "");
}

/* The size of a data directive's items, or 0 for another name.  */
static unsigned data_size(Asm *a, const Tok *t) {
  static const struct { const char *name; unsigned size; } sizes[] = {
      {".byte", 1}, {".2byte", 2}, {".short", 2}, {".hword", 2},
      {".4byte", 4}, {".long", 4}, {".int", 4},
      {".8byte", 8}, {".quad", 8}, {".dword", 8},
  };
  for (size_t i = 0; i < ARRAY_LEN(sizes); i++)
    if (is_name(a, t, sizes[i].name))
      return sizes[i].size;
  return 0;
}

static void directive(Asm *a) {
  Tok *t = next(a);
  unsigned size = data_size(a, t);
  if (size) {
    do {
      uint32_t at = peek(a)->at;
      size_t first = a->ti;
      a->in_data = true;
      a->saw_label = false;
      uint64_t v = parse_expr(a);
      a->in_data = false;
      if (a->saw_label) { /* settled when the labels are placed */
        if (a->nraw + size > 8)
          error_at(a, at, "a value with labels must lie within one instruction");
        char *expr = tokens_text(a, first, a->ti);
        bpf_code_data_ref(a->code, bpf_code_len(a->code), a->nraw, size,
                          a->opts->big_endian, expr, eval_placed, pos_of(a, at));
        free(expr);
        v = 0;
      }
      raw_bytes(a, v, size, at);
    } while (accept_op(a, ","));
    expect_end(a);
  } else if (is_name(a, t, ".globl") || is_name(a, t, ".global")) {
    do {
      Tok *n = peek(a);
      if (n->kind != TOK_NAME)
        expected(a, "a symbol name");
      char name[256];
      ref_name(a, n, name, sizeof name);
      next(a);
      bpf_code_global(a->code, name);
    } while (accept_op(a, ","));
    expect_end(a);
  } else {
    error_at(a, t->at,
             "directive '%.*s' is not supported in BPF assembly (only "
             ".byte, .short, .long, .quad and their sized names, .globl, "
             ".if, .ifc, .ifnc, .else, .endif, .rept, .endr)",
             (int)(t->len > 40 ? 40 : t->len), a->text + t->at);
  }
}

/* --- Conditional assembly --- */

static bool assembling(const Asm *a) {
  return a->nconds == 0 || a->conds[a->nconds - 1].taking;
}

/* The source text from token FIRST to token LAST (exclusive), without
   the double quotes GNU as allows around a string.  */
static void token_span(const Asm *a, size_t first, size_t last,
                       const char **text, size_t *len) {
  if (first >= last) {
    *text = "";
    *len = 0;
    return;
  }
  const Tok *f = &a->toks.data[first], *l = &a->toks.data[last - 1];
  *text = a->text + f->at;
  *len = l->at + l->len - f->at;
  if (*len >= 2 && (*text)[0] == '"' && (*text)[*len - 1] == '"') {
    (*text)++;
    *len -= 2;
  }
}

/* .ifc A, B / .ifnc A, B: do the two strings read the same?  The first
   ends at the first comma, the second at the end of the statement.  */
static bool strings_match(Asm *a) {
  size_t first = a->ti, comma = first;
  while (a->toks.data[comma].kind != TOK_END && !is_op(&a->toks.data[comma], ","))
    comma++;
  if (a->toks.data[comma].kind == TOK_END)
    expected(a, "',' between the two strings");
  size_t end = comma + 1;
  while (a->toks.data[end].kind != TOK_END)
    end++;
  const char *s1, *s2;
  size_t n1, n2;
  token_span(a, first, comma, &s1, &n1);
  token_span(a, comma + 1, end, &s2, &n2);
  a->ti = end;
  return n1 == n2 && !memcmp(s1, s2, n1);
}

/* A conditional directive (.if EXPR, .ifc, .ifnc, .else, .endif): true
   when the statement was one, handled.  Inside a block not assembled,
   the conditions of nested blocks are not evaluated.  */
static bool conditional(Asm *a) {
  Tok *t = peek(a);
  if (is_op(peek2(a), ":")) /* `.else:` is a label, as GNU as reads it */
    return false;
  bool ifc = is_name(a, t, ".ifc"), ifnc = is_name(a, t, ".ifnc");
  bool ifexpr = is_name(a, t, ".if") || is_name(a, t, ".ifne");
  if (ifc || ifnc || ifexpr) {
    next(a);
    if (a->nconds == MAX_CONDS)
      error_at(a, t->at, "conditionals nested more than %d deep", MAX_CONDS);
    bool outer = assembling(a), held = false;
    if (outer)
      held = ifexpr ? parse_expr(a) != 0 : strings_match(a) == ifc;
    else
      while (peek(a)->kind != TOK_END)
        next(a);
    expect_end(a);
    a->conds[a->nconds++] = (Cond){outer && held, held, outer, false, t->at};
    return true;
  }
  if (is_name(a, t, ".else") || is_name(a, t, ".endif")) {
    bool is_else = is_name(a, t, ".else");
    next(a);
    expect_end(a);
    if (a->nconds == 0)
      error_at(a, t->at, "%s without .if", is_else ? ".else" : ".endif");
    Cond *c = &a->conds[a->nconds - 1];
    if (!is_else) {
      a->nconds--;
    } else {
      if (c->had_else)
        error_at(a, t->at, "a second .else in one .if");
      c->had_else = true;
      c->taking = c->outer && !c->held;
    }
    return true;
  }
  return false;
}

/* --- Repetition --- */

/* GNU as's `.rept COUNT` ... `.endr`: the statements between them,
   COUNT times (nested blocks repeat within).  The block is found by
   lexing ahead to its `.endr`; then each round lexes and assembles the
   body again from its start, so numeric labels and `%=`-made names
   behave as if the text had been written out.  A budget on the
   statements repeated keeps nested counts from running away: a block
   whose count times its statements is over what is left of the budget
   is refused before its first round.  */
enum { MAX_REPTS = 32 };
#define DEFAULT_MAX_REPEATED (UINT64_C(1) << 20)

static void statement(Asm *a);

/* The statement just lexed begins with directive NAME (not a label).  */
static bool starts_with(Asm *a, const char *name) {
  return is_name(a, &a->toks.data[0], name) && !is_op(peek2(a), ":");
}

static void repeat_block(Asm *a) {
  Tok *t = next(a); /* .rept */
  uint32_t rept_at = t->at;
  if (a->nrepts == MAX_REPTS)
    error_at(a, rept_at, ".rept nested more than %d deep", MAX_REPTS);
  /* A negative count repeats nothing, as GNU as reads it.  */
  int64_t count = (int64_t)parse_expr(a);
  expect_end(a);
  if (count > (int64_t)a->max_repeated)
    error_at(a, rept_at, ".rept count %lld is more than %llu", (long long)count,
             (unsigned long long)a->max_repeated);
  size_t body = a->cur, body_end = 0;
  uint64_t statements = 0;
  for (unsigned depth = 1; depth; statements++) {
    body_end = a->cur;
    if (!lex_statement(a))
      error_at(a, rept_at, "no .endr after this .rept");
    if (starts_with(a, ".rept"))
      depth++;
    else if (starts_with(a, ".endr"))
      depth--;
  }
  size_t after = a->cur;
  /* The closing .endr was counted; COUNT is at most the budget, so the
     product cannot overflow.  */
  if (count > 0 && (uint64_t)count * (statements - 1) >
                       a->max_repeated - a->repeated)
    error_at(a, rept_at, ".rept repeats more than %llu statements",
             (unsigned long long)a->max_repeated);
  a->nrepts++;
  for (int64_t round = 0; round < count; round++) {
    a->cur = body;
    while (a->cur < body_end && lex_statement(a)) {
      if (++a->repeated > a->max_repeated)
        error_at(a, rept_at, ".rept repeats more than %llu statements",
                 (unsigned long long)a->max_repeated);
      statement(a);
    }
  }
  a->nrepts--;
  a->cur = after;
}

/* --- Statements --- */

static void statement(Asm *a) {
  a->normal = false;
  a->depth = 0;
  if (conditional(a) || !assembling(a))
    return;
  /* Labels: NAME ':' or NUMBER ':' (any number of them).  */
  for (;;) {
    Tok *t = peek(a);
    if (!is_op(peek2(a), ":"))
      break;
    check_raw_whole(a); /* a label names an instruction */
    if (t->kind == TOK_NAME) {
      char name[256];
      ref_name(a, t, name, sizeof name);
      define_label(a, name, t->at);
    } else if (t->kind == TOK_NUM) {
      LocalLabel *l = local_label(a, t->num);
      char name[64];
      local_name(a, t->num, l->defined++, name, sizeof name);
      define_label(a, name, t->at);
    } else {
      break;
    }
    next(a);
    next(a);
  }
  Tok *t = peek(a);
  if (t->kind == TOK_END)
    return;
  if (t->kind == TOK_NAME && a->text[t->at] == '.' && t->len > 1 &&
      !is_op(peek2(a), "=")) {
    if (is_name(a, t, ".rept"))
      repeat_block(a);
    else if (is_name(a, t, ".endr"))
      error_at(a, t->at, ".endr without .rept");
    else
      directive(a);
    return;
  }
  check_raw_whole(a);
  const Mnemonic *m = find_mnemonic(a, t);
  /* `call` and `exit` read alike in both dialects; normal syntax takes
     them.  A mnemonic followed by '=' is a symbol of pseudo-C.  */
  if (m && !is_op(peek2(a), "=")) {
    normal_statement(a, m);
    return;
  }
  pseudo_c_statement(a);
}

/* Every statement of the text; errors longjmp out.  */
static void assemble(Asm *a) {
  while (lex_statement(a))
    statement(a);
  if (a->nconds)
    error_at(a, a->conds[a->nconds - 1].at, "no .endif after this .if");
  check_raw_whole(a);
  /* Every `1f` must have met its label.  */
  for (size_t i = 0; i < a->forwards.len; i++) {
    LocalForward *f = &a->forwards.data[i];
    if (local_label(a, f->number)->defined <= f->instance)
      error_at(a, f->at, "no label '%llu:' after this",
               (unsigned long long)f->number);
  }
}

/* assemble, with its errors caught.  It is called through a volatile
   pointer so that the parser is not inlined here: its locals then need
   no protection from longjmp.  */
static bool assemble_guarded(Asm *a) {
  void (*volatile run)(Asm *) = assemble;
  if (setjmp(a->fail))
    return false;
  run(a);
  return true;
}

bool bpf_asm(BpfCode *code, const char *text, size_t len,
             const BpfAsmOptions *opts, BpfAsmError *err) {
  static const BpfAsmOptions defaults = {0};
  Asm a = {.code = code, .text = text, .len = len,
           .opts = opts ? opts : &defaults, .err = err,
           .unit = (uint32_t)code->labels.len};
  a.max_repeated = a.opts->max_repeated ? a.opts->max_repeated
                                        : DEFAULT_MAX_REPEATED;
  bool ok = assemble_guarded(&a);
  vec_free(&a.toks);
  vec_free(&a.locals);
  vec_free(&a.forwards);
  return ok;
}

bool bpf_asm_resolved(BpfCode *code, const char *text, size_t len,
                      const BpfAsmOptions *opts, BpfAsmError *err) {
  if (!bpf_asm(code, text, len, opts, err))
    return false;
  BpfCodeError cerr;
  if (bpf_code_resolve(code, &cerr))
    return true;
  uint32_t base = opts ? opts->pos_base : 0;
  bpf_asm_position(text, len, cerr.pos - base, &err->line, &err->col);
  snprintf(err->message, sizeof err->message, "%s", cerr.message);
  return false;
}
