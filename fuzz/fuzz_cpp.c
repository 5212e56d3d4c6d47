/* libFuzzer entry for the preprocessor: the input bytes are a main file
   held in memory.  The first byte picks the language, the target and
   whether the tokens are drained as the parser reads them (cpp_next) or
   written as -E output.  Build with `make fuzz`; run e.g.
     build/fuzz/fuzz_cpp -close_fd_mask=2 -max_len=4096 corpus/  */
#include "../src/cpp/cpp.h"

#include <stdio.h>

static FILE *null_out;

static void pick_mode(Compilation *c, uint8_t b) {
  static const int stds[] = {89, 99, 11, 17, 23};
  c->lang.std = stds[b % 5];
  c->lang.gnu = (b >> 3) & 1;
  c->target.arch = (b >> 4) & 1 ? ARCH_BPF : ARCH_X86_64;
  c->target.big_endian = (b >> 5) & 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!null_out)
    null_out = fopen("/dev/null", "w");
  Compilation *c = ctx_new();
  c->diag_opts.plain = true;
  ctx_enter(c);
  uint8_t mode = size ? data[0] : 0;
  pick_mode(c, mode);
  CppOptions o = {0};
  o.nostdinc = true;
  o.max_expansion_tokens = 1u << 16;
  /* the ~400 predefined macros cost most of a run: only with bpfeb */
  o.undef_predefined = (mode & 0x30) != 0x30;
  Cpp *cpp = cpp_new(&o);
  if (cpp_open_buffer(cpp, "fuzz.c", (const char *)data + (size ? 1 : 0),
                      size ? size - 1 : 0)) {
    if (mode & 0x40)
      cpp_write_preprocessed(cpp, null_out);
    else if (mode & 0x80)
      cpp_write_macros(cpp, null_out);
    else
      while (cpp_next(cpp)->kind != TK_EOF)
        ;
  }
  cpp_free(cpp);
  ctx_free(c);
  return 0;
}
