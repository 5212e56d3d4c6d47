/* The kernel build's choices of which functions and variables of a
   kernel image or module get BTF records (kernel_rules.c), pahole's.  */
#ifndef BTFCC_KERNEL_RULES_H
#define BTFCC_KERNEL_RULES_H

#include "../debug/debug.h"
#include "../elf/elf_read.h"

/* When ELF is a kernel image (vmlinux: it has the symbol
   __start_mcount_loc) or module (a relocatable object with a
   .gnu.linkonce.this_module section), mark `kept` every DIE of
   U's list but the functions and variables pahole leaves out, and
   return true.  Otherwise change nothing and return false.  ELF's
   symbols must have been read.  */
bool kernel_rules_mark(DebugUnit *u, const ElfFile *elf);

/* The same for units loaded a batch at a time, in DWARF order: the
   rules of ELF (NULL when it is no kernel image or module), which
   remember the functions already given a record, applied to each
   batch's unit in turn.  */
typedef struct KernelRules KernelRules;
KernelRules *kernel_rules_new(const ElfFile *elf);
void kernel_rules_apply(KernelRules *r, DebugUnit *u);
void kernel_rules_free(KernelRules *r);

#endif
