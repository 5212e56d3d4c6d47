/* The parser's view of the token stream: keywords, lookahead, literal
   decoding, error recovery, and whether an identifier is a typedef name
   here (the one question of meaning the grammar itself needs).  */
#include "parser.h"

#include <string.h>

/* --- Keywords --- */

typedef struct KeywordSpelling {
  const char *spelling;
  Keyword kw;
  uint8_t when; /* which dialects make it a keyword */
} KeywordSpelling;

enum {
  KW_ALWAYS = 0,
  KW_C99 = 1,      /* C99 and later, and every GNU dialect */
  KW_GNU = 2,      /* GNU dialects and C23 */
  KW_C23 = 3,      /* C23 only */
  KW_GNU_ONLY = 4, /* GNU dialects only (asm) */
};

static const KeywordSpelling keyword_table[] = {
    {"auto", KW_AUTO, KW_ALWAYS},
    {"break", KW_BREAK, KW_ALWAYS},
    {"case", KW_CASE, KW_ALWAYS},
    {"char", KW_CHAR, KW_ALWAYS},
    {"const", KW_CONST, KW_ALWAYS},
    {"__const", KW_CONST, KW_ALWAYS},
    {"__const__", KW_CONST, KW_ALWAYS},
    {"continue", KW_CONTINUE, KW_ALWAYS},
    {"default", KW_DEFAULT, KW_ALWAYS},
    {"do", KW_DO, KW_ALWAYS},
    {"double", KW_DOUBLE, KW_ALWAYS},
    {"else", KW_ELSE, KW_ALWAYS},
    {"enum", KW_ENUM, KW_ALWAYS},
    {"extern", KW_EXTERN, KW_ALWAYS},
    {"float", KW_FLOAT, KW_ALWAYS},
    {"for", KW_FOR, KW_ALWAYS},
    {"goto", KW_GOTO, KW_ALWAYS},
    {"if", KW_IF, KW_ALWAYS},
    {"inline", KW_INLINE, KW_C99},
    {"__inline", KW_INLINE, KW_ALWAYS},
    {"__inline__", KW_INLINE, KW_ALWAYS},
    {"int", KW_INT, KW_ALWAYS},
    {"long", KW_LONG, KW_ALWAYS},
    {"register", KW_REGISTER, KW_ALWAYS},
    {"restrict", KW_RESTRICT, KW_C99},
    {"__restrict", KW_RESTRICT, KW_ALWAYS},
    {"__restrict__", KW_RESTRICT, KW_ALWAYS},
    {"return", KW_RETURN, KW_ALWAYS},
    {"short", KW_SHORT, KW_ALWAYS},
    {"signed", KW_SIGNED, KW_ALWAYS},
    {"__signed", KW_SIGNED, KW_ALWAYS},
    {"__signed__", KW_SIGNED, KW_ALWAYS},
    {"sizeof", KW_SIZEOF, KW_ALWAYS},
    {"static", KW_STATIC, KW_ALWAYS},
    {"struct", KW_STRUCT, KW_ALWAYS},
    {"switch", KW_SWITCH, KW_ALWAYS},
    {"typedef", KW_TYPEDEF, KW_ALWAYS},
    {"union", KW_UNION, KW_ALWAYS},
    {"unsigned", KW_UNSIGNED, KW_ALWAYS},
    {"void", KW_VOID, KW_ALWAYS},
    {"volatile", KW_VOLATILE, KW_ALWAYS},
    {"__volatile", KW_VOLATILE, KW_ALWAYS},
    {"__volatile__", KW_VOLATILE, KW_ALWAYS},
    {"while", KW_WHILE, KW_ALWAYS},
    {"_Alignas", KW_ALIGNAS, KW_ALWAYS},
    {"alignas", KW_ALIGNAS, KW_C23},
    {"_Alignof", KW_ALIGNOF, KW_ALWAYS},
    {"alignof", KW_ALIGNOF, KW_C23},
    {"__alignof", KW_ALIGNOF, KW_ALWAYS},
    {"__alignof__", KW_ALIGNOF, KW_ALWAYS},
    {"_Atomic", KW_ATOMIC, KW_ALWAYS},
    {"_Bool", KW_BOOL, KW_ALWAYS},
    {"bool", KW_BOOL, KW_C23},
    {"_Complex", KW_COMPLEX, KW_ALWAYS},
    {"__complex__", KW_COMPLEX, KW_ALWAYS},
    {"__complex", KW_COMPLEX, KW_ALWAYS},
    {"_Generic", KW_GENERIC, KW_ALWAYS},
    {"_Imaginary", KW_IMAGINARY, KW_ALWAYS},
    {"_Noreturn", KW_NORETURN, KW_ALWAYS},
    {"_Static_assert", KW_STATIC_ASSERT, KW_ALWAYS},
    {"static_assert", KW_STATIC_ASSERT, KW_C23},
    {"_Thread_local", KW_THREAD_LOCAL, KW_ALWAYS},
    {"thread_local", KW_THREAD_LOCAL, KW_C23},
    {"__thread", KW_THREAD_LOCAL, KW_ALWAYS},
    {"typeof", KW_TYPEOF, KW_GNU},
    {"__typeof", KW_TYPEOF, KW_ALWAYS},
    {"__typeof__", KW_TYPEOF, KW_ALWAYS},
    {"typeof_unqual", KW_TYPEOF_UNQUAL, KW_C23},
    {"__typeof_unqual", KW_TYPEOF_UNQUAL, KW_ALWAYS},
    {"__typeof_unqual__", KW_TYPEOF_UNQUAL, KW_ALWAYS},
    {"constexpr", KW_CONSTEXPR, KW_C23},
    {"nullptr", KW_NULLPTR, KW_C23},
    {"true", KW_TRUE, KW_C23},
    {"false", KW_FALSE, KW_C23},
    {"asm", KW_ASM, KW_GNU_ONLY},
    {"__asm", KW_ASM, KW_ALWAYS},
    {"__asm__", KW_ASM, KW_ALWAYS},
    {"__attribute", KW_ATTRIBUTE, KW_ALWAYS},
    {"__attribute__", KW_ATTRIBUTE, KW_ALWAYS},
    {"__extension__", KW_EXTENSION, KW_ALWAYS},
    {"__auto_type", KW_AUTO_TYPE, KW_ALWAYS},
    {"__int128", KW_INT128, KW_ALWAYS},
    {"__int128__", KW_INT128, KW_ALWAYS},
    {"__label__", KW_LABEL, KW_ALWAYS},
    {"__real", KW_REAL, KW_ALWAYS},
    {"__real__", KW_REAL, KW_ALWAYS},
    {"__imag", KW_IMAG, KW_ALWAYS},
    {"__imag__", KW_IMAG, KW_ALWAYS},
    {"__builtin_va_arg", KW_BUILTIN_VA_ARG, KW_ALWAYS},
    {"__builtin_offsetof", KW_BUILTIN_OFFSETOF, KW_ALWAYS},
    {"__builtin_types_compatible_p", KW_BUILTIN_TYPES_COMPATIBLE_P, KW_ALWAYS},
    {"__builtin_choose_expr", KW_BUILTIN_CHOOSE_EXPR, KW_ALWAYS},
    {"__builtin_va_list", KW_BUILTIN_VA_LIST, KW_ALWAYS},
    {"__builtin_tgmath", KW_BUILTIN_TGMATH, KW_ALWAYS},
    {"__builtin_shuffle", KW_BUILTIN_SHUFFLE, KW_ALWAYS},
    {"__builtin_shufflevector", KW_BUILTIN_SHUFFLE, KW_ALWAYS},
    {"__builtin_convertvector", KW_BUILTIN_CONVERTVECTOR, KW_ALWAYS},
    {"__builtin_has_attribute", KW_BUILTIN_HAS_ATTRIBUTE, KW_ALWAYS},
    {"__builtin_call_with_static_chain", KW_BUILTIN_CALL_WITH_STATIC_CHAIN,
     KW_ALWAYS},
    {"__builtin_counted_by_ref", KW_BUILTIN_COUNTED_BY_REF, KW_ALWAYS},
    {"_Float16", KW_FLOAT16, KW_ALWAYS},
    {"_Float32", KW_FLOAT32, KW_ALWAYS},
    {"_Float64", KW_FLOAT64, KW_ALWAYS},
    {"_Float128", KW_FLOAT128, KW_ALWAYS},
    {"_Float32x", KW_FLOAT32X, KW_ALWAYS},
    {"_Float64x", KW_FLOAT64X, KW_ALWAYS},
    {"_Float128x", KW_FLOAT128X, KW_ALWAYS},
    {"__float128", KW_FLOAT128_GNU, KW_ALWAYS},
    {"__float80", KW_FLOAT80, KW_ALWAYS},
    {"__bf16", KW_BF16, KW_ALWAYS},
    {"_Decimal32", KW_DECIMAL32, KW_ALWAYS},
    {"_Decimal64", KW_DECIMAL64, KW_ALWAYS},
    {"_Decimal128", KW_DECIMAL128, KW_ALWAYS},
    {"_BitInt", KW_BITINT, KW_ALWAYS},
};

