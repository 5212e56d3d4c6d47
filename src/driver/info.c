/* What the driver tells about itself: the answers of -dumpversion,
   -dumpfullversion, -dumpmachine, -print-file-name=, -print-prog-name=
   and -print-search-dirs, and the reports of -v and -###, in GCC 16's
   words and quoting.

   btfcc is GCC 16 by its version (16, 16.2.0) and machine
   (x86_64-linux-gnu; "bpf", as bpf-gcc 16, for --target=bpf).  Its
   library directory is the GCC directory whose include/ is among the
   default include directories (the host GCC's, found at build time):
   -print-file-name=NAME prints NAME there when it exists and NAME itself
   otherwise, as GCC does for a file it does not find.  btfcc runs no
   other program, so -print-prog-name=NAME prints NAME, as GCC does for
   a program it does not find.

   -v and -### print GCC's header, then for each input the command that
   compiles it: COLLECT_GCC_OPTIONS (the options, each in single quotes,
   a quote as '\''), then the btfcc command itself for that one input
   (-###: an argument with other than letters, digits and _ / - . in
   double quotes, " \ $ escaped).  */
#include "info.h"

#include "../cpp/cpp.h"

#include <string.h>
#include <sys/stat.h>

/* The GCC library directory, with its trailing '/', or NULL.  */
static char *gcc_lib_dir(void) {
  Arena a = {0};
  size_t n;
  const char *const *dirs = cpp_default_include_dirs(&a, &n);
  char *found = NULL;
  for (size_t i = 0; i < n && !found; i++) {
    const char *d = dirs[i];
    size_t len = strlen(d);
    if (strstr(d, "/gcc/") && len > 8 && !strcmp(d + len - 8, "/include")) {
      found = xmalloc(len - 6);
      memcpy(found, d, len - 7);
      found[len - 7] = 0;
    }
  }
  arena_free(&a);
  return found;
}

static void print_file_name(const char *name) {
  char *lib = gcc_lib_dir();
  struct stat st;
  if (lib && *name) {
    Buf b = {0};
    buf_printf(&b, "%s%s", lib, name);
    if (stat(buf_cstr(&b), &st) == 0) {
      printf("%s\n", buf_cstr(&b));
      buf_free(&b);
      free(lib);
      return;
    }
    buf_free(&b);
  }
  printf("%s\n", name);
  free(lib);
}

static void print_search_dirs(void) {
  char *lib = gcc_lib_dir();
  printf("install: %s\nprograms: =\nlibraries: =%s\n", lib ? lib : "",
         lib ? lib : "");
  free(lib);
}

static const char *machine(const Target *t) {
  return t->arch == ARCH_BPF ? "bpf" : "x86_64-linux-gnu";
}

void info_answer(const char *query, const Target *t) {
  if (!strcmp(query, "-dumpversion"))
    printf("16\n");
  else if (!strcmp(query, "-dumpfullversion"))
    printf("16.2.0\n");
  else if (!strcmp(query, "-dumpmachine"))
    printf("%s\n", machine(t));
  else if (!strncmp(query, "-print-file-name=", 17))
    print_file_name(query + 17);
  else if (!strncmp(query, "-print-prog-name=", 17))
    printf("%s\n", query + 17);
  else if (!strcmp(query, "-print-search-dirs"))
    print_search_dirs();
}

void info_header(FILE *out, const char *argv0, const Target *t) {
  fprintf(out,
          "Using built-in specs.\n"
          "COLLECT_GCC=%s\n"
          "Target: %s\n"
          "Thread model: %s\n"
          "gcc version 16.2.0 (btfcc %s) \n",
          argv0, machine(t), t->arch == ARCH_BPF ? "single" : "posix",
          BTFCC_VERSION);
}

/* An argument of a -### command: as is when it is made of letters,
   digits and _ / - . only, else in double quotes.  */
static void print_quoted(FILE *out, const char *arg) {
  size_t plain = strspn(arg, "abcdefghijklmnopqrstuvwxyz"
                             "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_/-.");
  if (*arg && !arg[plain]) {
    fprintf(out, " %s", arg);
    return;
  }
  fputs(" \"", out);
  for (const char *p = arg; *p; p++) {
    if (*p == '"' || *p == '\\' || *p == '$')
      fputc('\\', out);
    fputc(*p, out);
  }
  fputc('"', out);
}

void info_command(FILE *out, const char *argv0, const char *const *opts,
                  size_t n, const char *input, bool quote) {
  /* GCC leaves the language and the preprocessor's own options out.  */
  fputs("COLLECT_GCC_OPTIONS=", out);
  bool first = true;
  for (size_t i = 0; i < n; i++) {
    if (!strcmp(opts[i], "-x")) {
      i++;
      continue;
    }
    if (!strncmp(opts[i], "-x", 2) || !strncmp(opts[i], "-Wp,", 4))
      continue;
    fputs(first ? "'" : " '", out);
    first = false;
    for (const char *p = opts[i]; *p; p++) {
      if (*p == '\'')
        fputs("'\\''", out);
      else
        fputc(*p, out);
    }
    fputc('\'', out);
  }
  fputc('\n', out);
  const char *cmd[] = {argv0};
  for (size_t i = 0; i < 1 + n + 1; i++) {
    const char *a = i == 0 ? cmd[0] : i <= n ? opts[i - 1] : input;
    if (quote)
      print_quoted(out, a);
    else
      fprintf(out, " %s", *a ? a : "\"\"");
  }
  fputc('\n', out);
}
