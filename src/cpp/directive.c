/* Reading the source file: directives, conditional groups, #include,
   #line and line markers, #error/#warning, #ident.  (#define is in
   macro.c, #if expressions in expr.c, #pragma in pragma.c.)  */
#include "cpp_internal.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

enum { MAX_INCLUDE_DEPTH = 200, MAX_INCLUDES = 1 << 20 };

static const char *const directive_names[DIR__COUNT] = {
    [DIR_DEFINE] = "define",     [DIR_UNDEF] = "undef",
    [DIR_INCLUDE] = "include",   [DIR_INCLUDE_NEXT] = "include_next",
    [DIR_IMPORT] = "import",     [DIR_IF] = "if",
    [DIR_IFDEF] = "ifdef",       [DIR_IFNDEF] = "ifndef",
    [DIR_ELIF] = "elif",         [DIR_ELIFDEF] = "elifdef",
    [DIR_ELIFNDEF] = "elifndef", [DIR_ELSE] = "else",
    [DIR_ENDIF] = "endif",       [DIR_LINE] = "line",
    [DIR_ERROR] = "error",       [DIR_WARNING] = "warning",
    [DIR_PRAGMA] = "pragma",     [DIR_IDENT] = "ident",
    [DIR_SCCS] = "sccs",         [DIR_ASSERT] = "assert",
    [DIR_UNASSERT] = "unassert", [DIR_EMBED] = "embed",
};

void directives_init(void) {
  for (int k = 1; k < DIR__COUNT; k++) {
    Ident *id = intern_cstr(directive_names[k]);
    id->pp_flags = (uint16_t)((id->pp_flags & 0xff) | (k << PPF_DIRECTIVE_SHIFT));
  }
}

static DirectiveKind directive_of(const Token *t) {
  if (t->kind != TK_IDENT)
    return DIR_NONE;
  return (DirectiveKind)(t->ident->pp_flags >> PPF_DIRECTIVE_SHIFT);
}

/* --- The queue of tokens read before the lexer --- */

static bool lookahead_pop(Cpp *cpp, Token *t) {
  if (cpp->la_head == cpp->lookahead.len)
    return false;
  *t = cpp->lookahead.data[cpp->la_head++];
  if (cpp->la_head == cpp->lookahead.len)
    cpp->la_head = cpp->lookahead.len = 0;
  return true;
}

void lookahead_push_front(Cpp *cpp, const Token *t) {
  if (cpp->la_head > 0) {
    cpp->lookahead.data[--cpp->la_head] = *t;
    return;
  }
  vec_grow(&cpp->lookahead, cpp->lookahead.len + 1);
  memmove(cpp->lookahead.data + 1, cpp->lookahead.data,
          sizeof(Token) * cpp->lookahead.len);
  cpp->lookahead.data[0] = *t;
  cpp->lookahead.len++;
}

void push_event(Cpp *cpp, unsigned flags, uint32_t file, uint32_t line) {
  Token t = {0};
  t.kind = TK_EVENT;
  t.punct = (uint16_t)flags;
  t.text = "";
  t.loc = (SrcLoc){file, line, 1, 0};
  vec_push(&cpp->lookahead, t);
}

void dir_lex(Cpp *cpp, Token *t) {
  if (!lookahead_pop(cpp, t))
    lex_token(&cpp->frame->lx, t, true);
}

void skip_rest_of_directive(Cpp *cpp) {
  /* Drop the directive's put-back tokens but keep queued events.  */
  size_t n = 0;
  for (size_t i = cpp->la_head; i < cpp->lookahead.len; i++)
    if (cpp->lookahead.data[i].kind == TK_EVENT)
      cpp->lookahead.data[n++] = cpp->lookahead.data[i];
  cpp->la_head = 0;
  cpp->lookahead.len = n;
  if (cpp->frame)
    lex_skip_line(&cpp->frame->lx);
}

