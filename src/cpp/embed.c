/* #embed and __has_embed (C23 6.10.4), as GCC 16 reads them.

   `#embed "file" params` (or <file>) stands for the bytes of the file as
   a comma-separated list of integer constants, one per byte (0..255),
   each at the place of the file name.  The parameters:
     limit(N)      at most N bytes (a #if expression)
     prefix(...)   tokens put before the list when it is not empty
     suffix(...)   tokens put after it when it is not empty
     if_empty(...) tokens put instead when it is empty
     gnu::offset(N) skip N bytes first (GCC's extension)
   each also spelled with underscores (__limit__, __gnu__::__offset__).
   __has_embed(file params) in #if is 0 when the file is not found or a
   parameter is not one of these, 2 when what #embed would give is empty,
   1 otherwise.  Files are searched as #include searches them, and are
   read as bytes (no trigraphs or line splicing).  */
#include "cpp_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The most bytes #embed gives: each becomes two tokens (a number and a
   comma, about 100 bytes of memory), and a device such as /dev/zero
   never ends.  Beyond it: an error (a limit() keeps within it).  */
enum { EMBED_MAX_BYTES = 8 << 20 };

typedef enum { EP_LIMIT, EP_PREFIX, EP_SUFFIX, EP_IF_EMPTY, EP_OFFSET, EP__COUNT } EmbedParam;

static const char *const param_names[EP__COUNT] = {
    [EP_LIMIT] = "limit", [EP_PREFIX] = "prefix", [EP_SUFFIX] = "suffix",
    [EP_IF_EMPTY] = "if_empty", [EP_OFFSET] = "gnu::offset"};

typedef struct EmbedParams {
  bool seen[EP__COUNT];
  uintmax_t limit, offset;
  TokBuf *toks[EP__COUNT]; /* prefix, suffix, if_empty: their tokens */
  bool unknown;            /* a parameter that is none of the above */
} EmbedParams;

/* NAME without the __X__ underscores C23 allows around a parameter's
   (or its prefix's) name.  */
static void bare_name(const Token *t, const char **s, size_t *n) {
  *s = t->text;
  *n = t->len;
  if (*n > 4 && !strncmp(*s, "__", 2) && !strncmp(*s + *n - 2, "__", 2)) {
    *s += 2;
    *n -= 4;
  }
}

static bool name_is(const char *s, size_t n, const char *want) {
  return strlen(want) == n && !strncmp(s, want, n);
}

/* pp-parameter-name: identifier ( '::' identifier )?  The parameter it
   names (EP__COUNT for one we do not know), its spelling in *SPELLED.  */
static EmbedParam read_param_name(Cpp *cpp, const Token *first, Token *next,
                                  char *spelled, size_t size, SrcLoc *last) {
  const char *s, *p = NULL;
  size_t n, pn = 0;
  bare_name(first, &s, &n);
  snprintf(spelled, size, "%.*s", (int)first->len, first->text);
  *last = first->loc;
  cpp_get_token(cpp, next);
  bool two = next->kind == TK_PUNCT && next->punct == P_COLONCOLON;
  if (next->kind == TK_PUNCT && next->punct == P_COLON) {
    Token c;
    cpp_get_token(cpp, &c);
    if (c.kind == TK_PUNCT && c.punct == P_COLON)
      two = true;
    else
      cpp_unget_token(cpp, &c);
  }
  if (two) {
    cpp_get_token(cpp, next);
    if (next->kind == TK_IDENT) {
      p = s;
      pn = n;
      bare_name(next, &s, &n);
      size_t used = strlen(spelled);
      snprintf(spelled + used, size - used, "::%.*s", (int)next->len, next->text);
      *last = next->loc;
      cpp_get_token(cpp, next);
    }
  }
  if (p) {
    if (name_is(p, pn, "gnu") && name_is(s, n, "offset"))
      return EP_OFFSET;
    return EP__COUNT;
  }
  for (int k = EP_LIMIT; k <= EP_IF_EMPTY; k++)
    if (name_is(s, n, param_names[k]))
      return (EmbedParam)k;
  return EP__COUNT;
}

/* '(' balanced-tokens ')' after a parameter, the '(' in T: the tokens
   into *OUT (when OUT is not NULL).  False at an unbalanced bracket.  */
