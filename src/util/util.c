/* Memory, buffers, hashing, interning and file reading.  */
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *progname = "btfcc";

_Noreturn void fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: fatal error: ", progname);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p)
    fatal("out of memory allocating %zu bytes", size);
  return p;
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    fatal("out of memory allocating %zu bytes", n * size);
  return p;
}

void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q)
    fatal("out of memory allocating %zu bytes", size);
  return q;
}

char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

/* --- Arena --- */

struct ArenaBlock {
  ArenaBlock *next;
  size_t size;
  _Alignas(16) char data[];
};

Arena perm;

enum { ARENA_BLOCK = 1 << 20 };

void *arena_alloc(Arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if ((size_t)(a->end - a->cur) < size) {
    size_t bsize = size > ARENA_BLOCK / 4 ? size : ARENA_BLOCK;
    ArenaBlock *b = xmalloc(sizeof(ArenaBlock) + bsize);
    b->size = bsize;
    if (size > ARENA_BLOCK / 4 && a->head) {
      /* A large object gets its own block; keep bumping in the current one. */
      b->next = a->head->next;
      a->head->next = b;
      memset(b->data, 0, size);
      return b->data;
    }
    b->next = a->head;
    a->head = b;
    a->cur = b->data;
    a->end = b->data + bsize;
  }
  void *p = a->cur;
  a->cur += size;
  memset(p, 0, size);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

void arena_free(Arena *a) {
  ArenaBlock *b = a->head;
  while (b) {
    ArenaBlock *next = b->next;
    free(b);
    b = next;
  }
  a->head = NULL;
  a->cur = a->end = NULL;
}

/* --- Buf --- */

void buf_reserve(Buf *b, size_t extra) {
  if (b->len + extra + 1 > b->cap) {
    size_t nc = b->cap ? b->cap * 2 : 256;
    while (nc < b->len + extra + 1)
      nc *= 2;
    b->data = xrealloc(b->data, nc);
    b->cap = nc;
  }
}

void buf_append(Buf *b, const void *p, size_t n) {
  buf_reserve(b, n);
  memcpy(b->data + b->len, p, n);
  b->len += n;
}

void buf_putc(Buf *b, char c) {
  buf_reserve(b, 1);
  b->data[b->len++] = c;
}

void buf_puts(Buf *b, const char *s) { buf_append(b, s, strlen(s)); }

void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n < 0)
    fatal("bad format string");
  if ((size_t)n < sizeof small) {
    buf_append(b, small, (size_t)n);
  } else {
    buf_reserve(b, (size_t)n + 1);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    b->len += (size_t)n;
  }
  va_end(ap2);
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

const char *buf_cstr(Buf *b) {
  buf_reserve(b, 1);
  b->data[b->len] = 0;
  return b->data;
}

void buf_free(Buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

/* --- Hashing (FNV-1a) --- */

uint32_t hash_bytes(const void *p, size_t n) {
  const unsigned char *s = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) {
    h ^= s[i];
    h *= 16777619u;
  }
  return h;
}

/* --- Interning --- */

static Ident **ident_table;
static size_t ident_cap;
static size_t ident_count;

static void ident_rehash(void) {
  size_t nc = ident_cap ? ident_cap * 2 : 16384;
  Ident **nt = xcalloc(nc, sizeof(Ident *));
  for (size_t i = 0; i < ident_cap; i++) {
    Ident *id = ident_table[i];
    while (id) {
      Ident *next = id->hash_next;
      size_t slot = id->hash & (nc - 1);
      id->hash_next = nt[slot];
      nt[slot] = id;
      id = next;
    }
  }
  free(ident_table);
  ident_table = nt;
  ident_cap = nc;
}

Ident *intern(const char *s, size_t len) {
  uint32_t h = hash_bytes(s, len);
  if (ident_count * 2 >= ident_cap)
    ident_rehash();
  size_t slot = h & (ident_cap - 1);
  for (Ident *id = ident_table[slot]; id; id = id->hash_next)
    if (id->hash == h && id->len == len && memcmp(id->name, s, len) == 0)
      return id;
  Ident *id = NEW(Ident);
  id->name = arena_strndup(&perm, s, len);
  id->len = (uint32_t)len;
  id->hash = h;
  id->hash_next = ident_table[slot];
  ident_table[slot] = id;
  ident_count++;
  return id;
}

Ident *intern_cstr(const char *s) { return intern(s, strlen(s)); }

/* --- Files --- */

bool read_file(const char *path, char **data, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return false;
  Buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    buf_append(&b, chunk, n);
  int err = ferror(f);
  if (f != stdin)
    fclose(f);
  if (err) {
    buf_free(&b);
    errno = EIO;
    return false;
  }
  buf_cstr(&b);
  *data = b.data;
  *len = b.len;
  return true;
}
