/* An ELF64 relocatable object, written directly, laid out as GAS lays out
   the object for the same assembler text (binutils 2.40 checked):

     [0] null, one .group section per COMDAT group (in the order of
     their first members: GAS moves them to the front), .text, .data,
     .bss (always present, as GAS creates them), each section of the
     ObjFile followed by its .rela/.rel section, .comment (the .ident
     string), .note.GNU-stack (x86-64), .symtab, .strtab, .shstrtab.

   Symbols: the STT_FILE symbol, section symbols, local labels that do
   not start with ".L", the groups' signature symbols (local STT_NOTYPE,
   defined at 0 in their .group section), on BPF the .group sections'
   section symbols, then the global and undefined symbols.  GAS on
   x86-64 keeps only the section symbols that relocations use; on BPF it
   keeps one for every section.  References to local names become
   references to their section's symbol plus the offset, as in GAS.

   COMDAT groups (Section.group): a .group section (SHT_GROUP, entsize 4,
   linked to .symtab, sh_info = the signature symbol) holds GRP_COMDAT
   and the indices of its members; each member, and its relocation
   section, has SHF_GROUP.  Several sections may share a name then; the
   name alone means the first of them (see collect_names).

   Relocations: x86-64 uses RELA (R_X86_64_8/16/32/64, nothing stored in
   place).  BPF uses REL with the addend stored in place, and the
   relocation numbers of LLVM, the kernel and binutils >= 2.41:
   R_BPF_64_ABS64 = 2, R_BPF_64_ABS32 = 3.  (Binutils 2.40 still used its
   own numbers for these, 12 and 11.)  BPF's GAS also pads each section
   to a multiple of its alignment; so do we.  */
#include "section.h"

#include <stdlib.h>
#include <string.h>

enum {
  SHT_NULL = 0, SHT_PROGBITS = 1, SHT_SYMTAB = 2, SHT_STRTAB = 3,
  SHT_RELA = 4, SHT_NOBITS = 8, SHT_REL = 9, SHT_GROUP = 17,
};
enum { SHF_MERGE = 0x10, SHF_STRINGS = 0x20, SHF_INFO_LINK = 0x40,
       SHF_GROUP = 0x200 };
enum { GRP_COMDAT = 1 };
enum { STB_LOCAL = 0, STB_GLOBAL = 1, STB_WEAK = 2 };
enum { STV_HIDDEN = 2 };
enum { STT_NOTYPE = 0, STT_OBJECT = 1, STT_FUNC = 2, STT_SECTION = 3,
       STT_FILE = 4 };
enum { SHN_UNDEF = 0, SHN_ABS = 0xfff1 };
enum { EM_X86_64 = 62, EM_BPF = 247 };
enum { EHDR_SIZE = 64, SHDR_SIZE = 64, SYM_SIZE = 24, RELA_SIZE = 24,
       REL_SIZE = 16 };
enum {
  R_X86_64_64 = 1, R_X86_64_32 = 10, R_X86_64_16 = 12, R_X86_64_8 = 14,
  R_BPF_64_ABS64 = 2, R_BPF_64_ABS32 = 3,
};

/* --- Encoding in the object's byte order --- */

static bool big_endian(void) { return ctx_current->target.big_endian; }

static void put_n(Buf *b, uint64_t v, unsigned size) {
  if (b->len + size + 1 > b->cap)
    buf_reserve(b, size);
  sec_store((uint8_t *)b->data + b->len, size, v);
  b->len += size;
}
static void put16(Buf *b, uint64_t v) { put_n(b, v, 2); }
static void put32(Buf *b, uint64_t v) { put_n(b, v, 4); }
static void put64(Buf *b, uint64_t v) { put_n(b, v, 8); }

/* --- The sections of the output file --- */

typedef struct OutSec {
  const char *name;
  char *owned_name;  /* name made here, freed with the section */
  uint32_t name_off; /* in .shstrtab */
  uint32_t type;
  uint64_t flags;
  uint64_t align;
  uint64_t entsize;
  uint32_t link, info;
  const Section *src; /* content from the ObjFile, or NULL */
  Buf own;            /* content made here (tables, patched copies) */
  bool use_own;
  uint64_t size;      /* sh_size */
  uint64_t offset;    /* sh_offset */
  uint32_t sym;       /* index of its section symbol, 0 if none */
  bool sym_used;      /* a relocation refers to its section symbol */
  uint32_t group;     /* COMDAT group index + 1 of a member, else 0 */
} OutSec;

/* A COMDAT group: its signature and its .group section.  */
typedef struct Group {
  const char *sig;
  uint32_t hash;
  uint32_t sec; /* output index of its .group section */
} Group;

/* What a name refers to, for relocations and the symbol table.  */
typedef enum { NAME_SECTION, NAME_LABEL, NAME_SYMBOL, NAME_UNDEF } NameKind;

