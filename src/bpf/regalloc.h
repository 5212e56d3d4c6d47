/* Register allocation for the BPF code generator (see regalloc.c).  */
#ifndef BTFCC_BPF_REGALLOC_H
#define BTFCC_BPF_REGALLOC_H

#include "../ir/ir.h"

typedef struct RegAlloc {
  int8_t *phys;  /* per IR register: r1-r4, r6-r9, r0 (a call result read before anything needs r0), or -1 (spilled/unused) */
  int32_t *slot; /* per IR register: its spill slot (IrFunc.slots) or -1 */
  uint8_t *read; /* per IR register: some instruction reads it */
  /* per IR register: when it is spilled and its one definition can be
     computed again wherever it is read (a constant, a symbol's or a
     frame slot's address), that instruction: it is recomputed at each
     use instead of being kept in a stack slot; else NULL.  */
  const IrInsn **remat;
} RegAlloc;

/* Assign every IR register of F a physical register or a spill slot
   (added to F's slots).  */
void bpf_regalloc(IrFunc *f, RegAlloc *ra);
void bpf_regalloc_free(RegAlloc *ra);

#endif
