/* BTF generation from the debug model, with GCC 16's records, order,
   string tables and -dA comments (spec/gcc-asm-format.md §1-3).  */
#ifndef BTFCC_BTF_GEN_H
#define BTFCC_BTF_GEN_H

#include "../debug/debug.h"
#include "../elf/section.h"

typedef struct BtfOptions {
  bool annotate;   /* -dA: GCC's comments on every item */
  bool keep_items; /* assembler output wanted (-S) */
  int prune_btf;   /* -gprune-btf: 1, -gno-prune-btf: 0, default -1 (on
                      for BPF) */
} BtfOptions;

/* Append the .BTF section for UNIT to OBJ.  */
void btf_generate(const DebugUnit *unit, const BtfOptions *opts, ObjFile *obj);

#endif
