/* Builds one small object with the section builder and writes it as
   assembler text or as an ELF object, so tests/out/objects.sh can compare
   what GAS makes of the text with what elf_write makes directly.

   usage: objgen TARGET MODE FLAVOUR OUT
     TARGET  x86_64 | bpf | bpfeb
     MODE    asm (no comments) | asm-dA | elf
     FLAVOUR full (every section kind below) | mini (only .BTF)

   Sections of the full object:
     .BTF            a valid BTF blob: header, INT 'int', string table,
                     lengths back-patched with sec_patch
     .debug_str      "MS" strings with odd bytes, long strings, labels
     .refs           data of every size, LEB128s, references to labels,
                     sections, local, global and undefined symbols
     .data.vars      allocated, 8-aligned, with a global, a static and a
                     plain local label
     .rodata.str1.1  "aMS" strings
     .bss.z          @nobits  */
#include "elf/section.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool keep_items, annotate;

static Section *new_section(ObjFile *obj, const char *name, uint32_t type,
                            uint64_t flags, uint32_t align) {
  Section *s = section_new(name, type, flags, align, keep_items, annotate);
  vec_push(&obj->sections, s);
  return s;
}

static void build_btf(ObjFile *obj) {
  Section *s = new_section(obj, ".BTF", SEC_PROGBITS, 0, 1);
  sec_label(s, ".Lbtf0");
  sec_data(s, 2, 0xeb9f, "btf_magic");
  sec_data(s, 1, 1, "btf_version");
  sec_data(s, 1, 0, "btf_flags");
  sec_data(s, 4, 24, "btf_hdr_len");
  sec_data(s, 4, 0, "type_off");
  uint32_t type_len_at = sec_offset(s);
  sec_dataf(s, 4, 0, "type_len: ntypes=%u, vlen=%u", 1u, 4u);
  sec_data(s, 4, 16, "str_off");
  uint32_t str_len_at = sec_offset(s);
  sec_data(s, 4, 0, "str_len");
  uint32_t types = sec_offset(s);
  sec_dataf(s, 4, 1, "TYPE %u BTF_KIND_%s '%s'", 1u, "INT", "int");
  sec_dataf(s, 4, 0x01000000, "btt_info: kind=%u, kflag=%u, vlen=%u", 1u, 0u,
            0u);
  sec_dataf(s, 4, 4, "btt_size: %uB", 4u);
  sec_data(s, 4, 0x01000020, "bti_encoding");
  uint32_t strs = sec_offset(s);
  sec_stringf(s, "", 0, "btf_string, str_pos = 0x%x", 0u);
  sec_stringf(s, "int", 3, "btf_string, str_pos = 0x%x", 1u);
  sec_patch(s, type_len_at, 4, strs - types);
  sec_patch(s, str_len_at, 4, sec_offset(s) - strs);
}

static void build_debug_str(ObjFile *obj) {
  Section *s = new_section(obj, ".debug_str", SEC_PROGBITS,
                           SEC_FLAG_MERGE | SEC_FLAG_STRINGS, 1);
  static const char odd[] = "q\"b\\s\t1\n2\0013\1774\303\251\0338x\x01"
                            "9\x1b" "7 ~\b\f\r\v";
  char long1[301], long2[1001];
  memset(long1, 'C', 300);
  long1[300] = 0;
  for (int i = 0; i < 1000; i++)
    long2[i] = (char)(i % 3 == 0 ? 1 : 'a' + i % 26);
  long2[1000] = 0;

  sec_label(s, ".LASF0");
  sec_string(s, "abc", 3, "DW_AT_name");
  sec_label(s, ".LASF1");
  sec_string(s, odd, sizeof odd - 1, "odd bytes");
  sec_label(s, ".LASF2");
  sec_string(s, long1, 300, NULL);
  sec_label(s, ".LASF3");
  sec_string(s, long2, 1000, "long");
  sec_label(s, ".LASF4");
  sec_string(s, long2, 1000, NULL);
  sec_label(s, ".LASF5");
  sec_string(s, "x\0y", 3, NULL); /* an embedded NUL */
  sec_string(s, "", 0, NULL);
}

