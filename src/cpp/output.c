/* -E and -dM output.

   -E prints tokens as gcc -E does: a line marker `# LINE "FILE" FLAGS`
   when a file is entered (flag 1) or left (2), with 3 for a system
   header and 4 for an implicitly extern "C" one; up to 8 blank lines to
   keep tokens on their source line, a marker beyond that; the first token
   of a line indented to its source column; a space between tokens where
   the source had white space or where the two would otherwise lex as one;
   every pragma on a line of its own.  */
#include "cpp_internal.h"

#include <string.h>

typedef struct Writer {
  Cpp *cpp;
  FILE *out;
  Buf buf;
  uint32_t file;  /* srcfile id of the output position */
  uint32_t line;  /* presumed line of the output position */
  uint8_t flags;  /* EV_SYSTEM / EV_EXTERN_C of the current file */
  bool printed;   /* something is on the current output line */
  bool resync;    /* check the position before the next token */
  bool markers;   /* not -P */
  bool prev_sys;  /* the last token printed was from a system header */
  bool have_prev;
  Token prev;
} Writer;

static void flush_some(Writer *w) {
  if (w->buf.len >= (1u << 16)) {
    fwrite(w->buf.data, 1, w->buf.len, w->out);
    w->buf.len = 0;
  }
}

static void end_line(Writer *w) {
  if (w->printed) {
    buf_putc(&w->buf, '\n');
    w->line++;
    w->printed = false;
  }
}

/* A marker's file name, quoted as GCC quotes it.  */
static void put_marker_name(Buf *b, const char *name) {
  buf_putc(b, '"');
  for (const char *p = name; *p; p++) {
    if (*p == '\\' || *p == '"')
      buf_putc(b, '\\');
    buf_putc(b, *p);
  }
  buf_putc(b, '"');
}

static void put_marker(Writer *w, uint32_t file, uint32_t line,
                       unsigned flags) {
  end_line(w);
  if (w->markers) {
    buf_printf(&w->buf, "# %u ", line);
    put_marker_name(&w->buf, srcfile_get(file)->name);
    for (int k = 0; k < 4; k++)
      if (flags & (1u << k))
        buf_printf(&w->buf, " %d", k + 1);
    buf_putc(&w->buf, '\n');
  }
  w->file = file;
  w->line = line;
  w->have_prev = false;
}

/* Move the output to the line of LOC: newlines or a marker.  */
static void move_to(Writer *w, SrcLoc loc) {
  uint32_t line = srcloc_line(loc);
  if (loc.file != w->file) {
    put_marker(w, loc.file, line, w->flags);
    return;
  }
  end_line(w);
  if (!w->markers) {
    w->line = line; /* -P: no blank lines */
  } else if (line >= w->line && line < w->line + 8) {
    while (w->line < line) {
      buf_putc(&w->buf, '\n');
      w->line++;
    }
  } else if (w->markers) {
    put_marker(w, loc.file, line, w->flags);
  } else {
    w->line = line;
  }
}

/* Whether T is system-header text: spelled in a system header or in the
   body of a macro defined in one.  -1 for the body of a predefined
   macro, which does not count either way (as in GCC).  */
static int token_system(const Writer *w, const Token *t, unsigned *flags) {
  const Macro *m = t->pp;
  if (m) {
    *flags = m->sys_flags;
    return m->origin == ORIGIN_BUILTIN ? -1 : m->origin == ORIGIN_SYSTEM;
  }
  *flags = t->loc.file == w->file ? w->flags : EV_SYSTEM | EV_EXTERN_C;
  return srcfile_get(t->loc.file)->system_header;
}

/* A token's spelling; like gcc -E, an identifier's non-ASCII characters
   are written as \UXXXXXXXX.  */
static void put_spelling(Buf *b, const Token *t) {
  if (t->kind != TK_IDENT) {
    buf_append(b, t->text, t->len);
    return;
  }
  const unsigned char *s = (const unsigned char *)t->text;
  for (uint32_t i = 0; i < t->len;) {
    unsigned c = s[i];
    int extra = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
    if (c < 0xc0 || i + (uint32_t)extra >= t->len) {
      buf_putc(b, (char)s[i++]);
      continue;
    }
    uint32_t cp = c & (0x3f >> extra);
    for (int k = 1; k <= extra; k++)
      cp = (cp << 6) | (s[i + (uint32_t)k] & 0x3f);
    buf_printf(b, "\\U%08x", cp);
    i += (uint32_t)extra + 1;
  }
}

/* What gcc -E does when a line begins: move there and indent.  */
static void line_change(Writer *w, SrcLoc loc) {
  move_to(w, loc);
  for (uint32_t c = 2; c < loc.col; c++)
    buf_putc(&w->buf, ' ');
  w->printed = true;
}

