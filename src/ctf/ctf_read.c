/* Reading CTF for `btftool dump`: a CTF version 3 dictionary (the .ctf
   of an object, in the byte order its preamble shows) or a CTF archive
   (ld's linked .ctf: a header, a table of named members, each member a
   dictionary; those that name a parent are children, whose own type ids
   have the top bit set and whose lower ids are the parent's -- the
   member without a parent name).

   Nothing is read before it is checked: the header's sections must be
   in order and inside the data, each type record and its trailing data
   inside the type section, each name inside the string table (or marked
   as the ELF string table's, which is named, not read), each type id a
   type of the dictionary or, in a child, of its parent.  A failed check
   stops the dump with a message naming the dictionary, the place and
   what is wrong.

   The dump: one line per type, `[ID] KIND 'name' fields...`, its
   members, enumerators or arguments on the lines below; then the data
   objects, functions and variables with their type ids.  */
#include "ctf_read.h"

#include "ctf_format.h"

#include <string.h>

#define CTFA_MAGIC 0x8b47f2a4d7623eebull
#define CTFA_HEADER_SIZE 40
#define CTF_CHILD_BIT 0x80000000u
#define CTF_NAME_EXTERNAL 0x80000000u

typedef struct Dict {
  const uint8_t *data; /* the whole dictionary */
  size_t size;
  bool be;
  uint8_t flags;
  uint32_t parname, cuname;
  uint32_t off[9]; /* lbl objt func objtidx funcidx var type str, strlen */
  const uint8_t *body; /* after the header */
  size_t body_size;
  VEC(uint32_t) types; /* body offset of each type record */
  bool child;
  uint32_t parent_types; /* a child's parent's type count (0: unknown) */
  const char *label;     /* for messages: "dictionary", "member 'x'" */
} Dict;

enum { LBL, OBJT, FUNC, OBJTIDX, FUNCIDX, VAR, TYPE, STR, STRLEN };
static const char *const section_names[] = {
    "label", "data object", "function info", "object index",
    "function index", "variable", "type", "string"};

static uint32_t word(const Dict *d, size_t body_off) {
  return load_u32(d->body + body_off, d->be);
}

bool ctf_has_magic(const void *data, size_t size) {
  const uint8_t *p = data;
  if (size >= 4 && ((p[0] == 0xf2 && p[1] == 0xdf) || (p[0] == 0xdf && p[1] == 0xf2)))
    return true;
  return size >= 8 && (load_u64(p, false) == CTFA_MAGIC || load_u64(p, true) == CTFA_MAGIC);
}

/* --- Checks --- */

