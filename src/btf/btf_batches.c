/* Joining batches' BTF (btf_batches.h).

   Each batch's records go, as they come, to the buffer of their group
   (types, VARs, FUNCs, DECL_TAGs); the final ids are known only once
   every batch is in, so a reference is kept meanwhile as its target's
   group (the top two bits) and its number in that group, from 1 (0
   stays void), and made an id by btf_batches_finish.  DATASECs are
   kept apart, one per name, their entries with their order of arrival
   for the stable sort.  Strings are kept once each (a kernel's batches
   name the same members and types again and again: 96 MB of tables
   back to back for Debian's vmlinux).  */
#include "btf_batches.h"

#include "btf_dedup.h"
#include "btf_format.h"

#include <stdlib.h>
#include <string.h>

enum { GROUP_TYPES, GROUP_VARS, GROUP_FUNCS, GROUP_TAGS, NGROUPS };
enum { GROUP_SHIFT = 30, INDEX_MASK = (1u << GROUP_SHIFT) - 1 };

typedef struct SecEntry {
  BtfVarSecinfo info; /* its type as a kept reference */
  uint32_t arrival;
} SecEntry;

typedef struct Datasec {
  uint32_t name_off;  /* in strs, where each string is once */
  uint32_t size;
  VEC(SecEntry) entries;
} Datasec;

struct BtfBatches {
  Buf group[NGROUPS];
  uint32_t count[NGROUPS];
  BtfStrSet strs;
  VEC(Datasec) datasecs;
  uint32_t arrivals;
  BtfWordVec names, refs;
  BtfWordVec roles;   /* merged batches' roles, as kept references */
  uint32_t merged;    /* types the batches' merges removed */
};

BtfBatches *btf_batches_new(void) {
  BtfBatches *b = xcalloc(1, sizeof(BtfBatches));
  btf_strset_init(&b->strs);
  return b;
}

void btf_batches_free(BtfBatches *b) {
  if (!b)
    return;
  for (int g = 0; g < NGROUPS; g++)
    buf_free(&b->group[g]);
  btf_strset_free(&b->strs);
  for (size_t i = 0; i < b->datasecs.len; i++)
    vec_free(&b->datasecs.data[i].entries);
  vec_free(&b->datasecs);
  vec_free(&b->names);
  vec_free(&b->refs);
  vec_free(&b->roles);
  free(b);
}

static int group_of(unsigned kind) {
  switch (kind) {
  case BTF_KIND_VAR: return GROUP_VARS;
  case BTF_KIND_FUNC: return GROUP_FUNCS;
  case BTF_KIND_DECL_TAG: return GROUP_TAGS;
  default: return GROUP_TYPES;
  }
}

static uint32_t record_words(const BtfType *t) {
  return 3 + (uint32_t)btf_type_data_size(btf_kind(t), btf_vlen(t)) / 4;
}

/* The DATASEC of the name at NAME_OFF in strs, made on first use.  */
static Datasec *datasec_named(BtfBatches *b, uint32_t name_off, uint32_t size) {
  for (size_t i = 0; i < b->datasecs.len; i++)
    if (b->datasecs.data[i].name_off == name_off)
      return &b->datasecs.data[i];
  Datasec ds = {.name_off = name_off, .size = size};
  vec_push(&b->datasecs, ds);
  return &b->datasecs.data[b->datasecs.len - 1];
}

static void add_datasec(BtfBatches *b, const Btf *btf, const BtfType *t,
                        const uint32_t *kept) {
  Datasec *ds = datasec_named(b, btf_strset_add(&b->strs, btf->strs + t->name_off), t->size);
  const BtfVarSecinfo *vs = (const BtfVarSecinfo *)(t + 1);
  for (uint32_t i = 0; i < btf_vlen(t); i++) {
    SecEntry e = {vs[i], b->arrivals++};
    e.info.type = kept[vs[i].type];
    vec_push(&ds->entries, e);
  }
}

