/* Parsing and structural validation of raw BTF (see btf_read.h).  */
#include "btf_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const BtfType void_type;

enum { BTF_RECORD_SIZE = sizeof(BtfType) }; /* the common part: 12 bytes */

static const char *const kind_names[] = {
    "UNKNOWN", "INT",      "PTR",      "ARRAY",    "STRUCT",
    "UNION",   "ENUM",     "FWD",      "TYPEDEF",  "VOLATILE",
    "CONST",   "RESTRICT", "FUNC",     "FUNC_PROTO", "VAR",
    "DATASEC", "FLOAT",    "DECL_TAG", "TYPE_TAG", "ENUM64",
};

const char *btf_kind_str(unsigned kind) {
  return kind <= BTF_KIND_MAX ? kind_names[kind] : "UNKNOWN";
}

long btf_type_data_size(unsigned kind, uint32_t vlen) {
  switch (kind) {
  case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF:
  case BTF_KIND_VOLATILE: case BTF_KIND_CONST: case BTF_KIND_RESTRICT:
  case BTF_KIND_FUNC: case BTF_KIND_FLOAT: case BTF_KIND_TYPE_TAG:
    return 0;
  case BTF_KIND_INT: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
    return 4;
  case BTF_KIND_ARRAY:
    return 12;
  case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_DATASEC:
  case BTF_KIND_ENUM64:
    return 12L * vlen;
  case BTF_KIND_ENUM: case BTF_KIND_FUNC_PROTO:
    return 8L * vlen;
  default:
    return -1;
  }
}

bool btf_kind_has_type_ref(unsigned kind) {
  switch (kind) {
  case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
  case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_FUNC:
  case BTF_KIND_FUNC_PROTO: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
  case BTF_KIND_TYPE_TAG:
    return true;
  default:
    return false;
  }
}

const BtfType *btf_type_by_id(const Btf *btf, uint32_t id) {
  if (id == 0)
    return &void_type;
  while (id < btf->start_id)
    btf = btf->base;
  id -= btf->start_id;
  if (id >= btf->nr_types)
    return NULL;
  return (const BtfType *)((const char *)btf->type_data + btf->type_offs[id]);
}

const char *btf_str_by_offset(const Btf *btf, uint32_t off) {
  while (off < btf->start_str_off)
    btf = btf->base;
  off -= btf->start_str_off;
  return off < btf->hdr.str_len ? btf->strs + off : NULL;
}

bool btf_has_magic(const void *data, size_t size) {
  const uint8_t *b = data;
  return size >= 2 && ((b[0] == 0x9f && b[1] == 0xeb) ||
                       (b[0] == 0xeb && b[1] == 0x9f));
}

void btf_free(Btf *btf) {
  if (!btf)
    return;
  free(btf->raw);
  if (!btf->type_data_in_raw)
    free(btf->type_data);
  free(btf->type_offs);
  free(btf);
}

/* --- Error messages --- */

/* A name made safe for a one-line message: at most 64 bytes, with
   control and non-ASCII bytes escaped.  */
static const char *printable(const char *s, char *buf, size_t cap) {
  size_t n = 0;
  for (; *s && n + 5 < cap && n < 64; s++) {
    unsigned char c = (unsigned char)*s;
    if (c >= 0x20 && c < 0x7f && c != '\'')
      buf[n++] = (char)c;
    else
      n += (size_t)snprintf(buf + n, cap - n, "\\x%02x", c);
  }
  if (*s && n + 4 < cap) {
    memcpy(buf + n, "...", 3);
    n += 3;
  }
  buf[n] = 0;
  return buf;
}