typedef struct NameEnt {
  const char *name;
  uint32_t hash;
  uint8_t kind;     /* NameKind */
  uint32_t sec;     /* output section index (SECTION, LABEL, defined SYMBOL) */
  uint64_t value;   /* offset in that section */
  const ObjSymbol *osym; /* NAME_SYMBOL */
  uint32_t symidx;  /* symtab index when it has its own entry, else 0 */
  bool keep_local;  /* a .L label that a relocation must name itself */
} NameEnt;

typedef struct Elf {
  const ObjFile *obj;
  VEC(OutSec) secs;
  uint32_t *sec_of_src; /* obj section i -> output section index */
  /* Name table: open addressing over entries.  */
  VEC(NameEnt) names;
  uint32_t *slots; /* entry index + 1, 0 = empty */
  size_t nslots;
  /* COMDAT groups, with a table of signatures like the name table's.  */
  VEC(Group) groups;
  uint32_t *gslots;
  size_t ngslots;
  uint32_t symtab_sec, strtab_sec, shstrtab_sec;
  uint32_t nlocal;
  /* The last relocation name looked up (sections share one copy of a
     name repeated in a row, so the same pointer comes back often).  */
  const char *last_reloc_name;
  size_t last_reloc_index;
} Elf;

static uint32_t add_sec(Elf *e, const char *name, uint32_t type,
                        uint64_t flags, uint64_t align) {
  OutSec s = {0};
  s.name = name;
  s.type = type;
  s.flags = flags;
  s.align = align ? align : 1;
  vec_push(&e->secs, s);
  return (uint32_t)e->secs.len - 1;
}

/* --- COMDAT groups --- */

/* The index + 1 of the group with signature SIG, or 0.  */
static uint32_t find_group(const Elf *e, const char *sig, uint32_t h) {
  if (!e->ngslots)
    return 0;
  for (size_t i = h & (e->ngslots - 1);; i = (i + 1) & (e->ngslots - 1)) {
    uint32_t slot = e->gslots[i];
    if (!slot)
      return 0;
    const Group *g = &e->groups.data[slot - 1];
    if (g->hash == h && strcmp(g->sig, sig) == 0)
      return slot;
  }
}

static void group_slot(Elf *e, uint32_t k) {
  size_t i = e->groups.data[k].hash & (e->ngslots - 1);
  while (e->gslots[i])
    i = (i + 1) & (e->ngslots - 1);
  e->gslots[i] = k + 1;
}

/* Enter the group SIG unless known; returns its index + 1.  */
static uint32_t add_group(Elf *e, const char *sig) {
  uint32_t h = hash_bytes(sig, strlen(sig));
  uint32_t old = find_group(e, sig, h);
  if (old)
    return old;
  Group g = {sig, h, 0};
  vec_push(&e->groups, g);
  if ((e->groups.len + 1) * 2 > e->ngslots) {
    free(e->gslots);
    e->ngslots = e->ngslots ? e->ngslots * 2 : 16;
    e->gslots = xcalloc(e->ngslots, sizeof *e->gslots);
    for (uint32_t k = 0; k < e->groups.len; k++)
      group_slot(e, k);
  } else {
    group_slot(e, (uint32_t)e->groups.len - 1);
  }
  return (uint32_t)e->groups.len;
}

/* A section of the ObjFile, and right after it (where GAS puts it) its
   relocation section if it has relocations; both are members of the
   section's group, if any.  */
static uint32_t add_content_sec(Elf *e, const Section *src) {
  uint32_t group = src->group ? add_group(e, src->group) : 0;
  uint64_t gflag = group ? SHF_GROUP : 0;
  uint32_t i = add_sec(e, src->name, src->sh_type, src->sh_flags | gflag,
                       src->align);
  OutSec *s = &e->secs.data[i];
  s->src = src;
  s->group = group;
  s->entsize = src->entsize;
  if ((src->sh_flags & SEC_FLAG_MERGE) && !s->entsize)
    s->entsize = 1;
  if (src->relocs.len) {
    bool rela = ctx_current->target.arch == ARCH_X86_64;
    size_t len = strlen(src->name) + 6;
    char *name = xmalloc(len);
    snprintf(name, len, "%s%s", rela ? ".rela" : ".rel", src->name);
    uint32_t r = add_sec(e, name, rela ? SHT_RELA : SHT_REL,
                         SHF_INFO_LINK | gflag, 8);
    e->secs.data[r].owned_name = name;
    e->secs.data[r].entsize = rela ? RELA_SIZE : REL_SIZE;
    e->secs.data[r].info = i; /* the section it applies to */
    e->secs.data[r].group = group;
  }
  return i;
}

/* --- Name lookup --- */

