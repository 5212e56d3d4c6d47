/* Diagnostics in GCC's format:

     file:line:col: error: message
         3 | source line
           |     ^

   With -fdiagnostics-plain-output only the first line is printed.  The
   options, the source-file table and the counts are the current
   compilation's (ctx_current->diag_opts, ->diag).  */
#include "ctx.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Where diagnostics go: standard error unless a tool redirects them.  */
static FILE *diag_out(void) {
  return ctx_current->diag_opts.stream ? ctx_current->diag_opts.stream : stderr;
}

enum { FILE_CHUNK_BITS = 8, FILE_CHUNK = 1 << FILE_CHUNK_BITS,
       FILE_CHUNKS = 1 << 14 };

enum { XP_CHUNK_BITS = 12, XP_CHUNK = 1 << XP_CHUNK_BITS,
       XP_CHUNKS = 1 << 16 };

static SrcFile *file_at(DiagState *d, uint32_t id) {
  return &d->file_chunks[id >> FILE_CHUNK_BITS][id & (FILE_CHUNK - 1)];
}

static uint32_t add_file(const SrcFile *f) {
  DiagState *d = &ctx_current->diag;
  uint32_t id = atomic_load_explicit(&d->nfiles, memory_order_relaxed);
  if ((id >> FILE_CHUNK_BITS) >= FILE_CHUNKS)
    fatal("too many source files");
  if (!d->file_chunks[id >> FILE_CHUNK_BITS])
    d->file_chunks[id >> FILE_CHUNK_BITS] = xcalloc(FILE_CHUNK, sizeof(SrcFile));
  *file_at(d, id) = *f;
  atomic_store_explicit(&d->nfiles, id + 1, memory_order_release);
  return id;
}

static uint32_t file_count(void) {
  return atomic_load_explicit(&ctx_current->diag.nfiles, memory_order_acquire);
}

/* Diagnostics of a thread that must not print them yet (see
   diag_capture): its sink, or NULL.  */
static _Thread_local DiagSink *capture_sink;
static _Thread_local void *capture_ctx;

static const char *const warning_names[W__COUNT] = {
    [W_NONE] = "",
    [W_ATTRIBUTES] = "attributes",
    [W_CPP] = "cpp",
    [W_BTF_TAG_DROPPED] = "btf-tag-dropped",
    [W_BTF_TAG_PLACEMENT] = "btf-tag-placement",
    [W_PEDANTIC] = "pedantic",
    [W_BUILTIN_MACRO_REDEFINED] = "builtin-macro-redefined",
    [W_IMPLICIT_FUNCTION_DECLARATION] = "implicit-function-declaration",
    [W_DECLARATION_MISSING_PARAMETER_TYPE] = "declaration-missing-parameter-type",
    [W_OLD_STYLE_DEFINITION] = "old-style-definition",
    [W_RETURN_MISMATCH] = "return-mismatch",
    [W_INT_CONVERSION] = "int-conversion",
    [W_INCOMPATIBLE_POINTER_TYPES] = "incompatible-pointer-types",
    [W_INVALID_PCH] = "invalid-pch",
    [W_MISSING_PARAMETER_NAME] = "missing-parameter-name",
    [W_SWITCH_OUTSIDE_RANGE] = "switch-outside-range",
    [W_SWITCH_BOOL] = "switch-bool",
    [W_DISCARDED_QUALIFIERS] = "discarded-qualifiers",
    [W_OVERFLOW] = "overflow",
    [W_DIV_BY_ZERO] = "div-by-zero",
    [W_SHIFT_COUNT_OVERFLOW] = "shift-count-overflow",
    [W_SHIFT_COUNT_NEGATIVE] = "shift-count-negative",
    [W_COMPARE_DISTINCT_POINTER_TYPES] = "compare-distinct-pointer-types",
    [W_LONG_LONG] = "long-long",
    [W_DECLARATION_AFTER_STATEMENT] = "declaration-after-statement",
    [W_VLA] = "vla",
    [W_OTHER] = "",
};

