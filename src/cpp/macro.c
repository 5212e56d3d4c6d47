/* Macro definitions: #define and #undef, redefinition checks, and the
   -dM spelling of a definition.  */
#include "cpp_internal.h"

#include <string.h>

/* The names the directives treat specially, looked up for every
   preprocessor (each compilation has its own identifiers).  */
void macro_init_names(Cpp *cpp) {
  cpp->id_va_args = intern_cstr("__VA_ARGS__");
  cpp->id_va_opt = intern_cstr("__VA_OPT__");
  cpp->id_defined = intern_cstr("defined");
  cpp->id_has_include = intern_cstr("__has_include");
  cpp->id_has_include_next = intern_cstr("__has_include_next");
  cpp->id_va_args->pp_flags |= PPF_VA_NAME;
  cpp->id_va_opt->pp_flags |= PPF_VA_NAME;
}

void cpp_track_ident(Cpp *cpp, Ident *id) {
  if (!(id->pp_flags & PPF_TRACKED)) {
    id->pp_flags |= PPF_TRACKED;
    vec_push(&cpp->touched, id);
  }
}

void macro_set(Cpp *cpp, Ident *id, Macro *m) {
  cpp_track_ident(cpp, id);
  id->macro = m;
  if (m && !m->listed) {
    m->listed = true;
    vec_push(&cpp->macros, m);
  }
}

Macro *macro_new_builtin(Cpp *cpp, const char *name, BuiltinKind kind) {
  Macro *m = arena_alloc(&cpp->arena, sizeof *m);
  m->name = intern_cstr(name);
  m->kind = MK_BUILTIN;
  m->builtin = (uint8_t)kind;
  macro_set(cpp, m->name, m);
  return m;
}

/* Checks the name after #define / #undef; reports and returns false if it
   cannot name a macro.  */
static bool check_macro_name(Cpp *cpp, const Token *t, const char *dir) {
  if (t->kind == TK_EOD) {
    diag_error(t->loc, "no macro name given in #%s directive", dir);
    return false;
  }
  if (t->kind != TK_IDENT) {
    diag_error(t->loc, "macro names must be identifiers");
    return false;
  }
  Ident *id = t->ident;
  if (id == cpp->id_defined || id == cpp->id_has_include || id == cpp->id_has_include_next) {
    diag_error(t->loc, "\"%s\" cannot be used as a macro name", id->name);
    return false;
  }
  if (id->pp_flags & PPF_POISONED) {
    diag_error(t->loc, "attempt to use poisoned \"%s\"", id->name);
    return false;
  }
  if (id->pp_flags & PPF_VA_NAME)
    macro_va_name_misplaced(cpp, t);
  return true;
}

/* T, __VA_ARGS__ or __VA_OPT__, where it does not belong: outside the
   body of a variadic macro (GCC's pedwarns; __VA_OPT__ is C23's, and
   GCC names C++20 for it), or __VA_OPT__ in any place when the standard
   is a strict one before C23.  */
void macro_va_name_misplaced(Cpp *cpp, const Token *t) {
  const Lang *lang = &ctx_current->lang;
  if (t->ident == cpp->id_va_args)
    diag_pedwarn(t->loc, W_NONE, "'__VA_ARGS__' can only appear in the "
                                 "expansion of a C99 variadic macro");
  else if (!lang->gnu && lang_year() < 2023)
    diag_pedwarn(t->loc, W_PEDANTIC, "'__VA_OPT__' is not available until C23");
  else
    diag_pedwarn(t->loc, W_NONE, "'__VA_OPT__' can only appear in the "
                                 "expansion of a C++20 variadic macro");
}

