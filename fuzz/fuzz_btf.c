/* libFuzzer target: arbitrary bytes through the BTF reader (strict and
   lenient), the raw dump, the kernel-rule checker and the load fix-ups,
   and through the ELF reader when the bytes look like ELF.  Nothing here
   may crash, hang, leak or read out of bounds.  */
#include "../src/btf/btf_check.h"
#include "../src/btf/btf_dump.h"
#include "../src/btf/btf_load.h"
#include "../src/btf/btf_read.h"
#include "../src/elf/elf_read.h"

#include <stdlib.h>

static void strict_paths(const uint8_t *data, size_t size) {
  BtfError err;
  Btf *btf = btf_parse(data, size, NULL, &err);
  if (!btf)
    return;
  Buf out = {0};
  btf_dump_raw(btf, &out);
  buf_free(&out);
  if (btf_fixup_for_load(btf, NULL, &out, &err)) {
    /* The fixed-up blob must parse again.  */
    Btf *fixed = btf_parse(out.data, out.len, NULL, &err);
    if (!fixed)
      abort();
    btf_free(fixed);
  }
  buf_free(&out);
  /* Split BTF on top of itself.  */
  BtfReadOptions split = {.base = btf};
  Btf *child = btf_parse(data, size, &split, &err);
  if (child) {
    btf_dump_raw(child, &out);
    buf_free(&out);
    btf_free(child);
  }
  btf_free(btf);
}

static void check_paths(const uint8_t *data, size_t size) {
  BtfCheckOptions opts;
  btf_check_options_init(&opts);
  BtfCheckReport rep = {0};
  btf_check_blob(data, size, &opts, &rep);
  btf_check_report_free(&rep);
  opts.type_tag_order = false;
  opts.tag_kflag_zero = true;
  opts.datasec_identifier = true;
  btf_check_blob(data, size, &opts, &rep);
  btf_check_report_free(&rep);
}

static void elf_paths(const uint8_t *data, size_t size) {
  ElfError eerr;
  ElfFile *elf = elf_open(data, size, &eerr);
  if (!elf)
    return;
  elf_read_symbols(elf, &eerr);
  const ElfSection *sec = elf_section_by_name(elf, ".BTF");
  if (sec && sec->data) {
    BtfError err;
    Btf *btf = btf_parse(sec->data, (size_t)sec->size, NULL, &err);
    if (btf) {
      Buf out = {0};
      btf_fixup_for_load(btf, elf, &out, &err);
      buf_free(&out);
      btf_free(btf);
    }
  }
  elf_close(elf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  strict_paths(data, size);
  check_paths(data, size);
  elf_paths(data, size);
  return 0;
}
