/* .BTF.ext reader (see btf_ext_read.h).  Two passes: the first frames
   the header and the three tables as libbpf's btf_ext__new does (every
   length checked in 64 bits before it is used), copying each record's
   known words to host order; the second checks what each record refers
   to -- strings and types of the .BTF, the code section's size, the
   order of instruction offsets -- so that a consumer can print or use
   any record without further checks.  One table description drives both
   passes for all three kinds.  */
#include "btf_ext_read.h"

#include "../elf/elf_reloc.h"

#include <string.h>

enum { BTF_EXT_MIN_HDR = 24, BTF_EXT_CORE_HDR = 32, BTF_INSN_SIZE = 8 };

/* What each table's records hold.  */
static const struct {
  const char *name;
  uint32_t field;    /* offset of its off/len pair in the header */
  uint32_t min_size; /* libbpf's minimum record size */
} tables[BTF_EXT_TABLES] = {
    [BTF_EXT_FUNC] = {"func_info", 8, 8},
    [BTF_EXT_LINE] = {"line_info", 16, 16},
    [BTF_EXT_CORE] = {"core_relo", 24, 16},
};

static const char *const core_kinds[] = {
    "byte_off",      "byte_sz",        "field_exists",   "signed",
    "lshift_u64",    "rshift_u64",     "local_type_id",  "target_type_id",
    "type_exists",   "type_size",      "enumval_exists", "enumval_value",
    "type_matches",
};

const char *btf_ext_table_name(BtfExtKind kind) { return tables[kind].name; }

const char *btf_ext_core_kind_name(uint32_t kind) {
  return kind < sizeof core_kinds / sizeof *core_kinds ? core_kinds[kind]
                                                       : NULL;
}

typedef struct Reader {
  const uint8_t *data;
  uint32_t size;
  bool big_endian;
  const Btf *btf;
  BtfExtSectionSize *section_size;
  const void *arg;
  BtfError *err;
  BtfExt *ext;
} Reader;

static uint32_t word(const Reader *r, uint64_t off) {
  return load_u32(r->data + off, r->big_endian);
}