static void put_token(Writer *w, const Token *t) {
  bool bol = (t->flags & TF_BOL) || ((t->flags & TF_RESYNC) && w->markers);
  if (bol || w->resync) {
    if (bol || t->loc.file != w->file || srcloc_line(t->loc) != w->line)
      move_to(w, t->loc);
    w->resync = false;
  }
  if (!w->printed) {
    /* As gcc: indent to the source column (col - 2 blanks, plus the one
       the token's preceding white space gives).  A '#' from a macro must
       not begin a line: it would read as a directive.  */
    if (bol)
      for (uint32_t c = 2; c < t->loc.col; c++)
        buf_putc(&w->buf, ' ');
    bool resync_only = bol && !(t->flags & TF_BOL);
    if ((t->flags & TF_SPACE) || resync_only ||
        (t->kind == TK_PUNCT && t->punct == P_HASH))
      buf_putc(&w->buf, ' ');
  } else if ((t->flags & TF_SPACE) ||
             (w->have_prev && ((t->flags & TF_PAD) &&
                               tokens_gcc_avoid_paste(&w->prev, t))) ||
             (w->have_prev && tokens_would_paste(&w->prev, t))) {
    buf_putc(&w->buf, ' ');
  }
  unsigned sys_flags;
  int sys = token_system(w, t, &sys_flags);
  if (w->markers && sys >= 0 && sys != w->prev_sys) {
    /* GCC marks each change between system-header text and other text
       with a line marker, even within a line.  */
    w->prev_sys = sys;
    w->printed = true;
    end_line(w);
    put_marker(w, t->loc.file, srcloc_line(t->loc), sys ? sys_flags : 0);
    for (uint32_t c = 2; c < t->loc.col; c++)
      buf_putc(&w->buf, ' ');
  }
  put_spelling(&w->buf, t);
  w->printed = true;
  w->prev = *t;
  w->have_prev = true;
}

static void put_pragma(Writer *w, const Token *start) {
  Cpp *cpp = w->cpp;
  uint32_t line = srcloc_line(start->loc);
  end_line(w);
  if (start->loc.file != w->file || line < w->line || line >= w->line + 8)
    put_marker(w, start->loc.file, line, w->flags);
  else
    move_to(w, start->loc);
  buf_putc(&w->buf, '#');
  buf_append(&w->buf, start->text, start->len);
  Token t, prev;
  bool first = true;
  for (;;) {
    cpp_get_token(cpp, &t);
    if (t.kind == TK_PRAGMA_END || t.kind == TK_EOF)
      break;
    if (first || (t.flags & TF_SPACE) || tokens_would_paste(&prev, &t))
      buf_putc(&w->buf, ' ');
    buf_append(&w->buf, t.text, t.len);
    prev = t;
    first = false;
  }
  cpp->pending_flags = 0;
  buf_putc(&w->buf, '\n');
  w->line++;
  w->printed = false;
  w->resync = true;
  w->have_prev = false;
}

void cpp_write_preprocessed(Cpp *cpp, FILE *out) {
  Writer w = {.cpp = cpp, .out = out, .markers = !cpp->opts.no_line_markers};
  cpp->preprocess_only = true;
  const char *workdir = cpp->opts.working_dir;
  for (;;) {
    Token t;
    cpp_get_token(cpp, &t);
    if (cpp->stale_bol) {
      line_change(&w, cpp->stale_loc);
      cpp->stale_bol = false;
    }
    if ((t.kind == TK_EVENT || t.kind == TK_EOF) &&
        (cpp->pending_flags & TF_BOL)) {
      /* a macro that began a line expanded to nothing */
      line_change(&w, cpp->pending_loc);
      cpp->pending_flags = 0;
    }
    if (t.kind == TK_EOF)
      break;
    if (t.kind == TK_EVENT && (t.punct & EV_BLANK)) {
      line_change(&w, t.loc);
      continue;
    }
    if (t.kind == TK_EVENT) {
      /* like GCC, first bring the output to the line of the #include */
      SrcLoc from = srcfile_get(t.loc.file)->included_from;
      if ((t.punct & EV_ENTER) && from.file == w.file && from.line)
        move_to(&w, from);
      put_marker(&w, t.loc.file, srcloc_line(t.loc), t.punct);
      if (workdir && w.markers) {
        Buf dir = {0};
        buf_printf(&dir, "%s//", workdir);
        buf_puts(&w.buf, "# 1 ");
        put_marker_name(&w.buf, buf_cstr(&dir));
        buf_putc(&w.buf, '\n');
        buf_free(&dir);
      }
      workdir = NULL;
      w.flags = (uint8_t)(t.punct & (EV_SYSTEM | EV_EXTERN_C));
      continue;
    }
    if (cpp->pending_flags) {
      /* the first token of a macro expansion goes where the macro was */
      if ((cpp->pending_flags & TF_BOL) && (t.flags & TF_BOL)) {
        /* the macro that began an earlier line expanded to nothing */
        line_change(&w, cpp->pending_loc);
      } else if (cpp->pending_flags & TF_BOL) {
        t.loc = cpp->pending_loc;
      }
      t.flags |= cpp->pending_flags;
      cpp->pending_flags = 0;
    }
    if (t.kind == TK_PRAGMA)
      put_pragma(&w, &t);
    else
      put_token(&w, &t);
    flush_some(&w);
  }
  end_line(&w);
  fwrite(w.buf.data, 1, w.buf.len, out);
  buf_free(&w.buf);
}

void cpp_write_macros(Cpp *cpp, FILE *out) {
  while (cpp_next(cpp)->kind != TK_EOF)
    ;
  Buf b = {0};
  for (size_t i = 0; i < cpp->macros.len; i++) {
    const Macro *m = cpp->macros.data[i];
    if (m->kind == MK_BUILTIN || m->name->macro != m)
      continue;
    macro_print_definition(&b, m);
    buf_putc(&b, '\n');
  }
  fwrite(b.data, 1, b.len, out);
  buf_free(&b);
}
