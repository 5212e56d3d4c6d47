/* BTF for a whole debug model, as btftool encode writes it (pahole -J's
   output): the BTF generator's records for every unit in the model,
   then deduplication.  */
#ifndef BTFCC_BTF_ENCODE_H
#define BTFCC_BTF_ENCODE_H

#include "../debug/debug.h"
#include "btf_dedup.h"

/* Append UNIT's BTF to OUT (raw, in the current compilation's byte
   order), deduplicated unless NO_DEDUP; with a BASE (may be NULL),
   split BTF on top of it, whose types stand for the equal ones of UNIT
   (a module's BTF on vmlinux's, pahole's --btf_base).  stats (may be
   NULL) gets the deduplication's figures.  Returns false and fills err
   when the generated BTF cannot be read back (a type too large for
   BTF) or does not fit on the base.  */
bool btf_encode(const DebugUnit *unit, const Btf *base, bool no_dedup, Buf *out,
                BtfDedupStats *stats, BtfError *err);

#endif
