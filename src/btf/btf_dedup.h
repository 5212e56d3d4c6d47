/* Deduplication of BTF with libbpf's btf__dedup semantics (btf_dedup.c):
   types that are structurally equivalent become one, forward
   declarations name the one full struct or union of their name, and the
   strings are stored once.  */
#ifndef BTFCC_BTF_DEDUP_H
#define BTFCC_BTF_DEDUP_H

#include "btf_read.h"

typedef VEC(uint32_t) BtfWordVec;

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

/* Merging in parts.  btf_merge_equal merges only the types that are
   equal as they stand: same kind, name and data, references to merged
   types -- no forward declaration resolved, no shallow comparison.
   Such types are equivalent in any BTF that holds them, so a large
   input (a kernel's units, a batch at a time) can be merged so part by
   part, on several threads, the parts joined in order and the join
   deduplicated by btf_dedup_merged, with the bytes btf_dedup gives for
   the whole input: each class keeps its first member, in id order, and
   what btf_dedup counts per original type (which full definition a
   forward declaration names: the one with the most copies) is counted
   through ORIGINS.  */
typedef struct BtfDedupOrigins {
  uint32_t types_in; /* the types before merging (BtfDedupStats.types_in) */
  /* For each type of the input before merging that defines or declares
     by name (a named struct, union, FWD or enum), in that input's id
     order, the id in the merged BTF that stands for it (ids from 1, as
     if the merged BTF were not split: btf_dedup_merged moves them past
     a base).  */
  const uint32_t *roles;
  uint32_t nroles;
} BtfDedupOrigins;

/* Append to OUT the merged BTF; ROLES gets its BtfDedupOrigins.roles
   (replaced).  Returns how many types it has.  */
uint32_t btf_merge_equal(const Btf *btf, Buf *out, BtfWordVec *roles);

/* btf_dedup of BTF, the merge of a larger input that ORIGINS
   describes.  */
bool btf_dedup_merged(const Btf *btf, const BtfDedupOrigins *origins, Buf *out,
                      BtfDedupStats *stats, BtfError *err);

/* The words of record T (as btf_type_by_id gives it) that hold string
   offsets (NAMES) and type ids (REFS), as word indexes from T's start,
   T's own type word included for the kinds that refer through it.  */
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
