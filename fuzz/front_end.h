/* Setup and teardown shared by the fuzz targets that run the C front end
   (fuzz_parse, fuzz_pipe): one input as a file "fuzz.c", no system
   headers, diagnostics to STREAM and no error limit; then everything
   freed, so that each run ends with what it started with.  */
#ifndef BTFCC_FUZZ_FRONT_END_H
#define BTFCC_FUZZ_FRONT_END_H

#include "../src/parse/parse.h"

/* A preprocessor over DATA; false (nothing to parse) if it cannot open it.
   Free it with cpp_free whatever the answer.  */
static inline bool fuzz_open_c(Cpp **cpp, const uint8_t *data, size_t size,
                               FILE *stream) {
  diag_init();
  diag_opts.stream = stream;
  diag_opts.max_errors = 0;
  CppOptions opts = {0};
  opts.nostdinc = true;
  *cpp = cpp_new(&opts);
  return cpp_open_buffer(*cpp, "fuzz.c", (const char *)data, size);
}

static inline void fuzz_release_all(void) {
  types_release();
  perm_reset();
  diag_reset();
  cpp_free_sources();
}

#endif
