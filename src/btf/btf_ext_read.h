/* Reading .BTF.ext: the func_info, line_info and core_relo records a BPF
   object carries beside its .BTF, parsed (either byte order) into host
   order and validated against the BTF they name.

   The reader accepts what libbpf's btf_ext__new accepts (header of at
   least 24 bytes, version 1, no flags; each table 4-byte aligned inside
   the section, with a record size no smaller than libbpf's minimum and a
   multiple of 4, and one or more sections of one or more records), and
   then checks each record as libbpf and the kernel use it: the section
   name, file name, line text and access string offsets are strings of
   the .BTF string table, instruction offsets are multiples of 8 (inside
   the code section when the object has one of that name), func_info and
   line_info offsets increase within a section, func_info names a FUNC
   and core_relo a type that exists, access strings are numbers joined by
   ':' and relocation kinds are libbpf's.  Every error says what is wrong
   and where (".BTF.ext+0xOFFSET: ...").  */
#ifndef BTFCC_BTF_EXT_READ_H
#define BTFCC_BTF_EXT_READ_H

#include "btf_read.h"

/* The three tables of .BTF.ext, in their order in the header.  */
typedef enum { BTF_EXT_FUNC, BTF_EXT_LINE, BTF_EXT_CORE, BTF_EXT_TABLES } BtfExtKind;

/* One record: the first words of each kind's layout (libbpf's
   bpf_func_info_min, bpf_line_info_min, bpf_core_relo); a record size
   larger than the minimum carries words this reader skips.
     func_info: insn_off, type_id
     line_info: insn_off, file_name_off, line_off, line_col
     core_relo: insn_off, type_id, access_str_off, kind  */
typedef struct BtfExtRecord {
  uint32_t w[4];
  uint32_t offset; /* in .BTF.ext */
} BtfExtRecord;

/* The records of one code section in one table.  */
typedef struct BtfExtSection {
  uint32_t name_off;
  const char *name; /* in the .BTF string table */
  uint32_t offset;  /* of its header in .BTF.ext */
  uint32_t first;   /* index of its first record in the table */
  uint32_t count;
} BtfExtSection;

typedef struct BtfExtTable {
  bool present;     /* header long enough and length not 0 */
  uint32_t off, len;  /* from the header (relative to its end) */
  uint32_t rec_size;
  VEC(BtfExtSection) secs;
  VEC(BtfExtRecord) recs;
} BtfExtTable;

typedef struct BtfExt {
  bool swapped;       /* the other byte order than the host's */
  uint8_t version, flags;
  uint32_t hdr_len;
  uint32_t size;
  BtfExtTable tables[BTF_EXT_TABLES];
} BtfExt;

/* The size of the code section named NAME, or -1 when the object has no
   section of that name (raw input: no check).  */
typedef int64_t BtfExtSectionSize(const void *arg, const char *name);

/* Parse the SIZE bytes at DATA (relocations already applied) against
   BTF.  SECTION_SIZE (may be NULL) bounds instruction offsets.  Returns
   NULL and fills err on failure.  */
BtfExt *btf_ext_parse(const uint8_t *data, size_t size, const Btf *btf,
                      BtfExtSectionSize *section_size, const void *arg,
                      BtfError *err);
void btf_ext_free(BtfExt *ext);

/* "func_info", "line_info", "core_relo".  */
const char *btf_ext_table_name(BtfExtKind kind);

/* libbpf's name of a CO-RE relocation kind ("byte_off" ...), or NULL.  */
const char *btf_ext_core_kind_name(uint32_t kind);

/* The .BTF.ext of ELF F with its relocations applied, in a new buffer
   (*data, *size; free it); *data is NULL when F has none.  Returns false
   and fills err when the section or its relocations are unusable.  */
bool btf_ext_section_bytes(ElfFile *f, uint8_t **data, size_t *size,
                           BtfError *err);

#endif
