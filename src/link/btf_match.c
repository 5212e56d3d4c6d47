/* The linker's check that the BTF two objects give one global agrees
   (libbpf's static linker makes the same check, with these rules, before
   it merges an extern with its definition): both sides are walked in
   step from the FUNC or VAR, typedefs and modifiers skipped.  Past a
   pointer the comparison is only of shape -- a struct matches a struct
   of the same name whatever its members, and a forward declaration of
   the right kind matches it -- so that two objects may see a pointed-to
   type differently.  Walks are bounded: BTF from a damaged object may
   hold cycles.  */
#include "btf_match.h"

#include "../util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Bounds for damaged BTF: a chain of references, and the records
   compared in all (a struct that holds itself twice over would
   otherwise double the work at each level).  */
enum { MAX_MATCH_DEPTH = 256, MAX_MATCH_STEPS = 1 << 20 };

typedef struct Matcher {
  const char *name; /* the global's */
  const BtfView *a, *b;
  char *why;
  size_t size;
  unsigned steps;
} Matcher;

static bool mismatch(Matcher *m, const char *fmt, ...) PRINTF_LIKE(2, 3);
static bool mismatch(Matcher *m, const char *fmt, ...) {
  int n = snprintf(m->why, m->size, "global '%s': ", m->name);
  if (n < 0 || (size_t)n >= m->size)
    return false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m->why + n, m->size - (size_t)n, fmt, ap);
  va_end(ap);
  return false;
}

static bool is_modifier_or_typedef(unsigned kind) {
  return kind == BTF_KIND_TYPEDEF || kind == BTF_KIND_CONST ||
         kind == BTF_KIND_VOLATILE || kind == BTF_KIND_RESTRICT ||
         kind == BTF_KIND_TYPE_TAG;
}

/* The type *ID names once typedefs and modifiers are skipped (*ID
   updated); NULL when a reference leads nowhere or goes round.  */
static const BtfType *resolve(const BtfView *v, uint32_t *id) {
  for (int hops = 0; hops < MAX_MATCH_DEPTH; hops++) {
    const BtfType *t = v->type(v->ctx, *id);
    if (!t || !is_modifier_or_typedef(btf_kind(t)))
      return t;
    *id = t->type;
  }
  return NULL;
}

static bool is_record(unsigned kind) {
  return kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION;
}

/* A forward declaration FWD (of A's side when FWD_IS_A) against the
   concrete type OTHER: the same name, and a struct or union as it says. */
static bool fwd_matches(Matcher *m, const BtfType *fwd, const char *fwd_name,
                        const BtfType *other, const char *other_name) {
  if (strcmp(fwd_name, other_name) != 0)
    return mismatch(m, "forward declaration '%s' and '%s' have different names",
                    fwd_name, other_name);
  unsigned want = btf_kflag(fwd) ? BTF_KIND_UNION : BTF_KIND_STRUCT;
  if (btf_kind(other) == want)
    return true;
  return mismatch(m, "a %s forward declaration and a %s",
                  btf_kflag(fwd) ? "union" : "struct", btf_kind_str(btf_kind(other)));
}

static bool named_kind(unsigned kind) {
  return is_record(kind) || kind == BTF_KIND_ENUM || kind == BTF_KIND_ENUM64 ||
         kind == BTF_KIND_FWD || kind == BTF_KIND_FUNC || kind == BTF_KIND_VAR;
}

static bool types_match(Matcher *m, uint32_t ida, uint32_t idb, bool exact, int depth);

static bool records_match(Matcher *m, const BtfType *ta, const BtfType *tb, int depth) {
  if (btf_vlen(ta) != btf_vlen(tb))
    return mismatch(m, "%s with %u and %u members", btf_kind_str(btf_kind(ta)),
                    btf_vlen(ta), btf_vlen(tb));
  const BtfMember *ma = btf_members(ta), *mb = btf_members(tb);
  for (uint32_t i = 0; i < btf_vlen(ta); i++) {
    const char *na = m->a->str(m->a->ctx, ma[i].name_off);
    const char *nb = m->b->str(m->b->ctx, mb[i].name_off);
    if (strcmp(na, nb) != 0)
      return mismatch(m, "member %u is '%s' and '%s'", i, na, nb);
    if (ma[i].offset != mb[i].offset)
      return mismatch(m, "member %u ('%s') at different offsets", i, na);
    if (!types_match(m, ma[i].type, mb[i].type, true, depth + 1))
      return false;
  }
  return true;
}

