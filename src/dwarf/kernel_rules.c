/* Which functions and variables of a kernel image get BTF records: the
   rules `pahole -J` (Debian 12's 1.24, with which Debian's kernels are
   built) applies, so that btftool encode writes what the kernel build
   writes.

   Functions: one FUNC per name, the first definition in DWARF order,
   only for names of ELF function symbols whose address is in the
   __mcount_loc table (the functions ftrace can attach to, between
   __start_mcount_loc and __stop_mcount_loc), and only when every
   parameter has a name.  Declarations never.  Every FUNC static.
   Variables: only per-CPU ones (placed in .data..percpu by the symbol
   table); pahole 1.24 writes no other VAR.

   Everything else of the unit (types) is kept.  Outside a kernel image
   nothing is changed: an object keeps every function and variable, as
   GCC's -gbtf writes them.  */
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

/* The addresses of the __mcount_loc table, sorted; NULL when ELF has
   none (or it lies outside its section).  */
static uint64_t *mcount_addrs(const ElfFile *elf, size_t *n) {
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
  qsort(a, *n, sizeof *a, compare_addr);
  return a;
}

/* The names of the function symbols at those addresses, sorted.  */
static FuncName *traced_functions(const ElfFile *elf, const uint64_t *addrs,
                                  size_t naddrs, size_t *n) {
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
  uint64_t *addrs = mcount_addrs(elf, &naddrs);
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
