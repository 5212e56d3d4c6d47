/* BTF deduplication (btf_dedup.h), with libbpf's btf__dedup semantics
   reached by another road: partition refinement over the type graph.

   Two types are equivalent when they have the same kind, name and data
   (sizes, encodings, offsets, member and parameter names, values) and
   their references lead to equivalent types, recursively: the coarsest
   such partition (a bisimulation) is what libbpf's hypothetical-map
   walk finds for the graphs C produces, cycles through structs
   included.  It is computed without recursion:
   1. strings are identified by content;
   2. each type gets a class from its own data (its key);
   3. each round gives each type the class of (its class, the classes
      of the types it refers to); a round that makes no new class ends
      it.
   Forward declarations: after a first, shallow partition (where the
   named structs, unions and FWDs a type refers to count by name only),
   a FWD whose name has full structs (or unions, by its kflag) becomes
   an alias of one of them, and so does a declaration-only enum (no
   values) of a full enum of its name, kind, signedness and size -- of the class most of them are in -- and
   the full partition is computed with references through the alias,
   again until the aliases stay.
   A struct that points to a FWD in one unit and to the full struct in
   another is thus one type, as libbpf's walk finds it (a FWD is
   equivalent to the struct of its name it is compared with); in a
   kernel, where a CU often sees only the FWD of a struct another CU
   defines, the first partition leaves most names with hundreds of
   classes that only this iteration merges.  VARs and DATASECs are
   never merged (libbpf keeps every one).

   Output: the first type of each class (an alias never represents one)
   keeps its place, in id order; references go to the representatives;
   the string table holds each string once, in order of first use.

   Split BTF (a module's, on top of vmlinux's): the base's types take
   part in the partition but stay as they are -- they are never aliased
   and never written; a class holding a base type is represented by it
   (base ids come first), so a module type equal to a base type becomes
   a reference to it, a module FWD names the base's struct when the base
   defines one, and a name the base's string table holds is written as
   the base's offset.  btf_rebase puts standalone BTF on top of a base
   so that it can be deduplicated against it.  */
#include "btf_dedup.h"

#include <string.h>

typedef BtfWordVec U32Vec;

/* --- Interned word sequences: each distinct one gets the next number --- */

typedef struct SeqSet {
  uint32_t *slots; /* number + 1; 0: empty */
  uint32_t mask;
  uint32_t count;
  U32Vec pool;     /* the sequences back to back */
  U32Vec start;    /* per number: its start in pool, and one past the last */
} SeqSet;

static uint64_t hash_words(const uint32_t *w, uint32_t n) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (uint32_t i = 0; i < n; i++) {
    h ^= w[i];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h;
}

static void seqset_init(SeqSet *s, uint32_t expect) {
  uint32_t cap = 16;
  while (cap < expect * 2)
    cap *= 2;
  memset(s, 0, sizeof *s);
  s->slots = xcalloc(cap, sizeof *s->slots);
  s->mask = cap - 1;
  vec_push(&s->start, 0);
}

static void seqset_free(SeqSet *s) {
  free(s->slots);
  vec_free(&s->pool);
  vec_free(&s->start);
}

static bool seq_equal(const SeqSet *s, uint32_t num, const uint32_t *w, uint32_t n) {
  uint32_t a = s->start.data[num], b = s->start.data[num + 1];
  return b - a == n && memcmp(s->pool.data + a, w, n * sizeof *w) == 0;
}

static void seqset_grow(SeqSet *s) {
  uint32_t cap = (s->mask + 1) * 2;
  uint32_t *slots = xcalloc(cap, sizeof *slots);
  for (uint32_t num = 0; num < s->count; num++) {
    uint32_t a = s->start.data[num];
    uint64_t h = hash_words(s->pool.data + a, s->start.data[num + 1] - a);
    uint32_t i = (uint32_t)h & (cap - 1);
    while (slots[i])
      i = (i + 1) & (cap - 1);
    slots[i] = num + 1;
  }
  free(s->slots);
  s->slots = slots;
  s->mask = cap - 1;
}