static bool parse_header(Dict *d, ReadError *err) {
  if (d->size < CTF_HEADER_SIZE)
    return read_error(err, "%s: %zu bytes, too short for a CTF header (%d)",
                      d->label, d->size, CTF_HEADER_SIZE);
  const uint8_t *p = d->data;
  if (p[0] == 0xf2 && p[1] == 0xdf)
    d->be = false;
  else if (p[0] == 0xdf && p[1] == 0xf2)
    d->be = true;
  else
    return read_error(err, "%s: bad CTF magic 0x%02x%02x", d->label, p[1], p[0]);
  if (p[2] != CTF_VERSION_3)
    return read_error(err, "%s: CTF format version %u is not supported (only "
                      "version 4, CTF_VERSION_3)", d->label, p[2]);
  d->flags = p[3];
  if (d->flags & CTF_F_COMPRESS)
    return read_error(err, "%s: compressed CTF is not supported", d->label);
  d->parname = load_u32(p + 8, d->be);
  d->cuname = load_u32(p + 12, d->be);
  for (int i = 0; i < 9; i++)
    d->off[i] = load_u32(p + 16 + 4 * i, d->be);
  d->body = p + CTF_HEADER_SIZE;
  d->body_size = d->size - CTF_HEADER_SIZE;
  for (int i = LBL; i < STR; i++) {
    if (d->off[i] > d->off[i + 1])
      return read_error(err, "%s: the %s section (offset 0x%x) ends before it "
                        "starts (next section at 0x%x)", d->label, section_names[i],
                        d->off[i], d->off[i + 1]);
    if (d->off[i] % 4)
      return read_error(err, "%s: the %s section's offset 0x%x is not 4-aligned",
                        d->label, section_names[i], d->off[i]);
  }
  if ((uint64_t)d->off[STR] + d->off[STRLEN] > d->body_size)
    return read_error(err, "%s: the string section (0x%x + 0x%x bytes) runs past "
                      "the end of the data (0x%zx bytes after the header)",
                      d->label, d->off[STR], d->off[STRLEN], d->body_size);
  if (d->off[STRLEN] && d->body[d->off[STR] + d->off[STRLEN] - 1] != 0)
    return read_error(err, "%s: the string section does not end in a NUL", d->label);
  if ((d->off[VAR + 1] - d->off[VAR]) % 8)
    return read_error(err, "%s: the variable section is not a whole number of "
                      "entries (8 bytes each)", d->label);
  uint32_t nobjt = d->off[FUNC] - d->off[OBJT], nfunc = d->off[OBJTIDX] - d->off[FUNC];
  uint32_t nobjtidx = d->off[FUNCIDX] - d->off[OBJTIDX], nfuncidx = d->off[VAR] - d->off[FUNCIDX];
  if (nobjtidx && nobjtidx != nobjt)
    return read_error(err, "%s: the object index has %u entries for %u data objects",
                      d->label, nobjtidx / 4, nobjt / 4);
  if (nfuncidx && nfuncidx != nfunc)
    return read_error(err, "%s: the function index has %u entries for %u functions",
                      d->label, nfuncidx / 4, nfunc / 4);
  return true;
}

/* A name: NULL after an error.  */
static const char *name_at(const Dict *d, uint32_t off, char *ext, size_t extlen,
                           ReadError *err, const char *what, uint64_t where) {
  if (off & CTF_NAME_EXTERNAL) {
    snprintf(ext, extlen, "<ELF string 0x%x>", off & ~CTF_NAME_EXTERNAL);
    return ext;
  }
  if (off == 0)
    return "";
  if (off >= d->off[STRLEN]) {
    read_error(err, "%s: %s at 0x%llx: name offset 0x%x is past the string "
               "section (0x%x bytes)", d->label, what, (unsigned long long)where,
               off, d->off[STRLEN]);
    return NULL;
  }
  return (const char *)d->body + d->off[STR] + off; /* NUL-terminated: checked */
}

/* Bytes of the data after a type record of KIND.  */
static uint64_t trailing_bytes(uint32_t kind, uint32_t vlen, uint64_t size) {
  switch (kind) {
  case CTF_K_INTEGER:
  case CTF_K_FLOAT:
    return 4;
  case CTF_K_FUNCTION:
    return ((uint64_t)vlen + (vlen & 1)) * 4;
  case CTF_K_ARRAY:
    return 12;
  case CTF_K_SLICE:
    return 8;
  case CTF_K_STRUCT:
  case CTF_K_UNION:
    return (uint64_t)vlen * (size >= CTF_LSTRUCT_THRESH ? 16 : 12);
  case CTF_K_ENUM:
    return (uint64_t)vlen * 8;
  default:
    return 0;
  }
}

/* The size (or referenced type) of the record at OFF and its header
   length.  */
static uint64_t record_size(const Dict *d, uint32_t off, uint32_t *hdr) {
  uint32_t size = word(d, off + 8);
  *hdr = 12;
  if (size == CTF_LSIZE_SENT) {
    *hdr = 20;
    return (uint64_t)word(d, off + 12) << 32 | word(d, off + 16);
  }
  return size;
}

