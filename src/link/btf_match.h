/* Whether two objects' BTF may describe one global (the linker's check
   of an extern against its definition, or of two weak definitions).  */
#ifndef BTFCC_LINK_BTF_MATCH_H
#define BTFCC_LINK_BTF_MATCH_H

#include "../btf/btf_read.h"

#include <stddef.h>

/* One side's types, wherever they are kept.  */
typedef struct BtfView {
  const void *ctx;
  /* The record of ID (0: void), NULL when there is no such type.  */
  const BtfType *(*type)(const void *ctx, uint32_t id);
  /* The string at OFF ("" when out of range).  */
  const char *(*str)(const void *ctx, uint32_t off);
} BtfView;

/* Whether type IDA of A and IDB of B agree as libbpf's static linker
   requires of one global's descriptions: the same kinds and names
   through typedefs and modifiers, integers, floats and enums of one
   size, prototypes with the same parameters' and return's types, arrays
   of the same element type (any length), linkage static on both or
   neither; structs and unions compared member by member (name, offset,
   type) unless reached through a pointer, where only their kind and
   name count and a forward declaration matches them.  On a mismatch
   WHY (SIZE bytes) says what differs, for an error about global NAME.  */
bool btf_globals_match(const char *name, const BtfView *a, uint32_t ida,
                       const BtfView *b, uint32_t idb, char *why, size_t size);

#endif
