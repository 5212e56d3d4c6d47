/* BTF generation from the debug model, with GCC 16's records, order,
   string tables and -dA comments (spec/gcc-asm-format.md §1-3).  */
#ifndef BTFCC_BTF_GEN_H
#define BTFCC_BTF_GEN_H

#include "../debug/debug.h"
#include "../out/section.h"

/* Append the .BTF section for UNIT to OBJ.  */
void btf_generate(DebugUnit *unit, const DebugOptions *opts, ObjFile *obj);

#endif