/* "type [7] STRUCT 'foo' at offset 0x1c" for messages about a record.  */
static const char *describe(const Btf *btf, uint32_t id, char *buf,
                            size_t cap) {
  const BtfType *t = btf_type_by_id(btf, id);
  uint32_t blob_off = btf->hdr.hdr_len + btf->hdr.type_off +
                      btf->type_offs[id - btf->start_id];
  const char *name = btf_str_by_offset(btf, t->name_off);
  char nbuf[300];
  if (name && *name)
    snprintf(buf, cap, "type [%u] %s '%s' at offset 0x%x", id,
             btf_kind_str(btf_kind(t)), printable(name, nbuf, sizeof nbuf),
             blob_off);
  else
    snprintf(buf, cap, "type [%u] %s at offset 0x%x", id,
             btf_kind_str(btf_kind(t)), blob_off);
  return buf;
}

/* --- Header and sections --- */

static uint32_t load32(const uint8_t *p, bool swap) {
  uint32_t v;
  memcpy(&v, p, 4);
  return swap ? bswap32(v) : v;
}

static void store32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

static bool read_header(Btf *btf, const uint8_t *d, size_t size, bool lenient,
                        BtfError *err) {
  if (size < 2 || !btf_has_magic(d, size)) {
    if (size < 2)
      read_error(err, "truncated BTF: %zu bytes, no room for the magic", size);
    else
      read_error(err, "bad BTF magic 0x%02x%02x at offset 0 (expected 0xeb9f "
              "in either byte order)", d[0], d[1]);
    return false;
  }
  uint16_t magic;
  memcpy(&magic, d, 2);
  btf->swapped = magic != BTF_MAGIC;
  if (size < BTF_HEADER_SIZE) {
    read_error(err, "truncated BTF header: %zu bytes, the header needs %d",
            size, BTF_HEADER_SIZE);
    return false;
  }
  BtfHeader *h = &btf->hdr;
  h->magic = BTF_MAGIC;
  h->version = d[2];
  h->flags = d[3];
  h->hdr_len = load32(d + 4, btf->swapped);
  h->type_off = load32(d + 8, btf->swapped);
  h->type_len = load32(d + 12, btf->swapped);
  h->str_off = load32(d + 16, btf->swapped);
  h->str_len = load32(d + 20, btf->swapped);
  if (!lenient && h->version != BTF_VERSION) {
    read_error(err, "unsupported BTF version %u at offset 2 (expected %d)",
            h->version, BTF_VERSION);
    return false;
  }
  if (h->hdr_len < BTF_HEADER_SIZE) {
    read_error(err, "header length %u at offset 4 is less than the %d-byte "
            "header", h->hdr_len, BTF_HEADER_SIZE);
    return false;
  }
  if (btf->swapped && h->hdr_len != BTF_HEADER_SIZE) {
    /* What the extra fields mean, and so how to swap them, is unknown
       (libbpf refuses such blobs too).  */
    read_error(err, "header length %u at offset 4: only a %d-byte header can "
            "be read in the other byte order", h->hdr_len, BTF_HEADER_SIZE);
    return false;
  }
  if (h->hdr_len > size) {
    read_error(err, "header length %u at offset 4 exceeds the blob size %zu",
            h->hdr_len, size);
    return false;
  }
  return true;
}

static bool check_sections(const BtfHeader *h, size_t size, BtfError *err) {
  uint64_t avail = size - h->hdr_len;
  if ((uint64_t)h->type_off + h->type_len > avail) {
    read_error(err, "type section (offset %u, length %u) runs past the end of "
            "the blob (%llu bytes after the header)", h->type_off,
            h->type_len, (unsigned long long)avail);
    return false;
  }
  if ((uint64_t)h->str_off + h->str_len > avail) {
    read_error(err, "string section (offset %u, length %u) runs past the end "
            "of the blob (%llu bytes after the header)", h->str_off,
            h->str_len, (unsigned long long)avail);
    return false;
  }
  if ((uint64_t)h->type_off + h->type_len > h->str_off) {
    read_error(err, "type section (offset %u, length %u) overlaps or follows "
            "the string section at offset %u", h->type_off, h->type_len,
            h->str_off);
    return false;
  }
  if (h->type_off % 4) {
    read_error(err, "type section offset %u is not 4-byte aligned",
            h->type_off);
    return false;
  }
  return true;
}

