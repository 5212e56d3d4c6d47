/* Minimal ELF reader (see elf_read.h).  Every field is decoded with an
   explicit byte order, and every offset is checked before it is used.  */
#include "elf_read.h"

#include <stdlib.h>
#include <string.h>

typedef struct Reader {
  const uint8_t *p;
  size_t size;
  bool be;
} Reader;

static uint16_t rd16(const Reader *r, size_t off) { return load_u16(r->p + off, r->be); }
static uint32_t rd32(const Reader *r, size_t off) { return load_u32(r->p + off, r->be); }
static uint64_t rd64(const Reader *r, size_t off) { return load_u64(r->p + off, r->be); }

/* For the %llu of the messages below.  */
static unsigned long long ull(uint64_t v) { return v; }

/* Whether [off, off+len) lies inside a file of SIZE bytes.  */
static bool in_file(uint64_t off, uint64_t len, size_t size) {
  return off <= size && len <= size - off;
}

bool elf_is_elf(const void *data, size_t size) {
  return size >= 4 && memcmp(data, "\x7f" "ELF", 4) == 0;
}

/* Layout of the fields that differ between the two classes.  */
typedef struct ElfLayout {
  size_t ehdr_size, shdr_size, sym_size;
} ElfLayout;

static const ElfLayout layout32 = {52, 40, 16};
static const ElfLayout layout64 = {64, 64, 24};

static void read_shdr(const Reader *r, bool is64, size_t at, ElfSection *s) {
  s->type = rd32(r, at + 4);
  if (is64) {
    s->flags = rd64(r, at + 8);
    s->addr = rd64(r, at + 16);
    s->offset = rd64(r, at + 24);
    s->size = rd64(r, at + 32);
    s->link = rd32(r, at + 40);
    s->info = rd32(r, at + 44);
    s->addralign = rd64(r, at + 48);
    s->entsize = rd64(r, at + 56);
  } else {
    s->flags = rd32(r, at + 8);
    s->addr = rd32(r, at + 12);
    s->offset = rd32(r, at + 16);
    s->size = rd32(r, at + 20);
    s->link = rd32(r, at + 24);
    s->info = rd32(r, at + 28);
    s->addralign = rd32(r, at + 32);
    s->entsize = rd32(r, at + 36);
  }
}

/* A NUL-terminated string at OFF inside section S, or NULL.  */
static const char *section_string(const ElfSection *s, uint64_t off) {
  if (!s->data || off >= s->size)
    return NULL;
  const char *p = (const char *)s->data + off;
  if (!memchr(p, 0, s->size - off))
    return NULL;
  return p;
}

/* Header fields the section walk needs.  */
typedef struct ElfTable {
  uint64_t shoff;
  uint32_t shnum;
  uint32_t shstrndx;
  uint16_t shentsize;
} ElfTable;

static bool read_header(ElfFile *f, Reader *r, ElfTable *tab, ElfError *err) {
  const uint8_t *d = f->data;
  if (f->size < 16)
    return read_error(err, "truncated ELF identification (%llu bytes)", ull(f->size));
  if (d[4] != 1 && d[4] != 2)
    return read_error(err, "bad ELF class %u at offset 4", d[4]);
  if (d[5] != 1 && d[5] != 2)
    return read_error(err, "bad ELF data encoding %u at offset 5", d[5]);
  f->is64 = d[4] == 2;
  f->big_endian = d[5] == 2;
  r->be = f->big_endian;
  const ElfLayout *lay = f->is64 ? &layout64 : &layout32;
  if (f->size < lay->ehdr_size)
    return read_error(err, "truncated ELF header: %llu bytes, need %llu", ull(f->size),
                ull(lay->ehdr_size));
  f->type = rd16(r, 16);
  f->machine = rd16(r, 18);
  /* e_shoff, then e_flags, e_ehsize, e_phentsize, e_phnum, e_shentsize,
     e_shnum, e_shstrndx.  */
  size_t o = f->is64 ? 40 : 32;
  tab->shoff = f->is64 ? rd64(r, o) : rd32(r, o);
  size_t after = o + (f->is64 ? 8 : 4) + 4;
  tab->shentsize = rd16(r, after + 6);
  tab->shnum = rd16(r, after + 8);
  tab->shstrndx = rd16(r, after + 10);
  if (tab->shoff == 0) {
    tab->shnum = 0;
    return true;
  }
  if (tab->shentsize < lay->shdr_size)
    return read_error(err, "section header size %u is smaller than %llu",
                tab->shentsize, ull(lay->shdr_size));
  if (!in_file(tab->shoff, lay->shdr_size, f->size))
    return read_error(err, "section header table at offset %llu is outside the "
                "file (%llu bytes)", ull(tab->shoff), ull(f->size));
  /* Extended numbering: the real counts live in section header 0.  */
  ElfSection s0 = {0};
  read_shdr(r, f->is64, (size_t)tab->shoff, &s0);
  if (tab->shnum == 0) {
    if (s0.size > UINT32_MAX)
      return read_error(err, "section count %llu is too large", ull(s0.size));
    tab->shnum = (uint32_t)s0.size;
  }
  if (tab->shstrndx == ELF_SHN_XINDEX)
    tab->shstrndx = s0.link;
  if (!in_file(tab->shoff, (uint64_t)tab->shnum * tab->shentsize, f->size))
    return read_error(err, "section header table (%u entries) runs past the end "
                "of the file at offset %llu", tab->shnum, ull(tab->shoff));
  return true;
}

