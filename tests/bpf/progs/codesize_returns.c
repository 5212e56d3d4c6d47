/* Code size against clang-19 (issue 10, item d): returns of constants.
   A test that returns early (`if (...) return XDP_DROP;`) makes a block
   that only returns, which costs `r0 = K; exit` and, placed after its
   branch, a jump around it too; bpf/gen.c sends the branches to the
   `r0 = K` of another block's return of the same value (or to the
   return a jump to the lone block becomes) and leaves the lone block
   out.  A final `return c ? A : B` becomes `r0 = A; if c goto out;
   r0 = B; out: exit`, as clang writes it.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.07
   Measured (translated instructions), btfcc against clang-19, v3 and
   v4 alike: early_drops 34 against 32, long_only 18 against 18; 35
   and 20 (1.09x, 1.11x) before.  */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

__u64 seen_ipv4, seen_len, seen_proto, seen_ttl;
__u32 limit = 60;

/* Early returns of one value, a call between them, and a select.  */
SEC("xdp") int early_drops(struct xdp_md *ctx) {
  void *data = (void *)(long)ctx->data, *end = (void *)(long)ctx->data_end;
  struct ethhdr *eth = data;
  if ((void *)(eth + 1) > end)
    return XDP_DROP;
  if (eth->h_proto != bpf_htons(ETH_P_IP))
    return XDP_DROP;
  struct iphdr *ip = (void *)(eth + 1);
  if ((void *)(ip + 1) > end)
    return XDP_DROP;
  seen_ipv4++;
  seen_proto = ip->protocol;
  seen_ttl = ip->ttl;
  if (ip->ttl < 2)
    return XDP_DROP;
  return ip->protocol == 17 ? XDP_TX : XDP_PASS;
}

/* An early return of the value the end returns after other work.  */
SEC("xdp") int long_only(struct xdp_md *ctx) {
  __u32 len = ctx->data_end - ctx->data;
  if (len < limit)
    return XDP_PASS;
  seen_len = len;
  seen_proto = len > 1500;
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
