/* Shared by prog_a.c and prog_b.c (tests/btftool/link.sh): a map, a
   global function and variables defined in one object and used in the
   other, and a struct the CO-RE reads of both name.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct task_struct {
  int pid;
  int tgid;
} __attribute__((preserve_access_index)); /* the kernel's, in part */

struct counter {
  __u64 hits;
  __u32 last_pid;
};

extern int shared_limit;              /* defined in prog_b.c (.data) */
extern const int shared_scale;        /* defined in prog_b.c (.rodata) */
int add_hits(struct counter *c, int n); /* defined in prog_b.c */