/* Read every section header, map its bytes and resolve its name.  */
static bool read_sections(ElfFile *f, const Reader *r, const ElfTable *tab,
                          ElfError *err) {
  f->nsections = tab->shnum;
  f->sections = xcalloc(tab->shnum ? tab->shnum : 1, sizeof(ElfSection));
  for (uint32_t i = 0; i < tab->shnum; i++) {
    ElfSection *s = &f->sections[i];
    read_shdr(r, f->is64, (size_t)(tab->shoff + (uint64_t)i * tab->shentsize),
              s);
    s->index = i;
    if (s->type == ELF_SHT_NOBITS || s->type == ELF_SHT_NULL)
      continue;
    if (!in_file(s->offset, s->size, f->size))
      return read_error(err, "section %u (offset %llu) runs past the end of the "
                  "file", i, ull(s->offset));
    s->data = f->data + s->offset;
  }
  if (tab->shnum == 0)
    return true;
  if (tab->shstrndx >= tab->shnum)
    return read_error(err, "section-name table index %u is out of range (%u "
                "sections)", tab->shstrndx, tab->shnum);
  const ElfSection *names = &f->sections[tab->shstrndx];
  for (uint32_t i = 0; i < tab->shnum; i++) {
    /* sh_name is the first word of a section header.  */
    uint32_t name_off =
        rd32(r, (size_t)(tab->shoff + (uint64_t)i * tab->shentsize));
    f->sections[i].name = section_string(names, name_off);
    if (!f->sections[i].name)
      return read_error(err, "section %u has a bad name offset %u", i, name_off);
  }
  return true;
}

ElfFile *elf_open(const void *data, size_t size, ElfError *err) {
  if (!elf_is_elf(data, size)) {
    read_error(err, "not an ELF file");
    return NULL;
  }
  ElfFile *f = xcalloc(1, sizeof *f);
  f->data = data;
  f->size = size;
  Reader r = {data, size, false};
  ElfTable tab = {0};
  if (!read_header(f, &r, &tab, err) || !read_sections(f, &r, &tab, err)) {
    elf_close(f);
    return NULL;
  }
  return f;
}

void elf_close(ElfFile *f) {
  if (!f)
    return;
  free(f->sections);
  free(f->symbols);
  free(f);
}

const ElfSection *elf_section_by_name(const ElfFile *f, const char *name) {
  for (uint32_t i = 0; i < f->nsections; i++)
    if (f->sections[i].name && strcmp(f->sections[i].name, name) == 0)
      return &f->sections[i];
  return NULL;
}

