/* Make dependencies as GCC 16 writes them.

   The preprocessor lists the files (cpp_deps); this file decides where
   the rule goes and what it is named, and writes it.  The names follow
   GCC's driver: -MD and -MMD write FILE.d beside the output (-o's name
   with its suffix replaced, or the input's base name in the current
   directory) and, unless -E, name the rule after -o's argument; -M, -MM
   and -E name it after the input (its base name, suffix ".o"; "-" for
   standard input).  -MF, -MT and -MQ override the file and the targets;
   -MT targets come first, unquoted, as cpp's mkdeps orders them.
   Writing follows mkdeps too: names are Make-quoted ('$' doubled, '#'
   and blanks escaped, the backslashes before a blank doubled), the line
   is wrapped before a name that would pass column 72, and -MP adds an
   empty rule for every dependency but the first.  DEPENDENCIES_OUTPUT
   and SUNPRO_DEPENDENCIES stand for the options when none is given, as
   in GCC.  */
#include "deps.h"

#include <stdlib.h>
#include <string.h>

/* NAME with its suffix (from the last '.' of its last component)
   replaced by SUFFIX; KEEP_LEADING_DOT keeps a suffix that is the whole
   component (the driver's %b), else it goes too (%. of -o).  */
static char *replace_suffix(const char *name, const char *suffix,
                            bool keep_leading_dot) {
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  const char *dot = strrchr(base, '.');
  if (!dot || (keep_leading_dot && dot == base))
    dot = name + strlen(name);
  size_t n = (size_t)(dot - name);
  char *out = xmalloc(n + strlen(suffix) + 1);
  memcpy(out, name, n);
  strcpy(out + n, suffix);
  return out;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

void deps_plan(const DepsOptions *d, const char *input, const char *output,
               bool preprocess, char **file, char **default_target) {
  *file = NULL;
  if (d->file)
    *file = xstrdup(d->file);
  else if (d->compile)
    *file = output ? replace_suffix(output, ".d", false)
                   : replace_suffix(base_name(input), ".d", true);
  if (d->compile && !preprocess && output && !d->only)
    *default_target = xstrdup(output);
  else if (!strcmp(input, "-"))
    *default_target = xstrdup("-");
  else
    *default_target = replace_suffix(base_name(input), ".o", false);
}

/* NAME as Make reads it back (mkdeps' munge).  */
static void make_quote(Buf *b, const char *name) {
  size_t slashes = 0;
  for (const char *p = name; *p; p++) {
    char c = *p;
    if (c == '\\') {
      slashes++;
      buf_putc(b, c);
      continue;
    }
    if (c == '$')
      buf_putc(b, '$');
    else if (c == ' ' || c == '\t') {
      for (; slashes; slashes--)
        buf_putc(b, '\\');
      buf_putc(b, '\\');
    } else if (c == '#')
      buf_putc(b, '\\');
    slashes = 0;
    buf_putc(b, c);
  }
}

enum { DEPS_COLUMNS = 72 };

/* Writes NAME after a space (none at column 0), first breaking the line
   when it would pass the width; returns the new column.  */
static size_t write_name(FILE *out, const char *name, bool quote, size_t col) {
  Buf b = {0};
  if (quote)
    make_quote(&b, name);
  else
    buf_puts(&b, name);
  const char *text = buf_cstr(&b);
  if (col) {
    if (col + b.len > DEPS_COLUMNS) {
      fputs(" \\\n", out);
      col = 0;
    }
    fputc(' ', out);
    col++;
  }
  fputs(text, out);
  col += b.len;
  buf_free(&b);
  return col;
}

void deps_write(FILE *out, const DepsOptions *d, const char *default_target,
                const char *const *deps, size_t n) {
  if (!n)
    return;
  /* mkdeps keeps the unquoted (-MT) targets first: one added after a
     quoted one trades places with the first quoted target.  */
  size_t nt = d->targets.len ? d->targets.len : 1, lwm = 0;
  DepTarget *t = xcalloc(nt, sizeof *t);
  if (!d->targets.len)
    t[0] = (DepTarget){default_target, true};
  for (size_t i = 0; i < d->targets.len; i++) {
    DepTarget add = d->targets.data[i];
    if (!add.quote) {
      if (lwm != i) {
        DepTarget lowest = t[lwm];
        t[lwm] = add;
        add = lowest;
      }
      lwm++;
    }
    t[i] = add;
  }
  size_t col = 0;
  for (size_t i = 0; i < nt; i++)
    col = write_name(out, t[i].name, t[i].quote, col);
  free(t);
  fputc(':', out);
  col++;
  for (size_t i = 0; i < n; i++)
    col = write_name(out, deps[i], true, col);
  fputc('\n', out);
  if (d->phony)
    for (size_t i = 1; i < n; i++) {
      Buf b = {0};
      make_quote(&b, deps[i]);
      fprintf(out, "%s:\n", buf_cstr(&b));
      buf_free(&b);
    }
}

void deps_from_environment(DepsOptions *d) {
  const char *spec = getenv("DEPENDENCIES_OUTPUT");
  int style = 1;
  if (!spec && (spec = getenv("SUNPRO_DEPENDENCIES")) != NULL) {
    style = 2;
    d->ignore_main = true;
  }
  if (!spec)
    return;
  d->style = style;
  d->append = d->seen = true;
  const char *space = strchr(spec, ' ');
  if (space) {
    DepTarget t = {space + 1, false};
    vec_push(&d->targets, t);
  }
  if (!d->file) {
    size_t n = space ? (size_t)(space - spec) : strlen(spec);
    d->env_file = xmalloc(n + 1);
    memcpy(d->env_file, spec, n);
    d->env_file[n] = 0;
    d->file = d->env_file;
  }
}

void deps_free(DepsOptions *d) {
  vec_free(&d->targets);
  free(d->env_file);
}