static bool fail(const Reader *r, uint64_t off, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static bool fail(const Reader *r, uint64_t off, const char *fmt, ...) {
  char msg[sizeof r->err->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return read_error_at(r->err, ".BTF.ext", off, "%s", msg);
}

/* header: magic version flags hdr_len, then an offset and a length per
   table (core_relo's only when hdr_len reaches it)  */
static bool read_header(Reader *r) {
  BtfExt *ext = r->ext;
  if (r->size < 8)
    return read_error(r->err, "truncated .BTF.ext header: %u bytes, need at "
                      "least 8", r->size);
  uint16_t magic = load_u16(r->data, false);
  if (magic != BTF_MAGIC && magic != 0x9feb)
    return fail(r, 0, "bad magic 0x%04x (not 0xeb9f in either byte order)",
                magic);
  r->big_endian = magic == 0x9feb;
  const uint16_t one = 1;
  ext->swapped = r->big_endian != (*(const uint8_t *)&one == 0);
  ext->version = r->data[2];
  ext->flags = r->data[3];
  ext->hdr_len = word(r, 4);
  if (ext->version != BTF_VERSION)
    return fail(r, 2, "unsupported .BTF.ext version %u", ext->version);
  if (ext->flags)
    return fail(r, 3, "unsupported .BTF.ext flags 0x%x", ext->flags);
  if (ext->hdr_len < BTF_EXT_MIN_HDR)
    return fail(r, 4, "header length %u is less than %u (libbpf's minimum)",
                ext->hdr_len, BTF_EXT_MIN_HDR);
  if (ext->hdr_len > r->size)
    return fail(r, 4, "header length %u exceeds the section size %u",
                ext->hdr_len, r->size);
  if (ext->hdr_len == r->size)
    return fail(r, 4, "header length %u leaves no data", ext->hdr_len);
  for (int k = 0; k < BTF_EXT_TABLES; k++) {
    BtfExtTable *t = &ext->tables[k];
    if (tables[k].field + 8 > ext->hdr_len)
      continue; /* an older, shorter header */
    t->off = word(r, tables[k].field);
    t->len = word(r, tables[k].field + 4);
    t->present = t->len != 0;
  }
  return true;
}

/* table: rec_size, then sections: sec_name_off num_info record...  */
static bool read_table(Reader *r, BtfExtKind kind) {
  BtfExtTable *t = &r->ext->tables[kind];
  const char *what = tables[kind].name;
  uint64_t field = tables[kind].field;
  if (!t->present)
    return true;
  if (t->off & 3)
    return fail(r, field, "%s offset %u is not 4-byte aligned", what, t->off);
  uint64_t start = (uint64_t)r->ext->hdr_len + t->off;
  uint64_t end = start + t->len;
  if (end > r->size)
    return fail(r, field, "%s (offset %u, length %u) runs past the end of "
                "the section (%u bytes)", what, t->off, t->len, r->size);
  if (t->len < 4)
    return fail(r, start, "%s of %u bytes has no record size", what, t->len);
  t->rec_size = word(r, start);
  if (t->rec_size < tables[kind].min_size)
    return fail(r, start, "%s record size %u is less than %u (libbpf's "
                "minimum)", what, t->rec_size, tables[kind].min_size);
  if (t->rec_size & 3)
    return fail(r, start, "%s record size %u is not a multiple of 4", what,
                t->rec_size);
  if (t->len == 4)
    return fail(r, start, "%s has a record size but no sections", what);
  for (uint64_t at = start + 4; at < end;) {
    uint32_t nsec = (uint32_t)t->secs.len;
    if (end - at < 8)
      return fail(r, at, "%s section #%u: header truncated, %u bytes left",
                  what, nsec, (unsigned)(end - at));
    BtfExtSection sec = {.name_off = word(r, at), .offset = (uint32_t)at,
                         .first = (uint32_t)t->recs.len,
                         .count = word(r, at + 4)};
    if (sec.count == 0)
      return fail(r, at + 4, "%s section #%u has no records", what, nsec);
    uint64_t bytes = (uint64_t)sec.count * t->rec_size;
    if (bytes > end - at - 8)
      return fail(r, at + 4, "%s section #%u: %u records of %u bytes run "
                  "past the end of the table (%u bytes left)", what, nsec,
                  sec.count, t->rec_size, (unsigned)(end - at - 8));
    at += 8;
    unsigned words = t->rec_size / 4 < 4 ? t->rec_size / 4 : 4;
    for (uint32_t i = 0; i < sec.count; i++, at += t->rec_size) {
      BtfExtRecord rec = {.offset = (uint32_t)at};
      for (unsigned w = 0; w < words; w++)
        rec.w[w] = word(r, at + 4 * w);
      vec_push(&t->recs, rec);
    }
    vec_push(&t->secs, sec);
  }
  return true;
}

/* The string at OFF of .BTF, or NULL after reporting WHAT at AT.  */
static const char *string_at(const Reader *r, uint64_t at, const char *what,
                             uint32_t off) {
  const char *s = btf_str_by_offset(r->btf, off);
  if (!s)
    fail(r, at, "%s %u is past the end of the .BTF strings", what, off);
  return s;
}

/* Whether S is numbers joined by ':' ("0:1:2").  */
static bool is_access_string(const char *s) {
  if (!*s)
    return false;
  for (bool digit = false; ; s++) {
    if (*s >= '0' && *s <= '9') {
      digit = true;
    } else if (*s == ':' || *s == 0) {
      if (!digit)
        return false;
      if (!*s)
        return true;
      digit = false;
    } else {
      return false;
    }
  }
}

/* The checks of one record that depend on its kind.  */
static bool check_record(const Reader *r, BtfExtKind kind,
                         const BtfExtRecord *rec) {
  uint32_t ntypes = btf_type_count(r->btf);
  if (kind == BTF_EXT_LINE)
    return string_at(r, rec->offset + 4, "file_name_off", rec->w[1]) &&
           string_at(r, rec->offset + 8, "line_off", rec->w[2]);
  if (rec->w[1] >= ntypes)
    return fail(r, rec->offset + 4, "type_id %u is out of range (the last "
                "type is %u)", rec->w[1], ntypes - 1);
  if (kind == BTF_EXT_FUNC) {
    const BtfType *t = btf_type_by_id(r->btf, rec->w[1]);
    if (btf_kind(t) != BTF_KIND_FUNC)
      return fail(r, rec->offset + 4, "type_id %u is a %s, not a FUNC",
                  rec->w[1], rec->w[1] ? btf_kind_str(btf_kind(t)) : "void");
    return true;
  }
  const char *access = string_at(r, rec->offset + 8, "access_str_off",
                                 rec->w[2]);
  if (!access)
    return false;
  if (!is_access_string(access))
    return fail(r, rec->offset + 8, "access string '%.64s' is not numbers "
                "joined by ':'", access);
  if (!btf_ext_core_kind_name(rec->w[3]))
    return fail(r, rec->offset + 12, "unknown relocation kind %u", rec->w[3]);
  return true;
}

/* What every section's records must satisfy: a named code section,
   instruction offsets inside it, in order for func_info and line_info.  */
static bool check_table(Reader *r, BtfExtKind kind) {
  BtfExtTable *t = &r->ext->tables[kind];
  const char *what = tables[kind].name;
  for (size_t s = 0; s < t->secs.len; s++) {
    BtfExtSection *sec = &t->secs.data[s];
    sec->name = string_at(r, sec->offset, "section name offset",
                          sec->name_off);
    if (!sec->name)
      return false;
    if (!*sec->name)
      return fail(r, sec->offset, "%s section #%zu has an empty name", what,
                  s);
    int64_t code_size =
        r->section_size ? r->section_size(r->arg, sec->name) : -1;
    if (r->section_size && code_size < 0)
      return fail(r, sec->offset, "%s section #%zu names '%s', which is not "
                  "a section of the object", what, s, sec->name);
    for (uint32_t i = 0; i < sec->count; i++) {
      const BtfExtRecord *rec = &t->recs.data[sec->first + i];
      uint32_t insn = rec->w[0];
      if (insn % BTF_INSN_SIZE)
        return fail(r, rec->offset, "%s insn_off %u is not a multiple of %u",
                    what, insn, BTF_INSN_SIZE);
      if (code_size >= 0 && insn >= (uint64_t)code_size)
        return fail(r, rec->offset, "%s insn_off %u is past the end of "
                    "section '%s' (%lld bytes)", what, insn, sec->name,
                    (long long)code_size);
      if (kind != BTF_EXT_CORE && i > 0 &&
          insn <= t->recs.data[sec->first + i - 1].w[0])
        return fail(r, rec->offset, "%s insn_off %u does not follow the "
                    "previous record's %u", what, insn,
                    t->recs.data[sec->first + i - 1].w[0]);
      if (!check_record(r, kind, rec))
        return false;
    }
  }
  return true;
}

BtfExt *btf_ext_parse(const uint8_t *data, size_t size, const Btf *btf,
                      BtfExtSectionSize *section_size, const void *arg,
                      BtfError *err) {
  if (size > UINT32_MAX) {
    read_error(err, ".BTF.ext of %zu bytes is too large", size);
    return NULL;
  }
  BtfExt *ext = xcalloc(1, sizeof *ext);
  ext->size = (uint32_t)size;
  Reader r = {data, (uint32_t)size, false, btf, section_size, arg, err, ext};
  bool ok = read_header(&r);
  for (int k = 0; ok && k < BTF_EXT_TABLES; k++)
    ok = read_table(&r, (BtfExtKind)k);
  for (int k = 0; ok && k < BTF_EXT_TABLES; k++)
    ok = check_table(&r, (BtfExtKind)k);
  if (!ok) {
    btf_ext_free(ext);
    return NULL;
  }
  return ext;
}

void btf_ext_free(BtfExt *ext) {
  if (!ext)
    return;
  for (int k = 0; k < BTF_EXT_TABLES; k++) {
    vec_free(&ext->tables[k].secs);
    vec_free(&ext->tables[k].recs);
  }
  free(ext);
}

bool btf_ext_section_bytes(ElfFile *f, uint8_t **data, size_t *size,
                           BtfError *err) {
  *data = NULL;
  *size = 0;
  const ElfSection *s = elf_section_by_name(f, ".BTF.ext");
  if (!s)
    return true;
  if (!s->data)
    return read_error(err, ".BTF.ext section has no data");
  if (s->flags & ELF_SHF_COMPRESSED)
    return read_error(err, ".BTF.ext section is compressed, which is not "
                      "supported");
  uint8_t *copy = xmalloc(s->size ? s->size : 1);
  memcpy(copy, s->data, s->size);
  ElfError ee;
  if (f->type == ELF_ET_REL && !elf_apply_relocs(f, s, copy, &ee)) {
    free(copy);
    return read_error(err, "%s", ee.msg);
  }
  *data = copy;
  *size = (size_t)s->size;
  return true;
}
