/* Stores to a local array read back in registers (ir/forward.c).  Each
   iteration writes its elements and reads them back before the next one
   (`c[i] = lookup(...); if (!c[i]) ...; c[i]->sum += i`, as the kernel's
   linked_list selftest does with `struct foo *f[200]`): every load reads
   the value the store before it wrote, at the same index or at another
   constant distance from it (`c[i + 1]` does not touch `c[i]`), so the
   arrays need no stack.  Their 800 + 400 bytes are more than the 512 the
   kernel allows: without forwarding and the removal of the stores nothing
   reads, btfcc refuses the program ("eBPF stack limit exceeded").  `w`
   holds shorts: a value stored narrower than its register is read back
   sign-extended from 2 bytes.  `a` is read at an index unknown until run
   time after a store at another such index, which may be the same
   element: that load must read memory (or the later store's value).
   Nothing reads `spare`, but the store through `q` stays: q may point
   into the map instead.
   Results go to `out` and the map, compared with clang-19's build.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct cell { long sum; long last; };

struct {
  __uint(type, BPF_MAP_TYPE_ARRAY);
  __uint(max_entries, 4);
  __type(key, int);
  __type(value, struct cell);
} cells SEC(".maps");

long out[8];

SEC("xdp")
int forward(struct xdp_md *ctx) {
  unsigned char *d = (unsigned char *)(long)ctx->data;
  unsigned char *end = (unsigned char *)(long)ctx->data_end;
  struct cell *c[100]; /* 800 bytes */
  short w[200];        /* 400 bytes */
  long total = 0, narrow = 0;
  if (d + 64 > end)
    return XDP_PASS;
  for (int i = 0; i < 100; i += 2) {
    int k0 = d[i & 31] & 3, k1 = d[(i + 1) & 31] & 3;
    c[i] = bpf_map_lookup_elem(&cells, &k0);
    if (!c[i])
      return XDP_ABORTED;
    c[i + 1] = bpf_map_lookup_elem(&cells, &k1);
    if (!c[i + 1])
      return XDP_DROP;
    c[i]->sum += i;
    c[i + 1]->last = c[i]->sum + c[i + 1]->sum;
    total += c[i]->last - c[i + 1]->sum;
    w[2 * i] = (short)(d[i & 63] * 300 + i);
    w[2 * i + 1] = (short)(d[(i + 5) & 63] * -257);
    narrow += w[2 * i] + w[2 * i + 1] * 3;
  }
  out[0] = total;
  out[1] = narrow;
  long a[4] = {0, 0, 0, 0};
  int i = d[29] & 3, j = d[33] & 3;
  a[i] = d[26] + 1;
  a[j] = d[30] + 1000;
  out[2] = a[i];
  out[3] = a[0] + a[1] * 2 + a[2] * 3 + a[3] * 4;
  long spare[2];
  int z = 0;
  struct cell *m = bpf_map_lookup_elem(&cells, &z);
  if (!m)
    return XDP_PASS;
  long *q = d[35] & 1 ? &spare[0] : &m->last;
  *q = 77;
  return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
