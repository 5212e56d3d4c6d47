/* Maps through helpers, atomics, a BPF-to-BPF call with a map pointer,
   per-packet state in a hash map, a map of maps whose initializer names
   its inner map (a relocation in .maps, inside the outer map's object,
   which is as large as its initialized flexible array `values`), and a
   global whose flexible array member is initialized (its object, and its
   BTF VAR's size, grow by those elements as in GCC), and a for_each
   callback with an unused fifth parameter.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 8);
  __type(key, __u32);
  __type(value, __u64);
} hits SEC(".maps");

struct flow { __u32 a, b; };
struct stats { __u64 packets, bytes; __u32 last; };

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, 64);
  __type(key, struct flow);
  __type(value, struct stats);
} flows SEC(".maps");

struct inner {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 2);
  __type(key, __u32);
  __type(value, __u64);
} inner_a SEC(".maps"), inner_b SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
  __uint(max_entries, 3);
  __type(key, __u32);
  __array(values, struct inner);
} outer SEC(".maps") = {
  .values = { [0] = &inner_b, [2] = &inner_a },
};

/* Static initializers from const objects, as GCC folds them (bpf_cubic):
   not integer constant expressions, but constants in a static's value.  */
static const __u32 scale = 41;
static const __u64 scaled = (__u64)(1ull << 40) / (scale * 10) + (__u32)-scale;

struct table { __u32 n; __u32 v[]; };
struct table weights = { 3, { 10, 200, 3000 } };
__u32 after_weights = 7;
__u64 inner_sum;
__u64 weighted;

__u64 hits_sum;

/* A for_each callback gets four arguments; the fifth parameter, unused,
   is a register the verifier has not initialised: it must not be read.  */
static long sum_hits(void *map, __u32 *key, __u64 *val, __u64 *acc, __u64 unused) {
  *acc += *val + *key;
  return 0;
}

__u64 total;
__u64 xchg_seen;
__u64 cas_ok;

static __attribute__((noinline)) int bump(void *map, __u32 key, __u64 by) {
  __u64 *v = bpf_map_lookup_elem(map, &key);
  if (!v)
    return -1;
  __sync_fetch_and_add(v, by);
  return 0;
}

SEC("xdp")
int maps(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  if (d + 8 > end)
    return XDP_PASS;
  __u32 len = (__u32)(end - d);
  bump(&hits, d[0] & 7, 1);
  bump(&hits, 7, len);
  struct flow f = {d[1], d[2]};
  struct stats *s = bpf_map_lookup_elem(&flows, &f);
  if (s) {
    s->packets++;
    s->bytes += len;
    s->last = d[3];
  } else {
    struct stats ns;
    __builtin_memset(&ns, 0, sizeof ns);
    ns.packets = 1;
    ns.bytes = len;
    ns.last = d[3];
    bpf_map_update_elem(&flows, &f, &ns, BPF_ANY);
  }
  for (__u32 k = 0; k < 3; k += 2) {
    void *in = bpf_map_lookup_elem(&outer, &k);
    if (!in)
      continue;
    __u32 slot = d[5] & 1;
    __u64 *c = bpf_map_lookup_elem(in, &slot);
    if (c)
      inner_sum += (*c += k + 1 + d[6]);
  }
  weighted = weights.v[2] + weights.v[d[7] & 1] + after_weights + weights.n +
             *(volatile const __u64 *)&scaled;
  __u64 acc = 0;
  bpf_for_each_map_elem(&hits, sum_hits, &acc, 0);
  hits_sum = acc;
  __sync_fetch_and_add(&total, len);
  __u64 old = __sync_fetch_and_or(&total, 0x100000000ull);
  xchg_seen = __sync_lock_test_and_set(&xchg_seen, d[4]) + (old >> 32);
  cas_ok += __sync_bool_compare_and_swap(&total, total, total + 1);
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
