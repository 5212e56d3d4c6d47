/* A BPF object file from a translation unit (see object.c).  */
#ifndef BTFCC_BPF_OBJECT_H
#define BTFCC_BPF_OBJECT_H

#include "../btf/btf_gen.h"
#include "../elf/section.h"

struct TransUnit;

typedef struct BpfUnitOptions {
  int cpu;      /* BPF instruction set version, 1-4 (-mcpu=vN) */
  bool wrapv;   /* -fwrapv: signed int arithmetic wraps at 32 bits */
  bool co_re;   /* CO-RE relocations (-mco-re; default with BTF) */
  bool dump_ir; /* print each function's IR to stdout (-fdump-ir) */
  bool asm_text; /* -S: code sections carry their assembler text */
  BtfExtInfo *ext; /* where the functions and lines for .BTF.ext and
                      DWARF go, or NULL without either */
  bool btf;        /* BTF wanted (CO-RE relocations need it) */
  bool dwarf;      /* DWARF wanted: functions get labels for its addresses */
} BpfUnitOptions;

typedef struct BpfUnit BpfUnit;

/* Compile TU's functions and lay out its data, adding sections and
   symbols to OBJ; the code sections get their bytes (or text) from
   bpf_unit_finish on *OUT, once BTF has given CO-RE type ids their
   values.  False after errors (reported).  */
bool bpf_compile_unit(struct TransUnit *tu, ObjFile *obj, const BpfUnitOptions *opts,
                      BpfUnit **out);
/* Write the code sections (type ids from EXT's CO-RE records, which
   btf_generate filled) and free U.  */
void bpf_unit_finish(BpfUnit *u, const BtfExtInfo *ext);

#endif
