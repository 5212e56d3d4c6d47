/* Loading BTF into the running kernel (BPF_BTF_LOAD through
   syscall(__NR_bpf)), and the fix-ups libbpf applies to a compiler's BTF
   before loading it.  */
#ifndef BTFCC_BTF_LOAD_H
#define BTFCC_BTF_LOAD_H

#include "btf_read.h"

typedef struct BtfLoadResult {
  int fd;    /* >= 0 when the kernel accepted the blob; the caller closes it */
  int error; /* errno when it did not */
  char *log; /* the verifier log (log level 1) when it did not, or NULL */
} BtfLoadResult;

/* Whether BPF_BTF_LOAD works here (the syscall exists and we may use
   it); if not, *error says why.  */
bool btf_load_available(int *error);

/* Hand SIZE bytes of host-order BTF to the kernel.  Returns true when it
   was accepted.  Free the result with btf_load_result_free.  */
bool btf_load_blob(const void *data, size_t size, BtfLoadResult *res);
void btf_load_result_free(BtfLoadResult *res);

/* libbpf's fix-ups for a compiler's BTF (bpf_object__collect_externs and
   btf_fixup_datasec), written to OUT as a complete host-order blob:
   - .ksyms: extern VARs become 4-byte GLOBAL_ALLOCATED int variables
     laid out every 4 bytes; extern FUNCs become GLOBAL, their entries
     point at an added "dummy_ksym" VAR and their unnamed parameters get
     its name;
   - .kconfig: extern VARs become GLOBAL_ALLOCATED, laid out by
     decreasing alignment, increasing size, then name;
   - every other extern FUNC becomes GLOBAL (its unnamed parameters are
     named as above); an extern VAR anywhere else is an error, as it is
     for libbpf;
   - a DATASEC of size 0 gets the size of its ELF section and its global
     VARs the values of their ELF symbols (hidden ones become static);
     without an ELF file the variables are laid out in order with their
     natural alignment;
   - the entries of every DATASEC are sorted by offset;
   - a global FUNC whose ELF symbol is a hidden .text subprogram becomes
     static.
   ELF may be NULL (raw BTF).  Returns false and fills err on failure.  */
bool btf_fixup_for_load(const Btf *btf, ElfFile *elf, Buf *out,
                        BtfError *err);

#endif
