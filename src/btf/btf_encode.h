/* BTF for a whole debug model, as btftool encode writes it (pahole -J's
   output): the BTF generator's records for every unit in the model,
   then deduplication.  The two steps are apart so that a caller can
   free the model between them: the model and the BTF read back for
   deduplication are each a large share of a kernel's encoding, and
   need not be alive together.  */
#ifndef BTFCC_BTF_ENCODE_H
#define BTFCC_BTF_ENCODE_H

#include "../debug/debug.h"
#include "btf_dedup.h"

/* UNIT's BTF into RAW (what RAW held is freed): the generator's
   records, not deduplicated, in the current compilation's byte order.
   RAW does not point into the model.  */
void btf_encode_generate(const DebugUnit *unit, Buf *raw);

/* Read RAW (btf_encode_generate's, in either byte order) back
   strictly and append it to OUT, deduplicated unless NO_DEDUP; with a
   BASE (may be NULL), split BTF on top of it, whose types stand for the
   equal ones of RAW (a module's BTF on vmlinux's, pahole's --btf_base).
   stats (may be NULL) gets the deduplication's figures.  Returns false
   and fills err when RAW cannot be read back (a type too large for BTF)
   or does not fit on the base.  RAW is freed (as soon as it is read
   back when it is deduplicated: a kernel's is a quarter of a gigabyte,
   and deduplication reads its own copy).  */
bool btf_encode_finish(Buf *raw, const Btf *base, bool no_dedup,
                       const BtfDedupOrigins *origins, Buf *out, BtfDedupStats *stats,
                       BtfError *err);

/* Both steps, for a caller that keeps the model.  */
bool btf_encode(const DebugUnit *unit, const Btf *base, bool no_dedup, Buf *out,
                BtfDedupStats *stats, BtfError *err);

#endif
