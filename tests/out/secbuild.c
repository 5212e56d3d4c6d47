/* Unit checks of the section builder (src/elf/section.c): byte order,
   LEB128, back-patching, what is recorded with and without items and
   comments, and write failures.  Prints one PASS:/FAIL: line per case.  */
#include "elf/section.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void report(bool ok, const char *name) {
  printf("%s: section builder: %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok)
    failures++;
}

static bool bytes_are(const Section *s, const char *want, size_t n) {
  return s->bytes.len == n && memcmp(s->bytes.data, want, n) == 0;
}

static void check_byte_order(void) {
  for (int be = 0; be < 2; be++) {
    ctx_current->target.big_endian = be;
    Section *s = section_new(".x", SEC_PROGBITS, 0, 1, false, false);
    sec_data(s, 1, 0x1ff, NULL); /* masked to 0xff */
    sec_data(s, 2, 0x1234, NULL);
    sec_data(s, 4, 0x11223344, NULL);
    sec_data(s, 8, 0x0102030405060708ULL, NULL);
    static const char le[] = "\xff\x34\x12\x44\x33\x22\x11"
                             "\x08\x07\x06\x05\x04\x03\x02\x01";
    static const char bige[] = "\xff\x12\x34\x11\x22\x33\x44"
                               "\x01\x02\x03\x04\x05\x06\x07\x08";
    report(bytes_are(s, be ? bige : le, 15),
           be ? "big-endian data" : "little-endian data");
    section_free(s);
  }
  ctx_current->target.big_endian = false;
}

static void check_leb128(void) {
  Section *s = section_new(".x", SEC_PROGBITS, 0, 1, true, false);
  sec_uleb(s, 0, NULL);
  sec_uleb(s, 127, NULL);
  sec_uleb(s, 128, NULL);
  sec_uleb(s, 624485, NULL);
  static const char u[] = "\x00\x7f\x80\x01\xe5\x8e\x26";
  report(bytes_are(s, u, 7), "uleb128 encoding");
  s->bytes.len = 0;
  sec_sleb(s, 0, NULL);
  sec_sleb(s, -1, NULL);
  sec_sleb(s, 63, NULL);
  sec_sleb(s, 64, NULL);
  sec_sleb(s, -64, NULL);
  sec_sleb(s, -65, NULL);
  sec_sleb(s, -123456, NULL);
  static const char v[] = "\x00\x7f\x3f\xc0\x00\x40\xbf\x7f\xc0\xbb\x78";
  report(bytes_are(s, v, 11), "sleb128 encoding");
  s->bytes.len = 0;
  sec_uleb(s, UINT64_MAX, NULL);
  sec_sleb(s, INT64_MIN, NULL);
  report(s->bytes.len == 20 && (unsigned char)s->bytes.data[9] == 0x01 &&
             (unsigned char)s->bytes.data[19] == 0x7f,
         "leb128 64-bit extremes");
  section_free(s);
}

static void check_patch(void) {
  for (int be = 0; be < 2; be++) {
    ctx_current->target.big_endian = be;
    Section *s = section_new(".x", SEC_PROGBITS, 0, 1, true, true);
    sec_label(s, ".L0");
    sec_data(s, 2, 0, "a");
    sec_data(s, 4, 0, "len");
    sec_data(s, 4, 7, "b");
    sec_patch(s, 2, 4, 0xdeadbeef);
    const SecItem *it = &s->items.data[2];
    bool ok = it->kind == ITEM_DATA && it->value == 0xdeadbeef &&
              strcmp(it->comment, "len") == 0;
    const char *want = be ? "\x00\x00\xde\xad\xbe\xef\x00\x00\x00\x07"
                          : "\x00\x00\xef\xbe\xad\xde\x07\x00\x00\x00";
    report(ok && bytes_are(s, want, 10),
           be ? "sec_patch, big endian" : "sec_patch, little endian");
    section_free(s);
  }
  ctx_current->target.big_endian = false;
}

/* Without keep_items nothing but bytes, labels and relocations is kept,
   and no comment is ever formatted: a bad %s argument must go unread.  */
static void check_object_path(void) {
  Section *s = section_new(".x", SEC_PROGBITS, 0, 1, false, false);
  const char *bad = (const char *)1;
  sec_dataf(s, 4, 1, "%s", bad);
  sec_stringf(s, "ab", 2, "%s", bad);
  sec_label(s, ".Lx");
  sec_symref(s, 8, "sym", -3, "ref");
  sec_patch(s, 0, 4, 9);
  report(s->items.len == 0 && s->labels.len == 1 && s->relocs.len == 1 &&
             s->labels.data[0].offset == 7 && s->relocs.data[0].offset == 7 &&
             s->relocs.data[0].addend == -3 &&
             strcmp(s->relocs.data[0].sym, "sym") == 0 &&
             bytes_are(s, "\x09\0\0\0ab\0\0\0\0\0\0\0\0\0", 15),
         "object path keeps bytes, labels, relocations only");

  Section *t = section_new(".y", SEC_PROGBITS, 0, 1, true, false);
  sec_dataf(t, 4, (uint64_t)-1, "%s", bad);
  sec_data(t, 4, 1, "literal");
  report(t->items.len == 2 && !t->items.data[0].comment &&
             !t->items.data[1].comment && t->items.data[0].value == 0xffffffff,
         "items without -dA carry no comments");
  section_free(s);
  section_free(t);
}

static void check_annotated(void) {
  Section *s = section_new(".x", SEC_PROGBITS, SEC_FLAG_MERGE, 1, true, true);
  char tmp[32];
  strcpy(tmp, "temporary");
  sec_data(s, 1, 0, tmp);
  sec_dataf(s, 4, 2, "TYPE %u '%s'", 3u, "t");
  sec_symref(s, 4, tmp, 0, NULL);
  strcpy(tmp, "overwritten");
  const SecItem *it = s->items.data;
  report(s->entsize == 1 && strcmp(it[0].comment, "temporary") == 0 &&
             strcmp(it[1].comment, "TYPE 3 't'") == 0 &&
             strcmp(it[2].sym, "temporary") == 0 && !it[2].comment,
         "comments and names are copied");
  section_free(s);
}

static void check_write_failure(void) {
  FILE *f = fopen("/dev/full", "w");
  if (!f) {
    printf("SKIP: section builder: write failure (no /dev/full)\n");
    return;
  }
  ObjFile obj = {0};
  obj.source_name = "t.c";
  Section *s = section_new(".BTF", SEC_PROGBITS, 0, 1, true, false);
  for (int i = 0; i < 5000; i++)
    sec_data(s, 4, (uint64_t)i, NULL);
  vec_push(&obj.sections, s);
  bool asm_ok = asm_write(f, &obj);
  clearerr(f);
  bool elf_ok = elf_write(f, &obj);
  fclose(f);
  report(!asm_ok && !elf_ok, "write failures are reported");
  obj_free(&obj);
}

int main(void) {
  Compilation *c = ctx_new();
  ctx_enter(c);
  check_byte_order();
  check_leb128();
  check_patch();
  check_object_path();
  check_annotated();
  check_write_failure();
  ctx_free(c);
  return failures ? 1 : 0;
}
