/* libFuzzer target: arbitrary bytes as BTF (raw, or an ELF file's .BTF)
   through the deduplication (btf_dedup.c).  Nothing may crash, hang,
   leak or read out of bounds; what it writes must read back strictly
   and be a fixed point: deduplicated again, no type goes.  The input
   is also put on its own deduplicated BTF as split BTF (btf_rebase)
   and deduplicated against it: the split result must read back on
   that base.  */
#include "../src/btf/btf_dedup.h"

#include <stdlib.h>

/* BTF on BASE as split BTF, deduplicated against it.  */
static void split_on(const Btf *btf, const Btf *base) {
  Buf split = {0}, out = {0};
  BtfError err;
  BtfReadOptions ro = {.base = base};
  if (btf_rebase(btf, base, &split, &err)) {
    Btf *s = btf_parse(split.data, split.len, &ro, &err);
    if (!s)
      abort(); /* rebase wrote split BTF it cannot read */
    if (btf_dedup(s, &out, NULL, &err)) {
      Btf *back = btf_parse(out.data, out.len, &ro, &err);
      if (!back)
        abort(); /* dedup wrote split BTF it cannot read */
      btf_free(back);
    }
    btf_free(s);
  }
  buf_free(&split);
  buf_free(&out);
}

static void dedup(const uint8_t *data, size_t size) {
  BtfError err;
  Btf *btf = btf_parse(data, size, NULL, &err);
  if (!btf)
    return;
  Buf out = {0};
  BtfDedupStats st;
  if (btf_dedup(btf, &out, &st, &err)) {
    Btf *again = btf_parse(out.data, out.len, NULL, &err);
    if (!again)
      abort(); /* dedup wrote BTF it cannot read */
    Buf out2 = {0};
    BtfDedupStats st2;
    if (!btf_dedup(again, &out2, &st2, &err) || st2.types_out != st.types_out)
      abort(); /* not a fixed point */
    split_on(btf, again);
    buf_free(&out2);
    btf_free(again);
  }
  buf_free(&out);
  btf_free(btf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  dedup(data, size);
  ElfError eerr;
  ElfFile *elf = elf_is_elf(data, size) ? elf_open(data, size, &eerr) : NULL;
  if (elf) {
    const ElfSection *s = elf_section_by_name(elf, ".BTF");
    if (s && s->data)
      dedup(s->data, (size_t)s->size);
    elf_close(elf);
  }
  return 0;
}