static bool keyword_enabled(uint8_t when) {
  switch (when) {
  case KW_ALWAYS:
    return true;
  case KW_C99:
    return lang_year() >= 1999 || ctx_current->lang.gnu;
  case KW_GNU:
    return ctx_current->lang.gnu || lang_year() >= 2023;
  case KW_C23:
    return lang_year() >= 2023;
  case KW_GNU_ONLY:
    return ctx_current->lang.gnu;
  }
  return false;
}

void parser_init_keywords(void) {
  for (size_t i = 0; i < ARRAY_LEN(keyword_table); i++) {
    Ident *id = intern_cstr(keyword_table[i].spelling);
    id->keyword = keyword_enabled(keyword_table[i].when)
                      ? (int16_t)keyword_table[i].kw
                      : 0;
  }
  /* Target-specific type keywords.  */
  if (ctx_current->target.arch == ARCH_BPF) {
    static const char *const x86_only[] = {"__float128", "__float80",
                                           "__bf16"};
    for (size_t i = 0; i < ARRAY_LEN(x86_only); i++)
      intern_cstr(x86_only[i])->keyword = 0;
  }
}

int keyword_of(const Token *t) {
  return t->kind == TK_IDENT ? t->ident->keyword : 0;
}

/* --- Fatal errors and nesting --- */

