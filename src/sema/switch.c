/* Labels of a switch statement (C17 6.8.4.2, GNU case ranges).

   Each case value is converted to the promoted type of the controlling
   expression, as C says, and checked as GCC checks it: a range whose
   low end is above its high end is an empty range (a warning, the label
   is dropped); a value or range meeting one already used is an error
   with a note at the earlier label ("duplicate case value" for a single
   value, "duplicate (or overlapping) case value" for a range, whose
   note names the lowest entry it overlaps), and the label is dropped; a
   second default label is an error.  Values outside the range of the
   unpromoted type are warned about at the end of the switch, lowest
   values in the order GCC's walk of its case tree finds them
   (-Wswitch-outside-range).

   Single values are found through a hash table, so a switch of many
   cases costs linear time; each range is compared with every label
   (ranges are few).  */
#include "switch.h"

#include "const.h"
#include "conv.h"

#include <stdlib.h>
#include <string.h>

void switch_labels_init(SwitchLabels *sl, Type *type, SrcLoc loc) {
  memset(sl, 0, sizeof *sl);
  sl->type = type;
  sl->loc = loc;
  sl->promoted = type_promote(type);
}

/* Whether a < b in the promoted type's order.  */
static bool value_less(const SwitchLabels *sl, int64_t a, int64_t b) {
  return type_is_signed(sl->promoted) ? a < b : (uint64_t)a < (uint64_t)b;
}

static size_t value_hash(int64_t v, size_t cap) {
  uint64_t h = (uint64_t)v * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 32) & (cap - 1);
}

/* The single value V's label, or NULL.  */
static CaseLabel *find_single(const SwitchLabels *sl, int64_t v) {
  if (!sl->singles_cap)
    return NULL;
  for (size_t i = value_hash(v, sl->singles_cap); sl->singles[i];
       i = (i + 1) & (sl->singles_cap - 1))
    if (sl->cases.data[sl->singles[i] - 1].lo == v)
      return &sl->cases.data[sl->singles[i] - 1];
  return NULL;
}

static void insert_single(SwitchLabels *sl, uint32_t index) {
  if (2 * (sl->nsingles + 1) > sl->singles_cap) {
    size_t cap = sl->singles_cap ? 2 * sl->singles_cap : 64;
    uint32_t *old = sl->singles;
    size_t old_cap = sl->singles_cap;
    sl->singles = xcalloc(cap, sizeof *sl->singles);
    sl->singles_cap = cap;
    sl->nsingles = 0;
    for (size_t i = 0; i < old_cap; i++)
      if (old[i])
        insert_single(sl, old[i] - 1);
    free(old);
  }
  size_t i = value_hash(sl->cases.data[index].lo, sl->singles_cap);
  while (sl->singles[i])
    i = (i + 1) & (sl->singles_cap - 1);
  sl->singles[i] = index + 1;
  sl->nsingles++;
}

/* The label with the lowest value that meets LO..HI, or NULL.  */
static CaseLabel *find_overlap(const SwitchLabels *sl, int64_t lo, int64_t hi,
                               bool is_range) {
  if (!is_range) {
    CaseLabel *c = find_single(sl, lo);
    if (c)
      return c;
    for (size_t i = 0; i < sl->ranges.len; i++) {
      CaseLabel *r = &sl->cases.data[sl->ranges.data[i]];
      if (!value_less(sl, lo, r->lo) && !value_less(sl, r->hi, lo))
        return r;
    }
    return NULL;
  }
  CaseLabel *best = NULL;
  for (size_t i = 0; i < sl->cases.len; i++) {
    CaseLabel *c = &sl->cases.data[i];
    if (value_less(sl, hi, c->lo) || value_less(sl, c->hi, lo))
      continue;
    if (!best || value_less(sl, c->lo, best->lo))
      best = c;
  }
  return best;
}

bool switch_labels_add_case(SwitchLabels *sl, int64_t lo, int64_t hi,
                            bool is_range, SrcLoc loc) {
  lo = type_int_truncate(sl->promoted, lo);
  hi = type_int_truncate(sl->promoted, hi);
  if (is_range && value_less(sl, hi, lo)) {
    diag_warning(loc, W_NONE, "empty range specified");
    return false;
  }
  CaseLabel *prev = find_overlap(sl, lo, hi, is_range);
  if (prev) {
    if (is_range) {
      diag_error(loc, "duplicate (or overlapping) case value");
      diag_note(prev->loc, "this is the first entry overlapping that value");
    } else {
      diag_error(loc, "duplicate case value");
      diag_note(prev->loc, "previously used here");
    }
    return false;
  }
  vec_push(&sl->cases, ((CaseLabel){lo, hi, loc}));
  uint32_t index = (uint32_t)(sl->cases.len - 1);
  if (is_range && lo != hi)
    vec_push(&sl->ranges, index);
  else
    insert_single(sl, index);
  return true;
}

