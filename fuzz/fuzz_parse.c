/* libFuzzer target: the whole front end on arbitrary bytes as a C file --
   preprocess, parse (with the typed tree of bodies and initializers,
   printed as -fdump-tree does), build the debug model, generate BTF,
   write the object to memory.  Any crash, hang or sanitizer report is a
   bug.  */
#include "../src/btf/btf_gen.h"
#include "../src/debug/build.h"
#include "../src/sema/tree.h"
#include "front_end.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Diagnostics are expected; keep the fuzzer's output readable.  */
  static FILE *devnull;
  if (!devnull)
    devnull = fopen("/dev/null", "w");
  Compilation *c = fuzz_ctx_new(devnull);
  Cpp *cpp;
  if (fuzz_open_c(&cpp, data, size)) {
    TransUnit *tu = parse_translation_unit_from(cpp);
    if (diag_error_count() == 0) {
      tree_dump_decls(devnull, tu->decls.data, tu->decls.len);
      DebugBuildOptions bopts = {.eliminate_unused_types = (size & 1) == 0,
                                 .signed_char = true};
      BtfOptions dopts = {.prune_btf = (size & 2) ? 1 : -1,
                          .keep_items = (size & 4) != 0,
                          .annotate = (size & 4) != 0};
      DebugUnit *unit = debug_build(tu, &bopts);
      ObjFile obj = {0};
      obj.source_name = "fuzz.c";
      btf_generate(unit, &dopts, &obj);
      char *buf = NULL;
      size_t len = 0;
      FILE *out = open_memstream(&buf, &len);
      if (out) {
        if (dopts.keep_items)
          asm_write(out, &obj);
        else
          elf_write(out, &obj);
        fclose(out);
      }
      free(buf);
      obj_free(&obj);
    }
  }
  cpp_free(cpp);
  fuzz_release_all(c);
  return 0;
}
