/* An offline copy of the Linux kernel's BTF verifier rules
   (kernel/bpf/btf.c, as of Linux 6.18): it predicts whether
   BPF_BTF_LOAD accepts a blob and, when it does not, what the kernel
   logs.  The checks run in the kernel's order, so the first violation
   reported is the error the kernel would report; unlike the kernel, the
   checker goes on and reports every other type that breaks a rule
   (types depending on a broken type are not reported again).

   Not modelled: checks that need kernel state -- special struct fields
   (bpf_spin_lock, bpf_list_head, kptr-tagged pointers to structs the
   kernel knows...), which the kernel may reject with EINVAL and no log
   message -- and split BTF: BPF_BTF_LOAD only takes base BTF, and a
   split blob is checked as if it were one.  A blob over 16 MiB is
   reported (E2BIG, which the kernel does not log) and not checked.  */
#ifndef BTFCC_BTF_CHECK_H
#define BTFCC_BTF_CHECK_H

#include "btf_read.h"

/* Rules that differ between kernel versions.  The defaults are those of
   the running kernel generation (6.18).  */
typedef struct BtfCheckOptions {
  /* TYPE_TAG records must come before any other modifier in a chain:
     "Type tags don't precede modifiers" (kernels before commit
     39799c63578e, 2026).  Default on.  */
  bool type_tag_order;
  /* kflag must be 0 on TYPE_TAG and DECL_TAG (kernels before 6.15).
     Default off.  */
  bool tag_kflag_zero;
  /* DATASEC names must be identifiers rather than any printable string
     (kernels before 6.5).  Default off.  */
  bool datasec_identifier;
} BtfCheckOptions;

void btf_check_options_init(BtfCheckOptions *opts);

/* Apply a comma-separated list of rule names, each optionally prefixed
   by "no-": type-tag-order, tag-kflag-zero, datasec-identifier.  */
bool btf_check_options_parse(BtfCheckOptions *opts, const char *rules,
                             BtfError *err);

typedef struct BtfViolation {
  uint32_t type_id; /* 0 when the header or the sections are at fault */
  /* What the kernel logs for this error at log level 1: its last line
     holds the kernel's message; a member or DATASEC entry error is
     preceded by the line of the type it belongs to.  No final newline.  */
  char *text;
} BtfViolation;

typedef struct BtfCheckReport {
  VEC(BtfViolation) items;
} BtfCheckReport;

/* Check a blob the way BPF_BTF_LOAD would (a blob in the other byte
   order is checked as libbpf would load it: converted to host order).
   Appends to REP and returns the number of violations found.  */
size_t btf_check_blob(const void *data, size_t size,
                      const BtfCheckOptions *opts, BtfCheckReport *rep);

/* Check a parsed blob (its host-order bytes, as they would be loaded).  */
size_t btf_check(const Btf *btf, const BtfCheckOptions *opts,
                 BtfCheckReport *rep);

void btf_check_report_free(BtfCheckReport *rep);

#endif