static bool protos_match(Matcher *m, const BtfType *ta, const BtfType *tb, int depth) {
  if (btf_vlen(ta) != btf_vlen(tb))
    return mismatch(m, "prototypes with %u and %u parameters", btf_vlen(ta), btf_vlen(tb));
  const BtfParam *pa = btf_params(ta), *pb = btf_params(tb);
  for (uint32_t i = 0; i < btf_vlen(ta); i++) /* names do not count */
    if (!types_match(m, pa[i].type, pb[i].type, true, depth + 1))
      return false;
  return types_match(m, ta->type, tb->type, true, depth + 1);
}

static bool types_match(Matcher *m, uint32_t ida, uint32_t idb, bool exact, int depth) {
  for (; depth < MAX_MATCH_DEPTH; depth++) {
    if (++m->steps > MAX_MATCH_STEPS)
      return mismatch(m, "its types are too many to compare");
    const BtfType *ta = resolve(m->a, &ida), *tb = resolve(m->b, &idb);
    if (!ta || !tb)
      return mismatch(m, "a type reference leads to no type");
    unsigned ka = btf_kind(ta), kb = btf_kind(tb);
    const char *na = m->a->str(m->a->ctx, ta->name_off);
    const char *nb = m->b->str(m->b->ctx, tb->name_off);
    if (!exact && (ka == BTF_KIND_FWD) != (kb == BTF_KIND_FWD))
      return ka == BTF_KIND_FWD ? fwd_matches(m, ta, na, tb, nb)
                                : fwd_matches(m, tb, nb, ta, na);
    if (ka != kb)
      return mismatch(m, "BTF kinds %s and %s", btf_kind_str(ka), btf_kind_str(kb));
    if (named_kind(ka) && strcmp(na, nb) != 0)
      return mismatch(m, "%s named '%s' and '%s'", btf_kind_str(ka), na, nb);
    switch (ka) {
    case BTF_KIND_UNKN:
    case BTF_KIND_FWD:
      return true;
    case BTF_KIND_INT:
    case BTF_KIND_FLOAT:
    case BTF_KIND_ENUM:
    case BTF_KIND_ENUM64:
      if (ta->size != tb->size)
        return mismatch(m, "%s '%s' of %u and %u bytes", btf_kind_str(ka), na,
                        ta->size, tb->size);
      return true;
    case BTF_KIND_PTR:
      exact = false;
      ida = ta->type;
      idb = tb->type;
      continue;
    case BTF_KIND_ARRAY:
      ida = btf_array(ta)->type;
      idb = btf_array(tb)->type;
      continue;
    case BTF_KIND_FUNC:
      if ((btf_vlen(ta) == BTF_FUNC_STATIC) != (btf_vlen(tb) == BTF_FUNC_STATIC))
        return mismatch(m, "function '%s' static on one side only", na);
      ida = ta->type;
      idb = tb->type;
      continue;
    case BTF_KIND_VAR:
      if ((btf_var(ta)->linkage == BTF_VAR_STATIC) != (btf_var(tb)->linkage == BTF_VAR_STATIC))
        return mismatch(m, "variable '%s' static on one side only", na);
      ida = ta->type;
      idb = tb->type;
      continue;
    case BTF_KIND_STRUCT:
    case BTF_KIND_UNION:
      return !exact || records_match(m, ta, tb, depth);
    case BTF_KIND_FUNC_PROTO:
      return protos_match(m, ta, tb, depth);
    default:
      return mismatch(m, "BTF kind %s cannot describe it", btf_kind_str(ka));
    }
  }
  return mismatch(m, "its types nest too deeply");
}

bool btf_globals_match(const char *name, const BtfView *a, uint32_t ida,
                       const BtfView *b, uint32_t idb, char *why, size_t size) {
  Matcher m = {name, a, b, why, size, 0};
  if (size)
    why[0] = 0;
  return types_match(&m, ida, idb, true, 0);
}