bool btf_batches_add(BtfBatches *b, const void *blob, size_t size,
                     const BtfWordVec *roles, uint32_t merged, BtfError *err) {
  Btf *btf = btf_parse(blob, size, NULL, err);
  if (!btf)
    return false;
  uint32_t n = btf_type_count(btf);
  uint32_t *kept = xcalloc(n ? n : 1, sizeof *kept); /* by id: kept reference */
  uint32_t count[NGROUPS];
  memcpy(count, b->count, sizeof count);
  for (uint32_t id = 1; id < n; id++) {
    unsigned kind = btf_kind(btf_type_by_id(btf, id));
    if (kind != BTF_KIND_DATASEC) {
      int g = group_of(kind);
      kept[id] = (uint32_t)g << GROUP_SHIFT | ++count[g];
    }
  }
  for (uint32_t id = 1; id < n; id++) {
    const BtfType *t = btf_type_by_id(btf, id);
    unsigned kind = btf_kind(t);
    if (kind == BTF_KIND_DATASEC) {
      add_datasec(b, btf, t, kept);
      continue;
    }
    Buf *out = &b->group[group_of(kind)];
    size_t at = out->len;
    buf_append(out, t, record_words(t) * 4);
    uint32_t *w = (uint32_t *)(void *)(out->data + at);
    btf_record_slots(t, &b->names, &b->refs);
    for (size_t i = 0; i < b->names.len; i++)
      w[b->names.data[i]] = btf_strset_add(&b->strs, btf->strs + w[b->names.data[i]]);
    for (size_t i = 0; i < b->refs.len; i++)
      w[b->refs.data[i]] = kept[w[b->refs.data[i]]];
  }
  memcpy(b->count, count, sizeof count);
  for (size_t i = 0; roles && i < roles->len; i++)
    vec_push(&b->roles, roles->data[i] < n ? kept[roles->data[i]] : 0);
  b->merged += merged;
  free(kept);
  btf_free(btf);
  return true;
}

static uint32_t final_id(const uint32_t *first, uint32_t kept) {
  return kept ? first[kept >> GROUP_SHIFT] + (kept & INDEX_MASK) - 1 : 0;
}

static int compare_entries(const void *x, const void *y) {
  const SecEntry *a = x, *c = y;
  if (a->info.offset != c->info.offset)
    return a->info.offset < c->info.offset ? -1 : 1;
  return (a->arrival > c->arrival) - (a->arrival < c->arrival);
}

/* The bytes the joined DATASECs take.  */
static size_t datasecs_size(const BtfBatches *b) {
  size_t n = 0;
  for (size_t i = 0; i < b->datasecs.len; i++)
    n += sizeof(BtfType) + b->datasecs.data[i].entries.len * sizeof(BtfVarSecinfo);
  return n;
}

/* Make the kept references of group IN's records final ids (FIRST: the
   first id of each group).  */
static void finish_references(BtfBatches *b, Buf *in, const uint32_t *first) {
  for (size_t at = 0; at < in->len;) {
    uint32_t *w = (uint32_t *)(void *)(in->data + at);
    const BtfType *t = (const BtfType *)w;
    btf_record_slots(t, &b->names, &b->refs);
    for (size_t i = 0; i < b->refs.len; i++)
      w[b->refs.data[i]] = final_id(first, w[b->refs.data[i]]);
    at += record_words(t) * 4;
  }
}

/* The joined blob is written straight into RAW, sized once, and each
   group's buffer freed as soon as it is copied: a kernel's join is a
   quarter of a gigabyte, so no second copy of it is made.  */
void btf_batches_finish(BtfBatches *b, Buf *raw, BtfDedupOrigins *origins,
                        BtfWordVec *roles) {
  uint32_t first[NGROUPS];
  uint32_t next = 1;
  size_t types_len = datasecs_size(b);
  for (int g = 0; g < NGROUPS; g++) {
    first[g] = next;
    next += b->count[g];
    types_len += b->group[g].len;
  }
  const Buf *strs = &b->strs.tab;
  BtfHeader h = {BTF_MAGIC, BTF_VERSION, 0, BTF_HEADER_SIZE, 0, (uint32_t)types_len,
                 (uint32_t)types_len, (uint32_t)strs->len};
  buf_free(raw);
  buf_reserve(raw, sizeof h + types_len + strs->len);
  buf_append(raw, &h, sizeof h);
  for (int g = 0; g < NGROUPS; g++) {
    Buf *in = &b->group[g];
    finish_references(b, in, first);
    if (in->len)
      buf_append(raw, in->data, in->len);
    buf_free(in);
  }
  for (size_t i = 0; i < b->datasecs.len; i++) {
    Datasec *ds = &b->datasecs.data[i];
    qsort(ds->entries.data, ds->entries.len, sizeof *ds->entries.data, compare_entries);
    BtfType t = {ds->name_off, BTF_INFO(BTF_KIND_DATASEC, 0, (uint32_t)ds->entries.len),
                 {.size = ds->size}};
    buf_append(raw, &t, sizeof t);
    for (size_t k = 0; k < ds->entries.len; k++) {
      BtfVarSecinfo vs = ds->entries.data[k].info;
      vs.type = final_id(first, vs.type);
      buf_append(raw, &vs, sizeof vs);
    }
  }
  buf_append(raw, strs->data, strs->len);
  if (origins) {
    roles->len = 0;
    for (size_t i = 0; i < b->roles.len; i++)
      vec_push(roles, final_id(first, b->roles.data[i]));
    uint32_t types = next - 1 + (uint32_t)b->datasecs.len;
    *origins = (BtfDedupOrigins){types + b->merged, roles->data, (uint32_t)roles->len};
  }
  btf_strset_free(&b->strs);
  btf_strset_init(&b->strs);
}
