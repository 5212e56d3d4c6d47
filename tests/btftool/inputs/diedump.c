/* Prints every DIE of a DWARF file through the reader API (dwarf_read.h)
   as "OFFSET TAG 'NAME' ATTRIBUTES...", the way dwarf_oracle.py prints
   llvm-dwarfdump's view of it, for tests/btftool/dwarf.sh.  */
#include "dwarf/dwarf_read.h"

static void print_die(const DwarfFile *f, uint32_t die) {
  const DwarfDie *d = &f->dies[die];
  const char *tag = dwarf_name_of_tag(d->tag);
  const char *name = dwarf_die_name(f, die);
  printf("0x%llx ", (unsigned long long)d->offset);
  if (tag)
    printf("%s", tag);
  else
    printf("DW_TAG_unknown_%x", d->tag);
  if (name)
    printf(" '%s'", name);
  else
    printf(" (anon)");
  DwarfAttr attrs[256];
  size_t n = dwarf_die_attrs(f, die, attrs, 256);
  for (size_t i = 0; i < n && i < 256; i++) {
    const char *at = dwarf_name_of_attr(attrs[i].name);
    if (at)
      printf(" %s", at);
    else
      printf(" DW_AT_unknown_%x", attrs[i].name);
  }
  printf("\n");
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: diedump FILE\n");
    return 2;
  }
  DwarfError err;
  DwarfFile *f = dwarf_open_path(argv[1], &err);
  if (!f) {
    fprintf(stderr, "diedump: %s: %s\n", argv[1], err.msg);
    return 1;
  }
  for (uint32_t i = 0; i < f->ndies; i++)
    print_die(f, i);
  dwarf_close(f);
  return 0;
}
