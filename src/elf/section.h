/* One builder for every output section: bytes in target byte order, plus
   (when assembler text is wanted) the items that produced them, each with
   its GCC-style -dA comment.  Two renderers read it: GNU assembler text
   (asm.c) and an ELF64 relocatable object (elf.c).

   Comments are only formatted when the section is annotated (-dA), so the
   object-file path pays nothing for them.  */
#ifndef BTFCC_SECTION_H
#define BTFCC_SECTION_H

#include "../util/binary.h"
#include "../util/ctx.h"
#include <string.h>

typedef enum {
  ITEM_DATA,   /* fixed-size integer of size 1, 2, 4 or 8 */
  ITEM_ULEB,   /* unsigned LEB128 */
  ITEM_SLEB,   /* signed LEB128 */
  ITEM_STRING, /* bytes plus terminating NUL */
  ITEM_SYMREF, /* fixed-size reference to a symbol (needs a relocation) */
  ITEM_LABEL,  /* a local label at this offset (no bytes) */
  ITEM_COMMENT,/* a -dA comment alone on its line (no bytes), as GCC writes
                  for attributes whose value lives in the abbreviation */
} SecItemKind;

typedef struct SecItem {
  uint8_t kind;   /* SecItemKind */
  uint8_t size;   /* bytes, for DATA and SYMREF */
  uint32_t offset; /* byte offset in the section */
  uint64_t value; /* DATA/ULEB/SLEB value, SYMREF addend */
  const char *sym;     /* SYMREF symbol or LABEL name */
  const char *comment; /* -dA comment or NULL */
  uint32_t str_len;    /* STRING: length without the NUL */
} SecItem;

typedef struct SecReloc {
  uint32_t offset;
  uint8_t size;
  uint32_t type;  /* 0: the target's data relocation of SIZE bytes; else
                     the ELF relocation type (BPF instruction relocations,
                     whose in-place addend Section.store_addend writes) */
  const char *sym;
  int64_t addend;
} SecReloc;

/* A label defined in a section (recorded whether or not items are kept,
   so the object writer can resolve references to it).  */
typedef struct SecLabel {
  const char *name;
  uint32_t offset;
} SecLabel;

typedef struct Section {
  const char *name;  /* ".BTF" */
  uint32_t sh_type;  /* SHT_PROGBITS ... */
  uint64_t sh_flags; /* SHF_* */
  uint32_t align;
  uint32_t entsize;
  const char *group; /* COMDAT group signature, NULL = not in a group */
  bool before_text;  /* assembler text: written before the opening .text,
                        as GCC writes what it emits at early finish (.ctf) */
  Buf bytes;       /* contents; empty in a SEC_NOBITS section */
  uint64_t nobits_size; /* SEC_NOBITS: the size, which has no bytes
                           and no items (sec_reserve) */
  bool keep_items; /* record items (needed for assembler output) */
  bool annotate;   /* format -dA comments */
  VEC(SecItem) items;
  VEC(SecReloc) relocs;
  VEC(SecLabel) labels;
  Arena arena; /* copies of comments and symbol names */
  const char *last_sym; /* the last symbol name copied (sec_symref) */
  /* Write ADDEND in place at AT for a relocation of TYPE (REL targets;
     set by producers of SecRelocs with a type).  */
  void (*store_addend)(uint8_t *at, uint32_t type, int64_t addend);
  /* Code sections: their whole body as assembler text (instructions,
     labels and the directives of their symbols), which asm_write prints
     instead of items.  Heap memory, freed with the section.  */
  char *text;
} Section;

/* ELF section types and flags used by the writers.  */
enum { SEC_PROGBITS = 1, SEC_NOTE = 7, SEC_NOBITS = 8 };
enum { SEC_FLAG_WRITE = 1, SEC_FLAG_ALLOC = 2, SEC_FLAG_EXEC = 4,
       SEC_FLAG_MERGE = 0x10, SEC_FLAG_STRINGS = 0x20, SEC_FLAG_TLS = 0x400 };

