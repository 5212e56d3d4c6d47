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

/* The same a batch of units at a time, so that the model of one batch
   can be freed (its arena, the caller's) before the next is loaded:
   dwarf_loader_units fills a new unit from units [FIRST, END) of F, in
   DWARF order, the kernel's rules (kernel_rules.h) applied across
   batches as across one unit.  A reference to a DIE of a unit outside
   the batch (DW_FORM_ref_addr, a type unit) is an error that sets
   *CROSSED (may be NULL): such DWARF is to be loaded in one batch.  ERR
   says what went wrong.

   Batches may be loaded by several threads at once (each in a
   compilation of its own, ctx.h), numbered BATCH from 0 in DWARF order:
   every number from 0 up must be loaded, once, as the kernel's rules
   are applied to batch N after batch N - 1 (a call waits for its
   turn), so the result does not depend on the threads.  */
typedef struct DwarfLoader DwarfLoader;
DwarfLoader *dwarf_loader_new(const DwarfFile *f, ElfFile *elf, DwarfError *err);
/* Whether F's ELF file is a kernel image or module (kernel_rules.h).  */
bool dwarf_loader_kernel(const DwarfLoader *dl);
DebugUnit *dwarf_loader_units(DwarfLoader *dl, uint32_t batch, uint32_t first,
                              uint32_t end, bool *crossed, DwarfError *err);
/* The same for every unit of UNITS, a range of units of the loader's
   file read apart (dwarf_read_units): the loader's file may then be an
   outline (dwarf_open_elf_outline), read for its symbols and units.  */
DebugUnit *dwarf_loader_file(DwarfLoader *dl, uint32_t batch, const DwarfFile *units,
                             bool *crossed, DwarfError *err);
/* Batch BATCH will not be loaded (its units could not be read): its
   turn passes, once the batches before it are loaded.  */
void dwarf_loader_pass(DwarfLoader *dl, uint32_t batch);
void dwarf_loader_free(DwarfLoader *dl);

#endif
