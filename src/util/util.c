/* Memory, buffers, hashing, interning and file reading.  The identifier
   table is the current compilation's (ctx.h).  */
#include "ctx.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
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

/* Fault in the whole pages of [P, P + N) in one call when N is large
   (see the arena's blocks below: one madvise costs far less than a page
   fault a page); ignored where the kernel lacks it.  */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
enum { POPULATE_MIN = 1 << 18 };
static void populate_pages(void *p, size_t n) {
  if (n < POPULATE_MIN)
    return;
  uintptr_t from = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
  uintptr_t to = ((uintptr_t)p + n) & ~(uintptr_t)4095;
  if (to > from)
    (void)madvise((void *)from, to - from, MADV_POPULATE_WRITE);
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
  populate_pages(p, n * size); /* tables: touched all over */
  return p;
}

void *xzalloc_aligned(size_t align, size_t size) {
  size_t rounded = (size + align - 1) & ~(align - 1);
  void *p = rounded >= size ? aligned_alloc(align, rounded) : NULL;
  if (!p)
    fatal("out of memory allocating %zu bytes", size);
  memset(p, 0, rounded);
  return p;
}

void *xzalloc_written(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size)
    fatal("out of memory allocating %zu x %zu bytes", n, size);
  /* A large table: calloc's (fresh pages need no clearing), faulted in
     for writing at once; a small one is cleared by writing.  */
  if (n * size >= POPULATE_MIN)
    return xcalloc(n, size);
  void *p = xmalloc(n * size);
  memset(p, 0, n * size);
  return p;
}

void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q)
    fatal("out of memory allocating %zu bytes", size);
  return q;
}

void *xrealloc_zero_tail(void *p, size_t old, size_t size) {
  char *q = xrealloc(p, size);
  if (size > old) {
    populate_pages(q + old, size - old);
    memset(q + old, 0, size - old);
  }
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
  size_t mapped; /* bytes mapped with mmap (0: from malloc) */
  size_t used;   /* bytes handed out, once it is not the block bumped in */
  _Alignas(16) char data[];
};


/* Blocks start small (cheap for small inputs and fuzzers) and double up
   to 8 MiB.  Big blocks are mapped directly: fresh anonymous pages are
   zero already and are only faulted in when touched, so a block costs
   nothing until it is used.  Every block is zeroed once when made, so
   allocations need no memset.
   No MADV_HUGEPAGE: on virtual machines whose host takes back freed
   memory (free page reporting), a fresh huge page often costs several
   times what its 512 small pages do; measured on vmlinux.h after a gcc
   run, 0.13-0.24 s of system time against 0.04-0.07 s.
   A mapped block is handed out a chunk at a time: the arena's end stops
   at the chunk's, and the slow path asks the kernel for the next chunk's
   pages in one call (MADV_POPULATE_WRITE) before bumping into it.  One
   call for 64 pages costs far less than 64 page faults, each an
   exception that a virtual machine's kernel handles slowly, and only
   the chunk being filled is touched ahead of use (vmlinux.h -gbtf
   -fno-eliminate-unused-debug-types: 12,236 page faults, 0.12-0.18 s
   of system time, to 0.05-0.09 s).  On a kernel without it (before
   5.14) the rest of the block is handed out as before.  */
enum { ARENA_FIRST = 1 << 16, ARENA_MAX = 1 << 23, MAP_DIRECT = 1 << 20,
       POPULATE_CHUNK = 1 << 18 };

/* LeakSanitizer scans the heap, not our own mappings: a heap block whose
   only reference is the `next` link in a mapped block (an adopted
   arena's, say) would look leaked.  Mapped blocks are registered as
   places that hold pointers.  */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_LSAN 1
#endif
#endif
#ifdef ARENA_LSAN
#include <sanitizer/lsan_interface.h>
#else
#define __lsan_register_root_region(p, n) ((void)(p), (void)(n))
#define __lsan_unregister_root_region(p, n) ((void)(p), (void)(n))
#endif

static ArenaBlock *block_new(size_t payload) {
  size_t total = sizeof(ArenaBlock) + payload;
  ArenaBlock *b;
  if (total >= MAP_DIRECT) {
    total = (total + 4095) & ~(size_t)4095;
    b = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
             -1, 0);
    if (b == MAP_FAILED)
      fatal("out of memory allocating %zu bytes", total);
    b->mapped = total;
    __lsan_register_root_region(b, total);
  } else {
    b = xcalloc(1, total);
  }
  b->size = total - sizeof(ArenaBlock);
  return b;
}

