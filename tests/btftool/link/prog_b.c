/* The second object: defines the global function and the variables
   prog_a.c uses, and uses prog_a.c's map.  */
#include "common.h"

extern struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 4);
  __type(key, __u32);
  __type(value, struct counter);
} counters SEC(".maps");

int shared_limit = 100;        /* .data */
const int shared_scale = 2;    /* .rodata */
int b_bss;                     /* .bss */
static int a_static = 5;       /* .data: the same name as prog_a.c's */

static __attribute__((noinline)) int scale(int v) {
  return v + a_static;
}

__attribute__((noinline)) int add_hits(struct counter *c, int n) {
  if (!c)
    return 0;
  c->hits += scale(n);
  return 0;
}

SEC("tracepoint/syscalls/sys_enter_getppid")
int prog_b(void *ctx) {
  __u32 key = 1;
  struct counter *c = bpf_map_lookup_elem(&counters, &key);
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  int tgid = 0;
  bpf_probe_read_kernel(&tgid, sizeof tgid, __builtin_preserve_access_index(&t->tgid));
  if (!c)
    return 0;
  c->last_pid = tgid;
  b_bss++;
  return add_hits(c, shared_limit);
}

char LICENSE[] SEC("license") = "GPL";
