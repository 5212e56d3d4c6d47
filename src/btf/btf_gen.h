/* BTF generation from the debug model, with GCC 16's records, order,
   string tables and -dA comments (spec/gcc-asm-format.md §1-3).  */
#ifndef BTFCC_BTF_GEN_H
#define BTFCC_BTF_GEN_H

#include "../debug/debug.h"
#include "../elf/section.h"


typedef struct BtfOptions {
  bool annotate;   /* -dA: GCC's comments on every item */
  bool keep_items; /* assembler output wanted (-S) */
  int prune_btf;   /* -gprune-btf: 1, -gno-prune-btf: 0, default -1 (on
                      for BPF) */
  BtfExtInfo *ext; /* BPF code: also write .BTF.ext (NULL: not); its
                      CO-RE records get their type ids */
  bool flat_arrays; /* an array of several dimensions is one ARRAY of
                       their product, as pahole writes it */
  bool index_int;  /* every array's index type is the unit's `int`, as
                      pahole writes it (the kernel never reads it, but
                      a module's types equal vmlinux's only so) */
  uint32_t decl_enum_size; /* size of a declaration-only enum (vlen 0):
                              GCC writes 0, which the kernel's
                              btf_enum_check_meta refuses; pahole and
                              libbpf's btf__add_fwd write 4 */
} BtfOptions;

/* Whether OPTS prune the BTF to what the unit's functions, variables
   and CO-RE roots reach (-gprune-btf, the BPF target's default): then
   the type ids come from that walk, not from the unit's DIE order.  */
bool btf_prunes(const BtfOptions *opts);

/* Append the .BTF section for UNIT to OBJ.  */
void btf_generate(const DebugUnit *unit, const BtfOptions *opts, ObjFile *obj);

#endif