void diag_options_default(DiagOptions *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < W__COUNT; i++)
    o->enabled[i] = true;
  /* Opt-in groups: -Wbtf-tag-dropped (also via -Wextra), -Wbtf-tag-placement,
     -Wpedantic, -Winvalid-pch.  */
  o->enabled[W_BTF_TAG_DROPPED] = false;
  o->enabled[W_BTF_TAG_PLACEMENT] = false;
  o->enabled[W_PEDANTIC] = false;
  o->enabled[W_INVALID_PCH] = false;
  o->enabled[W_MISSING_PARAMETER_NAME] = false; /* and by -Wpedantic */
}

void diag_state_init(DiagState *d) {
  memset(d, 0, sizeof *d);
  d->file_chunks = xcalloc(FILE_CHUNKS, sizeof *d->file_chunks);
  d->file_chunks[0] = xcalloc(FILE_CHUNK, sizeof(SrcFile));
  d->file_chunks[0][0] = (SrcFile){.name = "<none>", .path = "<none>"};
  atomic_store(&d->nfiles, 1);
}

void diag_state_free(DiagState *d) {
  for (size_t i = 0; i < FILE_CHUNKS && d->file_chunks[i]; i++)
    free(d->file_chunks[i]);
  free(d->file_chunks);
  for (size_t i = 0; d->xp_chunks && i < XP_CHUNKS && d->xp_chunks[i]; i++)
    free(d->xp_chunks[i]);
  free(d->xp_chunks);
  free(d->pragma_saved);
  free(d->pragma_base);
  memset(d, 0, sizeof *d);
}

int diag_warning_by_name(const char *name) {
  for (int i = 1; i < W__COUNT; i++)
    if (warning_names[i][0] && strcmp(warning_names[i], name) == 0)
      return i;
  return -1;
}

const char *diag_warning_name(WarningId id) { return warning_names[id]; }

uint32_t srcfile_add(const char *path, const char *text, size_t len,
                     SrcLoc included_from, bool system_header) {
  SrcFile f = {.name = path,
               .path = path,
               .text = text,
               .len = len,
               .included_from = included_from,
               .system_header = system_header};
  return add_file(&f);
}

uint32_t srcfile_add_alias(uint32_t base, const char *name, int32_t line_delta,
                           bool system_header) {
  SrcFile f = *srcfile_get(base);
  f.name = name;
  f.line_delta = line_delta;
  f.system_header = system_header;
  return add_file(&f);
}

/* Entries live in chunks that never move, so that the parser's thread
   may read old entries while the preprocessor's adds new ones.  */
uint32_t srcloc_add_expansion(SrcLoc at) {
  DiagState *d = &ctx_current->diag;
  uint32_t id = d->nxp ? d->nxp : 1;
  if ((id >> XP_CHUNK_BITS) >= XP_CHUNKS)
    return 0; /* no room: the spelling place stands */
  if (!d->xp_chunks)
    d->xp_chunks = xcalloc(XP_CHUNKS, sizeof *d->xp_chunks);
  SrcLoc **chunk = &d->xp_chunks[id >> XP_CHUNK_BITS];
  if (!*chunk)
    *chunk = xmalloc(XP_CHUNK * sizeof(SrcLoc));
  at.xp = 0;
  (*chunk)[id & (XP_CHUNK - 1)] = at;
  d->nxp = id + 1;
  return id;
}

SrcLoc srcloc_debug_place(SrcLoc loc) {
  if (!loc.xp)
    return loc;
  return ctx_current->diag.xp_chunks[loc.xp >> XP_CHUNK_BITS]
                                    [loc.xp & (XP_CHUNK - 1)];
}

const SrcFile *srcfile_get(uint32_t id) {
  return file_at(&ctx_current->diag, id < file_count() ? id : 0);
}

uint32_t srcfile_count(void) { return file_count(); }

