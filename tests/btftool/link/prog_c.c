/* A third object of weak definitions: the strong ones of prog_b.c win
   over them whichever comes first, and a weak variable no one else
   defines stays.  */
#include "common.h"

__attribute__((weak)) int shared_limit = 1;   /* prog_b.c's wins */
__attribute__((weak)) int c_weak_only = 9;    /* defined only here */

__attribute__((weak, noinline)) int add_hits(struct counter *c, int n) {
  if (c)
    c->hits += n + c_weak_only;
  return 1;
}

SEC("tracepoint/syscalls/sys_enter_gettid")
int prog_c(void *ctx) {
  struct counter local = {0};
  return add_hits(&local, shared_limit);
}

char LICENSE[] SEC("license") = "GPL";