_Noreturn void parse_fatal(Parser *p, SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_verror(loc, fmt, ap);
  va_end(ap);
  longjmp(p->fatal, 1);
}

void nest_enter(Parser *p, const char *what) {
  if (++p->nesting > MAX_NESTING)
    parse_fatal(p, cur_loc(p), "%s nested too deeply (more than %d levels)",
                what, MAX_NESTING);
}

/* --- Lookahead --- */

/* Collect a pragma's tokens (up to TK_PRAGMA_END) and let the pragma
   handler see them through the ordinary peek/next interface by placing
   them in a side buffer (p->pragma_toks).  */
static const Token *raw_next(Parser *p) {
  if (p->in_pragma) {
    if (p->pragma_pos < p->pragma_toks.len)
      return &p->pragma_toks.data[p->pragma_pos++];
    p->pragma_end = (Token){.kind = TK_PRAGMA_END};
    return &p->pragma_end;
  }
  for (;;) {
    const Token *t = cpp_next(p->cpp);
    if (t->kind != TK_PRAGMA)
      return t;
    p->pragma_toks.len = 0;
    p->pragma_pos = 0;
    for (;;) {
      const Token *u = cpp_next(p->cpp);
      if (u->kind == TK_PRAGMA_END || u->kind == TK_EOF)
        break;
      vec_push(&p->pragma_toks, *u);
    }
    /* Run the handler on the collected tokens with a fresh lookahead.  */
    Token saved[LOOKAHEAD];
    unsigned saved_start = p->la_start, saved_count = p->la_count;
    memcpy(saved, p->la, sizeof saved);
    p->la_start = p->la_count = 0;
    p->in_pragma = true;
    handle_pragma(p);
    p->in_pragma = false;
    memcpy(p->la, saved, sizeof saved);
    p->la_start = saved_start;
    p->la_count = saved_count;
  }
}

const Token *peek_fill(Parser *p, int n) {
  while (p->la_count <= (unsigned)n) {
    const Token *t = raw_next(p);
    p->la[(p->la_start + p->la_count) & (LOOKAHEAD - 1)] = *t;
    p->la_count++;
    if (t->flags & TF_BOL)
      p->input_loc = t->loc;
  }
  return &p->la[(p->la_start + (unsigned)n) & (LOOKAHEAD - 1)];
}



/* Whether T is a keyword only from C23 on (bool, false, nullptr...):
   GCC names the standard when older code uses one as a name.  */