static NameEnt *find_name(Elf *e, const char *name) {
  if (!e->nslots)
    return NULL;
  uint32_t h = hash_bytes(name, strlen(name));
  for (size_t i = h & (e->nslots - 1);; i = (i + 1) & (e->nslots - 1)) {
    uint32_t slot = e->slots[i];
    if (!slot)
      return NULL;
    NameEnt *n = &e->names.data[slot - 1];
    if (n->hash == h && strcmp(n->name, name) == 0)
      return n;
  }
}

static void rehash(Elf *e, size_t nslots) {
  free(e->slots);
  e->slots = xcalloc(nslots, sizeof *e->slots);
  e->nslots = nslots;
  for (size_t k = 0; k < e->names.len; k++) {
    size_t i = e->names.data[k].hash & (nslots - 1);
    while (e->slots[i])
      i = (i + 1) & (nslots - 1);
    e->slots[i] = (uint32_t)k + 1;
  }
}

/* Add NAME unless it is known already (the first definition wins: symbols
   are entered before labels, labels before section names).  */
static NameEnt *add_name(Elf *e, const char *name, NameKind kind) {
  NameEnt *old = find_name(e, name);
  if (old)
    return old;
  NameEnt n = {0};
  n.name = name;
  n.hash = hash_bytes(name, strlen(name));
  n.kind = (uint8_t)kind;
  vec_push(&e->names, n);
  if ((e->names.len + 1) * 2 > e->nslots)
    rehash(e, e->nslots ? e->nslots * 2 : 64);
  else {
    size_t i = n.hash & (e->nslots - 1);
    while (e->slots[i])
      i = (i + 1) & (e->nslots - 1);
    e->slots[i] = (uint32_t)e->names.len;
  }
  return &e->names.data[e->names.len - 1];
}

static bool is_local_label(const char *name) {
  return name[0] == '.' && name[1] == 'L';
}

/* A name that gets a symbol of its own: a global or undefined symbol, or a
   local symbol that GAS keeps (a defined non-global, a non-.L label).  */
static bool own_symbol(const NameEnt *n) {
  switch ((NameKind)n->kind) {
  case NAME_SYMBOL:
    return true;
  case NAME_LABEL:
    return !is_local_label(n->name) || n->keep_local;
  case NAME_UNDEF:
    return true;
  case NAME_SECTION:
    return false;
  }
  return false;
}

/* Is N referenced through its section symbol (a local definition)?  */
static bool via_section(const NameEnt *n) {
  if (n->kind == NAME_SECTION || n->kind == NAME_LABEL)
    return true;
  return n->kind == NAME_SYMBOL && n->osym->section && !n->osym->global;
}

/* Sections with bytes of their own (and so a section symbol in GAS).  */
static bool is_content_sec(const Elf *e, uint32_t i) {
  const OutSec *s = &e->secs.data[i];
  return i > 0 && (s->type == SHT_PROGBITS || s->type == SHT_NOBITS ||
                   s->type == SEC_NOTE) &&
         strcmp(s->name, ".note.GNU-stack") != 0;
}

/* Does a relocation for N + ADDEND go through N's section symbol?  GAS
   keeps the symbol itself for a nonzero addend into a merge section: the
   linker may move the string the symbol marks.  */
static bool reloc_via_section(const Elf *e, const NameEnt *n, int64_t addend) {
  if (!via_section(n))
    return false;
  if (n->kind == NAME_SECTION || addend == 0)
    return true;
  return !(e->secs.data[n->sec].flags & SEC_FLAG_MERGE);
}

/* The section of a symbol: the first ObjFile section of that name (where
   asm_write places the symbol), else one of GAS's standard sections.  */
static uint32_t out_index_of(Elf *e, const char *section_name) {
  for (size_t i = 0; i < e->obj->sections.len; i++)
    if (strcmp(e->obj->sections.data[i]->name, section_name) == 0)
      return e->sec_of_src[i];
  for (uint32_t i = 1; i < e->secs.len; i++)
    if (is_content_sec(e, i) && strcmp(e->secs.data[i].name, section_name) == 0)
      return i;
  fatal("internal error: symbol in unknown section %s", section_name);
}

static void collect_names(Elf *e) {
  const ObjFile *obj = e->obj;
  for (size_t i = 0; i < obj->symbols.len; i++) {
    const ObjSymbol *sym = &obj->symbols.data[i];
    NameEnt *n = add_name(e, sym->name, NAME_SYMBOL);
    if (n->osym)
      continue;
    n->osym = sym;
    if (sym->section) {
      n->sec = out_index_of(e, sym->section);
      n->value = sym->value;
    }
  }
  for (size_t i = 0; i < obj->sections.len; i++) {
    const Section *s = obj->sections.data[i];
    for (size_t k = 0; k < s->labels.len; k++) {
      NameEnt *n = add_name(e, s->labels.data[k].name, NAME_LABEL);
      if (n->kind == NAME_LABEL && !n->sec) {
        n->sec = e->sec_of_src[i];
        n->value = s->labels.data[k].offset;
      }
    }
  }
  /* A section name that several sections share (COMDAT group members)
     means the first of them in section order, as in GAS, which resolves
     a bare section name to the first section it made of that name (its
     standard .text, .data and .bss come first).  add_name keeps that
     first entry.  */
  for (uint32_t i = 1; i < e->secs.len; i++) {
    if (!is_content_sec(e, i))
      continue;
    NameEnt *n = add_name(e, e->secs.data[i].name, NAME_SECTION);
    if (n->kind == NAME_SECTION && !n->sec)
      n->sec = i;
  }
}

