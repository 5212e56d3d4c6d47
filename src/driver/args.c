/* The command line before option parsing: @FILE response files and
   -Wp, lists.

   @FILE is replaced by the words of FILE, read as libiberty's buildargv
   (GCC 16's) reads them: words are separated by white space; inside
   single quotes every byte is literal; inside double quotes a backslash
   escapes only $ ` " \ and newline, elsewhere any byte; a backslash
   before a newline joins the lines; "" is an empty word.  The words may
   name @FILEs in turn.  An @FILE that cannot be read stays as it is, a
   literal argument, as GCC leaves it; one that names a directory is
   GCC's error.

   -Wp,A,B,... passes A, B ... to the preprocessor: each becomes an
   argument of its own, except -MD and -MMD, which take the next one as
   their file (cc1's form) and stay together as -Wp,-MD,FILE for the
   option parser, which gives them cc1's meaning.  */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Expansions allowed in one command line (libiberty stops at 2000 too):
   a file that names itself must end.  */
enum { MAX_EXPANSIONS = 2000 };

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

void args_split(const char *text, Args *out) {
  const char *p = text;
  for (;;) {
    while (is_blank(*p))
      p++;
    if (!*p)
      return;
    Buf w = {0};
    bool squote = false, dquote = false;
    for (; *p; p++) {
      char c = *p;
      if (is_blank(c) && !squote && !dquote)
        break;
      if (c == '\\' && !squote &&
          (!dquote || (p[1] && strchr("$`\"\\\n", p[1])))) {
        p++;
        if (!*p)
          break;
        if (*p != '\n')
          buf_putc(&w, *p);
      } else if (squote) {
        if (c == '\'')
          squote = false;
        else
          buf_putc(&w, c);
      } else if (dquote) {
        if (c == '"')
          dquote = false;
        else
          buf_putc(&w, c);
      } else if (c == '\'') {
        squote = true;
      } else if (c == '"') {
        dquote = true;
      } else {
        buf_putc(&w, c);
      }
    }
    char *word = xstrdup(buf_cstr(&w));
    buf_free(&w);
    vec_push(&out->owned, word);
    vec_push(&out->argv, word);
    if (!*p)
      return;
  }
}

/* The text of response file NAME, or NULL if it cannot be read (*DIR:
   because it is a directory).  */
static char *read_response_file(const char *name, bool *dir) {
  struct stat st;
  *dir = false;
  if (stat(name, &st) != 0)
    return NULL;
  if (S_ISDIR(st.st_mode)) {
    *dir = true;
    return NULL;
  }
  /* As libiberty: as many bytes as seeking to the end tells (none for
     a device, and a pipe cannot be read this way).  */
  FILE *f = fopen(name, "rb");
  if (!f)
    return NULL;
  long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  if (size < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return NULL;
  }
  char *text = xmalloc((size_t)size + 1);
  size_t n = fread(text, 1, (size_t)size, f);
  bool ok = n == (size_t)size || !ferror(f);
  fclose(f);
  if (!ok) {
    free(text);
    return NULL;
  }
  text[n] = 0; /* a NUL in the file ends the text */
  return text;
}

/* Splits -Wp,LIST into OUT.  */
static void split_wp(const char *list, Args *out) {
  VEC(char *) parts = {0};
  for (const char *p = list;;) {
    size_t n = strcspn(p, ",");
    char *part = xmalloc(n + 1);
    memcpy(part, p, n);
    part[n] = 0;
    vec_push(&parts, part);
    if (!p[n])
      break;
    p += n + 1;
  }
  for (size_t i = 0; i < parts.len; i++) {
    char *part = parts.data[i];
    if ((!strcmp(part, "-MD") || !strcmp(part, "-MMD")) && i + 1 < parts.len) {
      Buf b = {0};
      buf_printf(&b, "-Wp,%s,%s", part, parts.data[i + 1]);
      char *joined = xstrdup(buf_cstr(&b));
      buf_free(&b);
      vec_push(&out->owned, joined);
      vec_push(&out->argv, joined);
      free(part);
      free(parts.data[++i]);
      continue;
    }
    vec_push(&out->owned, part);
    vec_push(&out->argv, part);
  }
  vec_free(&parts);
}

bool args_expand(int argc, char **argv, Args *out) {
  memset(out, 0, sizeof *out);
  Args words = {0};
  for (int i = 0; i < argc; i++)
    vec_push(&words.argv, argv[i]);
  /* Expand @FILEs in place, again and again, as libiberty's expandargv.  */
  unsigned expansions = 0;
  for (size_t i = 1; i < words.argv.len; i++) {
    const char *a = words.argv.data[i];
    if (a[0] != '@')
      continue;
    bool dir;
    char *text = read_response_file(a + 1, &dir);
    if (!text && !dir)
      continue;
    if (dir || ++expansions > MAX_EXPANSIONS) {
      if (dir)
        fprintf(stderr, "btfcc: error: @-file refers to a directory\n");
      else
        fprintf(stderr, "btfcc: fatal error: too many @-files: '%s'\n", a);
      free(text);
      out->owned = words.owned;
      vec_free(&words.argv);
      return false;
    }
    Args file = {0};
    args_split(text, &file);
    free(text);
    for (size_t k = 0; k < file.owned.len; k++)
      vec_push(&words.owned, file.owned.data[k]);
    /* Replace word I by the file's words.  */
    size_t n = file.argv.len, tail = words.argv.len - i - 1;
    for (size_t k = 0; k < n; k++)
      vec_push(&words.argv, NULL);
    if (n == 0) {
      memmove(&words.argv.data[i], &words.argv.data[i + 1],
              tail * sizeof *words.argv.data);
      words.argv.len--;
    } else {
      memmove(&words.argv.data[i + n], &words.argv.data[i + 1],
              tail * sizeof *words.argv.data);
      memcpy(&words.argv.data[i], file.argv.data, n * sizeof *file.argv.data);
      words.argv.len = i + n + tail;
    }
    vec_free(&file.argv);
    vec_free(&file.owned);
    i--; /* the first word read may be an @FILE itself */
  }
  out->owned = words.owned;
  for (size_t i = 0; i < words.argv.len; i++) {
    const char *a = words.argv.data[i];
    if (i > 0 && !strncmp(a, "-Wp,", 4))
      split_wp(a + 4, out);
    else
      vec_push(&out->argv, (char *)a);
  }
  vec_free(&words.argv);
  vec_push(&out->argv, NULL);
  out->argc = (int)out->argv.len - 1;
  return true;
}

void args_free(Args *a) {
  for (size_t i = 0; i < a->owned.len; i++)
    free(a->owned.data[i]);
  vec_free(&a->owned);
  vec_free(&a->argv);
}
