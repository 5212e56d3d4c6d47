/* Macro expansion, as GCC's cpplib does it.

   Expansions are contexts stacked on the source file.  While a macro's
   context is on the stack the macro is disabled, and an identifier naming
   a disabled macro is painted (TF_NOEXPAND) when read, so it is never
   expanded again.  Popping the context re-enables the macro; looking for
   the '(' of a function-like macro may pop contexts, which is why
   f(2)(9) with  #define f(a) a*g  and  #define g(a) f(a)  gives 2*9*g
   (C17 6.10.3.5 example 3).

   Arguments are collected unexpanded and fully expanded on their own (in
   a context ending in TK_ARG_END) only when a parameter is used outside
   # and ##.  The ## operators are applied while substituting, with
   placemarker semantics for empty operands.  */
#include "cpp_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
  MAX_EXPAND_DEPTH = 400,           /* nested argument pre-expansions */
  DEFAULT_EXPANSION_TOKENS = 1 << 23,
};

/* --- Token buffers and contexts --- */

TokBuf *tokbuf_get(Cpp *cpp) {
  TokBuf *b = cpp->free_bufs;
  if (b) {
    cpp->free_bufs = b->next_free;
    b->len = 0;
    return b;
  }
  return xcalloc(1, sizeof(TokBuf));
}

void tokbuf_put(Cpp *cpp, TokBuf *b) {
  b->next_free = cpp->free_bufs;
  cpp->free_bufs = b;
}

void tokbuf_push(TokBuf *b, const Token *t) {
  if (b->len == b->cap) {
    b->cap = b->cap ? b->cap * 2 : 16;
    b->data = xrealloc(b->data, sizeof(Token) * b->cap);
  }
  b->data[b->len++] = *t;
}

static uint32_t expansion_limit(const Cpp *cpp) {
  return cpp->opts.max_expansion_tokens ? cpp->opts.max_expansion_tokens
                                        : DEFAULT_EXPANSION_TOKENS;
}

/* At the file's level (no context under way, no arguments being
   collected, no directive): a macro expansion beginning here is an
   outermost one, whose tokens debug info places at AT; AT none when the
   last one has ended, so that tokens pushed later by no macro (pragma
   tokens) carry no place of an expansion.  */
static void begin_expansion(Cpp *cpp, SrcLoc at) {
  if (cpp->ctx || cpp->no_file_pop || cpp->in_directive)
    return;
  cpp->xp_loc = at;
  cpp->xp = 0;
}

/* The expansion-point id for a token read from a context, made when the
   expansion hands out its first token (one that makes none costs
   nothing).  */
static uint32_t expansion_point(Cpp *cpp) {
  if (!cpp->xp && cpp->xp_loc.file)
    cpp->xp = srcloc_add_expansion(cpp->xp_loc);
  return cpp->xp;
}

static Context *push_context(Cpp *cpp, const Token *toks, uint32_t n,
                             TokBuf *buf, Macro *m) {
  Context *c = cpp->free_ctx;
  if (c)
    cpp->free_ctx = c->prev;
  else
    c = xmalloc(sizeof *c);
  memset(c, 0, sizeof *c);
  c->prev = cpp->ctx;
  c->macro = m;
  c->toks = toks;
  c->n = n;
  c->buf = buf;
  cpp->ctx = c;
  return c;
}

void cpp_push_tokens(Cpp *cpp, const Token *toks, uint32_t n, TokBuf *buf,
                     Macro *m) {
  push_context(cpp, toks, n, buf, m);
}

static void pop_context(Cpp *cpp) {
  Context *c = cpp->ctx;
  cpp->ctx = c->prev;
  if (c->macro)
    c->macro->disabled = false;
  if (c->buf)
    tokbuf_put(cpp, c->buf);
  c->prev = cpp->free_ctx;
  cpp->free_ctx = c;
  if (!cpp->in_directive)
    cpp->pending_flags |= TF_PAD | c->trail_pad;
  if (!cpp->ctx) {
    cpp->budget = expansion_limit(cpp);
    cpp->expansion_cut = false;
    if (!c->arg_end) /* not an argument of the expansion under way */
      begin_expansion(cpp, (SrcLoc){0});
  }
}

void cpp_pop_all_contexts(Cpp *cpp) {
  while (cpp->ctx)
    pop_context(cpp);
}