/* --- Section list --- */

static bool same_name(const Section *s, const char *name) {
  return strcmp(s->name, name) == 0;
}

/* Is S the standard section NAME (an ungrouped section of that name:
   `.section .text,"axG",...` makes a section of its own in GAS)?  */
static bool is_std(const Section *s, const char *name) {
  return same_name(s, name) && !s->group;
}

/* The .group sections: GRP_COMDAT, then the members in section order.  */
static void fill_groups(Elf *e) {
  for (size_t k = 0; k < e->groups.len; k++)
    put32(&e->secs.data[e->groups.data[k].sec].own, GRP_COMDAT);
  for (uint32_t i = 1; i < e->secs.len; i++)
    if (e->secs.data[i].group)
      put32(&e->secs.data[e->groups.data[e->secs.data[i].group - 1].sec].own,
            i);
}

static void build_section_list(Elf *e) {
  const ObjFile *obj = e->obj;
  e->sec_of_src = xcalloc(obj->sections.len + 1, sizeof *e->sec_of_src);
  add_sec(e, "", SHT_NULL, 0, 0);
  e->secs.data[0].align = 0;

  /* The groups in the order of their first members.  The standard three
     below are never grouped, so that is the order of the ObjFile.  */
  for (size_t i = 0; i < obj->sections.len; i++)
    if (obj->sections.data[i]->group)
      add_group(e, obj->sections.data[i]->group);
  for (size_t k = 0; k < e->groups.len; k++) {
    uint32_t g = add_sec(e, ".group", SHT_GROUP, 0, 4);
    e->secs.data[g].entsize = 4;
    e->secs.data[g].use_own = true;
    e->groups.data[k].sec = g;
  }

  /* GAS's three standard sections, unless the ObjFile has its own.  */
  static const struct {
    const char *name;
    uint32_t type;
    uint64_t flags;
  } std[] = {
      {".text", SHT_PROGBITS, SEC_FLAG_ALLOC | SEC_FLAG_EXEC},
      {".data", SHT_PROGBITS, SEC_FLAG_ALLOC | SEC_FLAG_WRITE},
      {".bss", SHT_NOBITS, SEC_FLAG_ALLOC | SEC_FLAG_WRITE},
  };
  for (size_t k = 0; k < ARRAY_LEN(std); k++) {
    size_t i;
    for (i = 0; i < obj->sections.len; i++)
      if (is_std(obj->sections.data[i], std[k].name))
        break;
    if (i < obj->sections.len)
      e->sec_of_src[i] = add_content_sec(e, obj->sections.data[i]);
    else
      add_sec(e, std[k].name, std[k].type, std[k].flags, 1);
  }
  bool has_stack_note = false;
  for (size_t i = 0; i < obj->sections.len; i++) {
    const Section *s = obj->sections.data[i];
    if (e->sec_of_src[i])
      continue; /* one of the standard three */
    e->sec_of_src[i] = add_content_sec(e, s);
    if (same_name(s, ".note.GNU-stack"))
      has_stack_note = true;
  }

  uint32_t comment = add_sec(e, ".comment", SHT_PROGBITS,
                             SHF_MERGE | SHF_STRINGS, 1);
  e->secs.data[comment].entsize = 1;
  e->secs.data[comment].use_own = true;
  const char *ident = obj->ident ? obj->ident : BTFCC_IDENT;
  buf_putc(&e->secs.data[comment].own, 0);
  buf_append(&e->secs.data[comment].own, ident, strlen(ident) + 1);

  if (ctx_current->target.arch == ARCH_X86_64 && !has_stack_note)
    add_sec(e, ".note.GNU-stack", SHT_PROGBITS, 0, 1);
  e->symtab_sec = add_sec(e, ".symtab", SHT_SYMTAB, 0, 8);
  e->strtab_sec = add_sec(e, ".strtab", SHT_STRTAB, 0, 1);
  e->shstrtab_sec = add_sec(e, ".shstrtab", SHT_STRTAB, 0, 1);
  fill_groups(e);
}

/* --- String tables --- */

/* A string table in which a string that ends another shares its bytes, as
   BFD builds them (".rela.refs" holds ".refs").  Add every string, then
   strtab_finish, then ask for offsets.  */
typedef struct StrTab {
  VEC(const char *) strs;
  uint32_t *offs;
  Buf data;
} StrTab;

