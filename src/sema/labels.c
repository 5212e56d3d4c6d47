/* Labels of a function body (C17 6.8.1, 6.8.6.1, with GNU's local
   labels, label addresses and asm goto).

   The parser reports every definition and every use of a label here, by
   the label's identity: its identifier, or for a name declared with
   __label__ the alias that block made for it, so that each block's local
   label is a label of its own.  A label defined twice is an error at
   once; a label used and never defined is known only at the end of the
   function body (or of the block that declared it local), where GCC
   reports them, newest first use first, at its input location when the
   label was last used (the parser's Parser.input_loc).  A table of labels in
   first-mention order with a pointer map from identity to entry keeps
   every step constant time.  */
#include "labels.h"

#include <stdlib.h>

static LabelInfo *label_entry(FuncLabels *fl, Ident *label, Ident *shown) {
  uintptr_t at = (uintptr_t)ptrmap_get(&fl->index, label);
  if (at)
    return &fl->labels.data[at - 1];
  vec_push(&fl->labels, ((LabelInfo){.label = label, .shown = shown}));
  ptrmap_put(&fl->index, label, (void *)(uintptr_t)fl->labels.len);
  return &fl->labels.data[fl->labels.len - 1];
}

void labels_define(FuncLabels *fl, Ident *label, Ident *shown, SrcLoc loc) {
  LabelInfo *li = label_entry(fl, label, shown);
  if (li->def.file) {
    diag_error(loc, "duplicate label '%s'", shown->name);
    diag_note(li->def, "previous definition of '%s' with type 'void'",
              shown->name);
    return;
  }
  li->def = loc;
}

void labels_use(FuncLabels *fl, Ident *label, Ident *shown, SrcLoc loc) {
  label_entry(fl, label, shown)->last_use = loc;
}

static void report_undefined(LabelInfo *li) {
  li->reported = true;
  if (li->def.file || !li->last_use.file)
    return;
  diag_error(li->last_use, "label '%s' used but not defined",
             li->shown->name);
}

static int by_position_descending(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? 1 : x > y ? -1 : 0;
}

void labels_finish_block(FuncLabels *fl, Ident *const *local, size_t n) {
  VEC(size_t) at = {0};
  for (size_t i = 0; i < n; i++) {
    uintptr_t pos = (uintptr_t)ptrmap_get(&fl->index, local[i]);
    if (pos)
      vec_push(&at, (size_t)pos - 1);
  }
  if (at.len > 1)
    qsort(at.data, at.len, sizeof *at.data, by_position_descending);
  for (size_t i = 0; i < at.len; i++)
    if (!fl->labels.data[at.data[i]].reported)
      report_undefined(&fl->labels.data[at.data[i]]);
  vec_free(&at);
}

void labels_finish_body(FuncLabels *fl) {
  for (size_t i = fl->labels.len; i-- > 0;)
    if (!fl->labels.data[i].reported)
      report_undefined(&fl->labels.data[i]);
  vec_free(&fl->labels);
  ptrmap_free(&fl->index);
}
