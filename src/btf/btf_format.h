/* The BTF binary format (Linux include/uapi/linux/btf.h), as numbers.  */
#ifndef BTFCC_BTF_FORMAT_H
#define BTFCC_BTF_FORMAT_H

#include <stdint.h>

#define BTF_MAGIC 0xeB9F
#define BTF_VERSION 1
#define BTF_HEADER_SIZE 24
#define BTF_MAX_TYPE 0x000fffff
#define BTF_MAX_NAME_OFFSET 0x00ffffff
#define BTF_MAX_VLEN 0xffff

enum {
  BTF_KIND_UNKN = 0,
  BTF_KIND_INT = 1,
  BTF_KIND_PTR = 2,
  BTF_KIND_ARRAY = 3,
  BTF_KIND_STRUCT = 4,
  BTF_KIND_UNION = 5,
  BTF_KIND_ENUM = 6,
  BTF_KIND_FWD = 7,
  BTF_KIND_TYPEDEF = 8,
  BTF_KIND_VOLATILE = 9,
  BTF_KIND_CONST = 10,
  BTF_KIND_RESTRICT = 11,
  BTF_KIND_FUNC = 12,
  BTF_KIND_FUNC_PROTO = 13,
  BTF_KIND_VAR = 14,
  BTF_KIND_DATASEC = 15,
  BTF_KIND_FLOAT = 16,
  BTF_KIND_DECL_TAG = 17,
  BTF_KIND_TYPE_TAG = 18,
  BTF_KIND_ENUM64 = 19,
  BTF_KIND_MAX = 19,
};

/* btf_type.info: vlen in bits 0-15, kind in bits 24-28, kflag in bit 31. */
#define BTF_INFO(kind, kflag, vlen)                                            \
  ((((uint32_t)(kflag) & 1u) << 31) | (((uint32_t)(kind) & 0x1fu) << 24) |     \
   ((uint32_t)(vlen) & 0xffffu))
#define BTF_INFO_KIND(info) (((info) >> 24) & 0x1f)
#define BTF_INFO_VLEN(info) ((info) & 0xffff)
#define BTF_INFO_KFLAG(info) ((info) >> 31)

/* INT trailing word: encoding in bits 24-27, offset 16-23, bits 0-7.  */
#define BTF_INT_SIGNED 1u
#define BTF_INT_CHAR 2u
#define BTF_INT_BOOL 4u
#define BTF_INT_ENCODING(v) (((v) & 0x0f000000) >> 24)
#define BTF_INT_OFFSET(v) (((v) & 0x00ff0000) >> 16)
#define BTF_INT_BITS(v) ((v) & 0x000000ff)

/* Struct member offset word when kflag is set.  */
#define BTF_MEMBER_BITFIELD_SIZE(off) ((off) >> 24)
#define BTF_MEMBER_BIT_OFFSET(off) ((off) & 0xffffff)

enum { BTF_FUNC_STATIC = 0, BTF_FUNC_GLOBAL = 1, BTF_FUNC_EXTERN = 2 };
enum { BTF_VAR_STATIC = 0, BTF_VAR_GLOBAL_ALLOCATED = 1, BTF_VAR_GLOBAL_EXTERN = 2 };

/* Bytes of trailing data per kind (besides the 12-byte common part):
   INT 4; ARRAY 12; STRUCT/UNION 12*vlen; ENUM 8*vlen; ENUM64 12*vlen;
   FUNC_PROTO 8*vlen; VAR 4; DATASEC 12*vlen; DECL_TAG 4.  */

#endif