static bool index_types(Dict *d, ReadError *err) {
  uint32_t off = d->off[TYPE], end = d->off[STR];
  while (off < end) {
    if (end - off < 12)
      return read_error(err, "%s: type %zu at 0x%x: record cut off by the end of "
                        "the type section", d->label, d->types.len + 1, off);
    uint32_t info = word(d, off + 4);
    uint32_t kind = CTF_INFO_KIND(info), hdr;
    if (kind > CTF_K_SLICE)
      return read_error(err, "%s: type %zu at 0x%x: unknown kind %u", d->label,
                        d->types.len + 1, off, kind);
    if (word(d, off + 8) == CTF_LSIZE_SENT && end - off < 20)
      return read_error(err, "%s: type %zu at 0x%x: long record cut off", d->label,
                        d->types.len + 1, off);
    uint64_t size = record_size(d, off, &hdr);
    uint64_t len = hdr + trailing_bytes(kind, CTF_INFO_VLEN(info), size);
    if (len > end - off)
      return read_error(err, "%s: type %zu at 0x%x: %llu bytes of record and "
                        "members run past the type section", d->label,
                        d->types.len + 1, off, (unsigned long long)len);
    vec_push(&d->types, off);
    off += (uint32_t)len;
  }
  return true;
}

/* Whether ID names a type here (0 is void).  */
static bool valid_id(const Dict *d, uint32_t id) {
  if (id == 0)
    return true;
  if (d->child) {
    if (id & CTF_CHILD_BIT)
      return (id & ~CTF_CHILD_BIT) >= 1 && (id & ~CTF_CHILD_BIT) <= d->types.len;
    return !d->parent_types || id <= d->parent_types;
  }
  return id <= d->types.len;
}

static bool check_id(const Dict *d, uint32_t id, const char *what, uint64_t where,
                     ReadError *err) {
  if (valid_id(d, id))
    return true;
  return read_error(err, "%s: %s at 0x%llx: type id 0x%x is not a type of the "
                    "dictionary (%zu types)", d->label, what,
                    (unsigned long long)where, id, d->types.len);
}

/* --- Dump --- */

