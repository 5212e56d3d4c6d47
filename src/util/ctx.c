/* The compilation context (ctx.h): creation, entering and leaving, and
   the end that frees everything a compilation made.  */
#include "ctx.h"

_Thread_local Compilation *ctx_current;
_Thread_local Arena *perm;

Compilation *ctx_new(void) {
  Compilation *c = xzalloc_aligned(64, sizeof *c);
  c->target = target_default;
  c->lang = lang_default;
  diag_options_default(&c->diag_opts);
  diag_state_init(&c->diag);
  pthread_mutex_init(&c->interns.lock, NULL);
  return c;
}

void ctx_enter(Compilation *c) {
  ctx_current = c;
  perm = c ? &c->arena : NULL;
}

void ctx_enter_thread(Compilation *c, Arena *own) {
  ctx_current = c;
  perm = own;
}

void ctx_leave(void) { ctx_enter(NULL); }

void ctx_at_free(void (*fn)(void *), void *arg) {
  CtxCleanup k = {fn, arg};
  vec_push(&ctx_current->cleanups, k);
}

void ctx_free(Compilation *c) {
  if (!c)
    return;
  /* The cleanups and intern_free work on the current compilation.  */
  Compilation *was = ctx_current;
  Arena *was_perm = perm;
  ctx_enter(c);
  for (size_t i = c->cleanups.len; i-- > 0;)
    c->cleanups.data[i].fn(c->cleanups.data[i].arg);
  vec_free(&c->cleanups);
  intern_free();
  pthread_mutex_destroy(&c->interns.lock);
  diag_state_free(&c->diag);
  arena_free(&c->arena);
  if (was == c)
    ctx_leave();
  else
    ctx_enter_thread(was, was_perm);
  free(c);
}