/* The budget ran out: end every expansion in progress quickly.  */
static void cut_expansion(Cpp *cpp, const Token *t) {
  diag_error(t->loc, "macro expansion produces more than %u tokens",
             expansion_limit(cpp));
  for (Context *c = cpp->ctx; c; c = c->prev)
    c->pos = c->n;
  cpp->expansion_cut = true;
  cpp->budget = UINT32_MAX;
}

/* Appends a token made by an expansion, within the expansion budget (so
   that memory stays bounded too).  */
static void out_push(Cpp *cpp, TokBuf *b, const Token *t) {
  if (cpp->expansion_cut)
    return;
  if (--cpp->budget == 0) {
    cut_expansion(cpp, t);
    return;
  }
  tokbuf_push(b, t);
}

void cpp_unget_token(Cpp *cpp, const Token *t) {
  /* These come back by themselves on the next read.  */
  if (t->kind == TK_EOF || t->kind == TK_EOD || t->kind == TK_ARG_END)
    return;
  if (cpp->ctx && cpp->ctx->pos > 0)
    cpp->ctx->pos--;
  else
    lookahead_push_front(cpp, t);
}

/* --- Making tokens --- */

void make_string_token(Cpp *cpp, Token *t, const char *s, size_t n,
                       SrcLoc loc) {
  memset(t, 0, sizeof *t);
  t->kind = TK_STRING;
  t->text = arena_strndup(&cpp->arena, s, n);
  t->len = (uint32_t)n;
  t->loc = loc;
}

void make_number_token(Cpp *cpp, Token *t, uintmax_t v, SrcLoc loc) {
  char tmp[32];
  int n = snprintf(tmp, sizeof tmp, "%ju", v);
  memset(t, 0, sizeof *t);
  t->kind = TK_NUMBER;
  t->text = arena_strndup(&cpp->arena, tmp, (size_t)n);
  t->len = (uint32_t)n;
  t->loc = loc;
}

/* # operator: the spelling of TOKS as a string literal.  */
static void stringize(Cpp *cpp, const Token *toks, uint32_t n, SrcLoc loc,
                      Token *out) {
  Buf b = {0};
  buf_putc(&b, '"');
  for (uint32_t i = 0; i < n; i++) {
    const Token *t = &toks[i];
    if (i && (t->flags & (TF_SPACE | TF_BOL)))
      buf_putc(&b, ' ');
    bool quoted = t->kind == TK_STRING || t->kind == TK_CHAR ||
                  t->kind == TK_HEADER_NAME ||
                  (t->kind == TK_OTHER && t->len > 1);
    for (uint32_t k = 0; k < t->len; k++) {
      char c = t->text[k];
      if (quoted && (c == '"' || c == '\\'))
        buf_putc(&b, '\\');
      buf_putc(&b, c);
    }
  }
  /* A lone trailing backslash would escape the closing quote.  */
  size_t nbs = 0;
  while (nbs + 1 < b.len && b.data[b.len - 1 - nbs] == '\\')
    nbs++;
  if (nbs % 2) {
    diag_warning(loc, W_NONE, "invalid string literal, ignoring final '\\'");
    b.len--;
  }
  buf_putc(&b, '"');
  make_string_token(cpp, out, b.data, b.len, loc);
  buf_free(&b);
}

/* ## operator: replaces *LHS by LHS RHS lexed as one token.  */
static bool paste_tokens(Cpp *cpp, Token *lhs, const Token *rhs) {
  Buf b = {0};
  buf_append(&b, lhs->text, lhs->len);
  buf_append(&b, rhs->text, rhs->len);
  Token r;
  bool ok = lex_single_token(cpp, b.data, b.len, &r);
  if (!ok) {
    diag_error(lhs->loc,
               "pasting \"%.*s\" and \"%.*s\" does not give a valid "
               "preprocessing token",
               (int)lhs->len, lhs->text, (int)rhs->len, rhs->text);
  } else {
    r.flags = (uint8_t)(lhs->flags & (TF_SPACE | TF_BOL));
    r.loc = lhs->loc;
    *lhs = r;
  }
  buf_free(&b);
  return ok;
}

/* --- Arguments --- */

typedef struct MacroArg {
  uint32_t start, n; /* raw tokens in Args.raw */
  TokBuf *expanded;  /* fully macro-expanded, made on first use */
} MacroArg;

typedef struct Args {
  TokBuf *raw;
  MacroArg *args;
  MacroArg small[8];
  bool va_absent; /* GNU: `, ## __VA_ARGS__` drops the comma */
  bool spans_lines; /* the ')' is not on the line of the name */
} Args;

