/* The CTF format, version 3 (libctf's ctf.h describes the same layout):
   the constants both the writer (ctf_gen.c) and the reader (ctf_read.c)
   need.  A .ctf section is a preamble and header, then five arrays
   addressed from the header (data objects, function info, their two name
   indexes, variables), the type records, and the string table.  */
#ifndef BTFCC_CTF_FORMAT_H
#define BTFCC_CTF_FORMAT_H

#define CTF_MAGIC 0xdff2
#define CTF_VERSION_3 4
#define CTF_F_COMPRESS 0x1
#define CTF_F_NEWFUNCINFO 0x2 /* the function info section holds type ids */
#define CTF_F_IDXSORTED 0x4
#define CTF_F_DYNSTR 0x8

/* Preamble (4 bytes) and twelve 32-bit header words.  */
#define CTF_HEADER_SIZE 52

/* Type kinds (ctt_info bits 26-31).  */
enum {
  CTF_K_UNKNOWN = 0,
  CTF_K_INTEGER = 1,
  CTF_K_FLOAT = 2,
  CTF_K_POINTER = 3,
  CTF_K_ARRAY = 4,
  CTF_K_FUNCTION = 5,
  CTF_K_STRUCT = 6,
  CTF_K_UNION = 7,
  CTF_K_ENUM = 8,
  CTF_K_FORWARD = 9,
  CTF_K_TYPEDEF = 10,
  CTF_K_VOLATILE = 11,
  CTF_K_CONST = 12,
  CTF_K_RESTRICT = 13,
  CTF_K_SLICE = 14,
  CTF_K_MAX = 63,
};

#define CTF_INFO(kind, root, vlen)                                             \
  (((uint32_t)(kind) << 26) | ((uint32_t)((root) ? 1 : 0) << 25) |            \
   ((uint32_t)(vlen)&0xffffff))
#define CTF_INFO_KIND(info) ((uint32_t)(info) >> 26)
#define CTF_INFO_ROOT(info) (((uint32_t)(info) >> 25) & 1)
#define CTF_INFO_VLEN(info) ((uint32_t)(info)&0xffffff)

#define CTF_MAX_SIZE 0xfffffffeu  /* above: the long form */
#define CTF_LSIZE_SENT 0xffffffffu
#define CTF_LSTRUCT_THRESH 536870912u /* struct bytes from which members
                                         carry 64-bit offsets */
#define CTF_MAX_VLEN 0xffffff

/* Integer encodings (format bits 24-31 of the encoding word).  */
#define CTF_INT_SIGNED 0x01
#define CTF_INT_CHAR 0x02
#define CTF_INT_BOOL 0x04
#define CTF_INT_VARARGS 0x08

/* Float formats.  */
enum {
  CTF_FP_SINGLE = 1,
  CTF_FP_DOUBLE = 2,
  CTF_FP_CPLX = 3,
  CTF_FP_DCPLX = 4,
  CTF_FP_LDCPLX = 5,
  CTF_FP_LDOUBLE = 6,
};

#define CTF_ENCODING(format, offset, bits)                                     \
  (((uint32_t)(format) << 24) | ((uint32_t)(offset) << 16) | (uint32_t)(bits))

#endif