bool switch_labels_add_default(SwitchLabels *sl, SrcLoc loc) {
  if (sl->default_loc.file) {
    diag_error(loc, "multiple default labels in one switch");
    diag_note(sl->default_loc, "this is the first default label");
    return false;
  }
  sl->default_loc = loc;
  return true;
}

/* A label's place in value order: its low value as an unsigned key that
   sorts as the promoted type does, then its position.  */
typedef struct LabelOrder {
  uint64_t key;
  size_t index;
} LabelOrder;

static int by_key(const void *a, const void *b) {
  const LabelOrder *x = a, *y = b;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Sort the label indexes AT[0..N) by low value (DESCENDING or not).  */
static void sort_by_low(const SwitchLabels *sl, size_t *at, size_t n,
                        bool descending) {
  if (n < 2)
    return;
  LabelOrder *order = xmalloc(n * sizeof *order);
  uint64_t flip = type_is_signed(sl->promoted) ? UINT64_C(1) << 63 : 0;
  for (size_t i = 0; i < n; i++)
    order[i] = (LabelOrder){(uint64_t)sl->cases.data[at[i]].lo ^ flip, at[i]};
  qsort(order, n, sizeof *order, by_key);
  for (size_t i = 0; i < n; i++)
    at[i] = order[descending ? n - 1 - i : i].index;
  free(order);
}

/* Warn of the labels below MIN (returns how many): highest first, the one reaching MIN first of
   all (GCC's walk of its case tree down from the minimum).  */
static size_t warn_below(SwitchLabels *sl, int64_t min) {
  VEC(size_t) below = {0};
  for (size_t i = 0; i < sl->cases.len; i++)
    if (value_less(sl, sl->cases.data[i].lo, min))
      vec_push(&below, i);
  sort_by_low(sl, below.data, below.len, true);
  for (size_t i = 0; i < below.len; i++) {
    const CaseLabel *c = &sl->cases.data[below.data[i]];
    if (value_less(sl, c->hi, min))
      diag_warning(c->loc, W_SWITCH_OUTSIDE_RANGE,
                   "case label value is less than minimum value for type");
    else
      diag_warning(c->loc, W_SWITCH_OUTSIDE_RANGE,
                   "lower value in case label range less than minimum value for type");
  }
  size_t n = below.len;
  vec_free(&below);
  return n;
}

/* Warn of the labels above MAX (returns how many): the one that reaches past MAX first, then those
   wholly above, lowest first.  */
static size_t warn_above(SwitchLabels *sl, int64_t max) {
  VEC(size_t) above = {0};
  size_t partial = 0;
  for (size_t i = 0; i < sl->cases.len; i++) {
    const CaseLabel *c = &sl->cases.data[i];
    if (value_less(sl, max, c->lo))
      vec_push(&above, i);
    else if (value_less(sl, max, c->hi) && ++partial)
      diag_warning(c->loc, W_SWITCH_OUTSIDE_RANGE,
                   "upper value in case label range exceeds maximum value for type");
  }
  sort_by_low(sl, above.data, above.len, false);
  for (size_t i = 0; i < above.len; i++)
    diag_warning(sl->cases.data[above.data[i]].loc, W_SWITCH_OUTSIDE_RANGE,
                 "case label value exceeds maximum value for type");
  size_t n = above.len + partial;
  vec_free(&above);
  return n;
}

void switch_labels_finish(SwitchLabels *sl) {
  Type *t = type_canon(sl->type);
  int width = (int)type_int_width(t);
  bool narrower = width < type_int_width(sl->promoted) ||
                  type_is_signed(t) != type_is_signed(sl->promoted);
  if (narrower && sl->cases.len) {
    /* The range of the controlling type, in the promoted type.  */
    int64_t min = 0, max;
    if (t->kind == TY_BOOL) {
      max = 1;
    } else if (type_is_signed(t)) {
      max = (int64_t)((UINT64_C(1) << (width - 1)) - 1);
      min = -max - 1;
    } else {
      max = (int64_t)((UINT64_C(1) << width) - 1);
    }
    size_t outside = warn_below(sl, min);
    outside += warn_above(sl, max);
    if (t->kind == TY_BOOL && outside)
      diag_warning(sl->loc, W_SWITCH_BOOL, "switch condition has boolean value");
  }
  vec_free(&sl->cases);
  vec_free(&sl->ranges);
  free(sl->singles);
  sl->singles = NULL;
}