static void build_refs(ObjFile *obj) {
  Section *s = new_section(obj, ".refs", SEC_PROGBITS, 0, 1);
  sec_data(s, 1, 0, "zero");
  sec_data(s, 1, 0xff, "byte");
  sec_data(s, 2, 0x1234, "half");
  sec_data(s, 4, (uint64_t)-1, "minus one, masked");
  sec_data(s, 8, 0x0123456789abcdefULL, "quad");
  sec_data(s, 8, 0, NULL);
  static const uint64_t ulebs[] = {0, 1, 127, 128, 624485, UINT64_MAX};
  for (size_t i = 0; i < ARRAY_LEN(ulebs); i++)
    sec_uleb(s, ulebs[i], "uleb");
  static const int64_t slebs[] = {0, -1, 63, 64, -64, -65, -123456,
                                  INT64_MAX, INT64_MIN};
  for (size_t i = 0; i < ARRAY_LEN(slebs); i++)
    sec_sleb(s, slebs[i], i % 2 ? "sleb" : NULL);
  sec_symref(s, 4, ".LASF1", 0, "DW_AT_name");
  /* A label in a merge section plus an addend keeps its own symbol.  On
     BPF (REL), GAS 2.40 then stores label value + addend in place, which
     double-counts the label; elf_write stores the addend alone, so the
     case is compared on x86-64 (RELA) only.  */
  if (ctx_current->target.arch == ARCH_X86_64)
    sec_symref(s, 4, ".LASF2", 3, NULL);
  sec_symref(s, 8, "ext_sym", 0, "undefined");
  sec_symref(s, 4, "ext_sym", 4, NULL);
  sec_symref(s, 8, "glob_var", 8, "global");
  sec_symref(s, 4, "local_lab", 0, "local label");
  sec_symref(s, 4, "static_var", -2, "static");
  sec_symref(s, 4, ".debug_str", 7, "section");
  sec_symref(s, 4, ".Lbtf0", 0, "label in .BTF");
  sec_symref(s, 8, "other_ext", -8, NULL);
  sec_symref(s, 8, ".Ltext0", 0, "DW_AT_low_pc");
}

static void build_data(ObjFile *obj) {
  Section *s = new_section(obj, ".data.vars", SEC_PROGBITS,
                           SEC_FLAG_ALLOC | SEC_FLAG_WRITE, 8);
  ObjSymbol glob = {.name = "glob_var", .section = ".data.vars", .value = 0, .size = 8,
                   .global = true, .object = true, .func = false};
  ObjSymbol stat = {.name = "static_var", .section = ".data.vars", .value = 12, .size = 4,
                   .global = false, .object = true, .func = false};
  vec_push(&obj->symbols, glob);
  vec_push(&obj->symbols, stat);
  sec_data(s, 8, 42, NULL);
  sec_label(s, "local_lab");
  sec_data(s, 4, 7, NULL);
  sec_data(s, 4, 9, NULL);
  sec_data(s, 4, 11, NULL); /* 20 bytes: BPF's GAS pads to 24 */

  Section *r = new_section(obj, ".rodata.str1.1", SEC_PROGBITS,
                           SEC_FLAG_ALLOC | SEC_FLAG_MERGE | SEC_FLAG_STRINGS,
                           1);
  sec_string(r, "hello", 5, "greeting");
  sec_string(r, "world", 5, NULL);

  Section *b = new_section(obj, ".bss.z", SEC_NOBITS,
                           SEC_FLAG_ALLOC | SEC_FLAG_WRITE, 4);
  sec_data(b, 4, 0, NULL);
  sec_data(b, 8, 0, NULL);

  /* Our own .text (as DWARF's .Ltext0 needs) takes GAS's standard slot.  */
  Section *t = new_section(obj, ".text", SEC_PROGBITS,
                           SEC_FLAG_ALLOC | SEC_FLAG_EXEC, 1);
  sec_label(t, ".Ltext0");
  sec_label(t, ".Letext0");
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: objgen TARGET MODE FLAVOUR OUT\n");
    return 2;
  }
  Compilation *c = ctx_new();
  ctx_enter(c);
  const char *tgt = argv[1], *mode = argv[2], *flavour = argv[3];
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
  obj.source_name = "dir/objgen\t\"test\".c"; /* .file needs escapes */
  build_btf(&obj);
  if (strcmp(flavour, "full") == 0) {
    build_debug_str(&obj);
    build_refs(&obj);
    build_data(&obj);
  }

  FILE *out = fopen(argv[4], "wb");
  if (!out) {
    perror(argv[4]);
    return 1;
  }
  bool ok = elf ? elf_write(out, &obj) : asm_write(out, &obj);
  if (fclose(out) != 0)
    ok = false;
  obj_free(&obj);
  ctx_free(c);
  return ok ? 0 : 1;
}
