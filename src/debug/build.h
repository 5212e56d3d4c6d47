/* The compiler's producer of the debug model: a translation unit's
   declarations and types, described in GCC's order (build.c).  This
   header names the translation unit only by its tag, so that including it
   brings in no parser or sema header.  */
#ifndef BTFCC_DEBUG_BUILD_H
#define BTFCC_DEBUG_BUILD_H

#include "debug.h"

typedef struct TransUnit TransUnit;

typedef struct DebugBuildOptions {
  bool eliminate_unused_types; /* -feliminate-unused-debug-types (default) */
  bool signed_char;            /* plain char is signed */
  int optimize;                /* -O level: what the optimizers remove */
} DebugBuildOptions;

DebugUnit *debug_build(TransUnit *tu, const DebugBuildOptions *opts);

#endif