bool token_is_c23_keyword(const Token *t) {
  if (t->kind != TK_IDENT || !t->ident->keyword)
    return false;
  for (size_t i = 0; i < ARRAY_LEN(keyword_table); i++)
    if (keyword_table[i].when == KW_C23 &&
        strcmp(keyword_table[i].spelling, t->ident->name) == 0)
      return true;
  return false;
}

/* The error for a C23 keyword T used as a name (WHAT says how), with
   GCC's note.  */
void diag_c23_keyword_as_name(const Token *t, const char *what) {
  diag_error(t->loc, what, t->ident->name);
  diag_note(t->loc, "'%s' is a keyword with '-std=c23' onwards", t->ident->name);
}

/* GCC's pedwarn for a keyword C11 added (or C99's _Bool), written as
   that keyword (T), before its standard; GNU spellings (__thread,
   __alignof__ ...) draw none.  */
void report_c11_keyword(const Token *t) {
  static const struct {
    const char *spelling, *what;
    int year;
  } added[] = {
      {"_Static_assert", "'_Static_assert'", 2011},
      {"_Alignas", "'_Alignas'", 2011},
      {"_Alignof", "'_Alignof'", 2011},
      {"_Thread_local", "'_Thread_local'", 2011},
      {"_Atomic", "the '_Atomic' qualifier", 2011},
      {"_Bool", "boolean types", 1999},
  };
  /* Every qualifier and storage class comes here: only the spellings
     above, and only when -Wpedantic could show them, are looked up.  */
  if (t->text[0] != '_' || !ctx_current->diag_opts.enabled[W_PEDANTIC])
    return;
  for (size_t i = 0; i < ARRAY_LEN(added); i++) {
    if (t->len != strlen(added[i].spelling) ||
        memcmp(t->text, added[i].spelling, t->len) != 0)
      continue;
    bool c90 = lang_year() < 1999;
    if (added[i].year == 1999)
      diag_pedwarn_c90(t->loc, W_PEDANTIC, "ISO C90 does not support %s", added[i].what);
    else
      diag_pedwarn_c99(t->loc, W_PEDANTIC, "ISO C%s does not support %s",
                       c90 ? "90" : "99", added[i].what);
    return;
  }
}

/* Where a syntax error is, after "expected X": "before 'y'" (or
   "before numeric constant" ...), or "at end of input", in GCC's words. */
const char *syntax_where(const Token *t) {
  char buf[96];
  int len = t->len > 60 ? 60 : (int)t->len;
  switch (t->kind) {
  case TK_EOF:
    return "at end of input";
  case TK_PRAGMA_END:
    return "before end of line";
  case TK_STRING:
    return "before string constant";
  case TK_NUMBER:
  case TK_CHAR:
    return "before numeric constant";
  case TK_PUNCT:
  case TK_OTHER:
    snprintf(buf, sizeof buf, "before '%.*s' token", len, t->text);
    break;
  default:
    snprintf(buf, sizeof buf, "before '%.*s'", len, t->text);
    break;
  }
  /* (for an error message: a few bytes of the compilation's arena) */
  return arena_strndup(perm, buf, strlen(buf));
}

/* Whether a syntax error is to be reported now (GCC's parser->error):
   one is, and none after it until the parser resynchronises.  */
static bool syntax_error_first(Parser *p) {
  if (p->syntax_error_pending)
    return false;
  p->syntax_error_pending = true;
  return true;
}

void syntax_error_at(Parser *p, SrcLoc loc, const Token *t, const char *expected) {
  if (t->kind != TK_EOF)
    p->input_loc = t->loc; /* GCC moves its input location to the token */
  if (syntax_error_first(p))
    diag_error(t->kind == TK_EOF ? p->input_loc : loc, "expected %s %s", expected,
               syntax_where(t));
}

void syntax_error(Parser *p, const Token *t, const char *expected) {
  syntax_error_at(p, t->loc, t, expected);
}

/* Where GCC reports a missing C: a closing ')' ']' ';' or ':' goes just
   after the token before it (its fix-it place) when that token was
   written in the file, not made by a macro; others at the next token. */
static SrcLoc missing_token_loc(const Parser *p, Punct c, const Token *next) {
  bool closing = c == P_RPAREN || c == P_RBRACKET || c == P_SEMI || c == P_COLON;
  const Token *prev = &p->prev;
  if (!closing || !prev->loc.file || prev->loc.xp || prev->kind == TK_EOF)
    return next->loc;
  SrcLoc after = prev->loc;
  after.col += prev->len;
  return after;
}

