/* BPF code generation from the IR (see gen.c).  */
#ifndef BTFCC_BPF_GEN_H
#define BTFCC_BPF_GEN_H

#include "../ir/ir.h"
#include "code.h"

/* Where the C of an instruction was written (for .BTF.ext line_info).  */
typedef struct BpfGenLine {
  uint32_t insn;
  SrcLoc loc;
} BpfGenLine;
typedef VEC(BpfGenLine) BpfGenLines;

/* An instruction holding a CO-RE relocated value (its imm or off).  */
typedef struct BpfGenCore {
  uint32_t insn;
  const IrCore *core;
} BpfGenCore;
typedef VEC(BpfGenCore) BpfGenCores;

/* Append F's code (simplified: ir_simplify) to CODE for CPU version
   CPU (1-4), its first
   instruction labelled by nothing (the caller defines F's symbol).
   LINES, if not NULL, receives the source location of each instruction
   that starts a new one; CORES, the instructions CO-RE relocations
   name.  False after an error (reported).  */
bool bpf_gen_func(IrFunc *f, BpfCode *code, int cpu, BpfGenLines *lines,
                  BpfGenCores *cores);

#endif
