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

#include "btf_read.h"

typedef struct BtfBatches BtfBatches;

BtfBatches *btf_batches_new(void);
/* Add the next batch's raw BTF; false (ERR filled) when it does not
   parse.  */
bool btf_batches_add(BtfBatches *b, const void *blob, size_t size, BtfError *err);
/* The joined blob, in host byte order, into RAW (replaced).  */
void btf_batches_finish(BtfBatches *b, Buf *raw);
void btf_batches_free(BtfBatches *b);

#endif