static bool read_balanced(Cpp *cpp, Token *t, TokBuf **out) {
  Punct stack[64];
  int depth = 0;
  SrcLoc open = t->loc;
  for (bool first = true;; first = false) {
    cpp_get_token(cpp, t);
    if (first && t->kind != TK_EOD)
      open = t->loc; /* where GCC points when no ')' comes */
    if (t->kind == TK_EOD) {
      diag_error(open, "unbalanced '('");
      return false;
    }
    if (t->kind == TK_PUNCT) {
      Punct p = (Punct)t->punct;
      if (p == P_LPAREN || p == P_LBRACKET || p == P_LBRACE) {
        if (depth == (int)ARRAY_LEN(stack)) {
          diag_error(t->loc, "brackets nested too deeply in an embed parameter");
          return false;
        }
        stack[depth++] = p == P_LPAREN ? P_RPAREN : p == P_LBRACKET ? P_RBRACKET : P_RBRACE;
      } else if (p == P_RPAREN || p == P_RBRACKET || p == P_RBRACE) {
        if (depth == 0 && p == P_RPAREN)
          return true;
        if (depth == 0 || stack[depth - 1] != p) {
          diag_error(t->loc, "unbalanced '%s'", punct_spelling(p));
          return false;
        }
        depth--;
      }
    }
    if (out) {
      if (!*out)
        *out = tokbuf_get(cpp);
      tokbuf_push(*out, t);
    }
  }
}

/* The parameters after the file name, to the end of the line.  In
   __has_embed (IN_HAS) they end at its ')', left in *T, and a parameter
   we do not know is no error: it makes the answer 0.  */
static bool read_params(Cpp *cpp, EmbedParams *ep, bool in_has, Token *t) {
  cpp_get_token(cpp, t);
  for (;;) {
    if (t->kind == TK_EOD || (in_has && t->kind == TK_PUNCT && t->punct == P_RPAREN))
      return true;
    if (t->kind != TK_IDENT) {
      diag_error(t->loc, "expected parameter name");
      return false;
    }
    Token name = *t;
    char spelled[128];
    SrcLoc last;
    EmbedParam k = read_param_name(cpp, &name, t, spelled, sizeof spelled, &last);
    if (k == EP__COUNT) {
      if (!in_has) {
        diag_error(last, "unknown embed parameter '%s'", spelled);
        return false;
      }
      ep->unknown = true;
    } else if (ep->seen[k]) {
      diag_error(name.loc, "duplicate embed parameter '%s'", param_names[k]);
      return false;
    }
    if (t->kind != TK_PUNCT || t->punct != P_LPAREN) {
      if (k == EP__COUNT)
        continue; /* a parameter without a clause */
      diag_error(name.loc, "expected '('");
      return false;
    }
    if (k == EP_LIMIT || k == EP_OFFSET) {
      intmax_t v;
      if (!eval_embed_operand(cpp, t->loc, "embed", &v))
        return false;
      if (k == EP_LIMIT)
        ep->limit = (uintmax_t)v;
      else
        ep->offset = (uintmax_t)v;
    } else if (!read_balanced(cpp, t, k == EP__COUNT ? NULL : &ep->toks[k])) {
      return false;
    }
    if (k != EP__COUNT)
      ep->seen[k] = true;
    cpp_get_token(cpp, t);
  }
}

static void free_params(Cpp *cpp, EmbedParams *ep) {
  for (int k = 0; k < EP__COUNT; k++)
    if (ep->toks[k])
      tokbuf_put(cpp, ep->toks[k]);
}

/* Up to LIMIT bytes of PATH after its first OFFSET (NOLIMIT: all of it)
   into *OUT.  False with errno set when it cannot be read.  */
/* Move F past OFFSET bytes (gnu::offset): a seek in a regular file (an
   offset past its end leaves nothing to read), reading elsewhere (a
   pipe, a device), where an offset over the directive's byte budget is
   refused rather than read for ever.  */
static bool skip_embedded(FILE *f, uintmax_t offset) {
  struct stat st;
  if (offset == 0)
    return true;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
    if (offset > (uintmax_t)st.st_size)
      offset = (uintmax_t)st.st_size;
    return fseeko(f, (off_t)offset, SEEK_SET) == 0;
  }
  if (offset > EMBED_MAX_BYTES) {
    errno = EFBIG; /* "File too large" */
    return false;
  }
  char chunk[65536];
  while (offset > 0) {
    size_t want = offset < sizeof chunk ? (size_t)offset : sizeof chunk;
    size_t got = fread(chunk, 1, want, f);
    offset -= got;
    if (got < want)
      break;
  }
  return true;
}

static bool read_embedded(const char *path, uintmax_t offset, uintmax_t limit,
                          bool nolimit, Buf *out) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char chunk[65536];
  bool ok = skip_embedded(f, offset);
  while (ok && (nolimit || out->len < limit)) {
    size_t want = sizeof chunk;
    if (!nolimit && limit - out->len < want)
      want = (size_t)(limit - out->len);
    size_t got = fread(chunk, 1, want, f);
    if (out->len + got > EMBED_MAX_BYTES) {
      errno = EFBIG; /* "File too large" */
      ok = false;
      break;
    }
    buf_append(out, chunk, got);
    if (got < want)
      break;
  }
  if (ferror(f)) {
    ok = false;
    if (!errno)
      errno = EIO;
  }
  fclose(f);
  return ok;
}

/* The file a directive or __has_embed names, found as #include finds
   it; NULL when it is nowhere.  */
