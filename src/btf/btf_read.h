/* Reading BTF: parse a raw blob (either byte order) into a host-order,
   type-indexed view, and validate it structurally.

   Strict parsing (the default) guarantees to every consumer that:
     - the header and both sections lie inside the blob, types before
       strings, the type section 4-byte aligned;
     - the string section is non-empty, starts (for base BTF) and ends
       with a NUL, so every in-range offset names a terminated string;
     - the type section is an exact sequence of records of known kinds
       whose trailing data all fits;
     - every name offset (types, members, enumerators, parameters) is in
       range, every type reference is an existing id;
     - no reference chain (PTR/TYPEDEF/CONST/VOLATILE/RESTRICT/TYPE_TAG/
       FUNC/VAR/DECL_TAG/ARRAY element) loops back on itself.
   Lenient parsing checks only the header, the sections and the strings
   (any version is accepted), and whatever is needed to find the records;
   it stops at the first record it cannot frame and says where
   (btf->frame), and leaves names, references and loops unchecked.  The
   kernel-rule checker (btf_check.h) uses it so that it can report what
   the kernel would report for blobs the strict reader rejects.

   A blob in the other byte order must have the 24-byte header (as for
   libbpf): nothing else says how to convert longer ones.  */
#ifndef BTFCC_BTF_READ_H
#define BTFCC_BTF_READ_H

#include "../elf/elf_read.h"
#include "../util/binary.h"
#include "../util/util.h"
#include "btf_format.h"

/* The records as they are laid out in a blob (host byte order here).  */
typedef struct BtfHeader {
  uint16_t magic;
  uint8_t version;
  uint8_t flags;
  uint32_t hdr_len;
  uint32_t type_off; /* relative to the end of the header */
  uint32_t type_len;
  uint32_t str_off;  /* relative to the end of the header */
  uint32_t str_len;
} BtfHeader;

typedef struct BtfType {
  uint32_t name_off;
  uint32_t info; /* vlen, kind, kflag: see BTF_INFO_* */
  union {
    uint32_t size; /* INT ENUM ENUM64 STRUCT UNION DATASEC FLOAT */
    uint32_t type; /* everything else that refers to a type */
  };
} BtfType;

typedef struct BtfArray { uint32_t type, index_type, nelems; } BtfArray;
typedef struct BtfMember { uint32_t name_off, type, offset; } BtfMember;
typedef struct BtfEnum { uint32_t name_off; int32_t val; } BtfEnum;
typedef struct BtfEnum64 { uint32_t name_off, val_lo32, val_hi32; } BtfEnum64;
typedef struct BtfParam { uint32_t name_off, type; } BtfParam;
typedef struct BtfVar { uint32_t linkage; } BtfVar;
typedef struct BtfVarSecinfo { uint32_t type, offset, size; } BtfVarSecinfo;
typedef struct BtfDeclTag { int32_t component_idx; } BtfDeclTag;

/* Why lenient framing stopped (BTF_FRAME_NONE: it did not).  */
typedef enum {
  BTF_FRAME_NONE,
  BTF_FRAME_SHORT,        /* fewer than 12 bytes left for a record */
  BTF_FRAME_BAD_KIND,     /* kind 0 or above BTF_KIND_MAX */
  BTF_FRAME_SHORT_DATA,   /* the kind's trailing data does not fit */
} BtfFrameStop;

typedef struct BtfFrame {
  BtfFrameStop stop;
  uint32_t id;        /* id the record would have had */
  uint32_t offset;    /* its offset in the type section */
  uint32_t left;      /* bytes left after the 12-byte common part (or
                         before it, for BTF_FRAME_SHORT) */
  uint32_t needed;    /* bytes the kind needed after the common part */
} BtfFrame;

/* A parsed blob.  Read-only for consumers; the fields are public so hot
   loops can index types directly.  */
typedef struct Btf {
  BtfHeader hdr;           /* host byte order */
  bool swapped;            /* the input was in the other byte order */
  uint8_t *raw;            /* the whole blob, converted to host order */
  uint32_t raw_size;
  uint32_t *type_data;     /* the type section, 4-byte aligned: inside
                              raw when it is aligned there, else a copy */
  bool type_data_in_raw;
  const char *strs;        /* the string section (inside raw) */
  uint32_t start_id;       /* id of the first type here (1 without base) */
  uint32_t start_str_off;  /* string offsets below this are the base's */
  uint32_t nr_types;       /* number of types in this blob */
  uint32_t *type_offs;     /* byte offset of each type in type_data */
  const struct Btf *base;  /* split BTF: the base, else NULL */
  BtfFrame frame;          /* lenient parse: where framing stopped */
} Btf;