static void block_free(ArenaBlock *b) {
  if (b->mapped) {
    __lsan_unregister_root_region(b, b->mapped);
    munmap(b, b->mapped);
  }
  else
    free(b);
}

/* --- Populating ahead (arena_populate_ahead) ---
   The bump's thread still asks for each chunk's pages before it hands
   the chunk out, but a helper thread has usually faulted them in
   already: after each chunk it is told to keep AHEAD bytes of the block
   populated beyond it, and does so a chunk at a time.  What the helper
   has populated is one run of pages [done_from, done_to) of the current
   block, and what it has taken on, [done_from, next); a chunk inside the
   run needs nothing more, and any other (the first of a new block, one
   the helper has not reached or is still working on) is populated by
   the bump's thread as before, never waiting for the helper (which a
   busy machine may not be running), and the helper starts again after
   it.  A chunk the helper finishes after such a restart (GEN changed)
   is not counted.  The bump's thread does not wait for the lock either:
   when the helper holds it, the chunk is the caller's, and the helper
   hears of the next one.  The helper only faults in pages of blocks the
   arena owns and stops before the arena frees or hands away any, so
   nothing it does is visible but the time: the bytes an arena hands out
   are the same either way.  */
enum { AHEAD = 4 * POPULATE_CHUNK };

struct ArenaAhead {
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t wake;  /* the helper waits for work */
  /* Under lock: */
  uintptr_t done_from, done_to; /* pages populated by the helper */
  uintptr_t next;       /* the helper's next chunk starts here */
  uintptr_t limit;      /* ... and it populates up to here */
  unsigned gen;         /* bumped when the run starts again */
  bool waiting;         /* the helper waits for work */
  bool failed;          /* madvise refused: the helper has given up */
  bool stop;
};

static void *ahead_run(void *arg) {
  ArenaAhead *h = arg;
  pthread_mutex_lock(&h->lock);
  while (!h->stop) {
    if (h->failed || h->next >= h->limit) {
      h->waiting = true;
      pthread_cond_wait(&h->wake, &h->lock);
      h->waiting = false;
      continue;
    }
    uintptr_t from = h->next;
    uintptr_t to = h->limit - from > POPULATE_CHUNK ? from + POPULATE_CHUNK
                                                    : h->limit;
    unsigned gen = h->gen;
    h->next = to;
    pthread_mutex_unlock(&h->lock);
    int r = madvise((void *)from, to - from, MADV_POPULATE_WRITE);
    pthread_mutex_lock(&h->lock);
    if (r != 0)
      h->failed = true;
    else if (gen == h->gen && from == h->done_to)
      h->done_to = to;
  }
  pthread_mutex_unlock(&h->lock);
  return NULL;
}

bool arena_populate_ahead(Arena *a) {
  if (a->ahead)
    return true;
  ArenaAhead *h = xcalloc(1, sizeof *h);
  pthread_mutex_init(&h->lock, NULL);
  pthread_cond_init(&h->wake, NULL);
  if (pthread_create(&h->thread, NULL, ahead_run, h) != 0) {
    pthread_mutex_destroy(&h->lock);
    pthread_cond_destroy(&h->wake);
    free(h);
    return false;
  }
  a->ahead = h;
  return true;
}

/* Stop A's helper, if any, before its blocks are freed or moved.  */
static void ahead_stop(Arena *a) {
  ArenaAhead *h = a->ahead;
  if (!h)
    return;
  pthread_mutex_lock(&h->lock);
  h->stop = true;
  pthread_cond_broadcast(&h->wake);
  pthread_mutex_unlock(&h->lock);
  pthread_join(h->thread, NULL);
  pthread_mutex_destroy(&h->lock);
  pthread_cond_destroy(&h->wake);
  free(h);
  a->ahead = NULL;
}

/* The pages [FROM, TO) of a block ending at END (page addresses) are
   about to be handed out: true when the helper has populated them, false
   when the caller must (even if the helper is at them: it may not be
   running, and the kernel takes both calls).  Either way the helper is
   then asked for the pages after TO.  */
