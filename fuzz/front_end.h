/* Setup and teardown shared by the fuzz targets that run the C front end
   (fuzz_parse, fuzz_pipe, fuzz_bpf): one compilation per input, the input
   as a file "fuzz.c", no system headers, diagnostics to STREAM and no
   error limit; then the compilation freed, so that each run ends with
   what it started with.  */
#ifndef BTFCC_FUZZ_FRONT_END_H
#define BTFCC_FUZZ_FRONT_END_H

#include "../src/parse/parse.h"

/* A new current compilation, diagnostics to STREAM.  */
static inline Compilation *fuzz_ctx_new(FILE *stream) {
  Compilation *c = ctx_new();
  c->diag_opts.stream = stream;
  c->diag_opts.max_errors = 0;
  ctx_enter(c);
  return c;
}

/* A preprocessor over DATA in the current compilation; false (nothing to
   parse) if it cannot open it.  Free it with cpp_free whatever the
   answer.  */
static inline bool fuzz_open_c(Cpp **cpp, const uint8_t *data, size_t size) {
  CppOptions opts = {0};
  opts.nostdinc = true;
  *cpp = cpp_new(&opts);
  return cpp_open_buffer(*cpp, "fuzz.c", (const char *)data, size);
}

static inline void fuzz_release_all(Compilation *c) { ctx_free(c); }

#endif
