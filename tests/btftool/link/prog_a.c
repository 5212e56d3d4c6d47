/* The first object: defines the map, uses prog_b.c's function and
   variables.  */
#include "common.h"

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 4);
  __type(key, __u32);
  __type(value, struct counter);
} counters SEC(".maps");

int a_data = 7;                /* .data */
int a_bss;                     /* .bss */
const int a_ro = 3;            /* .rodata */
static int a_static = 1;       /* .data, a local of this object */

static __attribute__((noinline)) int scale(int v) {
  return v * a_ro + a_static;
}

SEC("tracepoint/syscalls/sys_enter_getpid")
int prog_a(void *ctx) {
  __u32 key = 0;
  struct counter *c = bpf_map_lookup_elem(&counters, &key);
  struct task_struct *t = (struct task_struct *)bpf_get_current_task();
  int pid = 0;
  bpf_probe_read_kernel(&pid, sizeof pid, __builtin_preserve_access_index(&t->pid));
  if (!c)
    return 0;
  c->last_pid = pid;
  a_bss += scale(a_data);
  if (a_bss > shared_limit)
    a_bss = shared_scale;
  return add_hits(c, 1);
}

char LICENSE[] SEC("license") = "GPL";
