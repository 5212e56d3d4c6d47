/* Compilation settings: the target and the language dialect (each
   compilation has its own: ctx.h).  */
#ifndef BTFCC_OPTIONS_H
#define BTFCC_OPTIONS_H

#include "util.h"

typedef enum { ARCH_X86_64, ARCH_BPF } TargetArch;

typedef struct Target {
  TargetArch arch;
  bool big_endian; /* bpfeb */
  const char *triple;
} Target;

/* The language standard: 89 (c89/c90), 99, 11, 17, 23.  */
typedef struct Lang {
  int std;
  bool gnu; /* gnuXX dialect */
} Lang;

/* The defaults: x86-64 and gnu17.  */
extern const Target target_default;
extern const Lang lang_default;

#endif