uint32_t srcloc_line(SrcLoc loc) {
  const SrcFile *f = srcfile_get(loc.file);
  return (uint32_t)((int64_t)loc.line + f->line_delta);
}

const char *srcloc_file(SrcLoc loc) { return srcfile_get(loc.file)->name; }

/* The start of LOC's physical line in its file's text, NULL if the text
   is not at hand; *END is the end of the text.  Lines are found from the
   one looked up last when they follow it.  */
static const char *loc_line_start(SrcLoc loc, const char **end) {
  DiagState *d = &ctx_current->diag;
  const SrcFile *f = srcfile_get(loc.file);
  if (!f->text || loc.line == 0)
    return NULL;
  const char *p = f->text;
  *end = f->text + f->len;
  uint32_t l = 1;
  if (d->shown_file == loc.file && d->shown_line <= loc.line && d->shown_start) {
    p = d->shown_start;
    l = d->shown_line;
  }
  for (; l < loc.line && p < *end; p++)
    if (*p == '\n')
      l++;
  if (p >= *end)
    return NULL;
  d->shown_file = loc.file;
  d->shown_line = loc.line;
  d->shown_start = p;
  return p;
}

size_t srcloc_line_text(SrcLoc loc, const char **text) {
  const char *end;
  const char *p = loc.file ? loc_line_start(loc, &end) : NULL;
  *text = p;
  if (!p)
    return 0;
  const char *q = p;
  while (q < end && *q != '\n')
    q++;
  if (q > p && q[-1] == '\r')
    q--;
  return (size_t)(q - p);
}

/* The column GCC prints for LOC (whose col counts bytes): display
   columns, a tab moving to the next multiple of 8 and a UTF-8 character
   taking one.  */
static uint32_t display_col(SrcLoc loc) {
  const char *end;
  const char *p = loc.file ? loc_line_start(loc, &end) : NULL;
  if (!p)
    return loc.col;
  uint32_t col = 1;
  for (uint32_t c = 1; c < loc.col && p + c - 1 < end && p[c - 1] != '\n'; c++) {
    unsigned char ch = (unsigned char)p[c - 1];
    if (ch == '\t')
      col = (col - 1) / 8 * 8 + 9;
    else if ((ch & 0xc0) != 0x80)
      col++;
  }
  return col;
}

/* Print the source line of LOC with a caret under its column, in one
   write: standard error is unbuffered, and a caret far along a long line
   would otherwise cost a system call per column.  */
static void print_source_line(SrcLoc loc) {
  const char *end;
  const char *p = loc_line_start(loc, &end);
  if (!p)
    return;
  const char *eol = memchr(p, '\n', (size_t)(end - p));
  if (!eol)
    eol = end;
  int width = (int)(eol - p);
  if (width > 0 && p[width - 1] == '\r')
    width--;
  Buf b = {0};
  buf_printf(&b, " %4u | %.*s\n", srcloc_line(loc), width, p);
  buf_puts(&b, "      | ");
  for (uint32_t c = 1; c < loc.col && (int)c <= width; c++)
    buf_putc(&b, p[c - 1] == '\t' ? '\t' : ' ');
  buf_puts(&b, "^\n");
  fwrite(b.data, 1, b.len, diag_out());
  buf_free(&b);
}

static void print_include_chain(SrcLoc loc) {
  const SrcFile *f = srcfile_get(loc.file);
  bool first = true;
  for (SrcLoc inc = f->included_from; inc.file; ) {
    fprintf(diag_out(), "%s %s:%u", first ? "In file included from" : "\n                 from",
            srcloc_file(inc), srcloc_line(inc));
    first = false;
    inc = srcfile_get(inc.file)->included_from;
  }
  if (!first)
    fputs(":\n", diag_out());
}

/* One saved state of the warning groups.  */
typedef struct DiagSaved {
  bool enabled[W__COUNT], as_error[W__COUNT], demoted[W__COUNT];
} DiagSaved;