static const char *const kind_names[] = {
    "UNKNOWN", "INTEGER", "FLOAT", "POINTER", "ARRAY", "FUNCTION", "STRUCT",
    "UNION", "ENUM", "FORWARD", "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "SLICE"};

static uint32_t type_id(const Dict *d, size_t index) {
  return (uint32_t)index + 1 + (d->child ? CTF_CHILD_BIT : 0);
}

static void put_id(Buf *out, uint32_t id) {
  if (id & CTF_CHILD_BIT)
    buf_printf(out, "0x%x", id);
  else
    buf_printf(out, "%u", id);
}

static bool dump_members(const Dict *d, Buf *out, uint32_t at, uint32_t vlen,
                         uint64_t size, ReadError *err) {
  bool large = size >= CTF_LSTRUCT_THRESH;
  char ext[48];
  for (uint32_t i = 0; i < vlen; i++, at += large ? 16 : 12) {
    uint32_t type = word(d, at + 8); /* both layouts */
    uint64_t off = large ? (uint64_t)word(d, at + 4) << 32 | word(d, at + 12)
                         : word(d, at + 4);
    const char *name = name_at(d, word(d, at), ext, sizeof ext, err, "member", at);
    if (!name || !check_id(d, type, "member", at, err))
      return false;
    buf_printf(out, "\t'%s' type_id=", *name ? name : "(anon)");
    put_id(out, type);
    buf_printf(out, " bits_offset=%llu\n", (unsigned long long)off);
  }
  return true;
}

static bool dump_type(const Dict *d, Buf *out, size_t index, ReadError *err) {
  uint32_t off = d->types.data[index], hdr;
  uint32_t info = word(d, off + 4), kind = CTF_INFO_KIND(info), vlen = CTF_INFO_VLEN(info);
  uint64_t size = record_size(d, off, &hdr);
  uint32_t at = off + hdr;
  char ext[48];
  const char *name = name_at(d, word(d, off), ext, sizeof ext, err, "type", off);
  if (!name)
    return false;
  buf_printf(out, "[");
  put_id(out, type_id(d, index));
  buf_printf(out, "] %s '%s'", kind_names[kind], *name ? name : "(anon)");
  if (!CTF_INFO_ROOT(info))
    buf_printf(out, " non-root");
  uint32_t ref = (uint32_t)size;
  switch (kind) {
  case CTF_K_INTEGER: {
    uint32_t enc = word(d, at);
    uint32_t fmt = enc >> 24;
    buf_printf(out, " size=%llu bits_offset=%u nr_bits=%u encoding=%s%s%s%s\n",
               (unsigned long long)size, (enc >> 16) & 0xff, enc & 0xffff,
               fmt & CTF_INT_SIGNED ? "SIGNED" : "UNSIGNED",
               fmt & CTF_INT_CHAR ? "|CHAR" : "", fmt & CTF_INT_BOOL ? "|BOOL" : "",
               fmt & CTF_INT_VARARGS ? "|VARARGS" : "");
    return true;
  }
  case CTF_K_FLOAT: {
    static const char *const formats[] = {"0", "SINGLE", "DOUBLE", "CPLX", "DCPLX",
                                          "LDCPLX", "LDOUBLE", "INTRVL", "DINTRVL",
                                          "LDINTRVL", "IMAGRY", "DIMAGRY", "LDIMAGRY"};
    uint32_t enc = word(d, at), fmt = enc >> 24;
    buf_printf(out, " size=%llu format=%s nr_bits=%u\n", (unsigned long long)size,
               fmt < sizeof formats / sizeof *formats ? formats[fmt] : "?", enc & 0xffff);
    return true;
  }
  case CTF_K_POINTER:
  case CTF_K_TYPEDEF:
  case CTF_K_VOLATILE:
  case CTF_K_CONST:
  case CTF_K_RESTRICT:
    if (!check_id(d, ref, kind_names[kind], off, err))
      return false;
    buf_printf(out, " type_id=");
    put_id(out, ref);
    buf_printf(out, "\n");
    return true;
  case CTF_K_ARRAY: {
    uint32_t contents = word(d, at), idx = word(d, at + 4);
    if (!check_id(d, contents, "array contents", at, err) ||
        !check_id(d, idx, "array index", at + 4, err))
      return false;
    buf_printf(out, " type_id=");
    put_id(out, contents);
    buf_printf(out, " index_type_id=");
    put_id(out, idx);
    buf_printf(out, " nr_elems=%u\n", word(d, at + 8));
    return true;
  }
  case CTF_K_SLICE: {
    uint32_t base = word(d, at);
    if (!check_id(d, base, "slice", at, err))
      return false;
    buf_printf(out, " size=%llu type_id=", (unsigned long long)size);
    put_id(out, base);
    buf_printf(out, " bits_offset=%u nr_bits=%u\n",
               load_u16(d->body + at + 4, d->be), load_u16(d->body + at + 6, d->be));
    return true;
  }
  case CTF_K_FUNCTION:
    if (!check_id(d, ref, "function return", off, err))
      return false;
    buf_printf(out, " ret_type_id=");
    put_id(out, ref);
    buf_printf(out, " vlen=%u\n", vlen);
    for (uint32_t i = 0; i < vlen; i++) {
      uint32_t arg = word(d, at + 4 * i);
      if (!check_id(d, arg, "function argument", at + 4 * i, err))
        return false;
      buf_printf(out, "\ttype_id=");
      put_id(out, arg);
      buf_printf(out, "%s\n", arg == 0 && i == vlen - 1 ? " (varargs)" : "");
    }
    return true;
  case CTF_K_STRUCT:
  case CTF_K_UNION:
    buf_printf(out, " size=%llu vlen=%u\n", (unsigned long long)size, vlen);
    return dump_members(d, out, at, vlen, size, err);
  case CTF_K_ENUM:
    buf_printf(out, " size=%llu vlen=%u\n", (unsigned long long)size, vlen);
    for (uint32_t i = 0; i < vlen; i++, at += 8) {
      const char *en = name_at(d, word(d, at), ext, sizeof ext, err, "enumerator", at);
      if (!en)
        return false;
      buf_printf(out, "\t'%s' val=%d\n", en, (int32_t)word(d, at + 4));
    }
    return true;
  case CTF_K_FORWARD:
    buf_printf(out, " fwd_kind=%s\n", ref == CTF_K_UNION ? "union"
                                      : ref == CTF_K_ENUM ? "enum" : "struct");
    return true;
  default:
    buf_printf(out, " size=%llu\n", (unsigned long long)size);
    return true;
  }
}

/* Data objects or functions: type ids, named by their index if any.  */
static bool dump_symbols(const Dict *d, Buf *out, int sec, int idx, const char *title,
                         ReadError *err) {
  uint32_t n = (d->off[sec + 1] - d->off[sec]) / 4;
  if (!n)
    return true;
  bool named = d->off[idx + 1] > d->off[idx];
  char ext[48];
  buf_printf(out, "%s:\n", title);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t at = d->off[sec] + 4 * i, type = word(d, at);
    if (!check_id(d, type, title, at, err))
      return false;
    const char *name = "(no index)";
    if (named) {
      uint32_t nat = d->off[idx] + 4 * i;
      name = name_at(d, word(d, nat), ext, sizeof ext, err, title, nat);
      if (!name)
        return false;
    }
    buf_printf(out, "\t'%s' type_id=", name);
    put_id(out, type);
    buf_printf(out, "\n");
  }
  return true;
}