/* Parameter list after "NAME(".  Returns false after an error.  */
static bool parse_params(Cpp *cpp, Macro *m) {
  VEC(Ident *) params = {0};
  Token t;
  bool ok = false;
  dir_lex(cpp, &t);
  if (is_punct(&t, P_RPAREN)) {
    ok = true;
    goto done;
  }
  for (;;) {
    if (is_punct(&t, P_ELLIPSIS)) {
      vec_push(&params, cpp->id_va_args);
      m->variadic = true;
      dir_lex(cpp, &t);
      if (!is_punct(&t, P_RPAREN)) {
        diag_error(t.loc, "missing ')' in macro parameter list");
        goto done;
      }
      ok = true;
      goto done;
    }
    if (t.kind != TK_IDENT) {
      if (t.kind == TK_EOD)
        diag_error(t.loc, "missing ')' in macro parameter list");
      else
        diag_error(t.loc, "expected parameter name, found \"%.*s\"",
                   (int)t.len, t.text);
      goto done;
    }
    if (t.ident == cpp->id_va_args) {
      diag_error(t.loc, "__VA_ARGS__ can not be used as a parameter name");
      goto done;
    }
    for (size_t i = 0; i < params.len; i++)
      if (params.data[i] == t.ident) {
        diag_error(t.loc, "duplicate macro parameter \"%s\"", t.ident->name);
        goto done;
      }
    vec_push(&params, t.ident);
    dir_lex(cpp, &t);
    if (is_punct(&t, P_ELLIPSIS)) {
      m->variadic = true; /* GNU named variadic parameter: args... */
      dir_lex(cpp, &t);
      if (!is_punct(&t, P_RPAREN)) {
        diag_error(t.loc, "missing ')' in macro parameter list");
        goto done;
      }
      ok = true;
      goto done;
    }
    if (is_punct(&t, P_RPAREN)) {
      ok = true;
      goto done;
    }
    if (!is_punct(&t, P_COMMA)) {
      if (t.kind == TK_EOD)
        diag_error(t.loc, "missing ')' in macro parameter list");
      else
        diag_error(t.loc, "expected ',' or ')', found \"%.*s\"", (int)t.len,
                   t.text);
      goto done;
    }
    dir_lex(cpp, &t);
  }
done:
  if (ok && params.len > 0xffff) {
    diag_error(t.loc, "too many macro parameters");
    ok = false;
  }
  if (ok) {
    m->nparams = (uint16_t)params.len;
    m->params = arena_alloc(&cpp->arena, sizeof(Ident *) * (params.len + 1));
    if (params.len)
      memcpy(m->params, params.data, sizeof(Ident *) * params.len);
  }
  vec_free(&params);
  return ok;
}

static int param_index(const Macro *m, const Ident *id) {
  for (int i = 0; i < m->nparams; i++)
    if (m->params[i] == id)
      return i;
  return -1;
}

/* The replacement list: parameters become TK_PARAM, "##" becomes the
   TF_PASTE_LEFT flag of its left operand and "# param" the TF_STRINGIFY
   flag of the parameter.  Returns false after an error.  */
