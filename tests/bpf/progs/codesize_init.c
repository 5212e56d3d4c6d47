/* Code size against clang-19 (issue 10, items d and 6): a local array
   initialised from a string, or a struct from constants, is written in
   the widest aligned stores its bytes fill (ir/stores.c merges a run of
   constant stores to one stack slot, the zeroing before the elements
   included), as clang writes it, not byte by byte.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.1
   Measured (translated instructions, the subprogram included), btfcc
   against clang-19: v3 74 against 76, v4 74 against 73; 129 (1.7x) with
   a store per byte.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, 8);
  __type(key, char[16]);
  __type(value, __u64);
} names SEC(".maps");

struct opts {
  __u32 mark, prio;
  __u16 port;
  __u8 flags, ttl;
};

__u64 found_first, found_second, opts_sum;

static __attribute__((noinline)) __u64 sum_opts(struct opts *o) {
  return o->mark + o->prio * 3 + o->port * 5 + o->flags * 7 + o->ttl;
}

SEC("xdp") int inits(struct xdp_md *ctx) {
  char first[16] = "test_sock_addr1";
  char second[16] = "nonexistent";
  struct opts o = {0xeb9f, 7, 8080, 1, 64};
  __u64 one = 1, two = 2, *v;

  bpf_map_update_elem(&names, first, &one, BPF_ANY);
  bpf_map_update_elem(&names, second, &two, BPF_ANY);
  v = bpf_map_lookup_elem(&names, first);
  if (v)
    found_first = *v;
  v = bpf_map_lookup_elem(&names, second);
  if (v)
    found_second = *v;
  opts_sum = sum_opts(&o);
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
