/* libFuzzer target: the BPF object linker (src/link/link.h).  An input
   is one ELF object, linked alone, or a 4-byte little-endian length N,
   N bytes of a first object and then a second one, linked together (so
   that mutations reach symbol resolution across objects, BTF merging
   and .BTF.ext renumbering).  The seeds (fuzz/seeds-link) are the
   objects of tests/btftool/link/ built by clang-19 and btfcc, alone and
   in pairs.  Nothing here may crash, hang, leak or read out of bounds,
   and a linked object must link again, alone.  */
#include "../src/link/link.h"

#include "../src/elf/elf_read.h"

static void link_inputs(const LinkInput *inputs, size_t n) {
  Buf out = {0};
  LinkError err;
  if (bpf_link(inputs, n, &out, &err)) {
    LinkInput again = {"linked", out.data, out.len};
    Buf out2 = {0};
    if (!bpf_link(&again, 1, &out2, &err))
      __builtin_trap(); /* the linker's own output must be linkable */
    buf_free(&out2);
  }
  buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (elf_is_elf(data, size)) {
    LinkInput one = {"a.o", data, size};
    link_inputs(&one, 1);
    return 0;
  }
  if (size < 4)
    return 0;
  size_t n = load_u32(data, false);
  if (n > size - 4)
    return 0;
  LinkInput two[2] = {{"a.o", data + 4, n}, {"b.o", data + 4 + n, size - 4 - n}};
  link_inputs(two, 2);
  return 0;
}