static void save_state(DiagSaved *s) {
  memcpy(s->enabled, ctx_current->diag_opts.enabled, sizeof s->enabled);
  memcpy(s->as_error, ctx_current->diag_opts.as_error, sizeof s->as_error);
  memcpy(s->demoted, ctx_current->diag_opts.demoted, sizeof s->demoted);
}

static void restore_state(const DiagSaved *s) {
  memcpy(ctx_current->diag_opts.enabled, s->enabled, sizeof s->enabled);
  memcpy(ctx_current->diag_opts.as_error, s->as_error, sizeof s->as_error);
  memcpy(ctx_current->diag_opts.demoted, s->demoted, sizeof s->demoted);
}

/* The command line's state, kept before the first pragma changes it.  */
static void keep_base_state(DiagState *d) {
  if (!d->pragma_base) {
    d->pragma_base = xmalloc(sizeof *d->pragma_base);
    save_state(d->pragma_base);
  }
}

void diag_pragma_push(void) {
  DiagState *d = &ctx_current->diag;
  keep_base_state(d);
  if (d->pragma_depth == d->pragma_cap) {
    d->pragma_cap = d->pragma_cap ? 2 * d->pragma_cap : 8;
    d->pragma_saved = xrealloc(d->pragma_saved, d->pragma_cap * sizeof *d->pragma_saved);
  }
  save_state(&d->pragma_saved[d->pragma_depth++]);
}

void diag_pragma_pop(void) {
  DiagState *d = &ctx_current->diag;
  if (d->pragma_depth)
    restore_state(&d->pragma_saved[--d->pragma_depth]);
  else if (d->pragma_base)
    restore_state(d->pragma_base);
}

bool diag_pragma_set(const char *option, DiagPragmaKind kind) {
  if (strncmp(option, "-W", 2) != 0)
    return false;
  int id = diag_warning_by_name(option + 2);
  if (id <= 0)
    return false;
  keep_base_state(&ctx_current->diag);
  ctx_current->diag_opts.enabled[id] = kind != DIAG_PRAGMA_IGNORED;
  ctx_current->diag_opts.as_error[id] = kind == DIAG_PRAGMA_ERROR;
  ctx_current->diag_opts.demoted[id] = kind == DIAG_PRAGMA_WARNING;
  return true;
}

const char *diag_set_function(const char *name) {
  DiagState *d = &ctx_current->diag;
  const char *previous = d->function;
  d->function = name;
  return previous;
}

/* GCC's line naming the function a diagnostic at LOC comes from, when
   that is not the one named last.  */
static void print_function_context(SrcLoc loc) {
  DiagState *d = &ctx_current->diag;
  if (d->function == d->function_shown)
    return;
  if (d->function)
    fprintf(diag_out(), "%s: In function '%s':\n", srcloc_file(loc), d->function);
  else
    fprintf(diag_out(), "%s: At top level:\n", srcloc_file(loc));
  d->function_shown = d->function;
}

static void emit(SrcLoc loc, const char *kind, const char *option,
                 const char *message) {
  DiagState *d = &ctx_current->diag;
  bool whole_file = loc.file && loc.line == 0; /* "<command-line>: " */
  if (whole_file) {
    fprintf(diag_out(), "%s: %s: ", srcloc_file(loc), kind);
  } else if (loc.file) {
    if (loc.file != d->last_chain_file)
      print_include_chain(loc);
    d->last_chain_file = loc.file;
    print_function_context(loc);
    if (loc.col == 0) /* a line as a whole: the end of input */
      fprintf(diag_out(), "%s:%u: %s: ", srcloc_file(loc), srcloc_line(loc), kind);
    else
      fprintf(diag_out(), "%s:%u:%u: %s: ", srcloc_file(loc), srcloc_line(loc),
              display_col(loc), kind);
  } else {
    fprintf(diag_out(), "%s: %s: ", progname, kind);
  }
  fputs(message, diag_out());
  if (option)
    fprintf(diag_out(), " [%s]", option);
  fputc('\n', diag_out());
  if (loc.file && !whole_file && loc.col && !ctx_current->diag_opts.plain)
    print_source_line(loc);
}

