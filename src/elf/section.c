/* The section builder: bytes in target byte order, labels, relocations,
   and (for assembler output) the items with their -dA comments.

   The object-file path calls sec_data millions of times for a kernel
   header, so everything a renderer other than asm.c does not need is
   skipped unless keep_items / annotate ask for it.  */
#include "section.h"

#include <stdlib.h>
#include <string.h>

Section *section_new(const char *name, uint32_t sh_type, uint64_t sh_flags,
                     uint32_t align, bool keep_items, bool annotate) {
  Section *s = xcalloc(1, sizeof *s);
  s->name = name;
  s->sh_type = sh_type;
  s->sh_flags = sh_flags;
  s->align = align ? align : 1;
  s->entsize = (sh_flags & SEC_FLAG_MERGE) ? 1 : 0;
  s->keep_items = keep_items;
  s->annotate = annotate;
  return s;
}

void section_set_group(Section *s, const char *signature) {
  s->group = arena_strndup(&s->arena, signature, strlen(signature));
}

void section_free(Section *s) {
  if (!s)
    return;
  buf_free(&s->bytes);
  vec_free(&s->items);
  vec_free(&s->relocs);
  vec_free(&s->labels);
  arena_free(&s->arena);
  free(s->text);
  free(s);
}

void obj_free(ObjFile *obj) {
  for (size_t i = 0; i < obj->sections.len; i++)
    section_free(obj->sections.data[i]);
  vec_free(&obj->sections);
  vec_free(&obj->symbols);
}

uint32_t sec_offset(const Section *s) { return (uint32_t)s->bytes.len; }

uint64_t sec_size(const Section *s) {
  return s->sh_type == SEC_NOBITS ? s->nobits_size : s->bytes.len;
}

uint64_t sec_reserve(Section *s, uint64_t size, uint32_t align) {
  if (s->sh_type != SEC_NOBITS)
    fatal("internal error: space reserved in section %s, which has bytes",
          s->name);
  uint64_t a = align ? align : 1;
  uint64_t at = (s->nobits_size + a - 1) / a * a;
  s->nobits_size = at + size;
  if (align > s->align)
    s->align = align;
  return at;
}

static _Noreturn void bad_size(const Section *s, const char *what,
                               unsigned size) {
  fatal("internal error: %s of %u bytes in section %s", what, size, s->name);
}

void sec_bad_size(const Section *s, unsigned size) { bad_size(s, "data", size); }

/* Store the low SIZE bytes of VALUE at P in target byte order.  */
static void put_target(char *p, unsigned size, uint64_t value) {
  sec_store((uint8_t *)p, size, value);
}

static uint64_t size_mask(unsigned size) {
  return size == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (size * 8)) - 1);
}

static const char *copy_str(Section *s, const char *str) {
  return str ? arena_strndup(&s->arena, str, strlen(str)) : NULL;
}

static void add_item(Section *s, SecItemKind kind, unsigned size,
                     uint32_t offset, uint64_t value, const char *sym,
                     const char *comment) {
  SecItem it = {0};
  it.kind = (uint8_t)kind;
  it.size = (uint8_t)size;
  it.offset = offset;
  it.value = value;
  it.sym = sym;
  it.comment = comment;
  vec_push(&s->items, it);
}

/* The comment an item keeps: only when annotating, and always a copy.  */
static const char *item_comment(Section *s, const char *comment) {
  return s->annotate ? copy_str(s, comment) : NULL;
}

/* Format a comment into the section's arena.  */
static const char *format_comment(Section *s, const char *fmt, va_list ap) {
  char small[256];
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n < 0)
    fatal("internal error: bad comment format '%s'", fmt);
  char *p;
  if ((size_t)n < sizeof small) {
    p = arena_strndup(&s->arena, small, (size_t)n);
  } else {
    p = arena_alloc(&s->arena, (size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap2);
  }
  va_end(ap2);
  return p;
}

/* Append SIZE bytes and return where they start.  */
static uint32_t append_int(Section *s, unsigned size, uint64_t value) {
  if (!sec_valid_size(size))
    bad_size(s, "data", size);
  uint32_t off = (uint32_t)s->bytes.len;
  buf_reserve(&s->bytes, size);
  put_target(s->bytes.data + off, size, value);
  s->bytes.len += size;
  return off;
}

/* sec_data with a comment already owned by the section (or NULL).  */
static void data_item(Section *s, unsigned size, uint64_t value,
                      const char *owned_comment) {
  uint32_t off = append_int(s, size, value);
  if (s->keep_items)
    add_item(s, ITEM_DATA, size, off, value & size_mask(size), NULL,
             owned_comment);
}

void sec_data_item(Section *s, unsigned size, uint64_t value,
                   const char *comment) {
  data_item(s, size, value, item_comment(s, comment));
}