static uint32_t seqset_intern(SeqSet *s, const uint32_t *w, uint32_t n) {
  uint32_t i = (uint32_t)hash_words(w, n) & s->mask;
  for (; s->slots[i]; i = (i + 1) & s->mask)
    if (seq_equal(s, s->slots[i] - 1, w, n))
      return s->slots[i] - 1;
  uint32_t num = s->count++;
  s->slots[i] = num + 1;
  for (uint32_t k = 0; k < n; k++)
    vec_push(&s->pool, w[k]);
  vec_push(&s->start, (uint32_t)s->pool.len);
  if (s->count * 2 > s->mask)
    seqset_grow(s);
  return num;
}

/* --- Strings by content --- */

typedef BtfStrSet StrSet;

static uint64_t hash_str(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++)
    h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
  return h;
}

void btf_strset_init(StrSet *s) {
  memset(s, 0, sizeof *s);
  s->mask = 1023;
  s->slots = xcalloc(s->mask + 1, sizeof *s->slots);
  buf_putc(&s->tab, 0);
}

void btf_strset_free(StrSet *s) {
  buf_free(&s->tab);
  free(s->slots);
}

static void strset_place(uint32_t *slots, uint32_t mask, const char *str, uint32_t off) {
  uint32_t i = (uint32_t)hash_str(str) & mask;
  while (slots[i])
    i = (i + 1) & mask;
  slots[i] = off + 1;
}

uint32_t btf_strset_add(StrSet *s, const char *str) {
  if (!*str)
    return 0;
  uint32_t i = (uint32_t)hash_str(str) & s->mask;
  for (; s->slots[i]; i = (i + 1) & s->mask)
    if (!strcmp(s->tab.data + s->slots[i] - 1, str))
      return s->slots[i] - 1;
  uint32_t off = (uint32_t)s->tab.len;
  buf_append(&s->tab, str, strlen(str) + 1);
  s->slots[i] = off + 1;
  if (++s->count * 2 > s->mask) {
    uint32_t mask = s->mask * 2 + 1;
    uint32_t *slots = xcalloc(mask + 1, sizeof *slots);
    for (uint32_t k = 0; k <= s->mask; k++)
      if (s->slots[k])
        strset_place(slots, mask, s->tab.data + s->slots[k] - 1, s->slots[k] - 1);
    free(s->slots);
    s->slots = slots;
    s->mask = mask;
  }
  return off;
}

/* --- Where a record names strings and types --- */

/* The words of record T that hold string offsets (NAMES) and type ids
   (REFS), as word indexes from T's start; T's own type word for the
   kinds that refer through it.  */
void btf_record_slots(const BtfType *t, U32Vec *names, U32Vec *refs) {
  unsigned kind = btf_kind(t);
  uint32_t vlen = btf_vlen(t);
  names->len = refs->len = 0;
  vec_push(names, 0);
  if (btf_kind_has_type_ref(kind))
    vec_push(refs, 2);
  switch (kind) {
  case BTF_KIND_ARRAY:
    vec_push(refs, 3);
    vec_push(refs, 4);
    break;
  case BTF_KIND_STRUCT:
  case BTF_KIND_UNION:
    for (uint32_t i = 0; i < vlen; i++) {
      vec_push(names, 3 + 3 * i);
      vec_push(refs, 4 + 3 * i);
    }
    break;
  case BTF_KIND_ENUM:
    for (uint32_t i = 0; i < vlen; i++)
      vec_push(names, 3 + 2 * i);
    break;
  case BTF_KIND_ENUM64:
    for (uint32_t i = 0; i < vlen; i++)
      vec_push(names, 3 + 3 * i);
    break;
  case BTF_KIND_FUNC_PROTO:
    for (uint32_t i = 0; i < vlen; i++) {
      vec_push(names, 3 + 2 * i);
      vec_push(refs, 4 + 2 * i);
    }
    break;
  case BTF_KIND_DATASEC:
    for (uint32_t i = 0; i < vlen; i++)
      vec_push(refs, 3 + 3 * i);
    break;
  default:
    break;
  }
}

/* --- The partition --- */

typedef struct Dedup {
  const Btf *btf;
  uint32_t n;          /* ids 0 .. n-1 */
  uint32_t start;      /* the first id that is not the base's (1: no base) */
  uint32_t *str_id;    /* per string offset used: its content's number */
  StrSet contents;
  uint32_t *alias;     /* FWD resolved to this id, else 0 */
  uint32_t *cls;
  uint32_t nclasses;
  uint32_t rounds;
  U32Vec names, refs, seq;
  const BtfDedupOrigins *origins; /* NULL: the input is not merged */
} Dedup;

