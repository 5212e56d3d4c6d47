/* A DWARF reader: the DIE trees of .debug_info (DWARF 2 to 5, every unit
   type) and .debug_types (DWARF 4 type units), with their attributes,
   from ELF objects of either class and byte order, relocatable ones
   included (their relocations are applied first).

   dwarf_open_* reads and validates everything once: unit headers,
   abbreviation tables, every attribute of every DIE (form, length,
   string offsets, reference targets) and the btf tag annotations (GCC's
   DW_TAG_GNU_annotation chains must end, and only at annotation DIEs).
   After a successful open no query can fail.

   Errors are one line naming the section and offset, for example
   ".debug_info+0x2e: DW_AT_name (DW_FORM_strp): offset 0x99 is past the
   end of .debug_str (size 0x40)".  When several ELF sections share a
   name (type units in COMDAT groups), the name carries the ELF section
   index: ".debug_info[6]+0x2e".  */
#ifndef BTFCC_DWARF_READ_H
#define BTFCC_DWARF_READ_H

#include "../elf/elf_read.h"
#include "../util/binary.h"
#include "dwarf_consts.h"

/* The DW_* numbers themselves are not defined here, so that this header
   and dwarf_consts.h (the writer's) can be used together.  */

/* "No DIE" in the index fields below.  */
#define DWARF_NO_DIE UINT32_MAX

/* What is wrong and where (binary.h).  */
typedef ReadError DwarfError;

/* A section holding units: .debug_info or .debug_types.  */
typedef struct DwarfSection {
  char label[48];      /* its name in messages: ".debug_info", ".debug_info[6]" */
  bool is_types;       /* .debug_types */
  const uint8_t *data; /* contents, relocated */
  uint64_t size;
  uint32_t first_die;  /* its DIEs: dies[first_die .. first_die + die_count) */
  uint32_t die_count;
} DwarfSection;

typedef struct DwarfUnit {
  uint32_t section;         /* index into DwarfFile.sections */
  uint64_t offset;          /* of the unit header, in its section */
  uint64_t end;             /* first byte after the unit */
  uint16_t version;         /* 2 to 5 */
  uint8_t unit_type;        /* DW_UT_*: DWARF 2-4 .debug_info units count as
                               DW_UT_compile, .debug_types units as
                               DW_UT_type */
  uint8_t address_size;
  uint8_t offset_size;      /* 4 (32-bit DWARF) or 8 (64-bit DWARF) */
  uint64_t abbrev_offset;   /* in .debug_abbrev */
  uint64_t signature;       /* type units: the type signature */
  uint64_t type_offset;     /* type units: section offset of the type DIE */
  uint64_t dwo_id;          /* skeleton and split compile units */
  uint64_t str_offsets_base; /* for the strx forms */
  uint32_t first_die;       /* its DIEs, the unit DIE first */
  uint32_t die_count;
  bool is_type_unit;        /* DW_UT_type or DW_UT_split_type */
} DwarfUnit;

/* DIEs are numbered in section order, depth first, so a DIE's children
   and their descendants follow it directly.  A kernel image has tens of
   millions of them, so a DIE takes 24 bytes: its offset fits in 32 bits
   (a section over 4 GiB is refused) and the rare DW_AT_GNU_annotation
   links are kept apart (dwarf_die_annotations).  */
typedef struct DwarfDie {
  uint32_t offset;     /* in its section */
  uint32_t unit;       /* index into DwarfFile.units */
  uint32_t parent;     /* DIE index, DWARF_NO_DIE for a unit DIE */
  uint32_t sibling;    /* next DIE with the same parent, or DWARF_NO_DIE */
  uint32_t abbrev;     /* reader-internal */
  uint16_t tag;        /* DW_TAG_* */
  bool has_children;
} DwarfDie;

/* One attribute value.  References are resolved to section offsets; the
   string forms to their text; block, exprloc and data16 values point at
   their bytes.  */
typedef struct DwarfAttr {
  uint16_t name;        /* DW_AT_* */
  uint16_t form;        /* DW_FORM_*, the real one for DW_FORM_indirect */
  uint64_t offset;      /* where the value starts, in the DIE's section */
  uint64_t u;           /* constants (raw bits), flags, addresses, indexes,
                           section offsets; references: the target's
                           offset in its section (DW_FORM_ref_sig8: the
                           signature) */
  int64_t s;            /* sdata, implicit_const; data1-8 sign-extended */
  const uint8_t *block; /* block*, exprloc, data16: the bytes */
  uint64_t len;         /* their count */
  const char *str;      /* string forms; NULL when the string lives in
                           another file (strp_sup, GNU_strp_alt) */
} DwarfAttr;

/* Where the annotations of a DIE come from.  */
typedef struct DwarfAnnotation {
  uint32_t die;      /* the DW_TAG_GNU_annotation or DW_TAG_LLVM_annotation */
  const char *name;  /* its DW_AT_name ("btf_decl_tag", "btf_type_tag"),
                        NULL if it has none */
  const char *value; /* its DW_AT_const_value string, NULL if it is not a
                        string */
  bool has_number;   /* DW_AT_const_value is a constant: ... */
  int64_t number;    /* ... this one */
} DwarfAnnotation;

typedef struct DwarfFile {
  bool big_endian;
  uint32_t nsections;
  DwarfSection *sections;
  uint32_t nunits;
  DwarfUnit *units;
  uint32_t ndies;
  DwarfDie *dies;
  /* Counts over the whole file.  */
  uint32_t gnu_annotation_dies;  /* DW_TAG_GNU_annotation DIEs */
  uint32_t gnu_annotation_attrs; /* DW_AT_GNU_annotation attributes */
  uint32_t llvm_annotation_dies; /* DW_TAG_LLVM_annotation DIEs */
  bool crosses_units;            /* a DIE refers to one of another unit
                                    (DW_FORM_ref_addr, or a
                                    DW_AT_GNU_annotation link) */
  struct DwarfPrivate *priv;
} DwarfFile;

