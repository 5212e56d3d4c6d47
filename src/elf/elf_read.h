/* A minimal ELF reader: ELF32 and ELF64, either byte order.  It finds
   sections by name and reads the symbol table, and validates every
   header, table and name it touches against the file's bounds.  */
#ifndef BTFCC_ELF_READ_H
#define BTFCC_ELF_READ_H

#include "../util/binary.h"
#include "../util/util.h"

/* What is wrong and where (binary.h).  */
typedef ReadError ElfError;

typedef struct ElfSection {
  uint32_t index;
  const char *name;     /* from the section-name string table */
  uint32_t type;        /* SHT_* */
  uint64_t flags;       /* SHF_* */
  uint64_t addr;
  uint64_t offset;
  uint64_t size;
  uint32_t link;
  uint32_t info;
  uint64_t addralign;
  uint64_t entsize;
  const uint8_t *data;  /* the section's bytes, NULL for SHT_NOBITS */
} ElfSection;

typedef struct ElfSymbol {
  const char *name;
  uint64_t value;
  uint64_t size;
  uint8_t bind;       /* STB_* */
  uint8_t type;       /* STT_* */
  uint8_t visibility; /* STV_* (st_other & 3) */
  uint32_t shndx;     /* section index, or SHN_* */
} ElfSymbol;

typedef struct ElfFile {
  const uint8_t *data; /* the whole file (borrowed from the caller) */
  size_t size;
  bool is64;
  bool big_endian;
  uint16_t type;       /* ET_* */
  uint16_t machine;    /* EM_* */
  uint32_t nsections;
  ElfSection *sections;
  uint32_t nsymbols;   /* filled by elf_read_symbols */
  ElfSymbol *symbols;
} ElfFile;

enum {
  ELF_SHT_NULL = 0, ELF_SHT_PROGBITS = 1, ELF_SHT_SYMTAB = 2,
  ELF_SHT_STRTAB = 3, ELF_SHT_RELA = 4, ELF_SHT_NOBITS = 8, ELF_SHT_REL = 9,
  ELF_SHF_COMPRESSED = 0x800,
  ELF_SHN_UNDEF = 0, ELF_SHN_ABS = 0xfff1, ELF_SHN_COMMON = 0xfff2,
  ELF_SHN_XINDEX = 0xffff,
  ELF_STB_LOCAL = 0, ELF_STB_GLOBAL = 1, ELF_STB_WEAK = 2,
  ELF_STT_NOTYPE = 0, ELF_STT_OBJECT = 1, ELF_STT_FUNC = 2,
  ELF_STT_SECTION = 3,
  ELF_STV_DEFAULT = 0, ELF_STV_INTERNAL = 1, ELF_STV_HIDDEN = 2,
  ELF_ET_REL = 1,
  ELF_EM_386 = 3, ELF_EM_X86_64 = 62, ELF_EM_AARCH64 = 183, ELF_EM_BPF = 247,
};

/* One entry of a relocation section.  */
typedef struct ElfReloc {
  uint64_t offset; /* r_offset: where, inside the section it applies to */
  uint32_t type;   /* R_*, machine-specific */
  uint32_t sym;    /* symbol table index */
  int64_t addend;  /* r_addend of SHT_RELA; 0 for SHT_REL (it is in place) */
} ElfReloc;

/* Whether DATA starts with the ELF magic.  */
bool elf_is_elf(const void *data, size_t size);

/* Parse the ELF header and section table of the SIZE bytes at DATA,
   which must stay alive as long as the result.  Returns NULL and fills
   err when the file is malformed.  */
ElfFile *elf_open(const void *data, size_t size, ElfError *err);
void elf_close(ElfFile *f);

/* The first section with this name, or NULL.  */
const ElfSection *elf_section_by_name(const ElfFile *f, const char *name);

/* Read the symbol table (SHT_SYMTAB) into f->symbols; a file without one
   has zero symbols.  Returns false and fills err if it is malformed.  */
bool elf_read_symbols(ElfFile *f, ElfError *err);

/* The first defined symbol with this name and one of the given types
   (pass -1 for any), or NULL.  */
const ElfSymbol *elf_symbol_by_name(const ElfFile *f, const char *name,
                                    int stt);

/* Is RS a relocation section (SHT_REL or SHT_RELA) of section TARGET?  */
static inline bool elf_relocates(const ElfSection *rs, const ElfSection *target) {
  return (rs->type == ELF_SHT_REL || rs->type == ELF_SHT_RELA) &&
         rs->info == target->index;
}

/* Decode the relocation section S (SHT_REL or SHT_RELA) into a new
   array of *count entries (free it with free).  Returns false and fills
   err if the section is malformed.  */
bool elf_read_relocs(const ElfFile *f, const ElfSection *s, ElfReloc **relocs,
                     size_t *count, ElfError *err);

#endif
