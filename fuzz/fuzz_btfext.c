/* libFuzzer target: the .BTF.ext reader and its dump.  An input is
   either an ELF object (its .BTF and its .BTF.ext with relocations
   applied, as `btftool dump --ext` reads them) or, so that mutations land
   in .BTF.ext rather than in ELF headers, a 4-byte little-endian length N,
   N bytes of BTF and then the .BTF.ext bytes; there every section name
   stands for a code section of 4096 bytes.  The seeds (fuzz/seeds-btfext)
   are real objects of clang-19, bpf-gcc-16 and btfcc in both forms.
   Nothing here may crash, hang, leak or read out of bounds, and a parsed
   .BTF.ext must dump.  */
#include "../src/btf/btf_ext_dump.h"
#include "../src/btf/btf_ext_read.h"

#include <stdlib.h>

static int64_t any_section(const void *arg, const char *name) {
  (void)arg;
  (void)name;
  return 4096;
}

static int64_t elf_section_size(const void *f, const char *name) {
  const ElfSection *s = elf_section_by_name(f, name);
  return s ? (int64_t)s->size : -1;
}

static void parse_and_dump(const uint8_t *ext_data, size_t ext_size,
                           const Btf *btf, BtfExtSectionSize *size_of,
                           const void *arg) {
  BtfError err;
  BtfExt *ext = btf_ext_parse(ext_data, ext_size, btf, size_of, arg, &err);
  if (!ext)
    return;
  Buf out = {0};
  btf_ext_dump(ext, btf, &out);
  buf_free(&out);
  btf_ext_free(ext);
}

static void elf_path(const uint8_t *data, size_t size) {
  ElfError eerr;
  ElfFile *elf = elf_open(data, size, &eerr);
  if (!elf)
    return;
  const ElfSection *sec = elf_section_by_name(elf, ".BTF");
  BtfError err;
  Btf *btf = sec && sec->data ? btf_parse(sec->data, (size_t)sec->size, NULL, &err)
                              : NULL;
  uint8_t *ext;
  size_t ext_size;
  if (btf && btf_ext_section_bytes(elf, &ext, &ext_size, &err) && ext) {
    parse_and_dump(ext, ext_size, btf, elf_section_size, elf);
    free(ext);
  }
  btf_free(btf);
  elf_close(elf);
}

static void split_path(const uint8_t *data, size_t size) {
  if (size < 4)
    return;
  size_t n = load_u32(data, false);
  if (n > size - 4)
    return;
  BtfError err;
  Btf *btf = btf_parse(data + 4, n, NULL, &err);
  if (!btf)
    return;
  parse_and_dump(data + 4 + n, size - 4 - n, btf, any_section, NULL);
  btf_free(btf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (elf_is_elf(data, size))
    elf_path(data, size);
  else
    split_path(data, size);
  return 0;
}