/* The sections of a DWARF file as plain bytes, already relocated: for
   input that is not an ELF file (and for fuzzing).  Absent ones have
   size 0.  */
typedef struct DwarfRawSections {
  const uint8_t *info, *types, *abbrev, *str, *line_str, *str_offsets;
  size_t info_size, types_size, abbrev_size, str_size, line_str_size,
      str_offsets_size;
  bool big_endian;
} DwarfRawSections;

/* Read the DWARF of an ELF file.  ELF must stay alive (and its bytes)
   as long as the result; its symbol table is read when relocations need
   it.  Returns NULL and fills err if the DWARF (or the ELF around it) is
   malformed, or if there is no .debug_info or .debug_types section.  */
DwarfFile *dwarf_open_elf(ElfFile *elf, DwarfError *err);

/* The same from raw section bytes, which must outlive the result.  */
DwarfFile *dwarf_open_sections(const DwarfRawSections *raw, DwarfError *err);

/* Read the file at PATH ("-": standard input), which must be ELF.  The
   result owns the file's bytes.  */
DwarfFile *dwarf_open_path(const char *path, DwarfError *err);

void dwarf_close(DwarfFile *f);

/* Reading a large file a range of units at a time, so that no DIE
   index of the whole file is ever built (a kernel image's is half a
   gigabyte): dwarf_open_elf_outline reads the sections and the unit
   headers only (the units have no DIEs; F answers no DIE query), and
   dwarf_read_units reads and checks units [FIRST, END) of OUTLINE as
   dwarf_open_elf reads a whole file, into a file of their own (units
   and DIEs numbered from 0 there; the sections, strings and bytes are
   OUTLINE's, which must outlive it; close it with dwarf_close).  It
   fails where dwarf_open_elf would, and also on a reference to a DIE
   outside the range.  Both may run on several threads at once.  */
DwarfFile *dwarf_open_elf_outline(ElfFile *elf, DwarfError *err);
DwarfFile *dwarf_read_units(const DwarfFile *outline, uint32_t first, uint32_t end,
                            DwarfError *err);

/* The section bytes of units [FIRST, END) of F (one section's, mapped
   from a file, not a relocated copy) will not be read again: their
   pages are given back to the system (whole pages only; a mapped file's
   pages read in again if they are).  */
void dwarf_discard_bytes(const DwarfFile *f, uint32_t first, uint32_t end);

/* Free F's DIE index, the bulk of a large file's reading (a kernel
   image has millions of DIEs): after this F answers no query and has
   no DIEs, but the strings queries returned (they point into the
   sections) stay valid until dwarf_close.  For a reader done with the
   DIEs whose results keep those strings.  */
void dwarf_release_dies(DwarfFile *f);

/* DIEs [FIRST, END) will not be asked about again (a batch of units
   loaded, in a file that does not cross units): the memory of their
   entries is given back to the system, whole pages only; the entries
   read as zeros after this.  The rest of F is untouched, so threads
   working on other DIEs need no lock.  */
void dwarf_discard_dies(const DwarfFile *f, uint32_t first, uint32_t end);

/* Decode the attributes of DIE into OUT (at most MAX of them), in the
   order of its abbreviation.  Returns how many it has.  */
size_t dwarf_die_attrs(const DwarfFile *f, uint32_t die, DwarfAttr *out,
                       size_t max);

/* The first attribute NAME of DIE into *out; false if it has none.  */
bool dwarf_die_attr(const DwarfFile *f, uint32_t die, uint16_t name,
                    DwarfAttr *out);

/* DW_AT_name of DIE when it is a string, else NULL.  */
const char *dwarf_die_name(const DwarfFile *f, uint32_t die);

/* The first child of DIE, or DWARF_NO_DIE.  */
uint32_t dwarf_die_first_child(const DwarfFile *f, uint32_t die);

/* The DIE at OFFSET of section SECTION, or DWARF_NO_DIE.  */
uint32_t dwarf_die_at(const DwarfFile *f, uint32_t section, uint64_t offset);

/* The DIE at OFFSET (in its section) among the DIEs of unit UNIT, or
   DWARF_NO_DIE: for unit-relative references, a search among thousands
   of DIEs instead of millions.  */
uint32_t dwarf_unit_die_at(const DwarfFile *f, uint32_t unit, uint64_t offset);

/* Whether DIE carries annotations (DW_AT_GNU_annotation, or
   DW_TAG_LLVM_annotation children) and is not an annotation itself.  */
bool dwarf_die_is_annotated(const DwarfFile *f, uint32_t die);

/* The annotations of DIE, in order: GCC's chain (from its
   DW_AT_GNU_annotation through each annotation's own), then clang's
   DW_TAG_LLVM_annotation children.  Writes at most MAX of them to OUT
   and returns how many there are.  */
size_t dwarf_die_annotations(const DwarfFile *f, uint32_t die,
                             DwarfAnnotation *out, size_t max);

/* Names of DWARF numbers: dwarf_name_of_tag and the others in
   dwarf_consts.h.  */

/* What a unit is, in words: "compile unit", "type unit", "partial
   unit", "skeleton unit", "split compile unit", "split type unit".  */
const char *dwarf_unit_kind(const DwarfUnit *u);

#endif