static bool dump_variables(const Dict *d, Buf *out, ReadError *err) {
  uint32_t n = (d->off[VAR + 1] - d->off[VAR]) / 8;
  if (!n)
    return true;
  char ext[48];
  buf_printf(out, "Variables:\n");
  for (uint32_t i = 0; i < n; i++) {
    uint32_t at = d->off[VAR] + 8 * i, type = word(d, at + 4);
    const char *name = name_at(d, word(d, at), ext, sizeof ext, err, "variable", at);
    if (!name || !check_id(d, type, "variable", at, err))
      return false;
    buf_printf(out, "\t'%s' type_id=", name);
    put_id(out, type);
    buf_printf(out, "\n");
  }
  return true;
}

static bool dump_dict(Dict *d, Buf *out, ReadError *err) {
  if (!parse_header(d, err) || !index_types(d, err))
    return false;
  char ext[48], ext2[48];
  const char *cu = name_at(d, d->cuname, ext, sizeof ext, err, "header", 12);
  const char *parent = name_at(d, d->parname, ext2, sizeof ext2, err, "header", 8);
  if (!cu || !parent)
    return false;
  d->child = d->child || *parent;
  buf_printf(out, "CTF version 4 (CTF_VERSION_3), %s-endian, flags 0x%x, "
             "compilation unit '%s'%s%s%s, %zu types\n",
             d->be ? "big" : "little", d->flags, cu, *parent ? ", parent '" : "",
             parent, *parent ? "'" : "", d->types.len);
  if (d->off[OBJT] > d->off[LBL])
    buf_printf(out, "Labels: %u bytes (not shown)\n", d->off[OBJT] - d->off[LBL]);
  for (size_t i = 0; i < d->types.len; i++)
    if (!dump_type(d, out, i, err))
      return false;
  return dump_symbols(d, out, OBJT, OBJTIDX, "Data objects", err) &&
         dump_symbols(d, out, FUNC, FUNCIDX, "Functions", err) &&
         dump_variables(d, out, err);
}

/* --- Archives --- */