static bool ahead_take(ArenaAhead *h, uintptr_t from, uintptr_t to,
                       uintptr_t end) {
  if (pthread_mutex_trylock(&h->lock) != 0)
    return false;
  bool have = !h->failed && h->done_from <= from && to <= h->done_to;
  if (!have) { /* the caller does these: start again after them */
    h->gen++;
    h->done_from = h->done_to = h->next = to;
  }
  h->limit = end - to > AHEAD ? to + AHEAD : end;
  if (h->waiting && h->next < h->limit)
    pthread_cond_broadcast(&h->wake);
  pthread_mutex_unlock(&h->lock);
  return have;
}

/* Move A's end over the next chunk of its current block, its pages
   populated, when that chunk holds SIZE bytes; false when the block has
   no room left for SIZE.  */
static bool arena_populate_next(Arena *a, size_t size) {
  ArenaBlock *b = a->head;
  if (!b || !b->mapped || !a->end)
    return false;
  char *block_end = b->data + b->size;
  if ((size_t)(block_end - a->cur) < size)
    return false;
  size_t room = (size_t)(a->end - a->cur); /* less than SIZE: the slow path */
  size_t want = size > room ? size - room : 0;
  want = want > POPULATE_CHUNK ? want : POPULATE_CHUNK;
  char *from = a->end;
  char *to = (size_t)(block_end - from) > want ? from + want : block_end;
  /* whole pages: the block is page-aligned, its data is not */
  uintptr_t page_from = ((uintptr_t)from + 4095) & ~(uintptr_t)4095;
  uintptr_t page_to = ((uintptr_t)to + 4095) & ~(uintptr_t)4095;
  if (page_to > (uintptr_t)block_end)
    page_to = (uintptr_t)block_end & ~(uintptr_t)4095;
  if (page_to > page_from &&
      !(a->ahead && ahead_take(a->ahead, page_from, page_to,
                               (uintptr_t)block_end & ~(uintptr_t)4095)) &&
      madvise((void *)page_from, page_to - page_from, MADV_POPULATE_WRITE) != 0)
    to = block_end; /* not supported: fault the rest in as it is used */
  a->end = to;
  return true;
}

/* A recycled block of A (arena_recycle) that holds SIZE bytes, taken
   off its spare list; NULL when none does.  */
static ArenaBlock *take_spare(Arena *a, size_t size) {
  for (ArenaBlock **p = &a->spare; *p; p = &(*p)->next)
    if ((*p)->size >= size) {
      ArenaBlock *b = *p;
      *p = b->next;
      return b;
    }
  return NULL;
}

