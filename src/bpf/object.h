/* A BPF object file from a translation unit (see object.c).  */
#ifndef BTFCC_BPF_OBJECT_H
#define BTFCC_BPF_OBJECT_H

#include "../btf/btf_gen.h"
#include "../elf/section.h"

struct TransUnit;

typedef struct BpfUnitOptions {
  int cpu;      /* BPF instruction set version, 1-4 (-mcpu=vN) */
  bool dump_ir; /* print each function's IR to stdout (-fdump-ir) */
  BtfExtInfo *ext; /* where the functions and lines for .BTF.ext go, or
                      NULL without BTF */
} BpfUnitOptions;

/* Compile TU's functions and lay out its data, adding sections and
   symbols to OBJ.  False after errors (reported).  */
bool bpf_compile_unit(struct TransUnit *tu, ObjFile *obj, const BpfUnitOptions *opts);

#endif
