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
   by its first member.  For split BTF, OUT is split BTF on the same
   base, whose types stand for the equal ones of BTF.  stats may be
   NULL.  Returns true (err: for failures to come).  */
bool btf_dedup(const Btf *btf, Buf *out, BtfDedupStats *stats, BtfError *err);

/* Append to OUT the split BTF that holds the types of the whole BTF
   after BASE's: ids and string offsets moved past the base's (the types
   are not compared with the base's: btf_dedup does that).  Returns
   false and fills err when BTF is split or the ids or offsets would not
   fit.  */
bool btf_rebase(const Btf *btf, const Btf *base, Buf *out, BtfError *err);

#endif
