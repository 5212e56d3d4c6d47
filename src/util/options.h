/* Compilation settings: the target, the language dialect (each
   compilation has its own: ctx.h), and the BPF instruction-set features
   -mcpu and the -m options select.  */
#ifndef BTFCC_OPTIONS_H
#define BTFCC_OPTIONS_H

#include "util.h"

typedef enum { ARCH_X86_64, ARCH_BPF } TargetArch;

typedef struct Target {
  TargetArch arch;
  bool big_endian; /* bpfeb */
  const char *triple;
} Target;

/* BPF instruction-set features, as bpf-gcc has them: -mcpu=vN turns on
   those of its version and below (bpf_cpu_features), -mFEATURE and
   -mno-FEATURE (-mjmpext -malu32 -mjmp32 -mv3-atomics -mbswap -msdiv
   -msmov) change one whatever the -mcpu.  */
enum {
  BPF_F_JMPEXT = 1 << 0,     /* v2: jlt, jle, jslt, jsle */
  BPF_F_ALU32 = 1 << 1,      /* v3: 32-bit ALU */
  BPF_F_JMP32 = 1 << 2,      /* v3: 32-bit jumps */
  BPF_F_V3_ATOMICS = 1 << 3, /* v3: fetch, xchg, cmpxchg */
  BPF_F_BSWAP = 1 << 4,      /* v4: bswap */
  BPF_F_SDIV = 1 << 5,       /* v4: sdiv, smod */
  BPF_F_SMOV = 1 << 6,       /* v4: movsx, ldsx */
};

static inline unsigned bpf_cpu_features(int cpu) {
  unsigned f = 0;
  if (cpu >= 2)
    f |= BPF_F_JMPEXT;
  if (cpu >= 3)
    f |= BPF_F_ALU32 | BPF_F_JMP32 | BPF_F_V3_ATOMICS;
  if (cpu >= 4)
    f |= BPF_F_BSWAP | BPF_F_SDIV | BPF_F_SMOV;
  return f;
}

/* The language standard: 89 (c89/c90), 99, 11, 17, 23.  Two -std values
   are a standard plus a little: iso9899:199409 is C89 with amendment 1
   (c94), c2y and gnu2y are C23 with the next standard's drafts (c2y).  */
typedef struct Lang {
  int std;
  bool gnu; /* gnuXX dialect */
  bool c94; /* iso9899:199409 */
  bool c2y; /* c2y, gnu2y */
} Lang;

/* The defaults: x86-64 and gnu23, as GCC 16.  */
extern const Target target_default;
extern const Lang lang_default;

#endif
