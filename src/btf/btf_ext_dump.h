/* A readable dump of .BTF.ext (btf_ext_dump.c): `btftool dump --ext`.  */
#ifndef BTFCC_BTF_EXT_DUMP_H
#define BTFCC_BTF_EXT_DUMP_H

#include "btf_ext_read.h"

/* Append EXT's header, then each table's sections and records, with the
   names and strings they refer to in BTF.  */
void btf_ext_dump(const BtfExt *ext, const Btf *btf, Buf *out);

#endif
