/* libFuzzer target: arbitrary bytes through the CTF reader and dumper
   (dictionaries and archives, in either byte order), and through the ELF
   reader to a .ctf section when the bytes look like ELF.  Nothing here
   may crash, hang, leak or read out of bounds; a failure must come with
   a message.  */
#include "../src/ctf/ctf_read.h"
#include "../src/elf/elf_read.h"

#include <stdlib.h>

static void dump(const uint8_t *data, size_t size) {
  Buf out = {0};
  ReadError err = {{0}};
  if (!ctf_dump(data, size, &out, &err) && !err.msg[0])
    abort(); /* a refusal must say why */
  buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  dump(data, size);
  if (elf_is_elf(data, size)) {
    ElfError eerr;
    ElfFile *elf = elf_open(data, size, &eerr);
    const ElfSection *s = elf ? elf_section_by_name(elf, ".ctf") : NULL;
    if (s && s->data)
      dump(s->data, (size_t)s->size);
    if (elf)
      elf_close(elf);
  }
  return 0;
}
