/* libFuzzer target: the second threads (the preprocessor's, cpp/pipe.c,
   and the DWARF writer's, dwarf_gen.c) must change nothing.  Each input
   is compiled twice, on one thread and with both; the diagnostics (text
   and order), the error count, the declarations made and, when there is
   no error, the DWARF object's bytes must be the same.  A difference
   aborts.  */
#include "../src/debug/build.h"
#include "../src/dwarf/dwarf_gen.h"
#include "front_end.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct Outcome {
  char *diags;   /* every diagnostic as printed */
  size_t len;
  unsigned errors;
  size_t decls;
  char *object;  /* the DWARF object, when there is no error */
  size_t object_len;
} Outcome;

/* The DWARF object of TU, options chosen by the input's size.  */
static void dwarf_object(TransUnit *tu, size_t size, bool threaded, Outcome *o) {
  DebugBuildOptions bopts = {.eliminate_unused_types = (size & 1) == 0,
                             .signed_char = true};
  DwarfOptions dopts = {.version = (size & 2) ? 4 : 5,
                        .debug_types_section = (size & 12) == 12,
                        .comp_dir = "/fuzz",
                        .threads = threaded};
  tu->main_file = "fuzz.c";
  DebugUnit *unit = debug_build(tu, &bopts);
  ObjFile obj = {0};
  obj.source_name = "fuzz.c";
  dwarf_generate(unit, &dopts, &obj);
  FILE *out = open_memstream(&o->object, &o->object_len);
  if (!out)
    abort();
  elf_write(out, &obj);
  fclose(out);
  obj_free(&obj);
}

static Outcome front_end(const uint8_t *data, size_t size, bool threaded) {
  Outcome o = {0};
  FILE *stream = open_memstream(&o.diags, &o.len);
  if (!stream)
    abort();
  Compilation *c = fuzz_ctx_new(stream);
  Cpp *cpp;
  if (fuzz_open_c(&cpp, data, size)) {
    if (threaded)
      cpp_start_thread(cpp);
    TransUnit *tu = parse_translation_unit_from(cpp);
    o.decls = tu->decls.len;
    if (diag_error_count() == 0)
      dwarf_object(tu, size, threaded, &o);
  }
  cpp_free(cpp);
  o.errors = diag_error_count();
  fuzz_release_all(c); /* before the stream goes */
  fclose(stream);
  return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Outcome one = front_end(data, size, false);
  Outcome two = front_end(data, size, true);
  if (one.len != two.len || memcmp(one.diags, two.diags, one.len) != 0 ||
      one.errors != two.errors || one.decls != two.decls ||
      one.object_len != two.object_len ||
      (one.object_len && memcmp(one.object, two.object, one.object_len) != 0)) {
    fprintf(stderr, "fuzz_pipe: the thread changes the result\n"
                    "--- one thread (%u errors, %zu decls, %zu-byte object):\n%s\n"
                    "--- two threads (%u errors, %zu decls, %zu-byte object):\n%s\n",
            one.errors, one.decls, one.object_len, one.diags, two.errors, two.decls,
            two.object_len, two.diags);
    abort();
  }
  free(one.diags);
  free(two.diags);
  free(one.object);
  free(two.object);
  return 0;
}
