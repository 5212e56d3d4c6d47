/* The preprocessor on a thread of its own, ahead of the parser.

   Preprocessing (reading, lexing, macro expansion) is about a third of
   the front end's work and needs nothing back from the parser, so on a
   machine with a spare core it runs beside it: the producer thread calls
   cpp_next_direct and copies each token into a ring; cpp_next hands them
   out in the same order.  Tokens are published and ring room is given
   back in batches, under one mutex, so the threads meet a few thousand
   times per million tokens.

   Nothing observable changes:
   - the producer's diagnostics are captured (diag_capture) with the
     number of the token it was producing, and the consumer replays them
     just before it returns that token: where cpp_next would have printed
     them;
   - the producer enters the consumer's compilation (util/ctx.h) and
     shares its interning table (intern_set_shared locks it) and its
     source-file table (chunks that never move); every other allocation
     goes to the producer's own arena, which the consumer adopts into the
     compilation's at the end;
   - the tokens' texts live in the preprocessor's arena and the source
     texts, which stay until the compilation ends, as before.  */
#include "cpp_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum {
  RING = 1 << 13, /* tokens in flight */
  BATCH = 512,    /* tokens published, or given back, at a time */
  RESUME = RING / 4, /* a waiting producer wakes when this much is free */
};

typedef struct PendingDiag {
  uint64_t at; /* the token the producer was making */
  DiagRecord record;
} PendingDiag;

struct CppPipe {
  Cpp *cpp;
  Compilation *ctx;         /* the consumer's, which the producer enters */
  pthread_t thread;
  Token *ring;              /* RING tokens, mapped (ring_map) */

  _Alignas(64) pthread_mutex_t lock;
  pthread_cond_t wake;      /* either side waits on it */
  /* Under lock: */
  uint64_t published;       /* tokens the consumer may read */
  uint64_t consumed;        /* ring slots the producer may reuse below */
  bool producer_waiting, consumer_waiting;
  bool stop;                /* the consumer needs no more tokens */
  VEC(PendingDiag) diags;   /* captured, in order */
  void (*call)(void *);     /* cpp_pipe_call's, until the consumer ran it */
  void *call_arg;

  /* Each side's own fields on cache lines of their own: the producer
     writes `produced` for every token and the consumer `read`, and on a
     shared line each write would take the line from the other core.  */
  /* Producer's own: */
  _Alignas(64) uint64_t produced;
  uint64_t room_end;        /* consumed + RING as last seen */
  bool finished;            /* made TK_EOF (or stopped) */
  Arena producer_perm;      /* the producer's perm; the consumer adopts it */

  /* Consumer's own: */
  _Alignas(64) uint64_t read;            /* tokens returned */
  uint64_t avail;           /* published as last seen */
  uint64_t given_back;      /* consumed as last set */
  uint64_t fast_end;        /* read below this: no bookkeeping first */
  VEC(PendingDiag) replay;  /* diagnostics taken from diags, not yet shown */
  size_t replay_next;
  size_t diags_taken;
  bool at_eof;
  Token eof;                /* TK_EOF, once read: it repeats */
};

/* --- Producer --- */

static void publish(CppPipe *p) {
  pthread_mutex_lock(&p->lock);
  p->published = p->produced;
  if (p->consumer_waiting)
    pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
}

/* Wait for a free slot; false when the consumer wants no more.  */
static bool wait_for_room(CppPipe *p) {
  pthread_mutex_lock(&p->lock);
  p->published = p->produced; /* what is made is readable while we wait */
  if (p->consumer_waiting)
    pthread_cond_broadcast(&p->wake);
  while (!p->stop && p->produced + RESUME > p->consumed + RING) {
    p->producer_waiting = true;
    pthread_cond_wait(&p->wake, &p->lock);
  }
  p->producer_waiting = false;
  p->room_end = p->consumed + RING;
  bool go_on = !p->stop;
  pthread_mutex_unlock(&p->lock);
  return go_on;
}

static bool push(CppPipe *p, const Token *t) {
  if (p->produced >= p->room_end && !wait_for_room(p))
    return false;
  p->ring[p->produced % RING] = *t;
  p->produced++;
  if (p->produced % BATCH == 0)
    publish(p);
  return true;
}

/* The producer's last act: everything made is readable, and what it
   allocated goes to the consumer (cpp_stop_thread adopts it).  */
static void finish(CppPipe *p) {
  p->finished = true;
  pthread_mutex_lock(&p->lock);
  p->published = p->produced;
  if (p->consumer_waiting)
    pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
}

/* A captured diagnostic of the producer, replayed by the consumer where
   it reaches the token then produced.  */
static void capture(void *ctx, DiagRecord *r) {
  CppPipe *p = ctx;
  PendingDiag d = {p->produced, *r};
  pthread_mutex_lock(&p->lock);
  vec_push(&p->diags, d);
  pthread_mutex_unlock(&p->lock);
}

bool cpp_pipe_call(CppPipe *p, void (*fn)(void *), void *arg) {
  pthread_mutex_lock(&p->lock);
  p->published = p->produced;
  p->call = fn;
  p->call_arg = arg;
  pthread_cond_broadcast(&p->wake);
  while (p->call && !p->stop)
    pthread_cond_wait(&p->wake, &p->lock);
  bool ran = !p->call;
  p->call = NULL;
  pthread_mutex_unlock(&p->lock);
  return ran;
}

