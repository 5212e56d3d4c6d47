/* Which functions and variables of a kernel image or module get BTF
   records: the rules `pahole -J` (Debian 12's 1.24, with which Debian's
   kernels are built) applies, so that btftool encode writes what the
   kernel build writes.

   Functions: one FUNC per name, the first definition in DWARF order,
   only for names of ELF function symbols whose place is in the mcount
   table (the functions ftrace can attach to), and only when every
   parameter has a name.  Declarations never.  Every FUNC static.  The
   table: in a vmlinux the addresses between __start_mcount_loc and
   __stop_mcount_loc; in a module (a relocatable object) the section
   __mcount_loc, whose relocations name each place as a symbol (of a
   section) and an addend.  There pahole 1.24 compares the offset in
   the section only -- the sections of a relocatable object all sit at
   address 0 for it -- so a function at an offset where another
   section's function is traced counts as traced: an __exit function at
   offset 0 of .exit.text (never traced itself) gets its FUNC that way,
   and btftool does the same to write what the kernel build writes.
   Variables: only per-CPU ones (placed in .data..percpu by the symbol
   table); pahole 1.24 writes no other VAR.

   Everything else of the unit (types) is kept.  Outside a kernel image
   or module nothing is changed: an object keeps every function and
   variable, as GCC's -gbtf writes them.  */
#include "kernel_rules.h"

#include "../util/binary.h"

#include <stdlib.h>
#include <string.h>

typedef struct FuncName {
  const char *name;
  bool generated;
} FuncName;

static int compare_addr(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return (a > b) - (a < b);
}

static int compare_name(const void *x, const void *y) {
  return strcmp(((const FuncName *)x)->name, ((const FuncName *)y)->name);
}

/* A vmlinux's mcount table: the addresses between __start_mcount_loc
   and __stop_mcount_loc.  NULL when ELF has none (or it lies outside
   its section).  */
static uint64_t *vmlinux_mcount(const ElfFile *elf, size_t *n) {
  const ElfSymbol *start = elf_symbol_by_name(elf, "__start_mcount_loc", -1);
  const ElfSymbol *stop = elf_symbol_by_name(elf, "__stop_mcount_loc", -1);
  if (!start || !stop || stop->value < start->value || start->shndx >= elf->nsections)
    return NULL;
  const ElfSection *s = &elf->sections[start->shndx];
  uint64_t from = start->value - s->addr, len = stop->value - start->value;
  if (!s->data || start->value < s->addr || from > s->size || len > s->size - from)
    return NULL;
  *n = len / 8;
  uint64_t *a = xmalloc((*n ? *n : 1) * sizeof *a);
  for (size_t i = 0; i < *n; i++)
    a[i] = load_uint(s->data + from + 8 * i, 8, elf->big_endian);
  return a;
}

/* A module's: the targets of the relocations of its __mcount_loc
   section (symbol value plus addend, offsets in their sections).  NULL
   when ELF is no relocatable object with that section.  */
static uint64_t *module_mcount(const ElfFile *elf, size_t *n) {
  const ElfSection *mc = NULL;
  for (uint32_t i = 0; i < elf->nsections && !mc; i++)
    if (!strcmp(elf->sections[i].name, "__mcount_loc"))
      mc = &elf->sections[i];
  if (elf->type != ELF_ET_REL || !mc)
    return NULL;
  uint64_t *a = xmalloc(sizeof *a);
  *n = 0;
  for (uint32_t i = 0; i < elf->nsections; i++) {
    ElfReloc *r;
    size_t nr;
    ElfError err;
    if (!elf_relocates(&elf->sections[i], mc) ||
        !elf_read_relocs(elf, &elf->sections[i], &r, &nr, &err))
      continue;
    a = xrealloc(a, (*n + nr + 1) * sizeof *a);
    for (size_t k = 0; k < nr; k++) {
      if (r[k].sym >= elf->nsymbols)
        continue;
      const ElfSymbol *s = &elf->symbols[r[k].sym];
      a[(*n)++] = s->value + (uint64_t)r[k].addend;
    }
    free(r);
  }
  return a;
}

/* The names of the function symbols at those addresses (offsets in
   their sections, in a module), sorted.  */
static FuncName *traced_functions(const ElfFile *elf, uint64_t *addrs,
                                  size_t naddrs, size_t *n) {
  qsort(addrs, naddrs, sizeof *addrs, compare_addr);
  FuncName *names = xmalloc((elf->nsymbols + 1) * sizeof *names);
  *n = 0;
  for (uint32_t i = 0; i < elf->nsymbols; i++) {
    const ElfSymbol *s = &elf->symbols[i];
    if (s->type == ELF_STT_FUNC && s->name && *s->name && s->shndx != ELF_SHN_UNDEF &&
        bsearch(&s->value, addrs, naddrs, sizeof *addrs, compare_addr))
      names[(*n)++] = (FuncName){s->name, false};
  }
  qsort(names, *n, sizeof *names, compare_name);
  return names;
}

static bool params_named(const Die *d) {
  for (int i = 0; i < d->nparams; i++)
    if (!d->params[i].name)
      return false;
  return true;
}

static bool keep_function(const Die *d, FuncName *names, size_t n) {
  if (d->declaration || d->is_extern || !d->name || !params_named(d))
    return false;
  FuncName key = {d->name, false};
  FuncName *f = bsearch(&key, names, n, sizeof *names, compare_name);
  if (!f || f->generated)
    return false;
  f->generated = true;
  return true;
}

/* pahole 1.24 gives every FUNC static linkage.  */
static bool keep_function_static(Die *d, FuncName *names, size_t n) {
  if (!keep_function(d, names, n))
    return false;
  d->external = false;
  return true;
}

static bool keep_variable(const Die *d) {
  return !d->is_extern && d->section && !strcmp(d->section, ".data..percpu");
}

bool kernel_rules_mark(DebugUnit *u, const ElfFile *elf) {
  size_t naddrs = 0, nnames = 0;
  uint64_t *addrs = vmlinux_mcount(elf, &naddrs);
  if (!addrs)
    addrs = module_mcount(elf, &naddrs);
  if (!addrs)
    return false;
  FuncName *names = traced_functions(elf, addrs, naddrs, &nnames);
  for (Die *d = u->first; d; d = d->list_next) {
    if (d->kind == DIE_SUBPROGRAM)
      d->kept = keep_function_static(d, names, nnames);
    else if (d->kind == DIE_VARIABLE)
      d->kept = keep_variable(d);
    else
      d->kept = true;
  }
  free(names);
  free(addrs);
  return true;
}
