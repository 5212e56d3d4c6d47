/* Deduplication of BTF with libbpf's btf__dedup semantics (btf_dedup.c):
   types that are structurally equivalent become one, forward
   declarations name the one full struct or union of their name, and the
   strings are stored once.  */
#ifndef BTFCC_BTF_DEDUP_H
#define BTFCC_BTF_DEDUP_H

#include "btf_read.h"

typedef struct BtfDedupStats {
  uint32_t types_in, types_out;
  uint32_t fwds_resolved;
  uint32_t rounds; /* refinement rounds, the last one changing nothing */
} BtfDedupStats;

/* Append to OUT the raw BTF (host byte order) of BTF deduplicated:
   ids keep their order, each class of equivalent types is represented
   by its first member.  BTF must be whole (not split).  stats may be
   NULL.  Returns false and fills err for split BTF.  */
bool btf_dedup(const Btf *btf, Buf *out, BtfDedupStats *stats, BtfError *err);

#endif