static void *produce(void *arg) {
  CppPipe *p = arg;
  p->cpp->producer_pipe = p;
  ctx_enter_thread(p->ctx, &p->producer_perm);
  diag_capture(capture, p);
  while (!p->finished) {
    const Token *t = cpp_next_direct(p->cpp);
    if (!push(p, t) || t->kind == TK_EOF)
      p->finished = true;
  }
  diag_capture(NULL, NULL);
  finish(p);
  return NULL;
}

/* --- Consumer --- */

/* Under lock: move newly captured diagnostics to the replay queue.  */
static void take_diags(CppPipe *p) {
  for (; p->diags_taken < p->diags.len; p->diags_taken++)
    vec_push(&p->replay, p->diags.data[p->diags_taken]);
}

/* Under lock: give back the slots read so far, waking the producer when
   it waits and there is room enough.  */
static void give_back(CppPipe *p) {
  p->consumed = p->given_back = p->read;
  /* (A waiting producer changes no field: reading PRODUCED is safe.)  */
  if (p->producer_waiting && p->produced + RESUME <= p->consumed + RING)
    pthread_cond_broadcast(&p->wake);
}

/* Wait until token READ is published; give back the slots read so far.  */
static void refill(CppPipe *p) {
  pthread_mutex_lock(&p->lock);
  give_back(p);
  while (p->published == p->read) {
    if (p->call) {
      /* the producer waits for this call, every token before it read */
      pthread_mutex_unlock(&p->lock);
      p->call(p->call_arg);
      pthread_mutex_lock(&p->lock);
      p->call = NULL;
      pthread_cond_broadcast(&p->wake);
      continue;
    }
    p->consumer_waiting = true;
    pthread_cond_wait(&p->wake, &p->lock);
  }
  p->consumer_waiting = false;
  p->avail = p->published;
  take_diags(p);
  pthread_mutex_unlock(&p->lock);
}

/* The bookkeeping cpp_pipe_next does only now and then: at the end of
   what is published, every BATCH tokens, and at a token with
   diagnostics to show first.  Sets fast_end, the next token that needs
   it.  */
static void between_tokens(CppPipe *p) {
  if (p->read == p->avail) {
    refill(p);
  } else if (p->read - p->given_back >= BATCH) {
    pthread_mutex_lock(&p->lock);
    give_back(p);
    pthread_mutex_unlock(&p->lock);
  }
  while (p->replay_next < p->replay.len &&
         p->replay.data[p->replay_next].at <= p->read)
    diag_replay(&p->replay.data[p->replay_next++].record);
  uint64_t end = p->avail;
  if (p->given_back + BATCH < end)
    end = p->given_back + BATCH;
  if (p->replay_next < p->replay.len && p->replay.data[p->replay_next].at < end)
    end = p->replay.data[p->replay_next].at;
  p->fast_end = end;
}

/* The token stays in its slot until the next call gives the slot back.  */
const Token *cpp_pipe_next(CppPipe *p) {
  if (p->read >= p->fast_end) {
    if (p->at_eof)
      return &p->eof; /* TK_EOF repeats */
    between_tokens(p);
  }
  const Token *t = &p->ring[p->read++ % RING];
  if (t->kind == TK_EOF) {
    p->eof = *t;
    p->at_eof = true;
    p->fast_end = 0;
    return &p->eof;
  }
  return t;
}

/* The ring is mapped on its own: zero already, so this thread neither
   clears nor faults in its 384 KiB; the producer faults its pages in as
   it first fills them.  The rest of the pipe is an ordinary heap block
   (aligned for the cache lines each side keeps to itself), where leak
   checkers see what it points to even when a fatal error exits with the
   thread still running.  */
static Token *ring_map(void) {
  void *r = mmap(NULL, RING * sizeof(Token), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return r == MAP_FAILED ? NULL : r;
}

static void pipe_free(CppPipe *p) {
  munmap(p->ring, RING * sizeof(Token));
  free(p);
}

bool cpp_start_thread(Cpp *cpp) {
  CppPipe *p = xzalloc_aligned(64, sizeof(CppPipe));
  if (!(p->ring = ring_map())) {
    free(p);
    return false;
  }
  p->cpp = cpp;
  p->ctx = ctx_current;
  p->room_end = RING;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, NULL);
  intern_set_shared(true);
  if (pthread_create(&p->thread, NULL, produce, p) != 0) {
    intern_set_shared(false);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    pipe_free(p);
    return false;
  }
  cpp->pipe = p;
  return true;
}

void cpp_stop_thread(Cpp *cpp) {
  CppPipe *p = cpp->pipe;
  if (!p)
    return;
  pthread_mutex_lock(&p->lock);
  p->stop = true;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  pthread_join(p->thread, NULL);
  intern_set_shared(false);
  arena_adopt(perm, &p->producer_perm);
  /* Diagnostics of tokens never read are dropped, as they would never
     have been made.  */
  take_diags(p);
  for (size_t i = p->replay_next; i < p->replay.len; i++)
    free(p->replay.data[i].record.message);
  vec_free(&p->replay);
  vec_free(&p->diags);
  pthread_mutex_destroy(&p->lock);
  pthread_cond_destroy(&p->wake);
  pipe_free(p);
  cpp->pipe = NULL;
}
