/* Basic services shared by every stage: memory, buffers, vectors,
   interned identifiers, files.  */
#ifndef BTFCC_UTIL_H
#define BTFCC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BTFCC_VERSION "0.1.0"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* Allocation that never returns NULL: on exhaustion, a fatal error.  */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
/* Zeroed like xcalloc, but by writing: for tables read before they are
   written (hash tables), whose fresh pages would otherwise fault twice
   (a read maps the shared zero page, the first write copies it).  */
/* Zeroed memory aligned to ALIGN (a power of two): a structure whose
   fields two threads write keeps each thread's on cache lines of its
   own only when the structure starts on a line.  Freed with free.  */
void *xzalloc_aligned(size_t align, size_t size);
void *xzalloc_written(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/* P grown from OLD to SIZE bytes, the new part zeroed (its pages faulted
   in at once when large).  */
void *xrealloc_zero_tail(void *p, size_t old, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Report a fatal condition (I/O failure, resource exhaustion) that is not
   tied to a source location, and exit with status 1.  */
_Noreturn void fatal(const char *fmt, ...) PRINTF_LIKE(1, 2);

/* Name under which the running program reports (btfcc, btftool).  */
extern const char *progname;

/* --- Arena: bump allocation, freed all at once. --- */
typedef struct ArenaBlock ArenaBlock;
typedef struct ArenaAhead ArenaAhead;
typedef struct Arena {
  ArenaBlock *head;
  char *cur;
  char *end;
  ArenaBlock *spare; /* recycled blocks, zeroed, to bump in again */
  ArenaAhead *ahead; /* the helper thread faulting pages in ahead of the
                        bump, or NULL (arena_populate_ahead) */
} Arena;

void *arena_alloc_slow(Arena *a, size_t size); /* a new block first */
/* Zero-filled, 16-byte aligned memory that lives until arena_free (the
   bump is inline: every node of the compiler comes from here).  */
static inline void *arena_alloc(Arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if ((size_t)(a->end - a->cur) < size)
    return arena_alloc_slow(a, size);
  char *p = a->cur;
  a->cur += size;
#if defined(__GNUC__)
  /* Fresh memory is not in the cache: the first store to each line
     waits for it.  Ask for the lines ARENA_PREFETCH bytes ahead of the
     bump as it passes them, so they are there when their turn comes
     (every node of the compiler is written right after it is made).  */
  enum { ARENA_PREFETCH = 1024 };
  for (uintptr_t l = ((uintptr_t)p + ARENA_PREFETCH + 63) & ~(uintptr_t)63;
       l < (uintptr_t)a->cur + ARENA_PREFETCH; l += 64)
    __builtin_prefetch((const void *)l, 1, 3);
#endif
  return p;
}
char *arena_strndup(Arena *a, const char *s, size_t n);
void arena_free(Arena *a);
/* Empty the arena but keep its newest block for reuse (re-zeroed).  */
void arena_reset(Arena *a);
/* Empty the arena but keep every block for reuse (the parts used
   re-zeroed): for a thread that fills and empties an arena again and
   again (a kernel's batches), whose fresh pages would each be a page
   fault.  */
void arena_recycle(Arena *a);
/* Have a helper thread fault in the pages of A's mapped blocks a little
   ahead of the bump, so that the allocating thread seldom waits for the
   kernel; false if no thread could be made (A works as before).  Only
   where a second processor would otherwise idle: the work is the same,
   only moved.  Stopped by arena_free.  */
bool arena_populate_ahead(Arena *a);

/* The calling thread's compilation (ctx.h: ctx_enter), and the arena
   everything it keeps comes from: the compilation's own, or a helper
   thread's (the preprocessor may run on its own: see cpp_start_thread).  */
typedef struct Compilation Compilation;
extern _Thread_local Compilation *ctx_current;
extern _Thread_local Arena *perm;
/* Move FROM's blocks into INTO (FROM is left empty): what a finished
   thread allocated stays alive with INTO.  */
void arena_adopt(Arena *into, Arena *from);

#define NEW(T) ((T *)arena_alloc(perm, sizeof(T)))
#define NEW_ARRAY(T, n) ((T *)arena_alloc(perm, sizeof(T) * (size_t)(n)))

/* --- Growable byte buffer (heap). --- */
typedef struct Buf {
  char *data;
  size_t len;
  size_t cap;
} Buf;

void buf_reserve(Buf *b, size_t extra);
/* Room for exactly EXTRA more bytes, its pages faulted in at once: for a
   writer that knows its size before it writes.  */
void buf_reserve_exact(Buf *b, size_t extra);
void buf_append(Buf *b, const void *p, size_t n);
void buf_putc(Buf *b, char c);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
/* S between QUOTE characters, with C escapes for the quote, the
   backslash and control bytes.  */
void buf_put_quoted(Buf *b, const char *s, char quote);
/* Make data a NUL-terminated string (the NUL is not counted in len).  */
const char *buf_cstr(Buf *b);
void buf_free(Buf *b);

/* --- Generic vector of T (heap). --- */
#define VEC(T)                                                                 \
  struct {                                                                     \
    T *data;                                                                   \
    size_t len;                                                                \
    size_t cap;                                                                \
  }

#define vec_grow(v, need)                                                      \
  do {                                                                         \
    if ((need) > (v)->cap) {                                                   \
      size_t nc_ = (v)->cap ? (v)->cap * 2 : 8;                                \
      while (nc_ < (need))                                                     \
        nc_ *= 2;                                                              \
      (v)->data = xrealloc((v)->data, nc_ * sizeof(*(v)->data));               \
      (v)->cap = nc_;                                                          \
    }                                                                          \
  } while (0)

#define vec_push(v, x)                                                         \
  do {                                                                         \
    vec_grow((v), (v)->len + 1);                                               \
    (v)->data[(v)->len++] = (x);                                               \
  } while (0)

/* The same for a vector whose storage lives in the perm arena (inside
   structures that live there too, so nothing needs freeing).  */
#define vec_push_perm(v, x)                                                    \
  do {                                                                         \
    if ((v)->len + 1 > (v)->cap) {                                             \
      size_t nc_ = (v)->cap ? (v)->cap * 2 : 8;                                \
      void *nd_ = arena_alloc(perm, nc_ * sizeof(*(v)->data));                \
      if ((v)->len)                                                            \
        memcpy(nd_, (v)->data, (v)->len * sizeof(*(v)->data));                 \
      (v)->data = nd_;                                                         \
      (v)->cap = nc_;                                                          \
    }                                                                          \
    (v)->data[(v)->len++] = (x);                                               \
  } while (0)

#define vec_free(v)                                                            \
  do {                                                                         \
    free((v)->data);                                                           \
    (v)->data = NULL;                                                          \
    (v)->len = (v)->cap = 0;                                                   \
  } while (0)

/* --- LEB128 --- */
enum { LEB128_MAX = 10 }; /* bytes of the longest 64-bit value */
/* Encode V at P (room for LEB128_MAX bytes); return the byte count.  */
size_t uleb128_put(uint8_t *p, uint64_t v);
size_t sleb128_put(uint8_t *p, int64_t v);
/* The same appended to B.  */
void buf_put_uleb(Buf *b, uint64_t v);
void buf_put_sleb(Buf *b, int64_t v);

/* --- Hashing --- */
uint32_t hash_bytes(const void *p, size_t n);
/* A new open-addressing slot array of CAP entries (a power of two)
   holding the N ITEMS, each placed by HASH_OF with linear probing; free
   it with free.  For tables that keep their items in a vector.  */
void **hash_slots_build(void *const *items, size_t n, size_t cap,
                        uint32_t (*hash_of)(const void *item));
static inline uint32_t hash_mix(uint32_t h, uint32_t v) {
  h ^= v + 0x9e3779b9u + (h << 6) + (h >> 2);
  return h;
}

/* --- Interned identifiers ---
   Every identifier spelling maps to exactly one Ident, so names compare by
   pointer.  Each stage keeps its per-name state right on the Ident (the
   macro definition, the keyword, the innermost scope binding), which makes
   the common lookups a single load.  */
typedef struct Ident {
  uint32_t len;
  uint32_t hash;
  int16_t keyword;  /* parser: keyword id, 0 if none */
  uint16_t pp_flags; /* preprocessor-private bits */
  uint32_t mark;    /* scratch stamp for one-pass duplicate checks */
  void *macro;      /* preprocessor: current definition or NULL */
  void *ordinary;   /* parser: innermost ordinary-namespace binding */
  void *tag;        /* parser: innermost struct/union/enum tag binding */
  char name[]; /* the spelling, NUL-terminated: in the Ident's own
               memory, no pointer to it */
} Ident;

/* The current compilation's Ident for S (ctx.h: each compilation has its
   own identifiers).  */
Ident *intern(const char *s, size_t len);
Ident *intern_cstr(const char *s);
/* Make room for N more identifiers before the table must grow (a
   preprocessor sizes it for its main file: growing by doubling touches
   every older table too).  */
void intern_reserve(size_t n);
/* While true, intern serialises its callers (two threads intern).  */
void intern_set_shared(bool shared);
/* Call FN for every identifier of the current compilation, in the
   table's order (the same for the same identifiers).  */
void intern_each(void (*fn)(Ident *id, void *arg), void *arg);
/* Free the current compilation's identifier table (ctx_free).  */
void intern_free(void);

/* --- Files --- */
/* Read a whole file; the result is NUL-terminated.  Returns false and sets
   errno on failure.  "-" reads standard input.  */
bool read_file(const char *path, char **data, size_t *len);

/* A whole file's bytes for reading, mapped when it is a regular file
   (its pages are the page cache's: only those read cost memory, where
   read_file copies every byte into fresh memory), else read with
   read_file.  The mapping is private: writes stay in this process.
   Returns false and sets errno on failure.  */
typedef struct MappedFile {
  char *data;
  size_t size;
  bool mapped; /* from mmap; otherwise from read_file */
} MappedFile;
bool map_file(const char *path, MappedFile *m);
void unmap_file(MappedFile *m);

#endif
