/* DWARF (version 4 or 5) from the debug model: .debug_info with the
   types and declarations of the unit, GCC's DW_TAG_GNU_annotation DIEs
   for btf tags, .debug_abbrev, .debug_str, .debug_line_str and a line
   table header (btfcc generates no code, so no locations and no line
   rows).  -dA comments follow GCC's (spec/gcc-asm-format.md §4).  */
#ifndef BTFCC_DWARF_GEN_H
#define BTFCC_DWARF_GEN_H

#include "../debug/debug.h"
#include "../out/section.h"

void dwarf_generate(DebugUnit *unit, const DebugOptions *opts, ObjFile *obj);

#endif