/* ALIGN is in bytes (a power of two; 0 means 1).  A SEC_FLAG_MERGE
   section starts with entsize 1 (GCC's "MS" string sections); set
   s->entsize afterwards for other element sizes.  Comments and symbol
   names passed to the sec_* calls are copied, so callers may pass
   temporary buffers; NAME itself must outlive the section.  */
Section *section_new(const char *name, uint32_t sh_type, uint64_t sh_flags,
                     uint32_t align, bool keep_items, bool annotate);
void section_free(Section *s);

/* Make S a member of the COMDAT group SIGNATURE (copied into the
   section's arena), as GCC's `.section NAME,"G",@progbits,SIG,comdat`
   does for DWARF type units.  Several sections may then share a name:
   sections of the same name in different groups (or one in none) are
   different sections.  A reference by section name (sec_symref,
   ObjSymbol.section) to a name several sections share means the first of
   them, as in GAS, so give grouped sections labels and refer to those.
   SIGNATURE should be a name of its own (GAS makes it a local symbol
   in the group's .group section); if it is a symbol or a label without
   ".L", that symbol becomes the group's signature symbol instead.  */
void section_set_group(Section *s, const char *signature);

uint32_t sec_offset(const Section *s);
/* The section's size: its bytes, or a SEC_NOBITS section's reservation.  */
uint64_t sec_size(const Section *s);
/* Reserve SIZE bytes aligned to ALIGN at the end of the SEC_NOBITS
   section S, returning their offset: a NOBITS section holds no bytes, so
   an object of any size costs nothing here, and the writers print the
   space between its symbols as `.zero N`.  */
uint64_t sec_reserve(Section *s, uint64_t size, uint32_t align);

/* sec_data (below) is an integer of SIZE bytes (1, 2, 4 or 8) in target
   byte order; comment may be NULL.  sec_dataf: the same, with a
   printf-style comment formatted only when annotating.  Object output
   appends in place; these are the paths that keep assembler items.  */
void sec_data_item(Section *s, unsigned size, uint64_t value, const char *comment);
void sec_dataf_item(Section *s, unsigned size, uint64_t value, const char *fmt, ...)
    PRINTF_LIKE(4, 5);
_Noreturn void sec_bad_size(const Section *s, unsigned size);
static inline bool sec_valid_size(unsigned size) {
  return size == 1 || size == 2 || size == 4 || size == 8;
}
void sec_uleb(Section *s, uint64_t value, const char *comment);
void sec_sleb(Section *s, int64_t value, const char *comment);
/* LEN bytes of STR plus a NUL.  */
void sec_string(Section *s, const char *str, size_t len, const char *comment);
void sec_stringf(Section *s, const char *str, size_t len, const char *fmt, ...)
    PRINTF_LIKE(4, 5);
/* SIZE-byte reference to SYM (+ addend), resolved by the linker.  SYM
   may be a symbol, a label of any section or a section name.  The bytes
   stay 0 here; elf_write stores what the relocation format needs.  */
void sec_symref(Section *s, unsigned size, const char *sym, int64_t addend,
                const char *comment);
void sec_label(Section *s, const char *label);
/* A relocation of ELF type TYPE at OFFSET to SYM + ADDEND (the addend
   written in place by s->store_addend).  */
void sec_reloc(Section *s, uint32_t offset, uint32_t type, const char *sym,
               int64_t addend);
/* A comment line with no data ("\t\t\t# DW_AT_external"), printf-style;
   nothing at all unless annotating.  */
void sec_commentf(Section *s, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* Raw appending, for writers that emit many plain values into a section
   without assembler items (keep_items false): sec_tail returns room for
   at least MAX more bytes at the end (valid until the next call on S),
   sec_commit then counts the N bytes written there.  sec_store writes
   SIZE bytes of VALUE in target byte order.  */
static inline uint8_t *sec_tail(Section *s, size_t max) {
  if (s->bytes.len + max + 1 > s->bytes.cap)
    buf_reserve(&s->bytes, max);
  return (uint8_t *)s->bytes.data + s->bytes.len;
}
static inline void sec_commit(Section *s, size_t n) { s->bytes.len += n; }
static inline void sec_store(uint8_t *p, unsigned size, uint64_t value) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  /* The common case, target and host little-endian: plain copies.  */
  if (!ctx_current->target.big_endian) {
    switch (size) {
    case 1: *p = (uint8_t)value; return;
    case 2: { uint16_t v = (uint16_t)value; memcpy(p, &v, 2); return; }
    case 4: { uint32_t v = (uint32_t)value; memcpy(p, &v, 4); return; }
    case 8: memcpy(p, &value, 8); return;
    }
  }
#endif
  store_uint(p, size, ctx_current->target.big_endian, value);
}

