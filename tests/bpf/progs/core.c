/* CO-RE on the running kernel's vmlinux.h: BPF_CORE_READ chains through
   task_struct, a local "flavor" of it with only the fields used, field
   existence, sizes and type ids.  What the program finds goes to .bss as
   facts that hold on every kernel (so both compilers' runs print the
   same), and each relocation must have been resolved by libbpf for the
   program to load at all.  A field of an anonymous struct reached through
   its typedef (siphash_key_t) is relocated against the typedef, as clang
   does; and an XDP program copies a 16-byte field of a relocated struct
   (ipv6hdr's addresses) whole: only the access at the field's own offset
   may carry the relocation.  A tc program reads bit-fields of sk_buff that
   sit in an anonymous struct (ip_summed, pkt_type) through
   bpf_cast_to_kern_ctx: the relocation names the bit-field itself, on
   the load of its unit, as clang's does (one naming the anonymous struct
   matches nothing in libbpf, which resolves it to offset 0).  */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

struct task_struct___mine {
  int pid;
  int tgid;
  struct task_struct *group_leader;
  int field_that_does_not_exist;
} __attribute__((preserve_access_index));

int pid_matches, tgid_matches, leader_tgid_matches;
int flavor_pid_matches, missing_field_absent, pid_size, has_task_type;
int comm_first_nonzero;
int siphash_read_ok;

SEC("raw_tp/sys_enter")
int core(void *ctx) {
  struct task_struct *task = (void *)bpf_get_current_task();
  __u64 pid_tgid = bpf_get_current_pid_tgid();
  pid_matches = BPF_CORE_READ(task, pid) == (int)(__u32)pid_tgid;
  tgid_matches = BPF_CORE_READ(task, tgid) == (int)(pid_tgid >> 32);
  leader_tgid_matches = BPF_CORE_READ(task, group_leader, tgid) == (int)(pid_tgid >> 32);
  struct task_struct___mine *mine = (void *)task;
  flavor_pid_matches = BPF_CORE_READ(mine, pid) == (int)(__u32)pid_tgid;
  missing_field_absent = !bpf_core_field_exists(mine->field_that_does_not_exist);
  pid_size = bpf_core_field_size(task->pid);
  has_task_type = bpf_core_type_exists(struct task_struct) && bpf_core_type_id_kernel(struct task_struct) > 0;
  char comm[16];
  BPF_CORE_READ_STR_INTO(&comm, task, comm);
  comm_first_nonzero = comm[0] != 0;
  siphash_key_t *key = (void *)task;
  __u64 k1;
  siphash_read_ok = bpf_core_read(&k1, sizeof(k1), &key->key[1]) == 0;
  return 0;
}

SEC("xdp")
int core_copy(struct xdp_md *ctx) {
  void *d = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ipv6hdr *ip6 = d + 14;
  if ((void *)(ip6 + 1) > end)
    return XDP_PASS;
  ip6->daddr = ip6->saddr;
  return XDP_TX;
}

extern void *bpf_cast_to_kern_ctx(void *) __ksym;
int skb_bits;

SEC("tc")
int core_bitfield(struct __sk_buff *skb) {
  struct sk_buff *kskb = bpf_cast_to_kern_ctx(skb);
  skb_bits = kskb->ip_summed + 10 * kskb->pkt_type + 100;
  return 0;
}

char LICENSE[] SEC("license") = "GPL";