static uint32_t strtab_add(StrTab *t, const char *s) {
  vec_push(&t->strs, s);
  return (uint32_t)t->strs.len - 1;
}

typedef struct RevKey {
  const char *s;
  uint32_t i; /* index in the table */
} RevKey;

/* Order by the reversed strings, so a string comes right before the
   strings it ends; ties by index, so the order is total.  */
static int cmp_reversed(const void *a, const void *b) {
  const RevKey *ka = a, *kb = b;
  uint32_t i = ka->i, j = kb->i;
  const char *s = ka->s, *t = kb->s;
  size_t ls = strlen(s), lt = strlen(t);
  while (ls && lt) {
    unsigned char cs = (unsigned char)s[--ls], ct = (unsigned char)t[--lt];
    if (cs != ct)
      return cs < ct ? -1 : 1;
  }
  if (ls != lt)
    return ls < lt ? -1 : 1;
  return i < j ? -1 : i > j;
}

static bool ends_with(const char *s, const char *tail) {
  size_t ls = strlen(s), lt = strlen(tail);
  return lt <= ls && memcmp(s + ls - lt, tail, lt) == 0;
}

static void strtab_finish(StrTab *t) {
  size_t n = t->strs.len;
  uint32_t *order = xcalloc(n + 1, sizeof *order);
  uint32_t *host = xcalloc(n + 1, sizeof *host); /* index + 1, 0 = own */
  t->offs = xcalloc(n + 1, sizeof *t->offs);
  RevKey *keys = xcalloc(n + 1, sizeof *keys);
  for (size_t i = 0; i < n; i++)
    keys[i] = (RevKey){t->strs.data[i], (uint32_t)i};
  qsort(keys, n, sizeof *keys, cmp_reversed);
  for (size_t i = 0; i < n; i++)
    order[i] = keys[i].i;
  free(keys);
  for (size_t k = 0; k + 1 < n; k++)
    if (ends_with(t->strs.data[order[k + 1]], t->strs.data[order[k]]))
      host[order[k]] = order[k + 1] + 1;
  buf_putc(&t->data, 0);
  for (size_t i = 0; i < n; i++) {
    const char *s = t->strs.data[i];
    if (!host[i] && *s) {
      t->offs[i] = (uint32_t)t->data.len;
      buf_append(&t->data, s, strlen(s) + 1);
    }
  }
  /* A host comes later in the order, so walk backwards.  */
  for (size_t k = n; k-- > 0;) {
    uint32_t i = order[k];
    if (host[i]) {
      uint32_t h = host[i] - 1;
      t->offs[i] = t->offs[h] + (uint32_t)(strlen(t->strs.data[h]) -
                                           strlen(t->strs.data[i]));
    }
  }
  free(order);
  free(host);
}

static void strtab_free(StrTab *t) {
  vec_free(&t->strs);
  free(t->offs);
  buf_free(&t->data);
}

/* --- Symbols --- */

typedef struct PendingSym {
  uint32_t name; /* StrTab index, or UINT32_MAX for none */
  uint8_t bind, type;
  uint32_t shndx;
  uint64_t value, size;
} PendingSym;

typedef VEC(PendingSym) PendingSyms;

static void add_sym(PendingSyms *syms, StrTab *t, const char *name,
                    unsigned bind, unsigned type, uint32_t shndx,
                    uint64_t value, uint64_t size) {
  PendingSym p = {name ? strtab_add(t, name) : UINT32_MAX, (uint8_t)bind,
                  (uint8_t)type, shndx, value, size};
  vec_push(syms, p);
}

static void put_sym(Buf *b, uint32_t name, unsigned bind, unsigned type,
                    uint32_t shndx, uint64_t value, uint64_t size) {
  put32(b, name);
  buf_putc(b, (char)((bind << 4) | (type & 0xf)));
  buf_putc(b, (char)(type >> 4)); /* st_other: the visibility (type's high
                                     bits, see add_name_sym) */
  put16(b, shndx);
  put64(b, value);
  put64(b, size);
}

/* Resolve every relocation's name, creating undefined globals for unknown
   names and marking the section symbols in use.  */
/* find_name for a relocation's symbol, through the one-entry cache.  */
static NameEnt *reloc_name(Elf *e, const char *name) {
  if (name == e->last_reloc_name)
    return &e->names.data[e->last_reloc_index];
  NameEnt *n = find_name(e, name);
  if (n) {
    e->last_reloc_name = name;
    e->last_reloc_index = (size_t)(n - e->names.data);
  }
  return n;
}

static void resolve_reloc_names(Elf *e) {
  const ObjFile *obj = e->obj;
  for (size_t i = 0; i < obj->sections.len; i++) {
    const Section *s = obj->sections.data[i];
    for (size_t k = 0; k < s->relocs.len; k++) {
      const SecReloc *r = &s->relocs.data[k];
      NameEnt *n = reloc_name(e, r->sym);
      if (!n)
        n = add_name(e, r->sym, NAME_UNDEF);
      if (reloc_via_section(e, n, r->addend))
        e->secs.data[n->sec].sym_used = true;
      else if (n->kind == NAME_LABEL)
        n->keep_local = true;
    }
  }
}

