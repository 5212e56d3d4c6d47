/* #pragma and _Pragma.

   The preprocessor acts on once, push_macro/pop_macro and GCC
   system_header/poison/warning/error and drops them.  Every other pragma
   becomes TK_PRAGMA, its tokens, TK_PRAGMA_END: -E prints all of them as
   #pragma lines, and cpp_next passes on only the ones the parser acts on
   (TK_PRAGMA with punct = 1): pack and redefine_extname (macro-expanded,
   as GCC does; -E leaves pack unexpanded like gcc -E), scalar_storage_order,
   clang attribute, GCC diagnostic, and the loop pragmas (unroll,
   nounroll, GCC unroll, clang loop).  */
#include "cpp_internal.h"

#include <string.h>

static bool is_word(const Token *t, const char *w) {
  return t->kind == TK_IDENT && strcmp(t->ident->name, w) == 0;
}

static void pragma_once(Cpp *cpp, const Token *t) {
  Frame *f = cpp->frame;
  if (!f || f->depth == 0) {
    diag_warning(t->loc, W_NONE, "#pragma once in main file");
    return;
  }
  if (f->file && !f->file->once) {
    f->file->once = true;
    vec_push(&cpp->once_files, f->file);
  }
}

static void pragma_system_header(Cpp *cpp, const Token *t) {
  Frame *f = cpp->frame;
  if (!f || f->depth == 0) {
    diag_warning(t->loc, W_NONE,
                 "#pragma system_header ignored outside include file");
    return;
  }
  const SrcFile *sf = srcfile_get(f->lx.file);
  f->system = true;
  f->sys_flags = EV_SYSTEM;
  uint32_t id = srcfile_add_alias(f->phys_id, sf->name, sf->line_delta, true);
  f->lx.file = id;
  push_event(cpp, EV_SYSTEM, id, f->lx.line + 1);
}

static void pragma_poison(Cpp *cpp, const Token *v, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (v[i].kind != TK_IDENT) {
      diag_error(v[i].loc, "invalid #pragma GCC poison directive");
      return;
    }
    Ident *id = v[i].ident;
    if (id->pp_flags & PPF_POISONED)
      continue;
    if (id->macro)
      diag_warning(v[i].loc, W_NONE, "poisoning existing macro \"%s\"",
                   id->name);
    cpp_track_ident(cpp, id);
    id->pp_flags |= PPF_POISONED;
    cpp->poisoned = true;
  }
}

/* #pragma GCC warning "text" / GCC error "text".  */
static void pragma_message(const Token *kw, const Token *v, uint32_t n,
                           bool error) {
  const Token *s = n > 0 && is_punct(&v[0], P_LPAREN) && n > 1 ? &v[1] : v;
  if (n == 0 || s->kind != TK_STRING || s->len < 2) {
    diag_error(kw->loc, "invalid \"#pragma GCC %s\" directive",
               error ? "error" : "warning");
    return;
  }
  if (error)
    diag_error(kw->loc, "%.*s", (int)s->len - 2, s->text + 1);
  else
    diag_warning(kw->loc, W_NONE, "%.*s", (int)s->len - 2, s->text + 1);
}

/* push_macro("NAME") / pop_macro("NAME").  */
static void pragma_push_pop(Cpp *cpp, const Token *kw, const Token *v,
                            uint32_t n, bool push) {
  if (n < 3 || !is_punct(&v[0], P_LPAREN) || v[1].kind != TK_STRING ||
      v[1].text[0] != '"' || !is_punct(&v[2], P_RPAREN)) {
    diag_error(kw->loc, "invalid #pragma %s directive",
               push ? "push_macro" : "pop_macro");
    return;
  }
  Ident *id = intern(v[1].text + 1, v[1].len - 2);
  if (push) {
    PushedMacro p = {id, id->macro};
    vec_push(&cpp->pushed, p);
    return;
  }
  for (size_t i = cpp->pushed.len; i-- > 0;) {
    if (cpp->pushed.data[i].name != id)
      continue;
    Macro *m = cpp->pushed.data[i].macro;
    memmove(&cpp->pushed.data[i], &cpp->pushed.data[i + 1],
            sizeof(PushedMacro) * (cpp->pushed.len - i - 1));
    cpp->pushed.len--;
    if (id->macro != m)
      macro_set(cpp, id, m);
    return;
  }
}

/* Acts on the pragma whose tokens (after the word "pragma") are TOKS;
   takes ownership of TOKS.  */