static bool check_strings(const Btf *btf, BtfError *err) {
  const BtfHeader *h = &btf->hdr;
  if (h->str_len == 0) {
    if (btf->base)
      return true;
    read_error(err, "empty string section at offset 0x%x", h->hdr_len +
            h->str_off);
    return false;
  }
  if (btf->strs[h->str_len - 1] != 0) {
    read_error(err, "string section (offset 0x%x, %u bytes) does not end with "
            "a NUL", h->hdr_len + h->str_off, h->str_len);
    return false;
  }
  if (!btf->base && btf->strs[0] != 0) {
    read_error(err, "string section at offset 0x%x does not start with the "
            "empty string", h->hdr_len + h->str_off);
    return false;
  }
  return true;
}

/* Copy the blob (or take it: OWNED, the malloc'd D), in host order, and
   the type section to aligned memory.  */
static void copy_data(Btf *btf, const uint8_t *d, size_t size, uint8_t *owned) {
  const BtfHeader *h = &btf->hdr;
  btf->raw_size = (uint32_t)size;
  if (owned) {
    btf->raw = owned;
  } else {
    btf->raw = xmalloc(size);
    memcpy(btf->raw, d, size);
  }
  uint8_t *types = btf->raw + h->hdr_len + h->type_off;
  if ((h->hdr_len + h->type_off) % 4 == 0 && h->type_len % 4 == 0 && h->type_len) {
    /* aligned in the copy (malloc's alignment): read in place, no
       second copy of a kernel's 140 MB of records */
    btf->type_data = (uint32_t *)(void *)types;
    btf->type_data_in_raw = true;
  } else {
    uint32_t words = (h->type_len + 3) / 4;
    btf->type_data = xcalloc(words ? words : 1, 4);
    memcpy(btf->type_data, types, h->type_len);
  }
  if (btf->swapped) {
    /* Every field of every record is a 32-bit word.  */
    for (uint32_t i = 0; i < h->type_len / 4; i++)
      btf->type_data[i] = bswap32(btf->type_data[i]);
    if (!btf->type_data_in_raw)
      memcpy(types, btf->type_data, h->type_len / 4 * 4);
    uint16_t magic = BTF_MAGIC;
    memcpy(btf->raw, &magic, 2);
    const uint32_t fields[5] = {h->hdr_len, h->type_off, h->type_len,
                                h->str_off, h->str_len};
    for (int i = 0; i < 5; i++)
      store32(btf->raw + 4 + 4 * i, fields[i]);
  }
  btf->strs = (const char *)btf->raw + h->hdr_len + h->str_off;
}

/* --- Type records --- */

/* Find every record; on a record that cannot be framed, fill btf->frame
   and stop.  */
static void frame_types(Btf *btf) {
  uint32_t len = btf->hdr.type_len;
  const uint8_t *base = (const uint8_t *)btf->type_data;
  size_t cap = 0;
  uint32_t off = 0;
  while (off < len) {
    uint32_t id = btf->start_id + btf->nr_types;
    uint32_t left = len - off;
    BtfFrame *fr = &btf->frame;
    if (left < BTF_RECORD_SIZE) {
      *fr = (BtfFrame){BTF_FRAME_SHORT, id, off, left, BTF_RECORD_SIZE};
      return;
    }
    const BtfType *t = (const BtfType *)(base + off);
    long data = btf_type_data_size(btf_kind(t), btf_vlen(t));
    left -= BTF_RECORD_SIZE;
    if (data < 0 || btf_kind(t) == BTF_KIND_UNKN) {
      *fr = (BtfFrame){BTF_FRAME_BAD_KIND, id, off, left, 0};
      return;
    }
    if ((uint64_t)data > left) {
      *fr = (BtfFrame){BTF_FRAME_SHORT_DATA, id, off, left, (uint32_t)data};
      return;
    }
    if (btf->nr_types == cap) {
      cap = cap ? cap * 2 : 1024;
      btf->type_offs = xrealloc(btf->type_offs, cap * sizeof(uint32_t));
    }
    btf->type_offs[btf->nr_types++] = off;
    off += BTF_RECORD_SIZE + (uint32_t)data;
  }
}

