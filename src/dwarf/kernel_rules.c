/* Which functions and variables of a kernel image or module get BTF
   records: the rules `pahole -J` (Debian 12's 1.24, with which Debian's
   kernels are built) applies, so that btftool encode writes what the
   kernel build writes.

   A kernel image is recognised by its symbol __start_mcount_loc, a
   module (a relocatable object) by its section .gnu.linkonce.this_module.
   Functions: one FUNC per name, the first definition in DWARF order,
   only for names of the ELF file's (defined) function symbols, and only
   when every parameter has a name.  Declarations never.  Every FUNC
   static.  pahole 1.24 does not look at the mcount table: a function
   ftrace cannot attach to gets its FUNC too (with the table as a filter
   5,399 of the Debian vmlinux's FUNCs were missing).
   Variables: only per-CPU ones (placed in .data..percpu by the symbol
   table); pahole 1.24 writes no other VAR.

   Everything else of the unit (types) is kept.  Outside a kernel image
   or module nothing is changed: an object keeps every function and
   variable, as GCC's -gbtf writes them.  */
#include "kernel_rules.h"

#include <stdlib.h>
#include <string.h>

typedef struct FuncName {
  const char *name;
  bool generated;
} FuncName;

static int compare_name(const void *x, const void *y) {
  return strcmp(((const FuncName *)x)->name, ((const FuncName *)y)->name);
}

static bool is_kernel(const ElfFile *elf) {
  if (elf_symbol_by_name(elf, "__start_mcount_loc", -1))
    return true;
  return elf->type == ELF_ET_REL &&
         elf_section_by_name(elf, ".gnu.linkonce.this_module") != NULL;
}

/* The names of the ELF file's function symbols, sorted.  */
static FuncName *function_symbols(const ElfFile *elf, size_t *n) {
  FuncName *names = xmalloc((elf->nsymbols + 1) * sizeof *names);
  *n = 0;
  for (uint32_t i = 0; i < elf->nsymbols; i++) {
    const ElfSymbol *s = &elf->symbols[i];
    if (s->type == ELF_STT_FUNC && s->name && *s->name && s->shndx != ELF_SHN_UNDEF)
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

struct KernelRules {
  FuncName *names; /* the function symbols, sorted; each given once */
  size_t nnames;
};

KernelRules *kernel_rules_new(const ElfFile *elf) {
  if (!is_kernel(elf))
    return NULL;
  KernelRules *r = xmalloc(sizeof *r);
  r->names = function_symbols(elf, &r->nnames);
  return r;
}

void kernel_rules_apply(KernelRules *r, DebugUnit *u) {
  for (Die *d = u->first; d; d = d->list_next) {
    if (d->kind == DIE_SUBPROGRAM)
      d->kept = keep_function_static(d, r->names, r->nnames);
    else if (d->kind == DIE_VARIABLE)
      d->kept = keep_variable(d);
    else
      d->kept = true;
  }
}

void kernel_rules_free(KernelRules *r) {
  if (r)
    free(r->names);
  free(r);
}

bool kernel_rules_mark(DebugUnit *u, const ElfFile *elf) {
  KernelRules *r = kernel_rules_new(elf);
  if (r)
    kernel_rules_apply(r, u);
  kernel_rules_free(r);
  return r != NULL;
}