void *arena_alloc_slow(Arena *a, size_t size) {
  if (a->head)
    a->head->used = (size_t)(a->cur - a->head->data);
  ArenaBlock *spare = take_spare(a, size);
  if (spare) { /* its pages are in, and zero */
    spare->next = a->head;
    a->head = spare;
    a->cur = spare->data;
    a->end = spare->data + spare->size;
    return arena_alloc(a, size);
  }
  if (arena_populate_next(a, size))
    return arena_alloc(a, size);
  size_t last = a->head ? a->head->size : 0;
  size_t bsize = last ? last * 2 : ARENA_FIRST;
  if (bsize > ARENA_MAX)
    bsize = ARENA_MAX;
  if (size > bsize / 4) {
    /* A large object gets its own block; keep bumping in the current one. */
    ArenaBlock *b = block_new(size);
    b->used = size;
    if (a->head) {
      b->next = a->head->next;
      a->head->next = b;
    } else {
      b->next = NULL;
      a->head = b;
      a->cur = a->end = b->data + b->size;
    }
    return b->data;
  }
  ArenaBlock *b = block_new(bsize);
  b->next = a->head;
  a->head = b;
  a->cur = b->data;
  a->end = b->data + b->size;
  if (b->mapped) { /* handed out a chunk at a time */
    a->end = b->data;
    arena_populate_next(a, size);
  }
  return arena_alloc(a, size); /* the bump, now in room */
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* Free B and the blocks after it.  */
static void free_blocks(ArenaBlock *b) {
  while (b) {
    ArenaBlock *next = b->next;
    block_free(b);
    b = next;
  }
}

void arena_reset(Arena *a) {
  ahead_stop(a);
  ArenaBlock *keep = a->head;
  if (!keep)
    return;
  free_blocks(keep->next);
  keep->next = NULL;
  /* Only the used part needs zeroing again.  */
  size_t used = a->cur ? (size_t)(a->cur - keep->data) : keep->size;
  if (used > keep->size)
    used = keep->size;
  memset(keep->data, 0, used);
  a->cur = keep->data;
  a->end = keep->data + keep->size;
}

void arena_recycle(Arena *a) {
  if (a->head)
    a->head->used = (size_t)(a->cur - a->head->data);
  /* the oldest first, so that the blocks come back in the order, and
     the sizes, they were made in */
  ArenaBlock *order = NULL;
  while (a->head) {
    ArenaBlock *b = a->head;
    a->head = b->next;
    memset(b->data, 0, b->used < b->size ? b->used : b->size);
    b->used = 0;
    b->next = order;
    order = b;
  }
  ArenaBlock **tail = &order;
  while (*tail)
    tail = &(*tail)->next;
  *tail = a->spare;
  a->spare = order;
  a->cur = a->end = NULL;
}

void arena_adopt(Arena *into, Arena *from) {
  ahead_stop(from);
  if (!from->head)
    return;
  from->head->used = (size_t)(from->cur - from->head->data);
  if (!into->head) {
    into->head = from->head;
    into->cur = from->cur;
    into->end = from->end;
  } else {
    /* FROM's blocks go after INTO's current one, which keeps bumping.  */
    ArenaBlock *last = from->head;
    while (last->next)
      last = last->next;
    last->next = into->head->next;
    into->head->next = from->head;
  }
  from->head = NULL;
  from->cur = from->end = NULL; /* its spare blocks stay its own */
}

void arena_free(Arena *a) {
  ahead_stop(a);
  free_blocks(a->head);
  free_blocks(a->spare);
  a->head = a->spare = NULL;
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

void buf_reserve_exact(Buf *b, size_t extra) {
  size_t need = b->len + extra + 1;
  if (need <= b->cap)
    return;
  b->data = xrealloc(b->data, need);
  populate_pages(b->data + b->cap, need - b->cap);
  b->cap = need;
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

/* S between QUOTE characters, with C escapes for the quote, the
   backslash and control bytes.  */
void buf_put_quoted(Buf *out, const char *s, char quote) {
  buf_putc(out, quote);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == quote || *p == '\\')
      buf_printf(out, "\\%c", *p);
    else if (*p == '\n')
      buf_puts(out, "\\n");
    else if (*p == '\t')
      buf_puts(out, "\\t");
    else if (*p < 0x20 || *p == 0x7f)
      buf_printf(out, "\\%03o", *p);
    else
      buf_putc(out, (char)*p);
  }
  buf_putc(out, quote);
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

/* --- Hashing ---
   A word-at-a-time multiplicative hash: identifiers are hashed once per
   token, so this is on the lexer's hot path.  */

static inline uint64_t load_u64(const unsigned char *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

/* The last N (< 8) bytes at P as memcpy would place them in a zeroed
   word, without the byte stores and the wide reload that memcpy of a
   variable length makes (a store-forwarding stall on every identifier).
   On a little-endian host, two loads that overlap: the bytes they share
   land on the same bits, so OR-ing them is exact.  */
static inline uint64_t load_tail(const unsigned char *p, size_t n) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (n >= 4) {
    uint32_t lo, hi;
    memcpy(&lo, p, 4);
    memcpy(&hi, p + n - 4, 4);
    return lo | (uint64_t)hi << (8 * (n - 4));
  }
  if (n >= 2) {
    uint16_t lo, hi;
    memcpy(&lo, p, 2);
    memcpy(&hi, p + n - 2, 2);
    return lo | (uint64_t)hi << (8 * (n - 2));
  }
  return n ? p[0] : 0;
#else
  uint64_t tail = 0;
  memcpy(&tail, p, n);
  return tail;
#endif
}

static inline uint64_t mix64(uint64_t h) {
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ULL;
  h ^= h >> 32;
  return h;
}

size_t uleb128_put(uint8_t *p, uint64_t v) {
  size_t n = 0;
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    p[n++] = v ? byte | 0x80 : byte;
  } while (v);
  return n;
}

void buf_put_uleb(Buf *b, uint64_t v) {
  uint8_t tmp[LEB128_MAX];
  buf_append(b, tmp, uleb128_put(tmp, v));
}

void buf_put_sleb(Buf *b, int64_t v) {
  uint8_t tmp[LEB128_MAX];
  buf_append(b, tmp, sleb128_put(tmp, v));
}

size_t sleb128_put(uint8_t *p, int64_t v) {
  size_t n = 0;
  for (;;) {
    uint8_t byte = (uint8_t)(v & 0x7f);
    /* Arithmetic shift of a negative value, spelled portably.  */
    v = v < 0 ? ~(~v >> 7) : v >> 7;
    bool done = (v == 0 && !(byte & 0x40)) || (v == -1 && (byte & 0x40));
    p[n++] = done ? byte : byte | 0x80;
    if (done)
      return n;
  }
}

void **hash_slots_build(void *const *items, size_t n, size_t cap,
                        uint32_t (*hash_of)(const void *item)) {
  void **slots = xzalloc_written(cap, sizeof *slots);
  for (size_t i = 0; i < n; i++) {
    size_t k = hash_of(items[i]) & (cap - 1);
    while (slots[k])
      k = (k + 1) & (cap - 1);
    slots[k] = items[i];
  }
  return slots;
}

uint32_t hash_bytes(const void *p, size_t n) {
  const unsigned char *s = p;
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
  while (n >= 8) {
    h = mix64(h ^ load_u64(s));
    s += 8;
    n -= 8;
  }
  h = mix64(h ^ load_tail(s, n) ^ ((uint64_t)n << 56));
  return (uint32_t)h;
}

/* --- Interning: open addressing, one pointer a slot ---

   A slot holds only the Ident, whose hash and length sit beside its
   spelling: a lookup that finds its name reads the Ident anyway, and a
   table of pointers alone is half the memory (vmlinux.h: 1 MiB, 256
   fewer pages touched).

   While the preprocessor thread runs (intern_set_shared), two threads
   intern.  Almost every call finds a name already there, so lookups take
   no lock: an Ident's hash is stored before it is published with a
   release store, and a table that grows is replaced whole, the old one
   kept (retired) until sharing ends, so a reader holding it still reads
   valid memory.  A lookup that misses takes the lock and looks again in
   the current table before it inserts.  */

typedef struct IdentSlot {
  Ident *_Atomic id; /* its hash is on the Ident, written before */
} IdentSlot;

typedef struct IdentTable {
  size_t cap;            /* a power of two */
  struct IdentTable *retired; /* older tables still readable */
  IdentSlot slots[];
} IdentTable;


static void free_retired_tables(IdentTable *t) {
  for (IdentTable *r = t ? t->retired : NULL, *next; r; r = next) {
    next = r->retired;
    free(r);
  }
  if (t)
    t->retired = NULL;
}

void intern_set_shared(bool shared) {
  Interns *in = &ctx_current->interns;
  in->shared = shared;
  if (!shared) /* the other thread is gone: nobody reads old tables */
    free_retired_tables(atomic_load_explicit(&in->table, memory_order_relaxed));
}

static IdentTable *ident_table_new(size_t cap) {
  IdentTable *t = xzalloc_written(1, sizeof(IdentTable) + cap * sizeof(IdentSlot));
  t->cap = cap;
  return t;
}

/* A table for at least N identifiers at half load, replacing OLD, which
   is retired, not freed.  */
static IdentTable *ident_grow(Interns *in, IdentTable *old, size_t n) {
  size_t cap = old ? old->cap * 2 : 16384;
  while (cap < n * 2)
    cap *= 2;
  IdentTable *t = ident_table_new(cap);
  for (size_t i = 0; old && i < old->cap; i++) {
    Ident *id = atomic_load_explicit(&old->slots[i].id, memory_order_relaxed);
    if (!id)
      continue;
    size_t j = id->hash & (cap - 1);
    while (atomic_load_explicit(&t->slots[j].id, memory_order_relaxed))
      j = (j + 1) & (cap - 1);
    atomic_store_explicit(&t->slots[j].id, id, memory_order_relaxed);
  }
  t->retired = old; /* and, through it, the older ones */
  if (!in->shared) /* nobody else can be reading them */
    free_retired_tables(t);
  atomic_store_explicit(&in->table, t, memory_order_release);
  return t;
}

/* The slot where S (hash H) is in T, or the empty slot that ends its probe
   sequence; *FOUND is S's Ident as the probe read it, or NULL.  A caller
   must use *FOUND, never read the slot again: another thread may fill an
   empty slot with a different name the moment after the probe saw it.  */
static IdentSlot *ident_probe(IdentTable *t, const char *s, size_t len, uint32_t h,
                              Ident **found) {
  for (size_t i = h & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    IdentSlot *slot = &t->slots[i];
    Ident *id = atomic_load_explicit(&slot->id, memory_order_acquire);
    /* The Ident's hash was stored before it was published.  */
    if (!id || (id->hash == h && id->len == len && memcmp(id->name, s, len) == 0)) {
      *found = id;
      return slot;
    }
  }
}

/* Insert S after a lookup missed: under the lock when shared.  */
static Ident *intern_insert(Interns *in, const char *s, size_t len, uint32_t h) {
  IdentTable *t = atomic_load_explicit(&in->table, memory_order_relaxed);
  if (!t || (in->count + 1) * 2 > t->cap)
    t = ident_grow(in, t, in->count + 1);
  Ident *id;
  IdentSlot *slot = ident_probe(t, s, len, h, &id); /* another thread may have won */
  if (id)
    return id;
  /* The name in the same allocation: a probe that compares it reads the
     cache line the Ident is on.  */
  id = arena_alloc(&in->names, sizeof(Ident) + len + 1);
  char *name = id->name;
  memcpy(name, s, len);
  name[len] = 0;
  id->len = (uint32_t)len;
  id->hash = h;
  atomic_store_explicit(&slot->id, id, memory_order_release);
  in->count++;
  return id;
}

Ident *intern(const char *s, size_t len) {
  Interns *in = &ctx_current->interns;
  uint32_t h = hash_bytes(s, len);
  IdentTable *t = atomic_load_explicit(&in->table, memory_order_acquire);
  if (t) {
    Ident *id;
    ident_probe(t, s, len, h, &id);
    if (id)
      return id;
  }
  if (!in->shared)
    return intern_insert(in, s, len, h);
  pthread_mutex_lock(&in->lock);
  Ident *id = intern_insert(in, s, len, h);
  pthread_mutex_unlock(&in->lock);
  return id;
}

Ident *intern_cstr(const char *s) { return intern(s, strlen(s)); }

void intern_reserve(size_t n) {
  Interns *in = &ctx_current->interns;
  if (in->shared)
    pthread_mutex_lock(&in->lock);
  IdentTable *t = atomic_load_explicit(&in->table, memory_order_relaxed);
  if (!t || (in->count + n) * 2 > t->cap)
    ident_grow(in, t, in->count + n);
  if (in->shared)
    pthread_mutex_unlock(&in->lock);
}

void intern_free(void) {
  Interns *in = &ctx_current->interns;
  IdentTable *t = atomic_load_explicit(&in->table, memory_order_relaxed);
  free_retired_tables(t);
  free(t);
  atomic_store_explicit(&in->table, NULL, memory_order_relaxed);
  in->count = 0;
  arena_free(&in->names);
}

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


bool map_file(const char *path, MappedFile *m) {
  *m = (MappedFile){0};
  int fd = strcmp(path, "-") == 0 ? -1 : open(path, O_RDONLY);
  struct stat st;
  if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE,
                   fd, 0);
    if (p != MAP_FAILED) {
      close(fd);
      *m = (MappedFile){p, (size_t)st.st_size, true};
      return true;
    }
  }
  if (fd >= 0)
    close(fd);
  return read_file(path, &m->data, &m->size);
}

void unmap_file(MappedFile *m) {
  if (m->mapped)
    munmap(m->data, m->size);
  else
    free(m->data);
  *m = (MappedFile){0};
}

void intern_each(void (*fn)(Ident *id, void *arg), void *arg) {
  Interns *in = &ctx_current->interns;
  IdentTable *t = atomic_load_explicit(&in->table, memory_order_acquire);
  for (size_t i = 0; t && i < t->cap; i++) {
    Ident *id = atomic_load_explicit(&t->slots[i].id, memory_order_relaxed);
    if (id)
      fn(id, arg);
  }
}