static void run_pragma(Cpp *cpp, TokBuf *toks, SrcLoc loc) {
  Token *v = toks->data;
  uint32_t n = toks->len;
  bool for_parser = false;
  uint32_t expand_from = 0; /* macro-expand tokens from here (0: none) */
  const Token *kw = n > 1 && is_word(&v[0], "GCC") ? &v[1] : NULL;
  bool handled = true;
  if (n && is_word(&v[0], "once")) {
  } else if (n && (is_word(&v[0], "push_macro") ||
                   is_word(&v[0], "pop_macro"))) {
  } else if (kw && (is_word(kw, "system_header") || is_word(kw, "poison") ||
                    is_word(kw, "warning") || is_word(kw, "error"))) {
  } else {
    handled = false;
  }
  if (handled) {
    pch_taint(cpp, "it has a pragma the preprocessor acts on");
    if (cpp->in_directive) {
      /* gcc -E leaves the line of a pragma it consumed blank */
      push_event(cpp, EV_BLANK, v[0].loc.file, v[0].loc.line);
      cpp->lookahead.data[cpp->lookahead.len - 1].loc.col = v[0].loc.col;
    }
    if (is_word(&v[0], "once"))
      pragma_once(cpp, &v[0]);
    else if (!kw)
      pragma_push_pop(cpp, &v[0], v + 1, n - 1, is_word(&v[0], "push_macro"));
    else if (is_word(kw, "system_header"))
      pragma_system_header(cpp, kw);
    else if (is_word(kw, "poison"))
      pragma_poison(cpp, v + 2, n - 2);
    else
      pragma_message(kw, v + 2, n - 2, is_word(kw, "error"));
    tokbuf_put(cpp, toks);
    return;
  }
  if (n && is_word(&v[0], "pack")) {
    for_parser = true;
    expand_from = cpp->preprocess_only ? 0 : 1;
  } else if (n && is_word(&v[0], "redefine_extname")) {
    for_parser = true;
    expand_from = 1;
  } else if (n && is_word(&v[0], "scalar_storage_order")) {
    for_parser = true;
  } else if (n > 1 && is_word(&v[0], "clang") &&
             (is_word(&v[1], "attribute") || is_word(&v[1], "loop"))) {
    for_parser = true;
  } else if (n && (is_word(&v[0], "unroll") || is_word(&v[0], "nounroll"))) {
    for_parser = true;
  } else if (n > 1 && is_word(&v[0], "GCC") && is_word(&v[1], "diagnostic")) {
    for_parser = true;
  } else if (n > 1 && is_word(&v[0], "GCC") && is_word(&v[1], "unroll")) {
    /* GCC expands macros in the count */
    for_parser = true;
    expand_from = cpp->preprocess_only ? 0 : 2;
  }
  TokBuf *out = tokbuf_get(cpp);
  Token start = {.kind = TK_PRAGMA, .punct = for_parser, .text = "pragma",
                 .len = 6, .loc = loc};
  Token end = {.kind = TK_PRAGMA_END, .text = "", .loc = loc};
  tokbuf_push(out, &start);
  uint32_t plain = expand_from ? expand_from : n;
  for (uint32_t i = 0; i < plain && i < n; i++)
    tokbuf_push(out, &v[i]);
  if (expand_from && expand_from < n)
    expand_tokens(cpp, v + expand_from, n - expand_from, out);
  /* whoever reads these tokens must not expand them (again) */
  for (uint32_t i = 1; i < out->len; i++)
    out->data[i].flags |= TF_NOEXPAND;
  tokbuf_push(out, &end);
  tokbuf_put(cpp, toks);
  cpp_push_tokens(cpp, out->data, out->len, out, NULL);
}

void do_pragma(Cpp *cpp, SrcLoc loc) {
  TokBuf *toks = tokbuf_get(cpp);
  Token t;
  for (dir_lex(cpp, &t); t.kind != TK_EOD; dir_lex(cpp, &t))
    tokbuf_push(toks, &t);
  run_pragma(cpp, toks, loc);
}

/* Reads the string of _Pragma("...") and returns its destringized text
   in the arena, or NULL after an error.  */
static char *pragma_operand(Cpp *cpp, const Token *name, size_t *len) {
  Token open, str, close;
  cpp->prevent_expansion++;
  cpp_get_token(cpp, &open);
  bool ok = is_punct(&open, P_LPAREN);
  if (ok) {
    cpp_get_token(cpp, &str);
    ok = str.kind == TK_STRING;
    if (ok) {
      cpp_get_token(cpp, &close);
      ok = is_punct(&close, P_RPAREN);
      if (!ok)
        cpp_unget_token(cpp, &close);
    } else {
      cpp_unget_token(cpp, &str);
    }
  } else {
    cpp_unget_token(cpp, &open);
  }
  cpp->prevent_expansion--;
  if (!ok) {
    diag_error(name->loc, "_Pragma takes a parenthesized string literal");
    return NULL;
  }
  const char *s = memchr(str.text, '"', str.len);
  const char *end = str.text + str.len - 1;
  char *out = arena_alloc(&cpp->arena, str.len + 1);
  size_t n = 0;
  for (const char *p = s + 1; p < end; p++) {
    if (*p == '\\' && p + 1 < end && (p[1] == '\\' || p[1] == '"'))
      p++;
    out[n++] = *p;
  }
  out[n] = 0;
  *len = n;
  return out;
}

void do_pragma_operator(Cpp *cpp, Token *name) {
  size_t len;
  char *text = pragma_operand(cpp, name, &len);
  if (!text)
    return;
  Lexer lx;
  lex_init(&lx, cpp, text, len, name->loc.file);
  TokBuf *toks = tokbuf_get(cpp);
  Token t;
  for (lex_token(&lx, &t, true); t.kind != TK_EOD; lex_token(&lx, &t, true)) {
    t.loc = name->loc;
    t.flags &= (uint8_t)~TF_BOL;
    tokbuf_push(toks, &t);
  }
  run_pragma(cpp, toks, name->loc);
}