/* Print R and count it; an error past -fmax-errors or a fatal error ends
   the compilation.  */
static void deliver(const DiagRecord *r) {
  DiagState *d = &ctx_current->diag;
  if (d->terminated)
    return;
  emit(r->loc, r->kind, r->option[0] ? r->option : NULL, r->message);
  switch (r->count) {
  case DIAG_COUNT_NONE:
    break;
  case DIAG_COUNT_WARNING:
    d->n_warnings++;
    break;
  case DIAG_COUNT_WARNING_ERROR:
    d->warning_made_error = true; /* here, on the thread that delivers */
    d->n_errors++;
    break;
  case DIAG_COUNT_ERROR:
    d->n_errors++;
    break;
  case DIAG_COUNT_ERROR_LIMITED:
    d->n_errors++;
    if (ctx_current->diag_opts.max_errors && d->n_errors >= ctx_current->diag_opts.max_errors) {
      fprintf(diag_out(), "compilation terminated due to -fmax-errors=%u.\n",
              ctx_current->diag_opts.max_errors);
      exit(1);
    }
    break;
  case DIAG_COUNT_FATAL:
    fputs("compilation terminated.\n", diag_out());
    d->n_errors++;
    d->terminated = true;
    break;
  }
}

/* Format a diagnostic, then print it, or hand it to the capturing sink.  */
static void report(SrcLoc loc, const char *kind, const char *option,
                   DiagCount count, const char *fmt, va_list ap) {
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  DiagRecord r = {.loc = loc, .kind = kind, .count = count,
                  .message = (char *)buf_cstr(&b)};
  snprintf(r.option, sizeof r.option, "%s", option ? option : "");
  if (capture_sink) {
    capture_sink(capture_ctx, &r); /* takes the message */
    return;
  }
  deliver(&r);
  buf_free(&b);
}

void diag_capture(DiagSink *sink, void *ctx) {
  capture_sink = sink;
  capture_ctx = ctx;
}

void diag_replay(DiagRecord *r) {
  deliver(r);
  free(r->message);
  r->message = NULL;
}

void diag_verror(SrcLoc loc, const char *fmt, va_list ap) {
  report(loc, "error", NULL, DIAG_COUNT_ERROR_LIMITED, fmt, ap);
}

void diag_error(SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_verror(loc, fmt, ap);
  va_end(ap);
}

void diag_finish_unit(void) {
  if (ctx_current->diag.warning_made_error)
    fprintf(diag_out(), "cc1: %s warnings being treated as errors\n",
            ctx_current->diag_opts.warnings_are_errors ? "all" : "some");
}

/* How deep this thread is in __extension__ operands.  */
static _Thread_local int extension_depth;

void diag_extension(int delta) { extension_depth += delta; }

void diag_options_resolve(DiagOptions *o, int std_year) {
  static const WarningId c90_groups[] = {W_LONG_LONG,
                                         W_DECLARATION_AFTER_STATEMENT, W_VLA};
  for (size_t i = 0; i < ARRAY_LEN(c90_groups); i++)
    if (!o->given[c90_groups[i]])
      o->enabled[c90_groups[i]] = o->enabled[W_PEDANTIC] && std_year < 1999;
}

/* A pedwarn of group ID that is shown: an error when PEDANTIC_ERROR
   (and -Wno-error=ID does not say otherwise), or as a warning is.  */