static void args_free(Cpp *cpp, Macro *m, Args *a) {
  uint32_t n = m->nparams ? m->nparams : 1;
  for (uint32_t i = 0; i < n; i++)
    if (a->args[i].expanded)
      tokbuf_put(cpp, a->args[i].expanded);
  if (a->args != a->small)
    free(a->args);
  tokbuf_put(cpp, a->raw);
}

/* After a function-like macro name: is the next token '('?  If not, it is
   put back.  Contexts that end on the way are popped, as in GCC.  */
static bool next_is_lparen(Cpp *cpp) {
  Token t;
  cpp->prevent_expansion++;
  cpp->no_file_pop++;
  cpp_get_token(cpp, &t);
  cpp->no_file_pop--;
  cpp->prevent_expansion--;
  if (is_punct(&t, P_LPAREN))
    return true;
  cpp_unget_token(cpp, &t);
  return false;
}

/* Collects the arguments after the '(' of M's invocation.  */
static bool collect_args(Cpp *cpp, Macro *m, const Token *name, Args *a) {
  uint32_t cap = m->nparams ? m->nparams : 1;
  memset(a, 0, sizeof *a);
  a->raw = tokbuf_get(cpp);
  a->args = cap <= ARRAY_LEN(a->small) ? a->small
                                       : xcalloc(cap, sizeof(MacroArg));
  uint32_t argc = 0, depth = 0;
  Token t;
  cpp->prevent_expansion++;
  cpp->no_file_pop++;
  for (;;) {
    cpp_get_token(cpp, &t);
    if (t.kind == TK_EOF || t.kind == TK_EOD || t.kind == TK_ARG_END) {
      cpp->no_file_pop--;
      cpp->prevent_expansion--;
      diag_error(name->loc, "unterminated argument list invoking macro \"%s\"",
                 m->name->name);
      cpp_unget_token(cpp, &t);
      return false;
    }
    if (t.kind == TK_EVENT)
      continue;
    if (t.flags & TF_BOL)
      t.flags = (uint8_t)((t.flags & ~TF_BOL) | TF_SPACE);
    if (t.kind == TK_PUNCT) {
      if (t.punct == P_LPAREN) {
        depth++;
      } else if (t.punct == P_RPAREN) {
        if (depth == 0)
          break;
        depth--;
      } else if (t.punct == P_COMMA && depth == 0 &&
                 !(m->variadic && argc + 1 >= m->nparams)) {
        if (argc < cap)
          a->args[argc].n = a->raw->len - a->args[argc].start;
        argc++;
        if (argc < cap)
          a->args[argc].start = a->raw->len;
        continue;
      }
    }
    tokbuf_push(a->raw, &t);
  }
  cpp->no_file_pop--;
  cpp->prevent_expansion--;
  a->spans_lines = t.loc.line != name->loc.line || t.loc.file != name->loc.file;
  if (argc < cap)
    a->args[argc].n = a->raw->len - a->args[argc].start;
  uint32_t nargs = argc + 1;

  if (m->nparams == 0) {
    if (nargs == 1 && a->args[0].n == 0)
      return true;
    diag_error(t.loc, "macro \"%s\" passed %u arguments, but takes just 0",
               m->name->name, nargs);
  } else if (nargs < m->nparams) {
    if (nargs + 1 == m->nparams && m->variadic) {
      a->args[nargs].start = a->raw->len;
      a->args[nargs].n = 0;
      a->va_absent = true;
      return true;
    }
    diag_error(t.loc, "macro \"%s\" requires %u arguments, but only %u given",
               m->name->name, m->nparams, nargs);
  } else if (nargs > m->nparams) {
    diag_error(t.loc, "macro \"%s\" passed %u arguments, but takes just %u",
               m->name->name, nargs, m->nparams);
  } else {
    /* GCC keeps the comma of `, ## __VA_ARGS__` for a present but empty
       argument, except for a macro whose only parameter is the variadic
       one outside strict ISO mode.  */
    if (m->variadic && m->nparams == 1 && a->args[0].n == 0 && ctx_current->lang.gnu)
      a->va_absent = true;
    return true;
  }
  if (m->loc.file)
    diag_note(m->loc, "macro \"%s\" defined here", m->name->name);
  return false;
}

