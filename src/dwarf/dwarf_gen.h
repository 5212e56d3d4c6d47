/* DWARF (version 4 or 5) from the debug model: .debug_info with the
   types and declarations of the unit, GCC's DW_TAG_GNU_annotation DIEs
   for btf tags, .debug_abbrev, .debug_str, .debug_line_str and the line
   table.  With compiled code (BPF): the functions' addresses, the
   unit's ranges (.debug_rnglists or .debug_ranges), .debug_aranges and
   line rows, from the code generator's records (DwarfOptions.code); no
   variable locations.  -dA comments follow GCC's (spec/gcc-asm-format.md §4).  */
#ifndef BTFCC_DWARF_GEN_H
#define BTFCC_DWARF_GEN_H

#include "../debug/debug.h"
#include "../elf/section.h"

typedef struct DwarfOptions {
  bool annotate;            /* -dA: GCC's comments on every item */
  bool keep_items;          /* assembler output wanted (-S) */
  int version;              /* 4 or 5 (-gdwarf-N); others mean 5 */
  bool debug_types_section; /* -fdebug-types-section */
  const char *comp_dir;     /* DW_AT_comp_dir */
  bool no_column_info;      /* -gno-column-info */
  bool strict;              /* -gstrict-dwarf: no attribute beyond the version's */
  bool threads;             /* may use a second thread */
  const BtfExtInfo *code;   /* the unit's compiled functions and lines
                               (BPF), or NULL: no code to describe */
} DwarfOptions;

void dwarf_generate(const DebugUnit *unit, const DwarfOptions *opts, ObjFile *obj);

#endif
