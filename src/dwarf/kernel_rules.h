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

#endif