void expand_tokens(Cpp *cpp, const Token *toks, uint32_t n, TokBuf *out) {
  if (cpp->expand_depth >= MAX_EXPAND_DEPTH) {
    /* Too deeply nested to expand: keep the tokens as written (they are
       rescanned later anyway).  */
    for (uint32_t i = 0; i < n; i++)
      out_push(cpp, out, &toks[i]);
    return;
  }
  Context *c = push_context(cpp, toks, n, NULL, NULL);
  c->arg_end = true;
  uint8_t saved_pending = cpp->pending_flags;
  cpp->pending_flags = 0;
  cpp->expand_depth++;
  for (;;) {
    Token t;
    cpp_get_token(cpp, &t);
    if (t.kind == TK_ARG_END)
      break;
    if (cpp->pending_flags) {
      t.flags |= cpp->pending_flags;
      cpp->pending_flags = 0;
    }
    out_push(cpp, out, &t);
  }
  cpp->expand_depth--;
  cpp->pending_flags = saved_pending;
  pop_context(cpp);
}

static TokBuf *expanded_arg(Cpp *cpp, Args *a, MacroArg *arg) {
  if (arg->expanded)
    return arg->expanded;
  TokBuf *b = tokbuf_get(cpp);
  arg->expanded = b;
  if (arg->n == 0)
    return b;
  expand_tokens(cpp, a->raw->data + arg->start, arg->n, b);
  return b;
}

/* Appends an argument's TOKS to OUT.  Unless it is the right operand of
   ##, its first token is spaced like the parameter was.  */
static void append_arg(Cpp *cpp, TokBuf *out, const Token *toks, uint32_t n,
                       const Token *param, bool paste_rhs) {
  for (uint32_t i = 0; i < n; i++) {
    Token t = toks[i];
    t.flags &= (uint8_t)~TF_BOL;
    if (i == 0 && !paste_rhs)
      t.flags = (uint8_t)((t.flags & ~TF_SPACE) | (param->flags & TF_SPACE));
    out_push(cpp, out, &t);
  }
}

/* Index of the ')' closing the __VA_OPT__ at body index I.  */
static uint32_t va_opt_end(const Macro *m, uint32_t i) {
  uint32_t depth = 0;
  for (uint32_t k = i + 1; k < m->nbody; k++) {
    const Token *t = &m->body[k];
    if (t->kind == TK_PUNCT && t->punct == P_LPAREN)
      depth++;
    else if (t->kind == TK_PUNCT && t->punct == P_RPAREN && --depth == 0)
      return k;
  }
  return m->nbody - 1;
}

/* __VA_OPT__ keeps its contents when the variadic argument expands to at
   least one token (GCC 12).  */
static bool va_opt_active(Cpp *cpp, Macro *m, Args *a) {
  MacroArg *va = &a->args[m->nparams - 1];
  if (va->n == 0)
    return false;
  return expanded_arg(cpp, a, va)->len > 0;
}

/* Where the result of a substitution begins or ends with a placemarker
   (an empty ## result), which matters when it is itself an operand of ##
   (__VA_OPT__(...) ## x).  */
typedef struct Edges {
  bool lead_pm, trail_pm;
  uint8_t pad; /* padding owed to the token after the result */
} Edges;

static void substitute(Cpp *cpp, Macro *m, Args *a, const Token *name,
                       uint32_t from, uint32_t to, TokBuf *out, Edges *edges);

/* __VA_OPT__( body[i+2 .. last) ) or its # form.  */
static void subst_va_opt(Cpp *cpp, Macro *m, Args *a, const Token *name,
                         uint32_t i, uint32_t last, TokBuf *out, Edges *op,
                         uint8_t *pad) {
  const Token *bt = &m->body[i];
  uint32_t before = out->len;
  if (bt->flags & TF_STRINGIFY) {
    TokBuf *tmp = tokbuf_get(cpp);
    Edges inner;
    if (va_opt_active(cpp, m, a))
      substitute(cpp, m, a, name, i + 2, last, tmp, &inner);
    Token s;
    stringize(cpp, tmp->data, tmp->len, name->loc, &s);
    tokbuf_put(cpp, tmp);
    s.flags = bt->flags & TF_SPACE;
    out_push(cpp, out, &s);
  } else if (va_opt_active(cpp, m, a)) {
    substitute(cpp, m, a, name, i + 2, last, out, op);
    *pad |= op->pad;
    if (out->len > before)
      out->data[before].flags = (uint8_t)((out->data[before].flags & ~TF_SPACE) |
                                          (bt->flags & TF_SPACE));
  }
  if (out->len == before)
    *pad |= (uint8_t)(TF_PAD | (bt->flags & TF_SPACE));
}