static const uint32_t *words(const Dedup *d, uint32_t id) {
  return (const uint32_t *)btf_type_by_id(d->btf, id);
}

static uint32_t content(Dedup *d, uint32_t off) {
  return btf_strset_add(&d->contents, btf_str_by_offset(d->btf, off));
}

static uint32_t resolve(const Dedup *d, uint32_t id) {
  return d->alias[id] ? d->alias[id] : id;
}

/* The data of type ID that is not a reference: its key.  */
static void key_of(Dedup *d, uint32_t id, U32Vec *k) {
  k->len = 0;
  if (id == 0) {
    vec_push(k, UINT32_MAX);
    return;
  }
  const BtfType *t = btf_type_by_id(d->btf, id);
  const uint32_t *w = words(d, id);
  unsigned kind = btf_kind(t);
  long extra = btf_type_data_size(kind, btf_vlen(t)) / 4;
  btf_record_slots(t, &d->names, &d->refs);
  /* every word but the references, names by content */
  size_t ni = 0, ri = 0;
  for (long i = 0; i < 3 + extra; i++) {
    if (ri < d->refs.len && d->refs.data[ri] == (uint32_t)i) {
      ri++;
      continue;
    }
    if (ni < d->names.len && d->names.data[ni] == (uint32_t)i) {
      ni++;
      vec_push(k, content(d, w[i]));
      continue;
    }
    vec_push(k, w[i]);
  }
  if (kind == BTF_KIND_VAR || kind == BTF_KIND_DATASEC)
    vec_push(k, id); /* never merged */
}

/* What a reference contributes to its referrer's class, as one word
   fixed for the whole of a partition: the id of the type it resolves
   to, whose class is looked up each round; in a SHALLOW partition, for
   a named struct, union or FWD, only its name and whether it is a
   union, as NAME_TOKEN | the number of that pair (a class number, below
   2^31, never has the bit).  */
enum { NAME_TOKEN = 0x80000000u };

static uint32_t ref_token(Dedup *d, SeqSet *names, uint32_t ref, bool shallow) {
  uint32_t target = resolve(d, ref);
  if (shallow && target) {
    const BtfType *t = btf_type_by_id(d->btf, target);
    unsigned kind = btf_kind(t);
    if (t->name_off && (kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION ||
                        kind == BTF_KIND_FWD)) {
      uint32_t pair[2] = {content(d, t->name_off),
                          kind == BTF_KIND_FWD ? btf_kflag(t) : kind == BTF_KIND_UNION};
      return NAME_TOKEN | seqset_intern(names, pair, 2);
    }
  }
  return target;
}

/* Each type's references as tokens (ref_token), back to back: type
   ID's are tok[start[id] .. start[id + 1]).  */
typedef struct RefTokens {
  uint32_t *start;
  U32Vec tok;
} RefTokens;

static void ref_tokens_build(Dedup *d, bool shallow, RefTokens *rt) {
  SeqSet names;
  seqset_init(&names, 64);
  rt->start = xmalloc(((size_t)d->n + 1) * sizeof *rt->start);
  rt->tok = (U32Vec){0};
  rt->start[0] = 0;
  rt->start[d->n > 0] = 0;
  for (uint32_t id = 1; id < d->n; id++) {
    const BtfType *t = btf_type_by_id(d->btf, id);
    const uint32_t *w = words(d, id);
    btf_record_slots(t, &d->names, &d->refs);
    for (size_t r = 0; r < d->refs.len; r++)
      vec_push(&rt->tok, ref_token(d, &names, w[d->refs.data[r]], shallow));
    rt->start[id + 1] = (uint32_t)rt->tok.len;
  }
  seqset_free(&names);
}

static void ref_tokens_free(RefTokens *rt) {
  free(rt->start);
  vec_free(&rt->tok);
}

/* The numbering of one round: each distinct word sequence gets the next
   number.  Sized once for N sequences (a round has one per type) and
   emptied between rounds, so that a round never grows it.  */
