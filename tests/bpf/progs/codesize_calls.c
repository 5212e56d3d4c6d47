/* Code size against clang-19 (issue 10, items d and 6): a call's result
   read once or twice in its block, before anything else needs r0, is
   used in r0 where the call leaves it (bpf/regalloc.c's results_in_r0),
   as clang does, instead of being moved to another register first.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 1.1
   Measured (translated instructions), btfcc against clang-19: v3 52
   against 48 (1.08), v4 49 against 46 (1.07); 58 and 55 (1.21, 1.20)
   with a move after each call.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__u64 total, scaled, mixed_out, csum_out;

static __attribute__((noinline)) int mix(int x) {
  return x * 7 + 3;
}

SEC("xdp") int calls(struct xdp_md *ctx) {
  __u32 buf[2] = {ctx->data_end - ctx->data, 1234};
  total += bpf_xdp_get_buff_len(ctx);
  scaled = bpf_xdp_get_buff_len(ctx) * 3 + 1;
  mixed_out = (__u64)mix(ctx->ingress_ifindex) ^ 5;
  csum_out = (__u32)bpf_csum_diff(0, 0, buf, sizeof buf, 0) + 2;
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