static bool archive_member(const uint8_t *data, size_t size, uint64_t i,
                           uint64_t names, uint64_t ctfs, const char **name,
                           const uint8_t **dict, size_t *dict_size, ReadError *err) {
  const uint8_t *ent = data + CTFA_HEADER_SIZE + 16 * i;
  uint64_t name_off = load_u64(ent, false), ctf_off = load_u64(ent + 8, false);
  if (name_off >= size - names)
    return read_error(err, "CTF archive member %llu: name offset 0x%llx is past the "
                      "end", (unsigned long long)i, (unsigned long long)name_off);
  const char *n = (const char *)data + names + name_off;
  if (!memchr(n, 0, size - names - name_off))
    return read_error(err, "CTF archive member %llu: name not NUL-terminated",
                      (unsigned long long)i);
  if (ctf_off > size - ctfs || size - ctfs - ctf_off < 8)
    return read_error(err, "CTF archive member '%s': offset 0x%llx is past the end",
                      n, (unsigned long long)ctf_off);
  uint64_t len = load_u64(data + ctfs + ctf_off, false);
  if (len > size - ctfs - ctf_off - 8)
    return read_error(err, "CTF archive member '%s': %llu bytes run past the end "
                      "of the archive", n, (unsigned long long)len);
  *name = n;
  *dict = data + ctfs + ctf_off + 8;
  *dict_size = (size_t)len;
  return true;
}

static bool dump_archive(const uint8_t *data, size_t size, Buf *out, ReadError *err) {
  if (load_u64(data, true) == CTFA_MAGIC)
    return read_error(err, "big-endian CTF archives are not supported");
  if (size < CTFA_HEADER_SIZE)
    return read_error(err, "CTF archive: %zu bytes, too short for its header", size);
  uint64_t n = load_u64(data + 16, false), names = load_u64(data + 24, false),
           ctfs = load_u64(data + 32, false);
  if (n > (size - CTFA_HEADER_SIZE) / 16)
    return read_error(err, "CTF archive: %llu members do not fit in %zu bytes",
                      (unsigned long long)n, size);
  if (names > size || ctfs > size)
    return read_error(err, "CTF archive: name table (0x%llx) or dictionaries (0x%llx) "
                      "past the end (0x%zx)", (unsigned long long)names,
                      (unsigned long long)ctfs, size);
  buf_printf(out, "CTF archive: %llu dictionaries\n", (unsigned long long)n);
  /* The parent (the shared dictionary, the one without a parent name)
     first: its type count bounds the children's references to it.  */
  uint32_t parent_types = 0;
  for (uint64_t i = 0; i < n; i++) {
    const char *name;
    const uint8_t *dict;
    size_t len;
    if (!archive_member(data, size, i, names, ctfs, &name, &dict, &len, err))
      return false;
    Dict d = {.data = dict, .size = len, .label = "CTF archive member"};
    if (parse_header(&d, err) && !d.parname && index_types(&d, err))
      parent_types = (uint32_t)d.types.len;
    vec_free(&d.types);
  }
  for (uint64_t i = 0; i < n; i++) {
    const char *name;
    const uint8_t *dict;
    size_t len;
    if (!archive_member(data, size, i, names, ctfs, &name, &dict, &len, err))
      return false;
    char label[256];
    snprintf(label, sizeof label, "CTF archive member '%.200s'", name);
    buf_printf(out, "\n%s:\n", label);
    Dict d = {.data = dict, .size = len, .label = label, .parent_types = parent_types};
    bool ok = dump_dict(&d, out, err);
    vec_free(&d.types);
    if (!ok)
      return false;
  }
  return true;
}

bool ctf_dump(const uint8_t *data, size_t size, Buf *out, ReadError *err) {
  if (size >= 8 && (load_u64(data, false) == CTFA_MAGIC || load_u64(data, true) == CTFA_MAGIC))
    return dump_archive(data, size, out, err);
  Dict d = {.data = data, .size = size, .label = "CTF dictionary"};
  bool ok = dump_dict(&d, out, err);
  vec_free(&d.types);
  return ok;
}
