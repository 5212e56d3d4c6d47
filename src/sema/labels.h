/* The labels of one function body: where each is defined and used, and
   the checks C and GCC make of them.  See labels.c.  */
#ifndef BTFCC_SEMA_LABELS_H
#define BTFCC_SEMA_LABELS_H

#include "../util/ptrmap.h"
#include "../util/diag.h"

typedef struct LabelInfo {
  Ident *label;    /* the label's identity: its name, or a local label's alias */
  Ident *shown;    /* the name as the source writes it */
  SrcLoc def;      /* its definition (file 0: none yet) */
  SrcLoc last_use; /* its last goto, && or asm goto (file 0: unused) */
  bool reported;   /* checked already, at the end of its __label__ block */
} LabelInfo;

typedef struct FuncLabels {
  VEC(LabelInfo) labels; /* in order of first mention */
  PtrMap index;          /* label -> its position in labels + 1 */
} FuncLabels;

/* LABEL (written SHOWN) defined at LOC: a second definition is GCC's
   "duplicate label" error with a note at the first.  */
void labels_define(FuncLabels *fl, Ident *label, Ident *shown, SrcLoc loc);
/* LABEL (written SHOWN) used at LOC.  */
void labels_use(FuncLabels *fl, Ident *label, Ident *shown, SrcLoc loc);
/* The end of a block that declared the local labels LOCAL[0..N): those
   used there and never defined are errors (GCC's order: the most
   recently first used first).  */
void labels_finish_block(FuncLabels *fl, Ident *const *local, size_t n);
/* The end of the function body: every other label used and never
   defined is an error; then the table is freed.  */
void labels_finish_body(FuncLabels *fl);

#endif