static bool parse_body(Cpp *cpp, Macro *m) {
  VEC(Token) body = {0};
  bool fun = m->kind == MK_FUNCTION;
  int va_opt_depth = -1; /* paren depth inside __VA_OPT__, -1 if outside */
  SrcLoc va_opt_loc = {0};
  bool ok = true, paste_next = false;
  Token t;
  for (dir_lex(cpp, &t); t.kind != TK_EOD; dir_lex(cpp, &t)) {
    t.flags &= (uint8_t)~TF_BOL;
    paste_next = false;
    if (is_punct(&t, P_HASHHASH)) {
      if (body.len == 0 || (va_opt_depth == 0 &&
                            body.data[body.len - 1].kind == TK_PUNCT &&
                            body.data[body.len - 1].punct == P_LPAREN)) {
        diag_error(t.loc, body.len == 0 ? "'##' cannot appear at either end "
                                          "of a macro expansion"
                                        : "'##' cannot appear at either end "
                                          "of __VA_OPT__");
        ok = false;
        break;
      }
      body.data[body.len - 1].flags |= TF_PASTE_LEFT;
      paste_next = true;
      continue;
    }
    if (fun && is_punct(&t, P_HASH)) {
      Token p;
      dir_lex(cpp, &p);
      int idx = p.kind == TK_IDENT ? param_index(m, p.ident) : -1;
      if (idx >= 0) {
        p.kind = TK_PARAM;
        p.punct = (uint16_t)idx;
      } else if (p.kind == TK_IDENT && p.ident == cpp->id_va_opt && m->variadic) {
        p.kind = TK_VA_OPT;
      } else {
        diag_error(t.loc, "'#' is not followed by a macro parameter");
        ok = false;
        break;
      }
      p.flags = (uint8_t)((t.flags & TF_SPACE) | TF_STRINGIFY);
      t = p;
    } else if (fun && t.kind == TK_IDENT) {
      int idx = param_index(m, t.ident);
      if (idx >= 0) {
        t.kind = TK_PARAM;
        t.punct = (uint16_t)idx;
      } else if (t.ident == cpp->id_va_opt && m->variadic) {
        if (!ctx_current->lang.gnu && lang_year() < 2023)
          macro_va_name_misplaced(cpp, &t);
        t.kind = TK_VA_OPT;
      } else if (t.ident->pp_flags & PPF_VA_NAME) {
        macro_va_name_misplaced(cpp, &t);
      }
    } else if (t.kind == TK_IDENT && (t.ident->pp_flags & PPF_VA_NAME)) {
      macro_va_name_misplaced(cpp, &t);
    }
    if (t.kind == TK_VA_OPT) {
      if (va_opt_depth >= 0) {
        diag_error(t.loc, "__VA_OPT__ may not appear in a __VA_OPT__");
        ok = false;
        break;
      }
      Token open;
      dir_lex(cpp, &open);
      if (!is_punct(&open, P_LPAREN)) {
        diag_error(t.loc, "__VA_OPT__ must be followed by an open parenthesis");
        ok = false;
        break;
      }
      vec_push(&body, t);
      open.flags &= (uint8_t)~TF_BOL;
      vec_push(&body, open);
      va_opt_depth = 0;
      va_opt_loc = t.loc;
      continue;
    }
    if (va_opt_depth >= 0 && t.kind == TK_PUNCT) {
      if (t.punct == P_LPAREN) {
        va_opt_depth++;
      } else if (t.punct == P_RPAREN && va_opt_depth-- == 0) {
        if (body.data[body.len - 1].flags & TF_PASTE_LEFT &&
            !(body.data[body.len - 1].kind == TK_PUNCT &&
              body.data[body.len - 1].punct == P_LPAREN)) {
          diag_error(t.loc, "'##' cannot appear at either end of __VA_OPT__");
          ok = false;
          break;
        }
        va_opt_depth = -1;
      }
    }
    vec_push(&body, t);
  }
  if (ok && paste_next) {
    diag_error(body.data[body.len - 1].loc,
               "'##' cannot appear at either end of a macro expansion");
    ok = false;
  }
  if (ok && va_opt_depth >= 0) {
    diag_error(va_opt_loc, "unterminated __VA_OPT__");
    ok = false;
  }
  if (ok) {
    if (body.len)
      body.data[0].flags &= (uint8_t)~TF_SPACE;
    m->nbody = (uint32_t)body.len;
    for (size_t i = 0; i < body.len; i++)
      if (body.data[i].flags & TF_PASTE_LEFT)
        m->has_paste = true;
    m->body = arena_alloc(&cpp->arena, sizeof(Token) * (body.len + 1));
    if (body.len)
      memcpy(m->body, body.data, sizeof(Token) * body.len);
  }
  vec_free(&body);
  return ok;
}

static bool same_token(const Token *a, const Token *b) {
  enum { CMP_FLAGS = TF_SPACE | TF_PASTE_LEFT | TF_STRINGIFY };
  return a->kind == b->kind && (a->flags & CMP_FLAGS) == (b->flags & CMP_FLAGS) &&
         a->punct == b->punct && a->len == b->len &&
         memcmp(a->text, b->text, a->len) == 0;
}