static IncFile *find_embedded(Cpp *cpp, const char *name, bool angled,
                              bool *system) {
  int dir;
  return find_include(cpp, name, angled, false, &dir, system);
}

/* Appends the tokens of B (if any) to OUT, the first at LOC's place.  */
static void append_tokens(TokBuf *out, const TokBuf *b) {
  for (uint32_t i = 0; b && i < b->len; i++)
    tokbuf_push(out, &b->data[i]);
}

/* The bytes of DATA as numbers separated by commas, each at LOC.  */
static void append_bytes(Cpp *cpp, TokBuf *out, const Buf *data, SrcLoc loc,
                         bool space_first) {
  char *text = arena_alloc(&cpp->arena, data->len * 4 + 1);
  for (size_t i = 0; i < data->len; i++) {
    unsigned v = (unsigned char)data->data[i];
    int n = snprintf(text, 4, "%u", v);
    Token num = {.kind = TK_NUMBER, .text = text, .len = (uint32_t)n, .loc = loc};
    if (i == 0 && space_first)
      num.flags = TF_SPACE;
    text += n;
    if (i > 0) {
      Token comma = {.kind = TK_PUNCT, .punct = P_COMMA, .text = ",", .len = 1, .loc = loc};
      tokbuf_push(out, &comma);
    }
    tokbuf_push(out, &num);
  }
}

/* # embed pp-tokens new-line  */
void do_embed(Cpp *cpp, SrcLoc loc) {
  pch_taint(cpp, "it uses #embed");
  const char *name;
  bool angled;
  Token t;
  SrcLoc name_loc;
  if (!read_header_name(cpp, loc, "#embed", &name, &angled, &name_loc)) {
    cpp_pop_all_contexts(cpp);
    return;
  }
  EmbedParams ep = {0};
  bool ok = read_params(cpp, &ep, false, &t);
  cpp_pop_all_contexts(cpp);
  skip_rest_of_directive(cpp);
  if (!ok) {
    free_params(cpp, &ep);
    return;
  }
  bool system;
  IncFile *f = find_embedded(cpp, name, angled, &system);
  if (!f) {
    diag_fatal(name_loc, "%s: No such file or directory", name);
    cpp->stopped = true; /* like a missing #include: the input ends */
    free_params(cpp, &ep);
    return;
  }
  add_dep_once(cpp, f->path, system);
  Buf data = {0};
  errno = 0;
  if (!read_embedded(f->path, ep.offset, ep.limit, !ep.seen[EP_LIMIT], &data)) {
    diag_error(name_loc, "%s: %s", f->path, strerror(errno));
    buf_free(&data);
    free_params(cpp, &ep);
    return;
  }
  /* The tokens begin a line of their own (-E); the data and the suffix
     are set apart from what comes before them, as gcc -E prints them. */
  TokBuf *out = tokbuf_get(cpp);
  if (data.len == 0) {
    append_tokens(out, ep.toks[EP_IF_EMPTY]);
  } else {
    append_tokens(out, ep.toks[EP_PREFIX]);
    append_bytes(cpp, out, &data, name_loc, ep.toks[EP_PREFIX] != NULL);
    uint32_t suffix = out->len;
    append_tokens(out, ep.toks[EP_SUFFIX]);
    if (suffix < out->len)
      out->data[suffix].flags |= TF_SPACE;
  }
  buf_free(&data);
  free_params(cpp, &ep);
  if (out->len) {
    out->data[0].flags |= TF_BOL | TF_SPACE;
    cpp_push_tokens(cpp, out->data, out->len, out, NULL);
  } else {
    tokbuf_put(cpp, out);
  }
}

/* __has_embed ( header-name pp-parameters ) */
long eval_has_embed(Cpp *cpp, Macro *m, Token *name, bool *ok) {
  pch_taint(cpp, "it uses __has_embed");
  const char *what = m->name->name;
  Token t;
  *ok = false;
  const char *file;
  bool angled;
  if (!read_operator_header_name(cpp, what, name->loc, &file, &angled))
    return 0;
  EmbedParams ep = {0};
  bool good = read_params(cpp, &ep, true, &t);
  free_params(cpp, &ep);
  if (!good)
    return 0;
  if (!is_punct(&t, P_RPAREN)) {
    diag_error(t.loc, "missing ')' after \"%s\" operand", what);
    cpp_unget_token(cpp, &t);
    return 0;
  }
  *ok = true;
  if (ep.unknown)
    return 0;
  bool system;
  IncFile *f = find_embedded(cpp, file, angled, &system);
  if (!f)
    return 0;
  Buf data = {0};
  errno = 0;
  bool readable = read_embedded(f->path, ep.offset, 1, false, &data);
  bool empty = data.len == 0 || (ep.seen[EP_LIMIT] && ep.limit == 0);
  buf_free(&data);
  if (!readable)
    return 0;
  return empty ? 2 : 1;
}
