/* The preprocessor object: setup (predefined macros, -D/-U, -include),
   the token stream the parser reads, and teardown.

   Before the main file, as GCC: the predefined macros ("<built-in>"), the
   -D/-U options in order ("<command-line>"), then, included from
   <command-line>, <stdc-predef.h> (x86_64 target, unless -nostdinc or
   -ffreestanding; GCC's bpf target has no such header) and the -include
   files.  */
#include "cpp_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

Cpp *cpp_new(const CppOptions *opts) {
  Cpp *cpp = xzalloc_aligned(64, sizeof *cpp); /* see Cpp.pipe */
  cpp->opts = *opts;
  macro_init_names(cpp);
  directives_init();
  int year = lang_year();
  cpp->uliterals = year >= 2011 || (ctx_current->lang.gnu && year >= 1999);
  cpp->u8_chars = year >= 2023;
  cpp->scope_token = year >= 2023;
  cpp->digit_seps = year >= 2023;
  cpp->trigraphs = !ctx_current->lang.gnu && year <= 2017;
  cpp->budget = UINT32_MAX;
  files_init(cpp);
  return cpp;
}

/* Processes TEXT (directives only) as the file NAME.  */
static uint32_t run_text(Cpp *cpp, const char *name, const Buf *text) {
  char *copy = xstrndup(text->data ? text->data : "", text->len);
  push_text(cpp, name, copy, text->len, true, false);
  uint32_t id = cpp->frame->phys_id;
  cpp->defining_builtins = true;
  Token t;
  do
    cpp_get_token(cpp, &t);
  while (t.kind != TK_EOF);
  cpp->defining_builtins = false;
  return id;
}

/* -D NAME, -D NAME=VALUE, -D F(x)=VALUE, -U NAME as directive lines.  */
static void command_line_text(const CppOptions *o, Buf *b) {
  for (size_t i = 0; i < o->n_macro_cmds; i++) {
    const char *s = o->macro_cmds[i].text;
    size_t n = strcspn(s, "\n");
    if (o->macro_cmds[i].kind == MACRO_UNDEF) {
      buf_printf(b, "#undef %.*s\n", (int)n, s);
      continue;
    }
    const char *eq = memchr(s, '=', n);
    if (eq)
      buf_printf(b, "#define %.*s %.*s\n", (int)(eq - s), s,
                 (int)(n - (size_t)(eq + 1 - s)), eq + 1);
    else
      buf_printf(b, "#define %.*s 1\n", (int)n, s);
  }
}

static void start_main(Cpp *cpp, const char *name, IncFile *f, char *text,
                       size_t len) {
  const CppOptions *o = &cpp->opts;
  /* The identifier table sized for the main file at one new name per 64
     bytes (vmlinux.h has one per 45): a table that doubles its way there
     touches every smaller one too.  */
  intern_reserve((f ? f->len : len) / 64);
  define_builtin_macros(cpp);
  Buf b = {0};
  predef_text(&b, &o->predef, o->undef_predefined);
  cpp->builtin_file = run_text(cpp, "<built-in>", &b);
  b.len = 0;
  command_line_text(o, &b);
  cpp->cmdline_file = run_text(cpp, "<command-line>", &b);
  buf_free(&b);
  cpp->stopped = false;

  if (ctx_current->target.arch == ARCH_X86_64 && !o->nostdinc &&
      !o->predef.freestanding) {
    Preinclude p = {"stdc-predef.h", true, true};
    vec_push(&cpp->preincludes, p);
  }
  for (size_t i = 0; i < o->n_include_files; i++) {
    Preinclude p = {o->include_files[i], false, false};
    vec_push(&cpp->preincludes, p);
  }

  cpp->main_name = name;
  if (f)
    push_file(cpp, f, f->path, -2, false, (SrcLoc){0});
  else
    push_text(cpp, name, text, len, true, false);
  uint32_t main_id = cpp->main_file = cpp->frame->phys_id;
  push_text(cpp, "<command-line>", (char *)"", 0, false, true);
  push_event(cpp, 0, main_id, 0);
  push_event(cpp, 0, cpp->builtin_file, 0);
  push_event(cpp, 0, cpp->frame->phys_id, 0);
  cpp->pending_flags = 0;
}

