/* Changing an ELF file: a section added or replaced (elf_patch.c).  */
#ifndef BTFCC_ELF_PATCH_H
#define BTFCC_ELF_PATCH_H

#include "elf_read.h"

/* OUT gets ELF's bytes with section NAME holding the SIZE bytes at DATA
   (replacing a section of that name, or added).  Returns false and
   fills err when ELF has no section headers to extend.  */
bool elf_add_section(const ElfFile *elf, const char *name, const void *data,
                     size_t size, Buf *out, ElfError *err);

#endif