char *directive_rest_text(Cpp *cpp) {
  Buf b = {0};
  Lexer *lx = &cpp->frame->lx;
  bool quiet = lx->quiet;
  lx->quiet = true;
  Token t;
  for (dir_lex(cpp, &t); t.kind != TK_EOD; dir_lex(cpp, &t)) {
    if (b.len && (t.flags & TF_SPACE))
      buf_putc(&b, ' ');
    buf_append(&b, t.text, t.len);
  }
  lx->quiet = quiet;
  char *s = arena_strndup(&cpp->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

static void expect_end(Cpp *cpp, const char *dir) {
  Token t;
  dir_lex(cpp, &t);
  if (t.kind != TK_EOD)
    diag_warning(t.loc, W_NONE, "extra tokens at end of #%s directive", dir);
}

/* --- Multiple-include optimisation --- */

static void mi_fail(Frame *f) { f->mi_state = MI_FAIL; }

/* --- Conditionals --- */

static Cond *top_cond(Cpp *cpp) {
  Frame *f = cpp->frame;
  if (cpp->conds.len <= f->cond_base)
    return NULL;
  return &cpp->conds.data[cpp->conds.len - 1];
}

/* The macro operand of #ifdef and friends, or NULL after an error.  */
static Ident *macro_operand(Cpp *cpp, const char *dir) {
  Token t;
  dir_lex(cpp, &t);
  if (t.kind == TK_EOD) {
    diag_error(t.loc, "no macro name given in #%s directive", dir);
    return NULL;
  }
  if (t.kind != TK_IDENT) {
    diag_error(t.loc, "macro names must be identifiers");
    return NULL;
  }
  if (t.ident->pp_flags & PPF_POISONED)
    diag_error(t.loc, "attempt to use poisoned \"%s\"", t.ident->name);
  expect_end(cpp, dir);
  return t.ident;
}

/* Evaluates the condition of #if/#ifdef/... KIND; *guard as for
   eval_if_expression.  */
static bool eval_condition(Cpp *cpp, DirectiveKind kind, SrcLoc loc,
                           Ident **guard) {
  *guard = NULL;
  switch (kind) {
  case DIR_IF:
  case DIR_ELIF:
    return eval_if_expression(cpp, loc, directive_names[kind], guard);
  case DIR_IFDEF:
  case DIR_ELIFDEF: {
    Ident *id = macro_operand(cpp, directive_names[kind]);
    return id && id->macro;
  }
  default: {
    Ident *id = macro_operand(cpp, directive_names[kind]);
    *guard = id;
    return id && !id->macro;
  }
  }
}

static void do_if(Cpp *cpp, DirectiveKind kind, SrcLoc loc) {
  Frame *f = cpp->frame;
  Cond c = {.loc = loc, .kind = (uint8_t)kind, .was_skipping = cpp->skipping};
  if (cpp->skipping) {
    c.taken = true;
  } else {
    Ident *guard;
    c.taken = eval_condition(cpp, kind, loc, &guard);
    cpp->skipping = !c.taken;
    if (f->mi_state == MI_START && guard) {
      f->mi_state = MI_IN_GUARD;
      f->mi_guard = guard;
      f->mi_depth = (uint32_t)cpp->conds.len + 1;
    } else if (f->mi_state != MI_IN_GUARD) {
      mi_fail(f);
    }
  }
  vec_push(&cpp->conds, c);
}

static void do_else_or_elif(Cpp *cpp, DirectiveKind kind, SrcLoc loc) {
  Frame *f = cpp->frame;
  Cond *c = top_cond(cpp);
  const char *name = directive_names[kind];
  if (!c) {
    diag_error(loc, "#%s without #if", name);
    return;
  }
  if (c->seen_else) {
    diag_error(loc, "#%s after #else", name);
    diag_note(c->loc, "the conditional began here");
  }
  if (cpp->conds.len == f->mi_depth)
    mi_fail(f);
  c->kind = (uint8_t)kind;
  if (kind == DIR_ELSE) {
    c->seen_else = true;
    if (!c->was_skipping) {
      expect_end(cpp, name);
      cpp->skipping = c->taken;
      c->taken = true;
    }
    return;
  }
  if (c->was_skipping)
    return;
  if (c->taken) {
    cpp->skipping = true; /* an earlier group was taken: not evaluated */
    return;
  }
  cpp->skipping = false; /* evaluate with expansion */
  Ident *guard;
  c->taken = eval_condition(cpp, kind, loc, &guard);
  cpp->skipping = !c->taken;
}

static void do_endif(Cpp *cpp, SrcLoc loc) {
  Frame *f = cpp->frame;
  Cond *c = top_cond(cpp);
  if (!c) {
    diag_error(loc, "#endif without #if");
    return;
  }
  if (!c->was_skipping)
    expect_end(cpp, "endif");
  if (f->mi_state == MI_IN_GUARD && cpp->conds.len == f->mi_depth)
    f->mi_state = MI_AFTER_GUARD;
  cpp->skipping = c->was_skipping;
  cpp->conds.len--;
}

static bool is_conditional(DirectiveKind k) {
  return k >= DIR_IF && k <= DIR_ENDIF;
}

static void do_conditional(Cpp *cpp, DirectiveKind k, SrcLoc loc) {
  switch (k) {
  case DIR_IF:
  case DIR_IFDEF:
  case DIR_IFNDEF:
    do_if(cpp, k, loc);
    break;
  case DIR_ENDIF:
    do_endif(cpp, loc);
    break;
  default:
    do_else_or_elif(cpp, k, loc);
    break;
  }
}

/* --- #include --- */

static void do_include(Cpp *cpp, DirectiveKind kind, SrcLoc loc) {
  const char *dir = directive_names[kind];
  const char *name;
  bool angled;
  char what[32];
  snprintf(what, sizeof what, "#%s", dir);
  SrcLoc name_loc;
  if (!read_header_name(cpp, loc, what, &name, &angled, &name_loc)) {
    cpp_pop_all_contexts(cpp);
    return;
  }
  /* just after the header name: where GCC's -Winvalid-pch points */
  const Lexer *lx = &cpp->frame->lx;
  SrcLoc name_end = {lx->file, lx->line, (uint32_t)(lx->p - lx->line_start) + 1, 0};
  Token extra;
  cpp_get_token(cpp, &extra);
  if (extra.kind != TK_EOD)
    diag_warning(extra.loc, W_NONE, "extra tokens at end of #%s directive",
                 dir);
  cpp_pop_all_contexts(cpp);
  skip_rest_of_directive(cpp);
  /* the directive's end of line: where GCC reports an empty search */
  SrcLoc line_end = {lx->file, lx->line, (uint32_t)(lx->p - lx->line_start) + 1, 0};

  Frame *cur = cpp->frame;
  bool next = kind == DIR_INCLUDE_NEXT;
  if (next && cur->dir_index == -2 && cur->depth == 0) {
    diag_warning(loc, W_NONE, "#include_next in primary source file");
    next = false;
  }
  if (kind == DIR_IMPORT)
    diag_warning(loc, W_NONE, "#import is a deprecated GCC extension");
  if (cur->depth >= MAX_INCLUDE_DEPTH || cpp->include_count >= MAX_INCLUDES) {
    if (cur->depth >= MAX_INCLUDE_DEPTH)
      diag_error(loc,
                 "#include nested depth %d exceeds maximum of %d (use "
                 "-fmax-include-depth=DEPTH to increase the maximum)",
                 cur->depth + 1, MAX_INCLUDE_DEPTH);
    else
      diag_error(loc, "too many #include directives");
    cpp->stopped = true;
    return;
  }
  int dir_index;
  bool system;
  IncFile *f = find_include(cpp, name, angled, next, &dir_index, &system);
  if (!f) {
    /* As GCC: a header the dependency list would name is listed under
       -MG; one it leaves out is no error when the list is the only
       output (-MM).  */
    const CppOptions *o = &cpp->opts;
    bool listed = o->deps_style > (angled || cur->system ? 1 : 0);
    if (listed && o->deps_missing) {
      add_dep(cpp, name, false);
      return;
    }
    if (!listed && o->deps_style && o->deps_only)
      return;
    /* As GCC: an <...> name with no directory to search in (-nostdinc,
       no -I) is an error the compilation goes on after; a header not
       found is fatal.  */
    if (angled && name[0] != '/' && !next &&
        cpp->bracket_start >= cpp->ndirs) {
      diag_error(line_end, "no include path in which to search for %s", name);
      return;
    }
    diag_fatal(name_loc, "%s: No such file or directory", name);
    cpp->stopped = true;
    return;
  }
  if (f->guard && f->guard->macro)
    return;
  if (file_is_once(cpp, f))
    return;
  if (kind == DIR_IMPORT && f->entered)
    return;
  if (!load_file(cpp, f)) {
    diag_error(loc, "%s: %s", f->path, strerror(errno));
    return;
  }
  if (kind == DIR_IMPORT)
    f->once = true;
  bool first = !cur->parent && !cur->is_cmdline && !cpp->main_included;
  if (!cur->parent)
    cpp->main_included = true;
  if (cpp->rec)
    pch_taint(cpp, "it includes other files");
  bool replay = first && kind == DIR_INCLUDE && cpp->opts.pch_use &&
                !cpp->emitted && pch_try(cpp, f, name_end);
  push_file(cpp, f, f->path, dir_index, system, loc);
  if (replay)
    pch_replay_begin(cpp, name_end);
}

/* --- #line and line markers --- */

/* Interprets the escapes of a #line file name (GCC does).  */
static const char *line_file_name(Cpp *cpp, const Token *t) {
  char *out = arena_alloc(&cpp->arena, t->len);
  size_t n = 0;
  for (uint32_t i = 1; i + 1 < t->len; i++) {
    char c = t->text[i];
    if (c == '\\' && i + 2 < t->len) {
      c = t->text[++i];
      if (c == 'n')
        c = '\n';
      else if (c == 't')
        c = '\t';
    }
    out[n++] = c;
  }
  out[n] = 0;
  return out;
}

static bool parse_line_number(const Token *t, uint32_t *out) {
  if (t->kind != TK_NUMBER)
    return false;
  uint64_t v = 0;
  for (uint32_t i = 0; i < t->len; i++) {
    char c = t->text[i];
    if (c < '0' || c > '9')
      return false;
    v = v * 10 + (uint64_t)(c - '0');
    if (v > 0xffffffffu)
      v = 0xffffffffu;
  }
  *out = (uint32_t)v;
  return true;
}

/* #line N "file" (macro-expanded) when MARKER is false; the GCC line
   marker "# N "file" flags" when it is true (FIRST is its number).  */
static void do_line(Cpp *cpp, const Token *first, bool marker) {
  pch_taint(cpp, "it has a #line directive");
  Frame *f = cpp->frame;
  Token t;
  if (marker)
    t = *first;
  else
    cpp_get_token(cpp, &t);
  uint32_t line;
  if (!parse_line_number(&t, &line)) {
    cpp_pop_all_contexts(cpp);
    if (t.kind == TK_EOD)
      diag_error(t.loc, "unexpected end of file after #line");
    else
      diag_error(t.loc, "\"%.*s\" after #%s is not a positive integer",
                 (int)t.len, t.text, marker ? "" : "line");
    return;
  }
  if (line > INT32_MAX)
    diag_pedwarn(t.loc, W_PEDANTIC, "line number out of range");
  const char *name = srcloc_file(t.loc);
  unsigned flags = f->sys_flags;
  if (marker)
    dir_lex(cpp, &t);
  else
    cpp_get_token(cpp, &t);
  if (t.kind == TK_STRING && t.text[0] == '"') {
    name = line_file_name(cpp, &t);
    if (marker) {
      flags = 0;
      for (dir_lex(cpp, &t); t.kind == TK_NUMBER; dir_lex(cpp, &t)) {
        if (t.len != 1 || t.text[0] < '1' || t.text[0] > '4') {
          diag_error(t.loc, "invalid flag \"%.*s\" in line directive",
                     (int)t.len, t.text);
          return;
        }
        flags |= 1u << (t.text[0] - '1');
      }
      if (t.kind != TK_EOD) {
        diag_error(t.loc, "invalid flag \"%.*s\" in line directive",
                   (int)t.len, t.text);
        return;
      }
    } else {
      cpp_get_token(cpp, &t);
      if (t.kind != TK_EOD)
        diag_warning(t.loc, W_NONE, "extra tokens at end of #line directive");
    }
  } else if (t.kind != TK_EOD) {
    diag_error(t.loc, "invalid filename \"%.*s\"", (int)t.len, t.text);
    cpp_pop_all_contexts(cpp);
    return;
  }
  cpp_pop_all_contexts(cpp);
  skip_rest_of_directive(cpp);
  /* The next physical line gets number LINE.  */
  uint32_t next_phys = f->lx.line + 1;
  bool system = flags & EV_SYSTEM;
  if (marker)
    f->sys_flags = (uint8_t)(flags & (EV_SYSTEM | EV_EXTERN_C));
  uint32_t id = srcfile_add_alias(f->phys_id, name,
                                  (int32_t)((int64_t)line - next_phys), system);
  f->lx.file = id;
  push_event(cpp, flags, id, next_phys);
}

/* --- #error, #warning, #ident --- */

static void do_diagnostic(Cpp *cpp, DirectiveKind kind, SrcLoc loc) {
  char *text = directive_rest_text(cpp);
  if (kind == DIR_ERROR)
    diag_error(loc, "#error %s", text);
  else
    diag_warning(loc, W_CPP, "#warning %s", text);
}

static void do_ident(Cpp *cpp, SrcLoc loc, const char *dir) {
  Token t;
  cpp_get_token(cpp, &t);
  cpp_pop_all_contexts(cpp);
  if (t.kind != TK_STRING) {
    diag_error(t.loc, "invalid #%s directive", dir);
    return;
  }
  TokBuf *b = tokbuf_get(cpp);
  Token start = {.kind = TK_PRAGMA, .text = "ident", .len = 5, .loc = loc};
  Token end = {.kind = TK_PRAGMA_END, .text = "", .loc = loc};
  tokbuf_push(b, &start);
  tokbuf_push(b, &t);
  tokbuf_push(b, &end);
  skip_rest_of_directive(cpp);
  cpp_push_tokens(cpp, b->data, b->len, b, NULL);
}

/* --- Dispatch --- */

static void run_directive(Cpp *cpp, DirectiveKind k, const Token *name) {
  SrcLoc loc = name->loc;
  switch (k) {
  case DIR_DEFINE: {
    Token t;
    dir_lex(cpp, &t);
    macro_define_directive(cpp, &t);
    break;
  }
  case DIR_UNDEF:
    macro_undef_directive(cpp);
    break;
  case DIR_INCLUDE:
  case DIR_INCLUDE_NEXT:
  case DIR_IMPORT:
    do_include(cpp, k, loc);
    break;
  case DIR_EMBED:
    do_embed(cpp, loc);
    break;
  case DIR_LINE:
    do_line(cpp, NULL, false);
    break;
  case DIR_ERROR:
  case DIR_WARNING:
    do_diagnostic(cpp, k, loc);
    break;
  case DIR_PRAGMA:
    do_pragma(cpp, loc);
    break;
  case DIR_IDENT:
  case DIR_SCCS:
    do_ident(cpp, loc, directive_names[k]);
    break;
  case DIR_ASSERT:
  case DIR_UNASSERT:
    diag_warning(loc, W_NONE, "#%s is a deprecated GCC extension; ignored",
                 directive_names[k]);
    break;
  default:
    break;
  }
}

/* A '#' began a line: process the directive.  */
static void handle_directive_inner(Cpp *cpp, const Token *hash);

/* A directive, wherever it is read: also among a macro's arguments (GCC
   runs those too), where expansion is held back for the arguments but
   not for the directive's own expression.  */
static void handle_directive(Cpp *cpp, const Token *hash) {
  int held = cpp->prevent_expansion;
  cpp->prevent_expansion = 0;
  handle_directive_inner(cpp, hash);
  cpp->prevent_expansion = held;
}

static void handle_directive_inner(Cpp *cpp, const Token *hash) {
  Frame *f = cpp->frame;
  cpp->in_directive = true;
  cpp->expanded_in_directive = false;
  Token name;
  dir_lex(cpp, &name);
  DirectiveKind k = directive_of(&name);
  if (name.kind == TK_EOD) {
    /* the null directive */
  } else if (is_conditional(k)) {
    do_conditional(cpp, k, name.loc);
  } else if (cpp->skipping) {
    /* anything else in a skipped group is ignored */
  } else {
    if (f->mi_state != MI_IN_GUARD)
      mi_fail(f);
    if (k != DIR_NONE)
      run_directive(cpp, k, &name);
    else if (name.kind == TK_NUMBER)
      do_line(cpp, &name, true);
    else if (name.kind == TK_IDENT)
      diag_error(name.loc, "invalid preprocessing directive #%s",
                 name.ident->name);
    else
      diag_error(hash->loc, "invalid preprocessing directive");
  }
  if (cpp->frame == f)
    skip_rest_of_directive(cpp);
  cpp->in_directive = false;
}

/* Reports the conditionals still open at the end of the current file.  */
static void close_conditionals(Cpp *cpp) {
  Frame *f = cpp->frame;
  while (cpp->conds.len > f->cond_base) {
    Cond *c = &cpp->conds.data[--cpp->conds.len];
    diag_error(c->loc, "unterminated #%s", directive_names[c->kind]);
    cpp->skipping = c->was_skipping;
  }
}

bool end_of_file(Cpp *cpp) {
  Frame *f = cpp->frame;
  close_conditionals(cpp);
  while (f->is_cmdline && cpp->next_preinclude < cpp->preincludes.len) {
    Preinclude *p = &cpp->preincludes.data[cpp->next_preinclude++];
    int dir_index;
    bool system;
    IncFile *file = find_include(cpp, p->name, p->angled, false, &dir_index,
                                 &system);
    if (!file) {
      if (!p->optional) {
        /* GCC's place for a -include: "<command-line>: fatal error" */
        diag_fatal((SrcLoc){f->lx.file, 0, 0, 0}, "%s: No such file or directory",
                   p->name);
        cpp->stopped = true;
        return false;
      }
      continue;
    }
    if (!load_file(cpp, file)) {
      diag_error((SrcLoc){0}, "%s: %s", file->path, strerror(errno));
      continue;
    }
    push_file(cpp, file, file->path, dir_index, system,
              (SrcLoc){f->lx.file, 0, 0, 0});
    return true;
  }
  return pop_file(cpp);
}

bool read_source_token(Cpp *cpp, Token *t) {
  if (lookahead_pop(cpp, t))
    return true;
  for (;;) {
    Frame *f = cpp->frame;
    if (!f || cpp->stopped) {
      memset(t, 0, sizeof *t);
      t->kind = cpp->in_directive ? TK_EOD : TK_EOF;
      t->text = "";
      t->loc = cpp->eof_loc;
      return true;
    }
    if (cpp->skipping && !cpp->in_directive)
      lex_skip_to_hash_line(&f->lx);
    lex_token(&f->lx, t, cpp->in_directive);
    if (t->kind == TK_PUNCT && t->punct == P_HASH && (t->flags & TF_BOL) &&
        !cpp->in_directive) {
      handle_directive(cpp, t);
      if (cpp->la_head < cpp->lookahead.len || cpp->ctx || cpp->replay)
        return false;
      continue;
    }
    if (t->kind == TK_EOF) {
      if (cpp->no_file_pop)
        return true;
      if (!end_of_file(cpp)) {
        if (cpp->la_head < cpp->lookahead.len)
          return false;
        continue;
      }
      if (cpp->la_head < cpp->lookahead.len || cpp->ctx)
        return false;
      continue;
    }
    if (cpp->in_directive)
      return true;
    if (cpp->skipping)
      continue;
    if (f->mi_state != MI_IN_GUARD)
      mi_fail(f);
    if (t->kind == TK_IDENT && (t->ident->pp_flags & (PPF_POISONED | PPF_VA_NAME))) {
      if (t->ident->pp_flags & PPF_POISONED)
        diag_error(t->loc, "attempt to use poisoned \"%s\"", t->ident->name);
      else
        macro_va_name_misplaced(cpp, t);
    }
    return true;
  }
}