static bool is_opening(const Token *t) {
  return t->kind == TK_PUNCT &&
         (t->punct == P_LPAREN || t->punct == P_LBRACKET || t->punct == P_LBRACE);
}

static bool is_closing(const Token *t) {
  return t->kind == TK_PUNCT &&
         (t->punct == P_RPAREN || t->punct == P_RBRACKET || t->punct == P_RBRACE);
}

/* GCC's c_parser_skip_until_found after a missing C: tokens are skipped
   to the next C outside brackets, which is taken, or to a closing
   bracket of an enclosing group, which is left; either resynchronises.
   At the end of input nothing does.  */
void skip_until_found(Parser *p, Punct c) {
  unsigned depth = 0;
  for (;;) {
    const Token *t = peek(p, 0);
    if (t->kind == TK_PUNCT && t->punct == c && depth == 0) {
      next(p);
      break;
    }
    if (t->kind == TK_EOF || t->kind == TK_PRAGMA_END)
      return;
    if (is_opening(t))
      depth++;
    else if (is_closing(t) && depth-- == 0)
      break;
    next(p);
  }
  p->syntax_error_pending = false;
}

bool require_punct(Parser *p, Punct c) {
  if (accept_punct(p, c))
    return true;
  const Token *t = peek(p, 0);
  if (syntax_error_first(p))
    diag_error(missing_token_loc(p, c, t), "expected '%s' %s", punct_spelling(c),
               syntax_where(t));
  return false;
}

bool expect_punct(Parser *p, Punct c, const char *what) {
  if (accept_punct(p, c))
    return true;
  if (what)
    syntax_error(p, peek(p, 0), what);
  else
    require_punct(p, c);
  if (c == P_RPAREN || c == P_RBRACKET || c == P_RBRACE || c == P_SEMI)
    skip_until_found(p, c);
  return false;
}

int at_keyword(Parser *p) { return keyword_of(peek(p, 0)); }

bool accept_keyword(Parser *p, Keyword k) {
  if (at_keyword(p) != (int)k)
    return false;
  next(p);
  return true;
}

/* K's first spelling in the table (its plain one), for messages.  */
static const char *keyword_spelling(Keyword k) {
  for (size_t i = 0; i < sizeof keyword_table / sizeof keyword_table[0]; i++)
    if (keyword_table[i].kw == k)
      return keyword_table[i].spelling;
  return "?";
}

bool require_keyword(Parser *p, Keyword k) {
  if (accept_keyword(p, k))
    return true;
  char quoted[32];
  snprintf(quoted, sizeof quoted, "'%s'", keyword_spelling(k));
  syntax_error(p, peek(p, 0), quoted);
  return false;
}

bool at_eof(Parser *p) {
  int k = peek(p, 0)->kind;
  return k == TK_EOF || k == TK_PRAGMA_END;
}

SrcLoc cur_loc(Parser *p) { return peek(p, 0)->loc; }

/* Skip one balanced group starting at an opening bracket, or one token.  */
void skip_balanced(Parser *p) {
  int depth = 0;
  do {
    const Token *t = peek(p, 0);
    if (t->kind == TK_EOF)
      return;
    if (t->kind == TK_PUNCT) {
      if (t->punct == P_LPAREN || t->punct == P_LBRACKET ||
          t->punct == P_LBRACE)
        depth++;
      else if (t->punct == P_RPAREN || t->punct == P_RBRACKET ||
               t->punct == P_RBRACE)
        depth--;
    }
    next(p);
  } while (depth > 0);
}

/* After a syntax error in a declaration or statement (GCC's
   c_parser_skip_to_end_of_block_or_statement): skip to just after the
   next ';' outside braces, or after the '}' that closes a block opened
   on the way or the enclosing one; either resynchronises.  */
void skip_to_decl_end(Parser *p) {
  unsigned depth = 0;
  for (;;) {
    const Token *t = peek(p, 0);
    if (t->kind == TK_EOF || t->kind == TK_PRAGMA_END)
      return;
    if (t->kind == TK_PUNCT) {
      if (t->punct == P_SEMI && depth == 0) {
        next(p);
        break;
      }
      if (t->punct == P_RBRACE && (depth == 0 || --depth == 0)) {
        next(p);
        break;
      }
      if (t->punct == P_LBRACE)
        depth++;
    }
    next(p);
  }
  p->syntax_error_pending = false;
}

