/* Code size against clang-19 (issue 10, item d): C negation.  The
   lowering writes `-y` as `0 - y` (subtraction's rules for each width);
   ir.c's negate_in_place makes it `d = -y`, which the allocator computes
   in y's register when y ends there: one `r1 = -r1` (`w1 = -w1`) where
   the subtraction took `r2 = 0; r2 -= r1`.

   btfcc-cpus: v3 v4
   btfcc-max-insns: 0.95
   Measured (translated instructions), btfcc against clang-19: v3 34
   against 38, v4 32 against 34; 37 and 35 (0.97x, 1.03x) before.  */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

__s64 neg_len, neg_wide, neg_byte;
__s32 stored = -5;
__s64 wide = 1234567890123;

SEC("xdp") int negations(struct xdp_md *ctx) {
  int len = ctx->data_end - ctx->data;
  __s8 b = (__s8)ctx->ingress_ifindex;
  neg_len = -len;
  neg_wide = -(wide + len);
  neg_byte = -b;
  stored = -stored;
  return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
