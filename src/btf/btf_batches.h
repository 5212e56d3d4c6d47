/* The BTF of a kernel's units generated a batch at a time, joined into
   the one raw blob the generator would have written for all of them.

   btftool encode loads a vmlinux's units in batches so that the debug
   model and the generator's records of one batch are freed before the
   next (a whole kernel's are each over a gigabyte).  The generator
   writes each batch's blob in its order -- types, then VARs, FUNCs,
   DECL_TAGs, DATASECs -- so the join keeps that order across batches:
   every batch's types, then every batch's VARs, and so on, the DATASECs
   of one name made one with their entries in offset order (a stable
   sort: at one offset, the batches' order).  Strings are kept once
   each, in order of first use.  */
#ifndef BTFCC_BTF_BATCHES_H
#define BTFCC_BTF_BATCHES_H

#include "btf_dedup.h"

typedef struct BtfBatches BtfBatches;

BtfBatches *btf_batches_new(void);
/* Add the next batch's raw BTF; false (ERR filled) when it does not
   parse.  A batch merged by btf_merge_equal comes with the ROLES it
   gave and how many types the merge removed (MERGED); every batch of a
   join is merged, or none (ROLES NULL).  */
bool btf_batches_add(BtfBatches *b, const void *blob, size_t size,
                     const BtfWordVec *roles, uint32_t merged, BtfError *err);
/* The joined blob, in host byte order, into RAW (replaced); for merged
   batches, ORIGINS gets what btf_dedup_merged needs to know of the join
   (its roles in ROLES, replaced; ids of the joined blob).  */
void btf_batches_finish(BtfBatches *b, Buf *raw, BtfDedupOrigins *origins,
                        BtfWordVec *roles);
void btf_batches_free(BtfBatches *b);

#endif