/* The argument for the parameter at body index I: stringized, as written
   (an operand of ##) or fully expanded.  Returns true for GNU's
   `, ## __VA_ARGS__`, which pastes nothing and drops the comma when the
   variadic argument was left out (*before is then moved back).  */
static bool subst_param(Cpp *cpp, Macro *m, Args *a, uint32_t i,
                        bool paste_rhs, uint32_t chain_start, SrcLoc loc,
                        TokBuf *out, uint32_t *before) {
  const Token *bt = &m->body[i];
  MacroArg *arg = &a->args[bt->punct];
  const Token *raw = arg->n ? a->raw->data + arg->start : NULL;
  bool is_va = m->variadic && bt->punct == m->nparams - 1;
  if (bt->flags & TF_STRINGIFY) {
    Token s;
    stringize(cpp, raw, arg->n, loc, &s);
    s.flags = bt->flags & TF_SPACE;
    out_push(cpp, out, &s);
  } else if (paste_rhs && is_va && is_punct(&m->body[i - 1], P_COMMA)) {
    if (!a->va_absent) {
      append_arg(cpp, out, raw, arg->n, bt, true);
    } else if (out->len > chain_start &&
               is_punct(&out->data[out->len - 1], P_COMMA)) {
      out->len--;
      *before = out->len;
    }
    return true;
  } else if ((bt->flags & TF_PASTE_LEFT) || paste_rhs) {
    append_arg(cpp, out, raw, arg->n, bt, paste_rhs);
  } else {
    TokBuf *e = expanded_arg(cpp, a, arg);
    append_arg(cpp, out, e->data, e->len, bt, false);
  }
  return false;
}

/* ## between out[at-1] and out[at]: on success the two become one token,
   with GCC's padding around it.  */
static void paste_at(Cpp *cpp, TokBuf *out, uint32_t at, uint8_t *pad) {
  if (!paste_tokens(cpp, &out->data[at - 1], &out->data[at]))
    return;
  memmove(&out->data[at], &out->data[at + 1],
          sizeof(Token) * (out->len - at - 1));
  out->len--;
  out->data[at - 1].flags |= TF_PAD;
  if (out->len > at)
    out->data[at].flags |= TF_PAD;
  else
    *pad |= TF_PAD;
}

/* Substitutes the body tokens [from, to) of M into OUT.

   Besides the tokens, this marks where GCC's printer would see "padding"
   (TF_PAD): around substituted arguments and pasted tokens.  -E uses it
   to space tokens as gcc -E does.  */
static void substitute(Cpp *cpp, Macro *m, Args *a, const Token *name,
                       uint32_t from, uint32_t to, TokBuf *out,
                       Edges *edges) {
  uint32_t chain_start = out->len; /* output length when the ## chain began */
  uint32_t chain_first = from;     /* body index where it began */
  int chain_ops = 0;
  bool lhs_pm = false; /* the chain's left operand ends in a placemarker */
  uint8_t pad = 0;     /* flags owed to the next token appended */
  edges->lead_pm = edges->trail_pm = false;
  for (uint32_t i = from; i < to; i++) {
    const Token *bt = &m->body[i];
    bool paste_rhs = i > from && (m->body[i - 1].flags & TF_PASTE_LEFT);
    bool gnu_comma = false;
    uint32_t before = out->len, last = i;
    uint8_t pad_after = 0;
    Edges op = {0};
    if (!paste_rhs) {
      chain_start = before;
      chain_first = i;
      chain_ops = 0;
      lhs_pm = false;
    }
    chain_ops++;

    if (bt->kind == TK_VA_OPT) {
      last = va_opt_end(m, i);
      subst_va_opt(cpp, m, a, name, i, last, out, &op, &pad);
    } else if (bt->kind == TK_PARAM) {
      if (!paste_rhs && i > 0)
        pad |= (uint8_t)(TF_PAD | (bt->flags & TF_SPACE));
      if (!(bt->flags & TF_PASTE_LEFT))
        pad_after = TF_PAD;
      gnu_comma = subst_param(cpp, m, a, i, paste_rhs, chain_start, name->loc,
                              out, &before);
    } else {
      Token t = *bt;
      t.loc = name->loc;
      t.flags &= (uint8_t)~(TF_PASTE_LEFT | TF_STRINGIFY);
      out_push(cpp, out, &t);
    }

    uint32_t added = out->len - before;
    if (added && pad) {
      out->data[before].flags |= pad;
      pad = 0;
    }
    if (paste_rhs && !gnu_comma && added > 0 && !op.lead_pm &&
        before > chain_start && !lhs_pm)
      paste_at(cpp, out, before, &pad);
    pad |= pad_after;
    lhs_pm = op.trail_pm || (lhs_pm && added == 0);
    if (!(m->body[last].flags & TF_PASTE_LEFT)) {
      /* the ## chain ends here */
      bool empty_chain = chain_ops >= 2 && out->len == chain_start;
      if (chain_first == from)
        edges->lead_pm = empty_chain || (chain_ops == 1 && op.lead_pm);
      if (last + 1 == to)
        edges->trail_pm = (chain_ops >= 2 && (empty_chain || lhs_pm)) ||
                          (chain_ops == 1 && op.trail_pm);
    }
    i = last;
  }
  edges->pad = pad;
}

