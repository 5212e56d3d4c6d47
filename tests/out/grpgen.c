/* Builds an object with COMDAT section groups, as -fdebug-types-section
   makes them, and writes it as assembler text or as an ELF object, so
   tests/out/groups.sh can compare what GAS makes of the text with what
   elf_write makes directly.

   usage: grpgen TARGET MODE OUT
     TARGET  x86_64 | bpf | bpfeb
     MODE    asm (no comments) | asm-dA | elf

   Sections, in this order:
     .debug_abbrev         labels .Ldebug_abbrev0, .Labbrev1, nameless
     .debug_info  wi.1...  a DWARF 5 type unit; the first .debug_info, so
                           the bare name ".debug_info" and the symbol
                           first_info, placed in ".debug_info", mean it
     .debug_info           the compile unit: references to labels of the
                           grouped sections and to ".debug_info"
     .debug_info  wi.2...  a second type unit
     .debug_types wt.3...  a DWARF 4 type unit
     .debug_str   wi.2...  "MS" strings, a second member of group wi.2,
                           without relocations
     .data.cvar   cvar     allocated; its signature is the global symbol
                           defined in it (a GCC comdat variable)
     .data        gdata    grouped, so not GAS's standard .data
     .debug_line           so GAS does not make one of its own  */
#include "elf/section.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool keep_items, annotate;

static Section *new_section(ObjFile *obj, const char *name, uint64_t flags,
                            uint32_t align, const char *group) {
  Section *s = section_new(name, SEC_PROGBITS, flags, align, keep_items,
                           annotate);
  if (group) {
    /* The signature is copied: pass a temporary buffer.  */
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%s", group);
    section_set_group(s, tmp);
    memset(tmp, 'X', sizeof tmp - 1);
  }
  vec_push(&obj->sections, s);
  return s;
}

