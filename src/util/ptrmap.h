/* A map from pointers to pointers (open addressing, linear probing), for
   a pass that needs to attach its own data to structures it does not own
   (the debug model's builder, to sema's records and declarations).  Keys
   are never NULL; values are never NULL (NULL means absent).  */
#ifndef BTFCC_PTRMAP_H
#define BTFCC_PTRMAP_H

#include "util.h"

typedef struct PtrMap {
  const void **keys;
  void **vals;
  size_t cap; /* a power of two, or 0 */
  size_t len;
} PtrMap;

void *ptrmap_get(const PtrMap *m, const void *key);
void ptrmap_put(PtrMap *m, const void *key, void *val);
void ptrmap_free(PtrMap *m);

#endif
