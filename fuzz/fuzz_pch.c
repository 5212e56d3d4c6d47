/* libFuzzer entry for the precompiled-header reader (src/cpp/pch.c): the
   input bytes are a .gch's payload, wrapped in a header that passes the
   magic, version, build-id and checksum checks (so that the fuzzer
   reaches the payload's decoding), written as h.h.gch beside a fixed
   h.h in a directory of its own; a main file whose first line includes
   "h.h" is then preprocessed to its end.  A payload either replays or is
   refused (the header is read as text): neither may crash.  The seeds
   are real payloads of h.h (fuzz/seeds-pch/README says how they are
   made): btfcc -undef -nostdinc -x c-header h.h, the 64-byte header cut
   off, with h.h's time set to 1 s after the epoch.  */
#include "../src/cpp/cpp.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

static const char header[] =
    "#ifndef H_H\n#define H_H\nstruct s { int a; char *b; };\n"
    "#define TWICE(x) ((x) + (x))\n#define N 3\n"
    "static const int n = TWICE(N);\n#pragma pack(1)\n#endif\n";

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

  Compilation *c = ctx_new();
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
  static const char main_text[] = "#include \"h.h\"\nint x = TWICE(n) + N;\n";
  if (cpp_open_buffer(cpp, "fuzz.c", main_text, sizeof main_text - 1))
    while (cpp_next(cpp)->kind != TK_EOF)
      ;
  cpp_free(cpp);
  ctx_free(c);
  return 0;
}
