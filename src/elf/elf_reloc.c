/* Relocations applied to a copy of a section (elf_reloc.h): the readers
   of debug sections (.debug_*, .BTF.ext) see the section offsets a
   linker would write.  Only absolute data relocations hold such offsets;
   their sizes are known per machine below, every other type is skipped.
   Each relocation is checked against the section's bounds and the
   symbol table before it is written.  */
#include "elf_reloc.h"

#include <stdlib.h>

static unsigned long long ull(uint64_t v) { return v; }

/* The size of the absolute data relocation TYPE of MACHINE; 0 for the
   other types debug sections carry (TLS offsets, PC-relative values),
   which hold no section offsets; -1 for a machine not known here.  */
static int reloc_size(uint16_t machine, uint32_t type) {
  switch (machine) {
  case ELF_EM_X86_64: /* R_X86_64_64, _32, _32S, _16, _8 */
    return type == 1 ? 8 : type == 10 || type == 11 ? 4 : type == 12 ? 2
         : type == 14 ? 1 : 0;
  case ELF_EM_386: /* R_386_32, _16, _8 */
    return type == 1 ? 4 : type == 20 ? 2 : type == 22 ? 1 : 0;
  case ELF_EM_BPF:
    /* LLVM's numbers (R_BPF_64_ABS64 = 2, R_BPF_64_ABS32 = 3,
       R_BPF_64_NODYLD32 = 4) and those of binutils 2.40 and older
       (R_BPF_DATA_32 = 11, R_BPF_DATA_64 = 12), which bpf-gcc uses.  */
    return type == 2 || type == 12 ? 8 : type == 3 || type == 4 || type == 11
         ? 4 : 0;
  case ELF_EM_AARCH64: /* R_AARCH64_ABS64, _ABS32, _ABS16 */
    return type == 257 ? 8 : type == 258 ? 4 : type == 259 ? 2 : 0;
  default:
    return -1;
  }
}

/* Apply one relocation (entry K of section RS) to COPY, the bytes of
   TARGET: symbol value plus addend (RELA's, or the one in place).  */
static bool apply_reloc(ElfError *err, const ElfFile *elf, const ElfSection *rs,
                        size_t k, const ElfReloc *r, const ElfSection *target,
                        uint8_t *copy) {
  uint64_t where = (uint64_t)k * ((elf->is64 ? 8 : 4) *
                                  (rs->type == ELF_SHT_RELA ? 3 : 2));
  int size = reloc_size(elf->machine, r->type);
  if (size < 0)
    return read_error_at(err, rs->name, where,
                   "relocations for ELF machine %u are not supported",
                   elf->machine);
  if (size == 0)
    return true;
  if (r->offset > target->size || (uint64_t)size > target->size - r->offset)
    return read_error_at(err, rs->name, where,
                   "relocation at offset 0x%llx is outside %s (size 0x%llx)",
                   ull(r->offset), target->name, ull(target->size));
  if (r->sym != 0 && r->sym >= elf->nsymbols)
    return read_error_at(err, rs->name, where,
                   "relocation refers to symbol %u, but there are %u",
                   r->sym, elf->nsymbols);
  uint64_t symbol = r->sym ? elf->symbols[r->sym].value : 0;
  uint8_t *p = copy + r->offset;
  uint64_t addend = rs->type == ELF_SHT_RELA
                        ? (uint64_t)r->addend
                        : load_uint(p, (unsigned)size, elf->big_endian);
  uint64_t value = symbol + addend;
  if (size < 8 && (value >> (8 * size)) != 0)
    return read_error_at(err, rs->name, where,
                   "relocation value 0x%llx does not fit in %d bytes",
                   ull(value), size);
  store_uint(p, (unsigned)size, elf->big_endian, value);
  return true;
}

bool elf_apply_relocs(ElfFile *elf, const ElfSection *target, uint8_t *copy,
                      ElfError *err) {
  for (uint32_t i = 0; i < elf->nsections; i++) {
    const ElfSection *rs = &elf->sections[i];
    if (!elf_relocates(rs, target))
      continue;
    ElfError ee;
    ElfReloc *relocs;
    size_t n;
    if (!elf_read_relocs(elf, rs, &relocs, &n, &ee))
      return read_error(err, "%s: %s", rs->name, ee.msg);
    bool ok = true;
    if (n && !elf->symbols && !elf_read_symbols(elf, &ee))
      ok = read_error(err, "bad symbol table: %s", ee.msg);
    for (size_t k = 0; ok && k < n; k++)
      ok = apply_reloc(err, elf, rs, k, &relocs[k], target, copy);
    free(relocs);
    if (!ok)
      return false;
  }
  return true;
}

bool elf_has_relocs(const ElfFile *elf, const ElfSection *target) {
  for (uint32_t i = 0; i < elf->nsections; i++) {
    const ElfSection *rs = &elf->sections[i];
    if (elf_relocates(rs, target))
      return true;
  }
  return false;
}