/* --- Literals --- */

static int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static void append_unit(Buf *b, uint32_t v, int width) {
  for (int i = 0; i < width; i++)
    buf_putc(b, (char)((v >> (8 * i)) & 0xff));
}

static void append_utf8(Buf *b, uint32_t c) {
  if (c < 0x80) {
    buf_putc(b, (char)c);
  } else if (c < 0x800) {
    buf_putc(b, (char)(0xc0 | (c >> 6)));
    buf_putc(b, (char)(0x80 | (c & 0x3f)));
  } else if (c < 0x10000) {
    buf_putc(b, (char)(0xe0 | (c >> 12)));
    buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3f)));
    buf_putc(b, (char)(0x80 | (c & 0x3f)));
  } else {
    buf_putc(b, (char)(0xf0 | (c >> 18)));
    buf_putc(b, (char)(0x80 | ((c >> 12) & 0x3f)));
    buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3f)));
    buf_putc(b, (char)(0x80 | (c & 0x3f)));
  }
}

/* Decode one UTF-8 sequence at *s (bounded by end); advances *s.  */
static uint32_t read_utf8(const char **s, const char *end) {
  const unsigned char *u = (const unsigned char *)*s;
  uint32_t c = u[0];
  int n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
  if (n == 0 || (const char *)u + n >= end + 1) {
    (*s)++;
    return c;
  }
  c &= (uint32_t)(0x3f >> n);
  for (int i = 1; i <= n; i++) {
    if ((u[i] & 0xc0) != 0x80) {
      (*s)++;
      return u[0];
    }
    c = (c << 6) | (u[i] & 0x3f);
  }
  *s += n + 1;
  return c;
}

/* Decode the body of a literal (between the quotes) into code units of
   WIDTH bytes appended to B; returns the number of units.  */
static uint32_t decode_literal_body(const char *s, const char *end, int width,
                                    SrcLoc loc, Buf *b) {
  uint32_t units = 0;
  while (s < end) {
    uint32_t c;
    bool is_code_point = false; /* from \u or a multibyte char: encode */
    if (*s != '\\') {
      if ((unsigned char)*s >= 0x80 && width > 1) {
        c = read_utf8(&s, end);
        is_code_point = true;
      } else {
        c = (unsigned char)*s++;
      }
    } else {
      s++;
      if (s >= end)
        break;
      char e = *s++;
      switch (e) {
      case 'n': c = '\n'; break;
      case 't': c = '\t'; break;
      case 'r': c = '\r'; break;
      case 'a': c = 7; break;
      case 'b': c = 8; break;
      case 'f': c = 12; break;
      case 'v': c = 11; break;
      case 'e': case 'E': c = 27; break;
      case 'x': {
        c = 0;
        bool any = false;
        while (s < end && hex_value(*s) >= 0) {
          c = c * 16 + (uint32_t)hex_value(*s++);
          any = true;
        }
        if (!any)
          diag_error(loc, "\\x used with no following hex digits");
        break;
      }
      case 'u':
      case 'U': {
        int n = e == 'u' ? 4 : 8;
        c = 0;
        for (int i = 0; i < n && s < end && hex_value(*s) >= 0; i++)
          c = c * 16 + (uint32_t)hex_value(*s++);
        is_code_point = true;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          c = (uint32_t)(e - '0');
          for (int i = 0; i < 2 && s < end && *s >= '0' && *s <= '7'; i++)
            c = c * 8 + (uint32_t)(*s++ - '0');
        } else {
          c = (unsigned char)e;
        }
      }
    }
    if (is_code_point && width == 1) {
      size_t before = b->len;
      append_utf8(b, c);
      units += (uint32_t)(b->len - before);
    } else if (is_code_point && width == 2 && c >= 0x10000) {
      c -= 0x10000;
      append_unit(b, 0xd800 + (c >> 10), 2);
      append_unit(b, 0xdc00 + (c & 0x3ff), 2);
      units += 2;
    } else {
      append_unit(b, c, width);
      units++;
    }
  }
  return units;
}