static bool pedwarn_report(SrcLoc loc, WarningId id, bool pedantic_error,
                           const char *fmt, va_list ap) {
  const DiagOptions *o = &ctx_current->diag_opts;
  if (!o->enabled[id])
    return false;
  if (extension_depth > 0 && (id == W_PEDANTIC || id == W_LONG_LONG))
    return false;
  bool named_error = o->as_error[id] || (o->warnings_are_errors && id != W_NONE);
  bool error = (pedantic_error && !o->not_error[id]) || named_error;
  if (o->inhibit_warnings && !error)
    return false;
  if (loc.file && srcfile_get(loc.file)->system_header)
    return false;
  bool by_werror = named_error && !(pedantic_error && !o->not_error[id]);
  char option[80] = "";
  if (warning_names[id][0])
    snprintf(option, sizeof option, "-W%s%s",
             named_error && !pedantic_error ? "error=" : "", warning_names[id]);
  else if (by_werror)
    strcpy(option, "-Werror");
  report(loc, error ? "error" : "warning", option[0] ? option : NULL,
         by_werror ? DIAG_COUNT_WARNING_ERROR
                   : error ? DIAG_COUNT_ERROR : DIAG_COUNT_WARNING,
         fmt, ap);
  return true;
}

bool diag_pedwarn(SrcLoc loc, WarningId id, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  bool shown = pedwarn_report(loc, id, ctx_current->diag_opts.pedantic_errors,
                              fmt, ap);
  va_end(ap);
  return shown;
}

bool diag_pedwarn_before(int year, SrcLoc loc, WarningId id, const char *fmt, ...) {
  bool before = lang_year() < year;
  if (!before && !(id != W_PEDANTIC && ctx_current->diag_opts.given[id]))
    return false;
  va_list ap;
  va_start(ap, fmt);
  bool shown = pedwarn_report(loc, id, before && ctx_current->diag_opts.pedantic_errors,
                              fmt, ap);
  va_end(ap);
  return shown;
}

bool diag_permerror(SrcLoc loc, WarningId id, const char *fmt, ...) {
  if (!ctx_current->diag_opts.enabled[id])
    return false;
  bool error = !ctx_current->diag_opts.demoted[id];
  char option[80];
  snprintf(option, sizeof option, "-W%s", warning_names[id]);
  va_list ap;
  va_start(ap, fmt);
  report(loc, error ? "error" : "warning", option,
         error ? DIAG_COUNT_ERROR : DIAG_COUNT_WARNING, fmt, ap);
  va_end(ap);
  return true;
}

bool diag_warning(SrcLoc loc, WarningId id, const char *fmt, ...) {
  if (!ctx_current->diag_opts.enabled[id])
    return false;
  bool as_error = ctx_current->diag_opts.as_error[id] ||
                  (ctx_current->diag_opts.warnings_are_errors && id != W_NONE);
  if (ctx_current->diag_opts.inhibit_warnings && !as_error)
    return false;
  if (!as_error && loc.file && srcfile_get(loc.file)->system_header &&
      id != W_CPP)
    return false;
  char option[80] = "";
  if (warning_names[id][0])
    snprintf(option, sizeof option, "-W%s%s", as_error ? "error=" : "",
             warning_names[id]);
  else if (as_error)
    strcpy(option, "-Werror"); /* a warning of no group, made an error */
  va_list ap;
  va_start(ap, fmt);
  report(loc, as_error ? "error" : "warning", option[0] ? option : NULL,
         as_error ? DIAG_COUNT_WARNING_ERROR : DIAG_COUNT_WARNING, fmt, ap);
  va_end(ap);
  return true;
}

void diag_note(SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(loc, "note", NULL, DIAG_COUNT_NONE, fmt, ap);
  va_end(ap);
}

void diag_sorry(SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(loc, "sorry, unimplemented", NULL, DIAG_COUNT_ERROR_LIMITED, fmt, ap);
  va_end(ap);
}

void diag_fatal(SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(loc, "fatal error", NULL, DIAG_COUNT_FATAL, fmt, ap);
  va_end(ap);
}

unsigned diag_error_count(void) { return ctx_current->diag.n_errors; }

unsigned diag_warning_count(void) { return ctx_current->diag.n_warnings; }