typedef struct RoundSet {
  uint32_t *slots;  /* number + 1; 0: empty */
  uint32_t mask;
  uint32_t count;
  uint32_t *hash;   /* per number */
  uint32_t *start;  /* per number: its start in pool, and one past the last */
  uint32_t *slot;   /* per number: its slot, to empty only those */
  U32Vec pool;
} RoundSet;

static void roundset_init(RoundSet *s, uint32_t n) {
  uint32_t cap = 16;
  while (cap < n * 2)
    cap *= 2;
  *s = (RoundSet){.mask = cap - 1};
  s->slots = xcalloc(cap, sizeof *s->slots);
  s->hash = xmalloc(((size_t)n + 1) * sizeof *s->hash);
  s->start = xmalloc(((size_t)n + 2) * sizeof *s->start);
  s->slot = xmalloc(((size_t)n + 1) * sizeof *s->slot);
}

/* Empty the slots used (a late round uses few of a table sized for
   every type).  */
static void roundset_clear(RoundSet *s) {
  for (uint32_t num = 0; num < s->count; num++)
    s->slots[s->slot[num]] = 0;
  s->count = 0;
  s->pool.len = 0;
  s->start[0] = 0;
}

static void roundset_free(RoundSet *s) {
  free(s->slots);
  free(s->hash);
  free(s->start);
  free(s->slot);
  vec_free(&s->pool);
}

static uint32_t roundset_intern(RoundSet *s, const uint32_t *w, uint32_t n) {
  uint64_t h64 = hash_words(w, n);
  uint32_t h = (uint32_t)(h64 >> 32);
  uint32_t i = (uint32_t)h64 & s->mask;
  for (; s->slots[i]; i = (i + 1) & s->mask) {
    uint32_t num = s->slots[i] - 1, a = s->start[num];
    if (s->hash[num] == h && s->start[num + 1] - a == n &&
        memcmp(s->pool.data + a, w, n * sizeof *w) == 0)
      return num;
  }
  uint32_t num = s->count++;
  s->slots[i] = num + 1;
  s->slot[num] = i;
  s->hash[num] = h;
  vec_grow(&s->pool, s->pool.len + n);
  memcpy(s->pool.data + s->pool.len, w, n * sizeof *w);
  s->pool.len += n;
  s->start[num + 1] = (uint32_t)s->pool.len;
  return num;
}

/* Who refers to each type, for the rounds of partition: type T's
   referrers are id[start[T] .. start[T + 1]), the types (not aliases)
   among whose tokens (ref_token) T is.  */
typedef struct Referrers {
  uint32_t *start;
  uint32_t *id;
} Referrers;

static void referrers_build(const Dedup *d, const RefTokens *rt, Referrers *rv) {
  rv->start = xcalloc((size_t)d->n + 1, sizeof *rv->start);
  for (uint32_t id = 1; id < d->n; id++)
    if (resolve(d, id) == id)
      for (uint32_t r = rt->start[id]; r < rt->start[id + 1]; r++)
        if (!(rt->tok.data[r] & NAME_TOKEN))
          rv->start[rt->tok.data[r] + 1]++;
  for (uint32_t t = 0; t < d->n; t++)
    rv->start[t + 1] += rv->start[t];
  rv->id = xmalloc(((size_t)rv->start[d->n] + 1) * sizeof *rv->id);
  uint32_t *fill = xmalloc(((size_t)d->n + 1) * sizeof *fill);
  memcpy(fill, rv->start, ((size_t)d->n + 1) * sizeof *fill);
  for (uint32_t id = 1; id < d->n; id++)
    if (resolve(d, id) == id)
      for (uint32_t r = rt->start[id]; r < rt->start[id + 1]; r++)
        if (!(rt->tok.data[r] & NAME_TOKEN))
          rv->id[fill[rt->tok.data[r]]++] = id;
  free(fill);
}

static void referrers_free(Referrers *rv) {
  free(rv->start);
  free(rv->id);
}

/* The word sequence of type ID in a round: its class, then the classes
   of what it refers to (through its alias), into d->seq.  */
static void round_sequence(Dedup *d, const RefTokens *rt, uint32_t id) {
  uint32_t self = resolve(d, id);
  d->seq.len = 0;
  vec_push(&d->seq, d->cls[self]);
  for (uint32_t r = rt->start[self]; r < rt->start[self + 1]; r++) {
    uint32_t tok = rt->tok.data[r];
    vec_push(&d->seq, tok & NAME_TOKEN ? tok : d->cls[tok]);
  }
}