/* Expands M, whose NAME was just read.  Returns false if NAME is to be
   returned as it is (a function-like macro without arguments, an error). */
static bool enter_macro(Cpp *cpp, Macro *m, Token *name) {
  if (cpp->expansion_cut)
    return false;
  if (!cpp->ctx)
    cpp->budget = expansion_limit(cpp);
  begin_expansion(cpp, name->loc);
  if (m->kind == MK_BUILTIN) {
    if (!expand_builtin(cpp, m, name))
      return false;
  } else if (m->kind == MK_OBJECT && m->has_paste) {
    TokBuf *out = tokbuf_get(cpp);
    Edges edges;
    substitute(cpp, m, NULL, name, 0, m->nbody, out, &edges);
    push_context(cpp, out->data, out->len, out, m)->trail_pad = edges.pad;
    m->disabled = true;
  } else if (m->kind == MK_OBJECT) {
    Context *c = push_context(cpp, m->body, m->nbody, NULL, m);
    c->relocate = true;
    c->loc = name->loc;
    m->disabled = true;
  } else {
    if (!next_is_lparen(cpp))
      return false;
    Args a;
    if (!collect_args(cpp, m, name, &a)) {
      args_free(cpp, m, &a);
      return false;
    }
    TokBuf *out = tokbuf_get(cpp);
    Edges edges;
    substitute(cpp, m, &a, name, 0, m->nbody, out, &edges);
    args_free(cpp, m, &a);
    push_context(cpp, out->data, out->len, out, m)->trail_pad =
        (uint8_t)(edges.pad | (a.spans_lines ? TF_RESYNC : 0));
    m->disabled = true;
  }
  if (cpp->in_directive) {
    cpp->expanded_in_directive = true;
    return true;
  }
  if (name->flags & TF_BOL) {
    if ((cpp->pending_flags & TF_BOL) && !cpp->stale_bol) {
      cpp->stale_bol = true; /* -E still moves to that line first */
      cpp->stale_loc = cpp->pending_loc;
    }
    cpp->pending_loc = name->loc;
    cpp->pending_flags = 0; /* what an earlier line left is stale */
  }
  cpp->pending_flags |= (name->flags & (TF_BOL | TF_SPACE)) | TF_PAD;
  return true;
}

void cpp_get_token(Cpp *cpp, Token *t) {
  for (;;) {
    Context *c = cpp->ctx;
    if (!c && cpp->replay && !cpp->in_directive &&
        cpp->la_head == cpp->lookahead.len) {
      if (pch_replay_token(cpp, t))
        return; /* the header's output: expanded already */
      continue;
    }
    if (!c) {
      if (!read_source_token(cpp, t))
        continue;
    } else if (c->pos < c->n) {
      *t = c->toks[c->pos++];
      if (c->relocate) {
        t->loc = c->loc;
        t->flags &= (uint8_t)~(TF_PASTE_LEFT | TF_STRINGIFY);
      }
      t->loc.xp = expansion_point(cpp);
      if (--cpp->budget == 0)
        cut_expansion(cpp, t);
    } else if (c->arg_end) {
      memset(t, 0, sizeof *t);
      t->kind = TK_ARG_END;
      t->text = "";
      return;
    } else {
      pop_context(cpp);
      continue;
    }

    if (t->kind != TK_IDENT || (t->flags & TF_NOEXPAND))
      return;
    Macro *m = t->ident->macro;
    if (!m)
      return;
    if (m->disabled) {
      t->flags |= TF_NOEXPAND;
      return;
    }
    if (cpp->prevent_expansion || !enter_macro(cpp, m, t))
      return;
  }
}
