/* Raw BTF dump, byte-identical to `bpftool btf dump file X` (bpftool
   v7.1.0, plain-text "raw" format).  */
#ifndef BTFCC_BTF_DUMP_H
#define BTFCC_BTF_DUMP_H

#include "btf_read.h"

/* Append the line(s) for type ID (a valid id of BTF, not 0).  */
void btf_dump_type(const Btf *btf, uint32_t id, Buf *out);

/* Append every type of BTF, starting after the base for split BTF.  */
void btf_dump_raw(const Btf *btf, Buf *out);

#endif