void sec_dataf_item(Section *s, unsigned size, uint64_t value, const char *fmt,
                    ...) {
  const char *comment = NULL;
  if (s->annotate) {
    va_list ap;
    va_start(ap, fmt);
    comment = format_comment(s, fmt, ap);
    va_end(ap);
  }
  data_item(s, size, value, comment);
}

void sec_uleb(Section *s, uint64_t value, const char *comment) {
  uint32_t off = (uint32_t)s->bytes.len;
  uint8_t b[LEB128_MAX];
  buf_append(&s->bytes, b, uleb128_put(b, value));
  if (s->keep_items)
    add_item(s, ITEM_ULEB, 0, off, value, NULL, item_comment(s, comment));
}

void sec_sleb(Section *s, int64_t value, const char *comment) {
  uint32_t off = (uint32_t)s->bytes.len;
  uint8_t b[LEB128_MAX];
  buf_append(&s->bytes, b, sleb128_put(b, value));
  if (s->keep_items)
    add_item(s, ITEM_SLEB, 0, off, (uint64_t)value, NULL,
             item_comment(s, comment));
}

/* The string's text stays in the section bytes; the item records where.  */
static void string_item(Section *s, const char *str, size_t len,
                        const char *owned_comment) {
  uint32_t off = (uint32_t)s->bytes.len;
  buf_append(&s->bytes, str, len);
  buf_putc(&s->bytes, 0);
  if (s->keep_items) {
    add_item(s, ITEM_STRING, 0, off, 0, NULL, owned_comment);
    s->items.data[s->items.len - 1].str_len = (uint32_t)len;
  }
}

void sec_string(Section *s, const char *str, size_t len, const char *comment) {
  string_item(s, str, len, item_comment(s, comment));
}

void sec_stringf(Section *s, const char *str, size_t len, const char *fmt,
                 ...) {
  const char *comment = NULL;
  if (s->annotate) {
    va_list ap;
    va_start(ap, fmt);
    comment = format_comment(s, fmt, ap);
    va_end(ap);
  }
  string_item(s, str, len, comment);
}

/* The bytes of a reference are 0 here; elf_write fills in what the
   relocation format needs (the addend, for REL targets).  */
void sec_symref(Section *s, unsigned size, const char *sym, int64_t addend,
                const char *comment) {
  if (!sec_valid_size(size))
    bad_size(s, "symbol reference", size);
  uint32_t off = append_int(s, size, 0);
  /* References to one symbol often come in a row: share the copy.  */
  const char *name = s->last_sym && strcmp(s->last_sym, sym) == 0
                         ? s->last_sym : copy_str(s, sym);
  s->last_sym = name;
  SecReloc r = {off, (uint8_t)size, 0, name, addend};
  vec_push(&s->relocs, r);
  if (s->keep_items)
    add_item(s, ITEM_SYMREF, size, off, (uint64_t)addend, name,
             item_comment(s, comment));
}

void sec_commentf(Section *s, const char *fmt, ...) {
  if (!s->annotate || !s->keep_items)
    return;
  va_list ap;
  va_start(ap, fmt);
  const char *comment = format_comment(s, fmt, ap);
  va_end(ap);
  add_item(s, ITEM_COMMENT, 0, (uint32_t)s->bytes.len, 0, NULL, comment);
}

void sec_label(Section *s, const char *label) {
  const char *name = copy_str(s, label);
  SecLabel l = {name, (uint32_t)s->bytes.len};
  vec_push(&s->labels, l);
  if (s->keep_items)
    add_item(s, ITEM_LABEL, 0, l.offset, 0, name, NULL);
}

/* The DATA item at OFFSET, or NULL.  Items are in offset order; labels
   share the offset of the item after them.  */
static SecItem *find_data_item(Section *s, uint32_t offset) {
  size_t lo = 0, hi = s->items.len;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->items.data[mid].offset < offset)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (; lo < s->items.len && s->items.data[lo].offset == offset; lo++)
    if (s->items.data[lo].kind == ITEM_DATA)
      return &s->items.data[lo];
  return NULL;
}

void sec_patch(Section *s, uint32_t offset, unsigned size, uint64_t value) {
  if (!sec_valid_size(size))
    bad_size(s, "patch", size);
  if ((size_t)offset + size > s->bytes.len)
    fatal("internal error: patch at %u beyond the end of section %s", offset,
          s->name);
  put_target(s->bytes.data + offset, size, value);
  if (s->keep_items) {
    SecItem *it = find_data_item(s, offset);
    if (!it || it->size != size)
      fatal("internal error: patch at %u in section %s is not a %u-byte "
            "data item",
            offset, s->name, size);
    it->value = value & size_mask(size);
  }
}

void sec_reloc(Section *s, uint32_t offset, uint32_t type, const char *sym,
               int64_t addend) {
  SecReloc r = {offset, 8, type, copy_str(s, sym), addend};
  vec_push(&s->relocs, r);
}
