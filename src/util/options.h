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

/* The year of the language standard (lang.std is 89, 99, 11, 17 or 23,
   which do not order by value): compare this, never lang.std.  */
static inline int lang_year(void) {
  return lang.std >= 89 ? 1900 + lang.std : 2000 + lang.std;
}

#endif
