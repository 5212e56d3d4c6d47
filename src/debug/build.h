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
  /* Types described whatever else refers to them (sema Type pointers;
     the BPF code's CO-RE roots), and their DIEs, set by debug_build.  */
  const void *const *extra_types;
  Die **extra_dies;
  size_t n_extra_types;
  /* The model's only reader numbers the types it keeps by a walk from
     the unit's functions, variables and extra types, whatever the order
     the DIEs were made in (BTF pruned to what the unit uses, and no
     other debug output): a precompiled header's declarations may then
     be described only where something reaches them (build.c).  */
  bool order_from_roots;
} DebugBuildOptions;

DebugUnit *debug_build(TransUnit *tu, const DebugBuildOptions *opts);


#endif
