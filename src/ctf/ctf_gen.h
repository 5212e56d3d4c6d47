/* CTF (the .ctf section, CTF version 3) from the debug model, as GCC 16
   writes it for -gctf.  */
#ifndef BTFCC_CTF_GEN_H
#define BTFCC_CTF_GEN_H

#include "../debug/debug.h"
#include "../elf/section.h"

typedef struct CtfOptions {
  bool annotate;   /* -dA: GCC's comments on every item */
  bool keep_items; /* assembler output wanted (-S) */
  const char *cuname; /* the compilation unit's name as CTF records it:
                         the input file, made absolute */
  int dwarf_version;  /* the DWARF GCC would translate from: below 5,
                         bit-fields are placed from their storage unit */
} CtfOptions;

/* Put the .ctf section for UNIT first among OBJ's sections (GCC writes it
   at early finish, before any code).  */
void ctf_generate(const DebugUnit *unit, const CtfOptions *opts, ObjFile *obj);

#endif
