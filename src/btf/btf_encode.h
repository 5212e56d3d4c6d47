/* BTF for a whole debug model, as btftool encode writes it (pahole -J's
   output): the BTF generator's records for every unit in the model,
   then deduplication.  */
#ifndef BTFCC_BTF_ENCODE_H
#define BTFCC_BTF_ENCODE_H

#include "../debug/debug.h"
#include "btf_dedup.h"

/* Append UNIT's BTF to OUT (raw, in the current compilation's byte
   order), deduplicated unless NO_DEDUP; stats (may be NULL) gets the
   deduplication's figures.  Returns false and fills err when the
   generated BTF cannot be read back (a type too large for BTF).  */
bool btf_encode(const DebugUnit *unit, bool no_dedup, Buf *out,
                BtfDedupStats *stats, BtfError *err);

#endif
