#!/usr/bin/env bash
# The interning table shared by the preprocessor thread and the parser
# (src/util/util.c, intern_set_shared): two threads of one compilation
# (src/util/ctx.h) intern at once, one
# many new names (the table grows under it), the other a small set of
# names again and again, as parser_init_keywords does while the
# preprocessor thread runs ahead.  Every call must return the Ident of
# the name asked for; a lookup that reads a slot another thread has just
# filled would hand back a different name.  A stress test: with that
# race present it fails within a few rounds on this machine.
source "$TESTROOT/lib.sh"

root=$(cd "$TESTROOT/.." && pwd)
lib=$root/${BUILD:-build}/libbtfcc.a
[ -f "$lib" ] || { skip "intern race (no $lib)"; exit 0; }
san=
case "${BUILD:-build}" in
  *tsan*) san="-fsanitize=thread" ;;
  *san*) san="-fsanitize=address,undefined" ;;
esac
cd "$TMPDIR"
cat > race.c <<'EOT'
#include "util/ctx.h"
#include <pthread.h>
#include <stdio.h>
#include <string.h>
enum { NEW_NAMES = 200000, FEW = 64 };
static _Atomic int wrong;
static _Atomic int stop;
static void check(const char *name) {
  Ident *id = intern_cstr(name);
  if (strcmp(id->name, name) != 0 && wrong++ < 5)
    fprintf(stderr, "asked for %s, got %s\n", name, id->name);
}
static Compilation *comp;
static Arena inserter_arena; /* the inserter's, adopted after it ends */
static void *inserter(void *arg) {
  ctx_enter_thread(comp, &inserter_arena);
  char buf[32];
  for (int i = 0; i < NEW_NAMES; i++) {
    snprintf(buf, sizeof buf, "n%d_%d", *(int *)arg, i);
    check(buf);
  }
  stop = 1;
  return NULL;
}
int main(void) {
  for (int round = 0; round < 20 && !wrong; round++) {
    comp = ctx_new();
    ctx_enter(comp);
    intern_set_shared(true);
    pthread_t t;
    stop = 0;
    pthread_create(&t, NULL, inserter, &round);
    char buf[32];
    for (unsigned k = 0; !stop; k++) {
      /* names the other thread also makes, before it makes them */
      snprintf(buf, sizeof buf, "n%d_%u", round, (k * 7919u) % NEW_NAMES);
      check(buf);
      snprintf(buf, sizeof buf, "kw%u", k % FEW);
      check(buf);
    }
    pthread_join(t, NULL);
    intern_set_shared(false);
    arena_adopt(&comp->arena, &inserter_arena);
    ctx_free(comp);
  }
  printf("%d wrong\n", (int)wrong);
  return wrong != 0;
}
EOT
if ! cc -std=c17 -O2 $san -pthread -I"$root/src" race.c "$lib" -o race 2> cc.err; then
  fail "intern race: the client does not build"; head -5 cc.err
  exit 0
fi
if timeout 120 ./race > race.out 2> race.err; then
  pass "intern race: two threads always get the name they ask for ($(cat race.out))"
else
  fail "intern race: a thread got another name's Ident"; head -5 race.err
fi
