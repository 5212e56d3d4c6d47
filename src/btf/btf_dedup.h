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

/* btf_dedup, and ID_MAP (btf_type_count(BTF) entries) gets the output
   id of every input id (0 for 0): the id its class became, for records
   beside the BTF that name types (.BTF.ext).  */
bool btf_dedup_map(const Btf *btf, Buf *out, BtfDedupStats *stats,
                   uint32_t *id_map, BtfError *err);

/* The words of record T (as btf_type_by_id gives it) that hold string
   offsets (NAMES) and type ids (REFS), as word indexes from T's start,
   T's own type word included for the kinds that refer through it.  */
typedef VEC(uint32_t) BtfWordVec;
void btf_record_slots(const BtfType *t, BtfWordVec *names, BtfWordVec *refs);

/* A BTF string table under construction: each distinct string once,
   "" at offset 0, in order of first addition.  */
typedef struct BtfStrSet {
  Buf tab;         /* the distinct strings, "" first */
  uint32_t *slots; /* offset + 1 */
  uint32_t mask, count;
} BtfStrSet;
void btf_strset_init(BtfStrSet *s);
/* The offset of STR in the set's table, added if new.  */
uint32_t btf_strset_add(BtfStrSet *s, const char *str);
void btf_strset_free(BtfStrSet *s);

/* Append to OUT the split BTF that holds the types of the whole BTF
   after BASE's: ids and string offsets moved past the base's (the types
   are not compared with the base's: btf_dedup does that).  Returns
   false and fills err when BTF is split or the ids or offsets would not
   fit.  */
bool btf_rebase(const Btf *btf, const Btf *base, Buf *out, BtfError *err);

#endif