static inline void sec_data(Section *s, unsigned size, uint64_t value,
                            const char *comment) {
  if (s->keep_items) {
    sec_data_item(s, size, value, comment);
    return;
  }
  if (!sec_valid_size(size))
    sec_bad_size(s, size);
  sec_store(sec_tail(s, size), size, value);
  sec_commit(s, size);
}
/* A macro, so that without items the comment's arguments are not even
   evaluated (writers call this for every word of BTF).  */
#define sec_dataf(s, size, value, ...)                                         \
  ((s)->keep_items ? sec_dataf_item((s), (size), (value), __VA_ARGS__)         \
                   : sec_data((s), (size), (value), NULL))

/* Overwrite a DATA value already emitted at OFFSET (for back-patching
   lengths); also updates the recorded item.  */
void sec_patch(Section *s, uint32_t offset, unsigned size, uint64_t value);

/* A symbol of the object file: defined (in a section) or undefined.
   The writers place a defined symbol's label themselves (asm_write prints
   `.globl`/`.type`/`.size` and `name:` at VALUE, which must fall on an
   item boundary), so do not also sec_label it.  A reference to a name
   that is neither a symbol, a label nor a section becomes an undefined
   global, as with GAS.  */
typedef struct ObjSymbol {
  const char *name;
  const char *section; /* NULL for undefined; the first ObjFile section of
                          that name when several share it */
  uint64_t value;
  uint64_t size;
  bool global;
  bool weak;   /* STB_WEAK (a weak definition or reference) */
  bool hidden; /* STV_HIDDEN (visibility("hidden")) */
  bool object; /* STT_OBJECT (else STT_NOTYPE / STT_FUNC) */
  bool func;
} ObjSymbol;

/* The producer string of `.ident` and of the ELF .comment section.  Not
   "GCC: (...) x.y.z": tools that parse that form would take btfcc for a
   GCC of version 0.1.0.  */
#define BTFCC_IDENT "btfcc " BTFCC_VERSION

typedef struct ObjFile {
  const char *source_name; /* for .file and STT_FILE (directories dropped) */
  const char *ident;       /* NULL: BTFCC_IDENT */
  VEC(Section *) sections;
  VEC(ObjSymbol) symbols;
} ObjFile;

/* Free the sections (section_free) and both vectors; names stay the
   caller's.  */
void obj_free(ObjFile *obj);

/* Renderers.  Both return false (with errno set) on write failure.
   asm_write needs sections built with keep_items.  elf_write lays the
   object out as GAS does for the same assembler text: one .group section
   per COMDAT group (in the order of their first members), .text, .data
   and .bss, the ObjFile's sections, each relocation section right after
   its section, then .comment, .note.GNU-stack (x86-64), .symtab, .strtab,
   .shstrtab.  */
bool asm_write(FILE *out, const ObjFile *obj);
bool elf_write(FILE *out, const ObjFile *obj);

/* elf_write in two steps, for a writer on another thread: elf_image_new
   does everything that reads the ObjFile's names and the compilation
   (symbols, relocations, string tables, layout, the ELF and section
   headers); elf_image_write then only writes bytes: the image's and the
   sections' (heap memory, which obj_free frees: keep the ObjFile until
   the write is done, but not the compilation).  */
typedef struct ElfImage ElfImage;
ElfImage *elf_image_new(const ObjFile *obj);
bool elf_image_write(FILE *out, const ElfImage *img);
void elf_image_free(ElfImage *img);

#endif
