/* libFuzzer target: the preprocessor on its own thread (cpp/pipe.c) must
   change nothing.  Each input is parsed twice, on one thread and with the
   preprocessor thread; the diagnostics (text and order), the error count
   and the declarations made must be the same.  A difference aborts.  */
#include "front_end.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Outcome {
  char *diags;   /* every diagnostic as printed */
  size_t len;
  unsigned errors;
  size_t decls;
} Outcome;

static Outcome front_end(const uint8_t *data, size_t size, bool threaded) {
  Outcome o = {0};
  FILE *stream = open_memstream(&o.diags, &o.len);
  if (!stream)
    abort();
  Cpp *cpp;
  if (fuzz_open_c(&cpp, data, size, stream)) {
    if (threaded)
      cpp_start_thread(cpp);
    TransUnit *tu = parse_translation_unit_from(cpp);
    o.decls = tu->decls.len;
  }
  cpp_free(cpp);
  o.errors = diag_error_count();
  fclose(stream);
  diag_opts.stream = NULL;
  fuzz_release_all();
  return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Outcome one = front_end(data, size, false);
  Outcome two = front_end(data, size, true);
  if (one.len != two.len || memcmp(one.diags, two.diags, one.len) != 0 ||
      one.errors != two.errors || one.decls != two.decls) {
    fprintf(stderr, "fuzz_pipe: the thread changes the result\n"
                    "--- one thread (%u errors, %zu decls):\n%s\n"
                    "--- two threads (%u errors, %zu decls):\n%s\n",
            one.errors, one.decls, one.diags, two.errors, two.decls, two.diags);
    abort();
  }
  free(one.diags);
  free(two.diags);
  return 0;
}