/* Classes from the keys (KEY_CLS: each type's key, numbered), then
   rounds of refinement until stable.  A SHALLOW partition compares
   named structs, unions and FWDs that a type refers to by name only
   (ref_token).
   A round splits a class only where the sequences (round_sequence) of
   its types differ, and those of two types of one class differ only
   when a type one of them refers to has moved: its class split in the
   round before.  So a round computes the sequences of the types of the
   classes marked dirty (a referrer of a moved type is in one) and
   keeps every other class whole; the classes are then numbered in
   order of first use by id, as if every type's sequence had been
   numbered, so the classes and the number of rounds are those of
   computing every sequence each round.  */
static void partition(Dedup *d, const uint32_t *key_cls, uint32_t nkeys, bool shallow) {
  /* the keys in order of first use, as numbers from 0 */
  uint32_t *renum = xcalloc(nkeys ? nkeys : 1, sizeof *renum); /* number + 1 */
  d->nclasses = 0;
  for (uint32_t id = 0; id < d->n; id++) {
    uint32_t k = key_cls[resolve(d, id)]; /* an alias: its struct's key */
    if (!renum[k])
      renum[k] = ++d->nclasses;
    d->cls[id] = renum[k] - 1;
  }
  free(renum);
  RefTokens rt;
  ref_tokens_build(d, shallow, &rt);
  Referrers rv;
  referrers_build(d, &rt, &rv);
  RoundSet set;
  roundset_init(&set, d->n);
  size_t n1 = d->n ? d->n : 1;
  uint32_t *next = xcalloc(n1, sizeof *next);
  /* a round's provisional numbers: a kept class's own, or nclasses + a
     sequence's; each its final number + 1 */
  renum = xmalloc(2 * n1 * sizeof *renum);
  uint32_t *children = xmalloc(n1 * sizeof *children); /* per class of the round before */
  uint8_t *dirty = xmalloc(n1);
  memset(dirty, 1, n1); /* the first round computes every sequence */
  for (d->rounds = 1;; d->rounds++) {
    roundset_clear(&set);
    for (uint32_t id = 0; id < d->n; id++) {
      if (!dirty[d->cls[id]]) {
        next[id] = d->cls[id];
        continue;
      }
      round_sequence(d, &rt, id);
      next[id] = d->nclasses + roundset_intern(&set, d->seq.data, (uint32_t)d->seq.len);
    }
    memset(renum, 0, ((size_t)d->nclasses + set.count) * sizeof *renum);
    memset(children, 0, (size_t)d->nclasses * sizeof *children);
    uint32_t count = 0;
    for (uint32_t id = 0; id < d->n; id++) {
      uint32_t p = next[id];
      if (!renum[p]) {
        renum[p] = ++count;
        children[d->cls[id]]++;
      }
      next[id] = renum[p] - 1;
    }
    /* the classes of the next round that hold a referrer of a moved type */
    memset(dirty, 0, count);
    for (uint32_t t = 0; t < d->n; t++)
      if (children[d->cls[t]] > 1)
        for (uint32_t r = rv.start[t]; r < rv.start[t + 1]; r++)
          dirty[next[rv.id[r]]] = 1;
    uint32_t *old = d->cls;
    d->cls = next;
    next = old;
    if (count == d->nclasses)
      break;
    d->nclasses = count;
  }
  free(next);
  free(renum);
  free(children);
  free(dirty);
  roundset_free(&set);
  referrers_free(&rv);
  ref_tokens_free(&rt);
}

/* Each type's key (key_of), numbered: KEY_CLS[id].  Returns how many
   distinct keys.  */
static uint32_t number_keys(Dedup *d, uint32_t *key_cls) {
  SeqSet set;
  seqset_init(&set, d->n);
  for (uint32_t id = 0; id < d->n; id++) {
    key_of(d, id, &d->seq);
    key_cls[id] = seqset_intern(&set, d->seq.data, (uint32_t)d->seq.len);
  }
  uint32_t count = set.count;
  seqset_free(&set);
  return count;
}