/* A DWARF 5 type unit header and a DIE that refers to its own type.  */
static void type_unit(Section *s, const char *label, const char *die,
                      uint64_t signature) {
  sec_label(s, label);
  uint32_t len_at = sec_offset(s);
  sec_data(s, 4, 0, "Length of Compilation Unit Info");
  sec_data(s, 2, 5, "DWARF version number");
  sec_data(s, 1, 2, "DW_UT_type");
  sec_data(s, 1, 8, "Pointer Size (in bytes)");
  sec_symref(s, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
  sec_data(s, 8, signature, "Type Signature");
  sec_data(s, 4, 0x1c, "Offset to Type in Type Unit");
  sec_label(s, die);
  sec_uleb(s, 1, "(DIE (0x1c) DW_TAG_type_unit)");
  sec_symref(s, 4, die, 0, "DW_AT_type");
  sec_symref(s, 4, ".Labbrev1", 2, "label + addend");
  sec_data(s, 1, 0, "end of children");
  sec_patch(s, len_at, 4, sec_offset(s) - len_at - 4);
}

static void build(ObjFile *obj) {
  Section *abbrev = new_section(obj, ".debug_abbrev", 0, 1, NULL);
  sec_label(abbrev, ".Ldebug_abbrev0");
  sec_uleb(abbrev, 1, "(abbrev code)");
  sec_uleb(abbrev, 0x41, "(TAG: DW_TAG_type_unit)");
  sec_label(abbrev, ".Labbrev1");
  sec_data(abbrev, 1, 0, NULL);
  sec_data(abbrev, 1, 0, NULL);
  sec_data(abbrev, 1, 0, NULL);

  Section *tu1 = new_section(obj, ".debug_info", 0, 1, "wi.996e67f7fe6872da");
  type_unit(tu1, ".Ltu1", ".Ltu1_die", 0x996e67f7fe6872daULL);
  sec_symref(tu1, 4, ".debug_info", 4, "bare name: the first .debug_info");
  sec_symref(tu1, 8, "ext_sym", 0, "undefined");
  /* A symbol's section by name: the first .debug_info.  */
  ObjSymbol first = {.name = "first_info", .section = ".debug_info", .value = 4, .size = 0,
                   .global = false, .object = false, .func = false};
  vec_push(&obj->symbols, first);

  Section *cu = new_section(obj, ".debug_info", 0, 1, NULL);
  sec_label(cu, ".Ldebug_info0");
  sec_data(cu, 4, 0, "Length");
  sec_symref(cu, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
  sec_symref(cu, 4, ".Ltu2_die", 0, "label in group wi.2");
  sec_symref(cu, 4, ".Ldebug_info0", 4, "own label");
  sec_symref(cu, 8, "cvar", 0, "DW_AT_location");
  sec_symref(cu, 4, ".debug_line", 0, "DW_AT_stmt_list");

  Section *tu2 = new_section(obj, ".debug_info", 0, 1, "wi.00000000000000aa");
  type_unit(tu2, ".Ltu2", ".Ltu2_die", 0xaa);
  sec_symref(tu2, 4, ".Ldebug_info0", 0, "label in the ungrouped one");
  sec_symref(tu2, 4, ".LASF0", 0, "DW_AT_name");

  Section *tt = new_section(obj, ".debug_types", 0, 1, "wt.0123456789abcdef");
  sec_label(tt, ".Ldebug_types0");
  sec_data(tt, 4, 19, "Length of Type Unit Info");
  sec_data(tt, 2, 4, "DWARF version number");
  sec_symref(tt, 4, ".Ldebug_abbrev0", 0, "Offset Into Abbrev. Section");
  sec_data(tt, 1, 8, "Pointer Size (in bytes)");
  sec_data(tt, 8, 0x0123456789abcdefULL, "Type Signature");
  sec_data(tt, 4, 0x17, "Offset to Type in Type Unit");
  sec_data(tt, 1, 0, NULL);

  Section *str = new_section(obj, ".debug_str",
                             SEC_FLAG_MERGE | SEC_FLAG_STRINGS, 1,
                             "wi.00000000000000aa");
  sec_label(str, ".LASF0");
  sec_string(str, "grouped", 7, "in group wi.2");

  Section *data = new_section(obj, ".data.cvar",
                              SEC_FLAG_ALLOC | SEC_FLAG_WRITE, 8, "cvar");
  ObjSymbol cvar = {.name = "cvar", .section = ".data.cvar", .value = 0, .size = 8,
                   .global = true, .object = true, .func = false};
  vec_push(&obj->symbols, cvar);
  sec_data(data, 8, 42, NULL);

  /* A grouped ".data" is not GAS's standard .data.  */
  Section *gd = new_section(obj, ".data", SEC_FLAG_ALLOC | SEC_FLAG_WRITE, 4,
                            "gdata");
  sec_data(gd, 4, 7, NULL);

  Section *line = new_section(obj, ".debug_line", 0, 1, NULL);
  sec_data(line, 4, 0, NULL);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: grpgen TARGET MODE OUT\n");
    return 2;
  }
  Compilation *c = ctx_new();
  ctx_enter(c);
  const char *tgt = argv[1], *mode = argv[2];
  if (strcmp(tgt, "x86_64") == 0)
    ctx_current->target.arch = ARCH_X86_64;
  else if (strcmp(tgt, "bpf") == 0 || strcmp(tgt, "bpfeb") == 0)
    ctx_current->target.arch = ARCH_BPF;
  else
    return 2;
  ctx_current->target.big_endian = strcmp(tgt, "bpfeb") == 0;
  bool elf = strcmp(mode, "elf") == 0;
  keep_items = !elf;
  annotate = strcmp(mode, "asm-dA") == 0;

  ObjFile obj = {0};
  obj.source_name = "grp.c";
  build(&obj);

  FILE *out = fopen(argv[3], "wb");
  if (!out) {
    perror(argv[3]);
    return 1;
  }
  bool ok = elf ? elf_write(out, &obj) : asm_write(out, &obj);
  if (fclose(out) != 0)
    ok = false;
  obj_free(&obj);
  ctx_free(c);
  return ok ? 0 : 1;
}
