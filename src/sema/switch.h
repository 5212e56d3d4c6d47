/* The labels of one switch statement: C's and GCC's checks of case
   values and default labels.  See switch.c.  */
#ifndef BTFCC_SEMA_SWITCH_H
#define BTFCC_SEMA_SWITCH_H

#include "type.h"

typedef struct CaseLabel {
  int64_t lo, hi; /* converted to the promoted controlling type */
  SrcLoc loc;
} CaseLabel;

typedef struct SwitchLabels {
  Type *type;          /* the controlling expression's, before promotion */
  Type *promoted;      /* what the case values convert to */
  SrcLoc loc;          /* the switch keyword */
  SrcLoc default_loc;  /* the default label (file 0: none yet) */
  VEC(CaseLabel) cases;  /* accepted case labels, in source order */
  uint32_t *singles;   /* hash of single values: index + 1 into cases */
  size_t singles_cap;  /* a power of two, or 0 */
  size_t nsingles;
  VEC(uint32_t) ranges;  /* indexes into cases of the ranges */
} SwitchLabels;

/* A switch on a value of type TYPE (an integer type) begins.  */
void switch_labels_init(SwitchLabels *sl, Type *type, SrcLoc loc);
/* `case LO:` or `case LO ... HI:` (IS_RANGE) at LOC, the values as the
   constant expressions gave them.  Reports an empty range or a value
   already used; returns whether the label takes part in the switch.  */
bool switch_labels_add_case(SwitchLabels *sl, int64_t lo, int64_t hi,
                            bool is_range, SrcLoc loc);
/* `default:` at LOC; returns false for a second one (an error).  */
bool switch_labels_add_default(SwitchLabels *sl, SrcLoc loc);
/* The end of the switch: values outside the controlling type are
   warned about (-Wswitch-outside-range, then -Wswitch-bool for a _Bool
   one); then freed.  */
void switch_labels_finish(SwitchLabels *sl);

#endif
