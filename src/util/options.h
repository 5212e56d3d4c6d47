/* Global compilation settings: the target and the language dialect.  */
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

extern Target target;
extern Lang lang;

#endif
