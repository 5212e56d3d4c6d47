/* Pointer maps (ptrmap.h).  */
#include "ptrmap.h"

static size_t slot_of(const PtrMap *m, const void *key) {
  uint64_t h = (uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 32) & (m->cap - 1);
}

void *ptrmap_get(const PtrMap *m, const void *key) {
  if (!m->cap)
    return NULL;
  for (size_t i = slot_of(m, key);; i = (i + 1) & (m->cap - 1)) {
    if (m->keys[i] == key)
      return m->vals[i];
    if (!m->keys[i])
      return NULL;
  }
}

static void grow(PtrMap *m) {
  PtrMap n = {xcalloc(m->cap ? m->cap * 2 : 64, sizeof(void *)),
              xcalloc(m->cap ? m->cap * 2 : 64, sizeof(void *)),
              m->cap ? m->cap * 2 : 64, 0};
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i])
      ptrmap_put(&n, m->keys[i], m->vals[i]);
  ptrmap_free(m);
  *m = n;
}

void ptrmap_put(PtrMap *m, const void *key, void *val) {
  if (2 * (m->len + 1) > m->cap)
    grow(m);
  size_t i = slot_of(m, key);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  if (!m->keys[i])
    m->len++;
  m->keys[i] = key;
  m->vals[i] = val;
}

void ptrmap_free(PtrMap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->len = 0;
}
