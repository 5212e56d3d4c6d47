/* libFuzzer target: arbitrary text through the BPF assembler (src/bpf),
   as inline asm reaches it from users.  The first byte picks the byte
   order and whether the text is assembled in one piece or two (a code
   buffer fed by several asm statements).  Nothing may crash, hang, leak
   or read out of bounds; and whatever assembles and resolves must print
   (bpf_print_code) as text that assembles again into the same bytes.
   Build with `make fuzz`; run e.g.
     build/fuzz/fuzz_bpfasm -max_len=4096 fuzz/seeds-bpfasm  */
#include "../src/bpf/asm.h"
#include "../src/bpf/print.h"

#include <stdio.h>
#include <stdlib.h>

/* The printed text of C assembles, with C's globals, into C's bytes.  */
static void check_reprint(const BpfCode *c, bool big_endian) {
  Buf text = {0}, before = {0}, after = {0};
  uint32_t next_label = 0;
  bpf_print_code(&text, c, big_endian, &next_label);
  BpfCode again;
  bpf_code_init(&again);
  for (size_t i = 0; i < c->globals.len; i++)
    bpf_code_global(&again, c->globals.data[i]);
  BpfAsmOptions opts = {.big_endian = big_endian};
  BpfAsmError err;
  if (!bpf_asm_resolved(&again, text.data ? text.data : "", text.len, &opts,
                        &err)) {
    fprintf(stderr, "printed text does not assemble: %u:%u: %s\n%s\n",
            err.line, err.col, err.message, buf_cstr(&text));
    abort();
  }
  bpf_code_bytes(c, big_endian, &before);
  bpf_code_bytes(&again, big_endian, &after);
  if (before.len != after.len ||
      (before.len && memcmp(before.data, after.data, before.len) != 0)) {
    fprintf(stderr, "printed text assembles into other bytes:\n%s\n",
            buf_cstr(&text));
    abort();
  }
  bpf_code_free(&again);
  buf_free(&text);
  buf_free(&before);
  buf_free(&after);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t mode = size ? data[0] : 0;
  const char *text = (const char *)data + (size ? 1 : 0);
  size_t len = size ? size - 1 : 0;
  bool big_endian = mode & 1;
  BpfCode code;
  bpf_code_init(&code);
  /* A smaller .rept budget than the default million statements: one
     input that uses it all takes seconds under the sanitizers, and the
     budget's edge is found as well at 65,536.  */
  BpfAsmOptions opts = {.big_endian = big_endian, .max_repeated = 1u << 16};
  BpfAsmError err;
  bool ok;
  if (mode & 2) { /* two asm statements into one buffer, then resolve */
    size_t half = len / 2;
    ok = bpf_asm(&code, text, half, &opts, &err);
    opts.pos_base = (uint32_t)half;
    ok = ok && bpf_asm(&code, text + half, len - half, &opts, &err);
    BpfCodeError cerr;
    ok = ok && bpf_code_resolve(&code, &cerr);
  } else {
    ok = bpf_asm_resolved(&code, text, len, &opts, &err);
  }
  if (ok)
    check_reprint(&code, big_endian);
  bpf_code_free(&code);
  return 0;
}
