/* libFuzzer target: the BPF code generator on arbitrary bytes as a C file
   -- parse, lower every function to the IR, allocate registers, emit BPF
   code, lay out the data, build BTF with .BTF.ext (line, function and
   CO-RE records) and write the object (or, for some inputs, the -S text)
   to memory.  The input's size picks the CPU version.  Any crash, hang or
   sanitizer report is a bug; errors in the input are expected.  */
#include "../src/bpf/object.h"
#include "../src/btf/btf_gen.h"
#include "../src/debug/build.h"
#include "front_end.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *devnull;
  if (!devnull)
    devnull = fopen("/dev/null", "w");
  Compilation *c = fuzz_ctx_new(devnull);
  c->target.arch = ARCH_BPF;
  Cpp *cpp;
  if (fuzz_open_c(&cpp, data, size)) {
    TransUnit *tu = parse_translation_unit_from(cpp);
    if (diag_error_count() == 0) {
      bool text = (size & 8) != 0;
      BtfExtInfo ext = {0};
      BpfUnitOptions bopts = {.cpu = (int)(size % 4) + 1, .co_re = true,
                              .asm_text = text, .ext = &ext};
      ObjFile obj = {0};
      obj.source_name = "fuzz.c";
      BpfUnit *unit = NULL;
      if (bpf_compile_unit(tu, &obj, &bopts, &unit)) {
        const void **types = calloc(ext.cores.len + 1, sizeof *types);
        Die **dies = calloc(ext.cores.len + 1, sizeof *dies);
        for (size_t i = 0; i < ext.cores.len; i++)
          types[i] = ext.cores.data[i].type;
        DebugBuildOptions dopts = {.eliminate_unused_types = true, .signed_char = true,
                                   .optimize = 2, .extra_types = types,
                                   .extra_dies = dies, .n_extra_types = ext.cores.len};
        DebugUnit *du = debug_build(tu, &dopts);
        for (size_t i = 0; i < ext.cores.len; i++)
          ext.cores.data[i].die = dies[i];
        BtfOptions btf = {.keep_items = text, .annotate = text, .prune_btf = -1,
                          .ext = ext.funcs.len ? &ext : NULL};
        btf_generate(du, &btf, &obj);
        free(types);
        free(dies);
      }
      bpf_unit_finish(unit, &ext);
      char *buf = NULL;
      size_t len = 0;
      FILE *out = open_memstream(&buf, &len);
      if (out) {
        if (text)
          asm_write(out, &obj);
        else
          elf_write(out, &obj);
        fclose(out);
      }
      free(buf);
      obj_free(&obj);
      vec_free(&ext.funcs);
      vec_free(&ext.lines);
      vec_free(&ext.cores);
    }
  }
  cpp_free(cpp);
  fuzz_release_all(c);
  return 0;
}