static bool same_definition(const Macro *a, const Macro *b) {
  if (a->kind != b->kind || a->nparams != b->nparams ||
      a->variadic != b->variadic || a->nbody != b->nbody)
    return false;
  for (int i = 0; i < a->nparams; i++)
    if (a->params[i] != b->params[i])
      return false;
  for (uint32_t i = 0; i < a->nbody; i++)
    if (!same_token(&a->body[i], &b->body[i]))
      return false;
  return true;
}

void macro_define_directive(Cpp *cpp, Token *name) {
  if (!check_macro_name(cpp, name, "define"))
    return;
  Macro *m = arena_alloc(&cpp->arena, sizeof *m);
  m->name = name->ident;
  m->loc = name->loc;
  m->kind = MK_OBJECT;
  Token t;
  dir_lex(cpp, &t);
  if (is_punct(&t, P_LPAREN) && !(t.flags & TF_SPACE)) {
    m->kind = MK_FUNCTION;
    if (!parse_params(cpp, m))
      return;
  } else if (t.kind != TK_EOD) {
    if (!(t.flags & TF_SPACE))
      diag_warning(t.loc, W_NONE, "missing whitespace after the macro name");
    cpp_unget_token(cpp, &t);
  }
  if (!parse_body(cpp, m))
    return;
  m->origin = cpp->defining_builtins ? ORIGIN_BUILTIN
              : cpp->frame->system   ? ORIGIN_SYSTEM
                                     : ORIGIN_USER;
  m->sys_flags = cpp->frame->sys_flags;
  for (uint32_t i = 0; i < m->nbody; i++)
    m->body[i].pp = m;

  Macro *old = name->ident->macro;
  if (old) {
    if (old->kind == MK_BUILTIN) {
      diag_warning(name->loc, W_BUILTIN_MACRO_REDEFINED, "\"%s\" redefined",
                   name->ident->name);
    } else if (!same_definition(old, m)) {
      if (diag_warning(name->loc, W_NONE, "\"%s\" redefined",
                       name->ident->name) &&
          old->loc.file)
        diag_note(old->loc, "this is the location of the previous definition");
    }
  }
  macro_set(cpp, name->ident, m);
}

void macro_undef_directive(Cpp *cpp) {
  Token t;
  dir_lex(cpp, &t);
  if (!check_macro_name(cpp, &t, "undef"))
    return;
  Macro *old = t.ident->macro;
  if (old && old->kind == MK_BUILTIN)
    diag_warning(t.loc, W_BUILTIN_MACRO_REDEFINED, "undefining \"%s\"",
                 t.ident->name);
  if (old)
    macro_set(cpp, t.ident, NULL);
  Token extra;
  dir_lex(cpp, &extra);
  if (extra.kind != TK_EOD)
    diag_warning(extra.loc, W_NONE, "extra tokens at end of #undef directive");
}

void macro_print_definition(Buf *b, const Macro *m) {
  buf_printf(b, "#define %s", m->name->name);
  if (m->kind == MK_FUNCTION) {
    buf_putc(b, '(');
    for (int i = 0; i < m->nparams; i++) {
      if (i)
        buf_putc(b, ',');
      bool last = i == m->nparams - 1;
      if (last && m->variadic && !strcmp(m->params[i]->name, "__VA_ARGS__")) {
        buf_puts(b, "...");
      } else {
        buf_puts(b, m->params[i]->name);
        if (last && m->variadic)
          buf_puts(b, "...");
      }
    }
    buf_putc(b, ')');
  }
  buf_putc(b, ' ');
  for (uint32_t i = 0; i < m->nbody; i++) {
    const Token *t = &m->body[i];
    if (i && (t->flags & TF_SPACE))
      buf_putc(b, ' ');
    if (t->flags & TF_STRINGIFY)
      buf_putc(b, '#');
    if (t->kind == TK_PARAM)
      buf_puts(b, m->params[t->punct]->name);
    else
      buf_append(b, t->text, t->len);
    if (t->flags & TF_PASTE_LEFT)
      buf_puts(b, " ##");
  }
}