/* Prefix of a string/char token: width in bytes and whether it is u8.  */
static const char *literal_prefix(const Token *t, int *width, bool *u8,
                                  Type **elem) {
  const char *s = t->text;
  *u8 = false;
  if (s[0] == 'L') {
    *width = 4;
    *elem = ty_wchar;
    return s + 1;
  }
  if (s[0] == 'u' && s[1] == '8') {
    *width = 1;
    *u8 = true;
    *elem = lang_year() >= 2023 ? ty_uchar : ty_char;
    return s + 2;
  }
  if (s[0] == 'u') {
    *width = 2;
    *elem = ty_char16;
    return s + 1;
  }
  if (s[0] == 'U') {
    *width = 4;
    *elem = ty_char32;
    return s + 1;
  }
  *width = 1;
  *elem = ty_char;
  return s;
}

bool parse_string_literal(Parser *p, Expr *out) {
  memset(out, 0, sizeof *out); /* no declaration, no bit-field: a literal */
  /* Concatenate adjacent literals; the widest prefix wins.  */
  int width = 1;
  bool u8 = false;
  Type *elem = ty_char;
  SrcLoc loc = peek(p, 0)->loc;
  for (int i = 0; peek(p, i)->kind == TK_STRING; i++) {
    int w;
    bool is_u8;
    Type *e;
    literal_prefix(peek(p, i), &w, &is_u8, &e);
    if (i >= LOOKAHEAD - 1)
      break;
    if (w > width || (w == width && e != elem && w > 1)) {
      if (width > 1 && w != width)
        diag_error(peek(p, i)->loc,
                   "unsupported non-standard concatenation of string "
                   "literals");
      width = w;
      elem = e;
    }
    if (is_u8 && width == 1) {
      u8 = true;
      elem = e;
    }
  }
  Buf b = {0};
  uint32_t units = 0;
  while (peek(p, 0)->kind == TK_STRING) {
    Token t = next(p);
    int w;
    bool is_u8;
    Type *e;
    const char *body = literal_prefix(&t, &w, &is_u8, &e);
    if (w > width) { /* widened by a later literal: re-encode */
      width = w;
      elem = e;
    }
    const char *end = t.text + t.len - 1;
    if (*body == '"' && end > body)
      units += decode_literal_body(body + 1, end, width, t.loc, &b);
  }
  append_unit(&b, 0, width);
  out->str = arena_strndup(perm, b.data ? b.data : "", b.len);
  out->str_len = units;
  out->str_width = (uint8_t)width;
  out->str_u8 = u8;
  buf_free(&b);
  out->type = type_array(elem, (int64_t)units + 1);
  out->flags = EF_STRING | EF_LVALUE;
  out->loc = loc;
  out->cv.kind = CV_ADDR;
  out->cv.str = true;
  return true;
}

int64_t decode_char_constant(Parser *p, const Token *t, Type **type) {
  int width;
  bool u8;
  Type *elem;
  const char *body = literal_prefix(t, &width, &u8, &elem);
  const char *end = t->text + t->len - 1;
  Buf b = {0};
  uint32_t units = 0;
  if (*body == '\'' && end > body)
    units = decode_literal_body(body + 1, end, width, t->loc, &b);
  int64_t v = 0;
  if (units == 0) {
    diag_error(t->loc, "empty character constant");
  } else if (width == 1) {
    const unsigned char *s = (const unsigned char *)b.data;
    if (units > 1 && !u8) {
      if (units > 4)
        diag_warning(t->loc, W_OTHER, "character constant too long for its type");
      else
        diag_warning(t->loc, W_OTHER, "multi-character character constant");
      for (uint32_t i = 0; i < units; i++)
        v = (int64_t)(((uint64_t)v << 8) | s[i]);
      v = (int32_t)v;
    } else {
      /* Plain char is signed on our targets.  */
      v = u8 ? (int64_t)s[0] : (int64_t)(signed char)s[0];
    }
  } else {
    uint32_t u = 0;
    const unsigned char *s = (const unsigned char *)b.data;
    for (int i = 0; i < width; i++)
      u |= (uint32_t)s[i] << (8 * i);
    v = width == 2 ? (int64_t)(uint16_t)u
                   : (elem == ty_wchar ? (int64_t)(int32_t)u : (int64_t)u);
  }
  buf_free(&b);
  if (width == 1)
    *type = u8 ? ty_uchar : ty_int;
  else
    *type = elem;
  (void)p;
  return v;
}

bool is_typedef_name(Parser *p, const Token *t) {
  (void)p;
  if (t->kind != TK_IDENT || t->ident->keyword)
    return false;
  Decl *d = lookup_ordinary(t->ident);
  return d && d->kind == DECL_TYPEDEF;
}