/* What makes type T a forward declaration or a definition another may
   stand for, as the key (name, group, size) K: a named struct or union
   defines (group 0 / 1), a FWD declares (its kflag); an enum or enum64
   with values defines, one without (a declaration-only enum, vlen 0)
   declares, both of the group of their kind and signedness, with their
   size (libbpf's btf_compat_enum).  Returns 1: defines, 2: declares,
   0: neither.  */
static int fwd_role(Dedup *d, const BtfType *t, uint32_t k[3]) {
  unsigned kind = btf_kind(t);
  if (!t->name_off)
    return 0;
  k[0] = content(d, t->name_off);
  k[2] = 0;
  switch (kind) {
  case BTF_KIND_STRUCT:
  case BTF_KIND_UNION:
    k[1] = kind == BTF_KIND_UNION;
    return 1;
  case BTF_KIND_FWD:
    k[1] = btf_kflag(t);
    return 2;
  case BTF_KIND_ENUM:
  case BTF_KIND_ENUM64:
    k[1] = (kind == BTF_KIND_ENUM ? 2 : 4) + btf_kflag(t);
    k[2] = t->size;
    return btf_vlen(t) ? 1 : 2;
  default:
    return 0;
  }
}

/* The Ith type of the input before merging that has a role (fwd_role),
   base types first (each its own), as the id standing for it; 0 past
   the last.  */
static uint32_t nth_role(const Dedup *d, uint32_t i) {
  if (!d->origins)
    return i + 1 < d->n ? i + 1 : 0;
  if (i + 1 < d->start)
    return i + 1;
  i -= d->start - 1;
  return i < d->origins->nroles ? d->origins->roles[i] + d->start - 1 : 0;
}

/* Each forward declaration (fwd_role) after the base aliases a
   definition of its key: the first of the class most of them are in
   (the only class, when the key has one definition), a class holding a
   base definition before any other (a base type counts as N).  Counted
   over the input before merging (nth_role).  Returns how many aliases
   changed.  */
static uint32_t resolve_fwds(Dedup *d) {
  SeqSet keys, classes;
  seqset_init(&keys, 64);
  seqset_init(&classes, 64);
  U32Vec best = {0}, best_count = {0}, first = {0}, count = {0};
  uint32_t key[4];
  for (uint32_t i = 0, id; (id = nth_role(d, i)) != 0; i++) {
    if (fwd_role(d, btf_type_by_id(d->btf, id), key) != 1)
      continue;
    key[3] = d->cls[id];
    uint32_t k = seqset_intern(&keys, key, 3);
    uint32_t c = seqset_intern(&classes, key, 4);
    if (k == best.len) {
      vec_push(&best, 0);
      vec_push(&best_count, 0);
    }
    if (c == first.len) {
      vec_push(&first, id);
      vec_push(&count, 0);
    }
    count.data[c] += id < d->start ? d->n : 1;
    if (count.data[c] > best_count.data[k]) {
      best_count.data[k] = count.data[c];
      best.data[k] = first.data[c];
    }
  }
  uint32_t changed = 0;
  for (uint32_t id = d->start; id < d->n; id++) {
    if (fwd_role(d, btf_type_by_id(d->btf, id), key) != 2)
      continue;
    uint32_t k = seqset_intern(&keys, key, 3);
    uint32_t to = k < best.len ? best.data[k] : 0;
    if (d->alias[id] != to) {
      d->alias[id] = to;
      changed++;
    }
  }
  seqset_free(&keys);
  seqset_free(&classes);
  vec_free(&best);
  vec_free(&best_count);
  vec_free(&first);
  vec_free(&count);
  return changed;
}

/* The aliases, counted over the input before merging.  */
static uint32_t count_aliases(const Dedup *d) {
  uint32_t n = 0;
  for (uint32_t i = 0, id; (id = nth_role(d, i)) != 0; i++)
    n += d->alias[id] != 0;
  return n;
}

/* --- Output --- */

/* The output's strings: for split BTF, first a copy of the base's
   table, each of its strings findable at its first offset, so that a
   name the base holds is written as the base's offset and a new one
   after it (write_output writes only the part after the base's).  */
