/* One compilation's state: the context.

   Everything a compilation changes as it runs lives in one Compilation,
   which its owner (the driver, per input; a test or a fuzzer, per run;
   btftool's readers need none) creates with
   ctx_new, makes current with ctx_enter and ends with ctx_free.  Nothing
   stays behind for the next compilation, so nothing needs a reset:
     - the target and the language dialect (options.h);
     - the diagnostic options, the source-file table and the counts
       (diag.h);
     - the interned identifiers (util.h, intern);
     - the arena that everything the compilation keeps comes from (perm);
     - sema's table of types (opaque here: util knows nothing of sema);
     - heap memory a stage keeps to the end (ctx_at_free).

   How code reaches it: through ctx_current, the calling thread's current
   compilation, instead of a parameter on every function of every stage;
   a structure that outlives a call (Parser, Cpp, Gen ...) needs no copy
   of it.  ctx_current and perm are per thread.  A helper thread (the
   preprocessor's, see cpp_start_thread; the DWARF writer's) enters the
   same compilation with an arena of its own (ctx_enter_thread), which the
   owner adopts into the compilation's once the thread has ended; the
   threads share the identifiers (intern_set_shared) and the source
   files.  A thread that must not print diagnostics yet captures them
   (diag_capture), which is also the thread's own.  What stays process-wide is read-only: constant
   tables, the environment, and progname, which main sets once.  */
#ifndef BTFCC_CTX_H
#define BTFCC_CTX_H

#include "diag.h"
#include "options.h"
#include "util.h"

#include <pthread.h>

/* The interned identifiers (util.c).  */
typedef struct Interns {
  struct IdentTable *_Atomic table;
  size_t count;
  Arena names;          /* the Idents and their spellings, together: a
                           lookup's compare reads memory that holds only
                           names, not pages shared with types and decls */
  bool shared;          /* two threads intern: insertions lock */
  pthread_mutex_t lock;
} Interns;

typedef struct CtxCleanup {
  void (*fn)(void *);
  void *arg;
} CtxCleanup;

struct Compilation {
  Target target;
  Lang lang;
  DiagOptions diag_opts;
  DiagState diag;
  /* While the preprocessor has a thread of its own, it reads the
     interning table for every name and writes it for each new one, and
     the owner writes its arena's bump pointer for every allocation:
     each on cache lines of its own (ctx_new aligns the whole), or every
     such write stalls the other core.  */
  _Alignas(64) Interns interns;
  _Alignas(64) Arena arena; /* the owner's perm */
  _Alignas(64) struct SemaTypes *types; /* sema's (type.c), NULL until types_init */
  VEC(CtxCleanup) cleanups; /* run by ctx_free, newest first */
};

/* A compilation for the x86-64 target in gnu23 with the default
   diagnostic options (diagnostics to standard error).  */
Compilation *ctx_new(void);
/* Free everything C owns; every pointer into its arena becomes invalid.
   If C was the calling thread's current compilation, the thread has none
   afterwards.  */
void ctx_free(Compilation *c);

/* Make C the calling thread's compilation, allocating from its arena.  */
void ctx_enter(Compilation *c);
/* The same for a helper thread: allocations go to OWN, which the owner
   of C arena_adopts into C's arena after the thread has ended.  */
void ctx_enter_thread(Compilation *c, Arena *own);
/* The calling thread has no compilation any more.  */
void ctx_leave(void);

/* Call FN(ARG) when the current compilation is freed (before its arena
   goes).  From the owner's thread only: helper threads do not.  */
void ctx_at_free(void (*fn)(void *), void *arg);

/* The year of the language standard (lang.std is 89, 99, 11, 17 or 23,
   which do not order by value): compare this, never lang.std.  */
static inline int lang_std_year(int std) {
  return std >= 89 ? 1900 + std : 2000 + std;
}
static inline int lang_year(void) { return lang_std_year(ctx_current->lang.std); }

#endif
