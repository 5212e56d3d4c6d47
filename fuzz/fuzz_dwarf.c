/* libFuzzer target: arbitrary bytes through the DWARF reader, both as an
   ELF object (relocations, section groups) and as raw .debug_info /
   .debug_abbrev / .debug_str bytes cut from the input, then every query
   btftool annotations makes.  Nothing may crash, hang or read out of
   bounds; a successful open must answer every query.  The ELF file is
   also read a unit at a time (dwarf_open_elf_outline, dwarf_read_units,
   as btftool encode reads a kernel): when every unit reads, the whole
   file must, with as many DIEs, and each unit's DIE at each offset
   must be the whole file's.  */
#include "../src/dwarf/dwarf_read.h"

#include <stdlib.h>

enum { MAX_ATTRS = 64, MAX_ANNOTATIONS = 64 };

/* Walk everything an opened file offers.  */
static void query_all(const DwarfFile *f) {
  DwarfAttr attrs[MAX_ATTRS];
  DwarfAnnotation annots[MAX_ANNOTATIONS];
  for (uint32_t d = 0; d < f->ndies; d++) {
    size_t n = dwarf_die_attrs(f, d, attrs, MAX_ATTRS);
    (void)n;
    (void)dwarf_die_name(f, d);
    (void)dwarf_die_first_child(f, d);
    if (dwarf_die_is_annotated(f, d)) {
      size_t k = dwarf_die_annotations(f, d, annots, MAX_ANNOTATIONS);
      if (k == 0)
        abort(); /* annotated but no annotation */
    }
  }
}

/* Read F's units apart, one at a time from OUTLINE; abort when they all
   read but F (the whole file, NULL when it did not) does not agree.  */
static void unit_by_unit(const DwarfFile *outline, const DwarfFile *f) {
  uint32_t dies = 0;
  if (f && f->nunits != outline->nunits)
    abort();
  for (uint32_t u = 0; u < outline->nunits; u++) {
    DwarfError err;
    DwarfFile *one = dwarf_read_units(outline, u, u + 1, &err);
    if (!one)
      return; /* encode reads the whole file then, for the message */
    for (uint32_t d = 0; d < one->ndies; d++)
      if (dwarf_unit_die_at(one, 0, one->dies[d].offset) != d ||
          dwarf_die_at(one, one->units[0].section, one->dies[d].offset) != d)
        abort();
    if (f) {
      const DwarfUnit *whole = &f->units[u];
      if (one->ndies != whole->die_count)
        abort();
      for (uint32_t d = 0; d < one->ndies; d++)
        if (f->dies[whole->first_die + d].offset != one->dies[d].offset)
          abort();
    }
    query_all(one);
    dies += one->ndies;
    dwarf_close(one);
  }
  if (!f || dies != f->ndies)
    abort(); /* every unit read: so must the whole file */
}

static void as_elf(const uint8_t *data, size_t size) {
  ElfError eerr;
  ElfFile *elf = elf_open(data, size, &eerr);
  if (!elf)
    return;
  DwarfError err;
  DwarfFile *f = dwarf_open_elf(elf, &err);
  if (f)
    query_all(f);
  DwarfFile *outline = dwarf_open_elf_outline(elf, &err);
  if (outline)
    unit_by_unit(outline, f);
  else if (f)
    abort(); /* the whole file read, its unit headers must */
  dwarf_close(outline);
  dwarf_close(f);
  elf_close(elf);
}

/* The first bytes say how to cut the rest into sections.  */
static void as_sections(const uint8_t *data, size_t size) {
  if (size < 4)
    return;
  size_t rest = size - 4;
  size_t info = rest * data[0] / 255, abbrev = (rest - info) * data[1] / 255;
  size_t str = rest - info - abbrev;
  DwarfRawSections raw = {0};
  raw.big_endian = data[2] & 1;
  const uint8_t *p = data + 4;
  raw.info = p;
  raw.info_size = info;
  raw.abbrev = p + info;
  raw.abbrev_size = abbrev;
  raw.str = p + info + abbrev;
  raw.str_size = str;
  if (data[3] & 1) { /* the same bytes as .debug_types */
    raw.types = raw.info;
    raw.types_size = raw.info_size;
  }
  DwarfError err;
  DwarfFile *f = dwarf_open_sections(&raw, &err);
  if (f) {
    query_all(f);
    dwarf_close(f);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  as_elf(data, size);
  as_sections(data, size);
  return 0;
}