static void output_strings_init(StrSet *strs, const Btf *base) {
  btf_strset_init(strs);
  if (!base)
    return;
  strs->tab.len = 0;
  buf_append(&strs->tab, base->strs, base->hdr.str_len);
  for (uint32_t off = 1; off < base->hdr.str_len;) {
    const char *str = base->strs + off;
    uint32_t end = off + (uint32_t)strlen(str) + 1;
    /* strset_add finds it where it first occurs, or records it there */
    uint32_t len = (uint32_t)strs->tab.len;
    strs->tab.len = off;
    btf_strset_add(strs, str);
    strs->tab.len = len;
    off = end;
  }
}

/* ID_MAP (may be NULL) gets, for every id, the id of its
   representative in the output.  */
static void write_output(Dedup *d, Buf *out, uint32_t *types_out, uint32_t *id_map) {
  uint32_t *rep = xcalloc(d->nclasses, sizeof *rep);   /* class: first id + 1 */
  uint32_t *newid = xcalloc(d->n, sizeof *newid);
  for (uint32_t id = d->n; id-- > 1;)
    if (!d->alias[id])
      rep[d->cls[id]] = id + 1;
  uint32_t next = d->start;
  for (uint32_t id = 1; id < d->start; id++)
    newid[id] = id;
  for (uint32_t id = d->start; id < d->n; id++)
    if (rep[d->cls[id]] == id + 1)
      newid[id] = next++;
  for (uint32_t id = 0; id_map && id < d->n; id++) {
    uint32_t target = resolve(d, id);
    id_map[id] = target ? newid[rep[d->cls[target]] - 1] : 0;
  }
  Buf types = {0};
  StrSet strs;
  const Btf *base = d->btf->base;
  output_strings_init(&strs, base);
  uint32_t base_strs = base ? base->hdr.str_len : 0;
  for (uint32_t id = d->start; id < d->n; id++) {
    if (!newid[id])
      continue;
    const BtfType *t = btf_type_by_id(d->btf, id);
    size_t nwords = 3 + (size_t)btf_type_data_size(btf_kind(t), btf_vlen(t)) / 4;
    size_t at = types.len;
    buf_append(&types, t, nwords * 4);
    uint32_t *w = (uint32_t *)(void *)(types.data + at);
    btf_record_slots(t, &d->names, &d->refs);
    for (size_t i = 0; i < d->names.len; i++) {
      uint32_t *slot = &w[d->names.data[i]];
      *slot = btf_strset_add(&strs, btf_str_by_offset(d->btf, *slot));
    }
    for (size_t i = 0; i < d->refs.len; i++) {
      uint32_t *slot = &w[d->refs.data[i]];
      uint32_t target = resolve(d, *slot);
      *slot = target ? newid[rep[d->cls[target]] - 1] : 0;
    }
  }
  uint32_t str_len = (uint32_t)strs.tab.len - base_strs;
  BtfHeader h = {BTF_MAGIC, BTF_VERSION, 0, BTF_HEADER_SIZE, 0,
                 (uint32_t)types.len, (uint32_t)types.len, str_len};
  buf_append(out, &h, sizeof h);
  if (types.len)
    buf_append(out, types.data, types.len);
  buf_append(out, strs.tab.data + base_strs, str_len);
  *types_out = next - d->start;
  buf_free(&types);
  btf_strset_free(&strs);
  free(rep);
  free(newid);
}

bool btf_dedup(const Btf *btf, Buf *out, BtfDedupStats *stats, BtfError *err) {
  return btf_dedup_map(btf, out, stats, NULL, err);
}

static void dedup_init(Dedup *d, const Btf *btf) {
  *d = (Dedup){0};
  d->btf = btf;
  d->n = btf_type_count(btf);
  d->start = btf->start_id;
  btf_strset_init(&d->contents);
  d->alias = xcalloc(d->n, sizeof *d->alias);
  d->cls = xcalloc(d->n, sizeof *d->cls);
}

static void dedup_free(Dedup *d) {
  btf_strset_free(&d->contents);
  free(d->alias);
  free(d->cls);
  vec_free(&d->names);
  vec_free(&d->refs);
  vec_free(&d->seq);
}