static bool frame_error(const Btf *btf, BtfError *err) {
  const BtfFrame *fr = &btf->frame;
  uint32_t at = btf->hdr.hdr_len + btf->hdr.type_off + fr->offset;
  const BtfType *t =
      (const BtfType *)((const char *)btf->type_data + fr->offset);
  switch (fr->stop) {
  case BTF_FRAME_NONE:
    return true;
  case BTF_FRAME_SHORT:
    read_error(err, "type [%u] at offset 0x%x: truncated record, %u bytes left "
            "in the type section, a record needs 12", fr->id, at, fr->left);
    break;
  case BTF_FRAME_BAD_KIND:
    read_error(err, "type [%u] at offset 0x%x: unknown kind %u (info 0x%08x)",
            fr->id, at, btf_kind(t), t->info);
    break;
  case BTF_FRAME_SHORT_DATA:
    read_error(err, "type [%u] %s at offset 0x%x: vlen %u needs %u bytes of "
            "trailing data, only %u left in the type section", fr->id,
            btf_kind_str(btf_kind(t)), at, btf_vlen(t), fr->needed, fr->left);
    break;
  }
  return false;
}

static bool name_ok(const Btf *btf, uint32_t id, const char *what,
                    uint32_t idx, uint32_t off, BtfError *err) {
  if (btf_str_by_offset(btf, off))
    return true;
  const BtfType *t = btf_type_by_id(btf, id);
  uint32_t at = btf->hdr.hdr_len + btf->hdr.type_off +
                btf->type_offs[id - btf->start_id];
  uint32_t strs_end = btf->start_str_off + btf->hdr.str_len;
  if (what)
    read_error(err, "type [%u] %s at offset 0x%x: %s #%u: name offset %u is "
            "past the end of the strings (size %u)", id,
            btf_kind_str(btf_kind(t)), at, what, idx, off, strs_end);
  else
    read_error(err, "type [%u] %s at offset 0x%x: name offset %u is past the "
            "end of the strings (size %u)", id, btf_kind_str(btf_kind(t)),
            at, off, strs_end);
  return false;
}

/* Every name offset of type ID is in range.  */
static bool check_names(const Btf *btf, uint32_t id, BtfError *err) {
  const BtfType *t = btf_type_by_id(btf, id);
  if (!name_ok(btf, id, NULL, 0, t->name_off, err))
    return false;
  uint32_t n = btf_vlen(t);
  switch (btf_kind(t)) {
  case BTF_KIND_STRUCT: case BTF_KIND_UNION:
    for (uint32_t i = 0; i < n; i++)
      if (!name_ok(btf, id, "member", i, btf_members(t)[i].name_off, err))
        return false;
    break;
  case BTF_KIND_ENUM:
    for (uint32_t i = 0; i < n; i++)
      if (!name_ok(btf, id, "enumerator", i, btf_enums(t)[i].name_off, err))
        return false;
    break;
  case BTF_KIND_ENUM64:
    for (uint32_t i = 0; i < n; i++)
      if (!name_ok(btf, id, "enumerator", i, btf_enum64s(t)[i].name_off,
                   err))
        return false;
    break;
  case BTF_KIND_FUNC_PROTO:
    for (uint32_t i = 0; i < n; i++)
      if (!name_ok(btf, id, "parameter", i, btf_params(t)[i].name_off, err))
        return false;
    break;
  }
  return true;
}

