/* From DWARF to the debug model: what btftool encode feeds the one BTF
   generator.  Every compile unit of a DwarfFile (dwarf_read.h) goes into
   one DebugUnit (debug.h), its types, variables and functions, with the
   btf tags of both encodings (GCC's DW_TAG_GNU_annotation chains and
   clang's DW_TAG_LLVM_annotation children) as the model's annotation
   chains.  Units are loaded one after the other, so a type defined in
   several units appears once per unit: deduplication (btf_dedup.h) is
   the next stage's job, as in pahole.  */
#ifndef BTFCC_DWARF_LOAD_H
#define BTFCC_DWARF_LOAD_H

#include "../debug/debug.h"
#include "dwarf_read.h"

/* Fill a new unit from F.  ELF (may be NULL) gives the symbol table that
   places variables in their sections (DATASEC entries).  Returns NULL and
   fills err ("compile unit .debug_info+0x0, DIE 0x2e: ...") when the
   DWARF describes something the model cannot hold (a reference to a DIE
   that is not a type, an array bound that is not a constant ...).  */
DebugUnit *dwarf_load(const DwarfFile *f, ElfFile *elf, DwarfError *err);

#endif
