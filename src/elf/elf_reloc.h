/* A section's bytes as a linker would see them: a copy with the absolute
   data relocations of a relocatable object applied (elf_reloc.c).  */
#ifndef BTFCC_ELF_RELOC_H
#define BTFCC_ELF_RELOC_H

#include "elf_read.h"

/* Whether some relocation section (SHT_REL or SHT_RELA) applies to S.  */
bool elf_has_relocs(const ElfFile *f, const ElfSection *s);

/* COPY (S's size, already holding S's bytes) gets every relocation for S
   applied: symbol value plus addend (RELA's, or the one in place),
   stored in the field's size.  Relocation types that hold no section
   offsets (TLS, PC-relative) are left alone.  Reads F's symbol table if
   it is not read yet.  Returns false and fills err (".rel.X+0xOFF: ...")
   when a relocation is malformed or the machine is unknown.  */
bool elf_apply_relocs(ElfFile *f, const ElfSection *s, uint8_t *copy,
                      ElfError *err);

#endif
