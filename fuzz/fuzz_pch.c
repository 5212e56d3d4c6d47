/* libFuzzer entry for the precompiled-header reader (src/cpp/pch.c): the
   input bytes are a .gch's payload, wrapped in a header that passes the
   magic, version, build-id and checksum checks (so that the fuzzer
   reaches the payload's decoding), written as h.h.gch beside a fixed
   h.h in a directory of its own; a main file whose first line includes
   "h.h" is then parsed to its end, so that a payload's parser state
   (src/parse/pch_state.c) reaches the parser's loader.  A payload either
   is used (its state loaded, or its tokens replayed) or is refused (the
   header is read as text): none of it may crash.  The seeds are real
   payloads of h.h (fuzz/seeds-pch/README says how they are made): btfcc
   -undef -nostdinc -x c-header h.h, the 64-byte header cut off, with
   h.h's time set to 1 s after the epoch.  */
#include "../src/parse/parse.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static const char header[] =
    "#ifndef H_H\n#define H_H\nstruct s { int a; char *b; };\n"
    "#define TWICE(x) ((x) + (x))\n#define N 3\n"
    "extern const int n;\n#pragma pack(push, 1)\nstruct p { char c; int i; };\n"
    "#pragma pack(pop)\n#endif\n";

/* The directory of h.h (searched with -iquote: the fuzzer's own paths
   are relative, so the harness does not change directory).  */
static char dir[] = "/tmp/fuzz_pch.XXXXXX";
static char header_path[64], gch_path[64];

static bool setup(void) {
  if (!mkdtemp(dir))
    return false;
  snprintf(header_path, sizeof header_path, "%s/h.h", dir);
  snprintf(gch_path, sizeof gch_path, "%s/h.h.gch", dir);
  FILE *f = fopen(header_path, "w");
  if (!f)
    return false;
  fputs(header, f);
  fclose(f);
  struct timespec t[2] = {{1, 0}, {1, 0}};
  return utimensat(AT_FDCWD, header_path, t, 0) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready = -1;
  if (ready < 0)
    ready = setup();
  if (!ready)
    return 0;
  Buf gch = {0};
  cpp_pch_wrap(data, size, &gch);
  FILE *f = fopen(gch_path, "wb");
  if (!f) {
    buf_free(&gch);
    return 0;
  }
  fwrite(gch.data, 1, gch.len, f);
  fclose(f);
  buf_free(&gch);

  FILE *sink = fopen("/dev/null", "w");
  if (!sink)
    abort();
  Compilation *c = ctx_new();
  c->diag_opts.stream = sink;
  c->diag_opts.plain = true;
  c->diag_opts.enabled[W_INVALID_PCH] = true;
  ctx_enter(c);
  CppOptions o = {0};
  o.nostdinc = true;
  o.undef_predefined = true;
  o.pch_use = true;
  const char *quote[] = {dir};
  o.quote_dirs = quote;
  o.n_quote_dirs = 1;
  o.max_expansion_tokens = 1u << 16;
  Cpp *cpp = cpp_new(&o);
  static const char main_text[] =
      "#include \"h.h\"\nint x = TWICE(N) + sizeof(struct p);\n"
      "struct s v = { 1 };\nint get(struct s *q) { return q->a + n; }\n";
  if (cpp_open_buffer(cpp, "fuzz.c", main_text, sizeof main_text - 1))
    parse_translation_unit_from(cpp);
  cpp_free(cpp);
  ctx_free(c);
  fclose(sink);
  return 0;
}
