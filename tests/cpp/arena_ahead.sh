#!/usr/bin/env bash
# The arena's populating helper (src/util/util.c, arena_populate_ahead),
# which the driver starts for the compilation's arena beside the
# preprocessor's thread.  A client of libbtfcc.a fills an arena with the
# helper on, in allocations of many sizes, and checks that
#   - every allocation is zeroed, 16-byte aligned and apart from the
#     others (the pattern written into each survives to the end);
#   - the helper works ahead: once the bump is in a mapped block, pages
#     beyond the chunk being handed out become resident without being
#     touched (mincore), and no further than the block holds;
#   - arena_reset, arena_adopt and arena_free stop it (the block it
#     worked on is then freed or moved: a helper still running would
#     populate unmapped or reused memory, which TSan and ASan builds of
#     this test see).
source "$TESTROOT/lib.sh"

root=$(cd "$TESTROOT/.." && pwd)
lib=$root/${BUILD:-build}/libbtfcc.a
[ -f "$lib" ] || { skip "arena ahead (no $lib)"; exit 0; }
cd "$TMPDIR"
cat > ahead.c <<'EOT'
#include "util/ctx.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static int bad;
#define CHECK(c, ...) do { if (!(c) && bad++ < 5) { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* Pages of [P, P + N) resident now.  */
static size_t resident(const char *p, size_t n) {
  uintptr_t from = (uintptr_t)p & ~(uintptr_t)4095;
  uintptr_t to = ((uintptr_t)p + n + 4095) & ~(uintptr_t)4095;
  size_t pages = (to - from) / 4096, k = 0;
  unsigned char v[4096];
  if (pages > sizeof v || mincore((void *)from, to - from, v) != 0)
    return 0;
  for (size_t i = 0; i < pages; i++)
    k += v[i] & 1;
  return k;
}

typedef struct { unsigned char *p; size_t n; } Piece;
enum { PIECES = 120000 };
static Piece pieces[PIECES];

static void fill(Arena *a, size_t *np) {
  for (size_t i = 0; i < PIECES; i++) {
    size_t n = 1 + (i * 7919u) % (i % 97 == 0 ? 20000 : 300);
    unsigned char *p = arena_alloc(a, n);
    CHECK(((uintptr_t)p & 15) == 0, "allocation %zu not aligned", i);
    for (size_t k = 0; k < n; k++)
      CHECK(p[k] == 0, "allocation %zu not zeroed at %zu", i, k);
    memset(p, (int)(i & 0xff) | 1, n);
    pieces[i] = (Piece){p, n};
  }
  *np = PIECES;
}

static void verify(size_t np) {
  for (size_t i = 0; i < np; i++)
    for (size_t k = 0; k < pieces[i].n; k++)
      if (pieces[i].p[k] != ((i & 0xff) | 1)) {
        CHECK(0, "allocation %zu overwritten at %zu", i, k);
        break;
      }
}

int main(void) {
  for (int round = 0; round < 3; round++) {
    Arena a = {0};
    if (!arena_populate_ahead(&a)) {
      puts("no thread");
      return 0;
    }
    size_t np;
    fill(&a, &np);
    /* Into a fresh (8 MiB) block: its first chunk is handed out, and
       the helper's pages beyond it appear with nothing touching them.  */
    ArenaBlock *was = a.head;
    while (a.head == was)
      (void)arena_alloc(&a, 64);
    size_t ahead = 0;
    for (int t = 0; t < 400 && ahead == 0; t++) {
      struct timespec ts = {0, 5 * 1000 * 1000};
      nanosleep(&ts, NULL);
      ahead = resident(a.end + 4096, 512 << 10);
    }
    if (round == 0)
      printf("%zu pages resident ahead of the bump\n", ahead);
    CHECK(ahead > 0, "round %d: no page populated ahead of the bump", round);
    verify(np);
    if (round == 0) {
      arena_free(&a);
    } else if (round == 1) {
      Arena into = {0};
      arena_adopt(&into, &a); /* stops A's helper, moves its blocks */
      CHECK(!a.ahead && !into.ahead, "adopt left a helper");
      verify(np);
      arena_free(&into);
    } else {
      arena_reset(&a);
      CHECK(!a.ahead, "reset left the helper running");
      arena_free(&a);
    }
    CHECK(!a.ahead, "free left the helper running");
  }
  printf("%d bad\n", bad);
  return bad != 0;
}
EOT
if ! cc -std=c17 -O2 $(lib_cflags) -pthread -I"$root/src" ahead.c "$lib" -o ahead 2> cc.err; then
  fail "arena ahead: the client does not build"; head -5 cc.err
  exit 0
fi
if timeout 120 ./ahead > ahead.out 2> ahead.err; then
  pass "arena ahead: allocations zeroed and intact, pages populated ahead, the helper stopped ($(tr '\n' ' ' < ahead.out))"
else
  fail "arena ahead: $(tr '\n' ' ' < ahead.out)"; head -5 ahead.err
fi
