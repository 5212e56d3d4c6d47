/* The lexer: translation phases 1-3 straight from the file buffer.

   Line splices (backslash, optional blanks, newline) may appear anywhere;
   scanning skips them without copying, and only a token that contains
   one gets a cleaned copy of its spelling in the arena.  Everything else
   points into the file text, so lexing allocates nothing per token.  */
#include "cpp_internal.h"

#include <string.h>

enum {
  C_ID = 1,    /* identifier character: letters, digits, _, $, UTF-8 */
  C_DIGIT = 2,
  C_BLANK = 4, /* horizontal white space */
};

/* The class of each byte, as a constant table.  */
#define CHAR_CLASS(c)                                                          \
  ((((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z') ||               \
            (c) == '_' || (c) == '$' || (c) >= 0x80                            \
        ? C_ID                                                                 \
        : 0) |                                                                 \
   ((c) >= '0' && (c) <= '9' ? C_ID | C_DIGIT : 0) |                           \
   ((c) == ' ' || (c) == '\t' || (c) == '\f' || (c) == '\v' || (c) == '\r'     \
        ? C_BLANK                                                              \
        : 0))
#define CC4(c) CHAR_CLASS(c), CHAR_CLASS(c + 1), CHAR_CLASS(c + 2), CHAR_CLASS(c + 3)
#define CC16(c) CC4(c), CC4(c + 4), CC4(c + 8), CC4(c + 12)
#define CC64(c) CC16(c), CC16(c + 16), CC16(c + 32), CC16(c + 48)
static const uint8_t char_class[256] = {CC64(0), CC64(64), CC64(128), CC64(192)};
#undef CC64
#undef CC16
#undef CC4
#undef CHAR_CLASS

#define IS_ID(c) (char_class[(unsigned char)(c)] & C_ID)
#define IS_DIGIT(c) (char_class[(unsigned char)(c)] & C_DIGIT)
#define IS_BLANK(c) (char_class[(unsigned char)(c)] & C_BLANK)

void lex_init(Lexer *lx, Cpp *cpp, const char *text, size_t len,
              uint32_t file) {
  memset(lx, 0, sizeof *lx);
  lx->p = text;
  lx->end = text + len;
  lx->line_start = text;
  lx->line = 1;
  lx->file = file;
  lx->bol = true;
  lx->cpp = cpp;
  if (lang_year() < 1999)
    lx->c90_line_comments = ctx_current->lang.gnu ? 1 : 2;
}


/* Length of the line splice starting at p, or 0.  GCC also accepts blanks
   between the backslash and the newline.  */
static inline size_t splice_len(const char *p) {
  if (p[0] != '\\')
    return 0;
  const char *q = p + 1;
  while (IS_BLANK(*q))
    q++;
  return *q == '\n' ? (size_t)(q + 1 - p) : 0;
}

static inline const char *after_splices(const char *p) {
  size_t n;
  while (*p == '\\' && (n = splice_len(p)) != 0)
    p += n;
  return p;
}

/* Account for the newlines of splices in [from, to).  */
static void note_newlines(Lexer *lx, const char *from, const char *to) {
  for (const char *p = from; p < to; p++)
    if (*p == '\n') {
      lx->line++;
      lx->line_start = p + 1;
    }
}

static SrcLoc loc_at(const Lexer *lx, const char *p) {
  return (SrcLoc){lx->file, lx->line, (uint32_t)(p - lx->line_start + 1), 0};
}

/* The spelling of [start, end) without its line splices.  */
static const char *clean_spelling(Lexer *lx, const char *start,
                                  const char *end, uint32_t *len) {
  char *out = arena_alloc(&lx->cpp->arena, (size_t)(end - start) + 1);
  size_t n = 0;
  for (const char *p = start; p < end;) {
    size_t s = splice_len(p);
    if (s) {
      p += s;
      continue;
    }
    out[n++] = *p++;
  }
  out[n] = 0;
  *len = (uint32_t)n;
  return out;
}

/* A "//" at P (its second '/' at Q) in C90: GCC's error or pedwarn,
   once per file.  Returns false when ISO C90 makes it two '/' tokens
   (a "//" followed by "*", or in a directive).  */
static bool c90_line_comment(Lexer *lx, const char *p, const char *q,
                             bool in_directive) {
  if (lx->c90_line_comments == 2 && (*after_splices(q + 1) == '*' || in_directive))
    return false;
  if (lx->line_comment_reported || lx->quiet)
    return true;
  lx->line_comment_reported = true;
  SrcLoc loc = loc_at(lx, p);
  if (srcfile_get(loc.file)->system_header)
    return true;
  bool shown = true;
  if (lx->c90_line_comments == 2)
    diag_error(loc, "C++ style comments are not allowed in ISO C90");
  else
    shown = diag_pedwarn(loc, W_PEDANTIC, "C++ style comments are not allowed in ISO C90");
  if (shown)
    diag_note(loc, "(this will be reported only once per input file)");
  return true;
}

/* p is at the '*' of a comment opener; returns the end of the comment. */
static const char *skip_block_comment(Lexer *lx, const char *p) {
  SrcLoc start = loc_at(lx, p - 1);
  p++;
  for (;;) {
    while (*p != '*' && *p != '\n' && *p != 0)
      p++;
    if (*p == '*') {
      const char *q = after_splices(p + 1);
      if (*q == '/') {
        note_newlines(lx, p, q);
        return q + 1;
      }
      p++;
    } else if (*p == '\n') {
      lx->line++;
      lx->line_start = ++p;
    } else if (p >= lx->end) {
      if (!lx->quiet)
        diag_error(start, "unterminated comment");
      return p;
    } else {
      p++; /* a NUL inside the comment */
    }
  }
}

/* p is just after the "//"; returns the newline ending the comment (a
   backslash before it continues the comment on the next line).  */
static const char *skip_line_comment(Lexer *lx, const char *p) {
  for (;;) {
    const char *nl = memchr(p, '\n', (size_t)(lx->end - p));
    if (!nl)
      return lx->end;
    const char *b = nl;
    while (b > p && IS_BLANK(b[-1]))
      b--;
    if (b > p && b[-1] == '\\') {
      lx->line++;
      lx->line_start = nl + 1;
      p = nl + 1;
      continue;
    }
    return nl;
  }
}

static bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
         (c >= 'A' && c <= 'F');
}

/* Length of a universal character name \uXXXX or \UXXXXXXXX at p, or 0. */
static size_t ucn_len(const char *p) {
  if (p[0] != '\\' || (p[1] != 'u' && p[1] != 'U'))
    return 0;
  size_t digits = p[1] == 'u' ? 4 : 8;
  for (size_t i = 0; i < digits; i++)
    if (!is_hex(p[2 + i]))
      return 0;
  return 2 + digits;
}

static const char *scan_ident(const char *p, bool *spliced, bool *ucn) {
  for (;;) {
    if (IS_ID(*p)) {
      p++;
      continue;
    }
    if (*p == '\\') {
      size_t n = splice_len(p);
      if (n) {
        *spliced = true;
        p += n;
        continue;
      }
      n = ucn_len(p);
      if (n) {
        *ucn = true;
        p += n;
        continue;
      }
    }
    return p;
  }
}

static const char *scan_number(const char *p, bool digit_seps, bool *spliced) {
  p++;
  for (;;) {
    char c = *p;
    if (c == '\'' && digit_seps && IS_ID(p[1])) {
      p += 2; /* pp-number ' digit, pp-number ' nondigit (C23) */
      continue;
    }
    if (IS_ID(c) || c == '.') {
      char l = (char)(c | 0x20);
      if (l == 'e' || l == 'p') {
        const char *q = after_splices(p + 1);
        if (*q == '+' || *q == '-') {
          if (q != p + 1)
            *spliced = true;
          p = q + 1;
          continue;
        }
      }
      p++;
      continue;
    }
    if (c == '\\') {
      size_t n = splice_len(p);
      if (n) {
        *spliced = true;
        p += n;
        continue;
      }
      n = ucn_len(p);
      if (n) {
        p += n;
        continue;
      }
    }
    return p;
  }
}

/* p is after the opening quote.  Returns the end of the literal, or the
   newline / end of text if it is unterminated (*ok = false).  */
static const char *scan_quoted(Lexer *lx, const char *p, char quote,
                               bool *spliced, bool *ok) {
  for (;;) {
    char c = *p;
    if (c == quote)
      return p + 1;
    if (c == '\n' || (c == 0 && p >= lx->end)) {
      *ok = false;
      return p;
    }
    if (c == '\\') {
      size_t n = splice_len(p);
      if (n) {
        *spliced = true;
        p += n;
        continue;
      }
      p++;
      const char *q = after_splices(p);
      if (q != p)
        *spliced = true;
      p = q;
      if (*p == '\n' || (*p == 0 && p >= lx->end))
        continue;
    }
    p++;
  }
}

/* Does an identifier spelled [s, s+n) prefix a literal opened by QUOTE?  */
static bool is_literal_prefix(const Cpp *cpp, const char *s, size_t n,
                              char quote) {
  if (n == 1) {
    if (s[0] == 'L')
      return true;
    if (s[0] == 'u' || s[0] == 'U')
      return cpp->uliterals;
    return false;
  }
  if (n == 2 && s[0] == 'u' && s[1] == '8')
    return quote == '"' ? cpp->uliterals : cpp->u8_chars;
  return false;
}

/* Encode code point CP as UTF-8 into OUT; returns the byte count.  */
static size_t utf8_encode(uint32_t cp, char *out) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xc0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xe0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
  }
  out[0] = (char)(0xf0 | ((cp >> 18) & 0x07));
  out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
  out[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

/* An identifier spelled with UCNs names the same entity as its UTF-8
   spelling, so that is the spelling we intern.  */
static const char *ucn_to_utf8(Lexer *lx, const char *s, uint32_t *len) {
  char *out = arena_alloc(&lx->cpp->arena, (size_t)*len * 4 + 1);
  size_t n = 0;
  for (size_t i = 0; i < *len;) {
    size_t u = ucn_len(s + i);
    if (u && i + u <= *len) {
      uint32_t cp = 0;
      for (size_t k = 2; k < u; k++) {
        char c = s[i + k];
        cp = cp * 16 + (uint32_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
      }
      if (cp > 0x10ffff)
        cp = 0xfffd;
      n += utf8_encode(cp, out + n);
      i += u;
    } else {
      out[n++] = s[i++];
    }
  }
  out[n] = 0;
  *len = (uint32_t)n;
  return out;
}

/* Punctuator at p.  Sets *punct and returns its end (splices inside a
   punctuator are allowed, as in "-\<newline>>").  */
static const char *scan_punct(const Cpp *cpp, const char *p, Punct *punct) {
  const char *q1 = after_splices(p + 1);
  char c1 = *q1;
  const char *q2;
#define ONE(P) return (*punct = (P), p + 1)
#define TWO(P) return (*punct = (P), q1 + 1)
  switch (*p) {
  case '[': ONE(P_LBRACKET);
  case ']': ONE(P_RBRACKET);
  case '(': ONE(P_LPAREN);
  case ')': ONE(P_RPAREN);
  case '{': ONE(P_LBRACE);
  case '}': ONE(P_RBRACE);
  case ';': ONE(P_SEMI);
  case ',': ONE(P_COMMA);
  case '?': ONE(P_QUESTION);
  case '~': ONE(P_TILDE);
  case '.':
    if (c1 == '.') {
      q2 = after_splices(q1 + 1);
      if (*q2 == '.')
        return (*punct = P_ELLIPSIS, q2 + 1);
    }
    ONE(P_DOT);
  case '+':
    if (c1 == '+') TWO(P_INC);
    if (c1 == '=') TWO(P_ADD_ASSIGN);
    ONE(P_PLUS);
  case '-':
    if (c1 == '-') TWO(P_DEC);
    if (c1 == '=') TWO(P_SUB_ASSIGN);
    if (c1 == '>') TWO(P_ARROW);
    ONE(P_MINUS);
  case '&':
    if (c1 == '&') TWO(P_ANDAND);
    if (c1 == '=') TWO(P_AND_ASSIGN);
    ONE(P_AMP);
  case '|':
    if (c1 == '|') TWO(P_OROR);
    if (c1 == '=') TWO(P_OR_ASSIGN);
    ONE(P_PIPE);
  case '*':
    if (c1 == '=') TWO(P_MUL_ASSIGN);
    ONE(P_STAR);
  case '/':
    if (c1 == '=') TWO(P_DIV_ASSIGN);
    ONE(P_SLASH);
  case '^':
    if (c1 == '=') TWO(P_XOR_ASSIGN);
    ONE(P_CARET);
  case '!':
    if (c1 == '=') TWO(P_NE);
    ONE(P_NOT);
  case '=':
    if (c1 == '=') TWO(P_EQ);
    ONE(P_ASSIGN);
  case '#':
    if (c1 == '#') TWO(P_HASHHASH);
    ONE(P_HASH);
  case ':':
    if (c1 == '>') TWO(P_RBRACKET);
    if (c1 == ':' && cpp->scope_token) TWO(P_COLONCOLON);
    ONE(P_COLON);
  case '<':
    if (c1 == '<') {
      q2 = after_splices(q1 + 1);
      if (*q2 == '=')
        return (*punct = P_SHL_ASSIGN, q2 + 1);
      TWO(P_SHL);
    }
    if (c1 == '=') TWO(P_LE);
    if (c1 == ':') TWO(P_LBRACKET);
    if (c1 == '%') TWO(P_LBRACE);
    ONE(P_LT);
  case '>':
    if (c1 == '>') {
      q2 = after_splices(q1 + 1);
      if (*q2 == '=')
        return (*punct = P_SHR_ASSIGN, q2 + 1);
      TWO(P_SHR);
    }
    if (c1 == '=') TWO(P_GE);
    ONE(P_GT);
  case '%':
    if (c1 == '=') TWO(P_MOD_ASSIGN);
    if (c1 == '>') TWO(P_RBRACE);
    if (c1 == ':') {
      q2 = after_splices(q1 + 1);
      if (*q2 == '%') {
        const char *q3 = after_splices(q2 + 1);
        if (*q3 == ':')
          return (*punct = P_HASHHASH, q3 + 1);
      }
      TWO(P_HASH);
    }
    ONE(P_PERCENT);
  default:
    *punct = P_NONE;
    return p;
  }
#undef ONE
#undef TWO
}

/* Reports a literal from START that is unterminated at P; it becomes one
   TK_OTHER token up to the end of the line, as GCC makes it.  In
   directives (a #define body that is never used) it is only a warning.  */
static void unterminated_literal(Lexer *lx, const char *start, char quote,
                                 bool in_directive) {
  if (!lx->quiet) {
    SrcLoc loc = loc_at(lx, start);
    if (in_directive)
      diag_warning(loc, W_NONE, "missing terminating %c character", quote);
    else
      diag_error(loc, "missing terminating %c character", quote);
  }
}

static const char *lex_header_name(const char *p) {
  const char *q = p + 1;
  while (*q != '>' && *q != '\n' && *q != 0)
    q++;
  return *q == '>' ? q + 1 : NULL;
}

typedef enum { AT_TOKEN, AT_END_OF_LINE, AT_END_OF_TEXT } WhiteEnd;

/* Skips white space, comments, splices and (outside directives) newlines
   from *pp.  Collects TF_SPACE in *flags (reset at each newline).  */
static WhiteEnd skip_white(Lexer *lx, const char **pp, bool in_directive,
                           uint8_t *flags) {
  const char *p = *pp;
  WhiteEnd end = AT_TOKEN;
  for (;;) {
    unsigned char c = (unsigned char)*p;
    if (c == ' ' || c == '\t') {
      p++;
      *flags |= TF_SPACE;
    } else if (c == '\n') {
      if (in_directive) {
        end = AT_END_OF_LINE;
        break;
      }
      p++;
      lx->line++;
      lx->line_start = p;
      lx->bol = true;
      *flags = 0;
    } else if (c == '/') {
      const char *q = after_splices(p + 1);
      if (*q == '*') {
        note_newlines(lx, p, q);
        p = skip_block_comment(lx, q);
      } else if (*q == '/' &&
                 (!lx->c90_line_comments || c90_line_comment(lx, p, q, in_directive))) {
        note_newlines(lx, p, q);
        p = skip_line_comment(lx, q + 1);
      } else {
        break;
      }
      *flags |= TF_SPACE;
    } else if (c == '\\') {
      size_t n = splice_len(p);
      if (!n)
        break;
      note_newlines(lx, p, p + n);
      p += n;
    } else if (IS_BLANK(c)) {
      p++;
      *flags |= TF_SPACE;
    } else if (c == 0) {
      if (p >= lx->end) {
        end = AT_END_OF_TEXT;
        break;
      }
      if (!lx->quiet)
        diag_warning(loc_at(lx, p), W_NONE, "null character(s) ignored");
      p++;
      *flags |= TF_SPACE;
    } else {
      break;
    }
  }
  *pp = p;
  return end;
}

/* Gives T the spelling [start, end), cleaned of splices if it has any.  */
static void set_spelling(Lexer *lx, Token *t, const char *start,
                         const char *end, bool spliced) {
  t->text = start;
  t->len = (uint32_t)(end - start);
  if (spliced) {
    t->text = clean_spelling(lx, start, end, &t->len);
    note_newlines(lx, start, end);
  }
  lx->p = end;
}

/* A character constant or string literal whose quote is at Q (its prefix,
   if any, starts at START).  */
static void lex_literal(Lexer *lx, Token *t, const char *start, const char *q,
                        bool spliced, bool in_directive) {
  bool ok = true;
  char quote = *q;
  const char *p = scan_quoted(lx, q + 1, quote, &spliced, &ok);
  if (ok) {
    t->kind = quote == '"' ? TK_STRING : TK_CHAR;
  } else {
    unterminated_literal(lx, start, quote, in_directive);
    t->kind = TK_OTHER;
  }
  set_spelling(lx, t, start, p, spliced);
}

/* An identifier at START, or a literal with an L/u/U/u8 prefix.  */
static void lex_identifier(Lexer *lx, Token *t, const char *start,
                           bool in_directive) {
  bool spliced = false, ucn = false;
  const char *p = scan_ident(start, &spliced, &ucn);
  size_t n = (size_t)(p - start);
  const char *q = after_splices(p);
  if ((*q == '"' || *q == '\'') && n <= 3) {
    uint32_t len = (uint32_t)n;
    const char *s = spliced ? clean_spelling(lx, start, p, &len) : start;
    if (is_literal_prefix(lx->cpp, s, len, *q)) {
      lex_literal(lx, t, start, q, spliced || q != p, in_directive);
      return;
    }
  }
  t->kind = TK_IDENT;
  set_spelling(lx, t, start, p, spliced);
  if (ucn)
    t->text = ucn_to_utf8(lx, t->text, &t->len);
  t->ident = intern(t->text, t->len);
}

/* A punctuator, or any other single character as TK_OTHER.  */
static void lex_punct(Lexer *lx, Token *t, const char *start) {
  Punct punct;
  const char *end = scan_punct(lx->cpp, start, &punct);
  if (punct == P_NONE) {
    t->kind = TK_OTHER;
    set_spelling(lx, t, start, start + 1, false);
    return;
  }
  t->kind = TK_PUNCT;
  t->punct = (uint16_t)punct;
  bool spliced = false; /* a punctuator is a few bytes: no memchr call */
  for (const char *q = start; q < end; q++)
    spliced |= *q == '\\';
  set_spelling(lx, t, start, end, spliced);
}

void lex_token(Lexer *lx, Token *t, bool in_directive) {
  const char *p = lx->p;
  uint8_t flags = 0;
  bool angled = lx->angled; /* only ever for the next token */
  lx->angled = false;
  WhiteEnd end = skip_white(lx, &p, in_directive, &flags);
  t->punct = P_NONE;
  t->ident = NULL;
  t->pp = NULL;
  if (end != AT_TOKEN) {
    lx->p = p;
    t->kind = end == AT_END_OF_TEXT && !in_directive ? TK_EOF : TK_EOD;
    t->flags = t->kind == TK_EOF ? (uint8_t)(flags | TF_BOL) : flags;
    t->text = p;
    t->len = 0;
    t->loc = loc_at(lx, p);
    return;
  }

  if (lx->bol)
    flags |= TF_BOL;
  lx->bol = false;
  t->flags = flags;
  t->loc = loc_at(lx, p);
  unsigned char c = (unsigned char)*p;
  if ((IS_ID(c) && !IS_DIGIT(c)) || (c == '\\' && ucn_len(p))) {
    lex_identifier(lx, t, p, in_directive);
  } else if (IS_DIGIT(c) || (c == '.' && IS_DIGIT(*after_splices(p + 1)))) {
    bool spliced = false;
    const char *e = scan_number(p, lx->cpp->digit_seps, &spliced);
    t->kind = TK_NUMBER;
    set_spelling(lx, t, p, e, spliced);
  } else if (c == '"' || c == '\'') {
    lex_literal(lx, t, p, p, false, in_directive);
  } else if (c == '<' && angled && lex_header_name(p)) {
    t->kind = TK_HEADER_NAME;
    set_spelling(lx, t, p, lex_header_name(p), false);
  } else {
    lex_punct(lx, t, p);
  }
}

/* Skip a literal in skipped text: to its closing quote or the newline.  */
static const char *skip_quoted_quietly(Lexer *lx, const char *p) {
  char quote = *p++;
  for (;;) {
    char c = *p;
    if (c == quote)
      return p + 1;
    if (c == '\n' || (c == 0 && p >= lx->end))
      return p;
    if (c == '\\') {
      size_t n = splice_len(p);
      if (n) {
        note_newlines(lx, p, p + n);
        p += n;
        continue;
      }
      p++;
      if (*p == '\n' || (*p == 0 && p >= lx->end))
        continue;
    }
    p++;
  }
}

/* Skip to the newline ending the current line (comments may extend it). */
static const char *skip_to_newline(Lexer *lx, const char *p) {
  for (;;) {
    char c = *p;
    if (c == '\n' || (c == 0 && p >= lx->end))
      return p;
    if (c == '\\') {
      size_t n = splice_len(p);
      if (n) {
        note_newlines(lx, p, p + n);
        p += n;
        continue;
      }
    } else if (c == '"' || c == '\'') {
      p = skip_quoted_quietly(lx, p);
      continue;
    } else if (c == '/') {
      const char *q = after_splices(p + 1);
      if (*q == '*') {
        note_newlines(lx, p, q);
        p = skip_block_comment(lx, q);
        continue;
      }
      if (*q == '/') {
        note_newlines(lx, p, q);
        return skip_line_comment(lx, q + 1);
      }
    }
    p++;
  }
}

void lex_skip_line(Lexer *lx) {
  bool quiet = lx->quiet;
  lx->quiet = true;
  lx->p = skip_to_newline(lx, lx->p);
  lx->quiet = quiet;
}

bool lex_skip_to_hash_line(Lexer *lx) {
  bool quiet = lx->quiet;
  lx->quiet = true;
  const char *p = lx->p;
  bool mid_line = p != lx->line_start;
  for (;;) {
    if (mid_line) {
      p = skip_to_newline(lx, p);
      if (*p != '\n')
        break;
      p++;
      lx->line++;
      lx->line_start = p;
    }
    mid_line = true;
    /* At a line start: blanks and comments, then maybe a '#'.  */
    for (;;) {
      char c = *p;
      if (IS_BLANK(c)) {
        p++;
      } else if (c == '\\' && splice_len(p)) {
        size_t n = splice_len(p);
        note_newlines(lx, p, p + n);
        p += n;
      } else if (c == '/' && *after_splices(p + 1) == '*') {
        const char *q = after_splices(p + 1);
        note_newlines(lx, p, q);
        p = skip_block_comment(lx, q);
      } else {
        break;
      }
    }
    if (*p == '#' || (*p == '%' && *after_splices(p + 1) == ':')) {
      lx->p = p;
      lx->bol = true;
      lx->quiet = quiet;
      return true;
    }
  }
  lx->p = p;
  lx->bol = true;
  lx->quiet = quiet;
  return false;
}

bool lex_single_token(Cpp *cpp, const char *text, size_t len, Token *t) {
  char *copy = arena_strndup(&cpp->arena, text, len);
  Lexer lx;
  lex_init(&lx, cpp, copy, len, 0);
  lx.quiet = true;
  lex_token(&lx, t, true);
  if (t->kind == TK_EOD || (t->flags & TF_SPACE) || t->kind == TK_OTHER)
    return t->kind == TK_OTHER && len == 1 && lx.p == lx.end;
  return lx.p == lx.end;
}

/* Characters that continue an identifier or pp-number.  */
static bool continues_word(char c) { return IS_ID(c) || c == '\\'; }

bool tokens_would_paste(const Token *a, const Token *b) {
  if (!a || a->len == 0 || b->len == 0)
    return false;
  char c = b->text[0];
  switch (a->kind) {
  case TK_IDENT:
    if (b->kind == TK_IDENT || b->kind == TK_NUMBER)
      return true;
    if (b->kind == TK_STRING || b->kind == TK_CHAR)
      return a->len <= 2; /* L"x", u8"x" */
    return continues_word(c);
  case TK_NUMBER: {
    if (b->kind == TK_IDENT || b->kind == TK_NUMBER || c == '.' ||
        continues_word(c))
      return true;
    char l = (char)(a->text[a->len - 1] | 0x20);
    return (c == '+' || c == '-') && (l == 'e' || l == 'p');
  }
  case TK_PUNCT:
    break;
  case TK_OTHER:
    return a->text[a->len - 1] == '\\' && (c == 'u' || c == 'U');
  default:
    return false;
  }
  char last = a->text[a->len - 1];
  switch (a->punct) {
  case P_PLUS: return c == '+' || c == '=';
  case P_MINUS: return c == '-' || c == '=' || c == '>';
  case P_AMP: return c == '&' || c == '=';
  case P_PIPE: return c == '|' || c == '=';
  case P_LT: return c == '<' || c == '=' || c == ':' || c == '%';
  case P_GT: return c == '>' || c == '=';
  case P_SHL:
  case P_SHR:
  case P_STAR:
  case P_CARET:
  case P_NOT:
  case P_ASSIGN: return c == '=';
  case P_SLASH: return c == '/' || c == '*' || c == '=';
  case P_PERCENT: return c == '=' || c == '>' || c == ':';
  case P_COLON: return c == '>' || c == ':';
  case P_DOT: return c == '.' || b->kind == TK_NUMBER;
  case P_HASH: return c == '#' || (last == ':' && c == '%');
  default: return false;
  }
}

bool tokens_gcc_avoid_paste(const Token *a, const Token *b) {
  if (!a || a->len == 0 || b->len == 0)
    return false;
  char c = b->kind == TK_PUNCT ? b->text[0] : 0;
  if (a->kind == TK_PUNCT) {
    switch (a->punct) {
    case P_ASSIGN:
    case P_NOT:
    case P_MUL_ASSIGN:
    case P_STAR:
    case P_CARET:
    case P_AMP:
    case P_PIPE:
    case P_SHL:
    case P_SHR:
      if (c == '=')
        return true;
      break;
    default:
      break;
    }
    switch (a->punct) {
    case P_GT: return c == '>' || c == '=';
    case P_LT: return c == '<' || c == '%' || c == ':' || c == '=';
    case P_PLUS: return c == '+' || c == '=';
    case P_MINUS: return c == '-' || c == '>' || c == '=';
    case P_SLASH: return c == '/' || c == '*' || c == '=';
    case P_PERCENT: return c == ':' || c == '%' || c == '=';
    case P_AMP: return c == '&';
    case P_PIPE: return c == '|';
    case P_COLON: return c == ':' || c == '>';
    case P_ARROW: return c == '*';
    case P_DOT: return c == '.' || c == '%' || b->kind == TK_NUMBER;
    case P_HASH: return c == '#' || c == '%';
    case P_LE: return c == '>';
    default: return false;
    }
  }
  switch (a->kind) {
  case TK_IDENT:
    return b->kind == TK_IDENT || b->kind == TK_NUMBER ||
           b->kind == TK_CHAR || b->kind == TK_STRING;
  case TK_NUMBER:
    return b->kind == TK_NUMBER || b->kind == TK_IDENT ||
           b->kind == TK_CHAR || c == '.' || c == '+' || c == '-';
  case TK_OTHER:
    return a->text[0] == '\\' && b->kind == TK_IDENT;
  default:
    return false;
  }
}