typedef struct BtfReadOptions {
  const Btf *base; /* parse as split BTF on top of this base */
  bool lenient;    /* framing only; see above */
} BtfReadOptions;

/* One-line error text: what is wrong and where (type id, byte offset
   from the start of the blob).  */
typedef ReadError BtfError;

/* Parse SIZE bytes at DATA (copied; the caller keeps DATA).  opts may be
   NULL.  Returns NULL and fills err on failure.  */
Btf *btf_parse(const void *data, size_t size, const BtfReadOptions *opts,
               BtfError *err);
/* btf_parse, the bytes of BLOB taken rather than copied (a kernel's raw
   BTF is a quarter of a gigabyte); BLOB is left empty, also on failure.  */
Btf *btf_parse_taken(Buf *blob, const BtfReadOptions *opts, BtfError *err);
void btf_free(Btf *btf);

/* Whether DATA starts with the BTF magic in either byte order.  */
bool btf_has_magic(const void *data, size_t size);

/* One past the highest type id (counting the base): ids 0..count-1.  */
static inline uint32_t btf_type_count(const Btf *btf) {
  return btf->start_id + btf->nr_types;
}

/* The type with this id (0 gives a static all-zero "void" record), or
   NULL when the id is out of range.  */
const BtfType *btf_type_by_id(const Btf *btf, uint32_t id);

/* The string at OFF (base strings included), or NULL when out of range.
   Offset 0 is the empty string.  */
const char *btf_str_by_offset(const Btf *btf, uint32_t off);

/* "INT", "PTR" ... for a kind; "UNKNOWN" for 0 and anything unknown.  */
const char *btf_kind_str(unsigned kind);

/* Bytes of trailing data a record of this kind and vlen carries, or -1
   for an unknown kind.  */
long btf_type_data_size(unsigned kind, uint32_t vlen);

static inline unsigned btf_kind(const BtfType *t) {
  return BTF_INFO_KIND(t->info);
}
static inline uint32_t btf_vlen(const BtfType *t) {
  return BTF_INFO_VLEN(t->info);
}
static inline bool btf_kflag(const BtfType *t) {
  return BTF_INFO_KFLAG(t->info) != 0;
}

/* Trailing data of a record, by kind.  */
static inline uint32_t btf_int_data(const BtfType *t) {
  return *(const uint32_t *)(t + 1);
}
static inline const BtfArray *btf_array(const BtfType *t) {
  return (const BtfArray *)(t + 1);
}
static inline const BtfMember *btf_members(const BtfType *t) {
  return (const BtfMember *)(t + 1);
}
static inline const BtfEnum *btf_enums(const BtfType *t) {
  return (const BtfEnum *)(t + 1);
}
static inline const BtfEnum64 *btf_enum64s(const BtfType *t) {
  return (const BtfEnum64 *)(t + 1);
}
static inline const BtfParam *btf_params(const BtfType *t) {
  return (const BtfParam *)(t + 1);
}
static inline const BtfVar *btf_var(const BtfType *t) {
  return (const BtfVar *)(t + 1);
}
static inline const BtfVarSecinfo *btf_secinfos(const BtfType *t) {
  return (const BtfVarSecinfo *)(t + 1);
}
static inline const BtfDeclTag *btf_decl_tag(const BtfType *t) {
  return (const BtfDeclTag *)(t + 1);
}

/* Member bit offset and bitfield size, honouring the struct's kflag.  */
static inline uint32_t btf_member_bit_offset(const BtfType *s,
                                             const BtfMember *m) {
  return btf_kflag(s) ? BTF_MEMBER_BIT_OFFSET(m->offset) : m->offset;
}
static inline uint32_t btf_member_bitfield_size(const BtfType *s,
                                                const BtfMember *m) {
  return btf_kflag(s) ? BTF_MEMBER_BITFIELD_SIZE(m->offset) : 0;
}

/* Whether the kind's record refers to another type through t->type.  */
bool btf_kind_has_type_ref(unsigned kind);

/* A file holding BTF: raw BTF (starting with the magic, either byte
   order), or an ELF object of any class and byte order with a .BTF
   section, whose ElfFile stays open for the loader's fix-ups.  */
typedef struct BtfFile {
  char *data;           /* the whole file */
  size_t size;
  ElfFile *elf;         /* NULL for raw BTF */
  const uint8_t *blob;  /* the BTF bytes inside data */
  size_t blob_size;
  uint64_t blob_offset; /* where they start in the file */
} BtfFile;

/* Read PATH ("-" for standard input) and locate its BTF.  */
bool btf_file_open(BtfFile *f, const char *path, BtfError *err);
void btf_file_close(BtfFile *f);

#endif
