/* Where an object with static storage lives: GCC's section category for
   a variable (varasm.cc categorize_decl_for_section) as GCC's BTF
   names it, PIC or not.  One rule, read by the debug model (BTF's
   DATASECs) and by the BPF object writer (the symbols libbpf matches
   them with), so the two always agree.  */
#include "placement.h"

DataPlacement decl_data_placement(const Decl *d, const char **named) {
  const Decl *f = d->first ? d->first : d;
  const char *sec = d->section ? d->section : f->section;
  *named = NULL;
  if (sec) {
    *named = sec;
    return PLACE_NAMED;
  }
  if (d->is_thread_local || f->is_thread_local)
    return PLACE_NONE;
  if (!f->defined)
    return PLACE_NONE;
  unsigned q = type_all_quals(d->type);
  Type *c = type_canon(d->type);
  while (c->kind == TY_ARRAY) {
    q |= type_all_quals(c->base);
    c = type_canon(c->base);
  }
  /* const volatile is read-only data too (GCC 13 on; libbpf's
     `const volatile` load-time constants rely on it) */
  bool readonly = (q & Q_CONST) != 0;
  bool zero_init = !d->has_init || d->init_all_zero;
  if (!(q & Q_CONST) && zero_init)
    return PLACE_BSS;
  /* An initializer holding addresses changes nothing: under PIE GCC puts
     such an object in .data.rel(.ro)(.local), but its BTF names the
     section the category has without PIC (gcc-16 and gcc 12 alike,
     tests/btf/datasec_reloc.sh), and BPF has no PIC.  */
  return readonly ? PLACE_RODATA : PLACE_DATA;
}