static unsigned symbol_type(const ObjSymbol *sym) {
  if (!sym->section)
    return STT_NOTYPE; /* GCC writes no .type for undefined symbols */
  return sym->func ? STT_FUNC : sym->object ? STT_OBJECT : STT_NOTYPE;
}

static bool is_global(const NameEnt *ne) {
  return ne->kind == NAME_UNDEF ||
         (ne->kind == NAME_SYMBOL && (ne->osym->global || !ne->osym->section));
}

/* The symbol of a name that has one (own_symbol).  */
static void add_name_sym(PendingSyms *syms, StrTab *t,
                         const NameEnt *ne) {
  if (ne->kind == NAME_LABEL) {
    add_sym(syms, t, ne->name, STB_LOCAL, STT_NOTYPE, ne->sec, ne->value, 0);
  } else if (ne->kind == NAME_UNDEF) {
    add_sym(syms, t, ne->name, STB_GLOBAL, STT_NOTYPE, SHN_UNDEF, 0, 0);
  } else {
    bool def = ne->osym->section != NULL;
    add_sym(syms, t, ne->name,
            ne->osym->weak ? STB_WEAK : is_global(ne) ? STB_GLOBAL : STB_LOCAL,
            symbol_type(ne->osym) | (ne->osym->hidden ? STV_HIDDEN << 4 : 0),
            def ? ne->sec : SHN_UNDEF,
            def ? ne->value : 0, def ? ne->osym->size : 0);
  }
}

/* The name a group signature stands for when it has a symbol of its own
   (a symbol, an undefined name, a label without ".L"): GAS then makes
   that symbol the signature symbol.  NULL otherwise.  */
static const NameEnt *signature_name(Elf *e, const char *sig) {
  const NameEnt *ne = find_name(e, sig);
  if (!ne || !own_symbol(ne))
    return NULL;
  if (ne->kind == NAME_LABEL && is_local_label(ne->name))
    return NULL;
  return ne;
}

/* GAS's symbol for each group signature that is a name of its own: local
   STT_NOTYPE at 0 in the group's .group section, after the other locals.
   On BPF, where every section has a section symbol, the .group sections'
   section symbols follow.  */
static void add_group_syms(Elf *e, PendingSyms *syms, StrTab *names) {
  for (size_t k = 0; k < e->groups.len; k++) {
    const Group *g = &e->groups.data[k];
    if (signature_name(e, g->sig))
      continue;
    e->secs.data[g->sec].info = (uint32_t)syms->len;
    add_sym(syms, names, g->sig, STB_LOCAL, STT_NOTYPE, g->sec, 0, 0);
  }
  if (ctx_current->target.arch == ARCH_BPF)
    for (size_t k = 0; k < e->groups.len; k++) {
      OutSec *s = &e->secs.data[e->groups.data[k].sec];
      s->sym = (uint32_t)syms->len;
      add_sym(syms, names, NULL, STB_LOCAL, STT_SECTION,
              e->groups.data[k].sec, 0, 0);
    }
}

static void build_symtab(Elf *e) {
  PendingSyms syms = {0};
  StrTab names = {0};
  add_sym(&syms, &names, NULL, 0, 0, SHN_UNDEF, 0, 0);
  const char *src = e->obj->source_name ? e->obj->source_name : "<stdin>";
  const char *slash = strrchr(src, '/');
  add_sym(&syms, &names, slash ? slash + 1 : src, STB_LOCAL, STT_FILE,
          SHN_ABS, 0, 0);

  bool all_section_syms = ctx_current->target.arch == ARCH_BPF;
  for (uint32_t i = 1; i < e->secs.len; i++) {
    OutSec *s = &e->secs.data[i];
    if (!is_content_sec(e, i) || !(all_section_syms || s->sym_used))
      continue;
    s->sym = (uint32_t)syms.len;
    add_sym(&syms, &names, NULL, STB_LOCAL, STT_SECTION, i, 0, 0);
  }

  /* Locals with their own symbol, then globals, each in name-table order
     (symbols in ObjFile order, then labels in section order, then names
     first seen in relocations).  Between them the groups' symbols.  */
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      add_group_syms(e, &syms, &names);
      e->nlocal = (uint32_t)syms.len;
    }
    for (size_t k = 0; k < e->names.len; k++) {
      NameEnt *ne = &e->names.data[k];
      if (!own_symbol(ne) || is_global(ne) != (pass == 1))
        continue;
      ne->symidx = (uint32_t)syms.len;
      add_name_sym(&syms, &names, ne);
    }
  }
  /* A signature that names a symbol of its own uses that symbol.  */
  for (size_t k = 0; k < e->groups.len; k++) {
    const NameEnt *ne = signature_name(e, e->groups.data[k].sig);
    OutSec *g = &e->secs.data[e->groups.data[k].sec];
    g->link = e->symtab_sec;
    if (ne)
      g->info = ne->symidx;
  }

  strtab_finish(&names);
  OutSec *st = &e->secs.data[e->symtab_sec];
  st->use_own = true;
  for (size_t i = 0; i < syms.len; i++) {
    const PendingSym *p = &syms.data[i];
    put_sym(&st->own, p->name == UINT32_MAX ? 0 : names.offs[p->name],
            p->bind, p->type, p->shndx, p->value, p->size);
  }
  st->entsize = SYM_SIZE;
  st->link = e->strtab_sec;
  st->info = e->nlocal;
  OutSec *str = &e->secs.data[e->strtab_sec];
  str->use_own = true;
  buf_append(&str->own, names.data.data, names.data.len);
  strtab_free(&names);
  vec_free(&syms);
}