/* WHAT names the field holding the reference ("member", ...), IDX its
   index, or -1 when there is only one such field.  */
static bool ref_ok(const Btf *btf, uint32_t id, const char *what, long idx,
                   uint32_t ref, BtfError *err) {
  uint32_t count = btf_type_count(btf);
  if (ref < count)
    return true;
  char buf[400], field[64] = "";
  if (what && idx >= 0)
    snprintf(field, sizeof field, " %s #%ld", what, idx);
  else if (what)
    snprintf(field, sizeof field, " %s", what);
  read_error(err, "%s:%s refers to type %u, but the last type is %u",
          describe(btf, id, buf, sizeof buf), field, ref, count - 1);
  return false;
}

/* Every type reference of type ID names an existing type.  */
static bool check_refs(const Btf *btf, uint32_t id, BtfError *err) {
  const BtfType *t = btf_type_by_id(btf, id);
  unsigned kind = btf_kind(t);
  uint32_t n = btf_vlen(t);
  if (btf_kind_has_type_ref(kind) &&
      !ref_ok(btf, id, kind == BTF_KIND_FUNC_PROTO ? "return type" : NULL, -1,
              t->type, err))
    return false;
  switch (kind) {
  case BTF_KIND_ARRAY:
    return ref_ok(btf, id, "element type", -1, btf_array(t)->type, err) &&
           ref_ok(btf, id, "index type", -1, btf_array(t)->index_type, err);
  case BTF_KIND_STRUCT: case BTF_KIND_UNION:
    for (uint32_t i = 0; i < n; i++)
      if (!ref_ok(btf, id, "member", i, btf_members(t)[i].type, err))
        return false;
    break;
  case BTF_KIND_FUNC_PROTO:
    for (uint32_t i = 0; i < n; i++)
      if (!ref_ok(btf, id, "parameter", i, btf_params(t)[i].type, err))
        return false;
    break;
  case BTF_KIND_DATASEC:
    for (uint32_t i = 0; i < n; i++)
      if (!ref_ok(btf, id, "entry", i, btf_secinfos(t)[i].type, err))
        return false;
    break;
  }
  return true;
}

/* The one type a record leads to when following a chain of references
   that C cannot make circular, or 0.  */
static uint32_t chain_next(const BtfType *t) {
  switch (btf_kind(t)) {
  case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
  case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
  case BTF_KIND_FUNC: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
    return t->type;
  case BTF_KIND_ARRAY:
    return btf_array(t)->type;
  default:
    return 0;
  }
}

static void loop_error(const Btf *btf, uint32_t start, BtfError *err) {
  char buf[400], path[300];
  size_t n = 0;
  uint32_t id = start;
  for (int steps = 0; steps < 8; steps++) {
    const BtfType *t = btf_type_by_id(btf, id);
    n += (size_t)snprintf(path + n, sizeof path - n, "[%u] %s -> ", id,
                          btf_kind_str(btf_kind(t)));
    id = chain_next(t);
    if (id == start || n >= sizeof path - 40)
      break;
  }
  snprintf(path + n, sizeof path - n, id == start ? "[%u]" : "... [%u]", id);
  read_error(err, "%s: reference loop %s", describe(btf, start, buf, sizeof buf),
          path);
}

/* The chain relation gives each type at most one successor, so walking
   from every unvisited type and stamping the walk finds every cycle in
   linear time.  */
static bool check_loops(const Btf *btf, BtfError *err) {
  uint32_t *stamp = xcalloc(btf->nr_types ? btf->nr_types : 1, 4);
  bool ok = true;
  for (uint32_t i = 0; i < btf->nr_types && ok; i++) {
    uint32_t id = btf->start_id + i;
    while (id >= btf->start_id && stamp[id - btf->start_id] == 0) {
      stamp[id - btf->start_id] = i + 1;
      id = chain_next(btf_type_by_id(btf, id));
    }
    if (id >= btf->start_id && stamp[id - btf->start_id] == i + 1) {
      loop_error(btf, id, err);
      ok = false;
    }
  }
  free(stamp);
  return ok;
}