bool cpp_open_main(Cpp *cpp, const char *path) {
  if (strcmp(path, "-") == 0) {
    char *text;
    size_t len;
    if (!read_stdin_text(cpp, &text, &len)) {
      diag_error((SrcLoc){0}, "<stdin>: cannot read standard input");
      return false;
    }
    start_main(cpp, "<stdin>", NULL, text, len);
    return true;
  }
  IncFile *f = file_lookup(cpp, path);
  if (f->missing) {
    diag_error((SrcLoc){0}, "%s: No such file or directory", path);
    return false;
  }
  if (!load_file(cpp, f)) {
    diag_error((SrcLoc){0}, "%s: %s", path, strerror(errno));
    return false;
  }
  start_main(cpp, f->path, f, NULL, 0);
  return true;
}

bool cpp_open_buffer(Cpp *cpp, const char *name, const char *text,
                     size_t len) {
  char *copy = xmalloc(len + 1);
  memcpy(copy, text, len);
  copy[len] = 0;
  start_main(cpp, arena_strndup(&cpp->arena, name, strlen(name)), NULL,
             copy, len);
  return true;
}

uint32_t cpp_main_file(const Cpp *cpp) { return cpp->main_file; }

const Token *cpp_next(Cpp *cpp) {
  return cpp->pipe ? cpp_pipe_next(cpp->pipe) : cpp_next_direct(cpp);
}

const Token *cpp_next_direct(Cpp *cpp) {
  Token *t = &cpp->cur;
  for (;;) {
    cpp_get_token(cpp, t);
    if (t->kind == TK_EVENT)
      continue;
    if (t->kind == TK_PRAGMA && !t->punct) {
      /* a pragma only -E prints */
      do
        cpp_get_token(cpp, t);
      while (t->kind != TK_PRAGMA_END && t->kind != TK_EOF);
      if (t->kind == TK_EOF)
        return t;
      continue;
    }
    if (cpp->pending_flags) {
      t->flags |= cpp->pending_flags;
      cpp->pending_flags = 0;
    }
    t->flags &= TF_BOL | TF_SPACE | TF_NOEXPAND; /* no internal ones */
    t->pp = NULL;
    cpp->emitted = true;
    if (cpp->rec && t->kind != TK_EOF)
      pch_record_token(cpp, t);
    return t;
  }
}

/* The texts and the arena of a freed preprocessor go to the compilation,
   which frees them at its end: the source-file table and the tokens the
   parser kept still point into them.  */
static void retire_sources(Cpp *cpp) {
  for (size_t i = 0; i < cpp->file_cap; i++)
    for (IncFile *f = cpp->file_tab[i]; f; f = f->hash_next)
      file_text_retire(cpp, f);
  for (size_t i = 0; i < cpp->owned_texts.len; i++)
    ctx_at_free(free, cpp->owned_texts.data[i]);
  vec_free(&cpp->owned_texts);
  pch_retire(cpp);
  arena_adopt(&ctx_current->arena, &cpp->arena);
}

void cpp_free(Cpp *cpp) {
  if (!cpp)
    return;
  cpp_stop_thread(cpp);
  cpp_pop_all_contexts(cpp);
  while (cpp->frame) {
    Frame *f = cpp->frame;
    cpp->frame = f->parent;
    free(f);
  }
  while (cpp->free_ctx) {
    Context *c = cpp->free_ctx;
    cpp->free_ctx = c->prev;
    free(c);
  }
  while (cpp->free_bufs) {
    TokBuf *b = cpp->free_bufs;
    cpp->free_bufs = b->next_free;
    free(b->data);
    free(b);
  }
  for (size_t i = 0; i < cpp->touched.len; i++) {
    Ident *id = cpp->touched.data[i];
    id->macro = NULL;
    id->pp_flags &= (uint16_t)~(PPF_POISONED | PPF_TRACKED);
  }
  vec_free(&cpp->touched);
  vec_free(&cpp->deps);
  vec_free(&cpp->macros);
  vec_free(&cpp->pushed);
  vec_free(&cpp->conds);
  vec_free(&cpp->lookahead);
  vec_free(&cpp->preincludes);
  vec_free(&cpp->once_files);
  buf_free(&cpp->scratch);
  pch_recorder_free(cpp);
  retire_sources(cpp);
  files_free(cpp);
  free(cpp);
}