uint32_t btf_merge_equal(const Btf *btf, Buf *out, BtfWordVec *roles) {
  Dedup d;
  dedup_init(&d, btf);
  uint32_t *key_cls = xcalloc(d.n ? d.n : 1, sizeof *key_cls);
  uint32_t nkeys = number_keys(&d, key_cls);
  partition(&d, key_cls, nkeys, false);
  free(key_cls);
  uint32_t types_out;
  uint32_t *id_map = xcalloc(d.n ? d.n : 1, sizeof *id_map);
  write_output(&d, out, &types_out, id_map);
  roles->len = 0;
  uint32_t key[3];
  for (uint32_t id = d.start; id < d.n; id++)
    if (fwd_role(&d, btf_type_by_id(btf, id), key))
      vec_push(roles, id_map[id] - (d.start - 1));
  free(id_map);
  dedup_free(&d);
  return types_out;
}

static bool dedup_run(const Btf *btf, const BtfDedupOrigins *origins, Buf *out,
                      BtfDedupStats *stats, uint32_t *id_map) {
  Dedup d;
  dedup_init(&d, btf);
  d.origins = origins;
  /* The FWDs are first resolved in a shallow partition, where a struct
     that points to FWD x and one that points to struct x are alike;
     then in the full one, again until nothing changes (a pass or two;
     a bound for safety).  */
  uint32_t *key_cls = xcalloc(d.n ? d.n : 1, sizeof *key_cls);
  uint32_t nkeys = number_keys(&d, key_cls);
  partition(&d, key_cls, nkeys, true);
  uint32_t rounds = d.rounds;
  resolve_fwds(&d);
  partition(&d, key_cls, nkeys, false);
  rounds += d.rounds;
  for (int pass = 0; pass < 8 && resolve_fwds(&d); pass++) {
    partition(&d, key_cls, nkeys, false);
    rounds += d.rounds;
  }
  free(key_cls);
  BtfDedupStats st = {origins ? origins->types_in : btf->nr_types, 0, count_aliases(&d),
                      rounds};
  write_output(&d, out, &st.types_out, id_map);
  if (stats)
    *stats = st;
  dedup_free(&d);
  return true;
}

bool btf_dedup_map(const Btf *btf, Buf *out, BtfDedupStats *stats,
                   uint32_t *id_map, BtfError *err) {
  (void)err;
  return dedup_run(btf, NULL, out, stats, id_map);
}

bool btf_dedup_merged(const Btf *btf, const BtfDedupOrigins *origins, Buf *out,
                      BtfDedupStats *stats, BtfError *err) {
  (void)err;
  return dedup_run(btf, origins, out, stats, NULL);
}

bool btf_rebase(const Btf *btf, const Btf *base, Buf *out, BtfError *err) {
  if (btf->base)
    return read_error(err, "BTF to put on a base is split BTF already");
  uint32_t shift_ids = btf_type_count(base) - 1, shift_strs = base->hdr.str_len;
  if (btf_type_count(btf) - 1 > BTF_MAX_TYPE - shift_ids)
    return read_error(err, "too many types for the base's ids: %u + %u",
                      shift_ids, btf->nr_types);
  if (btf->hdr.str_len > BTF_MAX_NAME_OFFSET - shift_strs)
    return read_error(err, "too many strings on the base's: %u + %u bytes",
                      shift_strs, btf->hdr.str_len);
  U32Vec names = {0}, refs = {0};
  Buf types = {0};
  for (uint32_t id = 1; id < btf_type_count(btf); id++) {
    const BtfType *t = btf_type_by_id(btf, id);
    size_t nwords = 3 + (size_t)btf_type_data_size(btf_kind(t), btf_vlen(t)) / 4;
    size_t at = types.len;
    buf_append(&types, t, nwords * 4);
    uint32_t *w = (uint32_t *)(void *)(types.data + at);
    btf_record_slots(t, &names, &refs);
    for (size_t i = 0; i < names.len; i++)
      if (w[names.data[i]])
        w[names.data[i]] += shift_strs;
    for (size_t i = 0; i < refs.len; i++)
      if (w[refs.data[i]])
        w[refs.data[i]] += shift_ids;
  }
  BtfHeader h = {BTF_MAGIC, BTF_VERSION, 0, BTF_HEADER_SIZE, 0, (uint32_t)types.len,
                 (uint32_t)types.len, btf->hdr.str_len};
  buf_append(out, &h, sizeof h);
  if (types.len)
    buf_append(out, types.data, types.len);
  buf_append(out, btf->strs, btf->hdr.str_len);
  buf_free(&types);
  vec_free(&names);
  vec_free(&refs);
  return true;
}