static bool check_types(const Btf *btf, BtfError *err) {
  for (uint32_t i = 0; i < btf->nr_types; i++)
    if (!check_names(btf, btf->start_id + i, err))
      return false;
  for (uint32_t i = 0; i < btf->nr_types; i++)
    if (!check_refs(btf, btf->start_id + i, err))
      return false;
  return check_loops(btf, err);
}

/* btf_parse, the blob copied, or taken when OWNED (DATA itself).  */
static Btf *parse_blob(const void *data, size_t size, uint8_t *owned,
                       const BtfReadOptions *opts, BtfError *err) {
  static const BtfReadOptions defaults;
  if (!opts)
    opts = &defaults;
  if (size > UINT32_MAX) {
    read_error(err, "BTF blob of %zu bytes is too large", size);
    free(owned);
    return NULL;
  }
  Btf *btf = xcalloc(1, sizeof *btf);
  btf->base = opts->base;
  btf->start_id = opts->base ? btf_type_count(opts->base) : 1;
  btf->start_str_off =
      opts->base ? opts->base->start_str_off + opts->base->hdr.str_len : 0;
  if (!read_header(btf, data, size, opts->lenient, err) ||
      !check_sections(&btf->hdr, size, err))
    goto fail;
  copy_data(btf, data, size, owned);
  owned = NULL; /* btf->raw now */
  if (!check_strings(btf, err))
    goto fail;
  frame_types(btf);
  if (opts->lenient)
    return btf;
  if (!frame_error(btf, err) || !check_types(btf, err))
    goto fail;
  return btf;
fail:
  free(owned);
  btf_free(btf);
  return NULL;
}

Btf *btf_parse(const void *data, size_t size, const BtfReadOptions *opts,
               BtfError *err) {
  return parse_blob(data, size, NULL, opts, err);
}

Btf *btf_parse_taken(Buf *blob, const BtfReadOptions *opts, BtfError *err) {
  Buf b = *blob;
  *blob = (Buf){0};
  return parse_blob(b.data, b.len, (uint8_t *)b.data, opts, err);
}

/* --- Files --- */

bool btf_file_open(BtfFile *f, const char *path, BtfError *err) {
  memset(f, 0, sizeof *f);
  if (!read_file(path, &f->data, &f->size)) {
    read_error(err, "cannot read: %s", strerror(errno));
    return false;
  }
  const uint8_t *d = (const uint8_t *)f->data;
  if (btf_has_magic(d, f->size)) {
    f->blob = d;
    f->blob_size = f->size;
    return true;
  }
  if (!elf_is_elf(d, f->size)) {
    read_error(err, "neither raw BTF nor an ELF file (starts with %s)",
            f->size >= 4 ? "unknown bytes" : "too few bytes");
    btf_file_close(f);
    return false;
  }
  ElfError eerr;
  f->elf = elf_open(d, f->size, &eerr);
  if (!f->elf) {
    read_error(err, "bad ELF file: %s", eerr.msg);
    btf_file_close(f);
    return false;
  }
  const ElfSection *sec = elf_section_by_name(f->elf, ".BTF");
  if (!sec || !sec->data) {
    read_error(err, sec ? ".BTF section has no data" : "no .BTF section");
    btf_file_close(f);
    return false;
  }
  if (sec->flags & ELF_SHF_COMPRESSED) {
    read_error(err, ".BTF section is compressed, which is not supported");
    btf_file_close(f);
    return false;
  }
  f->blob = sec->data;
  f->blob_size = (size_t)sec->size;
  f->blob_offset = sec->offset;
  return true;
}

void btf_file_close(BtfFile *f) {
  elf_close(f->elf);
  free(f->data);
  memset(f, 0, sizeof *f);
}