/* --- Relocations --- */

static uint32_t reloc_type(const Section *s, unsigned size) {
  if (ctx_current->target.arch == ARCH_BPF) {
    if (size == 4)
      return R_BPF_64_ABS32;
    if (size == 8)
      return R_BPF_64_ABS64;
  } else {
    switch (size) {
    case 1: return R_X86_64_8;
    case 2: return R_X86_64_16;
    case 4: return R_X86_64_32;
    case 8: return R_X86_64_64;
    }
  }
  fatal("internal error: no %u-byte relocation for this target (section %s)",
        size, s->name);
}

/* BPF's GAS rounds every section up to its alignment.  */
static uint64_t content_size(const Section *src) {
  uint64_t size = sec_size(src);
  if (ctx_current->target.arch == ARCH_BPF && src->align > 1)
    size = (size + src->align - 1) & ~((uint64_t)src->align - 1);
  return size;
}

static void build_relocs(Elf *e) {
  bool rela = ctx_current->target.arch == ARCH_X86_64;
  for (uint32_t i = 1; i < e->secs.len; i++) {
    OutSec *rs = &e->secs.data[i];
    if (rs->type != SHT_RELA && rs->type != SHT_REL)
      continue;
    rs->link = e->symtab_sec;
    rs->use_own = true;
    OutSec *ts = &e->secs.data[rs->info];
    const Section *src = ts->src;
    if (!rela && !ts->use_own) {
      /* REL keeps addends in place: work on a copy of the bytes.  */
      ts->use_own = true;
      buf_append(&ts->own, src->bytes.data, src->bytes.len);
    }
    buf_reserve_exact(&rs->own, src->relocs.len * (rela ? 24 : 16));
    for (size_t k = 0; k < src->relocs.len; k++) {
      const SecReloc *r = &src->relocs.data[k];
      NameEnt *n = reloc_name(e, r->sym);
      uint32_t symidx;
      int64_t addend = r->addend;
      if (reloc_via_section(e, n, r->addend)) {
        symidx = e->secs.data[n->sec].sym;
        addend += (int64_t)n->value;
      } else {
        symidx = n->symidx;
      }
      uint32_t type = r->type ? r->type : reloc_type(src, r->size);
      uint64_t info = ((uint64_t)symidx << 32) | type;
      put64(&rs->own, r->offset);
      put64(&rs->own, info);
      if (rela)
        put64(&rs->own, (uint64_t)addend);
      else if (r->type && src->store_addend)
        src->store_addend((uint8_t *)ts->own.data + r->offset, type, addend);
      else
        sec_store((uint8_t *)ts->own.data + r->offset, r->size, (uint64_t)addend);
    }
  }
}

/* --- Layout and output --- */

static void build_shstrtab(Elf *e) {
  StrTab names = {0};
  for (uint32_t i = 1; i < e->secs.len; i++)
    strtab_add(&names, e->secs.data[i].name);
  strtab_finish(&names);
  for (uint32_t i = 1; i < e->secs.len; i++)
    e->secs.data[i].name_off = names.offs[i - 1];
  OutSec *sh = &e->secs.data[e->shstrtab_sec];
  sh->use_own = true;
  buf_append(&sh->own, names.data.data, names.data.len);
  strtab_free(&names);
}

static uint64_t align_up(uint64_t v, uint64_t a) {
  return a > 1 ? (v + a - 1) & ~(a - 1) : v;
}

static uint64_t layout(Elf *e) {
  uint64_t off = EHDR_SIZE;
  for (uint32_t i = 1; i < e->secs.len; i++) {
    OutSec *s = &e->secs.data[i];
    /* A content section's own buffer, if any, is a patched copy.  */
    s->size = s->src ? content_size(s->src) : s->own.len;
    off = align_up(off, s->align);
    s->offset = off;
    if (s->type != SHT_NOBITS)
      off += s->size;
  }
  return align_up(off, 8);
}