bool elf_read_symbols(ElfFile *f, ElfError *err) {
  const ElfSection *symtab = NULL;
  for (uint32_t i = 0; i < f->nsections && !symtab; i++)
    if (f->sections[i].type == ELF_SHT_SYMTAB)
      symtab = &f->sections[i];
  free(f->symbols);
  f->symbols = NULL;
  f->nsymbols = 0;
  if (!symtab)
    return true;
  const ElfLayout *lay = f->is64 ? &layout64 : &layout32;
  if (symtab->entsize != lay->sym_size)
    return read_error(err, "symbol table entry size %llu, expected %llu",
                ull(symtab->entsize), ull(lay->sym_size));
  if (symtab->link >= f->nsections)
    return read_error(err, "symbol table links to section %u, out of range",
                symtab->link);
  const ElfSection *strtab = &f->sections[symtab->link];
  uint64_t n = symtab->size / lay->sym_size;
  Reader r = {symtab->data, (size_t)symtab->size, f->big_endian};
  f->symbols = xcalloc(n ? n : 1, sizeof(ElfSymbol));
  for (uint64_t i = 0; i < n; i++) {
    size_t at = (size_t)(i * lay->sym_size);
    ElfSymbol *s = &f->symbols[i];
    uint32_t name_off = rd32(&r, at);
    uint8_t info, other;
    if (f->is64) {
      info = symtab->data[at + 4];
      other = symtab->data[at + 5];
      s->shndx = rd16(&r, at + 6);
      s->value = rd64(&r, at + 8);
      s->size = rd64(&r, at + 16);
    } else {
      s->value = rd32(&r, at + 4);
      s->size = rd32(&r, at + 8);
      info = symtab->data[at + 12];
      other = symtab->data[at + 13];
      s->shndx = rd16(&r, at + 14);
    }
    s->bind = info >> 4;
    s->type = info & 0xf;
    s->visibility = other & 3;
    s->name = section_string(strtab, name_off);
    if (!s->name) {
      free(f->symbols);
      f->symbols = NULL;
      return read_error(err, "symbol %llu has a bad name offset %u", ull(i), name_off);
    }
  }
  f->nsymbols = (uint32_t)n;
  return true;
}

const ElfSymbol *elf_symbol_by_name(const ElfFile *f, const char *name,
                                    int stt) {
  for (uint32_t i = 0; i < f->nsymbols; i++) {
    const ElfSymbol *s = &f->symbols[i];
    if (s->shndx == ELF_SHN_UNDEF || (stt >= 0 && s->type != stt))
      continue;
    if (strcmp(s->name, name) == 0)
      return s;
  }
  return NULL;
}

bool elf_read_relocs(const ElfFile *f, const ElfSection *s, ElfReloc **relocs,
                     size_t *count, ElfError *err) {
  *relocs = NULL;
  *count = 0;
  bool rela = s->type == ELF_SHT_RELA;
  if (!rela && s->type != ELF_SHT_REL)
    return read_error(err, "section %u is not a relocation section", s->index);
  /* r_offset and r_info, then r_addend for RELA: one word each.  */
  uint64_t word = f->is64 ? 8 : 4;
  uint64_t entsize = (rela ? 3 : 2) * word;
  if (s->entsize != 0 && s->entsize != entsize)
    return read_error(err, "relocation section %u has entry size %llu, expected "
                "%llu", s->index, ull(s->entsize), ull(entsize));
  if (!s->data || s->size % entsize)
    return read_error(err, "relocation section %u has size %llu, not a multiple "
                "of %llu", s->index, ull(s->size), ull(entsize));
  uint64_t n = s->size / entsize;
  Reader r = {s->data, (size_t)s->size, f->big_endian};
  ElfReloc *out = xcalloc(n ? n : 1, sizeof *out);
  for (uint64_t i = 0; i < n; i++) {
    size_t at = (size_t)(i * entsize);
    ElfReloc *e = &out[i];
    if (f->is64) {
      uint64_t info = rd64(&r, at + 8);
      e->offset = rd64(&r, at);
      e->sym = (uint32_t)(info >> 32);
      e->type = (uint32_t)info;
      e->addend = rela ? (int64_t)rd64(&r, at + 16) : 0;
    } else {
      uint32_t info = rd32(&r, at + 4);
      e->offset = rd32(&r, at);
      e->sym = info >> 8;
      e->type = info & 0xff;
      e->addend = rela ? (int32_t)rd32(&r, at + 8) : 0;
    }
  }
  *relocs = out;
  *count = (size_t)n;
  return true;
}
