/* Adding a section to an existing ELF file, as `pahole -J` adds .BTF:
   the file's bytes stay where they are, and what changes goes after
   them.

   - A section of that name exists: the new contents go at the end of the
     file and its section header points at them (the old bytes stay, no
     longer referred to).
   - It does not: the end of the file gets the section-name table with
     the new name appended, the new contents, and a copy of the section
     header table with one more header; the ELF header then points at the
     new table and the name table's header at the new names.

   Both classes and byte orders; the new section is SHT_PROGBITS without
   flags (not loaded), as pahole makes .BTF in an object file.  */
#include "elf_patch.h"

#include <string.h>

/* Field offsets and sizes of the two classes.  */
typedef struct Layout {
  unsigned shoff_at, shoff_size, shnum_at, shentsize;
  unsigned sh_offset_at, sh_size_at, sh_addralign_at, word; /* word: 4 or 8 */
} Layout;

static const Layout layout64 = {0x28, 8, 0x3c, 64, 24, 32, 48, 8};
static const Layout layout32 = {0x20, 4, 0x30, 40, 16, 20, 32, 4};

static void pad_to(Buf *out, size_t align) {
  while (out->len % align)
    buf_putc(out, 0);
}

bool elf_add_section(const ElfFile *elf, const char *name, const void *data,
                     size_t size, Buf *out, ElfError *err) {
  const Layout *l = elf->is64 ? &layout64 : &layout32;
  bool be = elf->big_endian;
  const uint8_t *file = elf->data;
  uint16_t shstrndx = load_u16(file + l->shnum_at + 2, be);
  const ElfSection *names = shstrndx < elf->nsections ? &elf->sections[shstrndx] : NULL;
  if (!names || !names->data || elf->nsections == 0 || elf->nsections >= 0xff00 ||
      shstrndx == 0 || shstrndx >= elf->nsections)
    return read_error(err, "cannot add a section: the file has %s",
                      elf->nsections ? "no usable section-name table"
                                     : "no section headers");
  buf_append(out, file, elf->size);
  const ElfSection *old = elf_section_by_name(elf, name);
  uint64_t name_off = 0, names_at = 0;
  if (!old) { /* the names again, with NAME */
    pad_to(out, 8);
    names_at = out->len;
    buf_append(out, names->data, names->size);
    name_off = names->size;
    buf_append(out, name, strlen(name) + 1);
  }
  pad_to(out, 8);
  uint64_t data_at = out->len;
  buf_append(out, data, size);
  if (old) {
    uint8_t *sh = (uint8_t *)out->data + load_uint(file + l->shoff_at, l->shoff_size, be) +
                  (size_t)old->index * l->shentsize;
    store_uint(sh + l->sh_offset_at, l->word, be, data_at);
    store_uint(sh + l->sh_size_at, l->word, be, size);
    return true;
  }
  pad_to(out, 8);
  uint64_t table_at = out->len;
  uint64_t shoff = load_uint(file + l->shoff_at, l->shoff_size, be);
  buf_append(out, file + shoff, (size_t)elf->nsections * l->shentsize);
  uint8_t sh[64] = {0};
  store_uint(sh, 4, be, name_off);
  store_uint(sh + 4, 4, be, ELF_SHT_PROGBITS);
  store_uint(sh + l->sh_offset_at, l->word, be, data_at);
  store_uint(sh + l->sh_size_at, l->word, be, size);
  store_uint(sh + l->sh_addralign_at, l->word, be, 4);
  buf_append(out, sh, l->shentsize);
  uint8_t *hdr = (uint8_t *)out->data;
  uint8_t *names_sh = hdr + table_at + (size_t)shstrndx * l->shentsize;
  store_uint(names_sh + l->sh_offset_at, l->word, be, names_at);
  store_uint(names_sh + l->sh_size_at, l->word, be, names->size + strlen(name) + 1);
  store_uint(hdr + l->shoff_at, l->shoff_size, be, table_at);
  store_uint(hdr + l->shnum_at, 2, be, elf->nsections + 1);
  return true;
}