static void put_ehdr(Buf *b, uint64_t shoff, uint32_t shnum,
                     uint32_t shstrndx) {
  static const char ident[4] = {0x7f, 'E', 'L', 'F'};
  buf_append(b, ident, 4);
  buf_putc(b, 2);                     /* ELFCLASS64 */
  buf_putc(b, big_endian() ? 2 : 1);  /* ELFDATA2MSB / ELFDATA2LSB */
  buf_putc(b, 1);                     /* EV_CURRENT */
  buf_putc(b, 0);                     /* ELFOSABI_NONE */
  for (int i = 8; i < 16; i++)
    buf_putc(b, 0);
  put16(b, 1); /* ET_REL */
  put16(b, ctx_current->target.arch == ARCH_BPF ? EM_BPF : EM_X86_64);
  put32(b, 1); /* e_version */
  put64(b, 0); /* e_entry */
  put64(b, 0); /* e_phoff */
  put64(b, shoff);
  put32(b, 0); /* e_flags: GAS sets none for either target */
  put16(b, EHDR_SIZE);
  put16(b, 0); /* e_phentsize */
  put16(b, 0); /* e_phnum */
  put16(b, SHDR_SIZE);
  put16(b, shnum);
  put16(b, shstrndx);
}

static void put_shdr(Buf *b, const OutSec *s) {
  put32(b, s->name_off);
  put32(b, s->type);
  put64(b, s->flags);
  put64(b, 0); /* sh_addr */
  put64(b, s->offset);
  put64(b, s->size);
  put32(b, s->link);
  put32(b, s->info);
  put64(b, s->align);
  put64(b, s->entsize);
}

static bool write_bytes(FILE *out, const void *p, size_t n, uint64_t *pos) {
  if (n && fwrite(p, 1, n, out) != n)
    return false;
  *pos += n;
  return true;
}

static bool write_zeros(FILE *out, uint64_t n, uint64_t *pos) {
  static const char zeros[64];
  while (n) {
    size_t k = n < sizeof zeros ? (size_t)n : sizeof zeros;
    if (!write_bytes(out, zeros, k, pos))
      return false;
    n -= k;
  }
  return true;
}

struct ElfImage {
  Elf e;      /* its sections, laid out; e.obj is not read any more */
  Buf head;   /* the ELF header */
  Buf shdrs;  /* the section header table, at shoff */
  uint64_t shoff;
};

ElfImage *elf_image_new(const ObjFile *obj) {
  ElfImage *img = xcalloc(1, sizeof *img);
  Elf *e = &img->e;
  e->obj = obj;
  build_section_list(e);
  collect_names(e);
  resolve_reloc_names(e);
  build_symtab(e);
  build_relocs(e);
  build_shstrtab(e);
  img->shoff = layout(e);
  put_ehdr(&img->head, img->shoff, (uint32_t)e->secs.len, e->shstrtab_sec);
  for (uint32_t i = 0; i < e->secs.len; i++)
    put_shdr(&img->shdrs, &e->secs.data[i]);
  e->obj = NULL;
  return img;
}

bool elf_image_write(FILE *out, const ElfImage *img) {
  const Elf *e = &img->e;
  uint64_t pos = 0;
  bool ok = write_bytes(out, img->head.data, img->head.len, &pos);
  for (uint32_t i = 1; ok && i < e->secs.len; i++) {
    const OutSec *s = &e->secs.data[i];
    if (s->type == SHT_NOBITS || s->size == 0)
      continue;
    ok = write_zeros(out, s->offset - pos, &pos);
    const char *data = s->use_own ? s->own.data : s->src->bytes.data;
    size_t have = s->use_own ? s->own.len : s->src->bytes.len;
    if (ok)
      ok = write_bytes(out, data, have, &pos);
    if (ok && s->size > have) /* BPF alignment padding */
      ok = write_zeros(out, s->size - have, &pos);
  }
  if (ok)
    ok = write_zeros(out, img->shoff - pos, &pos);
  if (ok)
    ok = write_bytes(out, img->shdrs.data, img->shdrs.len, &pos);
  if (fflush(out) != 0 || ferror(out))
    ok = false;
  return ok;
}

void elf_image_free(ElfImage *img) {
  if (!img)
    return;
  Elf *e = &img->e;
  for (size_t i = 0; i < e->secs.len; i++) {
    buf_free(&e->secs.data[i].own);
    free(e->secs.data[i].owned_name);
  }
  vec_free(&e->secs);
  vec_free(&e->names);
  free(e->slots);
  vec_free(&e->groups);
  free(e->gslots);
  free(e->sec_of_src);
  buf_free(&img->head);
  buf_free(&img->shdrs);
  free(img);
}

bool elf_write(FILE *out, const ObjFile *obj) {
  ElfImage *img = elf_image_new(obj);
  bool ok = elf_image_write(out, img);
  elf_image_free(img);
  return ok;
}
